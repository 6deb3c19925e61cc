package cache

import (
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A key used again after a pause of at least one pull round is read with
// the new keys (TakeFresh), once, rather than decided on an old snapshot
// until the next pull; a key in steady use, read at every pull, is not.
func TestStaleKeyReadOnReuse(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := New(Config{Shards: 1})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	use := func(k Key) { c.Release(c.Reserve(k, tiers, 1, Enforce, now).Reservation) }
	idle, steady := Key{ClientID: "app", User: "idle"}, Key{ClientID: "app", User: "steady"}
	use(idle)
	use(steady)
	if got := c.TakeFresh(nil, 0); len(got) != 2 {
		t.Fatalf("TakeFresh = %v, want both new keys", got)
	}
	since := now.Add(-time.Minute)
	for round := range uint64(5) {
		use(steady)
		got := c.AppendPull(nil, since, round, 1)
		if !slices.Equal(got, []Key{steady}) {
			t.Fatalf("pull %d reads %v, want only the key used since its last read (%v)", round, got, steady)
		}
		if fresh := c.TakeFresh(nil, 0); len(fresh) != 0 {
			t.Fatalf("after pull %d TakeFresh = %v, want none: the key in steady use is read by the pulls", round, fresh)
		}
	}
	use(idle) // first use after 5 rounds without
	use(idle)
	if got := c.TakeFresh(nil, 0); !slices.Equal(got, []Key{idle}) {
		t.Fatalf("TakeFresh after the idle key's reuse = %v, want it once", got)
	}
	if got := c.AppendPull(nil, since, 5, 1); len(got) != 0 {
		t.Errorf("the next pull reads %v, want none: the idle key was just read, the steady one not used", got)
	}
}

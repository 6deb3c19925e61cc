package cache

import (
	"fmt"
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
	use := func(k Key) { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
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

// A key other instances counted lately (its snapshot's Writers is 2 or
// more) is read at every pull after it was used here, whatever
// ColdPullEvery: their counts move it without this instance's requests. A
// key unused since its last read is not read again (the documents name the
// writers of the last minute: most keys used on several instances count as
// such, and reading each at every pull for a minute after each use tripled
// the store's reads, TestStoreLoadFollowsUse). Once the store says only
// this instance counts it, it is read after it is used, at most every
// ColdPullEvery-th round.
func TestContestedKeyReadEveryPull(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := New(Config{Shards: 1})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	k := Key{ClientID: "app", User: "alice"}
	use := func() { c.Commit(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	use()
	c.TakeFresh(nil, 0)
	since := now.Add(-time.Minute)
	c.Apply(k, Snapshot{Version: 1, Frames: []Frame{{Size: time.Minute, StartUnix: now.Truncate(time.Minute).Unix(), N: 5}}, Writers: 2}, now)
	for round := range uint64(3) {
		use()
		if got := c.AppendPull(nil, since, round, 3); len(got) != 1 {
			t.Fatalf("pull %d reads %v, want the key another instance counts, used since its last read", round, got)
		}
	}
	if got := c.AppendPull(nil, since, 3, 3); len(got) != 0 {
		t.Errorf("pull reads %v of a key unused since its last read: want none", got)
	}
	c.Apply(k, Snapshot{Version: 2, Frames: []Frame{{Size: time.Minute, StartUnix: now.Truncate(time.Minute).Unix(), N: 5}}, Writers: 1}, now)
	use()
	if got := c.AppendPull(nil, since, 4, 3); len(got) != 0 {
		t.Errorf("pull reads %v after the store said this instance alone counts the key, two rounds after its last read: want none before the third", got)
	}
}

// Keys that the queues for TakeFresh leave out (a shard queues at most
// maxFreshPerShard) are read by the next pull, whatever ColdPullEvery: not
// counted as read when they were not.
func TestQueueOverflowReadByNextPull(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := New(Config{Shards: 1})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	since := now.Add(-time.Minute)
	const n, every = 100, 10
	use := func(i int) {
		c.Release(new(c.Reserve(Key{ClientID: "app", User: fmt.Sprint(i)}, tiers, 1, Enforce, now).Reservation))
	}
	for i := range n {
		use(i) // new keys
	}
	if got := len(c.TakeFresh(nil, 0)); got != maxFreshPerShard {
		t.Fatalf("TakeFresh took %d new keys, want the %d queued", got, maxFreshPerShard)
	}
	if got := len(c.AppendPull(nil, since, 0, every)); got != n-maxFreshPerShard {
		t.Fatalf("the next pull reads %d keys, want the %d new ones left out of the queue", got, n-maxFreshPerShard)
	}
	for round := uint64(1); round < 5; round++ { // a pause
		c.AppendPull(nil, since, round, every)
	}
	for i := range n {
		use(i) // used again after the pause
	}
	if got := len(c.TakeFresh(nil, 0)); got != maxFreshPerShard {
		t.Fatalf("TakeFresh took %d keys used again, want the %d queued", got, maxFreshPerShard)
	}
	if got := len(c.AppendPull(nil, since, 5, every)); got != n-maxFreshPerShard {
		t.Errorf("the next pull reads %d keys, want the %d used again and left out of the queue", got, n-maxFreshPerShard)
	}
}

// Unread undoes a pull's choice of keys it did not read (a store call
// timed out first): the next pull reads them whatever its coldEvery, once;
// a use meanwhile queues nothing for TakeFresh (the pull reads the key);
// a key not held is skipped, not created.
func TestUnreadKeyReadByNextPull(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := New(Config{Shards: 1})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	k := Key{ClientID: "app", User: "alice"}
	use := func() { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	since := now.Add(-time.Minute)
	const every = 10
	use()
	c.TakeFresh(nil, 0)
	use()
	for round := range uint64(every) {
		got := c.AppendPull(nil, since, round, every)
		if want := round == every-1; (len(got) == 1) != want {
			t.Fatalf("pull %d reads %v; want the key only at the %dth pull after its read", round, got, every)
		}
	}
	// The last pull chose it; its read failed.
	c.Unread([]Key{k, {ClientID: "app", User: "not held"}})
	if n := c.Len(); n != 1 {
		t.Fatalf("%d keys held after Unread of a key not held, want 1", n)
	}
	for range 3 {
		use()
	}
	if got := c.TakeFresh(nil, 0); len(got) != 0 {
		t.Fatalf("TakeFresh = %v after Unread and a use, want none: the next pull reads the key", got)
	}
	if got := c.AppendPull(nil, since, every, every); !slices.Equal(got, []Key{k}) {
		t.Fatalf("the pull after Unread reads %v, want %v", got, k)
	}
	if got := c.AppendPull(nil, since, every+1, every); len(got) != 0 {
		t.Errorf("the pull after reads %v, want none: read, and not used since", got)
	}
}

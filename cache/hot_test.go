package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TakeDirtyHot takes the dirty keys near their limit and leaves the others
// queued for TakeDirty, whose counts are then all there, once.
func TestTakeDirtyHot(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := New(Config{Shards: 1})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 10, Size: time.Hour}}
	hot, cold := Key{ClientID: "hot"}, Key{ClientID: "cold"}
	c.Commit(c.Reserve(hot, tiers, 6, Enforce, now).Reservation)
	c.Commit(c.Reserve(cold, tiers, 2, Enforce, now).Reservation)
	for _, k := range []Key{hot, cold} { // heat is what a decision saw before counting
		c.Release(c.Reserve(k, tiers, 0, Enforce, now).Reservation)
	}
	ps := c.TakeDirtyHot(nil, now)
	if len(ps) != 1 || ps[0].Key != hot {
		t.Fatalf("TakeDirtyHot = %+v, want the hot key alone", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, now)
	ps = c.TakeDirty(nil, now)
	if len(ps) != 1 || ps[0].Key != cold || ps[0].Delta[0].N != 2 {
		t.Fatalf("TakeDirty after TakeDirtyHot = %+v, want the cold key with its 2", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, now)
	if ps = c.TakeDirty(nil, now); len(ps) != 0 {
		t.Errorf("TakeDirty once more = %+v, want nothing", ps)
	}
}

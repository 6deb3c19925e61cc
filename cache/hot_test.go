package cache

import (
	"math"
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
	c.Commit(new(c.Reserve(hot, tiers, 6, Enforce, now).Reservation))
	c.Commit(new(c.Reserve(cold, tiers, 2, Enforce, now).Reservation))
	for _, k := range []Key{hot, cold} { // heat is what a decision saw before counting
		c.Release(new(c.Reserve(k, tiers, 0, Enforce, now).Reservation))
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

// nearLimit is percentUsed(limit, rem) ≥ hot, the percentage it replaced
// (computed here by division, as before), for small limits exhaustively and
// around the overflow bound.
func TestNearLimit(t *testing.T) {
	percentUsed := func(limit, rem int64) int64 {
		if limit <= 0 {
			return 100
		}
		used := limit - min(max(rem, 0), limit)
		if limit < math.MaxInt64/100 {
			return used * 100 / limit
		}
		return used / (limit / 100)
	}
	check := func(limit, rem int64, hot uint8) {
		if got, want := nearLimit(limit, rem, hot), percentUsed(limit, rem) >= int64(hot); got != want {
			t.Fatalf("nearLimit(%d, %d, %d) = %v, want %v", limit, rem, hot, got, want)
		}
	}
	for limit := int64(-1); limit <= 210; limit++ {
		for rem := int64(-2); rem <= limit+2; rem++ {
			for hot := range uint8(101) {
				check(limit, rem, hot)
			}
		}
	}
	for _, limit := range []int64{math.MaxInt64/100 - 1, math.MaxInt64 / 100, math.MaxInt64/100 + 1, math.MaxInt64} {
		for _, rem := range []int64{-1, 0, 1, limit / 3, limit / 2, limit - 1, limit} {
			for _, hot := range []uint8{0, 1, 50, 99, 100} {
				check(limit, rem, hot)
			}
		}
	}
}

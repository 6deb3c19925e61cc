package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A request reserved while the clock was ahead, in a frame still to come by
// the real clock, is committed after the clock was set right: an orphan of
// a frame after its counter's (TestCommittedAheadOfTheCounterHeld). Before a
// flush writes it, the clock jumps an hour ahead, and a take by it holds
// the count (holdBehind); the clock, still ahead, takes again more than two
// of the frame's sizes after that take, but before the real clock has left
// the frame, and is then set right. Held until two of the size past the
// jump's take, as a frame the counter had reached, the count was given up
// at the second take and was never written (the simulation's jumps, =1, seed
// 14517789502130780888: the second case is its key a/bc, true clock
// t0+704.271 to t0+728.977). The frame is ahead of its counter, and so of
// the real clock at the jump, by up to the difference of their starts: it
// is held that much longer.
func TestCommittedAheadHeldPastTheJumpsHold(t *testing.T) {
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, tc := range []struct {
		name  string
		tiers []window.Tier
		// by the true clock: the reservation (the clock ahead), the
		// clock set right, the commit; then an hour ahead, two takes;
		// then set right again (all in milliseconds after t0)
		reserve, ahead, right, commit, jump, take1, take2, back int64
		frames                                                  []Frame // the reservation's
	}{
		{
			name:    "10s, 30s ahead",
			tiers:   []window.Tier{{Limit: 1000, Size: 10 * time.Second}},
			reserve: 5_000, ahead: 30_000, right: 6_000, commit: 6_000,
			jump: time.Hour.Milliseconds(), take1: 6_300, take2: 30_300, back: 31_000,
			frames: []Frame{{Size: 10 * time.Second, StartUnix: t0.Unix() + 30, N: 1}},
		},
		{
			name:    "2s and 5s, 31s ahead (the seed's)",
			tiers:   []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}},
			reserve: 4_271, ahead: 31_000, right: 4_271, commit: 5_344,
			jump: 3_600_523, take1: 5_344, take2: 26_438, back: 28_977,
			frames: []Frame{{Size: 2 * time.Second, StartUnix: t0.Unix() + 34, N: 1}, {Size: 5 * time.Second, StartUnix: t0.Unix() + 35, N: 1}},
		},
	} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "c"}
		r := c.Reserve(k, tc.tiers, 1, Enforce, at(tc.reserve+tc.ahead))
		d := c.Reserve(k, tc.tiers, 1, Enforce, at(tc.right)) // set right: the counters step back
		c.Release(&d.Reservation)
		for _, p := range c.TakeDirty(nil, at(tc.right)) {
			c.Confirm(&p, Snapshot{Version: 1, Frames: p.Delta}, at(tc.right))
		}
		c.Commit(&r.Reservation)
		for _, now := range []int64{tc.take1, tc.take2} { // an hour ahead, the store down
			for _, p := range c.TakeDirty(nil, at(now+tc.jump)) {
				c.Abort(&p)
			}
		}
		for _, f := range tc.frames {
			if n := localIn(c, at(tc.back), f.Size, f.StartUnix); n != f.N {
				t.Errorf("%s: set right, %d to write in the %v frame at t0%+ds, want the %d committed there", tc.name, n, f.Size, f.StartUnix-t0.Unix(), f.N)
			}
		}
	}
}

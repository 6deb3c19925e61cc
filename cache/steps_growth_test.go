package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStepsHeldBoundedByTheExcess: with a detector, a key counted every
// second by a clock ahead of its least offset by excess, through a store
// outage longer than that, holds the frames its counter leaves, each in its
// window by the clock at its least offset (the true clock here): at most
// excess/size + 1 orphans of a size, however long the outage, since a
// frame the clock ahead left excess + 2 sizes ago is behind that window and
// goes (dropBehindSteps). Those held are the counts a clock set back to its
// least offset still counts: set right, every one is written, once, and
// none is held after the flush. So Rule M-all's holds grow with the excess,
// not with the outage (helper-175: 598 orphans of a 1 s window, 10 minutes
// an hour ahead): an hour ahead, 3,601 of a 1 s window at most, 361 of a
// 10 s one; a day (the detector's horizon) 86,401 and 8,641. Uncapped here
// (MaxHeldFrames -1); Config.MaxHeldFrames bounds them (TestStepsHeldCapped).
func TestStepsHeldBoundedByTheExcess(t *testing.T) {
	for _, tc := range []struct {
		size   time.Duration
		excess int64 // seconds
		outage int64 // seconds, one request each
	}{
		{time.Second, 100, 1_000},
		{10 * time.Second, 300, 2_000},
	} {
		t.Run(fmt.Sprintf("%v,%ds ahead", tc.size, tc.excess), func(t *testing.T) {
			tiers := []window.Tier{{Limit: 1 << 40, Size: tc.size}}
			sz := int64(tc.size / time.Second)
			bound := int(tc.excess/sz) + 1
			sc := newStepsClock()
			c := newCache(t, Config{Shards: 1, Steps: sc.steps, MaxHeldFrames: -1})
			k := Key{ClientID: "c"}
			hitN(t, c, k, tiers, 1, sc.at(500, 0)) // the detector's first offset: the true clock
			most := 0
			for i := int64(1); i <= tc.outage; i++ {
				at := i*1_000 + 500
				hitN(t, c, k, tiers, 1, sc.at(at, tc.excess*1_000))
				abortAll(c, sc.at(at+100, tc.excess*1_000)) // the store down
				n, _ := orphansHeld(c, k)
				most = max(most, n)
			}
			if most > bound {
				t.Errorf("%d s ahead, %d s of outage: up to %d orphans held, want at most %d (excess/size + 1)", tc.excess, tc.outage, most, bound)
			}
			if most < bound-1 {
				t.Errorf("%d s ahead, %d s of outage: up to %d orphans held, want about %d: the frames in their window by the true clock are not all held", tc.excess, tc.outage, most, bound)
			}
			// Set right: each frame the true clock still counts is
			// written once, and none is held after the flush.
			end := tc.outage*1_000 + 1_000
			now := sc.at(end, 0)
			ps := c.TakeDirty(nil, now)
			var written, frames int64
			for _, p := range ps {
				for _, f := range p.Delta {
					if behind(f, now.Unix()) {
						t.Errorf("set right: writes %v, behind its window by the true clock", f)
					}
					written += f.N
					frames++
				}
			}
			// A request a second by the clock ahead, from the frame
			// the true clock's window starts at to the last.
			first := frameStart(now, sz) - sz
			last := t0.Unix() + tc.outage + tc.excess
			if want := last - first + 1; written != want {
				t.Errorf("set right: %d to write in %d frames, want %d (a request a second from t0%+ds to t0%+ds)", written, frames, want, first-t0.Unix(), last-t0.Unix())
			}
			for i := range ps {
				c.Confirm(&ps[i], Snapshot{Version: 1, Frames: ps[i].Delta}, now)
			}
			hitN(t, c, k, tiers, 1, sc.at(end+1_000, 0)) // the next request
			abortAll(c, sc.at(end+1_100, 0))
			if n, _ := orphansHeld(c, k); n != 0 {
				t.Errorf("set right and flushed: %d orphans held, want none (the snapshot keeps the frames ahead of the true clock it was confirmed with)", n)
			}
		})
	}
}

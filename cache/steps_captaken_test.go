package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStepsHeldCappedWhileTaken: a key's write answered Unknown just as the
// store goes down (the syncer keeps it unsettled, the key taken, until a
// Load resolves it, which fails through the outage), the clock an hour
// ahead, a request every second. The frames after the flush's delta are
// capped while it is out: left alone until it answered, the key held a
// frame a second for the whole outage (199 in 200 s). When the write is
// found to have landed, every request is written, counted dropped, or
// still local, once: the frame the flush took is not among those given up.
func TestStepsHeldCappedWhileTaken(t *testing.T) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, sc.at(500, 0))
	abortAll(c, sc.at(600, 0))
	hitN(t, c, k, tiers, 1, sc.at(1_500, hourMs)) // an hour ahead
	ps := c.TakeDirty(nil, sc.at(1_600, hourMs))  // its write's answer lost: taken for the outage
	var written int64
	for _, p := range ps {
		for _, f := range p.Delta {
			written += f.N
		}
	}
	if written != 1 {
		t.Fatalf("the flush took %d counts, want the request an hour ahead's 1", written)
	}
	const outage = 200
	most := 0
	for s := int64(2); s <= outage; s++ {
		hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, hourMs))
		if _, bySize := heldFrames(c, k); bySize[time.Second] > most {
			most = bySize[time.Second]
		}
	}
	if most > defaultMaxHeld+1 {
		t.Errorf("a key taken through a %d s outage an hour ahead: up to %d orphan frames held, want at most MaxHeldFrames+1 (%d)", outage, most, defaultMaxHeld+1)
	}
	for i := range ps { // the store back: the write had landed
		c.Confirm(&ps[i], Snapshot{Version: 1, Frames: ps[i].Delta}, sc.at(outage*1_000+600, hourMs))
	}
	hitN(t, c, k, tiers, 1, sc.at((outage+1)*1_000+500, hourMs))
	fs, _ := heldFrames(c, k)
	var local int64
	for f, n := range fs {
		if f.StartUnix > t0.Unix()+hourMs/1_000 { // the true clock's frame t0 is behind the window by it, given up
			local += n
		}
	}
	dropped := c.Stats().Dropped
	if got := written + dropped + local; got != outage+1 {
		t.Errorf("%d requests an hour ahead: %d written, %d counted dropped, %d local: %d in all, want each once", outage+1, written, dropped, local, got)
	}
}

// TestStepsHeldCappedTakenWithoutABlock is TestStepsHeldCappedWhileTaken
// for a key taken with no overflow block (nothing held yet), so with no
// overflow.tookUpTo from its take: its write's answer lost as the store
// goes down, a request every second an hour ahead, the clock right at the
// take and then jumping ahead, or ahead already (the key new then). The
// block the first held frame makes says which frames may hold the delta
// (open.overflow); the later frames are capped, the delta's frame not:
// given up and counted dropped, it was counted twice once the write was
// found landed.
func TestStepsHeldCappedTakenWithoutABlock(t *testing.T) {
	for _, tc := range []struct {
		name string
		off  int64 // ms, the clock at the first request and the take
	}{{"a right clock, then a jump", 0}, {"an hour ahead", hourMs}} {
		t.Run(tc.name, func(t *testing.T) {
			tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
			sc := newStepsClock()
			c := newCache(t, Config{Shards: 1, Steps: sc.steps})
			k := Key{ClientID: "c"}
			hitN(t, c, k, tiers, 1, sc.at(500, tc.off))
			if _, ok := orphansHeld(c, k); ok {
				t.Fatal("before the take: the key has an overflow block, want none")
			}
			ps := c.TakeDirty(nil, sc.at(600, tc.off)) // its write's answer lost: taken for the outage
			var written int64
			for _, p := range ps {
				for _, f := range p.Delta {
					written += f.N
				}
			}
			if written != 1 {
				t.Fatalf("the flush took %d counts, want 1", written)
			}
			const outage = 200
			most := 0
			// The first a frame after the next: its roll leaves the delta's
			// frame, the block's tookUpTo just after it.
			for s := int64(2); s <= outage+1; s++ {
				hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, hourMs))
				if _, bySize := heldFrames(c, k); bySize[time.Second] > most {
					most = bySize[time.Second]
				}
			}
			if most > defaultMaxHeld+2 {
				t.Errorf("a key taken with no overflow block, %d s an hour ahead: up to %d orphan frames held, want at most MaxHeldFrames+2 (%d: the cap, the frame the flush took)", outage, most, defaultMaxHeld+2)
			}
			for i := range ps { // the store back: the write had landed
				c.Confirm(&ps[i], Snapshot{Version: 1, Frames: ps[i].Delta}, sc.at((outage+1)*1_000+600, hourMs))
			}
			hitN(t, c, k, tiers, 1, sc.at((outage+2)*1_000+500, hourMs))
			fs, _ := heldFrames(c, k)
			var local int64
			for _, n := range fs {
				local += n
			}
			dropped := c.Stats().Dropped
			if got := written + dropped + local; got != outage+2 {
				t.Errorf("%d requests: %d written, %d counted dropped, %d local: %d in all, want each once", outage+2, written, dropped, local, got)
			}
		})
	}
}

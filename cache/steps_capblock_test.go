package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStepsHeldCappedTakenBlockMadeElsewhere is
// TestStepsHeldCappedTakenWithoutABlock for a key whose overflow block is
// made while it is taken by something other than a roll that holds a frame:
// a request too big for the narrow counts (more than 65,535 units between
// two flushes: open.close makes it), or a pull that installs the key's first
// document of a reset epoch (setEpoch). Each block must say which frames may
// hold the delta (open.overflow's tookUpTo): left 0, the key was never
// capped while its write was out, a frame a second held an hour ahead (199
// in 200 s).
func TestStepsHeldCappedTakenBlockMadeElsewhere(t *testing.T) {
	const big = 70_000 // past the narrow's 16-bit local counts
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	for _, tc := range []struct {
		name string
		mk   func(*testing.T, *Cache, Key, time.Time) // makes the block, the key taken
	}{
		{"a request too big for the narrow", func(t *testing.T, c *Cache, k Key, now time.Time) {
			d := c.Reserve(k, tiers, big, Enforce, now)
			if !d.Counted {
				t.Fatalf("a request of cost %d not counted: %+v", big, d)
			}
			c.Commit(&d.Reservation)
		}},
		{"a pull of an epoch's document", func(t *testing.T, c *Cache, k Key, now time.Time) {
			if !c.Apply(k, Snapshot{Version: 1, Epoch: 1}, now) {
				t.Fatal("Apply of the key's first document: not installed")
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testStepsHeldCappedTakenBlockMadeBy(t, tiers, tc.mk)
		})
	}
}

func testStepsHeldCappedTakenBlockMadeBy(t *testing.T, tiers []window.Tier, mk func(*testing.T, *Cache, Key, time.Time)) {
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, sc.at(500, 0))
	if _, ok := orphansHeld(c, k); ok {
		t.Fatal("before the take: the key has an overflow block, want none")
	}
	ps := c.TakeDirty(nil, sc.at(600, 0)) // its write's answer lost: taken for the outage
	if len(ps) != 1 || Requests(ps[0].Delta) != 1 {
		t.Fatalf("the flush took %+v, want the one request", ps)
	}
	mk(t, c, k, sc.at(700, 0))
	if _, ok := orphansHeld(c, k); !ok {
		t.Fatal("no overflow block made while taken, want one (the case under test)")
	}
	const outage = 200
	most := 0
	for s := int64(2); s <= outage+1; s++ { // the clock an hour ahead
		hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, hourMs))
		if _, bySize := heldFrames(c, k); bySize[time.Second] > most {
			most = bySize[time.Second]
		}
	}
	if most > defaultMaxHeld+2 {
		t.Errorf("a key taken, its block made, %d s an hour ahead: up to %d orphan frames held, want at most MaxHeldFrames+2 (%d)", outage, most, defaultMaxHeld+2)
	}
	for i := range ps { // the store back: the write had landed
		c.Confirm(&ps[i], Snapshot{Version: 2, Epoch: 1, Frames: ps[i].Delta}, sc.at((outage+1)*1_000+600, hourMs))
	}
	hitN(t, c, k, tiers, 1, sc.at((outage+2)*1_000+500, hourMs))
	fs, _ := heldFrames(c, k)
	var local int64
	for f, n := range fs {
		if f.StartUnix > t0.Unix()+1 { // the big request's frame (t0) is behind every window: given up
			local += n
		}
	}
	dropped := c.Stats().Dropped
	if got := 1 + dropped + local; got != outage+2 {
		t.Errorf("%d requests of cost 1 (the big one's frame left every window): 1 written, %d counted dropped, %d local: %d in all, want each once", outage+2, dropped, local, got)
	}
}

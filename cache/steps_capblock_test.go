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

// TestStepsHeldCappedSparesTheWholeDelta: while a flush is out, capHeld
// spares every frame of its delta, not only the first one the delta lists.
// The clock an hour ahead; the flush takes a key's counts of two frames,
// its counter's previous and current (overflow.tookUpTo: after the newest
// of them, from TakeDirty), or of two sizes whose newest frame is the
// second counter's (a block made while taken, from the counters' starts:
// open.overflow). Then a request a second through the outage; the write
// lands. Every request of the short size is written, counted dropped, or
// local, once: a delta frame given up by the cap was counted twice.
func TestStepsHeldCappedSparesTheWholeDelta(t *testing.T) {
	for _, tc := range []struct {
		name  string
		tiers []window.Tier
		hits  []int64 // true ms of the requests before the take, an hour ahead
	}{
		{"a counter's two frames, a block at the take", []window.Tier{{Limit: 1 << 40, Size: time.Second}}, []int64{1_500, 2_500}},
		{"two sizes, the newest frame the second counter's", []window.Tier{{Limit: 1 << 40, Size: 10 * time.Second}, {Limit: 1 << 40, Size: time.Second}}, []int64{2_500}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := newStepsClock()
			c := newCache(t, Config{Shards: 1, Steps: sc.steps})
			k := Key{ClientID: "c"}
			if len(tc.tiers) == 1 {
				// A block before the take: a frame held (the one at t0,
				// by a right clock) when the clock jumps ahead.
				hitN(t, c, k, tc.tiers, 1, sc.at(500, 0))
				abortAll(c, sc.at(600, 0))
			}
			for _, ms := range tc.hits {
				hitN(t, c, k, tc.tiers, 1, sc.at(ms, hourMs))
			}
			if _, ok := orphansHeld(c, k); ok != (len(tc.tiers) == 1) {
				t.Fatalf("before the take: an overflow block %v, want %v", ok, len(tc.tiers) == 1)
			}
			last := tc.hits[len(tc.hits)-1]
			ps := c.TakeDirty(nil, sc.at(last+100, hourMs)) // its write's answer lost: taken for the outage
			short := time.Second
			written := map[Frame]int64{}
			for _, p := range ps {
				for _, f := range p.Delta {
					if f.Size == short {
						n := f.N
						f.N = 0
						written[f] += n
					}
				}
			}
			if len(written) != len(tc.hits) {
				t.Fatalf("the flush took %v of the 1 s size, want %d frames", written, len(tc.hits))
			}
			const outage = 60 // the 10 s size holds fewer frames than the cap
			for s := last/1_000 + 2; s <= outage; s++ {
				hitN(t, c, k, tc.tiers, 1, sc.at(s*1_000+500, hourMs))
			}
			for i := range ps { // the store back: the write had landed
				c.Confirm(&ps[i], Snapshot{Version: 1, Frames: ps[i].Delta}, sc.at(outage*1_000+600, hourMs))
			}
			fs, bySize := heldFrames(c, k)
			if bySize[short] > defaultMaxHeld+len(tc.hits) {
				t.Errorf("%d orphan frames of 1 s held, want at most MaxHeldFrames+%d", bySize[short], len(tc.hits))
			}
			var local int64
			for f, n := range fs {
				if f.Size == short && f.StartUnix > t0.Unix()+hourMs/1_000 { // t0's, by a right clock, left every window
					local += n
				}
			}
			all := int64(len(tc.hits)) + outage - (last/1_000 + 2) + 1
			dropped := c.Stats().Dropped
			if got := int64(len(written)) + dropped + local; got != all {
				t.Errorf("%d requests an hour ahead: %d written, %d counted dropped, %d local (1 s frames): %d in all, want each once", all, len(written), dropped, local, got)
			}
		})
	}
}

// TestStepsHeldCapAllTheFlushs: a key whose held frames past
// Config.MaxHeldFrames are all a flush's while it is out (frames that may
// hold its delta) keeps them, over the cap, until the flush answers: none
// is given up (counted twice once the write lands), nothing crashes (the
// cap's search for the oldest it may give up finds none), and the first
// roll after the answer goes back to the cap.
func TestStepsHeldCapAllTheFlushs(t *testing.T) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps, MaxHeldFrames: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, sc.at(1_500, hourMs))
	hitN(t, c, k, tiers, 1, sc.at(2_500, hourMs))
	ps := c.TakeDirty(nil, sc.at(2_600, hourMs)) // its write's answer lost: taken
	if len(ps) != 1 || Requests(ps[0].Delta) != 2 || len(ps[0].Delta) != 2 {
		t.Fatalf("the flush took %+v, want two frames of a request each", ps)
	}
	hitN(t, c, k, tiers, 1, sc.at(4_500, hourMs)) // the delta's two frames held, over the cap of 1
	if _, bySize := heldFrames(c, k); bySize[time.Second] != 2 {
		t.Errorf("while the flush is out: %d orphan frames held, want the delta's 2, over MaxHeldFrames 1", bySize[time.Second])
	}
	if d := c.Stats().Dropped; d != 0 {
		t.Errorf("while the flush is out: Stats.Dropped %d, want 0 (every held frame the flush's)", d)
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, sc.at(4_600, hourMs))
	for s := int64(6); s <= 9; s++ {
		hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, hourMs))
	}
	fs, bySize := heldFrames(c, k)
	if bySize[time.Second] > 1 {
		t.Errorf("after the answer: %d orphan frames held, want at most MaxHeldFrames 1", bySize[time.Second])
	}
	var local int64
	for _, n := range fs {
		local += n
	}
	if got := 2 + c.Stats().Dropped + local; got != 7 {
		t.Errorf("7 requests: 2 written, %d counted dropped, %d local: %d in all, want each once", c.Stats().Dropped, local, got)
	}
}

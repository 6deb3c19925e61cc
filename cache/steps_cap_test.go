package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// heldFrames returns k's local counts (its counters' and orphans', held
// behind the window too) by frame, and its orphan frames by size.
func heldFrames(c *Cache, k Key) (map[Frame]int64, map[time.Duration]int) {
	e := c.find(k)
	e.mu.Lock()
	defer e.mu.Unlock()
	o := e.openRead(&c.codes)
	defer o.doneReading()
	fs := map[Frame]int64{}
	for _, f := range o.localFrames() {
		n := f.N
		f.N = 0
		fs[f] += n
	}
	bySize := map[time.Duration]int{}
	if o.more != nil {
		for _, f := range o.more.orphan {
			bySize[f.Size]++
		}
	}
	return fs, bySize
}

// TestStepsHeldCapped: a key counted every second in two window sizes by a
// clock ahead of its least offset (the true clock) by more than MaxHeldFrames of
// its frames, through a store outage (every flush aborted), holds at most
// MaxHeldFrames orphan frames of a size however far ahead and however long the
// outage; each frame a step gives up is either behind its window by the
// clock at its least offset (no clock counts it any more) or counted in
// Stats.Dropped, to the request; set right, each frame held in the true
// clock's window is written once, and nothing is held after the flush.
// Uncapped, a day ahead held 86,401 frames of a 1 s window a busy key
// (BenchmarkStepsHeldMemory).
func TestStepsHeldCapped(t *testing.T) {
	for _, tc := range []struct {
		excess int64 // seconds
		most   int   // Config.MaxHeldFrames, 0: the default
		flush  int64 // seconds between the (aborted) flushes, 0: 1
	}{
		{100, 0, 0}, {3_600, 0, 0}, {86_000, 0, 0}, {3_600, 4, 0},
		// Flushes backed off (syncer's MaxBackoff, 30 s) with a clock a
		// little ahead: the frames behind the window by the clock at
		// its least offset wait for the next flush (dropBehindSteps);
		// counted by the cap, they were given up as Stats.Dropped,
		// though no clock counts them any more.
		{2, 0, 30}, {3_600, 0, 30},
	} {
		maxHeld := tc.most
		if maxHeld == 0 {
			maxHeld = defaultMaxHeld
		}
		excess, flush := tc.excess, max(tc.flush, 1)
		t.Run(fmt.Sprintf("%ds ahead, MaxHeldFrames %d, a flush every %ds", excess, tc.most, flush), func(t *testing.T) {
			tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}, {Limit: 1 << 40, Size: 10 * time.Second}}
			sc := newStepsClock()
			c := newCache(t, Config{Shards: 1, Steps: sc.steps, MaxHeldFrames: tc.most})
			k := Key{ClientID: "c"}
			hitN(t, c, k, tiers, 1, sc.at(500, 0)) // the detector's first offset: the true clock
			abortAll(c, sc.at(600, 0))
			const outage = 400
			var committed, givenUp, counted int64
			most := map[time.Duration]int{}
			for s := int64(1); s <= outage; s++ {
				before, _ := heldFrames(c, k)
				dropped0 := c.Stats().Dropped
				at := s*1_000 + 500
				now := sc.at(at, excess*1_000)
				hitN(t, c, k, tiers, 1, now)
				committed++
				for _, sz := range []int64{1, 10} {
					before[Frame{Size: time.Duration(sz) * time.Second, StartUnix: frameStart(now, sz)}]++
				}
				if s%flush == 0 {
					abortAll(c, sc.at(at+100, excess*1_000)) // the store down
				}
				after, bySize := heldFrames(c, k)
				for sz, n := range bySize {
					most[sz] = max(most[sz], n)
				}
				// The least offset's second when the steps were read,
				// less lowOf's second: what the rule gives up is
				// behind its window by that.
				ul := t0.Unix() + s - 1
				var lost int64
				for f, n := range before {
					if gone := n - after[f]; gone != 0 {
						switch {
						case gone < 0:
							t.Fatalf("second %d: frame %+v grew by %d without a request", s, f, -gone)
						case behind(f, ul):
							if f.Size == time.Second {
								givenUp += gone
							}
						default:
							lost += gone
						}
					}
				}
				dropped := c.Stats().Dropped - dropped0
				if lost != dropped {
					t.Fatalf("second %d: %d counts left frames still in their window by the true clock, Stats.Dropped grew by %d: want them equal (none lost silently)", s, lost, dropped)
				}
				counted += dropped
			}
			for _, sz := range []time.Duration{time.Second, 10 * time.Second} {
				if most[sz] > maxHeld {
					t.Errorf("%v window: up to %d orphan frames held, want at most MaxHeldFrames (%d)", sz, most[sz], maxHeld)
				}
			}
			if wantHeld := min(excess, outage)/1 + 1; wantHeld > int64(maxHeld) && most[time.Second] < maxHeld {
				t.Errorf("1s window: up to %d orphan frames held, want MaxHeldFrames (%d): a clock %d s ahead has %d to hold", most[time.Second], maxHeld, excess, wantHeld)
			}
			if excess > 2*int64(maxHeld) && counted == 0 {
				t.Errorf("%d s ahead: Stats.Dropped 0, want the frames past MaxHeldFrames counted", excess)
			}
			// The oldest go: the 1s frames held are the latest behind
			// the window by the clock's last reading.
			last := t0.Unix() + outage + excess
			fs, _ := heldFrames(c, k)
			for f := range fs {
				if f.Size == time.Second && behind(f, last) && f.StartUnix < last-1-int64(maxHeld) {
					t.Errorf("1s frame at %+d s held at %+d s, want only the latest %d behind the window (from %+d s): the oldest go", f.StartUnix-t0.Unix(), last-t0.Unix(), maxHeld, last-1-int64(maxHeld)-t0.Unix())
				}
			}
			// Set right: every frame held in the true clock's window is
			// written once; after the flush nothing is held.
			end := int64(outage*1_000 + 1_000)
			now := sc.at(end, 0)
			held, _ := heldFrames(c, k)
			ps := c.TakeDirty(nil, now)
			written := map[Frame]int64{}
			for _, p := range ps {
				for _, f := range p.Delta {
					n := f.N
					f.N = 0
					written[f] += n
				}
			}
			for f, n := range held {
				if behind(f, now.Unix()) {
					continue
				}
				if written[f] != n {
					t.Errorf("set right: frame %+v held %d, written %d", f, n, written[f])
				}
			}
			for f, n := range written {
				if held[f] != n {
					t.Errorf("set right: frame %+v written %d, held %d", f, n, held[f])
				}
			}
			for i := range ps {
				c.Confirm(&ps[i], Snapshot{Version: 1, Frames: ps[i].Delta}, now)
			}
			// A frame just behind the window at now (a clock 2 s
			// ahead: its counts made 3 s before) is held a second more,
			// lowOf's (a reading up to a second old): the next take
			// past that gives it up, and has nothing to write.
			if ps := c.TakeDirty(nil, sc.at(end+2_000, 0)); len(ps) != 0 {
				t.Errorf("set right and flushed, a take 2 s later: %+v to write, want nothing", ps)
			}
			if fs, _ := heldFrames(c, k); len(fs) != 0 {
				t.Errorf("set right and flushed: %v held, want nothing", fs)
			}
			t.Logf("%d s ahead: %d requests, %d counted dropped, %d of the 1s window given up behind it; most held %v", excess, committed, counted, givenUp, most)
		})
	}
}

// TestStepsHeldCapSparesAFlushInFlight: a key's count taken by a flush (the
// store slow to answer) is held as an orphan when the clock, an hour
// ahead, rolls its counter on, and becomes the oldest held frame past
// MaxHeldFrames before the flush answers. The flush wrote it: counted in
// Stats.Dropped too, it was counted twice (Confirm finds nothing to
// subtract). Every request is written, counted dropped, or still local,
// once.
func TestStepsHeldCapSparesAFlushInFlight(t *testing.T) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, sc.at(500, 0)) // the detector's first offset: the true clock
	abortAll(c, sc.at(600, 0))
	const last = 40
	hitN(t, c, k, tiers, 1, sc.at(1_500, hourMs)) // an hour ahead
	ps := c.TakeDirty(nil, sc.at(1_600, hourMs))
	var written int64
	for _, p := range ps {
		for _, f := range p.Delta {
			written += f.N
		}
	}
	if written != 1 {
		t.Fatalf("the flush took %d counts, want the request an hour ahead's 1", written)
	}
	for s := int64(2); s <= last; s++ { // the flush in flight
		hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, hourMs))
	}
	for i := range ps { // it answers: written
		c.Confirm(&ps[i], Snapshot{Version: 1, Frames: ps[i].Delta}, sc.at(last*1_000+600, hourMs))
	}
	hitN(t, c, k, tiers, 1, sc.at((last+1)*1_000+500, hourMs)) // a roll after it, capped
	fs, bySize := heldFrames(c, k)
	var local int64
	for f, n := range fs {
		if f.StartUnix > t0.Unix()+hourMs/1_000 { // the true clock's frame t0 is behind the window by it, given up
			local += n
		}
	}
	dropped := c.Stats().Dropped
	if got := written + dropped + local; got != last+1 {
		t.Errorf("%d requests an hour ahead: %d written, %d counted dropped, %d local: %d in all, want each once", last+1, written, dropped, local, got)
	}
	if bySize[time.Second] > defaultMaxHeld {
		t.Errorf("%d orphan frames held after the flush answered, want at most MaxHeldFrames (%d)", bySize[time.Second], defaultMaxHeld)
	}
}

// TestStepsHeldCapSparesTheWindow: the cap counts only frames behind the
// window by the clock as it reads. A clock an hour ahead, the store down,
// holds MaxHeldFrames frames; set back to its least offset, those are
// ahead of it, what the next flush writes, and the clock at its least
// offset gives up nothing past the cap (a roll of two frames holds one,
// lowOf's): Stats.Dropped does not grow, and a flush writes every count
// still held.
func TestStepsHeldCapSparesTheWindow(t *testing.T) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, sc.at(500, 0)) // the detector's first offset: the true clock
	abortAll(c, sc.at(600, 0))
	for s := int64(1); s <= 30; s++ { // an hour ahead, the store down
		hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, hourMs))
		abortAll(c, sc.at(s*1_000+600, hourMs))
	}
	if _, bySize := heldFrames(c, k); bySize[time.Second] != defaultMaxHeld {
		t.Fatalf("an hour ahead: %d frames held, want MaxHeldFrames (%d)", bySize[time.Second], defaultMaxHeld)
	}
	dropped := c.Stats().Dropped
	for s := int64(31); s <= 39; s += 2 { // set back, every other second, the store still down
		hitN(t, c, k, tiers, 1, sc.at(s*1_000+500, 0))
		abortAll(c, sc.at(s*1_000+600, 0))
	}
	if d := c.Stats().Dropped - dropped; d != 0 {
		t.Errorf("set back to its least offset: Stats.Dropped grew by %d, want 0 (the frames held ahead of the clock are in no cap)", d)
	}
	now := sc.at(40_000, 0)
	held, _ := heldFrames(c, k)
	var want, got int64
	for f, n := range held {
		if !behind(f, now.Unix()) {
			want += n
		}
	}
	for _, p := range c.TakeDirty(nil, now) {
		for _, f := range p.Delta {
			got += f.N
		}
	}
	if want < defaultMaxHeld || got != want {
		t.Errorf("set back: a flush writes %d counts, want the %d held in or ahead of the window (at least the %d frames held ahead)", got, want, defaultMaxHeld)
	}
}

package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/clocksteps"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// stepsClock is a clock that steps, with a step detector beside it
// (internal/clocksteps, as a CoarseClock has) for Config.Steps. at returns
// the clock at a true time (ms after t0) stepped by off (ms), and shows it
// to the detector twice, as two ticks confirm a step.
type stepsClock struct {
	d          *clocksteps.Detector
	wall, mono int64
}

func newStepsClock() *stepsClock {
	return &stepsClock{d: clocksteps.New(window.MaxSize, t0.UnixNano(), 0), wall: t0.UnixNano()}
}

func (s *stepsClock) at(trueMs, offMs int64) time.Time {
	now := t0.Add(time.Duration(trueMs+offMs) * time.Millisecond)
	s.wall, s.mono = now.UnixNano(), trueMs*int64(time.Millisecond)
	s.d.Observe(s.wall, time.Duration(s.mono))
	s.d.Observe(s.wall, time.Duration(s.mono))
	return now
}

func (s *stepsClock) steps() (int64, int64) { return s.d.At(s.wall, time.Duration(s.mono)) }

// orphansHeld returns how many orphan frames k's overflow holds, and whether
// it has an overflow.
func orphansHeld(c *Cache, k Key) (int, bool) {
	e := c.find(k)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.more == nil {
		return 0, false
	}
	return len(e.more.orphan), true
}

// abortAll takes k's dirty keys at now and aborts each flush: the store is
// down.
func abortAll(c *Cache, now time.Time) {
	for _, p := range c.TakeDirty(nil, now) {
		c.Abort(&p)
	}
}

const hourMs = int64(3_600_000)

// TestStepsCommittedAheadHeld is TestCommittedAheadHeldPastTheJumpsHold with
// a detector (Config.Steps): a request reserved while the clock was ahead,
// committed after it was set right, into a frame after its counter's; the
// clock jumps an hour ahead, the store down, and takes twice, the second
// more than two of the frame's sizes after the first; set right, the count
// is written. Without holdBehind or helper-147's extension: the frame is in
// its window by the clock at its least offset (the true clock here). And
// once behind by that clock, a take by the clock still an hour ahead gives
// it up, and the key's overflow with it.
func TestStepsCommittedAheadHeld(t *testing.T) {
	for _, tc := range []struct {
		name                                                          string
		tiers                                                         []window.Tier
		reserve, ahead, right, commit, take1, take2, back, gone, jump int64 // true ms; ahead and jump are offsets
		frames                                                        []Frame
	}{
		{
			name:    "10s, 30s ahead",
			tiers:   []window.Tier{{Limit: 1000, Size: 10 * time.Second}},
			reserve: 5_000, ahead: 30_000, right: 6_000, commit: 6_000,
			jump: hourMs, take1: 6_300, take2: 30_300, back: 31_000, gone: 51_500,
			frames: []Frame{{Size: 10 * time.Second, StartUnix: t0.Unix() + 30, N: 1}},
		},
		{
			name:    "2s and 5s, 31s ahead (the seed's)",
			tiers:   []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}},
			reserve: 4_271, ahead: 31_000, right: 4_271, commit: 5_344,
			jump: 3_600_523, take1: 5_344, take2: 26_438, back: 28_977, gone: 46_500,
			frames: []Frame{{Size: 2 * time.Second, StartUnix: t0.Unix() + 34, N: 1}, {Size: 5 * time.Second, StartUnix: t0.Unix() + 35, N: 1}},
		},
	} {
		for _, setRight := range []bool{true, false} {
			sc := newStepsClock()
			c := newCache(t, Config{Shards: 1, Steps: sc.steps})
			k := Key{ClientID: "c"}
			r := c.Reserve(k, tc.tiers, 1, Enforce, sc.at(tc.reserve, tc.ahead))
			d := c.Reserve(k, tc.tiers, 1, Enforce, sc.at(tc.right, 0))
			c.Release(&d.Reservation)
			for _, p := range c.TakeDirty(nil, sc.at(tc.right, 0)) {
				c.Confirm(&p, Snapshot{Version: 1, Frames: p.Delta}, sc.at(tc.right, 0))
			}
			sc.at(tc.commit, 0)
			c.Commit(&r.Reservation)
			abortAll(c, sc.at(tc.take1, tc.jump))
			abortAll(c, sc.at(tc.take2, tc.jump))
			if setRight {
				for _, f := range tc.frames {
					if n := localIn(c, sc.at(tc.back, 0), f.Size, f.StartUnix); n != f.N {
						t.Errorf("%s: set right, %d to write in the %v frame at t0%+ds, want the %d committed there", tc.name, n, f.Size, f.StartUnix-t0.Unix(), f.N)
					}
				}
				continue
			}
			abortAll(c, sc.at(tc.gone, tc.jump))
			if n, more := orphansHeld(c, k); more {
				t.Errorf("%s: still ahead, the frames behind by the true clock: %d orphans held, want the overflow gone", tc.name, n)
			}
		}
	}
}

// TestStepsCommittedInACounterAheadOfTheClockHeld is
// TestCommittedInACounterAheadOfTheClockHeld with a detector: a request
// reserved by a clock 3 s ahead, committed into the counter's frame after
// the clock was set right (the counter stays a frame ahead of the real
// clock), then an hour ahead, the store down: set right at t0+829.9, the
// count of the 5 s frame at t0+820 (the real previous frame) is written,
// without aheadRead. By t0+831.5 the frame is behind by the true clock,
// and a take by the clock an hour ahead gives it up.
func TestStepsCommittedInACounterAheadOfTheClockHeld(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}}
	const hour = int64(3_600_924)
	for _, setRight := range []bool{true, false} {
		sc := newStepsClock()
		c := newCache(t, Config{Shards: 1, Steps: sc.steps})
		k := Key{ClientID: "ab", User: "c"}
		r := c.Reserve(k, tiers, 1, Enforce, sc.at(817_560, 3_000))
		d := c.Reserve(k, tiers, 1, Enforce, sc.at(817_721, 0))
		c.Release(&d.Reservation)
		c.Commit(&r.Reservation)
		abortAll(c, sc.at(817_932, hour))
		abortAll(c, sc.at(829_141, hour))
		if setRight {
			if n := localIn(c, sc.at(829_900, 0), 5*time.Second, t0.Unix()+820); n != 1 {
				t.Errorf("set right at t0+829.9: %d to write in the 5s frame at t0+820, want 1", n)
			}
			continue
		}
		abortAll(c, sc.at(831_500, hour))
		if n, more := orphansHeld(c, k); more {
			t.Errorf("an hour ahead at true t0+831.5: %d orphans held, want the overflow gone", n)
		}
	}
}

// TestStepsInFlightHeldAFramePastTheRoll is TestInFlightHeldAFramePastTheRoll
// with a detector: a request reserved by a right clock, committed after the
// clock jumped 24 s ahead and rolled the counter on, into a frame behind
// the counter's previous one; a take by the clock ahead at true t0+16.2,
// the store down: set right, the count is written, without addLocal's
// anchor. Once behind by the true clock (t0+21), a take ahead gives it up.
func TestStepsInFlightHeldAFramePastTheRoll(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 5 * time.Second}}
	for _, setRight := range []bool{true, false} {
		sc := newStepsClock()
		c := newCache(t, Config{Shards: 1, Steps: sc.steps})
		k := Key{ClientID: "c"}
		late := c.Reserve(k, tiers, 1, Enforce, sc.at(10_600, 0))
		d := c.Reserve(k, tiers, 1, Enforce, sc.at(10_700, 24_000))
		c.Release(&d.Reservation)
		c.Commit(&late.Reservation)
		abortAll(c, sc.at(16_200, 24_000))
		if setRight {
			if n := localIn(c, sc.at(16_200, 0), 5*time.Second, t0.Unix()+10); n != 1 {
				t.Errorf("set right, %d to write in the in-flight request's frame, want 1", n)
			}
			continue
		}
		abortAll(c, sc.at(21_500, 24_000))
		if n, more := orphansHeld(c, k); more {
			t.Errorf("24 s ahead at true t0+21.5: %d orphans held, want the overflow gone", n)
		}
	}
}

// TestStepsInFlightCommittedBehindAStaleHold is
// TestInFlightCommittedBehindAStaleHold with a detector: a count held by an
// hour's roll, a request in flight across it committed into frames behind,
// a take by a clock 84 s ahead. Set right, the 5 s frame at t0+115 (the
// real window's previous one) is written; a clock that stays 84 s ahead
// gives every frame up once behind by the true clock.
func TestStepsInFlightCommittedBehindAStaleHold(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}}
	const ahead = int64(84_000)
	for _, stay := range []bool{false, true} {
		sc := newStepsClock()
		c := newCache(t, Config{Shards: 1, Steps: sc.steps})
		k := Key{ClientID: "svc-b", User: "bob"}
		c.Commit(new(c.Reserve(k, tiers, 1, Enforce, sc.at(114_000, 0)).Reservation))
		r := c.Reserve(k, tiers, 1, Enforce, sc.at(117_610, 0))
		d := c.Reserve(k, tiers, 1, Enforce, sc.at(117_963, hourMs))
		c.Release(&d.Reservation)
		c.Commit(&r.Reservation) // into 2s@+116 and 5s@+115
		abortAll(c, sc.at(121_545, ahead))
		if !stay {
			if n := localIn(c, sc.at(121_545, 0), 5*time.Second, t0.Unix()+115); n != 1 {
				t.Errorf("set right: %d to write in the 5s frame at t0+115, the real window's previous one, want 1", n)
			}
			continue
		}
		abortAll(c, sc.at(132_545, ahead))
		if n, more := orphansHeld(c, k); more {
			t.Errorf("84 s ahead, 11 s after the take: %d orphans held, want the overflow gone (every frame behind by the true clock)", n)
		}
	}
}

// TestStepsHeldAcrossTwoJumps is TestHeldAcrossTwoJumps with a detector: a
// count, a jump 20 s ahead (two frames) with the store down, set right (the
// count still to write), counted again or not, a jump 50 s ahead, set right
// again: the first count is still to write, without holdOn or seenBack.
// Behind by the true clock (t0+31), a take 50 s ahead gives it up.
func TestStepsHeldAcrossTwoJumps(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	for _, countBack := range []bool{true, false} {
		sc := newStepsClock()
		c := newCache(t, Config{Shards: 1, Steps: sc.steps})
		k := Key{ClientID: "c"}
		first := t0.Unix() + 10
		hitN(t, c, k, tiers, 1, sc.at(15_000, 0))
		abortAll(c, sc.at(15_000, 20_000))
		if n := localIn(c, sc.at(25_000, 0), 10*time.Second, first); n != 1 {
			t.Fatalf("counting back %v: set back, %d to write in the first count's frame, want 1", countBack, n)
		}
		if countBack {
			hitN(t, c, k, tiers, 1, sc.at(25_000, 0))
		}
		abortAll(c, sc.at(25_000, 50_000))
		if n := localIn(c, sc.at(26_000, 0), 10*time.Second, first); n != 1 {
			t.Errorf("counting back %v: set back again, %d to write in the first count's frame, want 1", countBack, n)
		}
		abortAll(c, sc.at(31_500, 50_000))
		if n := localIn(c, sc.at(31_600, 0), 10*time.Second, first); n != 0 {
			t.Errorf("counting back %v: at true t0+31.6, %d to write in the first count's frame, want 0 (behind)", countBack, n)
		}
	}
}

// TestStepsHeldGivenUpOnceTheClockIsBack is
// TestHeldBehindGivenUpOnceTheClockIsBack with a detector: 6 counted, a
// take an hour ahead takes nothing (behind its window by that clock, held),
// the clock set right 5 minutes on: the minute has left the window, and
// the key holds nothing, is not queued, and is swept.
func TestStepsHeldGivenUpOnceTheClockIsBack(t *testing.T) {
	tiers := perMinute(100)
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 6, sc.at(10_000, 0))
	if ps := c.TakeDirty(nil, sc.at(10_000, hourMs)); len(ps) != 0 {
		t.Fatalf("TakeDirty an hour ahead took %v, want nothing (the 6 held, behind its window by that clock)", ps[0].Delta)
	}
	if n, _ := orphansHeld(c, k); n != 1 {
		t.Errorf("an hour ahead: %d orphans held, want the minute's", n)
	}
	back := sc.at(310_000, 0)
	if ps := c.TakeDirty(nil, back); len(ps) != 0 {
		t.Fatalf("TakeDirty back took %v, want nothing (the 6's minute has left the window)", ps[0].Delta)
	}
	e := c.find(k)
	e.mu.Lock()
	local, onList, more := opened(c, e).hasLocal(), e.is(queued), e.more != nil
	e.mu.Unlock()
	if local || onList || more {
		t.Errorf("back, after a take: local counts %v, queued %v, overflow %v; want false, false, false", local, onList, more)
	}
	if n := c.Sweep(back); n != 1 {
		t.Errorf("Sweep five minutes after the key's last use swept %d keys, want 1", n)
	}
}

// TestStepsPauseHoldsNothing: a key counted with the store down, then not
// used for three of its frames (a pause, the clock right): the roll at its
// next use leaves the counts behind the window, and with a detector that
// saw no step nothing holds them: no overflow is made, nothing is left to
// write. Without one, holdBehind holds them two frames (the cost the
// detector saves: an overflow block a key through an outage).
func TestStepsPauseHoldsNothing(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	for _, withSteps := range []bool{true, false} {
		sc := newStepsClock()
		cfg := Config{Shards: 1}
		if withSteps {
			cfg.Steps = sc.steps
		}
		c := newCache(t, cfg)
		k := Key{ClientID: "c"}
		hitN(t, c, k, tiers, 2, sc.at(5_000, 0))
		abortAll(c, sc.at(5_500, 0))
		hitN(t, c, k, tiers, 1, sc.at(35_500, 0))
		n, more := orphansHeld(c, k)
		if withSteps && more {
			t.Errorf("with a detector: after a pause, %d orphans held, want no overflow", n)
		}
		if !withSteps && n != 1 {
			t.Errorf("without a detector: after a pause, %d orphans held, want 1 (holdBehind)", n)
		}
	}
}

// TestStepsOneFrameRollHeldOnlyAhead: a one-frame roll leaves the previous
// frame's counts not flushed behind the window by the clock. With the clock
// at its least offset they go, and no overflow is made
// (TestOneFrameRollHoldsNothing); with the clock 15 s ahead of it (a step
// the detector saw), they are kept while in their window by the true
// clock, written once the clock is set right, and given up once behind by
// it.
func TestStepsOneFrameRollHeldOnlyAhead(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	f0 := t0.Unix()
	t.Run("right", func(t *testing.T) {
		sc := newStepsClock()
		c := newCache(t, Config{Shards: 1, Steps: sc.steps})
		k := Key{ClientID: "c"}
		hitN(t, c, k, tiers, 2, sc.at(5_000, 0))
		hitN(t, c, k, tiers, 3, sc.at(12_000, 0))
		hitN(t, c, k, tiers, 1, sc.at(20_000, 0)) // the frame's first second: lowOf's second keeps f0 in the window
		if n, more := orphansHeld(c, k); more {
			t.Errorf("a one-frame roll by a right clock: %d orphans held, want no overflow", n)
		}
	})
	t.Run("ahead", func(t *testing.T) {
		sc := newStepsClock()
		c := newCache(t, Config{Shards: 1, Steps: sc.steps})
		k := Key{ClientID: "c"}
		hitN(t, c, k, tiers, 2, sc.at(5_000, 0))      // f0, by the true clock
		hitN(t, c, k, tiers, 3, sc.at(6_000, 6_000))  // 6 s ahead: f0+10
		hitN(t, c, k, tiers, 1, sc.at(6_500, 15_000)) // 15 s ahead: f0+20, one frame on: f0 leaves
		if n := localIn(c, sc.at(7_000, 0), 10*time.Second, f0); n != 2 {
			t.Errorf("set right, %d to write in frame f0, want the 2 (in the window by the true clock)", n)
		}
		hitN(t, c, k, tiers, 1, sc.at(7_500, 15_000)) // ahead again
		abortAll(c, sc.at(21_500, 15_000))
		if n := localIn(c, sc.at(21_600, 0), 10*time.Second, f0); n != 0 {
			t.Errorf("at true t0+21.6, %d to write in frame f0, want 0 (behind by the true clock)", n)
		}
	})
}

// TestStepsHeldLongerAfterAStepBack: a clock set back a minute and then
// right (its least offset a minute behind) holds a frame left by a pause a
// minute longer: kept while in its window by the clock a minute behind.
// Once the minute behind is a day old (the detector's horizon) the next
// pause holds nothing again.
func TestStepsHeldLongerAfterAStepBack(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	sc.at(1_000, -60_000) // set back a minute
	sc.at(2_000, 0)       // and right
	hitN(t, c, k, tiers, 2, sc.at(5_000, 0))
	abortAll(c, sc.at(5_500, 0))
	hitN(t, c, k, tiers, 1, sc.at(35_500, 0)) // a pause: by the true clock f0 is behind
	if n, _ := orphansHeld(c, k); n != 1 {
		t.Errorf("a minute after a clock a minute behind: %d orphans held, want f0's", n)
	}
	abortAll(c, sc.at(75_500, 0)) // by the clock a minute behind, t0+15.5: f0 is its previous frame
	if n, _ := orphansHeld(c, k); n != 2 {
		t.Errorf("at t0+75.5: %d orphans held, want 2 (f0, the previous frame by the clock a minute behind, and t0+30)", n)
	}
	abortAll(c, sc.at(112_000, 0)) // by the clock a minute behind, t0+52: f0 and t0+30 behind
	if n, more := orphansHeld(c, k); more {
		t.Errorf("at t0+112: %d orphans held, want the overflow gone", n)
	}
	day := int64(24 * hourMs)
	hitN(t, c, k, tiers, 2, sc.at(day+5_000, 0)) // a day on: the minute behind was left at t0+2
	abortAll(c, sc.at(day+5_500, 0))
	hitN(t, c, k, tiers, 1, sc.at(day+35_500, 0))
	if n, more := orphansHeld(c, k); more {
		t.Errorf("a day after the step back: %d orphans held after a pause, want no overflow (the offset forgotten)", n)
	}
}

// TestStepsReadingBeforeAStepBack: a reading taken while the clock was an
// hour ahead, used after the detector saw it set right: the frames in
// their window by the clock now (low) are kept, though behind by the
// reading less the excess now (0).
func TestStepsReadingBeforeAStepBack(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 2, sc.at(5_000, 0))
	abortAll(c, sc.at(5_500, 0))
	stale := sc.at(6_000, hourMs) // read an hour ahead
	sc.at(6_100, 0)               // set right, seen
	abortAll(c, stale)            // the take uses the reading from before
	if n := localIn(c, sc.at(6_200, 0), 10*time.Second, t0.Unix()); n != 2 {
		t.Errorf("set right: %d to write in frame t0, want the 2", n)
	}
}

package oauthratelimit

import (
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// steppedClock is a CoarseClock in a synctest bubble whose wall clock is the
// bubble's plus an offset the test steps, its monotonic clock the bubble's.
type steppedClock struct {
	*CoarseClock
	t     *testing.T
	off   atomic.Int64
	start time.Time
}

func newSteppedClock(t *testing.T, tick time.Duration) *steppedClock {
	c := &steppedClock{t: t, start: time.Now()}
	c.CoarseClock = newCoarseClock(tick, func() (int64, time.Duration) {
		now := time.Now()
		return now.UnixNano() + c.off.Load(), now.Sub(c.start)
	})
	c.readIdle = func() time.Time { return time.Now().Add(time.Duration(c.off.Load())) }
	return c
}

// run reads the clock at every tick for ticks ticks, so that it stays awake.
func (c *steppedClock) run(ticks int) {
	for range ticks {
		c.Now()
		time.Sleep(c.tick)
		synctest.Wait()
	}
}

// step steps the wall clock by d and returns when, on the monotonic clock.
func (c *steppedClock) step(d time.Duration) time.Duration {
	c.off.Add(int64(d))
	return time.Since(c.start)
}

// wall is the wall clock now, stepped, in Unix ns.
func (c *steppedClock) wall() int64 { return time.Now().UnixNano() + c.off.Load() }

// TestCoarseClockSeesSteps moves time in a bubble and steps a CoarseClock's
// wall clock: an hour ahead, set right, and 31 s ahead while the clock is
// idle. Each is seen once, by how much, and when to within a tick (for the
// idle clock, within the idle time); Now follows the wall clock as before.
// (helper-162's, b44b125.)
func TestCoarseClockSeesSteps(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const tick = time.Millisecond
		c := newSteppedClock(t, tick)
		defer c.Stop()
		c.run(5)
		at1 := c.step(time.Hour)
		c.run(3)
		if got, want := c.Now().UnixNano(), c.wall(); want-got > int64(tick) || got > want {
			t.Errorf("an hour ahead: Now %d, want within a tick before %d", got, want)
		}
		at2 := c.step(-time.Hour)
		c.run(3)
		// Idle: not read for ticks, it stops; stepped while idle, read again.
		time.Sleep(10 * tick)
		synctest.Wait()
		at3 := c.step(31 * time.Second)
		time.Sleep(time.Minute)
		c.run(3)

		kept, total := c.steps.Seen()
		want := []struct {
			by time.Duration
			at time.Duration
		}{{time.Hour, at1}, {-time.Hour, at2}, {31 * time.Second, at3}}
		if total != int64(len(want)) || len(kept) != len(want) {
			t.Fatalf("steps seen %+v (%d in all), want %d", kept, total, len(want))
		}
		for i, w := range want {
			s := kept[i]
			if s.By != w.by {
				t.Errorf("step %d by %v, want %v", i, s.By, w.by)
			}
			if s.AfterMono > w.at || s.AtMono < w.at {
				t.Errorf("step %d dated (%v, %v], want a span holding %v", i, s.AfterMono, s.AtMono, w.at)
			}
			if i < 2 && s.AtMono-s.AfterMono > 2*tick {
				t.Errorf("step %d dated (%v, %v], want to within a tick while the clock ticks", i, s.AfterMono, s.AtMono)
			}
		}
	})
}

// TestCoarseClockHoldsBackACandidate: a tick's reading off the last
// confirmed offset is not stored for Now until the next tick agrees with
// it. A step an hour ahead and back within a tick is never read by Now
// (nor seen as a step); a step ahead that stays is read from the tick that
// confirms it, Now going on at the old offset the tick before.
func TestCoarseClockHoldsBackACandidate(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const tick = time.Millisecond
		c := newSteppedClock(t, tick)
		defer c.Stop()
		c.run(5)
		true0 := func() int64 { return time.Now().UnixNano() }
		check := func(what string, wantOff time.Duration) {
			t.Helper()
			got, want := c.Now().UnixNano(), true0()+int64(wantOff)
			if got > want || want-got >= int64(tick) {
				t.Errorf("%s: Now %+v from the true clock, want %v, less up to a tick", what, time.Duration(got-true0()), wantOff)
			}
		}
		// Out and back within a tick: the tick between reads it ahead.
		c.step(time.Hour)
		c.run(1)
		check("an hour ahead, one tick", 0)
		c.step(-time.Hour)
		c.run(1)
		check("back", 0)
		if _, total := c.steps.Seen(); total != 0 {
			t.Errorf("%d steps seen, want 0 (out and back within a tick)", total)
		}
		// Ahead to stay: the candidate's tick holds it back, the next
		// confirms it.
		c.step(time.Hour)
		c.run(1)
		check("an hour ahead, the first tick", 0)
		c.run(1)
		check("an hour ahead, the second tick", time.Hour)
		// Back: held a tick too, at the last tick's reading (Now stalls
		// for the tick, rather than read on at the offset it left).
		c.step(-time.Hour)
		c.run(1)
		if got, want := c.Now().UnixNano(), true0()+int64(time.Hour-tick); got != want {
			t.Errorf("set right, the first tick: Now %+v from the true clock, want %v (the last tick's)", time.Duration(got-true0()), time.Hour-tick)
		}
		c.run(1)
		check("set right, the second tick", 0)
	})
}

// TestCoarseClockSteps checks Steps against the clock's steps: without a
// step (0, the clock's second); an hour ahead, once confirmed (3600, the
// true second: the clock at its least offset) and, the tick before, what
// Now reads then (0, the true second); set right, (0, the true second);
// stepped 31 s ahead while idle, the next Steps reads the clocks itself
// (31, the true second) before any tick, as the idle Now reads time.Now;
// the tick that wakes the clock stores the wall clock ahead as Now read it
// (no reading back to the old offset); set back below the first offset,
// (0, the clock's second), and set right again (the minute, the second
// below).
func TestCoarseClockSteps(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const tick = time.Millisecond
		c := newSteppedClock(t, tick)
		defer c.Stop()
		trueSec := func() int64 { return time.Now().Unix() }
		check := func(what string, excess int64, lowBy time.Duration) {
			t.Helper()
			// The tick stored its answer up to a tick ago.
			ex, low := c.Steps()
			want := time.Now().Add(lowBy).Unix()
			wantMin := time.Now().Add(lowBy - tick).Unix()
			if ex != excess || low < wantMin || low > want {
				t.Errorf("%s: Steps() = (%d, true%+d s), want (%d, true%+d s)", what, ex, low-trueSec(), excess, want-trueSec())
			}
		}
		c.run(3)
		check("no step", 0, 0)
		c.step(time.Hour)
		c.run(1)
		check("an hour ahead, the first tick", 0, 0)
		c.run(1)
		check("an hour ahead, confirmed", 3600, 0)
		c.run(1000)
		check("an hour ahead, a second on", 3600, 0)
		c.step(-time.Hour)
		c.run(2)
		check("set right", 0, 0)
		time.Sleep(10 * tick)
		synctest.Wait()
		if c.nanos.Load() != 0 {
			t.Fatal("not idle after 10 ticks unread")
		}
		c.step(31 * time.Second)
		time.Sleep(time.Minute)
		check("31 s ahead, idle", 31, 0)
		idle := c.Now().UnixNano() // wakes it; its goroutine reads the clocks at once
		synctest.Wait()
		if got := c.Now().UnixNano(); got < idle {
			t.Errorf("the read that woke the clock stored %v before the idle read", time.Duration(idle-got))
		}
		time.Sleep(tick)
		synctest.Wait()
		check("31 s ahead, awake", 31, 0)
		c.run(2)
		check("31 s ahead, confirmed", 31, 0)
		c.step(-31*time.Second - time.Minute)
		c.run(2)
		check("a minute behind", 0, -time.Minute)
		c.step(time.Minute)
		c.run(2)
		check("set right after a minute behind", 60, -time.Minute)
		c.Stop()
		check("stopped", 60, -time.Minute)
	})
}

// TestCoarseClockPairReadApart reads a pair whose monotonic half was read
// 50 ms after its wall half, as a thread preempted between time.Now's two
// reads (the wall clock first, then the monotonic one) leaves it: the wall
// clock did not step, so Now must neither go back nor read ahead of the
// wall clock. Held back as a candidate step back, the tick stored the wall
// clock as it would read 50 ms later, and the next tick went back.
func TestCoarseClockPairReadApart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const tick = time.Millisecond
		start := time.Now()
		var late atomic.Int64
		c := newCoarseClock(tick, func() (int64, time.Duration) {
			now := time.Now()
			return now.UnixNano(), now.Sub(start) + time.Duration(late.Swap(0))
		})
		defer c.Stop()
		var last int64
		for i := range 20 {
			if i == 5 {
				late.Store(int64(50 * time.Millisecond))
			}
			got, wall := c.Now().UnixNano(), time.Now().UnixNano()
			if got > wall {
				t.Errorf("tick %d: Now %v ahead of the wall clock, want never ahead", i, time.Duration(got-wall))
			}
			if got < last {
				t.Errorf("tick %d: Now went back %v, want never while the wall clock does not", i, time.Duration(last-got))
			}
			last = got
			time.Sleep(tick)
			synctest.Wait()
		}
	})
}

package oauthratelimit

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultClockTick is the tick of a CoarseClock made with tick 0.
const DefaultClockTick = time.Millisecond

// MaxClockTick is the longest tick NewCoarseClock accepts. The error a tick
// adds to a decision grows with it (see CoarseClock); a tenth of a second is
// already a tenth of a one-second window's previous frame.
const MaxClockTick = 100 * time.Millisecond

// CoarseClock is a clock for Config.Now that costs one atomic load per read
// instead of a time.Now call: a goroutine reads the wall clock every tick
// and stores it, and Now returns what was stored last. On the project's
// machine (AMD EPYC, virtualized) time.Now costs about 50 ns and Now about
// 3 ns; the middleware reads the clock once per token request
// (BENCHMARKS.md, "the clock").
//
// What it costs in accuracy: Now is behind the wall clock by up to the tick
// plus however late the runtime runs the goroutine (lag below), never
// ahead. It follows the wall clock as time.Now does, so that frame
// boundaries, which instances share through the store as Unix seconds,
// stay the wall clock's: it never decreases while the wall clock does not,
// and a step of the wall clock (a manual set, not NTP's slewing) shows in
// the next tick, as it would in time.Now. With a lag of at most δ:
//
//   - Within a frame, the sliding-window estimate (previous frame × its
//     remaining share of the window + current frame) weighs the previous
//     frame by at most δ/size too much: a decision counts at most δ/size of
//     the previous frame's count more than an exact clock would (stricter).
//     For the default 1 ms tick that is 1/60,000 (0.0017 %) of the previous
//     frame of a one-minute window, 0.1 % for a one-second window.
//   - A request made in the first δ of a frame is counted in the frame
//     before, so it leaves the window up to one frame early (looser, by at
//     most the requests of that δ): as on an instance whose clock is δ
//     behind, which instances sharing a store have anyway from clock skew.
//   - Retry-After and the reset times of the headers are durations until
//     an instant, computed from a time δ early: at most δ longer than
//     exact, so after rounding up to whole seconds at most 1 s longer
//     (for δ under a second) and never shorter. A client is never told to
//     come back too early.
//
// The lag is the tick plus the delay before the runtime runs the goroutine
// that reads the wall clock. Go runs due timers at its scheduling points:
// goroutines that block on I/O, as a server's do, make them all the time,
// and the delay stays small; goroutines that spin on every P without
// blocking are preempted only every 10 ms or so, and the lag then reaches
// tens of milliseconds (BenchmarkCoarseClockLag reports it; BENCHMARKS.md
// has the figures).
//
// An idle clock stops ticking: when no one read it for a whole tick, its
// goroutine waits, and until someone reads it again, the next read calls
// time.Now (exact) and wakes it. A server without requests then costs no
// wake-ups a millisecond (about 3 % of a core on the project's machine,
// measured by W from /proc), and a server with a request now and then pays
// a tick or two after each.
//
// A stopped clock (Stop) reads time.Now on every call, so a limiter still
// serving after it was stopped keeps an exact clock rather than a frozen
// one. A CoarseClock is safe for concurrent use.
type CoarseClock struct {
	// nanos is the wall clock at the last tick in Unix nanoseconds; 0 while
	// idle and once stopped (no tick stores 0: that was 1970).
	nanos atomic.Int64
	// used is set by a read after a tick, and taken by the next tick: a
	// tick that finds it unset makes the clock idle. Next to nanos, so a
	// read touches one cache line; written once a tick.
	used  atomic.Bool
	tick  time.Duration
	wake  chan struct{} // a read of an idle clock wakes it; buffered 1
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
	ticks atomic.Int64 // ticks that read the wall clock, for tests
}

// NewCoarseClock returns a CoarseClock that reads the wall clock every tick
// (0: DefaultClockTick), from a goroutine of its own that runs until Stop.
// The tick must be at most MaxClockTick.
func NewCoarseClock(tick time.Duration) (*CoarseClock, error) {
	if tick == 0 {
		tick = DefaultClockTick
	}
	if tick < 0 || tick > MaxClockTick {
		return nil, fmt.Errorf("oauthratelimit: coarse clock tick %v: want 0 (default %v) up to %v", tick, DefaultClockTick, MaxClockTick)
	}
	c := &CoarseClock{tick: tick, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	c.nanos.Store(time.Now().UnixNano())
	c.used.Store(true) // the first tick reads the wall clock, idle or not
	go c.run()
	return c, nil
}

func (c *CoarseClock) run() {
	defer close(c.done)
	t := time.NewTicker(c.tick)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			if !c.used.Swap(false) {
				// Not read for a whole tick: idle until it is.
				c.nanos.Store(0)
				t.Stop()
				select {
				case <-c.stop:
					return
				case <-c.wake:
				}
				t.Reset(c.tick)
			}
			// Read here rather than the tick's own time, which is when
			// the tick was due, not when it ran.
			c.nanos.Store(time.Now().UnixNano())
			c.ticks.Add(1)
		}
	}
}

// Now returns the wall clock as of the last tick, without a monotonic
// reading; while the clock is idle (it wakes) and after Stop, time.Now().
// It has the signature of Config.Now.
func (c *CoarseClock) Now() time.Time {
	if n := c.nanos.Load(); n != 0 {
		if !c.used.Load() { // a load first: most reads find it set
			c.used.Store(true)
		}
		return time.Unix(0, n)
	}
	select {
	case c.wake <- struct{}{}:
	default: // already woken (or stopped)
	}
	return time.Now()
}

// Tick returns the clock's tick.
func (c *CoarseClock) Tick() time.Duration { return c.tick }

// Stop stops the clock's goroutine and waits for it to end; later reads
// of Now call time.Now. It may be called more than once.
func (c *CoarseClock) Stop() {
	c.once.Do(func() {
		close(c.stop)
		<-c.done
		c.nanos.Store(0)
	})
}

package oauthratelimit

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/clocksteps"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
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
//
// Each tick also compares time.Now's wall and monotonic readings, which
// tells a step of the wall clock from time that passed (Steps): a reading
// off the last step's offset is held back, Now going on at that offset (or,
// for one behind it, staying at the last tick's reading), until the next
// tick confirms it, so that a step out and back within a
// tick, or a pair read across a preemption, is never read by Now.
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

	// read returns the wall clock (Unix ns) and the monotonic clock
	// (since epoch) of one time.Now; tests replace it. steps sees each
	// tick's pair; excess and low are Steps' answer as of the last tick,
	// stored before nanos.
	read        func() (int64, time.Duration)
	readIdle    func() time.Time // for Now while idle, from tests (nil: time.Now)
	epoch       time.Time
	steps       *clocksteps.Detector
	excess, low atomic.Int64
	last        int64 // the wall clock the last tick stored, for observe
}

// clockStepsHorizon is how long an offset the wall clock left counts for
// Steps: the longest window, as the cache's holds of counts made by a
// clock ahead were capped at a day before.
const clockStepsHorizon = window.MaxSize

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
	return newCoarseClock(tick, nil), nil
}

// newCoarseClock is NewCoarseClock for a valid tick, reading the clocks
// with read (nil: time.Now).
func newCoarseClock(tick time.Duration, read func() (int64, time.Duration)) *CoarseClock {
	c := &CoarseClock{tick: tick, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{}), read: read}
	if c.read == nil {
		c.epoch = time.Now()
		c.read = c.readNow
	}
	n, m := c.read()
	c.steps = clocksteps.New(clockStepsHorizon, n, m)
	c.excess.Store(0)
	c.low.Store(floorSec(n))
	c.nanos.Store(n)
	c.last = n
	c.used.Store(true) // the first tick reads the wall clock, idle or not
	go c.run()
	return c
}

// readNow reads time.Now's wall clock and, beside it, its monotonic
// reading since the clock's start.
func (c *CoarseClock) readNow() (int64, time.Duration) {
	t := time.Now()
	return t.UnixNano(), t.Sub(c.epoch)
}

func (c *CoarseClock) run() {
	defer close(c.done)
	t := time.NewTicker(c.tick)
	defer t.Stop()
	woke := false
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
				woke = true
			}
			// Read here rather than the tick's own time, which is when
			// the tick was due, not when it ran.
			n, m := c.read()
			c.nanos.Store(c.observe(n, m, woke))
			woke = false
			c.ticks.Add(1)
		}
	}
}

// observe gives a tick's reading of the wall clock n and the monotonic
// clock m to the step detector, stores Steps' answer for it, and returns
// the wall clock to store: while n is off the last confirmed offset and
// waits for the next tick to confirm it, n as it would read at that offset
// (m on from the last tick) instead if that is earlier (a step ahead), or
// else the later of n and the last tick's (a step back), unless the clock
// just woke (its idle reads were time.Now's, n's offset already).
func (c *CoarseClock) observe(n int64, m time.Duration, woke bool) int64 {
	c.steps.Observe(n, m)
	if c.steps.Pending() && !woke {
		if held := c.steps.Confirmed(m); held < n {
			n = held
		} else {
			// A candidate step back, or a pair whose monotonic half was
			// read late (time.Now reads the wall clock first: a thread
			// preempted between the two): n, whose wall half is right in
			// the second case, but not before the last stored, so that Now
			// stalls for the tick rather than follow a step back not
			// confirmed, and never reads ahead of a wall clock that did
			// not step (TestCoarseClockPairReadApart).
			n = min(held, max(n, c.last))
		}
	}
	c.last = n
	ex, low := c.steps.At(n, m)
	c.excess.Store(ex)
	c.low.Store(low)
	return n
}

// Steps reports the steps of the wall clock the clock has seen, for
// Config.Steps: excess is how far, in whole seconds rounded up, the clock
// now reads ahead of the least offset from the monotonic clock it had
// within the last day (window.MaxSize), low the Unix second it would read
// now at that offset. Without steps (0, the clock's second). While the
// clock is idle and after Stop, it reads time.Now, as Now does; otherwise
// it costs two atomic loads. See package internal/clocksteps for what a
// detector cannot see: a clock already wrong when the CoarseClock was
// made, above all.
func (c *CoarseClock) Steps() (excess, low int64) {
	if c.nanos.Load() != 0 {
		return c.excess.Load(), c.low.Load()
	}
	n, m := c.read()
	return c.steps.At(n, m)
}

func floorSec(n int64) int64 {
	const sec = int64(time.Second)
	q := n / sec
	if n%sec != 0 && n < 0 {
		q--
	}
	return q
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
	if c.readIdle != nil {
		return c.readIdle()
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

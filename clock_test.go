package oauthratelimit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"go.uber.org/goleak"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

func TestNewCoarseClockTick(t *testing.T) {
	for _, tc := range []struct {
		name    string
		tick    time.Duration
		want    time.Duration
		wantErr bool
	}{
		{name: "zero is the default", tick: 0, want: DefaultClockTick},
		{name: "a microsecond", tick: time.Microsecond, want: time.Microsecond},
		{name: "the largest", tick: MaxClockTick, want: MaxClockTick},
		{name: "negative", tick: -time.Millisecond, wantErr: true},
		{name: "too long", tick: MaxClockTick + 1, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c, err := NewCoarseClock(tc.tick)
				if tc.wantErr {
					if err == nil || !strings.Contains(err.Error(), "coarse clock tick") {
						t.Fatalf("NewCoarseClock(%v) = %v, want an error naming the tick", tc.tick, err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				defer c.Stop()
				if c.Tick() != tc.want {
					t.Errorf("Tick() = %v, want %v", c.Tick(), tc.want)
				}
			})
		})
	}
}

// TestCoarseClockFollowsTicks moves time in a bubble and checks that, while
// read, Now is the wall clock of the last tick: behind time.Now by less
// than a tick, never ahead; that a clock no one reads stops ticking, reads
// exact while idle and ticks again from its first read; and that it is
// exact after Stop.
func TestCoarseClockFollowsTicks(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const tick = 10 * time.Millisecond
		c, err := NewCoarseClock(tick)
		if err != nil {
			t.Fatal(err)
		}
		// read sleeps step, then checks that Now is the last tick of the
		// grid that starts at origin.
		read := func(what string, origin time.Time, step time.Duration) {
			t.Helper()
			time.Sleep(step)
			synctest.Wait() // the tick's goroutine has run
			now := time.Now()
			want := origin.Add(now.Sub(origin) / tick * tick)
			got := c.Now()
			if !got.Equal(want) {
				t.Errorf("%s: Now() = +%v, want +%v (the last tick)", what, got.Sub(origin), want.Sub(origin))
			}
			if lag := now.Sub(got); lag < 0 || lag >= tick {
				t.Errorf("%s: lag %v, want in [0, %v)", what, lag, tick)
			}
		}
		start := time.Now()
		if got := c.Now(); !got.Equal(start) {
			t.Fatalf("Now() at start = %v, want %v", got, start)
		}
		for i, step := range []time.Duration{3 * time.Millisecond, 7 * time.Millisecond, 5 * time.Millisecond, 8 * time.Millisecond, 1} {
			read(fmt.Sprintf("in use, step %d", i), start, step)
		}

		// Idle: two ticks after the last read, the goroutine waits.
		assertIdle(t, c, 2*tick)
		woke := time.Now()
		if got := c.Now(); !got.Equal(woke) {
			t.Errorf("Now() of an idle clock = %v, want time.Now() %v", got, woke)
		}
		synctest.Wait() // woken, it ticks again from now
		for i, step := range []time.Duration{1, 3 * time.Millisecond, 7 * time.Millisecond, 15 * time.Millisecond} {
			read(fmt.Sprintf("woken, step %d", i), woke, step)
		}

		c.Stop()
		c.Stop() // a second Stop does nothing
		time.Sleep(3 * time.Millisecond)
		if got, now := c.Now(), time.Now(); !got.Equal(now) {
			t.Errorf("Now() after Stop = %v, want time.Now() %v", got, now)
		}
		// synctest.Test fails if the clock's goroutine is still running.
	})
}

// TestCoarseClockIdleAndWakeRace has readers in bursts and pauses, so that
// the clock goes idle and is woken again and again, by several readers at
// once: every read is never ahead of the wall clock and behind it by less
// than two ticks (one tick, plus the tick in which the clock decided to go
// idle while a reader held its last value), and the clock ends idle, its
// goroutine waiting, once no one reads it.
func TestCoarseClockIdleAndWakeRace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const tick = 10 * time.Millisecond
		c, err := NewCoarseClock(tick)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Stop()
		var wg sync.WaitGroup
		for r := range 4 {
			wg.Go(func() {
				// Pauses from a quarter of a tick to five ticks, in an
				// order of this reader's own.
				pauses := []time.Duration{tick / 4, tick / 2, 3 * tick, tick, 5 * tick, tick / 3, 2 * tick}
				for i := range 300 {
					now := time.Now()
					got := c.Now()
					if got.After(now) {
						t.Errorf("reader %d: Now() %v is ahead of time.Now() %v", r, got, now)
						return
					}
					if lag := now.Sub(got); lag >= 2*tick {
						t.Errorf("reader %d, read %d: lag %v, want under %v", r, i, lag, 2*tick)
						return
					}
					time.Sleep(pauses[(i*(r+1))%len(pauses)])
				}
			})
		}
		wg.Wait()
		assertIdle(t, c, 3*tick)
	})
}

// assertIdle waits settle (in a synctest bubble) after c's last read, then
// checks that c does not tick for a second while no one reads it.
func assertIdle(t *testing.T, c *CoarseClock, settle time.Duration) {
	t.Helper()
	time.Sleep(settle)
	synctest.Wait()
	ticks := c.ticks.Load()
	time.Sleep(time.Second)
	synctest.Wait()
	if got := c.ticks.Load(); got != ticks {
		t.Errorf("unread for a second: %d ticks, want none", got-ticks)
	}
}

// TestCoarseClockStopLeavesNoGoroutine runs a real clock and checks that
// Stop ends its goroutine.
func TestCoarseClockStopLeavesNoGoroutine(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	c, err := NewCoarseClock(time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(c.Now()); d < 0 || d > time.Minute {
		t.Errorf("Now() is %v from time.Now", d)
	}
	c.Stop()
}

// TestCoarseClockDecides serves token requests through a limiter whose
// Config.Now is a coarse clock, in a bubble: a key at its limit of 2 a
// second is refused, with a Retry-After rounded up from the tick's time,
// and admitted again once the clock's ticks have moved into the next
// frame.
func TestCoarseClockDecides(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, err := NewCoarseClock(100 * time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Stop()
		spec := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 2, Size: time.Second}}}}
		lim, err := New(Config{Policy: mustPolicy(t, spec), Now: c.Now})
		if err != nil {
			t.Fatal(err)
		}
		h := lim.Middleware(minimalEndpoint)
		post := func() *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=svc&client_secret=s"))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			return w
		}
		// Start in the middle of a second, so that the frame and the
		// tick are apart.
		time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(1500 * time.Millisecond)))
		synctest.Wait()
		for i := range 2 {
			if w := post(); w.Code != http.StatusOK {
				t.Fatalf("request %d: status %d, want 200", i, w.Code)
			}
		}
		// 50 ms later the clock still reads the last tick: the third is
		// refused, and Retry-After counts from the tick, rounded up.
		time.Sleep(50 * time.Millisecond)
		synctest.Wait()
		w := post()
		if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") == "" {
			t.Fatalf("request over the limit: status %d, Retry-After %q; want 429 with a Retry-After", w.Code, w.Header().Get("Retry-After"))
		}
		// Two frames later the previous frame is empty: admitted.
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if w := post(); w.Code != http.StatusOK {
			t.Fatalf("two frames later: status %d, want 200", w.Code)
		}
	})
}

var clockSink atomic.Int64

// BenchmarkClock compares the reads of the clock the middleware can be
// given: time.Now, and a CoarseClock's Now called through a Config.Now
// func value as the middleware calls it.
func BenchmarkClock(b *testing.B) {
	c, err := NewCoarseClock(0)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Stop()
	for _, bc := range []struct {
		name string
		now  func() time.Time
	}{{"time.Now", time.Now}, {"coarse", c.Now}} {
		b.Run(bc.name, func(b *testing.B) {
			var s int64
			for b.Loop() {
				s += bc.now().Unix()
			}
			clockSink.Add(s)
		})
	}
}

// BenchmarkCoarseClockLag measures how far a default CoarseClock is behind
// time.Now while every P but the benchmark's spins without yielding (the
// runtime preempts them asynchronously): the lag its doc bounds by the
// tick plus the scheduling delay. It reports the mean and the largest lag
// seen over the reads.
func BenchmarkCoarseClockLag(b *testing.B) {
	c, err := NewCoarseClock(0)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Stop()
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			x := uint64(1)
			for !stop.Load() {
				for range 1 << 16 {
					x = x*6364136223846793005 + 1442695040888963407
				}
			}
			clockSink.Add(int64(x & 1))
		})
	}
	var sum, worst time.Duration
	n := 0
	for b.Loop() {
		lag := time.Since(c.Now())
		sum += lag
		worst = max(worst, lag)
		n++
	}
	stop.Store(true)
	wg.Wait()
	b.ReportMetric(float64(sum.Microseconds())/float64(n), "mean-lag-µs")
	b.ReportMetric(float64(worst.Microseconds()), "max-lag-µs")
}

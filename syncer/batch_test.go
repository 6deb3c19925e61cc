package syncer

import (
	"bytes"
	"cmp"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// TestBatchSizeAdaptThresholds pins adapt's rule at its edges: after a call
// that timed out in 8 s, a full call that answers in at most a quarter of
// that (2 s) doubles the size, one in at most half (4 s) adds an eighth (at
// least 1), a slower one keeps it; never above max. The end-to-end tests
// behind a slow store answer in a few milliseconds or time out, so a
// quarter taken for an eighth, or an eighth of 7 taken as 0, passed them.
//
// A call of fewer than the size (call) counts as a full call that took
// took × size ÷ call, with twice the margin: 50 of a size of 200 in an
// eighth of 1 s counts as 200 in 1 s, which doubles it. Only full calls
// counted before: an instance whose calls
// carried fewer keys than its size kept it for good behind a store fast
// again (h90: 144 and 156 of 500, 25 minutes after 90 s of 8 s a round
// trip).
func TestBatchSizeAdaptThresholds(t *testing.T) {
	const failed = 8 * time.Second
	for _, c := range []struct {
		n    int // the size before the answered call
		call int // the answered call's size; 0: n
		took time.Duration
		want int
	}{
		{200, 0, failed / 4, 400},
		{200, 0, failed/4 + 1, 225},
		{200, 0, failed / 2, 225},
		{200, 0, failed/2 + 1, 200},
		{7, 0, failed / 2, 8}, // an eighth of 7 is 0: at least 1
		{1, 0, failed / 2, 2},
		{300, 0, failed / 4, 500},   // doubled, capped at max
		{490, 0, failed / 2, 500},   // 490 + 61, capped
		{200, 400, failed / 4, 400}, // a call larger than the size (it shrank meanwhile) counts as a full one
		{200, 50, failed / 32, 400}, // twice the margin of a full call
		{200, 50, failed/32 + 1, 225},
		{200, 50, failed / 16, 225},
		{200, 50, failed/16 + 1, 200},
		{200, 1, failed / 1600, 400},
		{200, 1, failed / 4, 200}, // a round trip as long as a full call may take: no news of the size
		{64, 5, 2 * time.Millisecond, 128},
	} {
		b := newBatchSize(500, "load", slog.New(slog.DiscardHandler))
		b.adapt(500, failed, false) // timed out: 250, failTook 8 s
		b.n = c.n
		call := cmp.Or(c.call, c.n)
		b.adapt(call, c.took, true)
		if got := b.size(); got != c.want {
			t.Errorf("size %d, a call of %d answered in %v after one that timed out in %v: size %d, want %d", c.n, call, c.took, failed, got, c.want)
		}
	}
}

// TestBatchSmallCallsGrowNoMoreTimeouts: behind a store whose time per
// key varies from call to call (its load), calls of fewer keys than the
// size must not time out more often than when only full calls grew the
// size. 20,000 calls, one in ten a full one (a burst of dirty keys), the
// others of 10 keys; 2 ms a call and 10 ms a key times a load factor drawn
// from 1 to 3 at each call (a full call of 500 in 5 to 15 s); a timeout of
// 3 s. Judged as a full call (b779b1b), a call of 10 keys made while the
// store was less loaded grew the size, and the next full call timed out:
// 539 timeouts, where 148 when only full calls grew it; with twice the
// margin, 141 (helper-105).
func TestBatchSmallCallsGrowNoMoreTimeouts(t *testing.T) {
	const timeout = 3 * time.Second
	run := func(fullOnly bool) (timeouts int) {
		rng := rand.New(rand.NewPCG(1, 2))
		b := newBatchSize(500, "write", slog.New(slog.DiscardHandler))
		for range 20000 {
			n := min(b.size(), 10)
			if rng.IntN(10) == 0 {
				n = b.size()
			}
			took := 2*time.Millisecond + time.Duration(float64(n)*(1+2*rng.Float64())*float64(10*time.Millisecond))
			switch {
			case took > timeout:
				timeouts++
				b.adapt(n, timeout, false)
			case fullOnly && n < b.size():
				// Only the largest answered call is noted (adapt's
				// first step), as before b779b1b.
				if n > b.okN || n == b.okN && took < b.okTook {
					b.okN, b.okTook = n, took
				}
			default:
				b.adapt(n, took, true)
			}
		}
		return timeouts
	}
	fullOnly, now := run(true), run(false)
	t.Logf("timeouts in 20,000 calls: %d, where %d when only full calls grew the size", now, fullOnly)
	if now > fullOnly*5/4 {
		t.Errorf("%d calls timed out, want no more than a quarter above the %d when only full calls grew the size", now, fullOnly)
	}
}

// TestBatchSizeTimedOutSmallCall pins what a call that timed out tells of
// the size. A call of 1 tells nothing (none is smaller); a call of n, when
// one of n or more answered since the last timeout in at most half its
// time, tells nothing either, once: the store carries calls of n in time,
// and this one was slow per call. Otherwise the size becomes half the
// call's, as behind a store slow per key. Before, a hot read of 3 keys or a
// reset's read of 1 that timed out set the size to 1 whatever had
// answered, and the pulls grew back only by doubling.
func TestBatchSizeTimedOutSmallCall(t *testing.T) {
	const timeout = 2 * time.Second
	type call struct {
		n        int
		took     time.Duration
		answered bool
	}
	ok := func(n int, took time.Duration) call { return call{n, took, true} }
	late := func(n int) call { return call{n, timeout, false} }
	for _, c := range []struct {
		name  string
		calls []call
		want  int
	}{
		{"OneKeyFresh", []call{late(1)}, 500},
		{"TwoKeysFresh", []call{late(2)}, 1}, // only a call of 1 says nothing
		{"OneKeyTwice", []call{ok(500, 10*time.Millisecond), late(1), late(1)}, 500},
		{"HotReadAfterAPull", []call{ok(500, 10*time.Millisecond), late(3)}, 500},
		{"HotReadTwice", []call{ok(500, 10*time.Millisecond), late(3), late(3)}, 1},
		{"HotReadTwiceAPullBetween", []call{ok(500, 10*time.Millisecond), late(3), ok(500, 10*time.Millisecond), late(3)}, 500},
		{"FullCallAfterAFastOne", []call{ok(500, timeout/2), late(500)}, 500},
		{"FullCallTwice", []call{ok(500, 10*time.Millisecond), late(500), late(500)}, 250},
		{"NearItsTimeout", []call{ok(500, timeout/2+1), late(500)}, 250},
		{"NearItsTimeoutThenFast", []call{ok(500, timeout/2+1), ok(500, 10*time.Millisecond), late(500)}, 500}, // the least time of a call as large
		{"FastThenNearItsTimeout", []call{ok(500, 10*time.Millisecond), ok(500, timeout/2+1), late(500)}, 500},
		{"SmallerAnswered", []call{ok(100, 10*time.Millisecond), late(200)}, 100},
		// Only the largest call that answered is kept: a faster one of
		// n or more but smaller is not, whatever the order (remembering
		// it changed little in a simulation: see batchSize.okN).
		{"LargerSlowThenSmallerFast", []call{ok(400, timeout/2+100*time.Millisecond), ok(100, 10*time.Millisecond), late(100)}, 50},
		{"SmallerFastThenLargerSlow", []call{ok(100, 10*time.Millisecond), ok(400, timeout/2+100*time.Millisecond), late(100)}, 50},
		{"LargerFastThenSmaller", []call{ok(400, timeout/2), late(100)}, 500},
		{"NoneAnswered", []call{late(200)}, 100},                                                  // behind a store slow per key: TestWriteBatchHalvesTheBulkThatTimedOut
		{"ShrunkSinceItAnswered", []call{ok(100, 10*time.Millisecond), late(200), late(100)}, 50}, // a shrink forgets the calls before it
		{"DownToOne", []call{late(500), late(250), late(125), late(62), late(31), late(15), late(7), late(3), late(2)}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := newBatchSize(500, "load", slog.New(slog.DiscardHandler))
			for _, x := range c.calls {
				b.adapt(x.n, x.took, x.answered)
			}
			if got := b.size(); got != c.want {
				t.Errorf("size %d after calls %+v, want %d", got, c.calls, c.want)
			}
		})
	}
}

// A reset's read of 1 key and a read of 3 new keys that time out, after a
// read of 400 keys answered, leave the pulls' calls as they were: before,
// the reset's read set them to 1 key.
func TestSmallReadTimedOutKeepsThePulls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		keys, st := behindTimeouts(t, 403, 2, 3)
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		useKeys(c, keys[:400])
		if err := s.LoadNewOnce(t.Context()); err != nil { // Load 1
			t.Fatal(err)
		}
		if _, err := s.Reset(t.Context(), keys[0]); err == nil { // Load 2
			t.Fatal("a reset whose read timed out returned no error")
		}
		if n := s.loads.size(); n != s.cfg.BatchSize {
			t.Fatalf("reads of %d keys a call after a reset's read of 1 key timed out, want BatchSize %d", n, s.cfg.BatchSize)
		}
		useKeys(c, keys[400:])
		if err := s.LoadNewOnce(t.Context()); err == nil { // Load 3
			t.Fatal("a read of new keys that timed out returned no error")
		}
		if n := s.loads.size(); n != s.cfg.BatchSize {
			t.Errorf("reads of %d keys a call after a read of 3 new keys timed out, one of 400 having answered at once; want BatchSize %d", n, s.cfg.BatchSize)
		}
		if got := st.calls(); fmt.Sprint(got) != "[400 1 3]" {
			t.Errorf("Load calls of %v keys, want [400 1 3]", got)
		}
	})
}

// The size's changes are logged, not every call: a shrink at Warn, as the
// other store warnings, with the op, the sizes before and after and the
// call that timed out; its return to BatchSize at Info. An operator read
// the timeouts in the log but not that the calls got smaller. A timeout
// that leaves the size (here the second pull's last call, after a call of
// as many answered at once) logs nothing of it, nor does a step up short
// of BatchSize (Debug: 200 to 400 here), nor a call answered at BatchSize
// (the last pull).
func TestBatchSizeChangesLogged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		keys, st := behindTimeouts(t, 400, 1, 3)
		var buf bytes.Buffer
		logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}}))
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A", Logger: logger})
		for pull := 1; pull <= 4; pull++ { // 400 time out; 200 answer, 200 time out; 400 answer; 400 answer
			useKeys(c, keys)
			_ = s.PullOnce(t.Context())
		}
		if got := st.calls(); fmt.Sprint(got) != "[400 200 200 400 400]" {
			t.Fatalf("Load calls of %v keys, want [400 200 200 400 400]", got)
		}
		want := `level=WARN msg="store calls made smaller after one timed out" op=load from=500 to=200 call_size=400 took=2s
level=INFO msg="store calls back to their full size" op=load from=400 to=500
`
		if got := buf.String(); got != want {
			t.Errorf("log:\n%s\nwant:\n%s", got, want)
		}
		if strings.Count(buf.String(), "\n") != 2 {
			t.Errorf("%d lines logged for 5 calls, want 2 (the changes)", strings.Count(buf.String(), "\n"))
		}
	})
}

// TestBatchSizeLogsOneWarnAnOutage: behind a store that is down, each call
// times out and halves the size: one Warn for the first shrink, the others
// at Debug, and one Info when the calls are back at their full size (a Warn
// at each halving logged 9 lines an op an outage, from 500 to 1).
func TestBatchSizeLogsOneWarnAnOutage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		keys, st := behindTimeouts(t, 400, 1, 2, 3, 4) // 400, 200, 100, 50 time out
		var buf bytes.Buffer
		logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A", Logger: logger})
		for range 8 {
			useKeys(c, keys)
			_ = s.PullOnce(t.Context())
		}
		if n := s.loads.size(); n != 500 {
			t.Fatalf("calls of %d keys after the store came back, want 500 (calls %v)", n, st.calls())
		}
		count := func(level, msg string) int {
			return strings.Count(buf.String(), "level="+level+" msg=\""+msg+"\"")
		}
		if w, d, i := count("WARN", "store calls made smaller after one timed out"), count("DEBUG", "store calls made smaller again"), count("INFO", "store calls back to their full size"); w != 1 || d != 3 || i != 1 {
			t.Errorf("%d Warn, %d Debug shrinks, %d Info, want 1, 3, 1 (calls %v):\n%s", w, d, i, st.calls(), buf.String())
		}
	})
}

package window

import (
	"errors"
	"math"
	"testing"
	"time"
)

// The worked examples of the public write-ups of the algorithm.
func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		name     string
		c        Counts
		tier     Tier
		elapsed  time.Duration
		estimate float64
		admits   bool
	}{
		{"3/min, 2 prev, 1 curr, 1s in", Counts{Prev: 2, Curr: 1}, Tier{3, time.Minute}, time.Second, 1 + 2*(59.0/60), true},
		{"3/min, 2 prev, 3 curr, 50s in: 4th refused", Counts{Prev: 2, Curr: 3}, Tier{3, time.Minute}, 50 * time.Second, 3 + 2*(10.0/60), false},
		{"7/min, 5 prev, 3 curr, 30% in", Counts{Prev: 5, Curr: 3}, Tier{7, time.Minute}, 18 * time.Second, 6.5, true},
		{"7/min, 5 prev, 4 curr, 30% in", Counts{Prev: 5, Curr: 4}, Tier{7, time.Minute}, 18 * time.Second, 7.5, false},
		{"empty", Counts{}, Tier{1, time.Second}, 0, 0, true},
		{"limit 0 blocks", Counts{}, Tier{0, time.Minute}, 0, 0, false},
		{"end of frame: prev gone", Counts{Prev: 100, Curr: 0}, Tier{1, time.Minute}, time.Minute, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := estimate(tt.c, tt.tier.Size, tt.elapsed); math.Abs(got-tt.estimate) > 1e-9 {
				t.Errorf("Estimate = %v, want %v", got, tt.estimate)
			}
			if got := admits(tt.c, tt.tier, 1, tt.elapsed); got != tt.admits {
				t.Errorf("Admits = %v, want %v", got, tt.admits)
			}
		})
	}
}

// 3 per minute with 2 in the previous frame: the estimate is 2.97 one second
// into the frame once a third request is counted, 1.97 before it.
func TestEstimateOneSecondIn(t *testing.T) {
	if got := estimate(Counts{Prev: 2, Curr: 1}, time.Minute, time.Second); math.Abs(got-2.9666) > 1e-3 {
		t.Fatalf("Estimate = %v, want 2.97", got)
	}
	if !admits(Counts{Prev: 2, Curr: 1}, Tier{3, time.Minute}, 1, time.Second) {
		t.Fatal("floor(2.97)+1 = 3 ≤ 3 must be admitted")
	}
}

func TestFrameStartUnix(t *testing.T) {
	tests := []struct {
		name string
		now  time.Time
		size time.Duration
		want int64
	}{
		{"aligned", time.Unix(1_700_000_040, 0), time.Minute, 1_700_000_040},
		{"mid frame", time.Unix(1_700_000_099, 999), time.Minute, 1_700_000_040},
		// The frame turns at the second, not half a second before it.
		{"1ns before the next frame", time.Unix(1_700_000_099, 999_999_999), time.Minute, 1_700_000_040},
		{"half a second before the next frame", time.Unix(1_700_000_099, 500_000_000), time.Minute, 1_700_000_040},
		{"the next frame", time.Unix(1_700_000_100, 0), time.Minute, 1_700_000_100},
		{"1ns before the epoch", time.Unix(0, -1), time.Minute, -60},
		{"odd size aligned to epoch, not to year 1", time.Unix(20, 0), 7 * time.Second, 14},
		{"before the epoch", time.Unix(-1, 0), time.Minute, -60},
		{"other zone, same instant", time.Unix(1_700_000_099, 0).In(time.FixedZone("x", 5*3600+1800)), time.Hour, 1_699_999_200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (Tier{Size: tt.size}).FrameStartUnix(tt.now); got != tt.want {
				t.Errorf("FrameStartUnix = %d, want %d", got, tt.want)
			}
		})
	}
	if got := (Tier{Size: time.Minute}).Elapsed(Counts{StartUnix: 1_700_000_040}, time.Unix(1_700_000_099, 5)); got != 59*time.Second+5 {
		t.Errorf("Elapsed = %v", got)
	}
}

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		name    string
		c       Counts
		tier    Tier
		cost    int64
		elapsed time.Duration
		want    time.Duration
	}{
		{"admitted now", Counts{Prev: 0, Curr: 0}, Tier{1, time.Minute}, 1, 0, 0},
		// 2 prev, 3 curr, limit 3: nothing in this frame; in the next prev=3:
		// floor(3·r/60s) ≤ 2 ⇔ r < 60s ⇔ e > 0: 10s left + 1ns.
		{"full frame waits into the next", Counts{Prev: 2, Curr: 3}, Tier{3, time.Minute}, 1, 50 * time.Second, 10*time.Second + 1},
		// 0 prev, 6 curr, limit 3: next frame prev=6: floor(6·r/60s) ≤ 2 ⇔ r < 30s ⇔ e > 30s.
		{"overfull frame (dry-run) waits deep into the next", Counts{Prev: 0, Curr: 6}, Tier{3, time.Minute}, 1, 50 * time.Second, 40*time.Second + 1},
		// 5 prev, 3 curr, limit 7, cost 1 → prev-part ≤ 3: floor(5·r/60) ≤ 3 ⇔ r < 48s ⇔ e > 12s.
		{"decays within this frame", Counts{Prev: 5, Curr: 3}, Tier{7, time.Minute}, 1, 0, 12*time.Second + 1},
		{"decays within this frame, partly waited", Counts{Prev: 5, Curr: 3}, Tier{7, time.Minute}, 1, 10 * time.Second, 2*time.Second + 1},
		{"exactly at a boundary", Counts{Prev: 1, Curr: 0}, Tier{0 + 1, time.Second}, 1, 0, 1},
		// next frame prev=8, budget 7: floor(8·r/60s) ≤ 7 ⇔ r < 60s.
		{"cost 3", Counts{Prev: 0, Curr: 8}, Tier{10, time.Minute}, 3, 30 * time.Second, 30*time.Second + 1},
		// Negative counts (a store document written wrong) count as 0, as
		// in Admits: the 10 of prev must decay below 10, whatever curr says.
		// floor(10·r/60s) ≤ 9 ⇔ r < 60s: 1ns.
		{"negative curr counts as 0", Counts{Prev: 10, Curr: -5}, Tier{10, time.Minute}, 1, 0, 1},
		{"negative prev counts as 0", Counts{Prev: -5, Curr: 3}, Tier{3, time.Minute}, 1, 10 * time.Second, 50*time.Second + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := retryAfter(tt.c, tt.tier, tt.cost, tt.elapsed)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("RetryAfter = %v, want %v", got, tt.want)
			}
			checkRetryAfter(t, tt.c, tt.tier, tt.cost, tt.elapsed)
		})
	}
	if _, err := retryAfter(Counts{}, Tier{2, time.Minute}, 3, 0); !errors.Is(err, ErrNeverAdmitted) {
		t.Errorf("cost > limit: err = %v, want ErrNeverAdmitted", err)
	}
}

// checkRetryAfter asserts the Retry-After property by replaying time: the
// request is admitted at elapsed+RetryAfter and not a nanosecond (nor a
// second) earlier.
func checkRetryAfter(t *testing.T, c Counts, tier Tier, cost int64, elapsed time.Duration) {
	t.Helper()
	ra, err := retryAfter(c, tier, cost, elapsed)
	if err != nil {
		return
	}
	if ra < 0 {
		t.Fatalf("RetryAfter = %v < 0", ra)
	}
	if ra > 2*tier.Size {
		t.Fatalf("RetryAfter = %v > two windows", ra)
	}
	// admitsAt moves time forward by d from elapsed (< size), rolling the
	// current frame into the previous one at each frame boundary.
	admitsAt := func(d time.Duration) bool {
		e, cc := elapsed+d, c
		for e >= tier.Size {
			cc = Counts{Prev: cc.Curr}
			e -= tier.Size
		}
		return admits(cc, tier, cost, e)
	}
	if !admitsAt(ra) {
		t.Fatalf("not admitted at now+RetryAfter (%v) for %+v %+v cost %d at %v", ra, c, tier, cost, elapsed)
	}
	if ra > 0 && admitsAt(ra-1) {
		t.Fatalf("admitted 1ns before RetryAfter (%v) for %+v %+v cost %d at %v", ra, c, tier, cost, elapsed)
	}
	if ra >= time.Second && admitsAt(ra-time.Second) {
		t.Fatalf("admitted 1s before RetryAfter (%v)", ra)
	}
}

func TestReset(t *testing.T) {
	tests := []struct {
		name string
		c    Counts
		e    time.Duration
		want time.Duration
	}{
		{"nothing", Counts{}, 10 * time.Second, 0},
		{"only prev", Counts{Prev: 3}, 10 * time.Second, 50 * time.Second},
		{"curr", Counts{Prev: 3, Curr: 1}, 10 * time.Second, 110 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := reset(tt.c, time.Minute, tt.e); got != tt.want {
				t.Errorf("Reset = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRemainingAndUsed(t *testing.T) {
	c := Counts{Prev: 5, Curr: 3}
	tier := Tier{7, time.Minute}
	if got := used(c, tier.Size, 18*time.Second); got != 6 {
		t.Errorf("Used = %d, want 6", got)
	}
	if got := remaining(c, tier, 18*time.Second); got != 1 {
		t.Errorf("Remaining = %d, want 1", got)
	}
	if got := remaining(Counts{Curr: 100}, tier, 0); got != 0 {
		t.Errorf("Remaining over the limit = %d, want 0", got)
	}
	if got := used(Counts{Prev: -4, Curr: -1}, tier.Size, 0); got != 0 {
		t.Errorf("Used of negative counts = %d, want 0", got)
	}
}

// TestUsedSaturates: counts whose weighted sum passes MaxInt64 (a store
// document written with huge counts, or many instances' counts added)
// count as MaxInt64, never as a wrapped negative that would admit.
func TestUsedSaturates(t *testing.T) {
	const big = math.MaxInt64
	tests := []struct {
		name    string
		c       Counts
		elapsed time.Duration
		want    int64
	}{
		{"both max, frame start", Counts{Prev: big, Curr: big}, 0, big},
		{"both max, half way", Counts{Prev: big, Curr: big}, 30 * time.Second, big},
		{"prev max, curr 1", Counts{Prev: big, Curr: 1}, 0, big},
		{"prev 1, curr max", Counts{Prev: 1, Curr: big}, 0, big},
		{"just below", Counts{Prev: big - 5, Curr: 5}, 0, big},
		{"prev max, frame end", Counts{Prev: big, Curr: 7}, time.Minute, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := used(tt.c, time.Minute, tt.elapsed); got != tt.want {
				t.Errorf("used = %d, want %d", got, tt.want)
			}
			tier := Tier{Limit: big - 1, Size: time.Minute}
			if tt.want == big && admits(tt.c, tier, 1, tt.elapsed) {
				t.Errorf("admits a request at a count of MaxInt64")
			}
		})
	}
}

func TestTierValidate(t *testing.T) {
	tests := []struct {
		name string
		tier Tier
		ok   bool
	}{
		{"minute", Tier{10, time.Minute}, true},
		{"limit 0 blocks", Tier{0, time.Second}, true},
		{"negative limit", Tier{-1, time.Minute}, false},
		{"sub-second", Tier{1, 500 * time.Millisecond}, false},
		{"fractional seconds", Tier{1, 1500 * time.Millisecond}, false},
		{"too long", Tier{1, 25 * time.Hour}, false},
		// The bounds themselves: a zero size would divide by zero in
		// FrameStartUnix, and a day is the longest window a policy takes.
		{"one second", Tier{1, time.Second}, true},
		{"a day", Tier{1, MaxSize}, true},
		{"a day and a second", Tier{1, MaxSize + time.Second}, false},
		{"zero size", Tier{1, 0}, false},
		{"negative size", Tier{1, -time.Minute}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.tier.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

func FuzzEstimate(f *testing.F) {
	f.Add(int64(2), int64(3), int64(3), int64(60), int64(50_000_000_000), int64(1), int64(1_000_000_000))
	f.Add(int64(5), int64(3), int64(7), int64(60), int64(18_000_000_000), int64(1), int64(-5))
	f.Add(int64(1<<40), int64(0), int64(1<<41), int64(86400), int64(1), int64(7), int64(3))
	f.Fuzz(func(t *testing.T, prev, curr, limit, sizeSec, elapsed, cost, later int64) {
		if prev < 0 || curr < 0 || limit < 0 || cost < 1 || sizeSec < 1 || sizeSec > 86400 ||
			prev > 1<<50 || curr > 1<<50 || limit > 1<<50 || cost > 1<<20 {
			t.Skip()
		}
		size := time.Duration(sizeSec) * time.Second
		c := Counts{Prev: prev, Curr: curr}
		tier := Tier{Limit: limit, Size: size}
		est := estimate(c, size, time.Duration(elapsed))
		// curr ≤ estimate ≤ prev + curr, also when time went backwards (elapsed < 0).
		if est < float64(curr)*(1-1e-12) || est > float64(prev+curr)*(1+1e-12) {
			t.Fatalf("estimate %v outside [%d, %d]", est, curr, prev+curr)
		}
		u := used(c, size, time.Duration(elapsed))
		// The methods of an elapsed time agree with the methods of now at
		// that elapsed time, whatever the frame's start (from 1902 to
		// 2038, and elapsed within 13 days, so that now's UnixNano holds).
		if elapsed > -1<<50 && elapsed < 1<<50 {
			atNow := Counts{StartUnix: later % (1 << 31), Prev: prev, Curr: curr}
			now := time.Unix(atNow.StartUnix, 0).Add(time.Duration(elapsed))
			if got, want := tier.UsedAfter(atNow, tier.Elapsed(atNow, now)), tier.Used(atNow, now); got != want || got != u {
				t.Fatalf("UsedAfter(Elapsed) = %d, Used = %d, used = %d", got, want, u)
			}
			if got, want := tier.ResetAfter(atNow, tier.Elapsed(atNow, now)), tier.Reset(atNow, now); got != want {
				t.Fatalf("ResetAfter(Elapsed) = %v, Reset = %v", got, want)
			}
		}
		if u < curr || u > prev+curr {
			t.Fatalf("used %d outside [%d, %d]", u, curr, prev+curr)
		}
		// Never rises as time passes without hits.
		if later >= 0 {
			e2 := time.Duration(elapsed) + time.Duration(later)
			if e2 >= time.Duration(elapsed) && used(c, size, e2) > u {
				t.Fatalf("used rose from %d to %d as time passed", u, used(c, size, e2))
			}
		}
		e := min(max(time.Duration(elapsed), 0), size-1)
		checkRetryAfter(t, c, tier, cost, e)
	})
}

// UsedAfter and ResetAfter take any elapsed time, not only one Elapsed
// clamped: before the frame's start it counts as 0 (the frame has just
// begun), past its end as the size (the previous count has decayed away).
// Without used's clamp, 1h before the start would count 613 for 13 and
// 1ns past the end a count near 2^32 (R7's review).
func TestAfterOutOfRange(t *testing.T) {
	tier := Tier{Limit: 100, Size: time.Minute}
	c := Counts{StartUnix: 1_700_000_040, Prev: 10, Curr: 3}
	tests := []struct {
		name    string
		elapsed time.Duration
		used    int64
		reset   time.Duration
	}{
		{"an hour before the start", -time.Hour, 13, 2 * time.Minute},
		{"1ns before the start", -1, 13, 2 * time.Minute},
		{"the start", 0, 13, 2 * time.Minute},
		{"the end", time.Minute, 3, time.Minute},
		{"1ns past the end", time.Minute + 1, 3, time.Minute},
		{"a year past the end", 365 * 24 * time.Hour, 3, time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tier.UsedAfter(c, tt.elapsed); got != tt.used {
				t.Errorf("UsedAfter(%v) = %d, want %d", tt.elapsed, got, tt.used)
			}
			if got := tier.ResetAfter(c, tt.elapsed); got != tt.reset {
				t.Errorf("ResetAfter(%v) = %v, want %v", tt.elapsed, got, tt.reset)
			}
			// As Used and Reset at the now that far from the start.
			now := time.Unix(c.StartUnix, 0).Add(tt.elapsed)
			if got, want := tier.UsedAfter(c, tt.elapsed), tier.Used(c, now); got != want {
				t.Errorf("UsedAfter(%v) = %d, Used = %d", tt.elapsed, got, want)
			}
			if got, want := tier.ResetAfter(c, tt.elapsed), tier.Reset(c, now); got != want {
				t.Errorf("ResetAfter(%v) = %v, Reset = %v", tt.elapsed, got, want)
			}
		})
	}
}

// The methods read the elapsed time from the counts' frame start and now:
// before the start (a clock behind the counts) the frame has just begun,
// and past the frame's end the previous count has decayed away.
func TestTierMethodsAtNow(t *testing.T) {
	tier := Tier{Limit: 7, Size: time.Minute}
	c := Counts{StartUnix: 1_700_000_040, Prev: 5, Curr: 3}
	start := time.Unix(c.StartUnix, 0)
	tests := []struct {
		name      string
		now       time.Time
		elapsed   time.Duration
		used      int64
		admits    bool
		remaining int64
		retry     time.Duration
		reset     time.Duration
	}{
		{"30% in", start.Add(18 * time.Second), 18 * time.Second, 6, true, 1, 0, 102 * time.Second},
		{"clock 2s behind the frame", start.Add(-2 * time.Second), 0, 8, false, 0, 12*time.Second + 1, 2 * time.Minute},
		{"past the frame's end", start.Add(70 * time.Second), time.Minute, 3, true, 4, 0, 60 * time.Second},
		{"1ns before the start", start.Add(-1), 0, 8, false, 0, 12*time.Second + 1, 2 * time.Minute},
		{"1ns before the end", start.Add(time.Minute - 1), time.Minute - 1, 3, true, 4, 0, 60*time.Second + 1},
		{"a day past the end", start.Add(24 * time.Hour), time.Minute, 3, true, 4, 0, 60 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tier.Used(c, tt.now); got != tt.used {
				t.Errorf("Used = %d, want %d", got, tt.used)
			}
			if got := tier.Admits(c, 1, tt.now); got != tt.admits {
				t.Errorf("Admits = %v, want %v", got, tt.admits)
			}
			if got := tier.Remaining(c, tt.now); got != tt.remaining {
				t.Errorf("Remaining = %d, want %d", got, tt.remaining)
			}
			if got, _ := tier.RetryAfter(c, 1, tt.now); got != tt.retry {
				t.Errorf("RetryAfter = %v, want %v", got, tt.retry)
			}
			if got := tier.Reset(c, tt.now); got != tt.reset {
				t.Errorf("Reset = %v, want %v", got, tt.reset)
			}
			if got := tier.Estimate(c, tt.now); int64(got) != tt.used {
				t.Errorf("Estimate = %v, want floor %d", got, tt.used)
			}
			// Elapsed is clamped to [0, Size]: the cache passes it on to
			// its share arithmetic, which does not clamp again.
			elapsed := tier.Elapsed(c, tt.now)
			if elapsed != tt.elapsed {
				t.Errorf("Elapsed = %v, want %v", elapsed, tt.elapsed)
			}
			if got := tier.UsedAfter(c, elapsed); got != tt.used {
				t.Errorf("UsedAfter(Elapsed) = %d, want %d", got, tt.used)
			}
			if got := tier.ResetAfter(c, elapsed); got != tt.reset {
				t.Errorf("ResetAfter(Elapsed) = %v, want %v", got, tt.reset)
			}
		})
	}
}

// TestSatAdd: admits adds the cost to the count without wrapping, and a
// cost of 0 (a probe: is the window already over?) adds nothing.
func TestSatAdd(t *testing.T) {
	tests := []struct {
		name       string
		a, b, want int64
	}{
		{"small", 2, 3, 5},
		{"zero", 7, 0, 7},
		{"zero to max", math.MaxInt64, 0, math.MaxInt64},
		{"negative", 7, -3, 4},
		{"overflow", math.MaxInt64, 1, math.MaxInt64},
		{"underflow", math.MinInt64, -1, math.MinInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := satAdd(tt.a, tt.b); got != tt.want {
				t.Errorf("satAdd(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
		})
	}
	tier := Tier{Limit: 3, Size: time.Minute}
	if tier.Admits(Counts{Curr: 4}, 0, time.Unix(0, 0)) {
		t.Error("a cost of 0 is admitted by a window over its limit")
	}
}

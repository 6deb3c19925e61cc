// Package window is the weighted sliding-window math of the limiter.
//
// Time is cut into frames of a tier's window size, aligned to the Unix epoch,
// so every instance of the limiter agrees on where a frame starts without
// talking to the others. The number of hits in the sliding window that ends at
// now is estimated from the count of the previous frame and of the current one:
//
//	estimate = prev × (1 − elapsed/size) + curr
//
// where elapsed is the time since the current frame started, clamped to
// [0, size]. A request of a given cost is admitted iff
// floor(estimate) + cost ≤ limit, the rounding used by the public write-ups of
// the algorithm (Cloudflare's and Figma's).
//
// Every method of Tier is a pure function of its arguments, in the manner
// of golang.org/x/time/rate: the time is passed in as now, never read.
// Admission and Retry-After use exact integer arithmetic (128-bit
// intermediate products), so they agree with each other to the nanosecond
// and do not drift with floating-point rounding; Estimate returns a float64
// for display only.
package window

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"
)

// MaxSize is the longest window size a Tier may have.
const MaxSize = 24 * time.Hour

// Tier is one limit: at most Limit units (tokens) per sliding window of
// length Size. Size is a whole number of seconds, so that frame starts can be
// named by their Unix second.
type Tier struct {
	Limit int64
	Size  time.Duration
}

// Validate reports whether t is usable: Limit ≥ 0 and Size a whole number of
// seconds in [1s, MaxSize].
func (t Tier) Validate() error {
	if t.Limit < 0 {
		return fmt.Errorf("window: limit %d: want a limit ≥ 0", t.Limit)
	}
	if t.Size < time.Second || t.Size > MaxSize || t.Size%time.Second != 0 {
		return fmt.Errorf("window: size %v: want a whole number of seconds from 1s to %v", t.Size, MaxSize)
	}
	return nil
}

// Counts are the hits counted in the previous and in the current frame of
// a window size, and the Unix second at which the current frame starts (see
// Tier.FrameStartUnix). Keeping the start with the counts lets a decision
// at a now before it (a clock that stepped back, or counts made by an
// instance whose clock is ahead) treat the frame as just begun rather than
// read the counts as another frame's.
type Counts struct {
	StartUnix  int64
	Prev, Curr int64
}

// FrameStartUnix returns the Unix second at which the frame of t's size that
// contains now starts. Frames are aligned to the Unix epoch, so every
// instance agrees on them without talking to the others.
func (t Tier) FrameStartUnix(now time.Time) int64 {
	u := now.Unix()
	return u - mod(u, int64(t.Size/time.Second))
}

// Elapsed returns the time from the start of c's current frame to now,
// clamped to [0, t.Size].
func (t Tier) Elapsed(c Counts, now time.Time) time.Duration {
	return clamp(time.Duration(now.UnixNano()-c.StartUnix*int64(time.Second)), t.Size)
}

// Estimate returns the weighted number of hits in the sliding window of t
// that ends at now. It is meant for display; decisions use Admits.
func (t Tier) Estimate(c Counts, now time.Time) float64 {
	return estimate(c, t.Size, t.Elapsed(c, now))
}

// Used returns floor(estimate) at now: the units of t's window that count
// as spent. Negative counts are treated as 0.
func (t Tier) Used(c Counts, now time.Time) int64 {
	return used(c, t.Size, t.Elapsed(c, now))
}

// UsedAfter is Used at elapsed (as Elapsed returns it for c and now) into
// c's current frame. It is for a caller that needs the estimate and the
// reset of one frame at one instant, as every decision of the limiter
// does: it computes elapsed once, and UsedAfter and ResetAfter are small
// enough to inline where Used and Reset, which read now, are not.
func (t Tier) UsedAfter(c Counts, elapsed time.Duration) int64 {
	return used(c, t.Size, elapsed)
}

// ResetAfter is Reset at elapsed (as Elapsed returns it for c and now) into
// c's current frame; see UsedAfter.
func (t Tier) ResetAfter(c Counts, elapsed time.Duration) time.Duration {
	return reset(c, t.Size, elapsed)
}

// Admits reports whether t admits a request of the given cost at now:
// floor(estimate) + cost ≤ limit.
func (t Tier) Admits(c Counts, cost int64, now time.Time) bool {
	return admits(c, t, cost, t.Elapsed(c, now))
}

// Remaining returns how many units t has left at now: limit −
// floor(estimate), never below 0.
func (t Tier) Remaining(c Counts, now time.Time) int64 {
	return remaining(c, t, t.Elapsed(c, now))
}

// RetryAfter returns the exact time from now until t would admit a request
// of the given cost, if no other hits are counted meanwhile; 0 if it admits
// it now. It is computed from the same math as Admits: at now + RetryAfter
// the request is admitted, a nanosecond earlier it is not. It returns
// ErrNeverAdmitted if the cost exceeds the limit.
func (t Tier) RetryAfter(c Counts, cost int64, now time.Time) (time.Duration, error) {
	return retryAfter(c, t, cost, t.Elapsed(c, now))
}

// Reset returns the time from now until the estimate decays to 0 if no more
// hits are counted.
func (t Tier) Reset(c Counts, now time.Time) time.Duration {
	return reset(c, t.Size, t.Elapsed(c, now))
}

// estimate returns the weighted number of hits in the sliding window of the
// given size ending at now, elapsed being the time since the current frame
// started. It is meant for display; decisions use Admits.
func estimate(c Counts, size, elapsed time.Duration) float64 {
	elapsed = clamp(elapsed, size)
	return float64(c.Prev)*(1-float64(elapsed)/float64(size)) + float64(c.Curr)
}

// used returns floor(estimate): the units of the window that count as spent
// at elapsed time into the current frame. Negative counts are treated as 0.
func used(c Counts, size, elapsed time.Duration) int64 {
	// Both terms are in [0, MaxInt64], so their sum as uint64 cannot
	// wrap, and saturates with one min: cheaper than satAdd, which keeps
	// used small enough to inline into Tier.Used, and Tier.UsedAfter
	// into its callers.
	prev := weighted(max(c.Prev, 0), size-clamp(elapsed, size), size)
	return int64(min(uint64(prev)+uint64(max(c.Curr, 0)), math.MaxInt64))
}

// admits reports whether a request of the given cost is admitted by tier t
// with counts c at elapsed time into the current frame:
// floor(estimate) + cost ≤ limit.
func admits(c Counts, t Tier, cost int64, elapsed time.Duration) bool {
	return satAdd(used(c, t.Size, elapsed), cost) <= t.Limit
}

// remaining returns how many units tier t has left at elapsed time into the
// current frame: limit − floor(estimate), never below 0.
func remaining(c Counts, t Tier, elapsed time.Duration) int64 {
	return max(t.Limit-used(c, t.Size, elapsed), 0)
}

// ErrNeverAdmitted is returned by RetryAfter when the cost exceeds the limit,
// so no amount of waiting admits the request.
var ErrNeverAdmitted = errors.New("window: cost exceeds the limit; never admitted")

// retryAfter returns the exact time from now until a request of the given
// cost would be admitted by tier t, assuming no other hits are counted in the
// meantime; 0 if it is admitted now. It is computed from the same math as
// Admits: at elapsed+RetryAfter the request is admitted, a nanosecond earlier
// it is not.
func retryAfter(c Counts, t Tier, cost int64, elapsed time.Duration) (time.Duration, error) {
	if cost > t.Limit {
		return 0, ErrNeverAdmitted
	}
	elapsed = clamp(elapsed, t.Size)
	prev, curr := max(c.Prev, 0), max(c.Curr, 0)
	// budget is the most that floor(prev-part) may be: prev-part ≤ limit−cost−curr.
	if budget := t.Limit - cost - curr; budget >= 0 {
		at := admittedAt(prev, budget, t.Size)
		return max(at-elapsed, 0), nil
	}
	// Not within this frame. In the next one, the current count becomes the
	// previous one and the current count starts at 0.
	at := admittedAt(curr, t.Limit-cost, t.Size)
	return t.Size - elapsed + at, nil
}

// reset returns the time from now until the estimate decays to 0 if no more
// hits are counted: the end of the next frame if the current frame has hits,
// else the end of the current frame if the previous one had hits, else 0.
func reset(c Counts, size, elapsed time.Duration) time.Duration {
	elapsed = clamp(elapsed, size)
	switch {
	case c.Curr > 0:
		return 2*size - elapsed
	case c.Prev > 0 && elapsed < size:
		return size - elapsed
	default:
		return 0
	}
}

// admittedAt returns the earliest elapsed time e in [0, size] at which
// floor(prev × (size−e)/size) ≤ budget, for budget ≥ 0.
func admittedAt(prev, budget int64, size time.Duration) time.Duration {
	if prev <= budget {
		return 0
	}
	// floor(prev·r/size) ≤ budget  ⇔  prev·r < (budget+1)·size
	// ⇔ r ≤ ceil((budget+1)·size/prev) − 1, with r = size − e the time left.
	hi, lo := bits.Mul64(uint64(budget+1), uint64(size))
	q, rem := bits.Div64(hi, lo, uint64(prev)) // hi < prev since budget+1 ≤ prev
	r := int64(q)
	if rem == 0 {
		r--
	}
	return size - time.Duration(r)
}

// weighted returns floor(n × part / whole) exactly, for n ≥ 0 and
// 0 ≤ part ≤ whole.
func weighted(n int64, part, whole time.Duration) int64 {
	if part == whole {
		return n
	}
	hi, lo := bits.Mul64(uint64(n), uint64(part))
	q, _ := bits.Div64(hi, lo, uint64(whole)) // hi < whole since part < whole
	return int64(q)
}

func clamp(elapsed, size time.Duration) time.Duration {
	return min(max(elapsed, 0), size)
}

func satAdd(a, b int64) int64 {
	if s := a + b; (s > a) == (b > 0) {
		return s
	}
	if b > 0 {
		return math.MaxInt64
	}
	return math.MinInt64
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

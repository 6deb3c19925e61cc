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
// Every function is a pure function of its arguments: the time is passed in,
// never read. Admission and Retry-After use exact integer arithmetic (128-bit
// intermediate products), so they agree with each other to the nanosecond and
// do not drift with floating-point rounding; Estimate returns a float64 for
// display only.
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

// Counts are the hits counted in the previous and in the current frame.
type Counts struct {
	Prev, Curr int64
}

// FrameStartUnix returns the Unix second at which the frame of the given
// size that contains now starts. Frames are aligned to the Unix epoch; size
// must be a whole number of seconds (see Tier.Validate).
func FrameStartUnix(now time.Time, size time.Duration) int64 {
	s := int64(size / time.Second)
	u := now.Unix()
	return u - mod(u, s)
}

// Elapsed returns the time since the start of the frame of the given size
// that contains now, in [0, size).
func Elapsed(now time.Time, size time.Duration) time.Duration {
	start := time.Unix(FrameStartUnix(now, size), 0)
	return now.Sub(start)
}

// Estimate returns the weighted number of hits in the sliding window of the
// given size ending at now, elapsed being the time since the current frame
// started. It is meant for display; decisions use Admits.
func Estimate(c Counts, size, elapsed time.Duration) float64 {
	elapsed = clamp(elapsed, size)
	return float64(c.Prev)*(1-float64(elapsed)/float64(size)) + float64(c.Curr)
}

// Used returns floor(estimate): the units of the window that count as spent
// at elapsed time into the current frame. Negative counts are treated as 0.
func Used(c Counts, size, elapsed time.Duration) int64 {
	elapsed = clamp(elapsed, size)
	prev, curr := max(c.Prev, 0), max(c.Curr, 0)
	return satAdd(weighted(prev, size-elapsed, size), curr)
}

// Admits reports whether a request of the given cost is admitted by tier t
// with counts c at elapsed time into the current frame:
// floor(estimate) + cost ≤ limit.
func Admits(c Counts, t Tier, cost int64, elapsed time.Duration) bool {
	return satAdd(Used(c, t.Size, elapsed), cost) <= t.Limit
}

// Remaining returns how many units tier t has left at elapsed time into the
// current frame: limit − floor(estimate), never below 0.
func Remaining(c Counts, t Tier, elapsed time.Duration) int64 {
	return max(t.Limit-Used(c, t.Size, elapsed), 0)
}

// ErrNeverAdmitted is returned by RetryAfter when the cost exceeds the limit,
// so no amount of waiting admits the request.
var ErrNeverAdmitted = errors.New("window: cost exceeds the limit; never admitted")

// RetryAfter returns the exact time from now until a request of the given
// cost would be admitted by tier t, assuming no other hits are counted in the
// meantime; 0 if it is admitted now. It is computed from the same math as
// Admits: at elapsed+RetryAfter the request is admitted, a nanosecond earlier
// it is not.
func RetryAfter(c Counts, t Tier, cost int64, elapsed time.Duration) (time.Duration, error) {
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

// Reset returns the time from now until the estimate decays to 0 if no more
// hits are counted: the end of the next frame if the current frame has hits,
// else the end of the current frame if the previous one had hits, else 0.
func Reset(c Counts, size, elapsed time.Duration) time.Duration {
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

// Package clocksteps tells a step of the wall clock (a manual set, an NTP
// step, a VM's clock set right, a resume from suspend) from time that
// passed, by comparing the wall clock's reading with the monotonic clock's
// at each observation: between two readings of time.Now both move by the
// time that passed, NTP's slewing included (Linux's CLOCK_MONOTONIC is
// slewed with CLOCK_REALTIME), and only a step moves the wall clock alone.
// So wall − monotonic (the offset) is constant but for steps, however far
// apart the observations are: a clock observed again after an hour still
// sees a step made in that hour, exactly, only not when in the hour.
//
// A Detector remembers the least offset the clock had within a horizon, so
// that a cache can keep a frame while it is still in its window by the
// clock at that offset (At): counts made while the clock read ahead are
// then not given up by the clock that is ahead (helper-162's Rule M-all,
// bench/results/2026-11-28-issue12-s31/h162-report.md).
//
// What it cannot see: a clock already wrong when the Detector was made
// (its offset is the base every step is measured from), other processes'
// clocks, and which of two offsets is the right one (a step back may set a
// clock ahead right, or set a right clock behind). Linux's CLOCK_MONOTONIC
// stops while the machine is suspended and CLOCK_REALTIME does not, so a
// resume reads as a step ahead by the time suspended (held longer, by At,
// not lost).
package clocksteps

import (
	"sync"
	"sync/atomic"
	"time"
)

// Step is one step of the wall clock that a Detector saw.
type Step struct {
	// By is how far the wall clock stepped: ahead if positive.
	By time.Duration
	// AfterMono and AtMono bound when, on the monotonic clock: after the
	// observation at AfterMono, at or before the one at AtMono; AtWall is
	// the wall clock at AtMono (Unix ns).
	AfterMono, AtMono time.Duration
	AtWall            int64
}

// Slack is how far the offset may move between two observations without a
// step. time.Now reads the two clocks one after the other (two vDSO calls
// on linux/amd64): a goroutine preempted between them reads a pair
// milliseconds apart, once (5.1 ms at most over 60 million calls on the
// project's machine, helper-162's results/monojitter), which the next
// observation does not repeat; a step is one only when two observations in
// a row agree on it (Observe). Steps shorter than this are not reported:
// the cache counts in frames of a second or more.
const Slack = 10 * time.Millisecond

// maxKept is how many steps a Detector keeps for Seen.
const maxKept = 16

// maxLeft is how many offsets the clock left a Detector remembers for the
// least one (Least); past it the two latest are merged into the lesser
// offset until the later end, which holds longer and loses nothing.
const maxLeft = 32

// Detector observes pairs of wall and monotonic readings. Observe is
// called from one goroutine at a time; Least, At and Seen from any.
type Detector struct {
	horizon time.Duration
	base    int64 // wall − mono at the first observation; set by New

	// Written by Observe only.
	off     int64 // wall − mono − base as of the last confirmed step
	cand    int64 // an observation's offset that differs from off, not yet confirmed
	hasCand bool
	candAt  Step          // where the candidate was seen (its By unset)
	last    time.Duration // the monotonic reading of the last observation
	// left holds offsets the clock left within the horizon, each with the
	// monotonic reading at which it was left; both increase along it (a
	// sliding minimum: an offset left before a lesser one is forgotten).
	left []leftOffset

	least atomic.Int64 // the least of off and left, as of the last observation

	mu    sync.Mutex
	steps []Step // the latest maxKept, oldest first
	total int64  // steps seen, all of them
}

type leftOffset struct {
	off int64
	end time.Duration
}

// New returns a Detector whose first observation is (wall, mono): wall
// Unix ns, mono a monotonic reading (any origin, the same for every
// observation). An offset the clock left counts for Least for horizon
// after it was left.
func New(horizon time.Duration, wall int64, mono time.Duration) *Detector {
	return &Detector{horizon: horizon, base: wall - int64(mono), last: mono}
}

// Observe records an observation of the wall clock (Unix ns) and the
// monotonic clock read together, and reports the step it confirms, if any.
// A step is confirmed by the second of two observations in a row whose
// offsets differ from the last confirmed one by more than Slack and agree
// with each other within it; it is dated by the first.
func (d *Detector) Observe(wall int64, mono time.Duration) (Step, bool) {
	o := wall - int64(mono) - d.base
	prev := d.last
	d.last = mono
	var s Step
	ok := false
	switch {
	case abs64(o-d.off) <= int64(Slack):
		d.hasCand = false
	case d.hasCand && abs64(o-d.cand) <= int64(Slack):
		s = d.candAt
		s.By = time.Duration(d.cand - d.off)
		d.leave(d.off, mono)
		d.off, d.hasCand, ok = d.cand, false, true
		d.mu.Lock()
		if len(d.steps) == maxKept {
			d.steps = append(d.steps[:0], d.steps[1:]...)
		}
		d.steps = append(d.steps, s)
		d.total++
		d.mu.Unlock()
	default:
		// A first observation off by more than the slack, or one that
		// disagrees with the candidate: the candidate now.
		d.cand, d.hasCand = o, true
		d.candAt = Step{AfterMono: prev, AtMono: mono, AtWall: wall}
	}
	for len(d.left) > 0 && d.left[0].end < mono-d.horizon {
		d.left = d.left[1:]
	}
	least := d.off
	if len(d.left) > 0 {
		least = min(least, d.left[0].off)
	}
	d.least.Store(least)
	return s, ok
}

// leave records that the clock left offset o at mono (the observation
// that confirmed the next one: the wall clock was read at o until then).
func (d *Detector) leave(o int64, mono time.Duration) {
	for len(d.left) > 0 && d.left[len(d.left)-1].off >= o {
		d.left = d.left[:len(d.left)-1]
	}
	if len(d.left) == maxLeft {
		// Merged with the latest: the lesser offset, until now.
		o = d.left[len(d.left)-1].off
		d.left = d.left[:len(d.left)-1]
	}
	d.left = append(d.left, leftOffset{off: o, end: mono})
}

// Pending reports whether the last observation's offset differs from the
// last confirmed one and waits for the next to confirm it: that reading of
// the wall clock may be one pair read across a preemption, or a step out
// and back, and a clock that publishes its readings holds it back
// (Confirmed).
func (d *Detector) Pending() bool { return d.hasCand }

// Confirmed returns the wall clock (Unix ns) at monotonic reading mono by
// the last confirmed offset. Called from Observe's goroutine.
func (d *Detector) Confirmed(mono time.Duration) int64 {
	return int64(mono) + d.base + d.off
}

// Least returns the least offset (ns, relative to the first observation's)
// the clock had within the horizon as of the last observation, the
// confirmed one included: one left longer ago than the horizon is
// forgotten at the next observation.
func (d *Detector) Least() int64 { return d.least.Load() }

// At returns, for a reading of the wall clock (Unix ns) and the monotonic
// clock read together, how far in whole seconds, rounded up, the wall
// clock reads ahead of the least offset it had (excess), and the Unix
// second it reads at that offset (low). The reading's own offset counts
// as one it had: a reading below the least (a step back not yet
// confirmed) gives excess 0 and low the reading's second. Without steps,
// (0, wall's second).
//
// A cache keeps a frame while it is in its window by the clock at low,
// and gives it up once behind by it: a frame counted while the clock read
// ahead stays until the clock at its least offset has left it too.
func (d *Detector) At(wall int64, mono time.Duration) (excess, low int64) {
	o := wall - int64(mono) - d.base
	ex := max(o-d.least.Load(), 0)
	const sec = int64(time.Second)
	return (ex + sec - 1) / sec, floorDiv(wall-ex, sec)
}

// Seen returns the steps kept (the latest 16) and how many were seen in
// all.
func (d *Detector) Seen() ([]Step, int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]Step(nil), d.steps...), d.total
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

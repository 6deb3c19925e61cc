package cache

import (
	"slices"
	"time"
)

// With Config.Steps set, one rule replaces the holds of counts made by a
// clock ahead (helper-162's Rule M-all, bench/results/2026-11-28-issue12-s31/
// h162-report.md): a frame's counts not flushed yet are kept while the
// frame is in its window by the clock at the least offset from the
// monotonic clock it had (lowOf), and given up once behind by that clock.
// If the right offset is one the clock had, a frame is given up only once
// it has left every real window; without a step the clock is at its least
// offset and a frame goes once behind by it, so a pause holds nothing.
// What the detector cannot see, a clock already wrong when it started
// above all, no rule of the cache can tell either; HEAD's rules held such
// counts for two frames by the wrong clock (holdBehind), this one does not.
//
// It replaces, with Steps set: holdBehind and the marks it leaves
// (heldUntil, holdOn, orphansOf), the one-frame lag of a clock back a
// little ahead, helper-147's extension for frames after the counter's,
// helper-154's aheadRead, and addLocal's hold of a request in flight
// across a jump (anchor, inFlight, until): rollOut and dropBehind call the
// functions below instead; those stay for Steps nil. addLocal keeps a
// request in flight across a jump as an orphan either way, which is all
// the rule needs: the hold it marks (anchor, until, heldUntil) is read by
// dropBehind's rules without Steps only.

// lowOf returns Unix second u as the clock would read it at the least
// offset it had (Config.Steps), less a second: no later than the reading
// at that offset for a reading up to a second old, and for one taken
// before a step back and used after it (low, read now).
func (e *open) lowOf(u int64) int64 {
	excess, low := e.steps()
	return min(u-excess, low) - 1
}

// rollOutSteps is rollOut's rule with Steps for counter c, which rolls to
// frame start ns (u's): the local counts of the frames c leaves, still in
// their window by the clock at its least offset, become orphans of their
// frames. A roll of one frame leaves c's previous frame; its counts are
// kept only while the clock reads ahead of its least offset (excess > 0):
// at it they are behind the window (but at the frame's first second,
// lowOf's second), and holding them cost every busy key its overflow
// through a store outage (TestOneFrameRollHoldsNothing).
func (e *open) rollOutSteps(c *counter, ns, u int64) {
	if ns <= c.start || c.local == [2]int64{} {
		return
	}
	one := ns == c.start+int64(c.size)
	if one && c.local[0] == 0 {
		return // the current frame stays, as the previous one
	}
	excess, low := e.steps()
	if one && excess <= 0 {
		return
	}
	ul := min(u-excess, low) - 1
	held := false
	for i, d := range c.local {
		if one && i == 1 {
			continue
		}
		if f := c.frame(i, d); d != 0 && !behind(f, ul) {
			o := e.overflow()
			o.orphan = addFrame(o.orphan, f, 0)
			held = true
		}
	}
	if held && e.owner != nil {
		e.capHeld(time.Duration(c.size)*time.Second, u, ul)
	}
}

// capHeld gives up e's oldest orphans of the given size behind their window
// at Unix second u past Config.MaxHeldFrames, their counts added to
// Stats.Dropped: a flush by this clock would not write them, and only a
// clock set back to them misses them, but it does, so they are counted, not
// let go silently (as dropBehindSteps lets go those behind the window at the
// least offset too, which no clock counts any more). The oldest go, as
// holdBehind's do without Steps: the latest are the frames a clock set back
// reaches last, in its window the longest. Run on a roll that held a frame,
// not per request: at most two go a call, but after a flush in flight.
//
// While a flush has e's counts (taken), the frames that may hold them
// (before overflow.tookUpTo) do not go: the frames it took are among the
// oldest held, and one it writes and the cap gave up was counted twice,
// written and in Stats.Dropped (Confirm then finds nothing to subtract;
// TestStepsHeldCapSparesAFlushInFlight, TestStepsHeldCappedSparesTheWholeDelta).
// Past the cap with those alone, the holds wait for the flush's answer,
// and the first roll after goes back to the cap
// (TestStepsHeldCapAllTheFlushs).
//
// Those of the size behind their window by the clock at its least offset
// (ul, rollOutSteps') go first, not counted, as dropBehindSteps gives them
// up at the next flush: they count in no window any more. Left to it and
// counted against the cap, they went as the oldest, into Stats.Dropped,
// between two flushes of a store outage (backed off to 30 s) with a clock
// 2 s ahead (TestStepsHeldCapped, a flush every 30 s).
//
// Uncapped, a busy key held excess ÷ size + 1 frames of a size through a
// store outage (or windows shorter than the sync interval), bounded by the
// requests counted, not by MaxKeys: a day ahead (the detector's horizon),
// 86,298 frames of a 1 s window, 3.4 MB a key (BenchmarkStepsHeldMemory).
//
// While a flush is out, the frames after the newest of its delta
// (overflow.tookUpTo) hold none of its counts: those are capped, the
// oldest first, the others kept. Left alone until the flush answered, a
// key whose write's answer was lost as the store went down (the syncer
// keeps it unsettled, the key taken, until a read resolves it) held a
// frame a second through the whole outage (TestStepsHeldCappedWhileTaken:
// 199 frames of a 1 s window in 200 s, an hour ahead). A key taken with no
// block gets its tookUpTo when one is made (open.overflow).
func (e *open) capHeld(size time.Duration, u, ul int64) {
	most := e.owner.cfg.MaxHeldFrames
	if most < 0 {
		return
	}
	o := e.more
	free := func(f orphanFrame) bool { return true }
	if e.isCold(taken) {
		if o.tookUpTo == 0 {
			return
		}
		free = func(f orphanFrame) bool { return f.StartUnix >= o.tookUpTo }
	}
	o.orphan = slices.DeleteFunc(o.orphan, func(f orphanFrame) bool { return f.Size == size && behind(f.Frame, ul) && free(f) })
	isHeld := func(f orphanFrame) bool { return f.Size == size && behind(f.Frame, u) }
	for n := countFunc(o.orphan, isHeld); n > most; n-- {
		oldest := -1
		for i, f := range o.orphan {
			if isHeld(f) && free(f) && (oldest < 0 || f.StartUnix < o.orphan[oldest].StartUnix) {
				oldest = i
			}
		}
		if oldest < 0 {
			break // the rest may be the flush's
		}
		if n := o.orphan[oldest].N; n > 0 {
			e.owner.dropped.Add(n)
		}
		o.orphan = slices.Delete(o.orphan, oldest, oldest+1)
	}
}

// tookFrames notes, with Steps, the newest frame start of the delta fs a
// flush takes from e (see overflow.tookUpTo), if e has an overflow block:
// a key holds frames in one, and one made for this would cost every key
// taken (TestStepsHeldLongerAfterAStepBack).
func (e *open) tookFrames(fs []Frame) {
	if e.more == nil {
		return
	}
	var newest int64
	for i, f := range fs {
		if i == 0 || f.StartUnix > newest {
			newest = f.StartUnix
		}
	}
	e.more.tookUpTo = newest + 1
}

// overflow is coldLine's overflow for e, opened with Steps: a block made
// while a flush has e's counts (taken) notes, as tookUpTo, one more than
// the newest of its counters' frame starts. A take of a key with no block
// (tookFrames notes nothing) took its counters' counts only, of their
// frames and the one before, and a counter moves back only as retire
// gives its counts to this block first: no later frame holds any of the
// delta. Left 0, a key taken with no block (its write's answer lost as
// the store went down, a right clock that then jumped ahead) held a frame
// a second, never capped (TestStepsHeldCappedTakenWithoutABlock: 199 of a
// 1 s window in 200 s).
func (e *open) overflow() *overflow {
	if e.more != nil || e.steps == nil || !e.isCold(taken) {
		return e.coldLine.overflow()
	}
	o := e.coldLine.overflow()
	for i := range int(e.n) {
		if s := e.at(i).start; i == 0 || s >= o.tookUpTo {
			o.tookUpTo = s + 1
		}
	}
	return o
}

// dropBehindSteps is dropBehind's rule with Steps: the orphans behind their
// window by the clock at its least offset go, and only those, on an
// evicted key too (its record keeps them until flushed, as it keeps its
// counter's, up to MaxKeys such keys: evictForCap), which without Steps
// gave them up at once by a clock that may be ahead
// (TestStepsEvictedKeepsHeld).
func (e *open) dropBehindSteps(u int64) {
	o := e.more
	ul := e.lowOf(u)
	o.orphan = slices.DeleteFunc(o.orphan, func(f orphanFrame) bool { return behind(f.Frame, ul) })
	for i := range o.orphan {
		o.orphan[i].inFlight = false
	}
	if len(o.orphan) == 0 {
		o.heldUntil, o.holdOn = 0, false
	}
	o.anchor = false
	if len(o.orphan) == 0 && len(o.extra) == 0 && o.epoch == 0 && o.epochDropped == 0 && !o.takenDropped &&
		(e.n <= 1 || e.n == 2 && e.room2) {
		e.more = nil
	}
}

package cache

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// This file moves a key's counts between frames and window sizes: its
// counters roll with the clock (rollTo) and follow the policy's sizes
// (track, retire, adopt); snapshots from the store replace the global counts
// (install); commits and confirmed flushes add to and subtract from the
// local ones (addLocal), and resets drop them (dropLocal).

// rollAll moves every counter to the frame that contains now; a counter
// that moves adopts the stored frames it now has a slot for.
func (e *open) rollAll(now time.Time) { e.rollEach(now.Unix()) }

// rollEach is rollAll for a caller that has now's Unix second u already. A
// frame starts at a whole second, so u is all it needs of now.
func (e *open) rollEach(u int64) {
	for i := range int(e.n) {
		e.rollTo(e.at(i), u)
	}
}

// rollForward is rollAll for a now that may be behind e's counters: a
// pull's, read before its I/O, while requests rolled the counters on. A
// counter ahead of now stays where it is: rolled back to now's frame as
// for a clock that stepped back (rollOut), it gave its counts up to extra
// frames and orphans (an overflow for a key that had none), and Apply
// compared a read of the version it held with that frame, whose count it
// had dropped when the frame left its window, and installed the read as
// holding other counts (TestApplyHeldVersionAtAnOlderNow).
func (e *open) rollForward(now time.Time) {
	u := now.Unix()
	for i := range int(e.n) {
		if c := e.at(i); u >= c.start {
			e.rollTo(c, u)
		}
	}
}

// rollTo moves c, one of e's counters, to the frame that contains Unix
// second u. It is small enough to inline: a counter still in its frame
// (c.start is a frame's start), which is what nearly every decision finds,
// costs no call and no division.
func (e *open) rollTo(c *counter, u int64) {
	// u-start as unsigned is ≥ size also when u < start (a clock that
	// stepped back, which roll leaves where it is).
	if uint64(u-c.start) >= uint64(c.size) {
		e.rollOut(c, u)
	}
}

// rollOut is rollTo's path for a counter that u is not in the frame of.
//
// A clock that stepped back into the frame before c's stays in c's (roll),
// so that a clock a moment behind another, or a coarse clock's tick late,
// counts where the others do. One that stepped back further (a clock that
// ran ahead set right by NTP, a VM restored from a snapshot) moves c back
// to its frame, and c's counts of the frames ahead become frames of their
// own (extra and orphan, as retire makes them), written to the store as
// they are: kept in c, the counts of the frame the clock had reached
// stayed the key's estimate until the clock came back to that frame, and
// a key at its limit there was refused on this instance for as long as
// the step (an hour, in a run of three instances, each refusal with
// Retry-After 1 s; TestClockSteppedBack).
//
// A clock that moved two frames or more ahead at once leaves c's frames
// behind its window, and c.roll clears them; the local counts among them,
// not flushed yet, are held as orphans first (holdBehind), not dropped:
// the clock may have jumped ahead and come back, and then those counts are
// of the frames it comes back to.
func (e *open) rollOut(c *counter, u int64) {
	ns := frameStart(time.Unix(u, 0), int64(c.size))
	if ns < c.start-int64(c.size) {
		e.retire(c) // its local counts were queued for a flush when counted
		*c = counter{size: c.size, start: ns}
		e.adopt(c)
		e.seenBack()
		return
	}
	if u < c.start {
		e.seenBack()
		// c stays in its frame, ahead of this clock by up to its size:
		// the counts it takes until it rolls may be of a frame the real
		// clock has not reached (holdBehind holds them a size longer).
		e.setCold(aheadRead, true)
	}
	switch {
	case e.steps != nil:
		// An evicted key's record too (a flush takes it, and rolls it, a
		// clock ahead): its counts in their window by the clock at its
		// least offset are kept, as dropBehindSteps keeps its orphans;
		// by the evicted case below they were lost, and not counted
		// (TestStepsEvictedRollKeepsCounts).
		e.rollOutSteps(c, ns, u) // steps.go
	case e.is(evicted):
	case ns > c.start+int64(c.size) && (c.local != [2]int64{} || e.orphansOf(c)):
		// Orphans of c's size are held on too (orphansOf): those of
		// frames after c's, counted by a clock ahead of c (a request
		// reserved while the clock was ahead, committed after it was set
		// right and jumped ahead again, before anything rolled c:
		// TestCommittedAheadOfTheCounterHeld), and held ones once the
		// clock has come back from their hold (holdOn): a clock set back
		// with them still unwritten (the store down) that jumps ahead
		// again past their hold's end, and is set back again, finds them
		// still to come (TestHeldAcrossTwoJumps,
		// TestHeldAheadAfterASecondJump). Not by a clock that never came
		// back: held on by every roll of two frames, a key counted once
		// in a store outage whose flushes (backed off to 30 s) came more
		// than two of its frames apart kept the count, its overflow, and
		// its place out of the sweep's reach, for as long as the outage
		// lasted (TestHeldNotHeldOnByARightClock).
		e.holdBehind(c, u)
	}
	// One frame on, the previous frame's counts not flushed yet leave the
	// window by this clock and are dropped, not held: with the store up
	// they are flushed within a sync interval, so only a store down (or a
	// window of a second) leaves any, and then every busy key has some at
	// each frame's end. Held (2026-11-28, for a clock that jumped ahead by
	// less than two frames and came back), they cost 248 bytes a key (its
	// overflow block) for as long as an outage lasts, where the counts
	// they keep matter only if the clock also jumped in that outage
	// (TestOneFrameRollHoldsNothing).
	if c.roll(ns) && e.more != nil {
		e.adopt(c)
	}
	if e.isCold(aheadRead) && e.inFrames(u) {
		e.setCold(aheadRead, false) // every counter rolled to u's frame
	}
}

// inFrames reports whether each of e's counters is in the frame of Unix
// second u.
func (e *open) inFrames(u int64) bool {
	for i := range int(e.n) {
		if c := e.at(i); uint64(u-c.start) >= uint64(c.size) {
			return false
		}
	}
	return true
}

// holdBehind moves c's local counts into orphans of their frames, before
// c rolls two frames or more ahead to the frame of Unix second u, and keeps
// the orphans behind their window until u + 2 × c's size (overflow's
// heldUntil; those of frames after c's longer, see below).
//
// Dropped, as they were, they were lost when the clock had jumped ahead
// and came back (an NTP step after a clock set ahead, a VM's clock set
// right): the counts of the frame the clock left, not flushed yet, were
// gone from this instance's estimate and never written, so the others, and
// this one, admitted them again in that real frame (syncer's
// TestClockAheadAndBackKeepsTheCounts). Held, they are written only while
// they are in the window by the clock of the flush (see pending: a flush
// never writes a frame behind its window, which cache.Merge and the
// syncer's pruning rest on); a clock that comes back to their frames
// finds them (adopt, after the step back above; or, back to the frame
// after theirs, as orphans in the window, which the next flush writes).
// Frames the clock did leave for good leave the window of every real clock
// by u + 2 × the size: the counts were made in c's current frame or
// before, so at most that long before u in real time, however far ahead
// u is. From then on they go (dropBehind). Of the frames earlier holds
// held, behind c's window before this one, the two latest stay held, per
// size, and older ones go now, so that a key used every few frames while
// the store is down holds four frames a size at most, not one more per use.
// Until 2026-11-28 those went too: a clock that jumped ahead, was set back
// (the counts still held: the store down) and jumped ahead again before
// they were written lost them (the simulation's jumps; TestHeldAcrossTwoJumps).
func (e *open) holdBehind(c *counter, u int64) {
	o := e.overflow()
	size := time.Duration(c.size) * time.Second
	earlier := func(f orphanFrame) bool { return f.Size == size && f.StartUnix < c.start-int64(c.size) }
	for n := countFunc(o.orphan, earlier); n > 2; n-- {
		oldest := -1
		for i, f := range o.orphan {
			if earlier(f) && (oldest < 0 || f.StartUnix < o.orphan[oldest].StartUnix) {
				oldest = i
			}
		}
		o.orphan = slices.Delete(o.orphan, oldest, oldest+1)
	}
	reset := len(o.orphan) == 0 || e.backBeforeHold(u)
	if reset {
		// The end of a hold whose orphans are gone (adopted or written
		// once the clock was back: only dropBehind clears it), or of one
		// the clock has come back from, is no end of this one: kept, a
		// later one (max, below) of a clock that had jumped further, it
		// read this jump as one the clock had come back from, and
		// dropBehind gave up its counts at the jump's own flush
		// (TestHeldBehindAfterAFarJumpAdopted).
		o.heldUntil = 0
	}
	o.holdOn = false // a new hold: until the clock comes back from it
	for i, d := range c.local {
		if d != 0 {
			o.orphan = addFrame(o.orphan, c.frame(i, d), 0)
		}
	}
	// u is the take's second, floored: the frames may weigh on a real
	// window up to a second past u + 2 × the size by this clock (a count
	// made 0.4 s into a 2 s frame, a take 0.96 s into its second: held to
	// u + 4 only, the count was given up 0.2 s before its frame left the
	// real window; the simulation's jumps).
	end := uint32(min(max(u+2*int64(c.size)+1, 0), math.MaxUint32))
	o.heldUntil = max(o.heldUntil, end)
	// Every orphan is held to this end: those of earlier holds too, as
	// one end held them all, since the clock may have jumped again.
	//
	// One of a frame after c's (counted by a clock ahead of c's, a
	// request reserved while the clock was ahead and committed after it
	// was set right: see rollOut) may be ahead of the real clock by up to
	// the difference of their starts, and is held that much longer: held
	// to end, a take by a clock an hour ahead 21 s after this one gave it
	// up before the real clock had reached its frame (the simulation's
	// jumps, seed 14517789502130780888;
	// TestCommittedAheadHeldPastTheJumpsHold). Only its own end
	// (dropBehind): heldUntil still tells the jump's second
	// (backBeforeHold). At most a day longer (window.MaxSize, the longest
	// window a tier may have): a frame further ahead of the real clock
	// weighs on no window for a day or more, and held as long as the clock
	// had been ahead, a clock set 30 days ahead held the count, the
	// overflow and the key out of the sweep's reach, queued for every
	// flush, for 30 days (TestCommittedAheadHoldCappedAtADay).
	//
	// c itself, and so its frame's counts and those of frames after it,
	// may be ahead of the real clock by up to its size when a clock read
	// before c's frame since c rolled there (aheadRead: rollOut leaves c
	// in its frame for a clock that stepped back into the frame before,
	// a clock ahead set right): the counts were then not made by a clock
	// that had reached c's frame, and are held a size longer. Held to end,
	// a request reserved by a clock 3 s ahead, committed into c's frame
	// after the clock was set right and before it jumped an hour ahead,
	// was given up by a take 1 s before its frame left the real window
	// (the simulation's jumps, =stack, seed 14274432968709304804;
	// TestCommittedInACounterAheadOfTheClockHeld).
	var back int64
	if e.isCold(aheadRead) {
		back = int64(c.size)
	}
	for i := range o.orphan {
		if reset {
			o.orphan[i].until = 0
		}
		o.orphan[i].until = max(o.orphan[i].until, end)
		if f := &o.orphan[i]; f.StartUnix > c.start || back > 0 && f.StartUnix == c.start {
			ahead := min(f.StartUnix-c.start+back, int64(window.MaxSize/time.Second))
			f.until = max(f.until, uint32(min(max(u+ahead+2*int64(f.Size/time.Second)+1, 0), math.MaxUint32)))
		}
	}
}

// seenBack records that the clock read before a frame e had counted in, or
// before the jump of the hold that holds its orphans: a later roll of two
// frames or more holds the orphans on (see overflow.holdOn).
func (e entry) seenBack() {
	if e.more != nil && len(e.more.orphan) > 0 {
		e.more.holdOn = true
	}
}

// countFunc returns how many frames of fs f reports true for.
func countFunc(fs []orphanFrame, f func(orphanFrame) bool) (n int) {
	for _, g := range fs {
		if f(g) {
			n++
		}
	}
	return n
}

// orphansOf reports whether e holds orphans of c's size that a roll of c
// two frames or more on holds on: of a frame after c's, or any once the
// clock has come back from a hold (overflow.holdOn).
func (e *open) orphansOf(c *counter) bool {
	if e.more == nil {
		return false
	}
	size := time.Duration(c.size) * time.Second
	for _, f := range e.more.orphan {
		if f.Size == size && (e.more.holdOn || f.StartUnix > c.start) {
			return true
		}
	}
	return false
}

// behind reports whether f is behind its window at Unix second u: it
// starts before the previous frame of its size. cache.Merge leaves such a
// frame out of a write.
func behind(f Frame, u int64) bool {
	sz := int64(f.Size / time.Second)
	return sz > 0 && f.StartUnix < frameStart(time.Unix(u, 0), sz)-sz
}

// dropBehind drops e's orphans behind their window at Unix second u once u
// is past what holdBehind held them for (at once those no jump held: of a
// size a reload retired, left behind since), and at once on an evicted key,
// which holds none (rollOut, evictForCap): held, they kept it detached,
// one of the MaxKeys evicted keys that may wait for a flush, beyond which
// the counts of others, in their window, are dropped (Stats.Dropped).
// Not counted there: by a right clock they are behind every window, and
// only a clock that had jumped ahead and comes back to their frames misses
// them, which the key's state does not tell (TestHeldFramesEvictedUncounted).
// An overflow left holding nothing is given back: holdBehind makes one for
// a key whose clock moved two frames at once while it had counts not
// flushed, which every key used again after such a pause while the store
// is down has.
//
// They go at once, too, when the clock reads before the jump that held
// them (u below heldUntil less two of the longest size held or counted: the
// clock was set back, to after their frames, which are behind its window):
// held until the jump's second by a clock back, they kept a key used
// before the jump out of the sweep's reach, queued for every flush and
// with its overflow, for as long as the clock had jumped (the years of a
// clock set years ahead; TestHeldBehindGivenUpOnceTheClockIsBack). A clock
// never set back reads the jump's second or later.
func (e *open) dropBehind(u int64) {
	o := e.more
	if o == nil || len(o.orphan) == 0 {
		return
	}
	if e.steps != nil {
		e.dropBehindSteps(u) // steps.go, an evicted key's too
		return
	}
	if o.anchor {
		// A request in flight across a jump, committed into a frame behind
		// its counter's previous one (addLocal): the reading that rolled
		// the counter on may be up to a frame past the counter's frame
		// start, and the jump up to that reading less the request's
		// frame start. This take's second is after that reading: held
		// until two of the longest orphan's size past it (+1, the second
		// floored), as holdBehind holds, the count is written once the
		// clock is back. Held until two past the counter's frame start, a
		// take 24 s ahead, 4.7 s into a 5 s frame after the roll, gave it
		// up while its frame still weighed on the real window (the
		// simulation's stacked jumps, seed 13777544541191805033;
		// TestInFlightHeldAFramePastTheRoll).
		//
		// Each such frame to its own end (orphanFrame.until), the others
		// not renewed: one end for all, every commit in flight renewed
		// the hold of every frame held before it, and a key whose
		// requests kept taking longer than a frame and the time to its
		// end held every such frame for as long as they came
		// (TestInFlightHoldBoundedUnderSteadySlowRequests).
		//
		// A take that reads before the key's hold (backBeforeHold) finds
		// a hold made by a clock it has come back from: addLocal's, two
		// frames past a counter that clock had rolled on, or an earlier
		// jump's. It is not this clock's, which may still be ahead (set
		// right, then ahead again, the key untouched between): read as
		// a clock set back after the frames ended, it gave the commit's
		// frames up at once, and the clock set right found the frame,
		// still in the real window, without them (the simulation's
		// jumps, =1, seed 2567410787843930839;
		// TestInFlightCommittedBehindAStaleHold). The hold starts again
		// from this take, the other frames' no longer than it.
		o.anchor = false
		var longest int64
		for i := range o.orphan {
			longest = max(longest, int64(o.orphan[i].Size/time.Second))
		}
		held := uint32(min(max(u+2*longest+1, 0), math.MaxUint32))
		rebase := !e.is(evicted) && e.backBeforeHold(u)
		for i := range o.orphan {
			f := &o.orphan[i]
			switch {
			case f.inFlight && !e.is(evicted):
				end := uint32(min(max(u+2*int64(f.Size/time.Second)+1, 0), math.MaxUint32))
				if rebase {
					f.until = end
				} else {
					f.until = max(f.until, end)
				}
			case rebase:
				f.until = min(f.until, held)
			}
			f.inFlight = false
		}
		switch {
		case rebase:
			o.heldUntil = held
		case !e.is(evicted):
			o.heldUntil = max(o.heldUntil, held)
		}
	}
	var lag int64
	own := false
	switch {
	case e.is(evicted):
	case u >= int64(o.heldUntil):
		// Past the key's hold: every frame behind goes but one that
		// holdBehind held past it (ahead of its counter).
		own = true
	case e.backBeforeHold(u):
		// Back, the clock may still be a little ahead (set right in two
		// steps, or skewed): a frame just behind its window by it may be
		// the previous frame by the real clock and by its own once set
		// right. Given up one frame later: given up at once, 2 s ahead
		// at a 10 s frame's end, the count was lost (the simulation's
		// jumps; TestHeldBehindBackALittleAhead).
		lag = 1
		e.seenBack()
	default:
		own = true // those past their own hold (orphanFrame.until) go
	}
	o.orphan = slices.DeleteFunc(o.orphan, func(f orphanFrame) bool {
		sz := int64(f.Size / time.Second)
		return behind(f.Frame, u) && f.StartUnix < frameStart(time.Unix(u, 0), sz)-(1+lag)*sz && (!own || u >= int64(f.until))
	})
	if len(o.orphan) == 0 {
		o.heldUntil, o.holdOn, o.anchor = 0, false, false
	}
	if len(o.orphan) == 0 && len(o.extra) == 0 && o.epoch == 0 && o.epochDropped == 0 && !o.takenDropped &&
		(e.n <= 1 || e.n == 2 && e.room2) {
		e.more = nil
	}
}

// backBeforeHold reports whether Unix second u is before the latest jump
// that held orphans (see holdBehind): heldUntil is at most that jump's
// second plus two of the longest size among e's counters and orphans,
// plus one.
func (e *open) backBeforeHold(u int64) bool {
	longest := e.longestSec()
	for _, f := range e.more.orphan {
		longest = max(longest, int64(f.Size/time.Second))
	}
	return u < int64(e.more.heldUntil)-2*longest-1
}

// adopt moves into c the extra frames and orphan counts of its size that
// fall into its slots.
func (e *open) adopt(c *counter) {
	o := e.more
	if len(o.extra) == 0 && len(o.orphan) == 0 {
		return
	}
	size := time.Duration(c.size) * time.Second
	o.extra = slices.DeleteFunc(o.extra, func(f Frame) bool {
		if i := c.slot(f.StartUnix); f.Size == size && i >= 0 {
			c.sum[i] += f.N
			return true
		}
		return false
	})
	o.orphan = slices.DeleteFunc(o.orphan, func(f orphanFrame) bool {
		if i := c.slot(f.StartUnix); f.Size == size && i >= 0 {
			c.count(i, f.N)
			return true
		}
		return false
	})
}

// counterOf returns e's counter of the given window size (seconds), or nil.
func (e *open) counterOf(sizeSec int64) *counter {
	for i := range int(e.n) {
		if c := e.at(i); int64(c.size) == sizeSec {
			return c
		}
	}
	return nil
}

// track makes sure e counts in every size of tiers; a new counter adopts
// the stored frames and the orphan counts of its size. A key limited by more
// than MaxSizes sizes over its life (policy reloads) gives up the counter of
// the size the current tiers do not use that a policy used least recently:
// its global counts become extra frames and its local ones orphans, so
// nothing it holds is lost or left unwritten.
// It reports whether it made orphans (e must then be queued for a flush).
func (e *open) track(tiers []window.Tier, now time.Time) (orphaned bool) {
	for _, t := range tiers {
		sz := int64(t.Size / time.Second)
		if e.counterOf(sz) != nil {
			continue
		}
		if sz < 1 || sz > math.MaxInt32 {
			// A caller's bug, as in decide: below a second,
			// FrameStartUnix would divide by zero; from 2^31 seconds (68
			// years), a Reservation could not name the size (see its
			// sizes). Checked once per new size of a key, not per
			// decision.
			panic(fmt.Sprintf("cache: Reserve with a tier of size %v; sizes from 1s to %v are accepted", t.Size, time.Duration(math.MaxInt32)*time.Second))
		}
		c := counter{size: int32(sz), start: t.FrameStartUnix(now)}
		var slot *counter
		if n := int(e.n); n < MaxSizes {
			if n >= 2 || n == 1 && !e.room2 {
				e.overflow() // the new counter's place
			}
			e.n++
			slot = e.at(n)
		} else {
			// The last counter no tier uses: the one a policy used
			// least recently (see the order below).
			for i := int(e.n) - 1; i >= 0; i-- {
				if old := e.at(i); !usesSize(tiers, int64(old.size)) {
					slot = old
					orphaned = e.retire(old) || orphaned
					break
				}
			}
			if slot == nil { // unreachable: Reserve takes at most MaxSizes tiers
				continue
			}
		}
		*slot = c
		if e.more != nil {
			e.adopt(slot)
		}
	}
	// Put the tiers' counters first, in the tiers' order, so that the
	// key's next decisions find them by countsInOrder and Reserve's fast
	// paths take them: a key first limited by [1h] and then by [1m, 1h]
	// holds [1m, 1h]; one limited by [1m] and then by [10s] holds [10s,
	// 1m], and still counts in 1m (see decide) for the instances that have
	// not reloaded yet, or a reload back. Reservations name sizes, not
	// places, so moving a counter loses nothing. Each tier's counter moves
	// to its place and the ones it passes shift one on, so the counters no
	// tier uses keep their order among themselves, after the tiers': the
	// sizes a reload stopped using ahead of those unused before it, least
	// recently used last, which is the one the next new size retires.
	for i, t := range tiers {
		sz := int64(t.Size / time.Second)
		for j := i; j < int(e.n); j++ {
			if int64(e.at(j).size) != sz {
				continue
			}
			c := *e.at(j)
			for ; j > i; j-- {
				*e.at(j) = *e.at(j - 1)
			}
			*e.at(i) = c
			break
		}
	}
	return orphaned
}

// countsInOrder reports whether e's first len(tiers) counters are of the
// sizes of tiers, in their order: then each tier's counter is e.at(i), and
// track has nothing to do.
func (e *open) countsInOrder(tiers []window.Tier) bool {
	if len(tiers) > int(e.n) {
		return false
	}
	for i, t := range tiers {
		if int64(e.at(i).size) != int64(t.Size/time.Second) {
			return false
		}
	}
	return true
}

// retire moves the counts of c, about to be reused for another size, out of
// it: global ones to extra, local ones to orphan. It reports whether it made
// orphans.
func (e *open) retire(c *counter) bool {
	o := e.overflow()
	for i := range 2 {
		if n := c.global(i); n != 0 {
			o.extra = append(o.extra, c.frame(i, n))
		}
	}
	n := len(o.orphan)
	for i := range 2 {
		if d := c.local[i]; d != 0 {
			o.orphan = addFrame(o.orphan, c.frame(i, d), o.heldUntil)
		}
	}
	return len(o.orphan) > n
}

// addFrame adds f.N to the frame of fs with f's size and start, or appends
// f, held until the Unix second until, and drops the frame if its count
// becomes 0.
func addFrame(fs []orphanFrame, f Frame, until uint32) []orphanFrame {
	for i := range fs {
		if fs[i].Size == f.Size && fs[i].StartUnix == f.StartUnix {
			if fs[i].N += f.N; fs[i].N == 0 {
				fs = slices.Delete(fs, i, i+1)
			}
			return fs
		}
	}
	return append(fs, orphanFrame{Frame: f, until: until})
}

// usesSize reports whether a tier of tiers has the given window size (seconds).
func usesSize(tiers []window.Tier, sizeSec int64) bool {
	for _, t := range tiers {
		if int64(t.Size/time.Second) == sizeSec {
			return true
		}
	}
	return false
}

// install makes s, a snapshot read from or written to the store, e's
// snapshot as of now: its version, its writers, its reset epoch, and its
// frames as e's global counts (installFrames).
//
// If s is of a higher reset epoch than the document e installed last, e
// drops its unflushed counts, and returns their sum: they were counted
// before this instance learned of the reset, and the reset cleared them
// (see dropLocal). A key that never installed a document (new to this
// instance, or evicted and seen again) takes the epoch of s and keeps its
// counts: they were counted after the reset, or at worst between the key's
// first request here and its first read of the store (NewKeyInterval,
// unless the store did not answer), and it cannot tell which.
func (e *open) install(s Snapshot, now time.Time) (dropped int64) {
	e.version = s.Version
	e.setCold(installed, true)
	e.setWriters(s.Writers)
	e.rollAll(now)
	if s.Writers > 0 { // read from the store (the syncer's reads name the writers), not written here
		e.readNow()
	}
	if s.Version != 0 {
		if e.isCold(epochKnown) && s.Epoch > e.epoch() {
			dropped = e.dropLocal()
		}
		e.setEpoch(s.Epoch)
		if dropped > 0 {
			e.more.epochDropped = dropped // e.more exists: s.Epoch > 0
		}
	}
	e.installFrames(s.Frames, now)
	return dropped
}

// installFrames replaces e's global counts, its counters' and its extra
// frames, with frames, as of now (e's counters already rolled to now).
// Every frame that can still count here is kept: in a counter's slot, or
// as an extra frame (a frame ahead, or of a size no counter has). A frame
// older than the previous frame of its size (its counter's, or by now
// where none counts that size) counts in no estimate of this instance's
// any more, and is not kept: the documents keep one such frame per size
// for the instances whose clocks are behind (see syncer's dropCutoff), and
// holding it here would give every key read from the store an overflow
// allocation. The syncer's writes set only the frames they name, so a
// frame left out here stays in the document.
func (e *open) installFrames(frames []Frame, now time.Time) {
	for i := range int(e.n) {
		c := e.at(i)
		c.sum = c.local
	}
	if e.more != nil {
		e.more.extra = e.more.extra[:0]
	}
	for _, f := range frames {
		sz := int64(f.Size / time.Second)
		if c := e.counterOf(sz); c != nil {
			if i := c.slot(f.StartUnix); i >= 0 {
				c.setGlobal(i, f.N)
				continue
			}
			if f.StartUnix < c.start-sz {
				continue
			}
		} else if sz > 0 && f.StartUnix < frameStart(now, sz)-sz {
			continue
		}
		o := e.overflow()
		o.extra = append(o.extra, f)
	}
}

// differs reports whether frames, a document's, hold other counts than e's
// store's counts (global) in the frames e's counters hold, their current
// and previous (e rolled to now): a frame there of another count, or a
// count of e's that frames lack. The frames e keeps as extras are not
// compared (no counter of this instance's counts them yet).
func (e *open) differs(frames []Frame) bool {
	held := 0 // frames found in a counter's slot with a count
	for _, f := range frames {
		c := e.counterOf(int64(f.Size / time.Second))
		if c == nil {
			continue
		}
		if i := c.slot(f.StartUnix); i >= 0 {
			if c.global(i) != f.N {
				return true
			}
			if f.N != 0 {
				held++
			}
		}
	}
	for i := range int(e.n) {
		c := e.at(i)
		for slot := range 2 {
			if c.global(slot) != 0 {
				held--
			}
		}
	}
	return held != 0
}

// epoch returns the reset epoch of the document e installed last (0 if
// none, or never reset).
func (e entry) epoch() int64 {
	if e.more == nil {
		return 0
	}
	return e.more.epoch
}

// setEpoch records ep as the epoch of the document e holds. It may go down:
// a document deleted on expiry and written anew has epoch 0 until its next
// reset, whose epoch is the reset's time (above the old epoch, unless the
// clocks of the instances that reset differ by more than the time the
// document took to expire). On e, not its entry: a block it makes while a
// flush has the key's counts notes which frames may hold them
// (open.overflow; TestStepsHeldCappedTakenBlockMadeElsewhere).
func (e *open) setEpoch(ep int64) {
	known := e.isCold(epochKnown)
	e.setCold(epochKnown, true)
	if ep != 0 || e.more != nil {
		o := e.overflow()
		if !known || o.epoch != ep {
			o.epochDropped = 0
		}
		o.epoch = ep
	}
}

// dropLocal drops e's unflushed counts, a delta a flush has taken
// included (see overflow.takenDropped), and returns how many requests (in
// cost units) they counted (see Requests). Open reservations stay: a
// request admitted before the reset whose token is issued after it counts
// after the reset, as a new count. The time a request is in flight is all
// it can add, and counting an issued token is what the limit is for.
func (e *open) dropLocal() int64 {
	n := Requests(e.localFrames())
	e.clearLocal()
	if e.isCold(taken) {
		e.overflow().takenDropped = true
	}
	return n
}

// localFrames returns e's local counts, its counters' and its orphans'.
func (e *open) localFrames() []Frame { return e.localFramesBehind(false, 0) }

// flushable is localFrames less the orphans behind their window at Unix
// second u, which pending leaves out of a flush (held with Config.Steps
// for a clock back).
func (e *open) flushable(u int64) []Frame { return e.localFramesBehind(true, u) }

// localFramesBehind is localFrames, less the orphans behind their window
// at Unix second u if skip.
func (e *open) localFramesBehind(skip bool, u int64) []Frame {
	var fs []Frame
	for i := range int(e.n) {
		c := e.at(i)
		for slot := range 2 {
			if n := c.local[slot]; n != 0 {
				fs = append(fs, c.frame(slot, n))
			}
		}
	}
	if e.more != nil {
		for _, f := range e.more.orphan {
			if !skip || !behind(f.Frame, u) {
				fs = append(fs, f.Frame)
			}
		}
	}
	return fs
}

// clearLocal drops e's local counts.
func (e *open) clearLocal() {
	for i := range int(e.n) {
		c := e.at(i)
		c.sum[0] -= c.local[0]
		c.sum[1] -= c.local[1]
		c.local = [2]int64{}
	}
	if e.more != nil {
		e.more.orphan = nil
	}
}

// addLocal adds n to the local count of the frame of the given size that
// starts at startUnix: in its counter's slot if it has one, else to the
// orphan count of that frame if there is one (a confirmed flush subtracts
// an orphan it wrote even after a counter of its size came back), else, if
// n > 0, as a new orphan if no counter of the size is left or the frame is
// after the counter's. A frame older than its counter's previous one has
// left the window and is not counted.
func (e *open) addLocal(sizeSec, startUnix, n int64) {
	c := e.counterOf(sizeSec)
	if c != nil {
		if i := c.slot(startUnix); i >= 0 {
			if n < 0 {
				n = max(n, -c.local[i]) // never below 0 (see below)
			}
			c.count(i, n)
			return
		}
	}
	size := time.Duration(sizeSec) * time.Second
	if e.more != nil {
		for _, f := range e.more.orphan {
			if f.Size == size && f.StartUnix == startUnix {
				if f.N+n < 0 && n < 0 {
					// A Confirm subtracting more than the frame holds: the
					// counts it took left the window while the flush had
					// them, and these are later ones. Subtracted, they would
					// go negative, admit as many requests too many and take
					// them from the store's count at the next flush
					// (TestNoNegativeLocalAfterRetireBehindSyncer); at 0 they
					// are lost, in a frame that had left the window.
					n = -f.N
				}
				e.more.orphan = addFrame(e.more.orphan, Frame{Size: size, StartUnix: startUnix, N: n}, 0)
				return
			}
		}
	}
	// No slot and no orphan holds the frame. Counts of a size no counter
	// holds, or of a frame after the counter's current one, wait as an
	// orphan: flushed as they are, or moved into the counter when it rolls
	// there (adopt). The latter happens when a reservation's counter is
	// retired and made anew by a request whose clock reads an earlier frame
	// (a clock a millisecond behind at a boundary:
	// TestCommitIntoCounterRemadeBehind), and dropping them lost a
	// committed request. A frame before the counter's previous one has left
	// the window: nothing to count; without a counter, one that had left it
	// at the key's last decision (lastUsed). Counted as an orphan, such a
	// frame could take the place of counts of the same frame that left a
	// counter's window while a flush had them, and that flush's Confirm
	// would subtract them from the orphan: a local count of -2 in
	// TestModelConservesCounts before the clamp above, which now hides it
	// there, so TestCommitToRetiredSize checks the rule directly. A
	// negative n (Confirm subtracting a delta) that finds nothing has
	// nothing to subtract from (TestSubtractionFindingNothingMakesNoOrphan).
	// (lastUsed 0: a clock before 1970, which lastUsed cannot hold, so the
	// rule cannot tell: the frame is kept.)
	//
	// A frame before the counter's previous one, though, is held as
	// holdBehind holds them (until c's start + 2 × the size by the clock,
	// not written while it is behind the window): the request was reserved
	// before a clock jumped two frames or more ahead, and the clock may come
	// back to its frame (TestInFlightAcrossAJumpHeld). Dropped, it was lost
	// on a key with nothing else to hold at the jump.
	if n > 0 && (c == nil && (e.lastUsed == 0 || startUnix+2*sizeSec > e.lastUsedUnix()) || c != nil && startUnix > c.start) {
		o := e.overflow()
		o.orphan = addFrame(o.orphan, Frame{Size: size, StartUnix: startUnix, N: n}, o.heldUntil)
	} else if n > 0 && c != nil && !e.is(evicted) {
		o := e.overflow()
		o.orphan = addFrame(o.orphan, Frame{Size: size, StartUnix: startUnix, N: n}, 0)
		reset := e.backBeforeHold(c.start + sizeSec - 1)
		if reset {
			// The end of a hold the clock has come back from (c's
			// frame ends before it) is no end of this one: kept, the
			// next take read the clock as back before it and gave this
			// count up at once (TestInFlightAcrossASecondJumpHeld), as
			// in holdBehind. The clock reads somewhere in c's frame,
			// which may start before the jump that held the orphans
			// when c's size is shorter than theirs: taken for a clock
			// back, that frame's start cut the hold of the longer
			// size's counts to two of c's frames, and a take then gave
			// them up with the clock still ahead
			// (TestInFlightAcrossAJumpKeepsTheLongerHold).
			o.heldUntil = 0
		}
		o.heldUntil = max(o.heldUntil, uint32(min(max(c.start+2*sizeSec, 0), math.MaxUint32)))
		// This frame is held to the key's hold, and to past the next
		// take's second (dropBehind); the others are not renewed (see
		// there), but to this end if the clock is back before theirs, as
		// one end held them all.
		for i := range o.orphan {
			if reset || i == len(o.orphan)-1 {
				o.orphan[i].until = o.heldUntil
			}
		}
		o.orphan[len(o.orphan)-1].inFlight = true
		o.anchor = true // and past the next take's second (dropBehind)
	}
}

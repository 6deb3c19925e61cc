p='cache/frames.go'
s=open(p).read()
old='''// Retry-After 1 s; TestClockSteppedBack).
func (e *entry) rollOut(c *counter, u int64) {
	ns := frameStart(time.Unix(u, 0), int64(c.size))
	if ns < c.start-int64(c.size) {
		e.retire(c) // its local counts were queued for a flush when counted
		*c = counter{size: c.size, start: ns}
		e.adopt(c)
		return
	}
	if c.roll(ns) && e.more != nil {
		e.adopt(c)
	}
}
'''
new='''// Retry-After 1 s; TestClockSteppedBack).
//
// A clock that moved two frames or more ahead at once leaves c's frames
// behind its window, and c.roll clears them; the local counts among them,
// not flushed yet, are held as orphans first (holdBehind), not dropped:
// the clock may have jumped ahead and come back, and then those counts are
// of the frames it comes back to.
func (e *entry) rollOut(c *counter, u int64) {
	ns := frameStart(time.Unix(u, 0), int64(c.size))
	if ns < c.start-int64(c.size) {
		e.retire(c) // its local counts were queued for a flush when counted
		*c = counter{size: c.size, start: ns}
		e.adopt(c)
		return
	}
	if ns > c.start+int64(c.size) && c.local != [2]int64{} {
		e.holdBehind(c, u)
	}
	if c.roll(ns) && e.more != nil {
		e.adopt(c)
	}
}

// holdBehind moves c's local counts into orphans of their frames, before
// c rolls two frames or more ahead to the frame of Unix second u, and keeps
// the orphans behind their window until u + 2 × c's size (overflow's
// heldUntil).
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
// u is. From then on they go (dropBehind). Only the last such jump's are
// held, per size: those an earlier one held, behind c's window before this
// one, go now (a clock that jumped ahead twice before it came back loses
// the first jump's), so that a key used every few frames while the store
// is down holds two frames a size at most, not one more per use.
func (e *entry) holdBehind(c *counter, u int64) {
	o := e.overflow()
	size := time.Duration(c.size) * time.Second
	o.orphan = slices.DeleteFunc(o.orphan, func(f Frame) bool {
		return f.Size == size && f.StartUnix < c.start-int64(c.size)
	})
	for i := range 2 {
		if d := c.local[i]; d != 0 {
			o.orphan = addFrame(o.orphan, c.frame(i, d))
		}
	}
	o.heldUntil = max(o.heldUntil, uint32(min(max(u+2*int64(c.size), 0), math.MaxUint32)))
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
// size a reload retired, left behind since).
func (e *entry) dropBehind(u int64) {
	if o := e.more; o != nil && len(o.orphan) > 0 && u >= int64(o.heldUntil) {
		o.orphan = slices.DeleteFunc(o.orphan, func(f Frame) bool { return behind(f, u) })
	}
}
'''
assert old in s, "frames"
s=s.replace(old,new)
open(p,'w').write(s)

package cache

import (
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// counter counts a key in the frames of one window size.
type counter struct {
	size int32 // window size in seconds
	// sinceRead is what this instance flushed (Confirm) of the key in
	// this counter's frames since it last read the key's document, in cost
	// units (at most MaxInt32); the store's counts hold it too. The share
	// does not renew with this instance's own writes (see shareRoom).
	sinceRead int32
	start     int64 // Unix second at which the current frame starts
	// sum is the store's counts [previous, current] as of the snapshot
	// plus local: the decision reads only the sum, and the store's counts
	// are sum − local (global), which the syncer's side, the share,
	// Inspect and retire (a counter given up to another size, or moved
	// back by a clock set back) read. Added in two's complement, sum −
	// local gives the store's counts back exactly whatever the sum.
	sum   [2]int64
	local [2]int64 // committed here since the last confirmed flush
}

// global returns the store's count of slot i (0 previous, 1 current) as of
// the snapshot: the sum less what is local.
func (c *counter) global(i int) int64 { return c.sum[i] - c.local[i] }

// globals returns the store's counts as of the snapshot, as Counts.
func (c *counter) globals() window.Counts {
	return window.Counts{StartUnix: c.start, Prev: c.global(0), Curr: c.global(1)}
}

// setGlobal makes n the store's count of slot i, keeping the local one.
func (c *counter) setGlobal(i int, n int64) { c.sum[i] = n + c.local[i] }

// count adds n to the local count of slot i, and so to its sum.
func (c *counter) count(i int, n int64) {
	c.local[i] += n
	c.sum[i] += n
}

// roll moves c forward to the frame that starts at nowStart and reports
// whether it moved. A clock that went backwards leaves c where it is (its
// elapsed time is then clamped to 0). One frame on, the current frame's
// counts become the previous frame's; two frames or more on, c's counts
// are all behind the window and cleared: the store's are the store's, and
// the local ones, not flushed yet, a rolling entry holds as orphans first
// (entry.rollOut, holdBehind), for a clock that jumped ahead and comes
// back to them.
func (c *counter) roll(nowStart int64) bool {
	switch {
	case nowStart <= c.start:
		return false
	case nowStart == c.start+int64(c.size):
		c.sum = [2]int64{c.sum[1], 0}
		c.local = [2]int64{c.local[1], 0}
	default:
		c.sum, c.local, c.sinceRead = [2]int64{}, [2]int64{}, 0
	}
	c.start = nowStart
	return true
}

// counts returns the committed counts, global and local: the sum.
func (c *counter) counts() window.Counts {
	return window.Counts{StartUnix: c.start, Prev: c.sum[0], Curr: c.sum[1]}
}

// frameStart returns the Unix second at which the frame of the given size
// (seconds) that contains now starts, by window's math.
func frameStart(now time.Time, sizeSec int64) int64 {
	return window.Tier{Size: time.Duration(sizeSec) * time.Second}.FrameStartUnix(now)
}

// slot returns the index (0 previous, 1 current) of the frame starting at
// startUnix, or -1 when it is neither.
func (c *counter) slot(startUnix int64) int {
	switch startUnix {
	case c.start:
		return 1
	case c.start - int64(c.size):
		return 0
	}
	return -1
}

// frame returns slot i of c as a Frame of count n.
func (c *counter) frame(i int, n int64) Frame {
	return Frame{Size: time.Duration(c.size) * time.Second, StartUnix: c.start - int64(1-i)*int64(c.size), N: n}
}

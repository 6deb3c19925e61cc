package cache

import (
	"math"
)

// This file is a key's fast-path state at narrow widths, and the exact
// escape past them: step 3 of the plan that brings bench/'s proto-hot into
// the cache (bench/results/2026-11-28-issue12-s28/h128-report.md, section
// 4, with h130-report.md's second counter). Each entry holds one (hot),
// and its overflow a narrowMore once needed; the fast paths work on it,
// the general path on full-width counters loaded and stored through an
// open (open.go). Since step 4 it is in the key's hot line, but for a
// second counter's, which is in the line after (entry.second, narrow.at).
//
// The widths, and what happens past them (every count is kept exactly;
// only the path changes):
//   - the counts a decision reads, the store's plus local, in int32 per
//     frame (sum): a key whose counts pass 2^31−1 in a frame, possible only
//     with a limit above it (policy.MaxLimit is 10^12) or counted past its
//     limit (CountAlways), is made wide: its state moves to the overflow at
//     full width until it fits again (a roll, usually);
//   - the local counts (what the next flush writes) in uint16 per frame
//     (loc), the bits above in the overflow (carry): one slow step every
//     65,536 units counted between two flushes;
//   - the cost in flight in uint16: a reservation that would pass 65,535
//     (policy.MaxCost is 10^6) makes the key wide;
//   - the frame start as a uint32 Unix second (to 2106, as lastUsed): a
//     frame outside that range makes the key wide.
//
// A key of two window sizes keeps both counters narrow, with one wide flag
// for the key: either counter past its widths makes both wide (h130).

// The narrow flags, narrowCarried and narrowWide, are bits of the entry's
// flags (entry.go), which the narrow holds (flags).

// narrowCounter is a counter's counts at narrow widths: 16 bytes.
type narrowCounter struct {
	start uint32    // Unix second at which the current frame starts
	sum   [2]int32  // the store's counts plus local [previous, current]
	loc   [2]uint16 // local counts' low 16 bits; the bits above are narrowMore.carry
}

// narrow is a key's fast-path state: its first counter's counts, its
// second's for a key of two sizes (at: not in the narrow, in the entry's
// second), and the cost in flight. It holds the entry's flags and code too,
// in what would be its padding: the hot line has no byte to spare (see
// entry).
type narrow struct {
	c        [1]narrowCounter // the first counter's; the second's is at(1)
	reserved uint16
	// flags are the entry's flags (queued, evicted, ..., see entry.is),
	// and the narrow's: narrowCarried, narrowWide.
	flags uint8
	// code is the code of the first counter's window size | the second's
	// << 4, each 0 if the key has no such counter or its size no code:
	// what Reserve's fast paths compare with their tiers' (see
	// sizecode.go). decide clears it before track changes the counters
	// and Cache.recode sets it after.
	code uint8
}

// at returns n's counter i, 0 or 1: the first in n, the second (room2
// only) s1, its entry's second (entry.second), which is not in the hot
// line: a slot's is in its table's cold array, a record's after the
// record's entry.
func (n *narrow) at(i int, s1 *narrowCounter) *narrowCounter {
	if i == 0 {
		return &n.c[0]
	}
	return s1
}

// narrowMore is what a narrow spills, in the key's overflow.
type narrowMore struct {
	carry    [2][2]int64 // each counter's local counts above loc's 16 bits (multiples of 2^16)
	wide     [2]counter  // the counters' start, sum and local, when wide
	reserved int64       // the cost in flight, when wide
}

// load puts n's state at full width into cs (n's first len(cs) counters:
// their start, sum and local; size and sinceRead are not n's) and returns
// the cost in flight. m is n's overflow (nil if n is neither carried nor
// wide).
func (n *narrow) load(m *narrowMore, s1 *narrowCounter, cs []*counter) (reserved int64) {
	for i, c := range cs {
		n.loadOne(m, i, s1, c)
	}
	return n.reservedOf(m)
}

// loadOne is load of n's counter i alone, into c: open and hotCounter call
// it for each counter they hold (load's slice of pointers cost open some
// instructions more).
func (n *narrow) loadOne(m *narrowMore, i int, s1 *narrowCounter, c *counter) {
	if n.flags&narrowWide != 0 {
		w := &m.wide[i]
		c.start, c.sum, c.local = w.start, w.sum, w.local
		return
	}
	nc := n.at(i, s1)
	c.start = int64(nc.start)
	c.sum = [2]int64{int64(nc.sum[0]), int64(nc.sum[1])}
	c.local = [2]int64{int64(nc.loc[0]), int64(nc.loc[1])}
	if n.flags&narrowCarried != 0 {
		c.local[0] += m.carry[i][0]
		c.local[1] += m.carry[i][1]
	}
}

// reservedOf returns n's cost in flight at full width (m as in load).
func (n *narrow) reservedOf(m *narrowMore) int64 {
	if n.flags&narrowWide != 0 {
		return m.reserved
	}
	return int64(n.reserved)
}

// fitsNarrow reports whether c's frame and counts fit the narrow widths,
// with its local counts' bits above 16 carried: its start a uint32, its
// sums int32, its local counts not negative.
func (c *counter) fitsNarrow() bool {
	return uint64(c.start) <= math.MaxUint32 &&
		int64(int32(c.sum[0])) == c.sum[0] && int64(int32(c.sum[1])) == c.sum[1] &&
		c.local[0]|c.local[1] >= 0
}

// store puts cs (at full width) and the cost in flight into n: narrow if
// all of it fits, the local counts' bits above 16 carried in the overflow;
// else wide, all of it in the overflow. *m is n's overflow, allocated if
// needed.
func (n *narrow) store(m **narrowMore, s1 *narrowCounter, cs []*counter, reserved int64) {
	var c1 *counter
	if len(cs) > 1 {
		c1 = cs[1]
	}
	if n.storeNarrow(m, s1, cs[0], c1, reserved) {
		return
	}
	o := n.more(m)
	for i, c := range cs {
		o.wide[i] = counter{start: c.start, sum: c.sum, local: c.local}
	}
	o.reserved, o.carry = reserved, [2][2]int64{}
	n.flags = n.flags&^narrowCarried | narrowWide
}

// storeNarrow is store when c0, c1 (nil for a key of one counter) and
// reserved fit the narrow widths; else it reports false, changing nothing,
// and store makes n wide. close calls it first, without store's slice.
// The overflow's carry is zero unless n is carried (store's wide case
// zeroes it too), so a store with nothing to carry writes it only if n was.
func (n *narrow) storeNarrow(m **narrowMore, s1 *narrowCounter, c0, c1 *counter, reserved int64) bool {
	if uint64(reserved) > math.MaxUint16 || !c0.fitsNarrow() || c1 != nil && !c1.fitsNarrow() {
		return false
	}
	n.flags &^= narrowWide
	n.reserved = uint16(reserved)
	// The local counts are not negative (fitsNarrow): their bits above 16
	// are a carry if their OR passes 16 bits.
	n.c[0].set(c0)
	carried := c0.local[0]|c0.local[1] > math.MaxUint16
	if c1 != nil {
		s1.set(c1)
		carried = carried || c1.local[0]|c1.local[1] > math.MaxUint16
	}
	if carried {
		var k1 [2]int64
		if c1 != nil {
			k1 = [2]int64{c1.local[0] &^ math.MaxUint16, c1.local[1] &^ math.MaxUint16}
		}
		n.more(m).carry = [2][2]int64{{c0.local[0] &^ math.MaxUint16, c0.local[1] &^ math.MaxUint16}, k1}
		n.flags |= narrowCarried
	} else if n.flags&narrowCarried != 0 {
		n.flags &^= narrowCarried
		if *m != nil {
			(*m).carry = [2][2]int64{}
		}
	}
	return true
}

// set puts c, which fits the narrow widths, into nc: its local counts'
// low 16 bits (the bits above are the caller's carry).
func (nc *narrowCounter) set(c *counter) {
	nc.start = uint32(c.start)
	nc.sum = [2]int32{int32(c.sum[0]), int32(c.sum[1])}
	nc.loc = [2]uint16{uint16(c.local[0]), uint16(c.local[1])}
}

// more returns *m, allocating it on first use.
func (n *narrow) more(m **narrowMore) *narrowMore {
	if *m == nil {
		*m = new(narrowMore)
	}
	return *m
}

// The operations below are the fast paths' steps on a narrow, as
// narrow_test.go drives them. The request path calls releaseFast, commitOne
// and fits and add (Release and Commit, decide.go); rollOne, reserveFast,
// commitFast and commitTwo are the tests' alone: Reserve's fast paths
// check before they decide and write after (reserveFast's check and add
// are written out there), a key's frame is rolled by the general path
// (rollOne is not wired, a later step's), and Commit writes commitTwo's
// steps out, each inlined. A change to one of them changes the code only
// where decide.go spells it out too.

// rollOne is the fast path's roll of counter i, of size seconds, to the
// frame that contains Unix second u when that is its next frame: the
// current counts become the previous ones. It reports false, changing
// nothing, for anything else, which the general path rolls on the loaded
// state: a wide or carried key (the carry moves with the frame), two frames
// on (the cache holds the local counts as orphans: holdBehind), a clock
// back. A counter in u's frame already needs no roll: true, unless the
// key is wide (its counts are not in n).
func (n *narrow) rollOne(i int, s1 *narrowCounter, u, size int64) bool {
	nc := n.at(i, s1)
	start := int64(nc.start)
	if uint64(u-start) < uint64(size) {
		return n.flags&narrowWide == 0
	}
	if n.flags&(narrowWide|narrowCarried) != 0 || u < start || u-start >= 2*size || start+size > math.MaxUint32 {
		return false
	}
	nc.start = uint32(start + size)
	nc.sum = [2]int32{nc.sum[1], 0}
	nc.loc = [2]uint16{nc.loc[1], 0}
	return true
}

// reserveFast adds cost to what is in flight if the key is narrow and the
// sum fits 16 bits; else it reports false, and the general path reserves
// on the loaded state (and store makes the key wide).
func (n *narrow) reserveFast(cost int64) bool {
	if n.flags&narrowWide != 0 || cost < 0 || cost > math.MaxUint16-int64(n.reserved) {
		return false
	}
	n.reserved += uint16(cost)
	return true
}

// releaseFast takes cost off what is in flight if the key is narrow and
// holds that much in flight; else it reports false (the general path
// takes it off the loaded state).
func (n *narrow) releaseFast(cost int64) bool {
	if n.flags&narrowWide != 0 || cost < 0 || cost > int64(n.reserved) {
		return false
	}
	n.reserved -= uint16(cost)
	return true
}

// commitFast is Commit's fast path on n: the cost leaves what is in flight
// and is counted in slot js[i] (0 previous, 1 current) of each of the
// first k counters (1 or 2), if the key is narrow, holds that much in
// flight, and every sum and local count stays within its width (a local
// count past 16 bits is a carry, which the general path stores). Else it
// reports false, changing nothing. Commit calls commitOne, and writes
// commitTwo's steps out (see it): the compiler inlines those, not a loop
// over k.
func (n *narrow) commitFast(s1 *narrowCounter, k int, js [2]int, cost int64) bool {
	if k == 1 {
		return n.commitOne(js[0], cost)
	}
	return n.commitTwo(s1, js[0], js[1], cost)
}

// commitOne is commitFast of the first counter alone, in slot i.
func (n *narrow) commitOne(i int, cost int64) bool {
	c := &n.c[0]
	i &= 1
	// fits and add, written out: as calls, commitOne is past the
	// compiler's inlining budget.
	if n.flags&narrowWide != 0 || uint64(cost) > uint64(n.reserved) ||
		int64(c.sum[i])+cost > math.MaxInt32 || int64(c.loc[i])+cost > math.MaxUint16 {
		return false
	}
	n.reserved -= uint16(cost)
	c.sum[i] += int32(cost)
	c.loc[i] += uint16(cost)
	return true
}

// commitTwo is commitFast of both counters, in slots i and j: commitOne
// of the first once the second is known to fit, then the second. Commit
// writes these three steps out itself, each inlined: as one function they
// are past the compiler's inlining budget, and the call cost a decision of
// two sizes 40 instructions (bench/instructions.sh).
func (n *narrow) commitTwo(s1 *narrowCounter, i, j int, cost int64) bool {
	if !s1.fits(j, cost) || !n.commitOne(i, cost) {
		return false
	}
	s1.add(j, cost)
	return true
}

// fits reports whether cost counted in slot i (0 or 1) of c keeps its sum
// and local count within their widths.
func (c *narrowCounter) fits(i int, cost int64) bool {
	i &= 1
	return int64(c.sum[i])+cost <= math.MaxInt32 && int64(c.loc[i])+cost <= math.MaxUint16
}

// add counts cost, which fits, in slot i of c.
func (c *narrowCounter) add(i int, cost int64) {
	i &= 1
	c.sum[i] += int32(cost)
	c.loc[i] += uint16(cost)
}

package cache

import "unsafe"

// counterMeta is what a counter holds besides its frame and counts: its
// window size and sinceRead. The first counter's is in the entry's cold
// line (meta0), but for a room2 entry's (see roomSize); the frame and
// counts of the first two are in the narrow (hot, and second for the
// second).
type counterMeta struct{ size, sinceRead int32 }

// open is an entry that its caller holds locked, with its first counter,
// its second with room2, and the cost in flight loaded at full width from
// the narrow (entry.open): everything but the fast paths works on it, as
// it worked on the entry's own counters before they were narrow, and
// close stores it back before the caller unlocks. Between open and close
// the narrow is stale: nothing may read or write e.hot but close.
type open struct {
	entry
	first, second counter // second: only with room2
	// reserved is the cost of the reservations not yet committed or
	// released. It is never flushed: only issued tokens reach the store.
	reserved int64
	steps    func() (excess, low int64) // Config.Steps, set by opens that may roll or drop (steps.go)
	owner    *Cache                     // set with steps: its Config.MaxHeldFrames and Stats.Dropped (capHeld)
	codes    *sizeCodes                 // the Cache's, of which e's code is (see roomSize)
}

// second returns a room2 entry's second counter, right after the entry in
// its allocation (keyed2).
func (e entry) second() *second {
	return (*second)(unsafe.Add(unsafe.Pointer(e.coldLine), unsafe.Sizeof(coldLine{})))
}

// A room2 entry keeps its second counter's frame and counts after its cold
// line (second: 16 bytes, so that a wide table's cold line is 48, not the
// 56 that the counter's size and sinceRead took as well: 161.7 B a key at
// 1M keys of two sizes, against go-limiter's 151.8). Its first two
// counters' sizes are its code's (narrow.code: a code a Cache gave stays
// that size's, sizecode.go), which Reserve's fast paths compare anyway, so
// the word of meta0 that holds a one-size entry's first size holds its
// second counter's sinceRead (since2). A size without a code (a Cache that
// met more than maxSizeCodes sizes, or a counter track made before it
// panicked, its code cleared) is in the overflow (roomSizes), which close
// writes whenever the code's nibble is 0.

// since2 returns where a room2 entry keeps its second counter's sinceRead:
// meta0's size word (see above).
func (e entry) since2() *int32 { return &e.meta0.size }

// roomSize returns the window size of a room2 entry's counter i (0 or 1,
// i < e.n; see above): its code's nibble's, of sc, its Cache's codes; the
// overflow's for a nibble 0.
func (e entry) roomSize(sc *sizeCodes, i int) int32 {
	if code := e.hot.code >> (4 * i) & 0x0f; code != 0 {
		return sc.sizeOf(code)
	}
	return e.more.roomSizes()[i]
}

// roomSizes returns where a room2 entry's overflow keeps the sizes of its
// first two counters that have no code (see roomSize): the first two words
// of counters[0], which room2 leaves unused (see open.at).
func (m *overflow) roomSizes() *[2]int32 {
	return (*[2]int32)(unsafe.Pointer(&m.counters[0]))
}

// nm returns the overflow's narrowMore, or nil.
func (e entry) nm() *narrowMore {
	if e.more == nil {
		return nil
	}
	return e.more.nm
}

// open loads e, which the caller holds locked, at full width; the caller
// must close it before it unlocks e. sc is e's Cache's codes.
func (e entry) open(sc *sizeCodes) (o open) {
	o.entry, o.codes = e, sc
	var m *narrowMore
	if e.hot.flags&(narrowCarried|narrowWide) != 0 {
		m = e.nm()
	}
	o.first.sinceRead = e.meta0.sinceRead
	e.hot.loadOne(m, 0, nil, &o.first)
	if e.room2 {
		if e.n >= 1 {
			o.first.size = e.roomSize(sc, 0)
		}
		if e.n >= 2 {
			o.second.size = e.roomSize(sc, 1)
		}
		o.second.sinceRead = *e.since2()
		e.hot.loadOne(m, 1, &e.second().c, &o.second)
	} else {
		o.first.size = e.meta0.size
	}
	o.reserved = e.hot.reservedOf(m)
	return o
}

// close stores o back into its entry: narrow where it fits, else at full
// width in the overflow (see narrow.store; storeNarrow first, without its
// slice: the common case).
func (o *open) close() {
	e := o.entry
	e.meta0.sinceRead = o.first.sinceRead
	var c1 *counter
	var s1 *narrowCounter
	if e.room2 {
		*e.since2() = o.second.sinceRead
		// The sizes are the code's, which recode set from o's after
		// every change of them (track); a nibble 0's is the overflow's.
		for i := range min(int(e.n), 2) {
			if e.hot.code>>(4*i)&0x0f == 0 {
				e.overflow().roomSizes()[i] = o.at(i).size
			}
		}
		c1, s1 = &o.second, &e.second().c
	} else {
		e.meta0.size = o.first.size
	}
	m := e.nm()
	m0 := m
	if !e.hot.storeNarrow(&m, s1, &o.first, c1, o.reserved) {
		if c1 != nil {
			e.hot.store(&m, s1, []*counter{&o.first, c1}, o.reserved)
		} else {
			e.hot.store(&m, nil, []*counter{&o.first}, o.reserved)
		}
	}
	if m != m0 {
		o.overflow().nm = m // o's: made while taken, it notes tookUpTo (TestStepsHeldCappedTakenBlockMadeElsewhere)
	}
}

// openRead is open for a caller that only reads o and stores nothing
// back: Sweep and evictForCap's ranking, Inspect, Walk, InFlight,
// LongestWindow and Abort's requeue, to which a close would add a store
// (a write of every entry a sweep passes). A write to o's counters or
// reserved would be lost without a sign, so the caller ends o with
// doneReading, not close, before it unlocks e: in the package's tests,
// that panics if o's counters or reserved are not the entry's any more.
func (e entry) openRead(sc *sizeCodes) open { return e.open(sc) }

// doneReading ends o, opened by openRead: nothing to store. It checks o
// where the package's tests set readCheck; elsewhere it does nothing.
func (o *open) doneReading() {
	if readCheck != nil {
		readCheck(o)
	}
}

// readCheck, set by the package's tests (open_test.go), is what
// doneReading checks: that nothing was written through a read-only open.
var readCheck func(*open)

// at returns the i-th counter in use, i < int(e.n): the first and, with
// room2 (see newEntry), the second in o, at full width; the others in the
// overflow (whose counters[0] an entry with room2 leaves unused).
func (o *open) at(i int) *counter {
	if i == 0 {
		return &o.first
	}
	if i == 1 && o.room2 {
		return &o.second
	}
	return &o.more.counters[i-1]
}

// hotAt returns the window size and frame start of e's j-th counter as the
// fast paths read them, with e narrow (not wide): the first two from the
// narrow (the second with room2), the others from the overflow. sc is e's
// Cache's codes.
func (e entry) hotAt(sc *sizeCodes, j int) (size, start int64) {
	switch {
	case j == 0:
		return int64(e.size0(sc)), int64(e.hot.c[0].start)
	case j == 1 && e.room2:
		return int64(e.roomSize(sc, 1)), int64(e.second().c.start)
	}
	c := &e.more.counters[j-1]
	return int64(c.size), c.start
}

// hotCounter returns a copy of e's i-th counter (0 or 1) at full width,
// from the narrow (e not wide), or the overflow's for a second counter
// without room2: for the fast paths' share. sc is e's Cache's codes.
func (e entry) hotCounter(sc *sizeCodes, i int) counter {
	if i == 1 && !e.room2 {
		return e.more.counters[0]
	}
	var c counter
	var s1 *narrowCounter
	if i == 1 {
		s1 = &e.second().c
	}
	e.hot.loadOne(e.nm(), i, s1, &c)
	if i == 1 {
		c.size, c.sinceRead = e.roomSize(sc, 1), *e.since2()
	} else {
		c.size, c.sinceRead = e.size0(sc), e.meta0.sinceRead
	}
	return c
}

// size0 returns the window size of e's first counter, e.n ≥ 1: meta0's,
// or with room2 its code's (see roomSize). sc is e's Cache's codes.
func (e entry) size0(sc *sizeCodes) int32 {
	if e.room2 {
		return e.roomSize(sc, 0)
	}
	return e.meta0.size
}

// sizeOf returns the window size of e's i-th counter in use, i ≥ 1: the
// second's code's with room2 (see roomSize), else the overflow's. sc is
// e's Cache's codes.
func (e entry) sizeOf(sc *sizeCodes, i int) int64 {
	if i == 1 && e.room2 {
		return int64(e.roomSize(sc, 1))
	}
	return int64(e.more.counters[i-1].size)
}

package cache

import "unsafe"

// counterMeta is what a counter holds besides its frame and counts: its
// window size and sinceRead. The first counter's is in the entry's cold
// line (meta0), a room2 entry's second counter's in second (meta2); the
// frame and counts of both are in the narrow (hot, and second for the
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
}

// second returns a room2 entry's second counter, right after the entry in
// its allocation (keyed2).
func (e entry) second() *second {
	return (*second)(unsafe.Add(unsafe.Pointer(e.coldLine), unsafe.Sizeof(coldLine{})))
}

// meta2 returns the size and sinceRead of a room2 entry's second counter.
func (e entry) meta2() *counterMeta { return &e.second().meta }

// nm returns the overflow's narrowMore, or nil.
func (e entry) nm() *narrowMore {
	if e.more == nil {
		return nil
	}
	return e.more.nm
}

// open loads e, which the caller holds locked, at full width; the caller
// must close it before it unlocks e.
func (e entry) open() (o open) {
	o.entry = e
	var m *narrowMore
	if e.hot.flags&(narrowCarried|narrowWide) != 0 {
		m = e.nm()
	}
	o.first.size, o.first.sinceRead = e.meta0.size, e.meta0.sinceRead
	e.hot.loadOne(m, 0, nil, &o.first)
	if e.room2 {
		m2 := e.meta2()
		o.second.size, o.second.sinceRead = m2.size, m2.sinceRead
		e.hot.loadOne(m, 1, &e.second().c, &o.second)
	}
	o.reserved = e.hot.reservedOf(m)
	return o
}

// close stores o back into its entry: narrow where it fits, else at full
// width in the overflow (see narrow.store; storeNarrow first, without its
// slice: the common case).
func (o *open) close() {
	e := o.entry
	e.meta0 = counterMeta{o.first.size, o.first.sinceRead}
	var c1 *counter
	var s1 *narrowCounter
	if e.room2 {
		*e.meta2() = counterMeta{o.second.size, o.second.sinceRead}
		c1, s1 = &o.second, &e.second().c
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
		e.overflow().nm = m
	}
}

// openRead is open for a caller that only reads o and stores nothing
// back: Sweep and evictForCap's ranking, Inspect, Walk, InFlight,
// LongestWindow and Abort's requeue, to which a close would add a store
// (a write of every entry a sweep passes). A write to o's counters or
// reserved would be lost without a sign, so the caller ends o with
// doneReading, not close, before it unlocks e: in the package's tests,
// that panics if o's counters or reserved are not the entry's any more.
func (e entry) openRead() open { return e.open() }

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
// narrow (the second with room2), the others from the overflow.
func (e entry) hotAt(j int) (size, start int64) {
	switch {
	case j == 0:
		return int64(e.meta0.size), int64(e.hot.c[0].start)
	case j == 1 && e.room2:
		s := e.second()
		return int64(s.meta.size), int64(s.c.start)
	}
	c := &e.more.counters[j-1]
	return int64(c.size), c.start
}

// hotCounter returns a copy of e's i-th counter (0 or 1) at full width,
// from the narrow (e not wide), or the overflow's for a second counter
// without room2: for the fast paths' share.
func (e entry) hotCounter(i int) counter {
	if i == 1 && !e.room2 {
		return e.more.counters[0]
	}
	var c counter
	var s1 *narrowCounter
	if i == 1 {
		s1 = &e.second().c
	}
	e.hot.loadOne(e.nm(), i, s1, &c)
	m := e.meta0
	if i == 1 {
		m = *e.meta2()
	}
	c.size, c.sinceRead = m.size, m.sinceRead
	return c
}

// sizeOf returns the window size of e's i-th counter in use, i ≥ 1: the
// second's before the entry with room2, else the overflow's.
func (e entry) sizeOf(i int) int64 {
	if i == 1 && e.room2 {
		return int64(e.meta2().size)
	}
	return int64(e.more.counters[i-1].size)
}

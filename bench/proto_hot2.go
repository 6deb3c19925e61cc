package bench

// proto-hot-1m1h: proto-hot (proto_hot.go) for keys counted in two window
// sizes, the shape of policy.example.yaml's client and user rules (1m and
// 1h), which most deployments decide. helper-130's report in bench/results
// has the design and its measurements.
//
// The second counter is a 16-byte hotSec in a third parallel array, sec,
// at the slot's index: its address comes from the hash, as the hot line's
// does, not from a pointer in the hot line, so the CPU fetches both lines
// at once and a decision waits on one memory miss, not two in a row. Four
// seconds counters fill a line (the array starts on a 16-byte boundary at
// least: none straddles two lines). A table has the array only once its
// cache decides keys of two sizes (here: always; a proto-hot of one size
// has none), so one-size deployments pay nothing for it.
//
// The hot line has no byte free, so the two counters' size codes share
// its sizeCode byte, a nibble each (first | second<<4): the fast path
// compares both with one compare. A cache with more than 15 sizes decides
// keys of the others on the slow path (not built: the prototype's sizes
// are 1 and 2). The second counter's narrow widths are the first's
// (start uint32, sum int32, loc uint16), with the same exact escapes: its
// carry (carry2) and wide state (wide2) are in the overflow, under the
// same hot flags (hotCarried: either counter carries; hotWide: both are
// wide).

import (
	"math"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// hotSec is a key's second counter: sinceRead (the share's and Confirm's)
// is not here; a shared key takes the slow path, which would read it from
// the overflow (not built).
type hotSec struct {
	start uint32    // Unix second the second counter's current frame starts
	sum   [2]int32  // its global + local counts [previous, current]
	loc   [2]uint16 // its local counts' low 16 bits (carry2: the overflow)
}

const hotSecSize = 16

type protoHot2 struct {
	protoHot
	tier1 window.Tier // the second tier (the first is protoBase's)
	size1 int64       // its size in seconds
}

func newProtoHot2() Contender { return newProtoHot2With(nil) }

// newProtoHot2With returns a proto-hot-1m1h reading now (nil: a
// CoarseClock), with the tiers of project-1m1h.
func newProtoHot2With(now func() time.Time) *protoHot2 {
	p := &protoHot2{protoHot: protoHot{protoBase: newProtoBase(now)}}
	p.secs = hotSecArray
	p.setTiers(tiers1m1h[0], tiers1m1h[1])
	for i := range p.shards {
		p.shards[i].tab.Store(newHotTable(0, hotSecArray))
	}
	return p
}

// setTiers sets p's two tiers, of sizes codes 1 and 2.
func (p *protoHot2) setTiers(t0, t1 window.Tier) {
	p.tier, p.tier1 = t0, t1
	p.size, p.size1 = int64(t0.Size/time.Second), int64(t1.Size/time.Second)
	p.code = 1 | 2<<4
}

func (p *protoHot2) Decide(k *Key) bool {
	now := p.now()
	var d hotDecision
	p.reserveTo(&d, k.Cache, 1, now)
	if d.Counted {
		p.commit(&d.Reservation)
	}
	return d.Allowed
}

// reserveTo is the cache's ReserveTo with two tiers (Enforce): its fast
// path for two counters, both in now's frame or rolled one frame on here,
// and its general path (decideSlow) for the rest.
func (p *protoHot2) reserveTo(d *hotDecision, k cache.Key, cost int64, now time.Time) {
	*d = hotDecision{}
	cost = max(cost, 0)
	t, i := p.find(k, now)
	sl := &t.hot[i]
	// The second counter's line: addressed from the slot's index, so its
	// load does not wait for the hot line's.
	sc := &t.sec[i]
	u := now.Unix()
	sl.lastUsed = uint32(min(max(u, 0), math.MaxUint32))
	if sl.flags&hotUnread == 0 {
		p.markUnread(t, i)
	}
	t0, t1 := p.tier, p.tier1
	if sl.flags&(hotShared|hotWide|hotMulti) == 0 && sl.sizeCode == p.code {
		start0, start1 := int64(sl.start), int64(sc.start)
		if uint64(u-start0) >= uint64(p.size) {
			if u-start0 >= 2*p.size || u < start0 || sl.flags&hotCarried != 0 {
				goto slow
			}
			start0 += p.size
			sl.start = uint32(start0)
			sl.sum = [2]int32{sl.sum[1], 0}
			sl.loc = [2]uint16{sl.loc[1], 0}
		}
		if uint64(u-start1) >= uint64(p.size1) {
			if u-start1 >= 2*p.size1 || u < start1 || sl.flags&hotCarried != 0 {
				goto slow
			}
			start1 += p.size1
			sc.start = uint32(start1)
			sc.sum = [2]int32{sc.sum[1], 0}
			sc.loc = [2]uint16{sc.loc[1], 0}
		}
		r0 := int64(sl.reserved)
		if (r0 <= 1 || r0 <= t0.Limit/10) && (r0 <= 1 || r0 <= t1.Limit/10) && cost <= math.MaxUint16-r0 {
			counts0 := window.Counts{StartUnix: start0, Prev: int64(sl.sum[0]), Curr: int64(sl.sum[1]) + r0}
			counts1 := window.Counts{StartUnix: start1, Prev: int64(sc.sum[0]), Curr: int64(sc.sum[1]) + r0}
			elapsed0, elapsed1 := t0.Elapsed(counts0, now), t1.Elapsed(counts1, now)
			used0, used1 := t0.UsedAfter(counts0, elapsed0), t1.UsedAfter(counts1, elapsed1)
			room0, room1 := max(t0.Limit-used0, 0)-cost, max(t1.Limit-used1, 0)-cost
			// The binding tier: the first with the least room.
			tier, room, counts, elapsed, used := t0, room0, counts0, elapsed0, used0
			if room1 < room0 {
				tier, room, counts, elapsed, used = t1, room1, counts1, elapsed1, used1
			}
			if room0 >= 0 && cost <= t0.Limit-used0 && room1 >= 0 && cost <= t1.Limit-used1 && room < math.MaxInt64 {
				sl.flags = sl.flags&^hotNear | (nearPercent(t0.Limit, room0, p.hot)|nearPercent(t1.Limit, room1, p.hot))>>4
				d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, tier, room, used+cost
				rs := &d.Reservation
				rs.t, rs.i, rs.code, rs.start, rs.start2, rs.cost = t, uint32(i), sl.sizeCode, sl.start, sc.start, cost
				r := r0 + cost
				sl.reserved = uint16(r)
				counts.Curr += hotWeight(r, tier, sl.committed, sl.released) - r0
				d.Reset = tier.ResetAfter(counts, elapsed)
				sl.mu.Unlock()
				return
			}
		}
	}
slow:
	p.decideSlow(d, t, i, cost, now)
}

// secAt returns slot i's second counter (the slot locked): in the table's
// sec array, or, in proto-hot-1m1h-ptr, in an allocation of its own that
// secp points to, allocated here on first use.
func (t *hotTable) secAt(i int) *hotSec {
	if t.sec != nil {
		return &t.sec[i]
	}
	if t.secp[i] == nil {
		t.secp[i] = new(hotSec)
	}
	return t.secp[i]
}

// load2 returns slot i's two counters at full width (the slot locked),
// the reserved cost in the first.
func (t *hotTable) load2(i int) (st, st2 hotState) {
	sl, sc, c := &t.hot[i], t.secAt(i), &t.cold[i]
	if sl.flags&hotWide != 0 {
		return c.more.wide, c.more.wide2
	}
	st = hotState{start: int64(sl.start), reserved: int64(sl.reserved)}
	st2 = hotState{start: int64(sc.start)}
	for j := range 2 {
		st.sum[j], st.loc[j] = int64(sl.sum[j]), int64(sl.loc[j])
		st2.sum[j], st2.loc[j] = int64(sc.sum[j]), int64(sc.loc[j])
		if sl.flags&hotCarried != 0 {
			st.loc[j] += c.more.carry[j]
			st2.loc[j] += c.more.carry2[j]
		}
	}
	return st, st2
}

// fitsHot reports whether st's counts and frame fit the narrow widths.
func (st *hotState) fitsHot() bool {
	fits := st.start >= 0 && st.start <= math.MaxUint32 && st.reserved >= 0 && st.reserved <= math.MaxUint16
	for j := range 2 {
		fits = fits && st.sum[j] >= math.MinInt32 && st.sum[j] <= math.MaxInt32 && st.loc[j] >= 0
	}
	return fits
}

// store2 puts st and st2 in slot i (locked): both narrow if both fit, the
// local counts' bits above 16 in the overflow; else both wide.
func (t *hotTable) store2(i int, st, st2 hotState) {
	sl, sc, c := &t.hot[i], t.secAt(i), &t.cold[i]
	if !st.fitsHot() || !st2.fitsHot() {
		if c.more == nil {
			c.more = new(hotMore)
		}
		c.more.wide, c.more.wide2 = st, st2
		sl.flags = sl.flags&^hotCarried | hotWide
		return
	}
	sl.flags &^= hotWide | hotCarried
	sl.start, sl.reserved = uint32(st.start), uint16(st.reserved)
	sc.start = uint32(st2.start)
	var carry, carry2 [2]int64
	for j := range 2 {
		sl.sum[j], sl.loc[j] = int32(st.sum[j]), uint16(st.loc[j])
		sc.sum[j], sc.loc[j] = int32(st2.sum[j]), uint16(st2.loc[j])
		carry[j] = st.loc[j] &^ math.MaxUint16
		carry2[j] = st2.loc[j] &^ math.MaxUint16
	}
	if carry != [2]int64{} || carry2 != [2]int64{} {
		if c.more == nil {
			c.more = new(hotMore)
		}
		sl.flags |= hotCarried
	}
	if c.more != nil {
		c.more.carry, c.more.carry2 = carry, carry2
	}
}

// decideSlow is the cache's general path (decide) for two tiers on slot i
// (locked), which it unlocks: rolls, denials (the tier that denies with
// the longest retry), much in flight, a wide or carried key, a new key.
func (p *protoHot2) decideSlow(d *hotDecision, t *hotTable, i int, cost int64, now time.Time) {
	sl := &t.hot[i]
	defer sl.mu.Unlock()
	if sl.flags&(hotShared|hotMulti) != 0 || (sl.sizeCode != p.code && sl.sizeCode != 0) {
		panic("bench: proto-hot-1m1h: shared keys and keys of other sizes are not built")
	}
	tiers := [2]window.Tier{p.tier, p.tier1}
	sizes := [2]int64{p.size, p.size1}
	var sts [2]hotState
	sts[0], sts[1] = t.load2(i)
	if sl.sizeCode == 0 { // a new key: its counters
		sl.sizeCode = p.code
		t.cold[i].n = 2
		for j := range 2 {
			sts[j].start = tiers[j].FrameStartUnix(now)
		}
	}
	reserved := sts[0].reserved
	d.Allowed, d.Remaining = true, math.MaxInt64
	binding := -1
	isNear := false
	for j, tier := range tiers {
		sts[j].roll(tier.FrameStartUnix(now), sizes[j])
		counts := window.Counts{StartUnix: sts[j].start, Prev: sts[j].sum[0], Curr: sts[j].sum[1] + hotWeight(reserved, tier, sl.committed, sl.released)}
		used := tier.UsedAfter(counts, tier.Elapsed(counts, now))
		rem := max(tier.Limit-used, 0)
		isNear = isNear || nearPercent(tier.Limit, rem-cost, p.hot) != 0
		if room := rem - cost; room >= 0 && cost <= tier.Limit-used {
			if d.Allowed && room < d.Remaining {
				d.Tier, d.Remaining, d.Used, binding = tier, room, used+cost, j
			}
			continue
		}
		ra, err := tier.RetryAfter(counts, cost, now)
		if err != nil {
			ra = tier.Size
		}
		if d.Allowed || ra > d.RetryAfter {
			d.Tier, d.RetryAfter, d.Used, binding = tier, ra, used+cost, j
		}
		d.Allowed = false
	}
	sl.flags &^= hotNear
	if isNear {
		sl.flags |= hotNear
	}
	if d.Allowed {
		d.Counted = true
		d.Reservation = hotReservation{t: t, i: uint32(i), code: sl.sizeCode, start: uint32(sts[0].start), start2: uint32(sts[1].start), cost: cost}
		sts[0].reserved += cost
	}
	b := &sts[binding]
	counts := window.Counts{StartUnix: b.start, Prev: b.sum[0], Curr: b.sum[1] + hotWeight(sts[0].reserved, d.Tier, sl.committed, sl.released)}
	if !d.Allowed {
		d.Remaining = d.Tier.Remaining(counts, now)
	}
	d.Reset = d.Tier.ResetAfter(counts, d.Tier.Elapsed(counts, now))
	t.store2(i, sts[0], sts[1])
}

// commit counts r's cost in both frames it was reserved in (in neither
// that has left the window), as the cache's Commit.
func (p *protoHot2) commit(r *hotReservation) {
	t := r.t
	if t == nil {
		return
	}
	r.t = nil
	i := int(r.i)
	sl := &t.hot[i]
	sl.mu.Lock()
	if sl.ident.Load()&hotMoved != 0 {
		sl.mu.Unlock()
		t, i = p.forward(t, i)
		sl = &t.hot[i]
	}
	sc := &t.sec[i]
	cost := r.cost
	sl.settle(true)
	// The fast path: queued, narrow, the counters the reservation counted
	// in, each frame current or previous, no carry past the widths.
	if sl.flags&(hotQueued|hotEvicted|hotWide) == hotQueued && sl.sizeCode == r.code && cost <= int64(sl.reserved) {
		j, k := -1, -1
		switch r.start {
		case sl.start:
			j = 1
		case sl.start - uint32(p.size):
			j = 0
		}
		switch r.start2 {
		case sc.start:
			k = 1
		case sc.start - uint32(p.size1):
			k = 0
		}
		if j >= 0 && k >= 0 {
			s, l := int64(sl.sum[j])+cost, int64(sl.loc[j])+cost
			s2, l2 := int64(sc.sum[k])+cost, int64(sc.loc[k])+cost
			if s <= math.MaxInt32 && l <= math.MaxUint16 && s2 <= math.MaxInt32 && l2 <= math.MaxUint16 {
				sl.reserved -= uint16(cost)
				sl.sum[j], sl.loc[j] = int32(s), uint16(l)
				sc.sum[k], sc.loc[k] = int32(s2), uint16(l2)
				sl.mu.Unlock()
				return
			}
		}
	}
	p.commitSlow(t, i, r)
}

// commitSlow is commit's general path on slot i (locked), which it
// unlocks.
func (p *protoHot2) commitSlow(t *hotTable, i int, r *hotReservation) {
	sl := &t.hot[i]
	defer sl.mu.Unlock()
	st, st2 := t.load2(i)
	st.reserved -= r.cost
	for _, c := range [2]struct {
		st    *hotState
		start int64
		size  int64
	}{{&st, int64(r.start), p.size}, {&st2, int64(r.start2), p.size1}} {
		switch c.start {
		case c.st.start:
			c.st.sum[1] += r.cost
			c.st.loc[1] += r.cost
		case c.st.start - c.size:
			c.st.sum[0] += r.cost
			c.st.loc[0] += r.cost
		}
	}
	t.store2(i, st, st2)
	if sl.flags&hotQueued == 0 {
		sl.flags |= hotQueued
		s := &p.shards[p.hash(t.keyOf(i))&(protoShards-1)]
		s.dirtyMu.Lock()
		s.dirty = append(s.dirty, uint32(i))
		s.dirtyMu.Unlock()
	}
}

// release drops r's cost, as the cache's Release.
func (p *protoHot2) release(r *hotReservation) {
	t := r.t
	if t == nil {
		return
	}
	r.t = nil
	i := int(r.i)
	sl := &t.hot[i]
	sl.mu.Lock()
	if sl.ident.Load()&hotMoved != 0 {
		sl.mu.Unlock()
		t, i = p.forward(t, i)
		sl = &t.hot[i]
	}
	defer sl.mu.Unlock()
	sl.settle(false)
	if sl.flags&hotWide == 0 && r.cost <= int64(sl.reserved) {
		sl.reserved -= uint16(r.cost)
		return
	}
	st, st2 := t.load2(i)
	st.reserved -= r.cost
	t.store2(i, st, st2)
}

package bench

// proto-hot-1m1h-ptr: proto-hot-1m1h (proto_hot2.go) with the second
// counter where helper-128's design left it, in an allocation of its own
// (16 bytes) that a pointer at the slot's index points to (secp: the
// pointer is read in parallel with the hot line, the counter only after
// it, as it would be behind the cold slot's overflow pointer): the control
// that shows what addressing it from the slot's index (proto-hot-1m1h's
// sec array) saves. Its reserveTo and commit are proto-hot-1m1h's, copied,
// but for where the second counter is; the slow paths are the same
// (secAt finds the counter in either place).

import (
	"math"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

type protoHot2Ptr struct {
	protoHot2
}

func newProtoHot2Ptr() Contender { return newProtoHot2PtrWith(nil) }

// newProtoHot2PtrWith returns a proto-hot-1m1h-ptr reading now (nil: a
// CoarseClock): tables without a sec array.
func newProtoHot2PtrWith(now func() time.Time) *protoHot2Ptr {
	p := &protoHot2Ptr{protoHot2{protoHot: protoHot{protoBase: newProtoBase(now)}}}
	p.secs = hotSecPtr
	p.setTiers(tiers1m1h[0], tiers1m1h[1])
	for i := range p.shards {
		p.shards[i].tab.Store(newHotTable(0, hotSecPtr))
	}
	return p
}

func (p *protoHot2Ptr) Decide(k *Key) bool {
	now := p.now()
	var d hotDecision
	p.reserveTo(&d, k.Cache, 1, now)
	if d.Counted {
		p.commit(&d.Reservation)
	}
	return d.Allowed
}

func (p *protoHot2Ptr) reserveTo(d *hotDecision, k cache.Key, cost int64, now time.Time) {
	*d = hotDecision{}
	cost = max(cost, 0)
	t, i := p.find(k, now)
	sl := &t.hot[i]
	u := now.Unix()
	sl.lastUsed = uint32(min(max(u, 0), math.MaxUint32))
	if sl.flags&hotUnread == 0 {
		p.markUnread(t, i)
	}
	t0, t1 := p.tier, p.tier1
	if sl.flags&(hotShared|hotWide|hotMulti) == 0 && sl.sizeCode == p.code {
		// The second counter: behind a pointer, a load that waits for
		// the pointer's (h128's fallback for two sizes).
		sc := t.secp[i]
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

// commit is protoHot2's commit, the second counter in the overflow.
func (p *protoHot2Ptr) commit(r *hotReservation) {
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
	sc := t.secp[i] // allocated at the key's first decision (nil only before it: then sizeCode is 0, not r.code)
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

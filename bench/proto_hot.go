package bench

// proto-hot: the cache's entry split in two, a hot line and a cold part,
// so that a decision on a held key of one tier waits on one memory miss at
// a million keys, at a memory per key within go-limiter's. A prototype,
// like proto-inline and proto-inline-entry (proto.go, proto_entry.go), not
// the library; helper-128's report in bench/results has the design, the
// field-by-field account of the entry it comes from, and what integrating
// it into cache/ would take.
//
// Each shard's table is two parallel arrays, indexed alike: hot, 64-byte
// slots aligned to lines, and cold, 32-byte slots. The hot slot holds
// everything the decision's fast path (Reserve + Commit, one tier, a key
// held, one writer) reads or writes, in narrowed widths, and the key's
// bytes up to hotKey (bench/'s keys are 26 bytes); the cold slot the rest
// of the entry (the store's version, the pull round, the share's writers
// and sinceRead, the flush's flags, and the overflow: more counters, the
// store's frames no counter holds, orphans, the reset epoch), none of
// which the fast path touches.
//
// The hot widths and what happens past them (every value the policies
// allow is kept exactly; only the path changes):
//   - the counts a decision reads, global + local, in int32 per frame
//     (sum): a key whose counts pass 2^31-1 in a frame, possible only with
//     a limit above it (policy.MaxLimit is 10^12) or counted past its limit
//     (CountAlways), is made wide: its state moves to the overflow in int64
//     and its decisions take the slow path until it fits again;
//   - the local counts (what the next flush writes) in uint16 per frame
//     (loc), the bits above in the overflow (carry): one slow step every
//     65,536 units counted between two flushes;
//   - the reserved cost in uint16: a reservation that would pass 65,535
//     in flight (policy.MaxCost is 10^6) makes the key wide;
//   - the window size as a code (sizeCode) into a table of the sizes the
//     cache has seen (at most 255; a policy has at most 4 a scope);
//   - the frame start and the last use as uint32 Unix seconds, as the
//     cache's lastUsed already is.
//
// A probe reads each slot's ident (key length, split and a 16-bit tag of
// the hash) with one atomic load and compares the key's bytes only when it
// matches, without a lock: a slot's key is written before its ident is
// published and never changes while the slot is in a published table (a
// removal, not built here, would leave a tombstone until the next
// rebuild). The lock is taken once, on the key's own slot.
//
// Growth, forwarding and the dirty lists of slot indices are
// proto-inline-entry's: a rebuild moves every slot to a new table under
// the shard's lock, marks the old ones moved (their bytes stay), and a
// reservation (which holds its table and slot index) whose slot moved
// finds the key again in the new table.

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

const (
	// hotKey is the longest key kept whole in the hot line: what the 64
	// bytes leave beside the lock, the ident and the fast path's fields.
	hotKey = 26
	// A table is rebuilt when one more key would fill more than
	// hotMaxLoad (percent) of its slots, to a size that leaves it
	// hotRebuildLoad full: the cache's table's 7/8 and 70 %. Memory a key
	// is (64 + 32) / load: 137 B just after a rebuild, 110 just before.
	hotMaxLoad     = 87.5
	hotRebuildLoad = 70
	hotMinSlots    = 8
)

// The ident word: byte 0 the key's length code (0 empty, 1 + length for a
// key of up to hotKey bytes, hotLong for a longer one; hotMoved set once a
// rebuild copied the slot), byte 1 the split (where ClientID ends; for a
// long key its low byte, the overflow holds it whole), bytes 2-3 bits
// 32-47 of the hash.
const (
	hotLong  = hotKey + 2
	hotMoved = 0x80
)

// The hot flags, all read or written by the fast path. queued, evicted,
// unread and near are the entry's; shared (two writers or more: the share
// decides, with the cold part's writers and sinceRead), wide (the state is
// in the overflow at full width), multi (the key has counters of more than
// one size: the second is in the overflow) and carried (the overflow holds
// local counts above the hot uint16) send the fast path to the slow one.
const (
	hotQueued uint8 = 1 << iota
	hotEvicted
	hotUnread
	hotNear
	hotShared
	hotWide
	hotMulti
	hotCarried
)

// hotSlot is the hot line of one key.
type hotSlot struct {
	mu                  sync.Mutex    // 0: guards every field but ident and key
	ident               atomic.Uint32 // 8: length code, split, tag (see above)
	flags               uint8         // 12
	committed, released uint8         // 13, 14: settle counts, as the entry's
	sizeCode            uint8         // 15: the first counter's window size (hotSizes), 0 none
	lastUsed            uint32        // 16: Unix second of the last decision
	start               uint32        // 20: Unix second the current frame starts
	sum                 [2]int32      // 24: global + local counts [previous, current]
	loc                 [2]uint16     // 32: local counts' low 16 bits (carry: the overflow)
	reserved            uint16        // 36: cost reserved, not committed or released
	key                 [hotKey]byte  // 38: ClientID then User; a long key's first hotKey bytes
}

// coldSlot is the rest of the entry: nothing the fast path reads. The
// syncer's fields are here for their room (the prototype has no syncer).
type coldSlot struct {
	//lint:ignore U1000 the syncer's, which the prototype does not build: here for the layout
	version   int64  // the snapshot's (syncer)
	readRound uint32 // the pull round that last chose the key (markUnread, AppendPull)
	//lint:ignore U1000 the share's and Confirm's, not built: here for the layout
	sinceRead int32 // the first counter's (Confirm, the share)
	//lint:ignore U1000 the share's, not built: here for the layout
	writers uint8
	//lint:ignore U1000 the syncer's and eviction's, not built: here for the layout
	flags uint8 // the entry's detached, taken, epochKnown
	n     uint8 // counters in use
	_     [5]byte
	more  *hotMore // nil until needed
}

// hotMore is the overflow: the cache's (more counters, extra frames,
// orphans, reset epoch: not built here) and what the narrow hot fields
// spill.
type hotMore struct {
	carry     [2]int64 // local counts above loc's 16 bits
	wide      hotState // the state, when the slot is wide
	carry2    [2]int64 // the second counter's (sec) carry (proto-hot-1m1h)
	wide2     hotState // the second counter's state when the slot is wide (its reserved unused)
	longKey   string   // a key longer than hotKey: a copy of its bytes
	longSplit int
}

// hotState is a key's one-tier state at full width: what the slow path
// works on.
type hotState struct {
	start    int64
	sum, loc [2]int64
	reserved int64
}

const (
	hotLine     = 64
	hotColdSize = 32
)

type hotTable struct {
	hot  []hotSlot
	cold []coldSlot
	// sec is the second counters of keys of two window sizes, at the
	// slots' indices (proto-hot-1m1h: proto_hot2.go); nil in a proto-hot
	// of one size.
	sec []hotSec
	// secp is proto-hot-1m1h-ptr's instead (proto_hot2ptr.go): a pointer
	// to each key's second counter, an allocation of its own.
	secp []*hotSec
	used int // guarded by the shard's mu
}

type hotShard struct {
	tab     atomic.Pointer[hotTable]
	mu      sync.Mutex // inserts and rebuilds
	dirtyMu sync.Mutex
	dirty   []uint32 // queued keys' slot indices in tab; a rebuild rewrites it
	_       [24]byte
}

type protoHot struct {
	protoBase
	size   int64 // the tier's size in seconds
	code   uint8 // its sizeCode
	secs   uint8 // its tables' second counters: hotSecNone, hotSecArray (proto-hot-1m1h), hotSecPtr (its control)
	shards [protoShards]hotShard
}

func newProtoHot() Contender { return newProtoHotWith(nil) }

// newProtoHotWith returns a proto-hot reading now (nil: a CoarseClock).
func newProtoHotWith(now func() time.Time) *protoHot {
	p := &protoHot{protoBase: newProtoBase(now)}
	p.size = int64(p.tier.Size / time.Second)
	p.code = 1 // the one size this prototype's sizes table holds
	for i := range p.shards {
		p.shards[i].tab.Store(newHotTable(0, hotSecNone))
	}
	return p
}

// Where a table keeps its keys' second counters (hotTable.sec, secp).
const (
	hotSecNone = iota
	hotSecArray
	hotSecPtr
)

func newHotTable(n int, secs uint8) *hotTable {
	size := max(hotMinSlots, n*100/hotRebuildLoad)
	t := &hotTable{hot: make([]hotSlot, size), cold: make([]coldSlot, size)}
	switch secs {
	case hotSecArray:
		t.sec = make([]hotSec, size)
	case hotSecPtr:
		t.secp = make([]*hotSec, size)
	}
	return t
}

// hotReservation is a reservation: its table and slot (valid while held:
// a rebuild leaves the old slot moved, not reused), its cost, and the
// frame and size it was reserved in.
type hotReservation struct {
	t      *hotTable
	i      uint32
	code   uint8
	start  uint32
	start2 uint32 // the second counter's frame (proto-hot-1m1h)
	cost   int64
}

// hotDecision is cache.Decision for one tier.
type hotDecision struct {
	Allowed, Counted bool
	Tier             window.Tier
	Remaining, Used  int64
	RetryAfter       time.Duration
	Reset            time.Duration
	Reservation      hotReservation
}

func (p *protoHot) Decide(k *Key) bool {
	now := p.now()
	var d hotDecision
	p.reserveTo(&d, k.Cache, 1, now)
	if d.Counted {
		p.commit(&d.Reservation)
	}
	return d.Allowed
}

// identOf returns the ident of a key of n bytes split at split, of hash h.
func identOf(n, split int, h uint64) uint32 {
	code := uint32(n + 1)
	if n > hotKey {
		code = hotLong
	}
	return code | uint32(uint8(split))<<8 | uint32(uint16(h>>32))<<16
}

// Results of locate.
const (
	hotFound = iota
	hotAbsent
	hotRebuilding // met a moved slot: a rebuild is copying the table
)

// locate returns the index of k's slot in t, and hotFound; or what it met
// instead. It takes no lock (see the file's comment).
func (t *hotTable) locate(k cache.Key, h uint64) (int, int) {
	hot := t.hot
	n := len(hot)
	i := int(protoHome(h, uint64(n)))
	want := identOf(len(k.ClientID)+len(k.User), len(k.ClientID), h)
	for range n {
		sl := &hot[i]
		id := sl.ident.Load()
		if id == want {
			if uint8(id) != hotLong {
				p := unsafe.Pointer(&sl.key)
				x := protoSame(p, unsafe.Pointer(unsafe.StringData(k.ClientID)), len(k.ClientID))
				x |= protoSame(unsafe.Add(p, len(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User)), len(k.User))
				if x == 0 {
					return i, hotFound
				}
			} else if m := t.cold[i].more; m.longSplit == len(k.ClientID) && m.longKey[:m.longSplit] == k.ClientID && m.longKey[m.longSplit:] == k.User {
				// A long key's bytes: in the overflow, set before the
				// ident was published and never changed.
				return i, hotFound
			}
		}
		switch {
		case id == 0:
			return i, hotAbsent
		case id&hotMoved != 0:
			return i, hotRebuilding
		}
		if i++; i == n {
			i = 0
		}
	}
	return 0, hotAbsent
}

// waitRebuild waits out a rebuild of s, which holds its lock.
func (s *hotShard) waitRebuild() {
	s.mu.Lock()
	//lint:ignore SA2001 the empty critical section waits out a rebuild, which holds the lock
	s.mu.Unlock()
}

// find returns k's table and slot index, the slot locked, inserting the
// key if it is new. A key of short parts (8 to 16 bytes each, as bench/'s)
// is hashed and compared in its home slot here, with no call, as the
// cache's lookup does (its shortParts); anything else goes to lockSlot.
func (p *protoHot) find(k cache.Key, now time.Time) (*hotTable, int) {
	n, m := len(k.ClientID), len(k.User)
	if uint(n-8) > 8 || uint(m-8) > 8 || p.testHash != nil {
		return p.lockSlot(k, p.hash(k), now)
	}
	sd := &p.seeds
	cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
	x := protoMix(protoWord(cp, 0)^sd[1], protoWord(cp, n-8)^sd[0])
	y := protoMix(protoWord(up, 0)^sd[3], protoWord(up, m-8)^sd[2])
	h := protoMix(x^(uint64(n)<<32^uint64(m)^sd[4]), y^sd[5])
	t := p.shards[h&(protoShards-1)].tab.Load()
	i := int(protoHome(h, uint64(len(t.hot))))
	sl := &t.hot[i]
	if sl.ident.Load() == uint32(n+m+1)|uint32(n)<<8|uint32(uint16(h>>32))<<16 {
		q := unsafe.Pointer(&sl.key)
		r := unsafe.Add(q, n)
		if protoWord(q, 0)^protoWord(cp, 0)|protoWord(q, n-8)^protoWord(cp, n-8)|protoWord(r, 0)^protoWord(up, 0)|protoWord(r, m-8)^protoWord(up, m-8) == 0 {
			sl.mu.Lock()
			if sl.ident.Load()&hotMoved == 0 {
				return t, i
			}
			sl.mu.Unlock() // moved between the probe and the lock
		}
	}
	return p.lockSlot(k, h, now)
}

// lockSlot returns k's table and slot index, the slot locked, inserting
// the key if it is new.
func (p *protoHot) lockSlot(k cache.Key, h uint64, now time.Time) (*hotTable, int) {
	s := &p.shards[h&(protoShards-1)]
	for {
		t := s.tab.Load()
		i, st := t.locate(k, h)
		switch st {
		case hotFound:
			sl := &t.hot[i]
			sl.mu.Lock()
			if sl.ident.Load()&hotMoved == 0 {
				return t, i
			}
			sl.mu.Unlock() // moved between the probe and the lock
			s.waitRebuild()
		case hotRebuilding:
			s.waitRebuild()
		default:
			p.insert(s, k, h, now)
		}
	}
}

func (p *protoHot) reserveTo(d *hotDecision, k cache.Key, cost int64, now time.Time) {
	*d = hotDecision{}
	cost = max(cost, 0)
	t, i := p.find(k, now)
	sl := &t.hot[i]
	u := now.Unix()
	sl.lastUsed = uint32(min(max(u, 0), math.MaxUint32))
	if sl.flags&hotUnread == 0 {
		p.markUnread(t, i)
	}
	tier := p.tier
	// The fast path: one writer, narrow, one counter, of the tier's size,
	// in now's frame or the next (rolled here: one frame on, the current
	// counts become the previous ones, unless the overflow holds some of
	// the local ones), little in flight, admitted.
	if sl.flags&(hotShared|hotWide|hotMulti) == 0 && sl.sizeCode == p.code {
		start := int64(sl.start)
		if uint64(u-start) >= uint64(p.size) {
			if u-start >= 2*p.size || u < start || sl.flags&hotCarried != 0 {
				goto slow // two frames on (the cache holds the local counts as orphans), a clock back, or a carry
			}
			start += p.size
			sl.start = uint32(start)
			sl.sum = [2]int32{sl.sum[1], 0}
			sl.loc = [2]uint16{sl.loc[1], 0}
		}
		r0 := int64(sl.reserved)
		if (r0 <= 1 || r0 <= tier.Limit/10) && cost <= math.MaxUint16-r0 {
			counts := window.Counts{StartUnix: start, Prev: int64(sl.sum[0]), Curr: int64(sl.sum[1]) + r0}
			elapsed := tier.Elapsed(counts, now)
			used := tier.UsedAfter(counts, elapsed)
			room := max(tier.Limit-used, 0) - cost
			if room >= 0 && cost <= tier.Limit-used && room < math.MaxInt64 {
				sl.flags = sl.flags&^hotNear | nearPercent(tier.Limit, room, p.hot)>>4
				d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, tier, room, used+cost
				// Field by field, as the cache's fast path fills its
				// Reservation: a composite literal was built on the stack
				// and copied in 16-byte moves.
				rs := &d.Reservation
				rs.t, rs.i, rs.code, rs.start, rs.cost = t, uint32(i), sl.sizeCode, sl.start, cost
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

// nearPercent's nearBit (0x80) shifted to hotNear.
var _ [0]struct{} = [nearBit>>4 - hotNear]struct{}{}

// hotWeight is the cache's reservedWeight: how much of r, in flight,
// counts against tier t, given how the key's recent reservations ended.
func hotWeight(r int64, t window.Tier, committed, released uint8) int64 {
	if r <= 1 || r <= t.Limit/10 {
		return r
	}
	full := max(1, (t.Limit+9)/10)
	if r <= full {
		return r
	}
	ok, all := int64(committed), int64(committed)+int64(released)
	if all < 8 || ok == all { // the cache's settleEvidence
		return r
	}
	return full + (r-full)*ok/all
}

// settle records how a reservation ended, as the entry's settle.
func (sl *hotSlot) settle(committed bool) {
	if committed {
		sl.committed++
	} else {
		sl.released++
	}
	if int(sl.committed)+int(sl.released) >= 64 { // the cache's settleWindow
		sl.committed, sl.released = (sl.committed+1)/2, (sl.released+1)/2
	}
}

// markUnread is the cache's markUnread: the first decision since the
// syncer read the key; it reads the cold slot's pull round (this
// prototype has no syncer: the round is 0).
func (p *protoHot) markUnread(t *hotTable, i int) {
	t.hot[i].flags |= hotUnread
	t.cold[i].readRound = 0
}

// load returns slot i's state at full width (the slot locked).
func (t *hotTable) load(i int) hotState {
	sl, c := &t.hot[i], &t.cold[i]
	if sl.flags&hotWide != 0 {
		return c.more.wide
	}
	st := hotState{start: int64(sl.start), reserved: int64(sl.reserved)}
	for j := range 2 {
		st.sum[j] = int64(sl.sum[j])
		st.loc[j] = int64(sl.loc[j])
		if sl.flags&hotCarried != 0 {
			st.loc[j] += c.more.carry[j]
		}
	}
	return st
}

// store puts st in slot i (locked): in the hot line if it fits, the
// local counts' bits above 16 in the overflow, else wide.
func (t *hotTable) store(i int, st hotState) {
	sl, c := &t.hot[i], &t.cold[i]
	fits := st.start >= 0 && st.start <= math.MaxUint32 && st.reserved >= 0 && st.reserved <= math.MaxUint16
	for j := range 2 {
		fits = fits && st.sum[j] >= math.MinInt32 && st.sum[j] <= math.MaxInt32 && st.loc[j] >= 0
	}
	if !fits {
		if c.more == nil {
			c.more = new(hotMore)
		}
		c.more.wide = st
		sl.flags = sl.flags&^hotCarried | hotWide
		return
	}
	sl.flags &^= hotWide | hotCarried
	sl.start, sl.reserved = uint32(st.start), uint16(st.reserved)
	var carry [2]int64
	for j := range 2 {
		sl.sum[j], sl.loc[j] = int32(st.sum[j]), uint16(st.loc[j])
		carry[j] = st.loc[j] &^ math.MaxUint16
	}
	if carry != [2]int64{} {
		if c.more == nil {
			c.more = new(hotMore)
		}
		sl.flags |= hotCarried
	}
	if c.more != nil {
		c.more.carry = carry
	}
}

// roll moves st to the frame of size seconds that starts at ns, as the
// cache's counter.roll (two frames on, the cache holds the local counts
// as orphans for a clock that comes back: not built here).
func (st *hotState) roll(ns, size int64) {
	switch {
	case ns <= st.start:
		return
	case ns == st.start+size:
		st.sum, st.loc = [2]int64{st.sum[1], 0}, [2]int64{st.loc[1], 0}
	default:
		st.sum, st.loc = [2]int64{}, [2]int64{}
	}
	st.start = ns
}

// decideSlow is the cache's general path for one tier on slot i (locked),
// which it unlocks: the roll, a denial, much in flight, a wide key.
func (p *protoHot) decideSlow(d *hotDecision, t *hotTable, i int, cost int64, now time.Time) {
	sl := &t.hot[i]
	defer sl.mu.Unlock()
	if sl.flags&(hotShared|hotMulti) != 0 || (sl.sizeCode != p.code && sl.sizeCode != 0) {
		panic("bench: proto-hot: shared keys and keys of several sizes are not built")
	}
	tier := p.tier
	st := t.load(i)
	if sl.sizeCode == 0 { // a new key: its counter
		sl.sizeCode = p.code
		st.start = tier.FrameStartUnix(now)
	}
	st.roll(tier.FrameStartUnix(now), p.size)
	counts := window.Counts{StartUnix: st.start, Prev: st.sum[0], Curr: st.sum[1] + hotWeight(st.reserved, tier, sl.committed, sl.released)}
	used := tier.UsedAfter(counts, tier.Elapsed(counts, now))
	rem := max(tier.Limit-used, 0)
	sl.flags = sl.flags&^hotNear | nearPercent(tier.Limit, rem-cost, p.hot)>>4
	d.Tier, d.Used = tier, used+cost
	if room := rem - cost; room >= 0 && cost <= tier.Limit-used {
		d.Allowed, d.Counted, d.Remaining = true, true, room
		d.Reservation = hotReservation{t: t, i: uint32(i), code: sl.sizeCode, start: uint32(st.start), cost: cost}
		st.reserved += cost
	} else {
		ra, err := tier.RetryAfter(counts, cost, now)
		if err != nil {
			ra = tier.Size
		}
		d.RetryAfter = ra
	}
	counts.Curr = st.sum[1] + hotWeight(st.reserved, tier, sl.committed, sl.released)
	if !d.Allowed {
		d.Remaining = tier.Remaining(counts, now)
	}
	d.Reset = tier.ResetAfter(counts, tier.Elapsed(counts, now))
	t.store(i, st)
}

// commit counts r's cost in the frame it was reserved in (in none once
// that frame has left the window) and clears r, as the cache's Commit.
func (p *protoHot) commit(r *hotReservation) {
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
	cost := r.cost
	sl.settle(true)
	// The fast path: queued for a flush already, narrow, the counter the
	// reservation counted in, its frame current or previous, no carry.
	if sl.flags&(hotQueued|hotEvicted|hotWide) == hotQueued && sl.sizeCode == r.code && cost <= int64(sl.reserved) {
		j := -1
		switch r.start {
		case sl.start:
			j = 1
		case sl.start - uint32(p.size):
			j = 0
		}
		if j >= 0 {
			if s, l := int64(sl.sum[j])+cost, int64(sl.loc[j])+cost; s <= math.MaxInt32 && l <= math.MaxUint16 {
				sl.reserved -= uint16(cost)
				sl.sum[j], sl.loc[j] = int32(s), uint16(l)
				sl.mu.Unlock()
				return
			}
		}
	}
	p.commitSlow(t, i, r)
}

// release drops r's cost, as the cache's Release: the request leaves no
// trace in any count but the settle counts.
func (p *protoHot) release(r *hotReservation) {
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
	st := t.load(i)
	st.reserved -= r.cost
	t.store(i, st)
}

// commitSlow is commit's general path on slot i (locked), which it
// unlocks: the key queued, a carry, a wide key, a frame that left.
func (p *protoHot) commitSlow(t *hotTable, i int, r *hotReservation) {
	sl := &t.hot[i]
	defer sl.mu.Unlock()
	st := t.load(i)
	st.reserved -= r.cost
	switch int64(r.start) {
	case st.start:
		st.sum[1] += r.cost
		st.loc[1] += r.cost
	case st.start - p.size:
		st.sum[0] += r.cost
		st.loc[0] += r.cost
	}
	t.store(i, st)
	if sl.flags&hotQueued == 0 {
		// The key's first commit since its last flush: on its shard's
		// dirty list, as its slot's index, found by hashing the key again
		// (as the cache's Commit). t is the shard's table: a rebuild that
		// moves the slot publishes the new one only after it has locked
		// it.
		sl.flags |= hotQueued
		s := &p.shards[p.hash(t.keyOf(i))&(protoShards-1)]
		s.dirtyMu.Lock()
		s.dirty = append(s.dirty, uint32(i))
		s.dirtyMu.Unlock()
	}
}

// keyOf returns a view of slot i's key (the slot locked, or moved).
func (t *hotTable) keyOf(i int) cache.Key {
	sl := &t.hot[i]
	if uint8(sl.ident.Load())&^hotMoved == hotLong {
		m := t.cold[i].more
		return cache.Key{ClientID: m.longKey[:m.longSplit], User: m.longKey[m.longSplit:]}
	}
	n, split := int(uint8(sl.ident.Load())&^hotMoved)-1, int(uint8(sl.ident.Load()>>8))
	b := unsafe.String(&sl.key[0], n)
	return cache.Key{ClientID: b[:split], User: b[split:]}
}

// forward returns, locked, the table and slot a rebuild moved slot i of
// old to: old's slot is never written again once moved.
func (p *protoHot) forward(old *hotTable, i int) (*hotTable, int) {
	k := old.keyOf(i)
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	for {
		t := s.tab.Load()
		j, st := t.locate(k, h)
		if st == hotFound {
			sl := &t.hot[j]
			sl.mu.Lock()
			if sl.ident.Load()&hotMoved == 0 {
				return t, j
			}
			sl.mu.Unlock()
		} else if st == hotAbsent {
			panic("bench: proto-hot: a moved key is in no table")
		}
		s.waitRebuild()
	}
}

// insert puts k, whose hash is h, in its shard s unless it is there now,
// rebuilding the table first if one more key would fill it past
// hotMaxLoad. The key's bytes are copied (rule 17: k may view a request
// buffer). The caller then looks k up again.
func (p *protoHot) insert(s *hotShard, k cache.Key, h uint64, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tab.Load()
	if _, st := t.locate(k, h); st == hotFound { // hotRebuilding is impossible under s.mu
		return
	}
	if float64(t.used+1) > float64(len(t.hot))*hotMaxLoad/100 {
		t = p.rebuild(s, t)
	}
	n := len(k.ClientID) + len(k.User)
	i := t.free(h)
	sl, c := &t.hot[i], &t.cold[i]
	copy(sl.key[copy(sl.key[:min(len(k.ClientID), hotKey)], k.ClientID):], k.User)
	if n > hotKey {
		c.more = &hotMore{longKey: k.ClientID + k.User, longSplit: len(k.ClientID)}
		if len(k.ClientID) == 0 || len(k.User) == 0 {
			// k.ClientID + k.User returns the other part as it is, a view
			// of the caller's buffer: copied byte by byte.
			c.more.longKey = string(append([]byte(nil), c.more.longKey...))
		}
	}
	c.n = 1
	sl.lastUsed = uint32(min(max(now.Unix(), 0), math.MaxUint32))
	sl.ident.Store(identOf(n, len(k.ClientID), h)) // last: publishes the bytes
	t.used++
}

// free returns the first empty slot from h's home. The caller holds the
// shard's lock and has made room.
func (t *hotTable) free(h uint64) int {
	n := len(t.hot)
	for i := int(protoHome(h, uint64(n))); ; {
		if t.hot[i].ident.Load() == 0 {
			return i
		}
		if i++; i == n {
			i = 0
		}
	}
}

// rebuild moves t's keys to a new table sized for one more at
// hotRebuildLoad, rewrites the shard's dirty list, publishes the table and
// returns it. The caller holds the shard's lock.
func (p *protoHot) rebuild(s *hotShard, t *hotTable) *hotTable {
	nt := newHotTable(t.used+1, p.secs)
	var dirty []uint32
	for i := range t.hot {
		old := &t.hot[i]
		old.mu.Lock()
		if id := old.ident.Load(); id != 0 {
			h := p.hash(t.keyOf(i))
			j := nt.free(h)
			sl := &nt.hot[j]
			sl.flags, sl.committed, sl.released, sl.sizeCode = old.flags, old.committed, old.released, old.sizeCode
			sl.lastUsed, sl.start, sl.sum, sl.loc, sl.reserved, sl.key = old.lastUsed, old.start, old.sum, old.loc, old.reserved, old.key
			nt.cold[j] = t.cold[i]
			if t.sec != nil {
				nt.sec[j] = t.sec[i]
			}
			if t.secp != nil {
				nt.secp[j] = t.secp[i]
			}
			sl.ident.Store(id)
			if old.flags&hotQueued != 0 {
				dirty = append(dirty, uint32(j))
			}
			nt.used++
			old.ident.Store(id | hotMoved)
		}
		old.mu.Unlock()
	}
	s.dirtyMu.Lock()
	s.dirty = dirty
	s.tab.Store(nt)
	s.dirtyMu.Unlock()
	return nt
}

func (p *protoHot) protoLoad() (keys, slots int, bytes uintptr) {
	for i := range p.shards {
		s := &p.shards[i]
		s.mu.Lock()
		t := s.tab.Load()
		keys += t.used
		slots += len(t.hot)
		bytes += uintptr(len(t.hot))*(unsafe.Sizeof(hotSlot{})+unsafe.Sizeof(coldSlot{})) + uintptr(len(t.sec))*unsafe.Sizeof(hotSec{}) + uintptr(len(t.secp))*8
		s.mu.Unlock()
	}
	return keys, slots, bytes
}

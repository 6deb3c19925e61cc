package bench

// proto-inline: a prototype of the lever issue 12 names and no session
// built, "an open-addressed table with the entries inline (one memory
// miss)", made to measure what it would give, not to ship. It is a contender
// here, beside project, and not in the library: the cache's guarantees
// (reservations across evictions, the dirty lists, detached keys, the
// syncer's Pending, the share of a key several instances count) are not
// all kept; what each would need is in bench/results' report of helper-51.
//
// Each of protoShards shards (the cache's default count) holds an
// open-addressed table of 64-byte slots, one cache line each, aligned to
// lines. A slot holds the key's lock, its bytes (up to protoInlineKey) and
// the one-tier counter a decision reads and writes: frame start, previous
// and current counts, reserved. A decision on a held key hashes it, loads
// its shard's table pointer (256 shards: their lines stay in cache), and
// from the hash alone computes its home slot: the one line it waits on
// from memory, and its 4 KiB page's walk. It locks the slot, compares the
// key's bytes there (exactly; no hash is kept, the bytes are in the line
// already), decides and reserves, unlocks; Commit locks the same line,
// still in the core's cache, and counts. A key not in its home slot is
// in one of the next (linear probing), the next lines of the same page
// mostly, which the prefetchers fetch behind the first.
//
// The slot has no room for a tag besides the key's 26 bytes, its 8-byte
// lock and 64-bit counts: the key's bytes are compared under the slot's
// lock instead, which a hit takes anyway (a probe past another key's slot
// locks and unlocks it). Keys of more than protoInlineKey bytes are kept in
// slots of their own, out of the table (a map per shard): a second
// dependent miss, as project's entries cost every key.
//
// A table grows (while the workload is populated, never while it is timed)
// by a rebuild that moves every slot to a new table. A reservation holds a
// pointer to its slot, which must stay valid: the rebuild, under the
// shard's lock, locks each old slot, copies it and marks it moved, and a
// decision or Commit that finds its slot moved looks the key up again in
// the new table (forwarding); the old table stays in memory while a
// reservation points into it.

import (
	crand "crypto/rand"
	"encoding/binary"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

const (
	// protoShards is the cache's default shard count.
	protoShards = 256
	// protoInlineKey is the longest key (client ID and user together)
	// kept in its slot: what the 64-byte line leaves beside the lock and
	// the counts. bench/'s keys are 26 bytes.
	protoInlineKey = 26
	// A table is rebuilt when one more key would fill more than
	// protoMaxLoad (percent) of its slots, to a size that leaves it
	// protoRebuildLoad full. Linear probing's hits read 0.5 × (1 +
	// 1/(1−load)) slots on average: 1.5 at 0.5, 2.17 at 0.7, 3 at 0.8.
	protoMaxLoad     = 80
	protoRebuildLoad = 60
	protoMinSlots    = 8
)

// The slot's klen: 0 empty, 1 + the key's length for a key held, with
// slotMoved set once a rebuild copied it to a newer table (the key's length
// kept: forward reads it); slotLong for a slot of its own (longSlot).
const (
	slotEmpty = 0
	slotMoved = 0x80
	slotLong  = protoInlineKey + 2
	// nearBit of a slot's split: the key was near its limit at its last
	// decision (the cache's near flag; the split is at most
	// protoInlineKey).
	nearBit = 0x80
)

// protoSlot is one key's state: one 64-byte line. Every field is read and
// written under mu, the key's bytes included (a probe that passes another
// key's slot locks it to read them): an insert and a rebuild write them
// under mu too.
type protoSlot struct {
	mu    sync.Mutex
	start uint32 // Unix second the current frame starts (the cache's lastUsed's range: 1970 to 2106)
	klen  uint8  // 0 empty, 1 + the key's length (| slotMoved), slotLong
	split uint8  // where the key's bytes split into ClientID and User; | nearBit
	key   [protoInlineKey]byte
	prev  int64 // count of the previous frame
	curr  int64 // count of the current frame
	// reserved is the cost of the reservations neither committed nor
	// released, counted in full (the cache's fast path's case: at most a
	// tenth of the limit in flight).
	reserved int64
}

// protoLine is a cache line's size: the slot's, and the alignment its
// table's slots have (TestProtoSlotLayout).
const protoLine = 64

// protoTable is one shard's slots: linear probing from the home slot,
// which the hash's high bits pick (the shard takes its low bits).
type protoTable struct {
	slots []protoSlot // pointer-free: the collector never scans them
	used  int         // keys held; guarded by the shard's mu
}

// protoShard is one part of the key space. mu serialises inserts and
// rebuilds (a decision on a held key takes only its slot's lock); long
// holds the keys too long for a slot, under longMu.
type protoShard struct {
	tab    atomic.Pointer[protoTable]
	mu     sync.Mutex
	longMu sync.RWMutex
	long   map[string]*protoSlot
	_      [32]byte // keeps neighbouring shards' locks off one cache line
}

// protoBase is what the prototypes share: the hash's seeds, the tier, the
// clock (a CoarseClock's, as project's), the cache's default HotPercent.
type protoBase struct {
	seeds [6]uint64
	tier  window.Tier
	hot   uint8
	now   func() time.Time
	clk   *oauthratelimit.CoarseClock // stopped by Close; nil: none
	// testHash replaces the hash in tests (collisions, one shard).
	testHash func(cache.Key) uint64
}

// newProtoBase returns a protoBase reading now, or, if now is nil, a
// CoarseClock of the server's default tick.
func newProtoBase(now func() time.Time) protoBase {
	b := protoBase{tier: window.Tier{Limit: Limit, Size: Window}, hot: 50, now: now}
	if now == nil {
		clk, err := oauthratelimit.NewCoarseClock(oauthratelimit.DefaultClockTick)
		if err != nil {
			panic(err) // a valid tick
		}
		b.clk, b.now = clk, clk.Now
	}
	var s [len(b.seeds) * 8]byte
	_, _ = crand.Read(s[:])
	for i := range b.seeds {
		b.seeds[i] = binary.LittleEndian.Uint64(s[8*i:])
	}
	return b
}

func (b *protoBase) Close() {
	if b.clk != nil {
		b.clk.Stop()
	}
}

// protoInline is the contender.
type protoInline struct {
	protoBase
	shards [protoShards]protoShard
}

func newProtoInline() Contender { return newProtoInlineWith(nil) }

// newProtoInlineWith returns a proto-inline reading now (nil: a
// CoarseClock).
func newProtoInlineWith(now func() time.Time) *protoInline {
	p := &protoInline{protoBase: newProtoBase(now)}
	for i := range p.shards {
		p.shards[i].tab.Store(newProtoTable(0))
		p.shards[i].long = map[string]*protoSlot{}
	}
	return p
}

func newProtoTable(n int) *protoTable {
	return &protoTable{slots: make([]protoSlot, max(protoMinSlots, n*100/protoRebuildLoad))}
}

// protoReservation is a reservation: the slot it counts in (valid while it
// is held: a rebuild leaves the old slot moved, not reused), its cost, and
// the frame it was reserved in.
type protoReservation struct {
	slot  *protoSlot
	cost  int64
	start uint32
}

// protoDecision is what a decision gives the middleware, as
// cache.Decision does for one tier.
type protoDecision struct {
	Allowed, Counted bool
	Tier             window.Tier
	Remaining        int64
	Reset            time.Duration
	Reservation      protoReservation
}

// Decide decides as project does: the clock read, a reservation into a
// Decision on the goroutine's stack, then Commit.
func (p *protoInline) Decide(k *Key) bool {
	now := p.now()
	var d protoDecision
	p.reserveTo(&d, k.Cache, 1, now)
	if d.Counted {
		p.commit(&d.Reservation)
	}
	return d.Allowed
}

// reserveTo decides a request of the given cost for k at now against the
// one tier, and reserves the cost if admitted.
func (p *protoInline) reserveTo(d *protoDecision, k cache.Key, cost int64, now time.Time) {
	*d = protoDecision{}
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	n := len(k.ClientID) + len(k.User)
	if n > protoInlineKey {
		p.decide(d, p.longSlot(s, k), cost, now)
		return
	}
	for {
		sl, moved := s.tab.Load().locate(k, h)
		if sl != nil {
			p.decide(d, sl, cost, now) // unlocks sl
			return
		}
		if moved {
			// A rebuild is copying the table: it holds the shard's lock
			// until it has published the new one.
			s.mu.Lock()
			//lint:ignore SA2001 the empty critical section waits out a rebuild, which holds the lock
			s.mu.Unlock() // an empty critical section: it waits out the rebuild
			continue
		}
		p.insert(s, k, h, now)
	}
}

// locate returns the slot of k, whose hash is h, locked; or nil, and
// whether the probe met a slot a rebuild moved (the caller then looks
// again in the new table).
func (t *protoTable) locate(k cache.Key, h uint64) (*protoSlot, bool) {
	slots := t.slots
	n := len(slots)
	i := int(protoHome(h, uint64(n)))
	kl, split := uint8(len(k.ClientID)+len(k.User)+1), uint8(len(k.ClientID))
	for range n {
		sl := &slots[i]
		sl.mu.Lock()
		if sl.klen == kl && sl.split&^nearBit == split && sl.hasKey(k) {
			return sl, false
		}
		switch {
		case sl.klen == slotEmpty:
			sl.mu.Unlock()
			return nil, false
		case sl.klen&slotMoved != 0:
			sl.mu.Unlock()
			return nil, true
		}
		sl.mu.Unlock()
		if i++; i == n {
			i = 0
		}
	}
	return nil, false
}

// protoHome is the home slot of hash h in a table of n slots: the high
// bits of h times n (no power of two needed), as the cache's homeOf.
func protoHome(h, n uint64) uint64 {
	hi, _ := bits.Mul64(h, n)
	return hi
}

// hasKey reports whether sl, locked, of k's length and split, holds k's
// bytes, compared as the cache compares a key of parts up to 48 bytes
// (cache's sameLong and sameSmall): words of 8, the last overlapping.
func (sl *protoSlot) hasKey(k cache.Key) bool {
	n, m := len(k.ClientID), len(k.User)
	p := unsafe.Pointer(&sl.key)
	x := protoSame(p, unsafe.Pointer(unsafe.StringData(k.ClientID)), n)
	x |= protoSame(unsafe.Add(p, n), unsafe.Pointer(unsafe.StringData(k.User)), m)
	return x == 0
}

// protoSame returns 0 if the n bytes at p and q are equal; its loads stay
// within them (unaligned 8- and 4-byte loads: amd64 and arm64).
func protoSame(p, q unsafe.Pointer, n int) uint64 {
	switch {
	case n >= 8:
		x := protoWord(p, n-8) ^ protoWord(q, n-8)
		for i := 0; i < n-8; i += 8 {
			x |= protoWord(p, i) ^ protoWord(q, i)
		}
		return x
	case n >= 4:
		return uint64(*(*uint32)(p)^*(*uint32)(q)) | uint64(*(*uint32)(unsafe.Add(p, n-4))^*(*uint32)(unsafe.Add(q, n-4)))
	case n > 0:
		b := func(p unsafe.Pointer, i int) byte { return *(*byte)(unsafe.Add(p, i)) }
		return uint64(b(p, 0)^b(q, 0)) | uint64(b(p, n>>1)^b(q, n>>1)) | uint64(b(p, n-1)^b(q, n-1))
	}
	return 0
}

func protoWord(p unsafe.Pointer, i int) uint64 { return *(*uint64)(unsafe.Add(p, i)) }

// decide is the decision on sl, locked, which it unlocks: the cache's
// fast path for one tier (cache.ReserveTo), with the roll to now's frame
// inline, the reserved cost in full.
func (p *protoInline) decide(d *protoDecision, sl *protoSlot, cost int64, now time.Time) {
	t := p.tier
	cost = max(cost, 0)
	u := now.Unix()
	size := int64(t.Size / time.Second)
	if start := int64(sl.start); uint64(u-start) >= uint64(size) {
		sl.roll(t, now, start, size)
	}
	counts := window.Counts{StartUnix: int64(sl.start), Prev: sl.prev, Curr: sl.curr + sl.reserved}
	elapsed := t.Elapsed(counts, now)
	used := t.UsedAfter(counts, elapsed)
	room := max(t.Limit-used, 0) - cost
	if room < 0 || cost > t.Limit-used {
		// Denied: what the cache's general path says of it is not this
		// prototype's question (every request of the workloads is
		// admitted).
		sl.mu.Unlock()
		d.Tier = t
		return
	}
	near := nearPercent(t.Limit, room, p.hot)
	sl.split = sl.split&^nearBit | near
	d.Allowed, d.Counted, d.Tier, d.Remaining = true, true, t, room
	d.Reservation = protoReservation{slot: sl, cost: cost, start: sl.start}
	sl.reserved += cost
	counts.Curr += cost
	d.Reset = t.ResetAfter(counts, elapsed)
	sl.mu.Unlock()
}

// roll moves sl's counter, of a frame of size seconds starting at start,
// to now's frame (a clock that stepped back leaves it where it is).
func (sl *protoSlot) roll(t window.Tier, now time.Time, start, size int64) {
	ns := min(max(t.FrameStartUnix(now), 0), math.MaxUint32/size*size)
	switch {
	case ns <= start:
		return
	case ns == start+size:
		sl.prev, sl.curr = sl.curr, 0
	default:
		sl.prev, sl.curr = 0, 0
	}
	sl.start = uint32(ns)
}

// nearPercent is the cache's nearLimit as the split's nearBit: at least
// hot percent of the limit used, with this request.
func nearPercent(limit, rem int64, hot uint8) uint8 {
	used := limit - min(max(rem, 0), limit)
	if limit < math.MaxInt64/100 {
		if used*100 >= int64(hot)*limit {
			return nearBit
		}
		return 0
	}
	if used/(limit/100) >= int64(hot) {
		return nearBit
	}
	return 0
}

// commit counts r's cost in the frame it was reserved in (not in a frame
// that has left the window since), and clears r.
func (p *protoInline) commit(r *protoReservation) {
	sl := r.slot
	if sl == nil {
		return
	}
	r.slot = nil
	sl.mu.Lock()
	if sl.klen&slotMoved != 0 {
		sl.mu.Unlock()
		sl = p.forward(sl)
	}
	sl.reserved -= r.cost
	switch size := uint32(p.tier.Size / time.Second); r.start {
	case sl.start:
		sl.curr += r.cost
	case sl.start - size:
		sl.prev += r.cost
	}
	sl.mu.Unlock()
}

// forward returns, locked, the slot that a rebuild moved old's key to: old
// is never written again once moved, so its key's bytes are read without
// its lock.
func (p *protoInline) forward(old *protoSlot) *protoSlot {
	n := int(old.klen&^slotMoved) - 1
	split := int(old.split &^ nearBit)
	b := string(old.key[:n]) // a rebuild's rare path: the allocation is no decision's
	k := cache.Key{ClientID: b[:split], User: b[split:]}
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	for {
		sl, moved := s.tab.Load().locate(k, h)
		if sl != nil {
			return sl
		}
		if !moved {
			// Unreachable: a key is never removed, and a rebuild moves
			// every key it holds.
			panic("bench: proto-inline: a moved key is in no table")
		}
		s.mu.Lock()
		//lint:ignore SA2001 the empty critical section waits out a rebuild, which holds the lock
		s.mu.Unlock() // waits out the rebuild
	}
}

// insert puts k, whose hash is h, in its shard s unless it is there now,
// rebuilding the table first if one more key would fill it past
// protoMaxLoad. The caller then looks k up again.
func (p *protoInline) insert(s *protoShard, k cache.Key, h uint64, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tab.Load()
	if sl, _ := t.locate(k, h); sl != nil { // moved is impossible under s.mu
		sl.mu.Unlock()
		return
	}
	if (t.used+1)*100 > len(t.slots)*protoMaxLoad {
		t = p.rebuild(s, t)
	}
	start := uint32(min(max(p.tier.FrameStartUnix(now), 0), math.MaxUint32))
	t.place(h, func(sl *protoSlot) {
		sl.klen, sl.split = uint8(len(k.ClientID)+len(k.User)+1), uint8(len(k.ClientID))
		copy(sl.key[copy(sl.key[:], k.ClientID):], k.User) // copied: k may view a request buffer (rule 17)
		sl.start = start
	})
	t.used++
}

// place fills the first empty slot from h's home with fill, under the
// slot's lock. The caller holds the shard's lock and has made room.
func (t *protoTable) place(h uint64, fill func(*protoSlot)) {
	n := len(t.slots)
	for i := int(protoHome(h, uint64(n))); ; {
		sl := &t.slots[i]
		sl.mu.Lock()
		if sl.klen == slotEmpty {
			fill(sl)
			sl.mu.Unlock()
			return
		}
		sl.mu.Unlock()
		if i++; i == n {
			i = 0
		}
	}
}

// rebuild moves t's keys to a new table sized for one more at
// protoRebuildLoad, publishes it and returns it. The caller holds the
// shard's lock. Each old slot is copied under its own lock and left moved,
// so that a decision or a Commit on it (a reservation's pointer) finds the
// key in the new table (forward) and no count lands in the old one.
func (p *protoInline) rebuild(s *protoShard, t *protoTable) *protoTable {
	nt := newProtoTable(t.used + 1)
	for i := range t.slots {
		old := &t.slots[i]
		old.mu.Lock()
		if old.klen != slotEmpty {
			n, split := int(old.klen)-1, int(old.split&^nearBit)
			b := unsafe.String(&old.key[0], n)
			nt.place(p.hash(cache.Key{ClientID: b[:split], User: b[split:]}), func(sl *protoSlot) {
				sl.start, sl.klen, sl.split, sl.key = old.start, old.klen, old.split, old.key
				sl.prev, sl.curr, sl.reserved = old.prev, old.curr, old.reserved
			})
			nt.used++
			old.klen |= slotMoved
		}
		old.mu.Unlock()
	}
	s.tab.Store(nt)
	return nt
}

// longSlot returns, locked, the slot of k, too long for a table's slot:
// one allocation of its own in the shard's map, as project's entries
// (two dependent misses at 1M keys).
func (p *protoInline) longSlot(s *protoShard, k cache.Key) *protoSlot {
	var b [2 * protoInlineKey]byte
	flat := append(append(b[:0], k.ClientID...), k.User...)
	s.longMu.RLock()
	sl := s.long[string(flat)] // no allocation: the conversion only looks up
	s.longMu.RUnlock()
	if sl == nil {
		s.longMu.Lock()
		if sl = s.long[string(flat)]; sl == nil {
			sl = &protoSlot{klen: slotLong}
			sl.start = uint32(min(max(p.tier.FrameStartUnix(p.now()), 0), math.MaxUint32))
			s.long[string(flat)] = sl // a copy of the key's bytes (rule 17)
		}
		s.longMu.Unlock()
	}
	sl.mu.Lock()
	return sl
}

// hash is the cache's key hash (cache/keyhash.go's mixPart and join, with
// seeds of its own), so that the prototype's decision costs what project's
// does to hash a key: wyhash's mix over each part's words, then the two
// parts' mixes and their lengths.
func (p *protoBase) hash(k cache.Key) uint64 {
	if p.testHash != nil {
		return p.testHash(k)
	}
	return p.keyHash(k)
}

// keyHash is hash without a test's.
func (p *protoBase) keyHash(k cache.Key) uint64 {
	s := &p.seeds
	n, m := len(k.ClientID), len(k.User)
	if uint(n-8) <= 8 && uint(m-8) <= 8 {
		// Both parts of 8 to 16 bytes, as bench/'s: protoMixPart's
		// words written out, with no call, as the cache's lookup hashes
		// a key of short parts.
		cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
		x := protoMix(protoWord(cp, 0)^s[1], protoWord(cp, n-8)^s[0])
		y := protoMix(protoWord(up, 0)^s[3], protoWord(up, m-8)^s[2])
		return protoMix(x^(uint64(n)<<32^uint64(m)^s[4]), y^s[5])
	}
	x := protoMixPart(unsafe.Pointer(unsafe.StringData(k.ClientID)), n, s[0], s[1])
	var y uint64
	if m != 0 {
		y = protoMixPart(unsafe.Pointer(unsafe.StringData(k.User)), m, s[2], s[3])
	}
	return protoMix(x^(uint64(n)<<32^uint64(m)^s[4]), y^s[5])
}

// protoMixPart is cache's mixPart: the mix of a part of n bytes at p.
func protoMixPart(p unsafe.Pointer, n int, seed, key uint64) uint64 {
	switch {
	case n >= 8:
		for i := 0; n-i > 16; i += 16 {
			seed = protoMix(protoWord(p, i)^key, protoWord(p, i+8)^seed)
		}
		return protoMix(protoWord(p, max(n-16, 0))^key, protoWord(p, n-8)^seed)
	case n >= 4:
		return protoMix(uint64(*(*uint32)(p))^key, uint64(*(*uint32)(unsafe.Add(p, n-4)))^seed)
	case n > 0:
		b := func(i int) uint64 { return uint64(*(*byte)(unsafe.Add(p, i))) }
		return protoMix((b(0)<<16|b(n>>1)<<8|b(n-1))^key, seed)
	}
	return protoMix(key, seed)
}

func protoMix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// protoLoad returns the keys p's tables hold, their slots and the bytes
// of all its tables: the load and the memory a key the tables take.
func (p *protoInline) protoLoad() (keys, slots int, bytes uintptr) {
	for i := range p.shards {
		s := &p.shards[i]
		s.mu.Lock()
		t := s.tab.Load()
		keys += t.used
		slots += len(t.slots)
		bytes += uintptr(len(t.slots)) * unsafe.Sizeof(protoSlot{})
		s.mu.Unlock()
	}
	return keys, slots, bytes
}

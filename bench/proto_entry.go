package bench

// proto-inline-entry: proto-inline (proto.go) with the cache's whole entry
// in the slot instead of the one-tier counter: what a redesign of cache/
// that keeps every field of today's entry would hold inline. The entry is
// 96 bytes and bench/'s key 26, so the slot is 128 bytes, two cache lines
// aligned to 128 (the same page), as today's entry allocation for a key of
// 17 to 32 bytes: both lines are addressed from the hash alone, so their
// misses overlap (where project's entry waits for its group's line first).
// The decision is the cache's fast path for one tier (cache.ReserveTo and
// Commit), field for field: the global and the local counts, the share's
// writers check, the last use, the unread and near flags, the settle
// counts; Commit's fast path when the key is queued for a flush, and the
// key queued on its shard's dirty list when not: as the slot's index, not
// a pointer (which would keep every table the list has pointed into in
// memory until the next flush), rewritten by each rebuild under the
// shard's lock.
//
// Where proto-inline is the brief's minimal state in one line, this is the
// state the cache keeps: the two bracket what the lever would give.

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// protoEntryKey is the longest key an entry slot holds: what the 128
// bytes leave after the entry's 96.
const protoEntryKey = 32

// The entry slot's flags, as the cache's entry's (queued, unread, near),
// and moved: a rebuild copied it.
const (
	entQueued uint8 = 1 << iota
	entEvicted
	entUnread
	entNear
	entMoved
)

// protoCounter is the cache's counter: the key's counts in the frames of
// one window size.
type protoCounter struct {
	size      int32
	sinceRead int32
	start     int64
	global    [2]int64
	local     [2]int64
}

// protoEntrySlot is the cache's entry, field for field (entry.go), in a
// slot of a table, with its key's bytes after it, as newEntry puts them
// after the entry in its allocation. more is an index where the entry
// holds a pointer: the table holds no pointer, and the collector never
// scans it.
type protoEntrySlot struct {
	mu                  sync.Mutex
	flags               uint8
	n                   uint8
	committed, released uint8
	resets              uint8
	writers             uint8
	klen, split         uint8 // klen: 0 empty, 1 + the key's length
	lastUsed            uint32
	readRound           uint32
	version             int64
	reserved            int64
	first               protoCounter
	more                uint32 // the overflow's index, 0: none (never used here)
	_                   [4]byte
	key                 [protoEntryKey]byte
}

const protoEntryLine = 128

type protoEntryTable struct {
	slots []protoEntrySlot
	used  int
}

type protoEntryShard struct {
	tab     atomic.Pointer[protoEntryTable]
	mu      sync.Mutex
	dirtyMu sync.Mutex
	dirty   []uint32 // the queued keys' slots in tab; a rebuild rewrites it
	_       [32]byte
}

type protoEntry struct {
	protoBase
	shards [protoShards]protoEntryShard
}

func newProtoEntry() Contender { return newProtoEntryWith(nil) }

// newProtoEntryWith returns a proto-inline-entry reading now (nil: a
// CoarseClock).
func newProtoEntryWith(now func() time.Time) *protoEntry {
	p := &protoEntry{protoBase: newProtoBase(now)}
	for i := range p.shards {
		p.shards[i].tab.Store(newProtoEntryTable(0))
	}
	return p
}

func newProtoEntryTable(n int) *protoEntryTable {
	return &protoEntryTable{slots: make([]protoEntrySlot, max(protoMinSlots, n*100/protoRebuildLoad))}
}

type protoEntryReservation struct {
	slot  *protoEntrySlot
	cost  int64
	size  int32
	start int64
}

type protoEntryDecision struct {
	Allowed, Counted bool
	Tier             window.Tier
	Remaining        int64
	Reset            time.Duration
	Reservation      protoEntryReservation
}

func (p *protoEntry) Decide(k *Key) bool {
	now := p.now()
	var d protoEntryDecision
	p.reserveTo(&d, k.Cache, 1, now)
	if d.Counted {
		p.commit(&d.Reservation)
	}
	return d.Allowed
}

func (p *protoEntry) reserveTo(d *protoEntryDecision, k cache.Key, cost int64, now time.Time) {
	*d = protoEntryDecision{}
	if len(k.ClientID)+len(k.User) > protoEntryKey {
		// Not this prototype's question: proto-inline's long keys show
		// what a key out of its slot costs.
		panic("bench: proto-inline-entry holds keys of up to 32 bytes")
	}
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	for {
		e, moved := s.tab.Load().locate(k, h)
		if e != nil {
			p.decide(d, e, cost, now)
			return
		}
		if moved {
			s.mu.Lock()
			//lint:ignore SA2001 the empty critical section waits out a rebuild, which holds the lock
			s.mu.Unlock() // waits out the rebuild
			continue
		}
		p.insert(s, k, h, now)
	}
}

// locate is protoTable.locate for entry slots.
func (t *protoEntryTable) locate(k cache.Key, h uint64) (*protoEntrySlot, bool) {
	slots := t.slots
	n := len(slots)
	i := int(protoHome(h, uint64(n)))
	kl, split := uint8(len(k.ClientID)+len(k.User)+1), uint8(len(k.ClientID))
	for range n {
		e := &slots[i]
		e.mu.Lock()
		if e.klen == kl && e.split == split && e.flags&entMoved == 0 {
			p := unsafe.Pointer(&e.key)
			x := protoSame(p, unsafe.Pointer(unsafe.StringData(k.ClientID)), int(split))
			x |= protoSame(unsafe.Add(p, split), unsafe.Pointer(unsafe.StringData(k.User)), len(k.User))
			if x == 0 {
				return e, false
			}
		}
		switch {
		case e.klen == slotEmpty:
			e.mu.Unlock()
			return nil, false
		case e.flags&entMoved != 0:
			e.mu.Unlock()
			return nil, true
		}
		e.mu.Unlock()
		if i++; i == n {
			i = 0
		}
	}
	return nil, false
}

// decide is cache.ReserveTo's fast path for one tier on e, locked, which
// it unlocks; a key whose counter is not in now's frame (or new) is
// rolled first, as the general path would.
func (p *protoEntry) decide(d *protoEntryDecision, e *protoEntrySlot, cost int64, now time.Time) {
	t := p.tier
	cost = max(cost, 0)
	u := now.Unix()
	e.lastUsed = uint32(min(max(u, 0), math.MaxUint32))
	if e.flags&entUnread == 0 {
		e.flags |= entUnread // the cache's markUse; its queue for a read is the syncer's
	}
	ct, r0 := &e.first, e.reserved
	size := int64(t.Size / time.Second)
	if int64(ct.size) != size || uint64(u-ct.start) >= uint64(ct.size) {
		e.rollTo(t, now, size)
	}
	if r0 >= 0 && e.n == 1 && (r0 <= 1 || r0 <= t.Limit/10) && e.writers < 2 {
		counts := window.Counts{StartUnix: ct.start, Prev: ct.global[0] + ct.local[0], Curr: ct.global[1] + ct.local[1]}
		counts.Curr += r0
		elapsed := t.Elapsed(counts, now)
		used := t.UsedAfter(counts, elapsed)
		room := max(t.Limit-used, 0) - cost
		if room >= 0 && cost <= t.Limit-used && room < math.MaxInt64 {
			if nearPercent(t.Limit, room, p.hot) != 0 {
				e.flags |= entNear
			} else {
				e.flags &^= entNear
			}
			d.Allowed, d.Counted, d.Tier, d.Remaining = true, true, t, room
			r := &d.Reservation
			r.slot, r.cost, r.size, r.start = e, cost, ct.size, ct.start
			e.reserved = r0 + cost
			counts.Curr += cost
			d.Reset = t.ResetAfter(counts, elapsed)
			e.mu.Unlock()
			return
		}
	}
	// Denied, shared, or much in flight: not this prototype's question.
	e.mu.Unlock()
	d.Tier = t
}

// rollTo moves e's first counter to now's frame of the tier's size, or
// starts it (a new key).
func (e *protoEntrySlot) rollTo(t window.Tier, now time.Time, size int64) {
	c := &e.first
	ns := t.FrameStartUnix(now)
	switch {
	case int64(c.size) != size:
		*c = protoCounter{size: int32(size), start: ns}
		e.n = 1
	case ns <= c.start:
	case ns == c.start+size:
		c.global, c.local = [2]int64{c.global[1], 0}, [2]int64{c.local[1], 0}
		c.start = ns
	default:
		c.global, c.local, c.sinceRead = [2]int64{}, [2]int64{}, 0
		c.start = ns
	}
}

// commit is cache.Commit: its fast path for a key queued for a flush, else
// the key queued.
func (p *protoEntry) commit(r *protoEntryReservation) {
	e := r.slot
	if e == nil {
		return
	}
	r.slot = nil
	e.mu.Lock()
	if e.flags&entMoved != 0 {
		e.mu.Unlock()
		e = p.forward(e)
	}
	e.reserved -= r.cost
	e.committed++
	if int(e.committed)+int(e.released) >= 64 { // the cache's settleWindow
		e.committed, e.released = (e.committed+1)/2, (e.released+1)/2
	}
	c := &e.first
	if c.size == r.size {
		switch r.start {
		case c.start:
			c.local[1] += r.cost
		case c.start - int64(c.size):
			c.local[0] += r.cost
		}
	}
	if e.flags&(entQueued|entEvicted) != entQueued {
		// The key's first commit since its last flush: on its shard's
		// dirty list, found by hashing it again, as the cache's Commit.
		// e is in the shard's table: a rebuild that moves it publishes
		// the new table only after it has locked e.
		e.flags |= entQueued
		s := &p.shards[p.hash(e.keyOf())&(protoShards-1)]
		s.dirtyMu.Lock()
		t := s.tab.Load()
		s.dirty = append(s.dirty, uint32((uintptr(unsafe.Pointer(e))-uintptr(unsafe.Pointer(&t.slots[0])))/protoEntryLine))
		s.dirtyMu.Unlock()
	}
	e.mu.Unlock()
}

// keyOf returns a view of e's key's bytes (e locked, or moved).
func (e *protoEntrySlot) keyOf() cache.Key {
	b := unsafe.String(&e.key[0], int(e.klen)-1)
	return cache.Key{ClientID: b[:e.split], User: b[e.split:]}
}

// forward is proto-inline's forward for entry slots.
func (p *protoEntry) forward(old *protoEntrySlot) *protoEntrySlot {
	k := old.keyOf() // old is never written again once moved
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	for {
		e, moved := s.tab.Load().locate(k, h)
		if e != nil {
			return e
		}
		if !moved {
			panic("bench: proto-inline-entry: a moved key is in no table")
		}
		s.mu.Lock()
		//lint:ignore SA2001 the empty critical section waits out a rebuild, which holds the lock
		s.mu.Unlock() // waits out the rebuild
	}
}

// insert is proto-inline's insert for entry slots.
func (p *protoEntry) insert(s *protoEntryShard, k cache.Key, h uint64, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tab.Load()
	if e, _ := t.locate(k, h); e != nil {
		e.mu.Unlock()
		return
	}
	if (t.used+1)*100 > len(t.slots)*protoMaxLoad {
		t = p.rebuild(s, t)
	}
	t.place(h, func(e *protoEntrySlot) {
		e.klen, e.split = uint8(len(k.ClientID)+len(k.User)+1), uint8(len(k.ClientID))
		copy(e.key[copy(e.key[:], k.ClientID):], k.User) // copied: k may view a request buffer (rule 17)
		e.lastUsed = uint32(min(max(now.Unix(), 0), math.MaxUint32))
	})
	t.used++
}

// place is protoTable's place for entry slots; it returns the slot's
// index.
func (t *protoEntryTable) place(h uint64, fill func(*protoEntrySlot)) int {
	n := len(t.slots)
	for i := int(protoHome(h, uint64(n))); ; {
		e := &t.slots[i]
		e.mu.Lock()
		if e.klen == slotEmpty {
			fill(e)
			e.mu.Unlock()
			return i
		}
		e.mu.Unlock()
		if i++; i == n {
			i = 0
		}
	}
}

// rebuild is proto-inline's rebuild for entry slots, which also rewrites
// the shard's dirty list with the queued keys' new slots. A Commit that
// queued a key in the old table did so before the rebuild moved it.
func (p *protoEntry) rebuild(s *protoEntryShard, t *protoEntryTable) *protoEntryTable {
	nt := newProtoEntryTable(t.used + 1)
	var dirty []uint32
	for i := range t.slots {
		old := &t.slots[i]
		old.mu.Lock()
		if old.klen != slotEmpty {
			j := nt.place(p.hash(old.keyOf()), func(e *protoEntrySlot) { copyEntry(e, old) })
			if old.flags&entQueued != 0 {
				dirty = append(dirty, uint32(j))
			}
			nt.used++
			old.flags |= entMoved
		}
		old.mu.Unlock()
	}
	s.dirtyMu.Lock()
	s.dirty = dirty
	s.tab.Store(nt)
	s.dirtyMu.Unlock()
	return nt
}

// copyEntry copies every field of src but its lock into dst.
func copyEntry(dst, src *protoEntrySlot) {
	dst.flags, dst.n, dst.committed, dst.released = src.flags, src.n, src.committed, src.released
	dst.resets, dst.writers, dst.klen, dst.split = src.resets, src.writers, src.klen, src.split
	dst.lastUsed, dst.readRound, dst.version, dst.reserved = src.lastUsed, src.readRound, src.version, src.reserved
	dst.first, dst.more, dst.key = src.first, src.more, src.key
}

func (p *protoEntry) protoLoad() (keys, slots int, bytes uintptr) {
	for i := range p.shards {
		s := &p.shards[i]
		s.mu.Lock()
		t := s.tab.Load()
		keys += t.used
		slots += len(t.slots)
		bytes += uintptr(len(t.slots)) * unsafe.Sizeof(protoEntrySlot{})
		s.mu.Unlock()
	}
	return keys, slots, bytes
}

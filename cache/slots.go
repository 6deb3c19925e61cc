package cache

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// This file is the table of slots of bench/'s one-miss design
// (bench/results/2026-11-28-issue12-s30/h153-report.md, sections 1.1, 1.2
// and 3; steps 6a and 6b): a shard's table, a key's hot and cold lines
// held in the table itself, where the table before it held entry pointers;
// a decision on a held key loads its home slot's line and, nearly always,
// nothing else. Its tests are slots_test.go's.
//
// A slotTable is two arrays indexed alike: hot, whose 64-byte hotLines
// start on a cache line (alignedLines), and cold, the coldLines. A slot is
// empty, full (a key's), a tombstone (the key removed) or moved (a rebuild
// copied it to the table's next), as its ident word says (see identOf).
// Open addressing with linear probing from the key's home slot (homeOf of
// the slot count: the high bits of the hash).
//
// The rules every claim below rests on:
//   - a slot's ident goes from 0 to a key's once (insert, which writes the
//     key's bytes first and the ident last, with an atomic store that
//     publishes them), and after that only gains the tombstone or the
//     moved bit: a slot is never emptied nor given to another key while
//     its table is reachable. So a slot index names one instance of one
//     key for the table's life (slotRef), and the key's bytes in it never
//     change;
//   - insert takes empty slots only, never a tombstone (h153 1.2): a holder
//     of a removed instance's slot then finds the tombstone, and the
//     record it may carry, never another instance;
//   - a rebuild copies each full slot to a new table and marks the old one
//     moved with the index it went to (in its lastUsed, which no one reads
//     once it is moved), after the copy is complete; holders and probes
//     follow that index, never the key (h153 1.1: by the key they would
//     find a later instance of it); skipMid may later move the index on,
//     or drop it (movedNowhere: nothing of a holder's was out on the key).
//
// So a probe, which takes no lock, never misses a key held since before it
// began (the slots between its home and its slot are never empty: none
// went back to empty since the key was inserted past them), and never
// returns another key's slot (the bytes it compared are the slot's for
// good).

// The ident word of a slot: at identOffset in its hot line, loaded and
// stored atomically.
//
//	byte 0  bits 0-4: the key's length code: 0 empty, 1 + the length for
//	        a key of up to hotKeyLen bytes, identLong for a longer one
//	        (its bytes are in the table's key arena, see longLoc); bit 6:
//	        tombstone; bit 7: moved
//	byte 1  where ClientID ends (a long key's: the low byte; longLoc has it)
//	bytes 2-3  bits 32-47 of the key's hash (its tag)
//
// Where it is: h153 1.0 and 3(f). The hot line has no 4 free bytes, and
// the tag needs 2 beyond klen and split; with the whole 26-byte key kept
// (bench/'s keys are 26 bytes), 2 bytes must leave the line. h153's variant
// (branch ident-word-variant of its clone) moves n and writers to the cold
// line (94, 95; the fast paths read two hot flags, multi and shared) and
// puts klen, split and the tag at 32-35, committed and released at 36-37:
// the word is aligned, next to the key's bytes, and the tombstone and moved
// bits live in the length byte (5 bits hold codes 0-28). The tag is kept,
// not dropped for the key's first bytes (the other layout that needs no
// move: klen, split and the key's first 2 bytes as the word at 36): a
// deployment's keys mostly share a client ID, which starts the key, so the
// key's first bytes tell few of them apart, and a long key's comparison
// past the tag would load its overflow, a miss, for every slot of one
// client probed. So identOffset is 32, hotLine's klen, split and
// identTag (a heap entry's klen is still its length, klenLong for a long
// key: the slots' length code replaces it in the switch). TestSlotIdentWord
// pins the offset.
const (
	identOffset = 32

	identLenMask  = 0x1f
	identLong     = hotKeyLen + 2 // the length code of a key longer than hotKeyLen
	identTomb     = 0x40
	identMoved    = 0x80
	identTagShift = 32 // the tag is bits 32-47 of the hash: neither the shard's (low) nor the home's (high)
)

// identOf returns the ident of a key of n bytes whose ClientID has split,
// of hash h: never 0, never with the tombstone or moved bit.
func identOf(n, split int, h uint64) uint32 {
	code := uint32(identLong)
	if n <= hotKeyLen {
		code = uint32(n + 1)
	}
	return code | uint32(uint8(split))<<8 | uint32(uint16(h>>identTagShift))<<16
}

// ident returns l's ident word (see identOf). l must be a slot's: a line
// of an alignedLines array, 4-aligned at identOffset.
func (l *hotLine) ident() *identWord {
	return (*identWord)(unsafe.Add(unsafe.Pointer(l), identOffset))
}

// identWord is the ident word as it sits in a hot line: klen, split and
// identTag in that order at identOffset, which entry reads as bytes
// (e.klen, e.split). Its Load and Store give and take identOf's value,
// whose low byte is klen: a little-endian machine's order, reversed on a
// big-endian one (there the cache's tests under qemu-s390x read the tag's
// byte as the key's length, and sliced past its end, until they were).
type identWord struct{ w atomic.Uint32 }

func (x *identWord) Load() uint32 {
	if bigEndian {
		return bits.ReverseBytes32(x.w.Load())
	}
	return x.w.Load()
}

func (x *identWord) Store(v uint32) {
	if bigEndian {
		v = bits.ReverseBytes32(v)
	}
	x.w.Store(v)
}

// A long key (more than hotKeyLen bytes: identLong) has its bytes in its
// table's key arena (keyArena), and where they are in its hot line's
// inline bytes, which hold no key byte of it: a longLoc, 16 bytes. So a
// long key costs its slot and its bytes, nothing more (BenchmarkSlotKeyBytes:
// 36-byte keys, a UUID client ID, 161 B a key at 1M keys against 446 with
// a 240-byte overflow per key only to point to them, and today's cache's
// 144-byte entry and 12.6 of table), and a key of up to hotKeyLen bytes
// nothing for it; the cold line keeps its 32 bytes and its overflow stays
// the key's state alone (which the cache may drop, frames.go's
// dropBehind: a long key's bytes there would go with it). A probe that
// matches a long key's ident compares its length and split in the hot
// line, then its bytes in the arena: one dependent load (the chunk's
// bytes; the arena's directory is the table's, shared by every probe of
// it), where the overflow took three (the overflow, slotMore, the bytes).
// Keeping the key's first bytes in the line too would save no load on a
// hit (the rest is compared anyway), and the tag already rejects all but
// 1 in 65,536 of the other keys; it would split the key in two places,
// which keyOf must return whole.
type longLoc struct{ chunk, off, n, split uint32 }

// longLocAt returns the longLoc of a long key's hot line l.
func longLocAt(l *hotLine) longLoc {
	b := l.inline[:16]
	return longLoc{
		chunk: binary.LittleEndian.Uint32(b[0:]),
		off:   binary.LittleEndian.Uint32(b[4:]),
		n:     binary.LittleEndian.Uint32(b[8:]),
		split: binary.LittleEndian.Uint32(b[12:]),
	}
}

// setLongLoc stores loc in a long key's hot line l (before its ident).
func setLongLoc(l *hotLine, loc longLoc) {
	b := l.inline[:16]
	binary.LittleEndian.PutUint32(b[0:], loc.chunk)
	binary.LittleEndian.PutUint32(b[4:], loc.off)
	binary.LittleEndian.PutUint32(b[8:], loc.n)
	binary.LittleEndian.PutUint32(b[12:], loc.split)
}

// setLongHash stores the hash of a long key's hot line l in the inline
// bytes after its longLoc, which the key's bytes do not use: so the key is
// found from its line alone (Cache.keyOf: its shard, then the table that
// holds the line and its arena), where a short key's bytes are the line's.
func setLongHash(l *hotLine, h uint64) {
	binary.LittleEndian.PutUint64(l.inline[16:], h)
}

// longHash returns what setLongHash stored.
func longHash(l *hotLine) uint64 {
	return binary.LittleEndian.Uint64(l.inline[16:])
}

// arenaChunk is the size of a key arena's chunks (a key longer gets a
// chunk of its own size).
const arenaChunk = 4096

// keyArena holds the bytes of a table's long keys, appended to chunks that
// are never written again where a key was put, nor reused, for the
// table's life: a long key's bytes never change while probers may read
// them (this file's rules). A rebuild puts the keys it copies in the new
// table's arena, so the bytes of removed keys go with the old table. put
// runs under the shard's lock; bytes, lock-free, after the ident of a key
// put, which put's caller stores after it (the store publishes the chunk,
// its bytes, and the directory entry).
type keyArena struct {
	// dir is the chunks: an append that grows the array copies it, and
	// one in its capacity writes past every published length; a reader
	// loads the directory that holds its chunk (the key's ident was stored
	// after the directory was), and indexes it below its length.
	dir atomic.Pointer[[][]byte]
	cur []byte // the last chunk's unused bytes (under the shard's lock)
}

// put copies k's bytes into a and returns where they are.
func (a *keyArena) put(k Key) longLoc {
	n := len(k.ClientID) + len(k.User)
	var dir [][]byte
	if d := a.dir.Load(); d != nil {
		dir = *d
	}
	if n > len(a.cur) {
		c := make([]byte, max(n, arenaChunk))
		// A variable of its own for the published directory: its address
		// moves it to the heap, which dir's would do on every put.
		nd := append(dir, c)
		a.dir.Store(&nd)
		dir, a.cur = nd, c
	}
	c := len(dir) - 1
	off := len(dir[c]) - len(a.cur)
	copy(a.cur[copy(a.cur, k.ClientID):], k.User)
	a.cur = a.cur[n:]
	return longLoc{chunk: uint32(c), off: uint32(off), n: uint32(n), split: uint32(len(k.ClientID))}
}

// bytes returns the bytes put at loc (see put for when it may be called).
func (a *keyArena) bytes(loc longLoc) string {
	c := (*a.dir.Load())[loc.chunk]
	return unsafe.String(&c[loc.off], loc.n)
}

// slotTable is one shard's table of slots (see this file's comment).
type slotTable struct {
	hot []hotLine // starts on a cache line (alignedLines)
	// cold is the cold lines' array (coldAt), coldStride bytes apart:
	// a []coldLine's, or, in a wide table, a []coldWide's, whose keys of
	// two sizes have room for their second counter (room2) after their
	// cold line, where entry.second finds it, as after a record's (its
	// allocation's keyed2). A table is made wide (widen) when a key of two
	// sizes first comes to its shard: 16 bytes a slot more (the counter's
	// frame and counts; its size is the key's code's, its sinceRead in
	// the cold line: roomSize), and the second counter in the line after
	// the cold one, where without room2 it took an overflow (208 bytes)
	// and a load more. A 48-byte wide cold line (56 with the size and
	// sinceRead) puts a key of two sizes at 151.2 B at 1M keys (161.7).
	cold       unsafe.Pointer
	coldStride uintptr
	// widen has the next rebuild make a wide table (set under the
	// shard's lock); a wide table's rebuilds stay wide.
	widen bool
	// nominal is the slots newSlotTable sized t for, before trimSlots:
	// here, in widen's padding, so that slotTable stays 192 bytes, a size
	// class of whole lines, which keeps hot, cold and coldStride, read by
	// decisions, in one cache line (TestSlotTableWholeLines).
	nominal uint32
	// next is the table a rebuild copied this one's slots to. Set before
	// any slot is marked moved, read only by who saw a moved mark (an
	// atomic load of the ident, which the mark's store publishes): a
	// plain field. skipMid moves it on to the published table, under the
	// locks of the moved slots, and makes it nil once none is left.
	next *slotTable
	// used and tombs count full slots and tombstones; guarded by the
	// shard's lock.
	used, tombs int
	// marks are, once a rebuild has copied t, the slots whose key had
	// something out on it when copied (held: a reservation's cost or a
	// flush's Pending), the only ones a holder with something out can
	// reach t by; nil if none. keep are, once skipMid has pruned t, the
	// moved slots it still forwards (see skipMid). Both under the shard's
	// lock.
	marks slotMarks
	keep  []uint32
	// pruned: skipMid has dropped the forwarding of t's moved slots not
	// in keep (movedNowhere).
	pruned bool
	// keys holds the long keys' bytes (see longLoc).
	keys keyArena
	// recs are the records of t's tombstones that have one (slotRef's
	// lock returns them): a tombstone's lastUsed holds its index + 1,
	// 0 if it has none (removeAt). Appended by removeAt, under the shard's
	// lock and recMu; read by lockSlow, under the tombstone's lock and
	// recMu (rare: a holder whose key was removed). Not in the cold
	// line, which has no pointer but the overflow's (the key's state,
	// which the record took), nor in the hot line, which holds no
	// pointer (alignedLines); a record is reachable from here for the
	// table's life, as from the holders' slotRefs it pins.
	recMu sync.Mutex
	recs  []entry
}

// minSlots is the fewest slots of a table.
const minSlots = 8

// lineSize is a cache line, and a hotLine's size (TestSlotIdentWord).
const lineSize = 64

// newSlotTable returns a table sized for n live keys at the rebuild load
// (rebuildLoadPercent, table.go), every slot empty: proto-hot's sizing
// (newHotTable). The load a cache of a given number of keys runs at
// follows from it, rebuild after rebuild: at 1M keys in 256 shards 0.7747
// (BenchmarkSlotProbes: 2.72 slots a hit), where one slot more a table
// (n*100/70 + 1) lands at 0.822 (3.29 slots a hit); other key counts run
// anywhere from 0.70 to 0.875 (BenchmarkSlotLoads: 2.11 to 4.34).
//
// The bytes a key follow the same load: a slot is a hot line and a cold
// one, 64 + 32 bytes (64 + 48 in a wide table), so a key costs 96/load
// (112/load) bytes of lines, 110 to 137 (128 to 160) as the load falls
// from 0.875 to 0.70 at each growth, a step of 1.25 in a shard's keys
// (bench's benchratio -memkeys draws the curve; go-limiter's Go map,
// which doubles, runs from about 131 to 152). A higher rebuild load lowers
// the curve and lengthens every probe: at 80 %, 1M keys run at load 0.836
// (3.54 slots a hit, 18.9 a miss, against 2.71 and 10.4), a decision there
// 808 instructions and 6.45 simulated L1d misses against 775 and 5.40, and
// a cache full at 200k keys rebuilds 2.4 times as often
// (BenchmarkRebuildAtMaxKeys; h190, thirty-fourth session).
// A key of two sizes stays above go-limiter's low points (131 B at 100k
// and 800k keys) unless nearly every table sits at 7/8: 112/0.875 is 128
// bytes of lines alone.
//
// A table whose hot array (size+1 lines, alignedLines) is past the
// allocator's size classes (32 KiB) takes whole 8 KiB pages: at 100k keys
// in 256 shards a shard's 540 slots are 34,624 bytes of lines and take
// 40,960, 16 bytes a key. So a table up to trimMaxHot is trimmed to the
// pages under its size (trimSlots, 540 slots to 511), and once full it is
// rebuilt to its untrimmed size (nominal; rebuilt), which then grows by
// the rule above: a shard's table at any number of keys is the rule's or,
// for a while, a trimmed one, never larger, and the sizes past trimMaxHot
// are the rule's slot for slot.
func newSlotTable(n int, wide bool) *slotTable {
	nominal := max(minSlots, n*100/rebuildLoadPercent)
	t := slotTableOf(trimSlots(nominal, n), wide)
	t.nominal = uint32(nominal)
	return t
}

// slotTableOf returns a table of size slots, every slot empty, untrimmed
// (nominal: size).
func slotTableOf(size int, wide bool) *slotTable {
	t := &slotTable{hot: alignedLines(size), nominal: uint32(size)}
	if wide {
		t.cold, t.coldStride = unsafe.Pointer(unsafe.SliceData(make([]coldWide, size))), unsafe.Sizeof(coldWide{})
	} else {
		t.cold, t.coldStride = unsafe.Pointer(unsafe.SliceData(make([]coldLine, size))), unsafe.Sizeof(coldLine{})
	}
	return t
}

// trimMaxHot is the largest hot array trimSlots trims to whole pages, and
// trimLoadPercent the most a trimmed table is full for the keys it was
// made for. Up to 64 KiB of lines a page is an eighth of the array or
// more: 540 slots are trimmed to 511 and 675 to 639 (bench's 100k to
// 150k keys), 844 not (591/767 full). Each trimmed table costs a rebuild
// more as its shard grows (to its nominal size): with 256 KiB (4034 slots
// trimmed to 3967, 3 %) a shard growing to 1M keys' 3906 would copy 76 %
// more keys in its rebuilds, 6 % with 64 KiB (h200's model).
const (
	trimMaxHot      = 64 << 10
	trimLoadPercent = 75
	pageBytes       = 8 << 10
)

// trimSlots returns the slots of a table of nominal slots made for n keys:
// nominal, or, if its hot array takes whole pages (past 32 KiB) up to
// trimMaxHot, the slots that fill the pages under it, if n fills no more
// than trimLoadPercent of those. (The cold array, allocated apart, is
// not looked at: at 100k keys the trim takes it under a size class too,
// 18,432 bytes to 16,384.)
func trimSlots(nominal, n int) int {
	b := (nominal + 1) * lineSize
	if b <= 32<<10 || b > trimMaxHot {
		return nominal
	}
	if s := b/pageBytes*pageBytes/lineSize - 1; s < nominal && n*100 <= trimLoadPercent*s {
		return s
	}
	return nominal
}

// coldWide is a wide table's cold line (see slotTable.cold).
type coldWide struct {
	coldLine
	//lint:ignore U1000 read and written through entry.second's pointer arithmetic, not by name
	s second
}

// wide reports whether t's keys of two sizes have room for their second
// counter (see slotTable.cold).
func (t *slotTable) wide() bool { return t.coldStride != unsafe.Sizeof(coldLine{}) }

// coldAt returns the cold line of slot i (0 ≤ i < t.size()).
func (t *slotTable) coldAt(i int) *coldLine {
	return (*coldLine)(unsafe.Add(t.cold, uintptr(i)*t.coldStride))
}

// alignedLines returns n zeroed hotLines starting on a cache line. The
// allocator promises a []hotLine only hotLine's alignment, 8. In practice a
// pointer-free array of whole lines lands on a line (TestSlotLinesAligned
// logs how often not: 0 of 120 tries; arrays that hold pointers
// carry the allocator's 8-byte header from 512 bytes and do not), but a
// probe's one line per slot rests on it, so this allocates one line more
// and starts at the first line boundary. hotLine holds no pointer, so the
// collector does not read the array by type, and a pointer into it keeps
// the allocation alive.
func alignedLines(n int) []hotLine {
	b := make([]hotLine, n+1)
	p := unsafe.Pointer(&b[0])
	off := (lineSize - uintptr(p)%lineSize) % lineSize
	return unsafe.Slice((*hotLine)(unsafe.Add(p, off)), n)
}

// size returns the number of slots of t.
func (t *slotTable) size() int { return len(t.hot) }

// home returns the first slot probed for hash h.
func (t *slotTable) home(h uint64) int {
	return int(homeOf(h, uint64(len(t.hot))))
}

// has reports whether l is one of t's hot lines.
func (t *slotTable) has(l *hotLine) bool {
	return uintptr(unsafe.Pointer(l))-uintptr(unsafe.Pointer(&t.hot[0])) < uintptr(len(t.hot))*lineSize
}

// indexOf returns the index of t's hot line l.
func (t *slotTable) indexOf(l *hotLine) uint32 {
	return uint32((uintptr(unsafe.Pointer(l)) - uintptr(unsafe.Pointer(&t.hot[0]))) / lineSize)
}

// view returns the entry of slot i.
func (t *slotTable) view(i int) entry {
	return entry{&t.hot[i], t.coldAt(int(i))}
}

// full reports whether one more insert would pass the maximum load
// (maxLoadNum/maxLoadDen, table.go), tombstones included: the caller
// (holding the shard's lock) rebuilds first.
func (t *slotTable) full() bool {
	return (t.used+t.tombs+1)*maxLoadDen > len(t.hot)*maxLoadNum
}

// sparse reports whether t is worth rebuilding after removals:
// tombstones fill a quarter of it, or it is large and less than a quarter
// used.
func (t *slotTable) sparse() bool {
	n := len(t.hot)
	return t.tombs*4 > n || (n > sparseMinSlots && t.used*4 < n)
}

// holds reports whether slot i, whose ident matched want (bar the moved
// bit), holds k: its bytes, in the hot line or, for a long key, its
// overflow's. It reads only what was written before the ident was
// published and never changes after, so it needs no lock.
func (t *slotTable) holds(i int, k Key) bool {
	n, m := len(k.ClientID), len(k.User)
	if n+m > hotKeyLen {
		loc := longLocAt(&t.hot[i])
		if int(loc.n) != n+m || int(loc.split) != n {
			return false
		}
		s := t.keys.bytes(loc)
		return sameBytes(s[:n], k.ClientID) && sameBytes(s[n:], k.User)
	}
	s := unsafe.String(&t.hot[i].inline[0], n+m)
	return sameBytes(s[:n], k.ClientID) && sameBytes(s[n:], k.User)
}

// probe returns the slot of k, whose hash is h, in t, or -1. It takes no
// lock. The slot returned held k when the probe read its ident and holds
// its bytes for good; it may be a tombstone or moved since (the caller
// locks it through slotRef.lock or lockLive, which say). A moved slot of k
// is returned as it is: its index leads to the key's copy (lockLive).
func (t *slotTable) probe(k Key, h uint64) int {
	hot := t.hot
	n := len(hot)
	want := identOf(len(k.ClientID)+len(k.User), len(k.ClientID), h)
	i := t.home(h)
	// Bounded by the slot count: a table in use always has an empty slot
	// (full), but a reader must not loop forever whatever it races.
	for range n {
		id := hot[i].ident().Load()
		if id&^identMoved == want && t.holds(i, k) {
			return i
		}
		if id == 0 {
			return -1
		}
		if i++; i == n {
			i = 0
		}
	}
	return -1
}

// claim returns the first empty slot from h's home: never a tombstone
// (see this file's comment). The caller holds the shard's lock and has
// made room (full is false).
func (t *slotTable) claim(h uint64) int {
	n := len(t.hot)
	for i := t.home(h); ; {
		if t.hot[i].ident().Load() == 0 {
			return i
		}
		if i++; i == n {
			i = 0
		}
	}
}

// insert puts k, whose hash is h and which t does not hold, in the slot
// claim gives, and returns its index: claim and publishKey, for a slot
// whose other fields may stay zero. The caller holds the shard's lock and
// has made room.
func (t *slotTable) insert(k Key, h uint64) int {
	i := t.claim(h)
	t.publishKey(i, k, h)
	return i
}

// publishKey copies k's bytes into slot i, which claim gave, and then
// stores its ident, which publishes them and every field of the slot the
// caller set before (step 6b: the new key's state). The bytes are copied
// (rule 17: k may view a request buffer). The caller holds the shard's
// lock.
func (t *slotTable) publishKey(i int, k Key, h uint64) {
	n := len(k.ClientID) + len(k.User)
	l := &t.hot[i]
	if n > hotKeyLen {
		setLongLoc(l, t.keys.put(k)) // copied into the arena
		setLongHash(l, h)
	} else {
		copy(l.inline[copy(l.inline[:], k.ClientID):], k.User)
	}
	l.ident().Store(identOf(n, len(k.ClientID), h)) // last: publishes the bytes
	t.used++
}

// keyOf returns a view of slot i's key: its bytes never change once the
// slot is full, whatever it becomes (a moved or removed slot's stay).
func (t *slotTable) keyOf(i int) Key {
	l := &t.hot[i]
	id := l.ident().Load()
	if id&identLenMask == identLong {
		loc := longLocAt(l)
		s := t.keys.bytes(loc)
		return Key{ClientID: s[:loc.split], User: s[loc.split:]}
	}
	n, split := int(id&identLenMask)-1, int(uint8(id>>8))
	if n <= 0 {
		return Key{}
	}
	s := unsafe.String(&l.inline[0], n)
	return Key{ClientID: s[:split], User: s[split:]}
}

// removeAt makes full slot i a tombstone carrying rec: the record a
// removed key's state went to (h153 1.2: made by the removal when
// something was out on the key, a reservation, local counts, a flush), a
// heap entry, which never moves; nil: nothing was, and a holder that
// reaches the tombstone holds nothing of it. The caller holds the shard's
// lock and the slot's, and has copied what rec needs of the slot. The
// key's bytes stay (a probe that matched the ident before compares them),
// in the line or the arena; rec goes to t.recs, its index + 1 to the
// slot's lastUsed, which no one reads of a tombstone but lockSlow, under
// its lock.
func (t *slotTable) removeAt(i int, rec entry) {
	l := &t.hot[i]
	id := l.ident().Load()
	if id == 0 || id&(identTomb|identMoved) != 0 {
		// Its lastUsed is a forwarding index or a record's, not a time
		// to write over (TestSlotRemoveAtOnlyFull).
		panic("cache: slotTable.removeAt: a slot not full (empty, removed or moved): the caller must take it from the published table under the shard's lock")
	}
	l.lastUsed = 0
	if rec.hotLine != nil {
		t.recMu.Lock()
		t.recs = append(t.recs, rec)
		l.lastUsed = uint32(len(t.recs))
		t.recMu.Unlock()
	}
	l.ident().Store(id | identTomb)
	t.used--
	t.tombs++
}

// rebuilt returns a new table holding t's full slots, sized for want keys
// at the rebuild load (at least t.used); hash is the Cache's (each key's
// is computed again: a slot keeps only a tag). Each slot is copied under
// its lock, then the old slot marked moved with its new index (h153 1.2):
// the mark, stored after the copy, publishes it to a holder it forwards,
// and the caller's publish of nt to a probe (nothing reads nt before
// either: storing the new ident before the copy passes every test). A
// slot whose key has something out on it is marked in t.marks (see
// skipMid). Tombstones are not copied (their records stay reachable from
// t, which holders of t's slots keep alive). The caller holds the shard's
// lock, publishes the result, and rewrites its lists of slot indices
// (movedTo).
func (t *slotTable) rebuilt(want int, hash func(Key) uint64) *slotTable {
	var nt *slotTable
	if n := int(t.nominal); n != len(t.hot) && t.full() && want > t.used && want*maxLoadDen <= n*maxLoadNum {
		// Trimmed (trimSlots) and full, rebuilt for a key more (insert;
		// not a sweep's shrink, TestSweptTrimmedTableShrinks): its
		// untrimmed size next, which grows by newSlotTable's rule (see
		// there).
		nt = slotTableOf(n, t.widen || t.wide())
	} else {
		nt = newSlotTable(max(want, t.used), t.widen || t.wide())
	}
	t.next = nt // before any mark: who sees one reads it
	for i := range t.hot {
		l := &t.hot[i]
		l.mu.Lock()
		id := l.ident().Load()
		if id != 0 && id&(identTomb|identMoved) == 0 {
			k := t.keyOf(i)
			j := nt.claim(hash(k))
			d := &nt.hot[j]
			copyLine(d, l)
			if id&identLenMask == identLong {
				setLongLoc(d, nt.keys.put(k)) // the old arena goes with t
			}
			src, dst := t.view(i), nt.view(j)
			*dst.coldLine = *src.coldLine
			if src.room2 { // nt is wide as t is
				*dst.second() = *src.second()
			}
			if src.holdsOut() {
				t.marks = t.marks.set(i, len(t.hot))
			}
			d.ident().Store(id) // the copy's: published by the mark below (see above)
			nt.used++
			l.lastUsed = uint32(j)
			l.ident().Store(id | identMoved)
		}
		l.mu.Unlock()
	}
	return nt
}

// skipMid makes t, a table whose next (mid) a rebuild has just copied to
// mid.next, forward past mid: each slot of t moved to mid forwards to
// where mid's slot moved, or, if mid's slot was removed, becomes a
// tombstone carrying its record (or none); then t.next is mid.next. Else
// a table held (a Pending or a Reservation on one of its slots) pinned,
// through next, every table made after it, a whole table of the shard
// more with each rebuild for as long as it was held (an unsettled write
// while the store does not answer; TestHeldPendingPinsNoTableChain). Every
// slot of t it changes is locked across the change, so that a holder,
// which reads a moved slot's index and t.next under the slot's lock
// (lockSlowAt, liveFrom), finds both before or both after. The caller
// holds the shard's lock (the rebuild's); mid's slots are moved or
// tombstones, and change no more.
//
// With prune (no batch of a shard's lists is out: shard.batches), it
// forwards only the slots a holder with something out may still come by:
// those whose key had something out when t was copied (t.marks) and still
// had when mid was (mid.marks). The rest stay moved, their index
// movedNowhere: a holder with nothing out that comes by one (a zero-cost
// Reservation) finds nothing, as if the key had been evicted with nothing
// out, and a lookup looks again in the published table (liveFrom); a
// probe still finds the key there, moved. Then t is pruned: the next
// skipMid visits t.keep alone, and once t forwards nothing, t.next is nil
// and the caller forgets t. Without it each rebuild visited every slot of
// every table rebuilt before that the collector had not freed, held or
// not: with GOGC=off, every table rebuilt since the last collection,
// quadratic in the rebuilds (TestSkipMidVisitsBounded). It returns whether t still forwards a slot
// (the caller keeps t for the next rebuild) and the slots it visited.
//
// The Commit or Release of a zero-cost Reservation held across two
// rebuilds of its shard so settles nothing (its slot movedNowhere, above):
// its key, still held, misses that one tick of committed or released (the
// evidence weighReserved reads).
// Kept so, knowingly: it is a tick of a statistic halved every
// settleWindow ticks, no count, and only for a reservation of cost 0 that
// outlives two rebuilds; forwarding it would need each key's open
// zero-cost reservations counted (the hot line has no byte free for it)
// and would keep what such holders saw, the cost prune bounds, and
// settling it by the key could reach a later instance of the key (h153
// 1.1). TestZeroCostReservationAcrossPrunes pins it, and that a
// reservation with a cost still settles.
func (t *slotTable) skipMid(prune bool) (forwards bool, visited int) {
	mid := t.next
	var moved []uint32
	if t.pruned {
		for _, i := range t.keep { // moved, all of them
			t.hot[i].mu.Lock()
		}
		moved, visited = t.keep, len(t.keep)
	} else {
		for i := range t.hot {
			if l := &t.hot[i]; l.ident().Load()&identMoved != 0 {
				l.mu.Lock()
				moved = append(moved, uint32(i))
			}
		}
		visited = len(t.hot)
	}
	var keep []uint32
	for _, i := range moved {
		l := &t.hot[i]
		m := &mid.hot[l.lastUsed]
		switch id := m.ident().Load(); {
		case id&identMoved != 0:
			if !prune || mid.marks.has(l.lastUsed) && (t.pruned || t.marks.has(i)) {
				l.lastUsed = m.lastUsed
				keep = append(keep, i)
				continue
			}
			l.lastUsed = movedNowhere
		case id&identTomb != 0:
			rec := mid.recOf(m)
			l.lastUsed = 0
			if rec.hotLine != nil {
				t.recMu.Lock()
				t.recs = append(t.recs, rec)
				l.lastUsed = uint32(len(t.recs))
				t.recMu.Unlock()
			}
			l.ident().Store(l.ident().Load()&^identMoved | identTomb)
		default:
			panic("cache: slotTable.skipMid: a slot of the rebuilt table neither moved nor removed")
		}
	}
	t.next = mid.next
	if len(keep) == 0 {
		t.next = nil // no slot of t forwards: read by no one (see lockSlowAt)
	}
	for _, i := range moved {
		t.hot[i].mu.Unlock()
	}
	if prune || t.pruned {
		t.pruned, t.keep, t.marks = true, keep, nil
	}
	return len(keep) > 0, visited
}

// holdsOut reports whether something a holder holds is out on e (locked
// by the caller): a reservation's cost, or a flush's Pending (taken). A
// holder of neither (a zero-cost Reservation) holds nothing an eviction
// keeps a record for either (Cache.remove).
func (e entry) holdsOut() bool {
	return e.reservedOut() != 0 || e.isCold(taken)
}

// movedNowhere is the index of a moved slot whose forwarding skipMid
// dropped (nothing a holder holds was out on its key): lockSlowAt and
// liveFrom read it before the table's next, which may then be nil.
const movedNowhere = ^uint32(0)

// slotMarks is a set of a table's slots (slotTable.marks), a bit each.
type slotMarks []uint64

// set returns m with slot i of a table of n slots in it (m is nil until a
// first slot is set).
func (m slotMarks) set(i, n int) slotMarks {
	if m == nil {
		m = make(slotMarks, (n+63)/64)
	}
	m[i/64] |= 1 << (i % 64)
	return m
}

// has reports whether slot i is in m.
func (m slotMarks) has(i uint32) bool {
	return int(i/64) < len(m) && m[i/64]&(1<<(i%64)) != 0
}

// copyLine copies src's line to dst's but for the lock and the ident
// word (the caller stores it after): dst is not published, src is locked.
func copyLine(dst, src *hotLine) {
	d := unsafe.Slice((*byte)(unsafe.Pointer(dst)), lineSize)
	s := unsafe.Slice((*byte)(unsafe.Pointer(src)), lineSize)
	const mu = unsafe.Sizeof(src.mu)
	copy(d[mu:identOffset], s[mu:identOffset])
	copy(d[identOffset+4:], s[identOffset+4:])
}

// movedTo returns where a rebuild moved slot i of t, and true; or false if
// slot i was not moved (a tombstone, or empty). For the lists of slot
// indices a rebuild rewrites (step 6b). The caller holds the shard's lock.
func (t *slotTable) movedTo(i int) (int, bool) {
	l := &t.hot[i]
	if l.ident().Load()&identMoved == 0 {
		return 0, false
	}
	return int(l.lastUsed), true
}

// forEach calls f for every full slot of t, from slot start (any int: it
// is reduced), until f returns false. The caller holds the shard's lock,
// at least for reading.
func (t *slotTable) forEach(start int, f func(i int) bool) {
	n := len(t.hot)
	i := start % n
	if i < 0 {
		i += n
	}
	for range n {
		if id := t.hot[i].ident().Load(); id != 0 && id&(identTomb|identMoved) == 0 && !f(i) {
			return
		}
		if i++; i == n {
			i = 0
		}
	}
}

// slotRef is a holder's handle on a key's instance: its table and slot
// (h153 1.1). The table's arrays stay alive while it is held; the slot may
// be moved (forwarded by the index it stores) or removed (its record, if
// it has one) since.
type slotRef struct {
	t *slotTable
	i uint32
}

// lock locks and returns r's instance: the slot's lines, if the slot is
// still full; else what lockSlow finds. The common case inlines: one
// lock and one load of the ident, on the line the lock is on.
func (r slotRef) lock() (*hotLine, *coldLine) {
	l := &r.t.hot[r.i]
	l.mu.Lock()
	if l.ident().Load()&(identTomb|identMoved) == 0 {
		return l, r.t.coldAt(int(r.i))
	}
	return r.lockSlow(l)
}

// recOf returns the record of l, a tombstone of t, whose lastUsed holds
// the record's index in t.recs plus one, or the zero entry if the key left
// with nothing out (0): see removeAt.
func (t *slotTable) recOf(l *hotLine) entry {
	x := l.lastUsed
	if x == 0 {
		return entry{}
	}
	t.recMu.Lock()
	defer t.recMu.Unlock()
	return t.recs[x-1]
}

// carryOpenRecs appends to nt.recs the records of t.recs on which a
// reservation is still open (reserved), which no tombstone of nt names:
// so the published table's recs hold every record of the shard with a
// reservation open, which InFlight counts (held only by t's tombstones and
// the holders, they were left out: a request in flight on a key evicted
// before a stop went unreported). The caller holds the shard's lock (the
// rebuild's) and no record's; nt is not published.
func (t *slotTable) carryOpenRecs(nt *slotTable) {
	t.recMu.Lock()
	recs := t.recs // appended to, never changed where written
	t.recMu.Unlock()
	for _, r := range recs {
		r.mu.Lock()
		open := r.reservedOut() != 0
		r.mu.Unlock()
		if open {
			nt.recs = append(nt.recs, r)
		}
	}
}

// reservedOut returns the cost reserved on e (locked by the caller) by
// reservations not yet committed or released.
func (e entry) reservedOut() int64 {
	var m *narrowMore
	if e.hot.flags&narrowWide != 0 {
		m = e.nm()
	}
	return e.hot.reservedOf(m)
}

// lockSlow is lock's path for a slot moved or removed, l its locked line:
// a moved slot forwards to the index it stores in the table after it
// (never by the key: a later instance of it may be in that table, h153
// 1.1), on until a slot that is full, whose lines it returns locked; a
// tombstone gives its record, locked, or nil, nil if it has none (the key
// left with nothing of the holder's in it).
func (r slotRef) lockSlow(l *hotLine) (*hotLine, *coldLine) {
	h, c, _ := r.lockSlowAt(l)
	return h, c
}

// lockAt is lock for a holder that needs to know where it locked: the
// slot's table and index (at), which a holder queuing the key appends to
// its shard's list (slotList.push); at is zero when it locked a record.
func (r slotRef) lockAt() (h *hotLine, c *coldLine, at slotRef) {
	l := &r.t.hot[r.i]
	l.mu.Lock()
	if l.ident().Load()&(identTomb|identMoved) == 0 {
		return l, r.t.coldAt(int(r.i)), r
	}
	return r.lockSlowAt(l)
}

// lockSlowAt is lockSlow, and where it locked (see lockAt).
func (r slotRef) lockSlowAt(l *hotLine) (*hotLine, *coldLine, slotRef) {
	t, i := r.t, r.i
	for {
		id := l.ident().Load()
		switch {
		case id&identMoved != 0:
			// The index and the table it is of, both read under the
			// slot's lock: skipMid changes them together.
			j := l.lastUsed
			if j == movedNowhere {
				l.mu.Unlock()
				return nil, nil, slotRef{} // nothing of a holder's was out on the key
			}
			nt := t.next
			l.mu.Unlock()
			t, i = nt, j
		case id&identTomb != 0:
			rec := t.recOf(l)
			l.mu.Unlock()
			if rec.hotLine == nil {
				return nil, nil, slotRef{}
			}
			rec.mu.Lock() // records never move nor go
			return rec.hotLine, rec.coldLine, slotRef{}
		case id == 0: // never: a holder's slot was full once, and slots are never emptied
			l.mu.Unlock()
			return nil, nil, slotRef{}
		default:
			return l, t.coldAt(int(i)), slotRef{t, i}
		}
		l = &t.hot[i]
		l.mu.Lock()
	}
}

// lockLive locks r's slot, or the slot it was moved to, and returns its
// line and where it is, if the key is still there: for a lookup, which on
// a removed key looks again (the shard's table may hold a newer instance)
// rather than decide on the record. false: the slot is a tombstone; no
// lock is held.
func (r slotRef) lockLive() (*hotLine, slotRef, bool) {
	l := &r.t.hot[r.i]
	l.mu.Lock()
	return r.liveFrom(l)
}

// liveFrom is lockLive from r's line l, which the caller has locked.
func (r slotRef) liveFrom(l *hotLine) (*hotLine, slotRef, bool) {
	for {
		id := l.ident().Load()
		switch {
		case id&identMoved != 0:
			if l.lastUsed == movedNowhere {
				l.mu.Unlock()
				return nil, slotRef{}, false // the key is in the published table: look there
			}
			r = slotRef{r.t.next, l.lastUsed}
			l.mu.Unlock()
			l = &r.t.hot[r.i]
			l.mu.Lock()
		case id&identTomb != 0 || id == 0:
			l.mu.Unlock()
			return nil, slotRef{}, false
		default:
			return l, r, true
		}
	}
}

// slotList is a shard's list of slot indices that holders append to: step
// 6b's dirty list (a key queued for the next flush, by Commit or Release
// holding its slot), and any other list a holder appends to. A holder
// forwarded by a moved slot to the table a rebuild is making holds a slot
// of a table not yet published, whose index the list, of the published
// table's indices, cannot take. h153's plan had it wait for the rebuild
// (waitRebuild: the shard's lock, taken and released) before appending;
// but it holds its slot's lock then, and the lock order is the shard's
// lock, then a slot's (evictForCap and Sweep lock slots under the shard's
// lock, and a rebuild too), then mu (a holder appends under its slot's
// lock): a holder waiting for the shard's lock while an evictForCap
// holding it waits for the holder's slot deadlocks
// (TestSlotListForwardedPushDuringRebuild, with SLOT_LIST_MUTANT=waitrebuild).
// So a holder never takes the shard's lock: push puts such an index in a
// side list, of the new table's indices, which the rebuild adds to the
// rewritten list (rewrite) under mu, before it publishes the new table.
type slotList struct {
	mu sync.Mutex // the shard's dirty mutex: after a slot's lock
	// tab is the table list's indices are of: the published one (set by
	// rewrite, with the publish, under mu).
	tab *slotTable
	idxSet
}

// idxSet is the dirty list's shape: a set of slot indices of a slotList's
// table, a bit a slot (bits), and the side list of idxList (side). That is
// an eighth of a byte a slot, against a list's 4 bytes a key, whose
// capacity a drain kept: the peak of the keys dirtied between two
// flushes, every key in bench's, which nothing flushes (4.0 to 5.2 of the
// 127 to 150 bytes a key of benchratio -memkeys from 100k to 2M keys;
// h200, thirty-fifth session). A key is on the list once (its queued flag), so
// a set loses nothing a list held; a drain takes the slots in their
// order, not in the order they were pushed, and takes every one: no
// flush takes part of the dirty list (TakeDirty, TakeDirtyHot), so none
// is kept waiting behind others. A removed key's bit stays, a tombstone's
// (no slot is used again: see insert), until a take passes over it or a
// rebuild drops it, as its index did on a list.
type idxSet struct {
	bits []uint64 // slot i of the table is on the list: bit i%64 of bits[i/64]; nil until a push
	side []uint32 // as idxList's
	// No count of the bits: 48 bytes, as idxList, keep shard at 416 bytes,
	// which puts each shard's pub (32 bytes) in one cache line; at 424 three
	// shards in eight had it across two, 0.5 to 0.8 more L1d misses a
	// decision at 1M keys (bench/instructions.sh -misses).
}

// push adds slot i of table t to q, whose indices are of tab (see
// slotList.push and idxList.push; the caller holds the slotList's lock).
func (q *idxSet) push(tab, t *slotTable, i uint32) {
	switch t {
	case tab:
		if q.bits == nil {
			q.bits = make([]uint64, (len(tab.hot)+63)/64)
		}
		q.bits[i>>6] |= uint64(1) << (i & 63)
	case tab.next: // read after the moved mark that forwarded the caller here, which rebuilt stored after next
		q.side = append(q.side, i)
	default:
		panic("cache: slotList.push: a slot of a table neither the list's nor the one its rebuild is making")
	}
}

// len returns the number of slots on q (a walk of the bits: for tests).
func (q *idxSet) len() int {
	n := len(q.side)
	for _, w := range q.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// rewrite makes q's indices of t those of t.next (see slotList.rewrite):
// the bits are made anew for t.next's size, by the first push (here, or
// after).
func (q *idxSet) rewrite(t *slotTable) {
	old, side := q.bits, q.side
	q.bits, q.side = nil, nil
	nt := t.next
	for wi, w := range old {
		for ; w != 0; w &= w - 1 {
			if j, ok := t.movedTo(wi*64 + bits.TrailingZeros64(w)); ok {
				q.push(nt, nt, uint32(j))
			}
		}
	}
	for _, j := range side {
		q.push(nt, nt, j)
	}
}

// drain is idxList.drain: tab's slots in their order, then the side
// list's. The bits are cleared, and kept.
func (q *idxSet) drain(tab *slotTable, dst []entryRef) []entryRef {
	dst = q.appendRefs(tab, dst, true)
	q.side = nil
	return dst
}

// appendRefs is drain leaving q as it is, unless take: then it clears the
// bits it has taken.
func (q *idxSet) appendRefs(tab *slotTable, dst []entryRef, take bool) []entryRef {
	for wi, w := range q.bits {
		if w == 0 {
			continue
		}
		if take {
			q.bits[wi] = 0
		}
		for ; w != 0; w &= w - 1 {
			i := wi*64 + bits.TrailingZeros64(w)
			dst = append(dst, entryRef{&tab.hot[i], tab.coldAt(i), tab})
		}
	}
	for _, i := range q.side {
		dst = append(dst, entryRef{&tab.next.hot[i], tab.next.coldAt(int(i)), tab.next})
	}
	return dst
}

// idxList is a list of slot indices of a slotList's table (list), and of
// the table its rebuild is making (side: pushed by holders forwarded there
// while the rebuild runs, before its rewrite). A shard's lists other than
// the dirty list (stale, assumed) are idxLists of its slotList's table,
// under its lock, rewritten with it.
type idxList struct {
	list []uint32
	side []uint32
}

// push appends slot i of table t, which the caller holds locked (lockAt
// says where: t is a slot's table, never a record's). It takes mu, never
// the shard's lock. t is the list's table, or, while a rebuild of that one
// runs, the rebuild's new table (the caller was forwarded there by a
// moved mark): its index goes to the side list. No other: while the caller
// holds slot i, no rebuild of t ends (a rebuild locks every full slot it
// copies), so t is not behind the list's table; and a table after t.next
// is made only by a rebuild of t.next, after rewrite made t.next the
// list's table.
func (q *slotList) push(t *slotTable, i uint32) {
	q.mu.Lock()
	q.idxSet.push(q.tab, t, i)
	q.mu.Unlock()
}

// push appends slot i of table t to q, whose indices are of tab (see
// slotList.push; the caller holds the slotList's lock).
func (q *idxList) push(tab, t *slotTable, i uint32) {
	switch t {
	case tab:
		q.list = append(q.list, i)
	case tab.next: // read after the moved mark that forwarded the caller here, which rebuilt stored after next
		q.side = append(q.side, i)
	default:
		panic("cache: slotList.push: a slot of a table neither the list's nor the one its rebuild is making")
	}
}

// rewrite makes nt, which t.rebuilt returned, the list's table, and
// publishes it (publish, the shard's slotPub's, and the rewrite of the
// shard's other idxLists): under mu, each index of t in the list becomes
// its slot's in nt (movedTo), a tombstone's is dropped (the removal gave
// what it held to a record: the shard's records list, step 5d), then the
// side list is appended, then publish runs, and only then is mu released:
// a push that waited on mu finds nt the list's table; one that sees nt
// published (through a lookup) takes mu after this. The caller holds the
// shard's lock (the rebuild's) and no slot's: holders hold a slot and wait
// on mu.
func (q *slotList) rewrite(t, nt *slotTable, publish func(*slotTable)) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.tab != t || t.next != nt {
		panic("cache: slotList.rewrite: not the list's table and the one its rebuild made")
	}
	q.idxSet.rewrite(t)
	q.tab = nt
	publish(nt)
}

// rewrite makes q's indices of t those of t.next (see slotList.rewrite).
func (q *idxList) rewrite(t *slotTable) {
	out := q.list[:0]
	for _, i := range q.list {
		if j, ok := t.movedTo(int(i)); ok {
			out = append(out, uint32(j))
		}
	}
	clear(q.list[len(out):])
	q.list = append(out, q.side...)
	q.side = nil
}

// drain appends q's slots, of tab and its next, to dst as refs (which
// forward: the caller locks them after it lets go of the list's lock, and
// a rebuild may move them meanwhile), empties q, and returns the extended
// slice.
func (q *idxList) drain(tab *slotTable, dst []entryRef) []entryRef {
	dst = q.appendRefs(tab, dst)
	clear(q.list)
	q.list = q.list[:0]
	q.side = nil
	return dst
}

// appendRefs is drain leaving q as it is.
func (q *idxList) appendRefs(tab *slotTable, dst []entryRef) []entryRef {
	for _, i := range q.list {
		dst = append(dst, entryRef{&tab.hot[i], tab.coldAt(int(i)), tab})
	}
	for _, i := range q.side {
		dst = append(dst, entryRef{&tab.next.hot[i], tab.next.coldAt(int(i)), tab.next})
	}
	return dst
}

// slotPub is the seqlock a shard publishes its slot table under
// (shard.pub): a decision reads its key's home line from these fields, not
// through the table's, one dependent load less.
type slotPub struct {
	seq   atomic.Uint64
	lines atomic.Pointer[hotLine]
	n     atomic.Uint64
	tab   atomic.Pointer[slotTable]
}

// publish makes t the table. The caller holds the shard's lock (or no one
// else has the shard yet). Odd while the fields change: a reader that sees
// the same even number before and after it loads them has a pointer, a
// count and a table of one table.
func (p *slotPub) publish(t *slotTable) {
	p.seq.Add(1)
	p.lines.Store(&t.hot[0])
	p.n.Store(uint64(len(t.hot)))
	p.tab.Store(t)
	p.seq.Add(1)
}

// homeSlot returns the home line of hash h in the published table, the
// table and the line's index; nil while a table is being published (the
// caller then probes through tab).
func (p *slotPub) homeSlot(h uint64) (*hotLine, *slotTable, uint32) {
	base, n, t := p.load()
	if t == nil {
		return nil, nil, 0
	}
	i := homeOf(h, n)
	return lineAt(base, i), t, uint32(i)
}

// load returns the published table's first hot line, its slot count and
// the table, read as one (see publish); t is nil while a table is being
// published. homeSlot's reads, apart so that they inline (cost 64; with
// homeOf's product and the line's address, homeSlot's 95 is past the
// budget, 80): lookup, on every decision, computes the home line itself.
func (p *slotPub) load() (base *hotLine, n uint64, t *slotTable) {
	q := p.seq.Load()
	base, n, t = p.lines.Load(), p.n.Load(), p.tab.Load()
	if q&1 != 0 || p.seq.Load() != q {
		t = nil
	}
	return base, n, t
}

// lineAt returns hot line i of the array that starts at base.
func lineAt(base *hotLine, i uint64) *hotLine {
	return (*hotLine)(unsafe.Add(unsafe.Pointer(base), uintptr(i)*lineSize))
}

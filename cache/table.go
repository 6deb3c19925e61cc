package cache

import (
	"math/bits"
	"sync/atomic"
)

//lint:file-ignore U1000 the groups are left, with their tests, for step 6c to remove

// This file's groups are the shard's table as it was before the table of
// slots (slots.go, step 6b): the cache uses them no more. They stay, with
// their tests, until step 6c removes them; homeOf and the load constants
// are the slots' too.
//
// table is one shard's index of its entries: open addressing over groups
// of seven slots, each group one 64-byte cache line holding a control word
// (a byte per slot) and the slots' entry pointers, in the manner of a Swiss
// table (abseil's, Go's own map).
//
// Why groups of control bytes rather than a hash per slot: a slot of
// {hash, entry} took 16 bytes, about 23 bytes a key at the load it kept;
// a slot here takes 64/7 ≈ 9.1 bytes, and one control word says which of
// seven slots may hold a key, so the table can run fuller with as few
// memory reads. Seven slots rather than eight so that a group is one
// cache line: a lookup reads the control word and the pointer it picks
// from the same line (a group of eight would be 72 bytes and cross a line
// more often than not). Tables of up to 8 groups or from 512 (a cache of a
// million keys) are aligned to lines, so every group is one line; one of 9
// to 511 groups starts 8 bytes into its line (the allocator's header for
// objects of 512 bytes to 32 KiB), and one slot of seven is then on the
// next line.
//
// A control byte is empty (0), a tombstone (removed: probes pass over it)
// or full: 0x80 | a 7-bit tag taken from bits 32-38 of the key's hash,
// which neither the shard (Cache.shardOf: the low bits) nor the home group
// (home: the high bits) use. The eighth byte of the word is always 0 and
// masked off. A lookup loads the home group's control word, matches the
// tag in all seven bytes at once (SWAR), loads the pointer of each match
// and lets entry.hasKey decide (a tag only filters: 1 in 128 other keys
// match it; the match may also flag a false byte above a true one, which
// hasKey turns down the same way), and stops at the first group that has
// an empty byte, else probes the next group (linearly: the number of
// groups need not be a power of two, so the load stays between the bounds
// below instead of halving at each doubling).
//
// Lookups take no lock. A reader loads the shard's table and probes it with
// atomic loads (a decision reads the home group's place from the shard
// itself, which publishes the table's groups with it: shard.homeGroup);
// every change (insert, remove, rebuild) is made under the shard's lock,
// and a rebuild publishes a new table rather than changing the one readers
// may hold. So a decision on an existing key costs one hash, one
// group (a memory miss among a million keys) and the entry, and two cores
// deciding keys of one shard do not write a shared lock word.
//
// A reader never misses a key held since before its lookup began. An
// insert puts a key in the first group from its home with a free (empty or
// tombstone) byte, so every group it passed had no empty byte; and a group
// never gains an empty byte back while other keys may have passed it: a
// removal leaves a tombstone, or empty only in a group that still has
// another empty byte (such a group never lacked one, since bytes become
// empty only there, so no insert passed it). Only a rebuild, which
// publishes a new table, clears. So the groups before a held key's keep no
// empty byte, and a lookup reaches its group, where the key's pointer and
// byte stay unchanged until it is removed. A pointer a reader loads may be
// newer than the tag it matched (the slot reused since) or nil (the slot
// emptied: a removal stores the byte, then nil), and hasKey, or the nil
// check, turns it down; so what a lookup returns is always the key's own
// entry. An insert stores the pointer before the control byte only so that
// a reader that sees the tag finds the new key.
//
// A reader that races a change may miss a key that is being inserted, or
// find one that is being removed. Cache.insert then looks again under the
// lock before it inserts; the syncer's lookups (Apply, Reset, Inspect)
// answer that the key is not held, as they would had they come a moment
// earlier. An entry being removed is an evicted entry, which Reserve and
// Commit handle as they always did (its counts stay counted until flushed).
//
// Keys whose hashes (or tags) collide are still kept apart exactly:
// hasKey compares the key's bytes. With only a tag kept, a rebuild hashes
// each key again (the hash function is the Cache's, passed in), and so
// reads every entry: in a large cache a memory miss each, where the old
// table's slots held the hash. That is the price of the smaller slot: a
// new key costs about a third more instructions (BenchmarkNewKey, 200k to
// 600k keys: 2931 -> 3919, cachegrind, GOGC=off) and, measured in time on
// a loaded machine, about twice as long from 200k keys (rebuilds half the
// time at 2M keys, against a sixth). A decision on a held key
// (bench/instructions.sh, project-fixedclock) executes 22 instructions
// more at one key (1239 -> 1261: the tag's match), as many at 10k keys
// (1265: fewer probes), and at 1M keys reads 1.16 lines of the table (its
// groups) where the old one read about 1.3.
//
// The table is rebuilt when it is maxLoad (7/8) full, tombstones included,
// to a size that leaves it rebuildLoad (70 %) full: 13.1 bytes a key just
// after a rebuild, 10.4 just before, as a table grows by a quarter between
// rebuilds as before. BenchmarkTableLoads (one table of 600 groups, random
// hashes; groups read per lookup, mean and 99th percentile):
//
//	load   B/key  hit         miss
//	0.70   13.1   1.08   3    1.51   6
//	0.80   11.4   1.17   4    2.36  13
//	0.875  10.4   1.37   8    4.82  32
//	0.90   10.2   1.50  11    7.25  51
//
// and a hit loads 1.02-1.05 entry pointers (a tag matching another key, or
// a false match, costs one more). BenchmarkTableProbes (the cache of
// BenchmarkDecision at 1M keys, 256 shards, grown without evictions) found
// load 0.787, 11.6 bytes a key (12.6 with the allocator's rounding of each
// table to whole pages), hits reading 1.16 groups (99th
// percentile 4), misses 2.29 (13); at MaxKeys, with new keys evicting old
// ones, TestProbesStayBoundedAtMaxKeys holds misses within twice that;
// the table of {hash, entry} slots it replaced, rebuilt at 3/4 to 60 %,
// held 23.4 bytes a key and a hit read 2.08 slots of 16 bytes (14).
// Past 7/8, misses (a new key is looked up twice and placed) lengthen
// fast: linear probing clusters.
type table struct {
	groups []group
	used   int // live entries; guarded by the shard's lock
	tombs  int // control bytes holding ctrlTomb; guarded by the shard's lock
}

// groupSlots is the number of slots of a group: seven pointers and the
// control word fill a 64-byte cache line.
const groupSlots = 7

// group is seven slots of a table. ctrl holds a control byte per slot
// (byte i for e[i]); its eighth byte is unused and 0.
type group struct {
	ctrl atomic.Uint64
	e    [groupSlots]atomic.Pointer[hotLine] // the entries' hot lines (heapEntry)
}

// Control bytes, and the masks that test the seven in use at once.
const (
	ctrlEmpty = 0x00 // never used since the table was made
	ctrlTomb  = 0x40 // removed: a probe goes on past it
	ctrlFull  = 0x80 // | the tag

	ctrlLSB  = 0x0101010101010101
	ctrlMSB  = 0x0080808080808080 // bit 7 of bytes 0-6
	tagShift = 32
)

// tagOf returns the full control byte of hash h, repeated in every byte.
func tagOf(h uint64) uint64 {
	return uint64(ctrlFull|uint8(h>>tagShift)) * ctrlLSB
}

// matchTag returns bit 7 of each byte of ctrl that may equal the tag in
// pattern (from tagOf): every equal byte, and possibly a byte above an
// equal one whose tag differs in bit 0 (the subtraction's borrow), which
// hasKey turns down. Empty and tombstone bytes never match (bit 7 clear),
// nor the unused eighth (0 against a pattern with bit 7 set).
func matchTag(ctrl, pattern uint64) uint64 {
	x := ctrl ^ pattern
	return (x - ctrlLSB) &^ x & ctrlMSB
}

// matchEmpty returns bit 7 of each empty byte of ctrl (bits 7 and 6 both
// clear), exactly.
func matchEmpty(ctrl uint64) uint64 {
	return ^(ctrl | ctrl<<1) & ctrlMSB
}

// matchFree returns bit 7 of each byte of ctrl that an insert may take:
// empty or tombstone (bit 7 clear).
func matchFree(ctrl uint64) uint64 {
	return ^ctrl & ctrlMSB
}

// matchFull returns bit 7 of each byte of ctrl that holds an entry.
func matchFull(ctrl uint64) uint64 {
	return ctrl & ctrlMSB
}

// Table loads: rebuild past maxLoadNum/maxLoadDen, to about rebuildLoad.
const (
	maxLoadNum, maxLoadDen = 7, 8
	rebuildLoadPercent     = 70
	minGroups              = 1
)

// newTable returns a table sized for n live entries at the rebuild load.
// Its control words are all 0: every byte empty.
func newTable(n int) *table {
	size := max(minGroups, (n*100/rebuildLoadPercent+groupSlots)/groupSlots)
	return &table{groups: make([]group, size)}
}

// size returns the number of slots of t.
func (t *table) size() int {
	return len(t.groups) * groupSlots
}

// home is the first group probed for hash h: the high bits of h times the
// number of groups, which needs no power of two. The shard is chosen by h's
// low bits (Cache.shardOf) and the tag by its middle ones, so the three use
// different bits.
func (t *table) home(h uint64) int {
	return int(homeOf(h, uint64(len(t.groups))))
}

// homeOf is home for a table of n groups: below n.
func homeOf(h, n uint64) uint64 {
	hi, _ := bits.Mul64(h, n)
	return hi
}

// firstMatch returns the entry of the first slot of g whose control byte
// matches tag (from tagOf), or nil. In a key's home group (shard.homeGroup) that
// is nearly always the key's entry, if the key is held: it is find's common
// case without find's loop, in two steps small enough to inline into
// Cache.lookup, which checks the entry (entry.hasKey, or its own
// comparison for a key of short parts) before it takes it; else Reserve
// calls findOrInsert. A hit then makes one call, hasKey, or none, where it
// made find's and, inside it, the key comparisons': find's loop held the key, the
// table and the probe's place across them, spilled to the stack and
// loaded back (bench/instructions.sh, project-fixedclock, 1 key: 983 ->
// 942 instructions a decision). It takes no lock (see table).
func (g *group) firstMatch(tag uint64) *hotLine {
	if m := matchTag(g.ctrl.Load(), tag); m != 0 {
		return g.e[bits.TrailingZeros64(m)>>3].Load()
	}
	return nil
}

// find returns the entry of k, whose hash is h, or nil. It takes no lock;
// see table for what a reader racing a change may see.
func (t *table) find(k Key, h uint64) entry {
	gs := t.groups
	i := t.home(h)
	tag := tagOf(h)
	// Bounded by the number of groups: a table in use always has an empty
	// byte (maxLoad), but a reader must not loop forever whatever it races.
	for range gs {
		g := &gs[i]
		ctrl := g.ctrl.Load()
		for m := matchTag(ctrl, tag); m != 0; m &= m - 1 {
			if l := g.e[bits.TrailingZeros64(m)>>3].Load(); l != nil && heapEntry(l).hasKey(k) {
				return heapEntry(l)
			}
		}
		if matchEmpty(ctrl) != 0 {
			return entry{}
		}
		if i++; i == len(gs) {
			i = 0
		}
	}
	return entry{}
}

// full reports whether one more insert would pass the maximum load; the
// caller (holding the shard's lock) rebuilds first.
func (t *table) full() bool {
	return (t.used+t.tombs+1)*maxLoadDen > t.size()*maxLoadNum
}

// insert adds e, whose key is not in t, under hash h. The caller holds the
// shard's lock and has made room (full is false).
func (t *table) insert(h uint64, e entry) {
	gs := t.groups
	i := t.home(h)
	for {
		g := &gs[i]
		ctrl := g.ctrl.Load()
		if m := matchFree(ctrl); m != 0 {
			shift := bits.TrailingZeros64(m) &^ 7
			if uint8(ctrl>>shift) == ctrlTomb {
				t.tombs--
			}
			// The pointer first: a reader that sees the tag finds e (see
			// table). e's fields were set before this publishes it.
			g.e[shift>>3].Store(e.hotLine)
			g.ctrl.Store(ctrl&^(0xff<<shift) | uint64(ctrlFull|uint8(h>>tagShift))<<shift)
			t.used++
			return
		}
		if i++; i == len(gs) {
			i = 0
		}
	}
}

// forEach calls f for every entry of t with its slot, from the group of the
// slot at start (any int: it is reduced), until f returns false. The caller
// holds the shard's lock, at least for reading: a slot is valid until it is
// released, and only in t.
func (t *table) forEach(start int, f func(slot int, e entry) bool) {
	n := len(t.groups)
	i := start % (n * groupSlots)
	if i < 0 {
		i += n * groupSlots
	}
	i /= groupSlots
	for range n {
		g := &t.groups[i]
		for m := matchFull(g.ctrl.Load()); m != 0; m &= m - 1 {
			j := bits.TrailingZeros64(m) >> 3
			if !f(i*groupSlots+j, heapEntry(g.e[j].Load())) {
				return
			}
		}
		if i++; i == n {
			i = 0
		}
	}
}

// entryAt returns the entry in slot i (0 ≤ i < size), or nil if the slot
// holds none. The caller holds the shard's lock.
func (t *table) entryAt(i int) entry {
	g := &t.groups[i/groupSlots]
	j := i % groupSlots
	if matchFull(g.ctrl.Load())&(ctrlFull<<(8*j)) == 0 {
		return entry{}
	}
	return heapEntry(g.e[j].Load())
}

// sparse reports whether t is worth rebuilding after removals: tombstones
// fill a quarter of it, or it is large and less than a quarter used.
func (t *table) sparse() bool {
	n := t.size()
	return t.tombs*4 > n || (len(t.groups) > 4 && t.used*4 < n)
}

// removeAt removes the entry in slot i. The caller holds the shard's lock.
// The byte becomes a tombstone, or empty if its group has another empty
// byte: no probe passed such a group (see table), and an empty byte ends
// probes sooner and needs no rebuild to clear.
func (t *table) removeAt(i int) {
	g := &t.groups[i/groupSlots]
	j := i % groupSlots
	ctrl := g.ctrl.Load()
	b := uint64(ctrlTomb)
	if matchEmpty(ctrl) != 0 {
		b = ctrlEmpty
	} else {
		t.tombs++
	}
	g.ctrl.Store(ctrl&^(0xff<<(8*j)) | b<<(8*j))
	// After the byte: a reader that loaded the tag before finds nil. The
	// entry is not kept alive by the table.
	g.e[j].Store(nil)
	t.used--
}

// rebuilt returns a new table holding t's live entries, sized for want of
// them at the rebuild load (at least t.used); hash is the Cache's hash
// (each key's is computed again: the table keeps only a tag). The caller
// holds the shard's lock and publishes the result; t itself is left as
// readers may hold it.
func (t *table) rebuilt(want int, hash func(Key) uint64) *table {
	nt := newTable(max(want, t.used))
	for i := range t.groups {
		g := &t.groups[i]
		for m := matchFull(g.ctrl.Load()); m != 0; m &= m - 1 {
			e := heapEntry(g.e[bits.TrailingZeros64(m)>>3].Load())
			nt.insert(hash(e.key()), e)
		}
	}
	return nt
}

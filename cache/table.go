package cache

import (
	"math/bits"
	"sync/atomic"
)

// table is one shard's index of its entries: open addressing with linear
// probing, each slot holding a key's hash and its entry.
//
// Lookups take no lock. A reader loads the shard's table and probes it with
// atomic loads; every change (insert, remove, rebuild) is made under the
// shard's lock, and a rebuild publishes a new table rather than changing the
// one readers may hold. So a decision on an existing key costs one hash, one
// or two slots (a memory miss among a million keys) and the entry, and two
// cores deciding keys of one shard do not write a shared lock word.
//
// The hash only filters: a key is found when its hash matches and its
// bytes equal the entry's (entry.hasKey), so keys whose hashes collide are
// still kept apart exactly. A reader that races a change may miss a key
// that is being inserted, or find one that is being removed. Cache.get then
// looks again under the lock before it inserts; the syncer's lookups
// (Apply, Reset, Inspect) answer that the key is not held, as they would
// had they come a moment earlier. An entry being removed is an evicted
// entry, which Reserve and Commit handle as they always did (its counts
// stay counted until flushed).
//
// Removed slots hold tombstone, so that probes pass over them; inserts reuse
// them. The table is rebuilt when it is maxLoad full (tombstones included),
// to a size that leaves it rebuildLoad full: with linear probing, a hit
// then probes about 2 slots on average (about 1.3 cache lines of 16-byte
// slots), 14 at the 99th percentile, at about 23 bytes a key; at 7/8 and
// 70 % it was 3.3 and 34 for 19.5 bytes (BenchmarkTableProbes, 1M keys,
// 256 shards; R2's review). The size need not be a power of two, so the
// load stays between the two instead of halving at each doubling.
type table struct {
	slots []slot
	used  int // live entries; guarded by the shard's lock
	tombs int // slots holding tombstone; guarded by the shard's lock
}

// slot is one place of a table. An insert stores hash before e; a reader
// loads e before hash, so a hash it reads is at least as new as the entry
// it loaded (and hasKey decides anyway).
type slot struct {
	hash atomic.Uint64
	e    atomic.Pointer[entry]
}

// tombstone marks a removed slot. It is never a key's entry.
var tombstone = new(entry)

// Table loads: rebuild past maxLoadNum/maxLoadDen, to about rebuildLoad.
const (
	maxLoadNum, maxLoadDen = 3, 4
	rebuildLoadPercent     = 60
	minTableSize           = 8
)

// newTable returns a table sized for n live entries at the rebuild load.
func newTable(n int) *table {
	size := max(minTableSize, n*100/rebuildLoadPercent+1)
	return &table{slots: make([]slot, size)}
}

// home is the first slot probed for hash h: the high bits of h times the
// size, which needs no power-of-two size. The shard is chosen by h's low
// bits (Cache.shardOf), so the two use different bits.
func (t *table) home(h uint64) int {
	hi, _ := bits.Mul64(h, uint64(len(t.slots)))
	return int(hi)
}

// find returns the entry of k, whose hash is h, or nil. It takes no lock;
// see table for what a reader racing a change may see.
func (t *table) find(k Key, h uint64) *entry {
	n := len(t.slots)
	i := t.home(h)
	// Bounded by n: a table in use is never full (maxLoad), but a reader
	// must not loop forever whatever it races.
	for range n {
		s := &t.slots[i]
		e := s.e.Load()
		if e == nil {
			return nil
		}
		if e != tombstone && s.hash.Load() == h && e.hasKey(k) {
			return e
		}
		if i++; i == n {
			i = 0
		}
	}
	return nil
}

// full reports whether one more insert would pass the maximum load; the
// caller (holding the shard's lock) rebuilds first.
func (t *table) full() bool {
	return (t.used+t.tombs+1)*maxLoadDen > len(t.slots)*maxLoadNum
}

// insert adds e, whose key is not in t, under hash h. The caller holds the
// shard's lock and has made room (full is false).
func (t *table) insert(h uint64, e *entry) {
	n := len(t.slots)
	i := t.home(h)
	for {
		s := &t.slots[i]
		cur := s.e.Load()
		if cur == nil || cur == tombstone {
			if cur == tombstone {
				t.tombs--
			}
			s.hash.Store(h)
			s.e.Store(e) // publishes e, whose fields were set before
			t.used++
			return
		}
		if i++; i == n {
			i = 0
		}
	}
}

// forEach calls f for every entry of t with its slot, from the slot at
// start (any int: it is reduced), until f returns false. The caller holds
// the shard's lock, at least for reading: a slot is valid until it is
// released, and only in t.
func (t *table) forEach(start int, f func(slot int, e *entry) bool) {
	n := len(t.slots)
	i := start % n
	if i < 0 {
		i += n
	}
	for range n {
		if e := t.slots[i].e.Load(); e != nil && e != tombstone {
			if !f(i, e) {
				return
			}
		}
		if i++; i == n {
			i = 0
		}
	}
}

// sparse reports whether t is worth rebuilding after removals: tombstones
// fill a quarter of it, or it is large and less than a quarter used.
func (t *table) sparse() bool {
	n := len(t.slots)
	return t.tombs*4 > n || (n > 4*minTableSize && t.used*4 < n)
}

// removeAt removes the entry in slot i. The caller holds the shard's lock.
func (t *table) removeAt(i int) {
	t.slots[i].e.Store(tombstone)
	t.used--
	t.tombs++
}

// rebuilt returns a new table holding t's live entries, sized for want of
// them at the rebuild load (at least t.used). The caller holds the shard's
// lock and publishes the result; t itself is left as readers may hold it.
func (t *table) rebuilt(want int) *table {
	nt := newTable(max(want, t.used))
	for i := range t.slots {
		s := &t.slots[i]
		if e := s.e.Load(); e != nil && e != tombstone {
			nt.insert(s.hash.Load(), e)
		}
	}
	return nt
}

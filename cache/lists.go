package cache

import "slices"

// This file is the one way to a shard's lists of keys (dirty, fresh, stale,
// assumed): each is pushed to, taken from and walked here only, so that the
// slot table (h153's plan, step 6) changes each list's element, an entry's
// pointer today, in one place. The callers hold the list's lock (see
// shard). Each holds its entries' hot lines (8 bytes, where a view is 16:
// bench/'s 1M keys are all on the dirty list), made views again here
// (heapEntry).

// pushDirty appends e to s's dirty list (s.dirtyMu held). A key evicted
// since leaves its place there dead: TakeDirty passes over the evicted
// keys of the list (a key evicted with counts to flush is on the records,
// see evictForCap), as step 6's list holds the index of a slot removed
// since, which a rebuild drops (h153's plan, 1.2).
func (s *shard) pushDirty(e entry) {
	s.dirty = append(s.dirty, e.hotLine)
}

// drainDirty appends s's dirty list to batch, empties the list, and returns
// the extended batch (s.dirtyMu held).
func (s *shard) drainDirty(batch []entry) []entry {
	batch = appendViews(batch, s.dirty)
	clear(s.dirty)
	s.dirty = s.dirty[:0]
	clear(s.dead) // gone with the list
	s.dead = s.dead[:0]
	return batch
}

// killDirty notes that e, evicted while queued, leaves its place on s's
// dirty list dead (or in a TakeDirty's batch, which passes over it). Once
// the dead places are as many as a quarter of the list, and at least
// minDeadPlaces, they are taken off it in one pass, so that the list stays
// within about 4/3 of the keys s holds, whether TakeDirty drains it or not
// (the store down, its writes unsettled, stops a flush before its take),
// at a cost of O(1) an eviction over time (s.dirtyMu held). A dead place
// holds its evicted entry, which nothing else holds once its counts were
// dropped: at half the list, the dead places held as many evicted entries
// as s holds keys before each compaction, during an outage at MaxKeys
// (TestDeadPlacesPinFewEvictedKeys).
// Never taken off, each key evicted queued kept a place until the next
// take, one a new key at MaxKeys while no take came
// (TestDirtyListBoundedWithoutFlushes); found and taken off at each
// eviction, the scan of the list cost 24,900 instructions a new key at
// 4096 keys a shard where 10,800 had done (BenchmarkNewKeyDetaching).
func (s *shard) killDirty(e entry) {
	s.dead = append(s.dead, e.hotLine)
	if len(s.dead) < minDeadPlaces || 4*len(s.dead) < len(s.dirty) {
		return
	}
	gone := make(map[*hotLine]struct{}, len(s.dead))
	for _, d := range s.dead {
		gone[d] = struct{}{}
	}
	s.dirty = slices.DeleteFunc(s.dirty, func(e *hotLine) bool {
		_, ok := gone[e]
		return ok
	})
	clear(s.dead)
	s.dead = s.dead[:0]
}

// minDeadPlaces is how many dead places a shard's dirty list holds before
// killDirty takes them off, however short the list.
const minDeadPlaces = 32

// appendDirty appends s's dirty list to dst, leaving the list as it is, and
// returns the extended slice (s.dirtyMu held).
func (s *shard) appendDirty(dst []entry) []entry {
	return appendViews(dst, s.dirty)
}

// record is an evicted key held for its counts (detached) or for a
// holder's: a heap entry, as every entry is today; step 6 copies a
// removed slot's state into one.
type record = entry

// pushRec appends r, evicted, to s's records (s.dirtyMu held).
func (s *shard) pushRec(r record) {
	s.recs = append(s.recs, r.hotLine)
}

// drainRecs appends s's records to batch, empties them, and returns the
// extended batch (s.dirtyMu held).
func (s *shard) drainRecs(batch []entry) []entry {
	batch = appendViews(batch, s.recs)
	clear(s.recs)
	s.recs = s.recs[:0]
	return batch
}

// appendRecs appends s's records to dst, leaving them as they are, and
// returns the extended slice (s.dirtyMu held).
func (s *shard) appendRecs(dst []entry) []entry {
	return appendViews(dst, s.recs)
}

// pushFresh appends e to s's fresh list unless the list is full
// (maxFreshPerShard), and reports whether it did (s.mu held).
func (s *shard) pushFresh(e entry) bool {
	if len(s.fresh) >= maxFreshPerShard {
		return false
	}
	s.fresh = append(s.fresh, e.hotLine)
	return true
}

// takeFresh calls f for the keys of s's fresh list in order until f returns
// false, and takes those f returned true for off the list; the rest stay,
// in their order (s.mu held).
func (s *shard) takeFresh(f func(e entry) bool) {
	n := 0
	for _, l := range s.fresh {
		if !f(heapEntry(l)) {
			break
		}
		n++
	}
	rest := copy(s.fresh, s.fresh[n:])
	clear(s.fresh[rest:])
	s.fresh = s.fresh[:rest]
}

// pushStale appends e to s's stale list unless the list is full
// (maxFreshPerShard), and reports whether it did (s.dirtyMu held).
func (s *shard) pushStale(e entry) bool {
	if len(s.stale) >= maxFreshPerShard {
		return false
	}
	s.stale = append(s.stale, e.hotLine)
	return true
}

// popStale takes the first n keys (n < 0: all) off s's stale list and
// returns them in a slice of their own; the rest stay, in their order
// (s.dirtyMu held).
func (s *shard) popStale(n int) []entry {
	if n < 0 || n > len(s.stale) {
		n = len(s.stale)
	}
	batch := appendViews(nil, s.stale[:n])
	rest := copy(s.stale, s.stale[n:])
	clear(s.stale[rest:])
	s.stale = s.stale[:rest]
	return batch
}

// pushAssumed appends e to the newer of s's assumed lists unless it is
// full (maxFreshPerShard), and reports whether it did (s.dirtyMu held).
func (s *shard) pushAssumed(e entry) bool {
	if len(s.assumed[0]) >= maxFreshPerShard {
		return false
	}
	s.assumed[0] = append(s.assumed[0], e.hotLine)
	return true
}

// rotateAssumed returns the older of s's assumed lists, whose assumptions
// end, and makes the newer one the older (s.dirtyMu held).
func (s *shard) rotateAssumed() []entry {
	done := s.assumed[1]
	s.assumed[1], s.assumed[0] = s.assumed[0], nil
	return appendViews(nil, done)
}

// appendViews appends the entries of the hot lines ls to dst (heapEntry).
func appendViews(dst []entry, ls []*hotLine) []entry {
	for _, l := range ls {
		dst = append(dst, heapEntry(l))
	}
	return dst
}

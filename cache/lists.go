package cache

import "slices"

// This file is the one way to a shard's lists of keys (dirty, fresh, stale,
// assumed): each is pushed to, taken from and walked here only, so that the
// slot table (h153's plan, step 6) changes each list's element, an entry's
// pointer today, in one place. The callers hold the list's lock (see
// shard).

// pushDirty appends e to s's dirty list (s.dirtyMu held).
func (s *shard) pushDirty(e *entry) {
	s.dirty = append(s.dirty, e)
}

// drainDirty appends s's dirty list to batch, empties the list, and returns
// the extended batch (s.dirtyMu held).
func (s *shard) drainDirty(batch []*entry) []*entry {
	batch = append(batch, s.dirty...)
	clear(s.dirty)
	s.dirty = s.dirty[:0]
	return batch
}

// appendDirty appends s's dirty list to dst, leaving the list as it is, and
// returns the extended slice (s.dirtyMu held).
func (s *shard) appendDirty(dst []*entry) []*entry {
	return append(dst, s.dirty...)
}

// removeDirty takes e off s's dirty list and reports whether it was on it
// (s.dirtyMu held).
func (s *shard) removeDirty(e *entry) bool {
	i := slices.Index(s.dirty, e)
	if i < 0 {
		return false
	}
	s.dirty = slices.Delete(s.dirty, i, i+1)
	return true
}

// record is an evicted key held for its counts (detached) or for a
// holder's: a heap entry, as every entry is today; step 6 copies a
// removed slot's state into one.
type record = entry

// pushRec appends r, evicted, to s's records (s.dirtyMu held).
func (s *shard) pushRec(r *record) {
	s.recs = append(s.recs, r)
}

// drainRecs appends s's records to batch, empties them, and returns the
// extended batch (s.dirtyMu held).
func (s *shard) drainRecs(batch []*entry) []*entry {
	batch = append(batch, s.recs...)
	clear(s.recs)
	s.recs = s.recs[:0]
	return batch
}

// toRecs moves r, evicted and detached, from s's dirty list to its
// records. Not on the dirty list, r is on the records already (queue put
// it there), or in a TakeDirty's batch, which queues it, if it does, with
// the records (s.dirtyMu held).
func (s *shard) toRecs(r *record) {
	if s.removeDirty(r) {
		s.pushRec(r)
	}
}

// appendRecs appends s's records to dst, leaving them as they are, and
// returns the extended slice (s.dirtyMu held).
func (s *shard) appendRecs(dst []*entry) []*entry {
	return append(dst, s.recs...)
}

// pushFresh appends e to s's fresh list unless the list is full
// (maxFreshPerShard), and reports whether it did (s.mu held).
func (s *shard) pushFresh(e *entry) bool {
	if len(s.fresh) >= maxFreshPerShard {
		return false
	}
	s.fresh = append(s.fresh, e)
	return true
}

// takeFresh calls f for the keys of s's fresh list in order until f returns
// false, and takes those f returned true for off the list; the rest stay,
// in their order (s.mu held).
func (s *shard) takeFresh(f func(e *entry) bool) {
	n := 0
	for _, e := range s.fresh {
		if !f(e) {
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
func (s *shard) pushStale(e *entry) bool {
	if len(s.stale) >= maxFreshPerShard {
		return false
	}
	s.stale = append(s.stale, e)
	return true
}

// popStale takes the first n keys (n < 0: all) off s's stale list and
// returns them in a slice of their own; the rest stay, in their order
// (s.dirtyMu held).
func (s *shard) popStale(n int) []*entry {
	if n < 0 || n > len(s.stale) {
		n = len(s.stale)
	}
	batch := append([]*entry(nil), s.stale[:n]...)
	rest := copy(s.stale, s.stale[n:])
	clear(s.stale[rest:])
	s.stale = s.stale[:rest]
	return batch
}

// pushAssumed appends e to the newer of s's assumed lists unless it is
// full (maxFreshPerShard), and reports whether it did (s.dirtyMu held).
func (s *shard) pushAssumed(e *entry) bool {
	if len(s.assumed[0]) >= maxFreshPerShard {
		return false
	}
	s.assumed[0] = append(s.assumed[0], e)
	return true
}

// rotateAssumed returns the older of s's assumed lists, whose assumptions
// end, and makes the newer one the older (s.dirtyMu held).
func (s *shard) rotateAssumed() []*entry {
	done := s.assumed[1]
	s.assumed[1], s.assumed[0] = s.assumed[0], nil
	return done
}

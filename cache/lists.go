package cache

// This file is the one way to a shard's lists of keys (dirty, fresh, stale,
// assumed) and its records: each is pushed to, taken from and walked here
// only. The lists hold slot indices of the shard's table (the dirty list a
// bit a slot, idxSet, the others 4 bytes a key), which a rebuild rewrites
// (shard.rebuild); a slot removed since it was pushed leaves its index a
// tombstone's, which the takes pass over (its record, if it has one, is on
// the records) and the next rebuild drops. The callers hold the list's
// lock (see shard).

// tableOf returns the table of s that holds l, a slot's hot line whose
// lock the caller holds, the slot full: the published table, or the one a
// rebuild of it is making (the caller was forwarded there by a moved mark,
// which was stored after the old table's next). No other: a rebuild ends
// only once it has copied, under its lock, every full slot of its table.
func (s *shard) tableOf(l *hotLine) *slotTable {
	t := s.pub.tab.Load()
	if t.has(l) {
		return t
	}
	return t.next
}

// listed returns the table the lists' indices are of that holds l (a
// slot's hot line, locked by the caller, full; s.lists.mu held), or its
// next (see tableOf), and l's index there.
func (s *shard) listed(l *hotLine) (*slotTable, uint32) {
	t := s.lists.tab
	if !t.has(l) {
		t = t.next
	}
	return t, t.indexOf(l)
}

// pushDirty appends e, a slot's entry (locked by the caller), to s's dirty
// list (s.lists.mu held).
func (s *shard) pushDirty(e entry) {
	t, i := s.listed(e.hotLine)
	s.lists.idxSet.push(s.lists.tab, t, i)
}

// drainDirty appends s's dirty list to batch, empties the list, and returns
// the extended batch (s.lists.mu held).
func (s *shard) drainDirty(batch []entryRef) []entryRef {
	return s.lists.drain(s.lists.tab, batch)
}

// appendDirty appends s's dirty list to dst, leaving the list as it is, and
// returns the extended slice (s.lists.mu held).
func (s *shard) appendDirty(dst []entryRef) []entryRef {
	return s.lists.appendRefs(s.lists.tab, dst, false)
}

// record is an evicted key held for its counts (detached) or for a
// holder's: a heap entry (newEntry), into which the eviction copied its
// slot's state (see evictForCap), reached by its holders through the
// slot's tombstone (slotTable.removeAt) and by the flush through the
// shard's records.
type record = entry

// pushRec appends r, evicted, to s's records (s.lists.mu held).
func (s *shard) pushRec(r record) {
	s.recs = append(s.recs, r.hotLine)
}

// drainRecs appends s's records to batch, empties them, and returns the
// extended batch (s.lists.mu held).
func (s *shard) drainRecs(batch []entryRef) []entryRef {
	batch = s.appendRecs(batch)
	clear(s.recs)
	s.recs = s.recs[:0]
	return batch
}

// appendRecs appends s's records to dst, leaving them as they are, and
// returns the extended slice (s.lists.mu held).
func (s *shard) appendRecs(dst []entryRef) []entryRef {
	for _, l := range s.recs {
		dst = append(dst, entryRef{l, heapEntry(l).coldLine, nil})
	}
	return dst
}

// pushFresh appends slot i of s's published table to s's fresh list unless
// the list is full (maxFreshPerShard), and reports whether it did (s.mu
// held).
func (s *shard) pushFresh(i int) bool {
	if len(s.fresh) >= maxFreshPerShard {
		return false
	}
	s.fresh = append(s.fresh, uint32(i))
	return true
}

// takeFresh calls f for the keys of s's fresh list in order until f returns
// false, and takes those f returned true for off the list; the rest stay,
// in their order (s.mu held). A key removed since it was pushed is taken
// off without a call.
func (s *shard) takeFresh(f func(e entry) bool) {
	t := s.pub.tab.Load()
	n := 0
	for _, i := range s.fresh {
		if id := t.hot[i].ident().Load(); id&identTomb == 0 && !f(t.view(int(i))) {
			break
		}
		n++
	}
	rest := copy(s.fresh, s.fresh[n:])
	clear(s.fresh[rest:])
	s.fresh = s.fresh[:rest]
}

// pushStale appends e, a slot's entry (locked by the caller), to s's stale
// list unless the list is full (maxFreshPerShard), and reports whether it
// did (s.lists.mu held).
func (s *shard) pushStale(e entry) bool {
	if len(s.stale.list)+len(s.stale.side) >= maxFreshPerShard {
		return false
	}
	t, i := s.listed(e.hotLine)
	s.stale.push(s.lists.tab, t, i)
	return true
}

// popStale takes the first n keys (n < 0: all) off s's stale list and
// returns them in a slice of their own; the rest stay, in their order
// (s.lists.mu held).
func (s *shard) popStale(n int) []entryRef {
	if n < 0 || n >= len(s.stale.list)+len(s.stale.side) {
		return s.stale.drain(s.lists.tab, nil)
	}
	all := s.stale.drain(s.lists.tab, nil)
	batch, rest := all[:n], all[n:]
	for _, r := range rest {
		t := s.lists.tab
		if r.t != t {
			s.stale.side = append(s.stale.side, r.t.indexOf(r.l))
		} else {
			s.stale.list = append(s.stale.list, t.indexOf(r.l))
		}
	}
	return batch
}

// pushAssumed appends e, new to s's published table and locked by the
// caller, to the newer of s's assumed lists unless it is full
// (maxFreshPerShard), and reports whether it did (s.lists.mu held). The
// list alone is bounded, unlike the stale list's list and side: nothing
// but this pushes to an assumed list, and only under the shard's lock
// (insert), which a rebuild holds, so its side list stays empty
// (TestAssumedListsBoundedAcrossRebuilds).
func (s *shard) pushAssumed(e entry) bool {
	if len(s.assumed[0].list) >= maxFreshPerShard {
		return false
	}
	t, i := s.listed(e.hotLine)
	s.assumed[0].push(s.lists.tab, t, i)
	return true
}

// rotateAssumed returns the older of s's assumed lists, whose assumptions
// end, and makes the newer one the older (s.lists.mu held).
func (s *shard) rotateAssumed() []entryRef {
	done := s.assumed[1].drain(s.lists.tab, nil)
	s.assumed[1], s.assumed[0] = s.assumed[0], idxList{}
	return done
}

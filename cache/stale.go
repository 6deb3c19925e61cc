package cache

// This file keeps a key's snapshot fresh where it is used: a pull reads a
// key far from its limit only if it was used since it was last read (see
// AppendPull), so a key used again after a pause would be decided on the
// snapshot of its last read until the next pull. Its first use after a
// pause queues it to be read with the new keys instead (TakeFresh), within
// the syncer's NewKeyInterval.

// markUse, which Reserve writes out (a key's unread flag, then
// markUnread), records for a key that a request used it: the next pull
// reads it; and if it was not read in the last full pull round, it is
// queued for TakeFresh as well, at most once until read. A key the full
// queue (maxFreshPerShard) leaves out is read by the next pull. Reserve
// has the key's hash, not its shard (see lookup); as a function of the
// hash and the entry, finding the shard inside, a decision at 1 key
// executed 18 instructions more than written out, 28 with two sizes
// (bench/instructions.sh): written out, the shard is found only when the
// key is queued.

// markUnread is markUse for e (locked by the caller), of shard s, not used
// since the syncer last read it.
func (c *Cache) markUnread(s *shard, e entry) {
	e.hot.flags |= unread
	// A key left out of a full queue (neverRead) waits for the next
	// pull rather than take a place in this one.
	if round := c.pullRound.Load(); round-e.readRound >= 2 && round-e.readRound < neverRead {
		s.lists.mu.Lock()
		if s.pushStale(e) {
			e.readRound = round // queued: not again until a round passes
		} else {
			e.readRound = round - neverRead // left out: the next pull reads it
		}
		s.lists.mu.Unlock()
	}
}

// neverRead, taken from a round, gives a readRound that any coldEvery finds
// long past (AppendPull): the key is read at the next pull.
const neverRead = 1 << 30

// takeStale appends to dst the keys of s queued by markUse until dst holds
// limit keys (0: no bound), and returns the extended slice; they count as
// read in round. Those beyond the limit stay queued. The keys are copied
// into kb (see keyBuf).
func (c *Cache) takeStale(dst []Key, kb *keyBuf, s *shard, limit int, round uint32) []Key {
	s.lists.mu.Lock()
	n := -1 // all
	if limit > 0 {
		n = max(0, limit-len(dst))
	}
	batch := s.popStale(n)
	s.batches.Add(1) // out until its refs are locked (see shard.batches)
	s.lists.mu.Unlock()
	if c.testTaken != nil {
		c.testTaken(s)
	}
	for _, r := range batch {
		// lists.mu is not held here: Reserve locks e.mu, then lists.mu.
		e, _ := c.lockRef(r)
		if e.hotLine == nil {
			continue // removed since, with nothing out
		}
		gone := e.is(evicted)
		e.readRound, e.hot.flags = round, e.hot.flags&^unread
		e.setCold(installed, false) // chosen to read (see Apply)
		if !gone {
			dst = append(dst, kb.key(c, e))
		}
		e.mu.Unlock()
	}
	s.batches.Add(-1)
	return dst
}

// maxFreshPerShard bounds the keys a shard keeps for TakeFresh: a flood of
// new keys (unknown client IDs) must neither grow memory nor turn into as
// many store reads. A key left out is read by the syncer's next pull, if it
// is still used.
const maxFreshPerShard = 64

// TakeFresh appends to dst the keys created since the last call that are
// still held, and those used again after a pause (see markUse), at most max
// of them (0: no bound), and returns the extended slice; the syncer reads
// their documents at once rather than at its next pull, so that a key new
// to this instance (a burst that reaches instances which never saw the key)
// is decided against the others' counts within moments. The keys beyond
// max stay queued, in their order, for the next call: those of the shard
// where max was reached as well as those of the shards after it. (That
// shard's rest of the new keys was cleared: each waited, unread, for a
// pull, not the next call: with coldEvery 1 (the syncer's default
// ColdPullEvery) the next pull, else coldEvery pulls after the round it
// was made in (AppendPull), however often it was used meanwhile; a key
// the full queue leaves out (maxFreshPerShard) is read by the next pull
// whatever coldEvery: TestTakeFreshKeepsTheShardsRest.)
func (c *Cache) TakeFresh(dst []Key, max int) []Key {
	round := c.pullRound.Load()
	var kb keyBuf // the keys are copies (see keyBuf)
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		s.takeFresh(func(e entry) bool {
			if max > 0 && len(dst) >= max {
				return false
			}
			// Read under the shard's lock: eviction (which sets the
			// flag) holds it too.
			e.mu.Lock()
			gone := e.is(evicted)
			e.readRound, e.hot.flags = round, e.hot.flags&^unread
			e.setCold(installed, false) // chosen to read (see Apply)
			e.mu.Unlock()
			if !gone {
				dst = append(dst, kb.key(c, e))
			}
			return true
		})
		s.mu.Unlock()
		dst = c.takeStale(dst, &kb, s, max, round)
		if max > 0 && len(dst) >= max {
			// The rest of the shards keep theirs for the next call.
			break
		}
	}
	return dst
}

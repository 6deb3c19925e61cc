package cache

import "time"

// This file keeps the writers a key is assumed to have while the store's
// documents cannot tell them yet (see assumedWriters).

// SetLiveInstances tells c how many instances of the limiter are live,
// this one included (1 until it is called): the syncer calls it after each
// heartbeat, with 0 while the store does not answer. A key new to this
// instance while more than one is live is taken to be counted by all of
// them for one to two sync intervals (see assumedWriters), unless
// Config.NoLiveWriters. While the store does not answer, no key is shared
// (see sharing): no instance reads the others' counts, which would bring a
// new share, and the outage modes decide what each admits instead.
func (c *Cache) SetLiveInstances(n int) {
	c.live.Store(int32(min(max(n, 0), maxWriters)))
}

// sharing reports whether a key of two writers or more is shared (see
// shareRoom): unless Config.NoShare, while the store answers.
func (c *Cache) sharing() bool {
	return c.live.Load() != 0 && !c.cfg.NoShare
}

// writersOf returns the writers e is shared among (e locked by the
// caller): those its documents named, and while it assumes them, at least
// the live instances; never below 1.
func (c *Cache) writersOf(e *entry) int64 {
	w := int64(e.writers &^ assumedWriters)
	if e.writers >= assumedWriters {
		w = max(w, int64(c.live.Load()))
	}
	return max(w, 1)
}

// assumeLive marks e, new to this instance and not yet published, as
// counted by at least the live instances until the documents can tell (see
// assumedWriters), and queues it in s for ageWriters, which ends the
// assumption. A key left out of a full queue is not assumed: a flood of new
// keys must not grow memory.
func (c *Cache) assumeLive(s *shard, e *entry) {
	if c.live.Load() < 2 || c.cfg.NoLiveWriters || c.cfg.NoShare {
		return
	}
	s.dirtyMu.Lock()
	if len(s.assumed[0]) < maxFreshPerShard {
		s.assumed[0] = append(s.assumed[0], e)
		e.writers |= assumedWriters // the writers the documents named stay beside it
	}
	s.dirtyMu.Unlock()
}

// ageWriters ends, at now, the assumption of the keys assumed before its
// previous rotation, and ages the others, rotating at most once every
// Config.SyncInterval: an assumption lasts one to two sync intervals, by
// when every instance that counted the key at its start has flushed (each
// flushes every sync interval). AppendPull calls it before it chooses the
// keys to read, so the read of a key whose assumption has just ended, in
// that pull, sets its writers from a document that names them. A key
// whose documents named none (no document: nothing was issued) is then
// counted by this instance alone, as it was.
func (c *Cache) ageWriters(now time.Time) {
	if at := c.agedAt.Load(); at != 0 && now.UnixNano()-at < int64(c.cfg.SyncInterval) {
		return
	}
	c.agedAt.Store(now.UnixNano())
	for i := range c.shards {
		s := &c.shards[i]
		s.dirtyMu.Lock()
		done := s.assumed[1]
		s.assumed[1], s.assumed[0] = s.assumed[0], nil
		s.dirtyMu.Unlock()
		// dirtyMu is not held here: Reserve locks e.mu, then dirtyMu.
		for _, e := range done {
			e.mu.Lock()
			e.writers &^= assumedWriters
			e.mu.Unlock()
		}
	}
}

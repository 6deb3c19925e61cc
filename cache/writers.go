package cache

// This file keeps the writers a key is assumed to have while the store's
// documents cannot tell them yet (see assumedWriters).

// SetLiveInstances tells c how many instances of the limiter are live,
// this one included (1 until it is called): the syncer calls it after each
// heartbeat, with 0 while the store does not answer. A key new to this
// instance, or used again after a pause, while more than one is live is
// taken to be counted by all of them for a pull interval or two (see
// assumedWriters), unless Config.NoLiveWriters. While the store does not
// answer, no key is shared (see sharing): no instance reads the others'
// counts, which would bring a new share, and the outage modes decide what
// each admits instead.
func (c *Cache) SetLiveInstances(n int) {
	c.live.Store(int32(min(max(n, 0), maxWriters)))
}

// sharing reports whether a key of two writers or more is shared (see
// shareRoom): unless Config.NoShare, while the store answers.
func (c *Cache) sharing() bool {
	return c.live.Load() != 0 && !c.cfg.NoShare
}

// assumeLive marks e, new to this instance or used again after a pause
// (locked by the caller, or not yet published), as counted by at least the
// live instances, and queues it in s for ageWriters, which ends the
// assumption. A key assumed already, or left out of a full queue, is
// left as it is: a flood of new keys must not grow memory.
func (c *Cache) assumeLive(s *shard, e *entry) {
	n := c.live.Load()
	if n < 2 || c.cfg.NoLiveWriters || e.writers >= assumedWriters {
		return
	}
	s.dirtyMu.Lock()
	if len(s.assumed[0]) < maxFreshPerShard {
		s.assumed[0] = append(s.assumed[0], e)
		e.writers = assumedWriters | max(uint8(n), e.writers)
	}
	s.dirtyMu.Unlock()
}

// ageWriters ends the assumption of the keys assumed since before its
// previous call, and ages the others by one call. AppendPull calls it
// before it chooses the keys to read, so a key's assumption ends at the
// second pull after it began, at least a pull interval later, by when
// every instance that counted the key at the time has flushed (it flushes
// every sync interval); the read of that pull, whose document names them,
// then sets the key's writers.
func (c *Cache) ageWriters() {
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

package cache

import "time"

// This file keeps who counts a key (entry.writers): the instances its
// documents name, and the live instances it assumes while the documents
// cannot tell them yet (see assumedWriters).

// Who counts a key, the store's document tells (the instances that wrote
// it in the last minute: Snapshot.Writers), but only once they have
// flushed. A key new to this instance may be counted at the same moment by
// instances that have not written it yet (a burst to instances that never
// saw the key, or to one just started): the first reads show one writer,
// or none. So a new key takes the live instances (Cache.SetLiveInstances)
// as its writers, marked assumedWriters, for one to two sync intervals (see
// ageWriters), long enough for every instance that counted it meanwhile to
// have flushed; reads in that time only raise the count (writersOf). A
// load balancer that keeps each key on one instance is then shared as if
// it spread them, for a key's first moments on each instance; a key only
// paused keeps the writers its documents named, over the last minute.
// Config.NoLiveWriters turns the assumption off.
const (
	assumedWriters = 0x80               // flag of entry.writers: at least the live instances, assumed
	maxWriters     = assumedWriters - 1 // the most writers a key holds: more count as this many
)

// setWriters records n (from a snapshot read from the store; 0: unknown,
// as for one this instance wrote) as the instances that count e, or, while
// e assumes the live instances, the most any read named since (a document
// names no instance that has not flushed yet).
func (e entry) setWriters(n int) {
	if n <= 0 {
		return
	}
	w := uint8(min(n, maxWriters))
	if e.writers >= assumedWriters {
		w = assumedWriters | max(w, e.writers&^assumedWriters)
	}
	e.setWritersByte(w)
}

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

// SetStarting tells c whether its instance is in its first moments, when
// instances started with it may be live and not yet known (the syncer
// sets it from the start of its Run until it has counted the heartbeats
// for a few sync intervals, see syncer.InstanceCounter). While it is set, a key new
// to c assumes the live instances as its writers even while c knows of no
// other (see assumeLive), so that an instance learned a moment later
// shares the key at once (SetLiveInstances), not from the first read that
// names it, after that instance's first flush. Two processes started
// 0.1 s apart, 40 requests in turn to a client limited to 30, admitted 35
// before: the first process, alone when the key came, took it as its own.
func (c *Cache) SetStarting(on bool) {
	c.starting.Store(on)
}

// SharesNewKeys reports whether a key new to c assumes the live instances
// as its writers (see assumeLive): unless Config.NoLiveWriters or
// Config.NoShare. Without it neither SetStarting nor a count of the live
// instances during the start changes what c admits, and the syncer does
// not count them (see syncer.InstanceCounter).
func (c *Cache) SharesNewKeys() bool {
	return !c.cfg.NoLiveWriters && !c.cfg.NoShare
}

// sharing reports whether a key of two writers or more is shared (see
// shareRoom): unless Config.NoShare, while the store answers.
func (c *Cache) sharing() bool {
	return c.live.Load() != 0 && !c.cfg.NoShare
}

// writersOf returns the writers e is shared among (e locked by the
// caller): those its documents named, and while it assumes them, at least
// the live instances; never below 1.
func (c *Cache) writersOf(e entry) int64 {
	w := int64(e.writers &^ assumedWriters)
	if e.writers >= assumedWriters {
		w = max(w, int64(c.live.Load()))
	}
	return max(w, 1)
}

// assumeLive marks e, new to this instance and not yet published, as
// counted by at least the live instances until the documents can tell (see
// assumedWriters), and queues it in s for ageWriters, which ends the
// assumption: while more than one instance is live, or while c's instance
// is starting (SetStarting), when the instances it learns of later count. A key left out of a full queue is not assumed: a flood of new
// keys must not grow memory.
func (c *Cache) assumeLive(s *shard, e entry) {
	if (c.live.Load() < 2 && !c.starting.Load()) || c.cfg.NoLiveWriters || c.cfg.NoShare {
		return
	}
	s.lists.mu.Lock()
	if s.pushAssumed(e) {
		e.setWritersByte(e.writers | assumedWriters) // the writers the documents named stay beside it
	}
	s.lists.mu.Unlock()
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
		s.lists.mu.Lock()
		done := s.rotateAssumed()
		s.batches.Add(1) // out until its refs are locked (see shard.batches)
		s.lists.mu.Unlock()
		if c.testTaken != nil {
			c.testTaken(s)
		}
		// lists.mu is not held here: Reserve locks e.mu, then lists.mu.
		for _, r := range done {
			e, _ := c.lockRef(r)
			if e.hotLine == nil {
				continue // removed since, with nothing out
			}
			e.setWritersByte(e.writers &^ assumedWriters)
			e.mu.Unlock()
		}
		s.batches.Add(-1)
	}
}

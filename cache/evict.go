package cache

import (
	"context"

	"math/rand/v2"
	"runtime"
	"time"
)

// This file removes keys: evictForCap when a shard is at MaxKeys and a new
// key comes, Sweep (run by Run) for keys gone idle. A key with unflushed
// counts is evicted from the table but held, detached, until a flush
// settles them.

// evictForCap removes one key from the full shard s (locked by the caller):
// of a few sampled, the one that loses least: an empty key (see
// open.empty), else one without unflushed counts, else any; the least
// recently used among equals. An evicted key with unflushed counts keeps
// them while at most MaxKeys such keys wait: it goes to its shard's records
// (or stays with the syncer), its place on the dirty list dead (see
// pushDirty), until they are flushed (see record); only its place in the
// map goes, and with it the snapshot a decision on it would see until the
// next pull. Beyond that its counts are dropped and counted (below).
//
// u is the Unix second of the request that needs the place: the victim's
// orphans behind their window then, held for a clock that jumped ahead
// (see entry.holdBehind), go with its place, as an evicted key holds none.
func (c *Cache) evictForCap(s *shard, t *table, u int64) {
	const sample = 8
	var (
		victim     entry
		victimSlot int
		victimRank int
		victimUsed int64
		n          int
	)
	consider := func(slot int, e entry) {
		e.mu.Lock()
		o := e.openRead()
		rank, used := 2, e.lastUsedUnix()
		switch {
		case o.empty():
			rank = 0
		case !o.hasLocal():
			rank = 1
		}
		o.doneReading()
		e.mu.Unlock()
		if victim.hotLine == nil || rank < victimRank || (rank == victimRank && used < victimUsed) {
			victim, victimSlot, victimRank, victimUsed = e, slot, rank, used
		}
		n++
	}
	size := t.size()
	if t.used <= 2*sample {
		// A shard of a few keys: all of them, so that the choice is
		// exact (a random sample of 8 would miss one of three keys once
		// in 26 evictions).
		t.forEach(rand.IntN(size), func(slot int, e entry) bool {
			consider(slot, e)
			return victimRank > 0
		})
	} else {
		// Each candidate from a slot of its own, drawn at random: the
		// sample must not be the same few keys each time, nor the keys
		// right after one random slot. Those would be, most often, the
		// first of a run of full slots (the slot a random start lands
		// on is more often just past a gap), so the keys that survive
		// evictions would be those whose hashes crowd together, and
		// lookups would lengthen without bound at MaxKeys under new
		// keys (a miss read 20.5 groups after 20 × MaxKeys new keys,
		// 2.5 at first: TestProbesStayBoundedAtMaxKeys). A rebuild to
		// the same size puts every key back in its home group, so it
		// would not undo that.
		for try := 0; try < sample*64 && n < sample && (victim.hotLine == nil || victimRank > 0); try++ {
			slot := rand.IntN(size)
			if e := t.entryAt(slot); e.hotLine != nil {
				consider(slot, e)
			}
		}
	}
	if victim.hotLine == nil {
		// Not one full slot in 512 tries, which a full shard's table
		// (at least a quarter full, see sparse) all but rules out: the
		// first key from a random slot.
		t.forEach(rand.IntN(size), func(slot int, e entry) bool {
			consider(slot, e)
			return false
		})
	}
	if victim.hotLine == nil {
		return
	}
	t.removeAt(victimSlot)
	c.keys.Add(-1)
	c.evictedCap.Add(1)
	victim.mu.Lock()
	defer victim.mu.Unlock()
	o := victim.open()
	defer o.close()
	victim.set(evicted, true)
	o.dropBehind(u)
	if !o.hasLocal() {
		// Nothing to flush: its place on the dirty list, if it has
		// one, is dead (TakeDirty passes over the evicted keys there);
		// a Commit of a request in flight on it queues it with the
		// records.
		c.killQueued(s, victim)
		return
	}
	// Its unflushed counts keep it alive until they are flushed, up to
	// MaxKeys such keys: beyond that an instance that cannot flush (the
	// store is down) and sees ever new keys would hold them all. Then the
	// counts of a key waiting on the dirty list are dropped, and counted.
	// A key a flush has taken is left alone: the flush settles it, and it
	// holds no more than the dirty lists did.
	if victim.is(queued) && !victim.isCold(taken) && c.detached.Load() >= int64(c.cfg.MaxKeys) {
		// Requests, not the sum over window sizes: a request counts
		// once in each size, and summed, one request of cost 3 in two
		// sizes would be reported as 6 (TestDroppedCountsRequests).
		c.dropped.Add(Requests(o.localFrames()))
		o.clearLocal()
		// Its place on the dirty list (or in a TakeDirty's batch) is
		// dead: TakeDirty passes over the evicted keys there, without
		// a look at their flags, so that a Commit that queues the key
		// again, with the records, before the batch comes to it is not
		// undone by the batch, and an Abort does not queue it a second
		// time: one delta flushed twice (TestDropDuringTakeDirtyTakesOnce).
		c.killQueued(s, victim)
		return
	}
	victim.setCold(detached, true)
	c.detached.Add(1)
	if victim.is(queued) {
		// To the records; its place on the dirty list (or in a
		// TakeDirty's batch) is dead (see killDirty).
		s.dirtyMu.Lock()
		s.killDirty(victim)
		s.pushRec(victim)
		s.dirtyMu.Unlock()
	}
}

// killQueued takes e (locked by the caller, just evicted, with nothing to
// flush) off its shard s's lists: if it is queued, its place on the dirty
// list is dead (see killDirty), and it is queued no more.
func (c *Cache) killQueued(s *shard, e entry) {
	if !e.is(queued) {
		return
	}
	e.set(queued, false)
	s.dirtyMu.Lock()
	s.killDirty(e)
	s.dirtyMu.Unlock()
}

// emptyIdleSec is how long an empty key (see open.empty) may go unused
// before Sweep evicts it.
const emptyIdleSec = 60

// Sweep evicts the keys that have not been used for IdleWindows of their
// longest window and have no unflushed counts, and the keys that hold no
// count at all and have not been used for a minute. It returns how many it
// evicted.
func (c *Cache) Sweep(now time.Time) int {
	nowUnix := now.Unix()
	swept := 0
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		var idle []entry
		var idleSlots []int
		t := s.tab.Load()
		t.forEach(0, func(slot int, e entry) bool {
			e.mu.Lock()
			if c.idle(e, nowUnix) {
				idle, idleSlots = append(idle, e), append(idleSlots, slot)
			}
			e.mu.Unlock()
			return true
		})
		n := 0
		for j, e := range idle {
			// Again under the key's lock, which decisions take without
			// the shard's: a Commit since the first look may have given
			// it counts, and an evicted key must have none unless it is
			// detached (see Commit).
			e.mu.Lock()
			if c.idle(e, nowUnix) {
				t.removeAt(idleSlots[j])
				e.set(evicted, true)
				c.killQueued(s, e) // nothing to flush
				n++
			}
			e.mu.Unlock()
		}
		if t.sparse() {
			// Mostly tombstones or empty after a sweep: a smaller table
			// without them keeps probes short and gives the memory back.
			s.publish(t.rebuilt(t.used, c.hash))
		}
		swept += n
		s.mu.Unlock()
		// Let requests in between shards: a sweep of a million keys must
		// not hold a core for its whole length.
		runtime.Gosched()
	}
	c.keys.Add(-int64(swept))
	c.evictedIdle.Add(int64(swept))
	return swept
}

// idle reports whether Sweep evicts e (locked by the caller) at Unix second
// nowUnix: empty for emptyIdleSec, or without unflushed counts for
// Config.IdleWindows of its longest window; never while a request on it is
// in flight (reserved). Evicted then, by a clock that had jumped ahead (its
// idle time the jump), the request committed into an evicted key, which
// holds nothing across a jump (rollOut), and its count was lost when the
// clock was set right (TestSweepKeepsAKeyWithARequestInFlight; the
// simulation's jumps).
func (c *Cache) idle(le entry, nowUnix int64) bool {
	e := le.openRead()
	defer e.doneReading()
	if e.reserved != 0 {
		return false
	}
	idleFor := nowUnix - e.lastUsedUnix()
	return (e.empty() && idleFor >= emptyIdleSec) ||
		(!e.hasLocal() && idleFor >= int64(c.cfg.IdleWindows)*e.longestSec())
}

// Run sweeps idle keys every SweepInterval until ctx is done. One goroutine
// sweeps for the whole cache, so that eviction costs nothing on the request
// path.
func (c *Cache) Run(ctx context.Context) error {
	t := time.NewTicker(c.cfg.SweepInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			c.Sweep(c.cfg.Now())
		}
	}
}

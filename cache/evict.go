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
// them while at most MaxKeys such keys wait: its state goes to a record
// (see remove), which goes to its shard's records (or stays with the
// syncer), its slot's place on the dirty list dead (a tombstone's, which
// TakeDirty passes over), until they are flushed; only its slot goes, and
// with it the snapshot a decision on it would see until the next pull.
// Beyond that its counts are dropped and counted (below).
//
// u is the Unix second of the request that needs the place: the victim's
// orphans behind their window then, held for a clock that jumped ahead
// (see entry.holdBehind), go with its place, as an evicted key holds none.
func (c *Cache) evictForCap(s *shard, t *slotTable, u int64) {
	const sample = 8
	var (
		victim     = -1
		victimRank int
		victimUsed int64
		n          int
		exact      = t.used <= 2*sample
	)
	consider := func(i int) {
		e := t.view(i)
		e.mu.Lock()
		o := e.openRead(&c.codes)
		rank, used := 2, e.lastUsedUnix()
		switch {
		case o.empty():
			rank = 0
		case !o.hasLocal():
			rank = 1
		}
		o.doneReading()
		e.mu.Unlock()
		if victim < 0 || rank < victimRank || (rank == victimRank && used < victimUsed) ||
			exact && rank == victimRank && used == victimUsed && keyLess(t.keyOf(i), t.keyOf(victim)) {
			victim, victimRank, victimUsed = i, rank, used
		}
		n++
	}
	size := t.size()
	if exact {
		// A shard of a few keys: all of them, so that the choice is
		// exact (a random sample of 8 would miss one of three keys once
		// in 26 evictions), equals told apart by their keys, not their
		// slots, which the hash's secret places: two caches given the
		// same requests evict the same keys (TestFastPathsSameAsGeneral).
		t.forEach(0, func(i int) bool {
			consider(i)
			return true
		})
	} else {
		// Each candidate from a slot of its own, drawn at random: the
		// sample must not be the same few keys each time, nor the keys
		// right after one random slot. Those would be, most often, the
		// first of a run of full slots (the slot a random start lands
		// on is more often just past a gap), so the keys that survive
		// evictions would be those whose hashes crowd together, and
		// lookups would lengthen without bound at MaxKeys under new
		// keys (a miss read 94.7 slots after 20 × MaxKeys new keys,
		// 10.6 at first: TestProbesStayBoundedAtMaxKeys, against such
		// a sample).
		for try := 0; try < sample*64 && n < sample && (victim < 0 || victimRank > 0); try++ {
			i := rand.IntN(size)
			if id := t.hot[i].ident().Load(); id != 0 && id&(identTomb|identMoved) == 0 {
				consider(i)
			}
		}
	}
	if victim < 0 {
		// Not one full slot in 512 tries, which a full shard's table
		// (at least a quarter full, see sparse) all but rules out: the
		// first key from a random slot.
		t.forEach(rand.IntN(size), func(i int) bool {
			consider(i)
			return false
		})
	}
	if victim < 0 {
		return
	}
	c.keys.Add(-1)
	c.evictedCap.Add(1)
	v := t.view(victim)
	v.mu.Lock()
	rec := c.remove(t, victim, v)
	v.mu.Unlock()
	if rec.hotLine == nil {
		return // nothing was out on it: its places on the lists are dead
	}
	defer rec.mu.Unlock()
	o := rec.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	o.dropBehind(u)
	if !o.hasLocal() {
		// Nothing to flush: its place on the dirty list, if it has
		// one, is dead (TakeDirty passes over the removed slots
		// there); a Commit of a request in flight on it queues it with
		// the records.
		killQueued(rec)
		return
	}
	// Its unflushed counts keep it alive until they are flushed, up to
	// MaxKeys such keys: beyond that an instance that cannot flush (the
	// store is down) and sees ever new keys would hold them all. Then the
	// counts of a key waiting on the dirty list are dropped, and counted.
	// A key a flush has taken is left alone: the flush settles it, and it
	// holds no more than the dirty lists did.
	if rec.is(queued) && !rec.isCold(taken) && c.detached.Load() >= int64(c.cfg.MaxKeys) {
		// Requests, not the sum over window sizes: a request counts
		// once in each size, and summed, one request of cost 3 in two
		// sizes would be reported as 6 (TestDroppedCountsRequests).
		// Without Config.Steps, orphans behind u (held by holdBehind for
		// a clock that may have jumped) are not what a flush would write
		// now (pending): given up here as a flush would, not counted
		// (TestHeldFramesEvictedUncounted). With Steps, dropBehind left
		// only those in their window by the clock at its least offset:
		// the frames capHeld counts when it gives them up, and here too
		// (TestStepsHeldFramesEvictedCounted; flushable, they went
		// uncounted, and of a key an hour ahead Stats.Dropped counted
		// the request in a frame the true clock reaches an hour later,
		// not the one in its window).
		if o.steps != nil {
			c.dropped.Add(Requests(o.localFrames()))
		} else {
			c.dropped.Add(Requests(o.flushable(u)))
		}
		o.clearLocal()
		// Its place on the dirty list (or in a TakeDirty's batch) is
		// dead: TakeDirty passes over a removed slot there, to its
		// record, without a look at its flags, so that a Commit that
		// queues the key again, with the records, before the batch
		// comes to it is not undone by the batch, and an Abort does not
		// queue it a second time: one delta flushed twice
		// (TestDropDuringTakeDirtyTakesOnce).
		killQueued(rec)
		return
	}
	rec.setCold(detached, true)
	c.detached.Add(1)
	if rec.is(queued) {
		// To the records; its slot's place on the dirty list (or in a
		// TakeDirty's batch) is dead.
		s.lists.mu.Lock()
		s.pushRec(rec)
		s.lists.mu.Unlock()
	}
}

// remove removes slot i of t, whose entry v the caller holds locked, as
// well as the shard's lock: a tombstone (slotTable.removeAt). If anything
// is out on the key (a reservation, local counts, a flush's Pending), its
// state goes to a record first, marked evicted, which remove returns
// locked: the holders of the slot reach it through the tombstone; else it
// returns the zero entry, and a holder that comes (none can) finds
// nothing.
func (c *Cache) remove(t *slotTable, i int, v entry) record {
	o := v.openRead(&c.codes)
	keep := o.reserved != 0 || o.hasLocal() || v.isCold(taken)
	o.doneReading()
	if !keep {
		t.removeAt(i, entry{})
		return entry{}
	}
	rec := newEntry(t.keyOf(i), 0, v.room2)
	rec.mu.Lock()
	rec.lastUsed, rec.hot = v.lastUsed, v.hot
	rec.committed, rec.released = v.committed, v.released
	*rec.coldLine = *v.coldLine
	if v.room2 {
		*rec.second() = *v.second()
	}
	rec.set(evicted, true)
	t.removeAt(i, rec)
	return rec
}

// keyLess orders keys by their bytes, ClientID first.
func keyLess(a, b Key) bool {
	if a.ClientID != b.ClientID {
		return a.ClientID < b.ClientID
	}
	return a.User < b.User
}

// killQueued marks e (locked by the caller, just evicted, with nothing to
// flush) queued no more: its place on the dirty list, if it has one, is
// dead (a removed slot's, which TakeDirty passes over).
func killQueued(e entry) {
	e.set(queued, false)
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
		var idle []int
		t := s.pub.tab.Load()
		t.forEach(0, func(i int) bool {
			e := t.view(i)
			e.mu.Lock()
			if c.idle(e, nowUnix) {
				idle = append(idle, i)
			}
			e.mu.Unlock()
			return true
		})
		n := 0
		for _, i := range idle {
			// Again under the key's lock, which decisions take without
			// the shard's: a Commit since the first look may have given
			// it counts, and an evicted key must have none unless it is
			// detached (see Commit).
			e := t.view(i)
			e.mu.Lock()
			if c.idle(e, nowUnix) {
				// A record only for a flush's Pending (a reset dropped
				// its delta): nothing else is out on an idle key.
				if rec := c.remove(t, i, e); rec.hotLine != nil {
					killQueued(rec) // nothing to flush
					rec.mu.Unlock()
				}
				n++
			}
			e.mu.Unlock()
		}
		if t.sparse() {
			// Mostly tombstones or empty after a sweep: a smaller table
			// without them keeps probes short and gives the memory back.
			s.rebuild(t, t.used, c.hash)
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
	e := le.openRead(&c.codes)
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

// Package cache holds the limiter's in-memory state per key: the global
// counts as last read from or written to the store (the snapshot), plus the
// counts recorded by this instance since its last confirmed flush (local).
// Decisions are made from memory alone: count = snapshot + local, for the
// current and the previous frame of every window size a key is limited by.
//
// The syncer moves local counts into the store. It takes a key's local
// counts (a delta) without removing them, writes snapshot + delta, and on
// success installs the written snapshot and subtracts the delta in one step
// under the key's lock. Until then the delta stays counted locally, so no
// estimate dips while a flush is under way, and a failed flush loses nothing.
// Between a pull that already includes our write and the confirmation of that
// write the delta is briefly counted twice; that errs on the side of denying.
//
// Requests hold counts as reservations: Reserve admits and counts the cost,
// Release takes it back (a token that was not issued leaves no trace), and
// Commit keeps it.
//
// The map is sharded with a lock per shard, and every key has its own small
// mutex for its counts. No allocation happens on the path of an existing key.
package cache

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// MaxSizes is the most distinct window sizes one key is counted in; it bounds
// the tiers of one Reserve call.
const MaxSizes = 4

// Key names what is limited: a client (User empty) or a client's user.
type Key struct {
	ClientID string
	User     string
}

// Frame is the count of one frame: Size is the window size the frame belongs
// to, StartUnix the Unix second it starts at.
type Frame struct {
	Size      time.Duration
	StartUnix int64
	N         int64
}

// Snapshot is the state of a key in the store: its version (0: no document),
// its reset epoch and its counts per frame.
type Snapshot struct {
	Version int64
	Frames  []Frame
	// Epoch is the key's reset epoch: 0 until the key is first reset,
	// then the reset's time in Unix milliseconds, or one more than the
	// epoch before if that is later (epochs only grow, even when the clock
	// of the instance that resets is behind). A key that installs a
	// snapshot of a higher epoch than the one it holds drops the counts it
	// has not flushed: they were counted before the reset (see
	// Cache.Apply).
	Epoch int64
	// Writers is how many instances counted the key lately, this one
	// included, as the store's document tells (the syncer counts its
	// recent lastWrites entries); 0: unknown (a snapshot this instance
	// wrote itself), the key keeps what it knew. A pull of the version the
	// key holds still updates it.
	// It decides the share of a hot key (see Reserve).
	Writers int
}

// Config configures a Cache. The zero value is valid: every field has a
// documented default.
type Config struct {
	// Shards is the number of map shards, rounded up to a power of two.
	// Default 256: enough that two cores rarely meet on one shard lock.
	Shards int
	// MaxKeys caps the number of keys held, per shard: each of the Shards
	// holds at most max(MaxKeys/Shards, 1). When a new key would exceed it,
	// an existing key is evicted (preferring idle keys without unflushed
	// counts) and the eviction counted. An evicted key with unflushed
	// counts is held apart until they are flushed; at most MaxKeys such
	// keys wait, beyond which their counts are dropped and counted (see
	// Stats.Dropped). Default 1,048,576.
	MaxKeys int
	// IdleWindows is how many of its longest window a key must go unused
	// before the sweeper evicts it, if it has no unflushed counts. Default 2.
	IdleWindows int
	// SweepInterval is how often Run sweeps idle keys. Default 1 minute.
	SweepInterval time.Duration
	// NoHotShare turns off the share of a hot key (see Reserve): every
	// instance then admits up to the whole remainder its snapshot shows.
	// Default false: a key counted by several instances is shared once the
	// store's counts pass 80 % of a limit.
	NoHotShare bool
	// HotPercent is the share of a limit (percent, 1 to 100) from which a
	// key counts as near its limit at a decision: the syncer then reads
	// it at every pull and writes and reads it between (adaptive sync;
	// see AppendPullHot, TakeDirtyHot), where a key far from its limit is
	// read only after it is used. Default 50. A negative value counts
	// every key as near its limit: every key in use is read at every
	// pull (as before reads followed use) and synced between as well,
	// for a fleet that prefers fresh snapshots to fewer store calls.
	HotPercent int
	// SyncInterval is how often the syncer brings fresh counts: the
	// Retry-After of a request refused by its instance's share of a hot
	// key, rounded up to a whole second by the headers. Default 1s.
	SyncInterval time.Duration
	// Now reads the clock for the sweeper loop. Default time.Now.
	Now func() time.Time
}

// Validate reports a field of c that cannot be used.
func (c *Config) Validate() error {
	var errs []error
	if c.Shards < 0 {
		errs = append(errs, fmt.Errorf("cache: Shards %d: want 0 (default) or more", c.Shards))
	}
	if c.MaxKeys < 0 {
		errs = append(errs, fmt.Errorf("cache: MaxKeys %d: want 0 (default) or more", c.MaxKeys))
	}
	if c.IdleWindows < 0 {
		errs = append(errs, fmt.Errorf("cache: IdleWindows %d: want 0 (default) or more", c.IdleWindows))
	}
	if c.SweepInterval < 0 {
		errs = append(errs, fmt.Errorf("cache: SweepInterval %v: want 0 (default) or more", c.SweepInterval))
	}
	if c.SyncInterval < 0 {
		errs = append(errs, fmt.Errorf("cache: SyncInterval %v: want 0 (default 1s) or more", c.SyncInterval))
	}
	if c.HotPercent > 100 {
		errs = append(errs, fmt.Errorf("cache: HotPercent %d: want 1 to 100, 0 (default 50), or negative (every key)", c.HotPercent))
	}
	return errors.Join(errs...)
}

func (c Config) withDefaults() Config {
	if c.Shards == 0 {
		c.Shards = 256
	}
	c.Shards = 1 << bits.Len(uint(c.Shards-1))
	if c.MaxKeys == 0 {
		c.MaxKeys = 1 << 20
	}
	if c.IdleWindows == 0 {
		c.IdleWindows = 2
	}
	if c.SweepInterval == 0 {
		c.SweepInterval = time.Minute
	}
	if c.SyncInterval == 0 {
		c.SyncInterval = time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Cache is the per-key state of one limiter instance. It is safe for
// concurrent use.
type Cache struct {
	cfg         Config
	seeds       [4]maphash.Seed // see hashes
	shards      []shard
	maxPerShard int
	keys        atomic.Int64
	evictedIdle atomic.Int64
	evictedCap  atomic.Int64
	detached    atomic.Int64 // evicted keys held for their unflushed counts
	dropped     atomic.Int64 // counts dropped with an evicted key (see evictForCap)
	// resetDropped is the sum of the unflushed counts dropped because
	// their key was reset (see entry.install and Reset).
	resetDropped atomic.Int64
	hot          uint8         // Config.HotPercent: heat from which a key is near its limit
	pullRound    atomic.Uint32 // the round of the last AppendPull: a key read by TakeFresh counts as read in it
}

// shard is one part of the key space. mu guards m and overflow; it is held
// only for map lookups and changes, never while a key's counts are read or
// changed. dirtyMu guards dirty, the entries whose local counts changed since
// the syncer last took them; it is a separate lock so that queueing a key
// does not contend with lookups.
//
// m is keyed by a 64-bit keyed hash of the Key, and each entry holds a
// second, independently seeded 64-bit hash: a lookup matches on both, 128
// bits, without touching the key's bytes. That saves the cache miss of a
// string comparison on every decision (about a third of the time of a lookup
// among a million keys). Two keys equal in both hashes would share counts;
// with random seeds that no one outside the process sees, the odds for a
// million keys are about 1 in 10^27. Keys whose first hash collides with a
// held key's are kept, exactly, in overflow.
type shard struct {
	mu       sync.RWMutex
	m        map[uint64]*entry
	overflow map[Key]*entry
	fresh    []*entry // keys new to this instance, not yet taken by TakeFresh (guarded by mu)
	stale    []*entry // keys used again after a pause, not yet taken by TakeFresh (guarded by dirtyMu; see markUse)
	dirtyMu  sync.Mutex
	dirty    []*entry
	_        [64]byte // keeps neighbouring shards' locks off one cache line
}

// New returns an empty Cache configured by cfg, which it copies.
func New(cfg Config) (*Cache, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	c := &Cache{cfg: cfg, shards: make([]shard, cfg.Shards)}
	switch {
	case cfg.HotPercent < 0:
		c.hot = 0
	case cfg.HotPercent == 0:
		c.hot = defaultHotPercent
	default:
		c.hot = uint8(cfg.HotPercent)
	}
	for i := range c.seeds {
		c.seeds[i] = maphash.MakeSeed()
	}
	c.maxPerShard = max(cfg.MaxKeys/cfg.Shards, 1)
	for i := range c.shards {
		c.shards[i].m = make(map[uint64]*entry)
	}
	return c, nil
}

// hashes returns two independent 64-bit keyed hashes of k (see shard). Each
// hashes the client ID and the user apart, with seeds of their own, and
// mixes the two: cheaper than a streaming maphash.Hash over the whole key
// (BenchmarkKeyHash, AMD EPYC, 2 cores, load 0.7: 25-36 ns against 45-54 ns
// for both hashes of a 10-byte client and an 11-byte user, 5 runs each), and
// keeping the parts apart needs no separator. Keys that differ in either
// part differ in each hash with odds 1 - 2^-64, independently.
func (c *Cache) hashes(k Key) (h1, h2 uint64) {
	return c.hash1(k), maphash.String(c.seeds[2], k.ClientID) ^ bits.RotateLeft64(maphash.String(c.seeds[3], k.User), 17)
}

// hash1 returns the first hash of hashes, which places a key in its shard
// and its shard's map.
func (c *Cache) hash1(k Key) uint64 {
	return maphash.String(c.seeds[0], k.ClientID) ^ bits.RotateLeft64(maphash.String(c.seeds[1], k.User), 31)
}

func (c *Cache) shardOf(h1 uint64) *shard {
	return &c.shards[h1&uint64(len(c.shards)-1)]
}

// lookup returns the entry of k in s, locked by the caller, or nil.
func (s *shard) lookup(k Key, h1, h2 uint64) *entry {
	if e := s.m[h1]; e != nil && e.h2 == h2 {
		return e
	}
	if len(s.overflow) == 0 {
		return nil
	}
	return s.overflow[k]
}

// find returns the entry of k if it is held.
func (c *Cache) find(k Key) *entry {
	h1, h2 := c.hashes(k)
	s := c.shardOf(h1)
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.lookup(k, h1, h2)
}

// get returns the shard and the entry of k, creating the entry if absent.
// A new key's bytes are copied: the caller's may point into a request body.
func (c *Cache) get(k Key, now time.Time) (*shard, *entry) {
	h1, h2 := c.hashes(k)
	s := c.shardOf(h1)
	s.mu.RLock()
	e := s.lookup(k, h1, h2)
	s.mu.RUnlock()
	if e != nil {
		return s, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e = s.lookup(k, h1, h2); e != nil {
		return s, e
	}
	if len(s.m)+len(s.overflow) >= c.maxPerShard {
		c.evictForCap(s)
	}
	e = newEntry(k, h2, now.Unix())
	if len(s.fresh) < maxFreshPerShard {
		s.fresh = append(s.fresh, e)
		e.readRound = c.pullRound.Load() // read by TakeFresh, which markUse need not repeat
	} else {
		e.readRound = c.pullRound.Load() - neverRead // left out: the next pull reads it
	}
	if s.m[h1] == nil {
		s.m[h1] = e
	} else {
		if s.overflow == nil {
			s.overflow = make(map[Key]*entry)
		}
		s.overflow[e.key()] = e
	}
	c.keys.Add(1)
	return s, e
}

// maxFreshPerShard bounds the keys a shard keeps for TakeFresh: a flood of
// new keys (unknown client IDs) must neither grow memory nor turn into as
// many store reads. A key left out is read by the syncer's next pull, if it
// is still used.
const maxFreshPerShard = 64

// TakeFresh appends to dst the keys created since the last call that are
// still held, at most max of them (0: no bound), and returns the extended
// slice; the syncer reads their documents at once rather than at its next
// pull, so that a key new to this instance (a burst that reaches instances
// which never saw the key) is decided against the others' counts within
// moments.
func (c *Cache) TakeFresh(dst []Key, max int) []Key {
	round := c.pullRound.Load()
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		for _, e := range s.fresh {
			if max > 0 && len(dst) >= max {
				break
			}
			// Read under the shard's lock: eviction (which sets the
			// flag) holds it too.
			e.mu.Lock()
			gone := e.is(evicted)
			e.readRound, e.flags = round, e.flags&^unread
			e.mu.Unlock()
			if !gone {
				dst = append(dst, e.key())
			}
		}
		clear(s.fresh)
		s.fresh = s.fresh[:0]
		s.mu.Unlock()
		dst = c.takeStale(dst, s, max, round)
		if max > 0 && len(dst) >= max {
			// The rest of the shards keep theirs for the next call.
			break
		}
	}
	return dst
}

// remove deletes e, found under h1, from s (locked by the caller).
func (s *shard) remove(h1 uint64, e *entry) {
	if s.m[h1] == e {
		delete(s.m, h1)
		return
	}
	delete(s.overflow, e.key())
}

// forEach calls f for every entry of s (locked by the caller) until f
// returns false.
func (s *shard) forEach(f func(h1 uint64, e *entry) bool) {
	for h1, e := range s.m {
		if !f(h1, e) {
			return
		}
	}
	for _, e := range s.overflow {
		if !f(0, e) {
			return
		}
	}
}

// evictForCap removes one key from the full shard s (locked by the caller):
// of a few sampled, the one that loses least: an empty key (see
// entry.empty), else one without unflushed counts, else any; the least
// recently used among equals. An evicted key with unflushed counts keeps
// them while at most MaxKeys such keys wait: it stays on its shard's dirty
// list (or with the syncer) until they are flushed; only its place in the
// map goes, and with it the snapshot a decision on it would see until the
// next pull. Beyond that its counts are dropped and counted (below).
func (c *Cache) evictForCap(s *shard) {
	const sample = 8
	var (
		victim     *entry
		victimH1   uint64
		victimRank int
		victimUsed int64
		n          int
	)
	s.forEach(func(h1 uint64, e *entry) bool {
		e.mu.Lock()
		rank, used := 2, e.lastUsedUnix
		switch {
		case e.empty():
			rank = 0
		case !e.hasLocal():
			rank = 1
		}
		e.mu.Unlock()
		if victim == nil || rank < victimRank || (rank == victimRank && used < victimUsed) {
			victim, victimH1, victimRank, victimUsed = e, h1, rank, used
		}
		n++
		return n < sample && victimRank > 0
	})
	if victim == nil {
		return
	}
	s.remove(victimH1, victim)
	c.keys.Add(-1)
	c.evictedCap.Add(1)
	victim.mu.Lock()
	defer victim.mu.Unlock()
	victim.set(evicted, true)
	if !victim.hasLocal() {
		return
	}
	// Its unflushed counts keep it alive until they are flushed, up to
	// MaxKeys such keys: beyond that an instance that cannot flush (the
	// store is down) and sees ever new keys would hold them all. Then the
	// counts of a key waiting on the dirty list are dropped, and counted.
	// A key a flush has taken is left alone: the flush settles it, and it
	// holds no more than the dirty lists did.
	if victim.is(queued) && !victim.is(taken) && c.detached.Load() >= int64(c.cfg.MaxKeys) {
		c.dropped.Add(victim.localSum())
		for i := range int(victim.n) {
			victim.at(i).local = [2]int64{}
		}
		if victim.more != nil {
			victim.more.orphan = nil
		}
		victim.set(queued, false)
		s.dirtyMu.Lock()
		if i := slices.Index(s.dirty, victim); i >= 0 {
			s.dirty = slices.Delete(s.dirty, i, i+1)
		}
		s.dirtyMu.Unlock()
		return
	}
	victim.set(detached, true)
	c.detached.Add(1)
}

// Stats are counters of a Cache, for metrics.
type Stats struct {
	Keys        int64 // keys held now
	EvictedIdle int64 // keys evicted by the sweeper
	EvictedCap  int64 // keys evicted because MaxKeys was reached
	// Detached is the number of evicted keys still held because their
	// counts are not flushed yet; at most MaxKeys of them wait on the
	// dirty lists.
	Detached int64
	// Dropped is the sum of the counts dropped because a key with
	// unflushed counts was evicted while MaxKeys others already waited
	// (the store was unreachable for long, and new keys kept coming).
	Dropped int64
	// ResetDropped is how many requests (in cost units, see Requests)
	// this instance had counted and not flushed yet when it learned that
	// their key was reset (by a snapshot of a newer reset epoch, or by
	// resetting the key itself): counted before the reset, cleared by it.
	ResetDropped int64
}

// Stats returns the current counters.
func (c *Cache) Stats() Stats {
	return Stats{
		Keys:         c.keys.Load(),
		EvictedIdle:  c.evictedIdle.Load(),
		EvictedCap:   c.evictedCap.Load(),
		Detached:     c.detached.Load(),
		Dropped:      c.dropped.Load(),
		ResetDropped: c.resetDropped.Load(),
	}
}

// emptyIdleSec is how long an empty key (see entry.empty) may go unused
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
		var idle []*entry
		var idleH1 []uint64
		s.forEach(func(h1 uint64, e *entry) bool {
			e.mu.Lock()
			idleFor := nowUnix - e.lastUsedUnix
			if (e.empty() && idleFor >= emptyIdleSec) ||
				(!e.hasLocal() && idleFor >= int64(c.cfg.IdleWindows)*e.longestSec()) {
				idle, idleH1 = append(idle, e), append(idleH1, h1)
			}
			e.mu.Unlock()
			return true
		})
		for j, e := range idle {
			s.remove(idleH1[j], e)
			e.mu.Lock()
			e.set(evicted, true)
			e.mu.Unlock()
		}
		swept += len(idle)
		s.mu.Unlock()
		// Let requests in between shards: a sweep of a million keys must
		// not hold a core for its whole length.
		runtime.Gosched()
	}
	c.keys.Add(-int64(swept))
	c.evictedIdle.Add(int64(swept))
	return swept
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

// Len returns the number of keys held.
func (c *Cache) Len() int { return int(c.keys.Load()) }

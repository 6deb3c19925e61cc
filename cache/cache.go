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
// The keys are sharded; each shard's table is read without a lock (see
// table) and changed under the shard's lock, and every key has its own small
// mutex for its counts. No allocation happens on the path of an existing key.
package cache

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// MaxSizes is the most distinct window sizes one key is counted in; it bounds
// the tiers of one Reserve call.
const MaxSizes = 4

// Key names what is limited: a client (User empty) or a client's user.
//
// The keys the cache hands out (Pending.Key, TakeFresh, AppendActive,
// AppendPull, Walk) view the bytes it copied into the key's entry; they
// never change, but they keep the entry's memory alive. Whoever keeps one
// long after the call, as a store keeps a document's key, should clone its
// strings (strings.Clone), or an evicted entry stays in memory as long.
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
	// It decides the share of a key (see Reserve).
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
	// NoShare turns off the share of a key that several instances count
	// (see Reserve): every instance then admits up to the whole remainder
	// its snapshot shows. Default false: each admits its even share of
	// the remainder per sync.
	NoShare bool
	// Deprecated: NoHotShare is NoShare's former name, from when the share
	// applied only to a key near its limit; it sets NoShare.
	NoHotShare bool
	// NoLiveWriters turns off the assumption that a key new to this
	// instance is counted by every live instance (see SetLiveInstances)
	// until the store's documents can tell: such a key is then shared
	// among the writers its documents show, none before the first read.
	// Default false.
	NoLiveWriters bool
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
	// Retry-After of a request refused by its instance's share of a
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
	c.NoShare = c.NoShare || c.NoHotShare
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
	// Read on every decision, written rarely.
	cfg   Config
	seeds keySeeds // hash's secrets: see hash (keyhash.go)
	// testHash, if set (by a test, before the first key), replaces hash:
	// tests make keys collide with it.
	testHash func(Key) uint64
	// testGeneral, if set (by a test), sends every Reserve and Commit
	// down its general path: TestFastPathsSameAsGeneral compares the two.
	testGeneral bool
	shards      []shard
	maxPerShard int
	hot         uint8         // Config.HotPercent: the share of a limit (percent) from which a key is near it
	pullRound   atomic.Uint32 // the round of the last AppendPull: a key read by TakeFresh counts as read in it
	// Written on every new key and eviction: kept off the cache lines
	// above, which a flood of new keys would otherwise take from every
	// core's decisions.
	_           [64]byte
	keys        atomic.Int64
	evictedIdle atomic.Int64
	evictedCap  atomic.Int64
	detached    atomic.Int64 // evicted keys held for their unflushed counts
	dropped     atomic.Int64 // counts dropped with an evicted key (see evictForCap)
	// resetDropped is the sum of the unflushed counts dropped because
	// their key was reset (see entry.install and Reset).
	resetDropped atomic.Int64
	// shareRefusals counts Stats.ShareRefusals.
	shareRefusals atomic.Int64
	// live is what SetLiveInstances last set: 1 until it is called.
	live atomic.Int32
	// agedAt is when ageWriters last rotated the assumed keys (Unix
	// nanoseconds; 0: never).
	agedAt atomic.Int64
}

// shard is one part of the key space. Its table indexes its entries and is
// read without a lock (see table); mu guards every change of the table and
// the fresh list, and walks over the table hold it for reading. It is never
// held while a key's counts are read or changed. dirtyMu guards dirty, the
// entries whose local counts changed since the syncer last took them; it is
// a separate lock so that queueing a key does not contend with inserts.
type shard struct {
	tab atomic.Pointer[table]
	// seq, groups and ngroups publish tab's groups in the shard itself
	// (see publish and homeGroup), so that a decision finds a key's home
	// group without first loading the table.
	seq     atomic.Uint64
	groups  atomic.Pointer[group]
	ngroups atomic.Uint64
	mu      sync.RWMutex
	fresh   []*entry // keys new to this instance, not yet taken by TakeFresh (guarded by mu)
	stale   []*entry // keys used again after a pause, not yet taken by TakeFresh (guarded by dirtyMu; see markUse)
	dirtyMu sync.Mutex
	dirty   []*entry
	// assumed are the entries that assume the live instances as writers
	// (see assumeLive), since the last rotation of ageWriters and the one
	// before (guarded by dirtyMu).
	assumed [2][]*entry
	_       [64]byte // keeps neighbouring shards' locks off one cache line
}

// New returns an empty Cache configured by cfg, which it copies.
func New(cfg Config) (*Cache, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	c := &Cache{cfg: cfg, shards: make([]shard, cfg.Shards)}
	c.live.Store(1) // the store answers, as far as c knows, and no other instance is known
	switch {
	case cfg.HotPercent < 0:
		c.hot = 0
	case cfg.HotPercent == 0:
		c.hot = defaultHotPercent
	default:
		c.hot = uint8(cfg.HotPercent)
	}
	c.seeds = newKeySeeds()
	c.maxPerShard = max(cfg.MaxKeys/cfg.Shards, 1)
	for i := range c.shards {
		c.shards[i].publish(newTable(0))
	}
	return c, nil
}

// publish makes t the shard's table. The caller holds s.mu (or no one else
// has s yet). Its groups are published to homeGroup under a sequence
// number, odd while they change: a reader that sees the same even number
// before and after it loads them has a pointer and a count of one table.
func (s *shard) publish(t *table) {
	s.seq.Add(1)
	s.groups.Store(&t.groups[0])
	s.ngroups.Store(uint64(len(t.groups)))
	s.tab.Store(t)
	s.seq.Add(1)
}

// homeGroup returns the group a probe for hash h starts at in the shard's
// table, read from the shard's own fields, where through tab the table's
// line was one more dependent load before the group's on the path of every
// decision. It returns nil while a rebuild publishes a new table (lookup
// then finds nothing, and Reserve's findOrInsert probes through tab). With
// it a decision executes 11-17 instructions more
// (bench/instructions.sh, project-fixedclock: 711 -> 722 at 1 key, 715 ->
// 732 at 10k keys) and, alternated 60 times each way (bench/alternate.sh),
// takes 0.935 and 0.938 of the time at 10k uniform keys (0.97 and 0.96 with
// the coarse clock, project); at 1 key, 40 times, 0.995 (fixed clock) and
// 1.015 (project).
func (s *shard) homeGroup(h uint64) *group {
	q := s.seq.Load()
	p, n := s.groups.Load(), s.ngroups.Load()
	if q&1 != 0 || s.seq.Load() != q {
		return nil
	}
	// homeOf is below n: a group of the table p's groups start.
	return (*group)(unsafe.Add(unsafe.Pointer(p), uintptr(homeOf(h, n))*unsafe.Sizeof(group{})))
}

func (c *Cache) shardOf(h uint64) *shard {
	return &c.shards[h&uint64(len(c.shards)-1)]
}

// find returns the entry of k if it is held.
func (c *Cache) find(k Key) *entry {
	h := c.hash(k)
	return c.shardOf(h).tab.Load().find(k, h)
}

// lookup returns k's shard, its hash and, if the first match in its home
// group is k's entry (nearly every held key's, see firstMatch), the entry;
// else nil, and Reserve calls findOrInsert. Apart, so that the look-up of
// a held key holds no more than the key across its calls: get, which did
// both (now the tests' helper), took the tiers and the time only to pass
// them to insert, and spilled them around the calls.
//
// A key of short parts (shortParts: a client ID of 8 to 16 bytes, and a
// user of none or 8 to 16) is hashed here to hash's value
// (TestGetHashesAsHash) and compared as hasKey would, from inlined pieces
// of both (mixWords, keySeeds.join, sameWords), with no call: the compiler
// inlines neither (-gcflags=-m=2: hash costs 968, hasKey 352, against a
// budget of 80). Another key of parts up to 48 bytes (wordParts) takes
// lookupWords, one call; other keys, and tests' hashes
// (testHash), take hash's and hasKey's calls, each in a branch of its
// own, which holds none of the short path's values across them. With
// both changes a decision on bench/'s key executes
// 732-733 -> 669-672 instructions at 10k keys and 721-725 -> 653-654 at
// one (bench/instructions.sh, project-fixedclock, two counts each), and on
// a UUID key or a 5-byte client ID about as many as before
// (BenchmarkDecisionKeyShapesFixedClock: 810 -> 812-813, 633 -> 633-634;
// a key of short parts 579 -> 515), in the tenth session; lookupWords
// since took those two below 812 and 633 (see it).
func (c *Cache) lookup(k Key) (*shard, *entry, uint64) {
	n, m := len(k.ClientID), len(k.User)
	if shortParts(n, m) && c.testHash == nil {
		sd := &c.seeds
		cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
		x, y := mixWords(cp, n, sd[keySeedClientWord], sd[keySeedClient]), uint64(0)
		if m != 0 {
			y = mixWords(up, m, sd[keySeedUserWord], sd[keySeedUser])
		}
		h := sd.join(x, y, n, m)
		s := c.shardOf(h)
		if g := s.homeGroup(h); g != nil {
			// klenLong is above n+m: the key's bytes are inline.
			if e := g.firstMatch(tagOf(h)); e != nil && e.klen == uint8(n+m) && int(e.split) == n {
				p := e.inlineKey()
				x := sameWords(p, cp, n)
				if m != 0 {
					x |= sameWords(unsafe.Add(p, n), up, m)
				}
				if x == 0 {
					return s, e, h
				}
			}
		}
		return s, nil, h
	}
	if wordParts(n, m) && c.testHash == nil {
		return c.lookupWords(k)
	}
	h := c.hash(k)
	s := c.shardOf(h)
	if g := s.homeGroup(h); g != nil {
		if e := g.firstMatch(tagOf(h)); e != nil && e.hasKey(k) {
			return s, e, h
		}
	}
	return s, nil, h
}

// lookupWords is lookup for a key of parts of 1 to 48 bytes (wordParts)
// that are not all short: a client ID or a user such as a UUID (36
// bytes) or a random identifier of 20 to 40, a client's name of a few
// letters, a numeric user ID. It hashes the key to hash's value (mixPart)
// and compares it as hasKey would (sameLong, sameSmall), as lookup's
// short path does but with a loop over a long part's words: a call of its
// own, so that the short path's registers are not spent on it (inline,
// the short path's key executed 16 instructions more). Before it such a
// key took hash's and hasKey's calls, and wordsLong's and sameBytes'
// (or runtime.memequal's): BenchmarkDecisionKeyShapesFixedClock/key=uuid
// 806 -> 711 instructions, key=tiny (a 5-byte client ID) 628 -> 539,
// key=short 507 -> 508 (cachegrind, GOGC=off).
func (c *Cache) lookupWords(k Key) (*shard, *entry, uint64) {
	n, m := len(k.ClientID), len(k.User)
	sd := &c.seeds
	cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
	x, y := mixPart(cp, n, sd[keySeedClient], sd[keySeedClientWord]), uint64(0)
	if m != 0 {
		y = mixPart(up, m, sd[keySeedUser], sd[keySeedUserWord])
	}
	h := sd.join(x, y, n, m)
	s := c.shardOf(h)
	if g := s.homeGroup(h); g != nil {
		// As in lookup: the first match, of the key's length and split.
		if e := g.firstMatch(tagOf(h)); e != nil && e.klen == uint8(n+m) && int(e.split) == n {
			p := e.inlineKey()
			var x uint64
			if n >= 8 {
				x = sameLong(p, cp, n)
			} else {
				x = sameSmall(p, cp, n)
			}
			if m >= 8 {
				x |= sameLong(unsafe.Add(p, n), up, m)
			} else if m != 0 {
				x |= sameSmall(unsafe.Add(p, n), up, m)
			}
			if x == 0 {
				return s, e, h
			}
		}
	}
	return s, nil, h
}

// findOrInsert returns the entry of k, whose hash is h, in its shard s,
// where lookup did not find it: found by probing the table, or created, to
// be counted against tiers, as used at Unix second u. A new key's bytes
// are copied: the caller's may point into a request body.
func (c *Cache) findOrInsert(s *shard, k Key, h uint64, tiers []window.Tier, u int64) *entry {
	if e := s.tab.Load().find(k, h); e != nil {
		return e
	}
	return c.insert(s, k, h, tiers, u)
}

// insert returns the entry of k, whose hash is h, in its shard s, creating
// it if absent. It is findOrInsert's path for a key not found without the
// lock, a function of its own so that its deferred unlock costs nothing on
// the path of a held key: with it inline, every decision paid for the
// frame the deferred call needs (the look-up's arguments spilled to the
// stack, the defer's slot set up; bench/instructions.sh,
// project-fixedclock, 1 key: 1005 -> 1000 instructions a decision).
func (c *Cache) insert(s *shard, k Key, h uint64, tiers []window.Tier, u int64) *entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tab.Load()
	if e := t.find(k, h); e != nil {
		return e
	}
	if t.used >= c.maxPerShard {
		c.evictForCap(s, t)
	}
	if t.full() {
		t = t.rebuilt(t.used+1, c.hash)
		s.publish(t)
	}
	e := newEntry(k, u, twoSizes(tiers))
	c.assumeLive(s, e)
	if len(s.fresh) < maxFreshPerShard {
		s.fresh = append(s.fresh, e)
		e.readRound = c.pullRound.Load() // read by TakeFresh, which markUse need not repeat
	} else {
		e.readRound = c.pullRound.Load() - neverRead // left out: the next pull reads it
	}
	t.insert(h, e)
	c.keys.Add(1)
	return e
}

// twoSizes reports whether tiers have two window sizes or more: a new key
// to be counted against them has room for its second counter in its own
// allocation (see newEntry).
func twoSizes(tiers []window.Tier) bool {
	for _, t := range tiers[min(1, len(tiers)):] {
		if t.Size != tiers[0].Size {
			return true
		}
	}
	return false
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

// forEach calls f for every entry of s (locked by the caller, for reading
// at least) with its slot in the shard's table, from the slot at start (any
// int: it is reduced), until f returns false. A slot is valid until the
// lock is released.
func (s *shard) forEach(start int, f func(slot int, e *entry) bool) {
	s.tab.Load().forEach(start, f)
}

// evictForCap removes one key from the full shard s (locked by the caller):
// of a few sampled, the one that loses least: an empty key (see
// entry.empty), else one without unflushed counts, else any; the least
// recently used among equals. An evicted key with unflushed counts keeps
// them while at most MaxKeys such keys wait: it stays on its shard's dirty
// list (or with the syncer) until they are flushed; only its place in the
// map goes, and with it the snapshot a decision on it would see until the
// next pull. Beyond that its counts are dropped and counted (below).
func (c *Cache) evictForCap(s *shard, t *table) {
	const sample = 8
	var (
		victim     *entry
		victimSlot int
		victimRank int
		victimUsed int64
		n          int
	)
	consider := func(slot int, e *entry) {
		e.mu.Lock()
		rank, used := 2, e.lastUsedUnix()
		switch {
		case e.empty():
			rank = 0
		case !e.hasLocal():
			rank = 1
		}
		e.mu.Unlock()
		if victim == nil || rank < victimRank || (rank == victimRank && used < victimUsed) {
			victim, victimSlot, victimRank, victimUsed = e, slot, rank, used
		}
		n++
	}
	size := t.size()
	if t.used <= 2*sample {
		// A shard of a few keys: all of them, so that the choice is
		// exact (a random sample of 8 would miss one of three keys once
		// in 26 evictions).
		t.forEach(rand.IntN(size), func(slot int, e *entry) bool {
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
		for try := 0; try < sample*64 && n < sample && (victim == nil || victimRank > 0); try++ {
			slot := rand.IntN(size)
			if e := t.entryAt(slot); e != nil {
				consider(slot, e)
			}
		}
	}
	if victim == nil {
		// Not one full slot in 512 tries, which a full shard's table
		// (at least a quarter full, see sparse) all but rules out: the
		// first key from a random slot.
		t.forEach(rand.IntN(size), func(slot int, e *entry) bool {
			consider(slot, e)
			return false
		})
	}
	if victim == nil {
		return
	}
	t.removeAt(victimSlot)
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
		// Requests, not the sum over window sizes: a request counts
		// once in each size, and summed, one request of cost 3 in two
		// sizes would be reported as 6 (TestDroppedCountsRequests).
		c.dropped.Add(Requests(victim.localFrames()))
		victim.clearLocal()
		s.dirtyMu.Lock()
		if i := slices.Index(s.dirty, victim); i >= 0 {
			s.dirty = slices.Delete(s.dirty, i, i+1)
			victim.set(queued, false)
		}
		// Else a TakeDirty has the dirty list in its batch and clears the
		// flag when it comes to the key. Cleared here as well, a Commit
		// before that would queue the key again, the batch would then
		// clear the flag of a key on the list, and an Abort would queue
		// it a second time: one delta flushed twice
		// (TestDropDuringTakeDirtyTakesOnce).
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
	// Dropped is how many requests (in cost units, see Requests) this
	// instance had counted and not flushed when their key was evicted while
	// MaxKeys others already waited (the store was unreachable for long,
	// and new keys kept coming), or when they were committed on a key
	// evicted while they were open, past that cap (see Commit). A request
	// counts once, though it counts in each window size; if a policy change
	// retired every size a key's older requests counted in, those and the
	// newer ones share no size, and only the larger group is counted: a
	// lower bound then (TestDroppedCountsRequestsAcrossPolicyChange).
	Dropped int64
	// ResetDropped is how many requests (in cost units, see Requests)
	// this instance had counted and not flushed yet when it learned that
	// their key was reset (by a snapshot of a newer reset epoch, or by
	// resetting the key itself): counted before the reset, cleared by it.
	ResetDropped int64
	// ShareRefusals is how many decisions this instance's share of a key
	// that other instances count refused (or, CountAlways, would have),
	// though the store's counts and its own left room under every limit:
	// a burst outrunning a sync interval, or a load balancer that sends
	// this instance more than its even share of a key's requests.
	ShareRefusals int64
}

// Stats returns the current counters.
func (c *Cache) Stats() Stats {
	return Stats{
		Keys:          c.keys.Load(),
		EvictedIdle:   c.evictedIdle.Load(),
		EvictedCap:    c.evictedCap.Load(),
		Detached:      c.detached.Load(),
		Dropped:       c.dropped.Load(),
		ResetDropped:  c.resetDropped.Load(),
		ShareRefusals: c.shareRefusals.Load(),
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
		var idleSlots []int
		t := s.tab.Load()
		t.forEach(0, func(slot int, e *entry) bool {
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
// Config.IdleWindows of its longest window.
func (c *Cache) idle(e *entry, nowUnix int64) bool {
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

// Len returns the number of keys held.
func (c *Cache) Len() int { return int(c.keys.Load()) }

package cache

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"
	"weak"
)

// MaxSizes is the most distinct window sizes one key is counted in; it bounds
// the tiers of one Reserve call.
const MaxSizes = 4

// Key names what is limited: a client (User empty) or a client's user.
//
// The keys the cache hands out (Pending.Key, TakeFresh, AppendActive,
// AppendPull, AppendPullHot, Walk) are copies of the key's bytes, made for
// the call over a chunk of the keys it hands out (see keyBuf): they never
// change, whatever becomes of the key's entry, but one kept keeps its
// chunk's memory alive. Whoever keeps one long after the call, as a store
// keeps a document's key, should clone its strings (strings.Clone), or the
// other keys of its call stay in memory as long.
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
	// Steps reports the steps of the clock that the cache's readings
	// (now.Unix()) come from, as a detector beside it sees them
	// (oauthratelimit.CoarseClock.Steps): excess is how far, in whole
	// seconds rounded up, the clock now reads ahead of the least offset
	// from the monotonic clock it had, low the Unix second it would read
	// now at that offset. With it, a frame's counts not flushed yet are
	// kept while the frame is in its window by the clock at that offset,
	// and given up once behind by it, which replaces the holds below
	// (steps.go). Default nil: no detector, and the holds of counts made
	// by a clock that may be ahead (holdBehind, addLocal's) as before.
	//
	// Those held frames grow with how far the clock is ahead, while they
	// are not flushed (the store down, or a window shorter than
	// SyncInterval): up to excess ÷ size + 1 frames of a size, 32 bytes
	// each, a key. MaxHeldFrames bounds them.
	Steps func() (excess, low int64)
	// MaxHeldFrames is, with Steps, the most frames of one window size a
	// key keeps behind its window by the clock as it reads (held for the
	// clock set back to its least offset, see Steps): past it the oldest
	// go, their counts added to Stats.Dropped. A clock fewer than this
	// many frames of a size ahead of its least offset drops nothing of
	// that size. From this many, Stats.Dropped counts what goes, though
	// at this many and one more it is only frames a reading a second late
	// would count (lowOf's margin): counts in the window by the clock at
	// its least offset are lost from this many and two frames ahead (a
	// busy key of a 1 s window, the default: 17 s; helper-193's table in
	// bench/results/2026-11-28-issue12-s34). A key's holds cost at most
	// one more than this many frames of each size, 32 bytes each, and its
	// overflow block, for at most MaxKeys keys and MaxKeys evicted ones
	// waiting for a flush. Default 15: 752 bytes a busy key of one size,
	// whatever the excess (a day ahead, uncapped, 3.4 MB a key of a 1 s
	// window; BenchmarkStepsHeldMemory). Negative: no cap.
	//
	// While a flush has the key's counts out (a write whose answer was
	// lost as the store went down stays out until the store answers), the
	// frames that may hold its delta stay and the later ones are capped
	// (TestStepsHeldCappedWhileTaken, TestStepsHeldCappedTakenWithoutABlock:
	// 199 frames in 200 s, left alone); an eviction at MaxKeys counts a
	// key's held frames in Stats.Dropped (TestStepsHeldFramesEvictedCounted).
	MaxHeldFrames int
}

// defaultMaxHeld is Config.MaxHeldFrames' default: with its 16th slot (a
// roll may add one before the oldest goes) a key's orphans of one size take
// 512 bytes, a size class; 16 took 1,024 (BenchmarkStepsHeldMemory).
const defaultMaxHeld = 15

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

// withDefaults returns c with every zero field set to its default, and
// Shards rounded up to a power of two.
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
	if c.MaxHeldFrames == 0 {
		c.MaxHeldFrames = defaultMaxHeld
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
	// testTaken, if set (by a test), is called by takeStale and
	// ageWriters with a batch of refs just taken off s's lists and
	// counted (shard.batches), before they lock them: the tests of the
	// count rebuild s there.
	testTaken   func(s *shard)
	shards      []shard
	maxPerShard int
	hot         uint8         // Config.HotPercent: the share of a limit (percent) from which a key is near it
	pullRound   atomic.Uint32 // the round of the last AppendPull: a key read by TakeFresh counts as read in it
	// codes are the window sizes' codes (sizecode.go): read when a key's
	// counters change (recode) and when tiers are compiled (Tiers), written
	// when a size is met for the first time.
	codes sizeCodes
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
	// their key was reset (see open.install and Reset).
	resetDropped atomic.Int64
	// shareRefusals counts Stats.ShareRefusals.
	shareRefusals atomic.Int64
	// live is what SetLiveInstances last set: 1 until it is called.
	live atomic.Int32
	// starting is what SetStarting last set (see assumeLive).
	starting atomic.Bool
	// agedAt is when ageWriters last rotated the assumed keys (Unix
	// nanoseconds; 0: never).
	agedAt atomic.Int64
}

// shard is one part of the key space. Its table of slots holds its keys
// and is read without a lock (see slots.go); mu guards every change of the
// table and the fresh list, and walks over the table hold it for reading.
// It is never held while a key's counts are read or changed. lists.mu (the
// dirty mutex) guards the lists of slot indices a holder of a key appends
// to (dirty, stale, assumed) and the records; it is a separate lock so that
// queueing a key does not contend with inserts.
type shard struct {
	// pub publishes the table (see slotPub): a decision finds a key's
	// home line from these fields, without first loading the table.
	pub slotPub
	mu  sync.RWMutex
	// fresh are the keys new to this instance, not yet taken by
	// TakeFresh: indices of the published table (guarded by mu, under
	// which a rebuild rewrites them).
	fresh []uint32
	// lists is the dirty list (the keys whose local counts changed since
	// the syncer last took them) and its lock and table: the indices of
	// every list below are of lists.tab, rewritten by a rebuild with its
	// publish (see rebuild).
	lists slotList
	// stale are the keys used again after a pause, not yet taken by
	// TakeFresh (see markUse); guarded by lists.mu.
	stale idxList
	// recs are the evicted keys queued for a flush, records (see
	// record; guarded by lists.mu): evictForCap puts a key it detaches
	// here, its slot's index on the dirty list dead (a tombstone,
	// passed over by TakeDirty and dropped by the next rebuild), and
	// queue puts an evicted key here.
	recs []*hotLine
	// assumed are the entries that assume the live instances as writers
	// (see assumeLive), since the last rotation of ageWriters and the one
	// before (guarded by lists.mu).
	assumed [2]idxList
	// old are the tables rebuilt before the published one that may still
	// be held (guarded by mu): each rebuild makes those alive forward
	// past the table it rebuilt (slotTable.skipMid).
	old []weak.Pointer[slotTable]
	// batches counts the batches taken off the lists (dirty and records,
	// stale, assumed) whose refs are not all locked yet: each is counted
	// under lists.mu, in the section that takes it, and let go once its
	// caller has locked its last ref. A rebuild prunes the old tables
	// (skipMid) only when none is out: a batch taken before an earlier
	// rebuild may hold a ref of any slot of them.
	batches atomic.Int32
	// oldVisited counts the slots skipMid visited (guarded by mu): for
	// the tests (TestSkipMidVisitsBounded).
	oldVisited int
	_          [64]byte // keeps neighbouring shards' locks off one cache line
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
		c.shards[i].init()
	}
	return c, nil
}

// Stats are counters of a Cache, for metrics.
type Stats struct {
	Keys        int64 // keys held now
	EvictedIdle int64 // keys evicted by the sweeper
	EvictedCap  int64 // keys evicted because MaxKeys was reached
	// Detached is the number of evicted keys still held because their
	// counts are not flushed yet; at most MaxKeys of them wait for a
	// flush.
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
	// Counts behind their window, held for a clock that may have jumped
	// ahead, which an evicted key drops, are not counted: by a right clock
	// they count in no window (TestHeldFramesEvictedUncounted). With
	// Config.Steps, the counts of a key's held frames given up past
	// Config.MaxHeldFrames are (TestStepsHeldCapped): a request's once for
	// each window size it is given up in; and those of a key dropped at
	// MaxKeys, with its other counts (TestStepsHeldFramesEvictedCounted).
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
	// SizeCodes is how many window sizes the cache has given codes, in
	// the order it met them, for its life (see Tiers): at most 15. Once
	// 15 are given, ReserveTiers decides keys limited by a size met later
	// on the general path, correct but slower (TestManySizesSameAsGeneral).
	SizeCodes int64
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
		SizeCodes:     int64(c.codes.n.Load()),
	}
}

// Len returns the number of keys held.
func (c *Cache) Len() int { return int(c.keys.Load()) }

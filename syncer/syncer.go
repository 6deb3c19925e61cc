// Package syncer is the background half of the limiter: it shares the
// counts of one instance's cache with the other instances through a Store,
// and never stands on the request path.
//
// A Syncer flushes every Interval: it takes each dirty key's local counts
// (a delta, cache.TakeDirty), writes snapshot + delta with a compare-and-swap
// on the document's version (each frame by name: the document's frames the
// snapshot no longer holds stay, for the instances whose clocks are behind,
// until they are past dropCutoff), and on success confirms the delta in the cache
// (cache.Confirm), which subtracts it from the local counts in the same step
// as it installs the written snapshot. A write refused for a stale version is
// rebased on the document read back (cache.Replace) and retried as an
// increment (Write.Add: the delta alone, which no other instance's write
// refuses), a bounded number of times per flush; a key that other instances
// write lately starts each flush as an increment, and goes back to the
// compare-and-swap once they stop (see flush). A write whose answer is lost
// stays unsettled until a later flush reads the document: the per-instance
// sequence number in lastWrites tells whether it landed. Until a delta is
// confirmed it stays in the local counts, so whatever happens to a flush,
// each count reaches the store exactly once and no estimate dips meanwhile.
//
// A Syncer also pulls every PullInterval the documents of the keys used
// since they were last read and of those near their limit, so that the
// instance sees the others' counts where it decides, not on every key it
// holds; it reads a key new to it, or used again after a pause, within
// NewKeyInterval; it writes and reads the keys near their limit again every
// HotInterval between (adaptive sync, HotOnce); and it sweeps expired
// documents from a store that cannot expire them itself.
//
// Through a store that implements them, a Syncer also keeps a heartbeat
// document fresh and counts the live instances (InstanceStore), publishes
// the tiers its owner's policy counts keys in and passes on those
// of the live instances (TiersStore: a document per instance, read once
// per digest its heartbeat names), reads the
// runtime overrides the instances share (OverrideStore), and resets a key
// for every instance (Reset: a new reset epoch in its document, which no
// earlier count of any instance is written back into).
//
// MemoryStore (here) and mongostore.Store (package syncer/mongostore, the
// only one that links the MongoDB driver) implement Store with the same
// semantics, which the suite in package storetest checks.
package syncer

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// Config configures a Syncer. Cache and Store are required; every other
// field's zero value stands for its documented default.
type Config struct {
	// Cache is the cache whose counts are shared. A Cache must be flushed
	// by one Syncer at a time (see Syncer).
	Cache *cache.Cache
	// Store is where the counts are shared.
	Store Store
	// Instance names this instance in the documents it writes:
	// 1 to 64 characters from A-Z a-z 0-9 _ : - (it becomes a field
	// name). Default: the host name (other characters replaced by '-'),
	// the process ID and a random suffix, so that a restarted process
	// never takes over a predecessor's name.
	Instance string
	// Interval is the time between flushes. Default 1s.
	Interval time.Duration
	// PullInterval is the time between pulls. Default Interval.
	PullInterval time.Duration
	// NewKeyInterval is how often the keys new to this instance are read
	// from the store (cache.TakeFresh), in one batch, so that a key an
	// instance has never seen is decided against the others' counts
	// within moments rather than at the next pull. Default Interval/10,
	// at least 10ms. Not tried while pulls fail (the store is down).
	NewKeyInterval time.Duration
	// HotInterval is how often the keys near their limit are synced
	// between the regular flushes and pulls (adaptive sync, see HotOnce):
	// the dirty ones written, the ones the last pull found near their
	// limit read. Default Interval/2; Interval or more turns it off.
	HotInterval time.Duration
	// ActiveFor is how recently a key must have been used to be pulled.
	// Default 1 minute.
	ActiveFor time.Duration
	// ColdPullEvery is how many pulls apart a key below half its limit at
	// its last decision is read at most (cache.AppendPull), and only if it
	// was used since it was last read; keys at or past half their limit
	// are read at every pull. The store's reads then follow the keys that
	// can be pushed over their limit and the keys in use, not every key
	// held: a key this instance counts is read back anyway whenever its
	// write meets another instance's. A key used again after a pause of a
	// pull or more is read with the new keys, within NewKeyInterval (see
	// cache.TakeFresh): only the decisions within that time use its old
	// snapshot. Default 1: every key used since it was last read, at
	// every pull.
	ColdPullEvery int
	// BatchSize is the most writes or keys in one Store call; each call is
	// one round trip to a mongostore.Store whose BulkSize is at least this.
	// Default 500. A Write or Load call that times out halves the calls
	// after it until they fit in the store's timeout; they grow back to
	// BatchSize as the calls answer in time (see batchSize).
	BatchSize int
	// MaxRetries is how many times one flush retries a write refused for
	// a stale version, each time rebased on the document read back; then
	// the delta waits for the next flush. Default 3. No retry begins once
	// the flush has taken Interval (HotInterval for the hot sync's), so
	// that behind a slow store the flushes keep to their schedule.
	MaxRetries int
	// MaxBackoff caps the wait between failed flushes (and pulls), which
	// doubles from Interval with full jitter. Default 30s.
	MaxBackoff time.Duration
	// SweepInterval is the time between sweeps of expired documents, for
	// a Store that does not report TTL. Default 1 minute.
	SweepInterval time.Duration
	// FinalFlushTimeout bounds the final flush of Run. Default 5s.
	FinalFlushTimeout time.Duration
	// MaxSkew bounds how far the instances' clocks may differ from each
	// other. Two things rest on it: an instance prunes another's
	// lastWrites entry only when it is older than two of the document's
	// longest frames plus MaxSkew (see pruneCutoff), and a sweep deletes
	// only documents expired by more than MaxSkew by this instance's clock
	// (SweepOnce). Default 5m.
	MaxSkew time.Duration
	// OutageAfter is how long no store call may succeed before the store
	// counts as down (Outage.Down, the outage modes of the policy). Default
	// 30s: long enough that a failover or a restart of the store changes
	// nothing, short enough that an outage is met within a minute.
	OutageAfter time.Duration
	// OnHeartbeat, if not nil, is called after every heartbeat, and every
	// Interval while one waits on the store, with the store's state, from
	// one goroutine of Run's at a time (or from BeatOnce); it must not
	// block. The Limiter applies the outage modes from it.
	OnHeartbeat func(Outage)
	// Version is this instance's software version, written in its
	// heartbeat for people (LiveInstances). Default "".
	Version string
	// Now reads the clock. Default time.Now.
	Now func() time.Time
	// Logger receives errors (at most one a minute per kind while they
	// last) and recoveries, and the changes of the store calls' size
	// (see batchSize: a shrink at Warn). Default: discard.
	Logger *slog.Logger
	// Registerer registers the metrics. Default nil: no metrics.
	Registerer prometheus.Registerer
	// OnOverrides receives the runtime overrides (see OverridesOnce)
	// whenever the set read from the store differs from the one it
	// received last; nil: they are read and dropped.
	OnOverrides func([]Override)
	// OnTiers receives the tiers the other live instances publish
	// (see SetTiers), by instance ID, after a heartbeat whenever their set
	// differs from the one it received last (the first time also when
	// there are none), from the heartbeat goroutine; nil: they are not
	// read. Only a TiersStore keeps them.
	OnTiers func(peers map[string][]byte)
}

// Validate reports a field of c that cannot be used.
func (c *Config) Validate() error {
	var errs []error
	if c.Cache == nil {
		errs = append(errs, errors.New("syncer: Config.Cache is nil: want the cache to share"))
	}
	if c.Store == nil {
		errs = append(errs, errors.New("syncer: Config.Store is nil: want a Store (NewMemoryStore for a single instance)"))
	}
	if c.Instance != "" {
		if err := CheckInstance(c.Instance); err != nil {
			errs = append(errs, fmt.Errorf("syncer: Config.Instance: %w", err))
		}
	}
	for _, d := range []struct {
		name string
		v    time.Duration
		def  string
		min  time.Duration // of a value set
	}{
		{"Interval", c.Interval, "1s", MinInterval},
		{"PullInterval", c.PullInterval, "Interval", MinInterval},
		{"NewKeyInterval", c.NewKeyInterval, "Interval/10", MinInterval},
		{"HotInterval", c.HotInterval, "Interval/2", MinInterval},
		{"ActiveFor", c.ActiveFor, "1m", 0},
		{"MaxBackoff", c.MaxBackoff, "30s", 0},
		{"SweepInterval", c.SweepInterval, "1m", MinInterval},
		{"FinalFlushTimeout", c.FinalFlushTimeout, "5s", 0},
		{"MaxSkew", c.MaxSkew, "5m", 0},
		{"OutageAfter", c.OutageAfter, "30s", 0},
	} {
		switch {
		case d.v < 0:
			errs = append(errs, fmt.Errorf("syncer: Config.%s %v: want 0 (default %s) or more", d.name, d.v, d.def))
		case d.v > 0 && d.v < d.min:
			errs = append(errs, fmt.Errorf("syncer: Config.%s %v: want 0 (default %s), or %v or more (a shorter loop spins a core on store calls)", d.name, d.v, d.def, d.min))
		}
	}
	if c.ColdPullEvery < 0 {
		errs = append(errs, fmt.Errorf("syncer: Config.ColdPullEvery %d: want 0 (default 1) or more", c.ColdPullEvery))
	}
	if c.BatchSize < 0 {
		errs = append(errs, fmt.Errorf("syncer: Config.BatchSize %d: want 0 (default 500) or more", c.BatchSize))
	}
	if c.MaxRetries < 0 {
		errs = append(errs, fmt.Errorf("syncer: Config.MaxRetries %d: want 0 (default 3) or more", c.MaxRetries))
	}
	return errors.Join(errs...)
}

// MinInterval is the shortest interval of Run's loops that a Config may
// set (Interval, PullInterval, NewKeyInterval, HotInterval,
// SweepInterval).
const MinInterval = 10 * time.Millisecond

func (c Config) withDefaults() Config {
	if c.Instance == "" {
		c.Instance = defaultInstance()
	}
	if c.Interval == 0 {
		c.Interval = time.Second
	}
	if c.PullInterval == 0 {
		c.PullInterval = c.Interval
	}
	if c.NewKeyInterval == 0 {
		c.NewKeyInterval = max(c.Interval/10, 10*time.Millisecond)
	}
	if c.HotInterval == 0 {
		c.HotInterval = c.Interval / 2
	}
	if c.ActiveFor == 0 {
		c.ActiveFor = time.Minute
	}
	if c.BatchSize == 0 {
		c.BatchSize = 500
	}
	if c.ColdPullEvery == 0 {
		c.ColdPullEvery = 1
	}
	if c.MaxRetries == 0 {
		c.MaxRetries = 3
	}
	if c.MaxBackoff == 0 {
		c.MaxBackoff = 30 * time.Second
	}
	if c.SweepInterval == 0 {
		c.SweepInterval = time.Minute
	}
	if c.FinalFlushTimeout == 0 {
		c.FinalFlushTimeout = 5 * time.Second
	}
	if c.MaxSkew == 0 {
		c.MaxSkew = 5 * time.Minute
	}
	if c.OutageAfter == 0 {
		c.OutageAfter = 30 * time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return c
}

// defaultInstance returns host-pid-random, within MaxInstanceLen and the
// characters an instance ID allows.
func defaultInstance() string {
	host, _ := os.Hostname()
	suffix := fmt.Sprintf("-%d-%06x", os.Getpid(), rand.Uint32()&0xffffff)
	b := []byte(host)
	for i, c := range b {
		if !instanceByte(c) {
			b[i] = '-'
		}
	}
	if len(b) == 0 {
		b = []byte("instance")
	}
	if max := MaxInstanceLen - len(suffix); len(b) > max {
		b = b[:max]
	}
	return string(b) + suffix
}

// Syncer shares the counts of a Cache through a Store: see the package
// comment. Run is the loop; FlushOnce, PullOnce and SweepOnce are its steps.
// Its methods are safe for concurrent use; flushes run one at a time.
//
// A Syncer holds the only record of its writes whose answer was lost
// (Unsettled): a second Syncer on the same Cache, at the same time or after
// this one was dropped with writes unsettled, could write those counts
// again. Run's final flush settles them if the store answers.
type Syncer struct {
	cfg Config
	// writer names this process's entry in the documents' lastWrites:
	// the instance ID, a colon and a suffix drawn at New (see
	// writerName). Not the ID alone: each process proves by its own
	// entry that its writes landed, and two processes that run with one
	// ID (a copied environment, a replaced pod that has not ended yet)
	// overwrote each other's. An outside drill (helper h89, session 24:
	// a fourth process with inst2's ID, its store's answers dropped for
	// 12 s) ended with the store 5 above the tokens issued on four keys
	// and 4 below on another (TestSharedInstanceID: a lost answer, and a
	// Seq both took in one millisecond).
	writer string
	m      *metrics
	flog   errLog // flush errors
	plog   errLog // pull errors
	ulog   errLog // documents Load could not read
	swlog  errLog // sweep errors

	// jitter returns the wait before the next attempt after failures,
	// given its upper bound: full jitter, replaced in tests.
	jitter func(time.Duration) time.Duration

	// mu serializes flushes and guards the fields below it: a flush
	// takes, writes and settles pending deltas, and two at once would
	// write one key twice from two bases.
	mu        sync.Mutex
	seq       int64           // the last Seq used
	unsettled []job           // writes whose outcome is Unknown
	pending   []cache.Pending // reused by TakeDirty
	busy      map[cache.Key]struct{}
	confirmed int // the writes the last flush confirmed
	// contended are the keys whose writes met other instances' lately,
	// until when: their flushes add their deltas (Write.Add) rather than
	// try a compare-and-swap first (see isContended).
	contended map[cache.Key]time.Time
	// contendedSweep is when contended, full, may next be walked for
	// keys whose time is up (see markContended).
	contendedSweep time.Time
	// writes and loads are the most writes of one Store.Write call, and
	// keys of one Store.Load call, now: BatchSize, shrunk behind a store
	// too slow for calls of BatchSize (see batchSize).
	writes, loads *batchSize

	// pullMu guards pullKeys, reused by AppendActive. Pulls do not need
	// mu: a pull installs only newer snapshots, or older ones where the
	// key installed nothing since the pull chose it (the store went back:
	// cache.Apply), which the cache does under each key's lock.
	pullMu   sync.Mutex
	pullKeys []cache.Key
	newKeys  []cache.Key // reused by LoadNewOnce, under pullMu
	// hotMu guards hotKeys, the keys the last pull found near their
	// limit: written by pulls (under pullMu), copied by HotOnce (under
	// mu), which reads them without pullMu, so that a hot sync neither
	// waits on a pull or a read of new keys nor skips its read for one.
	hotMu   sync.Mutex
	hotKeys []cache.Key
	hotRead []cache.Key // reused by HotOnce, under mu
	// hotWritten are the keys the last hot flush wrote, under mu: their
	// write, or the read back of a refused one, brought their document,
	// so HotOnce does not read them again.
	hotWritten map[cache.Key]struct{}
	pulls      uint64 // pulls started, under pullMu: the round of cache.AppendPull

	// staleMu guards stale and drops. Pulls and flushes both learn what
	// to prune and what to drop.
	staleMu sync.Mutex
	stale   map[cache.Key]staleEntries
	drops   map[cache.Key][]cache.Frame // frames to drop at a key's next write (see learnStale)

	lastPullNano atomic.Int64 // Unix ns of the last successful pull, or of New
	pullsFailing atomic.Bool  // Run's last pull failed: the hot sync waits (readLoop)
	// backFlush and backPull tell Run's flush loop and readLoop that a
	// heartbeat landed after one failed: the store answers again, and a
	// loop waiting out its backoff tries at once (see beatLoop).
	backFlush, backPull chan struct{}
	nUnsettled          atomic.Int64
	// ownFrom is the lowest Seq of the writes of the flush under way
	// (math.MaxInt64: none). A document read whose lastWrites entry for
	// this instance is at least it may hold a delta that flush has not
	// settled yet, still in the local counts: the reads do not install it
	// (see ownPending), else the decisions count the delta twice until the
	// flush's Confirm, which installs it (the reads run during flushes:
	// readLoop). A write left unsettled is covered by ownUnsettled.
	ownFrom atomic.Int64
	// ownUnsettled maps the key of each write left unsettled by the last
	// flush to its Seq (nil: none): a document read whose lastWrites entry
	// for this instance is at least it may hold that write's delta, still
	// in the local counts until a flush confirms it (an Add write that
	// landed and whose read back failed does), so the reads do not
	// install it either.
	ownUnsettled atomic.Pointer[map[cache.Key]int64]

	hb heartbeats // heartbeats and the store's state (instances.go)

	ov  overrideState // runtime overrides (overrides.go)
	pub tiersState    // published tiers (tiers.go)
}

// New returns a Syncer configured by cfg, which it copies, with its metrics
// registered on cfg.Registerer.
func New(cfg Config) (*Syncer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	s := &Syncer{cfg: cfg, writer: writerName(cfg.Instance), busy: make(map[cache.Key]struct{}), contended: make(map[cache.Key]time.Time), hotWritten: make(map[cache.Key]struct{}), stale: make(map[cache.Key]staleEntries), drops: make(map[cache.Key][]cache.Frame), writes: newBatchSize(cfg.BatchSize, "write", cfg.Logger), loads: newBatchSize(cfg.BatchSize, "load", cfg.Logger)}
	s.jitter = fullJitter
	s.backFlush, s.backPull = make(chan struct{}, 1), make(chan struct{}, 1)
	s.lastPullNano.Store(cfg.Now().UnixNano())
	s.ownFrom.Store(math.MaxInt64)
	s.hb.started = cfg.Now()
	m, err := newMetrics(cfg.Registerer, s)
	if err != nil {
		return nil, err
	}
	if err := s.registerInstanceMetrics(cfg.Registerer); err != nil {
		return nil, err
	}
	s.m = m
	return s, nil
}

// Instance returns the instance ID the Syncer writes under.
func (s *Syncer) Instance() string { return s.cfg.Instance }

// Writer returns the name of this Syncer's entry in the documents'
// lastWrites (Doc.LastWrites, Write.Instance): its instance ID, a colon and
// a suffix of its own, so that two processes that run with one ID each
// keep the entry that proves their writes landed. An ID longer than
// MaxInstanceLen less the suffix is cut.
func (s *Syncer) Writer() string { return s.writer }

// writerSuffix is the length of the suffix writerName draws: 6 base-36
// digits, about 2.2e9 values, so that two processes of one ID draw the
// same with a chance of about one in 2e9.
const writerSuffix = 6

// writerName returns id, cut to leave room, a colon and writerSuffix
// random base-36 digits: a valid instance ID (CheckInstance), as a
// lastWrites field name must be.
func writerName(id string) string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 0, MaxInstanceLen)
	b = append(b, id[:min(len(id), MaxInstanceLen-1-writerSuffix)]...)
	b = append(b, ':')
	for range writerSuffix {
		b = append(b, digits[rand.IntN(len(digits))])
	}
	return string(b)
}

// Unsettled returns the number of writes whose outcome is not known yet;
// each is resolved by the next flush that can read the store.
func (s *Syncer) Unsettled() int { return int(s.nUnsettled.Load()) }

// SnapshotAge returns how old, at now, the snapshots installed by the last
// successful pull are (since New if none has succeeded): how stale this
// instance's view of the others' counts may be.
func (s *Syncer) SnapshotAge(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, s.lastPullNano.Load()))
}

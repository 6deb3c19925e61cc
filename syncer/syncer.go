// Package syncer is the background half of the limiter: it shares the
// counts of one instance's cache with the other instances through a Store,
// and never stands on the request path.
//
// A Syncer flushes every Interval: it takes each dirty key's local counts
// (a delta, cache.TakeDirty), writes snapshot + delta with a compare-and-swap
// on the document's version, and on success confirms the delta in the cache
// (cache.Confirm), which subtracts it from the local counts in the same step
// as it installs the written snapshot. A write refused for a stale version is
// rebased on the document read back (cache.Replace) and retried, a bounded
// number of times per flush. A write whose answer is lost stays unsettled
// until a later flush reads the document: the per-instance sequence number in
// lastWrites tells whether it landed. Until a delta is confirmed it stays in
// the local counts, so whatever happens to a flush, each count reaches the
// store exactly once and no estimate dips meanwhile.
//
// A Syncer also pulls the documents of the keys in use every PullInterval,
// so that the instance sees the others' counts, and sweeps expired documents
// from a store that cannot expire them itself.
//
// MemoryStore (here) and mongostore.Store (package syncer/mongostore, the
// only one that links the MongoDB driver) implement Store with the same
// semantics, which the suite in package storetest checks.
package syncer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
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
	// ActiveFor is how recently a key must have been used to be pulled.
	// Default 1 minute.
	ActiveFor time.Duration
	// BatchSize is the most writes or keys in one Store call; each call is
	// one round trip to a mongostore.Store whose BulkSize is at least this.
	// Default 500.
	BatchSize int
	// MaxRetries is how many times one flush retries a write refused for
	// a stale version, each time rebased on the document read back; then
	// the delta waits for the next flush. Default 3.
	MaxRetries int
	// MaxBackoff caps the wait between failed flushes (and pulls), which
	// doubles from Interval with full jitter. Default 30s.
	MaxBackoff time.Duration
	// SweepInterval is the time between sweeps of expired documents, for
	// a Store that does not report TTL. Default 1 minute.
	SweepInterval time.Duration
	// ShutdownTimeout bounds the final flush of Run. Default 5s.
	ShutdownTimeout time.Duration
	// MaxSkew bounds how far the instances' clocks may differ from each
	// other. Two things rest on it: an instance prunes another's
	// lastWrites entry only when it is older than two of the document's
	// longest frames plus MaxSkew (see pruneCutoff), and a sweep deletes
	// only documents expired by more than MaxSkew by this instance's clock
	// (SweepOnce). Default 5m.
	MaxSkew time.Duration
	// Now reads the clock. Default time.Now.
	Now func() time.Time
	// Logger receives errors (at most one a minute per kind while they
	// last) and recoveries. Default: discard.
	Logger *slog.Logger
	// Registerer registers the metrics. Default nil: no metrics.
	Registerer prometheus.Registerer
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
		if err := checkInstance(c.Instance); err != nil {
			errs = append(errs, fmt.Errorf("syncer: Config.Instance: %w", err))
		}
	}
	for _, d := range []struct {
		name string
		v    time.Duration
		def  string
	}{
		{"Interval", c.Interval, "1s"},
		{"PullInterval", c.PullInterval, "Interval"},
		{"ActiveFor", c.ActiveFor, "1m"},
		{"MaxBackoff", c.MaxBackoff, "30s"},
		{"SweepInterval", c.SweepInterval, "1m"},
		{"ShutdownTimeout", c.ShutdownTimeout, "5s"},
		{"MaxSkew", c.MaxSkew, "5m"},
	} {
		if d.v < 0 {
			errs = append(errs, fmt.Errorf("syncer: Config.%s %v: want 0 (default %s) or more", d.name, d.v, d.def))
		}
	}
	if c.BatchSize < 0 {
		errs = append(errs, fmt.Errorf("syncer: Config.BatchSize %d: want 0 (default 500) or more", c.BatchSize))
	}
	if c.MaxRetries < 0 {
		errs = append(errs, fmt.Errorf("syncer: Config.MaxRetries %d: want 0 (default 3) or more", c.MaxRetries))
	}
	return errors.Join(errs...)
}

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
	if c.ActiveFor == 0 {
		c.ActiveFor = time.Minute
	}
	if c.BatchSize == 0 {
		c.BatchSize = 500
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
	if c.ShutdownTimeout == 0 {
		c.ShutdownTimeout = 5 * time.Second
	}
	if c.MaxSkew == 0 {
		c.MaxSkew = 5 * time.Minute
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
	cfg   Config
	m     *metrics
	flog  errLog // flush errors
	plog  errLog // pull errors
	swlog errLog // sweep errors

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

	// pullMu guards pullKeys, reused by AppendActive. Pulls do not need
	// mu: a pull only installs newer snapshots, which the cache does
	// under each key's lock.
	pullMu   sync.Mutex
	pullKeys []cache.Key

	// staleMu guards stale. Pulls and flushes both learn what to prune.
	staleMu sync.Mutex
	stale   map[cache.Key]staleEntries

	lastPullNano atomic.Int64 // Unix ns of the last successful pull, or of New
	nUnsettled   atomic.Int64
}

// staleEntries are instances whose lastWrites entries in a key's document
// can no longer matter, as read at the document's version: a write against
// that version (and only that one: see Write.Prune) removes them.
type staleEntries struct {
	version int64
	names   []string
}

// maxStaleKeys bounds the keys the Syncer remembers entries to prune for
// (with at most MaxPrune names each): a few megabytes at most. A key left
// out is pruned after a later Load of it.
const maxStaleKeys = 10000

// job is a pending delta and the write that carries it. Once a write has
// been sent, it may land until its document's version moves away from
// w.Version; prior marks a write whose earlier identical copy was answered
// Unknown, so that it lands, if at all, under the same Seq. Such a job is
// never aborted without proof that no copy can land: it is confirmed,
// dropped once the version has moved on, or kept unsettled.
type job struct {
	p     cache.Pending
	w     Write
	prior bool
}

// New returns a Syncer configured by cfg, which it copies, with its metrics
// registered on cfg.Registerer.
func New(cfg Config) (*Syncer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	s := &Syncer{cfg: cfg, busy: make(map[cache.Key]struct{}), stale: make(map[cache.Key]staleEntries)}
	s.jitter = fullJitter
	s.lastPullNano.Store(cfg.Now().UnixNano())
	m, err := newMetrics(cfg.Registerer, s)
	if err != nil {
		return nil, err
	}
	s.m = m
	return s, nil
}

// Instance returns the instance ID the Syncer writes under.
func (s *Syncer) Instance() string { return s.cfg.Instance }

// Unsettled returns the number of writes whose outcome is not known yet;
// each is resolved by the next flush that can read the store.
func (s *Syncer) Unsettled() int { return int(s.nUnsettled.Load()) }

// SnapshotAge returns how old, at now, the snapshots installed by the last
// successful pull are (since New if none has succeeded): how stale this
// instance's view of the others' counts may be.
func (s *Syncer) SnapshotAge(now time.Time) time.Duration {
	return now.Sub(time.Unix(0, s.lastPullNano.Load()))
}

// Run flushes every Interval, pulls every PullInterval and sweeps every
// SweepInterval (only a store without TTL; the first sweep at once) until
// ctx is done. Failed flushes and pulls are retried after a wait that
// doubles from Interval up to MaxBackoff, with full jitter; the counts stay
// local meanwhile and are written when the store answers again. When ctx is
// done, Run makes a final flush bounded by ShutdownTimeout and returns its
// error, if any.
func (s *Syncer) Run(ctx context.Context) error {
	flushT := time.NewTimer(s.cfg.Interval)
	defer flushT.Stop()
	pullT := time.NewTimer(s.cfg.PullInterval)
	defer pullT.Stop()
	sweepT := time.NewTimer(0)
	defer sweepT.Stop()
	var flushFails, pullFails int
	for {
		select {
		case <-ctx.Done():
			return s.shutdown(ctx)
		case <-flushT.C:
			err := s.FlushOnce(ctx)
			flushFails = s.afterAttempt(ctx, err, flushFails, &s.flog, "flush failed", "flush succeeded after failures")
			flushT.Reset(s.wait(flushFails))
		case <-pullT.C:
			err := s.PullOnce(ctx)
			pullFails = s.afterAttempt(ctx, err, pullFails, &s.plog, "pull failed", "pull succeeded after failures")
			if pullFails > 0 {
				pullT.Reset(s.wait(pullFails))
			} else {
				pullT.Reset(s.cfg.PullInterval)
			}
		case <-sweepT.C:
			if s.needsSweep() {
				if err := s.SweepOnce(ctx); err != nil && ctx.Err() == nil {
					s.swlog.log(s.cfg.Logger, s.cfg.Now(), "sweep failed", err)
				}
			}
			sweepT.Reset(s.cfg.SweepInterval)
		}
	}
}

// afterAttempt logs the outcome of a flush or pull and returns the new
// count of consecutive failures. An error caused by ctx ending is neither
// logged nor counted: the final flush follows.
func (s *Syncer) afterAttempt(ctx context.Context, err error, fails int, l *errLog, failMsg, recoverMsg string) int {
	switch {
	case err == nil:
		if fails > 0 {
			s.cfg.Logger.Info(recoverMsg, "failures", fails, "suppressed", l.reset())
		}
		return 0
	case ctx.Err() != nil:
		return fails
	}
	l.log(s.cfg.Logger, s.cfg.Now(), failMsg, err, "failures", fails+1)
	return fails + 1
}

// wait returns the time until the next flush after fails consecutive
// failures: Interval if none, else full jitter up to Interval·2^fails,
// capped at MaxBackoff.
func (s *Syncer) wait(fails int) time.Duration {
	if fails == 0 {
		return s.cfg.Interval
	}
	d := s.cfg.MaxBackoff
	if fails < 32 {
		d = min(d, s.cfg.Interval<<fails)
	}
	if d < s.cfg.Interval { // a shift that overflowed
		d = s.cfg.MaxBackoff
	}
	return s.jitter(d)
}

// fullJitter returns a uniformly random wait in (0, d].
func fullJitter(d time.Duration) time.Duration {
	return time.Duration(rand.Int64N(int64(d))) + 1
}

// shutdown makes the final flush: flushes until one finds nothing left to
// write (a flush leaves deltas for the next when it ran out of retries, and
// the counts made during it), within ShutdownTimeout.
func (s *Syncer) shutdown(ctx context.Context) error {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.ShutdownTimeout)
	defer cancel()
	for range 5 {
		n, err := s.flushOnce(fctx)
		if err != nil {
			return fmt.Errorf("syncer: final flush: %w", err)
		}
		if n == 0 && s.Unsettled() == 0 {
			break
		}
	}
	return nil
}

func (s *Syncer) needsSweep() bool {
	t, ok := s.cfg.Store.(TTL)
	return !ok || !t.TTL()
}

// FlushOnce writes the dirty keys' deltas to the store, in four steps:
//
//  1. Writes left unsettled by earlier flushes are resolved with one Load:
//     one that landed (its Seq is the document's lastWrites entry for this
//     instance) is confirmed; one whose expected version has gone can never
//     land and is dropped (its delta is still local and is taken again);
//     one whose document has not changed is sent again, identical, so that
//     at most one of its copies applies.
//  2. The dirty keys are taken (cache.TakeDirty); those whose write is
//     being resent wait for the next flush.
//  3. Each delta is written as base + delta, compare-and-swap on the base's
//     version, with a new Seq, in Store calls of at most BatchSize.
//  4. Written deltas are confirmed. Refused ones are read back in one Load:
//     those that landed after all are confirmed, the others rebased on the
//     document (cache.Replace) and retried, up to MaxRetries; then they
//     wait for the next flush. Unknown ones stay unsettled for step 1 of
//     the next flush. A resent write whose earlier copy may still land is
//     never rebased while its document is unchanged (a new Seq would hide
//     that copy landing): it is sent again as it is, or stays unsettled.
//
// It returns the store's errors, if any. If the store cannot be read for
// step 1, nothing else is tried.
func (s *Syncer) FlushOnce(ctx context.Context) error {
	_, err := s.flushOnce(ctx)
	return err
}

// flushOnce is FlushOnce; it also returns the number of keys it tried to
// write.
func (s *Syncer) flushOnce(ctx context.Context) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := s.cfg.Now()
	n, err := s.flush(ctx, start)
	s.m.flushed(n, err, start, s.cfg.Now())
	return n, err
}

// flush does FlushOnce's work at now and returns the number of keys it
// tried to write.
func (s *Syncer) flush(ctx context.Context, now time.Time) (int, error) {
	defer clear(s.busy)
	var jobs []job
	if len(s.unsettled) > 0 {
		var err error
		if jobs, err = s.resolve(ctx, now); err != nil {
			return 0, err
		}
	}

	s.pending = s.cfg.Cache.TakeDirty(s.pending[:0], now)
	var seq int64 // taken with the first new write: a flush with none uses none
	for i := range s.pending {
		p := &s.pending[i]
		if _, dup := s.busy[p.Key]; dup {
			// Its write of an earlier flush is being resent, or the
			// cache holds an evicted entry and a new one of the same
			// key: one write per key per round.
			s.cfg.Cache.Abort(p)
			continue
		}
		s.busy[p.Key] = struct{}{}
		if seq == 0 {
			seq = s.nextSeq(now)
		}
		jobs = append(jobs, s.newJob(*p, now, seq))
	}
	clear(s.pending) // drop the references to entries and frames
	dirty := len(jobs)

	var errs []error
	for round := 0; len(jobs) > 0; round++ {
		outs, err := s.write(ctx, jobs)
		if err != nil {
			errs = append(errs, err)
		}
		var conflicts []job
		for i := range jobs {
			j := &jobs[i]
			switch outs[i] {
			case Written:
				s.cfg.Cache.Confirm(&j.p, cache.Snapshot{Version: j.w.NewVersion, Frames: j.w.Frames}, now)
				s.m.keysWritten.Inc()
			case Conflict:
				s.m.conflicts.Inc()
				conflicts = append(conflicts, *j)
			case Unknown:
				s.m.unknowns.Inc()
				j.prior = true
				s.unsettled = append(s.unsettled, *j)
			default: // notSent
				s.settleUnproven(j)
			}
		}
		jobs = jobs[:0]
		if len(conflicts) == 0 {
			break
		}
		docs, err := s.load(ctx, keysOf(conflicts))
		if err != nil {
			for i := range conflicts {
				s.settleUnproven(&conflicts[i])
			}
			errs = append(errs, fmt.Errorf("read back %d refused writes: %w", len(conflicts), err))
			break
		}
		s.learnStale(docs, now)
		seq = s.nextSeq(now)
		for i := range conflicts {
			c, d := &conflicts[i], &docs[i]
			switch {
			case d.LastWrites[s.cfg.Instance] == c.w.Seq:
				// It landed after all: an earlier copy whose answer
				// was lost, or a store that reported it refused.
				s.cfg.Cache.Confirm(&c.p, d.Snapshot, now)
				s.m.keysWritten.Inc()
			case c.prior && d.Snapshot.Version == c.w.Version:
				// Not executed, and its earlier copy may still land:
				// send the same write again, under the same Seq.
				if round >= s.cfg.MaxRetries {
					s.unsettled = append(s.unsettled, *c)
					continue
				}
				jobs = append(jobs, *c)
			default:
				// No copy of it can land any more (or, not prior, the
				// store says it never will): rebase and retry.
				q := s.cfg.Cache.Replace(&c.p, d.Snapshot, now)
				if round >= s.cfg.MaxRetries {
					// The key now holds the store's snapshot: the
					// next flush starts from it.
					s.cfg.Cache.Abort(&q)
					continue
				}
				jobs = append(jobs, s.newJob(q, now, seq))
			}
		}
	}
	s.nUnsettled.Store(int64(len(s.unsettled)))
	if err := errors.Join(errs...); err != nil {
		return dirty, fmt.Errorf("syncer: flush: %w", err)
	}
	return dirty, nil
}

// resolve settles the unsettled writes where one Load tells how, and
// returns the jobs that resend the others; their keys are marked busy.
func (s *Syncer) resolve(ctx context.Context, now time.Time) ([]job, error) {
	keys := make([]cache.Key, len(s.unsettled))
	for i := range s.unsettled {
		keys[i] = s.unsettled[i].p.Key
	}
	docs, err := s.load(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("syncer: flush: read back %d writes with lost answers: %w", len(keys), err)
	}
	s.learnStale(docs, now)
	var resend []job
	for i := range s.unsettled {
		u, d := &s.unsettled[i], &docs[i]
		switch {
		case d.LastWrites[s.cfg.Instance] == u.w.Seq:
			s.cfg.Cache.Confirm(&u.p, d.Snapshot, now)
			s.m.keysWritten.Inc()
		case d.Snapshot.Version != u.w.Version:
			// The document moved on without it (or is gone): it
			// cannot apply any more. Its delta is still local.
			s.cfg.Cache.Abort(&u.p)
		default:
			resend = append(resend, *u)
			s.busy[u.p.Key] = struct{}{}
		}
	}
	clear(s.unsettled)
	s.unsettled = s.unsettled[:0]
	return resend, nil
}

// settleUnproven settles j, whose write is known not to have landed in its
// last attempt: aborted if that was its only copy, else kept unsettled, as
// an earlier copy may still land.
func (s *Syncer) settleUnproven(j *job) {
	if j.prior {
		s.unsettled = append(s.unsettled, *j)
		return
	}
	s.cfg.Cache.Abort(&j.p)
}

// newJob returns the write of p at now with the given Seq: base + delta,
// the frames still inside their window.
func (s *Syncer) newJob(p cache.Pending, now time.Time, seq int64) job {
	total := cache.Merge(p.Base.Frames, p.Delta, now)
	var longest time.Duration
	for _, fs := range [][]cache.Frame{p.Base.Frames, p.Delta} {
		for _, f := range fs {
			longest = max(longest, f.Size)
		}
	}
	return job{p: p, w: Write{
		Key:        p.Key,
		Version:    p.Base.Version,
		NewVersion: max(p.Base.Version+1, now.UnixMilli()),
		Frames:     total,
		// A frame weighs in the sliding window until two windows after
		// its start (as the previous frame); two intervals more cover
		// the time until the next flush.
		Expire:   now.Add(2*longest + 2*s.cfg.Interval),
		Instance: s.cfg.Instance,
		Seq:      seq,
		Prune:    s.takeStale(p.Key, p.Base.Version),
	}}
}

// learnStale remembers, for each document of docs, the other instances'
// lastWrites entries that can no longer matter at now (see pruneCutoff),
// for the next write against the document's version to remove.
func (s *Syncer) learnStale(docs []Doc, now time.Time) {
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	for i := range docs {
		d := &docs[i]
		if d.Snapshot.Version == 0 || len(d.LastWrites) == 0 {
			delete(s.stale, d.Key)
			continue
		}
		cutoff := pruneCutoff(d.Snapshot.Frames, now, s.cfg.MaxSkew)
		var names []string
		for name, seq := range d.LastWrites {
			if seq < cutoff && name != s.cfg.Instance && checkInstance(name) == nil {
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			delete(s.stale, d.Key)
			continue
		}
		if _, ok := s.stale[d.Key]; !ok && len(s.stale) >= maxStaleKeys {
			continue
		}
		slices.Sort(names) // the same write for the same document: resends and tests stay identical
		s.stale[d.Key] = staleEntries{version: d.Snapshot.Version, names: names[:min(len(names), MaxPrune)]}
	}
}

// takeStale returns the entries to prune with a write of k against version
// v, and forgets those of k: entries learned at another version may have
// been rewritten since by their instance, and are learned again from a
// later Load.
func (s *Syncer) takeStale(k cache.Key, v int64) []string {
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	e, ok := s.stale[k]
	if !ok {
		return nil
	}
	delete(s.stale, k)
	if e.version != v {
		return nil
	}
	return e.names
}

// pruneCutoff returns the Seq below which another instance's lastWrites
// entry in a document holding frames can be pruned at now: Seqs are the
// writer's clock in Unix milliseconds or later (nextSeq), so the entry's
// write was sent before cutoff by the writer's clock.
//
// Why that is safe. An entry matters only to its instance X while X holds a
// write whose answer was lost (unsettled): the entry proves the write
// landed. Without it, X finds the document moved on and aborts the write,
// keeping its delta local to write again: the delta would be counted twice
// if any of its frames still counted. Each frame of the delta started no
// later than X's clock when the write was sent (seq), and a frame of size S
// weighs in the sliding window only until two frames after its start: then
// Merge drops it from every write and the estimates stop counting it. The
// write landed, so its frames were in the document; instances keep frames of
// every size while they are inside their window (a size they do not use as
// well), so the document pruned at now still shows the longest size that can
// matter, L. Pruning needs seq < now - 2L - MaxSkew, and X's clock, read
// after the pruning, is at least now - MaxSkew: so X's clock is past
// seq + 2L when it learns the write's fate, every frame of the delta is out
// of its window, and rewriting the delta adds nothing that still counts.
// However long X was cut off from the store: only the clocks' skew matters.
// (The pruning write itself, merged at now, already drops the landed copy
// of those frames from the document.) With L taken too short, an hour frame
// beside a minute frame, say, X would write the hour count again while the
// document still holds it: TestPrunedEntryOfALostAnswerCountsNothingTwice.
func pruneCutoff(frames []cache.Frame, now time.Time, maxSkew time.Duration) int64 {
	var longest time.Duration
	for _, f := range frames {
		longest = max(longest, f.Size)
	}
	return now.Add(-2*longest - maxSkew).UnixMilli()
}

// nextSeq returns a new Seq: above every earlier one of this Syncer, and
// not below now in Unix milliseconds, so that a restarted instance with the
// same ID does not repeat a Seq (a flush takes at most MaxRetries+1 Seqs per
// Interval, so Seqs do not run ahead of the clock).
func (s *Syncer) nextSeq(now time.Time) int64 {
	s.seq = max(s.seq+1, now.UnixMilli())
	return s.seq
}

// notSent is the outcome of a write that was never handed to the store,
// because an earlier batch of the same round failed outright: abort it.
const notSent Outcome = 255

// write hands the writes of jobs to the store in batches of BatchSize and
// returns one outcome per job. After a batch that failed outright (refused,
// or every outcome Unknown with an error) the rest are not sent: the store
// is not answering, and each attempt would wait for its timeout.
func (s *Syncer) write(ctx context.Context, jobs []job) ([]Outcome, error) {
	outs := make([]Outcome, len(jobs))
	ws := make([]Write, 0, min(len(jobs), s.cfg.BatchSize))
	var errs []error
	for lo := 0; lo < len(jobs); lo += s.cfg.BatchSize {
		hi := min(lo+s.cfg.BatchSize, len(jobs))
		ws = ws[:0]
		for i := lo; i < hi; i++ {
			ws = append(ws, jobs[i].w)
		}
		s.m.requestsWrite.Inc()
		o, err := s.cfg.Store.Write(ctx, ws)
		if err == nil && len(o) != len(ws) {
			err = fmt.Errorf("store returned %d outcomes for %d writes", len(o), len(ws))
			o = nil
		}
		if err != nil {
			s.m.errorsWrite.Inc()
			errs = append(errs, fmt.Errorf("write %d keys: %w", len(ws), err))
		}
		if len(o) != len(ws) { // refused outright: nothing was written
			for i := lo; i < len(jobs); i++ {
				outs[i] = notSent
			}
			break
		}
		copy(outs[lo:hi], o)
		if err != nil && allUnknown(o) {
			for i := hi; i < len(jobs); i++ {
				outs[i] = notSent
			}
			break
		}
	}
	return outs, errors.Join(errs...)
}

func allUnknown(o []Outcome) bool {
	for _, x := range o {
		if x != Unknown {
			return false
		}
	}
	return true
}

// load reads keys in Store calls of at most BatchSize.
func (s *Syncer) load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	docs := make([]Doc, 0, len(keys))
	for lo := 0; lo < len(keys); lo += s.cfg.BatchSize {
		hi := min(lo+s.cfg.BatchSize, len(keys))
		s.m.requestsLoad.Inc()
		d, err := s.cfg.Store.Load(ctx, keys[lo:hi])
		if err == nil && len(d) != hi-lo {
			err = fmt.Errorf("store returned %d documents for %d keys", len(d), hi-lo)
		}
		if err != nil {
			s.m.errorsLoad.Inc()
			return nil, fmt.Errorf("load %d keys: %w", hi-lo, err)
		}
		docs = append(docs, d...)
	}
	return docs, nil
}

func keysOf(jobs []job) []cache.Key {
	keys := make([]cache.Key, len(jobs))
	for i := range jobs {
		keys[i] = jobs[i].p.Key
	}
	return keys
}

// PullOnce reads the documents of the keys used within ActiveFor, in Store
// calls of at most BatchSize, and installs those newer than what the cache
// holds (cache.Apply).
func (s *Syncer) PullOnce(ctx context.Context) error {
	s.pullMu.Lock()
	defer s.pullMu.Unlock()
	now := s.cfg.Now()
	s.pullKeys = s.cfg.Cache.AppendActive(s.pullKeys[:0], now.Add(-s.cfg.ActiveFor))
	defer clear(s.pullKeys)
	for lo := 0; lo < len(s.pullKeys); lo += s.cfg.BatchSize {
		docs, err := s.load(ctx, s.pullKeys[lo:min(lo+s.cfg.BatchSize, len(s.pullKeys))])
		if err != nil {
			s.m.pullsError.Inc()
			return fmt.Errorf("syncer: pull: %w", err)
		}
		for i := range docs {
			if docs[i].Snapshot.Version != 0 {
				s.cfg.Cache.Apply(docs[i].Key, docs[i].Snapshot, now)
			}
		}
		s.learnStale(docs, now)
	}
	s.lastPullNano.Store(now.UnixNano())
	s.m.pullsOK.Inc()
	return nil
}

// SweepOnce deletes the documents of the store expired by more than
// MaxSkew by this instance's clock. The expiry was set by the last writer's
// clock (now + two of the longest frames + two Intervals), and a sweeper
// whose clock runs ahead must not delete a document its writer still
// counts on: with the margin, a document goes only once it has expired by
// every clock within MaxSkew of this one. (The server's own clock would
// need {$expr: {$lt: ["$expire", "$$NOW"]}}, which FerretDB v1 refuses:
// "the operator $lt is not implemented yet", measured on v1.24. A store
// with TTL indexes expires by the server's clock and is not swept.)
func (s *Syncer) SweepOnce(ctx context.Context) error {
	s.m.requestsSweep.Inc()
	n, err := s.cfg.Store.Sweep(ctx, s.cfg.Now().Add(-s.cfg.MaxSkew))
	if err != nil {
		s.m.errorsSweep.Inc()
		return fmt.Errorf("syncer: sweep: %w", err)
	}
	if n > 0 {
		s.cfg.Logger.Debug("swept expired documents", "documents", n)
	}
	return nil
}

// errLog logs an error at most once a minute while errors last, with the
// number it suppressed in between, so that an outage does not flood the
// log.
type errLog struct {
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

const errLogEvery = time.Minute

func (l *errLog) log(logger *slog.Logger, now time.Time, msg string, err error, args ...any) {
	l.mu.Lock()
	if !l.last.IsZero() && now.Sub(l.last) < errLogEvery {
		l.suppressed++
		l.mu.Unlock()
		return
	}
	n := l.suppressed
	l.last, l.suppressed = now, 0
	l.mu.Unlock()
	logger.Error(msg, append([]any{"err", err, "suppressed", n}, args...)...)
}

// reset forgets the last error and returns how many were suppressed since
// it was logged.
func (l *errLog) reset() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.suppressed
	l.last, l.suppressed = time.Time{}, 0
	return n
}

// Refresh-token subjects: the client and user each refresh token was issued
// to, learned from token responses and shared between instances through the
// store, so that a refresh_token grant names its user before the token
// endpoint runs, on whichever instance the refresh token is presented.

package syncer

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// SubjectHash is the SHA-256 of a refresh token: the only form in which a
// refresh token is kept, in memory or in the store. A hash without a key is
// enough here because refresh tokens are bearer secrets of high entropy
// (RFC 6749 §10.10 asks that guessing one be infeasible; Hydra's and
// Keycloak's carry 256 bits or a signature): a preimage can be neither
// searched for nor guessed from a dictionary, so the hash stored next to a
// user's name reveals no token. Someone who already holds a token learns
// nothing from finding its hash. A keyed hash (HMAC with a key shared by the
// instances) would add only a second secret to distribute.
type SubjectHash [sha256.Size]byte

// HashRefreshToken returns the SubjectHash of a refresh token.
func HashRefreshToken(token string) SubjectHash { return sha256.Sum256([]byte(token)) }

// Subject binds a refresh token, by its hash, to the client it was issued
// to and the user it acts for.
type Subject struct {
	Hash     SubjectHash
	ClientID string
	User     string
	// Written is when the binding was written to the store, by the
	// writer's clock; SubjectsSince pages by it.
	Written time.Time
	// Expire is when the binding may be deleted.
	Expire time.Time
}

// SubjectStore is implemented by a Store that shares Subjects between
// instances: MemoryStore and mongostore.Store. Their Sweep deletes expired
// subjects as well as expired documents. A Store without it shares none:
// each instance knows only the refresh tokens it saw issued.
type SubjectStore interface {
	// PutSubjects writes each subject, replacing one with the same hash.
	PutSubjects(ctx context.Context, ss []Subject) error
	// SubjectsSince returns at most limit subjects whose Written is at
	// or after since, ordered by Written (then Hash).
	SubjectsSince(ctx context.Context, since time.Time, limit int) ([]Subject, error)
}

// SubjectsConfig configures Subjects. Every field's zero value stands for
// its documented default.
type SubjectsConfig struct {
	// Store shares the subjects between instances; nil: they stay in
	// this instance.
	Store SubjectStore
	// Interval is the time between two writes of the subjects learned
	// here, and between two reads of the others'. Default 1s.
	Interval time.Duration
	// TTL is how long a binding is kept after it was learned (Run drops
	// it from memory within 64 Intervals after): at least
	// as long as the token server's refresh tokens live for the user
	// tiers to apply to their use, at the cost of memory. A refresh token
	// presented after its binding is gone is counted after issuance
	// instead (and its successor is learned). Default 24h.
	TTL time.Duration
	// MaxEntries bounds the bindings held in memory; past it the oldest
	// go first (oauth_ratelimit_refresh_subject_evictions_total).
	// Default 262,144: 53 to 66 MiB when full (BenchmarkSubjectsMemory).
	MaxEntries int
	// MaxSkew bounds how far the clocks of the instances may differ. A
	// read asks again for the bindings written up to MaxSkew plus two
	// Intervals before the newest it has seen, so that one written late by
	// a slower clock is not skipped. A binding missed costs one request
	// that is counted after issuance rather than refused before; a
	// larger MaxSkew costs reads. Default 5s.
	MaxSkew time.Duration
	// BatchSize is the most subjects in one store call. Default 500.
	BatchSize int
	// FinalTimeout bounds the write Run makes when its context ends, of
	// the bindings not written yet. Default 5s. The limiter sets it to
	// its FinalFlushTimeout: its Run waits for this write as well as for
	// the counts' final flush, and a stop is planned by the latter.
	FinalTimeout time.Duration
	// Now reads the clock. Default time.Now.
	Now func() time.Time
	// Logger receives store errors, at most one a minute per kind.
	// Default: discard.
	Logger *slog.Logger
	// Registerer registers the metrics. Default nil: no metrics.
	Registerer prometheus.Registerer
}

// Validate reports the fields of c that cannot be used.
func (c *SubjectsConfig) Validate() error {
	var errs []error
	for _, d := range []struct {
		name string
		v    time.Duration
		def  string
	}{{"Interval", c.Interval, "1s"}, {"TTL", c.TTL, "24h"}, {"MaxSkew", c.MaxSkew, "5s"}, {"FinalTimeout", c.FinalTimeout, "5s"}} {
		if d.v < 0 {
			errs = append(errs, fmt.Errorf("syncer: SubjectsConfig.%s %v: want 0 (default %s) or more", d.name, d.v, d.def))
		}
	}
	if c.MaxEntries < 0 {
		errs = append(errs, fmt.Errorf("syncer: SubjectsConfig.MaxEntries %d: want 0 (default %d) or more", c.MaxEntries, DefaultMaxSubjects))
	}
	if c.BatchSize < 0 {
		errs = append(errs, fmt.Errorf("syncer: SubjectsConfig.BatchSize %d: want 0 (default 500) or more", c.BatchSize))
	}
	return errors.Join(errs...)
}

// DefaultMaxSubjects is the default of SubjectsConfig.MaxEntries.
const DefaultMaxSubjects = 1 << 18

func (c SubjectsConfig) withDefaults() SubjectsConfig {
	if c.Interval == 0 {
		c.Interval = time.Second
	}
	if c.TTL == 0 {
		c.TTL = 24 * time.Hour
	}
	if c.MaxEntries == 0 {
		c.MaxEntries = DefaultMaxSubjects
	}
	if c.MaxSkew == 0 {
		c.MaxSkew = 5 * time.Second
	}
	if c.BatchSize == 0 {
		c.BatchSize = 500
	}
	if c.FinalTimeout == 0 {
		c.FinalTimeout = 5 * time.Second
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

// subjectShards is the number of shards of the in-memory map: lookups run on
// the request path of every refresh_token grant, learning on every issued
// user-grant token, so one lock would be contended.
const subjectShards = 64

// Subjects holds the bindings of refresh tokens to their (client, user),
// bounded in memory, and shares them through a SubjectStore: Learn records
// one learned here (written with the next flush), Lookup answers from
// memory, Run writes and reads the store every Interval. It is safe for
// concurrent use.
type Subjects struct {
	cfg    SubjectsConfig
	shards [subjectShards]subjectShard
	m      subjectMetrics
	wlog   errLog
	rlog   errLog

	// mu guards pending and cursor: learning appends, a flush takes.
	mu      sync.Mutex
	pending []Subject
	cursor  time.Time // the newest Written read from the store; zero before the first read
	// ioMu serializes flushes and reads, each a sequence of store calls.
	ioMu sync.Mutex
}

// subjectShard is a bounded map: ring holds its hashes in the order first
// learned, and when the shard is full the oldest goes.
type subjectShard struct {
	mu   sync.Mutex // guards the fields below
	m    map[SubjectHash]subjectEntry
	ring []SubjectHash // capacity: the shard's share of MaxEntries
	head int           // index of the oldest hash in ring
	// deleted counts the bindings deleted from m since it was made: each
	// left a tombstone, which Go's maps reuse only in part, growing
	// instead (see sweepShard).
	deleted int
}

type subjectEntry struct {
	clientID, user string // owned by the entry (copied by Learn)
	expireUnix     int64
}

// NewSubjects returns Subjects configured by cfg, which it copies, with its
// metrics registered on cfg.Registerer.
func NewSubjects(cfg SubjectsConfig) (*Subjects, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withDefaults()
	s := &Subjects{cfg: cfg}
	per := max(1, (cfg.MaxEntries+subjectShards-1)/subjectShards)
	for i := range s.shards {
		s.shards[i].m = make(map[SubjectHash]subjectEntry)
		s.shards[i].ring = make([]SubjectHash, 0, per)
	}
	if err := s.m.init(cfg.Registerer, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Subjects) shard(h SubjectHash) *subjectShard {
	return &s.shards[h[0]%subjectShards] // a SHA-256 byte is uniform
}

// Learn records that the refresh token of hash h was issued to (clientID,
// user) at now, and queues the binding for the store. It copies the strings,
// which may view a request's buffers.
func (s *Subjects) Learn(h SubjectHash, clientID, user string, now time.Time) {
	sub := Subject{Hash: h, ClientID: clientID, User: user, Expire: now.Add(s.cfg.TTL)}
	e, changed := s.put(sub, true)
	if !changed {
		return
	}
	s.m.learned.Inc()
	if s.cfg.Store == nil {
		return
	}
	sub.ClientID, sub.User = e.clientID, e.user // the entry's copies, shared
	s.mu.Lock()
	if len(s.pending) >= s.cfg.MaxEntries {
		// The store has been unreachable for long: the oldest binding
		// not written goes, as it would go from memory.
		s.pending = slices.Delete(s.pending, 0, 1)
		s.m.dropped.Inc()
	}
	s.pending = append(s.pending, sub)
	s.mu.Unlock()
}

// put inserts or replaces the binding of sub.Hash; copyStrings says whether
// its strings must be copied. It returns the entry held and reports false
// if an identical binding was held already.
func (s *Subjects) put(sub Subject, copyStrings bool) (subjectEntry, bool) {
	sh := s.shard(sub.Hash)
	exp := sub.Expire.Unix()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if e, ok := sh.m[sub.Hash]; ok {
		if e.clientID == sub.ClientID && e.user == sub.User {
			if exp > e.expireUnix {
				e.expireUnix = exp
				sh.m[sub.Hash] = e
			}
			return e, false
		}
		if copyStrings {
			sub.ClientID, sub.User = cloneString(sub.ClientID), cloneString(sub.User)
		}
		e = subjectEntry{clientID: sub.ClientID, user: sub.User, expireUnix: exp}
		sh.m[sub.Hash] = e
		return e, true
	}
	if copyStrings {
		sub.ClientID, sub.User = cloneString(sub.ClientID), cloneString(sub.User)
	}
	if len(sh.ring) == cap(sh.ring) {
		old := sh.ring[sh.head]
		if _, ok := sh.m[old]; ok {
			delete(sh.m, old)
			sh.deleted++
			s.m.evicted.Inc()
		}
		sh.ring[sh.head] = sub.Hash
		sh.head = (sh.head + 1) % len(sh.ring)
	} else {
		sh.ring = append(sh.ring, sub.Hash)
	}
	e := subjectEntry{clientID: sub.ClientID, user: sub.User, expireUnix: exp}
	sh.m[sub.Hash] = e
	return e, true
}

func cloneString(s string) string { return string([]byte(s)) }

// Lookup returns the client and user the refresh token of hash h was issued
// to, if a binding learned here or read from the store holds it and has not
// expired at now. It does not allocate; the strings are the entry's own.
func (s *Subjects) Lookup(h SubjectHash, now time.Time) (clientID, user string, ok bool) {
	sh := s.shard(h)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	e, found := sh.m[h]
	if !found {
		return "", "", false
	}
	if e.expireUnix <= now.Unix() {
		delete(sh.m, h) // its ring slot is reused in turn
		sh.deleted++
		return "", "", false
	}
	return e.clientID, e.user, true
}

// sweepShard deletes the bindings of shard i expired at now. Without it an
// expired binding left memory only when a Lookup met it or when MaxEntries
// later bindings pushed it out of the ring; a token server that rotates
// refresh tokens never presents a used one again, so an instance held
// MaxEntries bindings whatever the TTL. The ring keeps the slots of those
// deleted: when it comes round to one, there is nothing to evict. One shard
// an Interval (about 4,096 bindings at the default MaxEntries) keeps each
// lock short.
//
// Once the shard has deleted as many bindings as it holds, the sweep
// copies them into a new map: a deletion leaves a tombstone in a Go map,
// which later inserts reuse only in part, and a map that grows past them
// keeps its size. With its bindings flat, a map learning and expiring
// them settled at about four times their memory (a solo instance crept;
// TestSubjectsMemoryUnderChurn: 2.7 times with 20,000 live after 2
// million learned). The copy is of the bindings live, once per as many
// deleted, under the shard's lock as the walk is.
func (s *Subjects) sweepShard(i int, now time.Time) {
	sh := &s.shards[i]
	nowUnix := now.Unix()
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for h, e := range sh.m {
		if e.expireUnix <= nowUnix {
			delete(sh.m, h)
			sh.deleted++
		}
	}
	if sh.deleted >= len(sh.m) && sh.deleted > 0 {
		m := make(map[SubjectHash]subjectEntry, len(sh.m))
		maps.Copy(m, sh.m)
		sh.m, sh.deleted = m, 0
	}
}

// Len returns the number of bindings held in memory.
func (s *Subjects) Len() int {
	n := 0
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		n += len(sh.m)
		sh.mu.Unlock()
	}
	return n
}

// FlushOnce writes the bindings learned here since the last flush, with
// Written set to now, in calls of at most BatchSize. Those not written stay
// queued for the next flush.
func (s *Subjects) FlushOnce(ctx context.Context) error {
	if s.cfg.Store == nil {
		return nil
	}
	s.ioMu.Lock()
	defer s.ioMu.Unlock()
	s.mu.Lock()
	batch := s.pending
	s.pending = nil
	s.mu.Unlock()
	now := s.cfg.Now()
	for i := 0; i < len(batch); i += s.cfg.BatchSize {
		chunk := batch[i:min(i+s.cfg.BatchSize, len(batch))]
		for j := range chunk {
			chunk[j].Written = now
		}
		if err := s.cfg.Store.PutSubjects(ctx, chunk); err != nil {
			s.m.putErrors.Inc()
			s.requeue(batch[i:])
			return fmt.Errorf("syncer: write refresh-token subjects: %w", err)
		}
		s.m.written.Add(float64(len(chunk)))
	}
	return nil
}

// requeue puts back bindings a flush could not write, before those learned
// since, within MaxEntries.
func (s *Subjects) requeue(ss []Subject) {
	s.mu.Lock()
	defer s.mu.Unlock()
	all := append(slices.Clip(ss), s.pending...)
	if over := len(all) - s.cfg.MaxEntries; over > 0 {
		all = all[over:]
		s.m.dropped.Add(float64(over))
	}
	s.pending = all
}

// PullOnce reads the bindings the instances wrote since the last read (the
// first read: those not yet expired, by TTL) and holds them in memory, at
// most MaxEntries per read.
func (s *Subjects) PullOnce(ctx context.Context) error {
	if s.cfg.Store == nil {
		return nil
	}
	s.ioMu.Lock()
	defer s.ioMu.Unlock()
	now := s.cfg.Now()
	s.mu.Lock()
	since := s.cursor.Add(-s.cfg.MaxSkew - 2*s.cfg.Interval)
	if s.cursor.IsZero() {
		since = now.Add(-s.cfg.TTL)
	}
	s.mu.Unlock()
	newest := since
	for read := 0; read < s.cfg.MaxEntries; {
		ss, err := s.cfg.Store.SubjectsSince(ctx, since, s.cfg.BatchSize)
		if err != nil {
			s.m.readErrors.Inc()
			return fmt.Errorf("syncer: read refresh-token subjects: %w", err)
		}
		for i := range ss {
			if ss[i].Expire.After(now) {
				if _, changed := s.put(ss[i], false); changed {
					s.m.pulled.Inc()
				}
			}
			newest = maxTime(newest, ss[i].Written)
		}
		read += len(ss)
		if len(ss) < s.cfg.BatchSize || !ss[len(ss)-1].Written.After(since) {
			// The last page, or one page full of a single Written: a
			// later read asks again from the same point.
			break
		}
		since = ss[len(ss)-1].Written
	}
	s.mu.Lock()
	s.cursor = maxTime(s.cursor, newest)
	s.mu.Unlock()
	return nil
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// Run writes and reads the store every Interval until ctx is done, then
// writes what is left, within FinalTimeout. Errors are logged (at most one a
// minute per kind); the bindings not written are kept for the next flush.
// Every Interval it also drops the expired bindings of one shard of the
// memory (see sweepShard), with or without a Store: a binding leaves memory
// at most 64 Intervals after its expiry.
func (s *Subjects) Run(ctx context.Context) error {
	t := time.NewTicker(s.cfg.Interval)
	defer t.Stop()
	for tick := 0; ; tick++ {
		select {
		case <-ctx.Done():
			if s.cfg.Store == nil {
				return nil
			}
			fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.FinalTimeout)
			defer cancel()
			return s.FlushOnce(fctx)
		case <-t.C:
			now := s.cfg.Now()
			s.sweepShard(tick%subjectShards, now)
			if s.cfg.Store == nil {
				continue
			}
			if err := s.FlushOnce(ctx); err != nil && ctx.Err() == nil {
				s.wlog.log(s.cfg.Logger, now, "refresh-token subjects: write failed", err)
			}
			if err := s.PullOnce(ctx); err != nil && ctx.Err() == nil {
				s.rlog.log(s.cfg.Logger, now, "refresh-token subjects: read failed", err)
			}
		}
	}
}

// subjectMetrics are the metrics of Subjects. The store errors' two op
// children are resolved at init, so that both are exported (as 0) from the
// start: a dashboard panel shows 0, not "No data", on a fresh instance.
type subjectMetrics struct {
	learned, pulled, written, evicted, dropped prometheus.Counter
	putErrors, readErrors                      prometheus.Counter
}

func (m *subjectMetrics) init(reg prometheus.Registerer, s *Subjects) error {
	const ns = "oauth_ratelimit"
	counter := func(name, help string) prometheus.Counter {
		return prometheus.NewCounter(prometheus.CounterOpts{Namespace: ns, Name: name, Help: help})
	}
	m.learned = counter("refresh_subjects_learned_total", "Refresh-token bindings (hash to client and user) learned from token responses on this instance.")
	m.pulled = counter("refresh_subjects_pulled_total", "Refresh-token bindings read from the store that this instance did not hold.")
	m.written = counter("refresh_subjects_written_total", "Refresh-token bindings written to the store.")
	m.evicted = counter("refresh_subject_evictions_total", "Refresh-token bindings dropped from memory before expiry because MaxEntries were held (the oldest go first).")
	m.dropped = counter("refresh_subjects_dropped_total", "Refresh-token bindings never written to the store because MaxEntries waited already (the store was unreachable for long).")
	storeErrors := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "refresh_subjects_store_errors_total",
		Help: "Store calls for refresh-token bindings that failed, by operation: put or read.",
	}, []string{"op"})
	m.putErrors = storeErrors.WithLabelValues("put")
	m.readErrors = storeErrors.WithLabelValues("read")
	if reg == nil {
		return nil
	}
	held := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: ns, Name: "refresh_subjects",
		Help: "Refresh-token bindings held in memory.",
	}, func() float64 { return float64(s.Len()) })
	var errs []error
	for _, c := range []prometheus.Collector{m.learned, m.pulled, m.written, m.evicted, m.dropped, storeErrors, held} {
		if err := reg.Register(c); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return errors.Join(errors.New("syncer: SubjectsConfig.Registerer: cannot register the metrics (one Subjects per registry)"), err)
	}
	return nil
}

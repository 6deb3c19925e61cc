package syncer_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/syncfixture"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The clock and tiers these tests share with mongostore's and integration's
// (see package syncfixture): t0 starts a frame of every window size the
// tests use, so counts made at t0 are all in the current frames and the
// estimate is exactly the current count; the tiers admit everything.
var (
	t0         = syncfixture.T0
	hourTier   = syncfixture.HourTier
	dayTier    = syncfixture.DayTier
	tiers      = []window.Tier{hourTier, dayTier}
	fixedClock = syncfixture.FixedClock
)

const bigLimit = syncfixture.BigLimit

func newCache(t testing.TB, now func() time.Time) *cache.Cache {
	t.Helper()
	c, err := cache.New(cache.Config{Shards: 4, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newSyncer(t testing.TB, cfg syncer.Config) *syncer.Syncer {
	t.Helper()
	s, err := syncer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hit counts n committed requests of cost 1 for k at now.
func hit(t testing.TB, c *cache.Cache, k cache.Key, n int, now time.Time) {
	t.Helper()
	for range n {
		d := c.Reserve(k, tiers, 1, cache.Enforce, now)
		if !d.Allowed || !d.Counted {
			t.Fatalf("request for %q not admitted: %+v", k, d)
		}
		c.Commit(&d.Reservation)
	}
}

// admitN decides n requests of cost 1 for k at now on c, each committed
// if admitted (a token issued) and released if refused, and returns how
// many it admitted. Unlike hit, a refusal is an answer, not a failure.
func admitN(c *cache.Cache, k cache.Key, tiers []window.Tier, now time.Time, n int) (admitted int) {
	for range n {
		d := c.Reserve(k, tiers, 1, cache.Enforce, now)
		if d.Allowed {
			c.Commit(&d.Reservation)
			admitted++
		} else if d.Counted {
			c.Release(&d.Reservation)
		}
	}
	return admitted
}

// estimate and stored are the shared fixtures' (see syncfixture).
var (
	estimate = syncfixture.Estimate
	stored   = syncfixture.Stored
)

var errInjected = errors.New("injected fault")

// runSeeds runs run for each seed in a subtest named by it: the seed of
// the environment variable <env>_SEED alone, or <env>_SEEDS (default n)
// seeds from a random one.
func runSeeds(t *testing.T, env string, n int, run func(t *testing.T, seed uint64)) {
	var seeds []uint64
	if s := os.Getenv(env + "_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("%s_SEED=%q: want an unsigned integer", env, s)
		}
		seeds = append(seeds, seed)
	} else {
		if s := os.Getenv(env + "_SEEDS"); s != "" {
			var err error
			if n, err = strconv.Atoi(s); err != nil || n < 1 {
				t.Fatalf("%s_SEEDS=%q: want a positive integer", env, s)
			}
		}
		base := rand.Uint64()
		for i := range n {
			seeds = append(seeds, base+uint64(i))
		}
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Logf("seed %d (rerun with %s_SEED=%d)", seed, env, seed)
			run(t, seed)
		})
	}
}

// chaosInstance is an instance of the step-by-step chaos runs: a cache and
// its Syncer, at t0.
type chaosInstance struct {
	c *cache.Cache
	s *syncer.Syncer
}

// chaosInstances returns n instances inst-0... on store, each with a batch
// size and retries drawn from rng.
func chaosInstances(t *testing.T, store syncer.Store, rng *rand.Rand, n int) []chaosInstance {
	ins := make([]chaosInstance, n)
	for i := range ins {
		c := newCache(t, fixedClock(t0))
		ins[i] = chaosInstance{c, newSyncer(t, syncer.Config{
			Cache: c, Store: store, Instance: fmt.Sprint("inst-", i), Now: fixedClock(t0),
			BatchSize: 1 + rng.IntN(3), MaxRetries: 1 + rng.IntN(3),
		})}
	}
	return ins
}

// scriptStore forwards to a Store, records every call, and lets a test
// take over chosen Write calls: script, if set, gets the n-th Write call
// (from 1) and the inner store's Write to apply writes for real.
type scriptStore struct {
	syncer.Store
	mu     sync.Mutex
	calls  []recordedCall
	nWrite int
	script func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error)
	// loadErr, if set, makes Load calls fail while it returns an error.
	loadErr func() error
}

type recordedCall struct {
	op   string // write or load
	ws   []syncer.Write
	outs []syncer.Outcome
	keys []cache.Key
}

func (r *scriptStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	r.mu.Lock()
	r.nWrite++
	n, script := r.nWrite, r.script
	r.mu.Unlock()
	var outs []syncer.Outcome
	var err error
	if script != nil {
		outs, err = script(n, ws, func(ws []syncer.Write) []syncer.Outcome {
			o, err := r.Store.Write(ctx, ws)
			if err != nil {
				panic(err) // a test's script sent invalid writes
			}
			return o
		})
	} else {
		outs, err = r.Store.Write(ctx, ws)
	}
	r.mu.Lock()
	r.calls = append(r.calls, recordedCall{op: "write", ws: slices.Clone(ws), outs: slices.Clone(outs)})
	r.mu.Unlock()
	return outs, err
}

func (r *scriptStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	r.mu.Lock()
	r.calls = append(r.calls, recordedCall{op: "load", keys: slices.Clone(keys)})
	loadErr := r.loadErr
	r.mu.Unlock()
	if loadErr != nil {
		if err := loadErr(); err != nil {
			return nil, err
		}
	}
	return r.Store.Load(ctx, keys)
}

// ops returns the operations recorded since the last call, e.g.
// ["write", "load", "write"], and forgets them.
func (r *scriptStore) ops() ([]string, []recordedCall) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ops []string
	for _, c := range r.calls {
		ops = append(ops, c.op)
	}
	calls := r.calls
	r.calls = nil
	return ops, calls
}

// faults are the probabilities of what faultStore injects.
type faults struct {
	outage       float64 // per call: fails, nothing lands (half of them refused outright, half Unknown)
	lostAck      float64 // per Write call: everything lands, every answer is lost
	lostAckEach  float64 // per write: lands, answer lost
	dropEach     float64 // per write: does not land (yet), answer lost
	lateEach     float64 // of the dropped: lands later, before a later call of any instance
	foreign      float64 // per write: another instance writes the key first (version moves, counts do not)
	stopAtError  float64 // per Write call: FerretDB's bulk: stops at the first conflict, the rest not executed
	loadOutage   float64 // per Load call: fails
	foreignInsts int     // how many foreign instance names to use
	// deleteDoc is, per call, the probability that an operator deletes
	// one key's document first (at most maxDeletes in a run); onDelete
	// is told of each (see faultStore.maybeDelete).
	deleteDoc  float64
	maxDeletes int
}

// faultStore wraps a Store shared by several instances and injects faults;
// on is switched off for the final flushes. It is safe for concurrent use:
// all calls are serialized, as the inner MemoryStore would anyway.
type faultStore struct {
	inner syncer.Store
	t     testing.TB

	mu    sync.Mutex
	rng   *rand.Rand
	f     faults
	on    bool
	late  []syncer.Write // dropped writes that land later
	fseq  int64
	seqs  map[string]map[seqKey]syncer.Write // every write by instance, key and seq
	stats map[string]int

	// keys are the keys written so far, in the order first written;
	// unproven, per key, the writes that landed on its document (since it
	// was last deleted) and that their instances have not settled since
	// (settled): answers lost, and Add writes answered Written, which
	// only a read settles; landings counts the landings, to order them
	// with reads (mark); onDelete, if set, is called with each document
	// deleted (as read just before) and what of it those writes carried
	// (see maybeDelete).
	keys     []cache.Key
	unproven map[cache.Key][]landing
	landings int64
	// landed are, per key, the writes (instance and Seq) that landed on
	// its document since it was last deleted.
	landed   map[cache.Key]map[instSeq]bool
	deletes  int
	onDelete func(d syncer.Doc, unproven []cache.Frame)
}

func newFaultStore(t testing.TB, inner syncer.Store, seed uint64, f faults) *faultStore {
	return &faultStore{
		inner: inner, t: t, rng: rand.New(rand.NewPCG(seed, 0x5eed)), f: f, on: true,
		seqs: make(map[string]map[seqKey]syncer.Write), stats: make(map[string]int),
		unproven: make(map[cache.Key][]landing),
		landed:   make(map[cache.Key]map[instSeq]bool),
	}
}

type instSeq struct {
	inst string
	seq  int64
}

// landedWrite records w, which landed (see faultStore.landed).
func (s *faultStore) landedWrite(w syncer.Write) {
	if s.onDelete == nil {
		return
	}
	m := s.landed[w.Key]
	if m == nil {
		m = make(map[instSeq]bool)
		s.landed[w.Key] = m
	}
	m[instSeq{w.Instance, w.Seq}] = true
}

// deltaOf returns what w adds to its document: an Add write's frames, a
// compare-and-swap's frames less its base's counts (positive ones).
func deltaOf(w syncer.Write) []cache.Frame {
	var fs []cache.Frame
	for _, f := range w.Frames {
		n := f.N
		if !w.Add {
			n -= w.BaseCount(f)
		}
		if n > 0 {
			fs = append(fs, cache.Frame{Size: f.Size, StartUnix: f.StartUnix, N: n})
		}
	}
	return fs
}

// landing is a write that landed, and when (faultStore.landings).
type landing struct {
	w  syncer.Write
	at int64
}

// landedUnproven records w, which landed, its answer lost or, an Add
// write, to be read back.
func (s *faultStore) landedUnproven(w syncer.Write) {
	if s.onDelete != nil {
		s.landings++
		s.unproven[w.Key] = append(s.unproven[w.Key], landing{w, s.landings})
	}
}

// mark returns the count of landings so far: a read now follows them.
func (s *faultStore) mark() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.landings
}

// settled records that a flush of instance (a Syncer's writer) that read
// keys' documents (read[k]: the mark of its last read of k) ended without
// an error: each write of its that landed on one before that read is
// settled (its Seq was read: confirmed). A flush that failed may have read
// some and settled none (its read back is all or nothing).
func (s *faultStore) settled(instance string, read map[cache.Key]int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, at := range read {
		if ls := s.unproven[k]; len(ls) > 0 {
			s.unproven[k] = slices.DeleteFunc(ls, func(l landing) bool { return l.w.Instance == instance && l.at <= at })
		}
	}
}

// docDeleter is the inner store's deletion by hand (MemoryStore's
// DeleteDocs, export_test.go).
type docDeleter interface {
	DeleteDocs(size int64, keys ...cache.Key) int64
}

// maybeDelete deletes, with probability f.deleteDoc and at most
// f.maxDeletes times, the document of one key written so far, as an
// operator does by hand (or a TTL monitor, or a restore of a dump without
// it). It tells onDelete of the document as it was, and of the counts in
// it that writes not settled by their instances carried (unproven; each
// write's delta: an Add write's frames, a compare-and-swap's frames less
// its base): their instances cannot tell from the document gone whether
// they landed, and write them again (README "When the store's data goes
// back or vanishes"), so those may come back once.
func (s *faultStore) maybeDelete(ctx context.Context) {
	if len(s.keys) == 0 || s.deletes >= s.f.maxDeletes || !s.p(s.f.deleteDoc) {
		return
	}
	k := s.keys[s.rng.IntN(len(s.keys))]
	if len(s.late) > 0 && s.rng.IntN(2) == 0 {
		// Half the time the key of a write on its way: a copy that
		// lands after the document went (helper-184's corner).
		k = s.late[s.rng.IntN(len(s.late))].Key
	}
	docs, err := s.inner.Load(ctx, []cache.Key{k})
	if err != nil || docs[0].Snapshot.Version == 0 {
		return
	}
	var back []cache.Frame
	for _, l := range s.unproven[k] {
		back = append(back, deltaOf(l.w)...)
	}
	// A copy on its way of a write whose other copy (or other form, under
	// the same Seq: Syncer's resendable) landed on the document: the
	// copy can land once it is gone, with what the deletion took.
	for _, w := range s.late {
		if w.Key == k && s.landed[k][instSeq{w.Instance, w.Seq}] {
			back = append(back, deltaOf(w)...)
		}
	}
	delete(s.unproven, k)
	delete(s.landed, k)
	s.inner.(docDeleter).DeleteDocs(0, k)
	s.deletes++
	s.stats["deleted_docs"]++
	if s.onDelete != nil {
		s.onDelete(docs[0], back)
	}
}

func (s *faultStore) setOn(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.on = on
}

func (s *faultStore) p(x float64) bool { return s.on && s.rng.Float64() < x }

// landLate applies the writes that were reported Unknown but are still on
// their way: each lands now if its version still matches.
func (s *faultStore) landLate(ctx context.Context) {
	p := 0.5
	if s.onDelete != nil {
		// With documents deleted: copies stay on their way longer,
		// across the deletion, the instance's read of the document
		// gone and another's creation of it.
		p = 0.15
	}
	if len(s.late) == 0 || !s.p(p) {
		return
	}
	s.applyLate(ctx)
}

// applyLate applies the late writes one by one, in the order they were
// sent (two may be of one key).
func (s *faultStore) applyLate(ctx context.Context) {
	for _, w := range s.late {
		o, err := s.inner.Write(ctx, []syncer.Write{w})
		if err != nil {
			s.t.Errorf("late write: %v", err)
		}
		if len(o) == 1 && o[0] == syncer.Written {
			s.stats["late_landings"]++
			s.landedUnproven(w)
			s.landedWrite(w)
		}
	}
	s.late = nil
}

// checkSeq fails the test if w reuses its instance's Seq for another write
// of the same key: only an identical resend may repeat one, in every field
// (an Add write resent with other frames to drop, or other frames, under
// the Seq of the first, would be proved landed by the other's lastWrites
// entry). One Seq is shared by all the keys of one round. The one other
// write a Seq may carry is the creation of the document that carries an
// Add write whose document was gone (sameDelta; syncer's resendable): the
// same frames, epoch and Seq, a compare-and-swap on no document; each of
// the two forms is then resent identical.
func (s *faultStore) checkSeq(w syncer.Write) {
	m := s.seqs[w.Instance]
	if m == nil {
		m = make(map[seqKey]syncer.Write)
		s.seqs[w.Instance] = m
	}
	sk := seqKey{k: w.Key, seq: w.Seq}
	form := sk
	if !w.Add && w.Version == 0 {
		form.create = true
	}
	if old, ok := m[form]; ok {
		if form.create {
			// A creation sent again where a document has been since
			// takes the version and expiry of a write then (Syncer's
			// resendable); neither decides whether it lands.
			old.NewVersion, old.Expire = w.NewVersion, w.Expire
		}
		if !sameWrite(old, w) {
			s.t.Errorf("instance %s reused seq %d for key %q: %+v, then %+v", w.Instance, w.Seq, w.Key, old, w)
		}
		s.stats["identical_resends"]++
	}
	other := sk
	other.create = !form.create
	if old, ok := m[other]; ok {
		if !sameDelta(old, w) {
			s.t.Errorf("instance %s reused seq %d for key %q: %+v, then %+v", w.Instance, w.Seq, w.Key, old, w)
		}
		s.stats["create_resends"]++
	}
	m[form] = w
}

// sameDelta reports whether a and b are an Add write and the creation of
// its document (either order): the same key, frames, epoch, writer and Seq
// (the frames each drops may differ: a new document has none to drop).
func sameDelta(a, b syncer.Write) bool {
	if b.Add {
		a, b = b, a
	}
	return a.Add && !b.Add && b.Version == 0 && !b.Reset && len(b.Prune) == 0 &&
		a.Key == b.Key && slices.Equal(a.Frames, b.Frames) && a.Epoch == b.Epoch && a.Instance == b.Instance && a.Seq == b.Seq
}

// sameWrite reports whether a and b are the same write, field by field.
func sameWrite(a, b syncer.Write) bool {
	return a.Key == b.Key && a.Version == b.Version && a.NewVersion == b.NewVersion && slices.Equal(a.Frames, b.Frames) &&
		a.Epoch == b.Epoch && a.Expire.Equal(b.Expire) && a.Instance == b.Instance && a.Seq == b.Seq &&
		slices.Equal(a.Prune, b.Prune) && a.Add == b.Add && slices.Equal(a.Drop, b.Drop) &&
		a.Reset == b.Reset && a.FromEpoch == b.FromEpoch
}

type seqKey struct {
	k      cache.Key
	seq    int64
	create bool // a compare-and-swap on no document (see checkSeq)
}

func (s *faultStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.landLate(ctx)
	s.maybeDelete(ctx)
	for _, w := range ws {
		s.checkSeq(w)
		if s.onDelete != nil && !slices.Contains(s.keys, w.Key) {
			s.keys = append(s.keys, w.Key)
		}
	}
	outs := make([]syncer.Outcome, len(ws))
	if s.p(s.f.outage) {
		s.stats["outages"]++
		if s.rng.IntN(2) == 0 {
			return nil, fmt.Errorf("%w: store down, refused", errInjected)
		}
		return outs, fmt.Errorf("%w: store down", errInjected) // all Unknown
	}
	for _, w := range ws {
		if s.p(s.f.foreign) {
			s.foreignWrite(ctx, w.Key)
		}
	}
	if s.p(s.f.stopAtError) {
		s.stats["stop_at_error_calls"]++
		for i, w := range ws {
			o, err := s.inner.Write(ctx, []syncer.Write{w})
			if err != nil {
				return nil, err
			}
			outs[i] = o[0]
			if o[0] == syncer.Written {
				s.landedWrite(w)
				if w.Add {
					s.landedUnproven(w)
				}
			}
			if o[0] == syncer.Conflict {
				for j := i + 1; j < len(ws); j++ {
					outs[j] = syncer.Conflict // not executed
				}
				break
			}
		}
		return outs, nil
	}
	lostAll := s.p(s.f.lostAck)
	var apply []syncer.Write
	var idx []int
	var lost []int
	for i, w := range ws {
		switch {
		case lostAll:
			apply, idx = append(apply, w), append(idx, i)
			lost = append(lost, i)
		case s.p(s.f.lostAckEach):
			apply, idx = append(apply, w), append(idx, i)
			lost = append(lost, i)
			s.stats["lost_acks"]++
		case s.p(s.f.dropEach):
			lost = append(lost, i)
			s.stats["dropped"]++
			if s.p(s.f.lateEach) {
				s.late = append(s.late, w)
			}
		default:
			apply, idx = append(apply, w), append(idx, i)
		}
	}
	if lostAll {
		s.stats["lost_ack_calls"]++
	}
	if len(apply) > 0 {
		o, err := s.inner.Write(ctx, apply)
		if err != nil {
			return nil, err
		}
		for j, i := range idx {
			outs[i] = o[j]
			if o[j] == syncer.Written {
				s.landedWrite(ws[i])
				if lostAll || ws[i].Add || slices.Contains(lost, i) {
					s.landedUnproven(ws[i])
				}
			}
		}
	}
	if len(lost) == 0 {
		return outs, nil
	}
	for _, i := range lost {
		outs[i] = syncer.Unknown
	}
	return outs, fmt.Errorf("%w: %d answers lost", errInjected, len(lost))
}

// foreignWrite makes another instance write k: the version moves on, the
// counts stay.
func (s *faultStore) foreignWrite(ctx context.Context, k cache.Key) {
	docs, err := s.inner.Load(ctx, []cache.Key{k})
	if err != nil {
		s.t.Errorf("foreign load: %v", err)
		return
	}
	d := docs[0]
	if d.Snapshot.Version == 0 && s.onDelete != nil {
		// With documents deleted by an operator, a foreign creation
		// is a document created again at a version (1) below what the
		// instances hold from before the deletion: those that only read
		// the key install it at their next pull (cache.Apply), those
		// that write it at their next write (until 2026-11-28 the
		// readers kept their snapshot of before, and this returned).
		s.stats["foreign_creations"]++
	}
	s.fseq++
	w := syncer.Write{
		Key: k, Version: d.Snapshot.Version, NewVersion: d.Snapshot.Version + 1,
		Frames: d.Snapshot.Frames, Epoch: d.Snapshot.Epoch, Expire: t0.Add(48 * time.Hour),
		Instance: fmt.Sprintf("foreign-%d", s.rng.IntN(max(s.f.foreignInsts, 1))), Seq: s.fseq,
	}
	if _, err := s.inner.Write(ctx, []syncer.Write{w}); err != nil {
		s.t.Errorf("foreign write: %v", err)
	}
	s.stats["foreign_writes"]++
}

func (s *faultStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.landLate(ctx)
	s.maybeDelete(ctx)
	if s.p(s.f.loadOutage) {
		s.stats["load_outages"]++
		return nil, fmt.Errorf("%w: load failed", errInjected)
	}
	return s.inner.Load(ctx, keys)
}

func (s *faultStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	return s.inner.Sweep(ctx, now)
}

// flushLate lands the writes still on their way (before the final check:
// a real store's in-flight commands end).
func (s *faultStore) flushLate(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.applyLate(ctx)
}

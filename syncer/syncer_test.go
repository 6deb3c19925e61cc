package syncer_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

var (
	keyK = cache.Key{ClientID: "client", User: "user"}
	// v0 is the version of the first write at t0: versions are
	// max(previous+1, now in Unix milliseconds).
	v0 = t0.UnixMilli()
)

// instance returns a cache and a Syncer named id on store, at t0.
func instance(t *testing.T, store syncer.Store, id string) (*cache.Cache, *syncer.Syncer) {
	t.Helper()
	c := newCache(t, fixedClock(t0))
	return c, newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: id, Now: fixedClock(t0)})
}

// want checks the store's count and version of k and each cache's estimate
// (hour window) at t0.
func want(t *testing.T, store syncer.Store, k cache.Key, version, n int64, caches map[string]*cache.Cache, estimates map[string]int64) {
	t.Helper()
	v, got := stored(t, store, k, time.Hour)
	if v != version || got != n {
		t.Errorf("store: %d at version v0%+d, want %d at v0%+d", got, v-v0, n, version-v0)
	}
	for name, c := range caches {
		if e := estimate(c, k, hourTier, t0); e != estimates[name] {
			t.Errorf("%s estimates %d, want %d", name, e, estimates[name])
		}
	}
}

func wantOps(t *testing.T, s *scriptStore, want ...string) []recordedCall {
	t.Helper()
	ops, calls := s.ops()
	if !slices.Equal(ops, want) {
		t.Errorf("store calls %v, want %v", ops, want)
	}
	return calls
}

// TestTwoInstances is the scenario of Allegro's write-up of this design,
// step by step: A and B each hold a global count g (the snapshot) and an
// in-flight count i. The store holds 3; A and B both have g=3, i=1. B
// pushes: the store holds 4, one version on. A pushes against the stale
// version and is refused; A refreshes to g=4, keeps i=1, and pushes 5.
func TestTwoInstances(t *testing.T) {
	inner := syncer.NewMemoryStore()
	v := v0 + 2 // the document's version at the start
	mustWrite(t, inner, syncer.Write{Key: keyK, NewVersion: v, Frames: frames(3), Expire: t0.Add(time.Hour), Instance: "seed", Seq: 1})
	storeA, storeB := &scriptStore{Store: inner}, &scriptStore{Store: inner}
	a, sa := instance(t, storeA, "A")
	b, sb := instance(t, storeB, "B")
	both := map[string]*cache.Cache{"A": a, "B": b}
	for _, in := range []struct {
		c *cache.Cache
		s *syncer.Syncer
	}{{a, sa}, {b, sb}} {
		hit(t, in.c, keyK, 1, t0) // i=1
		if err := in.s.PullOnce(t.Context()); err != nil {
			t.Fatal(err) // g=3
		}
	}
	storeA.ops()
	storeB.ops()
	t.Log("start: store 3; A: g=3, i=1; B: g=3, i=1")
	want(t, inner, keyK, v, 3, both, map[string]int64{"A": 4, "B": 4})

	t.Log("B pushes: store 4, version +1; B: g=4, i=0")
	if err := sb.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, storeB, "write")
	if w := calls[0].ws[0]; w.Version != v || w.NewVersion != v+1 || !slices.Equal(w.Frames, frames(4)) {
		t.Errorf("B wrote %+v, want version v0+2 -> v0+3, count 4", w)
	}
	want(t, inner, keyK, v+1, 4, both, map[string]int64{"A": 4, "B": 4})

	t.Log("A pushes with the stale version: refused; A refreshes to g=4, i=1 and adds its 1 (5), then reads it back")
	storeA.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n == 2 { // the retry: A holds the refreshed snapshot by now
			if e := estimate(a, keyK, hourTier, t0); e != 5 {
				t.Errorf("before its retry, A estimates %d, want 5 (g=4 + i=1)", e)
			}
		}
		return apply(ws), nil
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls = wantOps(t, storeA, "write", "load", "write", "load")
	if w, o := calls[0].ws[0], calls[0].outs[0]; w.Version != v || !slices.Equal(w.Frames, frames(4)) || o != syncer.Conflict {
		t.Errorf("A's first write %+v: %v; want 4 against version v0+2, refused", w, o)
	}
	if w, o := calls[2].ws[0], calls[2].outs[0]; !w.Add || w.Version != v+1 || !slices.Equal(w.Frames, frames(1)) || o != syncer.Written {
		t.Errorf("A's retry %+v: %v; want its 1 added, rebased on version v0+3, written", w, o)
	}
	want(t, inner, keyK, v+2, 5, both, map[string]int64{"A": 5, "B": 4})

	t.Log("B pulls: g=5")
	if err := sb.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v+2, 5, both, map[string]int64{"A": 5, "B": 5})
}

// frames returns the frames of n hits at t0 in the hour and day windows.
func frames(n int64) []cache.Frame {
	return []cache.Frame{
		{Size: time.Hour, StartUnix: t0.Unix(), N: n},
		{Size: 24 * time.Hour, StartUnix: t0.Unix(), N: n},
	}
}

func mustWrite(t *testing.T, s syncer.Store, ws ...syncer.Write) {
	t.Helper()
	outs, err := s.Write(t.Context(), ws)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range outs {
		if o != syncer.Written {
			t.Fatalf("write %d: %v", i, o)
		}
	}
}

// loseAnswers returns a script that, for the Write calls in calls, applies
// the writes if landed and answers Unknown; late collects the writes that
// did not land.
func loseAnswers(landed bool, late *[]syncer.Write, calls ...int) func(int, []syncer.Write, func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
	return func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if !slices.Contains(calls, n) {
			return apply(ws), nil
		}
		if landed {
			apply(ws)
		} else if late != nil {
			*late = append(*late, ws...)
		}
		return make([]syncer.Outcome, len(ws)), fmt.Errorf("%w: answer lost", errInjected)
	}
}

// A write lands but its answer is lost: the next flush reads the document,
// finds its Seq in lastWrites and confirms it, without writing it again.
func TestLostAnswerOfALandedWrite(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 1)}
	a, sa := instance(t, store, "A")
	all := map[string]*cache.Cache{"A": a}
	hit(t, a, keyK, 2, t0)
	if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
		t.Fatalf("FlushOnce = %v, want the injected error", err)
	}
	if sa.Unsettled() != 1 {
		t.Fatalf("Unsettled() = %d, want 1", sa.Unsettled())
	}
	wantOps(t, store, "write")
	want(t, inner, keyK, v0, 2, all, map[string]int64{"A": 2}) // landed; still counted once

	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write")
	if w := calls[1].ws[0]; w.Version != v0 || !slices.Equal(w.Frames, frames(3)) {
		t.Errorf("after confirming, wrote %+v; want 3 against version v0 (2 confirmed + 1 new)", w)
	}
	want(t, inner, keyK, v0+1, 3, all, map[string]int64{"A": 3})
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// A write lands, its answer is lost, and another instance writes the key
// twice before the next flush: lastWrites still holds A's Seq, so A
// confirms and counts nothing twice.
func TestLostAnswerThenOthersWrote(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 1)}
	a, sa := instance(t, store, "A")
	b, sb := instance(t, inner, "B")
	all := map[string]*cache.Cache{"A": a, "B": b}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	for range 2 {
		hit(t, b, keyK, 1, t0)
		if err := sb.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	want(t, inner, keyK, v0+2, 4, all, map[string]int64{"A": 2, "B": 4})

	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store, "load") // confirmed; nothing left to write
	want(t, inner, keyK, v0+2, 4, all, map[string]int64{"A": 4, "B": 4})
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store)
}

// A write does not land and its answer is lost; the document has not
// changed: the next flush sends the identical write again (same Seq, same
// frames), so that at most one of the two copies can apply. Counts made in
// between wait for the flush after.
func TestLostAnswerResendsTheIdenticalWrite(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: loseAnswers(false, nil, 1)}
	a, sa := instance(t, store, "A")
	all := map[string]*cache.Cache{"A": a}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	first := wantOps(t, store, "write")[0].ws[0]
	hit(t, a, keyK, 1, t0)

	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write")
	if ws := calls[1].ws; len(ws) != 1 || ws[0].Seq != first.Seq || ws[0].Version != first.Version || !slices.Equal(ws[0].Frames, first.Frames) {
		t.Errorf("resent %+v, want the identical %+v", ws, first)
	}
	want(t, inner, keyK, v0, 2, all, map[string]int64{"A": 3})

	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v0+1, 3, all, map[string]int64{"A": 3})
}

// A write does not land, its answer is lost, and another instance writes
// the key meanwhile: the lost write, which creates the document, cannot
// apply while the document is there (and could if it were deleted), so its
// delta is added to the other's under the lost write's Seq (Syncer's
// resendable; before, it was written afresh under a new Seq: a
// compare-and-swap against A's stale snapshot, refused, then added).
func TestLostAnswerOfAWriteOvertaken(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: loseAnswers(false, nil, 1)}
	a, sa := instance(t, store, "A")
	b, sb := instance(t, inner, "B")
	all := map[string]*cache.Cache{"A": a, "B": b}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	hit(t, b, keyK, 1, t0)
	if err := sb.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	// Resolve, add under the lost write's Seq, read back.
	wantOps(t, store, "load", "write", "load")
	want(t, inner, keyK, v0+1, 3, all, map[string]int64{"A": 3, "B": 1})
}

// The resent copy of a lost write is not executed (FerretDB stopped the
// bulk before it) while the first copy is still on its way; the first copy
// then lands. The syncer must send the same copy again rather than a new
// write: a new Seq would not tell that the first copy landed, and the
// delta would be counted twice.
func TestLostWriteLandsLateAfterAResendWasNotExecuted(t *testing.T) {
	inner := syncer.NewMemoryStore()
	var late []syncer.Write
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way; lands later
			late = append(late, ws...)
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // the resend: not executed
			outs := make([]syncer.Outcome, len(ws))
			for i := range outs {
				outs[i] = syncer.Conflict
			}
			return outs, nil
		case 3: // the first copy lands just before the next one
			apply(late)
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 3, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write", "load", "write", "load")
	if calls[3].ws[0].Seq != late[0].Seq {
		t.Errorf("second resend has seq %d, want the first copy's %d", calls[3].ws[0].Seq, late[0].Seq)
	}
	want(t, inner, keyK, v0, 3, map[string]*cache.Cache{"A": a}, map[string]int64{"A": 3})
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// The resent copy of a lost write is refused because the first copy landed
// meanwhile, and the read that would tell fails: the write stays unsettled
// (it must not be aborted, its delta would be written twice) and the next
// flush confirms it.
func TestResentWriteRefusedAndReadFails(t *testing.T) {
	inner := syncer.NewMemoryStore()
	var late []syncer.Write
	var loads atomic.Int64
	store := &scriptStore{Store: inner, loadErr: func() error {
		if loads.Add(1) == 2 {
			return errInjected
		}
		return nil
	}}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1:
			late = append(late, ws...)
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2:
			apply(late)
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 3, t0)
	_ = sa.FlushOnce(t.Context())
	if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
		t.Fatalf("FlushOnce = %v, want the injected load error", err)
	}
	if sa.Unsettled() != 1 {
		t.Fatalf("Unsettled() = %d, want 1", sa.Unsettled())
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v0, 3, map[string]*cache.Cache{"A": a}, map[string]int64{"A": 3})
}

// A store that stops a batch at its first conflict and reports the rest as
// refused (FerretDB's unordered bulk, docs/ferretdb.md point 2): one flush still
// writes every key, in a few rounds.
func TestStoreStopsAtFirstConflict(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		outs := make([]syncer.Outcome, len(ws))
		for i := range ws {
			outs[i] = apply(ws[i : i+1])[0]
			if outs[i] == syncer.Conflict {
				for j := i + 1; j < len(ws); j++ {
					outs[j] = syncer.Conflict // not executed
				}
				break
			}
		}
		return outs, nil
	}}
	a, sa := instance(t, store, "A")
	b, sb := instance(t, inner, "B")
	keys := make([]cache.Key, 6)
	for i := range keys {
		keys[i] = cache.Key{ClientID: "c", User: fmt.Sprint(i)}
		hit(t, a, keys[i], 2, t0)
		if i == 1 || i == 3 {
			hit(t, b, keys[i], 1, t0)
		}
	}
	if err := sb.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		wantN := int64(2)
		if i == 1 || i == 3 {
			wantN = 3
		}
		if _, n := stored(t, inner, k, time.Hour); n != wantN {
			t.Errorf("key %d: store holds %d, want %d", i, n, wantN)
		}
	}
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store) // nothing left
}

// Conflicts on every attempt: after MaxRetries the delta waits for the next
// flush, counted locally, with the store's snapshot installed. Another
// writer alone does not do it (A's retries add to the document); a store
// that refuses even those does (as a reset before each would).
func TestConflictRetriesRunOut(t *testing.T) {
	inner := syncer.NewMemoryStore()
	bCache, sb := instance(t, inner, "B")
	contend := true
	store := &scriptStore{Store: inner, script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if contend { // B writes first, every time, and A's write is refused
			hit(t, bCache, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
			return refuseAll(ws), nil
		}
		return apply(ws), nil
	}}
	a := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0), MaxRetries: 2})
	hit(t, a, keyK, 5, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store, "write", "load", "write", "load", "write", "load")
	// B wrote 3; A's 5 are still local, on top of the snapshot read last.
	want(t, inner, keyK, v0+2, 3, map[string]*cache.Cache{"A": a}, map[string]int64{"A": 8})
	contend = false
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v0+3, 8, map[string]*cache.Cache{"A": a}, map[string]int64{"A": 8})
}

// While the store is down, flushes fail, counts stay local (estimates do
// not dip), and on recovery everything is written once.
func TestStoreDown(t *testing.T) {
	inner := syncer.NewMemoryStore()
	down := true
	store := &scriptStore{Store: inner,
		script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
			if down {
				if n%2 == 0 {
					return nil, fmt.Errorf("%w: refused", errInjected) // nothing written
				}
				return make([]syncer.Outcome, len(ws)), errInjected // unknown
			}
			return apply(ws), nil
		},
		loadErr: func() error {
			if down {
				return errInjected
			}
			return nil
		},
	}
	a, sa := instance(t, store, "A")
	k2 := cache.Key{ClientID: "client", User: "other"}
	all := map[string]*cache.Cache{"A": a}
	hit(t, a, keyK, 5, t0)
	for i := range 4 {
		if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
			t.Fatalf("flush %d while down = %v, want the injected error", i, err)
		}
		hit(t, a, keyK, 1, t0)
		hit(t, a, k2, 1, t0)
	}
	want(t, inner, keyK, 0, 0, all, map[string]int64{"A": 9})
	down = false
	for range 2 {
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	want(t, inner, keyK, v0+1, 9, all, map[string]int64{"A": 9})
	want(t, inner, k2, v0, 4, nil, nil)
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// A pull installs the other instances' counts for the keys in use, and
// resets the snapshot age.
func TestPullOnce(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa := instance(t, inner, "A")
	clock := t0
	b := newCache(t, fixedClock(t0))
	store := &scriptStore{Store: inner}
	sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "B", Now: func() time.Time { return clock }})
	idle := cache.Key{ClientID: "client", User: "idle"}
	hit(t, a, keyK, 5, t0)
	hit(t, a, idle, 2, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(t, b, keyK, 1, t0)
	hit(t, b, idle, 1, t0.Add(-2*time.Minute)) // not used within ActiveFor (1m)
	clock = t0.Add(10 * time.Second)
	if age := sb.SnapshotAge(clock); age != 10*time.Second {
		t.Errorf("SnapshotAge before any pull = %v, want 10s (since New)", age)
	}
	if err := sb.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load")
	if !slices.Equal(calls[0].keys, []cache.Key{keyK}) {
		t.Errorf("pulled %q, want only the active key", calls[0].keys)
	}
	if e := estimate(b, keyK, hourTier, t0); e != 6 {
		t.Errorf("B estimates %d after the pull, want 6 (5 from A + 1 local)", e)
	}
	if age := sb.SnapshotAge(clock.Add(2 * time.Second)); age != 2*time.Second {
		t.Errorf("SnapshotAge = %v, want 2s", age)
	}
	store.loadErr = func() error { return errInjected }
	if err := sb.PullOnce(t.Context()); !errors.Is(err, errInjected) {
		t.Errorf("PullOnce = %v, want the injected error", err)
	}
	if age := sb.SnapshotAge(clock.Add(5 * time.Second)); age != 5*time.Second {
		t.Errorf("SnapshotAge after a failed pull = %v, want 5s", age)
	}
}

// A flush writes expire = now + 2 × the longest window + 2 × Interval: a
// frame weighs in the sliding window until two windows after its start.
func TestExpire(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa := instance(t, inner, "A")
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	docs, _ := inner.Load(t.Context(), []cache.Key{keyK})
	if want := t0.Add(48*time.Hour + 2*time.Second); !docs[0].Expire.Equal(want) {
		t.Errorf("expire %v, want %v", docs[0].Expire, want)
	}
}

// A Syncer created anew on the same instance ID never repeats a Seq: Seqs
// follow the clock in milliseconds.
func TestSeqAfterRestart(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	a := newCache(t, fixedClock(t0))
	var seqs []int64
	for i := range 3 {
		now := t0.Add(time.Duration(i) * time.Second)
		s := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(now)})
		for range 2 {
			hit(t, a, keyK, 1, t0)
			if err := s.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		_, calls := store.ops()
		for _, c := range calls {
			if c.op == "write" {
				seqs = append(seqs, c.ws[0].Seq)
			}
		}
	}
	for i := 1; i < len(seqs); i++ {
		if seqs[i] <= seqs[i-1] {
			t.Fatalf("seqs %v are not increasing", seqs)
		}
	}
}

func TestConfigValidate(t *testing.T) {
	c := newCache(t, nil)
	store := syncer.NewMemoryStore()
	cases := []struct {
		name string
		cfg  syncer.Config
		want string // in the error; "" for none
	}{
		{"Valid", syncer.Config{Cache: c, Store: store}, ""},
		{"ValidInstance", syncer.Config{Cache: c, Store: store, Instance: "pod-7:8080_a"}, ""},
		{"NoCache", syncer.Config{Store: store}, "Config.Cache is nil"},
		{"NoStore", syncer.Config{Cache: c}, "Config.Store is nil"},
		{"InstanceWithDot", syncer.Config{Cache: c, Store: store, Instance: "a.b"}, `Config.Instance: instance "a.b"`},
		{"InstanceWithDollar", syncer.Config{Cache: c, Store: store, Instance: "$x"}, "Config.Instance"},
		{"InstanceTooLong", syncer.Config{Cache: c, Store: store, Instance: strings.Repeat("a", 65)}, "1 to 64 characters"},
		{"NegativeInterval", syncer.Config{Cache: c, Store: store, Interval: -1}, "Config.Interval -1ns: want 0 (default 1s)"},
		{"NegativePullInterval", syncer.Config{Cache: c, Store: store, PullInterval: -1}, "Config.PullInterval"},
		{"SpinningInterval", syncer.Config{Cache: c, Store: store, Interval: time.Nanosecond}, "Config.Interval 1ns: want 0 (default 1s), or 10ms or more"},
		{"SpinningNewKeyInterval", syncer.Config{Cache: c, Store: store, NewKeyInterval: time.Millisecond}, "Config.NewKeyInterval 1ms"},
		{"NegativeActiveFor", syncer.Config{Cache: c, Store: store, ActiveFor: -1}, "Config.ActiveFor"},
		{"NegativeBackoff", syncer.Config{Cache: c, Store: store, MaxBackoff: -1}, "Config.MaxBackoff"},
		{"NegativeSweep", syncer.Config{Cache: c, Store: store, SweepInterval: -1}, "Config.SweepInterval"},
		{"NegativeShutdown", syncer.Config{Cache: c, Store: store, FinalFlushTimeout: -1}, "Config.FinalFlushTimeout"},
		{"NegativeMaxSkew", syncer.Config{Cache: c, Store: store, MaxSkew: -1}, "Config.MaxSkew -1ns: want 0 (default 5m)"},
		{"NegativeBatch", syncer.Config{Cache: c, Store: store, BatchSize: -1}, "Config.BatchSize -1"},
		{"NegativeRetries", syncer.Config{Cache: c, Store: store, MaxRetries: -1}, "Config.MaxRetries -1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.cfg.Validate()
			if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Validate() = %v, want %q", err, c.want)
			}
			if _, nerr := syncer.New(c.cfg); (nerr == nil) != (err == nil) {
				t.Fatalf("New() = %v, Validate() = %v", nerr, err)
			}
		})
	}
}

func TestDefaultInstance(t *testing.T) {
	c := newCache(t, nil)
	valid := regexp.MustCompile(`^[A-Za-z0-9_:-]{1,64}$`)
	seen := map[string]bool{}
	for range 20 {
		s := newSyncer(t, syncer.Config{Cache: c, Store: syncer.NewMemoryStore()})
		id := s.Instance()
		if !valid.MatchString(id) {
			t.Fatalf("default instance %q is not a valid ID", id)
		}
		if seen[id] {
			t.Fatalf("default instance %q repeated", id)
		}
		seen[id] = true
	}
}

func TestMetrics(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 2)}
	a := newCache(t, fixedClock(t0))
	clock := t0
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Registerer: reg, Now: func() time.Time { return clock }})
	b, sb := instance(t, inner, "B")
	hit(t, b, keyK, 1, t0)
	if err := sb.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(t, a, keyK, 1, t0)
	hit(t, a, cache.Key{ClientID: "c2"}, 1, t0)
	if err := sa.FlushOnce(t.Context()); err == nil { // a conflict on keyK, then its retry's answer is lost
		t.Fatal("FlushOnce: no error, want the lost answer")
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	clock = t0.Add(3 * time.Second)
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	clock = t0.Add(10 * time.Second)
	if err := sa.SweepOnce(t.Context()); err != nil {
		t.Fatal(err)
	}

	if problems, err := testutil.GatherAndLint(reg); err != nil || len(problems) > 0 {
		t.Fatalf("GatherAndLint: %v %v", problems, err)
	}
	const want = `
# HELP oauth_ratelimit_sync_conflicts_total Writes refused by the store for a stale version (each is read back and retried).
# TYPE oauth_ratelimit_sync_conflicts_total counter
oauth_ratelimit_sync_conflicts_total 1
# HELP oauth_ratelimit_sync_deferred_writes_total Keys whose write lost the compare-and-swap in every round of a flush: their counts wait, still counted here, for the next flush, and the other instances do not see them meanwhile.
# TYPE oauth_ratelimit_sync_deferred_writes_total counter
oauth_ratelimit_sync_deferred_writes_total 0
# HELP oauth_ratelimit_sync_dirty_keys Keys the last flush wrote or tried to write.
# TYPE oauth_ratelimit_sync_dirty_keys gauge
oauth_ratelimit_sync_dirty_keys 0
# HELP oauth_ratelimit_sync_flushes_total Flushes of dirty keys to the store, by result (ok, or error if any store call failed).
# TYPE oauth_ratelimit_sync_flushes_total counter
oauth_ratelimit_sync_flushes_total{result="error"} 1
oauth_ratelimit_sync_flushes_total{result="ok"} 1
# HELP oauth_ratelimit_sync_keys_written_total Keys whose delta was confirmed written to the store.
# TYPE oauth_ratelimit_sync_keys_written_total counter
oauth_ratelimit_sync_keys_written_total 2
# HELP oauth_ratelimit_sync_last_flush_timestamp_seconds Unix time at which the last successful flush started.
# TYPE oauth_ratelimit_sync_last_flush_timestamp_seconds gauge
oauth_ratelimit_sync_last_flush_timestamp_seconds 1.8935424e+09
# HELP oauth_ratelimit_sync_pulls_total Pulls of the active keys' documents from the store, by result (ok or error).
# TYPE oauth_ratelimit_sync_pulls_total counter
oauth_ratelimit_sync_pulls_total{result="error"} 0
oauth_ratelimit_sync_pulls_total{result="ok"} 1
# HELP oauth_ratelimit_sync_snapshot_age_seconds Seconds since the last successful pull: how stale this instance's view of the other instances' counts may be.
# TYPE oauth_ratelimit_sync_snapshot_age_seconds gauge
oauth_ratelimit_sync_snapshot_age_seconds 7
# HELP oauth_ratelimit_sync_store_errors_total Calls to the store that returned an error, by operation: write, load, sweep, or heartbeat (a beat that failed).
# TYPE oauth_ratelimit_sync_store_errors_total counter
oauth_ratelimit_sync_store_errors_total{op="heartbeat"} 0
oauth_ratelimit_sync_store_errors_total{op="load"} 0
oauth_ratelimit_sync_store_errors_total{op="sweep"} 0
oauth_ratelimit_sync_store_errors_total{op="write"} 1
# HELP oauth_ratelimit_sync_store_requests_total Calls to the store (each one round trip of at most the batch size), by operation: write, load, sweep, or heartbeat (one beat: this instance's heartbeat written and the others' read, two round trips or more: the tiers, the duplicate check, the sweep at times).
# TYPE oauth_ratelimit_sync_store_requests_total counter
oauth_ratelimit_sync_store_requests_total{op="heartbeat"} 0
oauth_ratelimit_sync_store_requests_total{op="load"} 3
oauth_ratelimit_sync_store_requests_total{op="sweep"} 1
oauth_ratelimit_sync_store_requests_total{op="write"} 2
# HELP oauth_ratelimit_sync_unknown_outcomes_total Writes whose answer was lost; the next flush reads them back.
# TYPE oauth_ratelimit_sync_unknown_outcomes_total counter
oauth_ratelimit_sync_unknown_outcomes_total 1
# HELP oauth_ratelimit_sync_unsettled_writes Writes whose answer was lost and that the next flush must read back.
# TYPE oauth_ratelimit_sync_unsettled_writes gauge
oauth_ratelimit_sync_unsettled_writes 0
`
	names := []string{
		"oauth_ratelimit_sync_conflicts_total", "oauth_ratelimit_sync_deferred_writes_total", "oauth_ratelimit_sync_dirty_keys", "oauth_ratelimit_sync_flushes_total",
		"oauth_ratelimit_sync_keys_written_total", "oauth_ratelimit_sync_last_flush_timestamp_seconds",
		"oauth_ratelimit_sync_pulls_total", "oauth_ratelimit_sync_snapshot_age_seconds",
		"oauth_ratelimit_sync_store_errors_total", "oauth_ratelimit_sync_store_requests_total",
		"oauth_ratelimit_sync_unknown_outcomes_total", "oauth_ratelimit_sync_unsettled_writes",
	}
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), names...); err != nil {
		t.Error(err)
	}
	if n, err := testutil.GatherAndCount(reg, "oauth_ratelimit_sync_flush_duration_seconds"); err != nil || n != 1 {
		t.Errorf("flush duration histogram: %d series, %v", n, err)
	}

	if _, err := syncer.New(syncer.Config{Cache: a, Store: inner, Registerer: reg}); err == nil {
		t.Error("a second Syncer registered on the same registry")
	}
}

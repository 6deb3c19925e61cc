package syncer_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// bFirst returns a script under which instance B counts 1 on keyK and
// flushes before each of the writes of the script's store while *on.
func bFirst(t *testing.T, b *cache.Cache, sb *syncer.Syncer, on *bool) func(int, []syncer.Write, func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
	return func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if *on {
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
		}
		return apply(ws), nil
	}
}

// TestContendedWriteLandsAsIncrement: another instance writes the key
// before each of A's writes. A's compare-and-swap is refused, and its retry
// adds its delta to the document (Write.Add), which no other writer
// refuses: it lands in the same flush, and the document read back (B's
// counts, A's once) is installed. The key is contended now: A's next flush
// adds at once, without a compare-and-swap first. Before Add writes, A
// lost every round and deferred its delta to the next flush, where it lost
// again (an outside audit at 24 and 32 instances).
func TestContendedWriteLandsAsIncrement(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	a := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Registerer: reg, Now: fixedClock(t0)})
	all := map[string]*cache.Cache{"A": a}

	hit(t, a, keyK, 3, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "write", "load", "write", "load")
	if w, o := calls[0].ws[0], calls[0].outs[0]; w.Add || o != syncer.Conflict {
		t.Errorf("first write %+v: %v; want a compare-and-swap, refused", w, o)
	}
	if w, o := calls[2].ws[0], calls[2].outs[0]; !w.Add || !slices.Equal(w.Frames, frames(3)) || o != syncer.Written {
		t.Errorf("retry %+v: %v; want A's 3 added, written", w, o)
	}
	// B wrote 1 before each of A's writes: 2, then A's 3 on top.
	want(t, inner, keyK, v0+2, 5, all, map[string]int64{"A": 5})
	conflicts := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_conflicts_total"))
	deferred := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_deferred_writes_total"))
	if conflicts != 1 || deferred != 0 {
		t.Errorf("conflicts %v, deferred writes %v; want 1 and 0", conflicts, deferred)
	}

	hit(t, a, keyK, 2, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls = wantOps(t, store, "write", "load")
	if w, o := calls[0].ws[0], calls[0].outs[0]; !w.Add || !slices.Equal(w.Frames, frames(2)) || o != syncer.Written {
		t.Errorf("next flush's write %+v: %v; want A's 2 added at once, written", w, o)
	}
	want(t, inner, keyK, v0+4, 8, all, map[string]int64{"A": 8})
	if n := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_increment_writes_total")); n != 2 {
		t.Errorf("increment writes %v, want 2 (the retry, then the next flush's)", n)
	}

	// Alone again: the document read back names B as a writer of the
	// last minute, so A goes on adding; the counts are exact either way.
	on = false
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store, "write", "load")
	want(t, inner, keyK, v0+5, 9, all, map[string]int64{"A": 9})
}

// contendedA returns A, whose key keyK is contended (its next write is an
// Add write), with store in front of inner, and B.
func contendedA(t *testing.T, inner *syncer.MemoryStore) (*cache.Cache, *syncer.Syncer, *scriptStore, *cache.Cache, *syncer.Syncer) {
	t.Helper()
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	on = false
	store.ops()
	store.nWrite = 0
	store.script = nil
	return a, sa, store, b, sb
}

// An Add write lands and its answer is lost: the next flush reads the
// document, finds its Seq and confirms it, without writing it again.
func TestLostAnswerOfALandedAdd(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, _ := contendedA(t, inner)
	all := map[string]*cache.Cache{"A": a}
	store.script = loseAnswers(true, nil, 1)
	hit(t, a, keyK, 2, t0)
	if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
		t.Fatalf("FlushOnce = %v, want the injected error", err)
	}
	if calls := wantOps(t, store, "write"); !calls[0].ws[0].Add {
		t.Errorf("wrote %+v, want an Add write", calls[0].ws[0])
	}
	want(t, inner, keyK, v0+3, 5, all, map[string]int64{"A": 5}) // landed; counted once
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store, "load")
	want(t, inner, keyK, v0+3, 5, all, map[string]int64{"A": 5})
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// An Add write does not land, its answer is lost, and it arrives late,
// after another instance's write and after its resend landed: the resend is
// the identical write (same Seq), so the late copy adds nothing. Another
// instance's write in between does not stop the resend, as it stops a
// compare-and-swap's.
func TestLostAddLandsLateAfterItsResend(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, b, sb := contendedA(t, inner)
	all := map[string]*cache.Cache{"A": a, "B": b}
	var late []syncer.Write
	store.script = loseAnswers(false, &late, 1)
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	hit(t, b, keyK, 1, t0)
	if err := sb.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write", "load")
	if len(late) != 1 || !slices.EqualFunc(calls[1].ws, late, func(x, y syncer.Write) bool {
		return x.Add && x.Seq == y.Seq && slices.Equal(x.Frames, y.Frames)
	}) {
		t.Errorf("resent %+v, want the identical %+v", calls[1].ws, late)
	}
	// B: 2 + 1, A: 1 + 2; B read the document back before A's resend.
	want(t, inner, keyK, v0+4, 6, all, map[string]int64{"A": 6, "B": 4})
	outs, err := inner.Write(t.Context(), late)
	if err != nil || outs[0] != syncer.Written {
		t.Fatalf("late copy: %v, %v; want written (a copy of a write that landed)", outs, err)
	}
	want(t, inner, keyK, v0+4, 6, all, map[string]int64{"A": 6, "B": 4})
}

// A reset lands between A's refused compare-and-swap and its Add write:
// the Add write is refused (another reset epoch), and the document read
// back drops the delta, counted before the reset: the reset's document
// stays empty of it.
func TestResetBeforeTheAddWrite(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1:
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
		case 2:
			if !ws[0].Add {
				t.Errorf("second write %+v, want an Add write", ws[0])
			}
			if _, err := sb.Reset(context.Background(), keyK); err != nil {
				t.Error(err)
			}
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	all := map[string]*cache.Cache{"A": a}
	hit(t, a, keyK, 4, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "write", "load", "write", "load")
	if o := calls[2].outs[0]; o != syncer.Conflict {
		t.Errorf("the Add write: %v, want conflict (reset)", o)
	}
	_, n := stored(t, inner, keyK, hourTier.Size)
	if n != 0 {
		t.Errorf("store holds %d after the reset, want 0", n)
	}
	want(t, inner, keyK, v0+1, 0, all, map[string]int64{"A": 0})
	hit(t, a, keyK, 1, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v0+2, 1, all, map[string]int64{"A": 1})
}

// An Add write lands but its read back fails: the delta stays local (the
// write is unsettled), a pull before the next flush does not install the
// document that holds it (no decision counts it twice: 7 where 5, before
// Syncer.ownUnsettled), and the next flush reads the document, finds its
// Seq and confirms it, without writing it again.
func TestAddLandedReadBackFails(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, _ := contendedA(t, inner)
	all := map[string]*cache.Cache{"A": a}
	down := true
	store.loadErr = func() error {
		if down {
			return errInjected
		}
		return nil
	}
	hit(t, a, keyK, 2, t0)
	if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
		t.Fatalf("FlushOnce = %v, want the injected error", err)
	}
	if sa.Unsettled() != 1 {
		t.Fatalf("Unsettled() = %d, want 1", sa.Unsettled())
	}
	want(t, inner, keyK, v0+3, 5, all, map[string]int64{"A": 5})
	down = false
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v0+3, 5, all, map[string]int64{"A": 5})
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store, "load")
	want(t, inner, keyK, v0+3, 5, all, map[string]int64{"A": 5})
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
	if err := sa.PullOnce(t.Context()); err != nil { // settled: the reads install it again
		t.Fatal(err)
	}
	want(t, inner, keyK, v0+3, 5, all, map[string]int64{"A": 5})
}

// A key that A only adds to keeps no frame past dropCutoff for long: A
// learns the frames past it from the documents it reads (a refused write's
// read back, here), and its next write drops them (Write.Drop). B writes
// the key only by Add writes (as every instance of a fleet that contends
// for it), and no write sets frames it does not name: without Drop every
// minute's frame stayed in the document. At most four: the current and
// the previous minute, the one before them (kept for the clocks behind:
// dropCutoff), and one past dropCutoff since A's last read.
func TestAddedKeyKeepsNoOldFrames(t *testing.T) {
	inner := syncer.NewMemoryStore()
	now := t0
	clock := func() time.Time { return now }
	bSeq := int64(0)
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		// B adds 1 to the current minute frame first (creating the
		// document the first time).
		bSeq = max(bSeq+1, now.UnixMilli()) // as a Syncer's: a writer of the last minute
		f := cache.Frame{Size: time.Minute, StartUnix: now.Unix() - now.Unix()%60, N: 1}
		w := syncer.Write{Key: keyK, Version: 1, NewVersion: 2, Frames: []cache.Frame{f}, Expire: now.Add(time.Hour), Instance: "B", Seq: bSeq, Add: true}
		if outs, err := inner.Write(context.Background(), []syncer.Write{w}); err != nil || outs[0] != syncer.Written {
			w.Add, w.Version, w.NewVersion = false, 0, 1
			if outs, err := inner.Write(context.Background(), []syncer.Write{w}); err != nil || outs[0] != syncer.Written {
				t.Errorf("B's write: %v, %v", outs, err)
			}
		}
		return apply(ws), nil
	}
	a := newCache(t, clock)
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: clock})
	minute := window.Tier{Limit: bigLimit, Size: time.Minute}
	most, adds := 0, 0
	for i := range 12 { // 6 minutes, a flush every 30 s
		now = t0.Add(time.Duration(i) * 30 * time.Second)
		d := a.Reserve(keyK, []window.Tier{minute}, 1, cache.Enforce, now)
		a.Commit(&d.Reservation)
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		_, calls := store.ops()
		for _, c := range calls {
			if c.op == "write" && c.ws[0].Add {
				adds++
			}
		}
		docs, err := inner.Load(t.Context(), []cache.Key{keyK})
		if err != nil {
			t.Fatal(err)
		}
		most = max(most, len(docs[0].Snapshot.Frames))
	}
	if most > 4 {
		t.Errorf("the document held up to %d minute frames, want at most 4", most)
	}
	if adds < 6 {
		t.Errorf("A added %d times in 12 flushes, want most of them", adds)
	}
}

// A restarts with its clock behind its earlier process's, whose Seq the
// key's document still holds. Before each process had an entry of its own
// (Syncer.Writer), the Seq guard refused each Add write below the old
// process's Seq (Write.Add), so under contention A's delta never landed
// until its clock passed the old Seq; the read back of the refused Add
// write lifted A's Seqs above it. Now the old entry is another writer's:
// A's delta lands in the same flush, under A's own entry.
func TestAddAfterARestartBehindTheOldSeq(t *testing.T) {
	inner := syncer.NewMemoryStore()
	ahead := fixedClock(t0.Add(10 * time.Second))
	old := newCache(t, ahead)
	sOld := newSyncer(t, syncer.Config{Cache: old, Store: inner, Instance: "A", Now: ahead})
	hit(t, old, keyK, 1, t0)
	if err := sOld.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 3, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, p := range a.AppendLocal(nil, t0) {
		t.Errorf("A still holds %+v unflushed after its flush", p.Delta)
	}
	docs, err := inner.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	if seq := docs[0].LastWrites[sa.Writer()]; seq == 0 {
		t.Errorf("lastWrites %v: no entry of A's new process (%s)", docs[0].LastWrites, sa.Writer())
	}
	if seq := docs[0].LastWrites[sOld.Writer()]; seq != t0.Add(10*time.Second).UnixMilli() {
		t.Errorf("lastWrites %v: the earlier process's entry %d, want its Seq %d kept", docs[0].LastWrites, seq, t0.Add(10*time.Second).UnixMilli())
	}
}

// TestAloneAgainLeavesIncrementMode (helper-45's review R5): a contended
// key whose other writer has stopped (B wrote it 10 s ago: still a writer
// of the last minute, no longer flushing it) goes back to
// compare-and-swaps once an Add write's read back shows that no other
// instance wrote it since the base, nor in the last few intervals: one
// write a flush, where an Add write costs a write and a read back. Before,
// the key stayed in increment mode for ActiveFor (a write and a read at
// every flush). When B writes again, A's compare-and-swap is refused and A
// adds.
func TestAloneAgainLeavesIncrementMode(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	nowA := t0
	clockA := func() time.Time { return nowA }
	a := newCache(t, clockA)
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: clockA})
	flush := func(s *syncer.Syncer) {
		t.Helper()
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	hit(t, a, keyK, 1, nowA)
	flush(sa) // B writes before each of A's writes: contended
	on = false
	store.ops()
	nowA = t0.Add(10 * time.Second)
	_, n0 := stored(t, inner, keyK, time.Hour)

	hit(t, a, keyK, 2, nowA)
	flush(sa)
	calls := wantOps(t, store, "write", "load")
	if w, o := calls[0].ws[0], calls[0].outs[0]; !w.Add || o != syncer.Written {
		t.Errorf("A's write %+v: %v; want an Add write, written", w, o)
	}
	for i := range 2 {
		hit(t, a, keyK, 1, nowA)
		flush(sa)
		if calls = wantOps(t, store, "write"); len(calls) == 1 {
			if w, o := calls[0].ws[0], calls[0].outs[0]; w.Add || o != syncer.Written {
				t.Errorf("A's write %d alone: %+v: %v; want a compare-and-swap, written", i, w, o)
			}
		}
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != n0+4 {
		t.Errorf("store holds %d, want %d", n, n0+4)
	}
	hit(t, b, keyK, 1, t0)
	flush(sb)
	hit(t, a, keyK, 1, nowA)
	flush(sa)
	if calls = wantOps(t, store, "write", "load", "write", "load"); len(calls) == 4 {
		if w, o := calls[2].ws[0], calls[2].outs[0]; !w.Add || o != syncer.Written {
			t.Errorf("A's retry after B wrote %+v: %v; want an Add write, written", w, o)
		}
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != n0+6 {
		t.Errorf("store holds %d, want %d", n, n0+6)
	}
	if e := estimate(a, keyK, hourTier, nowA); e != n0+6 {
		t.Errorf("A's estimate %d, want %d", e, n0+6)
	}
}

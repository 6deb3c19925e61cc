package syncer_test

import (
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// What keeps a key in increment mode (Add writes) after an Add write lands,
// what the Add write's confirmation does to the share, when a flush stops
// retrying refused writes, and when it prunes stale entries instead of
// adding. See FlushOnce, step 4.

// flushA flushes s and fails the test on an error.
func flushA(t *testing.T, s *syncer.Syncer) {
	t.Helper()
	if err := s.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// nextWriteIsAdd flushes a's new count of keyK and reports whether the
// flush's first write was an Add write.
func nextWriteIsAdd(t *testing.T, a *cache.Cache, sa *syncer.Syncer, store *scriptStore, now time.Time) bool {
	t.Helper()
	store.ops()
	hit(t, a, keyK, 1, now)
	flushA(t, sa)
	_, calls := store.ops()
	if len(calls) == 0 || calls[0].op != "write" {
		t.Fatalf("flush made calls %v, want a write first", calls)
	}
	return calls[0].ws[0].Add
}

// A key stays in increment mode after an Add write lands while another
// instance still writes it: either another write landed between the base
// and the Add write (the version moved by more than the Add write's one),
// or another instance wrote it within the last few intervals (its Seq, at
// its clock, is recent). Each alone keeps it: the version, when the other
// instance's clock is 10 s behind (its Seqs read older than the few
// intervals); the other's recent write, when none landed in between.
func TestAddKeepsIncrementModeWhileOthersWrite(t *testing.T) {
	cases := []struct {
		name        string
		bBehind     time.Duration // B's clock behind A's
		bDuringNext bool          // B writes before A's Add write too, not only before its first write
	}{
		{"a write in between, by a clock behind", 10 * time.Second, true},
		{"none in between, the other wrote lately", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			b := newCache(t, fixedClock(t0))
			sb := newSyncer(t, syncer.Config{Cache: b, Store: inner, Instance: "B", Now: fixedClock(t0.Add(-tc.bBehind))})
			on := true
			store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
			a, sa := instance(t, store, "A")
			hit(t, a, keyK, 1, t0)
			flushA(t, sa) // B before A's compare-and-swap (refused) and before its Add write
			on = false
			if !tc.bDuringNext {
				// The Add write just made followed B's write directly;
				// now one that no write precedes.
				if !nextWriteIsAdd(t, a, sa, store, t0) {
					t.Fatal("the flush after the refused one wrote a compare-and-swap, want an Add write")
				}
			}
			if !nextWriteIsAdd(t, a, sa, store, t0) {
				t.Error("next flush wrote a compare-and-swap, want an Add write: B still writes the key")
			}
		})
	}
}

// An Add write's confirmation installs the document read back as this
// instance's own write: its delta counts as flushed since the last read,
// and the share renews at the pulls only. Renewed at each flush of a
// contended key, the share let an instance take another share every
// Interval.
func TestAddWriteDoesNotRenewShare(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	a, sa := instance(t, store, "A")
	limited := []window.Tier{{Limit: 100, Size: time.Hour}}
	admit := func(n int) int {
		admitted := 0
		for range n {
			d := a.Reserve(keyK, limited, 1, cache.Enforce, t0)
			if d.Allowed {
				admitted++
				a.Commit(&d.Reservation)
			}
		}
		return admitted
	}
	hit(t, a, keyK, 1, t0)
	flushA(t, sa) // contended: B wrote before each of A's writes; the store holds 3
	on = false
	if err := sa.PullOnce(t.Context()); err != nil { // names A and B as writers: the share is half
		t.Fatal(err)
	}
	if got := admit(100); got != 49 {
		t.Fatalf("admitted %d after the pull, want 49 (half the 97 the store leaves, rounded up)", got)
	}
	store.ops()
	flushA(t, sa)
	if calls := wantOps(t, store, "write", "load"); len(calls) == 2 && !calls[0].ws[0].Add {
		t.Fatalf("wrote %+v, want an Add write", calls[0].ws[0])
	}
	if got := admit(100); got != 0 {
		t.Errorf("admitted %d after the Add write landed, want 0 until a read", got)
	}
}

// No retry of refused writes begins once the flush has taken its budget
// (Interval), but for the first Add write of a compare-and-swap another
// instance refused. Each write here takes half an Interval, and every
// write is refused (another instance writes the key before it, and the
// store refuses even the Add writes, as a reset before each would): the
// compare-and-swap and one Add write fit, and the flush stops when the
// second has taken a whole Interval. Without a budget, MaxRetries (3)
// bounds them: four writes.
func TestRetriesStopAtTheFlushBudget(t *testing.T) {
	cases := []struct {
		name       string
		writeTakes time.Duration
		wantWrites int
	}{
		{"half an Interval a write", 500 * time.Millisecond, 2},
		{"a whole Interval a write", time.Second, 2},
		{"no time", 0, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			b, sb := instance(t, inner, "B")
			now := t0
			clock := func() time.Time { return now }
			store := &scriptStore{Store: inner, script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				hit(t, b, keyK, 1, t0)
				if err := sb.FlushOnce(t.Context()); err != nil {
					t.Error(err)
				}
				now = now.Add(tc.writeTakes)
				return refuseAll(ws), nil
			}}
			a := newCache(t, clock)
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: clock, Interval: time.Second})
			hit(t, a, keyK, 3, t0)
			flushA(t, sa)
			ops, _ := store.ops()
			writes := writesIn(ops)
			if writes != tc.wantWrites {
				t.Errorf("%d writes (store calls %v), want %d", writes, ops, tc.wantWrites)
			}
			if got := estimate(a, keyK, hourTier, now); got != 3+int64(writes) {
				t.Errorf("A's estimate %d, want its own 3 (deferred, still counted) and B's %d", got, writes)
			}
		})
	}
}

// The same bounds for a key without a document, whose compare-and-swap
// creating it the store does not execute: each refusal is read back as no
// document, and the retry is a compare-and-swap again. It stops once the
// flush has taken Interval, else after MaxRetries; the delta waits for
// the next flush.
func TestRetriesOfACreationStopAtTheFlushBudget(t *testing.T) {
	cases := []struct {
		name       string
		writeTakes time.Duration
		wantWrites int
	}{
		{"a whole Interval a write", time.Second, 1},
		{"no time", 0, 4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			now := t0
			clock := func() time.Time { return now }
			store := &scriptStore{Store: inner, script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				now = now.Add(tc.writeTakes)
				if n <= 10 {
					return refuseAll(ws), nil
				}
				return apply(ws), nil
			}}
			a := newCache(t, clock)
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: clock, Interval: time.Second})
			hit(t, a, keyK, 3, t0)
			flushA(t, sa)
			ops, calls := store.ops()
			writes := 0
			for _, c := range calls {
				if c.op == "write" {
					writes++
					if c.ws[0].Add || c.ws[0].Version != 0 {
						t.Errorf("write %+v, want a compare-and-swap creating the document", c.ws[0])
					}
				}
			}
			if writes != tc.wantWrites {
				t.Errorf("%d writes (store calls %v), want %d", writes, ops, tc.wantWrites)
			}
			if _, n := stored(t, inner, keyK, time.Hour); n != 0 {
				t.Errorf("store holds %d, want nothing yet", n)
			}
			if got := estimate(a, keyK, hourTier, now); got != 3 {
				t.Errorf("A's estimate %d, want its own 3 (deferred, still counted)", got)
			}
		})
	}
}

// A refused compare-and-swap whose document holds other instances' stale
// entries is retried as a compare-and-swap once a flush, which prunes them
// (only a compare-and-swap can), then as an Add write, which another writer
// cannot refuse: here B adds to the key before each of A's writes, and A's
// delta lands at its third write. A compare-and-swap in every round lost
// every round to B.
func TestPruneIsTriedOnceAFlush(t *testing.T) {
	inner := syncer.NewMemoryStore()
	old := t0.Add(-72 * time.Hour) // two days and more: an entry to prune
	if _, err := inner.Write(t.Context(), []syncer.Write{{
		Key: keyK, NewVersion: old.UnixMilli(), Instance: "old-0", Seq: old.UnixMilli(), Expire: t0.Add(72 * time.Hour),
		Frames: []cache.Frame{{Size: 24 * time.Hour, StartUnix: old.Unix(), N: 1}},
	}}); err != nil {
		t.Fatal(err)
	}
	bSeq := t0.UnixMilli()
	on := true
	store := &scriptStore{Store: inner, script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if on && n <= 8 { // B adds 1 before each of A's writes
			bSeq++
			if outs := apply([]syncer.Write{{Key: keyK, NewVersion: 1, Instance: "B", Seq: bSeq, Add: true, Expire: t0.Add(72 * time.Hour),
				Frames: []cache.Frame{{Size: time.Hour, StartUnix: t0.Unix(), N: 1}}}}); outs[0] != syncer.Written {
				t.Errorf("B's Add write: %v", outs[0])
			}
		}
		return apply(ws), nil
	}}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 3, t0)
	writes := func() []string {
		t.Helper()
		flushA(t, sa)
		_, calls := store.ops()
		var kinds []string
		for _, c := range calls {
			if c.op == "write" {
				kind := "cas"
				if c.ws[0].Add {
					kind = "add"
				}
				if len(c.ws[0].Prune) > 0 {
					kind += "+prune"
				}
				kinds = append(kinds, kind+":"+map[syncer.Outcome]string{syncer.Written: "written", syncer.Conflict: "refused", syncer.Unknown: "unknown"}[c.outs[0]])
			}
		}
		return kinds
	}
	if got, want := writes(), []string{"cas:refused", "cas+prune:refused", "add:written"}; !slices.Equal(got, want) {
		t.Errorf("A's writes %v, want %v", got, want)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 3+3 {
		t.Errorf("store holds %d in the hour, want B's 3 and A's 3", n)
	}
	// Contended now, but with the stale entry still there: the next flush
	// starts with the compare-and-swap that prunes it.
	on = false
	hit(t, a, keyK, 1, t0)
	if got, want := writes(), []string{"cas+prune:written"}; !slices.Equal(got, want) {
		t.Errorf("A's next writes %v, want %v", got, want)
	}
	docs, err := inner.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := docs[0].LastWrites["old-0"]; ok {
		t.Errorf("lastWrites %v, want the stale entry pruned", docs[0].LastWrites)
	}
}

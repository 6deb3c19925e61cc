package syncer_test

import (
	"errors"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestResetNotResurrected resets keys from instance B while instance A holds
// counts of them from before the reset in each of the places a count can
// wait for the store: unflushed in a held key (kU), in a delta a flush took
// and whose answer was lost (kT, landed or not), and in a key evicted with
// unflushed counts (kD, detached). A learns of the reset by a pull or by its
// next write, which conflicts. After A's flushes the store holds nothing of
// the old counts and A's estimates are 0 (not below); what A commits after
// it learned of the reset is kept exactly, and B's own unflushed counts are
// gone the moment its Reset returns; B's counts after the reset are not
// taken by A's flush. Before the reset epoch, A's flush
// rebased its old delta on the reset's document and wrote it back.
func TestResetNotResurrected(t *testing.T) {
	cases := []struct {
		name      string
		landed    bool // kT's write whose answer was lost landed before the reset
		pullFirst bool // A pulls before its next flush
	}{
		{"LostAnswerNotLanded", false, false},
		{"LostAnswerLanded", true, false},
		{"PullFirstNotLanded", false, true},
		{"PullFirstLanded", true, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			store := &scriptStore{Store: inner}
			// A holds at most 3 keys (one shard), so that a fourth
			// evicts the least recently used of those with counts.
			a, err := cache.New(cache.Config{Shards: 1, MaxKeys: 3, Now: fixedClock(t0)})
			if err != nil {
				t.Fatal(err)
			}
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0)})
			b, sb := instance(t, inner, "B")
			kT := cache.Key{ClientID: "c", User: "taken"}
			kD := cache.Key{ClientID: "c", User: "detached"}
			kU := cache.Key{ClientID: "c", User: "unflushed"}
			kX := cache.Key{ClientID: "c", User: "newcomer"}
			at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
			flush := func(s *syncer.Syncer) {
				t.Helper()
				if err := s.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}

			// Each key has a document A installed: A knows its epoch.
			hit(t, a, kT, 2, at(0))
			hit(t, a, kD, 2, at(0))
			hit(t, a, kU, 2, at(0))
			flush(sa)
			// kT: 5 more, whose write's answer is lost.
			hit(t, a, kT, 5, at(1))
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if n != 2 {
					return apply(ws), nil
				}
				if len(ws) != 1 || ws[0].Key != kT {
					t.Fatalf("second write call %v: want kT's alone", ws)
				}
				if tc.landed {
					apply(ws)
				}
				return []syncer.Outcome{syncer.Unknown}, fmt.Errorf("%w: answer lost", errInjected)
			}
			if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
				t.Fatalf("flush with a lost answer: %v", err)
			}
			if sa.Unsettled() != 1 {
				t.Fatalf("unsettled %d, want kT's write", sa.Unsettled())
			}
			// kD: 5 more, then evicted by a fourth key (kT and kU were
			// used later) and held apart for them.
			hit(t, a, kD, 5, at(2))
			hit(t, a, kU, 5, at(3))
			estimate(a, kT, hourTier, at(3)) // used: not the one evicted
			estimate(a, kX, hourTier, at(4)) // a fourth key, no count
			if st := a.Stats(); st.Detached != 1 {
				t.Fatalf("detached keys %d, want kD", st.Detached)
			}
			if _, held := a.LongestWindow(kD); held {
				t.Fatal("kD still held: the eviction took another key")
			}

			// B holds 4 unflushed counts of kU and resets all three.
			hit(t, b, kU, 4, at(4))
			wantCleared := map[cache.Key]int64{kT: 2, kD: 2, kU: 2}
			if tc.landed {
				wantCleared[kT] += 5
			}
			for _, k := range []cache.Key{kT, kD, kU} {
				r, err := sb.Reset(t.Context(), k)
				if err != nil {
					t.Fatalf("reset %v: %v", k, err)
				}
				if r.Cleared != wantCleared[k] || r.Epoch != t0.UnixMilli() {
					t.Errorf("reset %v: %+v, want cleared %d, epoch %d", k, r, wantCleared[k], t0.UnixMilli())
				}
			}
			if e := estimate(b, kU, hourTier, at(4)); e != 0 {
				t.Errorf("B's estimate of kU right after its reset: %d, want 0", e)
			}
			if got := b.Stats().ResetDropped; got != 4 {
				t.Errorf("B's Stats.ResetDropped %d, want its 4 unflushed counts", got)
			}
			// B counts kT after the reset, before A learns of it: A's
			// flush must neither bring back its old counts nor take
			// B's new ones.
			hit(t, b, kT, 3, at(4))
			flush(sb)
			after := map[cache.Key]int64{kT: 3, kD: 0, kU: 0}

			store.script = nil
			if tc.pullFirst {
				if err := sa.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			flush(sa)
			// Nothing of the old counts is left to flush, nor a
			// negative count (a dropped delta subtracted again).
			if ps := a.AppendLocal(nil, at(5)); len(ps) != 0 {
				t.Errorf("A's unflushed counts after the flush that met the resets: %+v, want none", ps)
			}
			flush(sa)
			if sa.Unsettled() != 0 {
				t.Fatalf("unsettled %d after the flushes", sa.Unsettled())
			}
			for _, k := range []cache.Key{kT, kD, kU} {
				if _, n := stored(t, inner, k, time.Hour); n != after[k] {
					t.Errorf("store holds %d of %v after A's flushes, want %d: the reset's counts came back, or B's were lost", n, k, after[k])
				}
			}
			for _, k := range []cache.Key{kT, kU} {
				if e := estimate(a, k, hourTier, at(5)); e != after[k] {
					t.Errorf("A's estimate of %v: %d, want %d", k, e, after[k])
				}
			}
			st := a.Stats()
			if st.ResetDropped != 15 {
				t.Errorf("A's Stats.ResetDropped %d, want 15 (5 of each key)", st.ResetDropped)
			}
			if st.Detached != 0 {
				t.Errorf("A still holds %d detached keys", st.Detached)
			}

			// Counts after the reset are kept, exactly: kD is a new key
			// for A now (evicted, seen again).
			hit(t, a, kT, 3, at(6))
			hit(t, a, kU, 3, at(6))
			hit(t, a, kD, 3, at(6))
			flush(sa)
			flush(sb)
			if err := sb.PullOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			for _, k := range []cache.Key{kT, kD, kU} {
				if _, n := stored(t, inner, k, time.Hour); n != after[k]+3 {
					t.Errorf("store holds %d of %v, want the %d counted after the reset", n, k, after[k]+3)
				}
				if e := estimate(a, k, hourTier, at(7)); e != after[k]+3 {
					t.Errorf("A's estimate of %v: %d, want %d", k, e, after[k]+3)
				}
			}
			if e := estimate(b, kU, hourTier, at(7)); e != 3 {
				t.Errorf("B's estimate of kU: %d, want 3", e)
			}
		})
	}
}

// TestResetNewKeyKeepsCounts: a key an instance sees for the first time
// after a reset (never installed a document: new to it, or evicted and seen
// again) takes the document's epoch on its first install without dropping
// its counts, whether that install is the read of new keys, a pull or its
// write's conflict. Dropping them would lose counts made after the reset.
func TestResetNewKeyKeepsCounts(t *testing.T) {
	cases := []struct {
		name    string
		install func(t *testing.T, s *syncer.Syncer)
	}{
		{"LoadNew", func(t *testing.T, s *syncer.Syncer) {
			if err := s.LoadNewOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}},
		{"Pull", func(t *testing.T, s *syncer.Syncer) {
			if err := s.PullOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}},
		{"WriteConflict", func(*testing.T, *syncer.Syncer) {}},
	}
	for _, tc := range cases {
		for _, seenBefore := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/SeenBefore=%v", tc.name, seenBefore), func(t *testing.T) {
				store := syncer.NewMemoryStore()
				a, sa := instance(t, store, "A")
				b, sb := instance(t, store, "B")
				hit(t, b, keyK, 2, t0)
				if err := sb.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if seenBefore {
					// A knew the key (and its epoch), then swept it.
					if err := sa.PullOnce(t.Context()); err != nil {
						t.Fatal(err)
					}
					hit(t, a, keyK, 1, t0)
					if err := sa.FlushOnce(t.Context()); err != nil {
						t.Fatal(err)
					}
					if n := a.Sweep(t0.Add(72 * time.Hour)); n != 1 {
						t.Fatalf("swept %d keys, want 1", n)
					}
				}
				if _, err := sb.Reset(t.Context(), keyK); err != nil {
					t.Fatal(err)
				}
				a.TakeFresh(nil, 0) // the first case reads only what comes next
				hit(t, a, keyK, 3, t0)
				tc.install(t, sa)
				if err := sa.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if _, n := stored(t, store, keyK, time.Hour); n != 3 {
					t.Errorf("store holds %d, want A's 3 counted after the reset", n)
				}
				if e := estimate(a, keyK, hourTier, t0); e != 3 {
					t.Errorf("A's estimate %d, want 3", e)
				}
				if got := a.Stats().ResetDropped; got != 0 {
					t.Errorf("A's Stats.ResetDropped %d, want 0", got)
				}
			})
		}
	}
}

// TestResetUnknownKey: a key neither the store nor the instance holds is
// not reset (nothing is written); one the instance alone holds gets a
// document holding only the epoch, for the others that may count it.
func TestResetUnknownKey(t *testing.T) {
	store := syncer.NewMemoryStore()
	a, sa := instance(t, store, "A")
	if _, err := sa.Reset(t.Context(), keyK); !errors.Is(err, syncer.ErrUnknownKey) {
		t.Fatalf("reset of an unknown key: %v, want ErrUnknownKey", err)
	}
	if store.Len() != 0 {
		t.Fatalf("the store holds %d documents after an unknown key's reset", store.Len())
	}
	hit(t, a, keyK, 2, t0)
	r, err := sa.Reset(t.Context(), keyK)
	if err != nil {
		t.Fatal(err)
	}
	want := syncer.ResetResult{Version: v0, Epoch: t0.UnixMilli(), Cleared: 0, DroppedHere: 2, Held: true}
	if r != want {
		t.Errorf("reset: %+v, want %+v", r, want)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 0 {
		t.Errorf("estimate after the reset %d, want 0", e)
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if v, n := stored(t, store, keyK, time.Hour); v != v0 || n != 0 {
		t.Errorf("store: %d at v0%+d, want 0 at v0", n, v-v0)
	}
}

// TestResetStoreDown: a store that does not answer leaves the reset undone,
// and says so; one that loses the write's answer may have done it, and
// Reset says that instead.
func TestResetStoreDown(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 2, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	store.loadErr = func() error { return errInjected }
	if _, err := sa.Reset(t.Context(), keyK); !errors.Is(err, syncer.ErrResetNotDone) || !errors.Is(err, errInjected) {
		t.Errorf("reset with the store down: %v, want ErrResetNotDone", err)
	}
	store.loadErr = nil
	calls := 0
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		calls++
		if calls == 1 {
			store.loadErr = func() error { return errInjected } // and the read-back fails
		}
		return []syncer.Outcome{syncer.Unknown}, errInjected
	}
	if _, err := sa.Reset(t.Context(), keyK); !errors.Is(err, syncer.ErrResetUnknown) {
		t.Errorf("reset whose answer was lost: %v, want ErrResetUnknown", err)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 2 {
		t.Errorf("estimate %d after resets that did not happen, want 2", e)
	}
}

// TestResetReachesRunningInstances runs two instances' loops (Run) on one
// store, in a synctest bubble: a reset from one clears the counts the other
// holds, flushed or not, within a sync interval, and its later counts are
// shared as before.
func TestResetReachesRunningInstances(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := syncer.NewMemoryStore()
		type inst struct {
			c *cache.Cache
			s *syncer.Syncer
		}
		var insts [2]inst
		for i := range insts {
			c, err := cache.New(cache.Config{Shards: 4})
			if err != nil {
				t.Fatal(err)
			}
			insts[i] = inst{c, newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: fmt.Sprint("I", i), Interval: time.Second})}
			go insts[i].s.Run(t.Context())
		}
		a, b := insts[0], insts[1]
		hitNow := func(c *cache.Cache, n int) { hit(t, c, keyK, n, time.Now()) }
		est := func(c *cache.Cache) int64 { return estimate(c, keyK, hourTier, time.Now()) }

		// Act between the loops' ticks (whole seconds from the start),
		// so that no action races a flush or a pull.
		time.Sleep(500 * time.Millisecond)
		hitNow(a.c, 5)
		time.Sleep(2 * time.Second) // flushed, and pulled by b
		hitNow(b.c, 2)
		synctest.Wait()
		hitNow(a.c, 3) // unflushed when the reset comes
		if _, err := b.s.Reset(t.Context(), keyK); err != nil {
			t.Fatal(err)
		}
		if e := est(b.c); e != 0 {
			t.Errorf("b's estimate right after its reset: %d, want 0", e)
		}
		time.Sleep(2 * time.Second)
		if e := est(a.c); e != 0 {
			t.Errorf("a's estimate a sync after the reset: %d, want 0", e)
		}
		docs, err := store.Load(t.Context(), []cache.Key{keyK})
		if err != nil {
			t.Fatal(err)
		}
		if fs := docs[0].Snapshot.Frames; len(fs) != 0 {
			t.Errorf("store after the reset and a sync: %v, want no counts", fs)
		}
		hitNow(a.c, 4)
		time.Sleep(2 * time.Second) // flushed by a
		// b reads the key again when it uses it after a pause (a pull
		// reads only the keys used since their last read): a look, then
		// the read of the keys new or used again, within NewKeyInterval.
		est(b.c)
		time.Sleep(200 * time.Millisecond)
		for name, c := range map[string]*cache.Cache{"a": a.c, "b": b.c} {
			if e := est(c); e != 4 {
				t.Errorf("%s's estimate: %d, want the 4 counted after the reset", name, e)
			}
		}
	})
}

// A reset whose answer is lost, and which another instance writes over
// before the reset reads its document back: the resetting instance learns
// the reset from that read, installs the document it read (the other's
// counts since the reset) rather than keep deciding on the old counts, and
// loses none of its own later counts.
func TestResetLostAnswerThenAnotherWriter(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	a, sa := instance(t, store, "A")
	b, sb := instance(t, store, "B")
	hit(t, a, keyK, 5, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(t, a, keyK, 2, t0) // unflushed when the reset comes
	hit(t, b, keyK, 1, t0) // b's request after the reset, flushed before a reads back
	inScript := false
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if inScript || ws[0].Instance != sa.Writer() {
			return apply(ws), nil
		}
		inScript = true
		apply(ws) // the reset lands,
		if err := sb.FlushOnce(t.Context()); err != nil {
			t.Errorf("b's flush over the reset: %v", err)
		}
		return []syncer.Outcome{syncer.Unknown}, fmt.Errorf("%w: answer lost", errInjected) // and its answer is lost
	}
	res, err := sa.Reset(t.Context(), keyK)
	if err != nil {
		t.Fatalf("reset whose answer was lost, then read back: %v", err)
	}
	store.script = nil
	if res.Cleared != 5 || res.DroppedHere != 2 {
		t.Errorf("reset cleared %d, dropped here %d; want the store's 5 and a's unflushed 2", res.Cleared, res.DroppedHere)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 1 {
		t.Errorf("a's estimate right after its reset: %d, want b's 1 since (not the 5 from before)", e)
	}
	hit(t, a, keyK, 3, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, store, keyK, time.Hour); n != 4 {
		t.Errorf("store after a's next flush: %d, want 4 (b's 1, a's 3)", n)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 4 {
		t.Errorf("a's estimate after its flush: %d, want 4", e)
	}
	if st := a.Stats(); st.ResetDropped != 2 {
		t.Errorf("a dropped %d counts for the reset, want its 2 unflushed", st.ResetDropped)
	}
}

// TestResetAfterOwnPull: the instance that resets a key can learn of the
// reset from its own pull before its Reset returns. A pull takes only
// pullMu, not the mu that Reset holds, so it can read the reset's document
// between the moment the reset's write lands and the moment Reset drops
// this instance's counts (cache.Cache.Reset). It can also read a later
// document of the same epoch, written over it by another instance. The
// pull drops the counts from before the reset, and the reset's answer
// (DroppedHere) counts them still. The tokens this instance
// issues after the pull, on the counts the pull installed, must stay, and
// so must a reservation admitted before the reset and committed in that
// moment: Reset's own drop comes later and must drop nothing. An outside
// audit (U1: 32 tokens after a reset, 31 stored, no count reported as
// dropped) prompted this check. This is the moment where the instance
// asked could lose a count without a fault; the audit's loss came from
// elsewhere.
func TestResetAfterOwnPull(t *testing.T) {
	for _, later := range []bool{false, true} {
		t.Run(fmt.Sprintf("LaterWrite=%v", later), func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			store := &scriptStore{Store: inner}
			b, sb := instance(t, store, "B")
			c, sc := instance(t, inner, "C")
			hit(t, b, keyK, 5, t0)
			if err := sb.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			hit(t, b, keyK, 4, t0) // unflushed when the reset comes: dropped
			open := b.Reserve(keyK, tiers, 1, cache.Enforce, t0)
			if !open.Allowed {
				t.Fatalf("reservation not admitted: %+v", open)
			}
			var others int64 // C's counts written over the reset
			landed := false
			store.script = func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if landed {
					return apply(ws), nil
				}
				landed = true
				outs := apply(ws) // the reset lands
				if later {
					// C counts the key for the first time: its
					// write conflicts with the reset's document,
					// which it takes, and lands over it.
					hit(t, c, keyK, 2, t0)
					if err := sc.FlushOnce(t.Context()); err != nil {
						t.Errorf("C's flush over the reset: %v", err)
					}
					others = 2
				}
				estimate(b, keyK, hourTier, t0) // used since its last read: the pull reads it
				if err := sb.PullOnce(t.Context()); err != nil {
					t.Errorf("B's pull during its reset: %v", err)
				}
				if e := estimate(b, keyK, hourTier, t0); e != others+1 {
					t.Errorf("B's estimate after its pull read the reset: %d, want %d (C's, and the open reservation)", e, others+1)
				}
				// Tokens issued on the counts the pull installed.
				hit(t, b, keyK, 1, t0)
				b.Commit(&open.Reservation)
				return outs, nil
			}
			r, err := sb.Reset(t.Context(), keyK)
			if err != nil {
				t.Fatal(err)
			}
			store.script = nil
			if r.Cleared != 5 || r.DroppedHere != 4 {
				t.Errorf("reset cleared %d, dropped here %d; want the store's 5 and B's 4 from before the reset, which its own pull dropped", r.Cleared, r.DroppedHere)
			}
			want := others + 2
			if e := estimate(b, keyK, hourTier, t0); e != want {
				t.Errorf("B's estimate right after its reset: %d, want %d: the reset dropped tokens issued after B had read it", e, want)
			}
			if got := b.Stats().ResetDropped; got != 4 {
				t.Errorf("B's Stats.ResetDropped %d, want its 4 counts from before the reset", got)
			}
			if err := sb.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			if _, n := stored(t, inner, keyK, time.Hour); n != want {
				t.Errorf("store after B's flush: %d, want %d (B's 2 after the reset, C's %d)", n, want, others)
			}
			if ps := b.AppendLocal(nil, t0); len(ps) != 0 {
				t.Errorf("B's unflushed counts after its flush: %+v, want none", ps)
			}
		})
	}
}

// TestResetLandsUnderIncrements is helper-45's R4: a reset competes with
// the writes of other instances, and those of a key they share are
// increments (Write.Add), which land whatever the version. Here another
// instance lands an increment of the key between each read of the reset
// and its write. The reset must land at its first write and clear that
// increment too (Cleared counts what the reset read: a lower bound); what
// the other instance counts once it has read the reset is kept. While the
// reset was a compare-and-swap on the version, each of its 5 attempts lost
// to the increment before it, and the reset did not happen.
func TestResetLandsUnderIncrements(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	a, sa := instance(t, store, "A")
	b, sb := instance(t, inner, "B")
	flush := func(s *syncer.Syncer) {
		t.Helper()
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	hit(t, a, keyK, 3, t0)
	flush(sa)
	hit(t, b, keyK, 2, t0) // B's write meets A's: B adds from now on
	flush(sb)
	store.ops() // forget A's flush
	writes := 0
	store.script = func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if ws[0].Epoch != 0 { // the reset's write: A's flushes carry epoch 0
			writes++
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(t.Context()); err != nil {
				t.Errorf("B's flush before the reset's write: %v", err)
			}
		}
		return apply(ws), nil
	}
	r, err := sa.Reset(t.Context(), keyK)
	store.script = nil
	if err != nil {
		t.Fatalf("reset while B adds before each of its writes (%d writes): %v", writes, err)
	}
	if writes != 1 {
		t.Errorf("the reset took %d writes, want 1", writes)
	}
	wantOps(t, store, "load", "write", "load")
	if r.Cleared != 5 || r.DroppedHere != 0 {
		t.Errorf("reset %+v: want cleared 5 (read before B's last increment), dropped here 0", r)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 0 {
		t.Errorf("store holds %d after the reset, want 0 (B's increment before its write cleared too)", n)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 0 {
		t.Errorf("A's estimate right after its reset: %d, want 0", e)
	}
	// B learns of the reset by a pull, and its counts since are kept.
	estimate(b, keyK, hourTier, t0) // used since its last read: the pull reads it
	if err := sb.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(t, b, keyK, 4, t0)
	flush(sb)
	estimate(a, keyK, hourTier, t0)
	if err := sa.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 4 {
		t.Errorf("store holds %d, want B's 4 counted after the reset", n)
	}
	for name, c := range map[string]*cache.Cache{"A": a, "B": b} {
		if e := estimate(c, keyK, hourTier, t0); e != 4 {
			t.Errorf("%s's estimate %d, want 4", name, e)
		}
	}
	if got := b.Stats().ResetDropped; got != 0 {
		t.Errorf("B's Stats.ResetDropped %d, want 0: every count of B's had landed before the reset", got)
	}
}

// TestResetReadBackFails: the reset's write landed, and another instance
// wrote over it, but the read back failed. The reset is done all the same:
// it reports the version its write gave the document at least, this
// instance drops its counts and holds no frames, and its next flush meets
// the document (refused on that version, then added) and loses nothing.
func TestResetReadBackFails(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	a, sa := instance(t, store, "A")
	b, sb := instance(t, inner, "B")
	hit(t, a, keyK, 3, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(t, a, keyK, 2, t0) // unflushed when the reset comes
	store.script = func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		outs := apply(ws)
		hit(t, b, keyK, 1, t0) // B's first count of the key, after the reset
		if err := sb.FlushOnce(t.Context()); err != nil {
			t.Errorf("B's flush over the reset: %v", err)
		}
		store.loadErr = func() error { return errInjected }
		return outs, nil
	}
	r, err := sa.Reset(t.Context(), keyK)
	store.script, store.loadErr = nil, nil
	if err != nil {
		t.Fatalf("reset whose read back failed: %v", err)
	}
	if r.Version != v0+1 || r.Epoch != t0.UnixMilli() || r.Cleared != 3 || r.DroppedHere != 2 {
		t.Errorf("reset %+v: want version v0+1 (at least), epoch t0, cleared 3, dropped here 2", r)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 0 {
		t.Errorf("A's estimate right after its reset: %d, want 0", e)
	}
	hit(t, a, keyK, 4, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if v, n := stored(t, inner, keyK, time.Hour); n != 5 || v != v0+3 {
		t.Errorf("store holds %d at v0%+d, want 5 (B's 1, A's 4) at v0+3 (the reset, B's and A's increments)", n, v-v0)
	}
	if e := estimate(a, keyK, hourTier, t0); e != 5 {
		t.Errorf("A's estimate after its flush: %d, want 5", e)
	}
	if got := a.Stats().ResetDropped; got != 2 {
		t.Errorf("A's Stats.ResetDropped %d, want its 2 unflushed", got)
	}
}

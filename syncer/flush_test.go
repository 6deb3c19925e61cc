package syncer_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Steps of FlushOnce, HotOnce and write that the count checks elsewhere do
// not see: which Seqs a flush takes, which store calls a hot flush makes,
// when a write's document expires, and which batches are sent after one
// that went partly wrong. Each test fails if its step is left out or
// changed (mutation testing, h73).

// A flush takes one Seq for all of its first writes, however many keys it
// writes, and the next flush at the same clock reading the next one: the
// Seqs stay at the clock in Unix milliseconds (nextSeq), which a restarted
// instance with the same ID relies on not to repeat one, and which the
// other instances read as the time of the write (othersSince). A Seq per
// key would run a flush of 1,000 keys a second ahead of the clock (1 ms a
// Seq).
func TestFlushTakesOneSeqForAllItsWrites(t *testing.T) {
	store := &scriptStore{Store: syncer.NewMemoryStore()}
	a, sa := instance(t, store, "A")
	keys := make([]cache.Key, 5)
	for i := range keys {
		keys[i] = cache.Key{ClientID: "c", User: fmt.Sprint(i)}
		hit(t, a, keys[i], 1, t0)
	}
	seqs := func() map[int64]int {
		t.Helper()
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		m := map[int64]int{}
		for _, call := range wantOps(t, store, "write") {
			for _, w := range call.ws {
				m[w.Seq]++
			}
		}
		return m
	}
	first := seqs()
	want := t0.UnixMilli()
	if len(first) != 1 || first[want] != len(keys) {
		t.Fatalf("first flush: Seqs %v, want %d writes under %d (the clock)", first, len(keys), want)
	}
	hit(t, a, keys[0], 1, t0)
	if second := seqs(); len(second) != 1 || second[want+1] != 1 {
		t.Fatalf("second flush at the same clock: Seqs %v, want 1 write under %d", second, want+1)
	}
}

// nearLimit commits n requests of k at t0 against a limit of 10: 6 or more
// put the key near its limit (a hot flush takes it).
func nearLimit(t *testing.T, a *cache.Cache, k cache.Key, n int64) {
	t.Helper()
	d := a.Reserve(k, []window.Tier{{Limit: 10, Size: time.Hour}}, n, cache.Enforce, t0)
	if !d.Allowed {
		t.Fatalf("%q: %d not admitted", k, n)
	}
	a.Commit(&d.Reservation)
}

// writesIn returns how many of ops are writes.
func writesIn(ops []string) int {
	n := 0
	for _, op := range ops {
		if op == "write" {
			n++
		}
	}
	return n
}

// A hot flush leaves a key whose write of an earlier flush is unsettled
// (resolving it, which takes a read, is the regular flush's work), and
// writes the other keys near their limit: one write, of k2 alone, and no
// read of k1's document. The regular flush then settles k1, each count of
// both keys once. The hot flush made no store call at all while a write was
// unsettled, and one that stayed so (on a document that cannot be read:
// TestUnreadableDocumentStopsNoHotFlush) held every key near its limit to
// the regular flush.
func TestHotOnceLeavesTheUnsettledKeys(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if n != 1 {
			return apply(ws), nil
		}
		return make([]syncer.Outcome, len(ws)), fmt.Errorf("%w: no answer", errInjected) // Unknown, not landed
	}
	a, sa := instance(t, store, "A")
	k1, k2 := cache.Key{ClientID: "hot", User: "1"}, cache.Key{ClientID: "hot", User: "2"}
	nearLimit(t, a, k1, 6)
	if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
		t.Fatalf("FlushOnce = %v, want the injected error", err)
	}
	if sa.Unsettled() != 1 {
		t.Fatalf("Unsettled() = %d, want 1", sa.Unsettled())
	}
	store.ops()
	nearLimit(t, a, k2, 6) // 60 % of its limit: a hot flush takes it
	if err := sa.HotOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if calls := wantOps(t, store, "write"); len(calls) == 1 && (len(calls[0].ws) != 1 || calls[0].ws[0].Key != k2) {
		t.Errorf("the hot flush wrote %+v, want k2's write alone", calls[0].ws)
	}
	if sa.Unsettled() != 1 {
		t.Errorf("Unsettled() = %d after the hot flush, want 1 (left to the regular flush)", sa.Unsettled())
	}
	if _, n := stored(t, inner, k2, time.Hour); n != 6 {
		t.Errorf("k2: store holds %d after the hot flush, want 6", n)
	}
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d after the regular flush, want 0", sa.Unsettled())
	}
	for _, k := range []cache.Key{k1, k2} {
		if _, n := stored(t, inner, k, time.Hour); n != 6 {
			t.Errorf("%q: store holds %d, want 6", k, n)
		}
	}
}

// HotOnce reads the keys the last pull found near their limit, but not
// those its flush has just written: a write that landed had the document's
// version, and a refused one was read back with the flush.
func TestHotOnceReadsOnlyTheHotKeysItDidNotWrite(t *testing.T) {
	store := &scriptStore{Store: syncer.NewMemoryStore()}
	a, sa := instance(t, store, "A")
	written, read := cache.Key{ClientID: "hot", User: "written"}, cache.Key{ClientID: "hot", User: "read"}
	nearLimit(t, a, written, 6)
	nearLimit(t, a, read, 6)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := sa.PullOnce(t.Context()); err != nil { // both near their limit: hot
		t.Fatal(err)
	}
	store.ops()
	nearLimit(t, a, written, 1)
	if err := sa.HotOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "write", "load")
	if len(calls) == 2 && (len(calls[0].ws) != 1 || calls[0].ws[0].Key != written || len(calls[1].keys) != 1 || calls[1].keys[0] != read) {
		t.Errorf("hot flush wrote %v and read %v, want %q written and %q read", calls[0].ws, calls[1].keys, written, read)
	}
}

// A write's document expires two of its longest frames (and two intervals)
// after it, the longest of the delta's and of the frames the key's
// snapshot holds, whatever their order: the tiers' order puts a day before
// an hour, and another instance's policy may count the key in a day while
// this one counts it in an hour only. Expiring with the hour, the document
// took the day's counts with it two hours after its last write.
func TestWriteExpiresAfterTheLongestFrame(t *testing.T) {
	cases := []struct {
		name    string
		bTiers  []window.Tier // B's policy, which writes the document first (nil: no document)
		aTiers  []window.Tier // A's
		longest time.Duration
	}{
		{"the day first in the tiers", nil, []window.Tier{dayTier, hourTier}, 24 * time.Hour},
		{"the day in the document only", []window.Tier{hourTier, dayTier}, []window.Tier{hourTier}, 24 * time.Hour},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			if tc.bTiers != nil {
				b, sb := instance(t, inner, "B")
				b.Commit(new(b.Reserve(keyK, tc.bTiers, 1, cache.Enforce, t0).Reservation))
				if err := sb.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			store := &scriptStore{Store: inner}
			a, sa := instance(t, store, "A")
			a.Commit(new(a.Reserve(keyK, tc.aTiers, 1, cache.Enforce, t0).Reservation))
			if err := sa.LoadNewOnce(t.Context()); err != nil { // B's document, if any
				t.Fatal(err)
			}
			store.ops()
			if err := sa.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			calls := wantOps(t, store, "write")
			if len(calls) != 1 {
				return
			}
			if w := calls[0].ws[0]; w.Expire.Before(t0.Add(2 * tc.longest)) {
				t.Errorf("write expires at +%v, want at least +%v (two of its longest frames)", w.Expire.Sub(t0), 2*tc.longest)
			}
		})
	}
}

// How write goes on after a batch whose answer is not all good: with some
// outcomes known and an error (a bulk write error that names the writes it
// refused), or with every outcome Unknown and no error, the later batches
// are sent (only a batch refused outright, or all Unknown with an error,
// stops them: TestWritesNotSentAfterAFailedBatch); a store that returns
// fewer outcomes than writes is refused outright, and the flush says so.
func TestWriteAfterAPartialBatch(t *testing.T) {
	cases := []struct {
		name       string
		first      func(ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error)
		wantWrites int
		wantErr    string
	}{
		{"outcomes known, with an error", func(ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
			return apply(ws), errInjected
		}, 3, "injected"},
		{"all Unknown, no error", func(ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
			return make([]syncer.Outcome, len(ws)), nil
		}, 3, ""},
		{"fewer outcomes than writes", func(ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
			return nil, nil
		}, 1, "store returned 0 outcomes for 1 writes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			store := &scriptStore{Store: syncer.NewMemoryStore()}
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if n == 1 {
					return tc.first(ws, apply)
				}
				return apply(ws), nil
			}
			a := newCache(t, fixedClock(t0))
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0), BatchSize: 1})
			for i := range 3 {
				hit(t, a, cache.Key{ClientID: "c", User: fmt.Sprint(i)}, 1, t0)
			}
			err := sa.FlushOnce(t.Context())
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("FlushOnce = %v, want an error containing %q", err, tc.wantErr)
			}
			ops, _ := store.ops()
			if writes := writesIn(ops); writes != tc.wantWrites {
				t.Errorf("store calls %v: %d writes, want %d", ops, writes, tc.wantWrites)
			}
		})
	}
}

// A key is contended for ActiveFor after its last write that met another
// instance's, not a moment more: a flush at exactly ActiveFor later starts
// with a compare-and-swap.
func TestContendedForActiveForOnly(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	on := true
	store := &scriptStore{Store: inner, script: bFirst(t, b, sb, &on)}
	nowA := t0
	clockA := func() time.Time { return nowA }
	a := newCache(t, clockA)
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: clockA, ActiveFor: time.Minute})
	hit(t, a, keyK, 1, t0)
	flushA(t, sa) // contended, at t0
	on = false
	nowA = t0.Add(time.Minute)
	if nextWriteIsAdd(t, a, sa, store, nowA) {
		t.Error("a flush ActiveFor after the key's last contended write started with an Add write, want a compare-and-swap")
	}
}

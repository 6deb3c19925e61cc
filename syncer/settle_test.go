package syncer_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A write whose answer is lost is settled on a later flush by its own Seq,
// not by the Syncer's latest one nor by the mere presence of an entry for
// the instance. In both cases the lost write's Seq is older than the
// Syncer's last Seq (a conflict in the same flush took a new one), the
// instance has an earlier write of the key in lastWrites, and another
// instance writes the key before the next flush, so that the version alone
// cannot tell. Landed: lastWrites[A] is the lost write's Seq, so it is
// confirmed and not written again. Not landed: lastWrites[A] is the earlier
// write's Seq, so it is aborted and its delta written afresh. Either way
// each count is in the store once.
func TestLostAnswerSettledByItsOwnSeq(t *testing.T) {
	cases := []struct {
		name   string
		landed bool
	}{
		{"Landed", true},
		{"NotLanded", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			store := &scriptStore{Store: inner}
			a, sa := instance(t, store, "A")
			b, sb := instance(t, inner, "B")
			k1, k2 := cache.Key{ClientID: "c", User: "1"}, cache.Key{ClientID: "c", User: "2"}

			// A's earlier write of k1 lands: lastWrites[A] holds its Seq.
			hit(t, a, k1, 1, t0)
			if err := sa.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			// B creates k2, so that A's first write of it conflicts and
			// the flush takes a second Seq for the retry.
			hit(t, b, k2, 1, t0)
			if err := sb.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			store.ops()

			var lostSeq int64
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if n != 2 { // the first write call of the next flush
					return apply(ws), nil
				}
				outs := make([]syncer.Outcome, len(ws))
				for i, w := range ws {
					if w.Key != k1 {
						outs[i] = apply(ws[i : i+1])[0]
						continue
					}
					lostSeq = w.Seq
					if c.landed {
						apply(ws[i : i+1])
					}
					outs[i] = syncer.Unknown
				}
				return outs, fmt.Errorf("%w: answer lost", errInjected)
			}
			hit(t, a, k1, 2, t0)
			hit(t, a, k2, 3, t0)
			if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
				t.Fatalf("FlushOnce = %v, want the injected error", err)
			}
			_, calls := store.ops()
			var retrySeq int64
			for _, call := range calls {
				for _, w := range call.ws {
					if w.Key == k2 {
						retrySeq = w.Seq
					}
				}
			}
			if lostSeq == 0 || retrySeq <= lostSeq {
				t.Fatalf("lost write's seq %d, k2's retry seq %d: want the retry to take a newer seq", lostSeq, retrySeq)
			}
			if sa.Unsettled() != 1 {
				t.Fatalf("Unsettled() = %d, want 1", sa.Unsettled())
			}

			// B writes k1: the version moves on either way.
			hit(t, b, k1, 1, t0)
			if err := sb.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			for range 2 {
				if err := sa.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			if sa.Unsettled() != 0 {
				t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
			}
			if err := sa.PullOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			for _, kc := range []struct {
				k    cache.Key
				want int64
			}{{k1, 1 + 2 + 1}, {k2, 1 + 3}} {
				if _, n := stored(t, inner, kc.k, hourTier.Size); n != kc.want {
					t.Errorf("key %q: store holds %d, want %d (each count once)", kc.k, n, kc.want)
				}
				if e := estimate(a, kc.k, hourTier, t0); e != kc.want {
					t.Errorf("key %q: A estimates %d, want %d", kc.k, e, kc.want)
				}
			}
		})
	}
}

// When a batch fails outright, the later batches of the same round are not
// sent (the store is not answering): their deltas are aborted, stay in the
// local counts, and are written by the next flush, once. Refused: nothing
// of the failed batch landed either, and nothing is unsettled. Unknown: the
// failed batch's writes stay unsettled and are resolved next time.
func TestWritesNotSentAfterAFailedBatch(t *testing.T) {
	cases := []struct {
		name          string
		refused       bool // the first batch is refused outright; else every answer is Unknown
		wantUnsettled int
	}{
		{"Refused", true, 0},
		{"AllUnknown", false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			store := &scriptStore{Store: inner}
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if n != 1 {
					return apply(ws), nil
				}
				if c.refused {
					return nil, fmt.Errorf("%w: refused", errInjected)
				}
				return make([]syncer.Outcome, len(ws)), fmt.Errorf("%w: no answer", errInjected)
			}
			a := newCache(t, fixedClock(t0))
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0), BatchSize: 1})
			keys := make([]cache.Key, 3)
			for i := range keys {
				keys[i] = cache.Key{ClientID: "c", User: fmt.Sprint(i)}
				hit(t, a, keys[i], i+1, t0)
			}
			if err := sa.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
				t.Fatalf("FlushOnce = %v, want the injected error", err)
			}
			wantOps(t, store, "write") // the two other batches were not sent
			if got := sa.Unsettled(); got != c.wantUnsettled {
				t.Errorf("Unsettled() = %d, want %d", got, c.wantUnsettled)
			}
			// No request touches the keys before the next flush (a
			// request, even an estimate, would queue its key again): the
			// aborted keys must be back on the dirty list by themselves.
			for range 2 {
				if err := sa.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			for i, k := range keys {
				if _, n := stored(t, inner, k, hourTier.Size); n != int64(i+1) {
					t.Errorf("key %d: store holds %d, want %d", i, n, i+1)
				}
				if e := estimate(a, k, hourTier, t0); e != int64(i+1) {
					t.Errorf("key %d: A estimates %d, want %d", i, e, i+1)
				}
			}
			if sa.Unsettled() != 0 {
				t.Errorf("Unsettled() = %d at the end, want 0", sa.Unsettled())
			}
			store.ops()
			if err := sa.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			wantOps(t, store) // nothing left
		})
	}
}

package syncer_test

import (
	"errors"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Two processes run with one instance ID (a StatefulSet pod copied, an
// environment with a fixed --instance, a replaced pod that has not ended
// yet). Each proves that its own writes landed by its Seq in the
// document's lastWrites, so each must keep an entry of its own there: with
// one entry per ID, the other process's write overwrites the proof. An
// outside drill (helper h89, session 24: three processes on FerretDB and a
// fourth with inst2's ID, the answers of its store dropped for 12 s) ended
// with the store 5 above the tokens issued on four keys and 4 below on
// another, where the same drill with four IDs was exact.
func TestSharedInstanceID(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, inner *syncer.MemoryStore) (stored, issued int64)
	}{
		{
			// P's write lands and its answer is lost; Q, the other
			// process of P's ID, writes the key before P's next flush
			// reads it back. P's entry is Q's Seq now: P took its write
			// for one that never landed and wrote its 2 again (5 where
			// 3 were issued).
			name: "lost answer, then the other process writes",
			run: func(t *testing.T, inner *syncer.MemoryStore) (int64, int64) {
				store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 1)}
				p, sp := instance(t, store, "A")
				q := newCache(t, fixedClock(t0.Add(time.Second)))
				sq := newSyncer(t, syncer.Config{Cache: q, Store: inner, Instance: "A", Now: fixedClock(t0.Add(time.Second))})
				hit(t, p, keyK, 2, t0)
				if err := sp.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
					t.Fatalf("P's FlushOnce = %v, want the injected error", err)
				}
				hit(t, q, keyK, 1, t0.Add(time.Second))
				if err := sq.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if err := sp.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				return storedHour(t, inner), 3
			},
		},
		{
			// As the first, with the hour's frame ending between the
			// two processes' clocks: P counts and writes in the old
			// hour's frame (its answer lost), Q, 10 s ahead, in the new
			// one. With one entry per ID the document read back held
			// Q's Seq, not P's, and P wrote its 2 again (5 where 3 were
			// issued). With Q's clock behind P's instead the old code
			// held, so that direction would not tell the fix.
			name: "lost answer, the other process's clock ahead, across the hour",
			run: func(t *testing.T, inner *syncer.MemoryStore) (int64, int64) {
				pNow, qNow := t0.Add(time.Hour-5*time.Second), t0.Add(time.Hour+5*time.Second)
				store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 1)}
				p := newCache(t, fixedClock(pNow))
				sp := newSyncer(t, syncer.Config{Cache: p, Store: store, Instance: "A", Now: fixedClock(pNow)})
				q := newCache(t, fixedClock(qNow))
				sq := newSyncer(t, syncer.Config{Cache: q, Store: inner, Instance: "A", Now: fixedClock(qNow)})
				hit(t, p, keyK, 2, pNow)
				if err := sp.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
					t.Fatalf("P's FlushOnce = %v, want the injected error", err)
				}
				hit(t, q, keyK, 1, qNow)
				if err := sq.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if err := sp.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				return storedHour(t, inner), 3
			},
		},
		{
			// P and Q flush in the same millisecond, so take the same
			// Seq: Q's write, refused by P's, found its Seq in the
			// document read back and took it for its own that landed.
			// Q's 1 was never written (2 where 3 were issued).
			name: "same Seq",
			run: func(t *testing.T, inner *syncer.MemoryStore) (int64, int64) {
				p, sp := instance(t, inner, "A")
				q, sq := instance(t, inner, "A")
				hit(t, p, keyK, 2, t0)
				hit(t, q, keyK, 1, t0)
				for _, s := range []*syncer.Syncer{sp, sq, sp, sq} {
					if err := s.FlushOnce(t.Context()); err != nil {
						t.Fatal(err)
					}
				}
				for _, c := range []*cache.Cache{p, q} {
					for _, l := range c.AppendLocal(nil, t0) {
						t.Errorf("unflushed after the flushes: %+v", l.Delta)
					}
				}
				return storedHour(t, inner), 3
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stored, issued := tc.run(t, syncer.NewMemoryStore())
			if stored != issued {
				t.Errorf("the store holds %d of the key, want the %d issued by the two processes of one ID", stored, issued)
			}
		})
	}
}

// storedHour returns keyK's count in the store's hour frames.
func storedHour(t *testing.T, store syncer.Store) int64 {
	t.Helper()
	_, n := stored(t, store, keyK, time.Hour)
	return n
}

package syncer_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// callTimeStore answers each Load and Write after d (in a synctest bubble, d
// of the bubble's time): a store that costs time, so that a loop of calls
// moves the clock.
type callTimeStore struct {
	syncer.Store
	d time.Duration
}

func (s *callTimeStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	time.Sleep(s.d)
	return s.Store.Load(ctx, keys)
}

func (s *callTimeStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	time.Sleep(s.d)
	return s.Store.Write(ctx, ws)
}

// TestFinalFlushPausesOnAWriteThatCannotSettle: at a stop, one write whose
// answer was lost waits on a document that cannot be read (a count
// hand-edited to 2.5): each flush reads it, resends it, is refused, and
// reads it back, and it stays unsettled. Or, with no answer lost, the key
// is counted again: each flush writes its counts, is refused, reads the
// document back, and keeps them. The final flush writes every other key's
// counts (those made during it too), then sends the stuck key's write at
// most once an Interval (or sooner, to fit FinalFlushTimeout), and gives
// up after five flushes that landed nothing, saying the counts it leaves;
// the request made during it costs one flush more. (Without the pause, the
// five went in 8 ms; without the end after five, 34 writes in 5 s and the
// deadline.) The final flush counted
// a flush that sent a write as one that wrote something, and so never
// ended before FinalFlushTimeout: it sent the write as fast as the store
// answered (here a millisecond a call: 5,001 store calls in the default
// 5 s, 1,667 writes of the stuck key; now 21 and 7; a probe on
// MemoryStore, 41,505 calls in 500 ms), at the stop of each instance of a
// rollout, and Run returned "context deadline exceeded".
//
// Corrected mid-way (after its third resend, the second after a pause),
// the document reads again: the write lands, once, and the counts made
// since are written after it.
//
// The metrics of what a final flush gave up say the error's figures, and
// nothing once the document is corrected: only Run's error said them.
func TestFinalFlushPausesOnAWriteThatCannotSettle(t *testing.T) {
	for _, tt := range []struct {
		name    string
		lost    bool   // the key's write unsettled at the stop (else only its counts)
		correct int    // the write of the stop after which the document is corrected (0: never)
		want    string // Run's error (correct 0)
	}{
		{"an unsettled write, the document unreadable", true, 0, "counts made here not in the store: 2 (in cost units) never written, and 1 in writes whose outcome is unknown (in the store if they landed), on 1 keys"},
		{"counts, the document unreadable", false, 0, "counts made here not in the store: 2 (in cost units) never written, and 0 in writes whose outcome is unknown (in the store if they landed), on 1 keys"},
		{"an unsettled write, the document corrected mid-way", true, 3, ""},
		{"counts, the document corrected mid-way", false, 3, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				un := &unreadableStore{Store: syncer.NewMemoryStore(), bad: map[cache.Key]bool{}}
				bad, late := cache.Key{ClientID: "bad"}, cache.Key{ClientID: "late"}
				var c *cache.Cache
				var mu sync.Mutex
				lose, stopping, resends := false, false, 0
				var sent []time.Time // the stuck key's writes during the stop
				store := &scriptStore{Store: &callTimeStore{Store: un, d: time.Millisecond}, script: func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
					mu.Lock()
					defer mu.Unlock()
					if lose {
						lose = false
						return make([]syncer.Outcome, len(ws)), errors.New("injected: the answer lost, the write not landed")
					}
					outs := apply(ws)
					for _, w := range ws {
						if w.Key == bad && stopping {
							sent = append(sent, time.Now())
							if resends++; resends == tt.correct {
								un.mark(bad, false) // corrected by hand, its counts as they were
							}
							if resends == 2 {
								// A request the server still ends
								// during the final flush.
								d := c.Reserve(late, tiers, 1, cache.Enforce, time.Now())
								c.Commit(&d.Reservation)
							}
						}
					}
					return outs, nil
				}}
				c = newCache(t, time.Now)
				reg := prometheus.NewRegistry()
				s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "A", Interval: time.Second, Registerer: reg})
				ctx := context.Background()
				hit(t, c, bad, 1, time.Now())
				if err := s.FlushOnce(ctx); err != nil {
					t.Fatal(err)
				}
				stuck := 0 // bad's counts at the stop, in a write unsettled
				if tt.lost {
					hit(t, c, bad, 1, time.Now())
					mu.Lock()
					lose = true
					mu.Unlock()
					if err := s.FlushOnce(ctx); err == nil || s.Unsettled() != 1 {
						t.Fatalf("the flush with its answer lost: %v, %d unsettled, want an error and 1", err, s.Unsettled())
					}
					stuck = 1
				}
				un.mark(bad, true)
				if err := s.FlushOnce(ctx); err != nil || s.Unsettled() != stuck {
					t.Fatalf("the flush of the unreadable document: %v, %d unsettled, want nil and %d", err, s.Unsettled(), stuck)
				}

				rctx, cancel := context.WithCancel(ctx)
				done := make(chan error, 1)
				go func() { done <- s.Run(rctx) }()
				others := make([]cache.Key, 5)
				for i := range others {
					others[i] = cache.Key{ClientID: "other" + string(rune('0'+i))}
					hit(t, c, others[i], i+1, time.Now())
				}
				hit(t, c, bad, 2, time.Now()) // counted while its write is unsettled
				synctest.Wait()
				store.ops()
				mu.Lock()
				stopping = true
				mu.Unlock()
				start := time.Now()
				cancel()
				err := <-done
				took := time.Since(start)
				ops, calls := store.ops()
				badWrites := 0
				for _, c := range calls {
					for _, w := range c.ws {
						if w.Key == bad {
							badWrites++
						}
					}
				}
				t.Logf("Run = %v after %v; %d store calls in the final flush, %d writes of the stuck key", err, took, len(ops), badWrites)
				// One resend a pause of at most Interval, five pauses at
				// most: FinalFlushTimeout / Interval + a few.
				if maxWrites := int(5*time.Second/time.Second) + 2; badWrites > maxWrites {
					t.Errorf("%d writes of the stuck key in the final flush, want at most %d", badWrites, maxWrites)
				}
				for i := 2; i < len(sent) && tt.correct == 0; i++ {
					if sent[i].Sub(sent[i-2]) < time.Second {
						t.Errorf("the stuck key written at %v, %v and %v into the stop: three within an Interval, want a pause between the flushes that land nothing", sent[i-2].Sub(start), sent[i-1].Sub(start), sent[i].Sub(start))
						break
					}
				}
				if len(ops) > 30 {
					t.Errorf("%d store calls in the final flush, want at most 30", len(ops))
				}
				for i, k := range others {
					if _, n := stored(t, un, k, hourTier.Size); n != int64(i+1) {
						t.Errorf("the store holds %d of %s, want %d", n, k.ClientID, i+1)
					}
				}
				if _, n := stored(t, un, late, hourTier.Size); n != 1 {
					t.Errorf("the store holds %d of the key counted during the final flush, want 1", n)
				}
				// The metrics say what the error says: 2 never written, the
				// unsettled write's 1 unknown, on 1 key; nothing once the
				// document is corrected.
				wantNever, wantUnknown, wantKeys := 2.0, float64(stuck), 1.0
				if tt.correct != 0 {
					wantNever, wantUnknown, wantKeys = 0, 0, 0
				}
				if never, unknown, keys := syncer.FinalUnwritten(t, reg); never != wantNever || unknown != wantUnknown || keys != wantKeys {
					t.Errorf("metrics: %v never written, %v unknown, on %v keys; want %v, %v, %v", never, unknown, keys, wantNever, wantUnknown, wantKeys)
				}
				if tt.correct == 0 {
					if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "deadline") {
						t.Errorf("Run = %v, want the counts left said, not the deadline: %s", err, tt.want)
					}
					var ffe *syncer.FinalFlushError
					if !errors.As(err, &ffe) || float64(ffe.NeverWritten) != wantNever || float64(ffe.Unknown) != wantUnknown || float64(ffe.Keys) != wantKeys || ffe.Stuck != 5 || ffe.Err != nil {
						t.Errorf("Run = %#v, want a *syncer.FinalFlushError of 5 stuck flushes, %v never written, %v unknown, on %v keys", err, wantNever, wantUnknown, wantKeys)
					}
					return
				}
				if err != nil {
					t.Errorf("Run = %v, want nil: every count written", err)
				}
				if _, n := stored(t, un, bad, hourTier.Size); n != int64(3+stuck) {
					t.Errorf("the store holds %d of the key corrected mid-way, want %d (each count once)", n, 3+stuck)
				}
			})
		})
	}
}

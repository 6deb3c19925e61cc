package syncer_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestClockSkewIsReported: an instance sees from the heartbeats how far a
// live other's clock is off its own (Instance.Skew, to within a sync
// interval, never more than it is), exports the largest
// (oauth_ratelimit_clock_skew_seconds), and logs it from SkewWarn on. An
// outside audit found the limits of a 1-minute window exceeded twice over
// with clocks ±40 s apart, and three times with one an hour ahead, with
// nothing in any log or metric.
func TestClockSkewIsReported(t *testing.T) {
	for _, tt := range []struct {
		name string
		skew time.Duration
		warn bool
	}{
		{"in step", 0, false},
		{"1s ahead", time.Second, false},
		{"40s ahead", 40 * time.Second, true},
		{"40s behind", -40 * time.Second, true},
		{"an hour ahead", time.Hour, true},
		{"an hour behind", -time.Hour, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				shared := syncer.NewMemoryStore()
				var logs logbuf.Buffer
				reg := prometheus.NewRegistry()
				a := newSyncer(t, syncer.Config{
					Cache: newCache(t, time.Now), Store: shared, Instance: "a", Interval: time.Second,
					Logger: slog.New(slog.NewTextHandler(&logs, nil)), Registerer: reg,
				})
				time.Sleep(300 * time.Millisecond) // b beats between a's reads
				b := newSyncer(t, syncer.Config{
					Cache: newCache(t, time.Now), Store: shared, Instance: "b", Interval: time.Second,
					Now: func() time.Time { return time.Now().Add(tt.skew) },
				})
				ctx, cancel := context.WithCancel(t.Context())
				var wg sync.WaitGroup
				wg.Go(func() { _ = a.Run(ctx) })
				wg.Go(func() { _ = b.Run(ctx) })
				time.Sleep(5 * time.Second)
				synctest.Wait()
				var got time.Duration
				var seen bool
				for _, in := range a.LiveInstances().Live {
					if in.ID == "b" {
						got, seen = in.Skew, true
					}
				}
				lo, hi := tt.skew-time.Second, tt.skew // ahead: at least skew-interval
				if tt.skew < 0 {
					lo, hi = tt.skew, tt.skew+time.Second
				}
				if !seen || got < lo || got > hi || (tt.skew > -time.Second && tt.skew < time.Second && got != 0) {
					t.Errorf("b %v off: a reports b live %v, skew %v, want within [%v, %v]", tt.skew, seen, got, lo, hi)
				}
				if g := gaugeValue(t, reg, "oauth_ratelimit_clock_skew_seconds"); g != got.Abs().Seconds() {
					t.Errorf("oauth_ratelimit_clock_skew_seconds %v, want %v", g, got.Abs().Seconds())
				}
				if logged := strings.Contains(logs.String(), "clock skew between instances"); logged != tt.warn {
					t.Errorf("b %v off: skew logged %v, want %v; log:\n%s", tt.skew, logged, tt.warn, logs.String())
				}
				cancel()
				wg.Wait()
			})
		})
	}
}

// TestAheadInstanceNeitherSweepsNorPrunes: an instance whose clock is an
// hour ahead of a live other's, as their heartbeats show, neither sweeps
// the documents the other keeps writing nor prunes its lastWrites entries.
// Both rest on no clock being MaxSkew behind the one that judges; an
// outside audit (helper-41) saw such an instance prune the others' entries
// (which keep a lost answer from being counted twice), and its sweep delete
// a document written a moment before.
func TestAheadInstanceNeitherSweepsNorPrunes(t *testing.T) {
	for _, guard := range []bool{true, false} {
		t.Run(map[bool]string{true: "an hour ahead", false: "in step"}[guard], func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				shared := syncer.NewMemoryStore() // no TTL: the Syncers sweep
				skew := time.Duration(0)
				if guard {
					skew = time.Hour
				}
				ca := newCache(t, time.Now)
				bNow := func() time.Time { return time.Now().Add(skew) }
				cb := newCache(t, bNow)
				a := newSyncer(t, syncer.Config{Cache: ca, Store: shared, Instance: "a", Interval: time.Second, SweepInterval: 10 * time.Second})
				b := newSyncer(t, syncer.Config{Cache: cb, Store: shared, Instance: "b", Interval: time.Second, SweepInterval: 10 * time.Second, Now: bNow})
				ctx, cancel := context.WithCancel(t.Context())
				var wg sync.WaitGroup
				wg.Go(func() { _ = a.Run(ctx) })
				wg.Go(func() { _ = b.Run(ctx) })
				k := cache.Key{ClientID: "k"}
				minute := []window.Tier{{Limit: 1000, Size: time.Minute}} // short frames: pruned and expired within minutes
				hitMinute := func(c *cache.Cache, k cache.Key, now time.Time) {
					d := c.Reserve(k, minute, 1, cache.Enforce, now)
					c.Commit(&d.Reservation)
				}
				aOnly := cache.Key{ClientID: "a-only"} // a key b never counts
				// The skew is known once each has seen the other's beat move
				// between two of its reads: before that, nothing tells.
				time.Sleep(5 * time.Second)
				synctest.Wait()
				for i := range 120 {
					if i%20 == 0 { // a writes the keys now and then
						hitMinute(ca, k, time.Now())
						hitMinute(ca, aOnly, time.Now())
					}
					hitMinute(cb, k, bNow())
					time.Sleep(time.Second)
					synctest.Wait()
					docs, err := shared.Load(t.Context(), []cache.Key{k, aOnly})
					if err != nil {
						t.Fatal(err)
					}
					if i < 2 {
						continue // before a's first flush
					}
					if _, ok := docs[0].LastWrites[a.Writer()]; guard && !ok {
						t.Fatalf("at %d s: a's lastWrites entry pruned by b an hour ahead: %+v", i, docs[0])
					}
					if guard && docs[1].Snapshot.Version == 0 {
						t.Fatalf("at %d s: a's document swept by b an hour ahead", i)
					}
				}
				if !guard {
					// In step, the same run keeps both too: what the guard
					// changes is the clock's, not the loop's.
					docs, _ := shared.Load(t.Context(), []cache.Key{k, aOnly})
					if _, ok := docs[0].LastWrites[a.Writer()]; !ok || docs[1].Snapshot.Version == 0 {
						t.Errorf("in step: documents %+v", docs)
					}
				}
				cancel()
				wg.Wait()
			})
		})
	}
}

// TestAheadInstanceStartedDoesNotSweep: an instance started with its clock
// an hour ahead neither sweeps the documents at its start (Run's first
// sweep) nor the heartbeats and tiers at its first beat: the skew is only
// known once it has seen the others' beats move, and before that its
// sweeps, by its clock less MaxSkew, deleted every document the others
// wrote in the last hour, their heartbeats, and the tiers those name
// (which an instance writes again only once none of its beats has landed
// for as long as its heartbeat lives).
func TestAheadInstanceStartedDoesNotSweep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore() // no TTL: the Syncers sweep
		ca := newCache(t, time.Now)
		a := newSyncer(t, syncer.Config{Cache: ca, Store: shared, Instance: "a", Interval: time.Second, SweepInterval: 10 * time.Second})
		a.SetTiers([]byte("tiers-a"))
		ctx, cancel := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		wg.Go(func() { _ = a.Run(ctx) })
		k := cache.Key{ClientID: "k"}
		minute := []window.Tier{{Limit: 1000, Size: time.Minute}}
		d := ca.Reserve(k, minute, 1, cache.Enforce, time.Now())
		ca.Commit(&d.Reservation)
		time.Sleep(5 * time.Second)
		synctest.Wait()
		check := func(when string) {
			t.Helper()
			docs, err := shared.Load(t.Context(), []cache.Key{k})
			if err != nil {
				t.Fatal(err)
			}
			if docs[0].Snapshot.Version == 0 {
				t.Errorf("%s: a's document swept", when)
			}
			if _, ok, _ := shared.GetTiers(t.Context(), "a"); !ok {
				t.Errorf("%s: a's tiers swept", when)
			}
		}
		check("before b")
		bNow := func() time.Time { return time.Now().Add(time.Hour) }
		b := newSyncer(t, syncer.Config{Cache: newCache(t, bNow), Store: shared, Instance: "b", Interval: time.Second, SweepInterval: 10 * time.Second, Now: bNow})
		wg.Go(func() { _ = b.Run(ctx) })
		for i := range 30 {
			time.Sleep(time.Second)
			synctest.Wait()
			check(fmt.Sprintf("%d s after b started", i+1))
			if t.Failed() {
				break
			}
		}
		cancel()
		wg.Wait()
	})
}

// TestAheadInstanceAloneDoesNotSweepAJoiningPeer: an instance an hour
// ahead that has run alone (its skew judged at once: there was no peer)
// first reads the heartbeat of a peer that joins as an hour old, as if
// it were a document left long ago, and sees it move only at its next
// read. A sweep due in between deleted the peer's heartbeat and its tiers,
// which the peer writes again only once none of its beats has landed for
// as long as its heartbeat lives, so the
// instances that started later never counted in them (helper-46's review,
// session 17: "an instance ahead and alone can still sweep a peer that
// joins in the one beat before it sees it move"). A heartbeat first read
// less than its liveFor ago that has not moved leaves the skew unknown.
func TestAheadInstanceAloneDoesNotSweepAJoiningPeer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore() // no TTL: the Syncers sweep
		ctx, cancel := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		bNow := func() time.Time { return time.Now().Add(time.Hour) }
		b := newSyncer(t, syncer.Config{Cache: newCache(t, bNow), Store: shared, Instance: "b", Interval: time.Second, SweepInterval: 10 * time.Second, Now: bNow})
		wg.Go(func() { _ = b.Run(ctx) })
		// b beats at 0, 1, 2, ... s and sweeps the heartbeats at its
		// beats of 0, 10, 20 s: a's first beat, at 9.5 s, is read at 10.
		time.Sleep(9500 * time.Millisecond)
		a := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: shared, Instance: "a", Interval: time.Second, SweepInterval: 10 * time.Second})
		a.SetTiers([]byte("tiers-a"))
		wg.Go(func() { _ = a.Run(ctx) })
		for i := range 25 {
			time.Sleep(time.Second)
			synctest.Wait()
			if _, ok, _ := shared.GetTiers(t.Context(), "a"); !ok {
				t.Fatalf("%d s after a joined: a's tiers swept by b an hour ahead", i+1)
			}
		}
		if in := b.LiveInstances(); len(in.Live) != 2 || in.Live[0].Skew > -time.Hour+2*time.Second {
			t.Errorf("b's live instances %+v, want a an hour behind", in.Live)
		}
		cancel()
		wg.Wait()
	})
}

// TestLeftHeartbeatSweptOnceJudged: what holds a sweep back for a new
// heartbeat that looks left long ago (TestAheadInstanceAloneDoesNotSweepAJoiningPeer)
// holds it back for a liveFor only: a document that does not move is then
// taken as left, and swept with its tiers.
func TestLeftHeartbeatSweptOnceJudged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		ctx, cancel := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		b := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: shared, Instance: "b", Interval: time.Second, SweepInterval: 10 * time.Second})
		wg.Go(func() { _ = b.Run(ctx) })
		time.Sleep(9500 * time.Millisecond)
		// A process that beat once an hour ago and is gone, written now.
		old := time.Now().Add(-time.Hour)
		if err := shared.PutTiers(t.Context(), "gone", syncer.Tiers{Digest: "d", Data: []byte("x"), Written: old, Started: old}); err != nil {
			t.Fatal(err)
		}
		if err := shared.PutInstance(t.Context(), syncer.Heartbeat{Instance: "gone", Seen: old, Started: old, Interval: time.Second, Beats: 1, Tiers: "d", Expire: old.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		// Read at 10 s, too new to judge then; judged at 14, swept at 20.
		time.Sleep(10 * time.Second)
		synctest.Wait()
		if _, ok, _ := shared.GetTiers(t.Context(), "gone"); ok {
			t.Errorf("10 s after a heartbeat left an hour ago was written, its tiers are kept, want swept")
		}
		hs, _ := shared.Instances(t.Context())
		if len(hs) != 1 || hs[0].Instance != "b" {
			t.Errorf("heartbeats %+v, want b's alone", hs)
		}
		cancel()
		wg.Wait()
	})
}

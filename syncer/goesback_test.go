package syncer_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStoreGoesBack runs what operators do to the store from outside while
// three instances count a key over its limit, round-robin (the memory
// store, a synctest bubble): its document deleted by hand, the collection
// dropped, the document replaced by a copy of 60 s before (a write rolled
// back by a failover with w:1, or a restore from a dump: a lower version,
// lower counts, older lastWrites entries). The key is limited to 120 a
// minute and gets 4 requests a second from 2 s to 4m; the action comes at
// 1m30s.
//
// Whatever the action removed is gone, and nothing else: the store's day
// count is what the instances admitted less what the action took away.
// The instances follow the store: a few seconds after the load stops, each
// one's snapshot is the document and its estimate the document's count; and
// in the fourth minute, with what the action removed out of the window, the
// fleet admits no more than the limit and the share's slack (N-1).
//
// Before, an instance refused to install a document of a version below the
// one it held ("versions only grow"): after a rollback or a restore its
// snapshot stayed the one of before the action, its own writes confirmed
// against it were taken out of its estimate and never put back, and the
// key's writes went on as increments the instances read back and did not
// install, every flush: the fleet admitted every request from the rollback
// on (240 in each of the third and fourth minutes, 780 or 781 in all where
// 540), and 5 s after the load each instance held a version of before the
// rollback and counted 180 or 181 in the day where the store had 711.
// A deleted or dropped document was followed (its re-creation has a
// version of the writer's clock in milliseconds, above any the instances
// held), but not behind a store whose write and read back take the
// flush's Interval (SlowStore: 500 ms a call): each flush's first write of
// the key, an increment on the document the key still held, was refused,
// and the creation that followed was left for the next flush, which began
// the same way. None of the 304 counts after the deletion reached the
// store, and each instance kept the 177 of before in its snapshot.
func TestStoreGoesBack(t *testing.T) {
	k := cache.Key{ClientID: "app", User: "u000"}
	const day = 86400
	deleted := func(st *syncer.MemoryStore, _ []syncer.DocCopy) int64 { return st.DeleteDocs(day, k) }
	dropped := func(st *syncer.MemoryStore, _ []syncer.DocCopy) int64 { return st.DeleteDocs(day) }
	putBack := func(st *syncer.MemoryStore, saved []syncer.DocCopy) int64 { return st.PutBack(day, saved) }
	cases := []struct {
		name string
		// act changes store at 1m30s; saved is its copy of 30s.
		act func(store *syncer.MemoryStore, saved []syncer.DocCopy) (removed int64)
		// oneFirst sends the first 40 s to the first instance alone:
		// one writer, whose compare-and-swaps give the document
		// versions of its clock in milliseconds (the copy's is 10 s or
		// more below the versions the instances hold at the action,
		// where increments, one a write, may have brought them within
		// a few hundred: a gap the fleet's increments after the
		// rollback close in about as long as the rollback spans).
		// one sends every request to it: a key one instance writes (a
		// balancer that pins a client). idle sends none to the third
		// instance after the action: it holds the key and reads it
		// (it used it within the last minute) but does not write it.
		oneFirst, one, idle bool
		// latency delays each Write and Load call: a flush's write and
		// read back take its Interval.
		latency time.Duration
	}{
		{"Deleted", deleted, false, false, false, 0},
		{"Dropped", dropped, false, false, false, 0},
		{"RolledBack", putBack, true, false, false, 0},
		{"RolledBackOneWriter", putBack, false, true, false, 0},
		{"RolledBackOneIdle", putBack, true, false, true, 0},
		{"DeletedSlowStore", deleted, false, false, false, 500 * time.Millisecond},
		{"RolledBackSlowStore", putBack, true, false, false, 500 * time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				start := time.Now() // midnight: a minute's and a day's frame start
				const limit = 120
				tiers := []window.Tier{{Limit: limit, Size: time.Minute}, {Limit: 1 << 40, Size: 24 * time.Hour}}
				store := syncer.NewMemoryStore()
				ctx, cancel := context.WithCancel(t.Context())
				defer cancel()
				var cs [3]*cache.Cache
				var ss [3]*syncer.Syncer
				var runs sync.WaitGroup
				phases := [3]time.Duration{250 * time.Microsecond, 370*time.Millisecond + 500*time.Microsecond, 710*time.Millisecond + 750*time.Microsecond}
				for i := range cs {
					c, err := cache.New(cache.Config{Shards: 4})
					if err != nil {
						t.Fatal(err)
					}
					cs[i] = c
					var st syncer.Store = store
					if tc.latency > 0 {
						st = laggingStore{store, tc.latency}
					}
					ss[i] = newSyncer(t, syncer.Config{Cache: c, Store: st, Instance: fmt.Sprint("i", i), Interval: time.Second})
					runs.Go(func() {
						time.Sleep(phases[i])
						if err := ss[i].Run(ctx); err != nil {
							t.Errorf("i%d: Run: %v", i, err)
						}
					})
				}
				var admitted int64
				perMinute := map[int64]int64{}
				var saved []syncer.DocCopy
				var removed int64
				saveAt, actAt, checkAt, stopAt := 30*time.Second, 90*time.Second, 100*time.Second, 4*time.Minute
				time.Sleep(2*time.Second + 125*time.Microsecond)
				for n := 0; time.Since(start) < stopAt; n++ {
					if saved == nil && time.Since(start) >= saveAt {
						saved = store.CopyDocs()
					}
					if actAt > 0 && time.Since(start) >= actAt {
						removed = tc.act(store, saved)
						actAt = 0
					}
					now := time.Now()
					if checkAt > 0 && now.Sub(start) >= checkAt {
						// 10 s after the action: every instance
						// holds a document of after it, whose
						// count is no more than the store's now.
						checkAt = 0
						_, n := stored(t, store, k, 24*time.Hour)
						for i, c := range cs {
							var ks cache.KeyState
							if c.Inspect(k, tiers, now, &ks) && ks.Tiers[1].Global.Curr > n {
								t.Errorf("i%d, 10 s after the action: version %d, %d in the day; the store has %d", i, ks.Version, ks.Tiers[1].Global.Curr, n)
							}
						}
					}
					c := cs[n%3]
					switch {
					case tc.one || tc.oneFirst && now.Sub(start) < 40*time.Second:
						c = cs[0]
					case tc.idle && actAt == 0:
						c = cs[n%2]
					}
					d := c.Reserve(k, tiers, 1, cache.Enforce, now)
					if d.Allowed {
						c.Commit(&d.Reservation)
						admitted++
						perMinute[int64(now.Sub(start)/time.Minute)]++
					}
					time.Sleep(time.Second / 4)
				}
				time.Sleep(5 * time.Second) // the loops flush and read the key
				docs, err := store.Load(ctx, []cache.Key{k})
				if err != nil {
					t.Fatal(err)
				}
				doc := docs[0].Snapshot
				var stored int64
				for _, f := range doc.Frames {
					if f.Size == 24*time.Hour {
						stored += f.N
					}
				}
				t.Logf("admitted %d, removed by the action %d, stored %d; per minute %v", admitted, removed, stored, perMinute)
				if stored != admitted-removed {
					t.Errorf("store counts %d, want %d admitted less %d removed (%+d)", stored, admitted, removed, stored-(admitted-removed))
				}
				for i, c := range cs {
					var ks cache.KeyState
					if tc.idle && i == 2 {
						continue // idle for 2.5 minutes: not read (checked 10 s after the action)
					}
					if !c.Inspect(k, tiers, time.Now(), &ks) {
						if tc.one {
							continue
						}
						t.Fatalf("i%d does not hold the key", i)
					}
					if ks.Version != doc.Version || ks.Tiers[1].Used != stored {
						t.Errorf("i%d holds version %d and counts %d in the day, 5 s after the load; the store: version %d, %d", i, ks.Version, ks.Tiers[1].Used, doc.Version, stored)
					}
				}
				if got := perMinute[3]; got > limit+2 {
					t.Errorf("the fourth minute admitted %d, want at most %d (the limit and the share's slack)", got, limit+2)
				}
				cancel()
				runs.Wait()
			})
		})
	}
}

// laggingStore is a MemoryStore whose Write and Load calls take latency each.
type laggingStore struct {
	*syncer.MemoryStore
	latency time.Duration
}

func (s laggingStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	time.Sleep(s.latency)
	return s.MemoryStore.Write(ctx, ws)
}

func (s laggingStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	time.Sleep(s.latency)
	return s.MemoryStore.Load(ctx, keys)
}

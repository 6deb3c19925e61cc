package mongostore_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestSyncers runs three instances against the server of MONGODB_URI:
// requests on a few hot keys from several goroutines per instance, while
// the instances flush and pull; in the end the store holds exactly the
// committed counts, and every instance agrees.
//
// On FerretDB the flushes are serialized (one at a time across the
// instances, requests still concurrent): its compare-and-swap is not atomic
// under concurrent writers (docs/ferretdb.md point 3), so concurrent flushes
// would lose updates there while MongoDB's per-document atomicity, which
// the syncer relies on, prevents it. The property under faults and
// concurrency is proven against MemoryStore (TestNoCountLostNoneTwice).
func TestSyncers(t *testing.T) {
	const instances, workers, requests = 3, 3, 200
	store := newStore(t, 0)
	serialize := isFerretDB(t, store)
	var flushMu sync.Mutex // taken around each flush only when serialize
	keys := []cache.Key{{ClientID: "client-1", User: "alice"}, {ClientID: "client-1"}, {ClientID: "cli|ent", User: "é"}}
	committed := make([]atomic.Int64, len(keys))
	var failed atomic.Bool
	flushes := make([]atomic.Int64, instances) // workers wait for a flush now and then, so flushes interleave with requests
	caches := make([]*cache.Cache, instances)
	syncers := make([]*syncer.Syncer, instances)
	for i := range instances {
		caches[i] = newCache(t, fixedClock(t0))
		syncers[i] = newSyncer(t, syncer.Config{Cache: caches[i], Store: store, Instance: fmt.Sprint("mongo-", i), Now: fixedClock(t0), BatchSize: 2})
	}
	flush := func(i int) error {
		if serialize {
			flushMu.Lock()
			defer flushMu.Unlock()
		}
		ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
		defer cancel()
		if err := syncers[i].FlushOnce(ctx); err != nil {
			return err
		}
		return syncers[i].PullOnce(ctx)
	}
	var reqWG, syncWG sync.WaitGroup
	done := make(chan struct{})
	for i := range instances {
		for w := range workers {
			r := rand.New(rand.NewPCG(uint64(i), uint64(w)))
			reqWG.Go(func() {
				for n := range requests {
					if n%20 == 0 {
						for f := flushes[i].Load(); flushes[i].Load() == f && !failed.Load(); {
							runtime.Gosched()
						}
					}
					ki := r.IntN(len(keys))
					d := caches[i].Reserve(keys[ki], tiers, 1, cache.Enforce, t0)
					if r.IntN(5) == 0 {
						caches[i].Release(&d.Reservation)
						continue
					}
					caches[i].Commit(&d.Reservation)
					committed[ki].Add(1)
				}
			})
		}
		syncWG.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				if err := flush(i); err != nil {
					t.Errorf("instance %d: %v", i, err)
					failed.Store(true)
					return
				}
				flushes[i].Add(1)
			}
		})
	}
	reqWG.Wait()
	close(done)
	syncWG.Wait()
	for range 3 {
		for i := range instances {
			if err := flush(i); err != nil {
				t.Fatalf("final flush of instance %d: %v", i, err)
			}
		}
	}
	// A pull reads the keys used since their last read: look at each
	// key, as a request would, then pull, so that every instance holds
	// what the store holds.
	for i, c := range caches {
		for _, k := range keys {
			for _, tier := range tiers {
				estimate(c, k, tier, t0)
			}
		}
		if err := syncers[i].PullOnce(t.Context()); err != nil {
			t.Fatalf("last pull of instance %d: %v", i, err)
		}
	}
	for ki, k := range keys {
		want := committed[ki].Load()
		for _, tier := range tiers {
			if _, n := stored(t, store, k, tier.Size); n != want {
				t.Errorf("key %q, %v frames: store holds %d, committed %d", k, tier.Size, n, want)
			}
			for i, c := range caches {
				if got := estimate(c, k, tier, t0); got != want {
					t.Errorf("key %q, %v window: instance %d estimates %d, committed %d", k, tier.Size, i, got, want)
				}
			}
		}
	}
}

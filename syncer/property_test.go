package syncer_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// chaos are the faults of the property test: every kind at once, often.
var chaos = faults{
	outage:       0.05,
	lostAck:      0.05,
	lostAckEach:  0.10,
	dropEach:     0.10,
	lateEach:     0.5,
	foreign:      0.10,
	stopAtError:  0.15,
	loadOutage:   0.05,
	foreignInsts: 2,
}

// TestNoCountLostNoneTwice is the property the syncer exists for. Several
// instances, each its own cache and Syncer, share one MemoryStore through a
// store that injects every fault at once: version conflicts by foreign
// writes, answers lost for writes that landed and for writes that did not
// (some of which land later), outages, whole calls whose answers are lost,
// FerretDB's bulk that stops at the first conflict, failed loads. Requests
// reserve and then commit or release, concurrently with flushes, pulls and
// restarts of syncers. The clock stands still between restarts so frames do
// not roll. In the end, with faults off and everything flushed, each key's
// count in the store is exactly the committed count, in every window size,
// and every cache's estimate agrees.
//
// SYNCER_PROPERTY_SEEDS=n runs n seeds (default 5, 2 with -short);
// SYNCER_PROPERTY_SEED=s runs seed s alone.
func TestNoCountLostNoneTwice(t *testing.T) {
	seeds := []uint64{}
	if s := os.Getenv("SYNCER_PROPERTY_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("SYNCER_PROPERTY_SEED=%q: want an unsigned integer", s)
		}
		seeds = append(seeds, seed)
	} else {
		n := 5
		if testing.Short() {
			n = 2
		}
		if s := os.Getenv("SYNCER_PROPERTY_SEEDS"); s != "" {
			var err error
			if n, err = strconv.Atoi(s); err != nil {
				t.Fatalf("SYNCER_PROPERTY_SEEDS=%q: want an integer", s)
			}
		}
		base := rand.Uint64()
		for i := range n {
			seeds = append(seeds, base+uint64(i))
		}
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Logf("seed %d (rerun with SYNCER_PROPERTY_SEED=%d)", seed, seed)
			runProperty(t, seed, chaos, 2)
		})
	}
}

// TestNoCountLostNoneTwiceWithoutFaults is the same with a reliable store:
// only the instances' own conflicts.
func TestNoCountLostNoneTwiceWithoutFaults(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	runProperty(t, seed, faults{}, 2)
}

// TestNoCountLostNoneTwiceOneKeyACall is TestNoCountLostNoneTwice with
// Store calls of 1 key: every read of several keys (a flush's read backs
// of writes with lost answers, above all) takes several calls, and one
// failing after others answered leaves a part read, which the flush
// settles (resolve) and keeps the rest unsettled. With calls of 2 keys (3
// keys), a read back failed part way in none of 5 seeds; here in 4 of 5,
// 10 times (h72, counted with a print). SYNCER_PROPERTY_ONEKEY_SEEDS=n
// runs n seeds (default 3, 1 with -short); SYNCER_PROPERTY_ONEKEY_SEED=s
// runs seed s alone.
func TestNoCountLostNoneTwiceOneKeyACall(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	runSeeds(t, "SYNCER_PROPERTY_ONEKEY", n, func(t *testing.T, seed uint64) {
		runProperty(t, seed, chaos, 1)
	})
}

// runProperty runs the property with the given faults and Config.BatchSize.
func runProperty(t *testing.T, seed uint64, f faults, batch int) {
	const (
		instances   = 3
		workers     = 3 // request goroutines per instance
		requests    = 250
		maxRestarts = 30 // each moves the clock one minute: frames of 1h must not roll
	)
	keys := []cache.Key{
		{ClientID: "client-1", User: "alice"},
		{ClientID: "client-1"},
		{ClientID: "cli|ent", User: `b\ob`},
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	inner := syncer.NewMemoryStore()
	store := newFaultStore(t, inner, rng.Uint64(), f)

	var clockNano atomic.Int64
	clockNano.Store(t0.UnixNano())
	now := func() time.Time { return time.Unix(0, clockNano.Load()).UTC() }
	var restarts atomic.Int64

	type instance struct {
		id    string
		cache *cache.Cache
		mu    sync.Mutex // guards s: the flusher replaces it on restart while the puller uses it
		s     *syncer.Syncer
		// flushes counts FlushOnce calls; request workers wait for it to
		// move every few requests, so that flushes interleave with
		// requests instead of coming after them all.
		flushes atomic.Int64
	}
	newS := func(in *instance) *syncer.Syncer {
		return newSyncer(t, syncer.Config{
			Cache: in.cache, Store: store, Instance: in.id, Now: now,
			BatchSize:  batch, // several Store calls per flush: one can fail alone
			MaxRetries: 2,
		})
	}
	ins := make([]*instance, instances)
	for i := range ins {
		in := &instance{id: fmt.Sprintf("inst-%d", i), cache: newCache(t, now)}
		in.s = newS(in)
		ins[i] = in
	}
	syncerOf := func(in *instance) *syncer.Syncer {
		in.mu.Lock()
		defer in.mu.Unlock()
		return in.s
	}

	committed := make([]atomic.Int64, len(keys))
	ctx := context.Background()
	var requestsWG, syncWG sync.WaitGroup
	done := make(chan struct{})
	for i, in := range ins {
		for w := range workers {
			r := rand.New(rand.NewPCG(rng.Uint64(), uint64(i*workers+w)))
			requestsWG.Go(func() {
				for n := range requests {
					if n%4 == 0 {
						for f := in.flushes.Load(); in.flushes.Load() == f; {
							runtime.Gosched()
						}
					}
					ki := r.IntN(len(keys))
					cost := int64(1 + r.IntN(3))
					d := in.cache.Reserve(keys[ki], tiers, cost, cache.Enforce, now())
					if !d.Allowed {
						t.Errorf("request denied: %+v", d)
						return
					}
					if r.IntN(4) == 0 {
						in.cache.Release(&d.Reservation)
					} else {
						in.cache.Commit(&d.Reservation)
						committed[ki].Add(cost)
					}
				}
			})
		}
		r := rand.New(rand.NewPCG(rng.Uint64(), 1000+uint64(i)))
		syncWG.Go(func() { // flusher, and restarts
			for {
				select {
				case <-done:
					return
				default:
				}
				_ = syncerOf(in).FlushOnce(ctx) // faults make errors; the end state is what counts
				in.flushes.Add(1)
				if r.IntN(40) == 0 && syncerOf(in).Unsettled() == 0 && restarts.Add(1) <= maxRestarts {
					// A restart on the same cache with the same ID: a
					// Syncer dropped between flushes. Restarting takes
					// time; a minute passes.
					clockNano.Add(int64(time.Minute))
					in.mu.Lock()
					in.s = newS(in)
					in.mu.Unlock()
				}
			}
		})
		syncWG.Go(func() { // puller, concurrent with the flushes
			for {
				select {
				case <-done:
					return
				default:
				}
				_ = syncerOf(in).PullOnce(ctx)
			}
		})
	}
	requestsWG.Wait()
	close(done)
	syncWG.Wait()

	store.setOn(false)
	store.flushLate(ctx)
	settled := false
	for round := 0; round < 20 && !settled; round++ {
		for _, in := range ins {
			if err := in.s.FlushOnce(ctx); err != nil {
				t.Fatalf("final flush of %s: %v", in.id, err)
			}
		}
		for _, in := range ins {
			if err := in.s.PullOnce(ctx); err != nil {
				t.Fatalf("final pull of %s: %v", in.id, err)
			}
		}
		settled = true
		for ki, k := range keys {
			for _, in := range ins {
				for _, tier := range tiers {
					if estimate(in.cache, k, tier, now()) != committed[ki].Load() {
						settled = false
					}
				}
			}
		}
	}
	t.Logf("faults: %v; restarts: %d", store.stats, min(restarts.Load(), maxRestarts))
	for ki, k := range keys {
		want := committed[ki].Load()
		for _, tier := range tiers {
			if _, n := stored(t, inner, k, tier.Size); n != want {
				t.Errorf("key %q, %v frames: store holds %d, committed %d", k, tier.Size, n, want)
			}
			for _, in := range ins {
				if got := estimate(in.cache, k, tier, now()); got != want {
					t.Errorf("key %q, %v window: %s estimates %d, committed %d", k, tier.Size, in.id, got, want)
				}
			}
		}
	}
	for _, in := range ins {
		if n := in.s.Unsettled(); n != 0 {
			t.Errorf("%s: %d writes still unsettled", in.id, n)
		}
	}
}

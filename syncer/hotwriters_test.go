package syncer

import (
	"context"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestManyWritersOfAHotKeyEachLand: 12 instances count one key 10 times a
// second each and flush it every Interval (1 s) through a store that
// answers 150 ms late, so that each compare-and-swap of the key meets
// another instance's write (an outside audit at 24 and 32 instances: hot
// keys' counts held back for 45 to 90 s, the fleet over its limit up to
// 2x). Every instance's counts land within about a flush: what it holds
// unflushed never exceeds 3 s of its counting, and the store ends with
// every count once. Before Add writes, the instances that lost every round
// of a flush deferred their delta to the next, where they lost again.
func TestManyWritersOfAHotKeyEachLand(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const n = 12
		hot := cache.Key{ClientID: "hot"}
		tiers := []window.Tier{tier}
		mem := NewMemoryStore()
		st := &slowStore{MemoryStore: mem, rtt: 150 * time.Millisecond}
		caches := make([]*cache.Cache, n)
		syncers := make([]*Syncer, n)
		ctx, stop := context.WithCancel(t.Context())
		done := make(chan error, n)
		for i := range n {
			c, err := cache.New(cache.Config{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := New(Config{Cache: c, Store: st, Instance: fmt.Sprint("i", i), Interval: time.Second, PullInterval: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			caches[i], syncers[i] = c, s
			go func() { done <- s.Run(ctx) }()
		}
		var counts, maxLocal int64
		held := make([]int64, n) // the most each instance held unflushed
		start := time.Now()
		for tick := 0; time.Since(start) < 30*time.Second; tick++ {
			for _, c := range caches {
				c.Commit(new(c.Reserve(hot, tiers, 1, cache.Enforce, time.Now()).Reservation))
				counts++
			}
			time.Sleep(100 * time.Millisecond)
			if time.Since(start) < 3*time.Second {
				continue
			}
			for i, c := range caches {
				var local int64
				for _, p := range c.AppendLocal(nil, time.Now()) {
					for _, f := range p.Delta {
						if f.Size == tier.Size {
							local += f.N
						}
					}
				}
				held[i] = max(held[i], local)
				maxLocal = max(maxLocal, local)
			}
		}
		stop()
		for range n {
			if err := <-done; err != nil {
				t.Errorf("Run = %v", err)
			}
		}
		var conflicts, deferred float64
		for _, s := range syncers {
			conflicts += testutil.ToFloat64(s.m.conflicts)
			deferred += testutil.ToFloat64(s.m.deferred)
		}
		t.Logf("held unflushed at most %v per instance (%d at most); %v conflicts, %v deferred writes", held, maxLocal, conflicts, deferred)
		if maxLocal > 30 {
			t.Errorf("an instance held %d counts unflushed, want at most 30 (3 s of its counting): %v", maxLocal, held)
		}
		docs, err := mem.Load(context.Background(), []cache.Key{hot})
		if err != nil {
			t.Fatal(err)
		}
		var stored int64
		for _, f := range docs[0].Snapshot.Frames {
			if f.Size == tier.Size {
				stored += f.N
			}
		}
		if stored != counts {
			t.Errorf("the store holds %d, want every count once: %d", stored, counts)
		}
		if len(docs[0].LastWrites) != n {
			t.Errorf("the document names %d writers, want %d: %v", len(docs[0].LastWrites), n, docs[0].LastWrites)
		}
	})
}

package syncer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// benchmarkFlush measures one FlushOnce of n dirty keys (two window sizes
// each) into store; the requests that make the keys dirty are not timed.
func benchmarkFlush(b *testing.B, store syncer.Store, n int) {
	c := newCache(b, fixedClock(t0))
	s := newSyncer(b, syncer.Config{Cache: c, Store: store, Instance: "bench", Now: fixedClock(t0)})
	keys := make([]cache.Key, n)
	for i := range keys {
		keys[i] = cache.Key{ClientID: fmt.Sprint("client-", i%100), User: fmt.Sprint("user-", i)}
	}
	ctx := b.Context()
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		for _, k := range keys {
			c.Commit(new(c.Reserve(k, tiers, 1, cache.Enforce, t0).Reservation))
		}
		b.StartTimer()
		if err := s.FlushOnce(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
}

func BenchmarkFlushOnce(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("memory/keys=%d", n), func(b *testing.B) {
			benchmarkFlush(b, syncer.NewMemoryStore(), n)
		})
	}
}

// BenchmarkPullOnce measures one PullOnce of n active keys.
func BenchmarkPullOnce(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("memory/keys=%d", n), func(b *testing.B) {
			store := syncer.NewMemoryStore()
			c := newCache(b, fixedClock(t0))
			s := newSyncer(b, syncer.Config{Cache: c, Store: store, Instance: "bench", Now: fixedClock(t0.Add(time.Second))})
			for i := range n {
				c.Commit(new(c.Reserve(cache.Key{ClientID: "c", User: fmt.Sprint(i)}, tiers, 1, cache.Enforce, t0).Reservation))
			}
			if err := s.FlushOnce(b.Context()); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := s.PullOnce(b.Context()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package syncer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// BenchmarkPullOnceUsed measures one PullOnce of n keys each used once
// since the last pull, so that the pull reads every one of them
// (BenchmarkPullOnce's keys, not used again, are read once and then
// skipped); the requests are not timed.
func BenchmarkPullOnceUsed(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("memory/keys=%d", n), func(b *testing.B) {
			store := syncer.NewMemoryStore()
			c := newCache(b, fixedClock(t0))
			s := newSyncer(b, syncer.Config{Cache: c, Store: store, Instance: "bench", Now: fixedClock(t0.Add(time.Second))})
			keys := make([]cache.Key, n)
			for i := range keys {
				keys[i] = cache.Key{ClientID: fmt.Sprint("client-", i%100), User: fmt.Sprint("user-", i)}
				c.Commit(new(c.Reserve(keys[i], tiers, 1, cache.Enforce, t0).Reservation))
			}
			if err := s.FlushOnce(b.Context()); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				for _, k := range keys {
					c.Release(new(c.Reserve(k, tiers, 1, cache.Enforce, t0).Reservation))
				}
				b.StartTimer()
				if err := s.PullOnce(b.Context()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
		})
	}
}

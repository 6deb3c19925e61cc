package mongostore_test

import (
	"fmt"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// BenchmarkFlushOnce measures one Syncer.FlushOnce of n dirty keys (two
// window sizes each) into a Store on the server of MONGODB_URI; the
// requests that make the keys dirty are not timed. syncer's
// BenchmarkFlushOnce is the same against MemoryStore.
func BenchmarkFlushOnce(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			store := newStore(b, 0)
			if n > 1000 && isFerretDB(b, store) {
				// About 2-5 ms per statement: 20-50 s per flush.
				b.Skipf("%s: too slow for %d keys per flush", mongoServer(b, store), n)
			}
			c := newCache(b, fixedClock(t0))
			s := newSyncer(b, syncer.Config{Cache: c, Store: store, Instance: "bench", Now: fixedClock(t0)})
			keys := make([]cache.Key, n)
			for i := range keys {
				keys[i] = cache.Key{ClientID: fmt.Sprint("client-", i%100), User: fmt.Sprint("user-", i)}
			}
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				for _, k := range keys {
					c.Commit(new(c.Reserve(k, tiers, 1, cache.Enforce, t0).Reservation))
				}
				b.StartTimer()
				if err := s.FlushOnce(b.Context()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
		})
	}
}

package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// BenchmarkTakeDirtyFixedClock measures TakeDirty of n dirty keys (one
// request each since the last take, keys of benchKeys' shape), the cache's
// side of a flush: the requests and the Confirms are not timed.
func BenchmarkTakeDirtyFixedClock(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			c := newCache(b, Config{})
			keys := benchKeys(n)
			now := modelStart
			var ps []Pending
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				for _, k := range keys {
					d := c.Reserve(k, benchTiers, 1, Enforce, now)
					c.Commit(&d.Reservation)
				}
				b.StartTimer()
				ps = c.TakeDirty(ps[:0], now)
				b.StopTimer()
				if len(ps) != n {
					b.Fatalf("%d keys taken, want %d", len(ps), n)
				}
				for i := range ps {
					c.Confirm(&ps[i], Snapshot{Version: ps[i].Base.Version + 1, Frames: Merge(ps[i].Base.Frames, ps[i].Delta, now)}, now)
				}
				clear(ps)
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
		})
	}
}

// BenchmarkAppendPullHotFixedClock measures AppendPullHot of n keys, each
// near its limit, so read (and hot) at every round: the cache's side of a
// pull.
func BenchmarkAppendPullHotFixedClock(b *testing.B) {
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	for _, n := range []int{1_000, 10_000} {
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			c := newCache(b, Config{Now: func() time.Time { return modelStart }})
			now := modelStart
			for _, k := range benchKeys(n) {
				d := c.Reserve(k, tiers, 6, Enforce, now)
				c.Commit(&d.Reservation)
			}
			var dst, hot []Key
			round := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				round++
				dst, hot = c.AppendPullHot(dst[:0], hot[:0], now.Add(-time.Minute), round, 1)
				if len(dst) != n || len(hot) != n {
					b.Fatalf("%d keys read, %d hot, want %d", len(dst), len(hot), n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
		})
	}
}

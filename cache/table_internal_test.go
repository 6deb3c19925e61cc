package cache

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// indexOf returns the slot of e, whose hash is h, or -1. The caller holds
// the shard's lock.
func (t *table) indexOf(h uint64, e *entry) int {
	n := len(t.slots)
	i := t.home(h)
	for range n {
		cur := t.slots[i].e.Load()
		if cur == nil {
			return -1
		}
		if cur == e {
			return i
		}
		if i++; i == n {
			i = 0
		}
	}
	return -1
}

// probes returns how many slots a lookup of k (hash h) reads to find it,
// and whether it does.
func (t *table) probes(k Key, h uint64) (int, bool) {
	n := len(t.slots)
	i := t.home(h)
	for p := 1; p <= n; p++ {
		s := &t.slots[i]
		e := s.e.Load()
		if e == nil {
			return p, false
		}
		if e != tombstone && s.hash.Load() == h && e.hasKey(k) {
			return p, true
		}
		if i++; i == n {
			i = 0
		}
	}
	return n, false
}

// Keys held throughout are found by every lock-free lookup while, in the
// same shard, other keys are inserted (the table grows, tombstones are
// reused) and swept (tombstones, shrinking rebuilds), under the keyed hash
// and colliding ones. It fails when a removal stores nil instead of a
// tombstone (a probe then stops short of keys past it). From R2's review.
func TestLockFreeLookupNeverMissesHeldKey(t *testing.T) {
	for _, mode := range hashModes() {
		t.Run(mode.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			if mode.hash != nil {
				c.testHash = mode.hash
			}
			now := time.Unix(1_900_000_000, 0)
			old := now.Add(-120 * time.Second)
			tiers := []window.Tier{{Limit: 10, Size: time.Second}}
			var stable []Key
			for i := range 40 {
				k := Key{ClientID: fmt.Sprint("s", i), User: "x"}
				stable = append(stable, k)
				c.Reserve(k, tiers, 0, Enforce, now)
			}
			var stop atomic.Bool
			var misses, looks atomic.Int64
			var wg sync.WaitGroup
			for range 2 {
				wg.Go(func() {
					for !stop.Load() {
						for _, k := range stable {
							looks.Add(1)
							if c.find(k) == nil {
								misses.Add(1)
							}
						}
					}
				})
			}
			n := 0
			for round := range 20 {
				for range 30 + round%7*20 {
					n++
					c.Reserve(Key{ClientID: fmt.Sprint("c", n)}, tiers, 0, Enforce, old) // empty and idle: swept below
				}
				c.Sweep(now)
			}
			stop.Store(true)
			wg.Wait()
			if misses.Load() > 0 {
				t.Fatalf("%d of %d lookups missed a held key (%d keys churned)", misses.Load(), looks.Load(), n)
			}
		})
	}
}

// A negative cost counts as 0: it neither gives back counts nor reaches the
// window math with a value it cannot take (a cost of MinInt64 made
// RetryAfter divide by zero with the key locked).
func TestNegativeCost(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "a"}
	tiers := perMinute(3)
	for range 3 {
		c.Commit(c.Reserve(k, tiers, 1, Enforce, t0).Reservation)
	}
	for _, cost := range []int64{-1, -1 << 40, -1 << 63} {
		d := c.Reserve(k, tiers, cost, CountAlways, t0)
		c.Commit(d.Reservation)
		if got := c.used(k, time.Minute, t0); got != 3 {
			t.Errorf("cost %d: used %d after, want 3", cost, got)
		}
	}
	if d := c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
		t.Error("a fourth request of limit 3 admitted after negative costs")
	}
}

// BenchmarkTableProbes reports, for the cache as BenchmarkDecision holds 1M
// keys (default shards), the tables' load and bytes per key and how many
// slots a hit reads (mean, 99th percentile): the price of the load
// constants (see table).
func BenchmarkTableProbes(b *testing.B) {
	const n = 1_000_000
	keys := benchKeys(n)
	c := newCache(b, Config{MaxKeys: 2 * n})
	for _, k := range keys {
		c.Reserve(k, benchTiers, 1, Enforce, t0)
	}
	ps := make([]int, 0, n)
	for b.Loop() {
		ps = ps[:0]
		for _, k := range keys {
			h := c.hash(k)
			p, ok := c.shardOf(h).tab.Load().probes(k, h)
			if !ok {
				b.Fatalf("%v not found", k)
			}
			ps = append(ps, p)
		}
	}
	slices.Sort(ps)
	sum, slots, used := 0, 0, 0
	for _, p := range ps {
		sum += p
	}
	for i := range c.shards {
		t := c.shards[i].tab.Load()
		slots, used = slots+len(t.slots), used+t.used
	}
	b.ReportMetric(float64(used)/float64(slots), "load")
	b.ReportMetric(float64(slots*16)/float64(used), "table-B/key")
	b.ReportMetric(float64(sum)/float64(len(ps)), "probes/hit")
	b.ReportMetric(float64(ps[len(ps)*99/100]), "p99-probes/hit")
}

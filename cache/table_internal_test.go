package cache

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Keys held throughout are found by every lock-free lookup while, in the
// same shard, other keys are inserted (the table grows, rebuilt when full
// counting tombstones) and swept (tombstones, shrinking rebuilds), under
// the keyed hash and colliding ones. It fails when a probe stops at a
// tombstone as at an empty slot (short of the keys past it).
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
							if c.find(k).hotLine == nil {
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
		c.Commit(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
	}
	for _, cost := range []int64{-1, -1 << 40, -1 << 63} {
		d := c.Reserve(k, tiers, cost, CountAlways, t0)
		c.Commit(&d.Reservation)
		if got := c.used(k, time.Minute, t0); got != 3 {
			t.Errorf("cost %d: used %d after, want 3", cost, got)
		}
	}
	if d := c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
		t.Error("a fourth request of limit 3 admitted after negative costs")
	}
}

// BenchmarkTableProbes reports, for the cache as BenchmarkDecision holds 1M
// keys (default shards), the tables' load and bytes per key, and for a
// lookup of each key held (hit) and of as many keys not held (miss) how
// many slots it reads (mean, 99th percentile): the price of the load
// constants (see slotTable).
func BenchmarkTableProbes(b *testing.B) {
	const n = 1_000_000
	keys := benchKeys(2 * n)
	held, absent := keys[:n], keys[n:]
	c := newCache(b, Config{MaxKeys: 2 * n})
	for _, k := range held {
		c.Reserve(k, benchTiers, 1, Enforce, t0)
	}
	hits, misses := make([]int, 0, n), make([]int, 0, n)
	for b.Loop() {
		hits, misses = hits[:0], misses[:0]
		for _, k := range held {
			h := c.hash(k)
			p, ok := c.shardOf(h).pub.tab.Load().slotsProbed(k, h)
			if !ok {
				b.Fatalf("%v not found", k)
			}
			hits = append(hits, p)
		}
		for _, k := range absent {
			h := c.hash(k)
			p, ok := c.shardOf(h).pub.tab.Load().slotsProbed(k, h)
			if ok {
				b.Fatalf("%v found", k)
			}
			misses = append(misses, p)
		}
	}
	slots, used := 0, 0
	for i := range c.shards {
		t := c.shards[i].pub.tab.Load()
		slots, used = slots+t.size(), used+t.used
	}
	b.ReportMetric(float64(used)/float64(slots), "load")
	b.ReportMetric(float64(slots*int(unsafe.Sizeof(hotLine{})+unsafe.Sizeof(coldLine{})))/float64(used), "table-B/key")
	for _, m := range []struct {
		name string
		ps   []int
	}{{"slots/hit", hits}, {"slots/miss", misses}} {
		mean, p99 := meanP99(m.ps)
		b.ReportMetric(mean, m.name)
		b.ReportMetric(float64(p99), m.name+"-p99")
	}
}

// meanP99 returns the mean and the 99th percentile of ps, which it sorts.
func meanP99(ps []int) (mean, p99 float64) {
	slices.Sort(ps)
	sum := 0
	for _, p := range ps {
		sum += p
	}
	return float64(sum) / float64(len(ps)), float64(ps[len(ps)*99/100])
}

// While a table is being published (the sequence number odd), homeSlot
// gives no slot and get finds a held key through the table: the same
// entry, and no key added.
func TestGetWhileTablePublished(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "client-0000001", User: "user-0000001"}
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	now := time.Unix(1_900_000_000, 0)
	_, e := c.get(k, tiers, now.Unix())
	s := &c.shards[0]
	s.pub.seq.Add(1) // as publish does before it stores the table's fields
	defer s.pub.seq.Add(1)
	if l, _, _ := s.pub.homeSlot(c.hash(k)); l != nil {
		t.Fatalf("homeSlot with the sequence number odd = %p, want nil", l)
	}
	if _, got := c.get(k, tiers, now.Unix()); got != e || c.Len() != 1 {
		t.Fatalf("get while a table is being published: entry %v and %d keys, want %v and 1", got, c.Len(), e)
	}
}

// Lookups racing inserts, removals and rebuilds in the very slots they
// read, under -race: readers look up keys that are being inserted and
// swept all along (the table grows, its slots turn to tombstones, it is
// rebuilt smaller), and keys held throughout. A lookup may miss a key that
// comes or goes, but whatever it finds is the key's own slot (its bytes),
// and a held key is always found. Every key of a hash mode that collides
// shares a home slot (or a tag), so the idents and bytes readers load are
// the ones being rewritten. It fails when a probe trusts a matching ident
// without comparing the key's bytes (slotTable.holds). This races the
// Cache's own insert, Sweep and rebuilds; TestSlotProbeRacesChurn races
// the slot table alone, with holders counting into what they find, and
// with keys long enough that their bytes are compared by loads the race
// detector sees (sameLong): it fails, a data race, when publishKey stores
// the ident before the bytes, where this one, of keys of 3 and 4 bytes
// (compared as strings), passed (helper 177's report).
func TestTableLookupRacesSlotChurn(t *testing.T) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	for _, mode := range hashModes() {
		t.Run(mode.name, func(t *testing.T) {
			c := newTableCache(t, Config{Shards: 1}, mode)
			now := time.Unix(1_900_000_000, 0)
			var held []Key
			for i := range 16 {
				k := Key{ClientID: fmt.Sprint("held-", i)}
				held = append(held, k)
				c.Reserve(k, tiers, 1, Enforce, now) // a count: never swept
			}
			const churn = 48
			churnKeys := make([]Key, churn)
			for i := range churnKeys {
				churnKeys[i] = Key{ClientID: fmt.Sprint("c", i), User: "u"}
			}
			var stop atomic.Bool
			var looks, founds atomic.Int64
			var wg sync.WaitGroup
			fail := make(chan string, 4)
			for g := range 2 {
				wg.Go(func() {
					for !stop.Load() {
						for i, k := range churnKeys {
							looks.Add(1)
							h := c.hash(k)
							tab := c.shardOf(h).pub.tab.Load()
							if i := tab.probe(k, h); i >= 0 {
								founds.Add(1)
								// The slot's bytes, whatever it became since
								// (removed, moved): they never change.
								if got := tab.keyOf(i); got != k {
									fail <- fmt.Sprintf("reader %d: %v found as %v", g, k, got)
									return
								}
							}
							if h := held[i%len(held)]; c.find(h).hotLine == nil {
								fail <- fmt.Sprintf("reader %d: held %v missed", g, h)
								return
							}
						}
					}
				})
			}
			// The churn keys are used 2 minutes ago without a count: each
			// sweep removes them all (see emptyIdleSec).
			old := now.Add(-2 * time.Minute)
			// At least 40 rounds, and on until the readers have found
			// churning keys a while (without -race the writer would
			// otherwise be done before they start), or one has failed
			// (they stop at their first failure, and founds with them).
			for round := 0; len(fail) == 0 && (round < 40 || founds.Load() < 500 && round < 100_000); round++ {
				for i := range churn - round%churn {
					c.Reserve(churnKeys[(i*7+round)%churn], tiers, 0, Enforce, old)
				}
				c.Sweep(now)
			}
			stop.Store(true)
			wg.Wait()
			close(fail)
			for msg := range fail {
				t.Error(msg)
			}
			if founds.Load() == 0 || founds.Load() == looks.Load() {
				t.Errorf("%d of %d lookups of churning keys found them: the churn did not race the readers", founds.Load(), looks.Load())
			}
			for _, k := range held {
				if c.find(k).hotLine == nil {
					t.Errorf("held %v missed after the run", k)
				}
			}
		})
	}
}

package cache

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
	"unsafe"
)

// BenchmarkTableLoads reports, for one table of the size a shard of a
// cache of a million keys has (600 groups), filled to each load with
// random hashes, how many groups and entry pointers a lookup reads for a
// key held (hit) and one not held (miss), mean and 99th percentile, and
// the bytes per key: the curve the load bounds are chosen from (see
// table). A table's load moves between rebuildLoad and maxLoad as keys
// come, so BenchmarkTableProbes, at one cache size, sees one point of it.
func BenchmarkTableLoads(b *testing.B) {
	const groups = 600
	for _, load := range []float64{0.6, 0.7, 0.75, 0.8, 0.85, 0.875, 0.9} {
		b.Run(fmt.Sprintf("load=%.3f", load), func(b *testing.B) {
			n := int(load * groups * groupSlots)
			keys := make([]Key, n)
			for i := range keys {
				keys[i] = Key{ClientID: fmt.Sprint("k", i)}
			}
			hs := make([]uint64, n)
			r := rand.New(rand.NewPCG(1, 2))
			var hitG, hitP, missG, missP []int
			for b.Loop() {
				// A fresh placement each round: the curve, not one table's luck.
				for range 20 {
					t := &table{groups: make([]group, groups)}
					for i, k := range keys {
						hs[i] = r.Uint64()
						t.insert(hs[i], newEntry(k, 0, false))
					}
					for i, k := range keys {
						g, p, ok := t.probes(k, hs[i])
						if !ok {
							b.Fatalf("%v not found", k)
						}
						hitG, hitP = append(hitG, g), append(hitP, p)
						g, p, _ = t.probes(Key{ClientID: "absent"}, r.Uint64())
						missG, missP = append(missG, g), append(missP, p)
					}
				}
			}
			b.ReportMetric(float64(groups*int(unsafe.Sizeof(group{})))/float64(n), "table-B/key")
			reportProbes(b, hitG, hitP, missG, missP)
		})
	}
}

// BenchmarkNewKey measures a decision on a key the cache does not hold:
// the lookups that miss, the entry made, the table's insert and, spread
// over the keys, its rebuilds (which hash every key again). The key's
// bytes are written into one buffer each time, as the middleware passes
// them (the cache copies a new key's).
func BenchmarkNewKey(b *testing.B) {
	c := newCache(b, Config{MaxKeys: 1 << 30})
	buf := make([]byte, 0, 32)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		buf = strconv.AppendInt(append(buf[:0], "user-"...), int64(i), 10)
		i++
		k := Key{ClientID: "client-1", User: unsafe.String(unsafe.SliceData(buf), len(buf))}
		c.Commit(new(c.Reserve(k, benchTiers, 1, Enforce, t0).Reservation))
	}
}

// BenchmarkNewKeyAtMaxKeys measures a decision on a new key in a cache
// full at MaxKeys (200k keys held), so that each new key evicts one: the
// churn of a flood of new keys, where the table's removals and the
// rebuilds they bring are on the request path.
func BenchmarkNewKeyAtMaxKeys(b *testing.B) {
	const n = 200_000
	c := newCache(b, Config{MaxKeys: n})
	buf := make([]byte, 0, 32)
	i := 0
	next := func() Key {
		buf = strconv.AppendInt(append(buf[:0], "user-"...), int64(i), 10)
		i++
		return Key{ClientID: "client-1", User: unsafe.String(unsafe.SliceData(buf), len(buf))}
	}
	for range n + n/10 {
		c.Commit(new(c.Reserve(next(), benchTiers, 1, Enforce, t0).Reservation))
	}
	b.ReportAllocs()
	for b.Loop() {
		c.Commit(new(c.Reserve(next(), benchTiers, 1, Enforce, t0).Reservation))
	}
}

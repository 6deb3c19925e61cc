package cache

import (
	"fmt"
	"math/rand/v2"
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
						t.insert(hs[i], newEntry(k, 0))
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
			for _, m := range []struct {
				name string
				ps   []int
			}{{"groups/hit", hitG}, {"ptrs/hit", hitP}, {"groups/miss", missG}, {"ptrs/miss", missP}} {
				mean, p99 := meanP99(m.ps)
				b.ReportMetric(mean, m.name)
				b.ReportMetric(p99, "p99-"+m.name)
			}
		})
	}
}

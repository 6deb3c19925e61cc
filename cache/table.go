package cache

import "math/bits"

// What a shard's table of slots (slots.go) takes from the table it
// replaced in step 6b, whose groups step 6c removed: the load bounds and
// the home of a hash.
//
// A table is rebuilt when one more key would make it maxLoad (7/8) full,
// tombstones included (slotTable.full), to a size that leaves it
// rebuildLoad (70 %) full (newSlotTable), so that a growing table's load
// moves between the two; and after removals, when it is sparse
// (slotTable.sparse). BenchmarkSlotLoads (one table of 4,096 slots, random
// hashes; slots a probe reads, mean and 99th percentile; the hot and cold
// lines' bytes a key; results/ of step 6c, helper 177):
//
//	load   B/key  hit         miss
//	0.70   137    2.15  15     6.10   39
//	0.80   120    2.91  27    12.2    81
//	0.875  110    4.45  53    33.8   278
//	0.90   107    5.40  76    50.2   362
//
// Past 7/8, misses (a new key is probed for before it is placed) lengthen
// fast: linear probing clusters, as Knuth's (1 + 1/(1-a)²)/2 says.

// Table loads: rebuild past maxLoadNum/maxLoadDen, to about
// rebuildLoadPercent.
const (
	maxLoadNum, maxLoadDen = 7, 8
	rebuildLoadPercent     = 70
)

// sparseMinSlots is the most slots of a table that sparse rebuilds for
// its tombstones only: a larger one is rebuilt smaller, too, once less
// than a quarter of it is used. 28 is the bound the table before the
// slots had, kept.
const sparseMinSlots = 28

// homeOf returns the first slot probed for hash h in a table of n slots:
// the high bits of h times n, below n, which needs no power of two (so a
// table's size follows its keys: the load stays between the bounds above
// instead of halving at each doubling). The shard is chosen by h's low
// bits (Cache.shardOf) and the ident's tag by bits 32-47 (identTagShift);
// a table of up to 65,536 slots takes its home from bits 48-63, so the
// three use different bits.
func homeOf(h, n uint64) uint64 {
	hi, _ := bits.Mul64(h, n)
	return hi
}

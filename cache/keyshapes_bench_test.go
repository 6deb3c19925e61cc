package cache

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// keyShapes are the shapes of BenchmarkDecisionKeyShapesManyFixedClock's
// keys, each by lookup's way to it: shape(i) is the key of index i.
var keyShapes = []struct {
	name  string
	shape func(i int) Key
}{
	// bench/'s key: short parts, 26 bytes in all (lookup's own path).
	{"short", func(i int) Key {
		return Key{ClientID: fmt.Sprintf("client-%07d", i%1000), User: fmt.Sprintf("user-%07d", i)}
	}},
	// Short parts of 32 bytes in all: in the table's key arena.
	{"short32", func(i int) Key {
		return Key{ClientID: fmt.Sprintf("client-%09d", i%1000), User: fmt.Sprintf("user-%011d", i)}
	}},
	// A UUID client ID alone (36 bytes; lookupWords, the arena).
	{"uuid", func(i int) Key { return Key{ClientID: uuidOf(i)} }},
	// A UUID client ID of 1000 and a user (48 bytes; lookupWords, the arena).
	{"uuid-user", func(i int) Key { return Key{ClientID: uuidOf(i % 1000), User: fmt.Sprintf("user-%07d", i)} }},
	// A client's short name and a numeric user (15 bytes; lookupWords, the hot line).
	{"name-num", func(i int) Key { return Key{ClientID: fmt.Sprintf("svc-%03d", i%1000), User: fmt.Sprintf("%08d", i)} }},
	// A client ID past 48 bytes (hash and holds).
	{"long", func(i int) Key {
		return Key{ClientID: strings.Repeat("c", 49) + fmt.Sprintf("%07d", i%1000), User: fmt.Sprintf("user-%07d", i)}
	}},
}

// uuidOf returns a UUID-shaped client ID (36 bytes) of i, its bits spread.
func uuidOf(i int) string {
	r := rand.New(rand.NewPCG(uint64(i), 0x5eed))
	a, b := r.Uint64(), r.Uint64()
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, a>>16&0xffff, a&0xffff, b>>48, b&0xffffffffffff)
}

// BenchmarkDecisionKeyShapesManyFixedClock measures a decision (ReserveTiers
// of compiled one-size tiers, then Commit, as bench/'s project-fixedclock
// decides) at a fixed time on keys of each of keyShapes held by the million
// (keys=1 too), picked uniformly at random (a fixed sequence): the look-up
// past the key's home slot, which about 0.4 of the keys are at 1M keys
// (pasthome/key, reported), for each of lookup's ways. For
// bench/instructions.sh (-misses).
func BenchmarkDecisionKeyShapesManyFixedClock(b *testing.B) {
	for _, n := range []int{1, 1_000_000} {
		for _, sh := range keyShapes {
			b.Run(fmt.Sprintf("keys=%d/key=%s", n, sh.name), func(b *testing.B) {
				keys := make([]Key, n)
				for i := range keys {
					keys[i] = sh.shape(i)
				}
				c := newCache(b, Config{MaxKeys: 4 << 20})
				// Fixed secrets: with New's random ones the layout, and
				// with it the count at 1M keys, changed from process to
				// process by up to 50 instructions a decision (795 and
				// 847 for one binary).
				c.seeds = keySeeds{0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb, 0x2545f4914f6cdd1d, 0xd6e8feb86659fd93, 0xa0761d6478bd642f}
				ts := c.Tiers(benchTiers)
				for _, k := range keys {
					var d Decision
					c.ReserveTiers(&d, k, &ts, 1, Enforce, t0)
					c.Commit(&d.Reservation)
				}
				past := 0
				for _, k := range keys {
					h := c.hash(k)
					if t := c.shardOf(h).pub.tab.Load(); t.probe(k, h) != t.home(h) {
						past++
					}
				}
				const seqLen = 1 << 20
				r := rand.New(rand.NewPCG(uint64(n), 12))
				seq := make([]uint32, seqLen)
				for i := range seq {
					seq[i] = uint32(r.IntN(n))
				}
				b.ReportAllocs()
				j := 0
				for b.Loop() {
					var d Decision
					c.ReserveTiers(&d, keys[seq[j&(seqLen-1)]], &ts, 1, Enforce, t0)
					if d.Counted {
						c.Commit(&d.Reservation)
					}
					j++
				}
				b.ReportMetric(float64(past)/float64(n), "pasthome/key")
			})
		}
	}
}

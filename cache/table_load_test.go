package cache

import (
	"strconv"
	"testing"
	"unsafe"
)

// BenchmarkNewKey measures a decision on a key the cache does not hold:
// the lookups that miss, the key's slot claimed and filled and, spread
// over the keys, its table's rebuilds (which hash every key again). The key's
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

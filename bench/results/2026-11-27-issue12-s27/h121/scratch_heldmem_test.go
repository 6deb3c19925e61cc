package cache

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// Scratch (not committed): heap per key held by a take two frames after
// the keys' counts, none flushed (a store outage).
func TestScratchHeldMemory(t *testing.T) {
	tiers := perMinute(100)
	c := newCache(t, Config{})
	const n = 100000
	keys := make([]Key, n)
	for i := range keys {
		keys[i] = Key{ClientID: fmt.Sprintf("client-%06d", i)}
		d := c.Reserve(keys[i], tiers, 1, Enforce, t0); c.Commit(&d.Reservation)
	}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	h0 := heap()
	ps := c.TakeDirty(nil, t0.Add(2*time.Minute+time.Second))
	for i := range ps {
		c.Abort(&ps[i])
	}
	ps = nil
	h1 := heap()
	t.Logf("took %d; heap before %d, after %d: %+.1f B a key", len(ps), h0, h1, (float64(h1)-float64(h0))/n)
	runtime.KeepAlive(c)
}

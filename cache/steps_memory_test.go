package cache

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// heldMemory counts keys busy keys once a second each, by a clock ahead of
// its least offset by excess seconds, through a store outage of outage
// seconds (every flush aborted), with a window of size, and returns the
// heap bytes the holds cost a key (HeapAlloc after a GC, less the same
// after the keys' first requests) and the orphan frames a key holds at the
// end, the most of any key.
func heldMemory(tb testing.TB, keys int, size time.Duration, excess, outage int64) (bytesPerKey float64, frames int) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: size}}
	sc := newStepsClock()
	c := newCache(tb, Config{Shards: 1, Steps: sc.steps})
	ks := make([]Key, keys)
	now := sc.at(500, 0) // the detector's first offset: the true clock
	for i := range ks {
		ks[i] = Key{ClientID: fmt.Sprintf("client-%06d", i)}
		d := c.Reserve(ks[i], tiers, 1, Enforce, now)
		c.Commit(&d.Reservation)
	}
	abortAll(c, sc.at(600, 0))
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	for s := int64(1); s <= outage; s++ {
		at := s*1_000 + 500
		now := sc.at(at, excess*1_000)
		for _, k := range ks {
			d := c.Reserve(k, tiers, 1, Enforce, now)
			c.Commit(&d.Reservation)
		}
		abortAll(c, sc.at(at+100, excess*1_000)) // the store down
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	for _, k := range ks {
		n, _ := orphansHeld(c, k)
		frames = max(frames, n)
	}
	runtime.KeepAlive(c)
	return (float64(ms.HeapAlloc) - float64(base)) / float64(keys), frames
}

// BenchmarkStepsHeldMemory reports what Rule M-all's holds cost: keys busy
// keys (a request a second each), a clock ahead of its least offset by
// excess, the store down for the outage. held-B/key is the heap a key's
// holds take (runtime.MemStats), frames/key the orphan frames the busiest
// key holds. One run a sub-benchmark (-benchtime 1x); CACHE_HELD=keys,
// excess-s,outage-s,size-s measures one more configuration, e.g. a day
// ahead: CACHE_HELD=1000,86400,2000,1.
func BenchmarkStepsHeldMemory(b *testing.B) {
	type conf struct {
		keys           int
		size           time.Duration
		excess, outage int64
	}
	confs := []conf{
		{1000, time.Second, 60, 300},
		{1000, time.Second, 600, 1200},
		{1000, time.Second, 86_400, 1200},
	}
	if v := os.Getenv("CACHE_HELD"); v != "" {
		f := strings.Split(v, ",")
		if len(f) != 4 {
			b.Fatalf("CACHE_HELD=%q: want keys,excess-s,outage-s,size-s", v)
		}
		var n [4]int64
		for i := range f {
			x, err := strconv.ParseInt(f[i], 10, 64)
			if err != nil || x <= 0 {
				b.Fatalf("CACHE_HELD=%q: field %d %q: want a positive integer", v, i+1, f[i])
			}
			n[i] = x
		}
		confs = []conf{{int(n[0]), time.Duration(n[3]) * time.Second, n[1], n[2]}}
	}
	for _, cf := range confs {
		b.Run(fmt.Sprintf("keys=%d/size=%v/ahead=%ds/outage=%ds", cf.keys, cf.size, cf.excess, cf.outage), func(b *testing.B) {
			var bytes float64
			var frames int
			for range b.N {
				bytes, frames = heldMemory(b, cf.keys, cf.size, cf.excess, cf.outage)
			}
			b.ReportMetric(bytes, "held-B/key")
			b.ReportMetric(float64(frames), "frames/key")
			b.ReportMetric(bytes*float64(cf.keys)/1e6, "held-MB")
		})
	}
}

package cache

import (
	"fmt"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// benchTiers never deny, so every iteration takes the admit-and-count path.
var benchTiers = []window.Tier{{Limit: 1 << 50, Size: time.Minute}}

func benchKeys(n int) []Key {
	keys := make([]Key, n)
	for i := range keys {
		keys[i] = Key{ClientID: "client-" + strconv.Itoa(i%1000), User: "user-" + strconv.Itoa(i)}
	}
	return keys
}

// BenchmarkDecision measures the decision as a request takes it: the clock
// read with time.Now, Reserve (admitted), then Commit, on an existing key,
// with 1, 10k and 1M keys held, from one goroutine and from GOMAXPROCS
// goroutines.
func BenchmarkDecision(b *testing.B) {
	for _, n := range []int{1, 10_000, 1_000_000} {
		keys := benchKeys(n)
		c := newCache(b, Config{MaxKeys: 2 * n})
		for _, k := range keys {
			c.Commit(new(c.Reserve(k, benchTiers, 1, Enforce, time.Now()).Reservation))
		}
		b.Run(fmt.Sprintf("keys=%d/serial", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c.Commit(new(c.Reserve(keys[i], benchTiers, 1, Enforce, time.Now()).Reservation))
				if i++; i == len(keys) {
					i = 0
				}
			}
		})
		b.Run(fmt.Sprintf("keys=%d/parallel", n), func(b *testing.B) {
			b.ReportAllocs()
			var seq atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				i := int(seq.Add(7919)) % len(keys)
				for pb.Next() {
					c.Commit(new(c.Reserve(keys[i], benchTiers, 1, Enforce, time.Now()).Reservation))
					if i++; i == len(keys) {
						i = 0
					}
				}
			})
		})
	}
}

// BenchmarkReserveFixedClock measures Reserve alone (admitted, never
// committed) at a fixed time, with 1, 10k and 1M keys held, from one
// goroutine and from GOMAXPROCS goroutines: the cache's part of a decision
// without the clock read. BenchmarkDecision is the path a request takes.
func BenchmarkReserveFixedClock(b *testing.B) {
	for _, n := range []int{1, 10_000, 1_000_000} {
		keys := benchKeys(n)
		c := newCache(b, Config{MaxKeys: 2 * n})
		for _, k := range keys {
			c.Reserve(k, benchTiers, 1, Enforce, t0)
		}
		b.Run(fmt.Sprintf("keys=%d/serial", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				c.Reserve(keys[i], benchTiers, 1, Enforce, t0)
				if i++; i == len(keys) {
					i = 0
				}
			}
		})
		b.Run(fmt.Sprintf("keys=%d/parallel", n), func(b *testing.B) {
			b.ReportAllocs()
			var seq atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				// Each goroutine walks the keys from its own offset.
				i := int(seq.Add(7919)) % len(keys)
				for pb.Next() {
					c.Reserve(keys[i], benchTiers, 1, Enforce, t0)
					if i++; i == len(keys) {
						i = 0
					}
				}
			})
		})
	}
}

// BenchmarkDecisionKeyShapesFixedClock measures a decision (Reserve,
// admitted, then Commit) on one held key at a fixed time, for keys of
// three shapes: parts of 8 to 16 bytes, which lookup hashes and compares
// itself (shortParts); UUIDs (36 bytes each), and a 5-byte client ID
// alone, which take hash's and hasKey's calls. With a fixed clock its
// instruction count does not depend on how fast the machine runs
// (bench/instructions.sh); BenchmarkDecision reads the clock as a request
// does.
func BenchmarkDecisionKeyShapesFixedClock(b *testing.B) {
	for _, k := range []struct {
		name string
		key  Key
	}{
		{"short", Key{ClientID: "client-0000001", User: "user-0000001"}},
		{"uuid", Key{ClientID: "0f8fad5b-d9cb-469f-a165-70867728950e", User: "7c9e6679-7425-40de-944b-e07fc1f90ae7"}},
		{"tiny", Key{ClientID: "svc-1"}},
	} {
		b.Run("key="+k.name, func(b *testing.B) {
			c := newCache(b, Config{})
			c.Commit(new(c.Reserve(k.key, benchTiers, 1, Enforce, t0).Reservation))
			b.ReportAllocs()
			for b.Loop() {
				c.Commit(new(c.Reserve(k.key, benchTiers, 1, Enforce, t0).Reservation))
			}
		})
	}
}

// BenchmarkDecisionAfterReloadFixedClock measures a decision (Reserve,
// admitted, then Commit) on one held key at a fixed time under the tiers
// of a reloaded policy: the key was first decided under the old tiers, so
// it holds the counters of both (see track). reload=none is a key that
// never saw another policy. With a fixed clock, for the instruction count
// (see BenchmarkDecisionKeyShapesFixedClock).
func BenchmarkDecisionAfterReloadFixedClock(b *testing.B) {
	tiers := func(sizes ...time.Duration) []window.Tier {
		ts := make([]window.Tier, len(sizes))
		for i, sz := range sizes {
			ts[i] = window.Tier{Limit: 1 << 50, Size: sz}
		}
		return ts
	}
	s10, m, h := 10*time.Second, time.Minute, time.Hour
	k := Key{ClientID: "client-0000001", User: "user-0000001"}
	for _, r := range []struct {
		name       string
		old, tiers []window.Tier
	}{
		{"none", tiers(m), tiers(m)},
		{"1m-to-10s", tiers(m), tiers(s10)},
		{"1m1h-to-1m", tiers(m, h), tiers(m)},
		{"1m-to-10s1h", tiers(m), tiers(s10, h)},
	} {
		b.Run("reload="+r.name, func(b *testing.B) {
			c := newCache(b, Config{})
			c.Commit(new(c.Reserve(k, r.old, 1, Enforce, t0).Reservation))
			c.Commit(new(c.Reserve(k, r.tiers, 1, Enforce, t0).Reservation))
			b.ReportAllocs()
			for b.Loop() {
				c.Commit(new(c.Reserve(k, r.tiers, 1, Enforce, t0).Reservation))
			}
		})
	}
}

// BenchmarkMemoryPerKey reports the heap bytes held per active key: a key
// of a 14-byte client ID and a 12-byte user, counted in one window size,
// with a flushed snapshot and fresh local counts.
func BenchmarkMemoryPerKey(b *testing.B) { memoryPerKey(b, nil) }

// BenchmarkMemoryPerKeyRead is BenchmarkMemoryPerKey for keys whose
// snapshot was then read from the store (cache.Apply, as a pull installs
// it) with three frames of their size: the current, the previous, and the
// one before, which a document keeps for the instances whose clocks are
// behind (syncer's dropCutoff). The frame before the
// previous one counts in no estimate: installed, it would give each key an
// overflow allocation.
func BenchmarkMemoryPerKeyRead(b *testing.B) {
	f := frameStart(t0, 60)
	memoryPerKey(b, &Snapshot{Version: 2, Writers: 2, Frames: []Frame{
		{Size: time.Minute, StartUnix: f - 120, N: 3},
		{Size: time.Minute, StartUnix: f - 60, N: 2},
		{Size: time.Minute, StartUnix: f, N: 2},
	}})
}

// memoryPerKey is BenchmarkMemoryPerKey, with read (if not nil) applied to
// every key after its flush.
func memoryPerKey(b *testing.B, read *Snapshot) {
	const n = 1_000_000
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		c := newCache(b, Config{MaxKeys: 2 * n})
		for i := range n {
			k := Key{ClientID: fmt.Sprintf("client-%07d", i%5000), User: fmt.Sprintf("user-%07d", i)}
			c.Commit(new(c.Reserve(k, benchTiers, 1, Enforce, t0).Reservation))
		}
		for _, p := range c.TakeDirty(nil, t0) {
			c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(p.Base.Frames, p.Delta, t0)}, t0)
			if read != nil {
				c.Apply(p.Key, *read, t0)
			}
		}
		for i := range n / 2 { // half the keys have unflushed counts again
			c.Commit(new(c.Reserve(Key{ClientID: fmt.Sprintf("client-%07d", i%5000), User: fmt.Sprintf("user-%07d", i)}, benchTiers, 1, Enforce, t0).Reservation))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "bytes/key")
		runtime.KeepAlive(c)
	}
}

// BenchmarkDecisionSharedKey measures Reserve and Commit on a key that
// three instances count (Snapshot.Writers 3), as a client's key is in a
// deployment of several instances, with the store's counts far below its
// limits (no share applies: see shareRoom), under the two tiers
// policy.example.yaml gives a client (1m and 1h). clock=now reads time.Now
// per decision, as BenchmarkDecision does (the request path, less the
// middleware's coarse clock); clock=fixed passes one time, for instruction
// counts.
func BenchmarkDecisionSharedKey(b *testing.B) {
	for _, clock := range []string{"now", "fixed"} {
		b.Run("clock="+clock, func(b *testing.B) {
			now := func() time.Time { return t0 }
			if clock == "now" {
				now = time.Now
			}
			tiers := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, {Limit: 1 << 40, Size: time.Hour}}
			k := Key{ClientID: "client-0000001", User: "user-0000001"}
			c := newCache(b, Config{})
			at := now()
			c.Commit(new(c.Reserve(k, tiers, 1, Enforce, at).Reservation))
			frames := []Frame{
				{Size: time.Minute, StartUnix: frameStart(at, 60), N: 1000},
				{Size: time.Hour, StartUnix: frameStart(at, 3600), N: 50_000},
			}
			c.Apply(k, Snapshot{Version: 1, Frames: frames, Writers: 3}, at)
			if e := c.find(k); e.hotLine == nil || e.writers != 3 {
				b.Fatal("the key does not count three writers")
			}
			b.ReportAllocs()
			for b.Loop() {
				c.Commit(new(c.Reserve(k, tiers, 1, Enforce, now()).Reservation))
			}
		})
	}
}

package cache

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestReloadsKeepCountsAndOrder (STYLE rule 18) reloads one key's policy
// many times while the clock moves (steps of up to 20 s, across frames of
// every size, now and then back) and checks after every decision, against
// a model, the two things track and Reserve's fast paths keep for a key
// that holds counters of sizes an earlier policy used:
//   - the order of its counters: the tiers' first, in their order, then
//     the others, least recently used last, which is the one a fifth size
//     retires;
//   - its counts: every admitted request counts once in each size the key
//     holds when it is decided (the tiers' and the earlier policies'), in
//     that counter's frame (the one now is in, or a later one if the clock
//     stepped back), also after the counter is retired (its counts then
//     wait as orphans), so each frame's flushed counts are the model's.
//
// Flushes come every one or two decisions, before any count leaves a
// window of the smallest size (1m).
func TestReloadsKeepCountsAndOrder(t *testing.T) {
	sizes := []time.Duration{time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute, time.Hour, 24 * time.Hour}
	k := Key{ClientID: "client-0000001", User: "user-0000001"}
	var fast int
	for seed := range uint64(8) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 23))
			c := newCache(t, Config{})
			now := t0.Add(-7 * time.Second)
			var held []int64                // the model's counter sizes (seconds), in order
			start := map[int64]int64{}      // the model's frame of each size held
			counted := map[[2]int64]int64{} // per size and frame: requests counted, by the model
			flushed := map[[2]int64]int64{} // per size and frame: requests flushed
			var tiers []window.Tier
			flush := func() {
				for _, p := range c.TakeDirty(nil, now) {
					for _, f := range p.Delta {
						flushed[[2]int64{int64(f.Size / time.Second), f.StartUnix}] += f.N
					}
					c.Confirm(&p, Snapshot{Version: p.Base.Version + 1, Frames: Merge(p.Base.Frames, p.Delta, now)}, now)
				}
			}
			for step := range 3000 {
				if step%20 == 0 || rng.IntN(15) == 0 {
					perm := rng.Perm(len(sizes))[:1+rng.IntN(3)]
					tiers = tiers[:0:0]
					for _, i := range perm {
						tiers = append(tiers, window.Tier{Limit: 1 << 40, Size: sizes[i]})
					}
				}
				if rng.IntN(30) == 0 {
					now = now.Add(-time.Duration(1+rng.IntN(3)) * time.Second)
				} else {
					now = now.Add(time.Duration(rng.IntN(20_001)) * time.Millisecond)
				}
				if reserveFast(c, k, tiers, now) && len(counterSizes(c, k)) > len(tiers) {
					fast++
				}
				d := c.Reserve(k, tiers, 1, Enforce, now)
				if !d.Allowed {
					t.Fatalf("step %d: denied under %v", step, tiers)
				}
				c.Commit(&d.Reservation)
				was := held
				held = modelTrack(slices.Clone(held), tiers)
				for _, sz := range held {
					if fs := frameStart(now, sz); !slices.Contains(was, sz) || fs > start[sz] {
						start[sz] = fs // a new counter starts in now's frame
					}
					counted[[2]int64{sz, start[sz]}]++
				}
				if got := counterSizes(c, k); !slices.Equal(got, held) {
					t.Fatalf("step %d at %v under %v: counters of sizes %v, want %v", step, now, tiers, got, held)
				}
				if step%2 == 1 || rng.IntN(2) == 0 {
					flush()
				}
			}
			flush()
			for f, n := range counted {
				if flushed[f] != n {
					t.Errorf("size %ds, frame %d: %d flushed, want %d", f[0], f[1], flushed[f], n)
				}
			}
			for f, n := range flushed {
				if _, ok := counted[f]; !ok {
					t.Errorf("size %ds, frame %d: %d flushed, want none", f[0], f[1], n)
				}
			}
		})
	}
	// The walk must reach states where the fast paths' conditions hold
	// (reserveFast) on keys with an earlier policy's counters often, else
	// it checks decide alone (that Reserve takes them there shows in
	// BenchmarkDecisionAfterReloadFixedClock's counts, not here).
	t.Logf("the fast paths' conditions held for %d decisions on a key with counters of an earlier policy", fast)
	if fast < 1000 {
		t.Errorf("the fast paths' conditions held for %d decisions on a key with counters of an earlier policy; want a thousand at least", fast)
	}
}

// modelTrack is the model of track for counter sizes held (seconds, in
// order) and the tiers of a decision: a new size takes a new counter while
// there are fewer than MaxSizes, else the last counter no tier uses; then
// the tiers' counters come first, in the tiers' order, and the others
// keep theirs.
func modelTrack(held []int64, tiers []window.Tier) []int64 {
	var want []int64
	for _, t := range tiers {
		want = append(want, int64(t.Size/time.Second))
	}
	for _, sz := range want {
		if slices.Contains(held, sz) {
			continue
		}
		if len(held) < MaxSizes {
			held = append(held, sz)
			continue
		}
		for i := len(held) - 1; i >= 0; i-- {
			if !slices.Contains(want, held[i]) {
				held[i] = sz
				break
			}
		}
	}
	rest := slices.DeleteFunc(slices.Clone(held), func(sz int64) bool { return slices.Contains(want, sz) })
	return append(want, rest...)
}

// mustHaveRetired fails t if k still holds a counter of size sz: a test
// that means to retire it must (which one a fifth size retires is track's
// rule, and a test set up for another rule would pass without checking
// anything).
func mustHaveRetired(t *testing.T, c *Cache, k Key, sz time.Duration) {
	t.Helper()
	if held := counterSizes(c, k); slices.Contains(held, int64(sz/time.Second)) {
		t.Fatalf("the key still counts in %v (counters of %v s): the test's setup no longer retires it", sz, held)
	}
}

// counterSizes returns the sizes (seconds) of k's counters in c, in order.
func counterSizes(c *Cache, k Key) []int64 {
	e := c.find(k)
	if e.hotLine == nil {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []int64
	for i := range int(e.n) {
		out = append(out, int64(opened(c, e).at(i).size))
	}
	return out
}

package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Commits on Commit's fast path (the narrow's commitOne, and fits and add
// for a key's second size) take a key's local counts past the 16 bits the
// narrow holds between two flushes: the general path stores the bits above
// as a carry, and the fast path goes on counting in the low 16 bits with
// the carry kept. The clock moves a minute on after each 70,000 units, so
// that a key of two sizes has its hour's local counts carry where its
// minute's do not. Against a cache that decides everything on the general
// path, at full width, the whole state must be the same after every step,
// the flush must take every unit, and the key must have carried (so the
// fast path did count past the carry), for a key of one size and of two.
func TestFastCommitsCarryPast16Bits(t *testing.T) {
	for _, sizes := range [][]time.Duration{{time.Minute}, {time.Minute, time.Hour}} {
		t.Run(fmt.Sprint(sizes), func(t *testing.T) {
			now := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC)
			cfg := Config{Now: func() time.Time { return now }}
			fast, general := newCache(t, cfg), newCache(t, cfg)
			general.testGeneral = true
			var tiers []window.Tier
			for _, sz := range sizes {
				tiers = append(tiers, window.Tier{Limit: 10_000_000, Size: sz})
			}
			k := Key{ClientID: "client", User: "user"}
			const cost, n, perMinute = 1000, 210, 70 // 70,000 units a minute, 210,000 in the hour
			carried := false
			for i := range n {
				if i > 0 && i%perMinute == 0 {
					now = now.Add(time.Minute)
				}
				for _, c := range []*Cache{fast, general} {
					d := c.Reserve(k, tiers, cost, Enforce, now)
					if !d.Allowed {
						t.Fatalf("commit %d: denied: %+v", i, d)
					}
					c.Commit(&d.Reservation)
				}
				if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
					t.Fatalf("after %d units: states differ:\n fast    %+v\n general %+v", (i+1)*cost, sf, sg)
				}
				e := fast.find(k)
				e.mu.Lock()
				if e.hot.flags&narrowWide != 0 {
					t.Fatalf("after %d units: the key is wide, want narrow", (i+1)*cost)
				}
				carried = carried || e.hot.flags&narrowCarried != 0
				e.mu.Unlock()
			}
			if !carried {
				t.Fatal("the key never carried: its local counts stayed within 16 bits")
			}
			for _, c := range []*Cache{fast, general} {
				ps := c.TakeDirty(nil, now)
				if len(ps) != 1 {
					t.Fatalf("flush %v, want one key's delta", pendings(ps))
				}
				var sum [2]int64 // by size
				for _, f := range ps[0].Delta {
					if f.Size == time.Minute {
						sum[0] += f.N
					} else {
						sum[1] += f.N
					}
				}
				// The minute's frames still in the window: the last two.
				if want := [2]int64{2 * perMinute * cost, int64(len(sizes)-1) * cost * n}; sum != want {
					t.Errorf("flush writes %v (the minutes', the hour's), want %v", sum, want)
				}
			}
		})
	}
}

package cache

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestFastCommitsPastInt32: commits small enough for Commit's fast path
// (the cost in flight within 16 bits) take a counter's sum, the store's
// counts plus local, past the int32 the narrow holds it in: the store's
// counts read near 2^31 (another instance's, or a limit above it), in the
// minute's frame and in the hour's of a key of two sizes (room2), in turn.
// The fast path must leave such a commit to the general path (which makes
// the key wide): against a cache that decides everything on the general
// path, the state must be the same after every commit, and the sum the
// store's count plus every unit. TestEveryPathAtMaxLimit's sums pass int32
// with costs of policy.MaxCost, which make the key wide when reserved, so
// no commit of them takes the fast path.
func TestFastCommitsPastInt32(t *testing.T) {
	m, h := time.Minute, time.Hour
	for _, c := range []struct {
		sizes []time.Duration
		big   time.Duration // the size whose frame the store holds near 2^31 in
	}{{[]time.Duration{m}, m}, {[]time.Duration{m, h}, m}, {[]time.Duration{m, h}, h}} {
		t.Run(fmt.Sprint(c.sizes, " ", c.big), func(t *testing.T) {
			now := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC)
			cfg := Config{Shards: 1, Now: func() time.Time { return now }}
			fast, general := newCache(t, cfg), newCache(t, cfg)
			general.testGeneral = true
			var tiers []window.Tier
			for _, sz := range c.sizes {
				tiers = append(tiers, window.Tier{Limit: 1 << 40, Size: sz})
			}
			k := Key{ClientID: "client", User: "user"}
			const stored = math.MaxInt32 - 4
			for _, ca := range []*Cache{fast, general} {
				ca.Commit(new(ca.Reserve(k, tiers, 1, Enforce, now).Reservation)) // queued
				s := Snapshot{Version: 1, Frames: []Frame{{Size: c.big, StartUnix: frameStart(now, int64(c.big/time.Second)), N: stored}}}
				if !ca.Apply(k, s, now) {
					t.Fatal("the store's snapshot not installed")
				}
			}
			for i := range 4 {
				for _, ca := range []*Cache{fast, general} {
					d := ca.Reserve(k, tiers, 2, Enforce, now)
					if !d.Allowed {
						t.Fatalf("commit %d: denied: %+v", i, d)
					}
					ca.Commit(&d.Reservation)
				}
				if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
					t.Fatalf("after commit %d: states differ:\n fast    %+v\n general %+v", i, sf, sg)
				}
			}
			var st KeyState
			if !fast.Inspect(k, tiers, now, &st) {
				t.Fatal("key not held")
			}
			for i, ts := range st.Tiers {
				want := int64(1 + 4*2)
				if c.sizes[i] == c.big {
					want += stored
				}
				if got := ts.Global.Curr + ts.Local.Curr; got != want {
					t.Errorf("%v: %d counted in the current frame, want %d", c.sizes[i], got, want)
				}
			}
		})
	}
}

package syncer_test

import (
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Adaptive sync: with two instances running (Run) on one store, a count of
// a key near its limit reaches the other instance within HotInterval plus
// its own hot tick, while a count of a key far from its limit waits for
// the regular flush and pull; with HotInterval at Interval (off) the hot
// key waits too.
func TestHotKeysSyncSooner(t *testing.T) {
	for _, tc := range []struct {
		name        string
		hotInterval time.Duration
		wantHot     int64 // what b sees of a's new hot count 700 ms after it
	}{
		{"adaptive", 0, 7},      // default Interval/2
		{"off", time.Second, 6}, // not before the regular flush and pull
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store := syncer.NewMemoryStore()
				hotTier := []window.Tier{{Limit: 10, Size: time.Hour}}
				coldTier := []window.Tier{{Limit: 1000, Size: time.Hour}}
				hot, cold := cache.Key{ClientID: "hot"}, cache.Key{ClientID: "cold"}
				var cs [2]*cache.Cache
				for i := range cs {
					c, err := cache.New(cache.Config{Shards: 4})
					if err != nil {
						t.Fatal(err)
					}
					cs[i] = c
					s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: fmt.Sprint("I", i),
						Interval: time.Second, HotInterval: tc.hotInterval})
					// b starts 100 ms after a: its ticks fall between a's.
					go func() {
						time.Sleep(time.Duration(i) * 100 * time.Millisecond)
						s.Run(t.Context())
					}()
				}
				a, b := cs[0], cs[1]
				use := func(c *cache.Cache, k cache.Key, tiers []window.Tier, n int64) int64 {
					d := c.Reserve(k, tiers, n, cache.Enforce, time.Now())
					if n == 0 {
						c.Release(&d.Reservation)
					} else if d.Counted {
						c.Commit(&d.Reservation)
					}
					var st cache.KeyState
					c.Inspect(k, tiers, time.Now(), &st)
					return st.Tiers[0].Used // what c sees, not its share of it
				}
				time.Sleep(50 * time.Millisecond)
				use(a, hot, hotTier, 6) // 60 %: near its limit
				use(a, cold, coldTier, 6)
				time.Sleep(3 * time.Second) // flushed by a, read by b (both keys new to b: looked at below)
				use(b, hot, hotTier, 0)
				use(b, cold, coldTier, 0)
				time.Sleep(2 * time.Second)
				synctest.Wait()
				if got := use(b, hot, hotTier, 0); got != 6 {
					t.Fatalf("b sees %d of the hot key after the regular syncs, want 6", got)
				}
				if got := use(b, cold, coldTier, 0); got != 6 {
					t.Fatalf("b sees %d of the cold key after the regular syncs, want 6", got)
				}
				// Mid-interval: a counts one more of each.
				time.Sleep(200 * time.Millisecond)
				use(a, hot, hotTier, 1)
				use(a, cold, coldTier, 1)
				time.Sleep(700 * time.Millisecond)
				if got := use(b, hot, hotTier, 0); got != tc.wantHot {
					t.Errorf("b sees %d of the hot key 700 ms after a counted its 7th, want %d", got, tc.wantHot)
				}
				if got := use(b, cold, coldTier, 0); got != 6 {
					t.Errorf("b sees %d of the cold key 700 ms after a counted its 7th, want 6 (the regular sync)", got)
				}
			})
		})
	}
}

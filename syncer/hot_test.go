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

// TestHotFlushLeavesAnUnsettledKeyAlone: a write whose answer was lost
// (it landed) is unsettled, its key evicted from the cache and counted
// again, a new entry near its limit. HotOnce writes the other keys near
// their limit, not that one: under a new Seq, its write moved the
// document's lastWrites entry past the lost one's, which the next flush
// then took for not landed and wrote again, counted twice. The next flush
// confirms the lost write and writes the new counts: each count once.
func TestHotFlushLeavesAnUnsettledKeyAlone(t *testing.T) {
	inner := syncer.NewMemoryStore()
	lose := false
	store := &scriptStore{Store: inner, script: func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if lose {
			lose = false
			apply(ws)
			return make([]syncer.Outcome, len(ws)), fmt.Errorf("%w: the answer lost, the write landed", errInjected)
		}
		return apply(ws), nil
	}}
	// One shard of 2 keys: a third evicts the least recently used.
	a, err := cache.New(cache.Config{Shards: 1, MaxKeys: 2, Now: fixedClock(t0), HotPercent: -1})
	if err != nil {
		t.Fatal(err)
	}
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Now: fixedClock(t0)})
	k, other := cache.Key{ClientID: "k"}, cache.Key{ClientID: "other"}
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	hit(t, a, k, 2, at(0))
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	hit(t, a, k, 3, at(1))
	lose = true
	if err := sa.FlushOnce(t.Context()); err == nil || sa.Unsettled() != 1 {
		t.Fatalf("the flush whose answer was lost: %v, %d unsettled, want an error and 1", err, sa.Unsettled())
	}
	hit(t, a, other, 1, at(2))
	estimate(a, cache.Key{ClientID: "third"}, hourTier, at(3)) // evicts k, the least recently used
	if _, held := a.LongestWindow(k); held {
		t.Fatal("k still held: the eviction took another key")
	}
	hit(t, a, k, 4, at(4)) // a new entry of k
	if err := sa.HotOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, n := stored(t, inner, other, hourTier.Size); n != 1 {
		t.Errorf("the store holds %d of the other key after HotOnce, want 1", n)
	}
	if _, n := stored(t, inner, k, hourTier.Size); n != 5 {
		t.Errorf("the store holds %d of k after HotOnce, want 5 (2, and the 3 of the lost answer): its new counts wait for the write's resolution", n)
	}
	for range 3 {
		if err := sa.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if n := sa.Unsettled(); n != 0 {
		t.Errorf("%d writes unsettled after the flushes, want 0", n)
	}
	if _, n := stored(t, inner, k, hourTier.Size); n != 9 {
		t.Errorf("the store holds %d of k, want 9 (2, 3 and 4, each once)", n)
	}
}

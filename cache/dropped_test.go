package cache

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The counts a cache at MaxKeys drops: what Stats.Dropped reports, and the
// bound on the evicted keys it holds for their unflushed counts. Each test
// replays one interleaving step by step.

// TestDroppedCountsRequests: Stats.Dropped (exported as
// cache_dropped_counts_total, "tokens counted by this instance but
// dropped") counts requests, as ResetDropped does (Requests: the largest
// sum of one window size), not the sum over every size: one dropped token
// of a key limited per minute and per hour counts 1, not 2.
func TestDroppedCountsRequests(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	cases := []struct {
		name  string
		tiers []window.Tier
		cost  int64
	}{
		{"one size", unreachedTiers(h), 3},
		{"two sizes", unreachedTiers(m, h), 3},
		{"four sizes", unreachedTiers(m, 10*m, h, d), 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1})
			now := modelStart
			commit := func(k Key, cost int64) { c.Commit(new(c.Reserve(k, tc.tiers, cost, Enforce, now).Reservation)) }
			commit(Key{ClientID: "x"}, 1)       // x's count waits for a flush: detached 1 = MaxKeys
			commit(Key{ClientID: "v"}, tc.cost) // evicts x
			commit(Key{ClientID: "w"}, 1)       // evicts v at the cap: its cost is dropped
			if got := c.Stats().Dropped; got != tc.cost {
				t.Errorf("Stats.Dropped %d after dropping one request of cost %d", got, tc.cost)
			}
		})
	}
}

// TestDetachedStayWithinMaxKeys: while the store is down (nothing is
// flushed) and new keys keep coming at MaxKeys, the evicted keys held for
// their unflushed counts must stay within MaxKeys ("at most MaxKeys such
// keys wait, beyond which their counts are dropped and counted";
// cache_detached_keys: "at most the key cap"). evictForCap prefers a key
// with only an open reservation (rank 1) to one with counts (rank 2), so
// the keys of requests in flight go first; when such a request's token is
// issued, Commit detaches its evicted entry only below the cap. A Commit
// that detached without looking at the cap would leave an entry behind for
// every request whose key was evicted while it was in flight, for as long
// as the outage lasts: memory growing with the traffic, not with MaxKeys.
func TestDetachedStayWithinMaxKeys(t *testing.T) {
	cases := []struct {
		name     string
		maxKeys  int
		requests int
	}{
		{"4 keys, 200 requests", 4, 200},
		{"16 keys, 1000 requests", 16, 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: tc.maxKeys})
			tiers := unreachedTiers(time.Hour)
			now := modelStart
			for i := range tc.requests {
				// A request for a new client is admitted; while its
				// token is being issued, another new client's request
				// is admitted and issued.
				inFlight := c.Reserve(Key{ClientID: fmt.Sprint("a", i)}, tiers, 1, Enforce, now).Reservation
				c.Commit(new(c.Reserve(Key{ClientID: fmt.Sprint("b", i)}, tiers, 1, Enforce, now).Reservation))
				c.Commit(&inFlight)
				now = now.Add(time.Millisecond)
			}
			st := c.Stats()
			// The entries that hold counts: the table's and those on
			// the dirty lists.
			held := len(c.AppendLocal(nil, now))
			if st.Detached > int64(tc.maxKeys) || held > 2*tc.maxKeys {
				t.Errorf("after %d requests with the store down: Stats.Detached %d, %d entries hold unflushed counts; want at most MaxKeys = %d detached (Stats %+v)",
					2*tc.requests, st.Detached, held, tc.maxKeys, st)
			}
		})
	}
}

// TestDroppedCountsRequestsAcrossPolicyChange: Stats.Dropped counts
// requests as Requests does, the largest sum of one window size, on the
// grounds that the fullest size holds every request the others hold. After
// a policy change that retires every counter (four new sizes), the old
// requests are orphans of the old sizes and the new ones are only in the
// new sizes: no size holds them all, and dropping the key at the detached
// cap reports the larger group only, as Stats.Dropped documents.
func TestDroppedCountsRequestsAcrossPolicyChange(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	cases := []struct {
		name          string
		before, after int
	}{
		{"no policy change", 5, 0},
		{"5 before, 3 after", 5, 3},
		{"2 before, 6 after", 2, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1})
			now := modelStart
			commit := func(k Key, tiers []window.Tier) { c.Commit(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
			commit(Key{ClientID: "x"}, unreachedTiers(h)) // waits for a flush: detached 1 = MaxKeys
			v := Key{ClientID: "v"}
			for range tc.before {
				commit(v, unreachedTiers(m, 10*m, h, d)) // the first evicts x
			}
			for range tc.after {
				commit(v, unreachedTiers(2*h, 3*h, 4*h, 5*h))
			}
			commit(Key{ClientID: "w"}, unreachedTiers(h)) // evicts v at the cap: its counts are dropped
			// Documented (Stats.Dropped) as a lower bound across such a
			// change: at least the requests of the fullest size, at most
			// all of them.
			lo, hi := int64(max(tc.before, tc.after)), int64(tc.before+tc.after)
			if got := c.Stats().Dropped; got < lo || got > hi {
				t.Errorf("Stats.Dropped %d after dropping %d requests of cost 1 (%d in the fullest size)", got, hi, lo)
			}
		})
	}
}

// TestHeldFramesEvictedUncounted: evictForCap drops the victim's orphans
// behind their window, held for a clock that may have jumped ahead (see
// holdBehind), and does not count them in Stats.Dropped. By a right clock
// they are behind every window: a key left two frames or more with counts
// not flushed (the store down, or, with the store up, a window of a second
// and a flush a frame late) holds them in case the clock had jumped and
// comes back, and with a right clock nothing is lost when they go.
// Counted, Stats.Dropped (and the alert on
// oauth_ratelimit_cache_dropped_counts_total: "Limits are looser by that
// much") would report such keys' counts as dropped at every eviction at
// MaxKeys. Only a clock that had jumped ahead and comes back to their
// frames misses them, which the cache cannot tell at the eviction: the
// key's state is the same.
func TestHeldFramesEvictedUncounted(t *testing.T) {
	x, y := Key{ClientID: "x"}, Key{ClientID: "y"}
	cases := []struct {
		name   string
		size   time.Duration
		hit    time.Time                                     // x's request
		hold   func(c *Cache, tiers []window.Tier) time.Time // what holds its frame behind; returns the second of the eviction
		detach bool                                          // x has a count in its window too: detached, not dropped
	}{
		{"a take two frames late (the store down)", 10 * time.Second, t0.Add(time.Second),
			func(c *Cache, _ []window.Tier) time.Time {
				c.TakeDirty(nil, t0.Add(26*time.Second))
				return t0.Add(26 * time.Second)
			}, false},
		{"a window of a second, a flush a frame late (the store up)", time.Second, t0.Add(900 * time.Millisecond),
			func(c *Cache, _ []window.Tier) time.Time {
				c.TakeDirty(nil, t0.Add(2*time.Second))
				return t0.Add(2 * time.Second)
			}, false},
		{"the key used again two frames on", 10 * time.Second, t0.Add(time.Second),
			func(c *Cache, tiers []window.Tier) time.Time {
				hitN(t, c, x, tiers, 1, t0.Add(21*time.Second))
				return t0.Add(22 * time.Second)
			}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1})
			tiers := []window.Tier{{Limit: 100, Size: tc.size}}
			hitN(t, c, x, tiers, 1, tc.hit)
			at := tc.hold(c, tiers)
			held := Frame{Size: tc.size, StartUnix: frameStart(tc.hit, int64(tc.size/time.Second)), N: 1}
			e := c.find(x)
			e.mu.Lock()
			ok := e.more != nil && slices.ContainsFunc(e.more.orphan, func(f orphanFrame) bool { return f.Frame == held })
			e.mu.Unlock()
			if !ok || !behind(held, at.Unix()) {
				t.Fatalf("before the eviction: x holds %v: %v, behind its window at %d: %v; want both", held, ok, at.Unix(), behind(held, at.Unix()))
			}
			hitN(t, c, y, tiers, 1, at) // evicts x
			st := c.Stats()
			if st.EvictedCap != 1 || st.Dropped != 0 {
				t.Errorf("after the eviction: Stats %+v, want EvictedCap 1, Dropped 0 (x's frame %v is behind every window by the right clock)", st, held)
			}
			want := int64(0)
			if tc.detach {
				want = 1
			}
			if st.Detached != want {
				t.Errorf("after the eviction: Stats.Detached %d, want %d", st.Detached, want)
			}
		})
	}
}

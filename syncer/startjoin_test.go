package syncer_test

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestInstancesStartedTogetherShare: two instances started moments apart (a
// fleet started cold, a rollout that starts several at once) learn of each
// other before they grant much, and share a key that came to the first
// while it was alone. a runs from 0 and gets one request for a client
// limited to 30 a minute at 50 ms; b starts at 150 ms; then 20 requests go
// to each at once. Before, a knew of b only at its next heartbeat, a sync
// interval after its first, and held the key as its own until a read named
// b (after b's first flush): it admitted all 20, b its share of 15, 36 in
// all. Now a counts the fresh heartbeats every NewKeyInterval
// (InstanceCounter), and had kept the key ready to be shared
// (cache.Cache.SetStarting): 15 at most on each, the limit in all.
//
// "after its first beat" is the server's start: b reads the heartbeats
// before it serves (BeatOnce), finds a starting, and waits JoinWait (two
// NewKeyIntervals), in which a's count finds b; the burst comes the moment
// b serves. Without the wait a had not counted since 100 ms, and admitted
// its 20. "200 ms after its start": b serves at once, the burst comes
// 200 ms later, after a's counts at 200 and 300 ms.
func TestInstancesStartedTogetherShare(t *testing.T) {
	const limit = 30
	for _, c := range []struct {
		name    string
		beat    bool          // b beats once and waits JoinWait before Run, as the server does
		settled time.Duration // from b's Run to the burst
	}{
		{"after its first beat", true, 0},
		{"200 ms after its start", false, 200 * time.Millisecond},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				k, tiers := cache.Key{ClientID: "c"}, []window.Tier{{Limit: limit, Size: time.Minute}}
				store := syncer.NewMemoryStore()
				inst := func(name string) (*cache.Cache, *syncer.Syncer) {
					c := newCache(t, time.Now)
					return c, newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: name, Interval: time.Second})
				}
				a, sa := inst("a")
				go sa.Run(t.Context())
				time.Sleep(50 * time.Millisecond)
				first := burst([]*cache.Cache{a}, k, tiers, 1)
				time.Sleep(100 * time.Millisecond)
				b, sb := inst("b")
				if c.beat {
					if err := sb.BeatOnce(t.Context()); err != nil {
						t.Fatal(err)
					}
					w := sb.JoinWait()
					if w != 200*time.Millisecond {
						t.Errorf("b's JoinWait with a started 150 ms before: %v, want two NewKeyIntervals, 200ms", w)
					}
					time.Sleep(w)
				}
				go sb.Run(t.Context())
				time.Sleep(c.settled)
				got := first + burst([]*cache.Cache{a, b}, k, tiers, 20)
				t.Logf("a alone: %d; then 20 to each: %d in all", first, got)
				if got > limit {
					t.Errorf("two instances started 150 ms apart admitted %d to a client limited to %d a minute, want at most the limit", got, limit)
				}
			})
		})
	}
}

// TestJoinWaitOnlyBesideAStartingInstance: JoinWait is 0 for an instance
// alone, and beside one that started more than StartFor sync intervals
// before its last beat; two NewKeyIntervals beside one that started less.
func TestJoinWaitOnlyBesideAStartingInstance(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := syncer.NewMemoryStore()
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: store, Instance: "b", Interval: time.Second})
		var beats int64
		put := func(started time.Duration) {
			now := time.Now()
			beats++
			if err := store.PutInstance(t.Context(), syncer.Heartbeat{Instance: "a", Seen: now, Started: now.Add(-started),
				Interval: time.Second, Beats: beats, Expire: now.Add(time.Minute)}); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			other bool
			age   time.Duration // of a, at its beat
			want  time.Duration
		}{{false, 0, 0}, {true, 0, 200 * time.Millisecond}, {true, 2900 * time.Millisecond, 200 * time.Millisecond}, {true, 3 * time.Second, 0}, {true, time.Hour, 0}} {
			if c.other {
				put(c.age)
			}
			if err := s.BeatOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			if got := s.JoinWait(); got != c.want {
				t.Errorf("JoinWait beside a started %v before its beat (present: %v): %v, want %v", c.age, c.other, got, c.want)
			}
			time.Sleep(time.Millisecond)
		}
	})
}

// countingStore counts the calls of CountInstances.
type countingStore struct {
	*syncer.MemoryStore
	counts atomic.Int64
}

func (s *countingStore) CountInstances(ctx context.Context, since time.Time) (int, error) {
	s.counts.Add(1)
	return s.MemoryStore.CountInstances(ctx, since)
}

// TestNoCountsWithoutNewKeysShared: a Syncer whose cache does not share
// its new keys (NoLiveWriters: --share-new-keys=false; NoShare) does not
// count the heartbeats in its start, which would change nothing it admits;
// one whose cache does counts every NewKeyInterval for StartFor sync
// intervals (29 or 30 counts at a 1 s interval).
func TestNoCountsWithoutNewKeysShared(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  cache.Config
		want func(n int64) bool
	}{
		{"shared", cache.Config{}, func(n int64) bool { return n >= 25 && n <= 30 }},
		{"NoLiveWriters", cache.Config{NoLiveWriters: true}, func(n int64) bool { return n == 0 }},
		{"NoShare", cache.Config{NoShare: true}, func(n int64) bool { return n == 0 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c.cfg.Shards, c.cfg.Now = 4, time.Now
				ca, err := cache.New(c.cfg)
				if err != nil {
					t.Fatal(err)
				}
				store := &countingStore{MemoryStore: syncer.NewMemoryStore()}
				s := newSyncer(t, syncer.Config{Cache: ca, Store: store, Instance: "a", Interval: time.Second})
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- s.Run(ctx) }()
				time.Sleep(syncer.StartFor*time.Second + 500*time.Millisecond)
				cancel()
				<-done
				if n := store.counts.Load(); !c.want(n) {
					t.Errorf("a Syncer over a cache %s counted the heartbeats %d times in its first %d sync intervals, want 0 for a cache that does not share its new keys, 25 to 30 for one that does",
						c.name, n, syncer.StartFor)
				}
			})
		})
	}
}

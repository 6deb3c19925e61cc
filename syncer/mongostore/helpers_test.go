package mongostore_test

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/syncfixture"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The clock and tiers these tests share with syncer's and integration's
// (see package syncfixture).
var (
	t0         = syncfixture.T0
	tiers      = []window.Tier{syncfixture.HourTier, syncfixture.DayTier}
	fixedClock = syncfixture.FixedClock
)

func newCache(t testing.TB, now func() time.Time) *cache.Cache {
	t.Helper()
	c, err := cache.New(cache.Config{Shards: 4, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func newSyncer(t testing.TB, cfg syncer.Config) *syncer.Syncer {
	t.Helper()
	s, err := syncer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// estimate returns floor(estimate) of tier for k in c at now, by a request
// of cost 0 (which counts nothing).
func estimate(c *cache.Cache, k cache.Key, tier window.Tier, now time.Time) int64 {
	d := c.Reserve(k, []window.Tier{tier}, 0, cache.Enforce, now)
	return tier.Limit - d.Remaining
}

// stored returns the version of k's document in s and its count summed over
// the frames of the given size.
func stored(t testing.TB, s syncer.Store, k cache.Key, size time.Duration) (version, n int64) {
	t.Helper()
	docs, err := s.Load(t.Context(), []cache.Key{k})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, f := range docs[0].Snapshot.Frames {
		if f.Size == size {
			n += f.N
		}
	}
	return docs[0].Snapshot.Version, n
}

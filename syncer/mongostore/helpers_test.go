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

// hitKey counts n committed requests of cost 1 for k at t0.
func hitKey(t testing.TB, c *cache.Cache, k cache.Key, n int) {
	t.Helper()
	for range n {
		d := c.Reserve(k, tiers, 1, cache.Enforce, t0)
		if !d.Allowed {
			t.Fatalf("request not admitted: %+v", d)
		}
		c.Commit(&d.Reservation)
	}
}

// estimate and stored are the shared fixtures' (see syncfixture).
var (
	estimate = syncfixture.Estimate
	stored   = syncfixture.Stored
)

// Package syncfixture holds the fixed clock and the tiers that the tests of
// the sync path share: syncer's, syncer/mongostore's and the integration
// module's; and CutStore, the store an outage test cuts (the root
// package's and admin's). They are defined once here so that a scenario
// written for one suite means the same in the others.
//
// It is for tests only; nothing outside tests imports it. It imports syncer,
// so only external test packages (syncer_test, not package syncer) use it.
package syncfixture

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// T0 is the clock of the tests that fix it. It starts a frame of every
// window size they use (1s to 24h), so that all counts made at T0 fall in
// the current frames and an estimate is exactly the count. It lies years
// ahead, so that no document written at T0 expires (or is deleted by a TTL
// index) during a run.
var T0 = time.Date(2030, 1, 2, 0, 0, 0, 0, time.UTC)

// BigLimit is a limit no test reaches: the tiers below count, they do not
// limit.
const BigLimit = 1 << 40

// HourTier and DayTier admit everything; their frames start at T0.
var (
	HourTier = window.Tier{Limit: BigLimit, Size: time.Hour}
	DayTier  = window.Tier{Limit: BigLimit, Size: 24 * time.Hour}
)

// FixedClock returns a clock that always reads t, for Config.Now.
func FixedClock(t time.Time) func() time.Time { return func() time.Time { return t } }

// Estimate returns floor(estimate) of tier for k in c at now, after a
// request of cost 0 (which counts nothing, and creates the key if c does
// not hold it, as a request would): the estimate itself, not what the
// Decision says is left, which the share of a key other instances count
// makes smaller.
func Estimate(c *cache.Cache, k cache.Key, tier window.Tier, now time.Time) int64 {
	tiers := []window.Tier{tier}
	c.Reserve(k, tiers, 0, cache.Enforce, now)
	var st cache.KeyState
	if !c.Inspect(k, tiers, now, &st) {
		return 0 // evicted at once (MaxKeys)
	}
	return st.Tiers[0].Used
}

// Stored returns the version of k's document in s and its count summed over
// the frames of the given size.
func Stored(t testing.TB, s syncer.Store, k cache.Key, size time.Duration) (version, n int64) {
	t.Helper()
	docs, err := s.Load(context.Background(), []cache.Key{k})
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

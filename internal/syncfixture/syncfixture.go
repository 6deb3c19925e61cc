// Package syncfixture holds the fixed clock and the tiers that the tests of
// the sync path share: syncer's, syncer/mongostore's and the integration
// module's. They are defined once here so that a scenario written for one
// suite means the same in the others.
//
// It is for tests only; nothing outside tests imports it.
package syncfixture

import (
	"time"

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

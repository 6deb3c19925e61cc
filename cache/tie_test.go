package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTiedTiersBindTheFirst pins which of two tiers with the same
// RetryAfter (both refusing) or the same Remaining (both admitting)
// becomes Decision.Tier: the first in the order of the tiers, on the
// fast paths and the general path alike (testGeneral). The headers name
// that tier, and the policy passes a scope's tiers shortest window first,
// so a client sees the shorter window named.
//
// Refusing: a minute tier of 60 and an hour tier of 3600, each full in its
// current frame and both frames ending 30 s later: each admits one request
// a nanosecond into the next frame (floor(60 × 59.99…/60) + 1 ≤ 60, and the
// same for the hour), so both RetryAfter are 30 s and a nanosecond.
// Admitting: a new key, one request against two tiers of limit 10: 9 left
// in each.
func TestTiedTiersBindTheFirst(t *testing.T) {
	minute := window.Tier{Limit: 60, Size: time.Minute}
	hour := window.Tier{Limit: 3600, Size: time.Hour}
	now := t0.Add(time.Hour - 30*time.Second) // t0 starts an hour
	full := Snapshot{Version: 1, Writers: 1, Frames: []Frame{
		{Size: time.Minute, StartUnix: now.Truncate(time.Minute).Unix(), N: 60},
		{Size: time.Hour, StartUnix: t0.Unix(), N: 3600},
	}}
	for _, general := range []bool{false, true} {
		for _, tiers := range [][]window.Tier{{minute, hour}, {hour, minute}} {
			name := map[bool]string{false: "fast paths", true: "general path"}[general] + ", " + tiers[0].Size.String() + " first"
			t.Run(name, func(t *testing.T) {
				c := newCache(t, Config{Shards: 1})
				c.testGeneral = general
				k := Key{ClientID: "c"}
				c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation))
				if !c.Apply(k, full, now) {
					t.Fatal("snapshot not installed")
				}
				// The premise: both refuse, with the same RetryAfter.
				var ras [2]time.Duration
				for i, tr := range tiers {
					ct := window.Counts{StartUnix: now.Truncate(tr.Size).Unix(), Curr: tr.Limit}
					ra, err := tr.RetryAfter(ct, 1, now)
					if err != nil || ra <= 0 {
						t.Fatalf("%v tier: RetryAfter %v, %v; want a wait", tr.Size, ra, err)
					}
					ras[i] = ra
				}
				if ras[0] != ras[1] {
					t.Fatalf("RetryAfter %v and %v: not a tie", ras[0], ras[1])
				}
				d := c.Reserve(k, tiers, 1, Enforce, now)
				if d.Allowed || d.Counted {
					t.Fatalf("both tiers full: %+v, want refused", d)
				}
				if d.Tier != tiers[0] || d.RetryAfter != ras[0] {
					t.Errorf("refused by both with RetryAfter %v: Tier %v (RetryAfter %v), want the first, %v", ras[0], d.Tier, d.RetryAfter, tiers[0])
				}

				a := Key{ClientID: "a"}
				ten := []window.Tier{{Limit: 10, Size: tiers[0].Size}, {Limit: 10, Size: tiers[1].Size}}
				d = c.Reserve(a, ten, 1, Enforce, now)
				if !d.Allowed || d.Remaining != 9 || d.Tier != ten[0] {
					t.Errorf("admitted with 9 left in both: Allowed %v, Tier %v, Remaining %d; want the first, %v, 9", d.Allowed, d.Tier, d.Remaining, ten[0])
				}
				c.Release(&d.Reservation)
				// The second request takes the fast path (the first made
				// the key and its counters); the general path under
				// testGeneral.
				d = c.Reserve(a, ten, 1, Enforce, now)
				if !d.Allowed || d.Remaining != 9 || d.Tier != ten[0] {
					t.Errorf("admitted again with 9 left in both: Allowed %v, Tier %v, Remaining %d; want the first, %v, 9", d.Allowed, d.Tier, d.Remaining, ten[0])
				}
				c.Release(&d.Reservation)
			})
		}
	}
}

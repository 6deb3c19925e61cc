package cache

import (
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTiersKeepACopy: Tiers compiled from a caller's slice decide the
// tiers they were compiled from, with their codes, after the caller
// changes its slice (a policy's tiers rebuilt in place, a slice reused).
// Kept as the caller's, Tiers of a 1m tier changed to a 1h tier still
// carried 1m's code: the fast path decided the 1h tier's limit on the
// key's 1m counter (a count crossed into another window size), and List
// said 1h. The key decides as the general path decides the 1m tier, and
// holds the same.
func TestTiersKeepACopy(t *testing.T) {
	cfg := Config{Shards: 1, NoShare: true}
	fast, general := newCache(t, cfg), newCache(t, cfg)
	general.testGeneral = true
	minute := []window.Tier{{Limit: 3, Size: time.Minute}}
	tiers := slices.Clone(minute)
	ts := fast.Tiers(tiers)
	k := Key{ClientID: "client-a"}
	now := t0.Add(time.Second)
	for i := range 6 {
		if i == 1 {
			tiers[0] = window.Tier{Limit: 1000, Size: time.Hour} // the caller's slice, changed after one decision
		}
		var df, dg Decision
		fast.ReserveTiers(&df, k, &ts, 1, Enforce, now)
		general.ReserveTo(&dg, k, minute, 1, Enforce, now)
		fast.Commit(new(df.Reservation))
		general.Commit(new(dg.Reservation))
		df.Reservation.e, dg.Reservation.e = nil, nil
		if df != dg {
			t.Fatalf("decision %d, Tiers compiled from %v, the slice now %v: decisions differ:\n fast    %+v\n general %+v", i, minute, tiers, df, dg)
		}
		if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
			t.Fatalf("decision %d: states differ:\n fast    %+v\n general %+v", i, sf, sg)
		}
	}
	if got := ts.List(); !slices.Equal(got, minute) {
		t.Errorf("List after the caller changed its slice: %v, want the tiers compiled, %v", got, minute)
	}
	// Nor does a change to what List returned reach them.
	ts.List()[0] = window.Tier{Limit: 1000, Size: time.Hour}
	if got := ts.List(); !slices.Equal(got, minute) {
		t.Errorf("List after its result was changed: %v, want %v", got, minute)
	}
}

package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestPanicInTrackLeavesNoWrongCode: a decision that panics in track (a
// caller's bug: a size below a second after a new size, on a key whose
// MaxSizes counters are all in use) has already put the new size's counter
// in the place of a counter it retired, which may be the key's second; the
// key's code must not still say the retired size, or Tiers compiled for
// the key's first two sizes, as they were, take the two-tier fast path
// against the new size's counter (decided by a tier of 1m against the
// counts of 2h, and counted in no 1m counter). The key decides, after the
// panic, as the general path decides it (TestPanicInDecideLeavesKeyUnlocked:
// the key still decides).
func TestPanicInTrackLeavesNoWrongCode(t *testing.T) {
	tier := func(limit int64, d time.Duration) window.Tier { return window.Tier{Limit: limit, Size: d} }
	first := []window.Tier{tier(1000, 10*time.Second), tier(3, time.Minute)} // the key's first two, compiled
	all := []window.Tier{tier(1000, 10*time.Second), tier(3, time.Minute), tier(1000, 5*time.Minute), tier(1000, time.Hour)}
	bad := []window.Tier{tier(1000, 5*time.Minute), tier(1000, time.Hour), tier(1000, 2*time.Hour), tier(1000, 500*time.Millisecond)}
	cfg := Config{Shards: 1, NoShare: true}
	fast, general := newCache(t, cfg), newCache(t, cfg)
	general.testGeneral = true
	ts := fast.Tiers(first)
	k := Key{ClientID: "client-a"}
	now := t0.Add(time.Second)
	for _, c := range []*Cache{fast, general} {
		d := c.Reserve(k, all, 1, Enforce, now) // MaxSizes counters: 10s, 1m, 5m, 1h
		c.Commit(&d.Reservation)
		func() {
			defer func() {
				if msg := fmt.Sprint(recover()); !strings.Contains(msg, "size 500ms") {
					t.Fatalf("Reserve panicked with %q, want the size below a second named", msg)
				}
			}()
			// 5m and 1h kept, 2h in 1m's place (the last counter no
			// tier uses), then the panic.
			c.Reserve(k, bad, 1, Enforce, now)
		}()
	}
	for i := range 5 {
		var df, dg Decision
		fast.ReserveTiers(&df, k, &ts, 1, Enforce, now)
		general.ReserveTo(&dg, k, first, 1, Enforce, now)
		fast.Commit(new(df.Reservation))
		general.Commit(new(dg.Reservation))
		unref(&df, &dg)
		if df != dg {
			t.Fatalf("decision %d after the panic, tiers %v: decisions differ:\n fast    %+v\n general %+v", i, first, df, dg)
		}
		if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
			t.Fatalf("decision %d after the panic: states differ:\n fast    %+v\n general %+v", i, sf, sg)
		}
	}
}

package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStatsSizeCodes: Stats.SizeCodes is how many window sizes the cache
// has given codes, through Tiers compiled and decisions alike, each once,
// and stays at 15 past the fifteenth size (the root package exports it
// as oauth_ratelimit_cache_window_size_codes: nothing said when the codes
// ran out).
func TestStatsSizeCodes(t *testing.T) {
	c := newCache(t, Config{})
	check := func(step string, want int64) {
		t.Helper()
		if got := c.Stats().SizeCodes; got != want {
			t.Fatalf("%s: Stats().SizeCodes %d, want %d", step, got, want)
		}
	}
	check("a new cache", 0)
	sec := func(n int64) window.Tier { return window.Tier{Limit: 10, Size: time.Duration(n) * time.Second} }
	c.Tiers([]window.Tier{sec(60), sec(3600)})
	check("Tiers of 1m and 1h compiled", 2)
	c.Tiers([]window.Tier{sec(3600)})
	check("Tiers of 1h again", 2)
	k := Key{ClientID: "client-a"}
	c.Commit(new(c.Reserve(k, []window.Tier{sec(10), sec(60)}, 1, Enforce, t0).Reservation))
	check("a decision of 10s and 1m", 3)
	for n := int64(100); n < 120; n++ {
		c.Commit(new(c.Reserve(k, []window.Tier{sec(n)}, 1, Enforce, t0).Reservation))
	}
	check("decisions of 20 sizes more", maxSizeCodes)
	c.Tiers([]window.Tier{sec(5000)})
	check("Tiers of a size past the codes", maxSizeCodes)
}

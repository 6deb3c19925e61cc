package oauthratelimit

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestSoftLimitWithTheShare: the soft limit is passed by what the key has
// used, not by the instance's share of what is left. With other instances
// counting the key, the share makes the remaining a header shows smaller
// than the limit leaves; the soft check read limit − remaining as the count
// and warned at 40% of a limit with 3 instances (at every request from 5).
// A live audit (h58: three processes, a client at half its limit, soft
// limit 0.8) saw every admitted request counted in
// soft_limit_exceeded_total and sent RateLimit-Warning.
func TestSoftLimitWithTheShare(t *testing.T) {
	tests := []struct {
		name    string
		stored  int64 // in the store's current frame
		writers int
		want    string // RateLimit-Warning of the next request
	}{
		// soft-app: 4 a minute, soft limit 0.5: warn past 2 used.
		{"3 writers, nothing stored: 1 used", 0, 3, ""},
		{"3 writers, 1 stored: 2 used", 1, 3, ""},
		{"3 writers, 2 stored: 3 used", 2, 3, `"client-1m";soft=0.5`},
		{"one writer, nothing stored: 1 used", 0, 1, ""},
		{"one writer, 2 stored: 3 used", 2, 1, `"client-1m";soft=0.5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.Store = syncer.NewMemoryStore() })
			k := cache.Key{ClientID: "soft-app"}
			tiers := f.lim.state.Load().lookup("soft-app").scopes[scopeClient].window
			now := f.clk.Now()
			f.lim.cache.Reserve(k, tiers, 0, cache.Enforce, now)
			f.lim.cache.Apply(k, cache.Snapshot{Version: 1, Writers: tt.writers, Frames: []cache.Frame{
				{Size: tiers[0].Size, StartUnix: now.Unix() - now.Unix()%int64(tiers[0].Size.Seconds()), N: tt.stored},
			}}, now)
			w := f.post("grant_type=client_credentials&client_id=soft-app")
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			if got := w.Header().Get("RateLimit-Warning"); got != tt.want {
				t.Errorf("RateLimit-Warning %q, want %q (RateLimit %q)", got, tt.want, w.Header().Get("RateLimit"))
			}
			want := 0.0
			if tt.want != "" {
				want = 1
			}
			if got := testutil.ToFloat64(f.lim.metrics.soft.WithLabelValues("soft-app")); got != want {
				t.Errorf("soft_limit_exceeded %v, want %v", got, want)
			}
		})
	}
}

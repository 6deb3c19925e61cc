package oauthratelimit

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestWindowSizeCodesGauge: oauth_ratelimit_cache_window_size_codes says
// how many window sizes the cache has given codes (cache.Stats.SizeCodes):
// the installed policy's at the start, more as policies bring new sizes,
// and 15 once they have brought more than 15, where keys of the sizes
// after are decided on the cache's slower path. Nothing said so before.
func TestWindowSizeCodesGauge(t *testing.T) {
	f := newFixture(t, nil)
	gauge := func(step string, want float64) {
		t.Helper()
		mfs, err := f.reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, mf := range mfs {
			if mf.GetName() == "oauth_ratelimit_cache_window_size_codes" {
				if got := mf.GetMetric()[0].GetGauge().GetValue(); got != want {
					t.Fatalf("%s: oauth_ratelimit_cache_window_size_codes %v, want %v", step, got, want)
				}
				return
			}
		}
		t.Fatalf("%s: no oauth_ratelimit_cache_window_size_codes among %d metric families", step, len(mfs))
	}
	gauge("the test policy installed (1m and 1h)", 2)
	f.post("grant_type=client_credentials&client_id=multi")
	gauge("after a request", 2)
	// Two sizes a policy, 24 in all, 1m among them: tiers of one size or
	// two get codes when compiled (more, when a key is decided).
	for i := range 12 {
		var ts []policy.Tier
		for j := range 2 {
			ts = append(ts, policy.Tier{Limit: 100, Size: time.Duration(1+i*2+j) * time.Minute})
		}
		if err := f.lim.SetPolicy(mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: ts, User: ts[:1]}})); err != nil {
			t.Fatal(err)
		}
	}
	gauge("after policies of 24 sizes more", 15)
	if n := testutil.CollectAndCount(f.reg, "oauth_ratelimit_cache_window_size_codes"); n != 1 {
		t.Errorf("%d series of oauth_ratelimit_cache_window_size_codes, want 1", n)
	}
}

package oauthratelimit

import (
	"net/http"
	"regexp"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
)

// TestRateLimitHeaders checks the rate-limit headers of admitted and
// refused answers with and without the legacy X-RateLimit-* headers: the
// IETF headers are the same either way, X-RateLimit-Remaining and -Reset
// repeat RateLimit's r and t (cut from the same bytes), and Retry-After is
// on a 429 alone.
func TestRateLimitHeaders(t *testing.T) {
	const (
		cc     = "grant_type=client_credentials&client_id=svc&client_secret=s"
		device = "grant_type=urn:ietf:params:oauth:grant-type:device_code&client_id=agg-app&device_code=d"
	)
	rl := regexp.MustCompile(`^"(client|aggregate)-1m";r=(\d+);t=(\d+)$`)
	for _, tc := range []struct {
		name       string
		omit       bool
		body       string
		n          int // requests before the one checked
		wantCode   int
		wantRL     string
		wantRetry  bool
		wantPolicy string
	}{
		{"admitted", false, cc, 0, http.StatusOK, `"client-1m";r=2;t=120`, false, `"client-1m";q=3;w=60`},
		{"admitted, no legacy", true, cc, 0, http.StatusOK, `"client-1m";r=2;t=120`, false, `"client-1m";q=3;w=60`},
		{"last admitted", false, cc, 2, http.StatusOK, `"client-1m";r=0;t=120`, false, `"client-1m";q=3;w=60`},
		{"denied", false, cc, 3, http.StatusTooManyRequests, `"client-1m";r=0;t=120`, true, `"client-1m";q=3;w=60`},
		{"denied, no legacy", true, cc, 3, http.StatusTooManyRequests, `"client-1m";r=0;t=120`, true, `"client-1m";q=3;w=60`},
		{"slow_down", false, device, 3, http.StatusBadRequest, `"aggregate-1m";r=0;t=120`, false, `"aggregate-1m";q=3;w=60`},
		{"slow_down, no legacy", true, device, 3, http.StatusBadRequest, `"aggregate-1m";r=0;t=120`, false, `"aggregate-1m";q=3;w=60`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.OmitLegacyHeaders = tc.omit })
			for i := range tc.n {
				if w := f.post(tc.body); w.Code != http.StatusOK {
					t.Fatalf("request %d: status %d, want 200", i, w.Code)
				}
			}
			w := f.post(tc.body)
			h := w.Header()
			if w.Code != tc.wantCode {
				t.Fatalf("status %d, want %d", w.Code, tc.wantCode)
			}
			if got := h.Get("RateLimit-Policy"); got != tc.wantPolicy {
				t.Errorf("RateLimit-Policy %q, want %q", got, tc.wantPolicy)
			}
			got := h.Get("RateLimit")
			if got != tc.wantRL {
				t.Errorf("RateLimit %q, want %q", got, tc.wantRL)
			}
			if ra := h.Get("Retry-After"); (ra != "") != tc.wantRetry || (tc.wantRetry && ra != "61") {
				t.Errorf("Retry-After %q, want it (61) %v", ra, tc.wantRetry)
			}
			legacy := []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"}
			if tc.omit {
				for _, name := range legacy {
					if _, ok := h[http.CanonicalHeaderKey(name)]; ok {
						t.Errorf("%s %q with OmitLegacyHeaders, want none", name, h.Get(name))
					}
				}
				return
			}
			m := rl.FindStringSubmatch(got)
			if m == nil {
				t.Fatalf("RateLimit %q does not parse", got)
			}
			for i, want := range []string{"3", m[2], m[3]} {
				if v := h.Get(legacy[i]); v != want {
					t.Errorf("%s %q, want %q", legacy[i], v, want)
				}
			}
		})
	}
}

// BenchmarkMiddlewareLegacyHeaders measures a token request on an existing
// key through the middleware with and without the X-RateLimit-* headers,
// the writer keeping its header map (see discardWriter): what writing the
// three costs the middleware itself, not net/http's writing of them.
func BenchmarkMiddlewareLegacyHeaders(b *testing.B) {
	for _, omit := range []bool{false, true} {
		name := "legacy"
		if omit {
			name = "omitted"
		}
		b.Run(name, func(b *testing.B) {
			lim, err := New(Config{Policy: mustPolicy(b, benchPolicy), Registerer: prometheus.NewRegistry(), OmitLegacyHeaders: omit})
			if err != nil {
				b.Fatal(err)
			}
			serve := serveOnce(lim.Middleware(minimalEndpoint), benchCases[0])
			b.ReportAllocs()
			for b.Loop() {
				serve()
			}
		})
	}
}

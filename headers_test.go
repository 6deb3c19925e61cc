package oauthratelimit

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
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

// TestBindingDecision checks which decision a response's rate-limit
// headers describe when a request is decided on two keys (the user's and
// the client's aggregate): among admitting decisions the one with least
// left, among denying ones the one whose Retry-After is longest, whichever
// key was decided first; and that a refusal past the soft limit carries no
// RateLimit-Warning (the warning is for admitted tokens).
func TestBindingDecision(t *testing.T) {
	tiers := func(n int64, size time.Duration) []policy.Tier { return []policy.Tier{{Limit: n, Size: size}} }
	spec := func(mode policy.Mode, user, agg []policy.Tier) policy.Spec {
		return policy.Spec{Mode: mode, Defaults: policy.Defaults{User: user, Aggregate: agg}}
	}
	const alice = "grant_type=password&client_id=app&password=p&username=alice"
	for _, tc := range []struct {
		name     string
		spec     policy.Spec
		n        int    // requests before the one checked
		wantCode int    // of the one checked
		wantRL   string // its RateLimit, up to t
		wantWarn bool   // RateLimit-Warning
	}{
		{"admitted, aggregate has less left", spec(policy.ModeEnforce, tiers(5, time.Minute), tiers(2, time.Minute)), 0, http.StatusOK, `"aggregate-1m";r=1;`, false},
		{"admitted, user has less left", spec(policy.ModeEnforce, tiers(2, time.Minute), tiers(5, time.Minute)), 0, http.StatusOK, `"user-1m";r=1;`, false},
		{"both deny, aggregate's retry longer", spec(policy.ModeDryRun, tiers(1, time.Minute), tiers(1, time.Hour)), 1, http.StatusOK, `"aggregate-1h";r=0;`, false},
		{"both deny, user's retry longer", spec(policy.ModeDryRun, tiers(1, time.Hour), tiers(1, time.Minute)), 1, http.StatusOK, `"user-1h";r=0;`, false},
		{"admitted past the soft limit", policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{User: tiers(4, time.Minute), SoftLimit: 0.5}}, 2, http.StatusOK, `"user-1m";r=1;`, true},
		{"refused past the soft limit", policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{User: tiers(4, time.Minute), SoftLimit: 0.5}}, 4, http.StatusTooManyRequests, `"user-1m";r=0;`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, tc.spec) })
			for i := range tc.n {
				if w := f.post(alice); w.Code != http.StatusOK {
					t.Fatalf("request %d: status %d, want 200", i, w.Code)
				}
			}
			w := f.post(alice)
			rl := w.Header().Get("RateLimit")
			if w.Code != tc.wantCode || !strings.HasPrefix(rl, tc.wantRL) {
				t.Errorf("%d, RateLimit %q; want %d, %s…", w.Code, rl, tc.wantCode, tc.wantRL)
			}
			if warn := w.Header().Get("RateLimit-Warning"); (warn != "") != tc.wantWarn {
				t.Errorf("RateLimit-Warning %q, want one: %v", warn, tc.wantWarn)
			}
		})
	}
}

// addingWriter adds a RateLimit member of its own to every answer, as a
// gateway's limiter outside this one may: on its WriteHeader, after the
// limiter has written its headers.
type addingWriter struct{ http.ResponseWriter }

func (w addingWriter) WriteHeader(code int) {
	w.Header().Add("RateLimit", `"gw";r=9;t=1`)
	w.ResponseWriter.WriteHeader(code)
}

// TestHeaderAddedOutside: a handler outside the limiter that adds to its
// RateLimit header appends to a copy, not into the array the limiter's
// other header values share: X-RateLimit-Remaining and -Reset stay the
// limiter's, on a token and on a 429.
func TestHeaderAddedOutside(t *testing.T) {
	const cc = "grant_type=client_credentials&client_id=svc"
	for _, tc := range []struct {
		name          string
		n             int // requests before the one checked
		wantCode      int
		wantRemaining string
	}{
		{"admitted", 0, http.StatusOK, "2"},
		{"denied", 3, http.StatusTooManyRequests, "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			for range tc.n {
				f.post(cc)
			}
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(cc))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			f.h.ServeHTTP(addingWriter{w}, r)
			h := w.Result().Header
			if got, want := h.Values("RateLimit"), []string{`"client-1m";r=` + tc.wantRemaining + `;t=120`, `"gw";r=9;t=1`}; w.Code != tc.wantCode || !slices.Equal(got, want) {
				t.Errorf("%d, RateLimit %q; want %d, %q", w.Code, got, tc.wantCode, want)
			}
			if got := [2]string{h.Get("X-RateLimit-Remaining"), h.Get("X-RateLimit-Reset")}; got != [2]string{tc.wantRemaining, "120"} {
				t.Errorf("X-RateLimit-Remaining, -Reset %q, want [%s 120]", got, tc.wantRemaining)
			}
		})
	}
}

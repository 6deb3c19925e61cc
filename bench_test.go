package oauthratelimit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/prometheus/client_golang/prometheus"
)

// discardWriter is a ResponseWriter that keeps its header map between
// requests (cleared, so its buckets are reused), to measure the
// middleware's own allocations rather than the header map's growth.
type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }

// rewindBody is a request body that can be rewound without allocating.
type rewindBody struct{ strings.Reader }

func (*rewindBody) Close() error { return nil }

var tokenAnswer = []byte(`{"access_token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJzdmMifQ.","token_type":"Bearer","expires_in":3600}`)

// minimalEndpoint answers every token request with a fixed token, so that
// what is measured is the middleware.
var minimalEndpoint = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header()["Content-Type"] = hdrJSON
	w.WriteHeader(http.StatusOK)
	w.Write(tokenAnswer)
})

// benchPolicy never denies (limits of 10^12): the benchmarks measure the
// admit path.
var benchPolicy = policy.Spec{
	Mode: policy.ModeEnforce,
	Defaults: policy.Defaults{
		Client:    []policy.Tier{{Limit: 1e12, Size: time.Minute}, {Limit: 1e12, Size: time.Hour}},
		User:      []policy.Tier{{Limit: 1e12, Size: time.Minute}},
		Aggregate: []policy.Tier{{Limit: 1e12, Size: time.Minute}},
		SoftLimit: 0.9,
	},
}

type benchCase struct {
	name, body, authz string
}

var benchCases = []benchCase{
	{"client_credentials", "grant_type=client_credentials&client_id=svc-1&client_secret=s3cr3t&scope=read+write", ""},
	{"basic", "grant_type=client_credentials&scope=read", "Basic " + b64("svc-1:s3cr3t")},
	{"password_with_aggregate", "grant_type=password&client_id=mobile&username=alice%40example.com&password=pw", ""},
	// A client ID and a user (the sub a deployment's users have) that are
	// UUIDs, 36 bytes each: the cache's lookupWords.
	{"password_uuids", "grant_type=password&client_id=0f8fad5b-d9cb-469f-a165-70867728950e&username=7c9e6679-7425-40de-944b-e07fc1f90ae7&password=pw", ""},
}

func newBenchLimiter(tb testing.TB, reg prometheus.Registerer) *Limiter {
	lim, err := New(Config{Policy: mustPolicy(tb, benchPolicy), Registerer: reg})
	if err != nil {
		tb.Fatal(err)
	}
	return lim
}

// serveOnce prepares a request to h that can be served repeatedly.
func serveOnce(h http.Handler, c benchCase) func() int {
	var body rewindBody
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, nil)
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if c.authz != "" {
		r.Header.Set("Authorization", c.authz)
	}
	r.ContentLength = int64(len(c.body))
	w := &discardWriter{h: make(http.Header)}
	return func() int {
		body.Reset(c.body)
		r.Body = &body
		clear(w.h)
		w.code = 0
		h.ServeHTTP(w, r)
		return w.code
	}
}

// TestMiddlewareAllocs pins the allocations of a token request on an
// existing key: one, the block of per-response header values, which must
// outlive the handler (see headerBlock).
func TestMiddlewareAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, c := range benchCases {
		t.Run(c.name, func(t *testing.T) {
			lim := newBenchLimiter(t, prometheus.NewRegistry())
			serve := serveOnce(lim.Middleware(minimalEndpoint), c)
			if code := serve(); code != 200 {
				t.Fatalf("status %d", code)
			}
			allocs := testing.AllocsPerRun(1000, func() { serve() })
			if allocs > 1 {
				t.Errorf("%v allocs per request, want at most 1", allocs)
			}
		})
	}
	t.Run("denied", func(t *testing.T) {
		lim, err := New(Config{Policy: mustPolicy(t, perClient(policy.ModeEnforce, 0))})
		if err != nil {
			t.Fatal(err)
		}
		serve := serveOnce(lim.Middleware(minimalEndpoint), benchCases[0])
		if code := serve(); code != 429 {
			t.Fatalf("status %d", code)
		}
		if allocs := testing.AllocsPerRun(1000, func() { serve() }); allocs > 1 {
			t.Errorf("%v allocs per denied request, want at most 1", allocs)
		}
	})
	// A token to a known origin refreshes its learned pair (cors.go)
	// without allocating.
	t.Run("learned origin", func(t *testing.T) {
		lim := newBenchLimiter(t, nil)
		acao := []string{"https://app.example"}
		h := lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header()["Access-Control-Allow-Origin"] = acao
			minimalEndpoint(w, r)
		}))
		var body rewindBody
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, nil)
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.Header.Set("Origin", acao[0])
		r.ContentLength = int64(len(benchCases[0].body))
		w := &discardWriter{h: make(http.Header)}
		serve := func() {
			body.Reset(benchCases[0].body)
			r.Body = &body
			clear(w.h)
			h.ServeHTTP(w, r)
		}
		serve()
		if got := len(lim.cors.learned); got != 1 {
			t.Fatalf("%d origins learned, want 1", got)
		}
		if allocs := testing.AllocsPerRun(1000, serve); allocs > 1 {
			t.Errorf("%v allocs per request, want at most 1", allocs)
		}
	})
	// A header the endpoint must not get (Expect; Accept-Encoding when the
	// answer is held) is dropped from a copy of the request and of its
	// header map (see endpointRequest), made only then: the requestBlock,
	// the request's copy, and the map's two (its table and group), with
	// the caller's header map left as it was.
	for _, hc := range []struct {
		name, key, val string
		attribute      bool
		body           string
	}{
		{"Expect", "Expect", "100-continue", false, benchCases[0].body},
		{"held Accept-Encoding", "Accept-Encoding", "gzip", true, benchCases[2].body},
	} {
		t.Run(hc.name, func(t *testing.T) {
			lim, err := New(Config{Policy: mustPolicy(t, benchPolicy), AttributeIssued: hc.attribute})
			if err != nil {
				t.Fatal(err)
			}
			var body rewindBody
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, nil)
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Header.Set(hc.key, hc.val)
			r.ContentLength = int64(len(hc.body))
			var seen bool
			h := lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, seen = r.Header[hc.key]
				minimalEndpoint(w, r)
			}))
			w := &discardWriter{h: make(http.Header)}
			serve := func() {
				body.Reset(hc.body)
				r.Body = &body
				clear(w.h)
				h.ServeHTTP(w, r)
			}
			if serve(); w.code != 200 || seen || r.Header.Get(hc.key) != hc.val {
				t.Fatalf("status %d, endpoint saw %s: %v, caller's %s %q after", w.code, hc.key, seen, hc.key, r.Header.Get(hc.key))
			}
			if allocs := testing.AllocsPerRun(1000, serve); allocs > 4 {
				t.Errorf("%v allocs per request, want at most 4", allocs)
			}
		})
	}
	t.Run("malformed", func(t *testing.T) {
		lim := newBenchLimiter(t, nil)
		serve := serveOnce(lim.Middleware(minimalEndpoint), benchCase{body: "client_id=a&client_id=b"})
		if code := serve(); code != 400 {
			t.Fatalf("status %d", code)
		}
		if allocs := testing.AllocsPerRun(1000, func() { serve() }); allocs != 0 {
			t.Errorf("%v allocs per malformed request, want 0", allocs)
		}
	})
}

// BenchmarkMiddlewareAfterReload is BenchmarkMiddleware's requests after
// a policy reload that changed the minute tiers to 10 seconds: each key
// then holds the counter of its old size too, and counts in it (see
// cache's track).
func BenchmarkMiddlewareAfterReload(b *testing.B) {
	reloaded := benchPolicy
	reloaded.Defaults.Client = []policy.Tier{{Limit: 1e12, Size: 10 * time.Second}, {Limit: 1e12, Size: time.Hour}}
	reloaded.Defaults.User = []policy.Tier{{Limit: 1e12, Size: 10 * time.Second}}
	reloaded.Defaults.Aggregate = []policy.Tier{{Limit: 1e12, Size: 10 * time.Second}}
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			lim := newBenchLimiter(b, prometheus.NewRegistry())
			serve := serveOnce(lim.Middleware(minimalEndpoint), c)
			serve()
			if err := lim.SetPolicy(mustPolicy(b, reloaded)); err != nil {
				b.Fatal(err)
			}
			if code := serve(); code != 200 {
				b.Fatalf("status %d after the reload", code)
			}
			b.ReportAllocs()
			for b.Loop() {
				serve()
			}
		})
	}
}

// BenchmarkMiddleware measures a token request on an existing key through
// the middleware (with metrics), against the same endpoint without it.
func BenchmarkMiddleware(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			lim := newBenchLimiter(b, prometheus.NewRegistry())
			serve := serveOnce(lim.Middleware(minimalEndpoint), c)
			b.ReportAllocs()
			for b.Loop() {
				serve()
			}
		})
	}
	b.Run("bare_endpoint", func(b *testing.B) {
		serve := serveOnce(minimalEndpoint, benchCases[0])
		b.ReportAllocs()
		for b.Loop() {
			serve()
		}
	})
	b.Run("parallel", func(b *testing.B) {
		lim := newBenchLimiter(b, prometheus.NewRegistry())
		h := lim.Middleware(minimalEndpoint)
		var n int64
		var mu = make(chan struct{}, 1)
		mu <- struct{}{}
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			<-mu
			n++
			c := benchCase{body: fmt.Sprintf("grant_type=client_credentials&client_id=svc-%d&client_secret=s", n)}
			mu <- struct{}{}
			serve := serveOnce(h, c)
			for pb.Next() {
				serve()
			}
		})
	})
}

// BenchmarkMiddlewareHeld is a code exchange under AttributeIssued (the
// server's proxy mode): the answer, Hydra-shaped (members sorted, a JWT
// access token naming the user, an id_token, an opaque refresh token), is
// held, read for its user and refresh token, then sent.
func BenchmarkMiddlewareHeld(b *testing.B) {
	lim, err := New(Config{Policy: mustPolicy(b, benchPolicy), Registerer: prometheus.NewRegistry(), AttributeIssued: true})
	if err != nil {
		b.Fatal(err)
	}
	answer := []byte(`{"access_token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.","expires_in":3599,` +
		`"id_token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSIsImF1ZCI6WyJzaG9wIl19.",` +
		`"refresh_token":"ory_rt_Xk2dUq0cHh3mJvT9pQx7rLw4sEa1bNf5yGz8oVi6.kD3jS7tP0qWmZ2xR9vL4nB8cF1hY5uE6aO0iT3gK7sM","scope":"openid offline_access","token_type":"bearer"}`)
	h := lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = hdrJSON
		w.WriteHeader(http.StatusOK)
		w.Write(answer)
	}))
	serve := serveOnce(h, benchCase{body: "grant_type=authorization_code&client_id=shop&code=ory_ac_abc&redirect_uri=https%3A%2F%2Fshop%2Fcb"})
	if code := serve(); code != 200 {
		b.Fatalf("status %d", code)
	}
	b.ReportAllocs()
	for b.Loop() {
		serve()
	}
}

// TestMiddlewareAllocsUsernameIgnoreCase: a password grant under the
// server's --username-ignore-case (NormalizeUsername = AppendLower)
// allocates no more than one without it: a username with a capital letter
// is the common spelling of an email login (h6-review: 2 allocations with
// strings.ToLower).
func TestMiddlewareAllocsUsernameIgnoreCase(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	lim, err := New(Config{Policy: mustPolicy(t, benchPolicy), NormalizeUsername: AppendLower})
	if err != nil {
		t.Fatal(err)
	}
	serve := serveOnce(lim.Middleware(minimalEndpoint), benchCase{body: "grant_type=password&client_id=mobile&username=Alice%40example.com&password=pw"})
	if code := serve(); code != 200 {
		t.Fatalf("status %d", code)
	}
	if allocs := testing.AllocsPerRun(1000, func() { serve() }); allocs > 1 {
		t.Errorf("%v allocs per request, want at most 1 (as without NormalizeUsername)", allocs)
	}
}

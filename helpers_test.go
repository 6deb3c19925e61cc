package oauthratelimit

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// t0 starts a minute frame (and an hour frame): 1_700_002_800 is a multiple
// of 3600.
var t0 = time.Unix(1_700_002_800, 0)

// clock is a settable clock for Config.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock(t time.Time) *clock { return &clock{t: t} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// testPolicy is the policy of most tests: fresh maps on every call, so a
// test may change its copy.
func testPolicy() policy.Spec {
	minute := func(n int64) []policy.Tier { return []policy.Tier{{Limit: n, Size: time.Minute}} }
	return policy.Spec{
		Mode: policy.ModeEnforce,
		Defaults: policy.Defaults{
			Client: minute(3),
			User:   minute(2),
		},
		Clients: map[string]policy.Override{
			"agg-app":     {Aggregate: minute(3)},
			"dry-app":     {Mode: new(policy.ModeDryRun)},
			"trusted-app": {Trusted: true},
			"soft-app":    {SoftLimit: 0.5, Client: minute(4)},
			"costly":      {Costs: map[policy.Grant]int64{policy.GrantClientCredentials: 2}},
			"multi":       {Client: []policy.Tier{{Limit: 5, Size: time.Minute}, {Limit: 6, Size: time.Hour}}},
		},
	}
}

// perClient is a policy that gives every client n client_credentials tokens
// a minute, in the given mode.
func perClient(mode policy.Mode, n int64) policy.Spec {
	return policy.Spec{Mode: mode, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: n, Size: time.Minute}}}}
}

func mustPolicy(t testing.TB, s policy.Spec) *policy.Policy {
	t.Helper()
	p, err := policy.New(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// testJWT returns an unsigned JWT-shaped token with the given claims.
func testJWT(claims map[string]any) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	b, _ := json.Marshal(claims)
	return h + "." + base64.RawURLEncoding.EncodeToString(b) + ".c2ln"
}

// endpoint is a fake token endpoint. It parses the form itself, as a real
// one does, and answers 401 to client_secret=wrong, the status given in a
// "status" parameter if any, and 200 with a JWT whose sub is the username
// or the client otherwise.
type endpoint struct {
	t     testing.TB
	mu    sync.Mutex
	calls int
	last  []byte // body of the last request, as read
	sub   string // if set, the sub of the issued JWT
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Form != nil || r.PostForm != nil {
		e.t.Errorf("endpoint: form pre-populated")
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		e.t.Errorf("endpoint: read body: %v", err)
	}
	e.mu.Lock()
	e.calls++
	e.last = body
	sub := e.sub
	e.mu.Unlock()
	form, err := url.ParseQuery(string(body))
	if err != nil {
		http.Error(w, `{"error":"invalid_request"}`, http.StatusBadRequest)
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = form.Get("client_id"), form.Get("client_secret")
	}
	if secret == "wrong" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"error":"invalid_client"}`)
		return
	}
	if s := form.Get("status"); s != "" {
		code := 0
		for _, c := range s {
			code = code*10 + int(c-'0')
		}
		w.WriteHeader(code)
		return
	}
	if sub == "" {
		sub = form.Get("username")
	}
	if sub == "" {
		sub = id
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"access_token": testJWT(map[string]any{"sub": sub}), "token_type": "Bearer", "expires_in": 3600})
}

func (e *endpoint) Calls() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.calls
}

type fixture struct {
	lim *Limiter
	clk *clock
	ep  *endpoint
	h   http.Handler
	reg *prometheus.Registry
}

func newFixture(t testing.TB, mod func(*Config)) *fixture {
	t.Helper()
	f := &fixture{clk: newClock(t0), ep: &endpoint{t: t}, reg: prometheus.NewRegistry()}
	cfg := Config{Policy: mustPolicy(t, testPolicy()), Now: f.clk.Now, Registerer: f.reg}
	if mod != nil {
		mod(&cfg)
	}
	lim, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	f.lim = lim
	f.h = lim.Middleware(f.ep)
	return f
}

// post sends a token request with the given form body and optional Basic
// credentials (id:secret, raw) and returns the recorded response.
func (f *fixture) post(body string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Add(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	return w
}

func basic(id, secret string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id)+":"+url.QueryEscape(secret)))
}

func newJSONLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, nil))
}

// errorOf decodes an RFC 6749 §5.2 error body.
func errorOf(t testing.TB, w *httptest.ResponseRecorder) (code, desc string) {
	t.Helper()
	var e struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("body %q: %v", w.Body.String(), err)
	}
	return e.Error, e.Description
}

func counterValue(c prometheus.Collector) float64 { return testutil.ToFloat64(c) }

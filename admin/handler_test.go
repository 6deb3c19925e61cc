package admin

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// newLimiter returns a Limiter in dry-run at 1 token a minute per client,
// with its in-memory store, its metrics on reg (nil: none).
func newLimiter(t *testing.T, reg prometheus.Registerer) *oauthratelimit.Limiter {
	t.Helper()
	p, err := policy.New(policy.Spec{Mode: policy.ModeDryRun, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 1, Size: time.Minute}}}})
	if err != nil {
		t.Fatal(err)
	}
	lim, err := oauthratelimit.New(oauthratelimit.Config{Policy: p, TokenPath: "/oauth2/token", Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	return lim
}

// TestHandlerGuard drives the guard through the public handler, New's,
// with every route the server serves behind it: the token, the refusals
// of a browser's requests, the open probes, and /metrics only with a
// Gatherer.
func TestHandlerGuard(t *testing.T) {
	reg := prometheus.NewRegistry()
	lim := newLimiter(t, reg)
	withToken, err := New(Config{Limiter: lim, Token: []byte(testToken), Gatherer: reg})
	if err != nil {
		t.Fatal(err)
	}
	loopback, err := New(Config{Limiter: lim, LoopbackOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	bearer := "Bearer " + testToken
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte("admin:"+testToken))
	tests := []struct {
		name         string
		h            http.Handler
		method, path string
		host         string
		header       map[string]string
		body         string
		status       int
		want         string // in the body
	}{
		{"no token", withToken, "GET", "/admin/mode", "", nil, "", 401, "want the admin token"},
		{"a wrong token", withToken, "GET", "/admin/mode", "", map[string]string{"Authorization": "Bearer " + strings.Repeat("x", 24)}, "", 401, "the bearer token sent is not this server's admin token: want Authorization: Bearer <the admin token (the server's --admin-token-file)>"},
		{"an empty bearer token", withToken, "GET", "/admin/mode", "", map[string]string{"Authorization": "Bearer "}, "", 401, "the bearer token sent is not this server's admin token"},
		{"the token", withToken, "GET", "/admin/mode", "", map[string]string{"Authorization": bearer}, "", 200, `"mode":"dry-run"`},
		{"Basic on a JSON route", withToken, "GET", "/admin/mode", "", map[string]string{"Authorization": basic}, "", 401, "the Authorization header's scheme is not Bearer (HTTP Basic opens the status page, GET /admin/, and nothing else): want Authorization: Bearer"},
		{"Basic on the status page", withToken, "GET", "/admin/", "", map[string]string{"Authorization": basic}, "", 200, "Top keys on this instance"},
		{"a form", withToken, "POST", "/admin/mode", "", map[string]string{"Authorization": bearer, "Content-Type": "application/x-www-form-urlencoded"}, "mode=enforce", 415, "must be JSON"},
		{"cross-site", withToken, "POST", "/admin/mode", "", map[string]string{"Authorization": bearer, "Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, `{"mode":"enforce"}`, 403, "cross_site"},
		{"another origin", withToken, "DELETE", "/admin/mode", "", map[string]string{"Authorization": bearer, "Content-Type": "application/json", "Origin": "https://evil.example"}, "", 403, "another origin"},
		{"healthz, open", withToken, "GET", "/healthz", "", nil, "", 200, "ok"},
		{"readyz, open", withToken, "GET", "/readyz", "", nil, "", 200, `"ready":true`},
		{"metrics, open", withToken, "GET", "/metrics", "", nil, "", 200, "oauth_ratelimit_"},
		// The handler's own error count, on the Gatherer that is a
		// registry, as the server's /metrics had it.
		{"metrics, promhttp's own", withToken, "GET", "/metrics", "", nil, "", 200, "promhttp_metric_handler_errors_total"},
		{"metrics without a Gatherer", loopback, "GET", "/metrics", "127.0.0.1:9090", nil, "", 404, `"error":"not_found"`},
		// A path or method no route serves: JSON, as every refusal,
		// naming what is served (net/http's own is text that names
		// nothing); the guard still comes first.
		{"a typo in the path", withToken, "GET", "/admin/overide", "", map[string]string{"Authorization": bearer}, "", 404, `the endpoints are GET /metrics, GET /healthz`},
		{"a typo in the path, listing", withToken, "GET", "/admin/overide", "", map[string]string{"Authorization": bearer}, "", 404, `PUT /admin/overrides/{client}, DELETE /admin/overrides/{client}, GET /admin/policy, GET /admin/instances, GET /admin/ (--help`},
		{"a trailing slash", withToken, "GET", "/admin/keys/svc/", "", map[string]string{"Authorization": bearer}, "", 404, `"GET \"/admin/keys/svc/\": no such endpoint`},
		{"a typo without the token", withToken, "GET", "/admin/overide", "", nil, "", 401, "want the admin token"},
		{"a wrong method", withToken, "POST", "/admin/top", "", map[string]string{"Authorization": bearer, "Content-Type": "application/json"}, "", 405, `"POST \"/admin/top\": this path takes GET"`},
		{"a wrong method, several taken", withToken, "PATCH", "/admin/mode", "", map[string]string{"Authorization": bearer, "Content-Type": "application/json"}, "", 405, `this path takes GET or POST or DELETE`},
		{"reload without a Reload", withToken, "POST", "/admin/reload", "", map[string]string{"Authorization": bearer, "Content-Type": "application/json"}, "", 501, "Config.Reload"},
		{"loopback only, a loopback Host", loopback, "GET", "/admin/mode", "127.0.0.1:9090", nil, "", 200, `"mode":"dry-run"`},
		{"loopback only, localhost", loopback, "GET", "/admin/instances", "localhost:9090", nil, "", 200, `"instance"`},
		{"loopback only, another Host", loopback, "GET", "/admin/mode", "admin.internal:9090", nil, "", 421, "loopback"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			req.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
			if tt.host != "" {
				req.Host = tt.host
			}
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			w := httptest.NewRecorder()
			tt.h.ServeHTTP(w, req)
			if w.Code != tt.status || !strings.Contains(w.Body.String(), tt.want) {
				t.Fatalf("%d %s, want %d with %q", w.Code, w.Body, tt.status, tt.want)
			}
			if strings.Contains(w.Body.String(), testToken) {
				t.Errorf("the answer holds the token")
			}
		})
	}
}

// TestHandlerReload: POST /admin/reload calls Config.Reload and answers
// what it changed; ErrNothingToReload answers 409, another error 400.
func TestHandlerReload(t *testing.T) {
	lim := newLimiter(t, nil)
	var ret error
	s, err := New(Config{Limiter: lim, LoopbackOnly: true, Reload: func() ([]slog.Attr, error) {
		if ret != nil {
			return nil, ret
		}
		return []slog.Attr{slog.Bool("file_changed", true)}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		err    error
		status int
		want   string
	}{
		{"reloaded", nil, 200, `"file_changed":true`},
		{"nothing to reload", fmt.Errorf("no policy file: %w", ErrNothingToReload), 409, "no policy file"},
		{"not valid", errors.New("policy.yaml: line 3: limit: -1"), 400, "invalid_policy"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ret = c.err
			req := httptest.NewRequest("POST", "/admin/reload", nil)
			req.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
			req.Host = "127.0.0.1:9090"
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			if w.Code != c.status || !strings.Contains(w.Body.String(), c.want) {
				t.Fatalf("%d %s, want %d with %s", w.Code, w.Body, c.status, c.want)
			}
		})
	}
}

// TestEmbedderMount is an embedder's setup: the middleware in front of its
// token endpoint on one server, the admin handler on another (its internal
// listener), both on one Limiter. The runbook's mode switch, POST
// /admin/mode, reaches the middleware's decisions: in dry-run the client
// over its limit gets its tokens, after the switch to enforce a 429, and
// after DELETE /admin/mode tokens again; an override enforces the one
// client, and a reset of its key unblocks it. Clients run during the
// switches (for -race).
func TestEmbedderMount(t *testing.T) {
	reg := prometheus.NewRegistry()
	lim := newLimiter(t, reg)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- lim.Run(ctx) }()
	defer func() { cancel(); <-done }()

	mux := http.NewServeMux()
	mux.HandleFunc("POST /oauth2/token", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"access_token":"t","token_type":"Bearer"}`)
	})
	app := httptest.NewServer(lim.Middleware(mux))
	defer app.Close()
	adm, err := New(Config{Limiter: lim, Token: []byte(testToken), Gatherer: reg})
	if err != nil {
		t.Fatal(err)
	}
	internal := httptest.NewServer(adm)
	defer internal.Close()

	var adminAt func(method, path, body string) string
	token := func(client string) int {
		t.Helper()
		resp, err := http.Post(app.URL+"/oauth2/token", "application/x-www-form-urlencoded", strings.NewReader("grant_type=client_credentials&client_id="+client))
		if err != nil {
			t.Error(err)
			return 0
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	admin := func(method, body string) string {
		t.Helper()
		return adminAt(method, "/admin/mode", body)
	}
	adminAt = func(method, path, body string) string {
		t.Helper()
		req, _ := http.NewRequest(method, internal.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+testToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, b)
		}
		return string(b)
	}
	// Other clients ask for tokens all along: the switches happen under
	// load, as in production.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
					token(fmt.Sprintf("bystander-%d", i))
				}
			}
		})
	}
	defer func() { close(stop); wg.Wait() }()

	for i := range 3 { // dry-run: over its limit of 1, still served
		if got := token("svc"); got != http.StatusOK {
			t.Fatalf("dry-run, request %d: %d, want 200", i, got)
		}
	}
	if b := admin("POST", `{"mode":"enforce"}`); !strings.Contains(b, `"mode":"enforce"`) || !strings.Contains(b, `"source":"override"`) {
		t.Fatalf("POST /admin/mode: %s, want enforce from the override", b)
	}
	if got := token("svc"); got != http.StatusTooManyRequests {
		t.Errorf("after POST /admin/mode enforce: %d, want 429", got)
	}
	if b := admin("DELETE", ""); !strings.Contains(b, `"mode":"dry-run"`) {
		t.Fatalf("DELETE /admin/mode: %s, want the policy's dry-run", b)
	}
	if got := token("svc"); got != http.StatusOK {
		t.Errorf("after DELETE /admin/mode: %d, want 200 (dry-run again)", got)
	}
	// The other runbooks: enforce one client by an override, then
	// unblock it by a reset of its key.
	adminAt("PUT", "/admin/overrides/svc", `{"mode":"enforce"}`)
	if got := token("svc"); got != http.StatusTooManyRequests {
		t.Errorf("after PUT /admin/overrides/svc enforce: %d, want 429", got)
	}
	if got := token("other"); got != http.StatusOK {
		t.Errorf("another client after svc's override: %d, want 200", got)
	}
	if b := adminAt("POST", "/admin/keys/svc/reset", ""); !strings.Contains(b, `"client": "svc"`) {
		t.Fatalf("POST /admin/keys/svc/reset: %s", b)
	}
	if got := token("svc"); got != http.StatusOK {
		t.Errorf("after POST /admin/keys/svc/reset: %d, want 200 (its count cleared)", got)
	}
	if got := token("svc"); got != http.StatusTooManyRequests {
		t.Errorf("after the reset and one token: %d, want 429 (enforced, limit 1)", got)
	}
	// The admin listener is not the token endpoint's: the middleware is
	// not on it, nor the admin API on the app's server.
	resp, err := http.Get(app.URL + "/admin/mode")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("the app's server answers /admin/mode: %d", resp.StatusCode)
	}
}

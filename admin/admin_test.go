package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

const testToken = "s3cret-Token_0123456789"

var t0 = time.Unix(1_700_002_800, 0)

// fakeKeys holds one key, c1/alice, and answers TopKeys with what it was
// asked.
type fakeKeys struct{ topN int }

func (*fakeKeys) Instance() string { return "i1" }

func (*fakeKeys) KeyState(client, user string, now time.Time) (oauthratelimit.KeyState, bool) {
	if client != "c/1" || user != "alice" {
		return oauthratelimit.KeyState{}, false
	}
	return oauthratelimit.KeyState{
		ClientID: client, User: user, Rules: "c/1", Mode: policy.ModeDryRun, Version: 7,
		SnapshotAge: 1500 * time.Millisecond, Writers: 2, Reserved: 1,
		Tiers: []oauthratelimit.TierState{{Scope: "user", TierState: cache.TierState{
			Tier:   window.Tier{Limit: 10, Size: time.Minute},
			Global: window.Counts{StartUnix: t0.Unix(), Prev: 4, Curr: 5}, Local: window.Counts{StartUnix: t0.Unix(), Curr: 2},
			Reserved: 1, Estimate: 9.5, Used: 10, Remaining: 0, RetryAfter: 2500 * time.Millisecond,
		}}},
		Counted: []cache.SizeState{{Size: time.Hour, Global: window.Counts{StartUnix: t0.Unix(), Curr: 30}, Local: window.Counts{StartUnix: t0.Unix(), Curr: 2}, Estimate: 32}},
	}, true
}

// Reset knows no key: the reset tests use resetKeys.
func (*fakeKeys) Reset(context.Context, string, string) (oauthratelimit.ResetResult, error) {
	return oauthratelimit.ResetResult{}, oauthratelimit.ErrUnknownKey
}

func (f *fakeKeys) TopKeys(n int, now time.Time) []oauthratelimit.KeyUsage {
	f.topN = n
	return []oauthratelimit.KeyUsage{{ClientID: "c/1", User: "alice", Scope: "user", Tier: window.Tier{Limit: 10, Size: time.Minute}, Used: 12, Ratio: 1.2}}
}

// UserPseudonym stands for the limiter's keyed one
// (oauthratelimit.TestUserPseudonym tests that): the admin API gives what
// the limiter computes.
func (*fakeKeys) UserPseudonym(user string) string { return "pseudonym-of-" + user }

func newServer(t *testing.T, token string, log *slog.Logger) (*Server, *fakeKeys) {
	t.Helper()
	k := &fakeKeys{}
	s, err := build(Config{Token: []byte(token), LoopbackOnly: token == "", Logger: log, Now: func() time.Time { return t0 }}, k, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, k
}

// handler is the guard in front of a mux with the key endpoints, an open
// /metrics and a state-changing endpoint.
func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("metrics\n")) })
	mux.HandleFunc("GET /admin/keys/{client}", s.keyState)
	mux.HandleFunc("GET /admin/keys/{client}/{user}", s.keyState)
	mux.HandleFunc("GET /admin/top", s.topKeys)
	mux.HandleFunc("POST /admin/change", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("changed\n")) })
	mux.HandleFunc("DELETE /admin/change", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("changed\n")) })
	return s.guard(mux)
}

func serve(h http.Handler, method, target string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://127.0.0.1:9090"+target, strings.NewReader("{}"))
	r.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
	for i := 0; i+1 < len(hdr); i += 2 {
		switch hdr[i] {
		case "Host":
			r.Host = hdr[i+1]
			continue
		case "RemoteAddr": // the peer's address, not a header
			r.RemoteAddr = hdr[i+1]
			continue
		}
		r.Header.Add(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// errorCode returns the error field of a JSON error answer.
func errorCode(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var e struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" || e.Description == "" {
		t.Fatalf("body %q: want a JSON error with a description (%v)", w.Body, err)
	}
	return e.Error
}

func TestGuard(t *testing.T) {
	const (
		bearer = "Bearer " + testToken
		ctJSON = "application/json"
	)
	tests := []struct {
		name     string
		token    string // configured
		method   string
		path     string
		hdr      []string
		status   int
		errorStr string // the error code of a refusal
	}{
		{"open: metrics without the token", testToken, "GET", "/metrics", nil, 200, ""},
		{"no token", testToken, "GET", "/admin/top", nil, 401, "unauthorized"},
		{"no token, unknown path: nothing told", testToken, "GET", "/admin/nothing", nil, 401, "unauthorized"},
		{"wrong token", testToken, "GET", "/admin/top", []string{"Authorization", "Bearer " + testToken + "x"}, 401, "unauthorized"},
		{"a prefix of the token", testToken, "GET", "/admin/top", []string{"Authorization", "Bearer " + testToken[:10]}, 401, "unauthorized"},
		{"the token as HTTP Basic password", testToken, "GET", "/admin/top", []string{"Authorization", "Basic " + "YWRtaW46" + testToken}, 401, "unauthorized"},
		{"the token in a cookie", testToken, "GET", "/admin/top", []string{"Cookie", "token=" + testToken}, 401, "unauthorized"},
		{"the token", testToken, "GET", "/admin/top", []string{"Authorization", bearer}, 200, ""},
		{"scheme in lower case", testToken, "GET", "/admin/top", []string{"Authorization", "bearer " + testToken}, 200, ""},
		{"change as JSON", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON}, 200, ""},
		{"change as JSON with charset", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", "application/json; charset=utf-8"}, 200, ""},
		{"change without the token", testToken, "POST", "/admin/change", []string{"Content-Type", ctJSON}, 401, "unauthorized"},
		{"change as text/plain", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", "text/plain"}, 415, "unsupported_media_type"},
		{"change as a form", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", "application/x-www-form-urlencoded"}, 415, "unsupported_media_type"},
		{"change without Content-Type", testToken, "POST", "/admin/change", []string{"Authorization", bearer}, 415, "unsupported_media_type"},
		{"delete without Content-Type", testToken, "DELETE", "/admin/change", []string{"Authorization", bearer}, 415, "unsupported_media_type"},
		{"cross-site", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON, "Sec-Fetch-Site", "cross-site"}, 403, "cross_site"},
		{"same-site (another port of the host)", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON, "Sec-Fetch-Site", "same-site"}, 403, "cross_site"},
		{"another origin", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON, "Origin", "https://evil.example"}, 403, "cross_site"},
		{"origin null", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON, "Origin", "null"}, 403, "cross_site"},
		{"cross-site without the token", testToken, "POST", "/admin/change", []string{"Content-Type", "text/plain", "Origin", "https://evil.example"}, 403, "cross_site"},
		{"same origin", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON, "Origin", "http://127.0.0.1:9090", "Sec-Fetch-Site", "same-origin"}, 200, ""},
		{"typed by the user", testToken, "POST", "/admin/change", []string{"Authorization", bearer, "Content-Type", ctJSON, "Sec-Fetch-Site", "none"}, 200, ""},
		{"cross-site GET: reads are not refused for it", testToken, "GET", "/admin/top", []string{"Authorization", bearer, "Sec-Fetch-Site", "cross-site"}, 200, ""},
		{"no token configured: reads", "", "GET", "/admin/top", nil, 200, ""},
		{"no token configured: changes as JSON", "", "POST", "/admin/change", []string{"Content-Type", ctJSON}, 200, ""},
		{"no token configured: a form post", "", "POST", "/admin/change", []string{"Content-Type", "application/x-www-form-urlencoded"}, 415, "unsupported_media_type"},
		{"no token configured: cross-site", "", "POST", "/admin/change", []string{"Content-Type", "text/plain", "Sec-Fetch-Site", "cross-site"}, 403, "cross_site"},
		// DNS rebinding: a page on evil.example rebinds its name to
		// 127.0.0.1; its requests are same-origin by every header but Host.
		{"no token configured: DNS rebinding", "", "POST", "/admin/change", []string{"Host", "evil.example:9090", "Origin", "http://evil.example:9090", "Sec-Fetch-Site", "same-origin", "Content-Type", ctJSON}, 421, "misdirected_request"},
		{"no token configured: a read by another name", "", "GET", "/admin/top", []string{"Host", "evil.example:9090"}, 421, "misdirected_request"},
		{"no token configured: localhost", "", "POST", "/admin/change", []string{"Host", "localhost:9090", "Origin", "http://localhost:9090", "Content-Type", ctJSON}, 200, ""},
		{"no token configured: ::1", "", "GET", "/admin/top", []string{"Host", "[::1]:9090"}, 200, ""},
		{"no token configured: metrics by any name", "", "GET", "/metrics", []string{"Host", "evil.example:9090"}, 200, ""},
		// The Host header is the client's: a handler mounted with
		// LoopbackOnly on a listener other machines reach must not serve
		// them because they name localhost.
		{"no token configured: from another machine, naming localhost", "", "POST", "/admin/change", []string{"RemoteAddr", "192.0.2.7:5555", "Host", "localhost:9090", "Content-Type", ctJSON}, 403, "not_loopback"},
		{"no token configured: a read from another machine", "", "GET", "/admin/top", []string{"RemoteAddr", "10.0.0.5:40000", "Host", "127.0.0.1:9090"}, 403, "not_loopback"},
		{"no token configured: from ::1", "", "GET", "/admin/top", []string{"RemoteAddr", "[::1]:40000", "Host", "[::1]:9090"}, 200, ""},
		{"no token configured: metrics from another machine", "", "GET", "/metrics", []string{"RemoteAddr", "192.0.2.7:5555"}, 200, ""},
		{"token: from another machine, the token decides", testToken, "GET", "/admin/top", []string{"RemoteAddr", "192.0.2.7:5555", "Host", "admin.internal:9090", "Authorization", bearer}, 200, ""},
		{"token: any name, the token decides", testToken, "GET", "/admin/top", []string{"Host", "admin.internal:9090", "Authorization", bearer}, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newServer(t, tt.token, nil)
			w := serve(s.handler(), tt.method, tt.path, tt.hdr...)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if tt.errorStr != "" {
				if got := errorCode(t, w); got != tt.errorStr {
					t.Errorf("error %q, want %q", got, tt.errorStr)
				}
			}
			if tt.status == 401 && w.Header().Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
			if strings.Contains(w.Body.String(), testToken[:10]) {
				t.Errorf("the answer holds the token: %s", w.Body)
			}
		})
	}
}

// The token, right or wrong, is never logged, and the Server keeps no copy
// of it.
func TestTokenNotLoggedNorKept(t *testing.T) {
	var logs bytes.Buffer
	s, _ := newServer(t, testToken, slog.New(slog.NewJSONHandler(&logs, nil)))
	h := s.handler()
	if w := serve(h, "GET", "/admin/top", "Authorization", "Bearer "+testToken+"-wrong"); w.Code != 401 {
		t.Fatalf("wrong token: %d", w.Code)
	}
	if w := serve(h, "POST", "/admin/change", "Authorization", "Bearer "+testToken, "Content-Type", "text/plain"); w.Code != 415 {
		t.Fatalf("text/plain: %d", w.Code)
	}
	if !strings.Contains(logs.String(), "admin request refused") {
		t.Fatalf("the refusal was not logged: %q", logs.String())
	}
	if strings.Contains(logs.String(), testToken[:10]) {
		t.Errorf("the log holds the token: %s", logs.String())
	}
	if dump := fmt.Sprintf("%+v %s", s.cfg, s.cfg.Token); strings.Contains(dump, testToken[:10]) {
		t.Errorf("the Server holds the token: %s", dump)
	}
}

func TestReadToken(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name    string
		content string // "" with missing: no file
		missing bool
		want    string
		errStr  string
	}{
		{"trailing newline trimmed", testToken + "\n", false, testToken, ""},
		{"spaces around trimmed", "  " + testToken + "\r\n", false, testToken, ""},
		{"empty", "\n", false, "", "empty"},
		{"too short", "short-token", false, "", "want at least 16"},
		{"a space inside", "0123456789 abcdefgh", false, "", "character 11 is not one of"},
		{"missing", "", true, "", "no such file"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := filepath.Join(dir, fmt.Sprint("token", i))
			if !tt.missing {
				if err := os.WriteFile(file, []byte(tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := ReadToken(file)
			if tt.errStr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errStr) {
					t.Fatalf("err %v, want one with %q", err, tt.errStr)
				}
				if c := strings.TrimSpace(tt.content); len(c) > 4 && strings.Contains(err.Error(), c) {
					t.Errorf("the error holds the token: %v", err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("ReadToken = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	lim := newLimiter(t, nil)
	tests := []struct {
		name   string
		cfg    Config
		errStr string
	}{
		{"no token, loopback only", Config{Limiter: lim, LoopbackOnly: true}, ""},
		{"a token", Config{Limiter: lim, Token: []byte(testToken)}, ""},
		{"no token, not said loopback only", Config{Limiter: lim}, "admin: Token: empty; want a token of at least 16 characters"},
		{"a token and loopback only", Config{Limiter: lim, Token: []byte(testToken), LoopbackOnly: true}, "admin: LoopbackOnly: set with a Token"},
		{"a short token", Config{Limiter: lim, Token: []byte("abc")}, "admin: Token: 3 characters"},
		{"no limiter", Config{LoopbackOnly: true}, "admin: Limiter: nil"},
		{"the zero value", Config{}, "admin: Token: empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.Validate()
			if (err == nil) != (tt.errStr == "") || (err != nil && !strings.Contains(err.Error(), tt.errStr)) {
				t.Fatalf("Validate = %v, want %q", err, tt.errStr)
			}
		})
	}
}

func TestIsLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:9090":      true,
		"127.0.0.2:9090":      true,
		"[::1]:9090":          true,
		"localhost:9090":      true,
		":9090":               false,
		"0.0.0.0:9090":        false,
		"[::]:9090":           false,
		"10.0.0.1:9090":       false,
		"admin.internal:9090": false,
		"no port":             false,
	} {
		if got := IsLoopback(addr); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestDecodeBody(t *testing.T) {
	type body struct {
		Mode string `json:"mode"`
		N    int    `json:"n"`
	}
	tests := []struct {
		name   string
		in     string
		want   body
		errStr string
	}{
		{"empty: nothing set", "", body{}, ""},
		{"fields", `{"mode":"enforce","n":2}`, body{"enforce", 2}, ""},
		{"unknown field", `{"mood":"enforce"}`, body{}, `unknown field "mood"`},
		{"wrong type", `{"n":"two"}`, body{}, `field "n": a JSON string; want a int`},
		{"not JSON", `mode=enforce`, body{}, "not valid JSON at byte 1"},
		{"two values", `{} {}`, body{}, "more than one JSON value"},
		{"not an object", `[1]`, body{}, "body: a JSON array; want an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got body
			err := decodeBody(httptest.NewRequest("POST", "/", strings.NewReader(tt.in)), &got)
			if tt.errStr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errStr) {
					t.Fatalf("err %v, want one with %q", err, tt.errStr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}

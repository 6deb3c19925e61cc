package main

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/servertest"
)

// TestE2EAdminAPI drives the admin API of the real server with a token:
// refusals (no token, wrong token, cross-site, a form, bad JSON, an unknown
// key, a bad n) and the happy paths, and the token in no log and no metric.
func TestE2EAdminAPI(t *testing.T) {
	p := start(t, "--admin-token-file", writeFile(t, "admin-token", testAdminToken+"\n"))
	for i := range 4 {
		r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret")
		if want := map[bool]int{true: 200, false: 429}[i < 3]; r.status != want {
			t.Fatalf("request %d: %d, want %d", i, r.status, want)
		}
	}
	if r := p.token(t, "grant_type=password&username=alice&password=alice-password", "mobile-app:mobile-secret"); r.status != 200 {
		t.Fatalf("alice: %d %s", r.status, r.body)
	}
	const bearer = "Bearer " + testAdminToken
	tests := []struct {
		name, method, path, body string
		hdr                      []string
		status                   int
		want                     []string // parts of the body
	}{
		{"no token", "GET", "/admin/keys/demo-service", "", nil, 401, []string{`"error":"unauthorized"`}},
		{"wrong token", "GET", "/admin/top", "", []string{"Authorization", "Bearer nope-nope-nope-nope"}, 401, []string{`"error":"unauthorized"`}},
		{"no token for a change", "POST", "/admin/mode", `{"mode":"dry-run"}`, []string{"Content-Type", "application/json"}, 401, []string{"unauthorized"}},
		{"a form post, as an HTML form sends it", "POST", "/admin/mode", "mode=dry-run", []string{"Authorization", bearer, "Content-Type", "application/x-www-form-urlencoded"}, 415, []string{"unsupported_media_type", "application/json"}},
		{"text/plain, as a cross-origin fetch sends it", "POST", "/admin/reload", "{}", []string{"Authorization", bearer, "Content-Type", "text/plain"}, 415, []string{"unsupported_media_type"}},
		{"cross-site by Origin", "POST", "/admin/reload", "", []string{"Authorization", bearer, "Content-Type", "application/json", "Origin", "https://evil.example"}, 403, []string{`"error":"cross_site"`}},
		{"cross-site by Sec-Fetch-Site", "POST", "/admin/mode", `{"mode":"dry-run"}`, []string{"Authorization", bearer, "Content-Type", "application/json", "Sec-Fetch-Site", "cross-site"}, 403, []string{"cross_site"}},
		{"bad JSON: unknown field", "POST", "/admin/mode", `{"mood":"dry-run"}`, []string{"Authorization", bearer, "Content-Type", "application/json"}, 400, []string{`"error":"invalid_request"`, `unknown field \"mood\"`}},
		{"bad JSON: wrong type", "POST", "/admin/mode", `{"mode":1}`, []string{"Authorization", bearer, "Content-Type", "application/json"}, 400, []string{`"error":"invalid_request"`, `field \"mode\"`}},
		{"bad JSON: not an object", "POST", "/admin/mode", `[1]`, []string{"Authorization", bearer, "Content-Type", "application/json"}, 400, []string{`"error":"invalid_request"`, `a JSON array; want an object`}},
		{"no mode", "POST", "/admin/mode", `{}`, []string{"Authorization", bearer, "Content-Type", "application/json"}, 400, []string{`"error":"invalid_request"`, `mode: want it once`}},
		{"a mode twice", "POST", "/admin/mode?mode=enforce", `{"mode":"dry-run"}`, []string{"Authorization", bearer, "Content-Type", "application/json"}, 400, []string{`"error":"invalid_request"`, `mode: want it once`}},
		{"unknown key", "GET", "/admin/keys/nobody", "", []string{"Authorization", bearer}, 404, []string{`"error":"not_found"`, `client_id \"nobody\"`}},
		{"unknown user", "GET", "/admin/keys/mobile-app/bob", "", []string{"Authorization", bearer}, 404, []string{"not_found"}},
		{"bad n", "GET", "/admin/top?n=0", "", []string{"Authorization", bearer}, 400, []string{`"error":"invalid_parameter"`, "n: "}},
		{"a client's key", "GET", "/admin/keys/demo-service", "", []string{"Authorization", bearer}, 200,
			[]string{`"client_id": "demo-service"`, `"rules": "(defaults)"`, `"mode": "enforce"`, `"scope": "client"`, `"limit": 3`, `"used": 3`, `"remaining": 0`, `"current": 3`}},
		{"a user's key", "GET", "/admin/keys/mobile-app/alice", "", []string{"Authorization", bearer}, 200,
			[]string{`"user": "alice"`, `"scope": "user"`, `"used": 1`, `"remaining": 1`, `"retry_after_seconds": 0`}},
		{"top", "GET", "/admin/top?n=1", "", []string{"Authorization", bearer}, 200, []string{`"n": 1`, `"client_id": "demo-service"`, `"ratio": 1`}},
		{"metrics stay open", "GET", "/metrics", "", nil, 200, []string{"oauth_ratelimit_"}},
		{"healthz stays open", "GET", "/healthz", "", nil, 200, []string{"ok"}},
		{"readyz stays open", "GET", "/readyz", "", nil, 200, []string{`"ready":true`}},
		{"a change as JSON with the token", "POST", "/admin/mode", `{"mode":"dry-run"}`, []string{"Authorization", bearer, "Content-Type", "application/json"}, 200, []string{`"mode":"dry-run"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := mustReq(tt.method, p.AdminURL+tt.path, tt.body)
			for i := 0; i+1 < len(tt.hdr); i += 2 {
				req.Header.Set(tt.hdr[i], tt.hdr[i+1])
			}
			r := do(t, req)
			if r.status != tt.status {
				t.Fatalf("%d %s, want %d", r.status, r.body, tt.status)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(r.body), w) {
					t.Errorf("body does not hold %s:\n%s", w, r.body)
				}
			}
			if strings.Contains(string(r.body), testAdminToken) {
				t.Errorf("the answer holds the token")
			}
		})
	}
	if r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret"); r.status != 200 {
		t.Errorf("after the switch to dry-run: %d", r.status)
	}
	if strings.Contains(p.Logs(), testAdminToken) {
		t.Errorf("the log holds the token:\n%s", p.Logs())
	}
	if !strings.Contains(p.Logs(), `"admin_token":true`) {
		t.Errorf("the listening record does not say a token is required:\n%s", p.Logs())
	}
}

// TestE2EAdminOffLoopback: the server refuses to start with the admin
// listener on every interface and no token (exit 2, naming both flags),
// and starts with one.
func TestE2EAdminOffLoopback(t *testing.T) {
	// A server that starts after all is killed at the deadline: the test
	// then fails (exit not 2) rather than waiting for go test's timeout.
	ctx, cancel := context.WithTimeout(context.Background(), servertest.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "--listen", "127.0.0.1:0", "--admin-listen", "0.0.0.0:0")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit %v, want 2; output:\n%s", err, out)
	}
	for _, w := range []string{"--admin-listen (OAUTH_RATELIMIT_ADMIN_LISTEN)", "not a loopback address", "--admin-token-file (OAUTH_RATELIMIT_ADMIN_TOKEN_FILE)"} {
		if !strings.Contains(string(out), w) {
			t.Errorf("output does not say %q:\n%s", w, out)
		}
	}
	p := start(t, "--admin-listen", "0.0.0.0:0", "--admin-token-file", writeFile(t, "admin-token", testAdminToken))
	if r := do(t, mustReq(http.MethodGet, p.AdminURL+"/admin/top", "")); r.status != 401 {
		t.Errorf("no token off loopback: %d", r.status)
	}
}

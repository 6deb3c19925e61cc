package main

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
)

// statusPolicy: everyone in dry-run at 2 tokens a minute, but demo-service,
// enforced.
const statusPolicy = `
mode: dry-run
defaults:
  client:
    - limit: 2
      window: 1m
clients:
  demo-service:
    mode: enforce
`

// statusClients: a client whose ID is markup, as any request may claim.
const statusClients = `
clients:
  demo-service:
    secret: demo-secret
  "<script>alert(1)</script>":
    secret: evil-secret
`

// TestE2EStatusPage drives GET /admin/ of the real server: a browser's
// credentials (HTTP Basic with the token as password) open it and nothing
// else, it lists the dry-run client over its limit and not the enforced
// one, and the client ID that is markup is escaped.
func TestE2EStatusPage(t *testing.T) {
	p := start(t, "--admin-token-file", writeFile(t, "admin-token", testAdminToken+"\n"),
		"--policy", writeFile(t, "policy.yaml", statusPolicy), "--demo-clients", writeFile(t, "clients.yaml", statusClients))
	for range 3 {
		if r := p.token(t, "grant_type=client_credentials", "<script>alert(1)</script>:evil-secret"); r.status != 200 {
			t.Fatalf("dry-run client: %d %s", r.status, r.body)
		}
		p.token(t, "grant_type=client_credentials", "demo-service:demo-secret")
	}
	browser := "Basic " + base64.StdEncoding.EncodeToString([]byte("admin:"+testAdminToken))
	tests := []struct {
		name, method, path string
		auth               string
		status             int
		challenge          string // WWW-Authenticate of a 401
	}{
		{"no credential: the browser is asked", "GET", "/admin/", "", 401, `Basic realm="oauth-ratelimit admin"`},
		{"the browser's Basic", "GET", "/admin/", browser, 200, ""},
		{"the bearer token", "GET", "/admin/", "Bearer " + testAdminToken, 200, ""},
		{"Basic on the key view", "GET", "/admin/top", browser, 401, `Bearer realm="oauth-ratelimit admin"`},
		{"Basic on the mode switch", "POST", "/admin/mode", browser, 401, `Bearer realm="oauth-ratelimit admin"`},
		{"Basic on reload", "POST", "/admin/reload", browser, 401, `Bearer realm="oauth-ratelimit admin"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := adminReq(tt.method, p.AdminURL+tt.path, `{"mode":"enforce"}`)
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			r := do(t, req)
			if r.status != tt.status {
				t.Fatalf("%d %s, want %d", r.status, r.body, tt.status)
			}
			if tt.status == 401 && !strings.HasPrefix(r.header.Get("WWW-Authenticate"), tt.challenge) {
				t.Errorf("WWW-Authenticate %q, want %s", r.header.Get("WWW-Authenticate"), tt.challenge)
			}
			if tt.status != 200 {
				return
			}
			for _, h := range []string{"Content-Security-Policy", "X-Frame-Options", "Cache-Control", "Referrer-Policy"} {
				if r.header.Get(h) == "" {
					t.Errorf("no %s", h)
				}
			}
			body := string(r.body)
			_, denied, _ := strings.Cut(body, "would be denied in enforce mode")
			for _, w := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", `<div class="value dry-run">dry-run</div>`, "3 / 2", "demo-service", "Live instances"} {
				if !strings.Contains(body, w) {
					t.Errorf("the page does not hold %s", w)
				}
			}
			if strings.Contains(body, "<script>") {
				t.Errorf("the client ID is in the page unescaped")
			}
			if !strings.Contains(denied, "&lt;script&gt;") || strings.Contains(denied, "demo-service") {
				t.Errorf("would be denied: want the dry-run client only:\n%s", denied)
			}
		})
	}
	// The heartbeats (of the in-memory store here) list this instance.
	poll(t, "the page lists this instance as live", func() bool {
		req := mustReq(http.MethodGet, p.AdminURL+"/admin/", "")
		req.Header.Set("Authorization", browser)
		return strings.Contains(string(do(t, req).body), "</span> (this one) · ")
	})
	req := mustReq(http.MethodGet, p.AdminURL+"/admin/mode", "")
	req.Header.Set("Authorization", "Bearer "+testAdminToken)
	if r := do(t, req); !strings.Contains(string(r.body), `"mode":"dry-run"`) {
		t.Errorf("after Basic on POST /admin/mode: %d %s, want the mode unchanged (dry-run)", r.status, r.body)
	}

	// The shared switch and a client's override, as the page shows them.
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, "/admin/mode", `{"mode":"enforce"}`},
		{http.MethodPut, "/admin/overrides/demo-service", `{"mode":"dry-run"}`},
	} {
		req := adminReq(c.method, p.AdminURL+c.path, c.body)
		req.Header.Set("Authorization", "Bearer "+testAdminToken)
		if r := do(t, req); r.status != http.StatusOK {
			t.Fatalf("%s %s: %d %s", c.method, c.path, r.status, r.body)
		}
	}
	req = mustReq(http.MethodGet, p.AdminURL+"/admin/", "")
	req.Header.Set("Authorization", browser)
	page := string(do(t, req).body)
	for _, w := range []string{`<div class="value enforce">enforce</div>`, "switched for every instance", "runtime overrides: 1"} {
		if !strings.Contains(page, w) {
			t.Errorf("after the switch and an override, the page does not hold %s", w)
		}
	}
}

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestE2EAdminReset resets keys through the real server's admin listener:
// the guard's refusals (no token, a form, text/plain, cross-site), a body
// with a field, an unknown key, and the happy path: a client over its limit
// is admitted again at once on the instance that reset it, the answer says
// what was cleared, and the reset shows in the metrics.
func TestE2EAdminReset(t *testing.T) {
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
	// Two more flushes: every count is in the store, where the reset
	// clears it.
	const flushes = `oauth_ratelimit_sync_flushes_total{result="ok"}`
	p.waitMetric(t, flushes, p.metric(t, flushes)+2)
	const bearer = "Bearer " + testAdminToken
	jsonHdr := []string{"Authorization", bearer, "Content-Type", "application/json"}
	tests := []struct {
		name, path, body string
		hdr              []string
		status           int
		want             []string // parts of the body
	}{
		{"no token", "/admin/keys/demo-service/reset", "{}", []string{"Content-Type", "application/json"}, 401, []string{`"error":"unauthorized"`}},
		{"a form post", "/admin/keys/demo-service/reset", "", []string{"Authorization", bearer, "Content-Type", "application/x-www-form-urlencoded"}, 415, []string{"unsupported_media_type"}},
		{"no content type", "/admin/keys/demo-service/reset", "", []string{"Authorization", bearer}, 415, []string{"unsupported_media_type"}},
		{"text/plain", "/admin/keys/demo-service/reset", "{}", []string{"Authorization", bearer, "Content-Type", "text/plain"}, 415, []string{"unsupported_media_type"}},
		{"cross-site", "/admin/keys/demo-service/reset", "{}", append([]string{"Origin", "https://evil.example"}, jsonHdr...), 403, []string{`"error":"cross_site"`}},
		{"a body with a field", "/admin/keys/demo-service/reset", `{"all":true}`, jsonHdr, 400, []string{`"error":"invalid_request"`, `unknown field \"all\"`}},
		{"not JSON", "/admin/keys/demo-service/reset", `{`, jsonHdr, 400, []string{"invalid_request"}},
		{"unknown client", "/admin/keys/nobody/reset", "{}", jsonHdr, 404, []string{`"error":"not_found"`, `client_id \"nobody\"`}},
		{"unknown user", "/admin/keys/mobile-app/bob/reset", "", jsonHdr, 404, []string{"not_found", `user \"bob\"`}},
		{"a client's key", "/admin/keys/demo-service/reset", "{}", jsonHdr, 200,
			[]string{`"client": "demo-service"`, `"user": ""`, `"cleared": 3`, `"dropped_here": 0`, `"reset_epoch": `, `"version": `}},
		{"a user's key, no body", "/admin/keys/mobile-app/alice/reset", "", jsonHdr, 200,
			[]string{`"client": "mobile-app"`, `"user": "alice"`, `"cleared": 1`, `"reset_epoch": `}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := mustReq("POST", p.AdminURL+tt.path, tt.body)
			for i := 0; i+1 < len(tt.hdr); i += 2 {
				req.Header.Set(tt.hdr[i], tt.hdr[i+1])
			}
			r := do(t, req)
			if r.status != tt.status {
				t.Fatalf("%d %s, want %d", r.status, r.body, tt.status)
			}
			if ct := r.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(r.body), w) {
					t.Errorf("body does not hold %s:\n%s", w, r.body)
				}
			}
		})
	}
	// The instance that reset the key decides on the cleared counts at
	// once: demo-service has its 3 again.
	for i := range 4 {
		r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret")
		if want := map[bool]int{true: 200, false: 429}[i < 3]; r.status != want {
			t.Fatalf("request %d after the reset: %d, want %d", i, r.status, want)
		}
	}
	if got := p.metric(t, "oauth_ratelimit_sync_resets_total"); got != 2 {
		t.Errorf("oauth_ratelimit_sync_resets_total %v, want 2", got)
	}
	if got := p.metric(t, "oauth_ratelimit_sync_reset_cleared_counts_total"); got != 4 {
		t.Errorf("oauth_ratelimit_sync_reset_cleared_counts_total %v, want demo-service's 3 and alice's 1", got)
	}
	if !p.WaitLog(`"msg":"key reset"`, 5*time.Second) {
		t.Errorf("no log record of the reset:\n%s", p.Logs())
	}
}

// TestE2EAdminNoClientKey: the keys of token requests that named no client
// (an empty client ID, which /admin/keys/{client} cannot name: a path
// segment is never empty) have routes of their own on the real server:
// GET shows such a key with its path, and POST with /reset appended resets
// it. The upstream issues a token to every request, so each key holds the
// counts of its tokens (the demo endpoint refuses a request without a
// client, and a key without counts would show the routes answer, not that
// they name the key): two for ("", "carol"), three for ("", ""), whose reset
// clears them, flushed or not.
func TestE2EAdminNoClientKey(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"access_token":"t","token_type":"Bearer","expires_in":60}`)
	}))
	defer up.Close()
	p := start(t, "--upstream", up.URL, "--admin-token-file", writeFile(t, "admin-token", testAdminToken+"\n"))
	for range 2 {
		if r := p.token(t, "grant_type=password&username=carol&password=x", ""); r.status != 200 { // the key ("", "carol")
			t.Fatalf("carol: %d %s", r.status, r.body)
		}
	}
	for range 3 {
		if r := p.token(t, "grant_type=client_credentials", ""); r.status != 200 { // and ("", "")
			t.Fatalf("no client: %d %s", r.status, r.body)
		}
	}
	for _, c := range []struct {
		method, path string
		want         []string // parts of the body
	}{
		{"GET", "/admin/keys-without-client/carol", []string{`"used": 2`}},
		{"GET", "/admin/keys-without-client", []string{`"used": 3`}},
		{"POST", "/admin/keys-without-client/carol/reset", []string{`"user": "carol"`}},
		{"POST", "/admin/keys-without-client/reset", []string{`"user": ""`}},
	} {
		req := adminReq(c.method, p.AdminURL+c.path, "")
		req.Header.Set("Authorization", "Bearer "+testAdminToken)
		r := do(t, req)
		key, _ := strings.CutSuffix(c.path, "/reset")
		if r.status != 200 || !strings.Contains(string(r.body), `"path": "`+key+`"`) {
			t.Errorf("%s %s: %d %s, want 200 naming the path %s", c.method, c.path, r.status, r.body, key)
		}
		for _, w := range c.want {
			if !strings.Contains(string(r.body), w) {
				t.Errorf("%s %s: %s, want %s in it", c.method, c.path, r.body, w)
			}
		}
		if c.method == "POST" {
			var a struct{ Cleared, DroppedHere int64 }
			if err := json.Unmarshal(r.body, &struct {
				Cleared     *int64 `json:"cleared"`
				DroppedHere *int64 `json:"dropped_here"`
			}{&a.Cleared, &a.DroppedHere}); err != nil {
				t.Fatalf("%s: %v in %s", c.path, err, r.body)
			}
			want := map[string]int64{"/admin/keys-without-client/carol/reset": 2, "/admin/keys-without-client/reset": 3}[c.path]
			if a.Cleared+a.DroppedHere != want {
				t.Errorf("%s: cleared %d + dropped_here %d, want the key's %d tokens", c.path, a.Cleared, a.DroppedHere, want)
			}
		}
	}
	// Reset: the keys count nothing any more.
	for _, path := range []string{"/admin/keys-without-client/carol", "/admin/keys-without-client"} {
		req := adminReq("GET", p.AdminURL+path, "")
		req.Header.Set("Authorization", "Bearer "+testAdminToken)
		if r := do(t, req); r.status != 200 || !strings.Contains(string(r.body), `"used": 0`) {
			t.Errorf("GET %s after its reset: %d %s, want its counts gone", path, r.status, r.body)
		}
	}
}

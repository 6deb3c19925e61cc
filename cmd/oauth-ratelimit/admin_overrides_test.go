package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestE2EOverrides drives the override and policy endpoints of the real
// server with a token: refusals (no token, cross-site, bad JSON naming the
// field, an unknown override), the happy paths, and the override in force
// on the token endpoint, in GET /admin/policy with its source, and through
// a reload. (Two processes sharing a database: integration/.)
func TestE2EOverrides(t *testing.T) {
	p := start(t, "--admin-token-file", writeFile(t, "admin-token", testAdminToken+"\n"))
	const bearer = "Bearer " + testAdminToken
	auth := []string{"Authorization", bearer, "Content-Type", "application/json"}
	tests := []struct {
		name, method, path, body string
		hdr                      []string
		status                   int
		want                     []string // parts of the body
	}{
		{"list: no token", "GET", "/admin/overrides", "", nil, 401, []string{`"error":"unauthorized"`}},
		{"put: no token", "PUT", "/admin/overrides/demo-service", `{"mode":"dry-run"}`, []string{"Content-Type", "application/json"}, 401, []string{"unauthorized"}},
		{"delete: no token", "DELETE", "/admin/overrides/demo-service", "", []string{"Content-Type", "application/json"}, 401, []string{"unauthorized"}},
		{"policy: no token", "GET", "/admin/policy", "", nil, 401, []string{"unauthorized"}},
		{"put: cross-site", "PUT", "/admin/overrides/demo-service", `{"mode":"dry-run"}`, append([]string{"Origin", "https://evil.example"}, auth...), 403, []string{`"error":"cross_site"`}},
		{"delete: cross-site", "DELETE", "/admin/overrides/demo-service", "", append([]string{"Sec-Fetch-Site", "cross-site"}, auth...), 403, []string{"cross_site"}},
		{"put: a form", "PUT", "/admin/overrides/demo-service", "mode=dry-run", []string{"Authorization", bearer, "Content-Type", "application/x-www-form-urlencoded"}, 415, []string{"unsupported_media_type"}},
		{"put: unknown field", "PUT", "/admin/overrides/demo-service", `{"mood":"dry-run"}`, auth, 400, []string{`"error":"invalid_request"`, "body: mood: unknown field; want one of mode, trusted, client"}},
		{"put: bad tier", "PUT", "/admin/overrides/demo-service", `{"client":[{"limit":-1,"window":"1m"}]}`, auth, 400, []string{`client[0].limit: \"-1\": negative; want a whole number`}},
		{"put: bad window", "PUT", "/admin/overrides/demo-service", `{"client":[{"limit":1,"window":"soon"}]}`, auth, 400, []string{`client[0].window: \"soon\": not a duration`}},
		{"put: not JSON", "PUT", "/admin/overrides/demo-service", `{"mode":`, auth, 400, []string{"not a JSON object"}},
		{"put: control character in the client", "PUT", "/admin/overrides/a%01b", `{"mode":"dry-run"}`, auth, 400, []string{"control character"}},
		{"put: client not UTF-8", "PUT", "/admin/overrides/a%FFb", `{"mode":"dry-run"}`, auth, 400, []string{`client \"a\\xffb\": not valid UTF-8`}},
		{"delete: unknown override", "DELETE", "/admin/overrides/nobody", "", auth, 404, []string{`"error":"not_found"`, `client \"nobody\"`}},
		{"list: none yet", "GET", "/admin/overrides", "", auth, 200, []string{`"overrides": []`}},
		{"put: demo-service to 1 a minute", "PUT", "/admin/overrides/demo-service", `{"client":[{"limit":1,"window":"1m"}]}`, auth, 200,
			[]string{`"client": "demo-service"`, `"spec": {`, `"window": "1m"`, `"applied": true`, `"by": "`}},
		{"put: batch-exporter enforced", "PUT", "/admin/overrides/batch-exporter", `{"mode":"enforce"}`, auth, 200, []string{`"applied": true`}},
		{"list", "GET", "/admin/overrides", "", auth, 200, []string{`"client": "batch-exporter"`, `"client": "demo-service"`}},
		{"policy", "GET", "/admin/policy", "", auth, 200, []string{
			`"mode": {`, `"source": "override"`, `"override_version": `,
			`"batch-exporter": {`, `"internal-gateway": {`, `"inherited": true`, `"source": "file"`}},
		{"reload keeps them", "POST", "/admin/reload", "", auth, 200, []string{`"mode":"enforce"`}},
		{"mode: shared switch", "POST", "/admin/mode", `{"mode":"dry-run"}`, auth, 200, []string{`"mode":"dry-run"`, `"source":"override"`}},
		{"mode: in the overrides", "GET", "/admin/overrides", "", auth, 200, []string{`"global": true`, `"mode": "dry-run"`}},
		{"mode clear: no token", "DELETE", "/admin/mode", "", []string{"Content-Type", "application/json"}, 401, []string{"unauthorized"}},
		{"mode clear: cross-site", "DELETE", "/admin/mode", "", append([]string{"Origin", "http://evil.example"}, auth...), 403, []string{"cross_site"}},
		{"mode clear", "DELETE", "/admin/mode", "", auth, 200, []string{`"mode":"enforce"`, `"source":"defaults"`}},
		{"mode clear again: nothing to clear", "DELETE", "/admin/mode", "", auth, 200, []string{`"mode":"enforce"`}},
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
		})
	}
	// In force: demo-service's second token a minute is refused, and
	// batch-exporter (dry-run in the file) is enforced.
	if got := []int{p.token(t, "grant_type=client_credentials", "demo-service:demo-secret").status, p.token(t, "grant_type=client_credentials", "demo-service:demo-secret").status}; got[0] != 200 || got[1] != 429 {
		t.Errorf("demo-service under its override of 1 a minute: %v, want [200 429]", got)
	}
	for i := range 4 {
		r := p.token(t, "grant_type=client_credentials", "batch-exporter:batch-secret")
		if want := map[bool]int{true: 200, false: 429}[i < 3]; r.status != want {
			t.Errorf("batch-exporter enforced by its override, request %d: %d, want %d", i, r.status, want)
		}
	}
	// Deleted: demo-service is back to the file's 3 a minute.
	if r := do(t, authed(adminReq("DELETE", p.AdminURL+"/admin/overrides/demo-service", ""))); r.status != 200 {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	if r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret"); r.status != 200 {
		t.Errorf("demo-service after the delete (2 of 3): %d", r.status)
	}
}

// authed adds the test's admin token to req.
func authed(req *http.Request) *http.Request {
	req.Header.Set("Authorization", "Bearer "+testAdminToken)
	return req
}

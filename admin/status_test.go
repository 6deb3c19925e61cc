package admin

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// statusKeys is a Keys of several keys, each with its mode, for the status
// page: TopKeys answers them in the order given (the limiter's order, by
// ratio).
type statusKeys struct {
	keys []statusKey
}

// Reset is not called by the status page.
func (*statusKeys) Reset(context.Context, string, string) (oauthratelimit.ResetResult, error) {
	return oauthratelimit.ResetResult{}, oauthratelimit.ErrUnknownKey
}

type statusKey struct {
	client, user string
	used, limit  int64
	mode         policy.Mode
	trusted      bool
	evicted      bool // TopKeys lists it, KeyState no longer holds it
}

func (*statusKeys) Instance() string { return "i-<1>" }

func (k *statusKeys) KeyState(client, user string, now time.Time) (oauthratelimit.KeyState, bool) {
	for _, sk := range k.keys {
		if sk.client == client && sk.user == user && !sk.evicted {
			return oauthratelimit.KeyState{ClientID: client, User: user, Mode: sk.mode, Trusted: sk.trusted}, true
		}
	}
	return oauthratelimit.KeyState{}, false
}

// UserPseudonym stands for the limiter's keyed one: the hex of the user's
// bytes, so that a test sees which bytes the admin API asked for.
func (*statusKeys) UserPseudonym(user string) string { return hex.EncodeToString([]byte(user)) }

func (k *statusKeys) TopKeys(n int, now time.Time) []oauthratelimit.KeyUsage {
	var out []oauthratelimit.KeyUsage
	for _, sk := range k.keys[:min(n, len(k.keys))] {
		scope := "client"
		if sk.user != "" {
			scope = "user"
		}
		out = append(out, oauthratelimit.KeyUsage{ClientID: sk.client, User: sk.user, Scope: scope,
			Tier: window.Tier{Limit: sk.limit, Size: time.Minute}, Used: sk.used, Ratio: float64(sk.used) / float64(sk.limit)})
	}
	return out
}

// statusHandler is the guard in front of a mux with the status page and
// the endpoints of handler.
func statusHandler(t *testing.T, token string, keys keyAPI, st statusInfo) http.Handler {
	t.Helper()
	s, err := build(Config{Token: []byte(token), LoopbackOnly: token == "", Now: func() time.Time { return t0 }}, keys, nil)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /admin/{$}", s.statusPage(func() statusInfo { return st }, 15*time.Second))
	mux.HandleFunc("GET /admin/top", s.topKeys)
	mux.HandleFunc("POST /admin/change", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("changed\n")) })
	mux.HandleFunc("POST /admin/{$}", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("changed\n")) })
	return s.guard(mux)
}

func basic(user, pass string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
}

// TestStatusPageAuth: the token as the password of HTTP Basic opens the
// status page, and nothing else; a request for the page without it gets a
// Basic challenge, so that a browser prompts.
func TestStatusPageAuth(t *testing.T) {
	const ctJSON = "application/json"
	tests := []struct {
		name      string
		method    string
		path      string
		hdr       []string
		status    int
		challenge string // prefix of WWW-Authenticate on a 401
	}{
		{"no credential: a Basic challenge", "GET", "/admin/", nil, 401, "Basic "},
		{"Basic with the token", "GET", "/admin/", []string{"Authorization", basic("admin", testToken)}, 200, ""},
		{"Basic with the token, any user name", "GET", "/admin/", []string{"Authorization", basic("", testToken)}, 200, ""},
		{"Basic, HEAD", "HEAD", "/admin/", []string{"Authorization", basic("admin", testToken)}, 200, ""},
		{"Bearer", "GET", "/admin/", []string{"Authorization", "Bearer " + testToken}, 200, ""},
		{"Basic with a wrong password", "GET", "/admin/", []string{"Authorization", basic("admin", testToken+"x")}, 401, "Basic "},
		{"Basic with the token as user name", "GET", "/admin/", []string{"Authorization", basic(testToken, "")}, 401, "Basic "},
		{"the token in a cookie", "GET", "/admin/", []string{"Cookie", "token=" + testToken}, 401, "Basic "},
		{"Basic on another read", "GET", "/admin/top", []string{"Authorization", basic("admin", testToken)}, 401, "Bearer "},
		{"Basic on a change", "POST", "/admin/change", []string{"Authorization", basic("admin", testToken), "Content-Type", ctJSON}, 401, "Bearer "},
		{"Basic on a POST to the page's own path", "POST", "/admin/", []string{"Authorization", basic("admin", testToken), "Content-Type", ctJSON}, 401, "Bearer "},
		{"Basic on a path that cleans to the page's", "GET", "/admin/./", []string{"Authorization", basic("admin", testToken)}, 401, "Bearer "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := statusHandler(t, testToken, &statusKeys{}, statusInfo{Mode: "enforce"})
			w := serve(h, tt.method, tt.path, tt.hdr...)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if got := w.Header().Get("WWW-Authenticate"); tt.status == 401 && !strings.HasPrefix(got, tt.challenge) {
				t.Errorf("WWW-Authenticate %q, want %s…", got, tt.challenge)
			}
			if strings.Contains(w.Body.String(), testToken[:10]) {
				t.Errorf("the answer holds the token: %s", w.Body)
			}
		})
	}
}

// TestStatusPageHeaders: the page is HTML that runs no script, is framed by
// no page, and is not cached.
func TestStatusPageHeaders(t *testing.T) {
	h := statusHandler(t, testToken, &statusKeys{}, statusInfo{Mode: "enforce"})
	w := serve(h, "GET", "/admin/", "Authorization", basic("admin", testToken))
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	want := map[string]string{
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
		"X-Frame-Options":         "DENY",
		"Cache-Control":           "no-store",
		"Referrer-Policy":         "no-referrer",
		"X-Content-Type-Options":  "nosniff",
	}
	for k, v := range want {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	if body := strings.ToLower(w.Body.String()); strings.Contains(body, "<script") || strings.Contains(body, "javascript:") {
		t.Errorf("the page holds a script:\n%s", w.Body)
	}
}

// TestStatusPageContent: what the page shows of the keys, the mode, the
// store and the instances, and that every string a request chose (client
// IDs, users) or the store told is escaped.
func TestStatusPageContent(t *testing.T) {
	const evil = `<script>alert("x")</script>`
	keys := &statusKeys{keys: []statusKey{
		{client: evil, user: `"><img src=x onerror=alert(1)>`, used: 30, limit: 10, mode: policy.ModeDryRun},
		{client: "enforced-over", used: 12, limit: 10, mode: policy.ModeEnforce},
		{client: "trusted-over", used: 11, limit: 10, mode: policy.ModeDryRun, trusted: true},
		{client: "gone-over", used: 10, limit: 10, mode: policy.ModeDryRun, evicted: true},
		{client: "dry-at-limit", used: 10, limit: 10, mode: policy.ModeDryRun},
		{client: "dry-under", user: "bob", used: 9, limit: 10, mode: policy.ModeDryRun},
	}}
	tests := []struct {
		name    string
		status  statusInfo
		keys    *statusKeys
		want    []string
		notWant []string
	}{
		{
			name:   "keys, escaped",
			status: statusInfo{Mode: "dry-run", Policy: "policy.yaml", Store: StoreStatus{Kind: "mongodb", State: "ok", Since: t0.Add(-time.Minute), LastOK: t0.Add(-2 * time.Second)}},
			keys:   keys,
			want: []string{
				"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;",
				"&#34;&gt;&lt;img src=x onerror=alert(1)&gt;",
				"i-&lt;1&gt;",
				`<div class="value dry-run">dry-run</div>`,
				"policy: policy.yaml",
				`<div class="value ok">ok</div>`, "since 1m ago · last ok 2s ago",
				`<div class="value unknown">unknown</div>`,
				"30 / 10", "300%", `<div class="fill over" style="width: 100%">`,
				"9 / 10", `<div class="fill hi" style="width: 90%">`,
				"enforce", "dry-run, trusted",
			},
			notWant: []string{"<script>", "<img"},
		},
		{
			name:   "would be denied: dry-run keys at or over, not trusted, still held",
			status: statusInfo{Mode: "enforce"},
			keys:   keys,
			want:   []string{`<div class="value dry-run">2</div>`},
		},
		{
			name:   "no keys",
			status: statusInfo{Mode: "enforce", Store: StoreStatus{Kind: "mongodb", State: "unreachable", Error: "dial <tcp>: refused"}},
			keys:   &statusKeys{},
			want: []string{
				`<div class="value enforce">enforce</div>`,
				`<div class="value bad">unreachable</div>`, "dial &lt;tcp&gt;: refused", "last ok never",
				"No key has counted anything", "None: no key in dry-run",
				`<div class="value ok">0</div>`,
			},
		},
		{
			name:   "the mode's source and the overrides",
			status: statusInfo{Mode: "enforce", ModeSource: "override", Overrides: 3, Skipped: 1},
			keys:   &statusKeys{},
			want:   []string{"switched for every instance", "runtime overrides: 3", "(1 skipped: GET /admin/overrides)"},
		},
		{
			name:    "the mode of --mode, no override",
			status:  statusInfo{Mode: "dry-run", ModeSource: "flag"},
			keys:    &statusKeys{},
			want:    []string{"this instance's --mode", "runtime overrides: 0"},
			notWant: []string{"skipped"},
		},
		{
			name: "live instances",
			status: statusInfo{Mode: "enforce", Instances: []instanceStatus{
				{Name: "i-<1>", Seen: t0.Add(-time.Second)}, {Name: "<b>i2</b>", Seen: t0.Add(-3 * time.Second)},
			}},
			keys:    &statusKeys{},
			want:    []string{`<div class="value">2</div>`, "i-&lt;1&gt;</span> (this one) · 1s ago", "&lt;b&gt;i2&lt;/b&gt;</span> · 3s ago"},
			notWant: []string{"<b>i2", "clock", "apart", "their policies add tiers"},
		},
		{
			name: "clock skew: each instance's, a warning look from syncer.SkewWarn",
			status: statusInfo{Mode: "enforce", Instances: []instanceStatus{
				{Name: "i-<1>", Seen: t0}, {Name: "ahead", Seen: t0, Skew: 2500 * time.Millisecond},
				{Name: "behind", Seen: t0, Skew: -syncer.SkewWarn}, {Name: "far", Seen: t0, Skew: 90 * time.Second},
			}},
			keys: &statusKeys{},
			want: []string{
				"i-&lt;1&gt;</span> (this one) · just now</div>",
				`ahead</span> · just now · <span class="unknown">clock ≥ 2.5s ahead</span>`,
				`behind</span> · just now · <span class="bad">clock ≥ 5s behind</span>`,
				`far</span> · just now · <span class="bad">clock ≥ 1m30s ahead</span>`,
				`<div class="note bad">clocks 5s or more apart`,
			},
		},
		{
			name: "clock skew under syncer.SkewWarn: no warning",
			status: statusInfo{Mode: "enforce", Instances: []instanceStatus{
				{Name: "i-<1>", Seen: t0}, {Name: "near", Seen: t0, Skew: -(syncer.SkewWarn - 100*time.Millisecond)},
			}},
			keys:    &statusKeys{},
			want:    []string{`near</span> · just now · <span class="unknown">clock ≥ 4.9s behind</span>`},
			notWant: []string{"apart", `class="bad"`},
		},
		{
			name:   "no other instance's tiers",
			status: statusInfo{Mode: "enforce"},
			keys:   &statusKeys{},
			want:   []string{`<div class="value ok">none</div>`, "no other live instance's policy adds tiers here"},
		},
		{
			name: "the tiers of other instances: which bind this one, and what they add",
			status: statusInfo{Mode: "enforce", Fleet: oauthratelimit.FleetState{
				Instances: []string{"b-1", "<c>"}, Enforced: true, Defaults: "client=10s:10",
				Clients:  append([]oauthratelimit.FleetClient{{Client: "<evil>", Added: "client=3600s:200 user=60s"}}, fleetClients(11)...),
				Unlisted: 4,
			}},
			keys: &statusKeys{},
			want: []string{
				`<div class="value dry-run">2</div>`, "their policies add tiers here, enforced",
				`<span class="id">b-1</span>`, `<span class="id">&lt;c&gt;</span>`,
				`defaults: <span class="id">client=10s:10</span>`,
				`client <span class="id">&lt;evil&gt;</span>: <span class="id">client=3600s:200 user=60s</span>`,
				`client <span class="id">c08</span>`,
				"and 6 more clients: GET /admin/policy",
			},
			notWant: []string{"<evil>", "<c>", `client <span class="id">c09</span>`},
		},
		{
			name: "the tiers of other instances, counted in only (--fleet-tiers count)",
			status: statusInfo{Mode: "enforce", Fleet: oauthratelimit.FleetState{
				Instances: []string{"b-1"}, Clients: []oauthratelimit.FleetClient{{Client: "x", Added: "client=60s:30"}},
			}},
			keys:    &statusKeys{},
			want:    []string{`<div class="value dry-run">1</div>`, "their policies add tiers here, counted in only", `client <span class="id">x</span>: <span class="id">client=60s:30</span>`},
			notWant: []string{"defaults:", "more clients"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := statusHandler(t, testToken, tt.keys, tt.status)
			w := serve(h, "GET", "/admin/", "Authorization", "Bearer "+testToken)
			if w.Code != 200 {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			body := w.Body.String()
			for _, s := range tt.want {
				if !strings.Contains(body, s) {
					t.Errorf("the page does not hold %s", s)
				}
			}
			for _, s := range tt.notWant {
				if strings.Contains(body, s) {
					t.Errorf("the page holds %s", s)
				}
			}
			if t.Failed() {
				t.Logf("page:\n%s", body)
			}
		})
	}
}

// fleetClients returns n clients with tiers added, c00 on.
func fleetClients(n int) []oauthratelimit.FleetClient {
	cs := make([]oauthratelimit.FleetClient, n)
	for i := range cs {
		cs[i] = oauthratelimit.FleetClient{Client: fmt.Sprintf("c%02d", i), Added: "client=60s:30"}
	}
	return cs
}

// TestStatusWouldDeny: exactly the keys in dry-run at or over a limit, not
// trusted, are listed as would be denied, in the limiter's order.
func TestStatusWouldDeny(t *testing.T) {
	keys := &statusKeys{keys: []statusKey{
		{client: "a", used: 30, limit: 10, mode: policy.ModeDryRun},
		{client: "enforced", used: 12, limit: 10, mode: policy.ModeEnforce},
		{client: "trusted", used: 11, limit: 10, mode: policy.ModeDryRun, trusted: true},
		{client: "b", user: "u", used: 10, limit: 10, mode: policy.ModeDryRun},
		{client: "under", used: 9, limit: 10, mode: policy.ModeDryRun},
	}}
	h := statusHandler(t, testToken, keys, statusInfo{Mode: "dry-run"})
	body := serve(h, "GET", "/admin/", "Authorization", "Bearer "+testToken).Body.String()
	_, section, ok := strings.Cut(body, "would be denied in enforce mode")
	if !ok {
		t.Fatalf("no would-deny section:\n%s", body)
	}
	var got []string
	for _, row := range strings.Split(section, "<tr>")[2:] {
		cell, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimSpace(row), `<td class="id">`), "</td>")
		got = append(got, cell)
	}
	if want := []string{"a", "b"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("would be denied: %q, want %q\n%s", got, want, section)
	}
}

func TestDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{time.Minute, "1m"}, {time.Hour, "1h"}, {90 * time.Second, "1m30s"}, {90 * time.Minute, "1h30m"}, {3 * time.Second, "3s"}, {24 * time.Hour, "24h"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := duration(tt.d); got != tt.want {
				t.Errorf("duration(%v) = %q, want %q", tt.d, got, tt.want)
			}
		})
	}
}

package admin

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// fakePolicy is a limiter whose store fails on demand.
type fakePolicy struct {
	down bool
	put  map[string]policy.RuntimeOverride
}

func (*fakePolicy) Instance() string { return "i1" }
func (*fakePolicy) Overrides() []oauthratelimit.OverrideState {
	return []oauthratelimit.OverrideState{{Override: syncer.Override{Client: "", Spec: []byte(`{"mode":"dry-run"}`), Version: 3, By: "i2"}}}
}
func (f *fakePolicy) PutOverride(_ context.Context, id string, o policy.RuntimeOverride) (oauthratelimit.OverrideState, error) {
	if f.down {
		return oauthratelimit.OverrideState{}, fmt.Errorf("%w: connection refused", oauthratelimit.ErrOverrideStore)
	}
	f.put[id] = o
	spec, _ := json.Marshal(o)
	return oauthratelimit.OverrideState{Override: syncer.Override{Client: id, Spec: spec, Version: 1, By: "i1"}}, nil
}
func (f *fakePolicy) DeleteOverride(_ context.Context, id string) error {
	if f.down {
		return fmt.Errorf("%w: connection refused", oauthratelimit.ErrOverrideStore)
	}
	if _, ok := f.put[id]; !ok {
		return oauthratelimit.ErrNoOverride
	}
	delete(f.put, id)
	return nil
}
func (*fakePolicy) EffectivePolicy() oauthratelimit.EffectivePolicy {
	return oauthratelimit.EffectivePolicy{Source: "p.yaml", Clients: []oauthratelimit.EffectiveRules{{Client: "svc"}}, Fleet: oauthratelimit.FleetState{
		Instances: []string{"laptop"}, Enforced: true, Defaults: "client=3600s:20000",
		Clients: []oauthratelimit.FleetClient{{Client: "svc", Added: "client=10s:5"}}, Unlisted: 2,
	}}
}

// TestOverrideEndpoints: the answers of each override endpoint, 503 when
// the store does not answer.
func TestOverrideEndpoints(t *testing.T) {
	fp := &fakePolicy{put: map[string]policy.RuntimeOverride{}}
	s, err := build(Config{LoopbackOnly: true}, &fakeKeys{}, fp)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /admin/overrides", s.listOverrides)
	mux.HandleFunc("PUT /admin/overrides/{client}", s.putOverride)
	mux.HandleFunc("DELETE /admin/overrides/{client}", s.deleteOverride)
	mux.HandleFunc("GET /admin/policy", s.effectivePolicy)
	h := s.guard(mux)
	do := func(method, target, body string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, "http://127.0.0.1:9090"+target, strings.NewReader(body))
		r.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	cases := []struct {
		name, method, target, body string
		down                       bool
		status                     int
		want                       string
	}{
		{"put", "PUT", "/admin/overrides/app", `{"mode":"dry-run"}`, false, 200, `"client": "app"`},
		// A client with no rules of its own (here svc has some): set,
		// and the answer says so, which is how a typo shows.
		{"put: a client without rules", "PUT", "/admin/overrides/svcc", `{"mode":"enforce"}`, false, 200, `"note": "client \"svcc\" had no rules of its own on instance i1 (no entry in the policy file p.yaml, no override): the override gives it some, for the requests that name exactly this client ID; if the ID is mistyped, DELETE /admin/overrides/svcc`},
		{"put: a client of the file", "PUT", "/admin/overrides/svc", `{"mode":"enforce"}`, false, 200, `"version": 1,
  "updated": "0001-01-01T00:00:00Z",
  "by": "i1",
  "applied": true
}`},
		{"put: bad field", "PUT", "/admin/overrides/app", `{"trusted":1}`, false, 400, `body: trusted: \"1\": not a boolean`},
		{"put: too large", "PUT", "/admin/overrides/app", `{"mode":"` + strings.Repeat("x", maxBodyBytes) + `"}`, false, 413, "too_large"},
		{"put: store down", "PUT", "/admin/overrides/app", `{"mode":"enforce"}`, true, 503, `"error":"store_unavailable"`},
		{"delete: store down", "DELETE", "/admin/overrides/app", "", true, 503, "nothing was changed"},
		{"delete", "DELETE", "/admin/overrides/app", "", false, 200, `"deleted": true`},
		{"delete: none", "DELETE", "/admin/overrides/app", "", false, 404, `"error":"not_found"`},
		{"list: the global entry", "GET", "/admin/overrides", "", false, 200, `"global": true`},
		{"policy", "GET", "/admin/policy", "", false, 200, `"policy": "p.yaml"`},
		{"policy: the other instances' tiers", "GET", "/admin/policy", "", false, 200, `"fleet_tiers": {
    "instances": [
      "laptop"
    ],
    "enforced": true,
    "defaults": "client=3600s:20000",
    "clients": {
      "svc": "client=10s:5"
    },
    "clients_unlisted": 2
  }`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fp.down = c.down
			w := do(c.method, c.target, c.body)
			if w.Code != c.status || !strings.Contains(w.Body.String(), c.want) {
				t.Errorf("%d %s, want %d with %s", w.Code, w.Body, c.status, c.want)
			}
		})
	}
}

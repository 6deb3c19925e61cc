package oauthratelimit

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestLookupAgreesWithPolicy checks that compiledPolicy.lookup, which
// resolves a client ID with one map read or, among a few overrides, a
// search of a slice, answers the rules that
// policy.For answers: the client's override, or the defaults for an ID
// without one (an unknown client, the empty ID, an ID that differs from a
// configured one only in case).
func TestLookupAgreesWithPolicy(t *testing.T) {
	spec := policy.Spec{
		Mode: policy.ModeEnforce,
		Defaults: policy.Defaults{
			Client: []policy.Tier{{Limit: 10, Size: time.Minute}},
		},
		Clients: map[string]policy.Override{
			"svc-1":  {Client: []policy.Tier{{Limit: 20, Size: time.Minute}}},
			"mobile": {Trusted: true},
		},
	}
	many := policy.Spec{Mode: spec.Mode, Defaults: spec.Defaults, Clients: map[string]policy.Override{}}
	for id, o := range spec.Clients {
		many.Clients[id] = o
	}
	for i := range maxFewClients {
		many.Clients[fmt.Sprintf("svc-%d-extra", i)] = policy.Override{Trusted: true}
	}
	tests := []struct {
		name string
		pol  *policy.Policy
	}{
		{"with overrides", mustPolicy(t, spec)},
		{"more overrides than a few", mustPolicy(t, many)},
		{"defaults only", mustPolicy(t, policy.Spec{Mode: policy.ModeEnforce, Defaults: spec.Defaults})},
		{"nil policy", nil},
	}
	ids := []string{"svc-1", "mobile", "unknown", "", "SVC-1", "svc-1 ", "svc-0-extra", "svc-3-extra"}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cp, err := compilePolicy(tc.pol, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range ids {
				cr := cp.lookup(id)
				if cr == nil {
					t.Fatalf("lookup(%q) = nil", id)
				}
				if want := tc.pol.For(id); cr.rules != want {
					t.Errorf("lookup(%q) has the rules labelled %q; policy.For answers other rules", id, cr.label)
				}
			}
		})
	}
}

// Compiling a policy costs memory in proportion to its clients, not to
// their square: policy.Clients copies its list at each call, and calling it
// once per client made a policy of 4000 clients allocate 67,605 bytes a
// client (270 MB) at each reload, 16,000 clients 4 GB (R3's review).
func TestCompileLinearInClients(t *testing.T) {
	const n = 4000
	spec := policy.Spec{
		Mode:     policy.ModeEnforce,
		Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 10, Size: time.Minute}}},
		Clients:  map[string]policy.Override{},
	}
	for i := range n {
		spec.Clients[fmt.Sprintf("client-%05d", i)] = policy.Override{Trusted: true}
	}
	p := mustPolicy(t, spec)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := compilePolicy(p, nil, nil); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if perClient := (after.TotalAlloc - before.TotalAlloc) / n; perClient > 20_000 {
		t.Errorf("compiling %d clients allocates %d bytes a client, want a few thousand", n, perClient)
	}
}

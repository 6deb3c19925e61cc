package oauthratelimit

import (
	"fmt"
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
			cp, err := compilePolicy(tc.pol, nil)
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

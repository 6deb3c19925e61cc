package oauthratelimit

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
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

// BenchmarkLookupClients measures compiledPolicy.lookup, which every request
// makes, against the number of clients the policy configures: a slice of at
// most maxFewClients, else a map, whose lookups miss the caches once it
// outgrows them. The IDs are 36-byte UUID-like strings, looked up in a
// shuffled order (every configured client in turn), as requests of many
// clients would; they are read from one string in order, as a request's ID
// would be in the cache already, so that only the lookup's own misses count.
// "unknown" looks up an ID that no client has (the defaults).
func BenchmarkLookupClients(b *testing.B) {
	for _, n := range []int{maxFewClients, maxFewClients + 1, 1000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) { benchLookupClients(b, n) })
	}
}

func benchLookupClients(b *testing.B, n int) {
	const idLen = 36
	spec := policy.Spec{
		Mode:     policy.ModeEnforce,
		Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 600, Size: time.Minute}}},
		Clients:  make(map[string]policy.Override, n),
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", rng.Uint32(), rng.Uint32()&0xffff, rng.Uint32()&0xfff, rng.Uint32()&0xfff, rng.Uint64()&0xffffffffffff)
		spec.Clients[ids[i]] = policy.Override{Client: []policy.Tier{{Limit: int64(100 + i%1000), Size: time.Minute}}}
	}
	cp, err := compilePolicy(mustPolicy(b, spec), nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	all := strings.Join(ids, "")
	for i := range ids {
		ids[i] = all[i*idLen : (i+1)*idLen] // in order in memory
	}
	b.Run("configured", func(b *testing.B) {
		b.ReportAllocs()
		var cr *compiledRules
		i := 0
		for b.Loop() {
			cr = cp.lookup(ids[i])
			if i++; i == len(ids) {
				i = 0
			}
		}
		if cr == cp.defaults {
			b.Fatal("a configured client got the defaults")
		}
	})
	b.Run("unknown", func(b *testing.B) {
		b.ReportAllocs()
		var cr *compiledRules
		for b.Loop() {
			cr = cp.lookup("7c9e6679-7425-40de-944b-e07fc1f90ae7")
		}
		if cr != cp.defaults {
			b.Fatal("an unknown client did not get the defaults")
		}
	})
}

package policy_test

import (
	"fmt"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

func Example() {
	file := []byte(`
mode: dry-run
defaults:
  user:
    - {limit: 1000, window: 1h}
    - {limit: 60, window: 1m}
clients:
  mobile-app: &app
    mode: enforce
    user:
      - limit: 20
        window: 1m
  web-app:
    <<: *app          # the same rules as mobile-app
  internal-gateway:
    trusted: true
`)
	p, err := policy.Parse("policy.yaml", file)
	if err != nil {
		fmt.Println(err)
		return
	}

	// On each token request: parse the grant, look the client up.
	g := policy.ParseGrant("refresh_token")
	for _, id := range []string{"mobile-app", "web-app", "internal-gateway", "unknown-client"} {
		r := p.For(id)
		fmt.Printf("%q %s: %v tiers=%v trusted=%v\n", r.Name, g, r.Mode, r.Tiers(g), r.Trusted)
	}

	// A runtime switch to enforce everywhere; the apps had their own mode anyway.
	p = p.WithMode(policy.ModeEnforce)
	fmt.Println(p.For("unknown-client").Mode, p.Clients())

	_, err = policy.Parse("policy.yaml", []byte("defaults:\n  client:\n    - limit: 0600\n      window: 1m\n"))
	fmt.Println(err)
	// Output:
	// "mobile-app" refresh_token: enforce tiers=[{20 1m0s}] trusted=false
	// "web-app" refresh_token: enforce tiers=[{20 1m0s}] trusted=false
	// "internal-gateway" refresh_token: dry-run tiers=[{60 1m0s} {1000 1h0m0s}] trusted=true
	// "" refresh_token: dry-run tiers=[{60 1m0s} {1000 1h0m0s}] trusted=false
	// enforce [internal-gateway mobile-app web-app]
	// policy.yaml:3: defaults.client[0].limit: "0600": a leading zero is ambiguous (octal in YAML 1.1, decimal in YAML 1.2); want a whole number 0..1000000000000 (0 blocks every request), without leading zeros
}

// ExampleNew builds a policy in Go, without YAML text: the same fields as a
// policy file, validated the same way.
func ExampleNew() {
	p, err := policy.New(policy.Spec{
		Mode: policy.ModeDryRun,
		Defaults: policy.Defaults{
			User: []policy.Tier{{Limit: 60, Size: time.Minute}, {Limit: 1000, Size: time.Hour}},
		},
		Costs: map[policy.Grant]int64{policy.GrantPassword: 2},
		Clients: map[string]policy.Override{
			"mobile-app":       {Mode: new(policy.ModeEnforce), User: []policy.Tier{{Limit: 20, Size: time.Minute}}},
			"internal-gateway": {Trusted: true},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, id := range []string{"mobile-app", "internal-gateway", "unknown-client"} {
		r := p.For(id)
		fmt.Printf("%q: %v user=%v client=%v password costs %d\n", r.Name, r.Mode, r.User, r.Client, r.Costs[policy.GrantPassword])
	}

	_, err = policy.New(policy.Spec{Clients: map[string]policy.Override{
		"batch": {Client: []policy.Tier{{Limit: 10, Size: 1500 * time.Millisecond}}},
	}})
	fmt.Println(err)
	// Output:
	// "mobile-app": enforce user=[{20 1m0s}] client=[{600 1m0s} {20000 1h0m0s}] password costs 2
	// "internal-gateway": dry-run user=[{60 1m0s} {1000 1h0m0s}] client=[{600 1m0s} {20000 1h0m0s}] password costs 2
	// "": dry-run user=[{60 1m0s} {1000 1h0m0s}] client=[{600 1m0s} {20000 1h0m0s}] password costs 2
	// clients.batch.client[0].window: "1.5s": not a whole number of seconds; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)
}

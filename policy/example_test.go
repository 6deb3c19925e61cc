package policy_test

import (
	"fmt"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

func Example() {
	file := []byte(`
mode: dry-run
defaults:
  user:
    - limit: 1000
      window: 1h
    - limit: 60
      window: 1m
clients:
  mobile-app:
    mode: enforce
    user:
      - limit: 20
        window: 1m
  internal-gateway:
    trusted: true
`)
	p, err := policy.Parse("policy.yaml", file)
	if err != nil {
		fmt.Println(err)
		return
	}
	live := policy.NewLive(p)

	// On each token request: parse the grant, look the client up.
	g := policy.ParseGrant("refresh_token")
	for _, id := range []string{"mobile-app", "internal-gateway", "unknown-client"} {
		r := live.Load().For(id)
		fmt.Printf("%q %s: %v tiers=%v trusted=%v\n", r.Name, g, r.Mode, r.Tiers(g), r.Trusted)
	}

	// A runtime switch to enforce everywhere; mobile-app had its own mode anyway.
	live.Store(live.Load().WithMode(policy.ModeEnforce))
	fmt.Println(live.Load().For("unknown-client").Mode, live.Load().Clients())

	_, err = policy.Parse("policy.yaml", []byte("defaults:\n  client:\n    - limit: 10\n      window: 90x\n"))
	fmt.Println(err)
	// Output:
	// "mobile-app" refresh_token: enforce tiers=[{20 1m0s}] trusted=false
	// "internal-gateway" refresh_token: dry-run tiers=[{60 1m0s} {1000 1h0m0s}] trusted=true
	// "" refresh_token: dry-run tiers=[{60 1m0s} {1000 1h0m0s}] trusted=false
	// enforce [internal-gateway mobile-app]
	// policy.yaml:4: defaults.client[0].window: "90x": not a duration; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)
}

// Package policy holds the rate limits of the token endpoint: per-client tiers
// for client_credentials, per-(client, user) tiers for user grants, an
// optional per-client aggregate of user grants, trusted exemptions, dry-run,
// and what each grant type costs. It also parses grant_type values into the
// bounded Grant enum.
//
// A policy is loaded once (Parse, Load), validated completely and resolved
// into one immutable *Rules per configured client, so the request path only
// does a map lookup (Policy.For). Live swaps policies atomically on reload.
//
// # File format
//
// The policy file is YAML, restricted to a subset that this package parses
// itself (the package imports only the standard library): block mappings,
// block sequences, one-line plain or quoted scalars, # comments. Flow style
// ({} and []), anchors, aliases, tags, block scalars, multi-line scalars,
// several documents and tabs in indentation are rejected, as are duplicate
// keys. The file may have at most MaxFileSize bytes.
//
//	# mode applies to every client without its own mode: enforce | dry-run
//	mode: dry-run
//	defaults:
//	  client:            # client_credentials and unknown grants: per client
//	    - limit: 600
//	      window: 1m
//	    - limit: 10000
//	      window: 1h
//	  user:              # user grants: per (client, user)
//	    - limit: 60
//	      window: 1m
//	  aggregate:         # optional: user grants also counted per client
//	    - limit: 5000
//	      window: 1m
//	  soft_limit: 0.8    # optional: warn past 80% of a limit
//	costs:               # optional: tokens one issued token spends, per grant
//	  client_credentials: 1
//	  refresh_token: 1
//	clients:
//	  mobile-app:
//	    mode: enforce
//	    user:
//	      - limit: 20
//	        window: 1m
//	  internal-gateway:
//	    trusted: true
//
// Top-level keys: mode, defaults, costs, clients. All are optional.
//
//   - mode: enforce or dry-run. Default enforce.
//   - defaults: the rules of every client without an override, with the keys
//     client, user, aggregate and soft_limit. A key left out takes the value
//     of Default (client and user tiers; no aggregate; no soft limit), so a
//     file may set only what it changes.
//   - costs: grant to cost, a whole number 1..MaxCost (default 1 each). A grant
//     is named by its short name (authorization_code, refresh_token, password,
//     client_credentials, device_code, jwt_bearer, token_exchange, other) or
//     by its registered grant_type value.
//   - clients: client ID to override. An override accepts mode, trusted,
//     client, user, aggregate, soft_limit and costs. Each key it sets replaces
//     the inherited value; every key it leaves out is inherited from the
//     defaults and the top-level mode and costs. Costs merge per grant.
//     aggregate: none drops an inherited aggregate. A client with an empty
//     override inherits everything but still gets its own metric label.
//     Client IDs are 1..255 bytes without control characters.
//
// A scope (client, user, aggregate) is a list of 1..MaxTiers tiers, each a
// mapping with exactly limit and window. limit is a whole number
// 0..MaxLimit; 0 blocks every request. window is a Go duration
// (time.ParseDuration) of whole seconds, 1s..24h. Two tiers of one scope may
// not share a window; tiers are sorted by window. soft_limit is a number
// strictly between 0 and 1. trusted is true or false; trusted clients are
// counted but never denied. Numbers and booleans must not be quoted.
//
// Every problem is an *Error that names the file, the line, the field path
// and what would be accepted, for example:
//
//	policy.yaml:14: clients.mobile-app.user[0].window: "90x": not a duration; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)
package policy

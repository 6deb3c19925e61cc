// Package policy holds the rate limits of the token endpoint: per-client tiers
// for client_credentials, per-(client, user) tiers for user grants, an
// optional per-client aggregate of user grants, trusted exemptions, dry-run,
// and what each grant type costs. It also parses grant_type values into the
// bounded Grant enum.
//
// A policy is loaded once from a file (Parse, Load) or built in Go (New with
// a Spec), validated completely and resolved into one immutable *Rules per
// configured client, so the request path only does a map lookup
// (Policy.For).
//
// # File format
//
// The policy file is YAML, read with go.yaml.in/yaml/v4: block or flow style
// ({} and []), JSON, comments, anchors and aliases, merge keys (<<: *name) and
// block scalars are all accepted. It is one document of at most MaxFileSize
// bytes. Unknown fields, duplicate keys and values of the wrong type are
// errors. Where YAML readers disagree the file is refused rather than
// guessed: integers are decimal digits without leading zeros (0600 is octal
// to YAML 1.1 readers), numbers are decimal (no 0x, 0o or _), booleans are
// true or false (not yes, no, on or off), and numbers and booleans are not
// quoted. Aliases may not expand the file beyond a bound ("billion laughs").
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
//     by its registered grant_type value. A cost may not exceed the limit
//     of a tier that decides its grant (user and aggregate tiers for user
//     grants, client tiers for the others), in the defaults or in any
//     client's resolved rules: no such request could ever be admitted. A
//     limit of 0, which blocks the grant, and trusted clients are exempt.
//   - clients: client ID to override. An override accepts mode, trusted,
//     client, user, aggregate, soft_limit and costs. Each key it sets replaces
//     the inherited value; every key it leaves out is inherited from the
//     defaults and the top-level mode and costs. Costs merge per grant.
//     aggregate: none drops an inherited aggregate. A client with an empty
//     override inherits everything but still gets its own metric label.
//     Client IDs are 1..256 bytes of UTF-8 without control characters.
//
// A scope (client, user, aggregate) is a list of 1..MaxTiers tiers, each a
// mapping with exactly limit and window, in block style or on one line as
// {limit: 20, window: 1m}. limit is a whole number 0..MaxLimit; 0 blocks
// every request. window is a Go duration (time.ParseDuration) of whole
// seconds, 1s..24h. Two tiers of one scope may not share a window; tiers are
// sorted by window. aggregate: none or aggregate: [] means no aggregate.
// soft_limit is a number strictly between 0 and 1. trusted is true or false;
// trusted clients are counted but never denied.
//
// Merge keys share rules between clients:
//
//	clients:
//	  mobile-app: &app
//	    mode: enforce
//	    user:
//	      - {limit: 20, window: 1m}
//	  web-app:
//	    <<: *app          # mobile-app's rules, then what follows
//	    trusted: true
//
// Every problem is an *Error that names the file, the line, the field path
// and what would be accepted, for example:
//
//	policy.yaml:14: clients.mobile-app.user[0].window: "90x": not a duration; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)
//
// # Go API
//
// A Spec holds what a policy file says, field for field; New validates and
// compiles it, so that programs and tests build a policy without YAML text.
// A file and the Spec with the same content give equal policies. Spec also
// implements yaml.Unmarshaler, for a policy that is part of a larger YAML
// configuration.
package policy

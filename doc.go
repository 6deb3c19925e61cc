// Package oauthratelimit limits the tokens an OAuth 2.0 token endpoint
// issues: per client for client_credentials, per (client, user) for the
// user grants, with an optional per-client aggregate, in sliding windows
// shared by every instance through a store (package syncer; MongoDB:
// package syncer/mongostore). It is the
// public face of the module: New builds a Limiter from a Config, Middleware
// puts it in front of a token handler (net/http, chi), Run runs its
// background work, SetPolicy, SetMode and ClearMode change its policy at
// run time in this process, and Close, once Run has returned, unregisters
// the metrics New registered (Config.Registerer), so that another Limiter
// can register on the same registry.
//
// # Changes for every instance
//
// Runtime overrides and resets go through the store, so that one call on
// any instance reaches all of them, within a sync interval, and outlasts
// policy reloads and restarts. PutOverride and DeleteOverride set and
// remove a client's override (its mode, limits, trusted flag, in the
// vocabulary of the policy file: policy.RuntimeOverride), which takes
// precedence over the client's entry in the file; SetSharedMode and
// ClearSharedMode set and remove the shared global mode, which takes
// precedence over each process's SetMode and its file. Run reads the
// overrides after every pull, LoadOverrides before serving; an override
// this instance cannot use is skipped and reported by Overrides.
// EffectivePolicy is the policy in force, each value with its source.
// Reset clears a key's counts on every instance: each drops what it has
// not written to the store when it learns of the reset, and none writes the
// old counts back. Instances lists the live
// instances, which each counts from the heartbeats it reads in the store;
// while the store does not answer, each client is limited by its outage
// mode (policy.Outage; Config.OutageAfter). Each instance also publishes
// the tiers its policy counts keys in, and adds the other live instances'
// tiers in window sizes its policy does not have, so that while instances
// run different policies (a rolling restart that changes windows) every
// token is within the tiers of each policy running.
//
// # What is counted
//
// Only issued tokens. The middleware reserves a request's cost before the
// token handler runs, keeps it if the handler answers 2xx and takes it back
// otherwise, so failed authentications (a stranger trying a victim's
// client_id) spend nothing. Admission is decided from memory (package
// cache) and never waits on the store.
//
// # What is answered
//
// Malformed or ambiguous token requests, which the limiter and the token
// endpoint could read differently, get 400 with an RFC 6749 §5.2 body,
// error invalid_request, naming the parameter (413 for a body over
// MaxBodyBytes). Requests over the limit in enforce mode get 429 with error
// too_many_requests and Retry-After (device-code polling gets 400
// slow_down, RFC 8628 §3.5). Every limited response carries RateLimit-Policy
// and RateLimit (draft-ietf-httpapi-ratelimit-headers) and, unless
// Config.OmitLegacyHeaders, X-RateLimit-Limit, -Remaining and -Reset
// (seconds from now). The README describes every header and decision.
// The values of RateLimit-Policy, X-RateLimit-Limit and RateLimit-Warning,
// and a refusal's Content-Type and Cache-Control, are slices shared by
// every request (built once per compiled policy): a handler may replace
// them (Header.Set, Del) or add to them (Header.Add appends to a copy,
// TestHeaderAddedOutside), but a write into one in place,
// w.Header()[k][i] = v, would change it for every later request.
//
// # The request path
//
// Serving a token request on a key already in memory allocates once: a block
// holding the response's header values and the body reader handed to the
// token handler, both of which may be used after the middleware returns.
// Parsing, deciding and counting allocate nothing. Request buffers are
// pooled, the compiled policy is swapped atomically, and metric children are
// resolved once per client. A request with a header the token handler must
// not get (Expect, whose body is read already; Accept-Encoding when the
// answer is held, see AttributeIssued) is handed on as a copy without it,
// the caller's left as it was: at most 3 allocations more
// (TestMiddlewareAllocs). In proxy mode (Config.AttributeIssued), an answer
// that carries a new refresh token adds about 3 allocations: the binding
// learned from it keeps its own copies of the client and user (measured with
// testing.AllocsPerRun: 22 allocations for a served refresh whose answer
// repeats a known refresh token, 25 when it rotates, the handler's and
// recorder's included). The clock (Config.Now) is read once per request; a
// CoarseClock makes that read one atomic load, at the cost in accuracy its
// doc states.
package oauthratelimit

package oauthratelimit

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Defaults of Config.
const (
	// DefaultTokenPath is the token endpoint's path when Config.TokenPath is
	// empty. It is the path Ory Hydra and Spring Authorization Server serve;
	// other servers (Keycloak, Auth0, Okta) use their own, set TokenPath.
	DefaultTokenPath = "/oauth2/token"
	// DefaultMaxBodyBytes caps a token request's body. Token requests are a
	// few hundred bytes; a client assertion a few kilobytes.
	DefaultMaxBodyBytes = 64 << 10
	// DefaultMaxResponseBytes caps how much of a 2xx token response is held
	// to read the sub of the issued token (Config.AttributeIssued).
	DefaultMaxResponseBytes = 64 << 10
	// DefaultPolicyGaugeClients is how many configured clients a policy
	// may have for oauth_ratelimit_policy_limit and policy_dry_run to have
	// a series for each of them from the start (Config.PolicyGaugeClients).
	DefaultPolicyGaugeClients = 1000
	// DefaultDryRunLogInterval is how often at most a client's would-deny
	// decisions in dry-run are logged.
	DefaultDryRunLogInterval = 10 * time.Second
	// MaxBufferedBytes is the largest MaxBodyBytes and MaxResponseBytes
	// accepted: the limiter holds a whole request body (and a response
	// held for AttributeIssued) in memory.
	MaxBufferedBytes = 16 << 20
	// MinLogUserKey is the shortest LogUserKey accepted, in bytes: the
	// size of HMAC-SHA-256's output (RFC 2104 advises no shorter key).
	MinLogUserKey = 32
)

// MaxIdentityLen is the longest client identifier and user name the
// middleware accepts, in bytes: they become keys held in memory (and in
// the store), so their size is bounded. Longer ones are refused with 400;
// a longer user from a UserResolver or an issued token is treated as
// unknown. It is the parser's bound (tokenrequest.MaxIdentityLen;
// TestMaxIdentityLen).
const MaxIdentityLen = 256

// Config configures a Limiter. The zero value is valid: every field has a
// documented default. New copies it.
type Config struct {
	// Policy is the policy to start with; SetPolicy replaces it at run time.
	// Default policy.Default().
	Policy *policy.Policy

	// Store is where the instances of the limiter share their counts:
	// MongoDB through a *mongostore.Store (package syncer/mongostore,
	// mongostore.New; the embedder closes it after Run returned).
	// Default (nil): a new syncer.MemoryStore, for a single instance,
	// which holds its counts but not the learned refresh tokens (they stay
	// in the limiter's memory, bounded by MaxRefreshTokens). A
	// nil pointer of a store type (a *mongostore.Store variable left nil)
	// is not nil here, and Validate refuses it: set Store only to a store.
	Store syncer.Store

	// Instance names this instance in the store (see syncer.Config.Instance).
	// Default: the host name, the process ID and a random suffix.
	Instance string

	// SyncInterval is the time between two flushes of this instance's
	// counts to the store, and between two pulls of the others'.
	// Default 1s (syncer's default).
	SyncInterval time.Duration

	// FinalFlushTimeout bounds the flush Run makes when its context ends,
	// which writes the counts still in this instance's memory. Counts not
	// written by then are lost to the other instances. Default 5s
	// (syncer's default); raise it for a slow store with many dirty keys.
	// With AttributeIssued, the last write of the refresh tokens'
	// bindings, alongside, has the same bound (it had 5 s of its own,
	// which Run waited for).
	FinalFlushTimeout time.Duration

	// OutageAfter is how long the store may fail to answer before the
	// policy's outage modes apply (policy.Outage: the limits of the
	// pessimistic and share clients divided among the instances); when the
	// store answers again the normal limits apply at its next heartbeat
	// (within SyncInterval), and the counts made meanwhile are written as
	// usual. Default 30s (syncer.Config.OutageAfter).
	OutageAfter time.Duration

	// Version is this instance's software version, written in its
	// heartbeat so that Instances (and the status page) can show what each
	// instance runs. Default "".
	Version string

	// TokenPath is the path of the token endpoint, compared with the
	// request's URL.Path after path.Clean and without path parameters
	// (";…" in a segment), as the servers a limiter stands in front of may
	// route it; letter case counts. Only POST requests to it are
	// limited; every other request passes through untouched. It must be a
	// clean absolute path, decoded as URL.Path is ("/realms/my realm/…",
	// not "my%20realm"), and the path the middleware sees: the whole path
	// under chi's Mount, which leaves URL.Path as it is, the rest under
	// http.StripPrefix, which does not. Default DefaultTokenPath
	// ("/oauth2/token").
	TokenPath string

	// MaxBodyBytes caps the body of a token request. A larger body (chunked
	// or not) is answered 413 without calling the token endpoint.
	// Default DefaultMaxBodyBytes (64 KiB); at most MaxBufferedBytes.
	MaxBodyBytes int64

	// UserResolver names the user of user grants other than password (whose
	// user is the username parameter). Nil: the user of such grants is
	// unknown before the token is issued; see AttributeIssued.
	UserResolver UserResolver

	// NormalizeUsername appends to dst the user whose tiers the username
	// of a password grant counts in, as the token endpoint matches logins,
	// and returns the extended buffer: AppendLower for an endpoint whose
	// usernames ignore case (Keycloak lowercases them; most logins by
	// email ignore case), so that "Alice" and "alice" share one quota.
	// Nil: byte for byte, each spelling a user of its own. It is called on
	// the request path for every password grant, with the free end of a
	// buffer of the request as dst (empty, with room), so that it need not
	// allocate; what it returns is the user. Returning nothing, or more
	// than MaxIdentityLen bytes, counts the username as sent (and is
	// logged). Neither dst nor username, which views the pooled request
	// buffer, may be kept past the call. Changing it in a running fleet
	// starts the changed users' counts afresh, as their keys change.
	NormalizeUsername func(dst []byte, username string) []byte

	// AttributeIssued makes the middleware read the user of a user grant
	// whose user was unknown before issuance from the response: the sub of
	// the JWT access_token (else id_token) in a 2xx JSON answer, which it
	// then counts for (client, sub). The response is held in memory (up to
	// MaxResponseBytes) until the token endpoint has finished it, and asked
	// for unencoded: the request reaches the endpoint without its
	// Accept-Encoding (a ReverseProxy's transport then asks for gzip itself
	// and decompresses), since a compressed answer cannot be read. The
	// server's proxy mode turns it on. Default false.
	//
	// AttributeIssued also makes the middleware learn refresh tokens: the
	// refresh token of every 2xx answer to a user grant is bound, by its
	// SHA-256, to the (client, user) the request was counted for, and
	// shared with the other instances through Store (if it is a
	// syncer.SubjectStore, as syncer.MemoryStore and mongostore.Store are).
	// A refresh_token grant presenting it then has its user known before
	// the token endpoint runs, and the user's tiers can refuse it; so can a
	// refresh token that is a JWT with a sub, read unverified (the README's
	// "Which user a request counts for" says why that spends no one else's
	// quota).
	AttributeIssued bool

	// MaxResponseBytes caps how much of a 2xx response is held for
	// AttributeIssued. A longer response is read for the user in its first
	// MaxResponseBytes (token answers carry the access token ahead of a
	// long id_token), counted as no_subject if that does not name one, and
	// streamed; its refresh token, if past those bytes (Ory Hydra writes
	// it after the id_token), is looked for in the first 256 KiB of the
	// response as it streams.
	// Default DefaultMaxResponseBytes (64 KiB); at most MaxBufferedBytes.
	MaxResponseBytes int64

	// RefreshTokenTTL is how long a learned refresh token's user is kept
	// (see AttributeIssued): the lifetime of the token server's refresh
	// tokens, or less to save memory: an expired binding leaves memory
	// within 64 sync intervals. A refresh token presented after its
	// binding is gone is counted after issuance instead. Default 24h.
	RefreshTokenTTL time.Duration

	// MaxRefreshTokens bounds the learned refresh tokens held in memory;
	// past it the oldest go (oauth_ratelimit_refresh_subject_evictions_total).
	// Default 262,144: 53 to 66 MiB when full (212 to 265 bytes a
	// binding with a client ID of 8 to 36 bytes and a user of 8 to 20;
	// syncer's BenchmarkSubjectsMemory). Bindings learned or read within
	// RefreshTokenTTL fill it: one instance holds the whole fleet's.
	MaxRefreshTokens int

	// CORSOrigins are the browser origins (such as "https://app.example")
	// whose requests get CORS headers on the middleware's own refusals
	// (429, 400, 413), so that a browser app can read the error and
	// Retry-After; "*" allows any. Answers of the token endpoint keep
	// whatever it sends. Besides these, a refusal of a client's request
	// (429) to an origin the token endpoint allowed in its last answer
	// issuing that client a token (a 2xx) gets what the endpoint sent
	// then (at most 1024 pairs of client and origin are learned, the least
	// recently seen replaced; see README). Default none.
	CORSOrigins []string

	// MaxKeys caps the number of keys held in the cache (see
	// cache.Config). It does not cap the documents of the default store,
	// syncer.MemoryStore, which keeps one per key issued a token until it
	// expires (README, --max-keys). Default 1,048,576.
	MaxKeys int

	// HotPercent is the share of a limit (percent, 1 to 100) from which a
	// key counts as near it: the syncer reads such a key at every pull and
	// syncs it again between (adaptive sync), where a key far from its
	// limit is read only after it is used here (see cache.Config). Default
	// 50; negative: every key in use is read at every pull and synced
	// between, for more store calls and fresher snapshots.
	HotPercent int

	// PolicyGaugeClients bounds the series of the policy gauges
	// (oauth_ratelimit_policy_limit, the limit line of the dashboards, and
	// oauth_ratelimit_policy_dry_run, the mode): for a policy that
	// configures at most this many clients, every client has its series
	// from the start, traffic or not; for a larger one, a client has them
	// from the first request of it this instance counts (as its counters
	// do), and other always. A series per configured client made up front
	// cost a 100,000-client policy 400,135 series, 29.9 MB and 4-8 s a
	// scrape (helper-94; measured again by h101). Default
	// DefaultPolicyGaugeClients (1000); negative: no client has them before
	// its first request.
	PolicyGaugeClients int

	// FleetTiers says what this instance does with the tiers the other
	// live instances publish in window sizes its policy does not have,
	// while they run another policy (README, "Rolling out a window change
	// across a fleet"). Default FleetTiersEnforce.
	FleetTiers FleetTiers

	// NoLiveWriters shares a key new to this instance only among the
	// instances the store's documents name (none before its first read),
	// not among every live instance for its first sync interval or two
	// (see cache.Config.NoLiveWriters): for a load balancer that keeps
	// each client on one instance, whose first burst on an instance the
	// share would otherwise hold to a part of the limit. A burst that
	// reaches instances which never saw a key can then take up to the
	// limit on each. Default false.
	NoLiveWriters bool

	// DryRunLogInterval is the least time between two logs of a client's
	// would-deny decisions in dry-run. Default DefaultDryRunLogInterval (10s).
	DryRunLogInterval time.Duration

	// LogUserNames logs the user in clear (user) in the dry-run would-deny
	// log, for a request whose user was known. By default (false) the log
	// names the user by a pseudonym, user_hmac: the first 16 hex digits of
	// the HMAC-SHA-256, under LogUserKey, of its name as counted (after
	// NormalizeUsername), so that the users who would be denied can be
	// told apart, while the log, which often reaches more people and is
	// kept longer than the admin API, does not carry the names (often
	// e-mail addresses: personal data). GET /admin/keys and /admin/top
	// show users in clear, each with its user_hmac.
	LogUserNames bool

	// LogUserKey is the key of the pseudonym user_hmac (LogUserNames):
	// at least MinLogUserKey bytes. Give every instance of a fleet the
	// same key, so that their logs name a user alike; whoever lacks it
	// cannot find a user's pseudonym by computing those of a list of user
	// names, as anyone could from an unkeyed hash (the user_sha256 of
	// 2026-11-27). Nil: a random key of this Limiter's own, so that the
	// same user has another pseudonym on each instance and after each
	// restart (/admin/top and /admin/keys on the instance that logged it
	// still map it to the user). Refused with LogUserNames, which logs no
	// pseudonym. New copies it; no log, metric or admin answer shows it.
	LogUserKey []byte

	// Logger receives the limiter's logs. Nothing is logged per admitted
	// request. Default: logs are discarded.
	Logger *slog.Logger

	// Registerer receives the limiter's Prometheus metrics. Default: none
	// are registered. A registry takes the metrics of one Limiter: for
	// several in one process, give each its own registry, or wrap the
	// Registerer of every one of them, the first too, with a label of one
	// name and a value of its own
	// (prometheus.WrapRegistererWith(prometheus.Labels{"limiter": "a"}, reg)):
	// a registry refuses a metric name registered once without the label.
	// A New that fails leaves nothing registered, and Limiter.Close
	// unregisters what New registered: a Limiter built again on the same
	// registry (a reload that rebuilds it, the next test) closes the one
	// before first.
	Registerer prometheus.Registerer

	// OmitLegacyHeaders leaves the X-RateLimit-Limit, -Remaining and
	// -Reset headers out of the responses that carry rate-limit headers:
	// RateLimit-Policy and RateLimit say the same (q, r, t). Each costs the
	// server a header line per response (BENCHMARKS.md). Default false:
	// they are sent, for clients that read only them.
	OmitLegacyHeaders bool

	// Now reads the clock. The middleware reads it once per token
	// request; a CoarseClock's Now costs one atomic load instead of a
	// time.Now call, at a bounded cost in accuracy (see CoarseClock).
	// The syncer and the cache's sweeper read it too, so with a
	// CoarseClock the durations they measure (the flush duration metric)
	// have its tick's resolution. Default time.Now.
	Now func() time.Time

	// Steps reports the wall clock's steps as a detector beside Now sees
	// them: set it to CoarseClock.Steps with Now to that clock's Now (the
	// server does). The cache (cache.Config.Steps) then keeps a frame's
	// counts not flushed yet while the frame is in its window by the
	// clock at the least offset it had, and no longer: counts made while
	// the clock read ahead are not given up by that clock, and a pause
	// holds nothing. Default nil: the cache holds counts that a clock
	// ahead may have made for two of their frames.
	Steps func() (excess, low int64)
}

// UserResolver returns the user on whose behalf a token request asks for a
// token, for the user grants other than password: authorization_code,
// refresh_token, device_code, jwt-bearer, token-exchange. An embedding
// OAuth server knows it (the user bound to the code, the refresh token, the
// assertion); the limiter cannot.
//
// It is called on the request path, before the token endpoint, so it
// should answer from memory. It reads parameters with tr.Param; if it reads
// r.Body, the token endpoint still gets the identical body. It returns "" when the user is unknown, and an error when
// it failed, which is logged; either way the request is then limited as if
// the user were unknown (see Config.AttributeIssued).
type UserResolver func(r *http.Request, tr *TokenRequest) (user string, err error)

// FieldError is a field of a Config that Validate refuses.
type FieldError struct {
	Field string // the field's name, such as "TokenPath"
	Value string // its value, formatted (strings quoted)
	Want  string // what it accepts
}

// Error returns "oauthratelimit: Field Value: want Want".
func (e *FieldError) Error() string {
	return "oauthratelimit: " + e.Field + " " + e.Value + ": want " + e.Want
}

// keyLen is how a FieldError shows a key: its length, never its bytes.
type keyLen int

func (n keyLen) String() string { return fmt.Sprintf("(%d bytes)", int(n)) }

// Validate reports every field of c that cannot be used, naming it and what
// it accepts: the errors.Join of a *FieldError per field.
func (c *Config) Validate() error {
	var errs []error
	bad := func(field string, value any, want string) {
		v := fmt.Sprint(value)
		if s, ok := value.(string); ok {
			v = strconv.Quote(s)
		}
		errs = append(errs, &FieldError{Field: field, Value: v, Want: want})
	}
	if c.TokenPath != "" && (c.TokenPath[0] != '/' || path.Clean(c.TokenPath) != c.TokenPath || strings.ContainsAny(c.TokenPath, "%?#;")) {
		bad("TokenPath", c.TokenPath, fmt.Sprintf("a clean absolute path as net/http decodes it into URL.Path (no %%-escapes, query, fragment or ;parameters), such as %q", DefaultTokenPath))
	}
	switch n := len(c.LogUserKey); {
	case n > 0 && c.LogUserNames:
		bad("LogUserKey", keyLen(n), "none with LogUserNames, which logs users in clear and no pseudonym")
	case n > 0 && n < MinLogUserKey:
		bad("LogUserKey", keyLen(n), fmt.Sprintf("at least %d bytes (the HMAC-SHA-256 output's size), or none for a random key per Limiter", MinLogUserKey))
	}
	if c.MaxBodyBytes < 0 || c.MaxBodyBytes > MaxBufferedBytes {
		bad("MaxBodyBytes", c.MaxBodyBytes, fmt.Sprintf("0 (default %d) up to %d", DefaultMaxBodyBytes, MaxBufferedBytes))
	}
	if c.MaxResponseBytes < 0 || c.MaxResponseBytes > MaxBufferedBytes {
		bad("MaxResponseBytes", c.MaxResponseBytes, fmt.Sprintf("0 (default %d) up to %d", DefaultMaxResponseBytes, MaxBufferedBytes))
	}
	if c.FinalFlushTimeout < 0 {
		bad("FinalFlushTimeout", c.FinalFlushTimeout, "0 (default 5s) or more")
	}
	if c.SyncInterval < 0 || c.SyncInterval > 0 && c.SyncInterval < syncer.MinInterval {
		bad("SyncInterval", c.SyncInterval, fmt.Sprintf("0 (default 1s), or %v or more", syncer.MinInterval))
	}
	if c.OutageAfter < 0 {
		bad("OutageAfter", c.OutageAfter, "0 (default 30s) or more")
	}
	for _, o := range c.CORSOrigins {
		if o != "*" && !isOrigin(o) {
			bad("CORSOrigins", o, `"*" or origins such as "https://app.example" (scheme://host[:port], no path)`)
		}
	}
	if c.RefreshTokenTTL < 0 {
		bad("RefreshTokenTTL", c.RefreshTokenTTL, "0 (default 24h) or more")
	}
	if c.MaxRefreshTokens < 0 {
		bad("MaxRefreshTokens", c.MaxRefreshTokens, "0 (default 262144) or more")
	}
	if c.MaxKeys < 0 {
		bad("MaxKeys", c.MaxKeys, "0 (default) or more")
	}
	if c.HotPercent > 100 {
		bad("HotPercent", c.HotPercent, "1 to 100, 0 (default 50), or negative (every key)")
	}
	if c.DryRunLogInterval < 0 {
		bad("DryRunLogInterval", c.DryRunLogInterval, fmt.Sprintf("0 (default %v) or more", DefaultDryRunLogInterval))
	}
	if c.FleetTiers > FleetTiersIgnore {
		bad("FleetTiers", int(c.FleetTiers), "FleetTiersEnforce (0), FleetTiersCount or FleetTiersIgnore")
	}
	if c.Instance != "" && syncer.CheckInstance(c.Instance) != nil {
		// syncer.New refused it too, but Validate, which says it reports
		// every field, passed it (an outside audit, h59).
		bad("Instance", c.Instance, fmt.Sprintf("1 to %d characters from A-Z a-z 0-9 _ : - (a field name in the store's documents), or empty for the default", syncer.MaxInstanceLen))
	}
	if isNilPointer(c.Store) {
		// A nil *mongostore.Store in the interface (a variable set only
		// when a URI is configured) is not a nil Store: the default would
		// not apply, and the heartbeat goroutine of Run panicked on it,
		// taking the process down (an outside audit, h59).
		bad("Store", fmt.Sprintf("(%T)(nil)", c.Store), "a store, or an untyped nil for the default syncer.MemoryStore (a nil pointer in the interface is neither)")
	}
	return errors.Join(errs...)
}

// isNilPointer reports whether v holds a nil pointer.
func isNilPointer(v any) bool {
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// isOrigin reports whether o is a serialized origin (RFC 6454):
// http or https, a host, an optional port, nothing else.
func isOrigin(o string) bool {
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && o == u.Scheme+"://"+u.Host
}

func (c Config) withDefaults() Config {
	if c.Policy == nil {
		c.Policy = policy.Default()
	}
	if c.Store == nil {
		c.Store = syncer.NewMemoryStore()
	}
	if c.TokenPath == "" {
		c.TokenPath = DefaultTokenPath
	}
	if c.MaxBodyBytes == 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.MaxResponseBytes == 0 {
		c.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if c.DryRunLogInterval == 0 {
		c.DryRunLogInterval = DefaultDryRunLogInterval
	}
	if c.PolicyGaugeClients == 0 {
		c.PolicyGaugeClients = DefaultPolicyGaugeClients
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// TokenRequest is the middleware's parsed view of a token request, passed
// to a UserResolver. Its strings may share memory with the request body and
// are valid until the middleware has finished the request; copy them to
// keep them longer.
type TokenRequest struct {
	grant     policy.Grant
	grantType string
	clientID  string
	body      []byte
	scratch   *[]byte
}

// Grant returns the grant type parsed into the bounded policy.Grant enum.
func (t *TokenRequest) Grant() policy.Grant { return t.grant }

// GrantType returns the grant_type parameter as sent (form-unescaped).
func (t *TokenRequest) GrantType() string { return t.grantType }

// ClientID returns the client the request claims to be, by RFC 6749
// precedence: client_assertion, HTTP Basic, body client_id. It is not yet
// authenticated: the token endpoint does that.
func (t *TokenRequest) ClientID() string { return t.clientID }

// Param returns the form-unescaped value of the first body parameter called
// name, or "" if it is absent. Names longer than 64 bytes never match.
// Query parameters are not read: token requests carry theirs in the body.
func (t *TokenRequest) Param(name string) string {
	v, _ := tokenrequest.Param(t.body, name, t.scratch)
	return v
}

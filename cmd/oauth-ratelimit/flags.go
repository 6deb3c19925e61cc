package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// envPrefix prefixes the environment variable of every flag:
// --sync-interval is OAUTH_RATELIMIT_SYNC_INTERVAL.
const envPrefix = "OAUTH_RATELIMIT_"

// defaultPolicyFile is loaded when --policy is not given and the file
// exists in the working directory (the repository root has it).
const defaultPolicyFile = "policy.example.yaml"

// options are the server's settings, from flags and environment.
type options struct {
	listen          string
	adminListen     string
	adminTokenFile  string
	upstream        string
	trustedProxies  string
	tokenPath       string
	policyPath      string
	mode            string
	demoClients     string
	maxBodyBytes    int64
	maxKeys         int // oauthratelimit.Config.MaxKeys
	corsOrigins     string
	mongoURI        string
	mongoDatabase   string
	instance        string
	syncInterval    time.Duration
	shutdownTimeout time.Duration
	readTimeout     time.Duration // http.Server.ReadTimeout, both listeners
	idleTimeout     time.Duration // http.Server.IdleTimeout, both listeners
	upstreamTimeout time.Duration // the proxy transport's ResponseHeaderTimeout, and its bound on each wait for the body (stallBody)
	// finalFlushTimeout is oauthratelimit.Config.FinalFlushTimeout.
	finalFlushTimeout time.Duration
	outageAfter       time.Duration // oauthratelimit.Config.OutageAfter
	logLevel          string
	fleetTiers        string        // oauthratelimit.Config.FleetTiers: enforce, count or off
	clockTick         time.Duration // 0: time.Now per request
	hotPercent        int           // oauthratelimit.Config.HotPercent
	policyGauges      int           // oauthratelimit.Config.PolicyGaugeClients
	shareNewKeys      bool          // !oauthratelimit.Config.NoLiveWriters
	legacyHeaders     bool
	foldUsernames     bool   // oauthratelimit.Config.NormalizeUsername = oauthratelimit.AppendLower
	logUserNames      bool   // oauthratelimit.Config.LogUserNames
	logUserKeyFile    string // oauthratelimit.Config.LogUserKey, read by startup
	requireStore      bool
	policyWatch       bool
	version           bool

	upstreamURL *url.URL
	proxies     trustedProxies // of trustedProxies
	level       slog.Level
}

func envName(flagName string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

func newFlagSet(o *options, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("oauth-ratelimit", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.listen, "listen", "127.0.0.1:8080", "`address` (host:port) of the token endpoint (and, with --upstream, of every proxied path)")
	fs.StringVar(&o.adminListen, "admin-listen", "127.0.0.1:9090", "`address` (host:port) of the admin endpoints (listed above); keep it private")
	fs.StringVar(&o.adminTokenFile, "admin-token-file", "", "`file` holding the bearer token the admin API requires (at least 16 characters); required when --admin-listen is not a loopback address")
	fs.StringVar(&o.upstream, "upstream", "", "`URL` of the OAuth server to proxy to (http or https); empty: serve the built-in demo token endpoint")
	fs.StringVar(&o.trustedProxies, "trusted-proxies", "", "with --upstream, comma-separated IP `addresses` and CIDR prefixes (IPv4 or IPv6) of the load balancers in front (10.0.0.5,192.168.0.0/16): from them the X-Forwarded-Proto, X-Forwarded-Host and Forwarded headers are passed on to the upstream, and X-Forwarded-For gets the balancer appended; from any other peer, and without the flag, they are set from this hop only (X-Forwarded-Proto: http) and Forwarded is dropped, so that a client cannot forge them")
	fs.StringVar(&o.tokenPath, "token-path", oauthratelimit.DefaultTokenPath, "`path` of the token endpoint; only POST requests to it are limited")
	fs.StringVar(&o.policyPath, "policy", "", "policy `file` (YAML, see policy.example.yaml); default: ./"+defaultPolicyFile+" if it exists at start, else the built-in policy; reloads read the same file")
	fs.StringVar(&o.mode, "mode", "", "override the policy's global `mode`: enforce or dry-run (clients with their own mode keep it)")
	fs.StringVar(&o.corsOrigins, "cors-origins", "", "comma-separated browser `origins` (https://app.example, or *) whose requests get CORS headers on the limiter's own 429/400/413; an origin the upstream allows on a token it issues a client is learned, for that client's 429s, without it")
	fs.StringVar(&o.demoClients, "demo-clients", "", "demo clients `file` of the built-in token endpoint; default: the embedded demo-clients.yaml")
	o.maxBodyBytes = oauthratelimit.DefaultMaxBodyBytes
	fs.Var(int64Value{&o.maxBodyBytes}, "max-body-bytes", "largest token request body in `bytes`; larger ones get 413")
	o.maxKeys = 1 << 20
	fs.Var(intValue{&o.maxKeys}, "max-keys", "most keys (a client's, a client's user's) held in memory (a `count`, spread over the cache's 256 shards, each holding at least one); a new key past it evicts one, preferring idle keys without unflushed counts (BENCHMARKS.md gives the bytes a key takes); without --mongo-uri the in-memory store also keeps a document per key issued a token until it expires, not bounded by this (README)")
	fs.StringVar(&o.mongoURI, "mongo-uri", "", "MongoDB connection `URI` shared by all instances; empty: counts stay in this process")
	fs.StringVar(&o.mongoDatabase, "mongo-database", "", "MongoDB `database` of the counters collection; empty: the one --mongo-uri names (mongodb://host/db), else oauth_ratelimit")
	fs.StringVar(&o.instance, "instance", "", "`name` of this instance in the shared store (A-Z a-z 0-9 _ : -, up to 64), unique among the instances (two processes with one name are logged at ERROR, and count as one); default: host, pid and a random suffix")
	// The defaults are in the order a stop needs (shutdownCutsUpstream,
	// TestDefaultTimeoutsInOrder): a request in flight at SIGTERM is
	// answered by the upstream, or refused by --upstream-timeout's 504,
	// before the shutdown's deadline would cut it; and the whole stop
	// fits Kubernetes' default grace period, 30 s (README, Deploys: what
	// a restart costs).
	o.syncInterval, o.shutdownTimeout, o.finalFlushTimeout = time.Second, 15*time.Second, 5*time.Second
	fs.Var(durationValue{&o.syncInterval}, "sync-interval", "time between flushes to and pulls from the store (a `duration` such as 1s or 500ms)")
	fs.Var(durationValue{&o.shutdownTimeout}, "shutdown-timeout", "on SIGTERM or SIGINT, how long in-flight requests may take to finish (a `duration`); those still in flight then are cut; with --upstream, keep it above --upstream-timeout, or a stop cuts requests the upstream would still answer (warned at start)")
	fs.Var(durationValue{&o.finalFlushTimeout}, "final-flush-timeout", "on shutdown, after the requests have finished, how long the last flush of counts to the store may take (a `duration`)")
	o.readTimeout, o.idleTimeout, o.upstreamTimeout = 30*time.Second, 2*time.Minute, 10*time.Second
	fs.Var(durationValue{&o.readTimeout}, "read-timeout", "how long a client may take to send a whole request, headers and body, on every path (a `duration`); a slower one is cut off")
	fs.Var(durationValue{&o.idleTimeout}, "idle-timeout", "how long a kept-alive connection may wait for its next request (a `duration`)")
	fs.Var(durationValue{&o.upstreamTimeout}, "upstream-timeout", "with --upstream, how long the OAuth server may take to start its answer, and then to send each next part of its body, on every proxied path (a `duration`); a later start gets 504, and a token request's count is released; a body stalled that long is cut (a 2xx counts)")
	o.outageAfter = 30 * time.Second
	fs.Var(durationValue{&o.outageAfter}, "outage-after", "how long the store may go unanswered before the policy's outage modes apply (a `duration`; README, When the store is down)")
	fs.Var(boolValue{&o.requireStore}, "require-store", "report not ready on /readyz until the store (--mongo-uri) answers; decisions go on from memory either way (true or false)")
	o.policyWatch = true
	fs.Var(boolValue{&o.policyWatch}, "policy-watch", "reload the policy file when it changes on disk (its directory is watched, so renames and Kubernetes ConfigMap updates count); true or false")
	o.clockTick, o.legacyHeaders = oauthratelimit.DefaultClockTick, true
	o.hotPercent = 50
	o.policyGauges = oauthratelimit.DefaultPolicyGaugeClients
	fs.Var(intValue{&o.policyGauges}, "policy-gauge-clients", "the most configured `clients` for which oauth_ratelimit_policy_limit and policy_dry_run have a series for every client from the start; a larger policy has them only for the clients this instance has counted a request of, and other (0: no client from the start, only those counted); README (Metrics)")
	o.shareNewKeys = true
	fs.Var(boolValue{&o.shareNewKeys}, "share-new-keys", "share a key new to this instance among every live instance for its first sync interval or two, so that a burst to instances that never saw it is held to its limit; false for a load balancer that keeps each client on one instance (true or false); README (Several instances)")
	fs.Var(intValue{&o.hotPercent}, "hot-percent", "the share of a limit (`percent`, 1 to 100) from which a key counts as near it: read at every sync and synced again at half the interval; keys further from their limits are read after they are used; -1: every key in use at every sync (more store calls); README (Sharing counts through MongoDB)")
	fs.Var(durationValue{&o.clockTick}, "clock-tick", "how often the clock that decisions read is refreshed (a `duration` up to 100ms; 0: read per request): a decision then reads the time with one atomic load, up to a tick (plus scheduling delay) late; README (The server) bounds what that changes")
	fs.Var(boolValue{&o.foldUsernames}, "username-ignore-case", "count a password grant's username in lower case, so that Alice and alice share the quota of one user, as at an endpoint whose logins ignore case (Keycloak, most email logins); true or false")
	fs.Var(boolValue{&o.logUserNames}, "log-user-names", "name users in clear in the dry-run would-deny log (user); by default by a pseudonym, the first 16 hex digits of the name's HMAC-SHA-256 under --log-user-key-file's key (user_hmac): user names are often e-mail addresses (true or false)")
	fs.StringVar(&o.logUserKeyFile, "log-user-key-file", "", "`file` holding the key of the dry-run log's user pseudonyms (user_hmac; at least 32 bytes, without surrounding white space: openssl rand -base64 32 > FILE), the same file on every instance so that they name a user alike; without it each process draws a key of its own; never logged; not with --log-user-names")
	fs.Var(boolValue{&o.legacyHeaders}, "legacy-headers", "send X-RateLimit-Limit, -Remaining and -Reset besides RateLimit-Policy and RateLimit, which say the same (true or false)")
	fs.StringVar(&o.fleetTiers, "fleet-tiers", "enforce", "what this instance does with the tiers other live instances' policies have in window sizes its own does not (a rolling restart that changes windows): enforce (every token within each running policy), count (count in their sizes, enforce only its own) or off (neither, and publish none of its own: the others neither count in its sizes nor enforce its tiers); README (Rolling out a window change across a fleet)")
	fs.StringVar(&o.logLevel, "log-level", "info", "least `level` logged (JSON on stderr): debug, info, warn or error")
	fs.Var(boolValue{&o.version}, "version", "print the version (module version and VCS revision) and exit")
	fs.Usage = func() { usage(fs) }
	return fs
}

// usage writes --help: what the server does, its admin endpoints and every
// flag with its environment variable and default.
func usage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, `oauth-ratelimit limits the tokens an OAuth 2.0 token endpoint issues, per client
and per (client, user), and counts only the tokens actually issued.

Usage:
  oauth-ratelimit [flags]                 built-in demo token endpoint (try it: see README.md)
  oauth-ratelimit --upstream URL [flags]  reverse proxy in front of an OAuth server
  oauth-ratelimit --help | --version

Signals: SIGTERM/SIGINT shut down gracefully; SIGHUP reloads the policy file, as
does a change of it on disk (--policy-watch). A file that cannot be read or is not
valid is refused: the running policy stays.

Exit status: 0 after a stop whose final flush left no count out of the store; 8
after one that did (logged at ERROR: "final flush failed"); 1 when serving failed;
2 for a bad flag, environment variable or file at start.

Admin endpoints (on --admin-listen):
`)
	for _, e := range admin.Endpoints() {
		// {$} (exactly this path, not the subtree) is the mux's business.
		fmt.Fprintf(w, "  %s\n      %s\n", strings.TrimSuffix(e.Pattern, "{$}"), e.Doc)
	}
	fmt.Fprint(w, `
Every flag can be set in the environment instead; a flag on the command line wins.

Flags:
`)
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		if name != "" {
			name = " " + name
		}
		fmt.Fprintf(w, "  --%s%s\n", f.Name, name)
		fmt.Fprintf(w, "      %s\n", usage)
		if noEnv[f.Name] {
			return
		}
		fmt.Fprintf(w, "      env %s", envName(f.Name))
		if f.DefValue != "" {
			fmt.Fprintf(w, ", default %s", f.DefValue)
		}
		fmt.Fprintln(w)
	})
	fmt.Fprint(w, "  --help\n      print this help on stdout and exit\n")
}

// noEnv are the flags that are commands, not settings: no environment
// variable sets them.
var noEnv = map[string]bool{"version": true}

// Typed flag values. The standard library's report a bad value as "parse
// error" at best; these say what is accepted, and parseArgs and the
// environment add the flag and its variable.
type (
	durationValue struct{ p *time.Duration }
	int64Value    struct{ p *int64 }
	intValue      struct{ p *int }
	boolValue     struct{ p *bool }
)

func (v intValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q: want a whole number, e.g. 50", s)
	}
	*v.p = n
	return nil
}

func (v intValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.Itoa(*v.p)
}

func (v durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q: want a duration such as 1s, 500ms or 2m30s", s)
	}
	*v.p = d
	return nil
}

func (v durationValue) String() string {
	if v.p == nil {
		return ""
	}
	return v.p.String()
}

func (v int64Value) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("%q: want a whole number, e.g. 65536", s)
	}
	*v.p = n
	return nil
}

func (v int64Value) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.FormatInt(*v.p, 10)
}

func (v boolValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%q: want true or false", s)
	}
	*v.p = b
	return nil
}

func (v boolValue) String() string {
	if v.p == nil {
		return ""
	}
	return strconv.FormatBool(*v.p)
}

// IsBoolFlag makes --flag alone mean --flag=true.
func (boolValue) IsBoolFlag() bool { return true }

// parseArgs sets the flags of fs from args: --name value, --name=value, a
// bool flag alone (--name) for true; one dash works as well as two. It
// replaces FlagSet.Parse, whose errors name the flag with one dash, not its
// variable nor what it accepts, and come with the whole usage. It returns
// flag.ErrHelp for -h, --help.
func parseArgs(fs *flag.FlagSet, args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				return fmt.Errorf("unexpected argument %q: every setting is a --flag (see --help)", args[i+1])
			}
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			return fmt.Errorf("unexpected argument %q: every setting is a --flag (see --help)", a)
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if name == "h" || name == "help" {
			return flag.ErrHelp
		}
		f := fs.Lookup(name)
		if f == nil {
			return fmt.Errorf("unknown flag %q: see --help for the flags and their environment variables", a)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() && !hasValue {
			value, hasValue = "true", true
		}
		if !hasValue {
			if i+1 == len(args) {
				kind, _ := flag.UnquoteUsage(f)
				return fmt.Errorf("%s: missing value: want --%s %s", flagRef(name), name, kind)
			}
			i++
			value = args[i]
		}
		if err := fs.Set(name, value); err != nil {
			return fmt.Errorf("%s: %w", flagRef(name), err)
		}
	}
	return nil
}

// flagRef names a flag and its environment variable, as every error about
// a flag does: --sync-interval (OAUTH_RATELIMIT_SYNC_INTERVAL).
func flagRef(name string) string {
	if noEnv[name] {
		return "--" + name
	}
	return "--" + name + " (" + envName(name) + ")"
}

// parseOptions reads flags from args, then, for every flag not on the
// command line, its environment variable (getenv), and validates the
// result. Errors name the flag, its variable and what is accepted. --help
// writes the usage to out and returns flag.ErrHelp.
func parseOptions(args []string, getenv func(string) string, out io.Writer) (*options, error) {
	o := &options{}
	fs := newFlagSet(o, out)
	if err := parseArgs(fs, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
		}
		return nil, err
	}
	if o.version {
		return o, nil
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		if set[f.Name] || noEnv[f.Name] {
			return
		}
		if v := getenv(envName(f.Name)); v != "" {
			if err := fs.Set(f.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("--%s (%s, from the environment): %w", f.Name, envName(f.Name), err))
			}
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return o, o.validate()
}

func (o *options) validate() error {
	var errs []error
	reported := map[string]bool{}
	bad := func(flagName, format string, args ...any) {
		reported[flagName] = true
		errs = append(errs, fmt.Errorf("--%s (%s): %s", flagName, envName(flagName), fmt.Sprintf(format, args...)))
	}
	for _, l := range []struct{ name, v string }{{"listen", o.listen}, {"admin-listen", o.adminListen}} {
		if _, port, err := net.SplitHostPort(l.v); err != nil || port == "" {
			bad(l.name, "%q: want host:port, e.g. 127.0.0.1:8080 (port 0 picks a free one)", l.v)
		}
	}
	if o.listen == o.adminListen && !strings.HasSuffix(o.listen, ":0") {
		bad("admin-listen", "%q: the same address as --listen; want a separate one", o.adminListen)
	}
	if o.upstream != "" {
		u, err := url.Parse(o.upstream)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("upstream", "%q: want an absolute http or https URL, e.g. http://127.0.0.1:4444", o.upstream)
		} else {
			o.upstreamURL = u
		}
	}
	if p, err := parseTrustedProxies(o.trustedProxies); err != nil {
		bad("trusted-proxies", "%v", err)
	} else {
		o.proxies = p
	}
	if _, ok := fleetTiers[o.fleetTiers]; !ok {
		bad("fleet-tiers", "%q: want enforce, count or off", o.fleetTiers)
	}
	if o.mode != "" {
		if _, err := policy.ParseMode(o.mode); err != nil {
			bad("mode", "%q: want enforce or dry-run", o.mode)
		}
	}
	if o.mongoURI != "" && !strings.HasPrefix(o.mongoURI, "mongodb://") && !strings.HasPrefix(o.mongoURI, "mongodb+srv://") {
		bad("mongo-uri", "want a mongodb:// or mongodb+srv:// URI") // the value may hold a password: not echoed
	} else if o.mongoURI != "" {
		// The database the URI names is the one used, unless
		// --mongo-database names another: then neither is guessed (an
		// outside audit's counts went to oauth_ratelimit, the URI's
		// database ignored without a word).
		switch db, err := uriDatabase(o.mongoURI); {
		case err != nil:
			bad("mongo-uri", "%v", err)
		case o.mongoDatabase == "":
			o.mongoDatabase = cmp.Or(db, defaultMongoDatabase)
		case db != "" && db != o.mongoDatabase:
			bad("mongo-database", "%q, where --mongo-uri names database %q: set one, or the same in both", o.mongoDatabase, db)
		}
	}
	if o.shutdownTimeout <= 0 {
		bad("shutdown-timeout", "%v: want a positive duration, e.g. 10s", o.shutdownTimeout)
	}
	// The flags that become Config fields are checked by Config.Validate,
	// below, except for one rule of the command line's own: Config reads a
	// zero as "the default", but a flag's default is written out (--help
	// shows it), so a flag set to zero, or less, is refused as a mistake.
	// A flag with bounds of Config's is checked against them here, so that
	// its message does not offer the 0 this refuses (an outside audit).
	for _, f := range []struct {
		name  string
		ok    bool
		value any
		want  string
	}{
		{"token-path", o.tokenPath != "", `""`, "a clean absolute path"},
		{"max-body-bytes", o.maxBodyBytes > 0 && o.maxBodyBytes <= oauthratelimit.MaxBufferedBytes, o.maxBodyBytes, fmt.Sprintf("1 up to %d", oauthratelimit.MaxBufferedBytes)},
		{"max-keys", o.maxKeys > 0, o.maxKeys, "a positive count"},
		{"sync-interval", o.syncInterval >= syncer.MinInterval, o.syncInterval, syncer.MinInterval.String() + " or more"},
		{"read-timeout", o.readTimeout > 0, o.readTimeout, "a positive duration"},
		{"idle-timeout", o.idleTimeout > 0, o.idleTimeout, "a positive duration"},
		{"upstream-timeout", o.upstreamTimeout > 0, o.upstreamTimeout, "a positive duration"},
		{"final-flush-timeout", o.finalFlushTimeout > 0, o.finalFlushTimeout, "a positive duration"},
		{"outage-after", o.outageAfter > 0, o.outageAfter, "a positive duration"},
		{"clock-tick", o.clockTick >= 0 && o.clockTick <= oauthratelimit.MaxClockTick, o.clockTick, "0 (the clock read per request) up to " + oauthratelimit.MaxClockTick.String()},
		// Config takes 0 (its default, 50) and any negative (every key);
		// the flag, as --help says, 1 to 100 or -1.
		{"hot-percent", o.hotPercent == -1 || (o.hotPercent >= 1 && o.hotPercent <= 100), o.hotPercent, "1 to 100, or -1 (every key in use at every sync)"},
		// Config takes any negative as none from the start; the flag, as
		// --help says, 0 for that.
		{"policy-gauge-clients", o.policyGauges >= 0, o.policyGauges, "a count of clients, or 0 (no client from the start, only those counted)"},
	} {
		if !f.ok {
			bad(f.name, "%v: want %s; leave the flag out for its default", f.value, f.want)
		}
	}
	cfg := o.config()
	if err := cfg.Validate(); err != nil {
		list := []error{err}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			list = j.Unwrap()
		}
		for _, e := range list {
			var fe *oauthratelimit.FieldError
			switch {
			case !errors.As(e, &fe) || configFlags[fe.Field] == "":
				errs = append(errs, e)
			case !reported[configFlags[fe.Field]]:
				bad(configFlags[fe.Field], "%s: want %s", fe.Value, fe.Want)
			}
		}
	}
	if err := o.level.UnmarshalText([]byte(o.logLevel)); err != nil {
		bad("log-level", "%q: want debug, info, warn or error", o.logLevel)
	}
	if o.upstream != "" && o.demoClients != "" {
		bad("demo-clients", "the demo endpoint is not served with --upstream; set one or the other")
	}
	if o.upstream == "" && len(o.proxies) > 0 {
		bad("trusted-proxies", "the demo endpoint forwards nothing: want --upstream with it, or leave it out")
	}
	return errors.Join(errs...)
}

// shutdownCutsUpstream reports whether, in proxy mode, a stop's deadline
// may come before the upstream's answer to a request in flight at SIGTERM:
// --shutdown-timeout not above --upstream-timeout. Such a request is cut
// at the deadline (503) though the upstream, which has it, may still
// answer it within --upstream-timeout and issue a token that no count
// holds, and that the client would have had without the stop; with the
// timeouts the other way round it ends as it would have without the stop,
// answered or refused with --upstream-timeout's 504 (TestE2EShutdownTimeoutOrder).
// The server warns rather than refuses: a short stop is a choice an
// operator may make, at that price. The body of an answer is not bounded
// as a whole (a body that keeps coming is never cut), so no order saves
// every answer from the cut; one whose status is in hand is settled by it
// (a 2xx counted).
func (o *options) shutdownCutsUpstream() bool {
	return o.upstreamURL != nil && o.shutdownTimeout <= o.upstreamTimeout
}

// configFlags names the flag of each Config field that one sets and
// Config.Validate checks. (--instance is checked by New, through the
// syncer.)
var configFlags = map[string]string{
	"SyncInterval":      "sync-interval",
	"FinalFlushTimeout": "final-flush-timeout",
	"OutageAfter":       "outage-after",
	"HotPercent":        "hot-percent",
	"FleetTiers":        "fleet-tiers",
	"TokenPath":         "token-path",
	"MaxBodyBytes":      "max-body-bytes",
	"MaxKeys":           "max-keys",
	"CORSOrigins":       "cors-origins",
}

// config returns the limiter's Config as the options set it. The server
// adds what is not a flag (policy, store, logger,
// registry, proxy mode).
func (o *options) config() oauthratelimit.Config {
	gaugeClients := o.policyGauges
	if gaugeClients == 0 {
		gaugeClients = -1 // Config's 0 is the default
	}
	var normalize func([]byte, string) []byte
	if o.foldUsernames {
		normalize = oauthratelimit.AppendLower
	}
	return oauthratelimit.Config{
		NormalizeUsername:  normalize,
		Instance:           o.instance,
		SyncInterval:       o.syncInterval,
		FinalFlushTimeout:  o.finalFlushTimeout,
		OutageAfter:        o.outageAfter,
		HotPercent:         o.hotPercent,
		NoLiveWriters:      !o.shareNewKeys,
		Version:            versionString(),
		TokenPath:          o.tokenPath,
		MaxBodyBytes:       o.maxBodyBytes,
		MaxKeys:            o.maxKeys,
		CORSOrigins:        splitList(o.corsOrigins),
		OmitLegacyHeaders:  !o.legacyHeaders,
		LogUserNames:       o.logUserNames,
		PolicyGaugeClients: gaugeClients,
		FleetTiers:         fleetTiers[o.fleetTiers],
	}
}

// fleetTiers maps --fleet-tiers' values to Config.FleetTiers.
var fleetTiers = map[string]oauthratelimit.FleetTiers{
	"enforce": oauthratelimit.FleetTiersEnforce,
	"count":   oauthratelimit.FleetTiersCount,
	"off":     oauthratelimit.FleetTiersIgnore,
}

// splitList splits a comma-separated flag value, dropping blanks.
func splitList(v string) []string {
	var out []string
	for f := range strings.SplitSeq(v, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// policyFile decides, once at start, where the policy comes from: --policy,
// else ./policy.example.yaml if it exists then, else "" for the built-in
// policy. Reloads read the same file and never fall back to another source.
func (o *options) policyFile() string {
	if o.policyPath != "" {
		return o.policyPath
	}
	if _, err := os.Stat(defaultPolicyFile); err == nil {
		return defaultPolicyFile
	}
	return ""
}

// hostRefused reports whether the driver refuses h, a host of a
// connection string, as connstring's sanitizeHost does: it unescapes h
// (a bad escape refused; "admin%3As3c" is the host admin with the port
// s3c), splits off the port, and refuses one that is not a number in
// 1-65535 ("admin:99999" too, a password of digits).
func hostRefused(h string) bool {
	u, err := url.QueryUnescape(h)
	if err != nil {
		return true
	}
	_, port, err := net.SplitHostPort(u)
	if err != nil {
		var ae *net.AddrError
		return !errors.As(err, &ae) || ae.Err != "missing port in address"
	}
	n, err := strconv.Atoi(port)
	return port != "" && (err != nil || n <= 0 || n >= 65536)
}

// defaultMongoDatabase is the database of the counters when neither
// --mongo-database nor --mongo-uri names one.
const defaultMongoDatabase = "oauth_ratelimit"

// uriDatabase returns the database a mongodb:// or mongodb+srv:// URI names
// in its path (mongodb://[user:password@]hosts/db?options), "" if none, read
// as the driver reads it (connstring's parse: the user information ends at
// the first @, the hosts at the first / or ?, the database at the first ?
// after them), from the string only: the driver's parser would look an SRV
// name up. The driver checks the rest when it connects. The error never
// quotes the URI or a part of it, which may hold a password; nor is a
// database returned, which --mongo-database's error quotes, from a string
// without an '@' that has a host the driver refuses (hostRefused: a port,
// written or escaped as %3A, that is not a number in 1-65535): that is a
// user name and password without their '@' and hosts
// ("mongodb://admin:s3c/ret", "mongodb://admin%3A99999/ret"), which the
// driver refuses (mongostore says so without them), and its "database" a
// part of the password.
func uriDatabase(uri string) (string, error) {
	_, rest, _ := strings.Cut(uri, "://")
	if _, after, ok := strings.Cut(rest, "@"); ok {
		rest = after
	}
	i := strings.IndexAny(rest, "/?")
	if i < 0 || rest[i] == '?' {
		return "", nil // no path: the driver refuses a ? not after a /, when it connects
	}
	if !strings.Contains(uri, "@") && slices.ContainsFunc(strings.Split(rest[:i], ","), hostRefused) {
		return "", nil
	}
	path, _, _ := strings.Cut(rest[i+1:], "?")
	db, err := url.QueryUnescape(path)
	if err != nil || strings.ContainsAny(db, `/\. "$`) {
		return "", errors.New(`the database its path names is not a MongoDB database name: want one without /, \\, ., space, " or $ (escaped as %XX where the URI needs it)`)
	}
	return db, nil
}

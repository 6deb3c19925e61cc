package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strings"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
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
	upstream        string
	tokenPath       string
	policyFile      string
	mode            string
	demoClients     string
	maxBodyBytes    int64
	mongoURI        string
	mongoDatabase   string
	instance        string
	syncInterval    time.Duration
	shutdownTimeout time.Duration
	// finalFlushTimeout is oauthratelimit.Config.FinalFlushTimeout.
	finalFlushTimeout time.Duration
	logLevel          string

	upstreamURL *url.URL
	level       slog.Level
}

func envName(flagName string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

func newFlagSet(o *options, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("oauth-ratelimit", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.listen, "listen", "127.0.0.1:8080", "`address` (host:port) of the token endpoint (and, with --upstream, of every proxied path)")
	fs.StringVar(&o.adminListen, "admin-listen", "127.0.0.1:9090", "`address` (host:port) of /metrics, /healthz, /readyz and /admin/mode; keep it private")
	fs.StringVar(&o.upstream, "upstream", "", "`URL` of the OAuth server to proxy to (http or https); empty: serve the built-in demo token endpoint")
	fs.StringVar(&o.tokenPath, "token-path", oauthratelimit.DefaultTokenPath, "`path` of the token endpoint; only POST requests to it are limited")
	fs.StringVar(&o.policyFile, "policy", "", "policy `file` (YAML, see policy.example.yaml); default: ./"+defaultPolicyFile+" if it exists, else the built-in policy")
	fs.StringVar(&o.mode, "mode", "", "override the policy's global `mode`: enforce or dry-run (clients with their own mode keep it)")
	fs.StringVar(&o.demoClients, "demo-clients", "", "demo clients `file` of the built-in token endpoint; default: the embedded demo-clients.yaml")
	fs.Int64Var(&o.maxBodyBytes, "max-body-bytes", oauthratelimit.DefaultMaxBodyBytes, "largest token request body in `bytes`; larger ones get 413")
	fs.StringVar(&o.mongoURI, "mongo-uri", "", "MongoDB connection `URI` shared by all instances; empty: counts stay in this process")
	fs.StringVar(&o.mongoDatabase, "mongo-database", "oauth_ratelimit", "MongoDB `database` of the counters collection")
	fs.StringVar(&o.instance, "instance", "", "`name` of this instance in the shared store (A-Z a-z 0-9 _ : -, up to 64); default: host, pid and a random suffix")
	fs.DurationVar(&o.syncInterval, "sync-interval", time.Second, "time between flushes to and pulls from the store (a `duration` such as 1s or 500ms)")
	fs.DurationVar(&o.shutdownTimeout, "shutdown-timeout", 10*time.Second, "on SIGTERM or SIGINT, how long in-flight requests may take to finish (a `duration`)")
	fs.DurationVar(&o.finalFlushTimeout, "final-flush-timeout", 5*time.Second, "on shutdown, after the requests have finished, how long the last flush of counts to the store may take (a `duration`)")
	fs.StringVar(&o.logLevel, "log-level", "info", "least `level` logged (JSON on stderr): debug, info, warn or error")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprint(w, `oauth-ratelimit limits the tokens an OAuth 2.0 token endpoint issues, per client
and per (client, user), and counts only the tokens actually issued.

Usage:
  oauth-ratelimit [flags]                 built-in demo token endpoint (try it: see README.md)
  oauth-ratelimit --upstream URL [flags]  reverse proxy in front of an OAuth server

Signals: SIGTERM/SIGINT shut down gracefully; SIGHUP reloads the policy file.
Admin (on --admin-listen): GET /metrics, /healthz, /readyz; GET /admin/mode;
POST /admin/mode?mode=enforce|dry-run switches the global mode at run time,
through policy reloads; DELETE /admin/mode drops the switch (and --mode).

Every flag can be set in the environment instead; a flag on the command line wins.

Flags:
`)
		fs.VisitAll(func(f *flag.Flag) {
			name, usage := flag.UnquoteUsage(f)
			fmt.Fprintf(w, "  --%s %s\n", f.Name, name)
			fmt.Fprintf(w, "      %s\n", usage)
			fmt.Fprintf(w, "      env %s", envName(f.Name))
			if f.DefValue != "" {
				fmt.Fprintf(w, ", default %s", f.DefValue)
			}
			fmt.Fprintln(w)
		})
	}
	return fs
}

// parseOptions reads flags from args, then, for every flag not on the
// command line, its environment variable (getenv), and validates the
// result. Errors name the flag or variable and what is accepted.
func parseOptions(args []string, getenv func(string) string, out io.Writer) (*options, error) {
	o := &options{}
	fs := newFlagSet(o, out)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q: every setting is a --flag (see --help)", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		if set[f.Name] {
			return
		}
		if v := getenv(envName(f.Name)); v != "" {
			if err := fs.Set(f.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: %v", envName(f.Name), v, err))
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
	if o.mode != "" {
		if _, err := policy.ParseMode(o.mode); err != nil {
			bad("mode", "%q: want enforce or dry-run", o.mode)
		}
	}
	if o.mongoURI != "" && !strings.HasPrefix(o.mongoURI, "mongodb://") && !strings.HasPrefix(o.mongoURI, "mongodb+srv://") {
		bad("mongo-uri", "want a mongodb:// or mongodb+srv:// URI") // the value may hold a password: not echoed
	}
	if o.shutdownTimeout <= 0 {
		bad("shutdown-timeout", "%v: want a positive duration, e.g. 10s", o.shutdownTimeout)
	}
	// The flags that become Config fields are checked by Config.Validate,
	// below, except for one rule of the command line's own: Config reads a
	// zero as "the default", but a flag's default is written out (--help
	// shows it), so a flag set to zero, or less, is refused as a mistake.
	for _, f := range []struct {
		name  string
		ok    bool
		value any
		want  string
	}{
		{"token-path", o.tokenPath != "", `""`, "a clean absolute path"},
		{"max-body-bytes", o.maxBodyBytes > 0, o.maxBodyBytes, "a positive size"},
		{"sync-interval", o.syncInterval > 0, o.syncInterval, "a positive duration"},
		{"final-flush-timeout", o.finalFlushTimeout > 0, o.finalFlushTimeout, "a positive duration"},
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
	return errors.Join(errs...)
}

// configFlags names the flag of each Config field that one sets and
// Config.Validate checks. (--instance is checked by New, through the
// syncer.)
var configFlags = map[string]string{
	"SyncInterval":      "sync-interval",
	"FinalFlushTimeout": "final-flush-timeout",
	"TokenPath":         "token-path",
	"MaxBodyBytes":      "max-body-bytes",
}

// config returns the limiter's Config as the options set it. The server
// adds what is not a flag (policy, store, logger,
// registry, proxy mode).
func (o *options) config() oauthratelimit.Config {
	return oauthratelimit.Config{
		Instance:          o.instance,
		SyncInterval:      o.syncInterval,
		FinalFlushTimeout: o.finalFlushTimeout,
		TokenPath:         o.tokenPath,
		MaxBodyBytes:      o.maxBodyBytes,
	}
}

// loadPolicy loads the policy named by the options. It returns the policy
// and the file it came from ("" for the built-in policy).
func (o *options) loadPolicy() (*policy.Policy, string, error) {
	file := o.policyFile
	if file == "" {
		if _, err := os.Stat(defaultPolicyFile); err == nil {
			file = defaultPolicyFile
		}
	}
	p := policy.Default()
	if file != "" {
		var err error
		if p, err = policy.Load(file); err != nil {
			return nil, "", fmt.Errorf("--policy (%s): %w", envName("policy"), err)
		}
	}
	return p, file, nil
}

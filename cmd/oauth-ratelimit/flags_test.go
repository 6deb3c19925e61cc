package main

import (
	"bytes"
	"context"
	"flag"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/connstring"

	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
)

// runCLI runs the command in this process with args and the environment
// env ("NAME=value"), and returns its exit code, stdout and stderr. It is
// for the cases that exit before serving.
func runCLI(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	vars := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	var stdout, stderr bytes.Buffer
	// A case that should not start the server and does stops after 5 s,
	// with exit 0: the test fails rather than hangs.
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	code := run(ctx, args, func(k string) string { return vars[k] }, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestFlagErrors: an error in a flag or its variable, of every flag type,
// exits 2 with one line on stderr naming the flag (with --), its variable
// and what is accepted; nothing on stdout, no usage dump.
func TestFlagErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  []string
		want []string // each must appear in stderr
	}{
		{"duration", []string{"--sync-interval", "5"}, nil,
			[]string{"--sync-interval (OAUTH_RATELIMIT_SYNC_INTERVAL)", `"5"`, "want a duration such as 1s"}},
		{"duration with equals", []string{"--shutdown-timeout=soon"}, nil,
			[]string{"--shutdown-timeout (OAUTH_RATELIMIT_SHUTDOWN_TIMEOUT)", `"soon"`, "want a duration"}},
		{"duration from the environment", nil, []string{"OAUTH_RATELIMIT_FINAL_FLUSH_TIMEOUT=5"},
			[]string{"--final-flush-timeout (OAUTH_RATELIMIT_FINAL_FLUSH_TIMEOUT, from the environment)", `"5"`, "want a duration"}},
		{"no keys", []string{"--max-keys", "0"}, nil,
			[]string{"--max-keys (OAUTH_RATELIMIT_MAX_KEYS)", "0: want a positive count"}},
		{"integer", []string{"--max-body-bytes", "64k"}, nil,
			[]string{"--max-body-bytes (OAUTH_RATELIMIT_MAX_BODY_BYTES)", `"64k"`, "want a whole number"}},
		{"integer from the environment", nil, []string{"OAUTH_RATELIMIT_MAX_BODY_BYTES=lots"},
			[]string{"--max-body-bytes (OAUTH_RATELIMIT_MAX_BODY_BYTES, from the environment)", `"lots"`, "want a whole number"}},
		{"bool", []string{"--require-store=maybe"}, nil,
			[]string{"--require-store (OAUTH_RATELIMIT_REQUIRE_STORE)", `"maybe"`, "want true or false"}},
		{"bool from the environment", nil, []string{"OAUTH_RATELIMIT_POLICY_WATCH=yes"},
			[]string{"--policy-watch (OAUTH_RATELIMIT_POLICY_WATCH, from the environment)", `"yes"`, "want true or false"}},
		{"string with a set of values", []string{"--mode", "off"}, nil,
			[]string{"--mode (OAUTH_RATELIMIT_MODE)", `"off"`, "want enforce or dry-run"}},
		{"fleet tiers", []string{"--fleet-tiers", "strict"}, nil,
			[]string{"--fleet-tiers (OAUTH_RATELIMIT_FLEET_TIERS)", `"strict"`, "want enforce, count or off"}},
		{"string address", []string{"--listen", "8080"}, nil,
			[]string{"--listen (OAUTH_RATELIMIT_LISTEN)", `"8080"`, "want host:port"}},
		{"string level from the environment", nil, []string{"OAUTH_RATELIMIT_LOG_LEVEL=loud"},
			[]string{"--log-level (OAUTH_RATELIMIT_LOG_LEVEL)", `"loud"`, "want debug, info, warn or error"}},
		{"missing value", []string{"--sync-interval"}, nil,
			[]string{"--sync-interval (OAUTH_RATELIMIT_SYNC_INTERVAL)", "missing value", "want --sync-interval duration"}},
		{"unknown flag", []string{"--sync-intervall", "1s"}, nil,
			[]string{`unknown flag "--sync-intervall"`, "see --help"}},
		{"stray argument", []string{"serve"}, nil,
			[]string{`unexpected argument "serve"`, "--flag"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tt.env, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr does not say %q:\n%s", w, stderr)
				}
			}
			if stdout != "" {
				t.Errorf("stdout %q, want nothing", stdout)
			}
			if strings.Contains(stderr, "Usage") || strings.Contains(stderr, "parse error") || strings.Count(stderr, "\n") > 1 {
				t.Errorf("stderr is more than the one line of the error:\n%s", stderr)
			}
		})
	}
}

// TestStartupFileErrors: a policy or demo-clients file that cannot be used,
// or a connection string the driver refuses, stops the start with exit 2
// and a plain message naming the flag (and the file's line), not a JSON log
// record.
func TestStartupFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "policy.yaml")
	must(t, os.WriteFile(bad, []byte("mode: enforce\ndefaults:\n  client:\n    - limit: -1\n      window: 1m\n"), 0o600))
	badClients := filepath.Join(dir, "clients.yaml")
	must(t, os.WriteFile(badClients, []byte("clients: [\n"), 0o600))
	type startCase struct {
		name string
		args []string
		want []string
	}
	tests := []startCase{
		{"invalid policy", []string{"--policy", bad}, []string{"oauth-ratelimit: --policy (OAUTH_RATELIMIT_POLICY): ", bad + ":4: defaults.client[0].limit"}},
		{"missing policy", []string{"--policy", filepath.Join(dir, "none.yaml")}, []string{"--policy (OAUTH_RATELIMIT_POLICY): ", "no such file"}},
		{"invalid demo clients", []string{"--demo-clients", badClients}, []string{"--demo-clients (OAUTH_RATELIMIT_DEMO_CLIENTS): ", badClients}},
		{"connection string the driver refuses", []string{"--mongo-uri", "mongodb://u:hunter2@127.0.0.1/?connectTimeoutMS=soon"}, []string{"--mongo-uri (OAUTH_RATELIMIT_MONGO_URI): ", "not a valid MongoDB connection string", `"connectTimeoutMS": "soon"`}},
	}
	// An address another process listens on (an outside audit, helper-66:
	// exit 1 and a JSON record, the variable not named).
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	tests = append(tests,
		startCase{"listen address taken", []string{"--listen", taken.Addr().String()}, []string{"oauth-ratelimit: --listen (OAUTH_RATELIMIT_LISTEN): ", "address already in use"}},
		startCase{"admin address taken", []string{"--admin-listen", taken.Addr().String()}, []string{"oauth-ratelimit: --admin-listen (OAUTH_RATELIMIT_ADMIN_LISTEN): ", "address already in use"}},
	)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCLI(t, nil, append([]string{"--listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0"}, tt.args...)...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr does not say %q:\n%s", w, stderr)
				}
			}
			if strings.Contains(stderr, `"level"`) || strings.Contains(stderr, "hunter2") {
				t.Errorf("a log record, not a plain message, or a password echoed:\n%s", stderr)
			}
		})
	}
}

// TestHelp: --help (and -h) writes the usage on stdout and exits 0; it
// documents every flag with its variable, and every admin endpoint the
// admin listener serves.
func TestHelp(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "-help"} {
		t.Run(arg, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, nil, arg)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q; want 0 and nothing", code, stderr)
			}
			fs := newFlagSet(&options{}, nil)
			fs.VisitAll(func(f *flag.Flag) {
				if !regexp.MustCompile(`(?m)^  --` + regexp.QuoteMeta(f.Name) + `( |$)`).MatchString(stdout) {
					t.Errorf("--help does not document --%s", f.Name)
				}
				if !noEnv[f.Name] && !strings.Contains(stdout, "env "+envName(f.Name)) {
					t.Errorf("--help does not name %s", envName(f.Name))
				}
			})
			for _, e := range admin.Endpoints() {
				shown := strings.TrimSuffix(e.Pattern, "{$}") // see usage
				if !strings.Contains(stdout, "\n  "+shown+"\n") {
					t.Errorf("--help does not list the admin endpoint %s (as %s)", e.Pattern, shown)
				}
			}
		})
	}
}

// TestVersion: --version prints the module version and the VCS revision
// from the build information, on stdout, and exits 0.
func TestVersion(t *testing.T) {
	code, stdout, stderr := runCLI(t, nil, "--version")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.HasPrefix(stdout, "oauth-ratelimit ") || !strings.Contains(stdout, "(revision ") {
		t.Errorf("--version printed %q", stdout)
	}
	// The variable does not make a server print its version and exit.
	if code, stdout, _ := runCLI(t, []string{"OAUTH_RATELIMIT_VERSION=true"}, "--listen", "x"); code != 2 || stdout != "" {
		t.Errorf("OAUTH_RATELIMIT_VERSION=true: exit %d, stdout %q; want the flag error (2) and no version", code, stdout)
	}
}

// TestMongoDatabase: the database the counters go to is --mongo-database,
// else the one --mongo-uri names, else oauth_ratelimit; the two naming
// different ones is an error, not a guess (an outside audit's counts went
// to oauth_ratelimit, the URI's database ignored without a word).
func TestMongoDatabase(t *testing.T) {
	for _, tc := range []struct {
		name, uri, flag, want, err string
	}{
		{"neither", "mongodb://127.0.0.1:27017", "", "oauth_ratelimit", ""},
		{"empty path", "mongodb://127.0.0.1:27017/?replicaSet=rs0", "", "oauth_ratelimit", ""},
		{"the URI's", "mongodb://u:p%2Fw@a:1,b:2/limits?authSource=admin", "", "limits", ""},
		{"SRV, not looked up", "mongodb+srv://cluster.example.invalid/limits", "", "limits", ""},
		{"the flag's", "mongodb://127.0.0.1:27017", "counts", "counts", ""},
		{"both, the same", "mongodb://127.0.0.1:27017/counts", "counts", "counts", ""},
		{"both, different", "mongodb://u:hunter2@127.0.0.1:27017/limits", "counts", "", `--mongo-database (OAUTH_RATELIMIT_MONGO_DATABASE): "counts", where --mongo-uri names database "limits"`},
		{"not a database name", "mongodb://u:hunter2@127.0.0.1:27017/a.b", "", "", "--mongo-uri (OAUTH_RATELIMIT_MONGO_URI): the database its path names is not a MongoDB database name"},
		// The driver ends the user information at the first @: a ? in a
		// password hid the database, and a / before it had the rest of
		// the password read as one, and quoted (h7-review).
		{"a ? in the password", "mongodb://u:pa?ss@127.0.0.1:27017/limits", "", "limits", ""},
		{"a / and a ? in the password", "mongodb://u:p/secret?x@127.0.0.1:27017/limits", "counts", "", `where --mongo-uri names database "limits"`},
		// A user name and password without their '@' and hosts: the
		// driver reads a host and a port, and a path after a '/' in the
		// password; that "database" was quoted (helper-81). The driver
		// refuses the string when the server starts.
		{"no '@', a / in the password", "mongodb://admin:s3c/secret", "counts", "counts", ""},
		{"no '@', a / in the password, no flag", "mongodb://admin:s3c/secret", "", "oauth_ratelimit", ""},
		// The driver unescapes a host before it splits off the port, and
		// refuses a port out of 1-65535 as it refuses one that is not a
		// number (sanitizeHost): each "database" was a part of the
		// password, quoted.
		{"no '@', an escaped ':' before the password", "mongodb://admin%3As3c/secret", "counts", "counts", ""},
		{"no '@', an escaped ':' in lower case", "mongodb://admin%3as3c/secret", "counts", "counts", ""},
		{"no '@', a password of digits past a port's range", "mongodb://admin:99999/secret", "counts", "counts", ""},
		{"no '@', a port of 0", "mongodb://admin:0/secret", "counts", "counts", ""},
		{"no '@', a bad escape in the host", "mongodb://admin%3As3%zz/secret", "counts", "counts", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"--mongo-uri", tc.uri}
			if tc.flag != "" {
				args = append(args, "--mongo-database", tc.flag)
			}
			var o options
			fs := newFlagSet(&o, new(strings.Builder))
			if err := parseArgs(fs, args); err != nil {
				t.Fatal(err)
			}
			err := o.validate()
			switch {
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("validate() = %v, want an error saying %s", err, tc.err)
			case tc.err != "" && (strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "secret")):
				t.Errorf("the password, or a part of it, echoed: %v", err)
			case tc.err == "" && err != nil:
				t.Fatal(err)
			case tc.err == "" && o.mongoDatabase != tc.want:
				t.Errorf("database %q, want %q", o.mongoDatabase, tc.want)
			}
		})
	}
}

// TestURIDatabaseAsTheDriverReadsIt: uriDatabase, which reads the string
// alone, names the database the driver's parser names, for URIs the driver
// accepts (not SRV ones: the parser would look them up).
func TestURIDatabaseAsTheDriverReadsIt(t *testing.T) {
	for _, uri := range []string{
		"mongodb://127.0.0.1",
		"mongodb://127.0.0.1/",
		"mongodb://127.0.0.1/?replicaSet=rs0",
		"mongodb://a:1,b:2,c:3/limits?replicaSet=rs0&w=majority",
		"mongodb://u:p%40ss@h/limits",
		"mongodb://u:pa?ss@h/limits",
		"mongodb://u:pa?ss@h/?authSource=admin",
		"mongodb://u@h:27017/li%6Dits",
		"mongodb://u:p%2Fw@[::1]:27017/limits?tls=true",
	} {
		cs, err := connstring.Parse(uri)
		if err != nil {
			t.Fatalf("the driver refuses %s: %v", uri, err)
		}
		if got, err := uriDatabase(uri); err != nil || got != cs.Database {
			t.Errorf("uriDatabase(%s) = %q, %v; the driver reads %q", uri, got, err, cs.Database)
		}
	}
	// Without an '@', a host the driver refuses is a user name and
	// password: no database is read from the rest of the password.
	for _, uri := range []string{
		"mongodb://admin:s3c/secret",
		"mongodb://admin%3As3c/secret",
		"mongodb://admin%3as3c/secret",
		"mongodb://admin:99999/secret",
		"mongodb://admin:0/secret",
		"mongodb://admin%3As3%zz/secret",
		"mongodb://a:1,admin:s3c/secret",
	} {
		if _, err := connstring.Parse(uri); err == nil {
			t.Errorf("the driver accepts %s", uri)
		}
		if got, err := uriDatabase(uri); err != nil || got != "" {
			t.Errorf("uriDatabase(%s) = %q, %v; want none", uri, got, err)
		}
	}
}

// kubernetesGrace is Kubernetes' default terminationGracePeriodSeconds:
// the time a pod has from SIGTERM to SIGKILL unless its spec says more.
const kubernetesGrace = 30 * time.Second

// maxStop is the longest a graceful stop takes with the settings of o, from
// SIGTERM to exit: the requests' drain (--shutdown-timeout), the wait for
// those cut at its deadline to end, the admin calls' drain, the final
// flush, the admin listener's close (its scrapes and probes) and the
// store's disconnection. An orchestrator's grace period must be longer, or
// it kills the process before its final flush has written the counts.
func maxStop(o *options) time.Duration {
	return o.shutdownTimeout + shutdownCutGrace + adminShutdownTimeout + o.finalFlushTimeout + adminShutdownTimeout + storeCloseTimeout
}

// TestDefaultTimeoutsInOrder: the defaults are in the order a stop of the
// proxy needs. --shutdown-timeout is above --upstream-timeout, so that a
// request in flight at SIGTERM ends as it would without the stop (the
// upstream's answer, or the 504 of --upstream-timeout), not cut at the
// shutdown's deadline with a 503 while the upstream may still issue its
// token (the defaults were 10 s and 30 s: helper-111, session 26); and the
// whole stop fits Kubernetes' default grace period.
func TestDefaultTimeoutsInOrder(t *testing.T) {
	o, err := parseOptions([]string{"--upstream", "http://127.0.0.1:4444"}, func(string) string { return "" }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.shutdownCutsUpstream() {
		t.Errorf("default --shutdown-timeout %v is not above the default --upstream-timeout %v: a stop cuts requests the upstream would answer", o.shutdownTimeout, o.upstreamTimeout)
	}
	if stop := maxStop(o); stop >= kubernetesGrace {
		t.Errorf("with the defaults a stop takes up to %v, not less than Kubernetes' default grace period %v", stop, kubernetesGrace)
	}
}

// TestREADMEFlagTable: README's table of flags (under "### Flags") has a
// row for every flag the server has, and none for a flag it does not, each
// with the default --help prints ("—" for none, and for a command such as
// --version), so that the table a reader looks a flag up in cannot fall
// behind the code.
func TestREADMEFlagTable(t *testing.T) {
	rows := readmeFlagRows(t, string(readRepoFile(t, "README.md")))
	fs := newFlagSet(&options{}, nil)
	fs.VisitAll(func(f *flag.Flag) {
		got, ok := rows[f.Name]
		if !ok {
			t.Errorf("README's flag table (### Flags) has no row for --%s", f.Name)
			return
		}
		delete(rows, f.Name)
		want := "`" + f.DefValue + "`"
		if f.DefValue == "" || noEnv[f.Name] {
			want = "—"
		}
		if got != want {
			t.Errorf("README's flag table gives --%s the default %s; --help says %s", f.Name, got, want)
		}
	})
	for name := range rows {
		t.Errorf("README's flag table has a row for --%s, which the server does not have", name)
	}
}

// readmeFlagRows returns the default column of each row of the table that
// follows README's "### Flags" heading, by flag name without the dashes.
func readmeFlagRows(t *testing.T, readme string) map[string]string {
	t.Helper()
	_, after, ok := strings.Cut(readme, "\n### Flags\n")
	if !ok {
		t.Fatal(`README.md has no "### Flags" heading`)
	}
	row := regexp.MustCompile("^\\| `--([a-z-]+)` \\| ([^|]*) \\|")
	rows := map[string]string{}
	inTable := false
	for line := range strings.Lines(after) {
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break // the table ended
			}
			continue
		}
		inTable = true
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue // the header and its separator
		}
		if _, dup := rows[m[1]]; dup {
			t.Errorf("README's flag table has two rows for --%s", m[1])
		}
		rows[m[1]] = strings.TrimSpace(m[2])
	}
	if len(rows) == 0 {
		t.Fatal(`README.md's "### Flags" is followed by no table of flags`)
	}
	return rows
}

// A start refused after the listeners are open (the admin address taken,
// a connection string the driver refuses) closes them: the addresses are
// free again once run has returned (a supervisor restarting the process
// in the same namespace, a test starting the next server).
func TestStartupFailureFreesTheListeners(t *testing.T) {
	free := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		return l.Addr().String()
	}
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, tc := range []struct {
		name string
		args func(listen, admin string) []string
	}{
		{"admin address taken", func(listen, _ string) []string {
			return []string{"--listen", listen, "--admin-listen", taken.Addr().String()}
		}},
		{"connection string the driver refuses", func(listen, admin string) []string {
			return []string{"--listen", listen, "--admin-listen", admin, "--mongo-uri", "mongodb://127.0.0.1/?connectTimeoutMS=soon"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			listen, admin := free(), free()
			if code, _, stderr := runCLI(t, nil, tc.args(listen, admin)...); code != 2 {
				t.Fatalf("exit %d, want 2; stderr: %s", code, stderr)
			}
			for _, addr := range []string{listen, admin} {
				l, err := net.Listen("tcp", addr)
				if err != nil {
					t.Errorf("%s after the refused start: %v, want it free", addr, err)
					continue
				}
				l.Close()
			}
		})
	}
}

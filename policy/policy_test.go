package policy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		path     string // the field path; "" for syntax errors
		want     string // part of the message
	}{
		{"top level not a mapping", "- a", 1, "", "want a mapping with keys mode, defaults, costs, clients"},
		{"unknown top field", "mode: enforce\nlimits: 1", 2, "limits", "unknown field; want one of mode, defaults, costs, clients"},
		{"unknown mode", "mode: block", 1, "mode", `"block": unknown mode; want enforce or dry-run`},
		{"mode case", "mode: Enforce", 1, "mode", "unknown mode"},
		{"mode missing value", "mode:", 1, "mode", "missing value; want enforce or dry-run"},
		{"mode is a list", "mode:\n  - enforce", 2, "mode", "got a list; want enforce or dry-run"},
		{"defaults not a mapping", "defaults: 1", 1, "defaults", "got a scalar; want a mapping"},
		{"unknown defaults field", "defaults:\n  trusted: true", 2, "defaults.trusted", "unknown field; want one of client, user, aggregate, soft_limit"},
		{"scope not a list", "defaults:\n  client: 5", 2, "defaults.client", "got a scalar; want a list of 1..4 tiers"},
		{"scope empty", "defaults:\n  user:", 2, "defaults.user", "missing value; want a list of 1..4 tiers"},
		{"client scope none", "defaults:\n  client: none", 2, "defaults.client", "got a scalar"},
		{"tier not a mapping", "defaults:\n  client:\n    - 600", 3, "defaults.client[0]", "got a scalar; want a mapping"},
		{"unknown tier field", "defaults:\n  client:\n    - limit: 1\n      window: 1m\n      burst: 2", 5, "defaults.client[0].burst", "unknown field; want one of limit, window"},
		{"missing limit", "defaults:\n  client:\n    - window: 1m", 3, "defaults.client[0].limit", "missing; want a whole number"},
		{"missing window", "defaults:\n  user:\n    - limit: 1\n      window: 1m\n    - limit: 5", 5, "defaults.user[1].window", "missing; want e.g. 30s"},
		{"negative limit", tier("client", "-1", "1m"), 3, "defaults.client[0].limit", `"-1": negative; want a whole number 0..1000000000000`},
		{"limit not a number", tier("client", "lots", "1m"), 3, "defaults.client[0].limit", `"lots": not a whole number`},
		{"fractional limit", tier("client", "1.5", "1m"), 3, "defaults.client[0].limit", "not a whole number"},
		{"limit too large", tier("client", "1000000000001", "1m"), 3, "defaults.client[0].limit", "too large"},
		{"limit beyond int64", tier("client", "99999999999999999999", "1m"), 3, "defaults.client[0].limit", "too large"},
		{"limit below int64", tier("client", "-99999999999999999999", "1m"), 3, "defaults.client[0].limit", "negative"},
		{"limit with sign junk", tier("client", "--5", "1m"), 3, "defaults.client[0].limit", "not a whole number"},
		{"quoted limit", tier("client", `"600"`, "1m"), 3, "defaults.client[0].limit", `"600" is quoted`},
		{"limit empty", tier("client", "", "1m"), 3, "defaults.client[0].limit", "missing value"},
		{"bad duration", tier("user", "1", "90x"), 4, "defaults.user[0].window", `"90x": not a duration; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`},
		{"duration without unit", tier("user", "1", "60"), 4, "defaults.user[0].window", "not a duration"},
		{"fractional seconds", tier("user", "1", "1500ms"), 4, "defaults.user[0].window", "not a whole number of seconds"},
		{"window too short", tier("user", "1", "0s"), 4, "defaults.user[0].window", "out of range"},
		{"negative window", tier("user", "1", "-1m"), 4, "defaults.user[0].window", "out of range"},
		{"window too long", tier("user", "1", "24h1s"), 4, "defaults.user[0].window", "out of range"},
		{"too many tiers", tiers("aggregate", 5), 11, "defaults.aggregate", "5 tiers; want a list of 1..4 tiers"},
		// Refused on the count, before any item is decoded: an aliased
		// long list would otherwise cost its items at each use.
		{"too many tiers, the fifth not even a tier", "defaults:\n  client:\n    - {limit: 1, window: 1s}\n    - {limit: 1, window: 2s}\n    - {limit: 1, window: 3s}\n    - {limit: 1, window: 4s}\n    - 600",
			7, "defaults.client", "5 tiers; want a list of 1..4 tiers"},
		{"same window twice", "defaults:\n  client:\n    - limit: 1\n      window: 1m\n    - limit: 2\n      window: 60s", 6, "defaults.client[1].window", "1m0s is already the window of defaults.client[0]"},
		{"soft limit one", "defaults:\n  soft_limit: 1", 2, "defaults.soft_limit", `"1": out of range; want a number strictly between 0 and 1`},
		{"soft limit zero", "defaults:\n  soft_limit: 0", 2, "defaults.soft_limit", "out of range"},
		{"soft limit negative", "defaults:\n  soft_limit: -0.5", 2, "defaults.soft_limit", "out of range"},
		{"soft limit NaN", "defaults:\n  soft_limit: .nan", 2, "defaults.soft_limit", `".nan": out of range`},
		{"soft limit infinite", "defaults:\n  soft_limit: -.Inf", 2, "defaults.soft_limit", `"-.Inf": out of range`},
		{"soft limit NaN is a string", "defaults:\n  soft_limit: NaN", 2, "defaults.soft_limit", `"NaN": not a number`},
		{"soft limit quoted", "defaults:\n  soft_limit: '0.5'", 2, "defaults.soft_limit", `"0.5" is quoted`},
		{"window empty", tier("user", "1", ""), 4, "defaults.user[0].window", "missing value; want e.g. 30s"},
		{"window is a list", "defaults:\n  user:\n    - limit: 1\n      window:\n        - 1m", 5, "defaults.user[0].window", "got a list"},
		{"soft limit text", "defaults:\n  soft_limit: high", 2, "defaults.soft_limit", "not a number"},
		{"costs not a mapping", "costs:\n  - password", 2, "costs", "want a mapping"},
		{"unknown grant", "costs:\n  implicit: 2", 2, "costs.implicit", "unknown grant; want one of other, authorization_code, refresh_token, password, client_credentials, device_code, jwt_bearer, token_exchange"},
		{"grant case", "costs:\n  Password: 2", 2, "costs.Password", "unknown grant"},
		{"grant twice", "costs:\n  device_code: 2\n  urn:ietf:params:oauth:grant-type:device_code: 3", 3, `costs["urn:ietf:params:oauth:grant-type:device_code"]`, "already set on line 2"},
		{"cost zero", "costs:\n  password: 0", 2, "costs.password", `"0": too small; want a whole number 1..1000000`},
		{"cost negative", "costs:\n  password: -3", 2, "costs.password", "negative"},
		{"cost too large", "costs:\n  password: 1000001", 2, "costs.password", "too large"},
		{"clients not a mapping", "clients:\n  - a", 2, "clients", "want a mapping"},
		{"empty client ID", "clients:\n  \"\":\n    trusted: true", 2, "clients", `"": empty; want a client ID of 1..256 bytes`},
		{"client ID with newline", "clients:\n  \"a\\nb\":\n    trusted: true", 2, "clients", "control character"},
		{"client ID too long", "clients:\n  " + strings.Repeat("c", 257) + ":\n    trusted: true", 2, "clients", "too long"},
		{"client not a mapping", "clients:\n  app: enforce", 2, "clients.app", "got a scalar; want a mapping"},
		{"unknown client field", "clients:\n  app:\n    limit: 5", 3, "clients.app.limit", "unknown field; want one of mode, trusted, client, user, aggregate, soft_limit, costs"},
		{"client mode", "clients:\n  app:\n    mode: off", 3, "clients.app.mode", "unknown mode"},
		{"trusted not boolean", "clients:\n  app:\n    trusted: yes", 3, "clients.app.trusted", `"yes": not a boolean in YAML 1.2 (only in YAML 1.1); want true or false`},
		{"trusted quoted", "clients:\n  app:\n    trusted: \"true\"", 3, "clients.app.trusted", "is quoted"},
		{"client tier window", "clients:\n  mobile-app:\n    user:\n      - limit: 20\n        window: 90x", 5, "clients.mobile-app.user[0].window", `"90x": not a duration`},
		{"client ID with dot", "clients:\n  a.b:\n    user: 1", 3, `clients["a.b"].user`, "got a scalar"},
		{"client cost", "clients:\n  app:\n    costs:\n      token: 2", 4, "clients.app.costs.token", "unknown grant"},
		{"client soft limit", "clients:\n  app:\n    soft_limit: 2", 3, "clients.app.soft_limit", "out of range"},
		{"aggregate none quoted", "clients:\n  app:\n    aggregate: \"none\"", 3, "clients.app.aggregate", "got a scalar; want a list of 1..4 tiers, each with limit and window, or none"},
		{"syntax error", "clients:\n  app:\n\t  trusted: true", 3, "", "tab in indentation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("policy.yaml", []byte(tt.in))
			if err == nil {
				t.Fatalf("Parse succeeded (%+v), want error containing %q", p.Defaults(), tt.want)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T, want *Error", err, err)
			}
			if pe.File != "policy.yaml" || pe.Line != tt.line || pe.Path != tt.path || !strings.Contains(pe.Msg, tt.want) {
				t.Errorf("error %q\nwant policy.yaml line %d, path %q, containing %q", err, tt.line, tt.path, tt.want)
			}
			prefix := "policy.yaml:" + strconv.Itoa(tt.line) + ": "
			if tt.path != "" {
				prefix += tt.path + ": "
			}
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q does not start with %q", err, prefix)
			}
		})
	}
}

// tier returns a file whose defaults have one tier in scope.
func tier(scope, limit, window string) string {
	return "defaults:\n  " + scope + ":\n    - limit: " + limit + "\n      window: " + window
}

// tiers returns a file whose defaults have n tiers in scope, 1m, 2m, ...
func tiers(scope string, n int) string {
	s := "defaults:\n  " + scope + ":\n"
	for i := range n {
		s += "    - limit: 1\n      window: " + strconv.Itoa(i+1) + "m\n"
	}
	return s
}

func TestErrorMessage(t *testing.T) {
	in := "mode: dry-run\nclients:\n  mobile-app:\n    user:\n      - limit: 20\n        window: 90x\n"
	_, err := Parse("policy.yaml", []byte(in))
	want := `policy.yaml:6: clients.mobile-app.user[0].window: "90x": not a duration; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}

// TestCostBeyondLimitOnItsLine: a cost that no tier of its grant admits
// is reported on the cost's line, with the tier as the file names it (the
// grant by the name the file wrote).
func TestCostBeyondLimitOnItsLine(t *testing.T) {
	in := "clients:\n  mobile-app:\n    user:\n      - {limit: 60, window: 1h}\n      - {limit: 1, window: 1m}\n    costs:\n      \"urn:ietf:params:oauth:grant-type:device_code\": 2\n"
	_, err := Parse("policy.yaml", []byte(in))
	want := `policy.yaml:7: clients.mobile-app.costs["urn:ietf:params:oauth:grant-type:device_code"]: "2": exceeds the limit 1 of clients.mobile-app.user[1] (1m), so no device_code request could ever be admitted; ` + wantCostFits
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant    %s", err, want)
	}
}

const mergeFile = `
mode: dry-run
defaults:
  client:
    - limit: 10000
      window: 1h
    - limit: 600
      window: 1m
  aggregate:
    - limit: 5000
      window: 1m
  soft_limit: 0.8
costs:
  password: 3
  urn:ietf:params:oauth:grant-type:token-exchange: 2
clients:
  mobile-app:
    mode: enforce
    user:
      - limit: 20
        window: 1m
  internal-gateway:
    trusted: true
    costs:
      password: 5
      other: 7
  batch:
    client:
      - limit: 0
        window: 1s
    aggregate: none
    soft_limit: 0.5
  "labelled-only":
`

func TestMerge(t *testing.T) {
	p, err := Parse("merge.yaml", []byte(mergeFile))
	if err != nil {
		t.Fatal(err)
	}
	builtin := Default().Defaults()
	costs := func(set map[Grant]int64) (c [NumGrants]int64) {
		for g := range c {
			c[g] = 1
		}
		for g, v := range set {
			c[g] = v
		}
		return c
	}
	fileCosts := costs(map[Grant]int64{GrantPassword: 3, GrantTokenExchange: 2})
	clientTiers := []Tier{{Limit: 600, Size: time.Minute}, {Limit: 10000, Size: time.Hour}} // sorted by window
	aggregate := []Tier{{Limit: 5000, Size: time.Minute}}
	tests := []struct {
		name string
		id   string
		want Rules
	}{
		{"defaults", "", Rules{
			Client: clientTiers, User: builtin.User, Aggregate: aggregate,
			Soft: 0.8, Mode: ModeDryRun, Costs: fileCosts,
		}},
		{"unknown client", "nobody", Rules{
			Client: clientTiers, User: builtin.User, Aggregate: aggregate,
			Soft: 0.8, Mode: ModeDryRun, Costs: fileCosts,
		}},
		{"own mode and user tiers", "mobile-app", Rules{
			Name: "mobile-app", Client: clientTiers, User: []Tier{{Limit: 20, Size: time.Minute}}, Aggregate: aggregate,
			Soft: 0.8, Mode: ModeEnforce, Costs: fileCosts,
		}},
		{"trusted with costs merged per grant", "internal-gateway", Rules{
			Name: "internal-gateway", Client: clientTiers, User: builtin.User, Aggregate: aggregate,
			Soft: 0.8, Mode: ModeDryRun, Trusted: true,
			Costs: costs(map[Grant]int64{GrantPassword: 5, GrantTokenExchange: 2, GrantOther: 7}),
		}},
		{"blocked, no aggregate", "batch", Rules{
			Name: "batch", Client: []Tier{{Limit: 0, Size: time.Second}}, User: builtin.User,
			Soft: 0.5, Mode: ModeDryRun, Costs: fileCosts,
		}},
		{"empty override", "labelled-only", Rules{
			Name: "labelled-only", Client: clientTiers, User: builtin.User, Aggregate: aggregate,
			Soft: 0.8, Mode: ModeDryRun, Costs: fileCosts,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := p.For(tt.id)
			if tt.id == "" || tt.id == "nobody" {
				if r != p.Defaults() {
					t.Errorf("For(%q) is not Defaults()", tt.id)
				}
			}
			if got, want := fmtRules(r), fmtRules(&tt.want); got != want {
				t.Errorf("For(%q)\n got %s\nwant %s", tt.id, got, want)
			}
		})
	}
	if got, want := strings.Join(p.Clients(), ","), "batch,internal-gateway,labelled-only,mobile-app"; got != want {
		t.Errorf("Clients() = %s, want %s", got, want)
	}
	if p.Source() != "merge.yaml" {
		t.Errorf("Source() = %q", p.Source())
	}
}

// fmtRules renders r for comparison; nil and empty tier lists are equal.
func fmtRules(r *Rules) string {
	ts := func(t []Tier) string {
		s := ""
		for _, x := range t {
			s += strconv.FormatInt(x.Limit, 10) + "/" + x.Size.String() + " "
		}
		return "[" + s + "]"
	}
	s := "name=" + r.Name + " client=" + ts(r.Client) + " user=" + ts(r.User) + " aggregate=" + ts(r.Aggregate) +
		" soft=" + strconv.FormatFloat(r.Soft, 'g', -1, 64) + " mode=" + r.Mode.String() +
		" trusted=" + strconv.FormatBool(r.Trusted) + " costs="
	for g, c := range r.Costs {
		s += Grant(g).String() + ":" + strconv.FormatInt(c, 10) + " "
	}
	return s
}

func TestDefaultsFallBackToBuiltin(t *testing.T) {
	tests := []struct {
		name, in string
	}{
		{"empty mapping", "defaults:"},
		{"only mode", "mode: enforce"},
		{"empty clients", "clients:"},
	}
	want := fmtRules(Default().Defaults())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("p.yaml", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := fmtRules(p.Defaults()); got != want {
				t.Errorf("defaults\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestDefault(t *testing.T) {
	p := Default()
	d := p.Defaults()
	if d.Mode != ModeEnforce || d.Trusted || d.Soft != 0 || len(d.Aggregate) != 0 || d.Name != "" {
		t.Errorf("Default() = %+v", d)
	}
	for _, scope := range [][]Tier{d.Client, d.User} {
		if len(scope) == 0 {
			t.Error("Default() has an empty scope")
		}
		for i, tr := range scope {
			if p := checkTiers([]Tier{tr}, "client"); p != nil || tr.Limit == 0 || (i > 0 && tr.Size <= scope[i-1].Size) {
				t.Errorf("Default() tier %+v: %v", tr, p)
			}
		}
	}
	for g, c := range d.Costs {
		if c != 1 {
			t.Errorf("Default() cost of %v = %d, want 1", Grant(g), c)
		}
	}
	if len(p.Clients()) != 0 || p.Source() != "built-in" {
		t.Errorf("Default() clients %q, source %q", p.Clients(), p.Source())
	}
	if Default() == p || Default().Defaults() == d {
		t.Error("Default() returned a shared policy")
	}
}

func TestNilPolicy(t *testing.T) {
	var p *Policy
	if r := p.For("x"); r == nil || r.Mode != ModeEnforce || len(r.Client) == 0 {
		t.Errorf("nil For = %+v", r)
	}
	if p.Defaults() == nil || p.Clients() != nil || p.Source() != "built-in" {
		t.Error("nil policy accessors")
	}
	if q := p.WithMode(ModeDryRun); q.Defaults().Mode != ModeDryRun {
		t.Error("nil WithMode")
	}
	var z Policy
	if z.For("x") == nil || z.Defaults() == nil || z.WithMode(ModeDryRun).For("x").Mode != ModeDryRun {
		t.Error("zero Policy answers nil")
	}
}

func TestWithMode(t *testing.T) {
	p, err := Parse("p.yaml", []byte(mergeFile))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		mode      Mode
		id        string
		want, old Mode
	}{
		{"defaults switch", ModeEnforce, "", ModeEnforce, ModeDryRun},
		{"inheriting client switches", ModeEnforce, "internal-gateway", ModeEnforce, ModeDryRun},
		{"unknown client switches", ModeEnforce, "nobody", ModeEnforce, ModeDryRun},
		{"own mode is kept", ModeDryRun, "mobile-app", ModeEnforce, ModeEnforce},
		{"same mode", ModeDryRun, "batch", ModeDryRun, ModeDryRun},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := p.WithMode(tt.mode)
			if got := q.For(tt.id).Mode; got != tt.want {
				t.Errorf("WithMode(%v).For(%q).Mode = %v, want %v", tt.mode, tt.id, got, tt.want)
			}
			if got := p.For(tt.id).Mode; got != tt.old {
				t.Errorf("original For(%q).Mode = %v, want %v (unchanged)", tt.id, got, tt.old)
			}
			if q.For(tt.id).Name != p.For(tt.id).Name || !equalTiers(q.For(tt.id).User, p.For(tt.id).User) {
				t.Error("WithMode changed more than the mode")
			}
		})
	}
	if strings.Join(p.WithMode(ModeEnforce).Clients(), ",") != strings.Join(p.Clients(), ",") {
		t.Error("WithMode changed the clients")
	}
}

func equalTiers(a, b []Tier) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestRulesTiers(t *testing.T) {
	r := Default().Defaults()
	for g := range Grant(NumGrants) {
		want := r.Client
		if g.IsUser() {
			want = r.User
		}
		if got := r.Tiers(g); &got[0] != &want[0] {
			t.Errorf("Tiers(%v) picked the wrong scope", g)
		}
	}
}

func TestTierValidate(t *testing.T) {
	tests := []struct {
		name string
		tier Tier
		ok   bool
	}{
		{"zero limit", Tier{Limit: 0, Size: time.Second}, true},
		{"largest", Tier{Limit: MaxLimit, Size: MaxWindow}, true},
		{"negative limit", Tier{Limit: -1, Size: time.Minute}, false},
		{"limit too large", Tier{Limit: MaxLimit + 1, Size: time.Minute}, false},
		{"zero window", Tier{Limit: 1, Size: 0}, false},
		{"window too long", Tier{Limit: 1, Size: MaxWindow + time.Second}, false},
		{"fractional window", Tier{Limit: 1, Size: 1500 * time.Millisecond}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if p := checkTiers([]Tier{tt.tier}, "client"); (p == nil) != tt.ok {
				t.Errorf("checkTiers = %v, want ok=%v", p, tt.ok)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	if err := os.WriteFile(good, []byte("mode: dry-run\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("mode: dry-run\nmode: enforce\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, make([]byte, 3*MaxFileSize), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := Load(good)
	if err != nil || p.Defaults().Mode != ModeDryRun || p.Source() != good {
		t.Errorf("Load(good) = %v, %v", p, err)
	}
	if _, err := Load(bad); err == nil || !strings.HasPrefix(err.Error(), bad+":2: ") {
		t.Errorf("Load(bad) error = %v, want it to start with %s:2:", err, bad)
	}
	var pe *Error
	if _, err := Load(big); !errors.As(err, &pe) || !strings.Contains(pe.Msg, "at most") {
		t.Errorf("Load(big) error = %v, want a size error", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) error = %v, want os.ErrNotExist", err)
	}
}

func TestAllocs(t *testing.T) {
	p, err := Parse("p.yaml", []byte(mergeFile))
	if err != nil {
		t.Fatal(err)
	}
	// Build the strings before measuring, as request parsing would.
	id := string([]byte("mobile-app"))
	grant := string([]byte("urn:ietf:params:oauth:grant-type:device_code"))
	tests := []struct {
		name string
		f    func()
	}{
		{"For configured", func() { _ = p.For(id) }},
		{"For unknown", func() { _ = p.For("somebody-else") }},
		{"ParseGrant", func() { _ = ParseGrant(grant) }},
		{"ParseGrant junk", func() { _ = ParseGrant("junk") }},
		{"Grant.String", func() { _ = ParseGrant(grant).String() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, tt.f); n != 0 {
				t.Errorf("%v allocations, want 0", n)
			}
		})
	}
}

// TestLineNumbersAtEveryLineBreak: a problem is reported on the line the
// YAML library counts, whichever line break the file uses. Counted by LF
// alone, a file whose lines end in CR was one line long, and a problem
// Spec.check found on its fourth line was reported on line 1.
func TestLineNumbersAtEveryLineBreak(t *testing.T) {
	for _, br := range []string{"\n", "\r\n", "\r", "\u0085", "\u2028", "\u2029"} {
		t.Run(strconv.Quote(br), func(t *testing.T) {
			src := strings.Join([]string{"mode: enforce", "defaults:", "  client:", "    - limit: -1", "      window: 1m"}, br)
			_, err := Parse("policy.yaml", []byte(src))
			var pe *Error
			if !errors.As(err, &pe) || pe.Line != 4 {
				t.Errorf("error %v, want one on line 4", err)
			}
			// A syntax error (the library's) is on its line too, and the
			// tab check finds the line it names.
			src = strings.Join([]string{"mode: enforce", "defaults:", "  client:", "\t- limit: 1"}, br)
			_, err = Parse("policy.yaml", []byte(src))
			if !errors.As(err, &pe) || pe.Line != 4 || !strings.Contains(pe.Msg, "tab in indentation") {
				t.Errorf("error %v, want a tab in indentation on line 4", err)
			}
		})
	}
}

// TestLineNumbersInUTF16: the YAML library reads a file that starts with a
// UTF-16 byte order mark (a Windows editor's "Unicode") as UTF-16, and the
// lines are counted in that text. Counted in its bytes, a file of NEL
// breaks was one line long, and its problem on line 4 was reported on line
// 1; and the tab check read a line of the bytes, not the one the library
// named, and never found the tab.
func TestLineNumbersInUTF16(t *testing.T) {
	for _, order := range []binary.AppendByteOrder{binary.LittleEndian, binary.BigEndian} {
		encode := func(s string) []byte {
			b := order.AppendUint16(nil, 0xfeff)
			for _, u := range utf16.Encode([]rune(s)) {
				b = order.AppendUint16(b, u)
			}
			return b
		}
		for _, br := range []string{"\n", "\r\n", "\u0085", "\u2028"} {
			t.Run(fmt.Sprint(order, strconv.Quote(br)), func(t *testing.T) {
				src := strings.Join([]string{"mode: enforce", "defaults:", "  client:", "    - limit: -1", "      window: 1m"}, br)
				_, err := Parse("policy.yaml", encode(src))
				var pe *Error
				if !errors.As(err, &pe) || pe.Line != 4 {
					t.Errorf("error %v, want one on line 4", err)
				}
				src = strings.Join([]string{"mode: enforce", "defaults:", "  client:", "\t- limit: 1"}, br)
				_, err = Parse("policy.yaml", encode(src))
				if !errors.As(err, &pe) || pe.Line != 4 || !strings.Contains(pe.Msg, "tab in indentation") {
					t.Errorf("error %v, want a tab in indentation on line 4", err)
				}
			})
		}
	}
}

// yamlLineCount and yamlLine agree with a split at every line break YAML
// counts, and a line number past the file, or before it, names no line.
func TestYAMLLines(t *testing.T) {
	breaks := regexp.MustCompile("\r\n|[\r\n\u0085\u2028\u2029]")
	for _, data := range []string{"", "a", "a\n", "\n\n", "a\r\nb\rc\u0085d\u2028e\u2029f\ng", "\r\r\n\n", "x\u00e9\u2028"} {
		want := breaks.Split(data, -1)
		if got := yamlLineCount([]byte(data)); got != len(want) {
			t.Errorf("%q: %d lines, want %d", data, got, len(want))
		}
		for n := range len(want) + 2 {
			got, ok := yamlLine([]byte(data), n)
			if wantOK := n >= 1 && n <= len(want); ok != wantOK || ok && got != want[n-1] {
				t.Errorf("%q: line %d = %q, %v; want %v", data, n, got, ok, wantOK)
			}
		}
	}
}

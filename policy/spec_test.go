package policy

import (
	"errors"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v4"
)

func TestSpecValidate(t *testing.T) {
	minute := []Tier{{Limit: 1, Size: time.Minute}}
	tests := []struct {
		name string
		spec Spec
		err  string // the whole error; "" if valid
	}{
		{"zero Spec", Spec{}, ""},
		{"every field", Spec{
			Mode:     ModeDryRun,
			Defaults: Defaults{Client: minute, User: []Tier{{Limit: MaxCost, Size: time.Minute}}, Aggregate: []Tier{{Limit: MaxCost, Size: time.Hour}}, SoftLimit: 0.5},
			Costs:    map[Grant]int64{GrantPassword: MaxCost, GrantOther: 1},
			Clients: map[string]Override{"a": {Mode: new(ModeEnforce), Trusted: true, Client: minute, User: minute,
				Aggregate: minute, SoftLimit: 0.9, Costs: map[Grant]int64{GrantRefreshToken: 3}}},
		}, ""},
		{"unknown mode", Spec{Mode: 7},
			`mode: "Mode(7)": unknown mode; want enforce or dry-run`},
		{"client mode", Spec{Clients: map[string]Override{"a": {Mode: new(Mode(2))}}},
			`clients.a.mode: "Mode(2)": unknown mode; want enforce or dry-run`},
		{"negative limit", Spec{Defaults: Defaults{User: []Tier{{Limit: -1, Size: time.Minute}}}},
			`defaults.user[0].limit: "-1": negative; want a whole number 0..1000000000000 (0 blocks every request)`},
		{"limit too large", Spec{Defaults: Defaults{User: []Tier{{Limit: MaxLimit + 1, Size: time.Minute}}}},
			`defaults.user[0].limit: "1000000000001": too large; want a whole number 0..1000000000000 (0 blocks every request)`},
		{"fractional window", Spec{Clients: map[string]Override{"a": {Client: []Tier{{Limit: 1, Size: 1500 * time.Millisecond}}}}},
			`clients.a.client[0].window: "1.5s": not a whole number of seconds; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`},
		{"zero window", Spec{Defaults: Defaults{Client: []Tier{{Limit: 1, Size: 0}}}},
			`defaults.client[0].window: "0s": out of range; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`},
		{"window too long", Spec{Defaults: Defaults{Client: []Tier{{Limit: 1, Size: MaxWindow + time.Second}}}},
			`defaults.client[0].window: "24h0m1s": out of range; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`},
		{"same window twice", Spec{Defaults: Defaults{Aggregate: []Tier{{Limit: 1, Size: time.Minute}, {Limit: 2, Size: time.Minute}}}},
			`defaults.aggregate[1].window: 1m0s is already the window of defaults.aggregate[0]; each tier of a scope needs its own window`},
		{"too many tiers", Spec{Defaults: Defaults{Client: make([]Tier, 5)}},
			`defaults.client: 5 tiers; want a list of 1..4 tiers, each with limit and window`},
		{"soft limit one", Spec{Defaults: Defaults{SoftLimit: 1}},
			`defaults.soft_limit: "1": out of range; want a number strictly between 0 and 1, e.g. 0.8`},
		{"negative soft limit", Spec{Clients: map[string]Override{"a": {SoftLimit: -0.5}}},
			`clients.a.soft_limit: "-0.5": out of range; want a number strictly between 0 and 1, e.g. 0.8`},
		{"zero cost", Spec{Costs: map[Grant]int64{GrantPassword: 0}},
			`costs.password: "0": too small; want a whole number 1..1000000`},
		{"negative cost", Spec{Clients: map[string]Override{"a": {Costs: map[Grant]int64{GrantDeviceCode: -1}}}},
			`clients.a.costs.device_code: "-1": negative; want a whole number 1..1000000`},
		{"cost too large", Spec{Costs: map[Grant]int64{GrantOther: MaxCost + 1}},
			`costs.other: "1000001": too large; want a whole number 1..1000000`},
		{"unknown grant", Spec{Costs: map[Grant]int64{NumGrants: 1}},
			`costs: "Grant(8)": unknown grant; want one of other, authorization_code, refresh_token, password, client_credentials, device_code, jwt_bearer, token_exchange, or a registered grant_type value`},
		{"empty client ID", Spec{Clients: map[string]Override{"": {}}},
			`clients: "": empty; want a client ID of 1..256 bytes of UTF-8 without control characters`},
		{"client ID with a control character", Spec{Clients: map[string]Override{"a\tb": {}}},
			`clients: "a\tb": has a control character; want a client ID of 1..256 bytes of UTF-8 without control characters`},
		{"client ID with DEL", Spec{Clients: map[string]Override{"a\x7fb": {}}},
			`clients: "a\x7fb": has a control character; want a client ID of 1..256 bytes of UTF-8 without control characters`},
		{"client ID with a C1 control (NEL)", Spec{Clients: map[string]Override{"a\u0085b": {}}},
			`clients: "a\u0085b": has a control character; want a client ID of 1..256 bytes of UTF-8 without control characters`},
		{"client ID not UTF-8", Spec{Clients: map[string]Override{"a\xffb": {}}},
			`clients: "a\xffb": not valid UTF-8; want a client ID of 1..256 bytes of UTF-8 without control characters`},
		{"client ID of 256 bytes", Spec{Clients: map[string]Override{strings.Repeat("c", 256): {}}}, ""},
		{"client ID of 257 bytes", Spec{Clients: map[string]Override{strings.Repeat("c", 257): {}}},
			`clients: "` + strings.Repeat("c", 257) + `": too long; want a client ID of 1..256 bytes of UTF-8 without control characters`},
		{"client ID of U+00A0, the first printable after the C1 controls", Spec{Clients: map[string]Override{"a\u00a0b": {}}}, ""},
		{"aggregate and none", Spec{Clients: map[string]Override{"a": {Aggregate: minute, NoAggregate: true}}},
			`clients.a.aggregate: both Aggregate and NoAggregate are set; want one of them`},
		{"cost beyond a limit", Spec{Defaults: Defaults{User: minute}, Costs: map[Grant]int64{GrantPassword: 2}},
			`costs.password: "2": exceeds the limit 1 of defaults.user[0] (1m), so no password request could ever be admitted; ` + wantCostFits},
		{"client's cost beyond a default limit", Spec{Defaults: Defaults{Client: []Tier{{Limit: 9, Size: time.Hour}, {Limit: 3, Size: time.Second}}},
			Clients: map[string]Override{"a": {Costs: map[Grant]int64{GrantClientCredentials: 5}}}},
			`clients.a.costs.client_credentials: "5": exceeds the limit 3 of defaults.client[1] (1s), so no client_credentials request could ever be admitted; ` + wantCostFits},
		{"cost beyond a client's aggregate limit", Spec{Costs: map[Grant]int64{GrantDeviceCode: 3},
			Clients: map[string]Override{"a": {Aggregate: []Tier{{Limit: 2, Size: 90 * time.Minute}}}}},
			`costs.device_code: "3": exceeds the limit 2 of clients.a.aggregate[0] (1h30m), so no device_code request could ever be admitted; ` + wantCostFits},
		{"cost beyond a built-in limit", Spec{Costs: map[Grant]int64{GrantRefreshToken: 61}},
			`costs.refresh_token: "61": exceeds the limit 60 of the built-in user tier (1m), so no refresh_token request could ever be admitted; ` + wantCostFits},
		{"cost beyond a limit of 0 or of a trusted client", Spec{Defaults: Defaults{User: []Tier{{Limit: 0, Size: time.Minute}}},
			Costs: map[Grant]int64{GrantPassword: 5}, Clients: map[string]Override{"t": {Trusted: true, User: minute}}}, ""},
		{"first client in sorted order", Spec{Clients: map[string]Override{
			"b": {SoftLimit: 2}, "a": {SoftLimit: 3},
		}}, `clients.a.soft_limit: "3": out of range; want a number strictly between 0 and 1, e.g. 0.8`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.spec.Validate()
			p, nerr := New(tt.spec)
			if tt.err == "" {
				if err != nil || nerr != nil || p == nil {
					t.Fatalf("Validate() = %v, New() = %v, %v; want valid", err, p, nerr)
				}
				return
			}
			var pe *Error
			if err == nil || err.Error() != tt.err || !errors.As(err, &pe) || pe.File != "" || pe.Line != 0 {
				t.Errorf("Validate() = %v\nwant %s", err, tt.err)
			}
			if p != nil || nerr == nil || nerr.Error() != tt.err {
				t.Errorf("New() = %v, %v; want the error of Validate", p, nerr)
			}
		})
	}
}

// TestSpecMatchesFile builds the policy of mergeFile in Go and checks that the
// file decodes to the same Spec and both compile to the same policy.
func TestSpecMatchesFile(t *testing.T) {
	spec := Spec{
		Mode: ModeDryRun,
		Defaults: Defaults{
			Client:    []Tier{{Limit: 10000, Size: time.Hour}, {Limit: 600, Size: time.Minute}},
			Aggregate: []Tier{{Limit: 5000, Size: time.Minute}},
			SoftLimit: 0.8,
		},
		Costs: map[Grant]int64{GrantPassword: 3, GrantTokenExchange: 2},
		Clients: map[string]Override{
			"mobile-app":       {Mode: new(ModeEnforce), User: []Tier{{Limit: 20, Size: time.Minute}}},
			"internal-gateway": {Trusted: true, Costs: map[Grant]int64{GrantPassword: 5, GrantOther: 7}},
			"batch":            {Client: []Tier{{Limit: 0, Size: time.Second}}, NoAggregate: true, SoftLimit: 0.5},
			"labelled-only":    {},
		},
	}
	decoded, _, err := parse("merge.yaml", []byte(mergeFile), false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmtSpec(decoded), fmtSpec(spec); got != want {
		t.Errorf("decoded Spec\n got %s\nwant %s", got, want)
	}
	fromFile, err := Parse("merge.yaml", []byte(mergeFile))
	if err != nil {
		t.Fatal(err)
	}
	fromGo, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmtPolicy(fromGo), fmtPolicy(fromFile); got != want {
		t.Errorf("New\n got %s\nwant %s (Parse)", got, want)
	}
	if fromGo.Source() != "policy.New" || fromFile.Source() != "merge.yaml" {
		t.Errorf("sources %q, %q", fromGo.Source(), fromFile.Source())
	}
}

func TestNewZeroSpecIsDefault(t *testing.T) {
	p, err := New(Spec{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmtPolicy(p), fmtPolicy(Default()); got != want {
		t.Errorf("New(Spec{})\n got %s\nwant %s", got, want)
	}
}

// TestNewCopies changes a Spec after New and checks that the policy keeps
// what it was built from, sorted by window.
func TestNewCopies(t *testing.T) {
	tiers := []Tier{{Limit: 100, Size: time.Hour}, {Limit: 10, Size: time.Minute}}
	costs := map[Grant]int64{GrantPassword: 2}
	s := Spec{Defaults: Defaults{User: tiers}, Costs: costs, Clients: map[string]Override{"a": {Client: tiers}}}
	p, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	tiers[0], tiers[1] = Tier{Limit: 1, Size: time.Second}, Tier{Limit: 2, Size: 2 * time.Second}
	costs[GrantPassword] = 9
	s.Clients["b"] = Override{}
	want := []Tier{{Limit: 10, Size: time.Minute}, {Limit: 100, Size: time.Hour}}
	if !equalTiers(p.Defaults().User, want) || !equalTiers(p.For("a").Client, want) {
		t.Errorf("tiers %v and %v, want %v", p.Defaults().User, p.For("a").Client, want)
	}
	if p.Defaults().Costs[GrantPassword] != 2 || len(p.Clients()) != 1 {
		t.Errorf("costs %v, clients %v", p.Defaults().Costs, p.Clients())
	}
}

// TestUnmarshalYAML decodes a policy that is part of a larger configuration.
func TestUnmarshalYAML(t *testing.T) {
	var config struct {
		Listen string `yaml:"listen"`
		Policy Spec   `yaml:"policy"`
	}
	in := "listen: :8080\npolicy:\n  mode: dry-run\n  clients:\n    app: {trusted: true}\n"
	if err := yaml.Unmarshal([]byte(in), &config); err != nil {
		t.Fatal(err)
	}
	want := Spec{Mode: ModeDryRun, Clients: map[string]Override{"app": {Trusted: true}}}
	if got := fmtSpec(config.Policy); config.Listen != ":8080" || got != fmtSpec(want) {
		t.Errorf("decoded %q, %s", config.Listen, got)
	}

	tests := []struct {
		name, in, err string
	}{
		{"syntax of a field", "policy:\n  clients:\n    app: {trusted: yes}\n",
			`line 3: clients.app.trusted: "yes": not a boolean in YAML 1.2 (only in YAML 1.1); want true or false`},
		{"value", "policy:\n  defaults:\n    soft_limit: 1.5\n",
			`line 3: defaults.soft_limit: "1.5": out of range; want a number strictly between 0 and 1, e.g. 0.8`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := yaml.Unmarshal([]byte(tt.in), &config)
			var le *yaml.LoadError
			var pe *Error
			if !errors.As(err, &le) || !errors.As(le, &pe) || err.Error() != "yaml: construct errors: "+tt.err {
				t.Errorf("error %v\nwant an *Error in yaml: construct errors: %s", err, tt.err)
			}
		})
	}
}

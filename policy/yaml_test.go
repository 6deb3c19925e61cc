package policy

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// pyyamlDump is what PyYAML's yaml.dump(policy, default_flow_style=None,
// sort_keys=False) writes for the policy in jsonPolicy.
const pyyamlDump = `mode: dry-run
defaults:
  client:
  - {limit: 600, window: 1m}
  - {limit: 10000, window: 1h}
  user:
  - {limit: 60, window: 1m}
  aggregate: []
  soft_limit: 0.8
costs: {password: 2}
clients:
  mobile-app:
    mode: enforce
    user:
    - {limit: 20, window: 1m}
  internal-gateway: {trusted: true}
  new-client: {}
`

// jsonPolicy is what Python's json.dumps(policy, indent=2) writes.
const jsonPolicy = `{
  "mode": "dry-run",
  "defaults": {
    "client": [
      {"limit": 600, "window": "1m"},
      {"limit": 10000, "window": "1h"}
    ],
    "user": [{"limit": 60, "window": "1m"}],
    "aggregate": [],
    "soft_limit": 0.8
  },
  "costs": {"password": 2},
  "clients": {
    "mobile-app": {"mode": "enforce", "user": [{"limit": 20, "window": "1m"}]},
    "internal-gateway": {"trusted": true},
    "new-client": {}
  }
}`

// dumpedSpec is the Spec that pyyamlDump and jsonPolicy say.
var dumpedSpec = Spec{
	Mode: ModeDryRun,
	Defaults: Defaults{
		Client:    []Tier{{Limit: 600, Size: time.Minute}, {Limit: 10000, Size: time.Hour}},
		User:      []Tier{{Limit: 60, Size: time.Minute}},
		SoftLimit: 0.8,
	},
	Costs: map[Grant]int64{GrantPassword: 2},
	Clients: map[string]Override{
		"mobile-app":       {Mode: new(ModeEnforce), User: []Tier{{Limit: 20, Size: time.Minute}}},
		"internal-gateway": {Trusted: true},
		"new-client":       {},
	},
}

// yamlInputs are the inputs of issue 8 (what YAML users write, and what
// YAML readers disagree on): each is accepted and decodes to the Spec
// written in Go, or is refused with the error given in full.
var yamlInputs = []struct {
	name, in string
	want     Spec   // when accepted
	err      string // the whole error; "" when accepted
}{
	// Accepted: ordinary YAML.
	{name: "flow empty aggregate", in: "clients:\n  app:\n    aggregate: []\n",
		want: Spec{Clients: map[string]Override{"app": {NoAggregate: true}}}},
	{name: "flow empty override", in: "clients:\n  new-client: {}\n",
		want: Spec{Clients: map[string]Override{"new-client": {}}}},
	{name: "flow tier", in: "defaults:\n  client:\n  - {limit: 10, window: 1m}\n", want: oneTier(10)},
	{name: "PyYAML dump with default_flow_style=None", in: pyyamlDump, want: dumpedSpec},
	{name: "JSON", in: jsonPolicy, want: dumpedSpec},
	{name: "anchor and alias", in: "defaults:\n  user: &std\n    - limit: 60\n      window: 1m\nclients:\n  app:\n    client: *std\n",
		want: Spec{Defaults: Defaults{User: []Tier{{Limit: 60, Size: time.Minute}}},
			Clients: map[string]Override{"app": {Client: []Tier{{Limit: 60, Size: time.Minute}}}}}},
	{name: "merge key", in: "clients:\n  mobile-app: &standard\n    mode: enforce\n    user:\n      - {limit: 20, window: 1m}\n  web-app:\n    <<: *standard\n    mode: dry-run\n    trusted: true\n",
		want: Spec{Clients: map[string]Override{
			"mobile-app": {Mode: new(ModeEnforce), User: []Tier{{Limit: 20, Size: time.Minute}}},
			"web-app":    {Mode: new(ModeDryRun), Trusted: true, User: []Tier{{Limit: 20, Size: time.Minute}}},
		}}},
	{name: "merge list, earlier wins", in: "clients:\n  a: &a {trusted: true, soft_limit: 0.5}\n  b: &b {soft_limit: 0.9, mode: dry-run}\n  c: {<<: [*a, *b]}\n",
		want: Spec{Clients: map[string]Override{
			"a": {Trusted: true, SoftLimit: 0.5},
			"b": {SoftLimit: 0.9, Mode: new(ModeDryRun)},
			"c": {Trusted: true, SoftLimit: 0.5, Mode: new(ModeDryRun)},
		}}},
	{name: "True", in: "clients:\n  app:\n    trusted: True\n",
		want: Spec{Clients: map[string]Override{"app": {Trusted: true}}}},
	{name: "folded block scalar", in: "mode: >-\n  dry-run\n", want: Spec{Mode: ModeDryRun}},
	{name: "literal block scalar", in: "defaults:\n  client:\n    - limit: 10\n      window: |\n        1m\n", want: oneTier(10)},
	{name: "explicit int tag", in: "defaults:\n  client:\n    - {limit: !!int 10, window: 1m}\n", want: oneTier(10)},
	{name: "zero limit blocks", in: "defaults:\n  client:\n    - {limit: 0, window: 1m}\n", want: oneTier(0)},
	{name: "document markers", in: "%YAML 1.1\n---\nmode: dry-run\n...\n", want: Spec{Mode: ModeDryRun}},
	{name: "soft limit .5", in: "defaults:\n  soft_limit: .5\n", want: Spec{Defaults: Defaults{SoftLimit: 0.5}}},

	// Refused: what YAML readers read differently, with what is accepted.
	{name: "octal-looking limit", in: "defaults:\n  client:\n    - limit: 0600\n      window: 1m\n",
		err: `p.yaml:3: defaults.client[0].limit: "0600": a leading zero is ambiguous (octal in YAML 1.1, decimal in YAML 1.2); want a whole number 0..1000000000000 (0 blocks every request), without leading zeros`},
	{name: "YAML 1.2 octal", in: "defaults:\n  client:\n    - {limit: 0o600, window: 1m}\n",
		err: `p.yaml:3: defaults.client[0].limit: "0o600": not a whole number in decimal digits; want a whole number 0..1000000000000 (0 blocks every request)`},
	{name: "hex limit", in: "defaults:\n  client:\n    - {limit: 0x258, window: 1m}\n",
		err: `p.yaml:3: defaults.client[0].limit: "0x258": a hexadecimal number; want a whole number 0..1000000000000 (0 blocks every request), in decimal digits`},
	{name: "limit with underscores", in: "defaults:\n  client:\n    - {limit: 1_000, window: 1m}\n",
		err: `p.yaml:3: defaults.client[0].limit: "1_000": not a whole number in decimal digits; want a whole number 0..1000000000000 (0 blocks every request)`},
	{name: "limit in exponent form", in: "defaults:\n  client:\n    - {limit: 6e2, window: 1m}\n",
		err: `p.yaml:3: defaults.client[0].limit: "6e2": not a whole number in decimal digits; want a whole number 0..1000000000000 (0 blocks every request)`},
	{name: "hex float soft limit", in: "defaults:\n  soft_limit: 0x1p-1\n",
		err: `p.yaml:2: defaults.soft_limit: "0x1p-1": a hexadecimal number; want a number strictly between 0 and 1, e.g. 0.8, in decimal`},
	{name: "trusted yes", in: "clients:\n  app:\n    trusted: yes\n",
		err: `p.yaml:3: clients.app.trusted: "yes": not a boolean in YAML 1.2 (only in YAML 1.1); want true or false`},
	{name: "quoted limit", in: "defaults:\n  client:\n    - {limit: \"600\", window: 1m}\n",
		err: `p.yaml:3: defaults.client[0].limit: "600" is quoted; want a whole number 0..1000000000000 (0 blocks every request), unquoted`},
	{name: "limit in a block scalar", in: "defaults:\n  client:\n    - window: 1m\n      limit: |\n        600\n",
		err: `p.yaml:4: defaults.client[0].limit: "600\n" is a block scalar, which is a string; want a whole number 0..1000000000000 (0 blocks every request), unquoted on the line of its key`},
	{name: "str tag on a number", in: "costs:\n  password: !!str 2\n",
		err: `p.yaml:2: costs.password: "2" is tagged !!str; want a whole number 1..1000000, without a tag`},
	{name: "unknown tag", in: "mode: !env MODE\n",
		err: `p.yaml:1: mode: tag !env is not supported; write the value without it`},

	// Refused: strict.
	{name: "negative limit", in: "defaults:\n  client:\n    - {limit: -1, window: 1m}\n",
		err: `p.yaml:3: defaults.client[0].limit: "-1": negative; want a whole number 0..1000000000000 (0 blocks every request)`},
	{name: "zero cost", in: "costs:\n  password: 0\n",
		err: `p.yaml:2: costs.password: "0": too small; want a whole number 1..1000000`},
	{name: "zero window", in: "defaults:\n  client:\n    - {limit: 1, window: 0s}\n",
		err: `p.yaml:3: defaults.client[0].window: "0s": out of range; want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)`},
	{name: "zero soft limit", in: "defaults:\n  soft_limit: 0\n",
		err: `p.yaml:2: defaults.soft_limit: "0": out of range; want a number strictly between 0 and 1, e.g. 0.8`},
	{name: "unknown field", in: "clients:\n  app:\n    burst: 5\n",
		err: `p.yaml:3: clients.app.burst: unknown field; want one of mode, trusted, client, user, aggregate, soft_limit, costs, outage`},
	{name: "unknown field in flow", in: "clients:\n  app: {trusted: true, burst: 5}\n",
		err: `p.yaml:2: clients.app.burst: unknown field; want one of mode, trusted, client, user, aggregate, soft_limit, costs, outage`},
	{name: "unknown field merged", in: "clients:\n  a: &a {burst: 5}\n",
		err: `p.yaml:2: clients.a.burst: unknown field; want one of mode, trusted, client, user, aggregate, soft_limit, costs, outage`},
	{name: "duplicate key", in: "mode: enforce\nmode: dry-run\n",
		err: `p.yaml:2: duplicate key "mode" (first on line 1); each key may appear once`},
	{name: "duplicate key in flow", in: "defaults:\n  client:\n  - {limit: 10, limit: 20, window: 1m}\n",
		err: `p.yaml:3: defaults.client[0]: duplicate key "limit" (first on line 3); each key may appear once`},
	{name: "duplicate client, quoted and plain", in: "clients:\n  app: {}\n  \"app\": {}\n",
		err: `p.yaml:3: clients: duplicate key "app" (first on line 2); each key may appear once`},
	{name: "wrong type", in: "defaults:\n  client: 600\n",
		err: `p.yaml:2: defaults.client: got a scalar; want a list of 1..4 tiers, each with limit and window`},
	{name: "empty client scope", in: "defaults:\n  client: []\n",
		err: `p.yaml:2: defaults.client: an empty list; want a list of 1..4 tiers, each with limit and window`},
	{name: "JSON with a string limit", in: `{"defaults": {"client": [{"limit": "600", "window": "1m"}]}}`,
		err: `p.yaml:1: defaults.client[0].limit: "600" is quoted; want a whole number 0..1000000000000 (0 blocks every request), unquoted`},
	{name: "merge of a scalar", in: "clients:\n  a: {<<: 5}\n",
		err: `p.yaml:2: clients.a["<<"]: got a scalar; want an alias to a mapping (<<: *name) or a list of them (<<: [*a, *b])`},
	{name: "mapping merges itself", in: "clients:\n  a: &a\n    <<: *a\n",
		err: `p.yaml:3: clients.a["<<"]: the mapping merges itself; want an alias to a mapping (<<: *name) or a list of them (<<: [*a, *b])`},
	{name: "alias of an enclosing mapping", in: "clients: &c\n  app: *c\n",
		err: `p.yaml:2: clients.app.app: unknown field; want one of mode, trusted, client, user, aggregate, soft_limit, costs, outage`},
	{name: "unknown anchor", in: "clients:\n  app: *nowhere\n",
		err: `p.yaml:2: unknown anchor 'nowhere' referenced; define an anchor &nowhere before the alias *nowhere that uses it`},
	{name: "tab indentation", in: "clients:\n\tapp: {}\n",
		err: `p.yaml:2: tab in indentation; indent with spaces only (found character that cannot start any token)`},
	{name: "syntax error", in: "clients:\n  app: {trusted: true\n",
		err: `p.yaml:3: did not find expected ',' or '}'`},
	{name: "second document", in: "mode: enforce\n---\nmode: dry-run\n",
		err: `p.yaml:2: a second YAML document; the policy file is a single document`},
	{name: "YAML 1.2 directive", in: "%YAML 1.2\n---\nmode: dry-run\n",
		err: `p.yaml:1: found incompatible YAML document; leave the %YAML directive out (only %YAML 1.1 is accepted)`},
	{name: "empty file", in: "# nothing\n",
		err: `p.yaml:1: the file has no content; want a mapping with keys mode, defaults, costs, clients`},
	{name: "complex key", in: "? [a, b]\n: 1\n",
		err: `p.yaml:1: a list as a mapping key; want a plain or quoted key`},
	{name: "classic billion laughs", in: laughs,
		err: `p.yaml:8: clients.app.client: 10 tiers; want a list of 1..4 tiers, each with limit and window`},
	{name: "the largest file", in: func() string {
		s := "mode: dry-run\n" + strings.Repeat("# padding\n", MaxFileSize/10+1)
		return s[:MaxFileSize-1] + "\n"
	}(), want: Spec{Mode: ModeDryRun}},
	{name: "one byte over", in: "mode: dry-run\n" + strings.Repeat("#", MaxFileSize-13),
		err: `p.yaml: 1048577 bytes; a policy file may have at most 1048576 bytes (1 MiB)`},
	{name: "too large", in: "mode: enforce\n" + strings.Repeat("# padding\n", MaxFileSize/10),
		err: `p.yaml: 1048584 bytes; a policy file may have at most 1048576 bytes (1 MiB)`},
}

// oneTier is a Spec whose default client scope is one tier of l per minute.
func oneTier(l int64) Spec {
	return Spec{Defaults: Defaults{Client: []Tier{{Limit: l, Size: time.Minute}}}}
}

// TestYAMLInputs runs yamlInputs through Parse and checks that an accepted
// input compiles to the policy New makes of its Spec.
func TestYAMLInputs(t *testing.T) {
	for _, tt := range yamlInputs {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse("p.yaml", []byte(tt.in))
			if tt.err != "" {
				var pe *Error
				if err == nil || err.Error() != tt.err || !errors.As(err, &pe) {
					t.Fatalf("Parse error\n got %v\nwant %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s, _, err := parse("p.yaml", []byte(tt.in), false)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(s, tt.want) {
				t.Errorf("decoded Spec\n got %s\nwant %s", fmtSpec(s), fmtSpec(tt.want))
			}
			q, err := New(tt.want)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fmtPolicy(p), fmtPolicy(q); got != want {
				t.Errorf("Parse and New differ\nParse %s\n  New %s", got, want)
			}
		})
	}
}

// laughs is the classic "billion laughs": ten lists of ten aliases to the
// one before, 10^9 values, in the one place the file lets it be.
var laughs = func() string {
	s := "clients:\n  app:\n    client:\n      - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
	for i := 1; i < 10; i++ {
		s += fmt.Sprintf("      - &l%d [%s*l%d]\n", i, strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 9), i-1)
	}
	return s
}()

// fmtSpec renders a Spec with its pointers followed.
func fmtSpec(s Spec) string {
	o := fmt.Sprintf("mode=%v defaults=%+v costs=%v clients={", s.Mode, s.Defaults, s.Costs)
	for _, id := range sortedIDs(s.Clients) {
		c := s.Clients[id]
		m := "inherit"
		if c.Mode != nil {
			m = c.Mode.String()
		}
		o += fmt.Sprintf("%s: mode=%s %+v; ", id, m, c)
	}
	return o + "}"
}

// fmtPolicy renders everything For answers, for every configured client and
// the defaults.
func fmtPolicy(p *Policy) string {
	s := "defaults: " + fmtRules(p.Defaults())
	for _, id := range p.Clients() {
		s += "\n" + fmtRules(p.For(id))
	}
	for _, m := range []Mode{ModeEnforce, ModeDryRun} {
		q := p.WithMode(m)
		for _, id := range p.Clients() {
			s += " " + q.For(id).Mode.String()
		}
	}
	return s
}

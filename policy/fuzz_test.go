package policy

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// FuzzParse checks that Parse never panics, that every error is an *Error
// pointing into the file, that every policy it accepts is valid, and that
// New compiles the decoded Spec into the same policy.
func FuzzParse(f *testing.F) {
	f.Add([]byte(mergeFile))
	f.Add([]byte(pyyamlDump))
	f.Add([]byte(jsonPolicy))
	f.Add([]byte(laughs))
	if b, err := os.ReadFile("../policy.example.yaml"); err == nil {
		f.Add(b)
	}
	seeds, _ := filepath.Glob("testdata/*.yaml")
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"",
		"mode: enforce",
		"a:\n- x\n- y",
		"clients:\n  \"a\\u00e9\":\n    aggregate: none",
		"costs:\n  urn:ietf:params:oauth:grant-type:jwt-bearer: 1000000",
		"- - - - x",
		"a: 'it''s'",
		"defaults:\n  client:\n    -\n      limit: 0\n      window: 24h",
		"---\n# c\nclients:\n  x:\n",
		"clients:\n  a: &a {trusted: true, user: [{limit: 1, window: 1s}]}\n  b: {<<: *a, mode: dry-run}\n",
		"clients:\n  a: &a\n    <<: *a\n",
		"defaults: {client: [{limit: 0600, window: 1m}], soft_limit: 0x1p-1}",
		"mode: !!str dry-run\ndefaults:\n  soft_limit: .5\n  aggregate: none\n",
		"mode: |\n  enforce\n",
		// Line breaks by CR alone, which YAML counts as lines
		// (TestLineNumbersAtEveryLineBreak).
		"mode: enforce\rdefaults:\r  client:\r    - limit: -1\r      window: 1m",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("f.yaml", data)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T, want *Error", err, err)
			}
			if pe.File != "f.yaml" || pe.Line < 0 || pe.Line > yamlLineCount(data) || pe.Msg == "" {
				t.Fatalf("error %q points outside the file", err)
			}
			return
		}
		s, _, err := parse("f.yaml", data, false)
		if err != nil {
			t.Fatalf("Parse accepted what parse refuses: %v", err)
		}
		q, err := New(s)
		if err != nil {
			t.Fatalf("New refused the Spec that Parse accepted: %v", err)
		}
		if got, want := fmtPolicy(q), fmtPolicy(p); got != want {
			t.Fatalf("New(decoded Spec)\n got %s\nwant %s", got, want)
		}
		checkRules(t, p.Defaults(), "")
		ids := p.Clients()
		if !slices.IsSorted(ids) {
			t.Fatalf("Clients() not sorted: %q", ids)
		}
		for _, id := range ids {
			checkRules(t, p.For(id), id)
		}
	})
}

// checkRules fails t unless r holds only values a policy file may set.
func checkRules(t *testing.T, r *Rules, name string) {
	t.Helper()
	if r == nil || r.Name != name {
		t.Fatalf("rules for %q: %+v", name, r)
	}
	if len(r.Client) == 0 || len(r.User) == 0 {
		t.Fatalf("rules for %q have an empty client or user scope: %+v", name, r)
	}
	for _, scope := range [][]Tier{r.Client, r.User, r.Aggregate} {
		if len(scope) > MaxTiers {
			t.Fatalf("rules for %q: %d tiers", name, len(scope))
		}
		for i, tr := range scope {
			if p := checkTiers([]Tier{tr}, "tier"); p != nil {
				t.Fatalf("rules for %q: tier %+v: %v", name, tr, p)
			}
			if i > 0 && tr.Size <= scope[i-1].Size {
				t.Fatalf("rules for %q: tiers not sorted by distinct windows: %+v", name, scope)
			}
		}
	}
	if r.Soft != 0 && !(r.Soft > 0 && r.Soft < 1) {
		t.Fatalf("rules for %q: soft limit %v", name, r.Soft)
	}
	if r.Mode != ModeEnforce && r.Mode != ModeDryRun {
		t.Fatalf("rules for %q: mode %d", name, r.Mode)
	}
	for g, c := range r.Costs {
		if c < 1 || c > MaxCost {
			t.Fatalf("rules for %q: cost of %v is %d", name, Grant(g), c)
		}
	}
}

// FuzzParseGrant checks that only the exact registered values parse to a
// known grant and that names stay in the bounded label set.
func FuzzParseGrant(f *testing.F) {
	for g := range Grant(NumGrants) {
		f.Add(g.String())
	}
	f.Add("urn:ietf:params:oauth:grant-type:device_code")
	f.Add("urn:ietf:params:oauth:grant-type:jwt-bearer")
	f.Add("urn:ietf:params:oauth:grant-type:token-exchange")
	f.Fuzz(func(t *testing.T, s string) {
		g := ParseGrant(s)
		if int(g) >= NumGrants {
			t.Fatalf("ParseGrant(%q) = %d, out of range", s, g)
		}
		if !slices.Contains(grantNames[:], g.String()) {
			t.Fatalf("ParseGrant(%q).String() = %q, not a known name", s, g)
		}
		if g == GrantOther {
			return
		}
		registered := g.String()
		switch g {
		case GrantDeviceCode:
			registered = "urn:ietf:params:oauth:grant-type:device_code"
		case GrantJWTBearer:
			registered = "urn:ietf:params:oauth:grant-type:jwt-bearer"
		case GrantTokenExchange:
			registered = "urn:ietf:params:oauth:grant-type:token-exchange"
		}
		if s != registered {
			t.Fatalf("ParseGrant(%q) = %v, but only %q is that grant", s, g, registered)
		}
	})
}

package policy_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

func TestParseOutage(t *testing.T) {
	tests := []struct {
		name, in             string
		wantDefault, wantApp policy.Outage
		wantOther            policy.Outage
	}{
		{"absent: optimistic", "clients:\n  app: {}", policy.OutageOptimistic, policy.OutageOptimistic, policy.OutageOptimistic},
		{"defaults inherited", "defaults:\n  outage: pessimistic\nclients:\n  app: {}", policy.OutagePessimistic, policy.OutagePessimistic, policy.OutagePessimistic},
		{"client overrides", "defaults:\n  outage: share\nclients:\n  app:\n    outage: optimistic", policy.OutageShare, policy.OutageOptimistic, policy.OutageShare},
		{"client only", "clients:\n  app:\n    outage: share", policy.OutageOptimistic, policy.OutageShare, policy.OutageOptimistic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := policy.Parse("policy.yaml", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Defaults().Outage; got != tt.wantDefault {
				t.Errorf("defaults: %v, want %v", got, tt.wantDefault)
			}
			if got := p.For("app").Outage; got != tt.wantApp {
				t.Errorf("app: %v, want %v", got, tt.wantApp)
			}
			if got := p.For("stranger").Outage; got != tt.wantOther {
				t.Errorf("an unconfigured client: %v, want %v", got, tt.wantOther)
			}
			if got := p.WithMode(policy.ModeDryRun).For("app").Outage; got != tt.wantApp {
				t.Errorf("app after WithMode: %v, want %v", got, tt.wantApp)
			}
		})
	}
}

func TestParseOutageErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		path     string
		want     string
	}{
		{"unknown in defaults", "defaults:\n  outage: fail-open", 2, "defaults.outage", `"fail-open": unknown outage mode; want optimistic, pessimistic or share`},
		{"unknown in a client", "clients:\n  app:\n    outage: Share", 3, "clients.app.outage", `"Share": unknown outage mode; want optimistic, pessimistic or share`},
		{"a list", "defaults:\n  outage: [share]", 2, "defaults.outage", "want optimistic, pessimistic or share"},
		{"empty", "defaults:\n  outage:", 2, "defaults.outage", "missing value; want optimistic, pessimistic or share"},
		{"misplaced at the top", "outage: share", 1, "outage", "unknown field; want one of mode, defaults, costs, clients"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := policy.Parse("policy.yaml", []byte(tt.in))
			var pe *policy.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *policy.Error", err)
			}
			if pe.Line != tt.line || pe.Path != tt.path || !strings.Contains(pe.Msg, tt.want) {
				t.Errorf("error %q\nwant line %d, path %q, containing %q", err, tt.line, tt.path, tt.want)
			}
		})
	}
}

func TestSpecOutage(t *testing.T) {
	bad := policy.Outage(7)
	tests := []struct {
		name string
		spec policy.Spec
		path string // "" for valid
	}{
		{"share", policy.Spec{Defaults: policy.Defaults{Outage: policy.OutageShare}}, ""},
		{"client pessimistic", policy.Spec{Clients: map[string]policy.Override{"app": {Outage: new(policy.OutagePessimistic)}}}, ""},
		{"defaults unknown", policy.Spec{Defaults: policy.Defaults{Outage: bad}}, "defaults.outage"},
		{"client unknown", policy.Spec{Clients: map[string]policy.Override{"app": {Outage: &bad}}}, "clients.app.outage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := policy.New(tt.spec)
			if tt.path == "" {
				if err != nil {
					t.Fatal(err)
				}
				if tt.spec.Clients != nil && p.For("app").Outage != *tt.spec.Clients["app"].Outage {
					t.Errorf("app: %v, want %v", p.For("app").Outage, *tt.spec.Clients["app"].Outage)
				}
				return
			}
			var pe *policy.Error
			if !errors.As(err, &pe) || pe.Path != tt.path || !strings.Contains(pe.Msg, `"Outage(7)": unknown outage mode; want optimistic, pessimistic or share`) {
				t.Errorf("error %v, want one at %s naming Outage(7) and the accepted values", err, tt.path)
			}
		})
	}
}

func TestOutageText(t *testing.T) {
	for _, o := range []policy.Outage{policy.OutageOptimistic, policy.OutagePessimistic, policy.OutageShare} {
		b, err := o.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back policy.Outage
		if err := back.UnmarshalText(b); err != nil || back != o {
			t.Errorf("%v: round trip through %q gave %v, %v", o, b, back, err)
		}
	}
	if _, err := policy.ParseOutage("none"); !errors.Is(err, policy.ErrBadOutage) || !strings.Contains(err.Error(), "want optimistic, pessimistic or share") {
		t.Errorf("ParseOutage(none): %v, want ErrBadOutage naming the accepted values", err)
	}
	if _, err := policy.Outage(9).MarshalText(); !errors.Is(err, policy.ErrBadOutage) {
		t.Errorf("MarshalText of Outage(9): %v, want ErrBadOutage", err)
	}
}

// TestExampleFileOutage: policy.example.yaml documents the outage field in
// the defaults (optimistic) and gives mobile-app share.
func TestExampleFileOutage(t *testing.T) {
	p, err := policy.Load("../policy.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d, m := p.Defaults().Outage, p.For("mobile-app").Outage; d != policy.OutageOptimistic || m != policy.OutageShare {
		t.Errorf("outage: defaults %v, mobile-app %v; want optimistic and share", d, m)
	}
}

// TestFullFileOutage: testdata/full.yaml, which uses every field, sets the
// outage mode quoted in the defaults and plain for a client.
func TestFullFileOutage(t *testing.T) {
	p, err := policy.Load("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d, ab, q := p.Defaults().Outage, p.For("a.b").Outage, p.For("quoted id").Outage; d != policy.OutagePessimistic || ab != policy.OutageShare || q != policy.OutagePessimistic {
		t.Errorf("outage: defaults %v, a.b %v, quoted id %v; want pessimistic, share, pessimistic (inherited)", d, ab, q)
	}
}

// A client's outage mode says how its limits apply while the store that
// shares the counts is down: here every client keeps its whole limit on
// each instance (optimistic) except mobile-app, whose limits are shared
// among the live instances.
func ExampleOutage() {
	p, err := policy.Parse("policy.yaml", []byte(`
defaults:
  outage: optimistic
clients:
  mobile-app:
    outage: share
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.For("mobile-app").Outage, p.For("any-other").Outage)
	_, err = policy.Parse("policy.yaml", []byte("defaults:\n  outage: closed\n"))
	fmt.Println(err)
	// Output:
	// share optimistic
	// policy.yaml:2: defaults.outage: "closed": unknown outage mode; want optimistic, pessimistic or share
}

package policy

import (
	"testing"
	"time"
)

// TestExampleFile parses policy.example.yaml at the repository root, which
// the server loads by default, and checks what it documents.
func TestExampleFile(t *testing.T) {
	p, err := Load("../policy.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Defaults().Mode, ModeDryRun; got != want {
		t.Errorf("mode = %v, want %v", got, want)
	}
	if got := p.Clients(); len(got) != 3 || got[0] != "batch-exporter" || got[1] != "internal-gateway" || got[2] != "mobile-app" {
		t.Errorf("Clients() = %q", got)
	}
	m := p.For("mobile-app")
	if m.Mode != ModeEnforce || len(m.User) != 2 || m.User[0] != (Tier{20, time.Minute}) {
		t.Errorf("mobile-app = %+v", m)
	}
	if len(m.Aggregate) != 1 || m.Costs[GrantPassword] != 2 {
		t.Errorf("mobile-app did not inherit aggregate and costs: %+v", m)
	}
	if b := p.For("batch-exporter"); len(b.Aggregate) != 0 || b.Client[0].Limit != 60 {
		t.Errorf("batch-exporter = %+v", b)
	}
	if !p.For("internal-gateway").Trusted {
		t.Error("internal-gateway is not trusted")
	}
}

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
	if m.Mode != ModeEnforce || len(m.User) != 2 || m.User[0] != (Tier{Limit: 20, Size: time.Minute}) {
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

// TestFullFile parses testdata/full.yaml, which uses every field, in block
// style with every way of quoting and of indenting a list.
func TestFullFile(t *testing.T) {
	p, err := Load("testdata/full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	d := p.Defaults()
	if d.Mode != ModeDryRun || d.Client[0] != (Tier{Limit: 4, Size: time.Second}) || d.User[0] != (Tier{Limit: 60, Size: time.Minute}) ||
		d.Soft != 0.75 || d.Costs[GrantTokenExchange] != 3 || d.Costs[GrantOther] != 4 || d.Costs[GrantClientCredentials] != 2 {
		t.Errorf("defaults = %+v", d)
	}
	ab := p.For("a.b")
	if ab.Name != "a.b" || ab.Mode != ModeEnforce || ab.Aggregate != nil || ab.Costs[GrantPassword] != 9 ||
		ab.Costs[GrantOther] != 4 || ab.Soft != 0.5 || ab.User[0] != (Tier{Limit: 0, Size: 24 * time.Hour}) {
		t.Errorf("a.b = %+v", ab)
	}
	if q := p.For("quoted id"); q.Name != "quoted id" || q.Trusted || len(q.Aggregate) != 1 {
		t.Errorf("quoted id = %+v", q)
	}
}

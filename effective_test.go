package oauthratelimit

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestEffectivePolicySources: each value of the effective policy says
// where it comes from: an override (with its version), this process's
// mode, the file (the client's entry, or the defaults it inherits), or the
// built-in defaults.
func TestEffectivePolicySources(t *testing.T) {
	f := newFixture(t, nil) // testPolicy: defaults client 3/1m (file), user 2/1m (file), no aggregate
	ctx := t.Context()
	type row struct{ client, field, value, source string }
	get := func() map[[2]string]row {
		ep := f.lim.EffectivePolicy()
		out := map[[2]string]row{}
		add := func(r EffectiveRules) {
			put := func(field, value, source string, inherited bool, version int64) {
				if inherited {
					source += " (inherited)"
				}
				if version != 0 {
					source += " v"
				}
				out[[2]string{r.Client, field}] = row{r.Client, field, value, source}
			}
			put("mode", r.Mode.Value.String(), r.Mode.Source, r.Mode.Inherited, r.Mode.Version)
			put("trusted", fmt.Sprint(r.Trusted.Value), r.Trusted.Source, r.Trusted.Inherited, r.Trusted.Version)
			for s, tv := range r.Tiers {
				put(scopeNames[s], fmt.Sprint(policy.TiersJSON(tv.Value)), tv.Source, tv.Inherited, tv.Version)
			}
			put("soft_limit", fmt.Sprint(r.SoftLimit.Value), r.SoftLimit.Source, r.SoftLimit.Inherited, r.SoftLimit.Version)
			put("outage", r.Outage.Value.String(), r.Outage.Source, r.Outage.Inherited, r.Outage.Version)
		}
		add(ep.Defaults)
		for _, c := range ep.Clients {
			add(c)
		}
		return out
	}
	check := func(step string, want []row) {
		t.Helper()
		got := get()
		for _, w := range want {
			if g := got[[2]string{w.client, w.field}]; g != w {
				t.Errorf("%s: %q %s = %+v, want %+v", step, w.client, w.field, g, w)
			}
		}
	}
	check("file only", []row{
		{"", "mode", "enforce", "defaults"}, // the file says enforce, the built-in value
		{"", "client", "[{3 1m}]", "file"},
		{"", "aggregate", "[]", "defaults"},
		{"dry-app", "mode", "dry-run", "file"},
		{"trusted-app", "trusted", "true", "file"},
		{"trusted-app", "client", "[{3 1m}]", "file (inherited)"},
		{"", "outage", "optimistic", "defaults"},
		{"dry-app", "outage", "optimistic", "defaults (inherited)"},
		{"soft-app", "soft_limit", "0.5", "file"},
		{"agg-app", "aggregate", "[{3 1m}]", "file"},
	})
	if err := f.lim.SetMode(policy.ModeDryRun); err != nil {
		t.Fatal(err)
	}
	check("--mode", []row{
		{"", "mode", "dry-run", "flag"},
		{"trusted-app", "mode", "dry-run", "flag (inherited)"},
		{"dry-app", "mode", "dry-run", "file"},
	})
	if err := f.lim.SetSharedMode(ctx, policy.ModeEnforce); err != nil {
		t.Fatal(err)
	}
	if _, err := f.lim.PutOverride(ctx, "trusted-app", policy.RuntimeOverride{User: []policy.Tier{{Limit: 9, Size: time.Hour}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.lim.PutOverride(ctx, "new-app", policy.RuntimeOverride{Mode: new(policy.ModeDryRun)}); err != nil {
		t.Fatal(err)
	}
	check("overrides", []row{
		{"", "mode", "enforce", "override v"},
		{"trusted-app", "mode", "enforce", "override (inherited) v"},
		{"trusted-app", "user", "[{9 1h}]", "override v"},
		{"trusted-app", "trusted", "true", "file"},
		{"new-app", "mode", "dry-run", "override v"},
		{"new-app", "client", "[{3 1m}]", "file (inherited)"},
	})
	// An override that drops the aggregate, or sets the soft limit, is
	// that value's source.
	if _, err := f.lim.PutOverride(ctx, "agg-app", policy.RuntimeOverride{NoAggregate: true, SoftLimit: 0.8}); err != nil {
		t.Fatal(err)
	}
	check("overrides of the aggregate and soft limit", []row{
		{"agg-app", "aggregate", "[]", "override v"},
		{"agg-app", "soft_limit", "0.8", "override v"},
		{"agg-app", "client", "[{3 1m}]", "file (inherited)"},
	})
}

// TestEffectivePolicyOutage: the outage mode of the effective policy says
// whether the file sets it, for the defaults and per client.
func TestEffectivePolicyOutage(t *testing.T) {
	f := newFixture(t, nil)
	p, err := policy.Parse("outage.yaml", []byte(`
defaults:
  client:
    - {limit: 10, window: 1m}
  outage: pessimistic
clients:
  shared-app:
    outage: share
  plain-app:
    mode: dry-run
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.lim.SetPolicy(p); err != nil {
		t.Fatal(err)
	}
	ep := f.lim.EffectivePolicy()
	got := map[string]Sourced[policy.Outage]{"": ep.Defaults.Outage}
	for _, c := range ep.Clients {
		got[c.Client] = c.Outage
	}
	for client, want := range map[string]Sourced[policy.Outage]{
		"":           {Value: policy.OutagePessimistic, Source: SourceFile},
		"shared-app": {Value: policy.OutageShare, Source: SourceFile},
		"plain-app":  {Value: policy.OutagePessimistic, Source: SourceFile, Inherited: true},
	} {
		if got[client] != want {
			t.Errorf("client %q: outage %+v, want %+v", client, got[client], want)
		}
	}
}

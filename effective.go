package oauthratelimit

import (
	"reflect"
	"slices"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Where a value of the effective policy comes from (Sourced.Source).
const (
	// SourceOverride: a runtime override shared through the store (the
	// client's own, or the shared global mode).
	SourceOverride = "override"
	// SourceFlag: this process's own mode (SetMode; the server's --mode).
	SourceFlag = "flag"
	// SourceFile: the policy (its file, or the Spec given to policy.New):
	// the client's entry, or the defaults it inherits.
	SourceFile = "file"
	// SourceDefaults: the built-in default (policy.Default): the policy
	// leaves the value unset, or sets it to the built-in value (a
	// compiled policy does not tell the two apart).
	SourceDefaults = "defaults"
)

// Sourced is one value of the effective policy and where it comes from.
type Sourced[T any] struct {
	// Value is the value in force.
	Value T
	// Source is SourceOverride, SourceFlag, SourceFile or SourceDefaults.
	Source string
	// Inherited: a client's value that its own entry and override do not
	// set, taken from the defaults (whose Source it shows).
	Inherited bool
	// Version is the version of the override it comes from; 0 if none.
	Version int64
}

// EffectiveRules are one client's rules (or the defaults) in force, each
// with its source.
type EffectiveRules struct {
	// Client is the client ID; "" for the defaults.
	Client string
	// Mode, Trusted, Tiers and SoftLimit are the rules' values, as
	// policy.Rules holds them (Mode, Trusted, Client/User/Aggregate, Soft).
	Mode    Sourced[policy.Mode]
	Trusted Sourced[bool]
	// Tiers are by scope, in ScopeNames' order: client, user, aggregate.
	Tiers     [numScopes]Sourced[[]policy.Tier]
	SoftLimit Sourced[float64]
	// Outage is how the limits apply while the store is down (an
	// override cannot set it: only the policy file).
	Outage Sourced[policy.Outage]
}

// EffectivePolicy is the policy in force on this instance: the policy file
// with the process's mode and the runtime overrides laid over it, each
// value saying where it comes from.
type EffectivePolicy struct {
	// Source names the policy file (policy.Policy.Source).
	Source string
	// Defaults are the rules of every client without rules of its own.
	Defaults EffectiveRules
	// Clients are the clients with rules of their own (in the file or by
	// an override), by client ID.
	Clients []EffectiveRules
	// Overrides are the runtime overrides read from the store (see
	// Overrides), in force or skipped.
	Overrides []OverrideState
	// Fleet is what this instance counts in for the other live
	// instances' policies (see Config.FleetTiers).
	Fleet FleetState
}

// ScopeNames are the names of EffectiveRules.Tiers' scopes, in order.
var ScopeNames = scopeNames

// EffectivePolicy returns the policy in force with the source of each
// value.
func (l *Limiter) EffectivePolicy() EffectivePolicy {
	l.setMu.Lock()
	base, mode, status := l.base, l.mode, slices.Clone(l.status)
	cp := l.state.Load()
	eff := cp.pol
	fleet := cp.fleetState(l.fleetBy, l.cfg.FleetTiers == FleetTiersEnforce)
	l.setMu.Unlock()

	applied := map[string]*OverrideState{}
	for i := range status {
		if status[i].Applied() {
			applied[status[i].Client] = &status[i]
		}
	}
	builtin := policy.Default().Defaults()
	fromFile := base.Source() != policy.Default().Source()
	fileOr := func(same bool) string {
		if same || !fromFile {
			return SourceDefaults
		}
		return SourceFile
	}
	d, bd := eff.Defaults(), base.Defaults()
	def := EffectiveRules{
		Mode:      Sourced[policy.Mode]{Value: d.Mode, Source: fileOr(bd.Mode == builtin.Mode)},
		Trusted:   Sourced[bool]{Value: false, Source: SourceDefaults},
		SoftLimit: Sourced[float64]{Value: d.Soft, Source: fileOr(bd.Soft == builtin.Soft)},
		Outage:    Sourced[policy.Outage]{Value: d.Outage, Source: fileOr(bd.Outage == builtin.Outage)},
	}
	if g := applied[syncer.GlobalOverride]; g != nil {
		def.Mode.Source, def.Mode.Version = SourceOverride, g.Version
	} else if mode != nil {
		def.Mode.Source = SourceFlag
	}
	for s, pair := range [numScopes][2][]policy.Tier{{d.Client, builtin.Client}, {d.User, builtin.User}, {d.Aggregate, builtin.Aggregate}} {
		def.Tiers[s] = Sourced[[]policy.Tier]{Value: pair[0], Source: fileOr(reflect.DeepEqual(pair[0], pair[1]) || len(pair[0])+len(pair[1]) == 0)}
	}
	ep := EffectivePolicy{Source: base.Source(), Defaults: def, Overrides: status, Fleet: fleet}
	for _, id := range eff.Clients() {
		r, own := eff.For(id), base.Own(id)
		var o policy.RuntimeOverride
		var version int64
		if st := applied[id]; st != nil {
			o, _ = policy.ParseOverride(st.Spec) // it parsed when it was applied
			version = st.Version
		}
		pick := func(byOverride, byFile bool, inherited string) (string, bool, int64) {
			switch {
			case byOverride:
				return SourceOverride, false, version
			case byFile:
				return SourceFile, false, 0
			}
			return inherited, true, 0
		}
		er := EffectiveRules{Client: id}
		er.Mode.Value = r.Mode
		er.Mode.Source, er.Mode.Inherited, er.Mode.Version = pick(o.Mode != nil, own.Mode, def.Mode.Source)
		if er.Mode.Inherited {
			er.Mode.Version = def.Mode.Version
		}
		er.Trusted.Value = r.Trusted
		er.Trusted.Source, er.Trusted.Inherited, er.Trusted.Version = pick(o.Trusted != nil, own.Trusted, SourceDefaults)
		for s, x := range [numScopes]struct {
			ts      []policy.Tier
			ov, own bool
		}{{r.Client, len(o.Client) > 0, own.Client}, {r.User, len(o.User) > 0, own.User}, {r.Aggregate, len(o.Aggregate) > 0 || o.NoAggregate, own.Aggregate}} {
			er.Tiers[s].Value = x.ts
			er.Tiers[s].Source, er.Tiers[s].Inherited, er.Tiers[s].Version = pick(x.ov, x.own, def.Tiers[s].Source)
		}
		er.SoftLimit.Value = r.Soft
		er.SoftLimit.Source, er.SoftLimit.Inherited, er.SoftLimit.Version = pick(o.SoftLimit != 0, own.Soft, def.SoftLimit.Source)
		er.Outage.Value = r.Outage
		er.Outage.Source, er.Outage.Inherited, er.Outage.Version = pick(false, own.Outage, def.Outage.Source)
		ep.Clients = append(ep.Clients, er)
	}
	return ep
}

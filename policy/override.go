package policy

// Runtime overrides: one client's rules changed while the limiter runs,
// written as JSON through the admin API and shared by every instance. They
// say things in the words of a client's entry in a policy file, and are
// checked by the same rules with the same messages.

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v4"
)

// RuntimeOverride is one client's rules set at run time, laid over what the
// policy gives the client (its own entry, or the defaults). A field left
// at its zero value (nil, false, 0) leaves the rule as the policy has it.
type RuntimeOverride struct {
	// Mode, if set, is the client's mode; a client whose mode is
	// overridden keeps it through Policy.WithMode.
	Mode *Mode
	// Trusted, if set, says whether the client is trusted.
	Trusted *bool
	// Client, User and Aggregate replace the tiers of that scope when not
	// empty (1..MaxTiers tiers with distinct windows, as in a file).
	Client, User, Aggregate []Tier
	// NoAggregate drops the aggregate tiers (JSON "aggregate": "none" or
	// []); not together with Aggregate.
	NoAggregate bool
	// SoftLimit replaces the soft limit when not 0.
	SoftLimit float64
	// Costs replace the cost of each grant they name.
	Costs map[Grant]int64
}

// Fields returns the names of the fields o sets, in the order of a client's
// entry in a policy file (mode, trusted, client, user, aggregate,
// soft_limit, costs).
func (o *RuntimeOverride) Fields() []string {
	var fs []string
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"mode", o.Mode != nil}, {"trusted", o.Trusted != nil}, {"client", len(o.Client) > 0},
		{"user", len(o.User) > 0}, {"aggregate", len(o.Aggregate) > 0 || o.NoAggregate},
		{"soft_limit", o.SoftLimit != 0}, {"costs", len(o.Costs) > 0},
	} {
		if f.set {
			fs = append(fs, f.name)
		}
	}
	return fs
}

// Validate reports the first value of o outside what a policy accepts, as
// an *Error whose Path names the field as the JSON does (e.g.
// client[0].window), or nil.
func (o *RuntimeOverride) Validate() error {
	if p := o.check(); p != nil {
		return p.err("", nil)
	}
	return nil
}

func (o *RuntimeOverride) check() *problem {
	if o.Mode != nil {
		if p := checkMode(*o.Mode, "mode"); p != nil {
			return p
		}
	}
	for _, sc := range []struct {
		name string
		ts   []Tier
	}{{"client", o.Client}, {"user", o.User}, {"aggregate", o.Aggregate}} {
		if p := checkTiers(sc.ts, sc.name); p != nil {
			return p
		}
	}
	if o.NoAggregate && len(o.Aggregate) > 0 {
		return &problem{path: "aggregate", msg: "both Aggregate and NoAggregate are set; want one of them"}
	}
	if p := checkSoft(o.SoftLimit, "soft_limit"); p != nil {
		return p
	}
	return checkCosts(o.Costs, "costs")
}

// overrideFields are the fields of a runtime override: those of a
// client's entry in a policy file that an override may change, in the
// order error messages list them.
var overrideFields = []string{"mode", "trusted", "client", "user", "aggregate", "soft_limit", "costs"}

// ParseOverride parses a runtime override written as a JSON object with the
// fields of a client's entry in a policy file:
//
//	{"mode": "enforce"|"dry-run", "trusted": true|false,
//	 "client": [{"limit": 60, "window": "1m"}], "user": [...],
//	 "aggregate": [...] or "none", "soft_limit": 0.8, "costs": {"password": 2}}
//
// each optional. Every problem is an *Error whose Path names the field
// (e.g. client[0].limit) and whose message says what would be accepted, as
// for a policy file; it has no file and no line.
func ParseOverride(data []byte) (RuntimeOverride, error) {
	var o RuntimeOverride
	if !json.Valid(data) {
		return o, &Error{Msg: "not a JSON object; want e.g. {\"mode\": \"dry-run\"} with the fields " + strings.Join(overrideFields, ", ")}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		// JSON the YAML library cannot read (it reads all JSON but
		// duplicated keys, which the decoder reports itself).
		return o, &Error{Msg: "not a JSON object the policy decoder reads; want e.g. {\"mode\": \"dry-run\"}"}
	}
	d := newDecoder("", false)
	if err := d.runtimeOverride(doc.Content[0], &o); err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Line = 0 // one JSON document: the field says where
		}
		return RuntimeOverride{}, err
	}
	if err := o.Validate(); err != nil {
		return RuntimeOverride{}, err
	}
	return o, nil
}

// UnmarshalJSON implements json.Unmarshaler with ParseOverride.
func (o *RuntimeOverride) UnmarshalJSON(data []byte) error {
	v, err := ParseOverride(data)
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// runtimeOverride decodes a client's entry, as decoder.override does,
// except that trusted may be set to false (not the same as not set) and
// that aggregate may be the string "none", quoted as JSON writes it.
func (d *decoder) runtimeOverride(n *yaml.Node, o *RuntimeOverride) error {
	r, _, err := d.visit(n, "")
	if err != nil {
		return err
	}
	if r.Kind != yaml.MappingNode {
		return d.errf(0, "", "got %s; want a JSON object with the fields %s", describe(r), strings.Join(overrideFields, ", "))
	}
	f, _, err := d.fields(n, "", overrideFields)
	if err != nil {
		return err
	}
	if v := f["mode"]; v != nil {
		m, err := d.mode(v, "mode")
		if err != nil {
			return err
		}
		o.Mode = &m
	}
	if v := f["trusted"]; v != nil {
		b, err := d.bool(v, "trusted")
		if err != nil {
			return err
		}
		o.Trusted = &b
	}
	if o.Client, _, err = d.tiers(f["client"], "client", false); err != nil {
		return err
	}
	if o.User, _, err = d.tiers(f["user"], "user", false); err != nil {
		return err
	}
	if v := f["aggregate"]; v != nil && v.Kind == yaml.ScalarNode && v.Value == "none" {
		o.NoAggregate = true
	} else if o.Aggregate, o.NoAggregate, err = d.tiers(v, "aggregate", true); err != nil {
		return err
	}
	if o.SoftLimit, err = d.soft(f["soft_limit"], "soft_limit"); err != nil {
		return err
	}
	if v := f["costs"]; v != nil {
		if o.Costs, err = d.costs(v, "costs"); err != nil {
			return err
		}
	}
	return nil
}

// TierJSON is a tier as the JSON of an override, and of a policy shown
// by the admin API, writes it: {"limit": 60, "window": "1m"}.
type TierJSON struct {
	Limit  int64  `json:"limit"`
	Window string `json:"window"`
}

// TiersJSON returns ts as TierJSONs.
func TiersJSON(ts []Tier) []TierJSON {
	out := make([]TierJSON, len(ts))
	for i, t := range ts {
		out[i] = TierJSON{Limit: t.Limit, Window: FormatWindow(t.Size)}
	}
	return out
}

// FormatWindow writes a window as a policy file would: 30s, 1m, 90s, 1h,
// 36h; whole seconds.
func FormatWindow(d time.Duration) string {
	s := int64(d / time.Second)
	switch {
	case s > 0 && s%3600 == 0:
		return strconv.FormatInt(s/3600, 10) + "h"
	case s > 0 && s%60 == 0:
		return strconv.FormatInt(s/60, 10) + "m"
	}
	return strconv.FormatInt(s, 10) + "s"
}

// MarshalJSON implements json.Marshaler: the fields o sets, in the form
// ParseOverride reads, so that what is stored reads back the same.
func (o RuntimeOverride) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	field := func(name string, v any) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(name)
		val, _ := json.Marshal(v) // only strings, numbers, bools, slices and maps of them
		b.Write(k)
		b.WriteByte(':')
		b.Write(val)
	}
	if o.Mode != nil {
		field("mode", o.Mode.String())
	}
	if o.Trusted != nil {
		field("trusted", *o.Trusted)
	}
	for _, sc := range []struct {
		name string
		ts   []Tier
	}{{"client", o.Client}, {"user", o.User}, {"aggregate", o.Aggregate}} {
		if len(sc.ts) > 0 {
			field(sc.name, TiersJSON(sc.ts))
		}
	}
	if o.NoAggregate && len(o.Aggregate) == 0 {
		field("aggregate", "none")
	}
	if o.SoftLimit != 0 {
		field("soft_limit", o.SoftLimit)
	}
	if len(o.Costs) > 0 {
		costs := make(map[string]int64, len(o.Costs))
		for g, c := range o.Costs {
			costs[g.String()] = c
		}
		field("costs", costs)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// RulesWith returns the rules of clientID with o laid over them: the client's
// own rules if p configures it, else the defaults, each field o sets
// replaced. The result is new; p is not changed.
func (p *Policy) RulesWith(clientID string, o *RuntimeOverride) *Rules {
	r := *p.For(clientID)
	r.Name = clientID
	if o.Mode != nil {
		r.Mode = *o.Mode
	}
	if o.Trusted != nil {
		r.Trusted = *o.Trusted
	}
	setTiers(&r.Client, o.Client)
	setTiers(&r.User, o.User)
	if o.NoAggregate {
		r.Aggregate = nil
	}
	setTiers(&r.Aggregate, o.Aggregate)
	if o.SoftLimit != 0 {
		r.Soft = o.SoftLimit
	}
	for g, c := range o.Costs {
		r.Costs[g] = c
	}
	return &r
}

// WithOverrides returns a copy of p with the runtime overrides laid over
// it (see RulesWith), by client ID: a client p does not configure becomes
// a configured client (its own rules, its own metric label). A client whose
// mode is overridden keeps it through a later WithMode. p itself is not
// changed. The overrides must be valid (see RuntimeOverride.Validate).
func (p *Policy) WithOverrides(overrides map[string]RuntimeOverride) *Policy {
	if p == nil || p.defaults == nil {
		p = builtin
	}
	if len(overrides) == 0 {
		return p
	}
	// A copy of the whole struct, so that a field added to Policy is
	// kept; the maps and slices it changes are cloned.
	cp := *p
	q := &cp
	q.clients, q.ownMode = maps.Clone(p.clients), maps.Clone(p.ownMode)
	ids := slices.Clone(p.ids)
	for id, o := range overrides {
		if _, ok := q.clients[id]; !ok {
			ids = append(ids, id)
		}
		q.clients[id] = p.RulesWith(id, &o)
		if o.Mode != nil {
			q.ownMode[id] = true
		}
	}
	slices.Sort(ids)
	q.ids = ids
	return q
}

// Configures reports whether p has rules of clientID's own (a clients entry
// of the file, or an override laid over it).
func (p *Policy) Configures(clientID string) bool {
	if p == nil {
		return false
	}
	_, ok := p.clients[clientID]
	return ok
}

// OwnFields says which rules of a configured client its own entry sets,
// rather than inheriting them from the defaults.
type OwnFields struct {
	Mode, Trusted, Client, User, Aggregate, Soft, Outage bool
	// Costs are the grants whose cost differs from the defaults'.
	Costs []Grant
}

// Own returns which of clientID's rules p's entry for it sets (see
// OwnFields); all false for a client p does not configure. A rule set to
// the value it would inherit counts as inherited, except the mode, which
// the policy records (it decides what WithMode changes), and tiers, which
// are told by identity: a client that sets no tiers of a scope shares the
// defaults' (Spec.compile copies only the tiers an entry sets).
func (p *Policy) Own(clientID string) OwnFields {
	var f OwnFields
	if !p.Configures(clientID) {
		return f
	}
	r, d := p.clients[clientID], p.defaults
	f.Mode = p.ownMode[clientID]
	f.Trusted = r.Trusted
	f.Client = !sameTiers(r.Client, d.Client)
	f.User = !sameTiers(r.User, d.User)
	f.Aggregate = !sameTiers(r.Aggregate, d.Aggregate)
	f.Soft = r.Soft != d.Soft
	f.Outage = r.Outage != d.Outage
	for g := range r.Costs {
		if r.Costs[g] != d.Costs[g] {
			f.Costs = append(f.Costs, Grant(g))
		}
	}
	return f
}

// sameTiers reports whether a and b are the same tiers in memory (or both
// empty).
func sameTiers(a, b []Tier) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return len(a) == len(b) && &a[0] == &b[0]
}

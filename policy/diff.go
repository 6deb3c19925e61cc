package policy

// What changed from one policy to another, for the log of each policy an
// instance installs (a reload of the file, a runtime override, a mode
// switch): an operator who reads one instance's log after an incident must
// be able to tell what a change did. An outside audit found a reload that
// lowered a client's limit logged exactly as the one that raised it again.

import (
	"log/slog"
	"slices"
	"strconv"
	"strings"
)

// FieldChange is one rule that changed: the field as a policy file names
// it (mode, trusted, client, user, aggregate, soft_limit, outage,
// costs.<grant>) and its old and new values: a mode, true or false, tiers
// as 600/1m,20000/1h, a soft limit, an outage mode, a cost; "none" for no
// tiers and no soft limit.
type FieldChange struct {
	Field, Old, New string
}

// String returns "client 1000/1m -> 30/1m".
func (c FieldChange) String() string { return c.Field + " " + c.Old + " -> " + c.New }

// ClientChange is a client whose rules changed.
type ClientChange struct {
	Client string
	// Added: the later policy configures the client and the earlier did
	// not (its rules were the defaults); Removed: the reverse (its rules
	// are now the defaults).
	Added, Removed bool
	// Fields are the rules that changed, in the order of a client's entry
	// in a policy file; a field the client inherits from the defaults in
	// both policies is not among them (Changes.Defaults says it).
	Fields []FieldChange
}

// String returns "demo-service: client 1000/1m -> 30/1m; soft_limit none
// -> 0.8", with "added " or "removed " before the client.
func (c ClientChange) String() string {
	var b strings.Builder
	switch {
	case c.Added:
		b.WriteString("added ")
	case c.Removed:
		b.WriteString("removed ")
	}
	b.WriteString(c.Client)
	for i, f := range c.Fields {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(f.String())
	}
	return b.String()
}

// Changes are what changed from one policy to another (see Diff).
type Changes struct {
	// Defaults are the changed rules of the defaults, the global mode
	// among them.
	Defaults []FieldChange
	// Clients are the first of the clients whose rules changed, by
	// client ID: added, removed, or with a rule of their own changed. A
	// client that only follows a change of the defaults is not one.
	Clients []ClientChange
	// Added, Removed and Changed count those clients, listed or not:
	// Changed those that both policies configure.
	Added, Removed, Changed int
	// Following counts the clients both policies configure whose rules
	// changed only as the defaults did (rules neither sets for the
	// client): the configured clients a change of the defaults reached.
	Following int
}

// None reports whether nothing changed.
func (c *Changes) None() bool {
	return len(c.Defaults) == 0 && c.Added+c.Removed+c.Changed+c.Following == 0
}

// Unlisted is how many changed clients Clients leaves out.
func (c *Changes) Unlisted() int { return c.Added + c.Removed + c.Changed - len(c.Clients) }

// Attrs returns the changes as a log line (and an answer of the admin API)
// gives them: defaults_changed and client_changes, each rule as "field old
// -> new", then the counts that are not 0 of clients_added,
// clients_removed, clients_changed, clients_unlisted (changed but not
// listed) and clients_following_defaults. None for no change.
func (c *Changes) Attrs() []slog.Attr {
	var attrs []slog.Attr
	if len(c.Defaults) > 0 {
		attrs = append(attrs, slog.Any("defaults_changed", stringsOf(c.Defaults)))
	}
	if len(c.Clients) > 0 {
		attrs = append(attrs, slog.Any("client_changes", stringsOf(c.Clients)))
	}
	for _, n := range []struct {
		key string
		n   int
	}{{"clients_added", c.Added}, {"clients_removed", c.Removed}, {"clients_changed", c.Changed},
		{"clients_unlisted", c.Unlisted()}, {"clients_following_defaults", c.Following}} {
		if n.n > 0 {
			attrs = append(attrs, slog.Int(n.key, n.n))
		}
	}
	return attrs
}

// stringsOf returns the String of each of xs.
func stringsOf[T interface{ String() string }](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

// Diff returns what changed from one policy to the next: the defaults' rules, and
// every client either configures, compared rule by rule (a client only one
// configures against the other's defaults). Changes.Clients lists at most
// maxClients of them, the first by client ID, and counts the rest, so that
// a policy of thousands of clients gives a bounded result. A nil policy is
// Default. Diff reads the policies once, off the request path; it
// allocates only for what it lists.
func Diff(from, to *Policy, maxClients int) Changes {
	if from == nil || from.defaults == nil {
		from = builtin
	}
	if to == nil || to.defaults == nil {
		to = builtin
	}
	var ch Changes
	od, nd := from.defaults, to.defaults
	for _, f := range ruleFields {
		if !f.equal(od, nd) {
			ch.Defaults = append(ch.Defaults, FieldChange{f.name, f.format(od), f.format(nd)})
		}
	}
	for g := range Grant(NumGrants) {
		if od.Costs[g] != nd.Costs[g] {
			ch.Defaults = append(ch.Defaults, costChange(g, od, nd))
		}
	}
	// The two sorted ID lists, merged.
	a, b := from.ids, to.ids
	for len(a) > 0 || len(b) > 0 {
		var id string
		inOld, inNew := false, false
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			id, inOld, a = a[0], true, a[1:]
		case len(a) == 0 || b[0] < a[0]:
			id, inNew, b = b[0], true, b[1:]
		default:
			id, inOld, inNew, a, b = a[0], true, true, a[1:], b[1:]
		}
		list := len(ch.Clients) < maxClients
		c := ClientChange{Client: id, Added: !inOld, Removed: !inNew}
		own, inherited := compareClient(from, to, id, list, &c.Fields)
		switch {
		case c.Added:
			ch.Added++
		case c.Removed:
			ch.Removed++
		case own:
			ch.Changed++
		case inherited:
			ch.Following++
			continue
		default:
			continue
		}
		if list {
			ch.Clients = append(ch.Clients, c)
		}
	}
	return ch
}

// compareClient compares id's rules in from and to, each the client's own
// or the defaults, and reports whether a rule changed that either policy
// sets for the client (own), and whether one changed that both take from
// their defaults (inherited). With list, it appends the first kind to
// fields.
func compareClient(from, to *Policy, id string, list bool, fields *[]FieldChange) (own, inherited bool) {
	or, nr := from.For(id), to.For(id)
	if or == nr {
		return false, false
	}
	od, nd := from.defaults, to.defaults
	for _, f := range ruleFields {
		if f.equal(or, nr) {
			continue
		}
		if f.inherited(from, id, or, od) && f.inherited(to, id, nr, nd) {
			inherited = true
			continue
		}
		own = true
		if list {
			*fields = append(*fields, FieldChange{f.name, f.format(or), f.format(nr)})
		}
	}
	for g := range Grant(NumGrants) {
		if or.Costs[g] == nr.Costs[g] {
			continue
		}
		if or.Costs[g] == od.Costs[g] && nr.Costs[g] == nd.Costs[g] {
			inherited = true
			continue
		}
		own = true
		if list {
			*fields = append(*fields, costChange(g, or, nr))
		}
	}
	return own, inherited
}

func costChange(g Grant, o, n *Rules) FieldChange {
	return FieldChange{"costs." + g.String(), strconv.FormatInt(o.Costs[g], 10), strconv.FormatInt(n.Costs[g], 10)}
}

// ruleField is one rule of Rules but the costs (compared per grant).
type ruleField struct {
	name   string // as a policy file names it
	equal  func(a, b *Rules) bool
	format func(r *Rules) string
	// inherited reports whether r, the rules p gives the client id, takes
	// the rule from d, p's defaults: the client's entry does not set it.
	inherited func(p *Policy, id string, r, d *Rules) bool
}

// ruleFields are the rules in the order of a client's entry in a policy
// file. The defaults' Trusted is always false; Diff compares it anyway.
var ruleFields = []ruleField{
	{"mode",
		func(a, b *Rules) bool { return a.Mode == b.Mode },
		func(r *Rules) string { return r.Mode.String() },
		func(p *Policy, id string, _, _ *Rules) bool { return !p.ownMode[id] }},
	{"trusted",
		func(a, b *Rules) bool { return a.Trusted == b.Trusted },
		func(r *Rules) string { return strconv.FormatBool(r.Trusted) },
		func(_ *Policy, _ string, r, d *Rules) bool { return r.Trusted == d.Trusted }},
	{"client",
		func(a, b *Rules) bool { return slices.Equal(a.Client, b.Client) },
		func(r *Rules) string { return formatTiers(r.Client) },
		func(_ *Policy, _ string, r, d *Rules) bool { return sameTiers(r.Client, d.Client) }},
	{"user",
		func(a, b *Rules) bool { return slices.Equal(a.User, b.User) },
		func(r *Rules) string { return formatTiers(r.User) },
		func(_ *Policy, _ string, r, d *Rules) bool { return sameTiers(r.User, d.User) }},
	{"aggregate",
		func(a, b *Rules) bool { return slices.Equal(a.Aggregate, b.Aggregate) },
		func(r *Rules) string { return formatTiers(r.Aggregate) },
		func(_ *Policy, _ string, r, d *Rules) bool { return sameTiers(r.Aggregate, d.Aggregate) }},
	{"soft_limit",
		func(a, b *Rules) bool { return a.Soft == b.Soft },
		func(r *Rules) string {
			if r.Soft == 0 {
				return "none"
			}
			return strconv.FormatFloat(r.Soft, 'g', -1, 64)
		},
		func(_ *Policy, _ string, r, d *Rules) bool { return r.Soft == d.Soft }},
	{"outage",
		func(a, b *Rules) bool { return a.Outage == b.Outage },
		func(r *Rules) string { return r.Outage.String() },
		func(_ *Policy, _ string, r, d *Rules) bool { return r.Outage == d.Outage }},
}

// formatTiers writes tiers as "600/1m,20000/1h", or "none".
func formatTiers(ts []Tier) string {
	if len(ts) == 0 {
		return "none"
	}
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(t.Limit, 10))
		b.WriteByte('/')
		b.WriteString(FormatWindow(t.Size))
	}
	return b.String()
}

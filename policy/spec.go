package policy

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Spec is a policy written in Go instead of YAML: the policy file field for
// field, with the same defaults and the same validation. New compiles it; a
// policy file decodes into a Spec and is compiled by New too, so a Spec and
// the file that says the same thing give equal policies.
//
// The zero Spec is the built-in Default policy. A Spec is only read by
// Validate and New; New copies what it keeps.
type Spec struct {
	// Mode applies to the defaults and to every client without a mode of
	// its own. The zero value is ModeEnforce. File: mode.
	Mode Mode
	// Defaults are the rules of every client without an override.
	// File: defaults.
	Defaults Defaults
	// Costs is what one issued token of a grant spends, 1..MaxCost. A grant
	// not in the map costs 1. File: costs.
	Costs map[Grant]int64
	// Clients are the per-client overrides by client ID (1..256 bytes
	// without control characters). A configured client gets its own metric
	// label even with an empty Override. File: clients.
	Clients map[string]Override
}

// Defaults are the rules of every client without an override. A field left
// at its zero value takes the built-in value of Default.
type Defaults struct {
	// Client are the tiers of client_credentials and unrecognized grants,
	// counted per client: 1..MaxTiers tiers with distinct windows. nil or
	// empty: Default's client tiers.
	Client []Tier
	// User are the tiers of user grants, counted per (client, user).
	// nil or empty: Default's user tiers.
	User []Tier
	// Aggregate are optional tiers against which user grants are also
	// counted per client, on the key the client tiers count on: both
	// count the client's client_credentials and user-grant tokens. nil or
	// empty: none.
	Aggregate []Tier
	// SoftLimit is 0 for none, else a fraction strictly between 0 and 1:
	// a warning is raised when an estimate passes SoftLimit*Limit. File:
	// soft_limit.
	SoftLimit float64
	// Outage is how clients are limited while the store is down; the
	// zero value is OutageOptimistic (the normal limits). File: outage.
	Outage Outage
}

// Override is one client's rules. Every field left at its zero value is
// inherited from the defaults and from Spec.Mode and Spec.Costs.
type Override struct {
	// Mode is nil to inherit Spec.Mode, else the client's own mode, which
	// Policy.WithMode does not change. Write new(policy.ModeDryRun).
	Mode *Mode
	// Trusted clients are counted but never denied.
	Trusted bool
	// Client, User and Aggregate replace the inherited tiers of that scope
	// when not empty.
	Client, User, Aggregate []Tier
	// NoAggregate drops the inherited aggregate tiers (file: aggregate: none
	// or aggregate: []). It may not be set together with Aggregate.
	NoAggregate bool
	// SoftLimit replaces the inherited soft limit when not 0.
	SoftLimit float64
	// Outage is nil to inherit Defaults.Outage, else the client's own.
	// Write new(policy.OutageShare).
	Outage *Outage
	// Costs replace the inherited cost of each grant they name.
	Costs map[Grant]int64
}

// sourceNew is the Source of a policy built by New.
const sourceNew = "policy.New"

// New validates s and compiles it into a Policy whose Source is
// "policy.New". Every problem is an *Error whose Path names the field as the
// policy file would (e.g. clients.mobile-app.user[0].limit), with no file
// or line.
func New(s Spec) (*Policy, error) {
	if p := s.check(sortedIDs(s.Clients)); p != nil {
		return nil, p.err("", nil)
	}
	return s.compile(sourceNew), nil
}

// Validate reports the first value of s outside what a policy accepts, as an
// *Error naming the field, or nil. Clients are checked in sorted order.
func (s *Spec) Validate() error {
	if p := s.check(sortedIDs(s.Clients)); p != nil {
		return p.err("", nil)
	}
	return nil
}

func sortedIDs(m map[string]Override) []string {
	return slices.Sorted(maps.Keys(m))
}

// problem is a value outside what a policy accepts, found by Spec.check.
// Parse turns it into an *Error on the line of the field in the file.
type problem struct {
	path  string // the field, e.g. clients.app.user[0].limit
	at    string // the field whose line the problem is reported on, if not path
	value string // the offending value as Go formats it; "" when msg says it all
	msg   string // what is wrong and what would be accepted
}

// err renders p as an *Error. pos, if not nil, gives the line and the text
// as written of each field of a decoded file.
func (p *problem) err(file string, pos map[string]position) *Error {
	e := &Error{File: file, Path: p.path, Msg: p.msg}
	value := p.value
	if w, ok := pos[p.path]; ok {
		e.Line = w.line
		if w.path != "" {
			e.Path = w.path // as written: costs["urn:ietf:params:oauth:grant-type:device_code"]
		}
		if w.text != "" && value != "" {
			value = w.text // as written: 1500ms rather than 1.5s
		}
	}
	if w, ok := pos[p.at]; ok && p.at != "" {
		e.Line = w.line
	}
	if value != "" {
		e.Msg = strconv.Quote(value) + ": " + p.msg
	}
	return e
}

// check returns the first problem of s, checking clients in the given order.
func (s *Spec) check(ids []string) *problem {
	if p := checkMode(s.Mode, "mode"); p != nil {
		return p
	}
	if p := checkCosts(s.Costs, "costs"); p != nil {
		return p
	}
	d := &s.Defaults
	for _, sc := range []struct {
		name string
		ts   []Tier
	}{{"client", d.Client}, {"user", d.User}, {"aggregate", d.Aggregate}} {
		if p := checkTiers(sc.ts, "defaults."+sc.name); p != nil {
			return p
		}
	}
	if p := checkSoft(d.SoftLimit, "defaults.soft_limit"); p != nil {
		return p
	}
	if p := checkOutage(d.Outage, "defaults.outage"); p != nil {
		return p
	}
	for _, id := range ids {
		o := s.Clients[id]
		path := "clients" + keyPath(id)
		if bad := checkClientID(id); bad != "" {
			return &problem{path: "clients", at: path + atKey, msg: strconv.Quote(id) + ": " + bad + "; " + wantClientID}
		}
		if o.Mode != nil {
			if p := checkMode(*o.Mode, path+".mode"); p != nil {
				return p
			}
		}
		for _, sc := range []struct {
			name string
			ts   []Tier
		}{{"client", o.Client}, {"user", o.User}, {"aggregate", o.Aggregate}} {
			if p := checkTiers(sc.ts, path+"."+sc.name); p != nil {
				return p
			}
		}
		if o.NoAggregate && len(o.Aggregate) > 0 {
			return &problem{path: path + ".aggregate", msg: "both Aggregate and NoAggregate are set; want one of them"}
		}
		if p := checkSoft(o.SoftLimit, path+".soft_limit"); p != nil {
			return p
		}
		if o.Outage != nil {
			if p := checkOutage(*o.Outage, path+".outage"); p != nil {
				return p
			}
		}
		if p := checkCosts(o.Costs, path+".costs"); p != nil {
			return p
		}
	}
	return s.checkCostsFit(ids)
}

// checkCostsFit returns a problem if a grant's cost exceeds the limit of a
// tier that decides it, in the defaults or in a client's resolved rules
// (clients in the given order), reported on the cost's line. s is
// otherwise valid.
func (s *Spec) checkCostsFit(ids []string) *problem {
	p := s.compile("")
	for _, id := range append([]string{""}, ids...) {
		r, o := p.defaults, Override{}
		if id != "" {
			r, o = p.clients[id], s.Clients[id]
		}
		g, sc, t, ok := r.costBeyondLimit()
		if !ok {
			continue
		}
		costPath := "costs." + g.String()
		if _, own := o.Costs[g]; own {
			costPath = "clients" + keyPath(id) + "." + costPath
		}
		own := map[string][]Tier{"client": o.Client, "user": o.User, "aggregate": o.Aggregate}[sc]
		tierPath := "defaults." + sc
		ts := map[string][]Tier{"client": s.Defaults.Client, "user": s.Defaults.User, "aggregate": s.Defaults.Aggregate}[sc]
		if len(own) > 0 {
			tierPath, ts = "clients"+keyPath(id)+"."+sc, own
		}
		if i := slices.Index(ts, t); i >= 0 {
			tierPath += "[" + strconv.Itoa(i) + "]"
		} else {
			tierPath = "the built-in " + sc + " tier" // Default's, which no field of s sets
		}
		return &problem{path: costPath, value: strconv.FormatInt(r.Costs[g], 10), msg: costBeyondMsg(g, t, tierPath)}
	}
	return nil
}

// costBeyondMsg says that grant g's cost exceeds the limit of tier t,
// named as where.
func costBeyondMsg(g Grant, t Tier, where string) string {
	return "exceeds the limit " + strconv.FormatInt(t.Limit, 10) + " of " + where + " (" + shortWindow(t.Size) +
		"), so no " + g.String() + " request could ever be admitted; " + wantCostFits
}

// shortWindow formats a window as a policy file writes it: 1m, 1h, 90s.
func shortWindow(d time.Duration) string {
	w := d.String()
	if len(w) > 2 && strings.HasSuffix(w, "m0s") {
		w = strings.TrimSuffix(w, "0s")
	}
	if len(w) > 2 && strings.HasSuffix(w, "h0m") {
		w = strings.TrimSuffix(w, "0m")
	}
	return w
}

// wantCostFits says what a cost must be against the tiers.
const wantCostFits = "want a cost of at most the limit of each tier that decides the grant " +
	"(user and aggregate tiers for user grants, client tiers otherwise), or a limit of 0 to block it"

// costBeyondLimit returns the first grant of r, in Grant order, whose cost
// exceeds the limit of a tier that decides it, and that tier and its scope:
// a request of the grant could never be admitted, and each would be
// refused with a Retry-After that promised otherwise. A limit of 0 blocks
// its grants on purpose and is not reported; nor are trusted rules, whose
// requests are never refused.
func (r *Rules) costBeyondLimit() (g Grant, scope string, t Tier, found bool) {
	if r.Trusted {
		return 0, "", Tier{}, false
	}
	for g := range Grant(NumGrants) {
		scopes := []struct {
			name string
			ts   []Tier
		}{{"client", r.Client}}
		if g.IsUser() {
			scopes = []struct {
				name string
				ts   []Tier
			}{{"user", r.User}, {"aggregate", r.Aggregate}}
		}
		for _, sc := range scopes {
			for _, t := range sc.ts {
				if t.Limit > 0 && r.Costs[g] > t.Limit {
					return g, sc.name, t, true
				}
			}
		}
	}
	return 0, "", Tier{}, false
}

// CheckCosts reports a grant of r whose cost exceeds the limit of a tier
// that decides it (see Spec's validation), as an error naming the grant,
// the tier and what is accepted, or nil: for rules that a RuntimeOverride
// lays over a policy (Policy.RulesWith), which neither can check alone.
func (r *Rules) CheckCosts() error {
	if g, sc, t, ok := r.costBeyondLimit(); ok {
		return &Error{Path: "costs." + g.String(), Msg: strconv.Quote(strconv.FormatInt(r.Costs[g], 10)) + ": " + costBeyondMsg(g, t, "the "+sc+" tier")}
	}
	return nil
}

func checkMode(m Mode, path string) *problem {
	if m != ModeEnforce && m != ModeDryRun {
		return &problem{path: path, value: "Mode(" + strconv.Itoa(int(m)) + ")", msg: "unknown mode; " + wantMode}
	}
	return nil
}

// checkTiers checks one scope's tiers; an empty scope is valid (inherited).
func checkTiers(ts []Tier, path string) *problem {
	if len(ts) > MaxTiers {
		return &problem{path: path, at: path + "[" + strconv.Itoa(MaxTiers) + "]",
			msg: strconv.Itoa(len(ts)) + " tiers; " + wantTiers}
	}
	for i, t := range ts {
		ip := path + "[" + strconv.Itoa(i) + "]"
		if t.Limit < 0 {
			return &problem{path: ip + ".limit", value: strconv.FormatInt(t.Limit, 10), msg: "negative; " + wantLimit}
		}
		if t.Limit > MaxLimit {
			return &problem{path: ip + ".limit", value: strconv.FormatInt(t.Limit, 10), msg: "too large; " + wantLimit}
		}
		if t.Size%time.Second != 0 {
			return &problem{path: ip + ".window", value: t.Size.String(), msg: "not a whole number of seconds; " + wantDuration}
		}
		if t.Size < MinWindow || t.Size > MaxWindow {
			return &problem{path: ip + ".window", value: t.Size.String(), msg: "out of range; " + wantDuration}
		}
		for j, u := range ts[:i] {
			if u.Size == t.Size {
				return &problem{path: ip + ".window",
					msg: t.Size.String() + " is already the window of " + path + "[" + strconv.Itoa(j) + "]; each tier of a scope needs its own window"}
			}
		}
	}
	return nil
}

func checkSoft(f float64, path string) *problem {
	if f != 0 && !(f > 0 && f < 1) {
		return &problem{path: path, value: strconv.FormatFloat(f, 'g', -1, 64), msg: "out of range; " + wantSoft}
	}
	return nil
}

// checkCosts checks costs in Grant order, so that the first problem found
// does not depend on map iteration.
func checkCosts(costs map[Grant]int64, path string) *problem {
	for _, g := range slices.Sorted(maps.Keys(costs)) {
		c := costs[g]
		if int(g) >= NumGrants {
			return &problem{path: path, value: "Grant(" + strconv.Itoa(int(g)) + ")", msg: "unknown grant; " + wantGrant}
		}
		gp := path + "." + g.String()
		switch {
		case c < 0:
			return &problem{path: gp, value: strconv.FormatInt(c, 10), msg: "negative; " + wantCost}
		case c < 1:
			return &problem{path: gp, value: strconv.FormatInt(c, 10), msg: "too small; " + wantCost}
		case c > MaxCost:
			return &problem{path: gp, value: strconv.FormatInt(c, 10), msg: "too large; " + wantCost}
		}
	}
	return nil
}

// checkClientID says what is wrong with a configured client ID, or "" if
// nothing is.
func checkClientID(id string) string {
	switch {
	case id == "":
		return "empty"
	case len(id) > maxIDLen:
		return "too long"
	case !utf8.ValidString(id):
		// It becomes a metric label, which must be UTF-8: the
		// registry refuses the scrape, and a counter of the client
		// panics on the request path.
		return "not valid UTF-8"
	}
	for _, r := range id {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return "has a control character"
		}
	}
	return ""
}

// compile resolves a valid s into a Policy: the defaults merged into every
// override once, so that the request path only looks the client up. It
// copies every slice it keeps, so s may change afterwards.
func (s *Spec) compile(source string) *Policy {
	p := Default()
	p.source = source
	def := p.defaults
	def.Mode = s.Mode
	for g, c := range s.Costs {
		def.Costs[g] = c
	}
	setTiers(&def.Client, s.Defaults.Client)
	setTiers(&def.User, s.Defaults.User)
	setTiers(&def.Aggregate, s.Defaults.Aggregate)
	if s.Defaults.SoftLimit != 0 {
		def.Soft = s.Defaults.SoftLimit
	}
	def.Outage = s.Defaults.Outage
	p.ids = sortedIDs(s.Clients)
	for _, id := range p.ids {
		o := s.Clients[id]
		r := *def
		r.Name = id
		if o.Mode != nil {
			r.Mode = *o.Mode
			p.ownMode[id] = true
		}
		r.Trusted = o.Trusted
		setTiers(&r.Client, o.Client)
		setTiers(&r.User, o.User)
		if o.NoAggregate {
			r.Aggregate = nil
		}
		setTiers(&r.Aggregate, o.Aggregate)
		if o.SoftLimit != 0 {
			r.Soft = o.SoftLimit
		}
		if o.Outage != nil {
			r.Outage = *o.Outage
		}
		for g, c := range o.Costs {
			r.Costs[g] = c
		}
		p.clients[id] = &r
	}
	return p
}

// setTiers replaces *dst with a sorted copy of ts, unless ts is empty.
func setTiers(dst *[]Tier, ts []Tier) {
	if len(ts) == 0 {
		return
	}
	ts = slices.Clone(ts)
	slices.SortFunc(ts, func(a, b Tier) int { return cmp.Compare(a.Size, b.Size) })
	*dst = ts
}

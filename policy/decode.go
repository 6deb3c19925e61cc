package policy

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The fields each mapping of a policy file accepts, in the order error
// messages list them.
var (
	topFields      = []string{"mode", "defaults", "costs", "clients"}
	defaultsFields = []string{"client", "user", "aggregate", "soft_limit"}
	clientFields   = []string{"mode", "trusted", "client", "user", "aggregate", "soft_limit", "costs"}
	tierFields     = []string{"limit", "window"}
)

// What each kind of value accepts, for error messages.
const (
	wantTiers    = "want a list of 1..4 tiers, each with limit and window"
	wantDuration = "want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)"
	wantLimit    = "want a whole number 0..1000000000000 (0 blocks every request)"
	wantCost     = "want a whole number 1..1000000"
	wantSoft     = "want a number strictly between 0 and 1, e.g. 0.8"
	wantBool     = "want true or false"
	wantMode     = "want enforce or dry-run"
	wantClientID = "want a client ID of 1..255 bytes without control characters"
)

// decoder turns the parsed node tree into a Policy, validating every value.
type decoder struct {
	file string
}

func (d *decoder) errf(line int, path, format string, args ...any) error {
	return newError(d.file, line, path, format, args...)
}

func decode(file string, root *node) (*Policy, error) {
	d := &decoder{file: file}
	if root.kind != kindMap {
		return nil, d.errf(root.line, "", "the file is %s; want a mapping with keys %s", root.kind, strings.Join(topFields, ", "))
	}
	top, err := d.fields(root, "", topFields)
	if err != nil {
		return nil, err
	}
	p := Default()
	p.source = file
	def := p.defaults
	if n := top["mode"]; n != nil {
		if def.Mode, err = d.mode(n, "mode"); err != nil {
			return nil, err
		}
	}
	if n := top["costs"]; n != nil {
		if err := d.costs(n, "costs", &def.Costs); err != nil {
			return nil, err
		}
	}
	if n := top["defaults"]; n != nil {
		if _, err := d.rules(n, "defaults", defaultsFields, def); err != nil {
			return nil, err
		}
	}
	if n := top["clients"]; n != nil {
		m, err := d.mapping(n, "clients")
		if err != nil {
			return nil, err
		}
		for _, pr := range m.pairs {
			if bad := checkClientID(pr.key); bad != "" {
				return nil, d.errf(pr.line, "clients", "%q: %s; %s", pr.key, bad, wantClientID)
			}
			r := *def
			r.Name = pr.key
			modeSet, err := d.rules(pr.value, "clients"+keyPath(pr.key), clientFields, &r)
			if err != nil {
				return nil, err
			}
			p.clients[pr.key] = &r
			p.ids = append(p.ids, pr.key)
			if modeSet {
				p.ownMode[pr.key] = true
			}
		}
		slices.Sort(p.ids)
	}
	return p, nil
}

// rules applies the fields of the mapping n (defaults or a client override)
// to r and reports whether it set mode.
func (d *decoder) rules(n *node, path string, allowed []string, r *Rules) (modeSet bool, err error) {
	f, err := d.fields(n, path, allowed)
	if err != nil {
		return false, err
	}
	if v := f["mode"]; v != nil {
		if r.Mode, err = d.mode(v, path+".mode"); err != nil {
			return false, err
		}
		modeSet = true
	}
	if v := f["trusted"]; v != nil {
		if r.Trusted, err = d.bool(v, path+".trusted"); err != nil {
			return false, err
		}
	}
	for _, s := range []struct {
		key  string
		dst  *[]Tier
		none bool // may be "none", to drop inherited tiers
	}{{"client", &r.Client, false}, {"user", &r.User, false}, {"aggregate", &r.Aggregate, true}} {
		if v := f[s.key]; v != nil {
			if *s.dst, err = d.tiers(v, path+"."+s.key, s.none); err != nil {
				return false, err
			}
		}
	}
	if v := f["soft_limit"]; v != nil {
		if r.Soft, err = d.soft(v, path+".soft_limit"); err != nil {
			return false, err
		}
	}
	if v := f["costs"]; v != nil {
		if err := d.costs(v, path+".costs", &r.Costs); err != nil {
			return false, err
		}
	}
	return modeSet, nil
}

// mapping returns n as a mapping; an empty value is an empty mapping.
func (d *decoder) mapping(n *node, path string) (*node, error) {
	switch n.kind {
	case kindMap:
		return n, nil
	case kindNull:
		return &node{kind: kindMap, line: n.line}, nil
	}
	return nil, d.errf(n.line, path, "got %s; want a mapping (key: value lines indented below)", n.kind)
}

// fields returns the entries of the mapping n by key, rejecting keys not in allowed.
func (d *decoder) fields(n *node, path string, allowed []string) (map[string]*node, error) {
	m, err := d.mapping(n, path)
	if err != nil {
		return nil, err
	}
	f := make(map[string]*node, len(m.pairs))
	for _, pr := range m.pairs {
		if !slices.Contains(allowed, pr.key) {
			return nil, d.errf(pr.line, join(path, pr.key), "unknown field; want one of %s", strings.Join(allowed, ", "))
		}
		f[pr.key] = pr.value
	}
	return f, nil
}

// scalar returns n's text; want says what the field accepts.
func (d *decoder) scalar(n *node, path, want string) (string, error) {
	switch n.kind {
	case kindScalar:
		return n.value, nil
	case kindNull:
		return "", d.errf(n.line, path, "missing value; %s", want)
	}
	return "", d.errf(n.line, path, "got %s; %s", n.kind, want)
}

// plain returns the text of an unquoted scalar: numbers and booleans must
// not be quoted, so that "600" is not silently taken for 600.
func (d *decoder) plain(n *node, path, want string) (string, error) {
	s, err := d.scalar(n, path, want)
	if err == nil && n.quoted {
		err = d.errf(n.line, path, "%q is quoted; %s, unquoted", s, want)
	}
	return s, err
}

func (d *decoder) mode(n *node, path string) (Mode, error) {
	s, err := d.scalar(n, path, wantMode)
	if err != nil {
		return 0, err
	}
	m, err := ParseMode(s)
	if err != nil {
		return 0, d.errf(n.line, path, "%q: unknown mode; %s", s, wantMode)
	}
	return m, nil
}

func (d *decoder) bool(n *node, path string) (bool, error) {
	s, err := d.plain(n, path, wantBool)
	if err != nil {
		return false, err
	}
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, d.errf(n.line, path, "%q: not a boolean; %s", s, wantBool)
}

func (d *decoder) soft(n *node, path string) (float64, error) {
	s, err := d.plain(n, path, wantSoft)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, d.errf(n.line, path, "%q: not a number; %s", s, wantSoft)
	}
	if !(f > 0 && f < 1) {
		return 0, d.errf(n.line, path, "%q: out of range; %s", s, wantSoft)
	}
	return f, nil
}

// integer parses a whole number in lo..hi.
func (d *decoder) integer(n *node, path string, lo, hi int64, want string) (int64, error) {
	s, err := d.plain(n, path, want)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		err, v = nil, math.MaxInt64 // beyond int64: too large, or negative below
		if s[0] == '-' {
			v = math.MinInt64
		}
	}
	switch {
	case err != nil:
		return 0, d.errf(n.line, path, "%q: not a whole number; %s", s, want)
	case v < 0 && lo >= 0:
		return 0, d.errf(n.line, path, "%q: negative; %s", s, want)
	case v < lo:
		return 0, d.errf(n.line, path, "%q: too small; %s", s, want)
	case v > hi:
		return 0, d.errf(n.line, path, "%q: too large; %s", s, want)
	}
	return v, nil
}

func (d *decoder) duration(n *node, path string) (time.Duration, error) {
	s, err := d.scalar(n, path, wantDuration)
	if err != nil {
		return 0, err
	}
	v, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return 0, d.errf(n.line, path, "%q: not a duration; %s", s, wantDuration)
	case v%time.Second != 0:
		return 0, d.errf(n.line, path, "%q: not a whole number of seconds; %s", s, wantDuration)
	case v < MinWindow || v > MaxWindow:
		return 0, d.errf(n.line, path, "%q: out of range; %s", s, wantDuration)
	}
	return v, nil
}

// tiers parses a scope's list of tiers and sorts it by window. If none is
// set, the scalar "none" yields no tiers.
func (d *decoder) tiers(n *node, path string, none bool) ([]Tier, error) {
	want := wantTiers
	if none {
		want += ", or none"
	}
	if none && n.kind == kindScalar && !n.quoted && n.value == "none" {
		return nil, nil
	}
	if n.kind != kindSeq {
		if n.kind == kindNull {
			return nil, d.errf(n.line, path, "missing value; %s", want)
		}
		return nil, d.errf(n.line, path, "got %s; %s", n.kind, want)
	}
	if len(n.items) > MaxTiers {
		return nil, d.errf(n.items[MaxTiers].line, path, "%d tiers; %s", len(n.items), want)
	}
	ts := make([]Tier, 0, len(n.items))
	for i, item := range n.items {
		ip := path + "[" + strconv.Itoa(i) + "]"
		f, err := d.fields(item, ip, tierFields)
		if err != nil {
			return nil, err
		}
		var t Tier
		if f["limit"] == nil {
			return nil, d.errf(item.line, ip+".limit", "missing; %s", wantLimit)
		}
		if f["window"] == nil {
			return nil, d.errf(item.line, ip+".window", "missing; %s", wantDuration)
		}
		if t.Limit, err = d.integer(f["limit"], ip+".limit", 0, MaxLimit, wantLimit); err != nil {
			return nil, err
		}
		if t.Size, err = d.duration(f["window"], ip+".window"); err != nil {
			return nil, err
		}
		for j, u := range ts {
			if u.Size == t.Size {
				return nil, d.errf(f["window"].line, ip+".window", "%v is already the window of %s[%d]; each tier of a scope needs its own window", t.Size, path, j)
			}
		}
		ts = append(ts, t)
	}
	slices.SortFunc(ts, func(a, b Tier) int { return cmp.Compare(a.Size, b.Size) })
	return ts, nil
}

// costs sets the cost of each grant the mapping n names.
func (d *decoder) costs(n *node, path string, costs *[NumGrants]int64) error {
	m, err := d.mapping(n, path)
	if err != nil {
		return err
	}
	var seen [NumGrants]int // line each grant was set on
	for _, pr := range m.pairs {
		kp := path + keyPath(pr.key)
		g, ok := grantByName(pr.key)
		if !ok {
			return d.errf(pr.line, kp, "unknown grant; want one of %s, or a registered grant_type value", strings.Join(grantNames[:], ", "))
		}
		if seen[g] != 0 {
			return d.errf(pr.line, kp, "the cost of %s is already set on line %d", g, seen[g])
		}
		seen[g] = pr.line
		if costs[g], err = d.integer(pr.value, kp, 1, MaxCost, wantCost); err != nil {
			return err
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
	}
	for _, r := range id {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return "has a control character"
		}
	}
	return ""
}

// join appends key to a field path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + keyPath(key)
}

// keyPath renders a key as a path element: .key, or ["key"] when the key
// has characters that would make the path ambiguous.
func keyPath(key string) string {
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return "[" + strconv.Quote(key) + "]"
		}
	}
	if key == "" {
		return `[""]`
	}
	return "." + key
}

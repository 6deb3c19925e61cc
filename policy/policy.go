package policy

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"go.yaml.in/yaml/v4"
)

// Tier is one limit: at most Limit tokens per sliding window of Size; a
// Limit of 0 blocks every request. A policy holds only tiers within the
// bounds below, which Spec.Validate and the file decoder check. It has the
// fields of window.Tier, so callers convert with window.Tier(t): policy
// imports nothing of this module (DESIGN.md), so the two stay two types.
type Tier struct {
	Limit int64         // tokens per window; 0 blocks every request
	Size  time.Duration // window length: whole seconds, MinWindow..MaxWindow
}

// Bounds on the values a policy may hold.
const (
	MaxTiers  = 4                 // tiers per scope (client, user, aggregate)
	MaxLimit  = 1_000_000_000_000 // largest Tier.Limit
	MinWindow = time.Second       // shortest Tier.Size
	MaxWindow = 24 * time.Hour    // longest Tier.Size
	MaxCost   = 1_000_000         // largest cost of one token; the smallest is 1
	maxIDLen  = 256               // longest client ID in a policy file, in bytes
)

// Rules are the effective rules for one client: the defaults merged with the
// client's override, resolved once when the policy is loaded. Rules are
// shared by every request of the client and must not be modified.
type Rules struct {
	// Name is the configured client ID, or "" for the defaults. The set of
	// names is bounded by the policy file, so it is safe as a metric label.
	Name string
	// Client are the tiers for client-only grants (client_credentials and
	// GrantOther), counted per client. Sorted by Size ascending.
	Client []Tier
	// User are the tiers for user grants (Grant.IsUser), counted per
	// (client, user). Sorted by Size ascending.
	User []Tier
	// Aggregate are optional tiers against which user grants are also
	// counted per client; empty means none. Sorted by Size ascending.
	Aggregate []Tier
	// Soft is 0 for none, else a fraction in (0,1): a warning is raised when
	// the estimate passes Soft*Limit of a tier.
	Soft float64
	// Mode says whether a decision over the limit denies or only records.
	Mode Mode
	// Trusted clients are counted but never denied.
	Trusted bool
	// Outage says how the limits apply while the store is down.
	Outage Outage
	// Costs is what one issued token of each grant spends, indexed by Grant.
	Costs [NumGrants]int64
}

// Tiers returns the tiers that apply to g's key: User for user grants,
// Client otherwise.
func (r *Rules) Tiers(g Grant) []Tier {
	if g.IsUser() {
		return r.User
	}
	return r.Client
}

// Policy is a validated, immutable set of rules: defaults plus per-client
// overrides. It is safe for concurrent use.
type Policy struct {
	source   string
	defaults *Rules
	clients  map[string]*Rules
	ids      []string        // sorted client IDs
	ownMode  map[string]bool // clients whose mode was set explicitly
}

// Default returns the built-in policy used when no policy file is given:
//
//	mode: enforce
//	client:  600 per 1m, 20000 per 1h   (client_credentials, per client)
//	user:    60 per 1m, 1000 per 1h     (user grants, per client and user)
//	no aggregate tier, no soft limit, every grant costs 1
//
// It enforces rather than dry-runs because a limiter that was deployed
// without a file should still protect the token endpoint; the limits are
// generous so that well-behaved clients, which cache their tokens until
// they expire, never reach them: 600 client_credentials tokens a minute is
// 10 a second for one client, and 60 tokens a minute for one user is a
// token a second. Only issued tokens count, so failed logins spend nothing.
// Each call returns a new Policy.
func Default() *Policy {
	d := &Rules{
		Client: []Tier{{Limit: 600, Size: time.Minute}, {Limit: 20000, Size: time.Hour}},
		User:   []Tier{{Limit: 60, Size: time.Minute}, {Limit: 1000, Size: time.Hour}},
		Mode:   ModeEnforce,
	}
	for g := range d.Costs {
		d.Costs[g] = 1
	}
	return &Policy{source: "built-in", defaults: d, clients: map[string]*Rules{}, ownMode: map[string]bool{}}
}

// builtin answers For and Defaults on a nil or zero *Policy.
var builtin = Default()

// Parse parses and validates a policy file. name is used in error messages,
// usually the file's path. Every problem is returned as an *Error naming
// name:line, the field and what would be accepted.
func Parse(name string, data []byte) (*Policy, error) {
	s, d, err := parse(name, data, false)
	if err != nil {
		return nil, err
	}
	// Clients in file order, so that the first problem reported is the
	// first in the file.
	if p := s.check(d.order); p != nil {
		// Decode again, recording where each value is; it finds the
		// same Spec, so the same problem.
		_, d, _ := parse(name, data, true)
		e := p.err(name, d.pos)
		e.Line = min(e.Line, d.lines)
		return nil, e
	}
	return s.compile(name), nil
}

// UnmarshalYAML implements yaml.Unmarshaler (go.yaml.in/yaml/v4) with the
// rules of a policy file, so that a policy can be a part of a larger YAML
// configuration: *s becomes the validated Spec that n says; pass it to New.
// A problem is returned as a *yaml.LoadErrors whose one *yaml.LoadError
// has the line and wraps the *Error (with the field path, no file name):
// get it with errors.As, first to *yaml.LoadError, then to *Error.
func (s *Spec) UnmarshalYAML(n *yaml.Node) error {
	d := newDecoder("", false)
	var v Spec
	err := d.spec(n, &v)
	if err == nil {
		if p := v.check(d.order); p != nil {
			d = newDecoder("", true) // as Parse does
			d.spec(n, &v)
			err = p.err("", d.pos)
		}
	}
	var e *Error
	if !errors.As(err, &e) {
		*s = v
		return nil
	}
	// Passed through as it is, where another error would be reported on
	// the line of n rather than of the field.
	msg := e.Msg
	if e.Path != "" {
		msg = e.Path + ": " + msg
	}
	le := yaml.NewLoadError(yaml.ConstructorStage, msg, yaml.Mark{Line: e.Line}, e)
	return &yaml.LoadErrors{Errors: []*yaml.LoadError{le}}
}

// Load reads the policy file at path and parses it with Parse.
func Load(path string) (*Policy, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// ReadFile reads the policy file at path, as Load does, for a caller that
// keeps its bytes: a file over MaxFileSize is refused with an *Error naming
// its size, without reading more than one byte past the cap. An error
// opening the file wraps the os error (os.ErrNotExist for a missing file).
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("policy: read %s: %w", path, err)
	}
	if len(data) > MaxFileSize {
		// What was read stops one byte past the cap: the size is the
		// file's (a file still being written may have grown since).
		size := int64(len(data))
		if fi, err := f.Stat(); err == nil && fi.Size() > size {
			size = fi.Size()
		}
		return nil, newError(path, 0, "", "%d bytes; a policy file may have at most %d bytes (1 MiB)", size, MaxFileSize)
	}
	return data, nil
}

// For returns the rules for clientID: its own if it is configured, the
// defaults otherwise. It never returns nil and does not allocate. A nil or
// zero Policy answers with Default's rules.
func (p *Policy) For(clientID string) *Rules {
	if p == nil || p.defaults == nil {
		return builtin.defaults
	}
	if r, ok := p.clients[clientID]; ok {
		return r
	}
	return p.defaults
}

// Defaults returns the rules for clients without an override.
func (p *Policy) Defaults() *Rules {
	if p == nil || p.defaults == nil {
		return builtin.defaults
	}
	return p.defaults
}

// Clients returns the configured client IDs, sorted. It is the bounded set of
// per-client metric label values. The slice is a copy.
func (p *Policy) Clients() []string {
	if p == nil {
		return nil
	}
	return slices.Clone(p.ids)
}

// Source returns the name the policy was parsed under, or "built-in".
func (p *Policy) Source() string {
	if p == nil {
		return builtin.source
	}
	return p.source
}

// WithMode returns a copy of p whose global mode is m: the defaults and every
// client without a mode of its own get m; clients that set their own mode
// keep it. p itself is not changed. It serves a runtime mode switch.
func (p *Policy) WithMode(m Mode) *Policy {
	if p == nil || p.defaults == nil {
		p = builtin
	}
	q := &Policy{
		source:  p.source,
		clients: make(map[string]*Rules, len(p.clients)),
		ids:     p.ids,
		ownMode: p.ownMode,
	}
	d := *p.defaults
	d.Mode = m
	q.defaults = &d
	for id, r := range p.clients {
		c := *r
		if !p.ownMode[id] {
			c.Mode = m
		}
		q.clients[id] = &c
	}
	return q
}

package oauthratelimit

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Runtime overrides: a client's mode, limits or trusted flag, and the
// global mode, set through one instance and shared by every instance
// through the store (syncer.OverrideStore). Each instance reads them after
// every pull and lays them over its policy file:
//
//	effective = file policy (SetPolicy)
//	          → global mode: the shared one, else this process's (SetMode, --mode), else the file's
//	          → per-client overrides, each over what the file gives the client
//
// A per-client override beats the file's entry for the client, the global
// mode included; the shared global mode beats the process's own, so that
// one switch reaches every instance whatever flags each was started with.
// The overrides survive reloads of the file (they are laid over each
// policy installed) and restarts (they are in the store).

// MaxOverrides bounds the per-client overrides in force: each overridden
// client has per-client metric series, like a client of the policy file,
// and the set is read at every pull. PutOverride refuses one more; if the
// store holds more anyway (written concurrently), the first MaxOverrides by
// client ID apply and the rest are skipped.
const MaxOverrides = 1000

// Errors of the override methods, for errors.Is.
var (
	// ErrNoOverride: there is no override of that client.
	ErrNoOverride = errors.New("oauthratelimit: no override of this client")
	// ErrTooManyOverrides: MaxOverrides are in force.
	ErrTooManyOverrides = fmt.Errorf("oauthratelimit: %d clients have overrides, the most there may be; delete one first", MaxOverrides)
	// ErrOverrideStore: the store did not answer, or does not share
	// overrides; nothing was changed.
	ErrOverrideStore = errors.New("oauthratelimit: the store did not take the override")
)

// OverrideState is a runtime override as this instance holds it.
type OverrideState struct {
	// Override is the override as the store holds it; Client is
	// syncer.GlobalOverride for the global mode.
	syncer.Override
	// Error says why the override is not in force here (it cannot be
	// read, e.g. written by a newer version; its rules cannot be
	// compiled; too many); "" when it is.
	Error string
}

// Applied reports whether the override is in force.
func (o *OverrideState) Applied() bool { return o.Error == "" }

// overrideMetrics count the overrides by state.
type overrideMetrics struct {
	applied, skipped prometheus.Gauge
}

func newOverrideMetrics(reg prometheus.Registerer) (*overrideMetrics, error) {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Namespace: "oauth_ratelimit", Name: "policy_overrides",
		Help: "Runtime overrides read from the store, by state: applied, or skipped (not readable, e.g. written by a newer version, or its rules cannot be compiled; see the log and GET /admin/policy).",
	}, []string{"state"})
	if reg != nil {
		if err := reg.Register(g); err != nil {
			return nil, err
		}
	}
	return &overrideMetrics{applied: g.WithLabelValues("applied"), skipped: g.WithLabelValues("skipped")}, nil
}

func (m *overrideMetrics) set(status []OverrideState) {
	var ok, bad float64
	for i := range status {
		if status[i].Applied() {
			ok++
		} else {
			bad++
		}
	}
	m.applied.Set(ok)
	m.skipped.Set(bad)
}

// overlay returns p with mode (the process's own, nil for none) and the
// shared overrides laid over it, and what became of each override. It
// reads nothing of l but the logger and metrics.
func (l *Limiter) overlay(p *policy.Policy, mode *policy.Mode, shared []syncer.Override) (*policy.Policy, []OverrideState) {
	status := make([]OverrideState, len(shared))
	var global *policy.Mode
	clients := make(map[string]policy.RuntimeOverride)
	for i, so := range shared {
		status[i].Override = so
		o, err := policy.ParseOverride(so.Spec)
		switch {
		case err != nil:
		case so.Client == syncer.GlobalOverride:
			if fs := o.Fields(); len(fs) != 1 || fs[0] != "mode" {
				err = fmt.Errorf("the global entry may set only the mode; it sets %v", fs)
				break
			}
			global = o.Mode
		case len(clients) >= MaxOverrides:
			err = ErrTooManyOverrides
		case checkClientID(so.Client) != nil:
			err = checkClientID(so.Client) // it would become a metric label
		default:
			if err = checkOverride(p.RulesWith(so.Client, &o), so.Client); err == nil {
				clients[so.Client] = o
			}
		}
		if err != nil {
			status[i].Error = err.Error()
			l.log.Warn("runtime override skipped", "client_id", so.Client, "version", so.Version, "by", so.By, "err", err)
		}
	}
	if global != nil {
		mode = global
	}
	if mode != nil {
		p = p.WithMode(*mode)
	}
	return p.WithOverrides(clients), status
}

// applyOverrides installs the overrides read from the store: the syncer's
// OnOverrides.
func (l *Limiter) applyOverrides(set []syncer.Override) {
	l.setMu.Lock()
	defer l.setMu.Unlock()
	if err := l.install(l.base, l.mode, set, "overrides read"); err != nil {
		// The base policy compiled before, and every override was
		// checked: this cannot happen, and the old policy stays.
		l.log.Error("runtime overrides not installed", "err", err)
		return
	}
	l.shared = set
}

// overrideChanges describes, for the log of an install, how the overrides
// changed from was to now: one line per client whose override was set,
// replaced, deleted, or went from applied to skipped or back, by client
// (the global entry first), at most max lines, and how many more there
// were. The lines name the version, the writer and the fields set, never
// the values (the rules they change are in the install's client_changes).
func overrideChanges(was, now []OverrideState, limit int) (lines []string, more int) {
	was, now = slices.Clone(was), slices.Clone(now)
	byClient := func(a, b OverrideState) int { return cmp.Compare(a.Client, b.Client) }
	slices.SortFunc(was, byClient)
	slices.SortFunc(now, byClient)
	add := func(line func() string) {
		if len(lines) < limit {
			lines = append(lines, line())
		} else {
			more++
		}
	}
	for len(was) > 0 || len(now) > 0 {
		switch {
		case len(now) == 0 || len(was) > 0 && was[0].Client < now[0].Client:
			o := was[0]
			add(func() string {
				return overrideName(o.Client) + " deleted (was v" + strconv.FormatInt(o.Version, 10) + " by " + o.By + ")"
			})
			was = was[1:]
		case len(was) == 0 || now[0].Client < was[0].Client:
			o := now[0]
			add(func() string { return describeOverride(o, nil) })
			now = now[1:]
		default:
			o, w := now[0], was[0]
			if !o.Override.Equal(w.Override) || o.Error != w.Error {
				add(func() string { return describeOverride(o, &w) })
			}
			was, now = was[1:], now[1:]
		}
	}
	return lines, more
}

// describeOverride writes "svc set v1795402221557 by a: client, mode",
// with " (was v… by …)" if it replaced was, and " (skipped here)" if it
// is not in force.
func describeOverride(o OverrideState, was *OverrideState) string {
	var b strings.Builder
	b.WriteString(overrideName(o.Client))
	b.WriteString(" set v")
	b.WriteString(strconv.FormatInt(o.Version, 10))
	b.WriteString(" by ")
	b.WriteString(o.By)
	if was != nil && (was.Version != o.Version || was.By != o.By) {
		b.WriteString(" (was v")
		b.WriteString(strconv.FormatInt(was.Version, 10))
		b.WriteString(" by ")
		b.WriteString(was.By)
		b.WriteString(")")
	}
	b.WriteString(": ")
	ro, err := policy.ParseOverride(o.Spec)
	switch fs := ro.Fields(); {
	case err != nil:
		b.WriteString("unreadable")
	case len(fs) == 0:
		b.WriteString("no fields")
	default:
		b.WriteString(strings.Join(fs, ", "))
	}
	if !o.Applied() {
		b.WriteString(" (skipped here)")
	}
	return b.String()
}

// overrideName names an override's client in the log: "global mode" for
// the global entry.
func overrideName(client string) string {
	if client == syncer.GlobalOverride {
		return "global mode"
	}
	return client
}

// BeatOnce writes this instance's heartbeat to the store and reads the
// others', as Run does every sync interval: the keys new to this instance
// are then shared among the live instances (README, Several instances)
// from its first request. Until a heartbeat is read an instance knows of
// no other, and a key new to it is not shared: a server process restarted
// into a fleet admitted its first requests of a key far over its limit as
// if no other instance counted it, up to the whole limit until its first
// read of the key (an outside drill, h122: "r=29" on the first answer of a
// client limited to 30 a minute that the fleet had sent 90, against the
// ⌈30 ÷ 3⌉ = 10 README gives). Call it, as LoadOverrides, before serving,
// with ctx bounded to what a start may wait (the server waits 2 s); an
// error only means Run's first heartbeat tells the live instances. Without
// a store that keeps heartbeats it does nothing.
//
// When a live instance is itself starting (started less than three sync
// intervals before its last beat), BeatOnce then waits two tenths of a
// sync interval (syncer.Syncer.JoinWait; 200 ms by default), or until ctx
// is done: that instance counts the heartbeats every tenth of an interval
// while it starts (syncer.InstanceCounter), and so knows of this one when
// its first requests come. The wait is fixed, whatever the store's speed.
// The keys that come to this instance from then on, before Run as after
// its start, are kept ready to be shared with the instances it learns of
// in its first sync intervals (syncer.Syncer.MarkStarting): the server
// starts Run and its listener together.
func (l *Limiter) BeatOnce(ctx context.Context) error {
	l.syncer.MarkStarting()
	if err := l.syncer.BeatOnce(ctx); err != nil {
		return fmt.Errorf("oauthratelimit: heartbeat: %w", err)
	}
	if d := l.syncer.JoinWait(); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
	return nil
}

// LoadOverrides reads the runtime overrides from the store and puts them in
// force here. Run reads them after every pull; call this before serving so
// that a new instance starts with them. It waits for the store, up to ctx
// and the store's own bound (mongostore: Config.Timeout, 10 s by default,
// measured with the store down at start), so bound ctx to what a start may
// wait (the server waits 2 s): an error only means the first pull brings
// them. It returns an error matching ErrOverrideStore when the store did
// not answer.
func (l *Limiter) LoadOverrides(ctx context.Context) error {
	if err := l.syncer.OverridesOnce(ctx); err != nil {
		return fmt.Errorf("%w: %w", ErrOverrideStore, err)
	}
	return nil
}

// Overrides returns the runtime overrides this instance last read, ordered
// by client (the global entry first), each saying whether it is in force.
func (l *Limiter) Overrides() []OverrideState {
	l.setMu.Lock()
	defer l.setMu.Unlock()
	return slices.Clone(l.status)
}

// checkClientID reports what is wrong with a client ID of an override, as
// a policy file would.
func checkClientID(id string) error {
	switch {
	case id == "":
		return errors.New("client: empty; want a client ID of 1..256 bytes of UTF-8 without control characters")
	case len(id) > syncer.MaxOverrideClientLen:
		return errors.New("client: too long; want a client ID of 1..256 bytes of UTF-8 without control characters")
	case !utf8.ValidString(id):
		// A metric label must be UTF-8: the policy gauges made the
		// registry refuse every scrape (before, installing the policy
		// panicked), and the client's counters panic on the request path.
		return fmt.Errorf("client %s: not valid UTF-8; want a client ID of 1..256 bytes of UTF-8 without control characters", strconv.Quote(id))
	}
	for _, r := range id {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			return fmt.Errorf("client %s: has a control character; want a client ID of 1..256 bytes of UTF-8 without control characters", strconv.Quote(id))
		}
	}
	return nil
}

// PutOverride sets the runtime override of clientID on every instance: it
// writes o to the store (replacing any override of the client; last writer
// wins) and puts it in force here at once; the other instances read it at
// their next pull. It refuses, changing nothing, an invalid client ID or o
// (the error names the field), an o whose rules cannot be compiled, one
// client more than MaxOverrides (ErrTooManyOverrides), and a store that
// does not answer (ErrOverrideStore).
func (l *Limiter) PutOverride(ctx context.Context, clientID string, o policy.RuntimeOverride) (OverrideState, error) {
	if err := checkClientID(clientID); err != nil {
		return OverrideState{}, fmt.Errorf("oauthratelimit: %w", err)
	}
	if err := o.Validate(); err != nil {
		return OverrideState{}, err
	}
	if err := checkOverride(l.basePolicy().RulesWith(clientID, &o), clientID); err != nil {
		return OverrideState{}, err
	}
	set, err := l.syncer.LoadOverrides(ctx)
	if err != nil {
		return OverrideState{}, fmt.Errorf("%w: %w", ErrOverrideStore, err)
	}
	n, found := 0, false
	for _, so := range set {
		if so.Client != syncer.GlobalOverride {
			n++
		}
		found = found || so.Client == clientID
	}
	if !found && n >= MaxOverrides {
		return OverrideState{}, ErrTooManyOverrides
	}
	return l.writeOverride(ctx, clientID, o)
}

func (l *Limiter) writeOverride(ctx context.Context, client string, o policy.RuntimeOverride) (OverrideState, error) {
	spec, err := json.Marshal(o)
	if err != nil {
		return OverrideState{}, fmt.Errorf("oauthratelimit: %w", err)
	}
	so, err := l.syncer.PutOverride(ctx, client, spec)
	if err != nil {
		return OverrideState{}, fmt.Errorf("%w: %w", ErrOverrideStore, err)
	}
	for _, st := range l.Overrides() {
		if st.Client == client && st.Version == so.Version {
			return st, nil
		}
	}
	return OverrideState{Override: so}, nil // in force here at the next pull
}

// DeleteOverride removes the runtime override of clientID on every
// instance (each at its next pull; here at once). ErrNoOverride if there is
// none; ErrOverrideStore if the store does not answer.
func (l *Limiter) DeleteOverride(ctx context.Context, clientID string) error {
	if clientID == syncer.GlobalOverride {
		return ErrNoOverride // the global entry is ClearSharedMode's
	}
	return l.deleteOverride(ctx, clientID)
}

func (l *Limiter) deleteOverride(ctx context.Context, client string) error {
	found, err := l.syncer.DeleteOverride(ctx, client)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrOverrideStore, err)
	}
	if !found {
		return ErrNoOverride
	}
	return nil
}

// SetSharedMode sets the global mode of every instance, through the store:
// it takes precedence over each instance's own mode (SetMode) and policy
// file, and leaves clients with a mode of their own (in the file, or an
// override) as they are. ErrOverrideStore if the store does not answer.
func (l *Limiter) SetSharedMode(ctx context.Context, m policy.Mode) error {
	if m != policy.ModeEnforce && m != policy.ModeDryRun {
		return fmt.Errorf("oauthratelimit: mode %d: %w", m, policy.ErrBadMode)
	}
	_, err := l.writeOverride(ctx, syncer.GlobalOverride, policy.RuntimeOverride{Mode: &m})
	return err
}

// ClearSharedMode removes the shared global mode: each instance returns to
// its own (SetMode), else its policy's. It reports whether there was one.
func (l *Limiter) ClearSharedMode(ctx context.Context) (bool, error) {
	err := l.deleteOverride(ctx, syncer.GlobalOverride)
	if errors.Is(err, ErrNoOverride) {
		return false, nil
	}
	return err == nil, err
}

// basePolicy returns the policy of the last SetPolicy.
func (l *Limiter) basePolicy() *policy.Policy {
	l.setMu.Lock()
	defer l.setMu.Unlock()
	return l.base
}

// checkOverride reports what keeps the rules r, a runtime override laid
// over the policy for clientID, from being used: a grant whose cost
// exceeds the limit of a tier that decides it (policy.Rules.CheckCosts,
// which the policy file's own rules pass at load), or what compileRules
// refuses. Not in compileRules: the outage modes compile limits divided
// among the instances, below which a cost may well fall (outage.go).
func checkOverride(r *policy.Rules, clientID string) error {
	if err := r.CheckCosts(); err != nil {
		return fmt.Errorf("oauthratelimit: client %s: %w", clientID, err)
	}
	_, err := compileRules(r, clientID)
	return err
}

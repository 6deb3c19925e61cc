package oauthratelimit

import (
	"errors"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// otherClient is the client label value of every client the policy does
// not configure: per-client series exist only for configured clients, so an
// attacker inventing client IDs cannot grow the label set.
const otherClient = "other"

// decision is the decision label of oauth_ratelimit_decisions_total.
type decision uint8

const (
	decAllowed          decision = iota // every tier admitted
	decDenied                           // over the limit in enforce mode: 429 or slow_down
	decDryRunDenied                     // over the limit in dry-run: admitted
	decTrustedOverLimit                 // over the limit, trusted client: admitted
	decUnattributed                     // user grant, user unknown, no aggregate tier: not limited before issuance
	numDecisions
)

var decisionNames = [numDecisions]string{
	decAllowed:          "allowed",
	decDenied:           "denied",
	decDryRunDenied:     "dry_run_denied",
	decTrustedOverLimit: "trusted_over_limit",
	decUnattributed:     "unattributed",
}

// attribution is the result label of oauth_ratelimit_attributions_total.
type attribution uint8

const (
	attrUnderLimit attribution = iota // counted for (client, sub), within the user tiers
	attrOverLimit                     // counted for (client, sub), over a user tier: issued anyway
	attrNoSubject                     // the 2xx response had no JWT with a sub, or was too long
	numAttributions
)

var attributionNames = [numAttributions]string{
	attrUnderLimit: "under_limit",
	attrOverLimit:  "over_limit",
	attrNoSubject:  "no_subject",
}

// metrics are the limiter's Prometheus metrics. A nil *metrics records
// nothing (Config.Registerer nil).
type metrics struct {
	decisions    *prometheus.CounterVec
	issued       *prometheus.CounterVec
	released     *prometheus.CounterVec
	soft         *prometheus.CounterVec
	attributions *prometheus.CounterVec
	bad          [tokenrequest.NumReasons]prometheus.Counter
	policyLimit  *prometheus.GaugeVec
	policyDryRun *prometheus.GaugeVec
	// mu orders a client's series being dropped (setPolicy) against a
	// cell of the policy that configured it making one (clientMetrics.
	// child), which a request in flight across the reload may do after:
	// without it that series came back and stayed (an outside audit).
	mu sync.Mutex
}

// labelState is shared by the cells of one client label of one compiled
// policy (and of its outage variants); m.mu guards dropped.
type labelState struct {
	dropped bool // a later policy no longer configures the client
}

func newMetrics(reg prometheus.Registerer, c *cache.Cache) (*metrics, error) {
	if reg == nil {
		return nil, nil
	}
	const ns = "oauth_ratelimit"
	m := &metrics{
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "decisions_total",
			Help: "Token requests decided by the limiter, by client (configured ID or other), grant type and decision.",
		}, []string{"client", "grant_type", "decision"}),
		issued: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "tokens_issued_total",
			Help: "Token requests that the token endpoint answered 2xx and that were counted, by client and grant type.",
		}, []string{"client", "grant_type"}),
		released: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "reservations_released_total",
			Help: "Admitted token requests whose count was taken back because the token endpoint did not answer 2xx, by client and grant type.",
		}, []string{"client", "grant_type"}),
		soft: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "soft_limit_exceeded_total",
			Help: "Admitted token requests that took a key past the soft limit of its binding tier, by client.",
		}, []string{"client"}),
		attributions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "attributions_total",
			Help: "User-grant tokens attributed after issuance to the sub of the issued JWT, by client, grant type and result.",
		}, []string{"client", "grant_type", "result"}),
		policyLimit: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: ns, Name: "policy_limit",
			Help: "Tokens allowed per window by the current policy, by client (configured ID or other for the defaults), scope and window length.",
		}, []string{"client", "scope", "window_seconds"}),
		policyDryRun: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: ns, Name: "policy_dry_run",
			Help: "1 if the current policy only records decisions over the limit for the client, 0 if it enforces them.",
		}, []string{"client"}),
	}
	bad := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "bad_requests_total",
		Help: "Token requests rejected before reaching the token endpoint as malformed or ambiguous, by reason.",
	}, []string{"reason"})
	for r := range tokenrequest.NumReasons {
		m.bad[r] = bad.WithLabelValues(r.String())
	}
	collectors := []prometheus.Collector{
		m.decisions, m.issued, m.released, m.soft, m.attributions, bad, m.policyLimit, m.policyDryRun,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: ns, Name: "cache_keys",
			Help: "Keys (client, or client and user) held in the limiter's memory.",
		}, func() float64 { return float64(c.Stats().Keys) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "cache_evictions_total",
			Help:        "Keys evicted from the limiter's memory, by reason: idle (unused for about two windows) or cap (the key cap was reached).",
			ConstLabels: prometheus.Labels{"reason": "idle"},
		}, func() float64 { return float64(c.Stats().EvictedIdle) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "cache_evictions_total",
			Help:        "Keys evicted from the limiter's memory, by reason: idle (unused for about two windows) or cap (the key cap was reached).",
			ConstLabels: prometheus.Labels{"reason": "cap"},
		}, func() float64 { return float64(c.Stats().EvictedCap) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: ns, Name: "cache_detached_keys",
			Help: "Keys evicted from the limiter's memory that are still held because their counts are not written to the store yet (at most the key cap).",
		}, func() float64 { return float64(c.Stats().Detached) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "cache_dropped_counts_total",
			Help: "Tokens counted by this instance but dropped before reaching the store, because a key was evicted while the key cap's worth of evicted keys already waited for a flush (the store was unreachable for long).",
		}, func() float64 { return float64(c.Stats().Dropped) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "share_refusals_total",
			Help: "Token requests refused (in dry-run: that would have been) by this instance's share of a key other instances count too, though the store's counts and its own left room under the limit: a burst outrunning a sync interval, or a load balancer sending this instance more than its even share of a key's requests.",
		}, func() float64 { return float64(c.Stats().ShareRefusals) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "cache_reset_dropped_counts_total",
			Help: "Requests (in cost units) counted by this instance but not yet written to the store when it learned that their key was reset (POST /admin/keys/.../reset on any instance): counted before the reset, cleared by it.",
		}, func() float64 { return float64(c.Stats().ResetDropped) }),
	}
	var errs []error
	for _, col := range collectors {
		if err := reg.Register(col); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return m, nil
}

// setPolicy updates the policy gauges to cp and drops the per-client series
// of clients that cp no longer configures.
func (m *metrics) setPolicy(cp, old *compiledPolicy) {
	if m == nil {
		return
	}
	if old != nil {
		m.mu.Lock()
		defer m.mu.Unlock()
		for label, st := range old.labels {
			if _, ok := cp.labels[label]; ok {
				continue
			}
			st.dropped = true
			l := prometheus.Labels{"client": label}
			m.decisions.DeletePartialMatch(l)
			m.issued.DeletePartialMatch(l)
			m.released.DeletePartialMatch(l)
			m.soft.DeletePartialMatch(l)
			m.attributions.DeletePartialMatch(l)
		}
		// The cells made before now hold the deleted series: made again
		// by child, they count in other.
		for _, cr := range old.rules {
			if st := cr.metrics.state; st != nil && st.dropped {
				cr.metrics.forget()
				if d := cr.outage.Load(); d != nil {
					d.metrics.forget()
				}
			}
		}
	}
	m.policyLimit.Reset()
	m.policyDryRun.Reset()
	for _, cr := range cp.rules {
		for s := range numScopes {
			for _, t := range cr.scopes[s].tiers {
				m.policyLimit.WithLabelValues(cr.label, scopeNames[s], strconv.FormatInt(int64(t.tier.Size.Seconds()), 10)).Set(float64(t.tier.Limit))
			}
		}
		dry := 0.0
		if cr.rules.Mode == policy.ModeDryRun {
			dry = 1
		}
		m.policyDryRun.WithLabelValues(cr.label).Set(dry)
	}
}

func (m *metrics) badRequest(r tokenrequest.Reason) {
	if m != nil {
		m.bad[r].Inc()
	}
}

// clientMetrics are the series of one client label, resolved lazily: a
// series appears when it is first counted, so a policy with many clients
// does not export thousands of zeros, and the request path looks a child up
// in an array instead of hashing label values.
type clientMetrics struct {
	m            *metrics
	label        string
	state        *labelState
	decisions    [policy.NumGrants][numDecisions]counterCell
	issued       [policy.NumGrants]counterCell
	released     [policy.NumGrants]counterCell
	attributions [policy.NumGrants][numAttributions]counterCell
	soft         counterCell
}

// counterCell holds a resolved child of a CounterVec once it is created.
type counterCell struct {
	p atomic.Pointer[counterBox]
}

type counterBox struct{ c prometheus.Counter }

// get returns the cell's counter, creating it with mk the first time.
func (c *counterCell) get(mk func() prometheus.Counter) prometheus.Counter {
	if b := c.p.Load(); b != nil {
		return b.c
	}
	b := &counterBox{mk()}
	if c.p.CompareAndSwap(nil, b) {
		return b.c
	}
	return c.p.Load().c
}

// child returns the counter of vec for cm's client and the other label
// values; the first time a cell is used, not per request. For a client a
// later policy dropped (a request in flight across the reload), it is the
// series of the clients the policy does not configure, other, rather than
// one setPolicy has deleted: made again, it would stay for good.
func (cm *clientMetrics) child(vec *prometheus.CounterVec, lvs ...string) prometheus.Counter {
	cm.m.mu.Lock()
	defer cm.m.mu.Unlock()
	label := cm.label
	if cm.state != nil && cm.state.dropped {
		label = otherClient
	}
	return vec.WithLabelValues(append([]string{label}, lvs...)...)
}

// forget empties cm's cells, so that each is made again by child.
func (cm *clientMetrics) forget() {
	for g := range policy.NumGrants {
		for d := range cm.decisions[g] {
			cm.decisions[g][d].p.Store(nil)
		}
		for a := range cm.attributions[g] {
			cm.attributions[g][a].p.Store(nil)
		}
		cm.issued[g].p.Store(nil)
		cm.released[g].p.Store(nil)
	}
	cm.soft.p.Store(nil)
}

func (cm *clientMetrics) decision(g policy.Grant, d decision) {
	if cm.m == nil {
		return
	}
	cm.decisions[g][d].get(func() prometheus.Counter {
		return cm.child(cm.m.decisions, g.String(), decisionNames[d])
	}).Inc()
}

func (cm *clientMetrics) issue(g policy.Grant) {
	if cm.m == nil {
		return
	}
	cm.issued[g].get(func() prometheus.Counter {
		return cm.child(cm.m.issued, g.String())
	}).Inc()
}

func (cm *clientMetrics) release(g policy.Grant) {
	if cm.m == nil {
		return
	}
	cm.released[g].get(func() prometheus.Counter {
		return cm.child(cm.m.released, g.String())
	}).Inc()
}

func (cm *clientMetrics) attribute(g policy.Grant, a attribution) {
	if cm.m == nil {
		return
	}
	cm.attributions[g][a].get(func() prometheus.Counter {
		return cm.child(cm.m.attributions, g.String(), attributionNames[a])
	}).Inc()
}

func (cm *clientMetrics) softExceeded() {
	if cm.m == nil {
		return
	}
	cm.soft.get(func() prometheus.Counter {
		return cm.child(cm.m.soft)
	}).Inc()
}

package oauthratelimit

import (
	"errors"
	"log/slog"
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
	policy       policyGauges
	fleet        prometheus.Gauge
	// mu guards byLabel and each clientMetrics' dropped and used, and
	// orders a cell being filled (clientMetrics.fill) against its client
	// being dropped (setPolicy): a request in flight across the reload
	// that dropped it, filling a cell after, brought the client's series
	// back for good (an outside audit). Only filling a cell takes it: the
	// first count of each series of a client, not each request.
	mu      sync.Mutex
	byLabel map[string]*clientMetrics // of the clients of the installed policy, and of one being compiled (a compile refused: install drops its)
}

// newMetrics registers the limiter's metrics on reg; id and version are
// the instance's (Limiter.Instance, Config.Version), for
// oauth_ratelimit_instance_info.
func newMetrics(reg prometheus.Registerer, c *cache.Cache, id, version string, gaugeClients int) (*metrics, error) {
	if reg == nil {
		return nil, nil
	}
	const ns = "oauth_ratelimit"
	m := &metrics{
		byLabel: make(map[string]*clientMetrics),
		policy: policyGauges{
			eager: gaugeClients,
			limit: prometheus.NewDesc(ns+"_policy_limit",
				"Tokens allowed per window by the current policy, by client (configured ID or other for the defaults), scope and window length.",
				[]string{"client", "scope", "window_seconds"}, nil),
			dryRun: prometheus.NewDesc(ns+"_policy_dry_run",
				"1 if the current policy only records decisions over the limit for the client, 0 if it enforces them.",
				[]string{"client"}, nil),
		},
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "decisions_total",
			Help: "Token requests decided by the limiter, by client (configured ID or other), grant type and decision.",
		}, []string{"client", "grant_type", "decision"}),
		issued: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "tokens_issued_total",
			Help: "Admitted token requests that the token endpoint answered 2xx (tokens issued), counted on a key or not (decision unattributed), by client and grant type.",
		}, []string{"client", "grant_type"}),
		released: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "reservations_released_total",
			Help: "Admitted token requests that the token endpoint did not answer 2xx, their counts (if any) taken back, by client and grant type.",
		}, []string{"client", "grant_type"}),
		soft: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "soft_limit_exceeded_total",
			Help: "Admitted token requests that took a key past the soft limit of its binding tier, by client.",
		}, []string{"client"}),
		attributions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: ns, Name: "attributions_total",
			Help: "User-grant tokens attributed after issuance to the sub of the issued JWT, by client, grant type and result.",
		}, []string{"client", "grant_type", "result"}),
		fleet: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: ns, Name: "fleet_tier_instances",
			Help: "Other live instances whose policies add tiers, in window sizes this one's does not have, that this one counts in (and, with --fleet-tiers enforce, enforces): a rollout under way, or an instance on another policy against the same store (GET /admin/policy names them).",
		}),
	}
	bad := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "bad_requests_total",
		Help: "Token requests rejected before reaching the token endpoint as malformed or ambiguous, by reason.",
	}, []string{"reason"})
	for r := range tokenrequest.NumReasons {
		m.bad[r] = bad.WithLabelValues(r.String())
	}
	collectors := []prometheus.Collector{
		m.decisions, m.issued, m.released, m.soft, m.attributions, bad, &m.policy, m.fleet,
		// The instance ID that the logs, the heartbeats and GET
		// /admin/instances name, for the scrape target (job, instance)
		// that alerts and dashboards name: the join of the two.
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: ns, Name: "instance_info",
			Help:        "Always 1; its labels are this instance's ID (id: --instance, or the one generated at start, as the logs and GET /admin/instances name it) and version.",
			ConstLabels: prometheus.Labels{"id": id, "version": version},
		}, func() float64 { return 1 }),
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
			Help: "Keys evicted from the limiter's memory that are still held because their counts are not written to the store yet (at most the key cap of them waiting for a flush, plus those a flush is writing).",
		}, func() float64 { return float64(c.Stats().Detached) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "cache_dropped_counts_total",
			Help: "Tokens counted by this instance but dropped before reaching the store, because a key was evicted while the key cap's worth of evicted keys already waited for a flush (the store was unreachable for long), or because a key held more frames than the cache keeps for a clock that jumped ahead and may be set back (cache.Config.MaxHeldFrames).",
		}, func() float64 { return float64(c.Stats().Dropped) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "share_refusals_total",
			Help: "Token requests refused (in dry-run: that would have been) by this instance's share of a key other instances count too, though the store's counts and its own left room under the limit: a burst outrunning a sync interval, or a load balancer sending this instance more than its even share of a key's requests.",
		}, func() float64 { return float64(c.Stats().ShareRefusals) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: ns, Name: "cache_reset_dropped_counts_total",
			Help: "Requests (in cost units) counted by this instance but not yet written to the store when it learned that their key was reset (POST /admin/keys/.../reset on any instance): counted before the reset, cleared by it.",
		}, func() float64 { return float64(c.Stats().ResetDropped) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: ns, Name: "cache_window_size_codes",
			Help: "Window sizes the limiter's memory has given a code, which its fast paths compare, since the process started: at most 15, never given back. Given when a policy (with the other instances' tiers) is installed, and, for keys counted in three or four window sizes, when such a key is first decided: it may rise with traffic as well as with reloads. At 15, keys limited by window sizes met later are decided on a slower path, correct; a restart starts over.",
		}, func() float64 { return float64(c.Stats().SizeCodes) }),
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

// setFleetInstances sets oauth_ratelimit_fleet_tier_instances to n.
func (m *metrics) setFleetInstances(n int) {
	if m != nil {
		m.fleet.Set(float64(n))
	}
}

// setPolicy updates the policy gauges to cp, the policy installed, and
// drops the per-client series of the clients it does not configure: their
// cells are emptied and count in other from then on (a request in flight
// across the reload, on an older policy, holds them).
func (m *metrics) setPolicy(cp *compiledPolicy) {
	if m == nil {
		return
	}
	var gone []string
	m.mu.Lock()
	for label, cm := range m.byLabel {
		if _, ok := cp.labels[label]; ok {
			continue
		}
		cm.dropped = true
		cm.forget()
		delete(m.byLabel, label)
		if cm.used.Load() {
			gone = append(gone, label)
		}
	}
	m.mu.Unlock()
	// After the lock: a cell filled since counts in other, and a reload
	// that drops thousands of clients does not hold up the first counts
	// of the others while their series are deleted.
	for _, label := range gone {
		l := prometheus.Labels{"client": label}
		m.decisions.DeletePartialMatch(l)
		m.issued.DeletePartialMatch(l)
		m.released.DeletePartialMatch(l)
		m.soft.DeletePartialMatch(l)
		m.attributions.DeletePartialMatch(l)
	}
	m.policy.cp.Store(cp)
}

// policyGauges is the collector of oauth_ratelimit_policy_limit and
// policy_dry_run: their values are read from the installed policy at each
// scrape, for the clients whose series it exports (see
// Config.PolicyGaugeClients), rather than kept in gauge vectors. Filled
// up front, the vectors held a child per client and tier (400,135 series
// at 100,000 clients), each reload reset and refilled them (a scrape
// during it saw them part filled: helper-94), and every scrape sent them
// all.
type policyGauges struct {
	eager         int // Config.PolicyGaugeClients
	limit, dryRun *prometheus.Desc
	cp            atomic.Pointer[compiledPolicy] // the installed policy; nil before the first
}

func (g *policyGauges) Describe(ch chan<- *prometheus.Desc) {
	ch <- g.limit
	ch <- g.dryRun
}

// Collect sends the gauges of the installed policy: of every client it
// configures if they are at most g.eager, else of the clients counted
// here since they were configured (their clientMetrics used), and of
// other. cp.labels holds other too.
//
// other is the defaults' only: a client configured under the ID "other"
// has the label of the defaults (its counters count in theirs), and its
// series too made the registry refuse the whole scrape (a series collected
// twice), where the gauge vectors kept one of the two.
func (g *policyGauges) Collect(ch chan<- prometheus.Metric) {
	cp := g.cp.Load()
	if cp == nil {
		return
	}
	all := g.all(cp)
	defaults := cp.pol.Defaults()
	for r, cr := range cp.rules {
		if cr.label == otherClient && r != defaults {
			continue
		}
		if !all && cr.label != otherClient && !cr.metrics.used.Load() {
			continue
		}
		for s := range numScopes {
			for _, t := range cr.scopes[s].tiers {
				ch <- prometheus.MustNewConstMetric(g.limit, prometheus.GaugeValue, float64(t.tier.Limit),
					cr.label, scopeNames[s], strconv.FormatInt(int64(t.tier.Size.Seconds()), 10))
			}
		}
		dry := 0.0
		if cr.rules.Mode == policy.ModeDryRun {
			dry = 1
		}
		ch <- prometheus.MustNewConstMetric(g.dryRun, prometheus.GaugeValue, dry, cr.label)
	}
}

// all says whether every client of cp has the gauges from the start: cp
// has at most g.eager clients (cp.labels holds other too).
func (g *policyGauges) all(cp *compiledPolicy) bool {
	return len(cp.labels)-1 <= g.eager
}

// gaugeAttrs are the attributes of the install log of cp about the policy
// gauges: none if every client has them from the start; else, that only
// the clients counted here have them, and the cap the policy passes
// (Config.PolicyGaugeClients, --policy-gauge-clients; 0 for none), so that
// an operator learns why the idle clients' limit lines went missing
// (helper-102).
func (m *metrics) gaugeAttrs(cp *compiledPolicy) []slog.Attr {
	if m == nil || m.policy.all(cp) {
		return nil
	}
	return []slog.Attr{slog.String("policy_gauges", "counted_clients_only"), slog.Int("policy_gauge_clients", max(m.policy.eager, 0))}
}

func (m *metrics) badRequest(r tokenrequest.Reason) {
	if m != nil {
		m.bad[r].Inc()
	}
}

// clientMetricsFor returns the series of the client label: the same for
// every policy compiled while the client stays configured, so that a
// reload keeps its cells. With no metrics, one that records nothing.
func (m *metrics) clientMetricsFor(label string) *clientMetrics {
	if m == nil {
		return &clientMetrics{label: label}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	cm := m.byLabel[label]
	if cm == nil {
		cm = &clientMetrics{m: m, label: label}
		m.byLabel[label] = cm
	}
	return cm
}

// clientMetrics are the series of one client label, resolved lazily: a
// series appears when it is first counted, so a policy with many clients
// does not export thousands of zeros, and the request path looks a child up
// in an array instead of hashing label values. The array (clientCells) is
// made when the client is first counted here too: made for every
// configured client at each compile, it held 680 bytes of empty cells
// each, 68 MB for a policy of 100,000 clients whether or not they asked
// for a token (helper-101).
type clientMetrics struct {
	m     *metrics // nil: nothing is recorded
	label string
	// dropped: a policy installed since does not configure the client, and
	// its cells count in other (m.mu guards it); used: a cell was filled
	// for the client's own series (written under m.mu, read by the policy
	// gauges' scrape without it).
	dropped bool
	used    atomic.Bool
	// cells are the client's resolved series: nil until its first count
	// (made under m.mu, in fill), and again once it is dropped (forget). A
	// client stays in byLabel, and so keeps its cells and its series,
	// while the installed policy configures it: its counters never reset
	// while they are exported. Only configured clients have a
	// clientMetrics (any other counts in other's), so the cells are
	// bounded by the policy's clients, whatever client IDs requests name.
	cells atomic.Pointer[clientCells]
}

// clientCells are the cells of one client's series.
type clientCells struct {
	decisions    [policy.NumGrants][numDecisions]counterCell
	issued       [policy.NumGrants]counterCell
	released     [policy.NumGrants]counterCell
	attributions [policy.NumGrants][numAttributions]counterCell
	soft         counterCell
}

// counterCell holds a resolved child of a CounterVec once it is filled.
type counterCell struct {
	p atomic.Pointer[counterBox]
}

type counterBox struct{ c prometheus.Counter }

// Each count below loads the client's cells and the cell's counter, and
// only if either is not made yet calls fill, which takes m.mu: the label
// values of the slow path are not built on the fast one.

// fill makes the counter of the cell that at picks in cm's cells (and the
// cells, the client's first count), the first time it is used (or the first
// after its client was dropped), under m.mu: for a client dropped, the
// series of other, rather than one setPolicy deleted, which would stay for
// good. It counts in vec, for cm's client and the label values lvs.
func (cm *clientMetrics) fill(at func(*clientCells) *counterCell, vec *prometheus.CounterVec, lvs ...string) prometheus.Counter {
	cm.m.mu.Lock()
	defer cm.m.mu.Unlock()
	cells := cm.cells.Load()
	if cells == nil {
		cells = new(clientCells)
		cm.cells.Store(cells)
	}
	c := at(cells)
	if b := c.p.Load(); b != nil {
		return b.c
	}
	label := cm.label
	if cm.dropped {
		label = otherClient
	} else {
		cm.used.Store(true)
	}
	b := &counterBox{vec.WithLabelValues(append([]string{label}, lvs...)...)}
	c.p.Store(b)
	return b.c
}

// forget drops cm's cells (m.mu held), so that each is filled again, in
// new cells.
func (cm *clientMetrics) forget() {
	cm.cells.Store(nil)
}

func (cm *clientMetrics) decision(g policy.Grant, d decision) {
	if c := cm.cells.Load(); c != nil {
		if b := c.decisions[g][d].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.decisions[g][d] }, cm.m.decisions, g.String(), decisionNames[d]).Inc()
	}
}

func (cm *clientMetrics) issue(g policy.Grant) {
	if c := cm.cells.Load(); c != nil {
		if b := c.issued[g].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.issued[g] }, cm.m.issued, g.String()).Inc()
	}
}

func (cm *clientMetrics) release(g policy.Grant) {
	if c := cm.cells.Load(); c != nil {
		if b := c.released[g].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.released[g] }, cm.m.released, g.String()).Inc()
	}
}

func (cm *clientMetrics) attribute(g policy.Grant, a attribution) {
	if c := cm.cells.Load(); c != nil {
		if b := c.attributions[g][a].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.attributions[g][a] }, cm.m.attributions, g.String(), attributionNames[a]).Inc()
	}
}

func (cm *clientMetrics) softExceeded() {
	if c := cm.cells.Load(); c != nil {
		if b := c.soft.p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.soft }, cm.m.soft).Inc()
	}
}

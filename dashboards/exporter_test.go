package dashboards

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// serverMetrics are the metrics of knownMetrics that the server registers
// itself (cmd/oauth-ratelimit: reload.go and store.go). A main package
// cannot be imported, so TestContractMatchesTheLibrary takes them from this
// list; up is Prometheus' own.
var serverMetrics = []string{
	"oauth_ratelimit_store_up",
	"oauth_ratelimit_policy_reloads_total",
	"oauth_ratelimit_policy_last_reload_successful",
	"oauth_ratelimit_policy_last_reload_success_timestamp_seconds",
	"up",
}

// describingRegisterer records the name of every metric registered through
// it, from the collectors' descriptions: a vector with no series yet is not
// gathered, but it is described.
type describingRegisterer struct {
	*prometheus.Registry
	names map[string]bool
}

// fqNameRE reads the name from prometheus.Desc's String, the only place
// client_golang shows it.
var fqNameRE = regexp.MustCompile(`fqName: "([^"]+)"`)

func (r *describingRegisterer) Register(c prometheus.Collector) error {
	ch := make(chan *prometheus.Desc)
	go func() {
		c.Describe(ch)
		close(ch)
	}()
	for d := range ch {
		if m := fqNameRE.FindStringSubmatch(d.String()); m != nil {
			r.names[m[1]] = true
		}
	}
	return r.Registry.Register(c)
}

func (r *describingRegisterer) MustRegister(cs ...prometheus.Collector) {
	for _, c := range cs {
		if err := r.Register(c); err != nil {
			panic(err)
		}
	}
}

// perClientMetrics are the metrics a panel uses that a fresh Limiter
// exports no series of, and why. Every other metric a panel uses has a
// series from registration (its label values are known up front: reasons,
// results, ops; Prometheus' advice on missing metrics), so that its panel
// shows 0 rather than "No data" on a fresh instance (an outside audit
// found four that did not). The panels over these fall back to 0 in PromQL
// instead; TestPanelsShowAValueOnAFreshInstance checks that they do.
var perClientMetrics = map[string]string{
	"oauth_ratelimit_decisions_total":             perClientReason,
	"oauth_ratelimit_tokens_issued_total":         perClientReason,
	"oauth_ratelimit_reservations_released_total": perClientReason,
	"oauth_ratelimit_soft_limit_exceeded_total":   perClientReason,
	"oauth_ratelimit_attributions_total":          perClientReason,
}

const perClientReason = "labelled by client: a client's series appear at its first request " +
	"(clientMetrics in metrics.go), so that a policy of thousands of clients does not export " +
	"tens of series of zeros for each (grant types x decisions), and the request path resolves a " +
	"child once instead of hashing label values"

// TestContractMatchesTheLibrary: knownMetrics is what the library exports.
// Every metric a Limiter registers (with its syncer and refresh-token
// bindings) is listed, and every listed metric is the library's or in
// serverMetrics; of those with a series after one token request (vectors
// get theirs on first use), the type, the label names and the enumerated
// label values are the contract's. Before that request, every metric a
// panel uses has a series already, but those of perClientMetrics and
// serverMetrics (registered by cmd/oauth-ratelimit, every label value
// resolved at start).
func TestContractMatchesTheLibrary(t *testing.T) {
	reg := &describingRegisterer{Registry: prometheus.NewRegistry(), names: map[string]bool{}}
	lim, err := oauthratelimit.New(oauthratelimit.Config{Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	seriesOf := map[string]int{}
	for _, mf := range fresh {
		seriesOf[mf.GetName()] = len(mf.GetMetric())
	}
	for _, name := range panelMetrics(t) {
		_, perClient := perClientMetrics[name]
		switch n := seriesOf[name]; {
		case slices.Contains(serverMetrics, name):
		case perClient && n > 0:
			t.Errorf("a fresh Limiter exports %d series of %s: remove it from perClientMetrics", n, name)
		case !perClient && n == 0:
			t.Errorf("a fresh Limiter exports no series of %s, which a panel uses: the panel shows \"No data\" "+
				"instead of 0. Resolve its label values at registration, or list it in perClientMetrics "+
				"with the reason and make its panels fall back to 0", name)
		}
	}
	for name := range perClientMetrics {
		if !slices.Contains(panelMetrics(t), name) {
			t.Errorf("perClientMetrics lists %s, which no panel uses", name)
		}
	}
	token := lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusOK)
	}))
	req := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("some-client", "secret")
	rec := httptest.NewRecorder()
	token.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("token request: %d %s", rec.Code, rec.Body)
	}

	known := map[string]*metricSpec{}
	for i := range knownMetrics {
		known[knownMetrics[i].name] = &knownMetrics[i]
	}
	for _, name := range slices.Sorted(maps.Keys(reg.names)) {
		if known[name] == nil {
			t.Errorf("the library exports %s, which knownMetrics does not list: add it (and the fixture, and a panel or an alert)", name)
		}
	}
	for name := range known {
		if !reg.names[name] && !slices.Contains(serverMetrics, name) {
			t.Errorf("knownMetrics lists %s, which the library does not export and serverMetrics does not list", name)
		}
	}

	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	// By the type's name: client_model, which defines it, is not a direct
	// dependency of the module.
	kinds := map[string]metricKind{"COUNTER": counter, "GAUGE": gauge, "HISTOGRAM": histogram}
	for _, mf := range mfs {
		spec := known[mf.GetName()]
		if spec == nil {
			continue // reported above
		}
		if k := kinds[mf.GetType().String()]; k != spec.kind {
			t.Errorf("%s is a %v; knownMetrics says %s", mf.GetName(), mf.GetType(), spec.kind)
		}
		for _, m := range mf.GetMetric() {
			var names []string
			for _, l := range m.GetLabel() {
				names = append(names, l.GetName())
				allowed, ok := spec.labels[l.GetName()]
				if ok && allowed != nil && !slices.Contains(allowed, l.GetValue()) {
					t.Errorf("%s{%s=%q}: a value knownMetrics does not allow (%v)", mf.GetName(), l.GetName(), l.GetValue(), allowed)
				}
			}
			if want := slices.Sorted(maps.Keys(spec.labels)); !slices.Equal(slices.Sorted(slices.Values(names)), want) {
				t.Errorf("%s has the labels %v; knownMetrics says %v", mf.GetName(), names, want)
			}
		}
	}
}

// panelMetrics lists the metrics the dashboards' panels use, sorted.
func panelMetrics(t *testing.T) []string {
	t.Helper()
	used := map[string]bool{}
	for _, q := range dashboardQueries(t, loadDashboards(t)) {
		if !strings.Contains(q.id, ":panel") {
			continue // a template variable
		}
		expr, err := substitute(q.expr)
		if err != nil {
			t.Fatalf("%s: %v", q.where, err)
		}
		info, err := analyzePromQL(expr)
		if err != nil {
			t.Fatalf("%s: %v", q.where, err)
		}
		for _, sel := range info.selectors {
			if ss, ok := lookupSeries(sel.metric); ok {
				used[ss.metric.name] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(used))
}

// freshEmpty lists the panel targets (by query id) that may show no data on
// a fresh instance, with the reason.
var freshEmpty = map[string]string{
	"oauth_ratelimit_sync:panel13_A": "store round trips per token request: undefined while there has been no " +
		"token request (0 would be wrong, the store is called without them)",
}

// TestPanelsShowAValueOnAFreshInstance: on an instance that has served no
// request, every panel target returns a series (0 where nothing was
// counted), not "No data", and every template variable's selector a series
// to take its values from (the client list read decisions_total, empty
// until a first request: an outside audit). The series are those a fresh Limiter with
// policy.example.yaml exports, and those the server registers at start
// (serverMetrics: every label value resolved, values as at start); promtool
// evaluates each target (absent(target) must be empty). It catches a metric
// whose series appear only on first use, and a fallback to 0 missing from a
// panel over perClientMetrics.
func TestPanelsShowAValueOnAFreshInstance(t *testing.T) {
	promtoolPath(t)
	pol, err := policy.Load("../policy.example.yaml")
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	if _, err := oauthratelimit.New(oauthratelimit.Config{Registerer: reg, Policy: pol}); err != nil {
		t.Fatal(err)
	}
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	target := []string{"instance", instanceA, "job", liveJob}
	var input []promtoolSeries
	add := func(name string, labels []string, v float64) {
		input = append(input, promtoolSeries{Series: name + labelText(append(instanceID(labels, instanceA), target...)),
			Values: strconv.FormatFloat(v, 'g', -1, 64) + "x40"})
	}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName(), l.GetValue())
			}
			switch {
			case m.GetCounter() != nil:
				add(mf.GetName(), labels, m.GetCounter().GetValue())
			case m.GetGauge() != nil:
				add(mf.GetName(), labels, m.GetGauge().GetValue())
			case m.GetHistogram() != nil:
				h := m.GetHistogram()
				for _, b := range h.GetBucket() {
					add(mf.GetName()+"_bucket", append(slices.Clone(labels), "le", strconv.FormatFloat(b.GetUpperBound(), 'g', -1, 64)), float64(b.GetCumulativeCount()))
				}
				add(mf.GetName()+"_bucket", append(slices.Clone(labels), "le", "+Inf"), float64(h.GetSampleCount()))
				add(mf.GetName()+"_sum", labels, h.GetSampleSum())
				add(mf.GetName()+"_count", labels, float64(h.GetSampleCount()))
			default:
				t.Fatalf("%s: a metric type this test does not read", mf.GetName())
			}
		}
	}
	// The server's own, as cmd/oauth-ratelimit registers them at start: no
	// reload yet, the store not answered yet.
	for _, s := range fixture {
		if !slices.Contains(serverMetrics, s.metric) {
			continue
		}
		v := 0.0
		if s.metric == "oauth_ratelimit_policy_last_reload_successful" {
			v = 1
		}
		add(s.metric, s.labels, v)
	}

	var tests []promtoolExprTest
	var index strings.Builder
	for _, q := range dashboardQueries(t, loadDashboards(t)) {
		if _, ok := freshEmpty[q.id]; ok {
			continue
		}
		expr, err := substitute(q.expr)
		if err != nil {
			t.Fatalf("%s: %v", q.where, err)
		}
		tests = append(tests, promtoolExprTest{Expr: "absent(" + expr + ")", EvalTime: "10m"})
		fmt.Fprintf(&index, "%s:\n\t%s\n", q.where, expr)
	}
	out, err := promtoolExprTests(t, input, tests)
	if err != nil {
		t.Fatalf("on a fresh instance, some panel targets or template variables return no series (got: {} 1 from absent()): a metric "+
			"exported only once used, or a panel over perClientMetrics without a fallback to 0 "+
			"(or on () vector(0)). promtool test rules (%v):\n%s\ntargets:\n%s", err, out, index.String())
	}
	for id := range freshEmpty {
		if !slices.ContainsFunc(dashboardQueries(t, loadDashboards(t)), func(q query) bool { return q.id == id }) {
			t.Errorf("freshEmpty lists %s, which no longer exists", id)
		}
	}
	t.Logf("%d panel targets and template variables return a series on a fresh instance (%d series in); %d allowed empty", len(tests), len(input), len(freshEmpty))
}

// TestPanelsShowNoNaNOnAnIdleInstance: on an instance that served traffic
// and then went idle (the counters of decisions, tokens and every other
// request held still; the syncer's flushes and store requests going on, as
// they do without requests; every gauge at its fixture value), no panel
// target returns NaN or ±Inf. A ratio of two
// rates is 0/0 there: Grafana draws NaN as a gap or "NaN" and +Inf off the
// scale, where the panel should show 0 (nothing denied) or nothing (no
// request to divide by). A live audit (h58: three processes under a real
// Prometheus) found the denial ratios NaN and the store round trips per
// token request +Inf whenever the fleet had no token request for a rate
// interval.
func TestPanelsShowNoNaNOnAnIdleInstance(t *testing.T) {
	promtoolPath(t)
	target := []string{"instance", instanceA, "job", liveJob}
	var input []promtoolSeries
	// add: a series starting at v and growing by step every 15s.
	add := func(name string, labels []string, v, step float64) {
		input = append(input, promtoolSeries{Series: name + labelText(append(slices.Clone(labels), target...)),
			Values: strconv.FormatFloat(v, 'g', -1, 64) + "+" + strconv.FormatFloat(step, 'g', -1, 64) + "x40"})
	}
	// The syncer flushes every interval with or without requests
	// (FlushOnce always records one), and calls the store for the keys
	// used lately.
	goesOn := []string{"oauth_ratelimit_sync_flushes_total", "oauth_ratelimit_sync_store_requests_total"}
	for _, s := range fixture {
		i := slices.IndexFunc(knownMetrics, func(m metricSpec) bool { return m.name == s.metric })
		if i < 0 {
			t.Fatalf("fixture series %s is not a known metric", s.metric)
		}
		switch knownMetrics[i].kind {
		case counter:
			step := 0.0 // counted before, still since
			if slices.Contains(goesOn, s.metric) {
				step = max(s.perScrapeA, 1)
			}
			add(s.metric, s.labels, 100*s.perScrapeA, step)
		case gauge:
			add(s.metric, s.labels, s.perScrapeA, 0)
		case histogram: // a flush every scrape, each taking 0.01s
			for _, le := range flushDurationBuckets {
				n := 0.0
				if le >= 0.01 {
					n = 1
				}
				add(s.metric+"_bucket", append(slices.Clone(s.labels), "le", strconv.FormatFloat(le, 'g', -1, 64)), 100*n, n)
			}
			add(s.metric+"_bucket", append(slices.Clone(s.labels), "le", "+Inf"), 100, 1)
			add(s.metric+"_sum", s.labels, 1, 0.01)
			add(s.metric+"_count", s.labels, 100, 1)
		}
	}
	var tests []promtoolExprTest
	var index strings.Builder
	for _, q := range dashboardQueries(t, loadDashboards(t)) {
		expr, err := substitute(q.expr)
		if err != nil {
			t.Fatalf("%s: %v", q.where, err)
		}
		// NaN is the only value unequal to itself.
		tests = append(tests, promtoolExprTest{Expr: "(" + expr + ") != (" + expr + ") or abs(" + expr + ") == +Inf", EvalTime: "10m"})
		fmt.Fprintf(&index, "%s:\n\t%s\n", q.where, expr)
	}
	out, err := promtoolExprTests(t, input, tests)
	if err != nil {
		t.Fatalf("on an idle instance, some panel targets return NaN or ±Inf (a ratio of rates without a guard such as "+
			"/ (denominator > 0)). promtool test rules (%v):\n%s\ntargets:\n%s", err, out, index.String())
	}
	t.Logf("%d panel targets and template variables return neither NaN nor ±Inf on an idle instance (%d series in)", len(tests), len(input))
}

// promtoolSeries is an input series of a promtool rules test, at 15s steps.
type promtoolSeries struct {
	Series string `json:"series"`
	Values string `json:"values"`
}

// promtoolExprTest is a PromQL expression that must return nothing at
// EvalTime (no exp_samples).
type promtoolExprTest struct {
	Expr     string `json:"expr"`
	EvalTime string `json:"eval_time"`
}

// promtoolExprTests runs `promtool test rules` over input and tests
// (expressions that must return nothing, or exactly the samples given), and
// returns its output.
func promtoolExprTests[T promtoolExprTest | promtoolValueTest](t *testing.T, input []promtoolSeries, tests []T) ([]byte, error) {
	t.Helper()
	doc := map[string]any{
		"rule_files":          []string{},
		"evaluation_interval": "1m",
		"tests": []any{map[string]any{
			"interval":         "15s",
			"input_series":     input,
			"promql_expr_test": tests,
		}},
	}
	data, err := json.MarshalIndent(doc, "", "  ") // JSON is YAML
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "exprs_test.yaml")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return exec.Command(promtoolPath(t), "test", "rules", file).CombinedOutput()
}

package dashboards

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
)

// The live test: a fake exporter per instance serves every metric of
// knownMetrics with realistic labels and values that move between scrapes; a
// real Prometheus scrapes both every second and loads alerts.yaml; then every
// dashboard and alert expression runs through its HTTP API.
//
// Instance a is healthy. Instance b is the sick one (flush errors, a stale
// snapshot, an old last flush, evictions by cap, the store down, a failed
// policy reload, a runtime override it skips), so that every alert's
// condition is true and its expression returns series.

const (
	instanceA = "ratelimit-a:9464"
	instanceB = "ratelimit-b:9464"
	liveJob   = "oauth-ratelimit"
)

// fixtureSeries is one exported series. For a counter, perScrapeA/B is what it
// grows by at every scrape of instance a/b; for a gauge it is the value.
type fixtureSeries struct {
	metric     string
	labels     []string // name, value pairs
	perScrapeA float64
	perScrapeB float64
}

func fs(metric string, a, b float64, labels ...string) fixtureSeries {
	return fixtureSeries{metric: metric, labels: labels, perScrapeA: a, perScrapeB: b}
}

// The special series whose values are computed at scrape time.
const (
	lastFlushMetric     = "oauth_ratelimit_sync_last_flush_timestamp_seconds"
	flushDurationMetric = "oauth_ratelimit_sync_flush_duration_seconds"
)

var (
	// syncer's buckets: prometheus.ExponentialBuckets(0.001, 2.5, 12).
	flushDurationBuckets = []float64{0.001, 0.0025, 0.00625, 0.015625, 0.0390625, 0.09765625,
		0.244140625, 0.6103515625, 1.52587890625, 3.814697265625, 9.5367431640625, 23.84185791015625}
	// One observation per scrape. a flushes slowly (a far store, flushes
	// landing: OAuthRateLimitSyncSlow), b fails its flushes, which that
	// alert leaves to OAuthRateLimitSyncFlushErrors.
	flushDuration = map[string]float64{instanceA: 1.5, instanceB: 2.5}
	lastFlushAge  = map[string]float64{instanceA: 0.5, instanceB: 300}
)

// fixture is what the fake exporters serve. The limits follow
// policy.example.yaml: mobile-app (enforce, user grants), batch-exporter
// (dry-run, client_credentials), internal-gateway (trusted).
var fixture = []fixtureSeries{
	fs("oauth_ratelimit_decisions_total", 20, 20, "client", "mobile-app", "grant_type", "password", "decision", "allowed"),
	fs("oauth_ratelimit_decisions_total", 20, 20, "client", "mobile-app", "grant_type", "password", "decision", "denied"),
	fs("oauth_ratelimit_decisions_total", 10, 10, "client", "mobile-app", "grant_type", "refresh_token", "decision", "allowed"),
	fs("oauth_ratelimit_decisions_total", 30, 30, "client", "batch-exporter", "grant_type", "client_credentials", "decision", "allowed"),
	fs("oauth_ratelimit_decisions_total", 5, 5, "client", "batch-exporter", "grant_type", "client_credentials", "decision", "dry_run_denied"),
	fs("oauth_ratelimit_decisions_total", 40, 40, "client", "internal-gateway", "grant_type", "client_credentials", "decision", "allowed"),
	fs("oauth_ratelimit_decisions_total", 3, 3, "client", "internal-gateway", "grant_type", "client_credentials", "decision", "trusted_over_limit"),
	fs("oauth_ratelimit_decisions_total", 2, 2, "client", "mobile-app", "grant_type", "authorization_code", "decision", "unattributed"),
	fs("oauth_ratelimit_decisions_total", 6, 4, "client", "other", "grant_type", "client_credentials", "decision", "allowed"),
	fs("oauth_ratelimit_decisions_total", 1, 1, "client", "other", "grant_type", "other", "decision", "dry_run_denied"),
	fs("oauth_ratelimit_tokens_issued_total", 18, 18, "client", "mobile-app", "grant_type", "password"),
	fs("oauth_ratelimit_tokens_issued_total", 10, 10, "client", "mobile-app", "grant_type", "refresh_token"),
	fs("oauth_ratelimit_tokens_issued_total", 35, 35, "client", "batch-exporter", "grant_type", "client_credentials"),
	fs("oauth_ratelimit_tokens_issued_total", 43, 43, "client", "internal-gateway", "grant_type", "client_credentials"),
	fs("oauth_ratelimit_reservations_released_total", 2, 2, "client", "mobile-app", "grant_type", "password"),
	fs("oauth_ratelimit_reservations_released_total", 0, 1, "client", "batch-exporter", "grant_type", "client_credentials"),
	fs("oauth_ratelimit_tokens_issued_total", 2, 2, "client", "mobile-app", "grant_type", "authorization_code"),
	fs("oauth_ratelimit_tokens_issued_total", 7, 5, "client", "other", "grant_type", "client_credentials"),
	fs("oauth_ratelimit_attributions_total", 1.5, 1.5, "client", "mobile-app", "grant_type", "authorization_code", "result", "under_limit"),
	fs("oauth_ratelimit_attributions_total", 0.5, 0, "client", "mobile-app", "grant_type", "authorization_code", "result", "over_limit"),
	fs("oauth_ratelimit_attributions_total", 0, 0.5, "client", "mobile-app", "grant_type", "authorization_code", "result", "no_subject"),
	fs("oauth_ratelimit_policy_dry_run", 0, 0, "client", "mobile-app"),
	fs("oauth_ratelimit_policy_dry_run", 1, 1, "client", "batch-exporter"),
	// In dry-run on b only (a file rolled out to a alone sets its mode):
	// OAuthRateLimitModeSplit.
	fs("oauth_ratelimit_policy_dry_run", 0, 1, "client", "internal-gateway"),
	fs("oauth_ratelimit_policy_dry_run", 1, 1, "client", "other"),
	fs("oauth_ratelimit_policy_limit", 600, 600, "client", "other", "scope", "client", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 10000, 10000, "client", "other", "scope", "client", "window_seconds", "3600"),
	fs("oauth_ratelimit_soft_limit_exceeded_total", 4, 4, "client", "mobile-app"),
	fs("oauth_ratelimit_soft_limit_exceeded_total", 2, 2, "client", "batch-exporter"),
	fs("oauth_ratelimit_policy_limit", 600, 600, "client", "mobile-app", "scope", "client", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 20, 20, "client", "mobile-app", "scope", "user", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 300, 300, "client", "mobile-app", "scope", "user", "window_seconds", "3600"),
	fs("oauth_ratelimit_policy_limit", 5000, 5000, "client", "mobile-app", "scope", "aggregate", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 60, 60, "client", "batch-exporter", "scope", "client", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 10000, 10000, "client", "batch-exporter", "scope", "client", "window_seconds", "3600"),
	fs("oauth_ratelimit_policy_limit", 60, 60, "client", "batch-exporter", "scope", "user", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 600, 600, "client", "internal-gateway", "scope", "client", "window_seconds", "60"),
	fs("oauth_ratelimit_policy_limit", 5000, 5000, "client", "internal-gateway", "scope", "aggregate", "window_seconds", "60"),
	fs("oauth_ratelimit_cache_keys", 1200, 800),
	fs("oauth_ratelimit_cache_evictions_total", 5, 5, "reason", "idle"),
	fs("oauth_ratelimit_cache_evictions_total", 0, 2, "reason", "cap"),
	fs("oauth_ratelimit_cache_detached_keys", 0, 40),
	fs("oauth_ratelimit_cache_window_size_codes", 3, 3),
	fs("oauth_ratelimit_cache_dropped_counts_total", 0, 1),
	// An operator resets keys on a; b drops the unflushed counts of those
	// keys when it learns of the resets.
	fs("oauth_ratelimit_cache_reset_dropped_counts_total", 0.5, 2),
	fs("oauth_ratelimit_share_refusals_total", 1, 0),
	fs("oauth_ratelimit_sync_resets_total", 0.2, 0),
	fs("oauth_ratelimit_sync_reset_cleared_counts_total", 30, 0),
	// Two overrides in the store and the shared global mode: a, of this
	// version, applies all three; b, of an older one, cannot read one.
	fs("oauth_ratelimit_policy_overrides", 3, 2, "state", "applied"),
	fs("oauth_ratelimit_policy_overrides", 0, 1, "state", "skipped"),
	fs("oauth_ratelimit_sync_flushes_total", 1, 1, "result", "ok"),
	fs("oauth_ratelimit_sync_flushes_total", 0, 3, "result", "error"),
	fs(flushDurationMetric, 0, 0),
	fs("oauth_ratelimit_sync_keys_written_total", 40, 5),
	fs("oauth_ratelimit_sync_conflicts_total", 1, 2),
	fs("oauth_ratelimit_sync_deferred_writes_total", 0.5, 1),
	fs("oauth_ratelimit_sync_increment_writes_total", 2, 5),
	fs("oauth_ratelimit_sync_unknown_outcomes_total", 0, 1),
	// A document edited by hand that b reads at each pull.
	fs("oauth_ratelimit_sync_unreadable_documents_total", 0, 1),
	// b's last stop (an embedder's process that serves its metrics on)
	// left counts out of the store.
	fs("oauth_ratelimit_sync_final_flush_unwritten_counts_total", 0, 2, "outcome", "never_written"),
	fs("oauth_ratelimit_sync_final_flush_unwritten_counts_total", 0, 1, "outcome", "unknown"),
	fs("oauth_ratelimit_sync_final_flush_unwritten_keys_total", 0, 1),
	fs("oauth_ratelimit_sync_store_requests_total", 2, 4, "op", "write"),
	fs("oauth_ratelimit_sync_store_requests_total", 1, 3, "op", "load"),
	fs("oauth_ratelimit_sync_store_requests_total", 0.1, 0, "op", "sweep"),
	fs("oauth_ratelimit_sync_store_requests_total", 1, 1, "op", "heartbeat"),
	fs("oauth_ratelimit_sync_store_errors_total", 0, 3, "op", "write"),
	fs("oauth_ratelimit_sync_store_errors_total", 0, 2, "op", "load"),
	fs("oauth_ratelimit_sync_store_errors_total", 0, 0, "op", "sweep"),
	fs("oauth_ratelimit_sync_store_errors_total", 0, 1, "op", "heartbeat"),
	fs("oauth_ratelimit_sync_pulls_total", 1, 0, "result", "ok"),
	fs("oauth_ratelimit_sync_pulls_total", 0, 2, "result", "error"),
	fs("oauth_ratelimit_sync_snapshot_age_seconds", 1.5, 45),
	fs("oauth_ratelimit_sync_dirty_keys", 40, 320),
	fs("oauth_ratelimit_sync_unsettled_writes", 0, 3),
	// b's store is slow: its writes shrank.
	fs("oauth_ratelimit_sync_batch_size", 500, 125, "op", "write"),
	fs("oauth_ratelimit_sync_batch_size", 500, 500, "op", "load"),
	fs(lastFlushMetric, 0, 0),
	// Instance b cannot reach the store, and its last policy reload failed
	// (a broken file it keeps being asked to reload): it runs an older
	// policy than a's.
	fs("oauth_ratelimit_store_up", 1, 0),
	// Both count three live instances; b, cut from the store past its
	// --outage-after, applies the outage limits.
	fs("oauth_ratelimit_live_instances", 3, 3),
	fs("oauth_ratelimit_clock_skew_seconds", 0, 41),
	fs("oauth_ratelimit_fleet_tier_instances", 0, 1),
	// b shares its instance ID with another process.
	fs("oauth_ratelimit_duplicate_instance", 0, 1),
	// Each instance's ID ($id: see instanceID), as its logs name it.
	fs("oauth_ratelimit_instance_info", 1, 1, "id", "$id", "version", "v1.4.0"),
	fs("oauth_ratelimit_store_outage", 0, 1),
	// Proxy mode: refresh_token grants whose user was known before
	// issuance. b, cut from the store, learns but cannot share, and its
	// full memory evicts and drops bindings.
	fs("oauth_ratelimit_refresh_token_users_total", 8, 5, "source", "learned"),
	fs("oauth_ratelimit_refresh_token_users_total", 2, 0, "source", "jwt"),
	fs("oauth_ratelimit_refresh_token_users_total", 1, 3, "source", "unknown"),
	fs("oauth_ratelimit_refresh_subjects", 5000, 100000),
	fs("oauth_ratelimit_refresh_subjects_learned_total", 8, 5),
	fs("oauth_ratelimit_refresh_subjects_pulled_total", 3, 0),
	fs("oauth_ratelimit_refresh_subjects_written_total", 8, 0),
	fs("oauth_ratelimit_refresh_subject_evictions_total", 0, 1),
	fs("oauth_ratelimit_refresh_subjects_dropped_total", 0, 0.5),
	fs("oauth_ratelimit_refresh_subjects_store_errors_total", 0, 1, "op", "put"),
	fs("oauth_ratelimit_refresh_subjects_store_errors_total", 0, 2, "op", "read"),
	fs("oauth_ratelimit_policy_reloads_total", 0, 0, "result", "success"),
	fs("oauth_ratelimit_policy_reloads_total", 0, 1, "result", "failure"),
	fs("oauth_ratelimit_policy_last_reload_successful", 1, 0),
	fs("oauth_ratelimit_policy_last_reload_success_timestamp_seconds", 1763856000, 1763852400),
}

func init() {
	// Every bad-request reason is exported from the start (the exporter
	// resolves them all at registration). multiple_auth_methods spikes: the
	// alert's rate over 5m must pass 1/s from the few seconds of samples the
	// test has (rate divides by the whole range).
	for i, r := range badReasons {
		a, b := float64(i%3), float64(i%2)
		if r == "multiple_auth_methods" {
			a, b = 200, 200
		}
		fixture = append(fixture, fs("oauth_ratelimit_bad_requests_total", a, b, "reason", r))
	}
}

// exposition renders the fixture in the Prometheus text format as instance
// inst serves it at its n-th scrape (n >= 1).
func exposition(inst string, n int, now time.Time) string {
	var b strings.Builder
	for _, m := range knownMetrics {
		if m.name == "up" {
			continue
		}
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", m.name, m.help, m.name, m.kind)
		for _, s := range fixture {
			if s.metric != m.name {
				continue
			}
			per := s.perScrapeA
			if inst == instanceB {
				per = s.perScrapeB
			}
			labels := labelText(instanceID(s.labels, inst))
			switch {
			case m.name == lastFlushMetric:
				v := float64(now.UnixMilli())/1000 - lastFlushAge[inst]
				fmt.Fprintf(&b, "%s%s %s\n", m.name, labels, strconv.FormatFloat(v, 'f', 3, 64))
			case m.kind == histogram:
				d := flushDuration[inst]
				for _, le := range flushDurationBuckets {
					c := 0
					if d <= le {
						c = n
					}
					fmt.Fprintf(&b, "%s_bucket%s %d\n", m.name, labelText(append(slices.Clone(s.labels), "le", strconv.FormatFloat(le, 'g', -1, 64))), c)
				}
				fmt.Fprintf(&b, "%s_bucket%s %d\n", m.name, labelText(append(slices.Clone(s.labels), "le", "+Inf")), n)
				fmt.Fprintf(&b, "%s_sum%s %g\n%s_count%s %d\n", m.name, labels, d*float64(n), m.name, labels, n)
			case m.kind == counter:
				fmt.Fprintf(&b, "%s%s %g\n", m.name, labels, per*float64(n))
			default:
				fmt.Fprintf(&b, "%s%s %g\n", m.name, labels, per)
			}
		}
	}
	return b.String()
}

// instanceID returns labels with the value "$id" replaced by inst's
// instance ID (the --instance its logs name: its host, ratelimit-a for
// ratelimit-a:9464), so that each fake exporter names its own.
func instanceID(labels []string, inst string) []string {
	i := slices.Index(labels, "$id")
	if i < 0 {
		return labels
	}
	host, _, _ := strings.Cut(inst, ":")
	out := slices.Clone(labels)
	out[i] = host
	return out
}

func labelText(pairs []string) string {
	if len(pairs) == 0 {
		return ""
	}
	var parts []string
	for i := 0; i+1 < len(pairs); i += 2 {
		parts = append(parts, pairs[i]+`="`+pairs[i+1]+`"`)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// TestFixtureCoversEveryMetric keeps the live test meaningful: every known
// metric is served, with all of its labels and only allowed values, and every
// enumerated value occurs.
func TestFixtureCoversEveryMetric(t *testing.T) {
	seenValues := map[string]map[string]bool{}
	for _, s := range fixture {
		i := slices.IndexFunc(knownMetrics, func(m metricSpec) bool { return m.name == s.metric })
		if i < 0 {
			t.Errorf("fixture series %s is not a known metric", s.metric)
			continue
		}
		m := knownMetrics[i]
		if len(s.labels)%2 != 0 || len(s.labels)/2 != len(m.labels) {
			t.Errorf("%s%v: want exactly the labels %v", s.metric, s.labels, m.labels)
		}
		for j := 0; j+1 < len(s.labels); j += 2 {
			allowed, ok := m.labels[s.labels[j]]
			if !ok || (allowed != nil && !slices.Contains(allowed, s.labels[j+1])) {
				t.Errorf("%s: label %s=%q not allowed", s.metric, s.labels[j], s.labels[j+1])
			}
			key := s.metric + "/" + s.labels[j]
			if seenValues[key] == nil {
				seenValues[key] = map[string]bool{}
			}
			seenValues[key][s.labels[j+1]] = true
		}
	}
	for _, m := range knownMetrics {
		if m.name == "up" {
			continue
		}
		if !slices.ContainsFunc(fixture, func(s fixtureSeries) bool { return s.metric == m.name }) {
			t.Errorf("the fixture serves no %s", m.name)
		}
		for l, allowed := range m.labels {
			for _, v := range allowed {
				if !seenValues[m.name+"/"+l][v] && l != "grant_type" {
					t.Errorf("the fixture serves no %s{%s=%q}", m.name, l, v)
				}
			}
		}
	}
}

// TestFixtureExpositionLint runs promtool check metrics (promlint) over the
// exposition: the contract's names and types follow Prometheus conventions.
func TestFixtureExpositionLint(t *testing.T) {
	cmd := exec.Command(promtoolPath(t), "check", "metrics")
	cmd.Stdin = strings.NewReader(exposition(instanceA, 3, time.Unix(1700000000, 0)))
	out, err := cmd.CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Fatalf("promtool check metrics: %v\n%s", err, out)
	}
}

// exporter is a fake oauth-ratelimit /metrics endpoint for one instance.
type exporter struct {
	srv     *httptest.Server
	scrapes atomic.Int64
}

func startExporter(t *testing.T, inst string) *exporter {
	e := &exporter{}
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/metrics" {
			http.NotFound(w, r)
			return
		}
		n := int(e.scrapes.Add(1))
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		_, _ = io.WriteString(w, exposition(inst, n, time.Now()))
	}))
	t.Cleanup(e.srv.Close)
	return e
}

// prometheusServer is a Prometheus process run for one test.
type prometheusServer struct {
	base   string // http://127.0.0.1:port
	log    *logbuf.Buffer
	exited chan struct{}
	client *http.Client
}

// startPrometheus runs the binary with its own config, data dir and port, and
// stops it (SIGTERM, then SIGKILL after 10s) when the test ends.
func startPrometheus(t *testing.T, bin, config string) *prometheusServer {
	t.Helper()
	for attempt := 1; ; attempt++ {
		port := freePort(t)
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		cmd := exec.CommandContext(ctx, bin,
			"--config.file="+config,
			"--storage.tsdb.path="+filepath.Join(dir, "data"),
			"--web.listen-address=127.0.0.1:"+strconv.Itoa(port),
			"--log.level=warn",
		)
		cmd.Dir = dir
		cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
		cmd.WaitDelay = 10 * time.Second
		p := &prometheusServer{
			base:   "http://127.0.0.1:" + strconv.Itoa(port),
			log:    &logbuf.Buffer{},
			exited: make(chan struct{}),
			client: &http.Client{Timeout: 5 * time.Second},
		}
		cmd.Stdout, cmd.Stderr = p.log, p.log
		if err := cmd.Start(); err != nil {
			cancel()
			t.Fatalf("start %s: %v", bin, err)
		}
		go func() {
			_ = cmd.Wait()
			close(p.exited)
		}()
		t.Cleanup(func() {
			cancel()
			<-p.exited
		})
		err := p.waitReady(15 * time.Second)
		if err == nil {
			return p
		}
		if attempt < 3 && strings.Contains(p.log.String(), "address already in use") {
			continue // lost the race for the port
		}
		t.Fatalf("prometheus did not become ready: %v\nlog:\n%s", err, p.log.String())
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func (p *prometheusServer) waitReady(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		select {
		case <-p.exited:
			return fmt.Errorf("prometheus exited")
		default:
		}
		resp, err := p.client.Get(p.base + "/-/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not ready after %v (last error: %v)", timeout, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// apiResponse is the envelope of every /api/v1 answer.
type apiResponse struct {
	Status    string          `json:"status"`
	Data      json.RawMessage `json:"data"`
	ErrorType string          `json:"errorType"`
	Error     string          `json:"error"`
	Warnings  []string        `json:"warnings"`
}

func (p *prometheusServer) get(path string, params url.Values) (apiResponse, error) {
	resp, err := p.client.Get(p.base + path + "?" + params.Encode())
	if err != nil {
		return apiResponse{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return apiResponse{}, err
	}
	var r apiResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return apiResponse{}, fmt.Errorf("HTTP %d, body %q: %w", resp.StatusCode, body, err)
	}
	return r, nil
}

// queryResult is the data of /api/v1/query.
type queryResult struct {
	ResultType string          `json:"resultType"`
	Result     json.RawMessage `json:"result"`
}

type sample struct {
	Metric map[string]string `json:"metric"`
	Value  [2]any            `json:"value"`
}

// instantQuery runs expr and returns the number of series (1 for a scalar).
func (p *prometheusServer) instantQuery(expr string) (int, []sample, apiResponse, error) {
	r, err := p.get("/api/v1/query", url.Values{"query": {expr}})
	if err != nil || r.Status != "success" {
		return 0, nil, r, err
	}
	var qr queryResult
	if err := json.Unmarshal(r.Data, &qr); err != nil {
		return 0, nil, r, err
	}
	switch qr.ResultType {
	case "vector":
		var s []sample
		if err := json.Unmarshal(qr.Result, &s); err != nil {
			return 0, nil, r, err
		}
		return len(s), s, r, nil
	case "scalar", "string":
		return 1, nil, r, nil
	default:
		return 0, nil, r, fmt.Errorf("result type %s", qr.ResultType)
	}
}

// allowEmpty lists the expressions (by query id) that may legitimately return
// no series against the fixture, with the reason. Every other expression must
// return data: an empty result usually means a wrong metric, label or value.
var allowEmpty = map[string]string{
	// Every other alert condition is true on instance b, and the fixture
	// serves every series the panels select.
	"alert:OAuthRateLimitInstanceDown":     "both fake exporters answer their scrapes (up 1); alerts_test.yaml has the case of a target down",
	"alert:OAuthRateLimitStoreUnreachable": "its clauses ask for a series 2m or 4m old (a new instance's first samples are not an average) and this run lasts seconds; alerts_test.yaml has its cases, new instances' too",
}

// rulesData is the data of /api/v1/rules.
type rulesData struct {
	Groups []struct {
		Name  string `json:"name"`
		Rules []struct {
			Name           string            `json:"name"`
			Type           string            `json:"type"`
			Query          string            `json:"query"`
			Duration       float64           `json:"duration"`
			Labels         map[string]string `json:"labels"`
			Annotations    map[string]string `json:"annotations"`
			Health         string            `json:"health"`
			LastError      string            `json:"lastError"`
			LastEvaluation time.Time         `json:"lastEvaluation"`
			State          string            `json:"state"`
		} `json:"rules"`
	} `json:"groups"`
}

func TestLivePrometheus(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Prometheus server; skipped with -short")
	}
	bin := toolPath(t, "PROMETHEUS", "prometheus")
	alerts, err := filepath.Abs("alerts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, b := startExporter(t, instanceA), startExporter(t, instanceB)
	config := filepath.Join(t.TempDir(), "prometheus.yml")
	cfg := fmt.Sprintf(`global:
  scrape_interval: 1s
  scrape_timeout: 1s
  evaluation_interval: 1s
rule_files:
  - %q
scrape_configs:
  - job_name: %q
    static_configs:
      - targets: [%q]
        labels: {instance: %q}
      - targets: [%q]
        labels: {instance: %q}
`, alerts, liveJob, strings.TrimPrefix(a.srv.URL, "http://"), instanceA, strings.TrimPrefix(b.srv.URL, "http://"), instanceB)
	if err := os.WriteFile(config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	prom := startPrometheus(t, bin, config)
	t.Logf("prometheus (%s) ready on %s after %v", bin, prom.base, time.Since(start).Round(time.Millisecond))

	// Wait (at most 30s: Prometheus 2.42 hands targets to the scrape loop
	// only after its 5s discovery throttle, so data comes 6-9s after start)
	// until Prometheus holds 3+ samples of both targets
	// (rate() needs two), and then until every rule has been evaluated on
	// those samples.
	rules, err := readAlertRules("alerts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var rd rulesData
	var scrapedAt time.Time // when 3 samples of each target were first seen
	deadline := time.Now().Add(30 * time.Second)
	for {
		if scrapedAt.IsZero() {
			n, samples, _, err := prom.instantQuery(`count_over_time(oauth_ratelimit_cache_keys[1m]) >= 3`)
			if err == nil && n == 2 {
				scrapedAt = time.Now()
				t.Logf("scraped: a %d times, b %d times; samples: %v", a.scrapes.Load(), b.scrapes.Load(), samples)
			}
		}
		evaluated := false
		if r, err := prom.get("/api/v1/rules", nil); !scrapedAt.IsZero() && err == nil && r.Status == "success" && json.Unmarshal(r.Data, &rd) == nil {
			evaluated = true
			count := 0
			for _, g := range rd.Groups {
				for _, r := range g.Rules {
					count++
					evaluated = evaluated && r.LastEvaluation.After(scrapedAt)
				}
			}
			evaluated = evaluated && count == len(rules)
		}
		if evaluated {
			break
		}
		if time.Now().After(deadline) {
			targets, _ := prom.get("/api/v1/targets", nil)
			t.Fatalf("no 3 scrapes of both targets and evaluated rules within 30s (scrapes a=%d b=%d, scraped at %v)\ntargets: %s\nlog:\n%s",
				a.scrapes.Load(), b.scrapes.Load(), scrapedAt, targets.Data, prom.log.String())
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Logf("data and rule evaluations ready %v after start", time.Since(start).Round(time.Millisecond))

	t.Run("targets up", func(t *testing.T) {
		n, s, _, err := prom.instantQuery(fmt.Sprintf(`up{job=%q} == 1`, liveJob))
		if err != nil || n != 2 {
			t.Fatalf("want both targets up, got %d series %v (%v)", n, s, err)
		}
	})

	t.Run("rules loaded as written", func(t *testing.T) {
		loaded := map[string]bool{}
		for _, g := range rd.Groups {
			for _, lr := range g.Rules {
				loaded[lr.Name] = true
				if lr.Health != "ok" || lr.LastError != "" {
					t.Errorf("%s: health %q, error %q", lr.Name, lr.Health, lr.LastError)
				}
				i := slices.IndexFunc(rules, func(r alertRule) bool { return r.name == lr.Name })
				if i < 0 {
					t.Errorf("Prometheus loaded %s, which readAlertRules did not find", lr.Name)
					continue
				}
				r := rules[i]
				if r.group != g.Name {
					t.Errorf("%s: group %q, read %q", lr.Name, g.Name, r.group)
				}
				if d, _ := time.ParseDuration(r.forDuration); d.Seconds() != lr.Duration {
					t.Errorf("%s: for %vs, read %q", lr.Name, lr.Duration, r.forDuration)
				}
				for k, v := range lr.Labels {
					if r.labels[k] != v {
						t.Errorf("%s: label %s=%q, read %q", lr.Name, k, v, r.labels[k])
					}
				}
				var keys, readKeys []string
				for k := range lr.Annotations {
					keys = append(keys, k)
				}
				for k := range r.annotations {
					readKeys = append(readKeys, k)
				}
				sort.Strings(keys)
				sort.Strings(readKeys)
				if !slices.Equal(keys, readKeys) {
					t.Errorf("%s: annotations %v, read %v", lr.Name, keys, readKeys)
				}
				// Every alert condition is true in the fixture, but those
				// allowEmpty names.
				if _, empty := allowEmpty["alert:"+lr.Name]; lr.Type == "alerting" && !empty && lr.State != "pending" && lr.State != "firing" {
					t.Errorf("%s: state %q, want pending (its condition is true in the fixture: for instance b, or a for OAuthRateLimitSyncSlow)", lr.Name, lr.State)
				}
			}
		}
		for _, r := range rules {
			if !loaded[r.name] {
				t.Errorf("Prometheus did not load %s", r.name)
			}
		}
	})

	t.Run("every expression", func(t *testing.T) {
		qs := allQueries(t)
		empty := 0
		for _, q := range qs {
			expr, err := substitute(q.expr)
			if err != nil {
				t.Errorf("%s: %v", q.where, err)
				continue
			}
			n, _, r, err := prom.instantQuery(expr)
			switch {
			case err != nil:
				t.Errorf("%s: %v\n\texpr: %s", q.where, err, expr)
			case r.Status != "success":
				t.Errorf("%s: status %q %s: %s\n\texpr: %s", q.where, r.Status, r.ErrorType, r.Error, expr)
			case len(r.Warnings) > 0:
				t.Errorf("%s: warnings %q\n\texpr: %s", q.where, r.Warnings, expr)
			case n == 0:
				empty++
				if _, ok := allowEmpty[q.id]; !ok {
					t.Errorf("%s (id %s): empty result\n\texpr: %s", q.where, q.id, expr)
				}
			}
		}
		t.Logf("%d expressions (dashboards and alerts) ran against Prometheus; %d empty (allowed: %d)", len(qs), empty, len(allowEmpty))
		for id := range allowEmpty {
			if !slices.ContainsFunc(qs, func(q query) bool { return q.id == id }) {
				t.Errorf("allowEmpty lists %s, which no longer exists", id)
			}
		}
	})

	// The live-instances panel names each scrape target with the instance
	// ID its logs use, from oauth_ratelimit_instance_info.
	t.Run("instance IDs", func(t *testing.T) {
		i := slices.IndexFunc(allQueries(t), func(q query) bool { return strings.Contains(q.where, "Live instances") })
		if i < 0 {
			t.Fatal("no panel Live instances")
		}
		expr, err := substitute(allQueries(t)[i].expr)
		if err != nil {
			t.Fatal(err)
		}
		_, got, _, err := prom.instantQuery(expr)
		if err != nil || len(got) != 2 {
			t.Fatalf("%d series, %v; want one per instance", len(got), err)
		}
		for _, s := range got {
			if host, _, _ := strings.Cut(s.Metric["instance"], ":"); s.Metric["id"] != host {
				t.Errorf("instance %s: id %q, want %q", s.Metric["instance"], s.Metric["id"], host)
			}
		}
	})

	t.Run("template variables", func(t *testing.T) {
		for _, d := range loadDashboards(t) {
			for _, v := range d.Templating.List {
				if v.Type != "query" {
					continue
				}
				sel, label, err := parseLabelValues(v.queryText())
				if err != nil {
					t.Error(err)
					continue
				}
				sel, err = substitute(sel)
				if err != nil {
					t.Error(err)
					continue
				}
				r, err := prom.get("/api/v1/label/"+label+"/values", url.Values{"match[]": {sel}})
				var values []string
				if err == nil && r.Status == "success" {
					err = json.Unmarshal(r.Data, &values)
				}
				if err != nil || r.Status != "success" || len(values) == 0 {
					t.Errorf("%s variable %s: %s: values %v, status %q %s (%v)", d.file, v.Name, v.queryText(), values, r.Status, r.Error, err)
				}
			}
		}
	})
}

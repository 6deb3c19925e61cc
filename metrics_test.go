package oauthratelimit

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/prometheus/common/expfmt"
)

func TestMetricsLint(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
	// Traffic that touches every series.
	f.post("grant_type=client_credentials&client_id=svc")
	f.post("grant_type=client_credentials&client_id=svc&client_secret=wrong")
	for range 4 {
		f.post("grant_type=client_credentials&client_id=soft-app")
	}
	f.post("grant_type=authorization_code&client_id=app&code=c")
	f.post("client_id=a&client_id=b")
	problems, err := testutil.GatherAndLint(f.reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("promlint: %s: %s", p.Metric, p.Text)
	}
	mfs, err := f.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, mf := range mfs {
		names[mf.GetName()] = true
	}
	for _, want := range []string{
		"oauth_ratelimit_decisions_total", "oauth_ratelimit_tokens_issued_total",
		"oauth_ratelimit_reservations_released_total", "oauth_ratelimit_soft_limit_exceeded_total",
		"oauth_ratelimit_bad_requests_total", "oauth_ratelimit_attributions_total",
		"oauth_ratelimit_policy_limit", "oauth_ratelimit_policy_dry_run",
		"oauth_ratelimit_cache_keys", "oauth_ratelimit_cache_evictions_total",
	} {
		if !names[want] {
			t.Errorf("metric %s not exported", want)
		}
	}
	got := policySeries(t, f.lim)
	for _, want := range []string{
		`oauth_ratelimit_policy_limit{client="multi",scope="client",window_seconds="3600"} 6`,
		`oauth_ratelimit_policy_dry_run{client="dry-app"} 1`,
		`oauth_ratelimit_policy_dry_run{client="multi"} 0`,
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no %s in:\n%s", want, strings.Join(got, "\n"))
		}
	}
}

// TestPolicyGaugesOfClientNamedOther: a policy may configure a client
// whose ID is other, the label of the defaults' series (its counters count
// in theirs). The policy gauges' collector sent other's series twice then,
// the defaults' and the client's, and the registry refused the whole
// scrape ("collected before with the same name and label values"): GET
// /metrics answered 500. other's gauges are the defaults'.
func TestPolicyGaugesOfClientNamedOther(t *testing.T) {
	for _, gaugeClients := range []int{0, -1} { // every client, or those counted
		t.Run(strconv.Itoa(gaugeClients), func(t *testing.T) {
			s := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 5, Size: time.Minute}}},
				Clients: map[string]policy.Override{
					"other": {Mode: new(policy.ModeDryRun), Client: []policy.Tier{{Limit: 7, Size: time.Hour}}},
					"app":   {Client: []policy.Tier{{Limit: 9, Size: time.Hour}}},
				}}
			f := newFixture(t, func(c *Config) { c.Policy, c.PolicyGaugeClients = mustPolicy(t, s), gaugeClients })
			f.post("grant_type=client_credentials&client_id=other")
			f.post("grant_type=client_credentials&client_id=app")
			if _, err := f.reg.Gather(); err != nil {
				t.Fatalf("scrape refused: %v", err)
			}
			var other []string
			for _, s := range policySeries(t, f.lim) {
				if strings.Contains(s, `client="other"`) && !strings.Contains(s, `scope="user"`) {
					other = append(other, s)
				}
			}
			want := []string{
				`oauth_ratelimit_policy_dry_run{client="other"} 0`,
				`oauth_ratelimit_policy_limit{client="other",scope="client",window_seconds="60"} 5`,
			}
			if !slices.Equal(other, want) {
				t.Errorf("other's series:\n%s\nwant the defaults':\n%s", strings.Join(other, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestMetricsFollowPolicy(t *testing.T) {
	f := newFixture(t, nil)
	f.post("grant_type=client_credentials&client_id=soft-app")
	if err := f.lim.SetPolicy(mustPolicy(t, policy.Spec{Clients: map[string]policy.Override{"newcomer": {Trusted: true}}})); err != nil {
		t.Fatal(err)
	}
	// soft-app is gone from the policy: its series are dropped, and its
	// requests now count under other.
	if n := testutil.CollectAndCount(f.lim.metrics.decisions); n != 0 {
		t.Errorf("%d decision series left after the policy dropped their client", n)
	}
	f.post("grant_type=client_credentials&client_id=soft-app")
	if got := testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues("other", "client_credentials", "allowed")); got != 1 {
		t.Errorf("other allowed %v", got)
	}
	out, err := testutil.CollectAndFormat(&f.lim.metrics.policy, expfmt.TypeTextPlain, "oauth_ratelimit_policy_limit")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "soft-app") || !strings.Contains(string(out), `client="newcomer"`) {
		t.Errorf("policy_limit after reload:\n%s", out)
	}
}

// TestClientCellsMadeOnFirstCount: a configured client's cells (the
// resolved children of its series) are made at its first count, not when
// a policy is compiled: a policy of 100,000 clients held 68 MB of empty
// cells (680 bytes a client; helper-101). A reload that keeps the client
// keeps its cells, so that its counters only grow while they are
// exported; client IDs the policy does not configure, however many, make
// no cells but other's.
func TestClientCellsMadeOnFirstCount(t *testing.T) {
	const clients = 50
	spec := func(limit int64) policy.Spec {
		s := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 1000, Size: time.Minute}}},
			Clients: map[string]policy.Override{}}
		for i := range clients {
			s.Clients["c"+strconv.Itoa(i)] = policy.Override{Client: []policy.Tier{{Limit: limit, Size: time.Minute}}}
		}
		return s
	}
	f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, spec(100)) })
	// withCells returns the labels of the clients that have cells, of
	// the installed policy, and checks that byLabel holds its clients and
	// other, no more.
	withCells := func() []string {
		t.Helper()
		cp := f.lim.state.Load()
		var out []string
		for _, cr := range cp.rules {
			if cr.metrics.cells.Load() != nil {
				out = append(out, cr.label)
			}
		}
		slices.Sort(out)
		f.lim.metrics.mu.Lock()
		defer f.lim.metrics.mu.Unlock()
		if n := len(f.lim.metrics.byLabel); n != clients+1 {
			t.Errorf("byLabel holds %d clients, want the policy's %d and other", n, clients)
		}
		return out
	}
	if got := withCells(); len(got) != 0 {
		t.Fatalf("cells of %v before any request, want none", got)
	}
	allowed := func(client string) float64 {
		return testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues(client, "client_credentials", "allowed"))
	}
	f.post("grant_type=client_credentials&client_id=c7")
	for i := range 1000 {
		f.post("grant_type=client_credentials&client_id=unknown-" + strconv.Itoa(i))
	}
	if got := withCells(); !slices.Equal(got, []string{"c7", otherClient}) {
		t.Fatalf("cells of %v after requests of c7 and of 1,000 unknown clients, want c7 and other", got)
	}
	cells := f.lim.state.Load().byClient["c7"].metrics.cells.Load()
	if err := f.lim.SetPolicy(mustPolicy(t, spec(200))); err != nil {
		t.Fatal(err)
	}
	if got := f.lim.state.Load().byClient["c7"].metrics.cells.Load(); got != cells {
		t.Errorf("a reload that keeps c7 made it new cells")
	}
	f.post("grant_type=client_credentials&client_id=c7")
	if got := allowed("c7"); got != 2 {
		t.Errorf("c7 allowed %v after a count before and one after a reload, want 2", got)
	}
	if got := allowed(otherClient); got != 1000 {
		t.Errorf("other allowed %v, want 1000", got)
	}
}

func TestNoRegisterer(t *testing.T) {
	// Without metrics the limiter decides as it does with them: the default
	// client tier (3 per minute) admits three, denies two, and a malformed
	// request is still refused.
	f := newFixture(t, func(c *Config) { c.Registerer = nil })
	var got []int
	for range 5 {
		got = append(got, f.post("grant_type=client_credentials&client_id=svc").Code)
	}
	got = append(got, f.post("client_id=a&client_id=b").Code)
	if want := []int{200, 200, 200, 429, 429, 400}; !slices.Equal(got, want) {
		t.Fatalf("statuses %v, want %v", got, want)
	}
}

// oauth_ratelimit_instance_info names the instance's ID, as given or as
// generated (the one its logs and heartbeats carry), and its version: the
// join from a scrape target to the instance the logs talk of.
func TestInstanceInfo(t *testing.T) {
	const help = "Always 1; its labels are this instance's ID (id: --instance, or the one generated at start, as the logs and GET /admin/instances name it) and version."
	for _, tt := range []struct{ instance, version string }{{"gw-7", "v1.4.0"}, {"", ""}} {
		reg := prometheus.NewRegistry()
		l, err := New(Config{Registerer: reg, Instance: tt.instance, Version: tt.version})
		if err != nil {
			t.Fatal(err)
		}
		if tt.instance != "" && l.Instance() != tt.instance {
			t.Errorf("Instance() %q, want %q", l.Instance(), tt.instance)
		}
		want := "# HELP oauth_ratelimit_instance_info " + help + "\n# TYPE oauth_ratelimit_instance_info gauge\n" +
			"oauth_ratelimit_instance_info{id=" + strconv.Quote(l.Instance()) + ",version=" + strconv.Quote(tt.version) + "} 1\n"
		if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "oauth_ratelimit_instance_info"); err != nil {
			t.Errorf("Instance %q: %v", tt.instance, err)
		}
	}
}

func TestDuplicateRegistration(t *testing.T) {
	reg := prometheus.NewRegistry()
	if _, err := New(Config{Registerer: reg}); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{Registerer: reg}); err == nil {
		t.Error("a second Limiter registered the same metrics")
	}
}

// A request in flight across reloads that drop its client counts in
// other, as the client's later requests do, and brings back no series of
// the dropped client: made again after setPolicy deleted them, they stayed
// for good (an outside audit). Also when the client's series had a count
// before (its cells hold the deleted series), and when a first reload kept
// the client and a second dropped it (the request holds the first
// policy's cells: h6-review).
func TestMetricsOfRequestInFlightAcrossReload(t *testing.T) {
	kept := testPolicy()
	kept.Clients["newcomer"] = policy.Override{Trusted: true}
	dropped := policy.Spec{Clients: map[string]policy.Override{"newcomer": {Trusted: true}}}
	for _, tc := range []struct {
		name         string
		issuedBefore bool
		reloads      []policy.Spec
	}{
		{"one reload", false, []policy.Spec{dropped}},
		{"one reload, a count before", true, []policy.Spec{dropped}},
		{"kept, then dropped", false, []policy.Spec{kept, dropped}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			entered, release := make(chan struct{}, 1), make(chan struct{}, 1)
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				entered <- struct{}{}
				<-release
				io.WriteString(w, `{"access_token":"t","token_type":"Bearer"}`)
			}))
			post := func() int {
				req := httptest.NewRequest(http.MethodPost, "/oauth2/token", strings.NewReader("grant_type=client_credentials&client_id=soft-app"))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				return rec.Code
			}
			if tc.issuedBefore {
				release <- struct{}{}
				if code := post(); code != http.StatusOK {
					t.Fatalf("first request: %d", code)
				}
				<-entered
			}
			done := make(chan int)
			go func() { done <- post() }()
			<-entered
			for _, spec := range tc.reloads {
				if err := f.lim.SetPolicy(mustPolicy(t, spec)); err != nil {
					t.Fatal(err)
				}
			}
			release <- struct{}{}
			if code := <-done; code != http.StatusOK {
				t.Fatalf("held request: %d", code)
			}
			for _, s := range seriesOfClient(t, f.reg, "soft-app") {
				t.Errorf("%s: a series of the dropped client after its request in flight ended", s)
			}
			if got := counterValue(f.lim.metrics.issued.WithLabelValues(otherClient, "client_credentials")); got != 1 {
				t.Errorf("tokens_issued_total{client=%q} = %v, want the token issued across the reload", otherClient, got)
			}
		})
	}
}

// TestIssuedCountsEveryToken: oauth_ratelimit_tokens_issued_total counts
// every admitted token request the endpoint answered 2xx, and
// reservations_released_total every other admitted one, whether or not
// the request was counted on a key: a user grant whose user is not known
// before issuance, for a client with no aggregate tier, is counted on no
// key (decision unattributed), and its tokens were in neither (helper-93:
// 7 of 11 authorization_code tokens in issued, the 4 with no sub in no
// count). So an admitted request is in exactly one of the two, and their
// sum is the admitted decisions'.
func TestIssuedCountsEveryToken(t *testing.T) {
	tests := []struct {
		name      string
		attribute bool
		body      string
		status    int // the endpoint's answer
		decision  string
	}{
		{name: "client_credentials", body: "grant_type=client_credentials&client_id=svc", status: 200, decision: "allowed"},
		{name: "client_credentials refused by the endpoint", body: "grant_type=client_credentials&client_id=svc&client_secret=wrong", status: 401, decision: "allowed"},
		{name: "password", body: "grant_type=password&client_id=app&username=u&password=p", status: 200, decision: "allowed"},
		{name: "code, no user known, no aggregate", body: "grant_type=authorization_code&client_id=app&code=c", status: 200, decision: "unattributed"},
		{name: "code, no user known, no aggregate, refused", body: "grant_type=authorization_code&client_id=app&code=c&status=400", status: 400, decision: "unattributed"},
		{name: "code, no user known, aggregate", body: "grant_type=authorization_code&client_id=agg-app&code=c", status: 200, decision: "allowed"},
		{name: "code, attributed after issuance", attribute: true, body: "grant_type=authorization_code&client_id=app&code=c", status: 200, decision: "unattributed"},
		{name: "code, answer with no sub", attribute: true, body: "grant_type=authorization_code&client_id=app&code=c&status=201", status: 201, decision: "unattributed"},
		{name: "dry-run", body: "grant_type=client_credentials&client_id=dry-app", status: 200, decision: "allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = tt.attribute })
			if w := f.post(tt.body); w.Code != tt.status {
				t.Fatalf("status %d, want the endpoint's %d", w.Code, tt.status)
			}
			client := otherClient
			if strings.Contains(tt.body, "client_id=agg-app") {
				client = "agg-app"
			} else if strings.Contains(tt.body, "client_id=dry-app") {
				client = "dry-app"
			}
			grant, _, _ := strings.Cut(strings.TrimPrefix(tt.body, "grant_type="), "&")
			issued := testutil.ToFloat64(f.lim.metrics.issued.WithLabelValues(client, grant))
			released := testutil.ToFloat64(f.lim.metrics.released.WithLabelValues(client, grant))
			decided := testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues(client, grant, tt.decision))
			want2xx := 0.0
			if tt.status < 300 {
				want2xx = 1
			}
			if issued != want2xx || released != 1-want2xx || decided != 1 {
				t.Errorf("issued %v, released %v, decisions{%s} %v; want issued %v, released %v, decisions 1",
					issued, released, tt.decision, decided, want2xx, 1-want2xx)
			}
		})
	}
}

// policySeries returns the series of the policy gauges that lim exports,
// one "name{labels} value" each, sorted.
func policySeries(t *testing.T, lim *Limiter) []string {
	t.Helper()
	out, err := testutil.CollectAndFormat(&lim.metrics.policy, expfmt.TypeTextPlain, "oauth_ratelimit_policy_limit", "oauth_ratelimit_policy_dry_run")
	if err != nil {
		t.Fatal(err)
	}
	var series []string
	for line := range strings.Lines(string(out)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			series = append(series, line)
		}
	}
	slices.Sort(series)
	return series
}

// TestPolicyGaugesScale: the policy gauges have a series for every client
// of a policy of at most PolicyGaugeClients clients from the start, so the
// dashboards' limit lines and mode, and the mode-split alert, cover a
// client with no traffic yet; for a larger policy only other has them from
// the start, and a client has its own from the first request of it this
// instance counts, and keeps them across a reload that keeps the client.
// Before, every configured client had them up front: 400,135 series and
// 29.9 MB a scrape at 100,000 clients (helper-94, measured again by h101).
func TestPolicyGaugesScale(t *testing.T) {
	spec := func(clients ...string) policy.Spec {
		s := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 5, Size: time.Minute}}},
			Clients: map[string]policy.Override{}}
		for _, c := range clients {
			s.Clients[c] = policy.Override{Client: []policy.Tier{{Limit: 7, Size: time.Hour}}}
		}
		return s
	}
	series := func(client string, window int, limit int) []string {
		return []string{
			`oauth_ratelimit_policy_dry_run{client="` + client + `"} 0`,
			`oauth_ratelimit_policy_limit{client="` + client + `",scope="client",window_seconds="` + strconv.Itoa(window) + `"} ` + strconv.Itoa(limit),
		}
	}
	other := series("other", 60, 5)
	// The series of the scope client and the mode: the user tiers are the
	// policy's defaults', the same for every client.
	clientScope := func(series []string) []string {
		return slices.DeleteFunc(series, func(s string) bool { return strings.Contains(s, `scope="user"`) })
	}
	tests := []struct {
		name    string
		cap     int // Config.PolicyGaugeClients
		clients []string
		posts   []string // client_credentials requests, by client
		want    []string // besides other's
	}{
		{name: "at the cap: every client from the start", cap: 3, clients: []string{"a", "b", "c"},
			want: slices.Concat(series("a", 3600, 7), series("b", 3600, 7), series("c", 3600, 7))},
		{name: "default cap", clients: []string{"a", "b", "c"},
			want: slices.Concat(series("a", 3600, 7), series("b", 3600, 7), series("c", 3600, 7))},
		{name: "over the cap: none from the start", cap: 2, clients: []string{"a", "b", "c"}},
		{name: "over the cap: those counted", cap: 2, clients: []string{"a", "b", "c"}, posts: []string{"b", "b", "stranger"},
			want: series("b", 3600, 7)},
		{name: "negative: only those counted", cap: -1, clients: []string{"a"}, posts: []string{"a"},
			want: series("a", 3600, 7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) {
				c.Policy = mustPolicy(t, spec(tt.clients...))
				c.PolicyGaugeClients = tt.cap
			})
			for _, c := range tt.posts {
				f.post("grant_type=client_credentials&client_id=" + c)
			}
			want := slices.Concat(tt.want, other)
			slices.Sort(want)
			if got := clientScope(policySeries(t, f.lim)); !slices.Equal(got, want) {
				t.Errorf("series:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// A reload that keeps the clients keeps the series of those
			// counted, with the new limits.
			s := spec(tt.clients...)
			for c, o := range s.Clients {
				o.Client[0].Limit = 8
				s.Clients[c] = o
			}
			if err := f.lim.SetPolicy(mustPolicy(t, s)); err != nil {
				t.Fatal(err)
			}
			want = want[:0]
			for _, w := range slices.Concat(tt.want, other) {
				want = append(want, strings.Replace(w, `"3600"} 7`, `"3600"} 8`, 1))
			}
			slices.Sort(want)
			if got := clientScope(policySeries(t, f.lim)); !slices.Equal(got, want) {
				t.Errorf("after a reload, series:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestPolicyGaugesScrapeDuringReload: a scrape that runs while a reload
// installs another policy sees the gauges of one policy whole, the old or
// the new: the collector reads the installed policy once per scrape. The
// gauge vectors it replaced were reset, then refilled child by child, so
// that a scrape between saw some clients' limits, or none (helper-94).
// Requests run meanwhile, so that clients become counted (over the cap)
// while scrapes read their used flag; run with -race.
func TestPolicyGaugesScrapeDuringReload(t *testing.T) {
	const clients = 40
	spec := func(limit int64) policy.Spec {
		s := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: limit, Size: time.Minute}}},
			Clients: map[string]policy.Override{}}
		for i := range clients {
			s.Clients["c"+strconv.Itoa(i)] = policy.Override{Client: []policy.Tier{{Limit: limit, Size: time.Hour}}}
		}
		return s
	}
	for _, gaugeClients := range []int{0, clients / 2} { // every client; those counted
		t.Run(strconv.Itoa(gaugeClients), func(t *testing.T) {
			policies := []*policy.Policy{mustPolicy(t, spec(7)), mustPolicy(t, spec(8))}
			f := newFixture(t, func(c *Config) { c.Policy, c.PolicyGaugeClients = policies[0], gaugeClients })
			done := make(chan struct{})
			var wg sync.WaitGroup
			// until runs step(0), step(1), ... until done is closed or
			// step returns false.
			until := func(step func(i int) bool) {
				wg.Go(func() {
					for i := 0; ; i++ {
						select {
						case <-done:
							return
						default:
						}
						if !step(i) {
							return
						}
					}
				})
			}
			until(func(i int) bool {
				f.post("grant_type=client_credentials&client_id=c" + strconv.Itoa(i%clients))
				return true
			})
			until(func(i int) bool {
				if err := f.lim.SetPolicy(policies[i%2]); err != nil {
					t.Error(err)
					return false
				}
				return true
			})
			for range 200 {
				series := policySeries(t, f.lim)
				values := map[string]bool{}
				n := 0
				for _, s := range series {
					if strings.HasPrefix(s, "oauth_ratelimit_policy_limit{") && !strings.Contains(s, `scope="user"`) {
						values[s[strings.LastIndexByte(s, ' ')+1:]] = true
						n++
					}
				}
				if len(values) != 1 {
					t.Fatalf("a scrape saw the limits of more than one policy, or none (%v):\n%s", values, strings.Join(series, "\n"))
				}
				if gaugeClients == 0 && n != clients+1 {
					t.Fatalf("a scrape saw the client limits of %d clients and other, want all %d:\n%s", n-1, clients, strings.Join(series, "\n"))
				}
			}
			close(done)
			wg.Wait()
		})
	}
}

// TestClientFirstCountsRaceReloads: the first counts of clients race
// reloads that keep one client (kept) and drop and add back another
// (flux), with the first count of each new clientMetrics made by two
// requests at once. A client kept by every policy has each request in its
// counters, once: its cells, made lazily, are kept across the reloads.
// Once the requests end and a policy without flux is installed, no series
// of flux is left. With -race, a fill that read a clientMetrics' dropped
// without m.mu (setPolicy writes it under m.mu) is reported (helper-114:
// the mutant survived every other test).
func TestClientFirstCountsRaceReloads(t *testing.T) {
	spec := func(clients ...string) policy.Spec {
		s := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 1_000_000, Size: time.Minute}}},
			Clients: map[string]policy.Override{}}
		for _, c := range clients {
			s.Clients[c] = policy.Override{Client: []policy.Tier{{Limit: 1_000_000, Size: time.Minute}}}
		}
		return s
	}
	with, without := mustPolicy(t, spec("kept", "flux")), mustPolicy(t, spec("kept"))
	f := newFixture(t, func(c *Config) { c.Policy = with })
	const perPoster = 300
	var posters, reloader sync.WaitGroup
	done := make(chan struct{})
	for _, client := range []string{"kept", "kept", "flux", "flux"} {
		posters.Go(func() {
			for range perPoster {
				if w := f.post("grant_type=client_credentials&client_id=" + client); w.Code != http.StatusOK {
					t.Errorf("%s: %d", client, w.Code)
					return
				}
			}
		})
	}
	reloads := 0
	reloader.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
			}
			if err := f.lim.SetPolicy([]*policy.Policy{without, with}[i%2]); err != nil {
				t.Error(err)
				return
			}
			reloads++
		}
	})
	posters.Wait()
	close(done)
	reloader.Wait()
	if err := f.lim.SetPolicy(without); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d reloads during %d requests", reloads, 4*perPoster)
	allowed := counterValue(f.lim.metrics.decisions.WithLabelValues("kept", "client_credentials", "allowed"))
	issued := counterValue(f.lim.metrics.issued.WithLabelValues("kept", "client_credentials"))
	if allowed != 2*perPoster || issued != 2*perPoster {
		t.Errorf("kept: allowed %v, issued %v; want the %d requests in each", allowed, issued, 2*perPoster)
	}
	for _, s := range seriesOfClient(t, f.reg, "flux") {
		t.Errorf("%s: a series of flux, which the installed policy does not configure", s)
	}
}

// seriesOfClient returns the series gathered from reg with the client
// label client, each as its name and labels.
func seriesOfClient(t *testing.T, reg prometheus.Gatherer, client string) []string {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "client" && l.GetValue() == client {
					out = append(out, fmt.Sprintf("%s %v", mf.GetName(), m.GetLabel()))
				}
			}
		}
	}
	return out
}

// TestRefusedReloadsLeaveNoClientMetrics: a policy that compilePolicy
// refuses (here a client whose client and aggregate tiers use more
// windows than a key counts: policy.New accepts it) leaves no
// clientMetrics of its clients behind. They stayed in byLabel until the
// next install that succeeded, so reloads refused one after another, each
// naming new client IDs, grew it without bound: 100 a reload here, about
// 116 bytes a client (helper-109's heap profile at 100,000 clients)
// (helper-114).
func TestRefusedReloadsLeaveNoClientMetrics(t *testing.T) {
	f := newFixture(t, nil)
	labels := func() int {
		f.lim.metrics.mu.Lock()
		defer f.lim.metrics.mu.Unlock()
		return len(f.lim.metrics.byLabel)
	}
	installed := labels()
	if want := len(f.lim.state.Load().labels); installed != want {
		t.Fatalf("byLabel holds %d clients, want the installed policy's %d", installed, want)
	}
	var tiers, agg []policy.Tier
	for i := range cache.MaxSizes {
		tiers = append(tiers, policy.Tier{Limit: 5, Size: time.Duration(i+1) * time.Minute})
		agg = append(agg, policy.Tier{Limit: 5, Size: time.Duration(i+11) * time.Minute})
	}
	for round := range 5 {
		s := policy.Spec{Clients: map[string]policy.Override{}}
		for i := range 100 {
			s.Clients["r"+strconv.Itoa(round)+"-"+strconv.Itoa(i)] = policy.Override{Client: tiers[:1]}
		}
		s.Clients["zz-windows"] = policy.Override{Client: tiers, Aggregate: agg} // compiled last: IDs in order
		if err := f.lim.SetPolicy(mustPolicy(t, s)); err == nil || !strings.Contains(err.Error(), "distinct windows") {
			t.Fatalf("reload %d: err = %v, want the windows refused", round, err)
		}
		if got := labels(); got != installed {
			t.Fatalf("byLabel holds %d clients after %d refused reloads of 100 new clients each, want the installed policy's %d", got, round+1, installed)
		}
	}
	// The installed policy still counts in its cells.
	if w := f.post("grant_type=client_credentials&client_id=soft-app"); w.Code != http.StatusOK {
		t.Fatalf("after the refused reloads: %d", w.Code)
	}
	if got := counterValue(f.lim.metrics.decisions.WithLabelValues("soft-app", "client_credentials", "allowed")); got != 1 {
		t.Errorf("soft-app allowed %v, want 1", got)
	}
}

// TestCountsOfAFilledCellTakeNoLock: once a client's series are filled, a
// request counts in them without m.mu, which every reload and every first
// count of a series takes: a count that took it serialized every token
// request of the process on one mutex, and cost about 110 instructions
// more, within what runs of the middleware benchmark differ by
// (helper-114: the mutants that dropped a count's fast path passed every
// test). The test holds m.mu while a request runs whose every series a
// request before filled.
func TestCountsOfAFilledCellTakeNoLock(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		before     int // requests before, that fill the series
		want       map[string]float64
	}{
		{"allowed, issued, soft limit passed", "grant_type=client_credentials&client_id=soft-app", 3, // soft limit at 2 of 4
			map[string]float64{"allowed": 4, "issued": 4, "soft": 2}},
		{"allowed, released", "grant_type=client_credentials&client_id=soft-app&client_secret=wrong", 1, // 401
			map[string]float64{"allowed": 2, "released": 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			for range tc.before {
				f.post(tc.body)
			}
			f.lim.metrics.mu.Lock()
			done := make(chan struct{})
			go func() {
				defer close(done)
				f.post(tc.body)
			}()
			select {
			case <-done:
				f.lim.metrics.mu.Unlock()
			case <-time.After(10 * time.Second):
				f.lim.metrics.mu.Unlock()
				<-done
				t.Fatal("a request whose series were filled waited on metrics.mu")
			}
			m := f.lim.metrics
			got := map[string]float64{}
			for name, c := range map[string]prometheus.Collector{
				"allowed":  m.decisions.WithLabelValues("soft-app", "client_credentials", "allowed"),
				"issued":   m.issued.WithLabelValues("soft-app", "client_credentials"),
				"released": m.released.WithLabelValues("soft-app", "client_credentials"),
				"soft":     m.soft.WithLabelValues("soft-app"),
			} {
				if v := counterValue(c); v != 0 {
					got[name] = v
				}
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("counted %v, want %v", got, tc.want)
			}
		})
	}
}

package dashboards

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
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

// TestContractMatchesTheLibrary: knownMetrics is what the library exports.
// Every metric a Limiter registers (with its syncer and refresh-token
// bindings) is listed, and every listed metric is the library's or in
// serverMetrics; of those with a series after one token request (vectors
// get theirs on first use), the type, the label names and the enumerated
// label values are the contract's.
func TestContractMatchesTheLibrary(t *testing.T) {
	reg := &describingRegisterer{Registry: prometheus.NewRegistry(), names: map[string]bool{}}
	lim, err := oauthratelimit.New(oauthratelimit.Config{Registerer: reg})
	if err != nil {
		t.Fatal(err)
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

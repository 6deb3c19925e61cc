package integration

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/syncfixture"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The clock and tier the scenarios share with syncer's tests (see package
// syncfixture): t0 starts a frame of every window size they use, so that
// all counts fall in the current frame and an estimate is exactly the
// count, and it lies years ahead, so that no document written at t0
// expires (or is deleted by a TTL index) during a run; hourTier admits
// everything: the scenarios count, they do not limit.
var (
	t0         = syncfixture.T0
	hourTier   = syncfixture.HourTier
	fixedClock = syncfixture.FixedClock
)

// instance is one limiter instance: its own cache, syncer and store
// client.
type instance struct {
	name  string
	cache *cache.Cache
	sync  *syncer.Syncer
	reg   *prometheus.Registry
	proxy *faultProxy // between its store and the server, if any
}

func newInstance(t testing.TB, name string, store syncer.Store, cfg syncer.Config) *instance {
	t.Helper()
	c, err := cache.New(cache.Config{Shards: 16, Now: cfg.Now})
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	cfg.Cache, cfg.Store, cfg.Instance, cfg.Registerer = c, store, name, reg
	s, err := syncer.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return &instance{name: name, cache: c, sync: s, reg: reg}
}

// hit counts n committed requests of cost 1 for k at now.
func (in *instance) hit(t testing.TB, k cache.Key, n int, now time.Time) {
	t.Helper()
	for range n {
		d := in.cache.Reserve(k, []window.Tier{hourTier}, 1, cache.Enforce, now)
		if !d.Allowed || !d.Counted {
			t.Fatalf("%s: request for %q not admitted: %+v", in.name, k, d)
		}
		in.cache.Commit(&d.Reservation)
	}
}

// estimate returns floor(estimate) of tier for k at now, after a request of
// cost 0 (which counts nothing): the estimate, not what the Decision says
// is left, which the share of a key other instances count makes smaller
// (syncfixture.Estimate).
func (in *instance) estimate(k cache.Key, tier window.Tier, now time.Time) int64 {
	return syncfixture.Estimate(in.cache, k, tier, now)
}

// metric returns the value of the series name{labels...} ("op=write") of
// in's syncer, 0 if absent.
func (in *instance) metric(t testing.TB, name string, labels ...string) float64 {
	t.Helper()
	return gatherValue(t, in.reg, name, labels...)
}

func gatherValue(t testing.TB, g prometheus.Gatherer, name string, labels ...string) float64 {
	t.Helper()
	mfs, err := g.Gather()
	if err != nil {
		t.Fatalf("gather metrics: %v", err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	metrics:
		for _, m := range mf.GetMetric() {
			for _, l := range labels {
				k, v, _ := strings.Cut(l, "=")
				found := false
				for _, p := range m.GetLabel() {
					found = found || p.GetName() == k && p.GetValue() == v
				}
				if !found {
					continue metrics
				}
			}
			switch {
			case m.GetCounter() != nil:
				return m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				return m.GetGauge().GetValue()
			case m.GetHistogram() != nil:
				return float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return 0
}

// recStore forwards to a Store and records the calls, for the step-by-step
// scenario.
type recStore struct {
	syncer.Store
	mu    sync.Mutex
	calls []recCall
}

type recCall struct {
	op   string // write or load
	ws   []syncer.Write
	outs []syncer.Outcome
}

func (r *recStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	outs, err := r.Store.Write(ctx, ws)
	r.mu.Lock()
	r.calls = append(r.calls, recCall{op: "write", ws: slices.Clone(ws), outs: slices.Clone(outs)})
	r.mu.Unlock()
	return outs, err
}

func (r *recStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	r.mu.Lock()
	r.calls = append(r.calls, recCall{op: "load"})
	r.mu.Unlock()
	return r.Store.Load(ctx, keys)
}

// take returns the calls recorded since the last take, and their ops.
func (r *recStore) take() ([]string, []recCall) {
	r.mu.Lock()
	defer r.mu.Unlock()
	calls := r.calls
	r.calls = nil
	ops := make([]string, len(calls))
	for i, c := range calls {
		ops[i] = c.op
	}
	return ops, calls
}

package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

var errRefused = errors.New("connection refused")

// TestStorePingLoop: the store is pinged at start, then only in intervals
// in which the syncer's calls said nothing; a change of state is logged
// once, at ERROR going down and INFO coming back.
func TestStorePingLoop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		logs := &logbuf.Buffer{}
		h := newStoreHealth("mongodb", slog.New(slog.NewJSONHandler(logs, nil)), time.Now)
		if got := h.status().State; got != storeUnknown {
			t.Fatalf("state before any call %s, want unknown", got)
		}
		var pings atomic.Int64
		var up atomic.Bool
		ping := func(ctx context.Context) (string, error) {
			pings.Add(1)
			if !up.Load() {
				return "", errRefused
			}
			return "MongoDB 7.0.0", nil
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { h.pingLoop(ctx, ping, 5*time.Second); close(done) }()

		steps := []struct {
			name      string
			at        time.Duration // since start
			do        func()
			wantState storeState
			wantPings int64
		}{
			{"pinged at start", 0, nil, storeUnreachable, 1},
			{"pinged again while idle", 5 * time.Second, nil, storeUnreachable, 2},
			{"back", 10 * time.Second, func() { up.Store(true) }, storeOK, 3},
			// The syncer's calls tell from now on: no pings while they do.
			{"syncer calls", 12 * time.Second, func() { h.record(nil) }, storeOK, 3},
			{"syncer calls again", 16 * time.Second, func() { h.record(nil) }, storeOK, 3},
			{"syncer call fails", 19 * time.Second, func() { h.record(errRefused) }, storeUnreachable, 3},
			{"idle again: pinged", 26 * time.Second, nil, storeOK, 4},
		}
		start := time.Now()
		for _, s := range steps {
			// Just before the tick at s.at, so that do takes effect first.
			time.Sleep(s.at - time.Since(start) - time.Millisecond)
			if s.do != nil {
				s.do()
			}
			time.Sleep(2 * time.Millisecond)
			synctest.Wait()
			if got := h.status().State; got != s.wantState || pings.Load() != s.wantPings {
				t.Errorf("%s: state %s after %d pings, want %s after %d", s.name, got, pings.Load(), s.wantState, s.wantPings)
			}
		}
		cancel()
		<-done
		if n := strings.Count(logs.String(), `"msg":"store unreachable`); n != 2 {
			t.Errorf("%d unreachable records, want 2 (one per outage):\n%s", n, logs)
		}
		if n := strings.Count(logs.String(), `"msg":"store reachable"`); n != 2 {
			t.Errorf("%d reachable records, want 2:\n%s", n, logs)
		}
	})
}

// TestStorePingNamesTheServer: the first answer names the server, once,
// and a FerretDB is warned about (its compare-and-swap loses counts under
// concurrent writers); MongoDB is not.
func TestStorePingNamesTheServer(t *testing.T) {
	for _, tc := range []struct{ server, warn string }{
		{"MongoDB 7.0.14", ""},
		{"FerretDB v1.24.0 (MongoDB-compatible 7.0.42)", `"msg":"the store is FerretDB, whose compare-and-swap is not atomic under concurrent writers`},
	} {
		t.Run(tc.server, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				logs := &logbuf.Buffer{}
				h := newStoreHealth("mongodb", slog.New(slog.NewJSONHandler(logs, nil)), time.Now)
				ping := func(context.Context) (string, error) { return tc.server, nil }
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan struct{})
				go func() { h.pingLoop(ctx, ping, time.Second); close(done) }()
				time.Sleep(3500 * time.Millisecond) // idle: pinged at 0, 1, 2 and 3 s
				cancel()
				<-done
				got := logs.String()
				if n := strings.Count(got, `"msg":"store server"`); n != 1 || !strings.Contains(got, `"server":"`+tc.server+`"`) {
					t.Errorf("%d store server records, want 1 naming %s:\n%s", n, tc.server, got)
				}
				if n := strings.Count(got, `"level":"WARN"`); tc.warn == "" && n != 0 || tc.warn != "" && (n != 1 || !strings.Contains(got, tc.warn)) {
					t.Errorf("warnings: %d, want %d (%s):\n%s", n, min(len(tc.warn), 1), tc.warn, got)
				}
			})
		})
	}
}

// fakeStore fails every call with err and reports ttl.
type fakeStore struct {
	err error
	ttl bool
}

func (f fakeStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	return nil, f.err
}

func (f fakeStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	return nil, f.err
}

func (f fakeStore) Sweep(ctx context.Context, now time.Time) (int64, error) { return 0, f.err }

func (f fakeStore) TTL() bool { return f.ttl }

// idleIndexes is a store whose index check answers nil without a call, as
// mongostore.Store's does before EnsureIndexes has succeeded.
type idleIndexes struct{ fakeStore }

func (idleIndexes) CheckIndexes(context.Context) error { return nil }

// TestHealthStoreIndexCheckTellsOnlyFailures: a store that no call has
// reached stays unreachable through an index check that made none. The
// Syncer checks the indexes at its start and every SweepInterval, and
// mongostore answers nil until its indexes exist: recorded as an answer,
// that check marked a store that had never answered reachable (/readyz
// 200, store_up 1, "store reachable" logged, and back at the next failed
// call), once a minute while it stayed down; seen as
// TestE2EStoreUnreachable/required failing once ("store_up 1, want 0")
// under load. A check that fails still tells it.
func TestHealthStoreIndexCheckTellsOnlyFailures(t *testing.T) {
	h := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)
	s := healthStore{Store: idleIndexes{fakeStore{err: errRefused}}, health: h}
	ctx := context.Background()
	s.Load(ctx, nil)
	if err := s.CheckIndexes(ctx); err != nil {
		t.Fatalf("CheckIndexes: %v", err)
	}
	if got := h.status(); got.State != storeUnreachable || got.LastOK != nil {
		t.Errorf("after a failed load and an index check that made no call: %+v, want unreachable, never answered", got)
	}
	failing := healthStore{Store: refusedIndexes{}, health: newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)}
	failing.CheckIndexes(ctx)
	if got := failing.health.status(); got.State != storeUnreachable {
		t.Errorf("after a failed index check: %+v, want unreachable", got)
	}
	// A check cut short by the shutdown says nothing of the store, as
	// for the other calls (note): recorded as it came, it was taken for
	// an unreachable store.
	ended, cancel := context.WithCancel(ctx)
	cancel()
	cut := healthStore{Store: cutIndexes{}, health: newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)}
	cut.CheckIndexes(ended)
	if got := cut.health.status(); got.State != storeUnknown {
		t.Errorf("after an index check cut short by the shutdown: %+v, want unknown", got)
	}
}

// refusedIndexes is a store whose index check is refused.
type refusedIndexes struct{ fakeStore }

func (refusedIndexes) CheckIndexes(context.Context) error { return errRefused }

// cutIndexes is a store whose index check is cut short by its context.
type cutIndexes struct{ fakeStore }

func (cutIndexes) CheckIndexes(ctx context.Context) error { return ctx.Err() }

// TestHealthStore: every call the syncer makes through the wrapper tells
// the store's state, except one cut short by the shutdown, and one cut
// short by its caller's deadline while the store answered another lately
// (TestHealthStoreSlowIsNotUnreachable); TTL is the wrapped store's.
func TestHealthStore(t *testing.T) {
	live := context.Background()
	ended, cancel := context.WithCancel(live)
	cancel()
	late, cancelLate := context.WithDeadline(live, time.Now().Add(-time.Second))
	defer cancelLate()
	endedWithDeadline, cancelBoth := context.WithTimeout(ended, time.Hour)
	defer cancelBoth()
	// A deadline passed whose context's timer has not run yet: the
	// driver's socket read times out at the deadline itself and returns
	// context.DeadlineExceeded, which can come first.
	lapsed := deadlineOnly{live, time.Now().Add(-time.Millisecond)}
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		call string
		want storeState
	}{
		{"write fails", live, errRefused, "write", storeUnreachable},
		{"load fails", live, errRefused, "load", storeUnreachable},
		{"sweep fails", live, errRefused, "sweep", storeUnreachable},
		{"write succeeds", live, nil, "write", storeOK},
		{"cut short by the shutdown", ended, context.Canceled, "load", storeUnknown},
		{"cut short by the shutdown, within a deadline", endedWithDeadline, context.Canceled, "write", storeUnknown},
		// Out of the caller's deadline (a heartbeat's bound), with no
		// call answered lately: unreachable, as the syncer judges the
		// beat; also when the context has not told it yet.
		{"out of its own deadline", late, context.DeadlineExceeded, "load", storeUnreachable},
		{"out of its own deadline, not yet told", lapsed, context.DeadlineExceeded, "write", storeUnreachable},
		{"answered at the caller's deadline", lapsed, nil, "write", storeOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)
			s := healthStore{Store: fakeStore{err: tt.err}, health: h}
			switch tt.call {
			case "write":
				s.Write(tt.ctx, nil)
			case "load":
				s.Load(tt.ctx, nil)
			case "sweep":
				s.Sweep(tt.ctx, time.Now())
			}
			if got := h.status(); got.State != tt.want || (tt.want == storeUnreachable) != (got.Error != "") {
				t.Errorf("status %+v, want state %s", got, tt.want)
			}
		})
	}
	for _, ttl := range []bool{false, true} {
		var s syncer.Store = healthStore{Store: fakeStore{ttl: ttl}}
		if got, ok := s.(syncer.TTL); !ok || got.TTL() != ttl {
			t.Errorf("TTL of a store with TTL %v: %v", ttl, ok && got.TTL())
		}
	}
}

// deadlineOnly is a context whose deadline has passed while its Err is
// still nil: the moment between a socket's timeout at the deadline and
// the context's timer.
type deadlineOnly struct {
	context.Context
	d time.Time
}

func (c deadlineOnly) Deadline() (time.Time, bool) { return c.d, true }

// TestReadyz: an unreachable store is reported but keeps the instance
// ready (decisions go on from memory), unless --require-store.
func TestReadyz(t *testing.T) {
	tests := []struct {
		name         string
		kind         string
		record       []error // calls to the store, in order
		requireStore bool
		serving      bool
		wantStatus   int
		wantState    storeState
	}{
		{"memory", "memory", nil, false, true, 200, storeOK},
		{"memory, store required", "memory", nil, true, true, 200, storeOK},
		{"mongodb not checked yet", "mongodb", nil, false, true, 200, storeUnknown},
		{"mongodb not checked yet, required", "mongodb", nil, true, true, 503, storeUnknown},
		{"mongodb unreachable", "mongodb", []error{errRefused}, false, true, 200, storeUnreachable},
		{"mongodb unreachable, required", "mongodb", []error{errRefused}, true, true, 503, storeUnreachable},
		{"mongodb back, required", "mongodb", []error{errRefused, nil}, true, true, 200, storeOK},
		{"shutting down", "mongodb", []error{nil}, false, false, 503, storeOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &server{o: &options{requireStore: tt.requireStore}, health: newStoreHealth(tt.kind, slog.New(slog.DiscardHandler), time.Now)}
			s.ready.Store(tt.serving)
			for _, err := range tt.record {
				s.health.record(err)
			}
			w := httptest.NewRecorder()
			s.readyz(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
			var body struct {
				Ready  bool
				Reason string
				Store  storeStatus
			}
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("body %q: %v", w.Body, err)
			}
			if w.Code != tt.wantStatus || body.Ready != (tt.wantStatus == 200) || body.Store.State != tt.wantState || body.Store.Kind != tt.kind {
				t.Errorf("%d %s, want %d and store %s %s", w.Code, w.Body, tt.wantStatus, tt.kind, tt.wantState)
			}
			if tt.wantState == storeUnreachable && (body.Store.Error == "" || body.Reason == "") {
				t.Errorf("unreachable store without error and reason: %s", w.Body)
			}
		})
	}
}

// hungBeats is a store whose heartbeat writes hang until their caller gives
// up, while every other call is answered: a FerretDB whose PostgreSQL
// answers reads while writes wait on a lock.
type hungBeats struct{ *syncer.MemoryStore }

func (hungBeats) PutInstance(ctx context.Context, _ syncer.Heartbeat) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestReadyzNamesTheOutage: /readyz says when the outage modes apply, also
// while the store's state is ok. Behind a store that answers the pings but
// not the heartbeats' writes, each beat runs out of its bound while a ping
// was answered in the last 5 s, so the store's state stays ok (note: a
// slow store is not a gone one), and /readyz said ok, nothing else, for
// as long as the outage limits applied (h95, twenty-fourth session).
func TestReadyzNamesTheOutage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		health := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)
		lim, err := oauthratelimit.New(oauthratelimit.Config{Store: healthStore{Store: hungBeats{syncer.NewMemoryStore()}, health: health}, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		s := &server{o: &options{}, health: health, lim: lim}
		s.ready.Store(true)
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- lim.Run(ctx) }()
		ping := func(context.Context) (string, error) { return "MongoDB 7.0.14", nil }
		pinged := make(chan struct{})
		go func() { health.pingLoop(ctx, ping, storePingTimeout); close(pinged) }()
		type body struct {
			Ready  bool
			Reason string
			Store  storeStatus
			Outage *struct {
				Down    bool
				Contact time.Time
			}
			raw string
		}
		get := func() (int, body) {
			w := httptest.NewRecorder()
			s.readyz(w, httptest.NewRequest(http.MethodGet, "/readyz", nil))
			b := body{raw: w.Body.String()}
			if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil {
				t.Fatalf("body %q: %v", w.Body, err)
			}
			return w.Code, b
		}
		start := time.Now()
		time.Sleep(10 * time.Second)
		if code, b := get(); code != 200 || b.Outage == nil || b.Outage.Down || b.Reason != "" {
			t.Errorf("10 s in: %d %s, want 200, no reason, outage.down false", code, b.raw)
		}
		time.Sleep(50 * time.Second) // past --outage-after (30 s), no beat landed
		code, b := get()
		t.Logf("a minute in: %d %s", code, b.raw)
		if !lim.Outage().Down {
			t.Fatal("the limiter is not under its outage limits a minute in with no heartbeat landed")
		}
		if b.Store.State != storeOK {
			t.Errorf("store state %s, want ok (the pings are answered): this test is about a state that hides the outage", b.Store.State)
		}
		if code != 200 || !b.Ready || b.Outage == nil || !b.Outage.Down || !b.Outage.Contact.Equal(start) || !strings.Contains(b.Reason, "outage limits") {
			t.Errorf("a minute in: %d %s, want 200 (ready: decisions go on), outage.down true, contact the start %v, and a reason that names the outage limits", code, b.raw, start)
		}
		cancel()
		<-pinged
		if err := <-done; err != nil {
			t.Errorf("Run = %v", err)
		}
		if err := lim.Close(); err != nil {
			t.Error(err)
		}
	})
}

// TestServerMetricsLint: the server's own metrics (reloads, the store's
// state) pass promlint.
func TestServerMetricsLint(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := newReloadMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	m.failed.Inc()
	if err := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now).register(reg); err != nil {
		t.Fatal(err)
	}
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("promlint: %s: %s", p.Metric, p.Text)
	}
	if n, err := testutil.GatherAndCount(reg); err != nil || n != 5 {
		t.Errorf("%d series (%v), want 5: reloads success and failure, last successful, its time, store_up", n, err)
	}
}

// TestStoreNamedWhenItAnswersAfterStart: a store down when the instance
// starts, then answering the syncer's flushes, which keep the pings away,
// is still named (and a FerretDB warned about) once it answers (h6-review:
// a busy instance started before its store never logged either).
func TestStoreNamedWhenItAnswersAfterStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		logs := &logbuf.Buffer{}
		h := newStoreHealth("mongodb", slog.New(slog.NewJSONHandler(logs, nil)), time.Now)
		var up atomic.Bool
		ping := func(context.Context) (string, error) {
			if !up.Load() {
				return "", errRefused
			}
			return "FerretDB v1.24.0 (MongoDB-compatible 7.0.42)", nil
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { h.pingLoop(ctx, ping, time.Second); close(done) }()
		// The syncer flushes every half second: failing for 3 s, then
		// answering for 30 s.
		for i := range 66 {
			if i == 6 {
				up.Store(true)
			}
			time.Sleep(500 * time.Millisecond)
			if up.Load() {
				h.record(nil)
			} else {
				h.record(errRefused)
			}
		}
		cancel()
		<-done
		if got := logs.String(); !strings.Contains(got, `"msg":"store server"`) || !strings.Contains(got, "the store is FerretDB") {
			t.Errorf("a store that answered for 30 s after start was never named nor warned about:\n%s", got)
		}
	})
}

// TestHealthStoreSlowIsNotUnreachable: a call cut short by its caller's
// deadline while the store answered another within storePingTimeout is a
// slow store, not one that is gone: the state stays ok (a link of 1 s a
// round trip made a heartbeat's calls run out of its 5 s, and flipped it,
// helper-90). With no answer that recent, the same failure counts, and a
// call the store refused counts however recent the last answer.
func TestHealthStoreSlowIsNotUnreachable(t *testing.T) {
	now := time.Date(2026, 11, 27, 16, 0, 0, 0, time.UTC)
	h := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), func() time.Time { return now })
	ok := healthStore{Store: fakeStore{}, health: h}
	timedOut := healthStore{Store: fakeStore{err: context.DeadlineExceeded}, health: h}
	refused := healthStore{Store: fakeStore{err: errRefused}, health: h}
	lapsed := func() context.Context { return deadlineOnly{context.Background(), now} }
	step := func(name string, s healthStore, after time.Duration, want storeState) {
		t.Helper()
		now = now.Add(after)
		ctx := lapsed()
		if s == refused {
			ctx = context.Background() // refused at once, well within its deadline
		}
		s.Write(ctx, nil)
		if got := h.status().State; got != want {
			t.Errorf("%s: state %s, want %s", name, got, want)
		}
	}
	step("answered", ok, 0, storeOK)
	step("out of its deadline 4 s after an answer", timedOut, 4*time.Second, storeOK)
	step("refused right after", refused, 0, storeUnreachable)
	step("answered again", ok, time.Second, storeOK)
	step("out of its deadline 5 s after the answer", timedOut, storePingTimeout, storeOK)
	step("out of its deadline past that", timedOut, time.Millisecond, storeUnreachable)
}

package integration

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// BenchmarkFlushOnce measures one FlushOnce of n dirty keys (one window
// size each) on the in-memory store and on the server: "insert" flushes
// keys the store has never seen (upserts), "update" flushes keys whose
// documents exist (compare-and-swaps), the steady state. The requests that
// make the keys dirty are not timed.
//
//	cd integration && go test -run='^$' -bench=FlushOnce -benchtime=3x .
func BenchmarkFlushOnce(b *testing.B) {
	for _, store := range []string{"memory", "mongo"} {
		for _, n := range []int{1_000, 10_000} {
			for _, phase := range []string{"insert", "update"} {
				b.Run(fmt.Sprintf("store=%s/keys=%d/%s", store, n, phase), func(b *testing.B) {
					var s syncer.Store = syncer.NewMemoryStore()
					if store == "mongo" {
						srv := benchServer(b)
						s = newStore(b, srv, srv.uri, collName(b), opTimeout)
					}
					benchmarkFlush(b, s, n, phase == "insert")
				})
			}
		}
	}
}

func benchmarkFlush(b *testing.B, store syncer.Store, n int, insert bool) {
	in := newInstance(b, "bench", store, syncer.Config{Now: fixedClock(t0)})
	tiers := []window.Tier{hourTier}
	keys := make([]cache.Key, n)
	round := 0
	dirty := func() {
		if insert || round == 0 {
			for i := range keys {
				keys[i] = cache.Key{ClientID: fmt.Sprint("client-", round, "-", i%100), User: fmt.Sprint("user-", i)}
			}
		}
		round++
		for _, k := range keys {
			in.cache.Commit(new(in.cache.Reserve(k, tiers, 1, cache.Enforce, t0).Reservation))
		}
	}
	ctx := b.Context()
	if !insert { // the documents exist before the timed flushes
		dirty()
		if err := in.sync.FlushOnce(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		dirty()
		b.StartTimer()
		if err := in.sync.FlushOnce(ctx); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/key")
}

// TestMeasureRoundTrips measures how many round trips to the store one
// instance makes per second against the request rate: one instance's
// cache takes requests at a fixed rate, spread round-robin over K keys,
// while its syncer's loop flushes and pulls every second, for a fixed time.
// It counts the syncer's store calls (its metric) and, for the server, the
// wire commands (a counting proxy between the driver and the server). The
// point: round trips follow the keys made dirty per interval, not the
// requests. It runs only with INTEGRATION_MEASURE=1 (it takes minutes), and
// without -race for meaningful rates:
//
//	cd integration && INTEGRATION_MEASURE=1 go test -run=TestMeasureRoundTrips -v -timeout=30m .
//
// INTEGRATION_MEASURE_SECONDS sets the measured time per case (default 30;
// the first 2 s, while the documents are created, are not counted).
func TestMeasureRoundTrips(t *testing.T) {
	if os.Getenv("INTEGRATION_MEASURE") == "" {
		t.Skip("set INTEGRATION_MEASURE=1 to measure store round trips against request rate (BENCHMARKS.md)")
	}
	secs := 30
	if s := os.Getenv("INTEGRATION_MEASURE_SECONDS"); s != "" {
		var err error
		if secs, err = strconv.Atoi(s); err != nil || secs < 4 {
			t.Fatalf("INTEGRATION_MEASURE_SECONDS=%q: want a whole number of seconds, at least 4", s)
		}
	}
	srv := server(t)
	needProxy(t, srv)
	var rows []string
	for _, nKeys := range []int{100, 10_000} {
		for _, rate := range []int{1_000, 10_000, 100_000} {
			for _, store := range []string{"memory", "mongo"} {
				t.Run(fmt.Sprintf("keys=%d/rate=%d/%s", nKeys, rate, store), func(t *testing.T) {
					row := measureRoundTrips(t, srv, store, nKeys, rate, time.Duration(secs)*time.Second)
					rows = append(rows, row)
					t.Log(row)
				})
			}
		}
	}
	t.Logf("server: %s; %d s per case\n| keys | requests/s (asked, done) | store | flushes/s | keys written per flush | flush time (mean) | store calls/s (write + load) | wire commands/s |\n|---|---|---|---|---|---|---|---|\n%s",
		srv.name, secs, strings.Join(rows, "\n"))
}

func measureRoundTrips(t *testing.T, srv *mongoServer, store string, nKeys, rate int, d time.Duration) string {
	var s syncer.Store = syncer.NewMemoryStore()
	var wp *wireProxy
	if store == "mongo" {
		wp = newWireProxy(t, srv.addr, false)
		s = newStore(t, srv, proxiedURI(t, srv, wp.Addr()), collName(t), opTimeout)
	}
	in := newInstance(t, "measure", s, syncer.Config{Interval: time.Second, FinalFlushTimeout: 5 * time.Minute})
	keys := make([]cache.Key, nKeys)
	for i := range keys {
		keys[i] = cache.Key{ClientID: fmt.Sprint("client-", i%100), User: fmt.Sprint("user-", i)}
	}
	tiers := []window.Tier{hourTier}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- in.sync.Run(ctx) }()

	type snap struct {
		at                        time.Time
		sent                      int
		writes, loads, flushes    float64
		keysWritten, flushSeconds float64
		wire                      map[string]int64
	}
	take := func(sent int) snap {
		sn := snap{at: time.Now(), sent: sent,
			writes:       in.metric(t, "oauth_ratelimit_sync_store_requests_total", "op=write"),
			loads:        in.metric(t, "oauth_ratelimit_sync_store_requests_total", "op=load"),
			flushes:      in.metric(t, "oauth_ratelimit_sync_flush_duration_seconds"),
			keysWritten:  in.metric(t, "oauth_ratelimit_sync_keys_written_total"),
			flushSeconds: histogramSum(t, in, "oauth_ratelimit_sync_flush_duration_seconds"),
		}
		if wp != nil {
			sn.wire = wp.Commands()
		}
		return sn
	}
	warmup := 2 * time.Second
	start := time.Now()
	sent := 0
	var from snap
	for {
		el := time.Since(start)
		if el >= d+warmup {
			break
		}
		if from.at.IsZero() && el >= warmup {
			from = take(sent)
		}
		now := time.Now()
		for target := int(float64(rate) * el.Seconds()); sent < target; sent++ {
			in.cache.Commit(new(in.cache.Reserve(keys[sent%nKeys], tiers, 1, cache.Enforce, now).Reservation))
		}
		time.Sleep(500 * time.Microsecond)
	}
	to := take(sent)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("final flush: %v", err)
	}

	sec := to.at.Sub(from.at).Seconds()
	per := func(a, b float64) float64 { return (b - a) / sec }
	flushes := to.flushes - from.flushes
	perFlush, meanFlush := 0.0, 0.0
	if flushes > 0 {
		perFlush = (to.keysWritten - from.keysWritten) / flushes
		meanFlush = (to.flushSeconds - from.flushSeconds) / flushes
	}
	wire := "–"
	if wp != nil {
		var parts []string
		var names []string
		for name := range to.wire {
			names = append(names, name)
		}
		slices.Sort(names)
		total := 0.0
		for _, name := range names {
			n := float64(to.wire[name]-from.wire[name]) / sec
			if n > 0 {
				parts = append(parts, fmt.Sprintf("%s %.2f", name, n))
				total += n
			}
		}
		wire = fmt.Sprintf("%.2f (%s)", total, strings.Join(parts, ", "))
	}
	return fmt.Sprintf("| %d | %d, %.0f | %s | %.2f | %.0f | %v | %.2f + %.2f | %s |",
		nKeys, rate, float64(to.sent-from.sent)/sec, store, flushes/sec, perFlush,
		time.Duration(meanFlush*float64(time.Second)).Round(100*time.Microsecond),
		per(from.writes, to.writes), per(from.loads, to.loads), wire)
}

// histogramSum returns the sum of the observations of a histogram of in's
// syncer.
func histogramSum(t *testing.T, in *instance, name string) float64 {
	mfs, err := in.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.GetMetric()) > 0 && mf.GetMetric()[0].GetHistogram() != nil {
			return mf.GetMetric()[0].GetHistogram().GetSampleSum()
		}
	}
	return 0
}

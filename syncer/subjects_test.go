package syncer_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestSubjectsShared: a binding learned on one instance is found by another
// after one Run tick of each (write, then read), not before; it expires
// after TTL; the token itself is never stored.
func TestSubjectsShared(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := syncer.NewMemoryStore()
		newSubjects := func() *syncer.Subjects {
			s, err := syncer.NewSubjects(syncer.SubjectsConfig{Store: store, TTL: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		a, b := newSubjects(), newSubjects()
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 2)
		go func() { done <- a.Run(ctx) }()
		go func() { done <- b.Run(ctx) }()

		token := "opaque-refresh-token-0123456789abcdef"
		h := syncer.HashRefreshToken(token)
		a.Learn(h, "client-1", "alice", time.Now())
		if c, u, ok := a.Lookup(h, time.Now()); !ok || c != "client-1" || u != "alice" {
			t.Fatalf("a.Lookup = %q, %q, %v; want client-1, alice, true", c, u, ok)
		}
		if _, _, ok := b.Lookup(h, time.Now()); ok {
			t.Fatal("b knows the binding before any sync")
		}
		time.Sleep(2*time.Second + time.Millisecond) // a writes at 1s; b reads at 1s or 2s
		synctest.Wait()
		if c, u, ok := b.Lookup(h, time.Now()); !ok || c != "client-1" || u != "alice" {
			t.Fatalf("b.Lookup after sync = %q, %q, %v; want client-1, alice, true", c, u, ok)
		}
		got, err := store.SubjectsSince(t.Context(), time.Time{}, 10)
		if err != nil || len(got) != 1 {
			t.Fatalf("store holds %d subjects (%v), want 1", len(got), err)
		}
		if got[0].Hash != h || got[0].User != "alice" {
			t.Errorf("stored %+v, want the hash of the token and alice", got[0])
		}
		time.Sleep(time.Hour)
		if _, _, ok := b.Lookup(h, time.Now()); ok {
			t.Error("b still knows the binding after TTL")
		}
		cancel()
		for range 2 {
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
		}
	})
}

// TestSubjectsBounded: past MaxEntries the oldest bindings go, counted in
// oauth_ratelimit_refresh_subject_evictions_total; the newest stay.
func TestSubjectsBounded(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	s, err := syncer.NewSubjects(syncer.SubjectsConfig{MaxEntries: 64 * 4, Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
	const n = 10_000
	for i := range n {
		s.Learn(syncer.HashRefreshToken(fmt.Sprint("t", i)), "c", fmt.Sprint("u", i), now)
	}
	if got := s.Len(); got > 64*4 || got < 64*4/2 {
		t.Errorf("Len = %d, want at most MaxEntries (256) and most of it used", got)
	}
	evicted := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_refresh_subject_evictions_total"))
	if int(evicted) != n-s.Len() {
		t.Errorf("evictions = %v, want %d (learned %d, held %d)", evicted, n-s.Len(), n, s.Len())
	}
	if _, u, ok := s.Lookup(syncer.HashRefreshToken(fmt.Sprint("t", n-1)), now); !ok || u != fmt.Sprint("u", n-1) {
		t.Errorf("the newest binding is gone: %q %v", u, ok)
	}
	if _, _, ok := s.Lookup(syncer.HashRefreshToken("t0"), now); ok {
		t.Error("the oldest binding is still held")
	}
	if problems, err := testutil.GatherAndLint(reg); err != nil || len(problems) > 0 {
		t.Errorf("promlint: %v %v", problems, err)
	}
}

// TestSubjectsStoreDown: bindings not written while the store is down are
// written by a later flush. The failed write is counted under op="put";
// both ops are exported from the start, as 0 (an outside audit: the
// dashboard panel showed "No data" on a fresh fleet).
func TestSubjectsStoreDown(t *testing.T) {
	store := &flakySubjects{MemoryStore: syncer.NewMemoryStore(), down: true}
	reg := prometheus.NewPedanticRegistry()
	s, err := syncer.NewSubjects(syncer.SubjectsConfig{Store: store, Registerer: reg})
	if err != nil {
		t.Fatal(err)
	}
	storeErrors := func(put, read int) string {
		return fmt.Sprintf(`# HELP oauth_ratelimit_refresh_subjects_store_errors_total Store calls for refresh-token bindings that failed, by operation: put or read.
# TYPE oauth_ratelimit_refresh_subjects_store_errors_total counter
oauth_ratelimit_refresh_subjects_store_errors_total{op="put"} %d
oauth_ratelimit_refresh_subjects_store_errors_total{op="read"} %d
`, put, read)
	}
	if err := testutil.GatherAndCompare(reg, strings.NewReader(storeErrors(0, 0)), "oauth_ratelimit_refresh_subjects_store_errors_total"); err != nil {
		t.Errorf("fresh: %v", err)
	}
	now := time.Now()
	s.Learn(syncer.HashRefreshToken("x"), "c", "u", now)
	if err := s.FlushOnce(t.Context()); err == nil {
		t.Fatal("FlushOnce with the store down: nil error")
	}
	if err := testutil.GatherAndCompare(reg, strings.NewReader(storeErrors(1, 0)), "oauth_ratelimit_refresh_subjects_store_errors_total"); err != nil {
		t.Errorf("after a failed write: %v", err)
	}
	store.down = false
	if err := s.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.SubjectsSince(t.Context(), time.Time{}, 10); len(got) != 1 {
		t.Errorf("store holds %d subjects after recovery, want 1", len(got))
	}
}

type flakySubjects struct {
	*syncer.MemoryStore
	down bool
}

func (f *flakySubjects) PutSubjects(ctx context.Context, ss []syncer.Subject) error {
	if f.down {
		return errors.New("down")
	}
	return f.MemoryStore.PutSubjects(ctx, ss)
}

// mustCollector returns the value of the counter or gauge name (its first
// series) on reg, as a collector for testutil.ToFloat64.
func mustCollector(t *testing.T, reg *prometheus.Registry, name string) prometheus.Collector {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			m := mf.GetMetric()[0]
			if m.Gauge != nil {
				return constCounter(m.GetGauge().GetValue())
			}
			return constCounter(m.GetCounter().GetValue())
		}
	}
	t.Fatalf("no metric %s", name)
	return nil
}

func constCounter(v float64) prometheus.Collector {
	return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "x", Help: "x"}, func() float64 { return v })
}

// TestSubjectsExpiredLeaveMemory: bindings past their TTL leave memory
// without being looked up, and the gauge of bindings held follows them.
// A token server that rotates refresh tokens (Hydra, Keycloak by default)
// never presents a used one again, so nearly every binding is one no
// Lookup reads after its successor is learned: before, they stayed until
// MaxEntries later bindings pushed them out of the ring, so an instance
// held MaxEntries bindings (53 to 66 MiB at the default:
// BenchmarkSubjectsMemory) whatever the TTL, and counted each expired one
// it pushed out as evicted "before expiry"
// (h99's soak: 10 minutes' TTL, the gauge still rising at the run's end).
func TestSubjectsExpiredLeaveMemory(t *testing.T) {
	for _, shared := range []bool{true, false} {
		t.Run(fmt.Sprintf("store=%v", shared), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				reg := prometheus.NewPedanticRegistry()
				cfg := syncer.SubjectsConfig{TTL: 10 * time.Minute, MaxEntries: 64 * 64, Registerer: reg}
				if shared {
					cfg.Store = syncer.NewMemoryStore()
				}
				s, err := syncer.NewSubjects(cfg)
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- s.Run(ctx) }()
				const first = 2000 // about 31 a shard: the ring (64 a shard) not full
				for i := range first {
					s.Learn(syncer.HashRefreshToken(fmt.Sprint("old", i)), "c", fmt.Sprint("u", i), time.Now())
				}
				time.Sleep(5 * time.Minute)
				s.Learn(syncer.HashRefreshToken("young"), "c", "young", time.Now())
				// Every old binding has expired (at 10 minutes), and a
				// sweep (one of the 64 shards every Interval) has passed.
				time.Sleep(5*time.Minute + 65*time.Second)
				synctest.Wait()
				held := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_refresh_subjects"))
				if s.Len() != 1 || held != 1 {
					t.Errorf("held %d bindings (gauge %v) after the first %d expired; want 1, the young one", s.Len(), held, first)
				}
				if _, u, ok := s.Lookup(syncer.HashRefreshToken("young"), time.Now()); !ok || u != "young" {
					t.Errorf("the young binding is gone: %q %v", u, ok)
				}
				// As many again evict no binding before its expiry (at most
				// 64 live in any shard), though they fill many a shard's
				// ring: the slots of the expired ones are free.
				for i := range first {
					s.Learn(syncer.HashRefreshToken(fmt.Sprint("new", i)), "c", "n", time.Now())
				}
				if ev := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_refresh_subject_evictions_total")); ev != 0 {
					t.Errorf("evictions = %v, want 0: no binding held was live past MaxEntries", ev)
				}
				cancel()
				if err := <-done; err != nil {
					t.Errorf("Run: %v", err)
				}
			})
		})
	}
}

// hungSubjectStore is a subject store that does not answer: each write
// waits for its call's context.
type hungSubjectStore struct{ *syncer.MemoryStore }

func (hungSubjectStore) PutSubjects(ctx context.Context, _ []syncer.Subject) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestSubjectsFinalWriteWithinFinalTimeout: behind a store that does not
// answer, Run's last write of the bindings not written yet returns
// FinalTimeout after Run's context ended (5 s by default, the fixed bound
// it had), with the bindings kept; a negative FinalTimeout is refused.
func TestSubjectsFinalWriteWithinFinalTimeout(t *testing.T) {
	for _, tc := range []struct{ final, want time.Duration }{{time.Second, time.Second}, {0, 5 * time.Second}, {8 * time.Second, 8 * time.Second}} {
		t.Run(tc.final.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				s, err := syncer.NewSubjects(syncer.SubjectsConfig{Store: hungSubjectStore{syncer.NewMemoryStore()}, Interval: time.Hour, FinalTimeout: tc.final})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- s.Run(ctx) }()
				s.Learn(syncer.HashRefreshToken("rt"), "app", "carol", time.Now())
				start := time.Now()
				cancel()
				err = <-done
				if took := time.Since(start); took != tc.want || !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("Run = %v after %v, want the write's deadline after %v", err, took, tc.want)
				}
			})
		})
	}
	_, err := syncer.NewSubjects(syncer.SubjectsConfig{FinalTimeout: -time.Second})
	if err == nil || !strings.Contains(err.Error(), "SubjectsConfig.FinalTimeout -1s: want 0 (default 5s) or more") {
		t.Errorf("NewSubjects with FinalTimeout -1s: %v, want it refused, naming the field and what it accepts", err)
	}
}

package oauthratelimit

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// downStore is a store that does not answer once down is set: the counts'
// writes and the refresh tokens' bindings' wait for their call's context,
// as a driver's do behind a store that is gone.
type downStore struct {
	*syncer.MemoryStore
	down atomic.Bool
}

func (s *downStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if !s.down.Load() {
		return s.MemoryStore.Write(ctx, ws)
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

func (s *downStore) PutSubjects(ctx context.Context, ss []syncer.Subject) error {
	if !s.down.Load() {
		return s.MemoryStore.PutSubjects(ctx, ss)
	}
	<-ctx.Done()
	return ctx.Err()
}

// TestRunReturnsWithinFinalFlushTimeout: behind a store that does not
// answer, with AttributeIssued and a learned refresh token's binding not
// yet written, Run returns FinalFlushTimeout after its context ended, as
// its doc, the server's stop budget (--final-flush-timeout in maxStop) and
// the README's grace advice say. The bindings' last write had 5 s of its
// own, which Run waited for: with --final-flush-timeout 1s a proxy's stop
// spent 5 s there (h172: the real binary, a store on a closed port, 3
// bindings learned, SIGTERM to exit 5.07 s), 4 s past the budget.
func TestRunReturnsWithinFinalFlushTimeout(t *testing.T) {
	for _, tc := range []struct{ ff, want time.Duration }{
		{time.Second, time.Second}, {3 * time.Second, 3 * time.Second}, {8 * time.Second, 8 * time.Second},
		{0, 5 * time.Second}, // the default
	} {
		ff := tc.ff
		t.Run(ff.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store := &downStore{MemoryStore: syncer.NewMemoryStore()}
				l, err := New(Config{Policy: mustPolicy(t, testPolicy()), Store: store, AttributeIssued: true,
					FinalFlushTimeout: ff, SyncInterval: time.Hour, Registerer: prometheus.NewRegistry()})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- l.Run(ctx) }()
				synctest.Wait()
				// A count and a binding, neither written yet (no flush
				// for an hour), and the store gone.
				if w, _ := postTo(l.Middleware(newRotatingServer(t)), "grant_type=authorization_code&client_id=app&code=code-of-carol"); w.Code != 200 {
					t.Fatalf("token: %d %s", w.Code, w.Body)
				}
				l.subjects.Learn(hashToken("rt-of-carol"), "app", "carol", time.Now())
				store.down.Store(true)
				synctest.Wait()
				start := time.Now()
				cancel()
				err = <-done
				if took := time.Since(start); took != tc.want {
					t.Errorf("Run returned %v after its context ended, want FinalFlushTimeout, %v", took, tc.want)
				}
				var lost *syncer.FinalFlushError
				if !errors.As(err, &lost) || lost.Keys != 1 {
					t.Errorf("Run = %v, want a *syncer.FinalFlushError on 1 key", err)
				}
			})
		})
	}
}

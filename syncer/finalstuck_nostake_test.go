package syncer_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestFinalFlushStuckWithNothingAtStake: at a stop, a write whose answer
// was lost waits on a document that cannot be read, so each flush of the
// final flush lands nothing, and after five the final flush gives up; but
// the write's counts, in a one-minute window, left it 3 minutes before the
// stop: nothing is at stake, and Run returns nil, says no failure and counts
// nothing in the final flush's metrics, as the failed-flush path does at
// WARN (TestRunFinalFlushSaysOnlyCountsAtStake). A FinalFlushError there
// would make the server exit 8 after a stop that lost nothing; no test
// held this path (a mutant returning one passed every syncer test).
func TestFinalFlushStuckWithNothingAtStake(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		un := &unreadableStore{Store: syncer.NewMemoryStore(), bad: map[cache.Key]bool{}}
		k := cache.Key{ClientID: "k"}
		minute := window.Tier{Limit: 100, Size: time.Minute}
		var mu sync.Mutex
		lose := false
		store := &scriptStore{Store: un, script: func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
			mu.Lock()
			defer mu.Unlock()
			if lose {
				lose = false
				return make([]syncer.Outcome, len(ws)), errors.New("injected: the answer lost, the write not landed")
			}
			return apply(ws), nil
		}}
		c := newCache(t, time.Now)
		reg := prometheus.NewRegistry()
		var logs logbuf.Buffer
		s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "A", Interval: time.Second, Registerer: reg,
			Logger: slog.New(slog.NewTextHandler(&logs, nil))})
		ctx := context.Background()
		hitTier(t, c, k, minute, 1, time.Now())
		if err := s.FlushOnce(ctx); err != nil {
			t.Fatal(err)
		}
		hitTier(t, c, k, minute, 1, time.Now())
		mu.Lock()
		lose = true
		mu.Unlock()
		if err := s.FlushOnce(ctx); err == nil || s.Unsettled() != 1 {
			t.Fatalf("the flush with its answer lost: %v, %d unsettled, want an error and 1", err, s.Unsettled())
		}
		un.mark(k, true)
		time.Sleep(3 * time.Minute) // the write's minute is over

		rctx, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- s.Run(rctx) }()
		synctest.Wait()
		store.ops()
		cancel()
		err := <-done
		_, calls := store.ops()
		t.Logf("Run = %v; %d writes in the final flush, %d unsettled", err, len(calls), s.Unsettled())
		if len(calls) == 0 || s.Unsettled() != 1 {
			t.Fatalf("the final flush sent %d writes and left %d unsettled, want the stuck write resent and left (the path under test)", len(calls), s.Unsettled())
		}
		var ffe *syncer.FinalFlushError
		if err != nil || errors.As(err, &ffe) {
			t.Errorf("Run = %v, want nil: nothing was at stake", err)
		}
		if never, unknown, keys := syncer.FinalUnwritten(t, reg); never != 0 || unknown != 0 || keys != 0 {
			t.Errorf("metrics: %v never written, %v unknown, on %v keys; want 0, 0, 0", never, unknown, keys)
		}
		if strings.Contains(logs.String(), `msg="final flush`) {
			t.Errorf("the final flush logged as failed:\n%s", logs.String())
		}
	})
}

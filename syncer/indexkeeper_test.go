package syncer_test

import (
	"context"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// ttlStore is a MemoryStore that reports TTL, as mongostore.Store does on
// MongoDB, and counts the Syncer's CheckIndexes calls.
type ttlStore struct {
	*syncer.MemoryStore
	checks atomic.Int64
}

func (*ttlStore) TTL() bool { return true }

func (s *ttlStore) CheckIndexes(context.Context) error {
	s.checks.Add(1)
	return nil
}

// TestRunChecksIndexes: Run has a store that keeps indexes (an
// IndexKeeper) check them at start and every SweepInterval, also a store
// with TTL, which it never sweeps: an operator who drops the collection
// drops its TTL index, and MongoDB then deleted no document until every
// process had restarted (mongostore's TestCheckIndexesAfterADrop).
func TestRunChecksIndexes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := &ttlStore{MemoryStore: syncer.NewMemoryStore()}
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: st, Instance: "i1", SweepInterval: time.Minute})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		time.Sleep(3*time.Minute + time.Second)
		synctest.Wait()
		cancel()
		if err := <-done; err != nil {
			t.Fatalf("Run: %v", err)
		}
		if n := st.checks.Load(); n != 4 {
			t.Errorf("%d index checks in 3m1s with SweepInterval 1m, want 4 (at 0, 1m, 2m and 3m)", n)
		}
	})
}

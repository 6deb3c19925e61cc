package syncer_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestNoOutageAfterAPause: a process that was stopped (SIGSTOP, a VM or
// container frozen, a long stall) or whose clock stepped forward finds its
// last heartbeat older than OutageAfter by its clock when it runs again,
// though the store answers. It must beat before it judges: judged first,
// it reported the store down and applied the outage modes (no share, the
// whole limit for an optimistic client) until the beat that followed
// landed. An outside audit (three server processes, one stopped for 90 s):
// "store down: outage limits" then "store answers again" 234 ms later, and
// in between the requests queued on it were decided with the whole limit
// on a 90 s old snapshot: a hot client's minute reached 413 of 240. And a
// beat that waited on the store when the process stopped fails when it runs
// again, its deadline passed meanwhile: that is no outage either (the same
// audit, after the first fix: 1 s of outage limits).
func TestNoOutageAfterAPause(t *testing.T) {
	for _, tt := range []struct {
		jump    time.Duration
		waiting bool // a beat waits on the store when the process stops
	}{
		{20 * time.Second, false},
		{90 * time.Second, false},
		{time.Hour, false},
		{90 * time.Second, true},
	} {
		jump := tt.jump
		name := jump.String()
		if tt.waiting {
			name += " with a beat waiting"
		}
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var skip atomic.Int64 // what the process slept through, as its clock sees it
				now := func() time.Time { return time.Now().Add(time.Duration(skip.Load())) }
				var mu sync.Mutex
				var judged, down int
				store := &hangStore{switchStore: &switchStore{MemoryStore: syncer.NewMemoryStore()}}
				s := newSyncer(t, syncer.Config{
					Cache: newCache(t, now), Store: store, Instance: "me", Interval: time.Second,
					OutageAfter: 10 * time.Second, Now: now,
					OnHeartbeat: func(o syncer.Outage) {
						mu.Lock()
						defer mu.Unlock()
						judged++
						if o.Down {
							down++
						}
					},
				})
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- s.Run(ctx) }()
				time.Sleep(5*time.Second + 500*time.Millisecond)
				synctest.Wait()
				if tt.waiting {
					// The beat sent at 6 s waits; it gives up at 7.67 s
					// (a sixth of OutageAfter), before the tick at 8 s.
					store.hang.Store(true)
					time.Sleep(2 * time.Second)
					synctest.Wait()
					store.hang.Store(false)
				}
				skip.Store(int64(jump)) // the process runs again: its clock jumped
				time.Sleep(5 * time.Second)
				synctest.Wait()
				mu.Lock()
				if down != 0 || judged < 8 {
					t.Errorf("a store that always answered, a pause of %v: judged down %d times of %d, want never", jump, down, judged)
				}
				mu.Unlock()
				cancel()
				<-done
			})
		})
	}
}

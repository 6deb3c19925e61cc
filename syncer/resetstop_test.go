package syncer

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestResetInFlightHoldsTheFinalFlush: a Reset (POST /admin/reset) holds
// the Syncer's lock for all its round trips, and the final flush waits for
// it, its FinalFlushTimeout running meanwhile. Behind a store that answers
// each call a second late, a reset begun as the stop begins takes 3 s (a
// read, a write, a read), and the final flush (2.5 s) of a count made
// before it, which alone takes a second, fails with the count not in the
// store. A reset whose context is cancelled before the final flush (cmd's
// stopServers cuts the admin calls still in flight at the admin listener's
// deadline) gives the lock back at once, and the final flush writes the
// count. Real time, not a synctest bubble: a goroutine waiting on a
// sync.Mutex is not durably blocked, and the bubble's clock would not move
// while the final flush waits for the reset's lock.
func TestResetInFlightHoldsTheFinalFlush(t *testing.T) {
	for _, cut := range []bool{false, true} {
		name := map[bool]string{false: "reset waited for", true: "reset cut"}[cut]
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			st := &slowStore{MemoryStore: NewMemoryStore()}
			c, s := newCacheSyncer(t, Config{Store: st, Instance: "a", Interval: time.Hour, FinalFlushTimeout: 2500 * time.Millisecond})
			tiers := []window.Tier{{Size: time.Hour, Limit: 1000}}
			k, r := cache.Key{ClientID: "k"}, cache.Key{ClientID: "r"}
			for _, key := range []cache.Key{k, r} {
				d := c.Reserve(key, tiers, 1, cache.Enforce, time.Now())
				c.Commit(&d.Reservation)
			}
			if err := s.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			d := c.Reserve(k, tiers, 1, cache.Enforce, time.Now())
			c.Commit(&d.Reservation) // the count the final flush must write
			st.rtt = time.Second     // the store slows down (no call under way)

			rctx, rcancel := context.WithTimeout(t.Context(), 15*time.Second) // admin.ResetTimeout
			defer rcancel()
			resetDone := make(chan error, 1)
			go func() { _, err := s.Reset(rctx, r); resetDone <- err }()
			for s.mu.TryLock() { // until the reset holds the lock
				s.mu.Unlock()
				time.Sleep(time.Millisecond)
			}
			if cut {
				rcancel()
			}
			err := s.shutdown(t.Context())
			<-resetDone
			docs, lerr := st.MemoryStore.Load(context.Background(), []cache.Key{k})
			if lerr != nil {
				t.Fatal(lerr)
			}
			var n int64
			for _, f := range docs[0].Snapshot.Frames {
				n += f.N
			}
			t.Logf("final flush: %v; k's counts in the store: %d of 2", err, n)
			if cut && (err != nil || n != 2) {
				t.Errorf("reset cut: final flush: %v; %d of k's 2 counts in the store, want both", err, n)
			}
			if !cut && (err == nil || !strings.Contains(err.Error(), "final flush") || n != 1) {
				t.Errorf("reset waited for: final flush: %v; %d of k's 2 counts in the store, want it failed with 1 (the hazard the cut removes)", err, n)
			}
		})
	}
}

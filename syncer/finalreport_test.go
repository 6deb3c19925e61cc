package syncer

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The final flush that fails says what the store may not have, counted
// from the keys the cache holds or has queued (cache.AppendLocal). A key
// evicted at the key cap while its write was on the way, whose answer is
// lost, is held by the flush alone; an outside audit (helper-52, audit H:
// "counts of 0 (in cost units) on 0 keys" after a final flush whose read
// back timed out, with churn at the cap) found such counts left out of it.
func TestRunFinalFlushSaysTheCountsOfEvictedKeys(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, err := cache.New(cache.Config{Shards: 16, MaxKeys: 16})
		if err != nil {
			t.Fatal(err)
		}
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		s, err := New(Config{Cache: c, Store: ls, Instance: "A", Interval: time.Minute, PullInterval: time.Hour,
			FinalFlushTimeout: 3 * time.Second, Logger: slog.New(slog.NewTextHandler(new(bytes.Buffer), nil))})
		if err != nil {
			t.Fatal(err)
		}
		ls.start = time.Now()
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()

		k := cache.Key{ClientID: "k"}
		tiers := []window.Tier{tier}
		for range 2 {
			d := c.Reserve(k, tiers, 1, cache.Enforce, time.Now())
			c.Commit(&d.Reservation)
		}
		// The final flush takes k's counts, and its write hangs.
		ls.mu.Lock()
		ls.hang = true
		ls.mu.Unlock()
		cancel()
		synctest.Wait()
		// Meanwhile new keys evict k: the flush alone holds its counts.
		for i := 0; ; i++ {
			if _, held := c.LongestWindow(k); !held {
				break
			}
			if i > 10000 {
				t.Fatal("k was never evicted")
			}
			d := c.Reserve(cache.Key{ClientID: fmt.Sprint("x", i)}, tiers, 1, cache.Enforce, time.Now())
			c.Release(&d.Reservation)
		}
		err = <-done
		if err == nil || !strings.Contains(err.Error(), "counts of 2 (in cost units) on 1 keys") {
			t.Errorf("Run = %v, want the 2 counts of the evicted key said", err)
		}
	})
}

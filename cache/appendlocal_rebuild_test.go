package cache

import (
	"fmt"
	"sync"
	"testing"
)

// TestAppendLocalOnceAcrossRebuild: AppendLocal reports each instance's
// local counts once while its shard's table is rebuilt under it (a new
// key's insert grows it, a Sweep shrinks it). It walks a shard's table,
// then its dirty list and records, and skips on the list what it saw in
// the table (by entry); a rebuild in between moves the keys (step 6b: a
// slot's lines are the key's state, copied to the new table), so the
// list's slots forward to entries the walk never saw, and every queued
// key's counts were reported twice: the final flush's "never written"
// (syncer's atStake) said twice what the store lacked.
func TestAppendLocalOnceAcrossRebuild(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	now := modelStart
	const keys = 64
	for i := range keys {
		d := c.Reserve(Key{ClientID: fmt.Sprint("client-", i)}, forwardTiers, 1, Enforce, now)
		c.Commit(&d.Reservation)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				c.testRebuild(0)
			}
		}
	}()
	defer func() {
		close(stop)
		wg.Wait()
	}()
	for round := range 300 {
		local := longDelta(c.AppendLocal(nil, now))
		if len(local) != keys {
			t.Fatalf("round %d: AppendLocal reported %d keys, want %d", round, len(local), keys)
		}
		for k, n := range local {
			if n != 1 {
				t.Fatalf("round %d: AppendLocal reported %d of %v's counts, committed 1", round, n, k)
			}
		}
	}
}

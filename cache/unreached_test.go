package cache

import (
	"time"

	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// AppendUnreached returns a taken Pending only while no walk of the cache
// reaches its key: evicted while the flush held its counts, and not queued
// again. Held, or back on a dirty list (Abort), AppendLocal has it.
func TestAppendUnreached(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 1})
	tiers := []window.Tier{{Limit: 100, Size: time.Hour}}
	k := Key{ClientID: "k"}
	d := c.Reserve(k, tiers, 2, Enforce, t0)
	c.Commit(&d.Reservation)
	ps := c.TakeDirty(nil, t0)
	if len(ps) != 1 {
		t.Fatalf("TakeDirty = %d Pendings, want 1", len(ps))
	}
	if got := c.AppendUnreached(nil, ps); len(got) != 0 {
		t.Errorf("held key: AppendUnreached = %v, want none", got)
	}
	// A new key evicts k (one key a shard) while the flush holds its counts.
	x := c.Reserve(Key{ClientID: "x"}, tiers, 1, Enforce, t0)
	c.Release(&x.Reservation)
	if _, held := c.LongestWindow(k); held {
		t.Fatal("k still held")
	}
	got := c.AppendUnreached(nil, ps)
	if len(got) != 1 || got[0].Key != k || Requests(got[0].Delta) != 2 || refEntry(got[0].e).hotLine != nil {
		t.Errorf("evicted key held by the flush: AppendUnreached = %+v, want k's 2, not for Confirm", got)
	}
	if local := c.AppendLocal(nil, t0); len(local) != 0 {
		t.Errorf("AppendLocal = %+v, want none: the flush alone holds k", local)
	}
	c.Abort(&ps[0]) // back on its dirty list
	if got := c.AppendUnreached(nil, ps); len(got) != 0 {
		t.Errorf("aborted, queued again: AppendUnreached = %v, want none", got)
	}
	if local := c.AppendLocal(nil, t0); len(local) != 1 || Requests(local[0].Delta) != 2 {
		t.Errorf("aborted: AppendLocal = %+v, want k's 2", local)
	}
}

package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// evictForCap's ranks, each against a key the rank below it that was used
// more recently, so that least-recently-used alone would choose the other
// (TestSmallShardEvictsExactly's keys are all used at one second): an empty
// key goes before one that holds only the store's counts, and that one
// before a key with unflushed counts. Found by mutating evict.go (helper-112's
// run): with either pair of ranks merged, the older key was evicted, and
// with it the store's snapshot, or unflushed counts that then wait detached.
func TestEvictionRanksBeforeRecency(t *testing.T) {
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	flush := func(t *testing.T, c *Cache) {
		t.Helper()
		for _, p := range c.TakeDirty(nil, at(0)) {
			c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(p.Base.Frames, p.Delta, at(0))}, at(0))
		}
	}
	t.Run("empty before read", func(t *testing.T) {
		c := newCache(t, Config{Shards: 1, MaxKeys: 2})
		read, empty := Key{ClientID: "read"}, Key{ClientID: "empty"}
		c.Commit(new(c.Reserve(read, perMinute(100), 1, Enforce, at(0)).Reservation))
		flush(t, c) // read: a version, the store's count, nothing unflushed
		c.Release(new(c.Reserve(empty, perMinute(100), 1, Enforce, at(1)).Reservation))
		c.Release(new(c.Reserve(Key{ClientID: "new"}, perMinute(100), 1, Enforce, at(2)).Reservation))
		if c.find(empty).hotLine != nil || c.find(read).hotLine == nil {
			t.Fatalf("held: empty %v, read %v; want the empty key evicted, though used later", c.find(empty).hotLine != nil, c.find(read).hotLine != nil)
		}
	})
	t.Run("read before unflushed", func(t *testing.T) {
		c := newCache(t, Config{Shards: 1, MaxKeys: 2})
		read, counted := Key{ClientID: "read"}, Key{ClientID: "counted"}
		c.Commit(new(c.Reserve(read, perMinute(100), 1, Enforce, at(0)).Reservation))
		flush(t, c)
		c.Commit(new(c.Reserve(counted, perMinute(100), 1, Enforce, at(1)).Reservation))
		c.Release(new(c.Reserve(read, perMinute(100), 1, Enforce, at(2)).Reservation)) // used later, nothing unflushed
		c.Release(new(c.Reserve(Key{ClientID: "new"}, perMinute(100), 1, Enforce, at(3)).Reservation))
		if c.find(read).hotLine != nil || c.find(counted).hotLine == nil {
			t.Fatalf("held: read %v, counted %v; want the read key evicted, though used later", c.find(read).hotLine != nil, c.find(counted).hotLine != nil)
		}
		if got := c.Stats().Detached; got != 0 {
			t.Errorf("Detached = %d, want 0: no key with unflushed counts evicted", got)
		}
	})
}

// In a shard too large to scan (more than 16 keys), evictForCap samples 8
// full slots and evicts the one that loses least: with half the keys holding
// unflushed counts and half empty, it evicts one with counts only when all 8
// drawn hold counts, 1 in 256 (expected 0.8 in these 200 evictions; more than
// 8 has a chance below 1e-6). Sampling one key, or stopping at the first,
// evicted a key with counts about every other time (here 31 of the 32).
func TestLargeShardSamplesForTheLeastLoss(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 64})
	for i := range 64 {
		k := Key{ClientID: fmt.Sprintf("client-%03d", i)}
		r := c.Reserve(k, perMinute(100), 1, Enforce, t0).Reservation
		if i%2 == 0 {
			c.Commit(&r)
		} else {
			c.Release(&r)
		}
	}
	for i := range 200 {
		c.Release(new(c.Reserve(Key{ClientID: fmt.Sprintf("new-%03d", i)}, perMinute(100), 1, Enforce, t0).Reservation))
	}
	if got := c.Stats().Detached; got > 8 {
		t.Errorf("200 evictions among 32 keys with counts and 32 empty ones evicted %d with counts, want at most 8", got)
	}
}

// Sweep's bounds, at the second: an empty key goes once unused for
// emptyIdleSec (60 s), not a second before; a clean key (the store's counts,
// nothing unflushed) once unused for IdleWindows of its longest window.
func TestSweepIdleBoundsAtTheSecond(t *testing.T) {
	c := newCache(t, Config{Shards: 1, IdleWindows: 2})
	empty, clean := Key{ClientID: "empty"}, Key{ClientID: "clean"}
	c.Commit(new(c.Reserve(clean, perMinute(100), 1, Enforce, t0).Reservation))
	for _, p := range c.TakeDirty(nil, t0) {
		c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(p.Base.Frames, p.Delta, t0)}, t0)
	}
	c.Release(new(c.Reserve(empty, perMinute(100), 1, Enforce, t0).Reservation))
	for _, step := range []struct {
		at        time.Duration
		swept     int
		keys      int
		emptyGone bool
		cleanGone bool
	}{
		{59 * time.Second, 0, 2, false, false},
		{60 * time.Second, 1, 1, true, false},
		{2*time.Minute - time.Second, 0, 1, true, false},
		{2 * time.Minute, 1, 0, true, true},
	} {
		if n := c.Sweep(t0.Add(step.at)); n != step.swept || c.Len() != step.keys || (c.find(empty).hotLine == nil) != step.emptyGone || (c.find(clean).hotLine == nil) != step.cleanGone {
			t.Fatalf("Sweep %v after the last use: swept %d, %d keys left (empty gone %v, clean gone %v); want %d, %d (%v, %v)",
				step.at, n, c.Len(), c.find(empty).hotLine == nil, c.find(clean).hotLine == nil, step.swept, step.keys, step.emptyGone, step.cleanGone)
		}
	}
}

// A Sweep that leaves a large table mostly empty rebuilds it smaller (see
// slotTable.sparse): the memory of a burst of keys goes back once they are
// swept, and probes stay short. Left as it was (no rebuild in Sweep), the
// table of 5,000 keys kept its 6,302 slots and 5,000 tombstones until new
// keys came.
func TestSweepShrinksASparseTable(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	for i := range 5000 {
		c.Release(new(c.Reserve(Key{ClientID: fmt.Sprintf("client-%05d", i)}, perMinute(100), 1, Enforce, t0).Reservation))
	}
	big := c.shards[0].pub.tab.Load().size()
	if n := c.Sweep(t0.Add(time.Hour)); n != 5000 {
		t.Fatalf("Sweep evicted %d, want all 5000 (empty, idle an hour)", n)
	}
	tab := c.shards[0].pub.tab.Load()
	if tab.size() > minSlots || tab.tombs != 0 {
		t.Errorf("after sweeping all 5000 keys: %d slots (of %d), %d tombstones; want at most %d, none", tab.size(), big, tab.tombs, minSlots)
	}
}

// A key with a request in flight is not empty (see entry.empty): evicted
// first as one, the reservation's weight left with it, and the key's next
// request, on a new entry, did not count the request still in flight. It
// ranks with the clean keys, by recency: here the older clean key goes.
func TestKeyInFlightNotEmpty(t *testing.T) {
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	c := newCache(t, Config{Shards: 1, MaxKeys: 2})
	clean, inFlight := Key{ClientID: "clean"}, Key{ClientID: "in-flight"}
	c.Commit(new(c.Reserve(clean, perMinute(100), 1, Enforce, at(0)).Reservation))
	for _, p := range c.TakeDirty(nil, at(0)) {
		c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(p.Base.Frames, p.Delta, at(0))}, at(0))
	}
	open := c.Reserve(inFlight, perMinute(100), 1, Enforce, at(1)).Reservation
	c.Release(new(c.Reserve(Key{ClientID: "new"}, perMinute(100), 1, Enforce, at(2)).Reservation))
	if c.find(inFlight).hotLine == nil || c.find(clean).hotLine != nil {
		t.Fatalf("held: in flight %v, clean %v; want the older clean key evicted", c.find(inFlight).hotLine != nil, c.find(clean).hotLine != nil)
	}
	c.Commit(&open)
}

// A key idles for IdleWindows of its longest window, whichever of its
// counters that is: limited by [1h, 1m], it is swept after two hours
// (IdleWindows 2), not after two minutes, the window of its last counter.
func TestSweepWaitsForTheLongestWindow(t *testing.T) {
	c := newCache(t, Config{Shards: 1, IdleWindows: 2})
	k := Key{ClientID: "c"}
	tiers := []window.Tier{{Limit: 100, Size: time.Hour}, {Limit: 10, Size: time.Minute}}
	c.Commit(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
	for _, p := range c.TakeDirty(nil, t0) {
		c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(p.Base.Frames, p.Delta, t0)}, t0)
	}
	if n := c.Sweep(t0.Add(2*time.Hour - time.Second)); n != 0 {
		t.Fatalf("Sweep a second before two hours evicted %d, want 0", n)
	}
	if n := c.Sweep(t0.Add(2 * time.Hour)); n != 1 {
		t.Fatalf("Sweep at two hours evicted %d, want 1", n)
	}
}

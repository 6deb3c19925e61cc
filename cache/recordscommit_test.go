package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestCommitDetachesAQueuedKeyToTheRecords: a key still queued with no
// counts of its own (a reset cleared them before the flush came) is
// evicted at MaxKeys, where evictForCap leaves it on the dirty list, with
// nothing to hold; a request that was in flight on it then commits, which
// makes it detached (see Commit). It goes to the records as the keys
// evictForCap detaches do: left on the dirty list, a detached key was
// there, where step 6's list holds slot indices and an evicted key has
// none (h153's plan, 5d). The flush takes its count once, and a flush that
// lands settles it.
func TestCommitDetachesAQueuedKeyToTheRecords(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 2})
	tiers := []window.Tier{{Limit: 1000, Size: time.Hour}}
	at := func(s int) time.Time { return modelStart.Add(time.Duration(s) * time.Second) }
	a, b, v := Key{ClientID: "a"}, Key{ClientID: "b"}, Key{ClientID: "v"}
	hitN(t, c, a, tiers, 1, at(0)) // queued
	if dropped, held := c.Reset(a, Snapshot{Version: 1, Epoch: 1}, at(1)); dropped != 1 || !held {
		t.Fatalf("Reset of a dropped %d (held %v), want its 1", dropped, held)
	}
	open := c.Reserve(a, tiers, 1, Enforce, at(2)).Reservation // in flight
	hitN(t, c, b, tiers, 1, at(3))
	hitN(t, c, v, tiers, 1, at(4)) // evicts a, the one without counts of its own
	if st := c.Stats(); st.Detached != 0 || c.find(a).hotLine != nil || c.find(b).hotLine == nil {
		t.Fatalf("Stats %+v, a held %v, b held %v; want a evicted, not detached, b held", st, c.find(a).hotLine != nil, c.find(b).hotLine != nil)
	}
	c.Commit(&open) // a's count: a detached
	if st := c.Stats(); st.Detached != 1 {
		t.Fatalf("after the Commit: Stats %+v, want a detached", st)
	}
	checkLists(t, c, "a detached by the Commit")
	var n, times int64
	ps := c.TakeDirty(nil, at(5))
	for _, p := range ps {
		if p.Key == a {
			times++
			for _, f := range p.Delta {
				n += f.N
			}
		}
	}
	if n != 1 || times != 1 || len(ps) != 3 {
		t.Fatalf("the flush takes a %d times with %d (of %d Pendings), want once with 1 (of 3)", times, n, len(ps))
	}
	for i := range ps {
		c.Confirm(&ps[i], Snapshot{Version: 2, Epoch: 1, Frames: Merge(nil, ps[i].Delta, at(5))}, at(5))
	}
	if st := c.Stats(); st.Detached != 0 {
		t.Errorf("after the flush landed: Stats %+v, want none detached", st)
	}
	checkLists(t, c, "the flush confirmed")
}

// TestReserveOnASweptQueuedKeyLooksAgain: a key swept (idle, no counts of
// its own, still queued) between Reserve's lookup and its lock: the lock
// finds the slot a tombstone with no record (nothing was out on the key)
// and looks again (relock), as the next lookup would: the key comes again
// as a new instance, the decision and the Commit count in it, nothing is
// detached, and the flush takes its count once. Before the slots (a heap
// entry that outlived its eviction) the decision was made on the evicted
// entry, and the Commit detached it to the records.
func TestReserveOnASweptQueuedKeyLooksAgain(t *testing.T) {
	c := newCache(t, Config{Shards: 1, IdleWindows: 1})
	tiers := []window.Tier{{Limit: 1000, Size: time.Minute}}
	at := func(s int) time.Time { return modelStart.Add(time.Duration(s) * time.Second) }
	a := Key{ClientID: "a"}
	hitN(t, c, a, tiers, 1, at(0)) // queued
	if dropped, held := c.Reset(a, Snapshot{Version: 1, Epoch: 1}, at(1)); dropped != 1 || !held {
		t.Fatalf("Reset of a dropped %d (held %v), want its 1", dropped, held)
	}
	e, tab, h := c.lookup(a)
	s := c.shardOf(h)
	if e.hotLine == nil {
		t.Fatal("a not found")
	}
	if n := c.Sweep(at(120)); n != 1 || c.find(a).hotLine != nil {
		t.Fatalf("Sweep evicted %d keys, a held %v; want a swept", n, c.find(a).hotLine != nil)
	}
	// Reserve's lookup found e before the sweep, and locks it after.
	e.mu.Lock()
	if e.ident().Load()&identTomb == 0 {
		e.mu.Unlock()
		t.Fatal("a's slot is not removed")
	}
	e, _ = c.relock(s, e, tab, a, h, tiers, at(120).Unix())
	var d Decision
	c.decideLocked(s, e, tiers, 1, Enforce, at(120), at(120).Unix(), &d)
	if !d.Allowed {
		t.Fatalf("the decision on the swept key: %+v, want allowed", d)
	}
	c.Commit(&d.Reservation)
	if st := c.Stats(); st.Detached != 0 || st.Keys != 1 || c.find(a).hotLine == nil {
		t.Fatalf("after the Commit: Stats %+v, a held %v; want a held again, none detached", st, c.find(a).hotLine != nil)
	}
	checkLists(t, c, "a held again")
	ps := c.TakeDirty(nil, at(121))
	if len(ps) != 1 || ps[0].Key != a || len(ps[0].Delta) != 1 || ps[0].Delta[0].N != 1 {
		t.Fatalf("the flush takes %+v, want a's 1, once", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 2, Epoch: 1, Frames: Merge(nil, ps[0].Delta, at(121))}, at(121))
	if st := c.Stats(); st.Detached != 0 {
		t.Errorf("after the flush landed: Stats %+v, want none detached", st)
	}
	checkLists(t, c, "the flush confirmed")
}

package cache

import (
	"runtime"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestDropDuringTakeDirtyTakesOnce replays, step by step, an interleaving
// that TestTableStress found: a key whose counts are dropped at MaxKeys
// while a flush has just taken its shard's dirty list, and that is counted
// again before the flush reaches it, must still be on the dirty list once.
// It was put back on the list by the new count, the flush then marked it as
// off the list, and an Abort put it on a second time: the next flush took
// its delta twice, confirmed it twice, and left a negative count.
//
// The flush is held at the first key of its batch (the record of an
// evicted key, whose lock the test holds: the records come before the
// dirty list's slots, which a take meets in their order, not in the order
// they were queued), so the steps between happen while it waits.
func TestDropDuringTakeDirtyTakesOnce(t *testing.T) {
	c, err := New(Config{Shards: 1, MaxKeys: 2})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Hour}}
	at := func(s int) time.Time { return modelStart.Add(time.Duration(s) * time.Second) }
	commit := func(k Key, s int) { c.Commit(new(c.Reserve(k, tiers, 1, Enforce, at(s)).Reservation)) }
	a, b, v, d, e := Key{ClientID: "a"}, Key{ClientID: "b"}, Key{ClientID: "v"}, Key{ClientID: "d"}, Key{ClientID: "e"}

	commit(a, 0)
	commit(b, 1)
	commit(v, 2) // evicts a, which waits with its count: detached 1
	open := c.Reserve(v, tiers, 1, Enforce, at(3)).Reservation
	commit(d, 4) // evicts b: detached 2, as many as MaxKeys
	// The dirty list is a, b, v, d; the table holds v and d; the records
	// are a's and b's.
	s := &c.shards[0]
	s.lists.mu.Lock()
	recs := s.appendRecs(nil)
	s.lists.mu.Unlock()
	if len(recs) != 2 || heapEntry(recs[0].l).key() != a {
		t.Fatalf("%d records, want a's first and b's", len(recs))
	}
	ea := recs[0].l
	ea.mu.Lock()
	taken := make(chan []Pending)
	go func() { taken <- c.TakeDirty(nil, at(5)) }()
	// Wait (without sleeping) until the flush has taken the list; it
	// then waits for a's lock.
	for i := 0; ; i++ {
		s.lists.mu.Lock()
		n := s.lists.len()
		s.lists.mu.Unlock()
		if n == 0 {
			break
		}
		if i == 1e7 {
			t.Fatal("the flush never took the dirty list")
		}
		runtime.Gosched()
	}
	commit(e, 5)    // evicts v, least recently used: its count is dropped
	c.Commit(&open) // v's open count: once, v went back on the list here
	ea.mu.Unlock()  // the flush goes on: it takes v's new count
	ps := <-taken
	for i := range ps {
		if ps[i].Key == v {
			c.Abort(&ps[i]) // an outage: v goes back on the list
		} else {
			c.Confirm(&ps[i], Snapshot{Version: 1, Frames: Merge(nil, ps[i].Delta, at(5))}, at(5))
		}
	}

	// A Commit does not revive a key evicted without counts past the cap
	// on detached keys (see Commit and TestDetachedStayWithinMaxKeys): v's
	// open count is dropped too, at MaxKeys detached keys, so v is not
	// taken at all, and certainly not twice.
	var vs []Pending
	for _, p := range c.TakeDirty(nil, at(6)) {
		if p.Key == v {
			vs = append(vs, p)
		}
	}
	if len(vs) != 0 {
		t.Fatalf("the flush takes v %d times, want none (both its counts dropped): %+v", len(vs), vs)
	}
	if st := c.Stats(); st.Dropped != 2 || st.Detached > 2 {
		t.Fatalf("Stats %+v: want 2 dropped (v's count at its eviction, its open one at its commit) and at most MaxKeys = 2 detached", st)
	}
}

package cache

import (
	"fmt"
	"testing"
	"time"
)

// churnRebuild puts new keys in c (one shard, at MaxKeys: each evicts one)
// until its table is rebuilt once, and returns the table it replaced.
func churnRebuild(t *testing.T, c *Cache, next *int, now time.Time) *slotTable {
	t.Helper()
	s := &c.shards[0]
	old := s.pub.tab.Load()
	for range 100_000 {
		k := Key{ClientID: "client-churn", User: fmt.Sprint(*next)}
		*next++
		c.Commit(new(c.Reserve(k, forwardTiers, 1, Enforce, now).Reservation))
		if s.pub.tab.Load() != old {
			return old
		}
	}
	t.Fatal("no rebuild after 100,000 new keys")
	return nil
}

// TestSkipMidVisitsBounded: every table rebuilt is kept alive (as with
// GOGC=off, or a GOMEMLIMIT far off: no collection frees them), a Pending
// and a Reservation are held across the rebuilds (the store down: the
// write unsettled; a slow token endpoint), and new keys at MaxKeys rebuild
// the shard again and again. skipMid visits the slots of the table
// rebuilt before each rebuild's, and then only those a holder with
// something out may come by: not every slot of every table rebuilt since
// the last collection at each rebuild (quadratic in the rebuilds). The
// holders then settle on their instance, as moved.
func TestSkipMidVisitsBounded(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 512})
	s := &c.shards[0]
	next := 0
	for range 512 {
		k := Key{ClientID: "client-churn", User: fmt.Sprint(next)}
		next++
		c.Commit(new(c.Reserve(k, forwardTiers, 1, Enforce, modelStart).Reservation))
	}
	// A Pending (taken by a flush, unsettled) and a Reservation (open),
	// on keys with counts to flush (kp's taken, kr's put back by Abort at
	// each flush), which the eviction passes over for the churn's
	// flushed keys (see evictForCap).
	kp, kr := Key{ClientID: "client-held", User: "pending"}, Key{ClientID: "client-held", User: "reserved"}
	c.Commit(new(c.Reserve(kp, forwardTiers, 1, Enforce, modelStart).Reservation))
	c.Commit(new(c.Reserve(kr, forwardTiers, 1, Enforce, modelStart).Reservation))
	ps := c.TakeDirty(nil, modelStart)
	var p *Pending
	for i := range ps {
		switch ps[i].Key {
		case kp:
			p = &ps[i]
		case kr:
			c.Abort(&ps[i])
		default:
			c.Confirm(&ps[i], Snapshot{Version: 1}, modelStart)
		}
	}
	if p == nil {
		t.Fatal("TakeDirty took no Pending of the held key")
	}
	d := c.Reserve(kr, forwardTiers, 2, Enforce, modelStart)
	if !d.Counted {
		t.Fatal("the held Reservation was not counted")
	}
	const rebuilds = 25
	var tabs []*slotTable // alive: no collection frees them
	sizes := 0
	now := modelStart
	for range rebuilds {
		// Two seconds on (50 in all: the Reservation's minute's frame
		// still now's): the churn, then a flush, then the held keys used,
		// a second after the churn's keys, so that the least recently
		// used keys the eviction takes are the churn's.
		now = now.Add(2 * time.Second)
		o := churnRebuild(t, c, &next, now)
		tabs = append(tabs, o)
		sizes += o.size()
		fl := c.TakeDirty(nil, now)
		for i := range fl {
			if fl[i].Key == kr {
				c.Abort(&fl[i])
			} else {
				c.Confirm(&fl[i], Snapshot{Version: 1}, now)
			}
		}
		for _, k := range []Key{kp, kr} {
			c.Commit(new(c.Reserve(k, forwardTiers, 0, Enforce, now.Add(time.Second)).Reservation))
		}
	}
	if c.find(kp).hotLine == nil || c.find(kr).hotLine == nil {
		t.Fatal("a held key was evicted: its holder reaches a record, not the instance forwarded")
	}
	// Each table is visited in full once (at the rebuild after its own),
	// then its holders' slots alone: within twice the slots of the tables
	// rebuilt. Every table visited at every rebuild: about rebuilds/2 times
	// that.
	s.mu.Lock()
	visited := s.oldVisited
	s.mu.Unlock()
	t.Logf("skipMid visited %d slots over %d rebuilds of tables of %d slots in all", visited, rebuilds, sizes)
	if visited > 2*sizes {
		t.Errorf("skipMid visited %d slots over %d rebuilds of tables of %d slots in all, want at most %d (twice the slots rebuilt)", visited, rebuilds, sizes, 2*sizes)
	}
	// The pruned tables forward nothing (next nil) but the held keys'
	// (kept, next the published table).
	pub := s.pub.tab.Load()
	for i, o := range tabs[:len(tabs)-1] {
		if o.next != nil && o.next != pub {
			t.Errorf("table %d of %d, pruned, forwards to a table not published", i, len(tabs))
		}
	}
	// The holders settle on their instances, forwarded from the first
	// table: the Reservation's cost counted, the Pending's delta taken off
	// (and its key no longer taken: a request since is flushed).
	c.Commit(&d.Reservation)
	c.Confirm(p, Snapshot{Version: 1}, now)
	if cost, keys := c.InFlight(); cost != 0 || keys != 0 {
		t.Errorf("InFlight = %d on %d keys after the held Reservation's Commit, want 0", cost, keys)
	}
	c.Commit(new(c.Reserve(kp, forwardTiers, 1, Enforce, now).Reservation))
	ps = c.TakeDirty(nil, now)
	got := map[Key]int64{}
	for i := range ps {
		got[ps[i].Key] += Requests(ps[i].Delta)
		c.Abort(&ps[i])
	}
	if got[kr] != 3 || got[kp] != 1 || c.Stats().Dropped != 0 {
		t.Errorf("after the holders settled, %d requests of the Reservation's key to flush, %d of the Pending's, %d dropped; want 3 (1 before, 2 held), 1, 0", got[kr], got[kp], c.Stats().Dropped)
	}
}

// TestSkipMidKeepsABatchsRefs: a batch taken off the dirty list (the
// flush's TakeDirty between its take and its locks) across two rebuilds
// reaches each of its keys: no rebuild prunes (skipMid) while it is out,
// though none of its keys has a holder out.
func TestSkipMidKeepsABatchsRefs(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	s := &c.shards[0]
	var keys []Key
	for i := range 64 {
		k := Key{ClientID: "client-batch", User: fmt.Sprint(i)}
		keys = append(keys, k)
		c.Commit(new(c.Reserve(k, forwardTiers, 1, Enforce, modelStart).Reservation))
	}
	// TakeDirty's take, as it counts it.
	s.lists.mu.Lock()
	batch := s.drainDirty(nil)
	s.batches.Add(1)
	s.lists.mu.Unlock()
	if len(batch) != len(keys) {
		t.Fatalf("took %d refs, want %d", len(batch), len(keys))
	}
	var tabs []*slotTable
	for range 3 {
		tabs = append(tabs, s.pub.tab.Load())
		c.testRebuild(0)
	}
	found := 0
	for _, r := range batch {
		if e, _ := c.lockRef(r); e.hotLine != nil {
			found++
			e.mu.Unlock()
		}
	}
	s.batches.Add(-1)
	if found != len(keys) {
		t.Errorf("a batch taken before 3 rebuilds reached %d of its %d keys, want all", found, len(keys))
	}
	// With the batch in, the next rebuild prunes them.
	c.testRebuild(0)
	for i, o := range tabs {
		if !o.pruned || o.next != nil {
			t.Errorf("table %d: pruned %v, next %p, after a rebuild with no batch out; want pruned, nil", i, o.pruned, o.next)
		}
	}
}

// TestInFlightCountsEvictedKeys: a request in flight on a key evicted at
// MaxKeys (its reservation on a record, which the holder reaches through
// the tombstone) is in InFlight's figure, which the syncer's final flush
// logs ("requests still in flight after the final flush"), before and
// after rebuilds of its shard; once committed, no more. A walk of the
// table alone found none of it: no warning at all.
func TestInFlightCountsEvictedKeys(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 8})
	s := &c.shards[0]
	k := Key{ClientID: "client-slow"}
	d := c.Reserve(k, forwardTiers, 3, Enforce, modelStart)
	next := 0
	now := modelStart
	for c.find(k).hotLine != nil {
		now = now.Add(time.Second)
		c.Commit(new(c.Reserve(Key{ClientID: "client-churn", User: fmt.Sprint(next)}, forwardTiers, 1, Enforce, now).Reservation))
		if next++; next > 1000 {
			t.Fatal("the key in flight not evicted after 1000 new keys")
		}
	}
	if cost, keys := c.InFlight(); cost != 3 || keys != 1 {
		t.Errorf("InFlight = %d on %d keys with a request of cost 3 open on an evicted key, want 3 on 1", cost, keys)
	}
	for r := range 3 {
		c.testRebuild(0)
		if cost, keys := c.InFlight(); cost != 3 || keys != 1 {
			t.Errorf("after %d rebuilds: InFlight = %d on %d keys, want 3 on 1", r+1, cost, keys)
		}
	}
	c.Commit(&d.Reservation)
	c.testRebuild(0)
	if cost, keys := c.InFlight(); cost != 0 || keys != 0 {
		t.Errorf("InFlight = %d on %d keys once committed, want 0", cost, keys)
	}
	if n := len(s.pub.tab.Load().recs); n != 0 {
		t.Errorf("the published table carries %d records after a rebuild with none open, want 0", n)
	}
}

// TestAssumedListsBoundedAcrossRebuilds: new keys while other instances
// are live each assume them as writers, on the newer assumed list, up to
// maxFreshPerShard a list, through the rebuilds the new keys bring; the
// side list (a holder's push during a rebuild) stays empty, as
// pushAssumed runs only under the shard's lock (insert), which a rebuild
// holds: its bound of the list alone is the list's and side's.
func TestAssumedListsBoundedAcrossRebuilds(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	c.live.Store(2)
	s := &c.shards[0]
	rebuilds := 0
	for i := range 2000 {
		tab := s.pub.tab.Load()
		c.Commit(new(c.Reserve(Key{ClientID: "client-assumed", User: fmt.Sprint(i)}, forwardTiers, 1, Enforce, modelStart).Reservation))
		if s.pub.tab.Load() != tab {
			rebuilds++
		}
		if i%300 == 299 {
			c.testRebuild(0)
			rebuilds++
		}
		s.lists.mu.Lock()
		for j, q := range s.assumed {
			if n := len(q.list) + len(q.side); n > maxFreshPerShard || len(q.side) != 0 {
				t.Fatalf("after %d new keys: assumed list %d holds %d indices (%d in its side list), want at most %d, none in the side list", i+1, j, n, len(q.side), maxFreshPerShard)
			}
		}
		s.lists.mu.Unlock()
		if i%500 == 499 {
			c.ageWriters(modelStart.Add(time.Duration(i) * time.Hour)) // rotates: an interval on
		}
	}
	if rebuilds < 10 {
		t.Fatalf("%d rebuilds, want at least 10", rebuilds)
	}
}

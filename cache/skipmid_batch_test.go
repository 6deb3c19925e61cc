package cache

import (
	"fmt"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTakeDirtyBatchOutAcrossRebuilds: TakeDirty's own count of its batch
// (shard.batches) keeps the forwarding its refs need while it locks them.
// The batch's first ref, an evicted key's record, is held locked by the
// test, so TakeDirty waits there with the dirty list's refs (of the
// published table) taken; two rebuilds run meanwhile. Without the count
// the second prunes the table the refs are of (nothing is out on those
// keys: their slots become movedNowhere) and TakeDirty passes over them as
// dead places: none of their counts is taken.
func TestTakeDirtyBatchOutAcrossRebuilds(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 8})
	s := &c.shards[0]
	tiers := []window.Tier{{Limit: 1000, Size: time.Hour}}
	at := func(sec int) time.Time { return modelStart.Add(time.Duration(sec) * time.Second) }
	a := Key{ClientID: "a"}
	hitN(t, c, a, tiers, 3, at(0))
	var keys []Key
	for i := range 8 {
		k := Key{ClientID: fmt.Sprint("b", i)}
		keys = append(keys, k)
		hitN(t, c, k, tiers, 2, at(1+i)) // the last evicts a: a record, with its 3
	}
	if c.find(a).hotLine != nil {
		t.Fatal("a still held, want it evicted")
	}
	c.testRebuild(0) // the record is in no table's recs after this: no rebuild locks it
	s.lists.mu.Lock()
	recs := s.appendRecs(nil)
	s.lists.mu.Unlock()
	if len(recs) != 1 {
		t.Fatalf("%d records, want a's", len(recs))
	}
	recs[0].l.mu.Lock()
	done := make(chan []Pending)
	go func() { done <- c.TakeDirty(nil, at(20)) }()
	for { // until TakeDirty has taken its batch (and waits on the record)
		s.lists.mu.Lock()
		taken := s.lists.len() == 0 && len(s.recs) == 0
		s.lists.mu.Unlock()
		if taken {
			break
		}
		runtime.Gosched()
	}
	c.testRebuild(0)
	c.testRebuild(0)
	recs[0].l.mu.Unlock()
	ps := <-done
	got := map[Key]int64{}
	for _, p := range ps {
		for _, f := range p.Delta {
			got[p.Key] += f.N
		}
	}
	if got[a] != 3 {
		t.Errorf("the flush took %d of a's (a record), want 3", got[a])
	}
	for _, k := range keys {
		if got[k] != 2 {
			t.Errorf("the flush took %d of %v's, want 2: its ref, taken before two rebuilds, reached nothing", got[k], k)
		}
	}
}

// staleKeys returns n keys that c (one shard) holds on its stale list:
// read by a pull, unused for two rounds, then used again
// (TestStaleListAcrossRebuild's set-up).
func staleKeys(t *testing.T, c *Cache, n int) []Key {
	t.Helper()
	var keys []Key
	for i := range n {
		keys = append(keys, Key{ClientID: fmt.Sprint("client-stale-", i)})
	}
	for _, k := range keys {
		d := c.Reserve(k, forwardTiers, 1, Enforce, modelStart)
		c.Release(&d.Reservation)
	}
	c.TakeFresh(nil, 0)
	c.AppendPull(nil, modelStart, 0, 1) // round 1 reads every key
	for round := range uint64(2) {
		c.AppendPull(nil, modelStart.Add(time.Hour), round+1, 1) // unused since: none read
	}
	for _, k := range keys { // used again after two rounds: stale
		d := c.Reserve(k, forwardTiers, 1, Enforce, modelStart.Add(time.Minute))
		c.Release(&d.Reservation)
	}
	s := &c.shards[0]
	s.lists.mu.Lock()
	queued := len(s.stale.list)
	s.lists.mu.Unlock()
	if queued != n {
		t.Fatalf("test bug: %d keys on the stale list, want %d", queued, n)
	}
	return keys
}

// rebuildTwiceWhenTaken has the next batch taken off c's lists by
// takeStale or ageWriters (testTaken) wait for two rebuilds of its shard
// before it locks its refs: without the batch's count (shard.batches) the
// second prunes the table the refs are of, whose keys had nothing out, and
// the refs reach nothing (movedNowhere).
func rebuildTwiceWhenTaken(c *Cache) {
	c.testTaken = func(s *shard) {
		c.testTaken = nil
		i := int((uintptr(unsafe.Pointer(s)) - uintptr(unsafe.Pointer(&c.shards[0]))) / unsafe.Sizeof(*s))
		c.testRebuild(i)
		c.testRebuild(i)
	}
}

// TestTakeStaleBatchOutAcrossRebuilds: takeStale's count of its batch
// (shard.batches) keeps the forwarding its refs need while it locks them,
// as TestTakeDirtyBatchOutAcrossRebuilds shows of TakeDirty's. Without it
// every stale key is passed over as removed since: TakeFresh returns none
// of them and none leaves its unread state.
func TestTakeStaleBatchOutAcrossRebuilds(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	keys := staleKeys(t, c, 50)
	tab := c.shards[0].pub.tab.Load()
	rebuildTwiceWhenTaken(c)
	got := c.TakeFresh(nil, 0)
	if c.shards[0].pub.tab.Load() == tab || c.testTaken != nil {
		t.Fatal("test bug: no rebuild while takeStale's batch was out")
	}
	taken := map[Key]bool{}
	for _, k := range got {
		taken[k] = true
	}
	for _, k := range keys {
		e := c.find(k)
		e.mu.Lock()
		unread := e.is(unread)
		e.mu.Unlock()
		if !taken[k] || unread {
			t.Errorf("TakeFresh took %v: %v, unread after it %v; want taken and read: its stale ref, taken before two rebuilds, reached nothing", k, taken[k], unread)
		}
	}
}

// TestAgeWritersBatchOutAcrossRebuilds: ageWriters' count of its batch
// (shard.batches), the keys whose assumption of the live instances as
// writers ends, keeps the forwarding its refs need while it locks them.
// Without it every such key keeps assuming them (assumedWriters), for as
// long as it is held.
func TestAgeWritersBatchOutAcrossRebuilds(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	c.live.Store(2)
	var keys []Key
	for i := range 20 {
		k := Key{ClientID: "client-assumed", User: fmt.Sprint(i)}
		keys = append(keys, k)
		c.Commit(new(c.Reserve(k, forwardTiers, 1, Enforce, modelStart).Reservation))
		if !assumedOf(c, k) {
			t.Fatalf("test bug: %v does not assume the live instances", k)
		}
	}
	c.ageWriters(modelStart) // rotates: the keys' assumptions end at the next
	tab := c.shards[0].pub.tab.Load()
	rebuildTwiceWhenTaken(c)
	c.ageWriters(modelStart.Add(time.Hour))
	if c.shards[0].pub.tab.Load() == tab || c.testTaken != nil {
		t.Fatal("test bug: no rebuild while ageWriters' batch was out")
	}
	for _, k := range keys {
		if assumedOf(c, k) {
			t.Errorf("%v still assumes the live instances after its assumption ended: its ref, taken before two rebuilds, reached nothing", k)
		}
	}
}

// TestZeroCostReservationAcrossPrunes: what a Reservation held across two
// rebuilds of its shard settles at its Commit or Release, once skipMid has
// pruned the table it was taken on. One with a cost was out when each
// table was copied (marks): it is forwarded, settles on its key's slot
// (committed or released one more) and takes its cost out of flight. A
// zero-cost one had nothing out: it reaches nothing, as after an eviction
// of its key with nothing out, and the key misses its tick (kept so: see
// skipMid); it changes nothing else.
func TestZeroCostReservationAcrossPrunes(t *testing.T) {
	for _, commit := range []bool{true, false} {
		for _, cost := range []int64{0, 1} {
			t.Run(fmt.Sprintf("commit=%v/cost=%d", commit, cost), func(t *testing.T) {
				c := newCache(t, Config{Shards: 1})
				k := Key{ClientID: "client-zero"}
				hitN(t, c, k, forwardTiers, 2, modelStart)
				settled := func() (committed, released uint8, reserved int64, used int64) {
					e := c.find(k)
					e.mu.Lock()
					defer e.mu.Unlock()
					o := e.openRead(&c.codes)
					defer o.doneReading()
					return e.committed, e.released, o.reserved, o.at(0).local[1]
				}
				d := c.Reserve(k, forwardTiers, cost, Enforce, modelStart)
				if !d.Counted {
					t.Fatalf("test bug: Reserve of cost %d not counted", cost)
				}
				c0, r0, _, u0 := settled()
				c.testRebuild(0)
				c.testRebuild(0)
				if commit {
					c.Commit(&d.Reservation)
				} else {
					c.Release(&d.Reservation)
				}
				c1, r1, reserved, u1 := settled()
				wantC, wantR, wantU := c0, r0, u0
				if cost != 0 {
					if commit {
						wantC, wantU = c0+1, u0+cost
					} else {
						wantR = r0 + 1
					}
				}
				if c1 != wantC || r1 != wantR || reserved != 0 || u1 != wantU {
					t.Errorf("after two rebuilds and the %s: committed %d -> %d, released %d -> %d, reserved %d, counted %d -> %d; want committed %d, released %d, reserved 0, counted %d (see skipMid: one with a cost is forwarded to its key, a zero-cost one settles nothing once its table is pruned)",
						map[bool]string{true: "Commit", false: "Release"}[commit], c0, c1, r0, r1, reserved, u0, u1, wantC, wantR, wantU)
				}
			})
		}
	}
}

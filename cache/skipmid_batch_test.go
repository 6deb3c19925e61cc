package cache

import (
	"fmt"
	"runtime"
	"testing"
	"time"

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
		taken := len(s.lists.list) == 0 && len(s.recs) == 0
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

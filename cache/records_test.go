package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// checkLists fails t unless every detached key (evicted, held for its
// counts) that is queued is on the records, and once, and every record is
// evicted and queued: the split that step 6 rests on, where the dirty list
// holds slot indices and an evicted key has no slot (h153's plan, 5d). A
// key evicted since it was queued may still have its place on the dirty
// list, dead: TakeDirty passes over it, as step 6's takes pass over a
// removed slot's index.
func checkLists(t *testing.T, c *Cache, when string) {
	t.Helper()
	for i := range c.shards {
		s := &c.shards[i]
		s.lists.mu.Lock()
		dirty, recs := s.appendDirty(nil), s.appendRecs(nil)
		s.lists.mu.Unlock()
		onRecs := make(map[*hotLine]int)
		for _, r := range recs {
			onRecs[r.l]++
			e, _ := c.lockRef(r)
			gone, q := e.is(evicted), e.is(queued)
			k := e.key()
			e.mu.Unlock()
			if !gone || !q {
				t.Errorf("%s: record %q evicted %v, queued %v; want both", when, k.ClientID, gone, q)
			}
		}
		for r, n := range onRecs {
			if n > 1 {
				t.Errorf("%s: record %q %d times on the records, want once", when, heapEntry(r).key().ClientID, n)
			}
		}
		for _, r := range dirty {
			e, _ := c.lockRef(r)
			if e.hotLine == nil {
				continue // a dead place, of a key removed with nothing out
			}
			held := e.isCold(detached) && e.is(queued)
			k := c.keyOf(e)
			e.mu.Unlock()
			if held && onRecs[e.hotLine] == 0 {
				t.Errorf("%s: the detached key %q is on the dirty list only, want it with the records", when, k.ClientID)
			}
		}
	}
}

// TestDetachedKeysAreRecords: a key evicted at MaxKeys with counts to
// flush leaves the dirty list for the records, and goes back to them, not
// to the dirty list, when its flush fails; AppendLocal reaches it, the
// flush takes its count once, and a flush that lands settles it.
func TestDetachedKeysAreRecords(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 2})
	tiers := []window.Tier{{Limit: 1000, Size: time.Hour}}
	at := func(s int) time.Time { return modelStart.Add(time.Duration(s) * time.Second) }
	a, b, v := Key{ClientID: "a"}, Key{ClientID: "b"}, Key{ClientID: "v"}
	hitN(t, c, a, tiers, 3, at(0))
	hitN(t, c, b, tiers, 1, at(1))
	hitN(t, c, v, tiers, 1, at(2)) // evicts a, least recently used: detached with its 3
	if st := c.Stats(); st.Detached != 1 || c.find(a).hotLine != nil {
		t.Fatalf("Stats %+v, a held %v; want a evicted and detached", st, c.find(a).hotLine != nil)
	}
	checkLists(t, c, "a evicted")
	count := func(ps []Pending, k Key) (n, times int64) {
		for _, p := range ps {
			if p.Key == k {
				times++
				for _, f := range p.Delta {
					n += f.N
				}
			}
		}
		return n, times
	}
	if n, times := count(c.AppendLocal(nil, at(3)), a); n != 3 || times != 1 {
		t.Errorf("AppendLocal reaches a %d times with %d, want once with 3", times, n)
	}
	ps := c.TakeDirty(nil, at(3))
	if n, times := count(ps, a); n != 3 || times != 1 || len(ps) != 3 {
		t.Fatalf("the flush takes a %d times with %d (of %d Pendings), want once with 3 (of 3)", times, n, len(ps))
	}
	for i := range ps {
		c.Abort(&ps[i]) // the store down: each back on its list
	}
	checkLists(t, c, "the flush aborted")
	ps = c.TakeDirty(nil, at(4))
	if n, times := count(ps, a); n != 3 || times != 1 || len(ps) != 3 {
		t.Fatalf("the next flush takes a %d times with %d (of %d Pendings), want once with 3 (of 3)", times, n, len(ps))
	}
	for i := range ps {
		c.Confirm(&ps[i], Snapshot{Version: 1, Frames: Merge(nil, ps[i].Delta, at(4))}, at(4))
	}
	if st := c.Stats(); st.Detached != 0 {
		t.Errorf("after the flush landed: Stats %+v, want none detached", st)
	}
	if ps := c.TakeDirty(nil, at(5)); len(ps) != 0 {
		t.Errorf("a third flush takes %+v, want nothing", ps)
	}
	checkLists(t, c, "the flush confirmed")
}

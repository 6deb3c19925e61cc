package cache

import (
	"strconv"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestDeadPlacesPassedOver: a key detached at MaxKeys goes to the records
// and leaves its place on the dirty list dead; a hot flush, which puts the
// keys not near their limit back on their lists, puts it back on the
// records once (taken at its dead place as well, it went back twice, and
// stayed there twice for as long as hot flushes came), and the flush then
// takes its count once.
func TestDeadPlacesPassedOver(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 2})
	tiers := []window.Tier{{Limit: 1000, Size: time.Hour}}
	at := func(s int) time.Time { return modelStart.Add(time.Duration(s) * time.Second) }
	a, b, v := Key{ClientID: "a"}, Key{ClientID: "b"}, Key{ClientID: "v"}
	hitN(t, c, a, tiers, 3, at(0))
	hitN(t, c, b, tiers, 1, at(1))
	hitN(t, c, v, tiers, 1, at(2)) // evicts a: detached with its 3
	checkLists(t, c, "a evicted")
	for i := range 3 {
		if ps := c.TakeDirtyHot(nil, at(3+i)); len(ps) != 0 {
			t.Fatalf("hot flush %d takes %+v, want nothing (no key near its limit)", i, ps)
		}
		checkLists(t, c, "after hot flush "+strconv.Itoa(i))
	}
	ps := c.TakeDirty(nil, at(6))
	var n, times int64
	for _, p := range ps {
		if p.Key == a {
			times++
			for _, f := range p.Delta {
				n += f.N
			}
		}
	}
	if n != 3 || times != 1 || len(ps) != 3 {
		t.Fatalf("the flush takes a %d times with %d (of %d Pendings), want once with 3 (of 3)", times, n, len(ps))
	}
	for i := range ps {
		c.Confirm(&ps[i], Snapshot{Version: 1, Frames: Merge(nil, ps[i].Delta, at(6))}, at(6))
	}
	if st := c.Stats(); st.Detached != 0 || c.pendingKeys() != 0 {
		t.Errorf("after the flush landed: Stats %+v, %d keys queued; want none detached or queued", st, c.pendingKeys())
	}
}

// BenchmarkNewKeyDetaching: new keys at MaxKeys with no flush (the store
// down), every eviction detaching its victim, at 4096 keys a shard, as at
// the default MaxKeys and Shards; a cache filled again, untimed, every
// n − n/16 new keys, before the detached keys reach MaxKeys (the counts of
// those after are dropped, BenchmarkNewKeyAtMaxKeys). Taken off the dirty
// list at each eviction, the victim cost a scan of the shard's list
// (24,900 instructions a new key where 10,800 had done).
func BenchmarkNewKeyDetaching(b *testing.B) {
	const n = 1 << 16
	buf := make([]byte, 0, 32)
	i := 0
	next := func() Key {
		buf = strconv.AppendInt(append(buf[:0], "user-"...), int64(i), 10)
		i++
		return Key{ClientID: "client-1", User: unsafe.String(unsafe.SliceData(buf), len(buf))}
	}
	var c *Cache
	left := 0
	fill := func() {
		c = newCache(b, Config{MaxKeys: n, Shards: 16})
		for range n + n/16 {
			c.Commit(new(c.Reserve(next(), benchTiers, 1, Enforce, t0).Reservation))
		}
		left = n - n/16
	}
	fill()
	b.ReportAllocs()
	for b.Loop() {
		if left == 0 {
			b.StopTimer()
			fill()
			b.StartTimer()
		}
		c.Commit(new(c.Reserve(next(), benchTiers, 1, Enforce, t0).Reservation))
		left--
	}
	if st := c.Stats(); st.Dropped != 0 {
		b.Fatalf("Stats %+v: past the detaching evictions", st)
	}
}

// TestDirtyListBoundedWithoutFlushes: new keys at MaxKeys with no flush
// at all (the store down with writes unsettled, which stops a flush before
// its take, or no syncer), each evicting a key with counts or, one in
// seven, a key a reset left with none: the shard's dirty list stays within
// about twice the keys it holds, however many keys came and went. Left
// dead and never drained, the places of the evicted keys grew the list by
// one a new key for as long as the flushes failed (5136 places for 16
// keys); before, the keys evicted with nothing to flush stayed on it (764,
// one a reset key). The dead places noted for the next compaction stay
// bounded too.
func TestDirtyListBoundedWithoutFlushes(t *testing.T) {
	const maxKeys = 16
	c := newCache(t, Config{Shards: 1, MaxKeys: maxKeys})
	tiers := []window.Tier{{Limit: 1000, Size: time.Hour}}
	s := &c.shards[0]
	most := 0
	for i := range 20 * maxKeys * 16 {
		hitN(t, c, Key{ClientID: strconv.Itoa(i)}, tiers, 1, modelStart)
		if i%7 == 0 {
			// Some keys empty again (a reset), evicted without counts.
			c.Reset(Key{ClientID: strconv.Itoa(i)}, Snapshot{Version: 1, Epoch: 1}, modelStart)
		}
		s.lists.mu.Lock()
		most = max(most, s.lists.len()+len(s.recs))
		s.lists.mu.Unlock()
	}
	st := c.Stats()
	if bound := 2*maxKeys + 64 + int(st.Detached); most > bound {
		t.Errorf("the dirty list and the records reached %d places for %d keys held and %d detached, want at most %d (Stats %+v)", most, st.Keys, st.Detached, bound, st)
	}
	if st.EvictedCap < 20*maxKeys*16-maxKeys || st.Dropped == 0 {
		t.Fatalf("Stats %+v: want every new key past MaxKeys to evict one, and counts dropped past MaxKeys detached", st)
	}
}

// TestDeadPlacesPinFewEvictedKeys: new keys at MaxKeys with no flush (the
// store down), past MaxKeys detached, so that each victim's counts are
// dropped and its place on the dirty list left dead: the evicted keys that
// only the list still holds (not on the records) stay within a third of
// the keys held. A dead place holds its entry, which nothing else does
// then; compacted at half the list, the dead places held as many evicted
// entries as the shard held keys before each compaction (at 64 Ki keys in
// 16 shards the heap peaked at 426 B a key held where 7a6db6c's, which
// took a dropped key off the list, held 294).
func TestDeadPlacesPinFewEvictedKeys(t *testing.T) {
	const maxKeys = 1024
	c := newCache(t, Config{Shards: 1, MaxKeys: maxKeys})
	tiers := []window.Tier{{Limit: 1000, Size: time.Hour}}
	s := &c.shards[0]
	most := 0
	for i := range 6 * maxKeys {
		hitN(t, c, Key{ClientID: strconv.Itoa(i)}, tiers, 1, modelStart)
		if i < 3*maxKeys || i%16 != 0 {
			continue
		}
		s.lists.mu.Lock()
		dirty, recs := s.appendDirty(nil), s.appendRecs(nil)
		s.lists.mu.Unlock()
		onRecs := make(map[*hotLine]bool, len(recs))
		for _, r := range recs {
			onRecs[r.l] = true
		}
		n := 0
		for _, r := range dirty {
			e, _ := c.lockRef(r)
			if e.hotLine == nil {
				continue
			}
			if e.is(evicted) && !onRecs[e.hotLine] {
				n++
			}
			e.mu.Unlock()
		}
		most = max(most, n)
	}
	st := c.Stats()
	if bound := int(st.Keys)/3 + 32; most > bound {
		t.Errorf("the dirty list alone held %d evicted keys for %d keys held, want at most %d (Stats %+v)", most, st.Keys, bound, st)
	}
	if st.Dropped == 0 {
		t.Fatalf("Stats %+v: want counts dropped past MaxKeys detached", st)
	}
}

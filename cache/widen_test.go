package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestWideningKeepsKeysAndHolders: a shard's table of one-size keys is
// narrow (cold lines of 32 bytes); the first key of two window sizes makes
// it wide (slotTable.widen, a rebuild to cold lines of 56 bytes, the second
// counter after the cold line: entry.second) while Reservations are out on
// its keys, one of them of two sizes with its second counter in the
// overflow (room2 false: it came with one size). Every key, of 26, 27 and
// 41 bytes and the empty one, keeps its counts; the holders' Commits land
// on the keys' copies; and the keys of two sizes inserted after, counted
// to the top of their narrow width and moved by the rebuilds their inserts
// cause, keep both counters and leave their neighbours' cold lines alone.
// A two-size key in a narrow table (the widening left out: its second
// counter is the next slot's cold line) crashes here; a rebuild that does
// not copy the second counter loses the hour's counts.
func TestWideningKeepsKeysAndHolders(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	one := unreachedTiers(time.Minute)
	two := unreachedTiers(time.Minute, time.Hour)
	long := strings.Repeat("L", 40)
	var keys []Key
	for i := range 12 {
		keys = append(keys,
			Key{ClientID: fmt.Sprintf("client-%07d", i), User: fmt.Sprintf("user-%05d", i)}, // 26 bytes
			Key{ClientID: fmt.Sprintf("client-%07d", i), User: fmt.Sprintf("user-%06d", i)}, // 27
			Key{ClientID: long, User: fmt.Sprint(i)})                                        // 41 or 42
	}
	keys = append(keys, Key{})
	want := map[Key]int64{} // the minute's counts
	for i, k := range keys {
		c.Commit(new(c.Reserve(k, one, int64(i+1), Enforce, t0).Reservation))
		want[k] += int64(i + 1)
	}
	mixed := keys[0] // one size first, then two: its second counter in the overflow
	c.Commit(new(c.Reserve(mixed, two, 2, Enforce, t0).Reservation))
	want[mixed] += 2
	wantH := map[Key]int64{mixed: 2}                    // the hour's
	held := c.Reserve(keys[4], one, 7, Enforce, t0)     // out across the widening
	heldTwo := c.Reserve(mixed, two, 5, Enforce, t0)    // of both sizes, out across it
	heldLong := c.Reserve(keys[5], one, 9, Enforce, t0) // a long key's, out across it
	before := c.shards[0].pub.tab.Load()
	if before.wide() {
		t.Fatal("a table of one-size keys is wide")
	}
	w := Key{ClientID: "wide-client", User: "u"}
	c.Commit(new(c.Reserve(w, two, 3, Enforce, t0).Reservation))
	want[w], wantH[w] = 3, 3
	after := c.shards[0].pub.tab.Load()
	if after == before || !after.wide() {
		t.Fatalf("a key of two sizes came: the table is %p (wide %v), was %p", after, after.wide(), before)
	}
	if e := c.find(w); !e.room2 {
		t.Fatal("the key of two sizes has no room2 in the wide table")
	}
	if e := c.find(mixed); e.room2 {
		t.Fatal("a key that came with one size has room2 after the widening")
	}
	c.Commit(&held.Reservation)
	want[keys[4]] += 7
	c.Commit(&heldTwo.Reservation)
	want[mixed] += 5
	wantH[mixed] += 5
	c.Commit(&heldLong.Reservation)
	want[keys[5]] += 9
	// More keys of two sizes, each counted to near the top of its narrow
	// width (65,535 a frame) in both counters: their inserts rebuild the
	// wide table as it grows.
	for i := range 40 {
		k := Key{ClientID: fmt.Sprintf("w2-%d", i), User: long[:i%30]}
		for range 3 {
			c.Commit(new(c.Reserve(k, two, 20000, Enforce, t0).Reservation))
			want[k] += 20000
			wantH[k] += 20000
		}
	}
	if tab := c.shards[0].pub.tab.Load(); tab == after || !tab.wide() {
		t.Fatalf("no rebuild of the wide table, or a narrow one: %p (wide %v), was %p", tab, tab.wide(), after)
	}
	for k, n := range want {
		if got := c.used(k, time.Minute, t0); got != n {
			t.Errorf("%q/%q: %d in the minute, want %d", k.ClientID, k.User, got, n)
		}
	}
	for k, n := range wantH {
		if got := c.used(k, time.Hour, t0); got != n {
			t.Errorf("%q/%q: %d in the hour, want %d", k.ClientID, k.User, got, n)
		}
	}
	flushed := map[Key]int64{}
	for _, p := range c.TakeDirty(nil, t0) {
		for _, f := range p.Delta {
			if f.Size == time.Minute {
				flushed[p.Key] += f.N
			}
		}
	}
	for k, n := range want {
		if flushed[k] != n {
			t.Errorf("%q/%q: %d flushed in the minute, want %d", k.ClientID, k.User, flushed[k], n)
		}
	}
	if len(flushed) != len(want) {
		t.Errorf("%d keys flushed, want %d", len(flushed), len(want))
	}
}

package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// An entry made for two window sizes holds its second counter right
// before it, in its own allocation (room2, see newEntry and at), and its
// key's bytes where keyString reads them, for every length of key: inline
// in each of the twelve rooms and long. Writing every byte of the second
// counter leaves the key and the entry as they were; under -race, checkptr
// also fails the conversion in at if the counter were not inside the
// entry's allocation.
func TestSecondCounterLayout(t *testing.T) {
	if got, want := unsafe.Offsetof(keyed2[[16]byte]{}.e), unsafe.Sizeof(counter{}); got != want {
		t.Fatalf("entry at offset %d of keyed2, at reads the second counter %d bytes before it", got, want)
	}
	for _, off := range []uintptr{
		unsafe.Offsetof(keyed2[[16]byte]{}.b) - unsafe.Offsetof(keyed2[[16]byte]{}.e),
		unsafe.Offsetof(keyed2[[maxInlineKey]byte]{}.b) - unsafe.Offsetof(keyed2[[maxInlineKey]byte]{}.e),
		unsafe.Offsetof(keyed2[longKeyRef]{}.b) - unsafe.Offsetof(keyed2[longKeyRef]{}.e),
	} {
		if off != unsafe.Sizeof(entry{}) {
			t.Fatalf("key %d bytes after the entry in keyed2, keyString reads at %d", off, unsafe.Sizeof(entry{}))
		}
	}
	for n := range 300 {
		for _, two := range []bool{false, true} {
			split := n / 3
			k := Key{ClientID: strings.Repeat("c", split), User: strings.Repeat("u", n-split)}
			e := newEntry(k, t0.Unix(), two)
			if e.is(room2) != two {
				t.Fatalf("key of %d bytes, two %v: room2 %v", n, two, e.is(room2))
			}
			e.n = 2
			if two {
				c := e.at(1)
				if c == &e.first {
					t.Fatalf("key of %d bytes: the second counter is the first", n)
				}
				*c = counter{size: -1, start: -1, global: [2]int64{-1, -1}, local: [2]int64{-1, -1}}
			} else {
				e.overflow()
			}
			if got := e.key(); got != k {
				t.Fatalf("key of %d bytes, two %v: reads back as %d/%d bytes %q/%q", n, two, len(got.ClientID), len(got.User), got.ClientID, got.User)
			}
			if e.first != (counter{}) || e.version != 0 || e.reserved != 0 || e.lastUsedUnix() != t0.Unix() || e.mu.TryLock() == false {
				t.Fatalf("key of %d bytes, two %v: writing the second counter changed the entry: %+v", n, two, e.first)
			}
			e.mu.Unlock()
			if two && e.more != nil {
				t.Fatalf("key of %d bytes: the entry with room for its second counter has an overflow", n)
			}
		}
	}
}

// A key first limited by two window sizes keeps both counters in its own
// allocation: deciding, committing and flushing it leaves no overflow, and
// its counts are those of each size; a key limited by one size has neither
// room nor overflow. A later policy that limits it by
// four sizes puts the third and fourth in the overflow, and the counts of
// all four stay apart; a key first limited by one size puts its second in
// the overflow as before.
func TestSecondCounterInEntry(t *testing.T) {
	c := newCache(t, Config{})
	tier := func(d time.Duration) window.Tier { return window.Tier{Limit: 1000, Size: d} }
	m, h := tier(time.Minute), tier(time.Hour)
	two := Key{ClientID: "client-two", User: "user"}
	one := Key{ClientID: "client-one"}
	commit(c, two, []window.Tier{m, h}, 3, t0)
	commit(c, one, []window.Tier{m}, 1, t0)
	e, o := c.find(two), c.find(one)
	if o.is(room2) || o.more != nil {
		t.Fatalf("key limited by 1m alone: room2 %v, overflow %v; want neither", o.is(room2), o.more != nil)
	}
	commit(c, one, []window.Tier{m, h}, 2, t0)
	if !e.is(room2) || e.more != nil {
		t.Fatalf("key first limited by 1m and 1h: room2 %v, overflow %v; want room2 and no overflow", e.is(room2), e.more != nil)
	}
	if o.is(room2) || o.more == nil {
		t.Fatalf("key first limited by 1m alone: room2 %v, overflow %v; want its second counter in the overflow", o.is(room2), o.more != nil)
	}
	if got := fmt.Sprint(c.used(two, time.Minute, t0), c.used(two, time.Hour, t0), c.used(one, time.Minute, t0), c.used(one, time.Hour, t0)); got != "3 3 3 2" {
		t.Fatalf("used (two 1m, 1h; one 1m, 1h) = %s, want 3 3 3 2", got)
	}
	flushAll(c, t0)
	if e.more != nil {
		t.Fatal("flushing the two-size key made it an overflow")
	}
	// Later: four sizes, then a minute on, the first two again.
	d, w := tier(24*time.Hour), tier(7*24*time.Hour)
	commit(c, two, []window.Tier{h, d, m, w}, 2, t0)
	if e.more == nil || e.n != 4 {
		t.Fatalf("four sizes: %d counters, overflow %v", e.n, e.more != nil)
	}
	later := t0.Add(time.Minute)
	commit(c, two, []window.Tier{m, h}, 1, later)
	written := flushAll(c, later)[two]
	got := map[time.Duration]int64{}
	for _, f := range written {
		got[f.Size] += f.N
	}
	// The last request counts in the key's four counters, as every
	// request counts in each size its key has a counter of.
	want := map[time.Duration]int64{time.Minute: 6, time.Hour: 6, d.Size: 3, w.Size: 3}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the store holds %v, want per size %v", written, want)
	}
	if u := c.used(two, time.Minute, later); u != 6 {
		// 5 in the previous minute, weighted in full at its end, and 1 now.
		t.Fatalf("1m used a minute on = %d, want 6", u)
	}
}

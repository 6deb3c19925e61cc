package cache

import (
	"fmt"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTrimmedTablesKeepTheLadder: a shard's table grown one key at a time
// (no removals) takes the sizes of the untrimmed rule (n*100/70, grown at
// 7/8), slot for slot, but that before each whose hot array is past 32
// KiB, up to trimMaxHot, in a part page, and that the keys it is made for
// would fill to at most trimLoadPercent trimmed, it takes a table of the
// whole pages under it: at no number of keys is a shard's table larger
// than the rule's, and the tables at bench's 1M keys (5042 slots a shard)
// are the rule's. Without trimSlots a table of 540 slots takes 34,624
// bytes of lines in 40,960 bytes of pages; without rebuilt's rebuild of a
// full trimmed table to its nominal size, the trimmed tables grow sooner
// and every size after them moves.
func TestTrimmedTablesKeepTheLadder(t *testing.T) {
	const keys = 5000
	hash := newCache(t, Config{}).hash
	s := newSlotShard(hash)
	var got []int
	s.mu.Lock()
	for i, k := range slotKeys(keys) {
		s.addLocked(k, int64(i+1))
		if n := s.tab().size(); len(got) == 0 || got[len(got)-1] != n {
			got = append(got, n)
		}
	}
	s.mu.Unlock()

	// The untrimmed rule's sizes, and the keys each was made for.
	want, made := []int{minSlots}, []int{0}
	size := minSlots
	for used := range len(slotKeys(keys)) {
		if (used+1)*maxLoadDen > size*maxLoadNum {
			size = max(minSlots, (used+1)*100/rebuildLoadPercent)
			want, made = append(want, size), append(made, used+1)
		}
	}
	trimmed, j := 0, 0
	for i, w := range want {
		hot := (w + 1) * lineSize
		pages := hot / pageBytes * pageBytes / lineSize // the slots that fill the pages under it, and one line
		trim := hot > 32<<10 && hot <= trimMaxHot && hot%pageBytes != 0 && made[i]*100 <= trimLoadPercent*(pages-1)
		if trim {
			if j >= len(got) || got[j] != pages-1 {
				t.Fatalf("sizes %v: table %d, want %d slots (%d trimmed to whole pages) before the rule's %d (the rule's: %v)", got, j, pages-1, hot, w, want)
			}
			trimmed++
			j++
		}
		if j >= len(got) || got[j] != w {
			t.Fatalf("sizes %v: table %d, want the rule's %d (the rule's: %v)", got, j, w, want)
		}
		j++
	}
	if j != len(got) || trimmed < 2 || got[len(got)-1] != 6302 || got[len(got)-2] != 5042 {
		t.Errorf("sizes %v: %d trimmed, want 2 at least, and the rule's sizes up to 5042 and 6302 (%v)", got, trimmed, want)
	}
	t.Logf("sizes %v (the rule's %v)", got, want)
}

// TestSweptTrimmedTableShrinks: a sweep that leaves a full trimmed table
// mostly tombstones rebuilds it for the keys left (newSlotTable's rule, as
// an untrimmed table's sweep does), not to its nominal size, which is
// rebuilt's step for a table grown full by inserts: 447 keys in 511 slots
// (full) of which 150 are swept took the nominal 540 slots for the 297
// left, where the untrimmed rule's table (540 slots, 450 keys swept to 300,
// sparse) is rebuilt to 424.
func TestSweptTrimmedTableShrinks(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	tab := func() *slotTable { return c.shards[0].pub.tab.Load() }
	const swept = 150
	for i := 0; ; i++ {
		at := t0.Add(59 * time.Second) // used 2 s before the sweep: kept
		if i < swept {
			at = t0 // empty and idle for a minute at the sweep
		}
		d := c.Reserve(Key{ClientID: fmt.Sprintf("client-%05d", i)}, perMinute(5), 1, Enforce, at)
		c.Release(&d.Reservation)
		if tb := tab(); tb.full() && tb.size() != int(tb.nominal) {
			break
		}
		if i > 1000 {
			t.Fatalf("%d keys, a table of %d slots: none of them a full trimmed one (trimSlots)", i+1, tab().size())
		}
	}
	full := tab()
	if n := c.Sweep(t0.Add(61 * time.Second)); n != swept {
		t.Fatalf("Sweep evicted %d, want %d", n, swept)
	}
	left := tab()
	if left == full {
		t.Fatalf("a table of %d slots, %d tombstones, not rebuilt by the sweep", full.size(), full.tombs)
	}
	if rule := max(minSlots, left.used*100/rebuildLoadPercent); left.size() > rule {
		t.Errorf("a full trimmed table of %d slots (nominal %d) swept to %d keys was rebuilt to %d slots, want at most the rule's %d for them", full.size(), full.nominal, left.used, left.size(), rule)
	}
}

// TestWidenedTrimmedTableSizedByTheRule: a trimmed table that is not full,
// rebuilt wide for a key of two window sizes (insert's widen), is sized
// for its keys by newSlotTable (trimmed again where it applies), not
// taken to its nominal size, rebuilt's step for a full one.
func TestWidenedTrimmedTableSizedByTheRule(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	tab := func() *slotTable { return c.shards[0].pub.tab.Load() }
	for i := 0; tab().size() == int(tab().nominal) || tab().used < 380; i++ {
		if i > 1000 {
			t.Fatalf("%d keys, a table of %d slots: not a trimmed one (trimSlots)", i, tab().size())
		}
		d := c.Reserve(Key{ClientID: fmt.Sprintf("client-%05d", i)}, perMinute(5), 1, Enforce, t0)
		c.Release(&d.Reservation)
	}
	narrow := tab()
	if narrow.full() {
		t.Fatalf("a trimmed table of %d slots full at %d keys: want one with room", narrow.size(), narrow.used)
	}
	two := []window.Tier{{Limit: 5, Size: time.Minute}, {Limit: 50, Size: time.Hour}}
	d := c.Reserve(Key{ClientID: "two-sizes"}, two, 1, Enforce, t0)
	c.Release(&d.Reservation)
	wide := tab()
	if !wide.wide() {
		t.Fatalf("a key of two sizes left the table narrow")
	}
	if rule := newSlotTable(narrow.used+1, true).size(); wide.size() != rule {
		t.Errorf("a trimmed table of %d slots (nominal %d), %d keys, widened to %d slots, want newSlotTable's %d", narrow.size(), narrow.nominal, narrow.used, wide.size(), rule)
	}
}

// TestSlotTableWholeLines: a slotTable is allocated in a size class of
// whole cache lines, so that the fields a decision reads (hot, cold,
// coldStride: its first 40 bytes) are in one line. With trimSlots' nominal
// as an int after tombs it was 200 bytes, in the 208-byte class: half the
// tables had those fields across two lines, 0.23 more simulated L1d
// misses a decision at 1M keys (bench/instructions.sh -misses).
func TestSlotTableWholeLines(t *testing.T) {
	var tab slotTable
	if n := unsafe.Sizeof(tab); n%lineSize != 0 {
		t.Errorf("slotTable is %d bytes, want a multiple of %d", n, lineSize)
	}
	if end := unsafe.Offsetof(tab.coldStride) + unsafe.Sizeof(tab.coldStride); end > lineSize {
		t.Errorf("hot, cold and coldStride end at byte %d, past the first line", end)
	}
}

package cache

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Tests of what the table's control words add (see table): the SWAR
// matches, what a removal leaves, and lookups racing the changes of the
// very slots and words they read.

// ctrlWord builds a control word from its seven bytes (the eighth is 0).
func ctrlWord(b [groupSlots]byte) uint64 {
	var w uint64
	for i, v := range b {
		w |= uint64(v) << (8 * i)
	}
	return w
}

// byteBits returns bit 7 of each byte i of 0-6 for which keep(i) holds:
// the form the match functions return.
func byteBits(keep func(i int) bool) uint64 {
	var m uint64
	for i := range groupSlots {
		if keep(i) {
			m |= 0x80 << (8 * i)
		}
	}
	return m
}

// The SWAR matches agree with a byte-by-byte reading of the word: empty,
// free and full exactly; a tag match flags every byte holding the tag and,
// beyond those, only bytes above a true match (its known false positives,
// which hasKey turns down) and never an empty or tombstone byte nor the
// unused eighth. Crafted words (every byte of a kind, neighbours whose tags
// differ in bit 0: the borrow case) and random ones.
func TestCtrlMatches(t *testing.T) {
	tag := func(v byte) byte { return ctrlFull | v&0x7f }
	cases := []struct {
		name  string
		bytes [groupSlots]byte
		tag   byte
	}{
		{"all empty", [groupSlots]byte{}, tag(0)},
		{"all tombstones", [groupSlots]byte{ctrlTomb, ctrlTomb, ctrlTomb, ctrlTomb, ctrlTomb, ctrlTomb, ctrlTomb}, tag(0x40)},
		{"all full, one tag", [groupSlots]byte{tag(5), tag(5), tag(5), tag(5), tag(5), tag(5), tag(5)}, tag(5)},
		{"full with tag 0", [groupSlots]byte{tag(0), 0, tag(0), ctrlTomb, tag(0), tag(1), tag(0)}, tag(0)},
		{"tag 0x7f last", [groupSlots]byte{0, 0, 0, 0, 0, 0, tag(0x7f)}, tag(0x7f)},
		{"borrow: a tag differing in bit 0 above a match", [groupSlots]byte{tag(2), tag(3), tag(2), tag(3), 0, ctrlTomb, tag(3)}, tag(2)},
		{"tombstone above a match", [groupSlots]byte{tag(0x40), ctrlTomb, 0, tag(0x41), tag(0x40), ctrlTomb, 0}, tag(0x40)},
		{"no match", [groupSlots]byte{tag(1), tag(2), 0, ctrlTomb, tag(4), tag(5), tag(6)}, tag(9)},
	}
	r := rand.New(rand.NewPCG(3, 4))
	kinds := []func() byte{
		func() byte { return ctrlEmpty },
		func() byte { return ctrlTomb },
		func() byte { return tag(byte(r.Uint32())) },
		func() byte { return tag(byte(r.Uint32() % 3)) }, // tags near each other
	}
	for i := range 20000 {
		var b [groupSlots]byte
		for j := range b {
			b[j] = kinds[r.IntN(len(kinds))]()
		}
		cases = append(cases, struct {
			name  string
			bytes [groupSlots]byte
			tag   byte
		}{fmt.Sprint("random ", i), b, tag(byte(r.Uint32() % 3))})
	}
	for _, tc := range cases {
		w := ctrlWord(tc.bytes)
		b := tc.bytes
		if got, want := matchEmpty(w), byteBits(func(i int) bool { return b[i] == ctrlEmpty }); got != want {
			t.Fatalf("%s: matchEmpty(%#016x) = %#016x, want %#016x", tc.name, w, got, want)
		}
		if got, want := matchFree(w), byteBits(func(i int) bool { return b[i] == ctrlEmpty || b[i] == ctrlTomb }); got != want {
			t.Fatalf("%s: matchFree(%#016x) = %#016x, want %#016x", tc.name, w, got, want)
		}
		if got, want := matchFull(w), byteBits(func(i int) bool { return b[i]&ctrlFull != 0 }); got != want {
			t.Fatalf("%s: matchFull(%#016x) = %#016x, want %#016x", tc.name, w, got, want)
		}
		// The pattern of a hash whose tag bits are tc.tag's.
		pattern := tagOf(uint64(tc.tag&0x7f) << tagShift)
		got := matchTag(w, pattern)
		exact := byteBits(func(i int) bool { return b[i] == tc.tag })
		if got&exact != exact {
			t.Fatalf("%s: matchTag(%#016x, %#x) = %#016x misses a true match (%#016x)", tc.name, w, tc.tag, got, exact)
		}
		if extra := got &^ exact; extra != 0 {
			lowest := exact & -exact
			if exact == 0 || extra < lowest || extra&^matchFull(w) != 0 {
				t.Fatalf("%s: matchTag(%#016x, %#x) = %#016x: false match %#016x not above a true one among full bytes", tc.name, w, tc.tag, got, extra)
			}
		}
	}
}

// A removal leaves its byte empty when the group keeps another empty byte
// (no probe went past the group), else a tombstone (probes for keys placed
// past the group go on through it); the removed entry is no longer held by
// the table; an insert reuses the byte. Keys here all have one hash: one
// home group, filled in order.
func TestTableRemoveLeaves(t *testing.T) {
	cases := []struct {
		name      string
		keys      int // inserted, all with one hash
		remove    int // the slot removed
		wantByte  byte
		wantTombs int
	}{
		{"group with another empty byte", 3, 1, ctrlEmpty, 0},
		{"last empty byte of its group taken", groupSlots - 1, 0, ctrlEmpty, 0},
		{"full group", groupSlots, 2, ctrlTomb, 0 + 1},
		{"full group, keys past it", groupSlots + 3, 6, ctrlTomb, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			const h = 0x1234_5678_9abc_def0
			tb := &table{groups: make([]group, 4)}
			var es []entry
			for i := range tc.keys {
				e := newEntry(Key{ClientID: fmt.Sprint("k", i)}, 0, false)
				tb.insert(h, e)
				es = append(es, e)
			}
			home := tb.home(h)
			slot := home*groupSlots + tc.remove
			if got := tb.indexOf(h, es[tc.remove]); got != slot {
				t.Fatalf("key %d in slot %d, want %d", tc.remove, got, slot)
			}
			tb.removeAt(slot)
			g := &tb.groups[home]
			if got := byte(g.ctrl.Load() >> (8 * tc.remove)); got != tc.wantByte {
				t.Errorf("byte after removal %#x, want %#x", got, tc.wantByte)
			}
			if tb.tombs != tc.wantTombs || tb.used != tc.keys-1 {
				t.Errorf("used %d tombs %d, want %d and %d", tb.used, tb.tombs, tc.keys-1, tc.wantTombs)
			}
			if g.e[tc.remove].Load() != nil {
				t.Error("the table still holds the removed entry")
			}
			for i, e := range es {
				k := e.key()
				if got := tb.find(k, h); (got == e) != (i != tc.remove) {
					t.Errorf("find(%v) = %p after removing key %d, entry %p", k, got, tc.remove, e)
				}
			}
			e := newEntry(Key{ClientID: "again"}, 0, false)
			tb.insert(h, e)
			if got := tb.indexOf(h, e); got != slot {
				t.Errorf("next insert in slot %d, want the freed %d", got, slot)
			}
			if tb.tombs != 0 || tb.used != tc.keys {
				t.Errorf("after reuse: used %d tombs %d, want %d and 0", tb.used, tb.tombs, tc.keys)
			}
		})
	}
}

// Lookups racing inserts, removals and rebuilds in the very groups they
// read, under -race: readers look up keys that are being inserted and
// swept all along (the table grows, its bytes turn to tombstones or back to
// empty, it is rebuilt smaller), and keys held throughout. A lookup
// may miss a key that comes or goes, but whatever it finds is the key's own
// entry, and a held key is always found. Every key of a hash mode that
// collides shares a home group (or a tag), so the control words and slots
// readers load are the ones being rewritten. It fails when find loads an
// emptied slot's pointer without the nil check (a nil entry: a reader
// loaded the tag before the removal), and when it trusts a tag without
// hasKey.
func TestTableLookupRacesSlotChurn(t *testing.T) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Second}}
	for _, mode := range hashModes() {
		t.Run(mode.name, func(t *testing.T) {
			c := newTableCache(t, Config{Shards: 1}, mode)
			now := time.Unix(1_900_000_000, 0)
			var held []Key
			for i := range 16 {
				k := Key{ClientID: fmt.Sprint("held-", i)}
				held = append(held, k)
				c.Reserve(k, tiers, 1, Enforce, now) // a count: never swept
			}
			const churn = 48
			churnKeys := make([]Key, churn)
			for i := range churnKeys {
				churnKeys[i] = Key{ClientID: fmt.Sprint("c", i), User: "u"}
			}
			var stop atomic.Bool
			var looks, founds atomic.Int64
			var wg sync.WaitGroup
			fail := make(chan string, 4)
			for g := range 2 {
				wg.Go(func() {
					for !stop.Load() {
						for i, k := range churnKeys {
							looks.Add(1)
							h := c.hash(k)
							tab := c.shardOf(h).pub.tab.Load()
							if i := tab.probe(k, h); i >= 0 {
								founds.Add(1)
								// The slot's bytes, whatever it became since
								// (removed, moved): they never change.
								if got := tab.keyOf(i); got != k {
									fail <- fmt.Sprintf("reader %d: %v found as %v", g, k, got)
									return
								}
							}
							if h := held[i%len(held)]; c.find(h).hotLine == nil {
								fail <- fmt.Sprintf("reader %d: held %v missed", g, h)
								return
							}
						}
					}
				})
			}
			// The churn keys are used 2 minutes ago without a count: each
			// sweep removes them all (see emptyIdleSec).
			old := now.Add(-2 * time.Minute)
			// At least 40 rounds, and on until the readers have found
			// churning keys a while (without -race the writer would
			// otherwise be done before they start).
			for round := 0; round < 40 || (founds.Load() < 500 && round < 100_000); round++ {
				for i := range churn - round%churn {
					c.Reserve(churnKeys[(i*7+round)%churn], tiers, 0, Enforce, old)
				}
				c.Sweep(now)
			}
			stop.Store(true)
			wg.Wait()
			close(fail)
			for msg := range fail {
				t.Error(msg)
			}
			if founds.Load() == 0 || founds.Load() == looks.Load() {
				t.Errorf("%d of %d lookups of churning keys found them: the churn did not race the readers", founds.Load(), looks.Load())
			}
			for _, k := range held {
				if c.find(k).hotLine == nil {
					t.Errorf("held %v missed after the run", k)
				}
			}
		})
	}
}

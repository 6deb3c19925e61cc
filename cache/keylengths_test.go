package cache

import (
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestKeysOfEveryLength: a key of every length from 0 to maxInlineKey+16
// bytes (in the hot line, after the entry, in a longKeyRef), split at its
// start, middle and end, its bytes all 0xff, is counted apart from the keys
// that differ from it in its first or last byte alone, limited by one
// window size and by two (room2: the second counter between the entry and
// the key's bytes), through ReserveTiers and ReserveTo, whose lookup
// compares the key word by word (with -race, checkptr checks that no read
// leaves the allocation). Each key's counts are then driven to the top of
// their narrow width (65,535 in the frame), and every key must still read
// back as it was and count exactly that: a key's bytes that overlapped a
// counter would change with its counts (rest() 8 bytes short of the second
// counter's end: TestSecondCounterLayout fails too), and a key read from
// the wrong place is not found (inlineKey's < for <=).
func TestKeysOfEveryLength(t *testing.T) {
	one := perMinute(1 << 40)
	two := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, {Limit: 1 << 40, Size: time.Hour}}
	for _, tiers := range [][]window.Tier{one, two} {
		c := newCache(t, Config{Shards: 1})
		ts := c.Tiers(tiers)
		type kc struct {
			k    Key
			cost int64
		}
		var keys []kc
		seen := map[Key]bool{}
		for n := range maxInlineKey + 17 {
			for _, split := range []int{0, n / 2, n} {
				for v := range 3 { // all 0xff; the first byte 0xfe; the last
					b := []byte(strings.Repeat("\xff", n))
					if n > 0 && v == 1 {
						b[0] = 0xfe
					} else if n > 0 && v == 2 {
						b[n-1] = 0xfe
					}
					k := Key{ClientID: string(b[:split]), User: string(b[split:])}
					if seen[k] {
						continue
					}
					seen[k] = true
					keys = append(keys, kc{k, int64(len(keys)%1000 + 1)})
				}
			}
		}
		var d Decision
		for _, x := range keys {
			c.ReserveTiers(&d, x.k, &ts, x.cost, Enforce, t0)
			c.Commit(new(d.Reservation))
			// Through ReserveTo too (uncompiled tiers: sizesCode).
			c.ReserveTo(&d, x.k, tiers, x.cost, Enforce, t0.Add(time.Second))
			c.Commit(new(d.Reservation))
		}
		// Each key's counts to the top of their narrow width: 0xffff.
		for _, x := range keys {
			e := c.find(x.k)
			if e.hotLine == nil {
				t.Fatalf("%d tiers, key of %d bytes split at %d: not found", len(tiers), len(x.k.ClientID)+len(x.k.User), len(x.k.ClientID))
			}
			if len(tiers) == 2 && !e.room2 {
				t.Fatalf("key of %d bytes: two sizes, no room2", len(x.k.ClientID)+len(x.k.User))
			}
			top := int64(0xffff) - 2*x.cost
			c.ReserveTiers(&d, x.k, &ts, top, Enforce, t0.Add(2*time.Second))
			c.Commit(new(d.Reservation))
		}
		for _, x := range keys {
			n, split := len(x.k.ClientID)+len(x.k.User), len(x.k.ClientID)
			e := c.find(x.k)
			if e.hotLine == nil {
				t.Fatalf("%d tiers, key of %d bytes split at %d: not found after the counts", len(tiers), n, split)
			}
			if got := c.keyOf(e); got != x.k {
				t.Fatalf("%d tiers, key of %d bytes split at %d: reads back as %q|%q", len(tiers), n, split, got.ClientID, got.User)
			}
			for _, tr := range tiers {
				if got := c.used(x.k, tr.Size, t0.Add(2*time.Second)); got != 0xffff {
					t.Fatalf("%d tiers, key of %d bytes split at %d, %v: used %d, want %d", len(tiers), n, split, tr.Size, got, 0xffff)
				}
			}
		}
	}
}

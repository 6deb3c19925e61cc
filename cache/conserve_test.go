package cache

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Counts are conserved across policy reloads, with the entry's compact
// layout and its counters kept in the tiers' order: one instance, a store
// that adds each confirmed delta to what it holds, tiers reloaded mid-run
// ([1m,1h] -> [1h] -> [1m] -> [1m,1h,1d] -> five sizes over the key's
// life -> [1h,1m] -> none),
// frames rolling, flushes confirmed or aborted, reservations committed
// across reloads and frames. At the end, for every size and every frame
// that is current or previous then, the store's count plus the unflushed
// count equal the cost committed into that frame: nothing lost, crossed
// into another size or frame, or counted twice. Keys are made under the
// tiers of the phase the run starts in, so some hold their second counter
// in their own allocation and some in the overflow (see newEntry).
func TestCountsConservedAcrossReloads(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	tier := func(s time.Duration) window.Tier { return window.Tier{Size: s, Limit: 1 << 40} }
	phases := [][]window.Tier{
		{tier(m), tier(h)}, {tier(h)}, {tier(m)}, {tier(m), tier(h), tier(d)},
		{tier(m), tier(10 * m), tier(2 * h), tier(d)}, {tier(m), tier(h)}, {tier(h), tier(m)}, {}, {tier(7 * d), tier(m)},
	}
	r := strings.Repeat
	keys := []Key{{"", ""}, {"c", "u"}, {r("x", 224), ""}, {r("x", 200), r("u", 30)}, {r("y", 256), ""}}
	type fk struct {
		k     Key
		size  int64
		start int64
	}
	shapes := map[bool]int{} // keys made with room for a second counter (room2) or without
	for seed := range uint64(20) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			c := newCache(t, Config{Shards: 1})
			now := modelStart.Add(-30 * time.Second)
			want := map[fk]int64{}
			stored := map[Key][]Frame{}
			version := map[Key]int64{}
			var opens []Reservation
			phase := 0
			commit := func(i int) {
				res := opens[i]
				k := refKey(res.e)
				for j, sz32 := range res.sizes {
					sz := int64(sz32)
					if sz != 0 {
						want[fk{k, sz, res.starts[j]}] += res.cost
					}
				}
				c.Commit(&res)
				opens = append(opens[:i], opens[i+1:]...)
			}
			flush := func(abort bool) {
				for _, p := range c.TakeDirty(nil, now) {
					if abort && rng.IntN(3) == 0 {
						c.Abort(&p)
						continue
					}
					version[p.Key]++
					stored[p.Key] = Merge(stored[p.Key], p.Delta, now)
					c.Confirm(&p, Snapshot{Version: version[p.Key], Frames: stored[p.Key]}, now)
				}
			}
			checked := 0
			check := func() {
				for len(opens) > 0 {
					commit(0)
				}
				flush(false)
				got := map[fk]int64{}
				for k, fs := range stored {
					for _, f := range fs {
						got[fk{k, int64(f.Size / time.Second), f.StartUnix}] += f.N
					}
				}
				for _, p := range c.AppendLocal(nil, now) {
					for _, f := range p.Delta {
						got[fk{p.Key, int64(f.Size / time.Second), f.StartUnix}] += f.N
					}
				}
				inWindow := func(x fk) bool {
					cur := frameStart(now, x.size)
					return x.start == cur || x.start == cur-x.size
				}
				for x, n := range want {
					if inWindow(x) && got[x] != n {
						t.Errorf("key %d/%d, size %d s, frame %d: store+local %d, committed %d", len(x.k.ClientID), len(x.k.User), x.size, x.start, got[x], n)
					}
				}
				for x, n := range got {
					if inWindow(x) && want[x] == 0 {
						t.Errorf("key %d/%d, size %d s, frame %d: store+local %d, committed none", len(x.k.ClientID), len(x.k.User), x.size, x.start, n)
					}
				}
				for x := range want {
					if inWindow(x) {
						checked++
					}
				}
			}
			for step := range 4000 {
				if step%400 == 399 {
					check()
				}
				if step%120 == 0 {
					phase = rng.IntN(len(phases))
				}
				switch op := rng.IntN(100); {
				case op < 50:
					dd := c.Reserve(keys[rng.IntN(len(keys))], phases[phase], int64(1+rng.IntN(3)), CountAlways, now)
					// The clock only moves forward here, so the cost
					// counts in now's frame of every size the key has a
					// counter of, those the phase's tiers leave out too.
					for j, sz32 := range dd.Reservation.sizes {
						sz := int64(sz32)
						if sz != 0 && dd.Reservation.starts[j] != frameStart(now, sz) {
							t.Fatalf("step %d: reserved in the %d s frame starting %d, now's starts %d", step, sz, dd.Reservation.starts[j], frameStart(now, sz))
						}
					}
					opens = append(opens, dd.Reservation)
				case op < 80:
					if len(opens) > 0 {
						commit(rng.IntN(len(opens)))
					}
				case op < 92:
					adv := time.Duration(rng.IntN(90)) * time.Second
					if rng.IntN(25) == 0 {
						adv = time.Duration(rng.IntN(5*3600)) * time.Second
					}
					now = now.Add(adv)
				default:
					flush(true)
				}
			}
			check()
			if seed == 0 {
				t.Logf("%d (key, size, frame) counts checked in the window", checked)
			}
			for _, k := range keys {
				if e := c.find(k); e.hotLine != nil {
					shapes[e.room2]++
				}
			}
		})
	}
	// The keys are made under whichever tiers the run starts with, so
	// both layouts of the entry (see newEntry) live through the reloads.
	if shapes[true] == 0 || shapes[false] == 0 {
		t.Fatalf("keys made with room for a second counter: %d, without: %d; want both", shapes[true], shapes[false])
	}
}

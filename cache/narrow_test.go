package cache

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"
	"unsafe"
)

// narrowKey drives a narrow as the cache's paths will once the entry holds
// one (the fast ops where they apply, else load, the general path's step
// at full width, store), beside a reference: the same steps on full-width
// counters, as the cache takes them today. Every step checks that the
// narrow, loaded, is the reference exactly.
type narrowKey struct {
	t    *testing.T
	n    *narrow        // an entry's with room2
	s1   *narrowCounter // its second counter (entry.second)
	m    *narrowMore
	k    int // counters: 1 or 2
	ref  [2]counter
	refR int64 // the reference's cost in flight
	fast int   // steps the fast ops took
	slow int   // steps the general path took
}

func newNarrowKey(t *testing.T, u int64, sizes ...int64) *narrowKey {
	e := newEntry(Key{}, u, true)
	x := &narrowKey{t: t, k: len(sizes), n: &e.hot, s1: &e.second().c}
	for i, sz := range sizes {
		x.ref[i] = counter{size: int32(sz), start: frameStart(time.Unix(u, 0), sz)}
	}
	x.general(func(cs []*counter, _ *int64) { // a new key: its counters (track)
		for i, c := range cs {
			c.start = x.ref[i].start
		}
	})
	return x
}

// general runs f on the narrow's state at full width (load, f, store),
// and the sizes are the reference's (the narrow does not hold them).
func (x *narrowKey) general(f func(cs []*counter, r *int64)) {
	x.slow++
	var cs [2]counter
	ps := []*counter{&cs[0], &cs[1]}[:x.k]
	r := x.n.load(x.m, x.s1, ps)
	for i := range x.k {
		cs[i].size = x.ref[i].size
	}
	f(ps, &r)
	x.n.store(&x.m, x.s1, ps, r)
}

// full returns the narrow's state at full width.
func (x *narrowKey) full() ([2]counter, int64) {
	var cs [2]counter
	r := x.n.load(x.m, x.s1, []*counter{&cs[0], &cs[1]}[:x.k])
	return cs, r
}

func (x *narrowKey) roll(u int64) {
	for i := range x.k {
		c := &x.ref[i]
		c.roll(frameStart(time.Unix(u, 0), int64(c.size)))
	}
	for i := range x.k {
		if !x.n.rollOne(i, x.s1, u, int64(x.ref[i].size)) {
			x.general(func(cs []*counter, _ *int64) {
				for _, c := range cs {
					c.roll(frameStart(time.Unix(u, 0), int64(c.size)))
				}
			})
			break
		}
		x.fast++
	}
}

// reserve reserves cost at u and returns the frames it counts in.
func (x *narrowKey) reserve(cost, u int64) (starts [2]int64) {
	x.roll(u)
	x.refR += cost
	if x.n.reserveFast(cost) {
		x.fast++
	} else {
		x.general(func(_ []*counter, r *int64) { *r += cost })
	}
	for i := range x.k {
		starts[i] = x.ref[i].start
	}
	return starts
}

// commit counts a reservation of cost made in the frames starts.
func (x *narrowKey) commit(starts [2]int64, cost int64) {
	x.refR -= cost
	var js [2]int
	all := true
	for i := range x.k {
		if js[i] = x.ref[i].slot(starts[i]); js[i] >= 0 {
			x.ref[i].count(js[i], cost)
		} else {
			all = false
		}
	}
	if all && x.n.commitFast(x.s1, x.k, js, cost) {
		x.fast++
		return
	}
	x.general(func(cs []*counter, r *int64) {
		*r -= cost
		for i, c := range cs {
			if j := c.slot(starts[i]); j >= 0 {
				c.count(j, cost)
			}
		}
	})
}

func (x *narrowKey) release(cost int64) {
	x.refR -= cost
	if x.n.releaseFast(cost) {
		x.fast++
		return
	}
	x.general(func(_ []*counter, r *int64) { *r -= cost })
}

// confirm subtracts a flush's delta, counter i's local counts as of now,
// from the local counts only, and installs the store's counts with it
// (global: the store's counts before the flush), as the syncer's Confirm
// does: the sum stays what it was.
func (x *narrowKey) confirm() {
	for i := range x.k {
		c := &x.ref[i]
		for j := range 2 {
			d := c.local[j]
			c.setGlobal(j, c.global(j)+d)
			c.count(j, -d)
		}
	}
	x.general(func(cs []*counter, _ *int64) {
		for _, c := range cs {
			for j := range 2 {
				d := c.local[j]
				c.setGlobal(j, c.global(j)+d)
				c.count(j, -d)
			}
		}
	})
}

// install makes g the store's count of slot j of counter i.
func (x *narrowKey) install(i, j int, g int64) {
	x.ref[i].setGlobal(j, g)
	x.general(func(cs []*counter, _ *int64) { cs[i].setGlobal(j, g) })
}

// check compares the narrow with the reference, and its flags with set
// and clear.
func (x *narrowKey) check(step string, set, clear uint8) {
	x.t.Helper()
	cs, r := x.full()
	for i := range x.k {
		got, want := cs[i], x.ref[i]
		if got.start != want.start || got.sum != want.sum || got.local != want.local {
			x.t.Fatalf("%s: counter %d holds frame %d, sum %v, local %v; want %d, %v, %v",
				step, i, got.start, got.sum, got.local, want.start, want.sum, want.local)
		}
	}
	if r != x.refR {
		x.t.Fatalf("%s: %d in flight, want %d", step, r, x.refR)
	}
	if f := x.n.flags; f&set != set || f&clear != 0 {
		x.t.Fatalf("%s: flags %#x, want %#x set and %#x clear", step, f, set, clear)
	}
}

// TestNarrowWidths: counts past the narrow widths are kept exactly (bench/'s
// TestProtoHotWidths and TestProtoHot2Widths, on the cache's counters):
// local counts past 16 bits carry into the overflow, and roll with their
// frame; a reservation past 16 bits in flight, counts past 2^31 in a frame
// (policy.MaxCost units at a time), a store's count of policy.MaxLimit,
// and a frame past 2106 make the key wide, and it comes back narrow once
// its state fits again; a wide key's Release takes its cost off. For a key
// of one size and of two (1m + 1h), where either counter past its widths
// makes both wide.
func TestNarrowWidths(t *testing.T) {
	const (
		maxCost  = 1_000_000         // policy.MaxCost
		maxLimit = 1_000_000_000_000 // policy.MaxLimit
	)
	t0 := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC).Unix()
	for _, sizes := range [][]int64{{60}, {60, 3600}} {
		t.Run(fmt.Sprint(sizes), func(t *testing.T) {
			u := t0
			x := newNarrowKey(t, u, sizes...)
			last := sizes[len(sizes)-1]
			commit := func(cost int64, n int) {
				t.Helper()
				for range n {
					x.commit(x.reserve(cost, u), cost)
				}
			}
			x.check("new", 0, narrowWide|narrowCarried)
			commit(1, 3)
			x.check("narrow", 0, narrowWide|narrowCarried)

			commit(1000, 70) // 70,003 units: past loc's 16 bits
			x.check("a carry", narrowCarried, narrowWide)
			u += last // one frame on for the longest size: the carry rolls with the counts
			commit(1, 1)
			x.check("rolled with a carry", narrowCarried, narrowWide)
			x.confirm() // a flush confirmed: the local counts go, and the carry with them
			x.check("a carried key flushed and confirmed", 0, narrowWide|narrowCarried)
			commit(1, 1)
			x.check("counted after the confirm", 0, narrowWide|narrowCarried)

			s := x.reserve(70_000, u) // past 16 bits in flight
			x.check("a wide reservation", narrowWide, 0)
			x.commit(s, 70_000)
			x.check("committed: narrow again, carried", narrowCarried, narrowWide)
			x.reserve(maxCost, u)
			x.check("policy.MaxCost in flight", narrowWide, 0)
			x.release(maxCost)
			x.check("released: narrow again", narrowCarried, narrowWide)

			u += 2 * last         // every frame leaves the window
			commit(maxCost, 2200) // 2.2e9: past int32
			x.check("counts past int32", narrowWide, 0)
			x.reserve(5, u)
			x.release(5)
			x.check("a wide key's release", narrowWide, 0)
			commit(1, 3)
			x.check("a wide key's commits", narrowWide, 0)
			u += sizes[0] // the first counter's frame rolls; a second one holds past int32 alone
			commit(1, 1)
			x.check("rolled one frame", narrowWide, 0)
			x.confirm()
			x.check("a wide key flushed and confirmed", narrowWide, 0)
			u += 2 * last
			commit(1, 1)
			x.check("rolled out: narrow again", 0, narrowWide|narrowCarried)

			x.install(0, 1, maxLimit) // a store's count of the largest limit
			x.check("installed policy.MaxLimit", narrowWide, 0)
			commit(maxCost, 2)
			x.check("counted on policy.MaxLimit", narrowWide, 0)
			x.install(0, 1, 7)
			x.check("installed 7: narrow again, its 2e6 local counts carried", narrowCarried, narrowWide)

			x.install(0, 1, math.MaxInt32-int64(x.ref[0].local[1])-5) // the sum 5 short of int32's end
			x.check("installed just within int32", narrowCarried, narrowWide)
			commit(1, 5)
			x.check("counted to int32's end", narrowCarried, narrowWide)
			commit(1, 1)
			x.check("counted past int32's end on the fast path's ops", narrowWide, 0)

			u = math.MaxUint32 - 1 // the last frame that starts within 32 bits
			commit(1, 1)
			x.check("the last frame of 2106", 0, narrowWide)
			u += 60 // one frame on: the next frame starts past 32 bits (not rolled inline)
			commit(1, 1)
			x.check("rolled one frame past 2106", narrowWide, 0)
			u = math.MaxUint32 + 4000 // a clock past 2106, its frames too
			commit(1, 1)
			x.check("a frame past 2106", narrowWide, 0)
			u = t0 + 10*last // a clock back: the counter stays in the frame it reached
			commit(1, 1)
			x.check("a clock back from 2106", narrowWide, 0)
			if x.fast == 0 || x.slow == 0 {
				t.Errorf("fast ops took %d steps, the general path %d: want both", x.fast, x.slow)
			}
		})
	}
}

// TestNarrowSameAsFullWidth: random steps (reservations and commits of
// costs from 1 to policy.MaxCost, releases, flushes confirmed, the store's
// counts installed up to policy.MaxLimit, a clock that moves within a
// frame, one frame on, jumps, and steps back) keep a narrow exactly what
// full-width counters hold; a narrow is wide exactly when something does
// not fit, and carried exactly when a local count passes 16 bits.
func TestNarrowSameAsFullWidth(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC).Unix()
	costs := []int64{1, 2, 3, 1000, 30_000, 65_535, 65_536, 1_000_000}
	for seed := range uint64(30) {
		rng := rand.New(rand.NewPCG(seed, 136))
		sizes := []int64{1 + rng.Int64N(90)}
		if seed%2 == 1 {
			sizes = append(sizes, sizes[0]*(2+rng.Int64N(60)))
		}
		u := t0
		x := newNarrowKey(t, u, sizes...)
		type open struct {
			starts [2]int64
			cost   int64
		}
		var held []open
		for step := range 3000 {
			name := fmt.Sprintf("seed %d (sizes %v) step %d", seed, sizes, step)
			switch r := rng.IntN(100); {
			case r < 20:
				u += rng.Int64N(sizes[0])
			case r < 23:
				u += sizes[rng.IntN(len(sizes))]
			case r < 24:
				u += 2 * sizes[len(sizes)-1]
			case r < 25:
				u -= rng.Int64N(2 * sizes[0])
			case r < 55:
				cost := costs[rng.IntN(3)]
				if rng.IntN(6) == 0 {
					cost = costs[rng.IntN(len(costs))]
				}
				held = append(held, open{x.reserve(cost, u), cost})
			case r < 80 && len(held) > 0:
				i := rng.IntN(len(held))
				if rng.IntN(4) == 0 {
					x.release(held[i].cost)
				} else {
					x.commit(held[i].starts, held[i].cost)
				}
				held = append(held[:i], held[i+1:]...)
			case r < 85:
				x.confirm()
			case r < 90:
				g := rng.Int64N(1000)
				if rng.IntN(4) == 0 {
					g = rng.Int64N(1_000_000_000_000) // up to policy.MaxLimit
				}
				if rng.IntN(4) == 0 {
					g = math.MaxInt32 - rng.Int64N(3000) // at int32's end
				}
				x.install(rng.IntN(x.k), rng.IntN(2), g)
			}
			fits, carried := x.refR >= 0 && x.refR <= math.MaxUint16, false
			for i := range x.k {
				fits = fits && x.ref[i].fitsNarrow()
				carried = carried || x.ref[i].local[0] > math.MaxUint16 || x.ref[i].local[1] > math.MaxUint16
			}
			switch {
			case !fits:
				x.check(name+" (wide)", narrowWide, narrowCarried)
			case carried:
				x.check(name+" (carried)", narrowCarried, narrowWide)
			default:
				x.check(name, 0, narrowWide|narrowCarried)
			}
		}
		if x.fast == 0 {
			t.Errorf("seed %d: the fast ops took no step", seed)
		}
	}
}

// TestNarrowSizes: the narrow state fits where the plan puts it: a
// counter's counts in 16 bytes (h130's second counter, hotSec), a key's
// first counter, its cost in flight, its flags and its size code in 20
// (proto-hot's hot line holds the first counter, reserved and flags in 19
// of its 64 bytes, plus a byte of its size code).
func TestNarrowSizes(t *testing.T) {
	if got := unsafe.Sizeof(narrowCounter{}); got != 16 {
		t.Errorf("narrowCounter is %d bytes, want 16", got)
	}
	if got := unsafe.Sizeof(narrow{}); got != 20 {
		t.Errorf("narrow is %d bytes, want 20", got)
	}
	if got := unsafe.Alignof(narrow{}); got != 4 {
		t.Errorf("narrow is aligned to %d bytes, want 4", got)
	}
}

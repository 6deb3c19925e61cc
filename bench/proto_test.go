package bench

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// testClock is a clock a test moves.
type testClock struct{ ns atomic.Int64 }

func newTestClock(t time.Time) *testClock {
	c := new(testClock)
	c.ns.Store(t.UnixNano())
	return c
}

func (c *testClock) now() time.Time      { return time.Unix(0, c.ns.Load()) }
func (c *testClock) add(d time.Duration) { c.ns.Add(int64(d)) }

// protoUnder is a prototype under test: proto-inline or
// proto-inline-entry.
type protoUnder interface {
	Contender
	base() *protoBase
	// reserve reserves cost for k at now; settle commits it (a second
	// call does nothing).
	reserve(k cache.Key, cost int64, now time.Time) (settle func(), counted bool)
	// peek returns k's counts (global and local together), reserved
	// cost and frame start, and whether k is held.
	peek(k cache.Key) (prev, curr, reserved, start int64, ok bool)
	table(shard int) any
	protoLoad() (keys, slots int, bytes uintptr)
}

var protoCases = []struct {
	name string
	new  func(now func() time.Time) protoUnder
}{
	{"proto-inline", func(now func() time.Time) protoUnder { return newProtoInlineWith(now) }},
	{"proto-inline-entry", func(now func() time.Time) protoUnder { return newProtoEntryWith(now) }},
	{"proto-hot", func(now func() time.Time) protoUnder { return newProtoHotWith(now) }},
	{"proto-hot-1m1h", func(now func() time.Time) protoUnder { return newProtoHot2With(now) }},
	{"proto-hot-1m1h-ptr", func(now func() time.Time) protoUnder { return newProtoHot2PtrWith(now) }},
}

func (b *protoBase) base() *protoBase { return b }

func (p *protoInline) reserve(k cache.Key, cost int64, now time.Time) (func(), bool) {
	d := new(protoDecision)
	p.reserveTo(d, k, cost, now)
	return func() { p.commit(&d.Reservation) }, d.Counted
}

func (p *protoEntry) reserve(k cache.Key, cost int64, now time.Time) (func(), bool) {
	d := new(protoEntryDecision)
	p.reserveTo(d, k, cost, now)
	return func() { p.commit(&d.Reservation) }, d.Counted
}

func (p *protoHot) reserve(k cache.Key, cost int64, now time.Time) (func(), bool) {
	d := new(hotDecision)
	p.reserveTo(d, k, cost, now)
	return func() { p.commit(&d.Reservation) }, d.Counted
}

func (p *protoHot2) reserve(k cache.Key, cost int64, now time.Time) (func(), bool) {
	d := new(hotDecision)
	p.reserveTo(d, k, cost, now)
	return func() { p.commit(&d.Reservation) }, d.Counted
}

func (p *protoHot2Ptr) reserve(k cache.Key, cost int64, now time.Time) (func(), bool) {
	d := new(hotDecision)
	p.reserveTo(d, k, cost, now)
	return func() { p.commit(&d.Reservation) }, d.Counted
}

func (p *protoHot) table(i int) any    { return p.shards[i].tab.Load() }
func (p *protoInline) table(i int) any { return p.shards[i].tab.Load() }
func (p *protoEntry) table(i int) any  { return p.shards[i].tab.Load() }

func (p *protoInline) peek(k cache.Key) (prev, curr, reserved, start int64, ok bool) {
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	var sl *protoSlot
	if len(k.ClientID)+len(k.User) > protoInlineKey {
		s.longMu.RLock()
		sl = s.long[k.ClientID+k.User]
		s.longMu.RUnlock()
		if sl == nil {
			return 0, 0, 0, 0, false
		}
		sl.mu.Lock()
	} else {
		s.mu.Lock() // no rebuild meanwhile
		sl, _ = s.tab.Load().locate(k, h)
		s.mu.Unlock()
		if sl == nil {
			return 0, 0, 0, 0, false
		}
	}
	defer sl.mu.Unlock()
	return sl.prev, sl.curr, sl.reserved, int64(sl.start), true
}

func (p *protoEntry) peek(k cache.Key) (prev, curr, reserved, start int64, ok bool) {
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	s.mu.Lock()
	e, _ := s.tab.Load().locate(k, h)
	s.mu.Unlock()
	if e == nil {
		return 0, 0, 0, 0, false
	}
	defer e.mu.Unlock()
	c := &e.first
	return c.global[0] + c.local[0], c.global[1] + c.local[1], e.reserved, c.start, true
}

// TestProtoSlotLayout checks what the prototypes' one memory miss rests
// on: a slot is one 64-byte line (proto-inline) or two of one page
// (proto-inline-entry), and every table's slots start at a multiple of
// that (they hold no pointer, so the allocator puts no header before
// them).
func TestProtoSlotLayout(t *testing.T) {
	if got := unsafe.Sizeof(protoSlot{}); got != protoLine {
		t.Fatalf("protoSlot is %d bytes, want %d", got, protoLine)
	}
	if got := unsafe.Offsetof(protoSlot{}.key) + protoInlineKey; got != unsafe.Offsetof(protoSlot{}.prev) {
		t.Errorf("the key's bytes end at %d, the counts start at %d: the layout has a hole", got, unsafe.Offsetof(protoSlot{}.prev))
	}
	if got := unsafe.Sizeof(protoEntrySlot{}); got != protoEntryLine {
		t.Fatalf("protoEntrySlot is %d bytes, want %d", got, protoEntryLine)
	}
	if got := unsafe.Offsetof(protoEntrySlot{}.key); got != protoEntryLine-protoEntryKey {
		t.Errorf("protoEntrySlot's key starts at %d, want %d (the cache's entry is 96 bytes)", got, protoEntryLine-protoEntryKey)
	}
	for n := range 3000 {
		tab := newProtoTable(n)
		if a := uintptr(unsafe.Pointer(&tab.slots[0])); a%protoLine != 0 {
			t.Fatalf("a table for %d keys (%d slots) starts at %#x, %d bytes into a line", n, len(tab.slots), a, a%protoLine)
		}
		et := newProtoEntryTable(n)
		if a := uintptr(unsafe.Pointer(&et.slots[0])); a%protoEntryLine != 0 {
			t.Fatalf("an entry table for %d keys (%d slots) starts at %#x, %d bytes into a pair of lines", n, len(et.slots), a, a%protoEntryLine)
		}
	}
}

// TestProtoCountsAcrossFrames: a key's counts, reservations and commits as
// the clock crosses frames. A commit counts in the frame its reservation
// was made in, or in none once that frame has left the window.
func TestProtoCountsAcrossFrames(t *testing.T) {
	for _, tc := range protoCases {
		t.Run(tc.name, func(t *testing.T) {
			clk := newTestClock(time.Date(2026, 11, 27, 4, 0, 10, 0, time.UTC))
			p := tc.new(clk.now)
			k := OwnedKey(42).Cache
			reserve := func() func() {
				settle, ok := p.reserve(k, 1, clk.now())
				if !ok {
					t.Fatal("denied")
				}
				return settle
			}
			check := func(step string, prev, curr, reserved int64) {
				t.Helper()
				gp, gc, gr, _, ok := p.peek(k)
				if !ok || gp != prev || gc != curr || gr != reserved {
					t.Errorf("%s: prev %d, curr %d, reserved %d (held %v); want %d, %d, %d", step, gp, gc, gr, ok, prev, curr, reserved)
				}
			}
			for range 5 {
				reserve()()
			}
			open1 := reserve() // reserved in frame 0
			check("frame 0", 0, 5, 1)
			clk.add(time.Minute)
			open2 := reserve() // rolls to frame 1
			check("frame 1, before the commits", 5, 0, 2)
			open1() // frame 0 is frame 1's previous
			check("frame 1, frame 0's reservation committed", 6, 0, 1)
			open1() // cleared: nothing
			check("a second commit of one reservation", 6, 0, 1)
			clk.add(2 * time.Minute)
			last := reserve() // rolls to frame 3: frame 1 left the window
			check("frame 3", 0, 0, 2)
			open2()
			check("frame 3, frame 1's reservation committed", 0, 0, 1)
			last()
			check("frame 3, its own", 0, 1, 0)
			if _, _, _, start, _ := p.peek(k); start != p.base().tier.FrameStartUnix(clk.now()) {
				t.Errorf("frame start %d, want %d", start, p.base().tier.FrameStartUnix(clk.now()))
			}
		})
	}
}

// oneShard makes p put every key in shard 0.
func oneShard(p protoUnder) {
	b := p.base()
	b.testHash = func(k cache.Key) uint64 { return b.keyHash(k) &^ (protoShards - 1) }
}

// TestProtoReservationAcrossRebuild: a reservation made before its key's
// table is rebuilt counts in the new table (forwarding), and the keys the
// rebuilds moved keep their counts.
func TestProtoReservationAcrossRebuild(t *testing.T) {
	for _, tc := range protoCases {
		t.Run(tc.name, func(t *testing.T) {
			clk := newTestClock(time.Date(2026, 11, 27, 4, 0, 10, 0, time.UTC))
			p := tc.new(clk.now)
			oneShard(p)
			first := OwnedKey(0)
			settle, _ := p.reserve(first.Cache, 1, clk.now())
			before := p.table(0)
			for i := range uint32(1000) { // rebuilds
				k := OwnedKey(i + 1)
				if !p.Decide(&k) {
					t.Fatalf("key %d denied", i+1)
				}
			}
			if p.table(0) == before {
				t.Fatal("no rebuild: the test tests nothing")
			}
			settle()
			if prev, curr, reserved, _, ok := p.peek(first.Cache); !ok || prev != 0 || curr != 1 || reserved != 0 {
				t.Errorf("the key reserved before the rebuilds: prev %d, curr %d, reserved %d (held %v); want 0, 1, 0", prev, curr, reserved, ok)
			}
			for i := range uint32(1000) {
				if _, curr, reserved, _, ok := p.peek(OwnedKey(i + 1).Cache); !ok || curr != 1 || reserved != 0 {
					t.Fatalf("key %d: curr %d, reserved %d (held %v); want 1, 0", i+1, curr, reserved, ok)
				}
			}
			if keys, _, _ := p.protoLoad(); keys != 1001 {
				t.Errorf("%d keys held, want 1001", keys)
			}
		})
	}
}

// TestProtoConcurrent: goroutines decide new and held keys of one shard at
// once, holding reservations across the rebuilds the new keys make and
// committing them later; every decision counts once.
func TestProtoConcurrent(t *testing.T) {
	for _, tc := range protoCases {
		t.Run(tc.name, func(t *testing.T) {
			clk := newTestClock(time.Date(2026, 11, 27, 4, 0, 10, 0, time.UTC))
			p := tc.new(clk.now)
			oneShard(p)
			const (
				goroutines = 4
				keys       = 600 // several rebuilds of one shard
				rounds     = 3
			)
			var wg sync.WaitGroup
			for g := range goroutines {
				wg.Go(func() {
					rk := newReqKey()
					var held []func()
					for r := range rounds {
						for i := range uint32(keys) {
							settle, ok := p.reserve(rk.set((i+uint32(g*97+r*31))%keys).Cache, 1, clk.now())
							if !ok {
								t.Errorf("key %d denied", i)
								return
							}
							if held = append(held, settle); len(held) == 50 {
								for _, f := range held {
									f()
								}
								held = held[:0]
							}
						}
					}
					for _, f := range held {
						f()
					}
				})
			}
			wg.Wait()
			for i := range uint32(keys) {
				if prev, curr, reserved, _, ok := p.peek(OwnedKey(i).Cache); !ok || prev != 0 || curr != goroutines*rounds || reserved != 0 {
					t.Errorf("key %d: prev %d, curr %d, reserved %d (held %v); want 0, %d, 0", i, prev, curr, reserved, ok, goroutines*rounds)
				}
			}
		})
	}
}

// TestProtoKeys: keys are told apart by their bytes, not by their hash
// (every key here has the same one), wherever in the key they differ, by
// where they split, and kept in a
// copy of their own (the request's buffer is overwritten); proto-inline's
// keys too long for a slot are counted as well.
func TestProtoKeys(t *testing.T) {
	for _, tc := range protoCases {
		t.Run(tc.name, func(t *testing.T) {
			clk := newTestClock(time.Date(2026, 11, 27, 4, 0, 10, 0, time.UTC))
			p := tc.new(clk.now)
			p.base().testHash = func(cache.Key) uint64 { return 12345 << 8 }
			long := strings.Repeat("x", protoInlineKey)
			keys := []cache.Key{
				{}, {ClientID: "a"}, {User: "a"}, {ClientID: "ab"}, {ClientID: "a", User: "b"}, {ClientID: "ab", User: "c"}, {ClientID: "a", User: "bc"},
				{ClientID: "client-0000001", User: "user-0000001"}, {ClientID: "client-0000001", User: "user-0000002"},
				{ClientID: "client-0000001"}, {ClientID: long}, {ClientID: long[1:], User: "y"},
				// 8 bytes or more, told apart only in their first word
				{ClientID: "0-client-000001"}, {ClientID: "1-client-000001"},
				{ClientID: "c", User: "0-user-0000001"}, {ClientID: "c", User: "1-user-0000001"},
			}
			if _, ok := p.(*protoEntry); !ok {
				keys = append(keys, cache.Key{ClientID: long, User: "y"}, cache.Key{ClientID: long, User: "z"}, cache.Key{ClientID: long[1:], User: "yz"})
			}
			if _, ok := p.(*protoHot); ok {
				// Long keys of one part (a view of the buffer if not
				// copied), and ones told apart only by their split
				// (proto-inline's map of long keys, keyed by the bytes
				// alone, holds these three as one key).
				keys = append(keys, cache.Key{ClientID: long + "z"}, cache.Key{User: long + "z"})
			}
			for range 3 {
				for i, k := range keys {
					buf := []byte(k.ClientID + k.User)
					view := unsafe.String(unsafe.SliceData(buf), len(buf))
					settle, ok := p.reserve(cache.Key{ClientID: view[:len(k.ClientID)], User: view[len(k.ClientID):]}, int64(i+1), clk.now())
					for j := range buf {
						buf[j] = '#' // the request's buffer, reused
					}
					if !ok {
						t.Fatalf("%+v denied", k)
					}
					settle()
				}
			}
			for i, k := range keys {
				if _, curr, reserved, _, ok := p.peek(k); !ok || curr != 3*int64(i+1) || reserved != 0 {
					t.Errorf("key %q+%q: curr %d, reserved %d (held %v); want %d, 0", k.ClientID, k.User, curr, reserved, ok, 3*(i+1))
				}
			}
			if n := keysHeld(p); n != len(keys) {
				t.Errorf("%d keys held, want %d", n, len(keys))
			}
		})
	}
}

// TestProtoNoAllocs: a decision on a held key allocates nothing.
func TestProtoNoAllocs(t *testing.T) {
	for _, tc := range protoCases {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.new(time.Now)
			if err := Populate(p, 1000); err != nil {
				t.Fatal(err)
			}
			rk := newReqKey()
			i := uint32(0)
			if a := testing.AllocsPerRun(1000, func() {
				if !p.Decide(rk.set(i % 1000)) {
					t.Fatal("denied")
				}
				i++
			}); a != 0 {
				t.Errorf("%.2f allocations a decision, want 0", a)
			}
		})
	}
}

// BenchmarkProtoLoad reports each prototype's table load and its tables'
// bytes a key at MemoryKeys keys (run it with -benchtime=1x).
func BenchmarkProtoLoad(b *testing.B) {
	for _, tc := range protoCases {
		b.Run("lim="+tc.name, func(b *testing.B) {
			var keys, slots int
			var bytes uintptr
			for b.Loop() {
				p := tc.new(time.Now)
				if err := Populate(p, MemoryKeys); err != nil {
					b.Fatal(err)
				}
				keys, slots, bytes = p.protoLoad()
			}
			b.ReportMetric(float64(keys)/float64(slots), "load")
			b.ReportMetric(float64(bytes)/float64(keys), "table-bytes/key")
			b.Logf("%d keys in %d slots", keys, slots)
		})
	}
}

// TestProtoEntryDirtyAcrossRebuild: proto-inline-entry's dirty lists name
// each key committed since its last flush once, by its slot in the
// current table, however many rebuilds moved it since it was queued.
func TestProtoEntryDirtyAcrossRebuild(t *testing.T) {
	clk := newTestClock(time.Date(2026, 11, 27, 4, 0, 10, 0, time.UTC))
	p := newProtoEntryWith(clk.now)
	decideAcrossRebuild(t, p, func() any { return p.table(0) })
	tab := p.shards[0].tab.Load()
	checkDirtyOnce(t, p.shards[0].dirty, func(j uint32) string {
		if e := &tab.slots[j]; e.klen == slotEmpty || e.flags&entQueued == 0 {
			return fmt.Sprintf("holds klen %d, flags %#x", e.klen, e.flags)
		}
		return ""
	})
}

// dirtyKeys is how many keys decideAcrossRebuild decides.
const dirtyKeys = 1000

// decideAcrossRebuild puts p in one shard and decides dirtyKeys keys twice
// over, which rebuilds the shard's table (table returns it; the test fails
// if it did not change).
func decideAcrossRebuild(t *testing.T, p interface {
	protoUnder
	Decide(*Key) bool
}, table func() any) {
	t.Helper()
	oneShard(p)
	before := table()
	for round := range 2 {
		for i := range uint32(dirtyKeys) {
			k := OwnedKey(i)
			if !p.Decide(&k) {
				t.Fatalf("round %d: key %d denied", round, i)
			}
		}
	}
	if table() == before {
		t.Fatal("no rebuild: the test tests nothing")
	}
}

// checkDirtyOnce checks that dirty names dirtyKeys slots, none twice, each
// of which bad finds nothing wrong with ("" or what is wrong).
func checkDirtyOnce(t *testing.T, dirty []uint32, bad func(j uint32) string) {
	t.Helper()
	seen := map[uint32]bool{}
	for _, j := range dirty {
		if seen[j] {
			t.Errorf("slot %d queued twice", j)
		}
		seen[j] = true
		if why := bad(j); why != "" {
			t.Errorf("slot %d queued, %s", j, why)
		}
	}
	if len(seen) != dirtyKeys {
		t.Errorf("%d keys queued, want %d", len(seen), dirtyKeys)
	}
}

func (p *protoHot) peek(k cache.Key) (prev, curr, reserved, start int64, ok bool) {
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	s.mu.Lock() // no rebuild meanwhile
	defer s.mu.Unlock()
	t := s.tab.Load()
	i, st := t.locate(k, h)
	if st != hotFound {
		return 0, 0, 0, 0, false
	}
	t.hot[i].mu.Lock()
	defer t.hot[i].mu.Unlock()
	x := t.load(i)
	return x.sum[0], x.sum[1], x.reserved, x.start, true
}

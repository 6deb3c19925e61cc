package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestProtoHotLayout checks what proto-hot's one memory miss and its
// memory a key rest on: the hot slot is one 64-byte line, its fields end
// where the key's bytes start and the key fills the line to its end, the
// cold slot is 32 bytes, and every table's hot slots start on a line
// (they hold no pointer: the allocator puts no header before them).
func TestProtoHotLayout(t *testing.T) {
	var s hotSlot
	if got := unsafe.Sizeof(s); got != hotLine {
		t.Fatalf("hotSlot is %d bytes, want %d", got, hotLine)
	}
	if got := unsafe.Offsetof(s.key) + hotKey; got != hotLine {
		t.Errorf("the key's bytes end at %d, want %d: the line has a hole or spills", got, hotLine)
	}
	if got := unsafe.Offsetof(s.reserved) + unsafe.Sizeof(s.reserved); got != unsafe.Offsetof(s.key) {
		t.Errorf("the fields end at %d, the key starts at %d: the layout has a hole", got, unsafe.Offsetof(s.key))
	}
	if got := unsafe.Sizeof(coldSlot{}); got != hotColdSize {
		t.Errorf("coldSlot is %d bytes, want %d", got, hotColdSize)
	}
	for n := range 3000 {
		tab := newHotTable(n, hotSecNone)
		if a := uintptr(unsafe.Pointer(&tab.hot[0])); a%hotLine != 0 {
			t.Fatalf("a table for %d keys (%d slots) starts at %#x, %d bytes into a line", n, len(tab.hot), a, a%hotLine)
		}
		if len(tab.cold) != len(tab.hot) {
			t.Fatalf("a table for %d keys: %d hot slots, %d cold", n, len(tab.hot), len(tab.cold))
		}
	}
}

// hotLocal returns k's local counts (what a flush would write: the hot
// line's and the overflow's) and its hot flags.
func (p *protoHot) hotLocal(k cache.Key) (loc [2]int64, flags uint8) {
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	s.mu.Lock()
	defer s.mu.Unlock()
	tab := s.tab.Load()
	i, st := tab.locate(k, h)
	if st != hotFound {
		return loc, 0
	}
	tab.hot[i].mu.Lock()
	defer tab.hot[i].mu.Unlock()
	return tab.load(i).loc, tab.hot[i].flags
}

// TestProtoHotWidths: counts past the hot line's widths are kept exactly:
// the local counts past 16 bits carry into the overflow, and roll with
// the frame; a reservation past 16 bits in flight, and counts past 2^31 in
// a frame, make the key wide, and it comes back narrow once its state
// fits again.
func TestProtoHotWidths(t *testing.T) {
	clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
	p := newProtoHotWith(clk.now)
	k := OwnedKey(7).Cache
	commit := func(cost int64, n int) {
		t.Helper()
		for range n {
			settle, ok := p.reserve(k, cost, clk.now())
			if !ok {
				t.Fatalf("cost %d denied", cost)
			}
			settle()
		}
	}
	check := func(step string, prev, curr, reserved int64, loc [2]int64, set, clear uint8) {
		t.Helper()
		gp, gc, gr, _, ok := p.peek(k)
		gl, f := p.hotLocal(k)
		if !ok || gp != prev || gc != curr || gr != reserved || gl != loc || f&set != set || f&clear != 0 {
			t.Errorf("%s: prev %d, curr %d, reserved %d, local %v, flags %#x (held %v); want %d, %d, %d, %v, flags %#x set and %#x clear",
				step, gp, gc, gr, gl, f, ok, prev, curr, reserved, loc, set, clear)
		}
	}
	commit(1000, 70) // 70,000 units: past the hot uint16
	check("a carry", 0, 70_000, 0, [2]int64{0, 70_000}, hotCarried, hotWide)
	clk.add(time.Minute)
	commit(1, 1) // the roll moves the carry with the counts
	check("rolled with a carry", 70_000, 1, 0, [2]int64{70_000, 1}, hotCarried, hotWide)

	settle, _ := p.reserve(k, 70_000, clk.now()) // past the hot uint16 in flight
	check("a wide reservation", 70_000, 1, 70_000, [2]int64{70_000, 1}, hotWide, 0)
	settle()
	check("committed: narrow again", 70_000, 70_001, 0, [2]int64{70_000, 70_001}, hotCarried, hotWide)

	clk.add(2 * time.Minute) // both frames leave the window
	const big = 1_000_000    // policy.MaxCost
	commit(big, 2200)        // 2.2e9: past int32
	check("counts past int32", 0, 2200*big, 0, [2]int64{0, 2200 * big}, hotWide, 0)
	commit(1, 3)
	check("a wide key's decisions", 0, 2200*big+3, 0, [2]int64{0, 2200*big + 3}, hotWide, 0)
	clk.add(2 * time.Minute)
	commit(1, 1)
	check("rolled out: narrow again", 0, 1, 0, [2]int64{0, 1}, 0, hotWide|hotCarried)
}

// TestProtoHotDecidesAsTheCache: proto-hot's decisions, fast path and
// slow, are the cache's (cache.ReserveTo and Commit, one tier): the same
// verdict, remaining, used, retry and reset, step for step, with
// reservations held open across decisions, committed or released (which
// weighs those in flight past a tenth of the limit), denials, costs and a
// clock that moves across frames, jumps two frames ahead and, once in a
// while, steps back within a frame.
func TestProtoHotDecidesAsTheCache(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 128))
		clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
		tier := window.Tier{Limit: 40 + int64(rng.IntN(200)), Size: time.Duration(1+rng.IntN(90)) * time.Second}
		p := newProtoHotWith(clk.now)
		p.tier, p.size = tier, int64(tier.Size/time.Second)
		c, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		tiers := []window.Tier{tier}
		k := OwnedKey(uint32(seed)).Cache
		type open struct {
			hot *hotDecision
			ref *cache.Decision
		}
		var held []open
		latest := clk.now()
		for step := range 2000 {
			switch r := rng.IntN(100); {
			case r < 30:
				clk.add(time.Duration(rng.IntN(3000)) * time.Millisecond)
			case r < 31:
				// Back, to no more than a frame behind the latest time
				// yet: a clock back by more has the cache move the
				// counter back and make frames of its counts ahead
				// (retire, adopt), which proto-hot does not build.
				back := time.Duration(rng.Int64N(int64(min(5*time.Second, tier.Size))))
				clk.add(-min(back, clk.now().Sub(latest.Add(-tier.Size))))
			case r < 32:
				clk.add(tier.Size * 2)
			}
			cost := int64(1 + rng.IntN(3))
			if rng.IntN(6) == 0 { // up to a fifth of the limit: past its tenth in flight
				cost = 1 + rng.Int64N(tier.Limit/5)
			}
			now := clk.now()
			if now.After(latest) {
				latest = now
			}
			hd, rd := new(hotDecision), new(cache.Decision)
			p.reserveTo(hd, k, cost, now)
			c.ReserveTo(rd, k, tiers, cost, cache.Enforce, now)
			if hd.Allowed != rd.Allowed || hd.Counted != rd.Counted || hd.Remaining != rd.Remaining || hd.Used != rd.Used ||
				hd.RetryAfter != rd.RetryAfter || hd.Reset != rd.Reset || hd.Tier != rd.Tier {
				t.Fatalf("seed %d step %d (tier %v, cost %d, %d open): proto-hot %+v; the cache %+v",
					seed, step, tier, cost, len(held), *hd, *rd)
			}
			if hd.Counted {
				held = append(held, open{hd, rd})
			}
			for len(held) > 0 && (len(held) > 12 || rng.IntN(3) == 0) {
				o := held[0]
				held = held[1:]
				if rng.IntN(4) == 0 { // the token endpoint refused: released
					p.release(&o.hot.Reservation)
					c.Release(&o.ref.Reservation)
				} else {
					p.commit(&o.hot.Reservation)
					c.Commit(&o.ref.Reservation)
				}
			}
		}
	}
}

// TestProtoHotDirtyAcrossRebuild: proto-hot's dirty lists name each key
// committed since its last flush once, by its slot in the current table,
// however many rebuilds moved it since it was queued.
func TestProtoHotDirtyAcrossRebuild(t *testing.T) {
	clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
	p := newProtoHotWith(clk.now)
	decideAcrossRebuild(t, p, func() any { return p.table(0) })
	tab := p.shards[0].tab.Load()
	checkDirtyOnce(t, p.shards[0].dirty, func(j uint32) string {
		if sl := &tab.hot[j]; sl.ident.Load() == 0 || sl.flags&hotQueued == 0 {
			return fmt.Sprintf("holds ident %#x, flags %#x", sl.ident.Load(), sl.flags)
		}
		return ""
	})
}

// BenchmarkProtoHotFixedClock is BenchmarkDecide's workloads through
// proto-hot with a fixed time, beside project-fixedclock: for
// instruction counts (bench/instructions.sh), not the request path.
func BenchmarkProtoHotFixedClock(b *testing.B) {
	benchDecide(b, []Spec{
		{"proto-hot-fixedclock", "", func() Contender { return newProtoHotWith(func() time.Time { return fixedNow }) }},
		{"project-fixedclock", "", newProjectFixedClock},
	})
}

// TestProtoHotHomeSlotComparesBytes: the decision's inline check of a
// key's home slot (find) compares the key's bytes, not only the ident: a
// slot whose ident is the key's (length, split, tag) but whose bytes are
// another key's, as a tag shared by two keys makes it, is passed over.
func TestProtoHotHomeSlotComparesBytes(t *testing.T) {
	clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
	p := newProtoHotWith(clk.now)
	k := OwnedKey(1)
	if !p.Decide(&k) {
		t.Fatal("denied")
	}
	h := p.hash(k.Cache)
	s := &p.shards[h&(protoShards-1)]
	tab := s.tab.Load()
	i, st := tab.locate(k.Cache, h)
	if st != hotFound || i != int(protoHome(h, uint64(len(tab.hot)))) {
		t.Fatalf("the key is not in its home slot (%d, %d): the test tests nothing", i, st)
	}
	sl := &tab.hot[i]
	sl.mu.Lock()
	sl.key[len(k.Cache.ClientID)+len(k.Cache.User)-1] ^= 1 // another key's bytes under the key's ident
	sl.mu.Unlock()
	rk := newReqKey()
	if !p.Decide(rk.set(1)) {
		t.Fatal("denied")
	}
	if n := keysHeld(p); n != 2 {
		t.Errorf("%d keys held, want 2: the key was found in a slot holding other bytes", n)
	}
	if _, curr, _, _, ok := p.peek(k.Cache); !ok || curr != 1 {
		t.Errorf("the key: curr %d (held %v), want 1 in a slot of its own", curr, ok)
	}
}

package bench

import (
	"math/rand/v2"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestProtoHot2Layout checks what proto-hot-1m1h's one memory miss and
// its memory a key rest on: the second counter is 16 bytes, so four fill
// a line and none straddles two; every table of a proto-hot-1m1h has as
// many of them as slots, starting on a 16-byte boundary; a proto-hot of
// one size has none.
func TestProtoHot2Layout(t *testing.T) {
	if got := unsafe.Sizeof(hotSec{}); got != hotSecSize || hotLine%hotSecSize != 0 {
		t.Fatalf("hotSec is %d bytes, want %d (a divisor of %d)", got, hotSecSize, hotLine)
	}
	for n := range 3000 {
		tab := newHotTable(n, hotSecArray)
		if len(tab.sec) != len(tab.hot) {
			t.Fatalf("a table for %d keys: %d hot slots, %d second counters", n, len(tab.hot), len(tab.sec))
		}
		if a := uintptr(unsafe.Pointer(&tab.sec[0])); a%hotSecSize != 0 {
			t.Fatalf("a table for %d keys: its second counters start at %#x, %d bytes into a 16-byte block: some straddle two lines", n, a, a%hotSecSize)
		}
		if a := uintptr(unsafe.Pointer(&tab.hot[0])); a%hotLine != 0 {
			t.Fatalf("a table for %d keys (%d slots) starts at %#x, %d bytes into a line", n, len(tab.hot), a, a%hotLine)
		}
		if one := newHotTable(n, hotSecNone); one.sec != nil || one.secp != nil {
			t.Fatalf("a table of one size for %d keys has %d second counters", n, len(one.sec))
		}
	}
	// Through a rebuild: every key keeps its second counter.
	clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
	p := newProtoHot2With(clk.now)
	oneShard(p)
	before := p.table(0)
	for i := range uint32(500) {
		k := OwnedKey(i)
		for range 1 + i%3 {
			if !p.Decide(&k) {
				t.Fatalf("key %d denied", i)
			}
		}
	}
	if p.table(0) == before {
		t.Fatal("no rebuild: the test tests nothing")
	}
	for i := range uint32(500) {
		st, st2, ok := p.peek2(OwnedKey(i).Cache)
		if want := int64(1 + i%3); !ok || st.sum[1] != want || st2.sum[1] != want || st2.start != tiers1m1h[1].FrameStartUnix(clk.now()) {
			t.Errorf("key %d: first %+v, second %+v (held %v); want %d counted in each, the second's frame %d", i, st, st2, ok, want, tiers1m1h[1].FrameStartUnix(clk.now()))
		}
	}
}

// hot2Under is proto-hot-1m1h or its control, proto-hot-1m1h-ptr.
type hot2Under interface {
	reserveTo(d *hotDecision, k cache.Key, cost int64, now time.Time)
	commit(r *hotReservation)
	release(r *hotReservation)
	reserve(k cache.Key, cost int64, now time.Time) (func(), bool)
	setTiers(t0, t1 window.Tier)
	peek2(k cache.Key) (st, st2 hotState, ok bool)
	hotLocal(k cache.Key) (loc [2]int64, flags uint8)
}

var hot2Cases = []struct {
	name string
	new  func(now func() time.Time) hot2Under
}{
	{"proto-hot-1m1h", func(now func() time.Time) hot2Under { return newProtoHot2With(now) }},
	{"proto-hot-1m1h-ptr", func(now func() time.Time) hot2Under { return newProtoHot2PtrWith(now) }},
}

// peek2 returns k's two counters at full width.
func (p *protoHot2) peek2(k cache.Key) (st, st2 hotState, ok bool) {
	h := p.hash(k)
	s := &p.shards[h&(protoShards-1)]
	s.mu.Lock()
	defer s.mu.Unlock()
	tab := s.tab.Load()
	i, r := tab.locate(k, h)
	if r != hotFound {
		return st, st2, false
	}
	tab.hot[i].mu.Lock()
	defer tab.hot[i].mu.Unlock()
	st, st2 = tab.load2(i)
	return st, st2, true
}

// TestProtoHot2Widths: the second counter's counts past the narrow widths
// are kept exactly, as the first's: its local counts past 16 bits carry
// into the overflow and roll with its frame, counts past 2^31 make the key
// wide, and it comes back narrow once both counters fit again.
func TestProtoHot2Widths(t *testing.T) {
	for _, tc := range hot2Cases {
		t.Run(tc.name, func(t *testing.T) { testProtoHot2Widths(t, tc.new) })
	}
}

func testProtoHot2Widths(t *testing.T, newP func(now func() time.Time) hot2Under) {
	clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
	p := newP(clk.now)
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
	check := func(step string, sum1, loc1 [2]int64, set, clear uint8) {
		t.Helper()
		_, st2, ok := p.peek2(k)
		_, f := p.hotLocal(k)
		if !ok || st2.sum != sum1 || st2.loc != loc1 || f&set != set || f&clear != 0 {
			t.Errorf("%s: second counter %v, local %v, flags %#x (held %v); want %v, %v, flags %#x set and %#x clear",
				step, st2.sum, st2.loc, f, ok, sum1, loc1, set, clear)
		}
	}
	commit(1000, 70)
	check("a carry", [2]int64{0, 70_000}, [2]int64{0, 70_000}, hotCarried, hotWide)
	clk.add(time.Hour)
	commit(1, 1)
	check("rolled with a carry", [2]int64{70_000, 1}, [2]int64{70_000, 1}, hotCarried, hotWide)
	clk.add(2 * time.Hour)
	const big = 1_000_000
	commit(big, 2200)
	check("counts past int32", [2]int64{0, 2200 * big}, [2]int64{0, 2200 * big}, hotWide, 0)
	clk.add(2 * time.Minute) // the first counter's frames leave its window; the second holds past int32 alone
	commit(1, 1)
	check("the second counter alone past int32", [2]int64{0, 2200*big + 1}, [2]int64{0, 2200*big + 1}, hotWide, 0)
	if st, _, _ := p.peek2(k); st.sum != [2]int64{0, 1} {
		t.Errorf("the first counter %v, want [0 1]", st.sum)
	}
	d := new(hotDecision) // a wide key's reservation, released
	p.reserveTo(d, k, 5, clk.now())
	p.release(&d.Reservation)
	check("a wide key's release", [2]int64{0, 2200*big + 1}, [2]int64{0, 2200*big + 1}, hotWide, 0)
	clk.add(2 * time.Hour)
	commit(1, 1)
	check("rolled out: narrow again", [2]int64{0, 1}, [2]int64{0, 1}, 0, hotWide|hotCarried)
}

// TestProtoHot2DecidesAsTheCache: proto-hot-1m1h's decisions, fast path
// and slow, are the cache's with two tiers (cache.ReserveTo, Commit and
// Release): the same verdict, the same tier (the one that binds or
// denies), remaining, used, retry and reset, step for step, with
// reservations held open, committed or released, denials by either tier,
// costs past a tenth of either limit, and a clock that moves across both
// tiers' frames, jumps ahead and steps back within a frame of the shorter.
func TestProtoHot2DecidesAsTheCache(t *testing.T) {
	for _, tc := range hot2Cases {
		t.Run(tc.name, func(t *testing.T) { testProtoHot2DecidesAsTheCache(t, tc.new) })
	}
}

func testProtoHot2DecidesAsTheCache(t *testing.T, newP func(now func() time.Time) hot2Under) {
	var deniedBy [2]int // over all seeds
	for seed := range uint64(30) {
		rng := rand.New(rand.NewPCG(seed, 130))
		clk := newTestClock(time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC))
		size0 := time.Duration(1+rng.IntN(60)) * time.Second
		t0 := window.Tier{Limit: 40 + int64(rng.IntN(200)), Size: size0}
		t1 := window.Tier{Limit: 40 + int64(rng.IntN(600)), Size: size0 * time.Duration(2+rng.IntN(8))}
		p := newP(clk.now)
		p.setTiers(t0, t1)
		c, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		tiers := []window.Tier{t0, t1}
		k := OwnedKey(uint32(seed)).Cache
		type open struct {
			hot *hotDecision
			ref *cache.Decision
		}
		var held []open
		latest := clk.now()
		denied := [2]int{}
		for step := range 3000 {
			switch r := rng.IntN(100); {
			case r < 30:
				clk.add(time.Duration(rng.IntN(3000)) * time.Millisecond)
			case r < 31:
				back := time.Duration(rng.Int64N(int64(min(5*time.Second, size0))))
				clk.add(-min(back, clk.now().Sub(latest.Add(-size0))))
			case r < 32:
				clk.add(size0 * 2)
			case r < 33:
				clk.add(t1.Size)
			}
			cost := int64(1 + rng.IntN(3))
			if rng.IntN(6) == 0 {
				cost = 1 + rng.Int64N(min(t0.Limit, t1.Limit)/5)
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
				t.Fatalf("seed %d step %d (tiers %v %v, cost %d, %d open): proto-hot-1m1h %+v; the cache %+v",
					seed, step, t0, t1, cost, len(held), *hd, *rd)
			}
			if !rd.Allowed {
				if rd.Tier == t0 {
					denied[0]++
				} else {
					denied[1]++
				}
			}
			if hd.Counted {
				held = append(held, open{hd, rd})
			}
			for len(held) > 0 && (len(held) > 12 || rng.IntN(3) == 0) {
				o := held[0]
				held = held[1:]
				if rng.IntN(4) == 0 {
					p.release(&o.hot.Reservation)
					c.Release(&o.ref.Reservation)
				} else {
					p.commit(&o.hot.Reservation)
					c.Commit(&o.ref.Reservation)
				}
			}
		}
		t.Logf("seed %d: tiers %v %v: denied by the first %d, by the second %d", seed, t0, t1, denied[0], denied[1])
		deniedBy[0] += denied[0]
		deniedBy[1] += denied[1]
	}
	if deniedBy[0] == 0 || deniedBy[1] == 0 {
		t.Errorf("denials by the first tier %d, by the second %d: the test does not test both", deniedBy[0], deniedBy[1])
	}
}

// BenchmarkProtoHot2FixedClock is BenchmarkDecide's workloads through
// proto-hot-1m1h with a fixed time, beside project-1m1h-fixedclock: for
// instruction counts (bench/instructions.sh).
func BenchmarkProtoHot2FixedClock(b *testing.B) {
	benchDecide(b, []Spec{
		{"proto-hot-1m1h-fixedclock", "", func() Contender { return newProtoHot2With(func() time.Time { return fixedNow }) }},
		{"proto-hot-1m1h-ptr-fixedclock", "", func() Contender { return newProtoHot2PtrWith(func() time.Time { return fixedNow }) }},
		{"project-1m1h-fixedclock", "", newProject1m1hFixedClock},
	})
}

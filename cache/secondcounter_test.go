package cache

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// An entry made for two window sizes holds its second counter right
// after it, in its own allocation (room2, see newEntry and second), and its
// key's bytes where keyString reads them, for every length of key: in the
// hot line, inline after the entry in each of the eleven rooms, and long,
// copied out of the buffer the key viewed, which is overwritten before the
// key is read back. Writing every byte of the second counter leaves the key
// and the entry as they were; under -race, checkptr also fails the
// conversion in second if the counter were not inside the entry's
// allocation.
func TestSecondCounterLayout(t *testing.T) {
	if got, want := unsafe.Offsetof(keyed2[[8]byte]{}.s), unsafe.Sizeof(entryMem{}); got != want {
		t.Fatalf("second counter at offset %d of keyed2, second reads it at %d", got, want)
	}
	for _, off := range []uintptr{
		unsafe.Offsetof(keyed2[[32]byte]{}.b),
		unsafe.Offsetof(keyed2[[maxInlineKey]byte]{}.b),
		unsafe.Offsetof(keyed2[longKeyRef]{}.b),
	} {
		if want := unsafe.Sizeof(entryMem{}) + unsafe.Sizeof(second{}); off != want {
			t.Fatalf("key %d bytes into keyed2, keyString reads at %d", off, want)
		}
	}
	// The key views buf, as a request's key views its pooled buffer; on the
	// heap as that is (the runtime copies strings that view the stack).
	t.Cleanup(func() { heapBuf = nil })
	heapBuf = make([]byte, 300)
	buf := heapBuf
	for n := range 300 {
		for _, two := range []bool{false, true} {
			split := n / 3
			if n%2 == 1 {
				split = n // a client-only key: ClientID + "" is ClientID itself, a view
			}
			want := Key{ClientID: strings.Repeat("c", split), User: strings.Repeat("u", n-split)}
			copy(buf[copy(buf, want.ClientID):], want.User)
			k := Key{ClientID: unsafe.String(unsafe.SliceData(buf), split), User: unsafe.String((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(buf)), split)), n-split)}
			e := newEntry(k, t0.Unix(), two)
			for i := range buf { // the next request's bytes (STYLE rule 17)
				buf[i] = 'x'
			}
			if e.room2 != two {
				t.Fatalf("key of %d bytes, two %v: room2 %v", n, two, e.room2)
			}
			e.n = 2
			if two {
				// The second counter is right after the entry: the
				// narrow's second (at) is the fast paths' (second).
				// Its sinceRead is in meta0, which must stay as it is.
				e.second().c = narrowCounter{start: math.MaxUint32, sum: [2]int32{-1, -1}, loc: [2]uint16{math.MaxUint16, math.MaxUint16}}
			} else {
				e.overflow()
			}
			if got := e.key(); got != want {
				t.Fatalf("key of %d bytes, two %v: reads back as %d/%d bytes %q/%q", n, two, len(got.ClientID), len(got.User), got.ClientID, got.User)
			}
			if e.meta0 != (counterMeta{}) || e.hot.c[0] != (narrowCounter{}) || e.version != 0 || e.hot.reserved != 0 || e.lastUsedUnix() != t0.Unix() || !e.mu.TryLock() {
				t.Fatalf("key of %d bytes, two %v: writing the second counter changed the entry: %+v", n, two, e.hot)
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
	if o.room2 || o.more != nil {
		t.Fatalf("key limited by 1m alone: room2 %v, overflow %v; want neither", o.room2, o.more != nil)
	}
	commit(c, one, []window.Tier{m, h}, 2, t0)
	if !e.room2 || e.more != nil {
		t.Fatalf("key first limited by 1m and 1h: room2 %v, overflow %v; want room2 and no overflow", e.room2, e.more != nil)
	}
	if o.room2 || o.more == nil {
		t.Fatalf("key first limited by 1m alone: room2 %v, overflow %v; want its second counter in the overflow", o.room2, o.more != nil)
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

// twoSizes gives room for a second counter only to tiers of two window
// sizes or more: tiers of one size listed twice (two limits on a minute)
// have one counter, and would leave the room unused.
func TestTwoSizes(t *testing.T) {
	m := window.Tier{Limit: 10, Size: time.Minute}
	m2 := window.Tier{Limit: 100, Size: time.Minute}
	h := window.Tier{Limit: 10, Size: time.Hour}
	for _, tc := range []struct {
		tiers []window.Tier
		want  bool
	}{
		{nil, false},
		{[]window.Tier{m}, false},
		{[]window.Tier{m, m2}, false},
		{[]window.Tier{m, h}, true},
		{[]window.Tier{m, m2, h}, true},
		{[]window.Tier{h, m, m2}, true},
	} {
		if got := twoSizes(tc.tiers); got != tc.want {
			t.Errorf("twoSizes(%v) = %v, want %v", tc.tiers, got, tc.want)
		}
	}
}

// The second counter's place changes no count (STYLE rule 18): one key laid
// out with room for it (made for 1m and 1h) and one without (made for 1m
// alone, so its 1h counter goes to the overflow), in two caches, take the
// same walk of decisions, commits and releases, while the clock moves
// across minute and hour boundaries, jumps hours, and steps back (a skewed
// instance's clock); the policy changes among one to four sizes, five over
// the key's life, so counters are retired and made again; flushes
// are confirmed or aborted; other instances' snapshots, skewed a frame
// ahead or behind, some of two writers (the share), are installed; and
// resets drop counts. Every Decision (but its entry pointer) and every
// flush's delta must be the same for both. The walk runs in caches whose
// size codes are all free, all taken by other sizes but one (the key's 1m
// has one, its 1h none), and all taken: a room2 key's sizes are its
// code's, those without one in its overflow (roomSize).
func TestSecondCounterPlaceChangesNoCount(t *testing.T) {
	tier := func(d time.Duration, l int64) window.Tier { return window.Tier{Size: d, Limit: l} }
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	phases := [][]window.Tier{
		{tier(m, 40), tier(h, 300)}, {tier(h, 300), tier(m, 40)}, {tier(m, 40)}, {tier(h, 300)},
		{tier(m, 40), tier(h, 300), tier(d, 2000)}, {tier(m, 40), tier(10*m, 120), tier(h, 300), tier(d, 2000)},
		{tier(m, 1<<40), tier(h, 1<<40)},
		{tier(7*d, 5000), tier(m, 40)}, // five sizes in all: counters are retired and made again
	}
	k := Key{ClientID: "client", User: "user"}
	same := func(a, b Decision) bool {
		unref(&a, &b)
		return a == b
	}
	for _, taken := range []int{0, maxSizeCodes - 1, maxSizeCodes} {
		for seed := range uint64(12) {
			t.Run(fmt.Sprintf("codes taken %d/%d", taken, seed), func(t *testing.T) {
				secondPlaceWalk(t, phases, k, same, taken, seed)
			})
		}
	}
}

// secondPlaceWalk is TestSecondCounterPlaceChangesNoCount's walk, in two
// caches whose first taken size codes are given to sizes the walk never
// uses.
func secondPlaceWalk(t *testing.T, phases [][]window.Tier, k Key, same func(a, b Decision) bool, taken int, seed uint64) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	rng := rand.New(rand.NewPCG(seed, 18))
	with, without := newCache(t, Config{Shards: 1}), newCache(t, Config{Shards: 1})
	for i := range taken {
		with.codes.intern(int64(1000 + i))
		without.codes.intern(int64(1000 + i))
	}
	now := t0.Add(-90 * time.Second)
	// The two layouts, made by decisions that count nothing: then
	// both keys have a 1m and a 1h counter, in that order, and two
	// committed reservations.
	with.Commit(new(with.Reserve(k, phases[0], 0, Enforce, now).Reservation))
	without.Commit(new(without.Reserve(k, phases[2], 0, Enforce, now).Reservation))
	with.Commit(new(with.Reserve(k, phases[0], 0, Enforce, now).Reservation))
	without.Commit(new(without.Reserve(k, phases[0], 0, Enforce, now).Reservation))
	if !with.find(k).room2 || without.find(k).room2 {
		t.Fatal("the two keys are not laid out the two ways")
	}
	var opensW, opensO []Reservation
	version, stored := int64(0), []Frame(nil)
	crossed := 0
	for step := range 3000 {
		switch op := rng.IntN(100); {
		case op < 45:
			tiers := phases[rng.IntN(len(phases))]
			cost, adm := int64(rng.IntN(4)), Admission(rng.IntN(2))
			dw := with.Reserve(k, tiers, cost, adm, now)
			do := without.Reserve(k, tiers, cost, adm, now)
			if !same(dw, do) {
				t.Fatalf("step %d at %v, tiers %v: decisions differ:\n with room %+v\n without   %+v", step, now, tiers, dw, do)
			}
			if dw.Counted {
				opensW, opensO = append(opensW, dw.Reservation), append(opensO, do.Reservation)
			}
		case op < 70:
			if len(opensW) > 0 {
				i := rng.IntN(len(opensW))
				if rng.IntN(4) == 0 {
					with.Release(&opensW[i])
					without.Release(&opensO[i])
				} else {
					with.Commit(&opensW[i])
					without.Commit(&opensO[i])
				}
				opensW, opensO = append(opensW[:i], opensW[i+1:]...), append(opensO[:i], opensO[i+1:]...)
			}
		case op < 85:
			before := now
			switch r := rng.IntN(20); {
			case r == 0:
				now = now.Add(time.Duration(1+rng.IntN(3)) * time.Hour)
			case r < 3:
				now = now.Add(-time.Duration(1+rng.IntN(5)) * time.Second) // a clock stepped back
			default:
				now = now.Add(time.Duration(rng.IntN(40)) * time.Second)
			}
			if before.Unix()/60 != now.Unix()/60 {
				crossed++
			}
		case op < 93:
			pw, po := with.TakeDirty(nil, now), without.TakeDirty(nil, now)
			if len(pw) != len(po) || len(pw) == 1 && fmt.Sprint(pw[0].Base, pw[0].Delta) != fmt.Sprint(po[0].Base, po[0].Delta) {
				t.Fatalf("step %d at %v: flushes differ:\n with room %+v\n without   %+v", step, now, pw, po)
			}
			if len(pw) == 0 {
				break
			}
			if rng.IntN(4) == 0 {
				with.Abort(&pw[0])
				without.Abort(&po[0])
				break
			}
			version++
			stored = Merge(stored, pw[0].Delta, now)
			s := Snapshot{Version: version, Frames: stored}
			with.Confirm(&pw[0], s, now)
			without.Confirm(&po[0], s, now)
		case op < 98:
			// Another instance, its clock a frame ahead or behind,
			// wrote counts of its own, in sizes this one may not count in.
			skew := time.Duration(rng.IntN(3)-1) * time.Minute
			at := now.Add(skew)
			fs := slices.Clone(stored)
			for _, sz := range []time.Duration{m, h, 10 * m, 7 * d} {
				if rng.IntN(2) == 0 {
					fs = Merge(fs, []Frame{{Size: sz, StartUnix: frameStart(at, int64(sz/time.Second)), N: int64(1 + rng.IntN(20))}}, at)
				}
			}
			version++
			stored = fs
			s := Snapshot{Version: version, Frames: stored, Writers: 1 + rng.IntN(2)}
			with.Apply(k, s, now)
			without.Apply(k, s, now)
		default:
			version++
			stored = nil
			s := Snapshot{Version: version, Epoch: now.Unix() + int64(step)}
			nw, _ := with.Reset(k, s, now)
			no, _ := without.Reset(k, s, now)
			if nw != no {
				t.Fatalf("step %d: a reset dropped %d with room, %d without", step, nw, no)
			}
		}
	}
	if crossed < 20 {
		t.Fatalf("the clock crossed %d minute boundaries; the walk should cross many", crossed)
	}
	local := func(c *Cache) (out []string) {
		for _, p := range c.AppendLocal(nil, now) {
			out = append(out, fmt.Sprint(p.Key, p.Base, p.Delta))
		}
		return out
	}
	lw, lo := local(with), local(without)
	if len(lw) == 0 {
		t.Log("nothing unflushed at the end")
	}
	if fmt.Sprint(lw) != fmt.Sprint(lo) {
		t.Fatalf("unflushed at the end differ:\n with room %+v\n without   %+v", lw, lo)
	}
	if e := with.find(k); taken == maxSizeCodes && e.hot.code != 0 || taken == 0 && e.hot.code&0x0f == 0 {
		t.Fatalf("%d codes taken: the key's code %#x", taken, e.hot.code)
	}
}

// TestSecondCounterStateMoves: a room2 key's state goes whole where its
// slot goes: to the new table a rebuild copies it to, and to the record
// a removal makes of it while it holds counts not flushed. Its sizes are
// its code's, or its overflow's for a size without one, and its second
// counter's sinceRead is in its cold line (meta0, see roomSize): each is
// checked apart (sinceReads of the two counters that differ, in caches
// whose size codes are free, all but one taken, all taken). A rebuild or
// a removal that left the second's sinceRead behind (its word of meta0),
// or read it from the first's, fails here; the walk of
// TestSecondCounterPlaceChangesNoCount reaches neither with a sinceRead
// that is not 0.
func TestSecondCounterStateMoves(t *testing.T) {
	two := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, {Limit: 1 << 40, Size: time.Hour}}
	for _, taken := range []int{0, maxSizeCodes - 1, maxSizeCodes} {
		t.Run(fmt.Sprintf("codes taken %d", taken), func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			for i := range taken {
				c.codes.intern(int64(1000 + i))
			}
			var keys []Key
			want := map[Key]entryState{}
			for i := range 6 {
				k := Key{ClientID: fmt.Sprintf("client-%d", i), User: "user"}
				keys = append(keys, k)
				c.Commit(new(c.Reserve(k, two, int64(i+1), Enforce, t0).Reservation))
				// As confirmed flushes leave them: each counter's own.
				e := c.find(k)
				e.mu.Lock()
				o := opened(c, e)
				o.first.sinceRead, o.second.sinceRead = int32(100+i), int32(200+i)
				o.close()
				e.mu.Unlock()
				want[k] = stateOf(c, k)
				if got := want[k].counters; got[0].size != 60 || got[1].size != 3600 || got[0].sinceRead != int32(100+i) || got[1].sinceRead != int32(200+i) {
					t.Fatalf("%v: counters %+v, want 60 s and 3600 s with sinceRead %d and %d", k, got[:2], 100+i, 200+i)
				}
			}
			if code := c.find(keys[0]).hot.code; taken == 0 && code&0xf0 == 0 || taken == maxSizeCodes && code != 0 {
				t.Fatalf("%d codes taken: the key's code %#x", taken, code)
			}
			// Rebuilds: keys enough to grow the table several times.
			tab := c.shards[0].pub.tab.Load()
			for i := range 100 {
				c.Commit(new(c.Reserve(Key{ClientID: fmt.Sprintf("other-%d", i)}, two, 1, Enforce, t0).Reservation))
			}
			if c.shards[0].pub.tab.Load() == tab {
				t.Fatal("no rebuild")
			}
			for _, k := range keys {
				if got := stateOf(c, k); got != want[k] {
					t.Errorf("%v after rebuilds: %+v, want %+v", k, got, want[k])
				}
			}
			// A removal: the key's counts not flushed make a record.
			k := keys[3]
			s := &c.shards[0]
			s.mu.Lock()
			tb := s.pub.tab.Load()
			i := tb.probe(k, c.hash(k))
			v := tb.view(i)
			v.mu.Lock()
			rec := c.remove(tb, i, v)
			v.mu.Unlock()
			s.mu.Unlock()
			if rec.hotLine == nil {
				t.Fatal("no record of a key with counts not flushed")
			}
			o := opened(c, rec)
			got := [2]counter{o.first, o.second}
			rec.mu.Unlock()
			if w := want[k].counters; got != [2]counter{w[0], w[1]} {
				t.Errorf("%v's record: %+v, want %+v", k, got, w[:2])
			}
		})
	}
}

package cache

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestSizeCodes: a Cache gives codes 1 to 15 to the window sizes it meets,
// in the order it meets them, the same code to a size each time, none to
// a sixteenth size or to a size no counter can have; tiers' codes are
// their sizes' (two as first | second<<4), noSizeCode for any other
// number of tiers or a size without a code, and Tiers compiled by a nil
// Cache carry noSizeCode (not 0, the zero Tiers': see TestZeroTiersPanic).
func TestSizeCodes(t *testing.T) {
	c := newCache(t, Config{})
	tier := func(sec int64) window.Tier { return window.Tier{Limit: 10, Size: time.Duration(sec) * time.Second} }
	if got := c.codes.codeOf(60); got != 0 {
		t.Fatalf("code of 60 s before any was given: %d, want 0", got)
	}
	for i := range int64(20) {
		want := uint8(i + 1)
		if i >= maxSizeCodes {
			want = 0
		}
		if got := c.codes.intern(100 + i); got != want {
			t.Fatalf("intern(%d s), the %d-th size met: %d, want %d", 100+i, i+1, got, want)
		}
		if got := c.codes.intern(100 + i); got != want {
			t.Fatalf("intern(%d s) again: %d, want %d", 100+i, got, want)
		}
	}
	for _, sec := range []int64{0, -1, 1 << 31} {
		if got := c.codes.intern(sec); got != 0 {
			t.Errorf("intern(%d s): %d, want 0 (no counter has that size)", sec, got)
		}
	}
	for _, tc := range []struct {
		name  string
		tiers []window.Tier
		want  uint8
	}{
		{"one", []window.Tier{tier(100)}, 1},
		{"the fifteenth", []window.Tier{tier(114)}, 15},
		{"two", []window.Tier{tier(101), tier(102)}, 2 | 3<<4},
		{"two reversed", []window.Tier{tier(102), tier(101)}, 3 | 2<<4},
		{"one of a size with no code", []window.Tier{tier(115)}, noSizeCode},
		{"two, the second with no code", []window.Tier{tier(100), tier(119)}, noSizeCode},
		{"two, the first with no code", []window.Tier{tier(119), tier(100)}, noSizeCode},
		{"below a second", []window.Tier{{Limit: 1, Size: time.Millisecond}}, noSizeCode},
		{"three", []window.Tier{tier(100), tier(101), tier(102)}, noSizeCode},
		{"none", nil, noSizeCode},
	} {
		if got := c.tiersCode(tc.tiers); got != tc.want {
			t.Errorf("%s: code %#x, want %#x", tc.name, got, tc.want)
		}
		if ts := c.Tiers(tc.tiers); ts.code != tc.want || ts.c != c || len(ts.List()) != len(tc.tiers) {
			t.Errorf("%s: Tiers %+v, want code %#x, the cache and the tiers", tc.name, ts, tc.want)
		}
	}
	if ts := (*Cache)(nil).Tiers([]window.Tier{tier(100)}); ts.c != nil || ts.code != noSizeCode || len(ts.List()) != 1 {
		t.Errorf("Tiers of a nil Cache: %+v, want the tiers alone", ts)
	}
}

// TestManySizesSameAsGeneral (STYLE rule 18) decides keys whose policy is
// reloaded again and again with tiers of 20 window sizes, in any order,
// one or two at a time (now and then three), while the clock moves across
// frames of every size and, now and then, back, in a cache that takes its
// fast paths and in one sent down its general path (testGeneral), and
// checks after every step that both decided the same and hold the same.
// The first 15 sizes a cache meets get codes; the others none, and Tiers
// of those are decided on the general path alone. The fast cache decides
// through the three ways in: Tiers it compiled (ReserveTiers), plain
// tiers (ReserveTo, whose sizes are compared), and Tiers another Cache
// compiled, whose codes are not its own (compared as ReserveTo's). A fast
// path that took a key whose code is not its tiers' (a code given to two
// sizes, a key's code not set again when its counters changed, a compare
// of the wrong nibbles) counts in a counter of another size, or in none,
// where decide tracks a new one: the states then differ.
func TestManySizesSameAsGeneral(t *testing.T) {
	sizes := []time.Duration{
		10 * time.Second, time.Minute, time.Hour, 2 * time.Minute, 30 * time.Second, 5 * time.Minute, 24 * time.Hour,
		15 * time.Second, 90 * time.Second, 10 * time.Minute, 20 * time.Minute, 30 * time.Minute, 2 * time.Hour, 45 * time.Second, 3 * time.Minute,
		// met last: no code
		6 * time.Hour, 4 * time.Minute, 12 * time.Hour, 7 * time.Second, 40 * time.Minute,
	}
	keys := []Key{{"client-0000001", "user-0000001"}, {"client-0000002", ""}, {"svc", "u"}}
	limits := []int64{3, 40, 1000, 1 << 40}
	for seed := range uint64(12) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 31))
			now := t0.Add(-3 * time.Second)
			cfg := Config{Shards: 1, NoShare: true, Now: func() time.Time { return now }}
			fast, general, other := newCache(t, cfg), newCache(t, cfg), newCache(t, cfg)
			general.testGeneral = true
			// Another cache that gave its codes to the sizes in another
			// order: Tiers it compiles hold codes that are wrong in fast.
			for i := len(sizes) - 1; i >= 0; i-- {
				other.codes.intern(int64(sizes[i] / time.Second))
			}
			pool := 3 // the sizes the policies draw from: more as the run goes on
			policy := make([][]window.Tier, len(keys))
			compiled := make([]Tiers, len(keys))
			foreign := make([]Tiers, len(keys))
			reload := func(ki int) {
				n := []int{1, 1, 2, 2, 2, 3}[rng.IntN(6)]
				perm := rng.Perm(pool)[:min(n, pool)]
				ts := make([]window.Tier, len(perm))
				for i, j := range perm {
					ts[i] = window.Tier{Limit: limits[rng.IntN(len(limits))], Size: sizes[j]}
				}
				policy[ki], compiled[ki], foreign[ki] = ts, fast.Tiers(ts), other.Tiers(ts)
			}
			for ki := range keys {
				reload(ki)
			}
			var opens [2][]Reservation
			for step := range 3000 {
				if step%150 == 149 && pool < len(sizes) {
					pool++
				}
				ki := rng.IntN(len(keys))
				if rng.IntN(25) == 0 {
					reload(ki)
				}
				k := keys[ki]
				cost := int64(rng.IntN(3))
				var df, dg Decision
				switch rng.IntN(3) {
				case 0:
					fast.ReserveTiers(&df, k, &compiled[ki], cost, Enforce, now)
				case 1:
					fast.ReserveTo(&df, k, policy[ki], cost, Enforce, now)
				default:
					fast.ReserveTiers(&df, k, &foreign[ki], cost, Enforce, now)
				}
				general.ReserveTo(&dg, k, policy[ki], cost, Enforce, now)
				if df.Counted {
					opens[0] = append(opens[0], df.Reservation)
					opens[1] = append(opens[1], dg.Reservation)
				}
				unref(&df, &dg)
				if df != dg {
					t.Fatalf("step %d, key %v, tiers %v at %v: decisions differ:\n fast    %+v\n general %+v", step, k, policy[ki], now, df, dg)
				}
				// Settle some of the open reservations, the same in both.
				for len(opens[0]) > 0 && rng.IntN(3) != 0 {
					i := rng.IntN(len(opens[0]))
					commit := rng.IntN(4) != 0
					for c, cache := range []*Cache{fast, general} {
						r := &opens[c][i]
						if commit {
							cache.Commit(r)
						} else {
							cache.Release(r)
						}
						opens[c] = append(opens[c][:i], opens[c][i+1:]...)
					}
				}
				for _, k := range keys {
					if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
						t.Fatalf("step %d at %v, key %v: states differ:\n fast    %+v\n general %+v", step, now, k, sf, sg)
					}
				}
				switch r := rng.IntN(100); {
				case r < 2:
					now = now.Add(-time.Duration(1+rng.IntN(5)) * time.Second) // a clock set back
				case r < 5:
					now = now.Add(time.Duration(1+rng.IntN(3)) * time.Hour)
				case r < 30:
					now = now.Add(time.Duration(rng.IntN(20)) * time.Second)
				default:
					now = now.Add(time.Duration(rng.IntN(3)) * time.Second)
				}
			}
			// Every size was met, the first 15 have codes, and the others
			// none: decided on the general path.
			for _, sz := range sizes {
				fast.codes.intern(int64(sz / time.Second)) // a size no draw met yet, as the order above
			}
			if n := fast.codes.n.Load(); n != maxSizeCodes {
				t.Fatalf("%d sizes with a code, want %d", n, maxSizeCodes)
			}
			uncoded := 0
			for _, sz := range sizes {
				if fast.codes.codeOf(int64(sz/time.Second)) == 0 {
					uncoded++
					if code := fast.tiersCode([]window.Tier{{Limit: 1, Size: sz}}); code != noSizeCode {
						t.Errorf("tiers of %v, a size without a code: code %#x, want noSizeCode", sz, code)
					}
				}
			}
			if uncoded != len(sizes)-maxSizeCodes {
				t.Errorf("%d sizes without a code, want %d", uncoded, len(sizes)-maxSizeCodes)
			}
			// Each key's code is its first two counters' sizes' codes.
			for _, k := range keys {
				e := fast.find(k)
				if e.hotLine == nil {
					continue
				}
				e.mu.Lock()
				o := opened(fast, e)
				var want uint8
				if e.n >= 1 {
					want = fast.codes.codeOf(int64(o.first.size))
				}
				if e.n >= 2 {
					want |= fast.codes.codeOf(int64(o.at(1).size)) << 4
				}
				got := e.hot.code
				e.mu.Unlock()
				if got != want {
					t.Errorf("key %v: code %#x, want %#x", k, got, want)
				}
			}
		})
	}
}

// TestFastPathTakesNoWrongCode decides keys, in a cache that takes its
// fast paths and in one sent down its general path, where a fast path
// would take a key of another size if it trusted a wrong code: a key of a
// sixteenth size (no code) then limited by the first size met (code 1);
// one of the fifteenth (code 15) then limited by a size without a code
// (noSizeCode, whose low nibble is 15); keys of the first sizes then
// limited by Tiers another cache compiled, in which other sizes have their
// codes. Each must decide and hold what the general path decides and
// holds: a new counter for the tiers' size, first.
func TestFastPathTakesNoWrongCode(t *testing.T) {
	sec := func(n int64) window.Tier { return window.Tier{Limit: 100, Size: time.Duration(n) * time.Second} }
	sizes := make([]window.Tier, 17) // sizes[i] is met i-th: code i+1 up to sizes[14]
	for i := range sizes {
		sizes[i] = sec(int64(60 + i))
	}
	cfg := Config{Shards: 1, NoShare: true}
	fast, general, other := newCache(t, cfg), newCache(t, cfg), newCache(t, cfg)
	general.testGeneral = true
	for _, s := range sizes {
		fast.Tiers([]window.Tier{s})
	}
	// In other, sizes[2] and sizes[3] have codes 1 and 2: sizes[0]'s and
	// sizes[1]'s in fast.
	other.Tiers([]window.Tier{sizes[2], sizes[3]})
	one := func(s window.Tier) []window.Tier { return []window.Tier{s} }
	type use struct {
		tiers   []window.Tier
		foreign bool // Tiers compiled by other
	}
	for _, tc := range []struct {
		name string
		uses []use
	}{
		{"no code, then code 1", []use{{tiers: one(sizes[15])}, {tiers: one(sizes[0])}}},
		{"no code, then two", []use{{tiers: one(sizes[16])}, {tiers: []window.Tier{sizes[0], sizes[1]}}}},
		{"code 15, then none", []use{{tiers: one(sizes[14])}, {tiers: one(sizes[15])}}},
		{"two, then two without a code", []use{{tiers: []window.Tier{sizes[14], sizes[13]}}, {tiers: []window.Tier{sizes[15], sizes[16]}}}},
		{"code 1, then another cache's code 1", []use{{tiers: one(sizes[0])}, {tiers: one(sizes[2]), foreign: true}}},
		{"codes 1 and 2, then another cache's", []use{{tiers: []window.Tier{sizes[0], sizes[1]}}, {tiers: []window.Tier{sizes[2], sizes[3]}, foreign: true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := Key{ClientID: tc.name}
			now := t0.Add(time.Second)
			for i, u := range tc.uses {
				for j := range 2 { // the second decision finds the key as the first left it
					ts := fast.Tiers(u.tiers)
					if u.foreign {
						ts = other.Tiers(u.tiers)
					}
					var df, dg Decision
					fast.ReserveTiers(&df, k, &ts, 1, Enforce, now)
					general.ReserveTo(&dg, k, u.tiers, 1, Enforce, now)
					fast.Commit(new(df.Reservation))
					general.Commit(new(dg.Reservation))
					unref(&df, &dg)
					if df != dg {
						t.Fatalf("use %d, decision %d, tiers %v: decisions differ:\n fast    %+v\n general %+v", i, j, u.tiers, df, dg)
					}
					if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
						t.Fatalf("use %d, decision %d, tiers %v: states differ:\n fast    %+v\n general %+v", i, j, u.tiers, sf, sg)
					}
					now = now.Add(time.Second)
				}
			}
		})
	}
}

// TestCommitOfNoSizeOnSizeWithoutCode: Commit's fast path finds a key's
// first counter's size by its code (sizeCodes.sizeOf), where code 0 is of
// no counter or of a size without a code, and a reservation made when the
// key had no counter (no tiers: nothing limits, and it counts in no frame)
// names size 0 and frame 0. If code 0 were of size 0, such a reservation,
// committed once the key has a counter of a size without a code whose
// frame starts at 0 (a clock at 1970), would count in that counter, where
// the general path counts it in none.
func TestCommitOfNoSizeOnSizeWithoutCode(t *testing.T) {
	k := Key{ClientID: "client"}
	early := time.Unix(5, 0) // in the frame that starts at 0
	noCode := []window.Tier{{Limit: 100, Size: time.Hour}}
	var states [2]entryState
	for i, general := range []bool{false, true} {
		c := newCache(t, Config{Shards: 1, NoShare: true})
		c.testGeneral = general
		for j := range maxSizeCodes { // the sizes that take the codes
			c.codes.intern(int64(j + 1))
		}
		r := c.Reserve(k, nil, 1, Enforce, early).Reservation // no counter: size 0, frame 0
		if refEntry(r.e).hotLine == nil || r.sizes[0] != 0 || r.starts[0] != 0 {
			t.Fatalf("general %v: reserved %+v, want counted in no frame", general, r)
		}
		c.Commit(new(c.Reserve(k, noCode, 1, Enforce, early).Reservation)) // a counter of 1h, frame 0, code 0
		c.Commit(&r)
		states[i] = stateOf(c, k)
		if got := states[i].counters[0].sum; got != [2]int64{0, 1} {
			t.Errorf("general %v: the hour counts %v, want [0 1]: only the request of its tier", general, got)
		}
	}
	if states[0] != states[1] {
		t.Errorf("fast and general paths differ:\n%+v\n%+v", states[0], states[1])
	}
}

package cache

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestFastPathsSameAsGeneral (STYLE rule 18): Reserve's fast paths (one
// tier, two tiers) and Commit's must decide and count exactly as the
// general path does. Two caches take the same walk, one as it runs in
// production and one with every Reserve and Commit sent down the general
// path (testGeneral): three keys (one first made under one tier, so that
// its second counter lives in the overflow, one long key), policies of no
// tier to three, in both orders, with limits small enough to deny and
// large enough that nothing is left (math.MaxInt64), two tiers of one size;
// costs from 0 to 50, so that more than a tenth of a limit is in flight;
// reservations committed and released in any order, some after their key
// was evicted; the clock stepping within a frame, across minute and hour
// boundaries, back, and hours ahead; flushes confirmed, aborted or
// replaced; snapshots of one to three writers (a hot key's share), with
// and without Config.NoHotShare; resets; sweeps and a cap of two keys.
// After every step, every Decision, every key's whole state (flags, the
// near flag included, counters, reservations, settle counts, overflow),
// every flush and the Stats must be the same.
func TestFastPathsSameAsGeneral(t *testing.T) {
	tier := func(d time.Duration, l int64) window.Tier { return window.Tier{Size: d, Limit: l} }
	s10, m, h, d := 10*time.Second, time.Minute, time.Hour, 24*time.Hour
	inf := int64(math.MaxInt64)
	phases := [][]window.Tier{
		{tier(m, 40)}, {tier(m, 6)}, {tier(s10, 3)}, {tier(h, 300)},
		{tier(m, 40), tier(h, 300)}, {tier(m, 6), tier(h, 20)}, {tier(h, 300), tier(m, 40)}, {tier(s10, 3), tier(m, 8)},
		{tier(m, 40), tier(s10, 2)}, {tier(m, inf)}, {tier(m, inf), tier(h, inf)}, {tier(m, 0)}, {tier(m, 40), tier(m, 6)},
		{tier(m, 40), tier(h, 300), tier(d, 2000)}, {},
	}
	keys := []Key{{"client", "user"}, {"one-tier-first", ""}, {strings.Repeat("k", 240), "u"}}
	same := func(a, b Decision) bool {
		a.Reservation.e, b.Reservation.e = nil, nil
		return a == b
	}
	shapes := map[string]int{}
	for seed := range uint64(16) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 19))
			cfg := Config{Shards: 1, MaxKeys: 2, NoHotShare: seed%2 == 1}
			fast, general := newCache(t, cfg), newCache(t, cfg)
			general.testGeneral = true
			both := [2]*Cache{fast, general}
			now := t0.Add(-50 * time.Second)
			// The second key's first decision names one tier: if it is
			// later limited by two, its second counter is in the overflow.
			for _, c := range both {
				c.Commit(c.Reserve(keys[1], phases[0], 1, Enforce, now).Reservation)
			}
			check := func(step int, what string) {
				t.Helper()
				for _, k := range keys {
					if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
						t.Fatalf("step %d (%s) at %v, key %.20q: states differ:\n fast    %+v\n general %+v", step, what, now, k.ClientID, sf, sg)
					}
				}
				if sf, sg := fast.Stats(), general.Stats(); sf != sg {
					t.Fatalf("step %d (%s): stats differ:\n fast    %+v\n general %+v", step, what, sf, sg)
				}
			}
			var opens [2][]Reservation
			version := map[string]int64{}
			stored := map[string][]Frame{}
			for step := range 4000 {
				var what string
				op := rng.IntN(100)
				if len(opens[0]) > 4 && op < 45 {
					op += 45 // a few requests in flight, as a key has: most decisions admit
				}
				switch {
				case op < 45:
					// Mostly the first key, so that its history of settled
					// reservations grows (see reservedWeight); the third
					// evicts one of the others (MaxKeys).
					k := keys[[]int{0, 0, 0, 0, 0, 0, 1, 1, 1, 2}[rng.IntN(10)]]
					tiers := phases[rng.IntN(len(phases))]
					cost := int64(rng.IntN(4))
					if rng.IntN(10) == 0 {
						cost = int64(5 + rng.IntN(46))
					}
					adm := Admission(rng.IntN(2))
					what = fmt.Sprintf("reserve %d for %.20q under %v", cost, k.ClientID, tiers)
					df := fast.Reserve(k, tiers, cost, adm, now)
					dg := general.Reserve(k, tiers, cost, adm, now)
					if !same(df, dg) {
						t.Fatalf("step %d at %v, %s: decisions differ:\n fast    %+v\n general %+v", step, now, what, df, dg)
					}
					if df.Allowed && len(tiers) <= 2 {
						shapes[fmt.Sprint(len(tiers), " tiers admitted")]++
					}
					if df.Counted {
						opens[0], opens[1] = append(opens[0], df.Reservation), append(opens[1], dg.Reservation)
					}
				case op < 68:
					if len(opens[0]) == 0 {
						continue
					}
					i := rng.IntN(len(opens[0]))
					if rng.IntN(3) == 0 {
						what = "release"
						fast.Release(opens[0][i])
						general.Release(opens[1][i])
					} else {
						what = "commit"
						fast.Commit(opens[0][i])
						general.Commit(opens[1][i])
					}
					for j := range opens {
						opens[j] = slices.Delete(opens[j], i, i+1)
					}
				case op < 82:
					what = "clock"
					switch r := rng.IntN(40); {
					case r == 0:
						now = now.Add(time.Duration(1+rng.IntN(3)) * time.Hour)
					case r < 4:
						now = now.Add(-time.Duration(1+rng.IntN(5)) * time.Second) // a clock stepped back
					case r < 10:
						now = now.Add(time.Duration(rng.IntN(70)) * time.Second)
					default:
						now = now.Add(time.Duration(rng.IntN(3000)) * time.Millisecond)
					}
				case op < 90:
					what = "flush"
					pf, pg := fast.TakeDirty(nil, now), general.TakeDirty(nil, now)
					if fmt.Sprint(pendings(pf)) != fmt.Sprint(pendings(pg)) {
						t.Fatalf("step %d at %v: flushes differ:\n fast    %v\n general %v", step, now, pendings(pf), pendings(pg))
					}
					for i := range pf {
						id := pf[i].Key.ClientID + "\x00" + pf[i].Key.User
						switch rng.IntN(4) {
						case 0:
							fast.Abort(&pf[i])
							general.Abort(&pg[i])
						case 1:
							// Another instance wrote first: the flush is
							// replaced over its counts.
							version[id]++
							stored[id] = Merge(stored[id], []Frame{{Size: m, StartUnix: frameStart(now, 60), N: 1}}, now)
							s := Snapshot{Version: version[id], Frames: stored[id], Writers: 2}
							rf, rg := fast.Replace(&pf[i], s, now), general.Replace(&pg[i], s, now)
							if fmt.Sprint(pendings([]Pending{rf})) != fmt.Sprint(pendings([]Pending{rg})) {
								t.Fatalf("step %d: replaced flushes differ:\n fast    %v\n general %v", step, pendings([]Pending{rf}), pendings([]Pending{rg}))
							}
							fast.Abort(&rf)
							general.Abort(&rg)
						default:
							version[id]++
							stored[id] = Merge(stored[id], pf[i].Delta, now)
							s := Snapshot{Version: version[id], Frames: stored[id]}
							fast.Confirm(&pf[i], s, now)
							general.Confirm(&pg[i], s, now)
						}
					}
				case op < 96:
					// Other instances counted a key, one to three writers in
					// all: two or more turn the hot key's share on.
					k := keys[rng.IntN(len(keys))]
					id := k.ClientID + "\x00" + k.User
					what = "apply"
					at := now.Add(time.Duration(rng.IntN(3)-1) * time.Minute)
					for _, sz := range []time.Duration{s10, m, h} {
						if rng.IntN(2) == 0 {
							stored[id] = Merge(stored[id], []Frame{{Size: sz, StartUnix: frameStart(at, int64(sz/time.Second)), N: int64(1 + rng.IntN(30))}}, at)
						}
					}
					version[id]++
					s := Snapshot{Version: version[id], Frames: stored[id], Writers: 1 + rng.IntN(3)}
					if af, ag := fast.Apply(k, s, now), general.Apply(k, s, now); af != ag {
						t.Fatalf("step %d: Apply held %v fast, %v general", step, af, ag)
					}
				case op < 98:
					k := keys[rng.IntN(len(keys))]
					id := k.ClientID + "\x00" + k.User
					what = "reset"
					version[id]++
					stored[id] = nil
					s := Snapshot{Version: version[id], Epoch: now.Unix() + int64(step)}
					nf, hf := fast.Reset(k, s, now)
					ng, hg := general.Reset(k, s, now)
					if nf != ng || hf != hg {
						t.Fatalf("step %d: a reset dropped %d (held %v) fast, %d (held %v) general", step, nf, hf, ng, hg)
					}
				default:
					what = "sweep"
					if sf, sg := fast.Sweep(now), general.Sweep(now); sf != sg {
						t.Fatalf("step %d at %v: sweeps evicted %d fast, %d general", step, now, sf, sg)
					}
				}
				check(step, what)
			}
			for i := range opens[0] {
				fast.Commit(opens[0][i])
				general.Commit(opens[1][i])
			}
			check(-1, "the open reservations committed")
			lf, lg := fast.AppendLocal(nil, now), general.AppendLocal(nil, now)
			if fmt.Sprint(pendings(lf)) != fmt.Sprint(pendings(lg)) {
				t.Fatalf("unflushed at the end differ:\n fast    %v\n general %v", pendings(lf), pendings(lg))
			}
		})
	}
	// The walk must reach the fast paths' decisions often.
	for _, s := range []string{"1 tiers admitted", "2 tiers admitted"} {
		if shapes[s] < 2000 {
			t.Errorf("%d decisions %s over the seeds; the walk should make thousands", shapes[s], s)
		}
	}
	t.Log(shapes)
}

// TestFastPathsSameAsGeneralInFlight is TestFastPathsSameAsGeneral's grid
// for what the walk reaches only now and then: requests in flight around a
// tenth of the limit (where reservedWeight stops counting them in full),
// after histories of committed and released reservations on either side
// of settleEvidence, one tier and two, limits from 1 to math.MaxInt64, an
// instant early and late in the frame.
func TestFastPathsSameAsGeneralInFlight(t *testing.T) {
	m, h := time.Minute, time.Hour
	k := Key{ClientID: "client", User: "user"}
	for _, limit := range []int64{1, 2, 6, 10, 40, 300, math.MaxInt64} {
		for _, tiers := range [][]window.Tier{
			{{Size: h, Limit: limit}},
			{{Size: m, Limit: limit}, {Size: h, Limit: 3 * limit / 2}},
			{{Size: h, Limit: limit}, {Size: m, Limit: limit}},
			{{Size: m, Limit: limit}, {Size: h, Limit: max(1, limit/3)}},
		} {
			for _, hist := range [][2]int{{0, 0}, {5, 2}, {12, 0}, {13, 7}, {40, 30}} {
				for inFlight := range int64(12) {
					for _, at := range []time.Duration{time.Second, 50 * time.Second} {
						for cost := range int64(3) {
							var ds [2]Decision
							var states [2]entryState
							for i, general := range []bool{false, true} {
								c := newCache(t, Config{Shards: 1})
								c.testGeneral = general
								now := t0.Add(at)
								for j := range hist[0] + hist[1] {
									r := c.Reserve(k, tiers, 1, CountAlways, now.Add(-at)).Reservation
									if j < hist[0] {
										c.Commit(r)
									} else {
										c.Release(r)
									}
								}
								for range inFlight {
									c.Reserve(k, tiers, 1, CountAlways, now)
								}
								ds[i] = c.Reserve(k, tiers, cost, Enforce, now)
								ds[i].Reservation.e = nil
								states[i] = stateOf(c, k)
							}
							if ds[0] != ds[1] || states[0] != states[1] {
								t.Fatalf("tiers %v, %v settled, %d in flight, %v into the frame, cost %d:\n fast    %+v\n         %+v\n general %+v\n         %+v",
									tiers, hist, inFlight, at, cost, ds[0], states[0], ds[1], states[1])
							}
						}
					}
				}
			}
		}
	}
}

// pendings renders flushes for comparison: their keys, bases and deltas.
func pendings(ps []Pending) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprint(p.Key, p.Base, p.Delta)
	}
	return out
}

// entryState is the whole state of a key's entry, comparable with ==.
type entryState struct {
	absent                                         bool
	flags, n, committed, released, resets, writers uint8
	lastUsed, readRound                            uint32
	version, reserved                              int64
	counters                                       [MaxSizes]counter
	more                                           string // the overflow's frames and epoch, rendered
}

// stateOf returns the whole state of k's entry in c (absent if c does not
// hold it).
func stateOf(c *Cache, k Key) entryState {
	e := c.find(k)
	if e == nil {
		return entryState{absent: true}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	st := entryState{
		flags: e.flags, n: e.n, committed: e.committed, released: e.released, resets: e.resets, writers: e.writers,
		lastUsed: e.lastUsed, readRound: e.readRound, version: e.version, reserved: e.reserved,
	}
	for i := range int(e.n) {
		st.counters[i] = *e.at(i)
	}
	if o := e.more; o != nil {
		st.more = fmt.Sprint(o.extra, o.orphan, o.epoch, o.takenDropped)
	}
	return st
}

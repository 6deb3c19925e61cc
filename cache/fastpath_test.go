package cache

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestFastPathsSameAsGeneral (STYLE rule 18): Reserve's fast paths (one
// tier, two tiers) and Commit's must decide and count exactly as the
// general path does. Two caches take the same walk, one as it runs in
// production and one with every Reserve and Commit sent down the general
// path (testGeneral): three keys (one first made under one tier, so that
// its second counter lives in the overflow, one long key), each under a
// policy that holds for a while and is reloaded now and then (one or two
// tiers in either order, now and then three, two of one size or none),
// with limits small enough to deny and large enough that nothing binds
// (math.MaxInt64); costs from 0 to 50, so that more than a tenth of a limit
// is in flight; reservations committed and released in any order, some
// after their key was evicted; the clock stepping within a frame, across
// minute, hour and day boundaries, back, and hours ahead; flushes
// confirmed, aborted or replaced; snapshots of one to three writers (a hot
// key's share), with and without Config.NoShare; resets; sweeps and a
// cap of two keys. After every step, every Decision, every key's whole
// state (flags, the near flag included, counters, reservations, settle
// counts, overflow), every flush and the Stats must be the same. The walk
// counts the decisions and commits the fast paths take (reserveFast,
// commitFast) and requires a thousand of each at least (2112, 2468 and
// 2648 when written), and 300 of the decisions on a key that holds
// counters of sizes an earlier policy used, which the fast paths count in
// too (572 when written). The counts are of states in which the fast
// paths' conditions hold (restated by reserveFast and commitFast), so that
// the walk compares the paths where they differ; that Reserve takes a fast
// path there shows in the instruction counts of the benchmarks
// (BenchmarkDecisionAfterReloadFixedClock), not here.
func TestFastPathsSameAsGeneral(t *testing.T) {
	tier := func(d time.Duration, l int64) window.Tier { return window.Tier{Size: d, Limit: l} }
	s10, m, h, d := 10*time.Second, time.Minute, time.Hour, 24*time.Hour
	inf := int64(math.MaxInt64)
	// The policies of a key's life: mostly one or two tiers, which the
	// fast paths decide, now and then one they do not (three sizes, two
	// tiers of one size, none). A key's counters are never dropped, so
	// after a reload that changes a size the fast paths decide a key that
	// holds more counters than its tiers.
	phases := [][]window.Tier{
		{tier(m, 40)}, {tier(m, 6)}, {tier(s10, 3)}, {tier(h, 300)},
		{tier(m, 40), tier(h, 300)}, {tier(m, 6), tier(h, 20)}, {tier(h, 300), tier(m, 40)}, {tier(s10, 3), tier(m, 8)},
		{tier(m, 40), tier(s10, 2)}, {tier(m, inf)}, {tier(m, inf), tier(h, inf)}, {tier(m, 0)}, {tier(h, 10), tier(m, 40)},
	}
	rare := [][]window.Tier{
		{tier(m, 40), tier(m, 6)}, {tier(m, 40), tier(h, 300), tier(d, 2000)}, {tier(m, 40), tier(d, 2000), tier(h, 300)}, {},
	}
	keys := []Key{{"client", "user"}, {"one-tier-first", ""}, {strings.Repeat("k", 240), "u"}}
	same := func(a, b Decision) bool {
		unref(&a, &b)
		return a == b
	}
	shapes := map[string]int{}
	for seed := range uint64(16) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 19))
			now := t0.Add(-50 * time.Second)
			cfg := Config{Shards: 1, MaxKeys: 2, NoShare: seed%2 == 1, Now: func() time.Time { return now }}
			fast, general := newCache(t, cfg), newCache(t, cfg)
			general.testGeneral = true
			both := [2]*Cache{fast, general}
			// The second key's first decision names one tier: if it is
			// later limited by two, its second counter is in the overflow.
			for _, c := range both {
				c.Commit(new(c.Reserve(keys[1], phases[0], 1, Enforce, now).Reservation))
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
			var buf []byte
			var reused Decision // the fast cache's, reused by every Reserve (ReserveTo)
			policy := [][]window.Tier{phases[4], phases[0], phases[5]}
			version := map[string]int64{}
			stored := map[string][]Frame{}
			for step := range 4000 {
				var what string
				if rng.IntN(25) == 0 {
					// The live instances change now and then (a new key
					// assumes them as its writers), and a pull ages the
					// assumptions (ageWriters, by the clock).
					live := rng.IntN(4)
					for _, c := range both {
						c.SetLiveInstances(live)
						c.AppendPull(nil, now.Add(-time.Minute), uint64(step), 1)
					}
				}
				op := rng.IntN(100)
				if len(opens[0]) > 4 && op < 45 {
					op += 45 // a few requests in flight, as a key has: most decisions admit
				}
				switch {
				case op < 45:
					// Mostly the first key, so that its history of settled
					// reservations grows (see reservedWeight); the third
					// evicts one of the others (MaxKeys).
					ki := []int{0, 0, 0, 0, 0, 0, 1, 1, 1, 2}[rng.IntN(10)]
					k := keys[ki]
					// A key's policy holds for a while, as a deployed
					// one does, and is reloaded now and then.
					if rng.IntN(40) == 0 {
						policy[ki] = phases[rng.IntN(len(phases))]
						if rng.IntN(5) == 0 {
							policy[ki] = rare[rng.IntN(len(rare))]
						}
					}
					tiers := policy[ki]
					cost := int64(rng.IntN(4))
					if rng.IntN(10) == 0 {
						cost = int64(5 + rng.IntN(46))
					}
					adm := Admission(rng.IntN(2))
					what = fmt.Sprintf("reserve %d for %.20q under %v", cost, k.ClientID, tiers)
					took, held, assumed := reserveFast(fast, k, tiers, now), len(counterSizes(fast, k)), assumedOf(fast, k)
					// Each request's key views one reused buffer, overwritten
					// after the decision, as the middleware's keys view its
					// pooled request buffer (STYLE rule 17): the key must still
					// be held under its own bytes.
					// The fast cache decides as the middleware does, into
					// a Decision it reuses (ReserveTo), here holding the
					// last step's; the general one into a new one (Reserve).
					fast.ReserveTo(&reused, viewIn(&buf, k), tiers, cost, adm, now)
					df := reused
					clear(buf)
					dg := general.Reserve(viewIn(&buf, k), tiers, cost, adm, now)
					clear(buf)
					if fast.find(k).hotLine == nil || general.find(k).hotLine == nil {
						t.Fatalf("step %d, %s: the key is not held under its bytes once the request's buffer is overwritten", step, what)
					}
					if !same(df, dg) {
						t.Fatalf("step %d at %v, %s: decisions differ:\n fast    %+v\n general %+v", step, now, what, df, dg)
					}
					if took && df.Allowed {
						shapes[fmt.Sprintf("reserve, %d tiers", len(tiers))]++
						if held > len(tiers) {
							shapes["reserve, with an earlier policy's counters"]++
						}
						if assumed {
							shapes["reserve, writers assumed"]++
						}
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
						fast.Release(&opens[0][i])
						general.Release(&opens[1][i])
					} else {
						what = "commit"
						if commitFast(fast, opens[0][i]) {
							shapes["commit"]++
						}
						fast.Commit(&opens[0][i])
						general.Commit(&opens[1][i])
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
					// Paired by key: a take meets the dirty keys in
					// their slots' order (idxSet), which each Cache's
					// hash places.
					byKey := func(a, b Pending) int {
						return cmp.Or(strings.Compare(a.Key.ClientID, b.Key.ClientID), strings.Compare(a.Key.User, b.Key.User))
					}
					slices.SortStableFunc(pf, byKey)
					slices.SortStableFunc(pg, byKey)
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
					// all: two or more turn the share on.
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
					s := Snapshot{Version: version[id], Frames: stored[id], Writers: []int{1, 1, 1, 2, 3}[rng.IntN(5)]}
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
				fast.Commit(&opens[0][i])
				general.Commit(&opens[1][i])
			}
			check(-1, "the open reservations committed")
			lf, lg := fast.AppendLocal(nil, now), general.AppendLocal(nil, now)
			if fmt.Sprint(pendings(lf)) != fmt.Sprint(pendings(lg)) {
				t.Fatalf("unflushed at the end differ:\n fast    %v\n general %v", pendings(lf), pendings(lg))
			}
		})
	}
	// The walk must take the fast paths often: a walk that counted only
	// admitted decisions took them a few hundred times, too few to test them.
	for s, least := range map[string]int{"reserve, 1 tiers": 1000, "reserve, 2 tiers": 1000, "reserve, with an earlier policy's counters": 300, "reserve, writers assumed": 100, "commit": 1000} {
		if shapes[s] < least {
			t.Errorf("the fast path took %d times (%s) over the seeds; the walk should take it %d times at least", shapes[s], s, least)
		}
	}
	t.Log(shapes)
}

// reserveFast reports whether Reserve's fast paths will decide a request
// for k under tiers at now if it is admitted (their conditions, restated
// for counting, not for deciding).
func reserveFast(c *Cache, k Key, tiers []window.Tier, now time.Time) bool {
	le := c.find(k)
	if le.hotLine == nil || len(tiers) == 0 || len(tiers) > 2 {
		return false
	}
	le.mu.Lock()
	defer le.mu.Unlock()
	e := opened(c, le)
	// The counts are the narrow's (a second counter without room2 is the
	// overflow's).
	if le.hot.flags&narrowWide != 0 {
		return false
	}
	if int(e.n) < len(tiers) || e.writers >= 2 && c.sharing() && e.reservedShare() != e.reserved {
		return false
	}
	for i, t := range tiers {
		ct := e.at(i)
		if int64(ct.size) != int64(t.Size/time.Second) || uint64(now.Unix()-ct.start) >= uint64(ct.size) || !smallReserved(e.reserved, t) {
			return false
		}
	}
	// The counters of sizes an earlier policy used, after the tiers'.
	for i := len(tiers); i < int(e.n); i++ {
		if ct := e.at(i); uint64(now.Unix()-ct.start) >= uint64(ct.size) {
			return false
		}
	}
	return true
}

// assumedOf reports whether k, held by c, assumes the live instances as
// writers.
func assumedOf(c *Cache, k Key) bool {
	e := c.find(k)
	if e.hotLine == nil {
		return false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.writers >= assumedWriters
}

// commitFast reports whether Commit's fast path will count r (its
// conditions, restated for counting).
func commitFast(c *Cache, r Reservation) bool {
	le := refEntry(r.e)
	le.mu.Lock()
	defer le.mu.Unlock()
	e := opened(c, le)
	// The counts are the narrow's (with room to count r's cost; a second
	// counter without room2 is the overflow's, at full width).
	if le.hot.flags&narrowWide != 0 || r.cost > e.reserved {
		return false
	}
	for j := range 2 {
		if r.sizes[j] != 0 && j < int(e.n) && (j == 0 || e.room2) && e.at(j).slot(r.starts[j]) >= 0 {
			i := e.at(j).slot(r.starts[j])
			if e.at(j).sum[i]+r.cost > math.MaxInt32 || e.at(j).local[i]&math.MaxUint16+r.cost > math.MaxUint16 {
				return false
			}
		}
	}
	// Its first counter's size is found by its code's (a size without
	// one goes to the general path), and so is a room2 key's second's.
	if r.cost == 0 || le.hot.flags&(queued|evicted) != queued || r.sizes[2] != 0 || le.hot.code&0x0f == 0 ||
		r.sizes[1] != 0 && e.room2 && le.hot.code>>4 == 0 {
		return false
	}
	for j := range 2 {
		if r.sizes[j] == 0 {
			break
		}
		if j >= int(e.n) || e.at(j).size != r.sizes[j] || e.at(j).slot(r.starts[j]) < 0 {
			return false
		}
	}
	return true
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
							now := t0.Add(at)
							df, sf := decideAfter(t, false, k, tiers, hist, now.Add(-at), inFlight, now, cost)
							dg, sg := decideAfter(t, true, k, tiers, hist, now.Add(-at), inFlight, now, cost)
							if df != dg || sf != sg {
								t.Fatalf("tiers %v, %v settled, %d in flight, %v into the frame, cost %d:\n fast    %+v\n         %+v\n general %+v\n         %+v",
									tiers, hist, inFlight, at, cost, df, sf, dg, sg)
							}
						}
					}
				}
			}
		}
	}
}

// decideAfter returns the Decision of a request of the given cost for k
// under tiers at now, and k's state after it, in a new cache (one sent down
// the general path if general), after hist[0] reservations committed and
// then hist[1] released at histAt, and inFlight more reserved at now and
// left open.
func decideAfter(t *testing.T, general bool, k Key, tiers []window.Tier, hist [2]int, histAt time.Time, inFlight int64, now time.Time, cost int64) (Decision, entryState) {
	t.Helper()
	c := newCache(t, Config{Shards: 1})
	c.testGeneral = general
	for j := range hist[0] + hist[1] {
		r := c.Reserve(k, tiers, 1, CountAlways, histAt).Reservation
		if j < hist[0] {
			c.Commit(&r)
		} else {
			c.Release(&r)
		}
	}
	for range inFlight {
		c.Reserve(k, tiers, 1, CountAlways, now)
	}
	d := c.Reserve(k, tiers, cost, Enforce, now)
	unref(&d)
	return d, stateOf(c, k)
}

// viewIn writes k's bytes into *buf, reused, and returns a Key whose
// strings view it, as a request's key views its buffer.
func viewIn(buf *[]byte, k Key) Key {
	*buf = append(append((*buf)[:0], k.ClientID...), k.User...)
	b, n := *buf, len(k.ClientID)
	return Key{ClientID: unsafe.String(unsafe.SliceData(b), n), User: unsafe.String(unsafe.SliceData(b[n:]), len(b)-n)}
}

// pendings renders flushes for comparison: their keys, bases and deltas.
func pendings(ps []Pending) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprint(p.Key, p.Base, p.Delta)
	}
	// In order: a walk meets the keys in their slots' order, which the
	// hash's secret, a Cache's own, places.
	slices.Sort(out)
	return out
}

// entryState is the whole state of a key's entry, comparable with ==.
type entryState struct {
	absent                                 bool
	flags, n, committed, released, writers uint8
	coldFlags                              coldFlag
	lastUsed, readRound                    uint32
	version, reserved                      int64
	counters                               [MaxSizes]counter
	more                                   string // the overflow's frames and epoch, rendered
}

// checkHotFlags panics if e's hot flags shared and multi, which the fast
// paths read for the cold line's writers and n, say other than those do
// (e locked).
func checkHotFlags(e entry) {
	if e.is(shared) != (e.writers >= 2) {
		panic(fmt.Sprintf("cache: shared flag %v with writers %#x", e.is(shared), e.writers))
	}
	if m := e.n >= 3 || e.n == 2 && e.hot.code < 0x10; e.hot.code != 0 && e.is(multi) != m {
		panic(fmt.Sprintf("cache: multi flag %v with %d counters, code %#x", e.is(multi), e.n, e.hot.code))
	}
}

// stateOf returns the whole state of k's entry in c (absent if c does not
// hold it).
func stateOf(c *Cache, k Key) entryState {
	le := c.find(k)
	if le.hotLine == nil {
		return entryState{absent: true}
	}
	le.mu.Lock()
	defer le.mu.Unlock()
	e := opened(c, le)
	checkHotFlags(le)
	st := entryState{
		// multi, as the code, depends on the sizes the Cache has given
		// codes (a general-path Cache gives none); checkHotFlags checks it.
		flags: e.hot.flags &^ multi, n: e.n, committed: e.committed, released: e.released, writers: e.writers, coldFlags: e.coldFlags,
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

// TestFastPathWeighsSmallLimits: reservations in flight
// weighed below their cost (reservedWeight) under a small limit, after a
// settled history of releases only, so that nothing is used and the
// request is admitted. It fails for a smallReserved that lets r = 2 through
// for a limit below 20 (r <= 2 || ...), which the walk and the grid above
// missed: the grid's histories with evidence commit 13 or more, over every
// small limit.
func TestFastPathWeighsSmallLimits(t *testing.T) {
	m, h := time.Minute, time.Hour
	k := Key{ClientID: "client", User: "user"}
	for limit := int64(1); limit <= 20; limit++ {
		for _, tiers := range [][]window.Tier{{{Size: h, Limit: limit}}, {{Size: m, Limit: limit}, {Size: h, Limit: limit}}} {
			for _, hist := range [][2]int{{0, 8}, {1, 9}, {2, 14}} {
				for inFlight := range int64(5) {
					now := t0.Add(time.Second)
					df, sf := decideAfter(t, false, k, tiers, hist, now.Add(-2*time.Hour), inFlight, now, 1)
					dg, sg := decideAfter(t, true, k, tiers, hist, now.Add(-2*time.Hour), inFlight, now, 1)
					if df != dg || sf != sg {
						t.Fatalf("limit %d, tiers %v, hist %v, %d in flight:\n fast    %+v\n general %+v", limit, tiers, hist, inFlight, df, dg)
					}
				}
			}
		}
	}
}

// TestCommitFastPathAfterReorder: a Reservation of [1m, 1h]
// committed after the key's counters were reordered to [1m, 1d, 1h] by a
// policy of three sizes, in the first hour of a UTC day (the hour's frame
// starts where the day's does). Commit's fast path must not take the second
// counter for the reservation's second size. It fails for a fast path
// without its size check on the second counter, which the walk missed.
func TestCommitFastPathAfterReorder(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	k := Key{ClientID: "client", User: "user"}
	two := []window.Tier{{Size: m, Limit: 100}, {Size: h, Limit: 1000}}
	three := []window.Tier{{Size: m, Limit: 100}, {Size: d, Limit: 5000}, {Size: h, Limit: 1000}}
	now := time.Date(2026, 11, 27, 0, 10, 0, 0, time.UTC)
	var out [2]string
	for i, general := range []bool{false, true} {
		c := newCache(t, Config{Shards: 1})
		c.testGeneral = general
		c.Commit(new(c.Reserve(k, two, 1, Enforce, now).Reservation)) // queued
		r := c.Reserve(k, two, 2, Enforce, now).Reservation
		c.Release(new(c.Reserve(k, three, 1, Enforce, now).Reservation)) // counters now [1m, 1d, 1h]
		c.Commit(&r)
		out[i] = fmt.Sprint(stateOf(c, k), pendings(c.TakeDirty(nil, now)))
	}
	if out[0] != out[1] {
		t.Fatalf("fast and general differ:\n fast    %s\n general %s", out[0], out[1])
	}
}

// TestFastPathsConserveConcurrently, under -race: two
// workers decide and commit keys of stable one- and two-tier policies (so
// the fast paths decide and commit), with a flusher and a sweeper, and new
// keys evicting at MaxKeys; the store then holds exactly what was
// committed (or less, with counts dropped at the cap).
func TestFastPathsConserveConcurrently(t *testing.T) {
	for seed := range uint64(4) {
		c := newCache(t, Config{Shards: 1, MaxKeys: 3 + 5*int(seed%2), IdleWindows: 1})
		m, h := time.Minute, time.Hour
		policies := [][]window.Tier{{{Size: m, Limit: 1 << 40}}, {{Size: m, Limit: 1 << 40}, {Size: h, Limit: 1 << 40}}}
		keys := []Key{{"a", ""}, {"b", ""}, {"c", ""}, {"d", ""}}
		store := newModelStore()
		fl := &modelFlusher{c: c, snap: store.snap, write: store.write}
		const workers = 2
		committed := make([]map[keyCell]int64, workers)
		now := modelStart.Add(30 * time.Second)
		for step := range 30 {
			now = now.Add(time.Duration(step%3) * time.Second)
			var wg sync.WaitGroup
			for w := range workers {
				if committed[w] == nil {
					committed[w] = map[keyCell]int64{}
				}
				rng := rand.New(rand.NewPCG(seed, uint64(step*workers+w)))
				wg.Go(func() {
					var open []Reservation
					for range 200 {
						ki := rng.IntN(len(keys))
						if rng.IntN(2) == 0 || len(open) == 0 {
							d := c.Reserve(keys[ki], policies[ki%2], int64(rng.IntN(3)), Enforce, now)
							if d.Counted {
								open = append(open, d.Reservation)
							}
							continue
						}
						i := rng.IntN(len(open))
						r := open[i]
						open = append(open[:i], open[i+1:]...)
						if rng.IntN(4) == 0 {
							c.Release(&r)
							continue
						}
						for j, sz32 := range r.sizes {
							sz := int64(sz32)
							if sz != 0 {
								committed[w][keyCell{refKey(r.e), sz, r.starts[j]}] += r.cost
							}
						}
						c.Commit(&r)
					}
					for _, r := range open {
						c.Release(&r)
					}
				})
			}
			wg.Go(func() {
				for range 20 {
					fl.flush(nil, now, false)
					c.Sweep(now)
				}
			})
			wg.Wait()
		}
		now = now.Add(time.Second)
		for range 100 {
			fl.flush(nil, now, false)
		}
		want, got := map[keyCell]int64{}, map[keyCell]int64{}
		for w := range committed {
			for x, n := range committed[w] {
				want[x] += n
			}
		}
		for k, dc := range store.docs {
			for _, f := range dc.frames {
				got[keyCell{k, int64(f.Size / time.Second), f.StartUnix}] += f.N
			}
		}
		dropped := c.Stats().Dropped
		for x, n := range want {
			if inWindow(x.size, x.start, now) && (got[x] > n || dropped == 0 && got[x] != n) {
				t.Errorf("seed %d: %v %d s at %d: store %d, committed %d (dropped %d)", seed, x.k, x.size, x.start, got[x], n, dropped)
			}
		}
		t.Logf("seed %d: %d cells, %+v", seed, len(want), c.Stats())
	}
}

// TestFastPathsSameAsGeneralShared: keys that one to three instances
// count, with and without Config.NoShare, the store's counts from none
// to past each limit in both frames, some of the instance's own counts,
// one tier and two: the fast paths take such a key when what is in flight
// weighs in full (reservedShare), and must decide as decide does with its
// share.
func TestFastPathsSameAsGeneralShared(t *testing.T) {
	m, h := time.Minute, time.Hour
	k := Key{ClientID: "client", User: "user"}
	now := t0.Add(40 * time.Second)
	for _, tiers := range [][]window.Tier{
		{{Size: m, Limit: 100}},
		{{Size: m, Limit: 100}, {Size: h, Limit: 1000}},
		{{Size: h, Limit: 1000}, {Size: m, Limit: 100}},
	} {
		for writers := 1; writers <= 3; writers++ {
			for _, noShare := range []bool{false, true} {
				for pct := int64(0); pct <= 110; pct += 5 {
					for _, prevPct := range []int64{0, 30, 90} {
						for local := range 12 {
							var ds [2]Decision
							var sts [2]entryState
							for i, general := range []bool{false, true} {
								c := newCache(t, Config{Shards: 1, NoShare: noShare})
								c.testGeneral = general
								for range local {
									c.Commit(new(c.Reserve(k, tiers, 1, CountAlways, now).Reservation))
								}
								var fs []Frame
								for _, tr := range tiers {
									sz := int64(tr.Size / time.Second)
									start := frameStart(now, sz)
									fs = append(fs,
										Frame{Size: tr.Size, StartUnix: start, N: tr.Limit * pct / 100},
										Frame{Size: tr.Size, StartUnix: start - sz, N: tr.Limit * prevPct / 100})
								}
								c.Apply(k, Snapshot{Version: 1, Frames: fs, Writers: writers}, now)
								ds[i] = c.Reserve(k, tiers, 1, Enforce, now)
								unref(&ds[i])
								sts[i] = stateOf(c, k)
							}
							if ds[0] != ds[1] || sts[0] != sts[1] {
								t.Fatalf("tiers %v, %d writers, NoShare %v, store at %d %% (previous frame %d %%), %d local:\n fast    %+v\n         %+v\n general %+v\n         %+v",
									tiers, writers, noShare, pct, prevPct, local, ds[0], sts[0], ds[1], sts[1])
							}
						}
					}
				}
			}
		}
	}
}

// TestRollToMatchesPerCounterLoop: rollTo's inlined test for a counter (an
// unsigned compare; rollAt's, for a key of one size, until 80a245d moved
// it into Reserve's loop) leaves the counter exactly where the
// loop it replaced (bb369de^: every counter, signed compares) leaves it,
// for clocks before 1970, clocks that stepped back, a frame's last second
// and first second after, and far times. (A clock that stepped back by
// more than a frame moves the counter back, its counts made frames of
// their own: TestClockSteppedBack.)
func TestRollToMatchesPerCounterLoop(t *testing.T) {
	ref := func(e *open, now time.Time) { // rollAll before bb369de
		u := now.Unix()
		for i := range int(e.n) {
			c := e.at(i)
			if u >= c.start && u-c.start < int64(c.size) {
				continue
			}
			if ns := frameStart(now, int64(c.size)); ns < c.start-int64(c.size) {
				e.retire(c)
				*c = counter{size: c.size, start: ns}
				e.adopt(c)
				continue
			}
			if c.roll(frameStart(now, int64(c.size))) && e.more != nil {
				e.adopt(c)
			}
		}
	}
	for _, size := range []int64{1, 7, 60, 86400} {
		for _, start := range []int64{-2 * 86400 * 7, -86400 * 7, 0, 1_700_006_400} {
			start -= mod64(start, size) // a frame's start, as counters hold
			for _, du := range []int64{-1 << 40, -2 * size, -size, -1, 0, 1, size - 1, size, size + 1, 2*size - 1, 2 * size, 3 * size, 1 << 40} {
				u := start + du
				now := time.Unix(u, 999_999_999)
				mk := func() *open {
					e := opened(nil, newEntry(Key{ClientID: "c"}, start, false))
					e.n = 1
					e.first = counter{size: int32(size), start: start, sum: [2]int64{3 + 7, 5 + 11}, local: [2]int64{7, 11}}
					return e
				}
				got, want := mk(), mk()
				got.rollTo(&got.first, u)
				ref(want, now)
				if got.first != want.first {
					t.Errorf("size %d start %d u %+d: rollTo %+v, before %+v", size, start, du, got.first, want.first)
				}
			}
		}
	}
}

func mod64(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

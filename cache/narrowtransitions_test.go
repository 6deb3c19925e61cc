package cache

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestNarrowTransitionsKeepEveryCount walks a key through every change of
// its narrow's form with requests in flight across them: narrow, carried
// (local counts past 16 bits), wide (more than 65,535 in flight; sums past
// int32; a frame past 2106 or before 1970) and narrow again, with flushes
// confirmed, aborted and replaced between, a reload to three sizes and
// back, and a Reservation made narrow, committed while the key is wide
// and another released once it is narrow again. The key is of one size, of
// two from its first request (room2), and of one then two (its second
// counter in the overflow). Two caches take the walk, one as in production
// and one on the general path: after every step their states and the
// decisions must be the same, InFlight must be what is open, and at the
// end the flushes must have written every unit committed, in each size,
// and the key must be narrow again.
func TestNarrowTransitionsKeepEveryCount(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	const lim = int64(1) << 50
	one := []window.Tier{{Size: m, Limit: lim}}
	two := []window.Tier{{Size: m, Limit: lim}, {Size: h, Limit: lim}}
	three := []window.Tier{{Size: m, Limit: lim}, {Size: h, Limit: lim}, {Size: d, Limit: lim}}
	for _, kind := range []string{"one size", "room2", "second in the overflow"} {
		t.Run(kind, func(t *testing.T) {
			now := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC)
			cfg := Config{Shards: 1, Now: func() time.Time { return now }}
			fast, general := newCache(t, cfg), newCache(t, cfg)
			general.testGeneral = true
			both := [2]*Cache{fast, general}
			k := Key{ClientID: "client", User: "user"}
			tiers := two
			switch kind {
			case "one size":
				tiers = one
			case "second in the overflow":
				for _, c := range both { // first limited by one size: no room2
					c.Commit(new(c.Reserve(k, one, 0, Enforce, now).Reservation))
				}
			}
			committed := map[time.Duration]int64{} // units committed, by size
			written := map[time.Duration]int64{}   // units flushed and confirmed, by size
			var inFlight, version int64
			var stored []Frame
			check := func(step string) {
				t.Helper()
				if sf, sg := stateOf(fast, k), stateOf(general, k); sf != sg {
					t.Fatalf("%s at %v: states differ:\n fast    %+v\n general %+v", step, now, sf, sg)
				}
				for _, c := range both {
					if got, _ := c.InFlight(); got != inFlight {
						t.Fatalf("%s at %v: %d in flight, want %d", step, now, got, inFlight)
					}
				}
			}
			type res [2]Reservation
			reserve := func(cost int64) res {
				t.Helper()
				var r res
				var ds [2]Decision
				for i, c := range both {
					ds[i] = c.Reserve(k, tiers, cost, Enforce, now)
					r[i] = ds[i].Reservation
				}
				unref(&ds[0], &ds[1])
				if ds[0] != ds[1] || !ds[0].Allowed {
					t.Fatalf("reserve %d at %v: decisions\n fast    %+v\n general %+v", cost, now, ds[0], ds[1])
				}
				inFlight += cost
				return r
			}
			commit := func(r res) {
				inFlight -= r[0].cost
				for _, sz := range r[0].sizes {
					if sz != 0 {
						committed[time.Duration(sz)*time.Second] += r[0].cost
					}
				}
				fast.Commit(&r[0])
				general.Commit(&r[1])
			}
			release := func(r res) {
				inFlight -= r[0].cost
				fast.Release(&r[0])
				general.Release(&r[1])
			}
			counted := func(cost int64, n int) {
				for range n {
					commit(reserve(cost))
				}
			}
			// flush takes both caches' deltas (the same) and settles them:
			// confirmed, aborted (taken again and confirmed), or replaced
			// over another instance's write of nothing new (then confirmed).
			flush := func(how string) {
				t.Helper()
				pf, pg := fast.TakeDirty(nil, now), general.TakeDirty(nil, now)
				if fmt.Sprint(pendings(pf)) != fmt.Sprint(pendings(pg)) {
					t.Fatalf("flush at %v: fast %v, general %v", now, pendings(pf), pendings(pg))
				}
				if len(pf) == 0 {
					return
				}
				switch how {
				case "abort":
					fast.Abort(&pf[0])
					general.Abort(&pg[0])
					check("aborted")
					pf, pg = fast.TakeDirty(nil, now), general.TakeDirty(nil, now)
				case "replace":
					version++
					s := Snapshot{Version: version, Frames: stored, Writers: 2}
					pf[0], pg[0] = fast.Replace(&pf[0], s, now), general.Replace(&pg[0], s, now)
					check("replaced")
				}
				for _, f := range pf[0].Delta {
					written[f.Size] += f.N
				}
				version++
				stored = Merge(stored, pf[0].Delta, now)
				s := Snapshot{Version: version, Frames: stored}
				fast.Confirm(&pf[0], s, now)
				general.Confirm(&pg[0], s, now)
				check("confirmed")
			}
			form := func() uint8 {
				e := fast.find(k)
				e.mu.Lock()
				defer e.mu.Unlock()
				return e.hot.flags & (narrowCarried | narrowWide) // the narrow's form, not the entry's flags
			}
			seen := map[uint8]bool{}
			step := func(what string) {
				t.Helper()
				check(what)
				seen[form()] = true
			}

			counted(1, 3)
			step("narrow")
			r1 := reserve(1000) // made narrow
			step("narrow, 1000 in flight")
			counted(1000, 70) // 70,000 local: carried
			step("carried")
			r2 := reserve(65_000) // 66,000 in flight: wide
			step("wide by the cost in flight")
			flush("abort")
			commit(r1) // made narrow, committed wide
			step("committed wide")
			release(r2) // back to narrow
			step("released: narrow again")
			r3 := reserve(7) // made narrow, held across the rest
			counted(1, 3)
			flush("confirm")

			// A reload to three sizes and back.
			saved := tiers
			tiers = three
			counted(2, 2)
			step("three sizes")
			r4 := reserve(40_000)
			tiers = saved
			counted(3, 2)
			step("back from three sizes")
			commit(r4)
			commit(r3) // made narrow before the reload
			flush("replace")

			// Sums past int32 in a frame.
			counted(1<<30, 3)
			step("sums past int32")
			flush("confirm")
			now = now.Add(h) // the next hour: sums fit again
			counted(1, 2)
			step("an hour on")
			flush("confirm")

			// A frame past 2^32 seconds (2106), then before 1970, then
			// back: the key is wide while its frames do not fit.
			for _, at := range []time.Time{time.Unix(math.MaxUint32+3*3600, 0), time.Unix(-400*86400, 0), now.Add(3 * h)} {
				now = at
				r := reserve(5)
				counted(11, 2)
				step(fmt.Sprint("at ", at.UTC()))
				commit(r)
				flush("confirm")
			}
			counted(1, 1)
			flush("confirm")

			if form()&narrowWide != 0 {
				t.Errorf("the key is wide at the end (flags %b), want narrow", form())
			}
			for _, f := range []uint8{0, narrowCarried, narrowWide} {
				if !seen[f] {
					t.Errorf("the walk never left the key in form %b (seen %v)", f, seen)
				}
			}
			for sz, n := range committed {
				if written[sz] != n {
					t.Errorf("%v: %d units written, %d committed", sz, written[sz], n)
				}
			}
			for sz, n := range written {
				if committed[sz] == 0 {
					t.Errorf("%v: %d units written, none committed", sz, n)
				}
			}
		})
	}
}

// TestWideKeyEvictedKeepsItsCounts: a key made wide (66,000 in flight) with
// its local counts carried past 16 bits is evicted at the key cap by a new
// key: detached, it keeps its counts; a reservation made narrow is
// committed after the eviction, another released, and the flush writes
// every unit committed, with nothing in flight after, as on the general
// path.
func TestWideKeyEvictedKeepsItsCounts(t *testing.T) {
	for _, tiers := range [][]window.Tier{{{Size: time.Minute, Limit: 1 << 40}}, {{Size: time.Minute, Limit: 1 << 40}, {Size: time.Hour, Limit: 1 << 40}}} {
		t.Run(fmt.Sprint(len(tiers)), func(t *testing.T) {
			now := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC)
			var out [2]string
			for i, general := range []bool{false, true} {
				c := newCache(t, Config{Shards: 1, MaxKeys: 1, Now: func() time.Time { return now }})
				c.testGeneral = general
				k := Key{ClientID: "client", User: "user"}
				var committed int64
				r1 := c.Reserve(k, tiers, 1000, Enforce, now).Reservation
				for range 70 {
					c.Commit(new(c.Reserve(k, tiers, 1000, Enforce, now).Reservation))
					committed += 1000
				}
				r2 := c.Reserve(k, tiers, 65_000, Enforce, now).Reservation
				if e := c.find(k); !general && e.hot.flags&narrowWide == 0 {
					t.Fatalf("not wide with 66,000 in flight: flags %b", e.hot.flags)
				}
				c.Commit(new(c.Reserve(Key{ClientID: "other"}, tiers, 1, Enforce, now).Reservation))
				if st := c.Stats(); st.EvictedCap != 1 || st.Detached != 1 {
					t.Fatalf("after a second key at a cap of one: %+v, want the first evicted and detached", st)
				}
				c.Commit(&r1)
				committed += 1000
				c.Release(&r2)
				if got, _ := c.InFlight(); got != 0 {
					t.Errorf("%d in flight after the commit and the release, want 0", got)
				}
				written := map[time.Duration]int64{}
				for _, p := range c.TakeDirty(nil, now) {
					if p.Key == k {
						for _, f := range p.Delta {
							written[f.Size] += f.N
						}
					}
				}
				for _, tr := range tiers {
					if written[tr.Size] != committed {
						t.Errorf("general %v: %v: %d written, %d committed", general, tr.Size, written[tr.Size], committed)
					}
				}
				out[i] = fmt.Sprint(written, c.Stats())
			}
			if out[0] != out[1] {
				t.Errorf("fast %s\ngeneral %s", out[0], out[1])
			}
		})
	}
}

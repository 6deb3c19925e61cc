package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestEveryPathAtMaxLimit takes a key limited at policy.MaxLimit, with
// costs of policy.MaxCost, through every path that moves its counts, the
// clock moving across frames: decisions and commits past 2^31 in a frame
// (and past 16 bits between two flushes), a release of policy.MaxCost, a
// flush confirmed, one aborted and taken again, one replaced on a read of
// the store's counts past 2^32, a pull installing a store's count of
// policy.MaxLimit (denied, then counted past it with CountAlways), a roll
// with local counts past 2^31 in it, a reset, and the frames leaving the
// window. After each step Inspect must give the store's and the local
// counts, the cost in flight and the estimate exactly. The cache counts at
// full width today; this is the guard for the narrow widths (narrow.go),
// whose escape must lose nothing on any of these paths, for a key of one
// size and of two. Not taken here, at these widths: the share (one
// writer), a flush's Base, a policy reload (retire, adopt), a clock set
// back, evictions (sumpaths_test.go and the model tests take them).
func TestEveryPathAtMaxLimit(t *testing.T) {
	const (
		maxLimit = 1_000_000_000_000 // policy.MaxLimit
		maxCost  = 1_000_000         // policy.MaxCost
	)
	for _, sizes := range [][]time.Duration{{time.Minute}, {time.Minute, time.Hour}} {
		t.Run(fmt.Sprint(sizes), func(t *testing.T) {
			c, err := New(Config{})
			if err != nil {
				t.Fatal(err)
			}
			var tiers []window.Tier
			for _, sz := range sizes {
				tiers = append(tiers, window.Tier{Limit: maxLimit, Size: sz})
			}
			k := Key{ClientID: "client", User: "user"}
			now := time.Date(2026, 11, 28, 2, 0, 10, 0, time.UTC)
			// The model, in the minute's frames: the store's counts and
			// the local ones, by frame start, and the cost in flight;
			// an hour's frame holds the minutes' frames it starts.
			global, local := map[int64]int64{}, map[int64]int64{}
			var reserved, version int64
			frame := func() int64 { return frameStart(now, 60) }
			check := func(step string) {
				t.Helper()
				var st KeyState
				if !c.Inspect(k, tiers, now, &st) {
					t.Fatalf("%s: key not held", step)
				}
				if st.Reserved != reserved {
					t.Errorf("%s: %d in flight, want %d", step, st.Reserved, reserved)
				}
				for i, ts := range st.Tiers {
					sz := int64(sizes[i] / time.Second)
					start := frameStart(now, sz)
					var g, l window.Counts
					g.StartUnix, l.StartUnix = start, start
					for f, n := range global {
						switch {
						case f >= start:
							g.Curr += n
						case f >= start-sz:
							g.Prev += n
						}
					}
					for f, n := range local {
						switch {
						case f >= start:
							l.Curr += n
						case f >= start-sz:
							l.Prev += n
						}
					}
					if ts.Global != g || ts.Local != l {
						t.Fatalf("%s: %v tier: store %+v, local %+v; want %+v, %+v", step, sizes[i], ts.Global, ts.Local, g, l)
					}
					want := window.Tier{Limit: maxLimit, Size: sizes[i]}.Estimate(window.Counts{StartUnix: start, Prev: g.Prev + l.Prev, Curr: g.Curr + l.Curr}, now)
					if ts.Estimate != want {
						t.Errorf("%s: %v tier: estimate %v, want %v", step, sizes[i], ts.Estimate, want)
					}
				}
			}
			reserve := func(cost int64, adm Admission) *Decision {
				t.Helper()
				d := new(Decision)
				c.ReserveTo(d, k, tiers, cost, adm, now)
				if d.Counted {
					reserved += cost
				}
				return d
			}
			commit := func(d *Decision) {
				reserved -= d.Reservation.cost
				local[d.Reservation.starts[0]] += d.Reservation.cost
				c.Commit(&d.Reservation)
			}
			counted := func(cost int64, n int) {
				t.Helper()
				for range n {
					d := reserve(cost, Enforce)
					if !d.Allowed {
						t.Fatalf("cost %d denied: %+v", cost, d)
					}
					commit(d)
				}
			}
			snapshot := func(v int64, frames map[int64]int64) Snapshot {
				s := Snapshot{Version: v}
				for _, sz := range sizes {
					byStart := map[int64]int64{}
					for f, n := range frames {
						byStart[frameStart(time.Unix(f, 0), int64(sz/time.Second))] += n
					}
					for f, n := range byStart {
						s.Frames = append(s.Frames, Frame{Size: sz, StartUnix: f, N: n})
					}
				}
				return s
			}
			flushed := func(p Pending) {
				t.Helper()
				for f, n := range local {
					global[f] += n
				}
				clear(local)
				version++
				c.Confirm(&p, snapshot(version, global), now)
			}
			take := func(step string) Pending {
				t.Helper()
				ps := c.TakeDirty(nil, now)
				if len(ps) != 1 {
					t.Fatalf("%s: %d keys taken, want 1", step, len(ps))
				}
				var want int64
				for _, n := range local {
					want += n
				}
				if got := Requests(ps[0].Delta); got != want {
					t.Fatalf("%s: delta of %d requests (%+v), want %d", step, got, ps[0].Delta, want)
				}
				return ps[0]
			}

			counted(1, 3)
			check("narrow")
			counted(maxCost, 2200) // 2.2e9: past int32
			check("past int32 in a frame")
			d := reserve(maxCost, Enforce)
			check("policy.MaxCost in flight")
			c.Release(&d.Reservation)
			reserved -= maxCost
			check("released")
			open := reserve(maxCost, Enforce) // in flight across the flush
			flushed(take("the first flush"))
			check("flushed and confirmed")
			commit(open)
			check("committed after the flush")

			now = now.Add(30 * time.Second)
			counted(1000, 70) // 70,000 units: past 16 bits between flushes
			check("past 16 bits local")
			c.Abort(&[]Pending{take("a flush aborted")}[0])
			check("aborted")
			p := take("taken again")
			others := int64(5_000_000_000) // another instance's, past 2^32
			global[frame()] += others
			version++
			q := c.Replace(&p, snapshot(version, global), now)
			flushed(q)
			check("replaced on a read past 2^32, confirmed")

			counted(maxCost, 2200) // local past int32, across the roll
			check("past int32 local before a roll")
			now = now.Add(time.Minute) // one frame on
			counted(7, 1)
			check("rolled one frame")
			version++
			global[frame()] = maxLimit
			if !c.Apply(k, snapshot(version, global), now) {
				t.Fatal("a newer snapshot not installed")
			}
			check("installed policy.MaxLimit")
			if d := reserve(1, Enforce); d.Allowed || d.Counted {
				t.Fatalf("admitted past policy.MaxLimit: %+v", d)
			}
			d = reserve(maxCost, CountAlways)
			if d.Allowed || !d.Counted {
				t.Fatalf("CountAlways past the limit: %+v", d)
			}
			commit(d)
			check("counted past policy.MaxLimit")

			now = now.Add(30 * time.Second)
			version++
			s := snapshot(version, global)
			s.Epoch = now.UnixMilli()
			if _, held := c.Reset(k, s, now); !held {
				t.Fatal("reset: key not held")
			}
			clear(local)
			check("reset")
			for range 3 { // the hour's frame holds policy.MaxLimit still
				commit(reserve(maxCost, CountAlways))
			}
			check("counted after the reset")

			now = now.Add(2 * time.Hour) // every frame leaves the window
			counted(1, 1)
			check("the frames left the window")
		})
	}
}

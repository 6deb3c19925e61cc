package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// helper-143's open case: a request in flight commits, with a right clock,
// into a frame its counter has left two frames behind, yet still in the
// real window: the clock was 1.9 s ahead when a decision rolled the counter
// on, and, set right, stays in the counter's frame (rollOut), a frame ahead
// of the real one. A take by the right clock holds the count (the store is
// down) until two frames past the counter's (addLocal; t0+18). Then, while
// the frame is still in the real window, the clock jumps ahead, with the
// counter holding no count of its own, with or without a second request in
// flight across the jump (reserved before it, in the counter's frame, and
// committed after a decision by the clock ahead rolled the counter on), a
// take by the clock ahead follows, and the clock is set right inside the
// first frame's real window: both counts are still to write. This pins
// why no per-frame end gives the first count up early: its end is at
// least two frames past the counter's frame, which the real clock had not
// reached, so only a jump of more than two frames passes it, and that rolls
// the counter two frames on; the take by the right clock read before the
// counter's frame and before that hold's start (seenBack, in rollOut and
// dropBehind), so that roll holds the orphans on (holdOn, holdBehind) to
// two frames past the clock ahead. With neither seenBack, the first count
// was given up at the take 100 s ahead. A jump of 3.5 s (more than one
// frame, less than two) rolls the counter one frame, before the hold's end.
func TestInFlightHeldByARightClockThenAJump(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}}
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, jump := range []int64{3_500, 100_000} { // ms
		for _, second := range []bool{false, true} {
			c := newCache(t, Config{Shards: 1})
			k := Key{ClientID: "c"}
			take := func(now time.Time) {
				for _, p := range c.TakeDirty(nil, now) {
					c.Abort(&p) // the store down
				}
			}
			first := c.Reserve(k, tiers, 1, Enforce, at(10_500))   // frame t0+10, right clock
			d := c.Reserve(k, tiers, 1, Enforce, at(12_500+1_900)) // 1.9 s ahead: the counter rolls to t0+14
			c.Release(&d.Reservation)
			take(at(12_600)) // set right: the counter stays at t0+14
			c.Commit(&first.Reservation)
			take(at(12_800)) // held until t0+18
			var late Reservation
			if second {
				late = c.Reserve(k, tiers, 1, Enforce, at(12_850)).Reservation // the counter's frame, t0+14
			}
			// The clock jumps ahead at t0+13.
			if second {
				d := c.Reserve(k, tiers, 1, Enforce, at(13_050+jump)) // rolls the counter on
				c.Release(&d.Reservation)
				c.Commit(&late)
			}
			take(at(13_200 + jump))
			back := at(13_500) // set right: t0+10 is the previous frame, in the real window
			if n := localIn(c, back, 2*time.Second, t0.Unix()+10); n != 1 {
				t.Errorf("jump %v, second request %v: set right, %d to write in the first request's frame, want 1", time.Duration(jump)*time.Millisecond, second, n)
			}
			if second {
				if n := localIn(c, back, 2*time.Second, t0.Unix()+14); n != 1 {
					t.Errorf("jump %v: set right, %d to write in the second request's frame, want 1", time.Duration(jump)*time.Millisecond, n)
				}
			}
		}
	}
}

// A request reserved with a right clock is in flight while the clock jumps
// an hour ahead (a decision by it rolls the key's counters on, holding an
// earlier request's counts, holdBehind), is set right (nothing touches the key) and
// jumps 84 s ahead; the request then commits, into frames behind its
// counters' (addLocal holds them to two frames past the counters' start,
// an hour ahead), and a take by the clock 84 s ahead reads before that
// hold: as a clock set back after the frames ended, it gave them up at
// once, and the clock set right found the 5 s frame, still the real
// window's previous one, without its count (the simulation's jumps, =1,
// seed 2567410787843930839, key svc-b/bob on inst-1, true clock t0+117.61
// to t0+121.545). The take that consumes the commit's hold (the anchor)
// holds them two of their sizes past its own second instead, and the
// other frames (the earlier request's, held for the hour) no longer than
// that: a clock that stays 84 s ahead gives them up
// within seconds (a take 11 s on holds them again, seenBack; one 29 s on
// gives them up), not when it reaches the hour (the key's last use, by the
// hour-ahead clock, keeps it from the sweep until then anyway).
func TestInFlightCommittedBehindAStaleHold(t *testing.T) {
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}}
	const hour, ahead = int64(3_600_000), int64(84_000)
	for _, stay := range []bool{false, true} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "svc-b", User: "bob"}
		c.Commit(new(c.Reserve(k, tiers, 1, Enforce, at(114_000)).Reservation)) // held by the hour's roll (holdBehind)
		r := c.Reserve(k, tiers, 1, Enforce, at(117_610))                       // right, in flight
		d := c.Reserve(k, tiers, 1, Enforce, at(117_963+hour))
		c.Release(&d.Reservation)
		c.Commit(&r.Reservation) // into 2s@+116 and 5s@+115
		for _, p := range c.TakeDirty(nil, at(121_545+ahead)) {
			c.Abort(&p)
		}
		if !stay {
			if n := localIn(c, at(121_545), 5*time.Second, t0.Unix()+115); n != 1 {
				t.Errorf("set right: %d to write in the 5s frame at t0+115, the real window's previous one, want 1", n)
			}
			continue
		}
		// The clock stays 84 s ahead: held past the take, not for the hour.
		for _, now := range []int64{132_545, 150_545} { // the second past any hold of the first
			for _, p := range c.TakeDirty(nil, at(now+ahead)) {
				c.Abort(&p)
			}
		}
		e := c.find(k)
		e.mu.Lock()
		held := e.more != nil && len(e.more.orphan) > 0
		e.mu.Unlock()
		if held {
			t.Errorf("84 s ahead, 29 s after the take: the frames still held (%+v), want them given up, as they left every real window", e.more.orphan)
		}
	}
}

package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A request reserved while the clock was ahead, in a frame still to come by
// the real clock, is committed after the clock was set right: an orphan of
// a frame after its counter's (TestCommittedAheadOfTheCounterHeld). Before a
// flush writes it, the clock jumps an hour ahead, and a take by it holds
// the count (holdBehind); the clock, still ahead, takes again more than two
// of the frame's sizes after that take, but before the real clock has left
// the frame, and is then set right. Held until two of the size past the
// jump's take, as a frame the counter had reached, the count was given up
// at the second take and was never written (the simulation's jumps, =1, seed
// 14517789502130780888: the second case is its key a/bc, true clock
// t0+704.271 to t0+728.977). The frame is ahead of its counter, and so of
// the real clock at the jump, by up to the difference of their starts: it
// is held that much longer.
func TestCommittedAheadHeldPastTheJumpsHold(t *testing.T) {
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, tc := range []struct {
		name  string
		tiers []window.Tier
		// by the true clock: the reservation (the clock ahead), the
		// clock set right, the commit; then an hour ahead, two takes;
		// then set right again (all in milliseconds after t0)
		reserve, ahead, right, commit, jump, take1, take2, back int64
		frames                                                  []Frame // the reservation's
	}{
		{
			name:    "10s, 30s ahead",
			tiers:   []window.Tier{{Limit: 1000, Size: 10 * time.Second}},
			reserve: 5_000, ahead: 30_000, right: 6_000, commit: 6_000,
			jump: time.Hour.Milliseconds(), take1: 6_300, take2: 30_300, back: 31_000,
			frames: []Frame{{Size: 10 * time.Second, StartUnix: t0.Unix() + 30, N: 1}},
		},
		{
			name:    "2s and 5s, 31s ahead (the seed's)",
			tiers:   []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}},
			reserve: 4_271, ahead: 31_000, right: 4_271, commit: 5_344,
			jump: 3_600_523, take1: 5_344, take2: 26_438, back: 28_977,
			frames: []Frame{{Size: 2 * time.Second, StartUnix: t0.Unix() + 34, N: 1}, {Size: 5 * time.Second, StartUnix: t0.Unix() + 35, N: 1}},
		},
	} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "c"}
		r := c.Reserve(k, tc.tiers, 1, Enforce, at(tc.reserve+tc.ahead))
		d := c.Reserve(k, tc.tiers, 1, Enforce, at(tc.right)) // set right: the counters step back
		c.Release(&d.Reservation)
		for _, p := range c.TakeDirty(nil, at(tc.right)) {
			c.Confirm(&p, Snapshot{Version: 1, Frames: p.Delta}, at(tc.right))
		}
		c.Commit(&r.Reservation)
		for _, now := range []int64{tc.take1, tc.take2} { // an hour ahead, the store down
			for _, p := range c.TakeDirty(nil, at(now+tc.jump)) {
				c.Abort(&p)
			}
		}
		for _, f := range tc.frames {
			if n := localIn(c, at(tc.back), f.Size, f.StartUnix); n != f.N {
				t.Errorf("%s: set right, %d to write in the %v frame at t0%+ds, want the %d committed there", tc.name, n, f.Size, f.StartUnix-t0.Unix(), f.N)
			}
		}
	}
}

// The hold past the jump's of a frame after its counter's
// (TestCommittedAheadHeldPastTheJumpsHold) is as long as the clock was
// ahead when the request was reserved, up to the longest window a tier may
// have (window.MaxSize, a day): a frame more than a day ahead of the real
// clock weighs on no window for a day. Held uncapped, a clock set 30 days
// ahead, set right with the request in flight and jumped 60 days ahead
// before a flush, held the count, the key's overflow and the key itself
// out of the sweep's reach (queued for every flush) for 30 days; a day and
// two frames past the jump's take it is given up and the key swept. A
// frame 20 hours ahead is still held 19 hours on, and written once the
// clock is set right.
func TestCommittedAheadHoldCappedAtADay(t *testing.T) {
	const day = 24 * time.Hour
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	for _, tc := range []struct {
		name        string
		ahead, jump time.Duration // at the reservation; then from the true clock
		take2       time.Duration // after the jump's take, by the true clock
		held        bool
	}{
		{name: "30 days ahead", ahead: 30 * day, jump: 60 * day, take2: day + 30*time.Second},
		{name: "20 hours ahead", ahead: 20 * time.Hour, jump: 40 * time.Hour, take2: 19 * time.Hour, held: true},
	} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "c"}
		reserve, right := t0.Add(5*time.Second), t0.Add(6*time.Second)
		r := c.Reserve(k, tiers, 1, Enforce, reserve.Add(tc.ahead))
		d := c.Reserve(k, tiers, 1, Enforce, right) // set right: the counter steps back
		c.Release(&d.Reservation)
		for _, p := range c.TakeDirty(nil, right) {
			c.Confirm(&p, Snapshot{Version: 1, Frames: p.Delta}, right)
		}
		c.Commit(&r.Reservation)
		take1 := right.Add(300 * time.Millisecond)
		for _, now := range []time.Time{take1, take1.Add(tc.take2)} { // ahead, the store down
			for _, p := range c.TakeDirty(nil, now.Add(tc.jump)) {
				c.Abort(&p)
			}
		}
		swept := c.Sweep(take1.Add(tc.take2).Add(tc.jump))
		if got := swept == 0; got != tc.held {
			t.Errorf("%s: %v after the jump's take, the key held: %v, want %v", tc.name, tc.take2, got, tc.held)
		}
		start := frameStart(reserve.Add(tc.ahead), 10)
		want := int64(0)
		if tc.held {
			want = 1
		}
		if n := localIn(c, take1.Add(tc.take2).Add(time.Second), 10*time.Second, start); n != want {
			t.Errorf("%s: set right, %d to write in the frame %v ahead, want %d", tc.name, n, tc.ahead, want)
		}
	}
}

// A request is reserved by a clock about 3 s ahead, in the 5 s frame at
// t0+820; the clock is set right (t0+817.7), a step back into the frame
// before the counter's, which rollOut leaves where it is: one frame ahead of
// the real clock. The request commits into that frame, the counter's own
// (not one after it, as in TestCommittedAheadHeldPastTheJumpsHold); then the
// clock jumps an hour ahead, with the store down. Held to two of the size
// past the jump's take, as for counts made in the counter's frame by a clock
// that had reached it, the count was given up by a take at true t0+829.1,
// though the frame is the real window's previous one until t0+830, and the
// clock set right at t0+829.9 found nothing to write there (the simulation's
// jumps, =stack, seed 14274432968709304804: key ab/c, "5s frame at t0+820s:
// store holds 1, want 2"). A counter a clock stepped back before is marked
// (aheadRead), and its frames are held a size longer.
func TestCommittedInACounterAheadOfTheClockHeld(t *testing.T) {
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "ab", User: "c"}
	r := c.Reserve(k, tiers, 1, Enforce, at(817_560+3_000)) // the clock 3 s ahead: 5s@820
	d := c.Reserve(k, tiers, 1, Enforce, at(817_721))       // set right: the 5 s counter stays at 820
	c.Release(&d.Reservation)
	c.Commit(&r.Reservation)
	const hour = int64(3_600_924)
	for _, now := range []int64{817_932, 829_141} { // an hour ahead, the store down
		for _, p := range c.TakeDirty(nil, at(now+hour)) {
			c.Abort(&p)
		}
	}
	if n := localIn(c, at(829_900), 5*time.Second, t0.Unix()+820); n != 1 {
		t.Errorf("set right at t0+829.9: %d to write in the 5s frame at t0+820 (the real previous frame), want 1", n)
	}
}

// The mark of a counter a clock read before (aheadRead), which holds its
// frame's counts a size longer at a jump, goes once every counter of the key
// has rolled to a clock's frame: kept, every later jump's hold of the key
// was a size longer than its frames need.
func TestAheadReadClearedOnceRolled(t *testing.T) {
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}, {Limit: 1000, Size: 5 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "ab", User: "c"}
	marked := func() bool {
		e, _, _ := c.lookup(k)
		if e.hotLine == nil {
			t.Fatal("key not held")
		}
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.isCold(aheadRead)
	}
	hitN(t, c, k, tiers, 1, at(820_560)) // the clock 3 s ahead: 5s@820
	if marked() {
		t.Fatal("marked before any clock read before a counter's frame")
	}
	hitN(t, c, k, tiers, 1, at(817_721)) // set right: the 5 s counter stays at 820
	if !marked() {
		t.Fatal("not marked after a clock read 817.721 with the 5 s counter at 820")
	}
	hitN(t, c, k, tiers, 1, at(819_000)) // the 2 s counter rolls, the 5 s one is still ahead
	if !marked() {
		t.Error("unmarked at 819 with the 5 s counter still at 820")
	}
	hitN(t, c, k, tiers, 1, at(825_100)) // both counters roll to 825's frames
	if marked() {
		t.Error("still marked once every counter rolled to a clock's frame (825)")
	}
}

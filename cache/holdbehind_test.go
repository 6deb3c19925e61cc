package cache

import (
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The local counts a clock that jumped two frames or more ahead leaves
// behind (see holdBehind); the whole round through the store is syncer's
// TestClockAheadAndBackKeepsTheCounts.

// localIn returns what AppendLocal at now would flush of k in the frame of
// size that starts at start.
func localIn(c *Cache, now time.Time, size time.Duration, start int64) (n int64) {
	for _, p := range c.AppendLocal(nil, now) {
		for _, f := range p.Delta {
			if f.Size == size && f.StartUnix == start {
				n += f.N
			}
		}
	}
	return n
}

// A flush taken before the jump and settled after it: aborted, its 6 are
// still to write when the clock is back; confirmed, they are not written
// again, and a request committed meanwhile into the frame left behind (its
// reservation made before the jump) is. Dropped at the jump, the aborted 6
// were lost, and so was the late commit.
func TestHeldBehindSettledAfterTheJump(t *testing.T) {
	tiers := perMinute(100)
	right := t0.Add(10 * time.Second)
	ahead := right.Add(5 * time.Minute)
	back := right.Add(2 * time.Second)
	minute := t0.Unix()
	for _, confirm := range []bool{false, true} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "c"}
		hitN(t, c, k, tiers, 6, right)
		ps := c.TakeDirty(nil, right)
		if len(ps) != 1 {
			t.Fatalf("TakeDirty took %d keys, want 1", len(ps))
		}
		late := c.Reserve(k, tiers, 1, Enforce, right) // in flight across the jump
		d := c.Reserve(k, tiers, 1, Enforce, ahead)    // rolls the key ahead
		c.Release(&d.Reservation)
		c.Commit(&late.Reservation)
		if confirm {
			c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, ahead)
		} else {
			c.Abort(&ps[0])
		}
		if n := localIn(c, ahead, time.Minute, minute); n != 0 {
			t.Errorf("confirm %v: %d to write in the minute left behind, by the clock ahead: want 0 (a flush writes no frame behind its window)", confirm, n)
		}
		want := int64(7)
		if confirm {
			want = 1
		}
		if n := localIn(c, back, time.Minute, minute); n != want {
			t.Errorf("confirm %v: clock back, %d to write in its minute, want %d", confirm, n, want)
		}
		// Confirmed, the 6 are the store's: the snapshot installed
		// ahead left their frame out (behind the window there), and the
		// key's next read brings them back into the estimate.
		if u := c.used(k, time.Minute, back); u != want {
			t.Errorf("confirm %v: clock back, the estimate is %d, want %d", confirm, u, want)
		}
	}
}

// A key used every third frame while nothing is flushed (the store down)
// holds the last three jumps' counts only, not one more frame per use; once the
// clock is two frames past the last jump, the next take drops them, gives
// the overflow back, and leaves the key off the dirty list.
func TestHeldBehindBounded(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	now := t0
	for i := range 50 {
		hitN(t, c, k, tiers, 1, now)
		if i%7 == 0 {
			c.Abort(&c.TakeDirty(nil, now)[0]) // a flush that failed
		}
		now = now.Add(30 * time.Second)
	}
	e := c.find(k)
	e.mu.Lock()
	held := len(e.more.orphan)
	until := int64(e.more.heldUntil)
	e.mu.Unlock()
	if held != 3 {
		t.Errorf("after 50 uses 30 s apart, %d orphan frames held, want 3 (the last three jumps')", held)
	}
	last := now.Add(-30 * time.Second).Unix() // the last use's second; the jump to it held the use before
	if want := last + 21; until != want {
		t.Errorf("held until %d, want %d (the jump's second + two frames + the second's rest)", until, want)
	}
	// Two seconds before, the last use's count is still in the window;
	// one second before, the held ones are still held, and the key stays
	// queued.
	if ps := c.TakeDirty(nil, time.Unix(until-2, 0)); len(ps) != 1 {
		t.Fatalf("TakeDirty took %d keys, want 1 (the last use's count)", len(ps))
	} else {
		c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, time.Unix(until-2, 0))
	}
	if ps := c.TakeDirty(nil, time.Unix(until-1, 0)); len(ps) != 0 {
		t.Fatalf("TakeDirty took %v, want nothing in the window", ps)
	}
	e.mu.Lock()
	held, onList := len(e.more.orphan), e.is(queued)
	e.mu.Unlock()
	if held != 3 || !onList {
		t.Fatalf("before the hold ends: %d orphans held, queued %v; want 3, queued", held, onList)
	}
	c.TakeDirty(nil, time.Unix(until, 0))
	e.mu.Lock()
	gone, local, onList := e.more == nil, opened(c, e).hasLocal(), e.is(queued)
	e.mu.Unlock()
	if !gone || local || onList {
		t.Errorf("at the hold's end: overflow given back %v, local counts %v, queued %v; want true, false, false", gone, local, onList)
	}
}

// A clock that jumped an hour ahead and was set right five minutes later:
// the counts held at the jump are of a minute that has left the window by
// the clock back, which reads before the jump. They are given up at the
// next take, and the key, idle since, is swept as any key idle for two of
// its windows (README, "Keys in the cache"). Held until the jump's second
// plus two minutes by the clock, they kept it queued for every flush, out
// of the sweep's reach and with its overflow, for the hour of the jump
// (of the years of a clock set years ahead).
func TestHeldBehindGivenUpOnceTheClockIsBack(t *testing.T) {
	tiers := perMinute(100)
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	right := t0.Add(10 * time.Second)
	hitN(t, c, k, tiers, 6, right)
	if ps := c.TakeDirty(nil, right.Add(time.Hour)); len(ps) != 0 {
		t.Fatalf("TakeDirty an hour ahead took %v, want nothing (the 6 held, behind its window)", ps[0].Delta)
	}
	back := right.Add(5 * time.Minute)
	if ps := c.TakeDirty(nil, back); len(ps) != 0 {
		t.Fatalf("TakeDirty back took %v, want nothing (the 6's minute has left the window)", ps[0].Delta)
	}
	e := c.find(k)
	e.mu.Lock()
	local, onList, more := opened(c, e).hasLocal(), e.is(queued), e.more != nil
	e.mu.Unlock()
	if local || onList || more {
		t.Errorf("back, after a take: local counts %v, queued %v, overflow %v; want false, false, false", local, onList, more)
	}
	if n := c.Sweep(back); n != 1 {
		t.Errorf("Sweep five minutes after the key's last use swept %d keys, want 1", n)
	}
}

// After a clock set years ahead and back (its held counts given up once
// back), a later jump ahead and back still keeps what it held: the years'
// hold leaves no end behind it. Had its end stayed (the key keeps its
// overflow: three sizes), every later hold was taken for one the clock had
// come back from, and given up ahead: the 4 were lost.
func TestHeldBehindAfterAFarJump(t *testing.T) {
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}, {Limit: 1000, Size: time.Hour}, {Limit: 10000, Size: 24 * time.Hour}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	right := t0.Add(10 * time.Second)
	hitN(t, c, k, tiers, 6, right)
	c.TakeDirty(nil, right.Add(10*365*24*time.Hour)) // held, for ten years by that clock
	right = right.Add(5 * time.Minute)               // set right
	// The minute's 6 given up (behind the window back); the hour's and
	// the day's written.
	ps := c.TakeDirty(nil, right)
	if len(ps) != 1 {
		t.Fatalf("back from the far jump, TakeDirty took %d keys, want 1 (the hour's and the day's 6)", len(ps))
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, right)
	hitN(t, c, k, tiers, 4, right)
	c.TakeDirty(nil, right.Add(time.Hour)) // the minute's 4 held
	back := right.Add(2 * time.Second)
	if n := localIn(c, back, time.Minute, right.Truncate(time.Minute).Unix()); n != 4 {
		t.Errorf("back from the second jump, %d to write in the minute, want the 4", n)
	}
}

// After a clock set years ahead and back to the frame it left, where its
// held counts are adopted and written (not given up), a later jump ahead
// and back still keeps what it held. The hold's end stayed when the clock
// came back to its orphans' frames (adopt, then a confirmed flush, emptied
// them; only dropBehind cleared the end), and a later hold kept the later
// of the two ends: years ahead, the later jump read as one the clock had
// come back from (backBeforeHold), and its 4 were given up at the jump's
// own flush, lost when the clock came back to their minute.
func TestHeldBehindAfterAFarJumpAdopted(t *testing.T) {
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}, {Limit: 1000, Size: time.Hour}, {Limit: 10000, Size: 24 * time.Hour}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	right := t0.Add(10 * time.Second)
	hitN(t, c, k, tiers, 6, right)
	c.TakeDirty(nil, right.Add(10*365*24*time.Hour)) // held, for ten years by that clock
	back := right.Add(10 * time.Second)              // set right, in the same minute
	ps := c.TakeDirty(nil, back)
	if len(ps) != 1 || !slices.Contains(ps[0].Delta, Frame{Size: time.Minute, StartUnix: t0.Unix(), N: 6}) {
		t.Fatalf("back in the minute left behind, TakeDirty took %v, want the minute's 6 (adopted)", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, back)
	hitN(t, c, k, tiers, 4, back)
	c.TakeDirty(nil, back.Add(time.Hour)) // the minute's 4 held
	back2 := back.Add(20 * time.Second)
	if n := localIn(c, back2, time.Minute, t0.Unix()); n != 4 {
		t.Errorf("back from the second jump, %d to write in the minute, want the 4", n)
	}
}

// TestOneFrameRollHoldsNothing: a counter that moves one frame on drops
// the previous frame's counts not flushed, and allocates nothing for them.
// With the store down every busy key has such counts at each frame's end;
// held for a clock that might have jumped ahead by a frame and come back
// (as they were for a few hours of 2026-11-28), each key kept its overflow
// block, 248 bytes, for the whole outage: 1M keys, 248 MB more in an
// outage, for counts that matter only if the clock also jumped in it.
func TestOneFrameRollHoldsNothing(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	f0 := t0.Unix()                                 // t0 starts a 10 s frame
	hitN(t, c, k, tiers, 2, t0.Add(5*time.Second))  // frame f0, not flushed (the store down)
	hitN(t, c, k, tiers, 3, t0.Add(12*time.Second)) // frame f0+10
	hitN(t, c, k, tiers, 1, t0.Add(21*time.Second)) // one frame on: f0 leaves the window
	e, _, _ := c.lookup(k)
	if e.hotLine == nil {
		t.Fatal("key not held")
	}
	e.mu.Lock()
	more := e.more
	e.mu.Unlock()
	if more != nil {
		t.Errorf("the key has an overflow block after a one-frame roll (%d orphans held): want none", len(more.orphan))
	}
	if n := localIn(c, t0.Add(13*time.Second), 10*time.Second, f0); n != 0 {
		t.Errorf("clock back, %d to write in frame f0, want 0 (dropped at the one-frame roll)", n)
	}
	if n := localIn(c, t0.Add(21*time.Second), 10*time.Second, f0+10); n != 3 {
		t.Errorf("%d to write in frame f0+10, want 3", n)
	}
}

// A request reserved before a clock jumped two frames or more ahead and
// committed after, on a key with nothing else unflushed at the jump: it is
// held in its frame and written once the clock is back. It was dropped
// (the frame was before the counter's previous one).
func TestInFlightAcrossAJumpHeld(t *testing.T) {
	tiers := perMinute(100)
	right := t0.Add(10 * time.Second)
	ahead := right.Add(5 * time.Minute)
	back := right.Add(2 * time.Second)
	minute := t0.Unix()
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 6, right)
	ps := c.TakeDirty(nil, right)
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: ps[0].Delta}, right) // nothing unflushed
	late := c.Reserve(k, tiers, 1, Enforce, right)
	d := c.Reserve(k, tiers, 1, Enforce, ahead) // rolls the key ahead
	c.Release(&d.Reservation)
	c.Commit(&late.Reservation)
	if n := localIn(c, ahead, time.Minute, minute); n != 0 {
		t.Errorf("%d to write in the minute left behind, by the clock ahead: want 0", n)
	}
	if n := localIn(c, back, time.Minute, minute); n != 1 {
		t.Errorf("clock back, %d to write in its minute, want the 1 committed across the jump", n)
	}
}

// A take's second is floored: counts held at a jump stay held through the
// rest of the second two frames after it. Here a count 0.4 s into a 2 s
// frame, a clock 100.56 s ahead from 0.5 s later (the take 0.96 s into
// its second), a take 104.5 s on by that clock (3.94 s on, real: the frame
// still weighs on the real window), then the clock set right. Held to the
// take's second + 4 only, the count was given up at that take.
func TestHeldBehindToTheSecondsEnd(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 2 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, t0.Add(400*time.Millisecond))
	for _, now := range []time.Time{t0.Add(100960 * time.Millisecond), t0.Add(104500 * time.Millisecond)} {
		for _, p := range c.TakeDirty(nil, now) {
			c.Abort(&p)
		}
	}
	back := t0.Add(3900 * time.Millisecond)
	if n := localIn(c, back, 2*time.Second, t0.Unix()); n != 1 {
		t.Errorf("clock set right, %d to write in the count's frame, want 1", n)
	}
}

// A clock ahead counts in a frame ahead; set right, the count is an orphan
// of that frame, still to come; the clock jumps ahead again, past it, and
// is set right again: the count is held, not given up at the jump, and
// still to write.
func TestHeldAheadAfterASecondJump(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	ahead := t0.Unix() + 30
	hitN(t, c, k, tiers, 1, t0.Add(35*time.Second)) // 30 s ahead
	for _, now := range []time.Time{t0.Add(6 * time.Second), t0.Add(75 * time.Second)} {
		for _, p := range c.TakeDirty(nil, now) { // set right, then ahead again past the frame
			c.Abort(&p)
		}
	}
	if n := localIn(c, t0.Add(7*time.Second), 10*time.Second, ahead); n != 1 {
		t.Errorf("set right again, %d to write in the frame ahead, want the 1 counted there", n)
	}
}

// A clock jumps ahead (the count held), is set back to the frame before
// the counter's (which stays where it is: the held count is in the window
// again, still to write: the store is down), counts there or not, jumps
// ahead again past the hold's end, and is set back again: the first count
// is still held and to write. The second jump gave it up: as one of the
// frames an earlier hold held (counting there), or at its take, past the
// hold's end (not counting: the counter had nothing to hold).
func TestHeldAcrossTwoJumps(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	for _, countBack := range []bool{true, false} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "c"}
		first := t0.Unix() + 10
		hitN(t, c, k, tiers, 1, t0.Add(15*time.Second))
		take := func(now time.Time) {
			for _, p := range c.TakeDirty(nil, now) {
				c.Abort(&p) // the store down
			}
		}
		take(t0.Add(35 * time.Second)) // two frames ahead: held to t0+56
		back := t0.Add(25 * time.Second)
		if n := localIn(c, back, 10*time.Second, first); n != 1 {
			t.Fatalf("counting back %v: set back, %d to write in the first count's frame, want 1", countBack, n)
		}
		if countBack {
			hitN(t, c, k, tiers, 1, back)
		}
		take(t0.Add(75 * time.Second)) // ahead again, past t0+56
		if n := localIn(c, t0.Add(26*time.Second), 10*time.Second, first); n != 1 {
			t.Errorf("counting back %v: set back again, %d to write in the first count's frame, want 1", countBack, n)
		}
	}
}

// A clock set back from a jump, but still a little ahead (2 s, at a 10 s
// frame's end), reads a held count's frame just behind its window: it is
// kept a frame longer, and written once the clock is right. Given up at
// once (the clock read before the jump), it was lost, though its frame was
// still the previous one by the real clock.
func TestHeldBehindBackALittleAhead(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	first := t0.Unix() + 10
	hitN(t, c, k, tiers, 1, t0.Add(15*time.Second))
	for _, now := range []time.Time{t0.Add(time.Hour + 18*time.Second), t0.Add(31 * time.Second)} { // an hour ahead; back, 2 s ahead of t0+29
		for _, p := range c.TakeDirty(nil, now) {
			c.Abort(&p)
		}
	}
	if n := localIn(c, t0.Add(29*time.Second), 10*time.Second, first); n != 1 {
		t.Errorf("set right, %d to write in the count's frame, want 1", n)
	}
}

// A clock set back in two steps, the first still ahead: the held count is
// given up at the first step, and a clock then set right does not find it.
// This pins a limit, not a wish: the cache sees only the clock's seconds,
// and a clock that reads before the jump that held the count, with the
// count's frame behind its window, is set right after that frame ended as
// far as it can tell; kept until two frames past the jump instead, the
// held counts of a clock set an hour (or years) ahead and back kept their
// keys from the sweep for that long (TestHeldBehindGivenUpOnceTheClockIsBack).
func TestHeldGivenUpAtAFirstStepBack(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, t0.Add(15*time.Second))
	for _, now := range []time.Time{t0.Add(time.Hour + 15*time.Second), t0.Add(30 * time.Minute)} { // ahead; halfway back
		for _, p := range c.TakeDirty(nil, now) {
			c.Abort(&p)
		}
	}
	if n := localIn(c, t0.Add(17*time.Second), 10*time.Second, t0.Unix()+10); n != 0 {
		t.Errorf("set right after a first step back still ahead: %d to write in the count's frame; this test pins 0 (given up at the first step)", n)
	}
}

// A clock jumped far ahead and came back (the hold's end left behind, its
// counts adopted and flushed); later it jumps a few frames ahead while a
// request is in flight, which commits into its frame, now behind: held
// until two frames past the counter's frame, not given up at the next take
// as if the clock were back before the far jump's hold.
func TestInFlightAcrossASecondJumpHeld(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 5 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, t0.Add(time.Second))
	for _, p := range c.TakeDirty(nil, t0.Add(181*time.Second)) { // 3 minutes ahead: held
		c.Abort(&p)
	}
	for _, p := range c.TakeDirty(nil, t0.Add(2*time.Second)) { // back: adopted, written
		c.Confirm(&p, Snapshot{Version: 1, Frames: p.Delta}, t0.Add(2*time.Second))
	}
	late := c.Reserve(k, tiers, 1, Enforce, t0.Add(3*time.Second))
	d := c.Reserve(k, tiers, 1, Enforce, t0.Add(18*time.Second)) // 15 s ahead
	c.Release(&d.Reservation)
	c.Commit(&late.Reservation)
	for _, p := range c.TakeDirty(nil, t0.Add(19*time.Second)) {
		c.Abort(&p)
	}
	if n := localIn(c, t0.Add(4*time.Second), 5*time.Second, t0.Unix()); n != 1 {
		t.Errorf("set right, %d to write in the in-flight request's frame, want 1", n)
	}
}

// A request in flight when the clock jumps an hour ahead, and a sweep by
// that clock (every key idle for an hour by it): the key is not evicted
// while the request is open, so its commit, behind the window by the clock
// ahead, is held, and written once the clock is set right. Evicted, the
// key held nothing across the jump and the count was lost.
func TestSweepKeepsAKeyWithARequestInFlight(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 5 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	late := c.Reserve(k, tiers, 1, Enforce, t0.Add(time.Second))
	ahead := t0.Add(time.Hour + 2*time.Second)
	if n := c.Sweep(ahead); n != 0 {
		t.Errorf("Sweep an hour ahead evicted %d keys, want 0 (a request in flight)", n)
	}
	c.Commit(&late.Reservation)
	for _, p := range c.TakeDirty(nil, ahead) {
		c.Abort(&p)
	}
	if n := localIn(c, t0.Add(3*time.Second), 5*time.Second, t0.Unix()); n != 1 {
		t.Errorf("set right, %d to write in the request's frame, want 1", n)
	}
}

// A right clock and the store down: a key counted once, never used again,
// with a window (10 s) shorter than the time between flushes (an outage
// backs them off up to 30 s). Its first take two frames on holds the count
// until two frames past it (holdBehind), as for a jump; past then it is
// given up, the overflow goes, and the sweep finds the key idle. Held on
// by every later take (a roll of two frames or more holding the orphans of
// its size, for a clock that had come back from a jump), the count was
// kept, and the key's 248-byte overflow, on the dirty list and out of the
// sweep's reach, for as long as the outage lasted (an hour here).
func TestHeldNotHeldOnByARightClock(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, tiers, 1, t0.Add(5*time.Second))
	for s := 30; s <= 3600; s += 30 {
		for _, p := range c.TakeDirty(nil, t0.Add(time.Duration(s)*time.Second+300*time.Millisecond)) {
			c.Abort(&p) // the store down
		}
	}
	e := c.find(k)
	e.mu.Lock()
	local, more := opened(c, e).hasLocal(), e.more != nil
	e.mu.Unlock()
	if local || more {
		t.Errorf("an hour of takes 30 s apart by a right clock after one count: the key holds local counts %v, an overflow %v; want neither (held two frames past the first take only)", local, more)
	}
	if n := c.Sweep(t0.Add(3601 * time.Second)); n != 1 {
		t.Errorf("Sweep an hour on evicted %d keys, want the 1 idle one", n)
	}
}

// A key limited by 3 s and 10 s windows, a request in flight while the
// clock jumps an hour ahead (its counts held until two 10 s frames past the
// jump), committed after the jump: the 3 s frame it counts in is held too,
// and the 10 s frame's hold keeps its end. The commit took the 3 s
// counter's frame start, 1 s before the jump's second, for a clock back
// before the jump's hold, cleared its end and held everything only to two
// 3 s frames past that start: a take 5 s after the jump gave the 10 s
// frame's counts up, and the clock set right lost them (the simulation's
// jumps, seed 12050090675355551094 with the one-frame hold).
func TestInFlightAcrossAJumpKeepsTheLongerHold(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 3 * time.Second}, {Limit: 1000, Size: 10 * time.Second}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	take := func(now time.Time) {
		for _, p := range c.TakeDirty(nil, now) {
			c.Abort(&p) // the store down
		}
	}
	hitN(t, c, k, tiers, 2, t0.Add(525*time.Second))
	late := c.Reserve(k, tiers, 1, Enforce, t0.Add(528500*time.Millisecond))
	take(t0.Add(4129300 * time.Millisecond)) // an hour ahead: held to t0+4150
	c.Commit(&late.Reservation)
	for s := 4130; s <= 4140; s++ { // a take a second, the clock still ahead
		take(t0.Add(time.Duration(s)*time.Second + 300*time.Millisecond))
	}
	if n := localIn(c, t0.Add(530500*time.Millisecond), 10*time.Second, t0.Unix()+520); n != 3 {
		t.Errorf("set right, %d to write in the 10 s frame, want the 3 counted there (2, and 1 committed across the jump)", n)
	}
}

// A request reserved while the clock was an hour ahead, in a frame still
// to come, is committed after the clock was set right and jumped ahead
// again, before anything rolled the key's counter, set back, to the new
// clock: its count is an orphan of a frame after the counter's. A take
// then rolls the counter two frames or more past it: held (the clock that
// counted it was ahead of the counter), it is still to write once the
// clock is right. Given up at that take, it was lost (the simulation's
// jumps, seeds 12050090675355551094 and 17522564803942976213 with the
// one-frame hold; the second held other counts between).
func TestCommittedAheadOfTheCounterHeld(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	k := Key{ClientID: "c"}
	ahead := t0.Add(time.Hour)
	for _, heldBetween := range []bool{false, true} {
		c := newCache(t, Config{Shards: 1})
		r := c.Reserve(k, tiers, 1, Enforce, ahead.Add(38*time.Second)) // in the frame at +1h30s
		d := c.Reserve(k, tiers, 1, Enforce, t0.Add(5*time.Second))     // set right: the counter steps back
		c.Release(&d.Reservation)
		c.Commit(&r.Reservation) // ahead again, nothing rolled yet
		if heldBetween {
			// Or set right for longer: a count of the counter's own,
			// held by a take two frames on, before the clock jumps.
			hitN(t, c, k, tiers, 1, t0.Add(5*time.Second))
			for _, p := range c.TakeDirty(nil, t0.Add(25300*time.Millisecond)) {
				c.Abort(&p)
			}
		}
		for _, p := range c.TakeDirty(nil, ahead.Add(50300*time.Millisecond)) {
			c.Abort(&p) // the store down
		}
		if n := localIn(c, t0.Add(6*time.Second), 10*time.Second, ahead.Unix()+30); n != 1 {
			t.Errorf("held between %v: set right, %d to write in the frame ahead, want the 1 committed there", heldBetween, n)
		}
	}
}

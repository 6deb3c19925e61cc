package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStepsEvictedKeepsHeld: with a detector, a key whose frame's counts
// are held across a jump an hour ahead (in its window by the clock at its
// least offset, the true clock) is evicted at MaxKeys while the clock is
// still ahead and the store down. Its counts stay with the record until
// flushed, as an evicted key's own frame's do: set right, they are written.
// dropBehind's evicted rule (the orphans behind u go at once) gave them up
// by the clock an hour ahead.
func TestStepsEvictedKeepsHeld(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, MaxKeys: 1, Steps: sc.steps})
	a, b := Key{ClientID: "a"}, Key{ClientID: "b"}
	d := c.Reserve(a, tiers, 1, Enforce, sc.at(5_000, 0))
	c.Commit(&d.Reservation)
	abortAll(c, sc.at(5_100, 0))
	// An hour ahead: a's counter rolls, its frame at t0 held as an orphan.
	d = c.Reserve(a, tiers, 1, Enforce, sc.at(6_000, hourMs))
	c.Release(&d.Reservation)
	if n, _ := orphansHeld(c, a); n != 1 {
		t.Fatalf("an hour ahead: %d orphans held, want 1 (the frame at t0)", n)
	}
	// b comes: a is evicted, its counts still to write.
	d = c.Reserve(b, tiers, 1, Enforce, sc.at(6_500, hourMs))
	c.Release(&d.Reservation)
	abortAll(c, sc.at(7_000, hourMs))
	if n := localIn(c, sc.at(8_000, 0), 10*time.Second, t0.Unix()); n != 1 {
		t.Errorf("a evicted an hour ahead, set right: %d to write in the frame at t0, want 1", n)
	}
}

// TestStepsHeldFramesEvictedUncounted is TestHeldFramesEvictedUncounted
// with a detector: a key dropped at MaxKeys (the store down, another key's
// counts already waiting) while its counter holds a request counted by the
// clock an hour ahead and an orphan holds one of the frame the clock left
// at the jump (in its window by the true clock, behind by the clock ahead).
// Stats.Dropped counts what a flush would write by the clock (pending):
// the counter's 1. The orphan is given up uncounted, as without a detector
// a frame held behind the window is: a flush by this clock leaves it out
// too, and only a clock that comes back to its frame would miss it, which
// the cache cannot tell at the eviction. Counted (localFrames), Dropped
// grew by 2 where the local counts a flush would write lost 1 (the
// simulation, seed 15271490279436231823 of fifth-size: "the local counts
// lost 1 requests, Stats.Dropped grew by 2").
func TestStepsHeldFramesEvictedUncounted(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, MaxKeys: 1, Steps: sc.steps})
	z, v, w := Key{ClientID: "z"}, Key{ClientID: "v"}, Key{ClientID: "w"}
	hitN(t, c, z, tiers, 1, sc.at(5_000, 0))
	hitN(t, c, v, tiers, 1, sc.at(5_100, 0)) // evicts z, whose count waits: detached 1 = MaxKeys
	abortAll(c, sc.at(5_200, 0))             // the store down
	hitN(t, c, v, tiers, 1, sc.at(6_000, hourMs))
	if n, _ := orphansHeld(c, v); n != 1 {
		t.Fatalf("an hour ahead: v holds %d orphans, want 1 (its frame at t0)", n)
	}
	if st := c.Stats(); st.Detached != 1 || st.Dropped != 0 {
		t.Fatalf("before w: Stats %+v, want Detached 1, Dropped 0", st)
	}
	hitN(t, c, w, tiers, 1, sc.at(6_500, hourMs)) // evicts v at the cap
	if st := c.Stats(); st.Dropped != 1 {
		t.Errorf("v dropped at MaxKeys an hour ahead: Stats.Dropped %d, want 1 (its counter's request; the frame at t0 is behind the clock's window, given up as a flush leaves it)", st.Dropped)
	}
}

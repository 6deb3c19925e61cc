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

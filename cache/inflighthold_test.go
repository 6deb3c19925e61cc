package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A request reserved by a right clock, which then jumps 24 s ahead: a
// decision by the clock ahead rolls the counter on (to the frame of
// t0+34.7), the request commits into its frame, now behind, and a take by
// that clock comes at t0+40.2, the true clock's t0+16.2, when that frame
// still weighs on the real window. Held until the counter's frame start +
// 2 × the size (t0+40), the count was given up at that take and lost once
// the clock was set right (the simulation's stacked jumps, seed
// 13777544541191805033): the reading that rolled the counter was 4.7 s
// into its frame. The take holds it until two of its sizes past its own
// second, as a jump's first take holds the counts it leaves behind.
func TestInFlightHeldAFramePastTheRoll(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 5 * time.Second}}
	at := func(ms int64) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	late := c.Reserve(k, tiers, 1, Enforce, at(10_600)) // frame t0+10, right clock
	d := c.Reserve(k, tiers, 1, Enforce, at(34_700))    // 24 s ahead: rolls the counter to t0+30
	c.Release(&d.Reservation)
	c.Commit(&late.Reservation)
	for _, p := range c.TakeDirty(nil, at(40_200)) { // the store down
		c.Abort(&p)
	}
	if n := localIn(c, at(16_200), 5*time.Second, t0.Unix()+10); n != 1 {
		t.Errorf("set right, %d to write in the in-flight request's frame, want 1", n)
	}
}

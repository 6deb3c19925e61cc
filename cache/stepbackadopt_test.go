package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestFarStepBackAdoptsTheFramesItLandsOn closes helper-112's gap F06
// (rollOut without its adopt after a far step back survived every test):
// a clock that steps back two frames or more moves the counter back to
// its frame, and the stored frames and orphan counts of its size that fall
// into its slots there count again. They exist where a policy reload came
// between: the key counts 3 in a minute and holds the store's 5 there;
// four other window sizes retire the minute's counter (MaxSizes), its
// counts becoming an extra frame and an orphan; the clock runs an hour
// ahead, where a reload back to the minute makes a new counter of that
// size, in the frame ahead; then the clock is set right. Back in its
// minute, the key's estimate is 8 again: 2 of 10 left before this
// request, 1 after it. Without the adopt it was 0, and the key admitted 10
// more in that minute.
func TestFarStepBackAdoptsTheFramesItLandsOn(t *testing.T) {
	minute := []window.Tier{{Limit: 10, Size: time.Minute}}
	right := t0.Add(10 * time.Second)
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	hitN(t, c, k, minute, 3, right)
	if !c.Apply(k, Snapshot{Version: 1, Writers: 1, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 5}}}, right) {
		t.Fatal("snapshot not installed")
	}
	use := func(tiers []window.Tier, now time.Time) {
		t.Helper()
		d := c.Reserve(k, tiers, 1, Enforce, now)
		if !d.Allowed {
			t.Fatalf("refused under %v at %v: %+v", tiers, now, d)
		}
		c.Release(&d.Reservation)
	}
	sec := func(s int) window.Tier { return window.Tier{Limit: 1000, Size: time.Duration(s) * time.Second} }
	use([]window.Tier{sec(10), sec(20), sec(30)}, right) // four sizes: the minute's counter is the fourth
	use([]window.Tier{sec(40)}, right)                   // a fifth: the minute's counter retires
	e := c.find(k)
	e.mu.Lock()
	retired := opened(c, e).counterOf(60) == nil && e.more != nil && len(e.more.extra) == 1 && len(e.more.orphan) == 1
	e.mu.Unlock()
	if !retired {
		t.Fatal("the minute's counter did not retire into an extra frame and an orphan")
	}
	ahead := right.Add(time.Hour)
	use(minute, ahead) // a new counter of the minute, in the frame ahead
	back := right.Add(2 * time.Second)
	d := c.Reserve(k, minute, 1, Enforce, back)
	if !d.Allowed || d.Remaining != 1 {
		t.Errorf("clock back in its minute: Allowed %v, Remaining %d, want true, 1 (the store's 5 and the 3 counted here, adopted)", d.Allowed, d.Remaining)
	}
	c.Release(&d.Reservation)
}

// hitN commits n requests of cost 1 for k under tiers at now.
func hitN(t *testing.T, c *Cache, k Key, tiers []window.Tier, n int, now time.Time) {
	t.Helper()
	for range n {
		d := c.Reserve(k, tiers, 1, Enforce, now)
		if !d.Allowed {
			t.Fatalf("request refused: %+v", d)
		}
		c.Commit(&d.Reservation)
	}
}

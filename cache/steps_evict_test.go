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

// TestStepsHeldFramesEvictedCounted is TestHeldFramesEvictedUncounted
// with a detector: a key dropped at MaxKeys (the store down, another key's
// counts already waiting) while its counter holds a request counted by the
// clock an hour ahead and an orphan holds one of the frame the clock left
// at the jump (in its window by the true clock, behind by the clock ahead).
// Stats.Dropped counts both, as capHeld counts such a frame when it gives
// it up past MaxHeldFrames: the detector says the clock is ahead, and the
// orphan's request is the one in the true window. Given up uncounted
// (flushable, 895329d), Dropped grew by 1, the counter's request, in a
// frame the true clock reaches only an hour later. Without a detector the
// cache cannot tell a clock ahead, and a frame held behind the window goes
// uncounted (TestHeldFramesEvictedUncounted).
func TestStepsHeldFramesEvictedCounted(t *testing.T) {
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
	for _, tc := range []struct {
		name   string
		append func([]Pending, time.Time) []Pending
		want   int64
	}{{"AppendLocal", c.AppendLocal, 1}, {"AppendLocalHeld", c.AppendLocalHeld, 2}} {
		var n int64
		for _, p := range tc.append(nil, sc.at(6_500, hourMs)) {
			if p.Key == v {
				n += Requests(p.Delta)
			}
		}
		if n != tc.want {
			t.Errorf("before w: %s gives v %d requests, want %d", tc.name, n, tc.want)
		}
	}
	hitN(t, c, w, tiers, 1, sc.at(6_500, hourMs)) // evicts v at the cap
	if st := c.Stats(); st.Dropped != 2 {
		t.Errorf("v dropped at MaxKeys an hour ahead: Stats.Dropped %d, want 2 (its counter's request and its frame at t0, in the window by the true clock)", st.Dropped)
	}
}

// TestAppendLocalHeldIsWhatAnEvictionCounts: a key dropped at MaxKeys (the
// store down, another key's counts already waiting) takes out of
// AppendLocalHeld what Stats.Dropped counts, with a detector and without:
// the simulation's Dropped check compares the two. Without one, the frame
// holdBehind keeps behind the window (a roll two frames on) goes uncounted
// at the eviction (TestHeldFramesEvictedUncounted), and AppendLocalHeld,
// which gave it too, told the check 2 requests were lost where Dropped grew
// by 1 (TestSimulation/interleaved, seed 13970774711175957097, an instance
// without a detector). With one, the held frame in its window by the clock
// at its least offset is counted (TestStepsHeldFramesEvictedCounted).
func TestAppendLocalHeldIsWhatAnEvictionCounts(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	for _, tc := range []struct {
		name  string
		steps bool
		at    int64 // ms, v's second request (true time)
		ahead int64 // ms, the clock from then on
		want  int64 // Stats.Dropped
	}{
		{"no detector, two frames on", false, 25_000, 0, 1},
		{"detector, an hour ahead", true, 6_000, hourMs, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := newStepsClock()
			cfg := Config{Shards: 1, MaxKeys: 1}
			if tc.steps {
				cfg.Steps = sc.steps
			}
			c := newCache(t, cfg)
			z, v, w := Key{ClientID: "z"}, Key{ClientID: "v"}, Key{ClientID: "w"}
			hitN(t, c, z, tiers, 1, sc.at(5_000, 0))
			hitN(t, c, v, tiers, 1, sc.at(5_100, 0)) // evicts z, whose count waits: detached 1 = MaxKeys
			abortAll(c, sc.at(5_200, 0))             // the store down
			hitN(t, c, v, tiers, 1, sc.at(tc.at, tc.ahead))
			if n, _ := orphansHeld(c, v); n != 1 {
				t.Fatalf("v holds %d orphans, want 1 (its frame at t0)", n)
			}
			now := sc.at(tc.at+500, tc.ahead)
			held := func() (n int64) {
				for _, p := range c.AppendLocalHeld(nil, now) {
					if p.Key == v {
						n += Requests(p.Delta)
					}
				}
				return n
			}
			before, dropped := held(), c.Stats().Dropped
			hitN(t, c, w, tiers, 1, now) // evicts v at the cap
			lost, grew := before-held(), c.Stats().Dropped-dropped
			if lost != grew || grew != tc.want {
				t.Errorf("v dropped at MaxKeys: AppendLocalHeld lost %d requests, Stats.Dropped grew by %d, want both %d", lost, grew, tc.want)
			}
		})
	}
}

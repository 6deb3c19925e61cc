package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A reading is used a moment after it is taken (a request's, a flush's),
// and the detector may move a second on between: lowOf's and
// rollOutSteps' second less than the clock at its least offset covers
// that. The two tests below take a reading an hour ahead at true 19.9 s,
// then have the clock set back (confirmed at 20.05 s: low is t0+20), then
// use the reading; a flush by a reading of the right clock taken at 19.95 s
// (used after) must still write the count of the 10 s frame at t0, which
// is in the window until 20 s. Without the second, the frame was behind
// the window by the clock at its least offset read at 20 s, and given up.

// TestStepsLateReadingKeepsHeldFrame: the frame at t0 is held as an orphan
// (the clock jumped an hour ahead at 6 s); a flush by the reading ahead
// (dropBehindSteps, lowOf) must not give it up.
func TestStepsLateReadingKeepsHeldFrame(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "k"}
	hitN(t, c, k, tiers, 1, sc.at(5_000, 0))
	abortAll(c, sc.at(5_100, 0)) // the store down
	hitN(t, c, k, tiers, 1, sc.at(6_000, hourMs))
	abortAll(c, sc.at(6_100, hourMs))
	if n, _ := orphansHeld(c, k); n != 1 {
		t.Fatalf("an hour ahead: %d orphans held, want 1 (the frame at t0)", n)
	}
	ahead := sc.at(19_900, hourMs)
	right := t0.Add(19_950 * time.Millisecond)
	sc.at(20_050, 0) // set back, confirmed: low is t0+20
	abortAll(c, ahead)
	if n := localIn(c, right, 10*time.Second, t0.Unix()); n != 1 {
		t.Errorf("a flush by a reading an hour ahead at 19.9 s used after the clock was set back (20.05 s), then one by the right clock at 19.95 s: %d to write in the frame at t0, want 1 (in the window until 20 s)", n)
	}
}

// TestStepsLateReadingHoldsRolledFrame: the counter itself holds the count
// of the frame at t0 when the reading an hour ahead rolls it
// (rollOutSteps' ul), used after the clock was set back.
func TestStepsLateReadingHoldsRolledFrame(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, Steps: sc.steps})
	k := Key{ClientID: "k"}
	hitN(t, c, k, tiers, 1, sc.at(5_000, 0))
	abortAll(c, sc.at(5_100, 0)) // the store down
	ahead := sc.at(19_900, hourMs)
	right := t0.Add(19_950 * time.Millisecond)
	sc.at(20_050, 0)                            // set back, confirmed: low is t0+20
	d := c.Reserve(k, tiers, 1, Enforce, ahead) // rolls the counter an hour on
	c.Release(&d.Reservation)
	if n := localIn(c, right, 10*time.Second, t0.Unix()); n != 1 {
		t.Errorf("a request by a reading an hour ahead at 19.9 s used after the clock was set back (20.05 s), then a flush by the right clock at 19.95 s: %d to write in the frame at t0, want 1 (in the window until 20 s)", n)
	}
}

// TestStepsEvictedRollKeepsCounts: a key evicted at MaxKeys with its
// count still in its counter (the store down) is taken by a flush an hour
// ahead, which rolls the record's counter; set right, the count is
// written. rollOut's evicted case kept nothing on a record's roll, which
// with a detector loses a count in its window by the clock at its least
// offset (dropBehindSteps keeps an evicted key's orphans for that: the roll
// must make them).
func TestStepsEvictedRollKeepsCounts(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: 10 * time.Second}}
	sc := newStepsClock()
	c := newCache(t, Config{Shards: 1, MaxKeys: 1, Steps: sc.steps})
	a, b := Key{ClientID: "a"}, Key{ClientID: "b"}
	hitN(t, c, a, tiers, 1, sc.at(5_000, 0))
	abortAll(c, sc.at(5_100, 0))             // the store down
	hitN(t, c, b, tiers, 1, sc.at(6_000, 0)) // evicts a, detached with its count
	if st := c.Stats(); st.Detached != 1 || st.Dropped != 0 {
		t.Fatalf("a evicted: Stats %+v, want Detached 1, Dropped 0", st)
	}
	abortAll(c, sc.at(7_000, hourMs)) // an hour ahead: the record's counter rolls
	if n := localOf(c, a, sc.at(8_000, 0), 10*time.Second, t0.Unix()); n != 1 {
		t.Errorf("a evicted, taken by a flush an hour ahead, set right: %d of a's to write in the frame at t0, want 1", n)
	}
	if st := c.Stats(); st.Dropped != 0 {
		t.Errorf("Stats.Dropped %d, want 0", st.Dropped)
	}
}

// localOf is localIn of key k alone.
func localOf(c *Cache, k Key, now time.Time, size time.Duration, start int64) (n int64) {
	for _, p := range c.AppendLocal(nil, now) {
		if p.Key != k {
			continue
		}
		for _, f := range p.Delta {
			if f.Size == size && f.StartUnix == start {
				n += f.N
			}
		}
	}
	return n
}

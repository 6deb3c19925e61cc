package cache

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestDecisionAcrossFrames checks every field of Reserve's Decision against
// the window math applied to a model of the key's counts, while the clock
// moves across minute and hour boundaries (onto them, a nanosecond before
// and after, past two windows at once) and steps back across a boundary
// (STYLE rule 18). Reserve computes the estimate and the reset from the
// elapsed time it reads once per counter (window.Tier.UsedAfter and
// ResetAfter): a clock behind a counter's frame must count as the frame
// just begun, and the reset must be the binding tier's, at its own frame.
// Requests are committed or released at random, so both kinds of ending
// pass through a boundary.
func TestDecisionAcrossFrames(t *testing.T) {
	tiers := []window.Tier{{Limit: 40, Size: time.Minute}, {Limit: 300, Size: time.Hour}}
	for seed := range uint64(8) {
		r := rand.New(rand.NewPCG(seed, 12))
		c := newCache(t, Config{})
		k := Key{ClientID: "client-frames", User: "u"}
		// model[i] maps a frame start of tier i to what was committed in it;
		// start[i] is the frame its counter is at: it moves forward only.
		model := [2]map[int64]int64{{}, {}}
		var start [2]int64
		now := time.Date(2026, 11, 25, 22, 58, 59, 0, time.UTC)
		var denied, behind int // what the run went through, checked at its end
		for step := range 3000 {
			switch x := r.IntN(100); {
			case x < 60:
				now = now.Add(time.Duration(r.Int64N(int64(2 * time.Second))))
			case x < 70: // onto the next minute boundary, or a nanosecond either side
				now = now.Truncate(time.Minute).Add(time.Minute + time.Duration(r.IntN(3)-1))
			case x < 78: // back, across a boundary if one is near
				now = now.Add(-time.Duration(r.Int64N(int64(3 * time.Second))))
			case x < 80: // past two minutes, or to the next hour
				if r.IntN(2) == 0 {
					now = now.Add(2*time.Minute + time.Duration(r.Int64N(int64(time.Minute))))
				} else {
					now = now.Truncate(time.Hour).Add(time.Hour)
				}
			}
			cost := 1 + r.Int64N(3)
			counts := [2]window.Counts{}
			for i, tr := range tiers {
				start[i] = max(start[i], tr.FrameStartUnix(now))
				if i == 0 && tr.FrameStartUnix(now) < start[i] {
					behind++ // the clock is in a frame before the counter's
				}
				sz := int64(tr.Size / time.Second)
				counts[i] = window.Counts{StartUnix: start[i], Prev: model[i][start[i]-sz], Curr: model[i][start[i]]}
			}
			// The expected decision, as Reserve documents it.
			allowed, bind := true, -1
			var retry time.Duration
			var rem int64
			for i, tr := range tiers {
				left := tr.Remaining(counts[i], now) - cost
				if tr.Admits(counts[i], cost, now) {
					if allowed && (bind < 0 || left < rem) {
						bind, rem = i, left
					}
					continue
				}
				ra, err := tr.RetryAfter(counts[i], cost, now)
				if err != nil {
					t.Fatal(err)
				}
				if allowed || ra > retry {
					bind, retry = i, ra
				}
				allowed = false
			}
			d := c.Reserve(k, tiers, cost, Enforce, now)
			want := counts[bind]
			if allowed {
				want.Curr += cost // the reservation counts in the reset
			} else {
				rem = tiers[bind].Remaining(want, now)
			}
			if d.Allowed != allowed || d.Tier != tiers[bind] || d.Remaining != rem ||
				d.RetryAfter != retry || d.Reset != tiers[bind].Reset(want, now) {
				t.Fatalf("seed %d step %d at %v (cost %d, counts %+v): got allowed %v tier %v remaining %d retry %v reset %v; want %v %v %d %v %v",
					seed, step, now.Format(time.RFC3339Nano), cost, counts, d.Allowed, d.Tier, d.Remaining, d.RetryAfter, d.Reset,
					allowed, tiers[bind], rem, retry, tiers[bind].Reset(want, now))
			}
			if !d.Counted {
				denied++
				continue
			}
			if r.IntN(4) == 0 {
				c.Release(&d.Reservation)
				continue
			}
			c.Commit(&d.Reservation)
			for i := range tiers {
				model[i][start[i]] += cost
			}
		}
		if denied < 50 || behind < 5 {
			t.Fatalf("seed %d: %d denials and %d decisions with the clock behind the counter's frame: the walk must reach both", seed, denied, behind)
		}
	}
}

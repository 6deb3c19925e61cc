package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestClockSteppedBack: an instance whose clock ran ahead and is then set
// right (an NTP step, a VM restored from a snapshot) counts in the frames
// of its clock from then on, and keeps the counts it made ahead, to be
// written as they are. It kept its counters in the frames the clock had
// reached: the key that reached its limit there was refused on this
// instance until the clock came back to that frame (three instances, a
// clock an hour ahead set right: every request of a hot client refused on
// it for the rest of the run, each with Retry-After 1 s).
// A step back into the previous frame alone (a clock a moment behind at a
// boundary) still counts in the counter's frame.
func TestClockSteppedBack(t *testing.T) {
	right := time.Date(2030, 1, 2, 0, 0, 30, 0, time.UTC)
	tier := []window.Tier{{Limit: 10, Size: time.Minute}}
	for _, tt := range []struct {
		name    string
		ahead   time.Duration
		allowed bool // after the step back
	}{
		{"a minute ahead: the previous frame", time.Minute, false},
		{"two minutes ahead", 2 * time.Minute, true},
		{"an hour ahead", time.Hour, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(Config{Shards: 1})
			if err != nil {
				t.Fatal(err)
			}
			k := Key{ClientID: "c"}
			ahead := right.Add(tt.ahead)
			for range 10 {
				d := c.Reserve(k, tier, 1, Enforce, ahead)
				if !d.Allowed {
					t.Fatalf("ahead: %+v", d)
				}
				c.Commit(&d.Reservation)
			}
			for _, after := range []time.Duration{0, 5 * time.Second} {
				d := c.Reserve(k, tier, 1, Enforce, right.Add(after))
				if d.Counted {
					c.Release(&d.Reservation)
				}
				if d.Allowed != tt.allowed {
					t.Errorf("clock set right, %v later: allowed %v (Retry-After %v), want %v", after, d.Allowed, d.RetryAfter, tt.allowed)
				}
			}
			// The counts made ahead are still to be written, in their frame.
			var n int64
			for _, p := range c.AppendLocal(nil, right.Add(5*time.Second)) {
				for _, f := range p.Delta {
					if f.StartUnix == ahead.Truncate(time.Minute).Unix() {
						n += f.N
					}
				}
			}
			if n != 10 {
				t.Errorf("counts made ahead, still to write in their frame: %d, want 10", n)
			}
		})
	}
}

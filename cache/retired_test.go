package cache

import (
	"testing"
	"time"
)

// TestCommitToRetiredSize checks addLocal's rule for a commit whose window
// size the key no longer has a counter of (retired for a fifth size while
// the request was open): kept as an orphan if its frame was still in the
// window at the key's last decision, not counted if it had left it (R6's
// review: the clamp in addLocal alone made R4's and R5's tests pass
// without the rule, so it is checked here directly).
func TestCommitToRetiredSize(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	tests := []struct {
		name     string
		retireAt time.Duration // after the reservation, at the start of a minute
		want     int64         // the minute frame's local count after the commit
	}{
		{"retired 30 s later: still in the window", 30 * time.Second, 1},
		{"retired 119 s later: still in the window", 119 * time.Second, 1},
		{"retired 120 s later: left it", 120 * time.Second, 0},
		{"retired 200 s later: left it", 200 * time.Second, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(t, Config{})
			k := Key{ClientID: "svc", User: "u"}
			d0 := c.Reserve(k, r4Tiers(10*m, h, d, m), 1, Enforce, modelStart)
			// A fifth size retires the minute counter (the last of the
			// four), which holds no counts yet (the request is open).
			c.Release(new(c.Reserve(k, r4Tiers(2*h), 1, Enforce, modelStart.Add(tt.retireAt)).Reservation))
			mustHaveRetired(t, c, k, m)
			c.Commit(&d0.Reservation)
			var got int64
			for _, p := range c.AppendLocal(nil, modelStart.Add(tt.retireAt)) {
				for _, f := range p.Delta {
					if f.Size == m && f.StartUnix == modelStart.Unix() {
						got += f.N
					}
				}
			}
			if got != tt.want {
				t.Errorf("minute frame's local count %d, want %d", got, tt.want)
			}
		})
	}
}

package cache

import (
	"testing"
	"time"
)

// Scratch (not committed): a clock that never jumps, a store down (every
// flush aborted). The key, used once at t0, is idle for two minutes (two
// of its windows) at t0+2m1s: README's sweep bound. Its 1 unflushed count
// left the window then.
func TestScratchOutageSweep(t *testing.T) {
	tiers := perMinute(100)
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "c"}
	d := c.Reserve(k, tiers, 1, Enforce, t0)
	c.Commit(&d.Reservation)
	for s := time.Second; s <= 2*time.Minute+time.Second; s += time.Second { // a flush a second, all failing
		now := t0.Add(s)
		ps := c.TakeDirty(nil, now)
		for i := range ps {
			c.Abort(&ps[i])
		}
	}
	now := t0.Add(2*time.Minute + time.Second)
	e := c.find(k)
	e.mu.Lock()
	more := e.more != nil
	e.mu.Unlock()
	if more {
		t.Errorf("at %v the key holds an overflow (the 216-byte part) for a count behind the window", now.Sub(t0))
	}
	if n := c.Sweep(now); n != 1 {
		t.Errorf("Sweep at %v after the key's only use swept %d keys, want 1", now.Sub(t0), n)
	}
}

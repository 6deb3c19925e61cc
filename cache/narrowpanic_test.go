package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestPanicInTrackKeepsEveryCount: a Reserve that panics in track (a size
// below a second, the caller's bug) after track retired a room2 key's
// second counter for a new size must leave the key unlocked and its state
// whole: the open that decide worked on, where the retired counter's local
// counts became orphans and its place the new size's, is stored back
// (close, deferred before the unlock). Stored or not, the fast and the
// general path alike would agree (TestPanicInTrackLeavesNoWrongCode
// compares them), so the counts themselves are checked: the flush writes
// each committed unit once, in each size.
func TestPanicInTrackKeepsEveryCount(t *testing.T) {
	tier := func(d time.Duration) window.Tier { return window.Tier{Limit: 1000, Size: d} }
	all := []window.Tier{tier(10 * time.Second), tier(time.Minute), tier(5 * time.Minute), tier(time.Hour)}
	bad := []window.Tier{tier(5 * time.Minute), tier(time.Hour), tier(2 * time.Hour), tier(500 * time.Millisecond)}
	now := t0.Add(time.Second)
	c := newCache(t, Config{Shards: 1, Now: func() time.Time { return now }})
	k := Key{ClientID: "client-a"}
	for range 3 {
		c.Commit(new(c.Reserve(k, all, 1, Enforce, now).Reservation)) // room2: 10s, 1m in the narrow
	}
	func() {
		defer func() {
			if msg := fmt.Sprint(recover()); !strings.Contains(msg, "size 500ms") {
				t.Fatalf("Reserve panicked with %q, want the size below a second named", msg)
			}
		}()
		// 5m and 1h kept, 2h in 1m's place (the room2 second counter,
		// the last no tier uses): 1m's counts become orphans; then the panic.
		c.Reserve(k, bad, 1, Enforce, now)
	}()
	e := c.find(k)
	if !e.mu.TryLock() {
		t.Fatal("the key is locked after the panic")
	}
	e.mu.Unlock()
	written := map[time.Duration]int64{}
	for _, p := range c.TakeDirty(nil, now) {
		for _, f := range p.Delta {
			written[f.Size] += f.N
		}
	}
	want := map[time.Duration]int64{10 * time.Second: 3, time.Minute: 3, 5 * time.Minute: 3, time.Hour: 3}
	if fmt.Sprint(written) != fmt.Sprint(want) {
		t.Errorf("the flush after the panic writes %v, want %v (each committed unit once)", written, want)
	}
}

package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Reserve's fast paths unlock the key by hand; its general path (decide)
// unlocks in a deferred call, so that a panic there, which only a bug (or a
// caller breaking Reserve's contract) makes, leaves the key unlocked for
// the requests after it. More tiers than MaxSizes break the contract: the
// key has no counter for the last, and decide panics.
func TestPanicInDecideLeavesKeyUnlocked(t *testing.T) {
	c, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_700_000_000, 0)
	k := Key{ClientID: "client-a", User: "user-b"}
	var tiers []window.Tier
	for i := range MaxSizes + 1 {
		tiers = append(tiers, window.Tier{Limit: 10, Size: time.Duration(i+1) * time.Minute})
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Fatalf("Reserve with %d tiers (MaxSizes %d) did not panic; the test needs a panic in decide", len(tiers), MaxSizes)
			}
		}()
		c.Reserve(k, tiers, 1, Enforce, now)
	}()
	_, e := c.get(k, tiers[:1], now.Unix())
	if !e.mu.TryLock() {
		t.Fatal("the key stayed locked after a panic in decide: every later request for it would block")
	}
	e.mu.Unlock()
	// And the key still decides.
	d := c.Reserve(k, tiers[:1], 1, Enforce, now)
	if !d.Allowed || !d.Counted {
		t.Fatalf("after the panic: %+v, want admitted and counted", d)
	}
	c.Commit(d.Reservation)
}

package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Reserve's fast paths unlock the key by hand; its general path (decide)
// unlocks in a deferred call, so that a panic there, which only a bug or a
// caller breaking Reserve's contract makes, leaves the key unlocked for the
// requests after it. Each case breaks the contract in a way that reaches
// decide, and must get a panic that says what was wrong and what Reserve
// accepts.
func TestPanicInDecideLeavesKeyUnlocked(t *testing.T) {
	var tooMany []window.Tier
	for i := range MaxSizes + 1 {
		tooMany = append(tooMany, window.Tier{Limit: 10, Size: time.Duration(i+1) * time.Minute})
	}
	for _, tc := range []struct {
		name  string
		tiers []window.Tier
		want  string // in the panic's message
	}{
		{"more tiers than MaxSizes", tooMany, fmt.Sprintf("with %d tiers; at most MaxSizes (%d)", MaxSizes+1, MaxSizes)},
		{"a size below a second", []window.Tier{{Limit: 10, Size: 500 * time.Millisecond}}, "size 500ms; sizes from 1s to 596523h14m7s are accepted"},
		{"a size of 2^31 seconds", []window.Tier{{Limit: 10, Size: (1 << 31) * time.Second}}, "size 596523h14m8s; sizes from 1s to 596523h14m7s are accepted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(Config{})
			if err != nil {
				t.Fatal(err)
			}
			now := time.Unix(1_700_000_000, 0)
			k := Key{ClientID: "client-a", User: "user-b"}
			func() {
				defer func() {
					msg := fmt.Sprint(recover())
					if !strings.Contains(msg, tc.want) {
						t.Fatalf("Reserve panicked with %q, want a message with %q", msg, tc.want)
					}
				}()
				c.Reserve(k, tc.tiers, 1, Enforce, now)
			}()
			valid := []window.Tier{{Limit: 10, Size: time.Minute}}
			_, e := c.get(k, valid, now.Unix())
			if !e.mu.TryLock() {
				t.Fatal("the key stayed locked after a panic in decide: every later request for it would block")
			}
			e.mu.Unlock()
			// And the key still decides.
			d := c.Reserve(k, valid, 1, Enforce, now)
			if !d.Allowed || !d.Counted {
				t.Fatalf("after the panic: %+v, want admitted and counted", d)
			}
			c.Commit(&d.Reservation)
		})
	}
}

package mongostore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/syncfixture"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestResetThroughServer resets a key through the server of MONGODB_URI
// while instance A holds 5 unflushed counts of it from before: A's next
// flush conflicts, reads the reset's document (its resetEpoch field) and
// drops them rather than write them back; what A counts after is kept, and
// B sees it. A key no one knows is not reset (404 at the admin API).
func TestResetThroughServer(t *testing.T) {
	store := newStore(t, 0)
	ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
	defer cancel()
	k := cache.Key{ClientID: "client-r", User: "alice"}
	a := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "mongo-a", Now: fixedClock(t0)})
	b := newCache(t, fixedClock(t0))
	sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "mongo-b", Now: fixedClock(t0)})
	hit := func(c *cache.Cache, n int) {
		for range n {
			d := c.Reserve(k, tiers, 1, cache.Enforce, t0)
			if !d.Allowed {
				t.Fatalf("request not admitted: %+v", d)
			}
			c.Commit(&d.Reservation)
		}
	}
	want := func(what string, n int64) {
		t.Helper()
		if _, got := stored(t, store, k, time.Hour); got != n {
			t.Errorf("%s: store holds %d, want %d", what, got, n)
		}
	}

	hit(a, 2)
	if err := sa.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	hit(a, 5) // unflushed when the reset comes
	r, err := sb.Reset(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	if r.Cleared != 2 || r.Epoch != t0.UnixMilli() || r.Held {
		t.Errorf("reset: %+v, want 2 cleared, epoch t0, not held by B", r)
	}
	want("after the reset", 0)
	if err := sa.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	want("after A's flush", 0)
	if e := estimate(a, k, syncfixture.HourTier, t0); e != 0 {
		t.Errorf("A's estimate %d, want 0", e)
	}
	hit(a, 3)
	if err := sa.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	want("after A's counts after the reset", 3)
	estimate(b, k, syncfixture.HourTier, t0) // B uses the key (cost 0): its pull reads it
	if err := sb.PullOnce(ctx); err != nil {
		t.Fatal(err)
	}
	if e := estimate(b, k, syncfixture.HourTier, t0); e != 3 {
		t.Errorf("B's estimate %d, want 3", e)
	}
	if _, err := sb.Reset(ctx, cache.Key{ClientID: "nobody"}); !errors.Is(err, syncer.ErrUnknownKey) {
		t.Errorf("reset of an unknown key: %v, want ErrUnknownKey", err)
	}
}

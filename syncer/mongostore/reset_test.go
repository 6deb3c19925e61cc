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
	hit := func(c *cache.Cache, n int) { hitKey(t, c, k, n) }
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

// hookStore forwards to a Store, calling before ahead of each Write call.
type hookStore struct {
	syncer.Store
	before func(ws []syncer.Write)
}

func (h *hookStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if h.before != nil {
		h.before(ws)
	}
	return h.Store.Write(ctx, ws)
}

// TestResetUnderIncrementsThroughServer is helper-45's R4 through the
// server of MONGODB_URI: B lands an increment of the key between the
// reset's read and its write. The reset lands at its first write (a Reset
// write, guarded by the epoch) and clears that increment too; B's next
// increment, counted before it read the reset, is refused by its epoch and
// dropped. The commands follow one another, so FerretDB's non-atomic
// updates (docs/ferretdb.md point 3) do not arise here; storetest's
// RunConcurrent/Reset checks a reset among concurrent increments.
func TestResetUnderIncrementsThroughServer(t *testing.T) {
	store := newStore(t, 0)
	ctx, cancel := context.WithTimeout(t.Context(), mongoOpTimeout)
	defer cancel()
	k := cache.Key{ClientID: "client-r", User: "hot"}
	hook := &hookStore{Store: store}
	a := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: hook, Instance: "mongo-a", Now: fixedClock(t0)})
	b := newCache(t, fixedClock(t0))
	sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "mongo-b", Now: fixedClock(t0)})
	hit := func(c *cache.Cache, n int) { hitKey(t, c, k, n) }
	flush := func(s *syncer.Syncer) {
		t.Helper()
		if err := s.FlushOnce(ctx); err != nil {
			t.Fatal(err)
		}
	}
	hit(a, 3)
	flush(sa)
	hit(b, 2) // B's write meets A's: B adds from now on
	flush(sb)
	writes := 0
	hook.before = func(ws []syncer.Write) {
		if ws[0].Epoch != 0 { // the reset's write: A's flush carried epoch 0
			writes++
			hit(b, 1)
			if err := sb.FlushOnce(ctx); err != nil {
				t.Errorf("B's flush before the reset's write: %v", err)
			}
		}
	}
	r, err := sa.Reset(ctx, k)
	hook.before = nil
	if err != nil {
		t.Fatalf("reset while B adds before each of its writes (%d writes): %v", writes, err)
	}
	if writes != 1 || r.Cleared != 5 || r.Epoch != t0.UnixMilli() {
		t.Errorf("reset %+v in %d writes: want 1 write, cleared 5 (read before B's last increment), epoch t0", r, writes)
	}
	if _, n := stored(t, store, k, time.Hour); n != 0 {
		t.Errorf("store holds %d after the reset, want 0 (B's increment before its write cleared too)", n)
	}
	hit(b, 1) // before B reads the reset: its increment of the old epoch is refused
	flush(sb)
	if _, n := stored(t, store, k, time.Hour); n != 0 {
		t.Errorf("store holds %d after B's flush, want 0", n)
	}
	if got := b.Stats().ResetDropped; got != 1 {
		t.Errorf("B's Stats.ResetDropped %d, want its 1 counted before it read the reset", got)
	}
	hit(a, 2)
	flush(sa)
	if v, n := stored(t, store, k, time.Hour); n != 2 || r.Version < 1 || v <= r.Version {
		t.Errorf("store holds %d at version %d (the reset's %d), want A's 2 after it", n, v, r.Version)
	}
}

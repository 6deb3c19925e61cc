package syncer_test

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestDeferredWritesCounted: a key whose write is refused in every round of
// this instance's flush (the first write and MaxRetries retries: another
// instance writes it before each, and the store refuses even the retries
// that add to it, as a reset before each would); its delta waits, still
// counted here, for the next flush, and
// oauth_ratelimit_sync_deferred_writes_total says so, where the flush is
// counted ok and nothing else tells that this instance's counts did not
// reach the store. An outside audit at 32 instances on a store they kept
// busy saw hot keys' counts held back this way for over a minute.
func TestDeferredWritesCounted(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	contended := true
	store := &scriptStore{Store: inner, script: func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if contended { // B writes the key first: A's version is stale
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Fatal(err)
			}
			return refuseAll(ws), nil
		}
		return apply(ws), nil
	}}
	a := newCache(t, fixedClock(t0))
	sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "A", Registerer: reg, Now: fixedClock(t0)})
	hit(t, a, keyK, 3, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	conflicts := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_conflicts_total"))
	deferred := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_deferred_writes_total"))
	if conflicts != 4 || deferred != 1 {
		t.Errorf("after a flush refused in every round: conflicts %v, deferred writes %v; want 4 (the write and 3 retries) and 1", conflicts, deferred)
	}
	if got := estimate(a, keyK, hourTier, t0); got != 3+4 {
		t.Errorf("A's estimate %d, want its own 3 (deferred, still counted) and B's 4", got)
	}
	contended = false
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, got := stored(t, inner, keyK, time.Hour); got != 3+4 {
		t.Errorf("store holds %d after the uncontended flush, want 7", got)
	}
	if d := testutil.ToFloat64(mustCollector(t, reg, "oauth_ratelimit_sync_deferred_writes_total")); d != 1 {
		t.Errorf("deferred writes %v after a flush that landed, want still 1", d)
	}
}

// refuseAll answers Conflict to every write of ws, applying none.
func refuseAll(ws []syncer.Write) []syncer.Outcome {
	outs := make([]syncer.Outcome, len(ws))
	for i := range outs {
		outs[i] = syncer.Conflict
	}
	return outs
}

package mongostore_test

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestStoreInstances runs the heartbeat cases against the server of
// MONGODB_URI.
func TestStoreInstances(t *testing.T) {
	storetest.RunInstances(t, func(t *testing.T) syncer.InstanceStore { return newStore(t, 0) })
}

// TestHeartbeatsOnTheServer runs two Syncers' heartbeat steps against the
// server of MONGODB_URI: each counts the other once it has beaten, and a
// Run that ends deletes its instance's heartbeat, so that the other counts
// one at its next read.
func TestHeartbeatsOnTheServer(t *testing.T) {
	store := newStore(t, 0)
	mk := func(id string) *syncer.Syncer {
		return newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: store, Instance: id, Version: "test"})
	}
	a, b := mk("hb-a"), mk("hb-b")
	for _, s := range []*syncer.Syncer{a, b, a} {
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatalf("%s: BeatOnce: %v", s.Instance(), err)
		}
	}
	if in := a.LiveInstances(); len(in.Live) != 2 || in.Live[1].ID != "hb-b" || in.Live[1].Version != "test" {
		t.Fatalf("a's live instances %+v, want hb-a and hb-b (version test)", in.Live)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := b.Run(ctx); err != nil { // ends at once: final flush, heartbeat deleted
		t.Fatalf("b.Run: %v", err)
	}
	if err := a.BeatOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if in := a.LiveInstances(); len(in.Live) != 1 || !in.Live[0].Self {
		t.Fatalf("a's live instances after b stopped: %+v, want a alone", in.Live)
	}
}

// TestStoreTiers runs the cases of published tiers against the server of
// MONGODB_URI.
func TestStoreTiers(t *testing.T) {
	storetest.RunTiers(t, func(t *testing.T) syncer.TiersStore { return newStore(t, 0) })
}

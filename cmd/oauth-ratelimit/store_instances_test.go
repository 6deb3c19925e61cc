package main

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestHealthStoreInstances: the wrapper the server puts around the Mongo
// store keeps the wrapped store's heartbeats (a Syncer over it counts the
// other instances and tells an outage by them), each call telling the
// store's health; over a store without heartbeats it answers an error.
func TestHealthStoreInstances(t *testing.T) {
	h := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)
	var s syncer.Store = healthStore{Store: syncer.NewMemoryStore(), health: h}
	is, ok := s.(syncer.InstanceStore)
	if !ok {
		t.Fatal("healthStore is not a syncer.InstanceStore")
	}
	ctx := context.Background()
	now := time.Now()
	for _, step := range []struct {
		name string
		call func() error
	}{
		{"put", func() error {
			return is.PutInstance(ctx, syncer.Heartbeat{Instance: "a", Seen: now, Beats: 1, Expire: now.Add(time.Minute)})
		}},
		{"read", func() error {
			hs, err := is.Instances(ctx)
			if err == nil && (len(hs) != 1 || hs[0].Instance != "a") {
				t.Errorf("Instances: %+v, want a's heartbeat", hs)
			}
			return err
		}},
		{"count", func() error {
			n, err := s.(syncer.InstanceCounter).CountInstances(ctx, now)
			if err == nil && n != 1 {
				t.Errorf("CountInstances: %d, want 1 (a's heartbeat)", n)
			}
			return err
		}},
		{"sweep", func() error { _, err := is.SweepInstances(ctx, now); return err }},
		{"delete", func() error { return is.DeleteInstance(ctx, "a", time.Time{}) }},
	} {
		if err := step.call(); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if st := h.status().State; st != storeOK {
			t.Errorf("after %s: store %s, want ok", step.name, st)
		}
	}
	none := healthStore{Store: fakeStore{}, health: h}
	if err := none.PutInstance(ctx, syncer.Heartbeat{Instance: "a"}); !errors.Is(err, errNoInstances) {
		t.Errorf("PutInstance over a store without heartbeats: %v, want errNoInstances", err)
	}
	if _, err := none.CountInstances(ctx, now); !errors.Is(err, errNoInstances) {
		t.Errorf("CountInstances over a store without heartbeats: %v, want errNoInstances", err)
	}
}

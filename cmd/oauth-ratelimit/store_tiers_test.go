package main

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestHealthStoreTiers: the wrapper the server puts around the Mongo store
// keeps the wrapped store's published tiers (without them, the
// server's instances would not count in each other's tiers during a
// rollout); over a store without them it answers an error.
func TestHealthStoreTiers(t *testing.T) {
	h := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)
	var s syncer.Store = healthStore{Store: syncer.NewMemoryStore(), health: h}
	ss, ok := s.(syncer.TiersStore)
	if !ok {
		t.Fatal("healthStore is not a syncer.TiersStore")
	}
	ctx := context.Background()
	want := syncer.Tiers{Digest: syncer.TiersDigest([]byte("x")), Data: []byte("x"), Written: time.Now()}
	if err := ss.PutTiers(ctx, "a", want); err != nil {
		t.Fatalf("PutTiers: %v", err)
	}
	got, found, err := ss.GetTiers(ctx, "a")
	if err != nil || !found || got.Digest != want.Digest || string(got.Data) != "x" {
		t.Fatalf("GetTiers: %+v, %v, %v; want the tiers put", got, found, err)
	}
	head, found, err := ss.TiersHead(ctx, "a")
	if err != nil || !found || head.Digest != want.Digest || head.Data != nil {
		t.Fatalf("TiersHead: %+v, %v, %v; want the tiers put without their data", head, found, err)
	}
	if st := h.status().State; st != storeOK {
		t.Errorf("store %s, want ok", st)
	}
	// The syncer's minute check of its tiers tells the store's health, as
	// every call does.
	hr := newStoreHealth("mongodb", slog.New(slog.DiscardHandler), time.Now)
	refusing := healthStore{Store: refusingTiers{syncer.NewMemoryStore()}, health: hr}
	if _, _, err := refusing.TiersHead(ctx, "a"); !errors.Is(err, errRefused) {
		t.Errorf("TiersHead over a store that refuses: %v, want errRefused", err)
	}
	if st := hr.status().State; st != storeUnreachable {
		t.Errorf("after a refused TiersHead: store %s, want unreachable", st)
	}
	none := healthStore{Store: fakeStore{}, health: h}
	if err := none.PutTiers(ctx, "a", want); !errors.Is(err, errNoTiers) {
		t.Errorf("PutTiers over a store without tiers: %v, want errNoTiers", err)
	}
}

// refusingTiers is a MemoryStore whose tiers checks are refused.
type refusingTiers struct{ *syncer.MemoryStore }

func (refusingTiers) TiersHead(context.Context, string) (syncer.Tiers, bool, error) {
	return syncer.Tiers{}, false, errRefused
}

// TestFleetTiersFlag: --fleet-tiers sets Config.FleetTiers; enforce by
// default.
func TestFleetTiersFlag(t *testing.T) {
	for arg, want := range map[string]oauthratelimit.FleetTiers{"": oauthratelimit.FleetTiersEnforce,
		"enforce": oauthratelimit.FleetTiersEnforce, "count": oauthratelimit.FleetTiersCount, "off": oauthratelimit.FleetTiersIgnore} {
		var o options
		fs := newFlagSet(&o, io.Discard)
		var args []string
		if arg != "" {
			args = []string{"--fleet-tiers", arg}
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		if got := o.config().FleetTiers; got != want {
			t.Errorf("--fleet-tiers %q: FleetTiers %d, want %d", arg, got, want)
		}
	}
}

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
	if st := h.status().State; st != storeOK {
		t.Errorf("store %s, want ok", st)
	}
	none := healthStore{Store: fakeStore{}, health: h}
	if err := none.PutTiers(ctx, "a", want); !errors.Is(err, errNoTiers) {
		t.Errorf("PutTiers over a store without tiers: %v, want errNoTiers", err)
	}
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

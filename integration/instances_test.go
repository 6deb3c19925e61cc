package integration

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestInstancesSuite runs the heartbeat cases (syncer/storetest, the same
// as MemoryStore's) against mongostore.Store on the server, one new
// collection per case.
func TestInstancesSuite(t *testing.T) {
	srv := server(t)
	storetest.RunInstances(t, func(t *testing.T) syncer.InstanceStore {
		return newStoreBulk(t, srv, 0).(syncer.InstanceStore)
	})
}

// TestTiersSuite runs the cases of published tiers (syncer/storetest,
// the same as MemoryStore's) against mongostore.Store on the server, one new
// collection per case.
func TestTiersSuite(t *testing.T) {
	srv := server(t)
	storetest.RunTiers(t, func(t *testing.T) syncer.TiersStore {
		return newStoreBulk(t, srv, 0).(syncer.TiersStore)
	})
}

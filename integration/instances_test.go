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

// TestSizesSuite runs the cases of published window sizes (syncer/storetest,
// the same as MemoryStore's) against mongostore.Store on the server, one new
// collection per case.
func TestSizesSuite(t *testing.T) {
	srv := server(t)
	storetest.RunSizes(t, func(t *testing.T) syncer.SizesStore {
		return newStoreBulk(t, srv, 0).(syncer.SizesStore)
	})
}

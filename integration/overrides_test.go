package integration

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestStoreOverrides runs the runtime-override cases every OverrideStore
// passes (syncer/storetest, the same as MemoryStore's) against
// mongostore.Store on the server: one new collection per case.
func TestStoreOverrides(t *testing.T) {
	srv := server(t)
	storetest.RunOverrides(t, func(t *testing.T) syncer.Store { return newStoreBulk(t, srv, 0) })
}

package syncer_test

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestMemoryStoreOverrides runs the shared override cases against the
// in-memory store.
func TestMemoryStoreOverrides(t *testing.T) {
	storetest.RunOverrides(t, func(*testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

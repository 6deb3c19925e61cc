package mongostore_test

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestStoreOverrides runs the shared override cases against the server of
// MONGODB_URI.
func TestStoreOverrides(t *testing.T) {
	storetest.RunOverrides(t, func(t *testing.T) syncer.Store { return newStore(t, 0) })
}

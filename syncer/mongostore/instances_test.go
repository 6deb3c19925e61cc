package mongostore_test

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestStoreInstances runs the heartbeat cases against the server of
// MONGODB_URI.
func TestStoreInstances(t *testing.T) {
	storetest.RunInstances(t, func(t *testing.T) syncer.InstanceStore { return newStore(t, 0) })
}

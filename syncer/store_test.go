package syncer_test

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

func TestMemoryStoreConcurrent(t *testing.T) {
	storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

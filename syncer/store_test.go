package syncer_test

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func TestMemoryStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

func TestMemoryStoreConcurrent(t *testing.T) {
	storetest.RunConcurrent(t, func(t *testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

// TestMemoryStoreZeroValue: the zero MemoryStore is an empty store. The
// shared suites run against it, and it takes refresh-token subjects
// (before, a &MemoryStore{} panicked on its first write: "assignment to
// entry in nil map", in a Limiter's Run).
func TestMemoryStoreZeroValue(t *testing.T) {
	storetest.Run(t, func(t *testing.T) syncer.Store { return new(syncer.MemoryStore) })
	storetest.RunInstances(t, func(t *testing.T) syncer.InstanceStore { return new(syncer.MemoryStore) })
	storetest.RunTiers(t, func(t *testing.T) syncer.TiersStore { return new(syncer.MemoryStore) })
	storetest.RunOverrides(t, func(*testing.T) syncer.Store { return new(syncer.MemoryStore) })
	var s syncer.MemoryStore
	sub := syncer.Subject{ClientID: "c", User: "u", Written: time.Unix(1_700_000_000, 0), Expire: time.Unix(1_700_086_400, 0)}
	sub.Hash[0] = 1
	if err := s.PutSubjects(t.Context(), []syncer.Subject{sub}); err != nil {
		t.Fatal(err)
	}
	got, err := s.SubjectsSince(t.Context(), time.Unix(0, 0), 10)
	if err != nil || len(got) != 1 || got[0].User != "u" {
		t.Fatalf("SubjectsSince = %v, %v; want the subject put", got, err)
	}
}

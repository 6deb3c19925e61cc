package syncer_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// TestMemoryStoreOverrides runs the shared override cases against the
// in-memory store.
func TestMemoryStoreOverrides(t *testing.T) {
	storetest.RunOverrides(t, func(*testing.T) syncer.Store { return syncer.NewMemoryStore() })
}

// downStore is a MemoryStore whose override reads fail while down is set.
type downStore struct {
	*syncer.MemoryStore
	down atomic.Bool
}

func (s *downStore) LoadOverrides(ctx context.Context) ([]syncer.Override, error) {
	if s.down.Load() {
		return nil, errors.New("store down")
	}
	return s.MemoryStore.LoadOverrides(ctx)
}

// TestOverridesInRun: Run reads the overrides at each pull and hands them
// on only when they changed; a failed read hands nothing (the set in force
// stays) and backs off with the pulls; writes through one syncer reach
// another's callback at its next pull.
func TestOverridesInRun(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := &downStore{MemoryStore: syncer.NewMemoryStore()}
		var mu sync.Mutex
		var got [][]syncer.Override
		mk := func(name string, on func([]syncer.Override)) *syncer.Syncer {
			return newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: store, Instance: name, Interval: time.Second, OnOverrides: on})
		}
		a := mk("a", nil)
		b := mk("b", func(set []syncer.Override) { mu.Lock(); got = append(got, set); mu.Unlock() })
		// sets returns the sets handed on so far.
		sets := func() [][]syncer.Override { mu.Lock(); defer mu.Unlock(); return slices.Clone(got) }
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- b.Run(ctx) }()

		time.Sleep(1500 * time.Millisecond) // the first pull: an empty set, handed on once
		synctest.Wait()
		if g := sets(); len(g) != 1 || len(g[0]) != 0 {
			t.Fatalf("after the first pull: %v, want one set, with no overrides", g)
		}
		o, err := a.PutOverride(ctx, "app", []byte(`{"mode":"dry-run"}`))
		if err != nil || o.By != "a" || o.Version != time.Now().UnixMilli() {
			t.Fatalf("PutOverride: %+v, %v", o, err)
		}
		// Versions grow with each write of one instance, even within a
		// millisecond.
		if o2, err := a.PutOverride(ctx, "app", []byte(`{"mode":"dry-run"}`)); err != nil || o2.Version != o.Version+1 {
			t.Fatalf("second PutOverride: %+v, %v; want version %d", o2, err, o.Version+1)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		if g := sets(); len(g) != 2 || len(g[1]) != 1 || g[1][0].Client != "app" {
			t.Fatalf("after a pull: %v; want a second set, with the override", g)
		}
		time.Sleep(3 * time.Second) // pulls that find the same set hand nothing on
		synctest.Wait()
		if g := sets(); len(g) != 2 {
			t.Errorf("unchanged set handed on again: %v", g)
		}
		store.down.Store(true)
		time.Sleep(10 * time.Second)
		synctest.Wait()
		if g := sets(); len(g) != 2 {
			t.Errorf("a failed read handed a set on: %v", g)
		}
		store.down.Store(false)
		if _, err := a.DeleteOverride(ctx, "app"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(40 * time.Second) // past the backoff of MaxBackoff 30s
		synctest.Wait()
		if g := sets(); len(g) != 3 || len(g[2]) != 0 {
			t.Errorf("after recovery and the delete: %v, want a third set, empty", g)
		}
		cancel()
		<-done
	})
}

package syncer

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// gatedStore applies each Write at once and holds its answer until release
// is closed (a slow link's answer on its way back).
type gatedStore struct {
	*MemoryStore
	release chan struct{}
}

func (g *gatedStore) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	out, err := g.MemoryStore.Write(ctx, ws)
	<-g.release
	return out, err
}

// While a flush's write has landed and its answer is on its way, a read of
// the key (Run's readLoop runs during flushes) must not install the
// document, which holds this instance's delta while the delta is still
// local: the decisions would count it twice until the Confirm (5 counted,
// 10 used, before Syncer.ownFrom).
func TestReadDuringFlushCountsNoDeltaTwice(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		k := cache.Key{ClientID: "x"}
		tiers := []window.Tier{tier}
		c, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		st := &gatedStore{MemoryStore: NewMemoryStore(), release: make(chan struct{})}
		s, err := New(Config{Cache: c, Store: st, Instance: "A"})
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			c.Commit(new(c.Reserve(k, tiers, 1, cache.Enforce, time.Now()).Reservation))
		}
		used := func() int64 {
			var ks cache.KeyState
			c.Inspect(k, tiers, time.Now(), &ks)
			return ks.Tiers[0].Used
		}
		before := used()
		done := make(chan error)
		go func() { done <- s.FlushOnce(t.Context()) }()
		synctest.Wait() // the write landed; its answer is held
		if err := s.LoadNewOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		during := used()
		close(st.release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		after := used()
		t.Logf("used: before %d, during the flush %d, after %d", before, during, after)
		if during != before {
			t.Errorf("used %d while the flush's answer was on its way, want %d: the delta counted twice", during, before)
		}
	})
}

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

// The hot sync reads the keys near their limit while a pull or a read of
// new keys is under way (Run's readLoop holds pullMu for as long as its
// store calls take): it skipped its read then (a review: 10-16 of 60-115
// hot reads in 30 s behind a slow store), and the instance went on
// deciding on what the other instances had counted one pull before.
func TestHotReadWhileAPullHoldsItsLock(t *testing.T) {
	k := cache.Key{ClientID: "hot"}
	tiers := []window.Tier{{Limit: 10, Size: time.Hour}}
	store := NewMemoryStore()
	var cs [2]*cache.Cache
	var ss [2]*Syncer
	for i := range ss {
		c, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Config{Cache: c, Store: store, Instance: []string{"A", "B"}[i]})
		if err != nil {
			t.Fatal(err)
		}
		cs[i], ss[i] = c, s
	}
	a, b := cs[0], cs[1]
	use := func(c *cache.Cache, n int64) int64 {
		d := c.Reserve(k, tiers, n, cache.Enforce, time.Now())
		if n == 0 {
			c.Release(&d.Reservation)
		} else {
			c.Commit(&d.Reservation)
		}
		var ks cache.KeyState
		c.Inspect(k, tiers, time.Now(), &ks)
		return ks.Tiers[0].Used
	}
	ctx := t.Context()
	use(b, 6)
	if err := ss[1].FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	// A reads the key and decides on it near its limit, so that its next
	// pull lists it as hot.
	use(a, 0)
	for range 2 {
		if err := ss[0].LoadNewOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if err := ss[0].PullOnce(ctx); err != nil {
			t.Fatal(err)
		}
		use(a, 0)
	}
	if err := ss[0].PullOnce(ctx); err != nil {
		t.Fatal(err)
	}
	use(b, 1)
	if err := ss[1].FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	ss[0].pullMu.Lock() // a pull or a read of new keys under way
	err := ss[0].HotOnce(ctx)
	ss[0].pullMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if got := use(a, 0); got != 7 {
		t.Errorf("A sees %d of the hot key after a hot sync during a pull, want B's 7", got)
	}
}

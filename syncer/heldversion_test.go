package syncer_test

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestHeldVersionReadWithOtherCounts (F3 of the closing notes): after the
// store went back, an increment makes again the version an instance holds
// from before, with other counts. A pull reads it, and the instance kept
// its snapshot of before, as "not newer", until another write moved the
// version past it: it counted the 5 the restore removed, in its estimate
// only (the store's counts were exact). In a synctest bubble, the clock
// moving a second a step from two seconds before the hour's frame ends
// (it rolls over at the third step), then 7 minutes.
//
// c writes 10 (version v), a adds 5 (v+1), r (a reader: it decides the
// key and counts nothing) and a read v+1: 15. The store goes back to v;
// a adds 3 (v+1 again: 13). At their next pull, r and a hold 13.
func TestHeldVersionReadWithOtherCounts(t *testing.T) {
	const day = int64(24 * time.Hour / time.Second)
	k := keyK
	synctest.Test(t, func(t *testing.T) {
		time.Sleep(time.Hour - 2*time.Second)
		store := syncer.NewMemoryStore()
		clock := func() time.Time { return time.Now() }
		cc, ca, cr := newCache(t, clock), newCache(t, clock), newCache(t, clock)
		c := newSyncer(t, syncer.Config{Cache: cc, Store: store, Instance: "c", Now: clock})
		a := newSyncer(t, syncer.Config{Cache: ca, Store: store, Instance: "a", Now: clock})
		r := newSyncer(t, syncer.Config{Cache: cr, Store: store, Instance: "r", Now: clock})
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		version := func() int64 {
			v, _ := stored(t, store, k, dayTier.Size)
			return v
		}
		hit(t, cc, k, 10, time.Now())
		must(c.FlushOnce(t.Context()))
		saved := store.CopyDocs()
		v := version()
		time.Sleep(time.Second)
		hit(t, ca, k, 5, time.Now())
		must(a.FlushOnce(t.Context()))
		estimate(cr, k, dayTier, time.Now()) // r uses the key: its pulls read it
		must(r.LoadNewOnce(t.Context()))
		if got := estimate(cr, k, dayTier, time.Now()); got != 15 || version() != v+1 {
			t.Fatalf("r counts %d at version %d, want 15 at %d", got, version(), v+1)
		}
		time.Sleep(time.Second)
		if removed := store.PutBack(day, saved); removed != 5 {
			t.Fatalf("the restore removed %d, want a's 5", removed)
		}
		time.Sleep(time.Second) // the hour's frame rolls over
		hit(t, ca, k, 3, time.Now())
		must(a.FlushOnce(t.Context()))
		if got := version(); got != v+1 {
			t.Fatalf("a's write after the restore: version %d, want %d again (an increment)", got, v+1)
		}
		time.Sleep(7 * time.Minute)
		for _, in := range []struct {
			name string
			c    *cache.Cache
			s    *syncer.Syncer
		}{{"r", cr, r}, {"a", ca, a}} {
			estimate(in.c, k, dayTier, time.Now()) // used since its read: the pull reads it
			must(in.s.PullOnce(t.Context()))
			if got := estimate(in.c, k, dayTier, time.Now()); got != 13 {
				t.Errorf("%s counts %d in the day after its pull of version %d, want the store's 13 (c's 10, a's 3)", in.name, got, version())
			}
		}
	})
}

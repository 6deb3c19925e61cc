package syncer

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// contestedStore refuses the first refuse Write calls outright per write
// (Conflict, nothing applied), after first letting before write the key,
// and moves *now on by took per Write call.
type contestedStore struct {
	*MemoryStore
	refuse int
	before func()
	now    *time.Time
	took   time.Duration
	writes int
}

func (s *contestedStore) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	s.writes++
	*s.now = s.now.Add(s.took)
	if s.writes > s.refuse {
		return s.MemoryStore.Write(ctx, ws)
	}
	s.before()
	outs := make([]Outcome, len(ws))
	for i := range outs {
		outs[i] = Conflict
	}
	return outs, nil
}

// The final flush (shutdown's flushOnce with budget 0) retries refused
// writes up to MaxRetries however long its writes take. A regular flush
// stops retrying once it has taken Interval and leaves the delta for the
// next one. Each write here takes two Intervals and the first three are
// refused (another instance writes the key before each, and the store
// refuses even the Add writes, as a reset before each would); the fourth,
// MaxRetries' last, lands.
//
// This pins what budget 0 means, not a count a shutdown writes: shutdown
// flushes again while a flush finds keys to write, so a delta a time
// budget deferred is written by its next flush. With budget 0 read as a
// budget of 0 s, shutdown in this setup still wrote B's 3 and A's 3, in
// 4 writes as with budget 0, over more flushes (helper-75, twenty-second
// session).
func TestFinalFlushRetriesWhateverTheTime(t *testing.T) {
	t0 := time.Unix(1_700_002_800, 0) // a frame start of every size used
	k := cache.Key{ClientID: "c"}
	tiers := []window.Tier{tier}
	commit := func(c *cache.Cache, n int64, now time.Time) {
		d := c.Reserve(k, tiers, n, cache.Enforce, now)
		c.Commit(&d.Reservation)
	}
	for _, tc := range []struct {
		name      string
		budget    time.Duration
		wantInA   int64 // A's 3 in the store after the flush, or 0
		wantWrite int
	}{
		{"final flush", 0, 3, 4},
		{"regular flush", time.Second, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mem := NewMemoryStore()
			b, err := cache.New(cache.Config{})
			if err != nil {
				t.Fatal(err)
			}
			sb, err := New(Config{Cache: b, Store: mem, Instance: "B", Now: func() time.Time { return t0 }})
			if err != nil {
				t.Fatal(err)
			}
			now := t0
			store := &contestedStore{MemoryStore: mem, refuse: 3, now: &now, took: 2 * time.Second, before: func() {
				commit(b, 1, t0)
				if err := sb.FlushOnce(context.Background()); err != nil {
					t.Error(err)
				}
			}}
			a, err := cache.New(cache.Config{Now: func() time.Time { return now }})
			if err != nil {
				t.Fatal(err)
			}
			sa, err := New(Config{Cache: a, Store: store, Instance: "A", Interval: time.Second, Now: func() time.Time { return now }})
			if err != nil {
				t.Fatal(err)
			}
			commit(a, 3, t0)
			if _, _, err := sa.flushOnce(t.Context(), tc.budget); err != nil {
				t.Fatal(err)
			}
			if store.writes != tc.wantWrite {
				t.Errorf("%d writes, want %d", store.writes, tc.wantWrite)
			}
			docs, err := mem.Load(t.Context(), []cache.Key{k})
			if err != nil {
				t.Fatal(err)
			}
			bs := int64(min(store.writes, store.refuse)) // B wrote 1 before each refused write
			if got := cache.Requests(docs[0].Snapshot.Frames); got != bs+tc.wantInA {
				t.Errorf("store holds %d, want B's %d and %d of A's", got, bs, tc.wantInA)
			}
		})
	}
}

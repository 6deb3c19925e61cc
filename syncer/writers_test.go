package syncer

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The writers of a document are this instance and the others whose last
// write is at most a minute old (ActiveFor; writersRecent intervals, if
// longer), plus writersSkew: what a key is shared by.
func TestWriters(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := cache.New(cache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Cache: c, Store: NewMemoryStore(), Instance: "me", Interval: time.Second, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	ms := func(ago time.Duration) int64 { return now.Add(-ago).UnixMilli() }
	tests := []struct {
		name       string
		lastWrites map[string]int64
		want       int
	}{
		{"no document", nil, 1},
		{"only this one", map[string]int64{s.writer: ms(0)}, 1},
		{"two others lately", map[string]int64{s.writer: ms(time.Hour), "a": ms(500 * time.Millisecond), "b": ms(62 * time.Second)}, 3},
		{"one other too long ago", map[string]int64{"a": ms(2 * time.Second), "b": ms(62*time.Second + time.Millisecond)}, 2},
		// An entry named by this instance's ID alone is a process's of a
		// build before f63d6f2 (its entry had no suffix): the one this
		// process replaced in a rolling upgrade, or one still running
		// beside it, or after a rollback this process's successor sees
		// this one's "me:…" entry the same way. Another writer.
		{"this ID's process of an earlier build", map[string]int64{s.writer: ms(0), "me": ms(time.Second)}, 2},
		// A writer whose clock is ahead writes Seqs in the future: within
		// MaxSkew (5 minutes) it counts; beyond it, it would count for as
		// long as its clock was ahead, an hour after it stopped (an outside
		// audit: a share halved by an instance long gone).
		{"one other 4 minutes ahead", map[string]int64{"a": ms(-4 * time.Minute)}, 2},
		{"one other an hour ahead", map[string]int64{"a": ms(-time.Hour)}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := s.writers(&Doc{LastWrites: tt.lastWrites}, now.UnixMilli()); got != tt.want {
				t.Errorf("writers = %d, want %d", got, tt.want)
			}
		})
	}
}

// After the other instances stop, a pull of the document this instance
// wrote last (the same version it holds) still tells the key that it is the
// only writer now, so a hot key is no longer split with instances that are
// gone.
func TestWritersDropAfterScaleDown(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	clock := func() time.Time { return now }
	store := NewMemoryStore()
	newInst := func(id string) (*cache.Cache, *Syncer) {
		c, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Config{Cache: c, Store: store, Instance: id, Interval: time.Second, Now: clock})
		if err != nil {
			t.Fatal(err)
		}
		return c, s
	}
	ca, sa := newInst("a")
	cb, sb := newInst("b")
	k, tiers := cache.Key{ClientID: "hot"}, []window.Tier{{Limit: 1000, Size: time.Hour}}
	step := func(c *cache.Cache, s *Syncer, n int) {
		for range n {
			if d := c.Reserve(k, tiers, 1, cache.Enforce, now); d.Allowed {
				c.Commit(&d.Reservation)
			}
		}
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if err := s.PullOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		step(ca, sa, 100)
		step(cb, sb, 100)
		now = now.Add(time.Second)
	}
	for range 70 { // b is gone
		step(ca, sa, 10)
		now = now.Add(time.Second)
	}
	var st cache.KeyState
	ca.Inspect(k, tiers, now, &st)
	if st.Writers != 1 {
		t.Errorf("writers = %d 70 s after b's last write, want 1", st.Writers)
	}
}

// With ColdPullEvery, a pull reads every key at or past half its limit,
// and a key below it only if it was used since it was last read, at most
// every ColdPullEvery-th pull; a key used again after a pause is read with
// the new keys (LoadNewOnce). The reads follow the keys near their limit
// and the keys in use, not every key held.
func TestColdPullEvery(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	c, err := cache.New(cache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	store := &countingStore{MemoryStore: NewMemoryStore()}
	s, err := New(Config{Cache: c, Store: store, Instance: "me", ColdPullEvery: 5, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Limit: 10, Size: time.Hour}}
	use := func(client string, i, n int) {
		k := cache.Key{ClientID: client, User: fmt.Sprint(i)}
		for range n {
			c.Commit(new(c.Reserve(k, tiers, 1, cache.Enforce, now).Reservation))
		}
	}
	pull := func() {
		if err := s.PullOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 100 {
		use("idle", i, 1) // 1 of 10, then not used again until below
	}
	for i := range 10 {
		use("hot", i, 6) // 6 of 10
	}
	for i := range 10 {
		use("steady", i, 1)
	}
	if err := s.LoadNewOnce(t.Context()); err != nil { // the new keys, as Run reads them
		t.Fatal(err)
	}
	store.reads = nil
	for range 10 {
		for i := range 10 {
			// decided before every pull, far from the limit (released: it counts nothing)
			c.Release(new(c.Reserve(cache.Key{ClientID: "steady", User: fmt.Sprint(i)}, tiers, 1, cache.Enforce, now).Reservation))
		}
		pull()
	}
	want := map[string]int{"hot": 10 * 10, "steady": 10 * 2, "idle": 0}
	for client, n := range want {
		if got := store.reads[client]; got != n {
			t.Errorf("%s keys read %d times in 10 pulls, want %d", client, got, n)
		}
	}
	for i := range 50 {
		use("idle", i, 1) // used again after a pause: read once more, with the new keys
	}
	if err := s.LoadNewOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	pull()
	if got := store.reads["idle"]; got != 50 {
		t.Errorf("idle keys read %d times after 50 of them were used again, the new keys were read and one pull, want 50", got)
	}
	for range 9 {
		pull()
	}
	if got := store.reads["idle"]; got != 50 {
		t.Errorf("idle keys read %d times after 9 more pulls without use, want 50 (no reads)", got)
	}
}

// countingStore counts the keys each client's documents were read for.
type countingStore struct {
	*MemoryStore
	reads map[string]int
}

func (s *countingStore) Load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	if s.reads == nil {
		s.reads = map[string]int{}
	}
	for _, k := range keys {
		s.reads[k.ClientID]++
	}
	return s.MemoryStore.Load(ctx, keys)
}

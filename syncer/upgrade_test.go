package syncer_test

import (
	"maps"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A rolling upgrade from a build before f63d6f2, whose processes named
// their lastWrites entry by the instance ID alone ("A"), to this one, whose
// entries are the ID and a suffix of the process's ("A:k3x9a1"), leaves
// documents with entries of both kinds; so does a rollback. To this build
// the earlier build's entry of its own ID is another process's, as it is:
// the one this process replaced (or one still running beside it). Its
// counts stay, this process writes beside it and counts it as a writer of
// the key while it is recent (the share is split one way more for a
// minute), and prunes it once it can no longer matter (two of the
// document's longest windows plus MaxSkew), as any other instance's entry.
// Outside (helper h96, session 25), three server processes on FerretDB
// rolled from 72ae45e to this build and back under load: 3341 tokens
// issued, 3341 in the store (README, Upgrading and rolling back).
func TestEntryOfAnEarlierBuild(t *testing.T) {
	store := syncer.NewMemoryStore()
	// The earlier build's process of ID A counted 3 at t0 and wrote them
	// under its entry "A".
	mustWrite(t, store, syncer.Write{Key: keyK, NewVersion: v0, Frames: frames(3), Expire: t0.Add(72 * time.Hour), Instance: "A", Seq: v0})

	now := t0.Add(30 * time.Second)
	clock := func() time.Time { return now }
	c := newCache(t, clock)
	s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "A", Now: clock})
	hit(t, c, keyK, 2, now)
	if err := s.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := s.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	lw := lastWrites(t, store)
	if lw["A"] != v0 || lw[s.Writer()] == 0 || len(lw) != 2 {
		t.Fatalf("lastWrites %v, want the earlier build's \"A\" at %d kept beside this process's %s", lw, v0, s.Writer())
	}
	if _, n := stored(t, store, keyK, time.Hour); n != 5 {
		t.Errorf("the store holds %d of the key in the hour, want 5 (3 of the earlier build's process, 2 of this one)", n)
	}
	var st cache.KeyState
	c.Inspect(keyK, tiers, now, &st)
	if st.Writers != 2 {
		t.Errorf("writers = %d 30 s after the earlier build's process wrote, want 2 (it and this process)", st.Writers)
	}

	// Past two days (the day window) and MaxSkew, the earlier build's
	// entry can decide nothing: the next write against a document read
	// prunes it.
	now = t0.Add(48*time.Hour + 5*time.Minute + time.Second)
	hit(t, c, keyK, 1, now)
	if err := s.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := s.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	lw = lastWrites(t, store)
	if _, kept := lw["A"]; kept || lw[s.Writer()] == 0 {
		t.Errorf("lastWrites %v, want the earlier build's \"A\" pruned and %s kept", lw, s.Writer())
	}
	if _, n := stored(t, store, keyK, time.Hour); n != 1 {
		t.Errorf("the store holds %d of the key in the hour, want 1", n)
	}
}

// lastWrites returns keyK's document's lastWrites.
func lastWrites(t *testing.T, store syncer.Store) map[string]int64 {
	t.Helper()
	docs, err := store.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	return maps.Clone(docs[0].LastWrites)
}

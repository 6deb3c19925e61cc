package syncer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestStoreGoesBackSkewedClocks: the document goes back while the clocks
// of the instances differ (within MaxSkew). 2ae0d23 has the next write
// after a rollback be a compare-and-swap, whose version, the writer's clock
// in milliseconds, is "above those the other instances hold, so that their
// reads install it too". Not when the writer's clock is behind the one
// whose version they hold: b, 60 s behind a, writes after the rollback a
// version below a's, and r, which holds the key and reads it but writes
// nothing, refuses it as older, and holds the counts the rollback removed
// until the writers' versions pass a's, or r writes the key: its first
// write after the rollback (the store refuses it, and the read is below
// its base: wentBack) installs the document, within one flush.
//
// Checked with a at b's clock and at 60 s ahead; the store's counts are
// what the instances counted less what the rollback removed either way.
func TestStoreGoesBackSkewedClocks(t *testing.T) {
	for _, ahead := range []time.Duration{0, time.Minute} {
		t.Run(fmt.Sprintf("a_%v_ahead", ahead), func(t *testing.T) {
			store := syncer.NewMemoryStore()
			now := t0.Add(time.Second) // b's and r's clock
			bClock := func() time.Time { return now }
			aClock := func() time.Time { return now.Add(ahead) }
			k := keyK
			a := newCache(t, aClock)
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "a", Now: aClock})
			b := newCache(t, bClock)
			sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "b", Now: bClock})
			r := newCache(t, bClock)
			sr := newSyncer(t, syncer.Config{Cache: r, Store: store, Instance: "r", Now: bClock})
			must := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			held := func(c *cache.Cache) (version, day int64) {
				t.Helper()
				var ks cache.KeyState
				if !c.Inspect(k, tiers, now, &ks) {
					t.Fatal("key not held")
				}
				return ks.Version, ks.Tiers[1].Used
			}
			pull := func(c *cache.Cache, s *syncer.Syncer) { // a request released: the next pull reads the key
				c.Release(new(c.Reserve(k, tiers, 1, cache.Enforce, now).Reservation))
				must(s.PullOnce(t.Context()))
			}
			use := func(c *cache.Cache, s *syncer.Syncer) { // a request released: the key is held and read
				c.Release(new(c.Reserve(k, tiers, 1, cache.Enforce, now).Reservation))
				must(s.LoadNewOnce(t.Context()))
			}

			hit(t, b, k, 10, now)
			must(sb.FlushOnce(t.Context()))
			saved := store.CopyDocs()
			now = now.Add(time.Second)
			use(a, sa)
			hit(t, a, k, 5, aClock())
			must(sa.FlushOnce(t.Context())) // a compare-and-swap: a's clock
			use(r, sr)
			if _, n := held(r); n != 15 {
				t.Fatalf("r counts %d in the day, want 15", n)
			}
			now = now.Add(time.Second)
			removed := store.PutBack(int64(dayTier.Size/time.Second), saved)
			now = now.Add(time.Second)
			hit(t, b, k, 1, now)
			must(sb.FlushOnce(t.Context()))
			pull(r, sr)
			v, n := stored(t, store, k, dayTier.Size)
			rv, rn := held(r)
			t.Logf("after the rollback (%d removed) and b's write: the store holds version %d, %d in the day; r holds %d, %d", removed, v, n, rv, rn)
			if ahead == 0 && (rv != v || rn != n) {
				// Followed at once with the clocks together (60 s apart,
				// the read is refused as older: logged above).
				t.Errorf("r holds version %d, %d in the day; the store %d, %d", rv, rn, v, n)
			}
			// r counts a request: its next flush follows the store.
			now = now.Add(time.Second)
			hit(t, r, k, 1, now)
			must(sr.FlushOnce(t.Context()))
			pull(a, sa)
			pull(b, sb)
			v, n = stored(t, store, k, dayTier.Size)
			if want := int64(10 + 5 + 1 + 1 - removed); n != want {
				t.Errorf("the store counts %d in the day, want %d counted less %d removed", n, want+removed, removed)
			}
			for _, name := range []string{"r", "b", "a"} {
				c := map[string]*cache.Cache{"a": a, "b": b, "r": r}[name]
				cv, cn := held(c)
				if name == "a" && ahead > 0 {
					// a, which no longer writes the key, holds the version of
					// its clock from before the rollback: above the writers'.
					t.Logf("a holds version %d, %d in the day, after r's write; the store %d, %d", cv, cn, v, n)
					continue
				}
				if cv != v || cn != n {
					t.Errorf("%s holds version %d, %d in the day, after r's write; the store %d, %d", name, cv, cn, v, n)
				}
			}
		})
	}
}

// TestWentBackWritesAboveTheHeldVersion: the write that finds the store
// went back (a compare-and-swap refused, the document read below its
// base) is written again as a compare-and-swap, whose version (the
// writer's clock) is above the one the other instances hold from before
// the rollback, not as an increment (one above the rolled-back version,
// below theirs): r, which uses the key and reads it without writing it,
// installs it at its next read.
func TestWentBackWritesAboveTheHeldVersion(t *testing.T) {
	store := syncer.NewMemoryStore()
	now := t0.Add(time.Second)
	clock := func() time.Time { return now }
	k := keyK
	c := newCache(t, clock)
	sc := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "c", Now: clock})
	r := newCache(t, clock)
	sr := newSyncer(t, syncer.Config{Cache: r, Store: store, Instance: "r", Now: clock})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	use := func() { // a request of r's released: its next pull reads the key
		r.Release(new(r.Reserve(k, tiers, 1, cache.Enforce, now).Reservation))
		must(sr.LoadNewOnce(t.Context()))
		must(sr.PullOnce(t.Context()))
	}
	hit(t, c, k, 10, now)
	must(sc.FlushOnce(t.Context()))
	saved := store.CopyDocs()
	now = now.Add(time.Second)
	hit(t, c, k, 5, now)
	must(sc.FlushOnce(t.Context()))
	use()
	now = now.Add(time.Second)
	removed := store.PutBack(int64(dayTier.Size/time.Second), saved)
	now = now.Add(time.Second)
	hit(t, c, k, 1, now)
	must(sc.FlushOnce(t.Context()))
	use()
	v, n := stored(t, store, k, dayTier.Size)
	if n != 16-removed {
		t.Errorf("the store counts %d in the day, want 16 counted less %d removed", n, removed)
	}
	var ks cache.KeyState
	if !r.Inspect(k, tiers, now, &ks) || ks.Version != v || ks.Tiers[1].Used != n {
		t.Errorf("r holds version %d, %d in the day; the store %d, %d", ks.Version, ks.Tiers[1].Used, v, n)
	}
}

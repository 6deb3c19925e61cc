package syncer_test

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestRestoreRepeatsAVersion: after the store went back (a restore, a hand
// edit), the writes on the document put back make again the versions an
// instance still holds from before, with other counts; that instance's
// compare-and-swap on the version alone matched, and wrote its snapshot of
// before over the document (helper-105's F2; helper-107's repros, on the
// memory store, in a synctest bubble). A Strict compare-and-swap
// (Write.Strict) also compares the counts of the frames it sets with its
// base's, and is refused, read back and rebased. The clock moves a second a
// step from two seconds before the hour's frame ends, then 7 minutes a step
// while the writers settle.
//
// Increments: c writes the key alone (compare-and-swaps, version v); a's
// first write is refused by c's document and added to it (an increment,
// v+1); c reads v+1. The store goes back to v (a's 5 removed); a adds 3 in
// the next hour's frame (v+1 again: not below a's base, no wentBack); c
// writes 1, a compare-and-swap on v+1. On the version alone the store
// counted 16 in the day where 14 is right: a's 5 back, a's 3 gone. In a
// mixed fleet (olderBuild): 14 with a of an older build, since c's write is
// Strict whoever wrote the document; 16 with c of an older build, whose
// compare-and-swap compares the version alone (README, "Upgrading and
// rolling back").
//
// SkewedChain: compare-and-swaps of clocks behind the document's version
// raise it by one too. x, 60 s ahead, creates the key's document (version
// T, x's clock in milliseconds); c writes 2 (T+1, its clock being behind
// T); y writes 5 (T+2); c reads T+2. The store goes back to T+1 (y's 5
// removed); y writes 3, refused, then on the document read back (T+2
// again); c writes 1, a compare-and-swap on T+2. On the version alone the
// store counted 18 in the day where 16 is right.
func TestRestoreRepeatsAVersion(t *testing.T) {
	k := keyK
	const day = int64(24 * time.Hour / time.Second)
	type instance struct {
		c *cache.Cache
		s *syncer.Syncer
	}
	// setup makes the named instances on store; x's clock is a minute
	// ahead of the bubble's; those of older write as builds before
	// Write.Strict did (olderBuild).
	setup := func(t *testing.T, store *syncer.MemoryStore, older []string, names ...string) map[string]instance {
		m := make(map[string]instance)
		for _, n := range names {
			skew := time.Duration(0)
			if n == "x" {
				skew = time.Minute
			}
			clock := func() time.Time { return time.Now().Add(skew) }
			c := newCache(t, clock)
			var st syncer.Store = store
			if slices.Contains(older, n) {
				st = olderBuild{store}
			}
			m[n] = instance{c, newSyncer(t, syncer.Config{Cache: c, Store: st, Instance: n, Now: clock})}
		}
		return m
	}
	must := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	version := func(t *testing.T, store *syncer.MemoryStore) int64 {
		t.Helper()
		v, _ := stored(t, store, k, dayTier.Size)
		return v
	}
	// begin moves the bubble's clock (midnight) to two seconds before the
	// hour's frame ends: it rolls over at the third step.
	begin := func() { time.Sleep(time.Hour - 2*time.Second) }
	// settle lets the writers flush a few times more, 7 minutes apart,
	// then checks the day's count in the store.
	settle := func(t *testing.T, store *syncer.MemoryStore, want int64, ss ...*syncer.Syncer) {
		t.Helper()
		for range 3 {
			time.Sleep(7 * time.Minute)
			for _, s := range ss {
				must(t, s.FlushOnce(t.Context()))
			}
		}
		if v, n := stored(t, store, k, dayTier.Size); n != want {
			t.Errorf("the store counts %d in the day (version %d), want %d", n, v, want)
		}
	}

	// increments is Increments with the instances of older writing as
	// builds before Write.Strict did.
	increments := func(t *testing.T, want int64, older ...string) {
		synctest.Test(t, func(t *testing.T) {
			begin()
			store := syncer.NewMemoryStore()
			in := setup(t, store, older, "c", "a")
			c, a := in["c"], in["a"]
			hit(t, c.c, k, 10, time.Now())
			must(t, c.s.FlushOnce(t.Context()))
			saved := store.CopyDocs()
			v := version(t, store)
			time.Sleep(time.Second)
			hit(t, a.c, k, 5, time.Now())
			must(t, a.s.FlushOnce(t.Context()))
			if got := version(t, store); got != v+1 {
				t.Fatalf("a's first write: version %d, want %d (an increment)", got, v+1)
			}
			must(t, c.s.PullOnce(t.Context()))
			time.Sleep(time.Second)
			if removed := store.PutBack(day, saved); removed != 5 {
				t.Fatalf("the restore removed %d, want a's 5", removed)
			}
			time.Sleep(time.Second)
			hit(t, a.c, k, 3, time.Now())
			must(t, a.s.FlushOnce(t.Context()))
			if got := version(t, store); got != v+1 {
				t.Fatalf("a's write after the restore: version %d, want %d again (an increment)", got, v+1)
			}
			hit(t, c.c, k, 1, time.Now())
			must(t, c.s.FlushOnce(t.Context()))
			settle(t, store, want, a.s, c.s)
		})
	}
	t.Run("Increments", func(t *testing.T) { increments(t, 10+3+1) }) // c's 10 and 1, a's 3
	// A mixed fleet during a rollout: the document put back and written
	// by an older build, this build's compare-and-swap is refused all the
	// same; an older build's compare-and-swap still lands on it, as
	// README's "Upgrading and rolling back" says (a's 5 back, a's 3 gone).
	t.Run("IncrementsOfAnOlderBuild", func(t *testing.T) { increments(t, 10+3+1, "a") })
	t.Run("CompareAndSwapOfAnOlderBuild", func(t *testing.T) { increments(t, 10+5+1, "c") })

	t.Run("SkewedChain", func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) {
			begin()
			store := syncer.NewMemoryStore()
			in := setup(t, store, nil, "x", "y", "c")
			x, y, c := in["x"], in["y"], in["c"]
			hit(t, x.c, k, 10, time.Now().Add(time.Minute))
			must(t, x.s.FlushOnce(t.Context()))
			v := version(t, store)
			hit(t, c.c, k, 2, time.Now())
			must(t, c.s.LoadNewOnce(t.Context()))
			must(t, c.s.FlushOnce(t.Context()))
			if got := version(t, store); got != v+1 {
				t.Fatalf("c's write: version %d, want %d (its clock behind the document's version)", got, v+1)
			}
			saved := store.CopyDocs()
			time.Sleep(time.Second)
			hit(t, y.c, k, 5, time.Now())
			must(t, y.s.LoadNewOnce(t.Context()))
			must(t, y.s.FlushOnce(t.Context()))
			if got := version(t, store); got != v+2 {
				t.Fatalf("y's write: version %d, want %d", got, v+2)
			}
			estimate(c.c, k, dayTier, time.Now()) // used since its read: the pull reads it
			must(t, c.s.PullOnce(t.Context()))
			if got := estimate(c.c, k, dayTier, time.Now()); got != 10+2+5 {
				t.Fatalf("c counts %d after its pull, want 17 (the document of T+2)", got)
			}
			time.Sleep(time.Second)
			if removed := store.PutBack(day, saved); removed != 5 {
				t.Fatalf("the restore removed %d, want y's 5", removed)
			}
			time.Sleep(time.Second)
			hit(t, y.c, k, 3, time.Now())
			must(t, y.s.FlushOnce(t.Context()))
			if got := version(t, store); got != v+2 {
				t.Fatalf("y's write after the restore: version %d, want %d again", got, v+2)
			}
			hit(t, c.c, k, 1, time.Now())
			must(t, c.s.FlushOnce(t.Context()))
			settle(t, store, 10+2+3+1, x.s, y.s, c.s) // x's 10, c's 2 and 1, y's 3
		})
	})

	t.Run("PrunedEntry", testRestorePrunedEntry)
}

// testRestorePrunedEntry: the counts of a document put back can be the very
// counts an instance read at the version it repeats, while a lastWrites
// entry it judged old then was written again since: a compare-and-swap
// that pruned it removed the proof of a write whose answer was lost, and
// its instance wrote it again. The entries a write prunes must still be
// below the cutoff they were judged by (Write.PruneBelow). Minute windows
// only, so that an entry is old after two minutes and c's MaxSkew, 1 s;
// y's MaxSkew is an hour, so that y prunes nothing. Everything is counted
// in the minute that starts at 3m.
//
// At 5 s x creates the key's document (version v0, its entry old at 3m20s,
// when the copy of it is taken). At 3m20s y adds 2 (v0+1); c, which
// counted 1, reads v0+1 and judges x's entry old; x adds 1 (v0+2, and its
// key is contended: its next write is an increment). The store goes back to
// the copy (v0); x adds 2 (v0+1 again, with 2 in the minute, as c read it,
// and x's entry of now); its answer is lost. c writes its 1 by a
// compare-and-swap on v0+1 that prunes x's entry: on the counts it lands,
// and, unguarded, x's next flush found no entry of its write, sent it
// again, and the store counted x's 2 twice (5 in the minute where 3).
func testRestorePrunedEntry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		k := keyK
		start := time.Now() // midnight: a minute's frame starts
		minute := []window.Tier{{Limit: bigLimit, Size: time.Minute}}
		store := syncer.NewMemoryStore()
		lost := &scriptStore{Store: store}
		cs := map[string]*cache.Cache{}
		ss := map[string]*syncer.Syncer{}
		for name, skew := range map[string]time.Duration{"x": 0, "y": time.Hour, "c": time.Second} {
			cs[name] = newCache(t, time.Now)
			var st syncer.Store = store
			if name == "x" {
				st = lost
			}
			ss[name] = newSyncer(t, syncer.Config{Cache: cs[name], Store: st, Instance: name, Now: time.Now, MaxSkew: skew})
		}
		hitMinute := func(name string, n int) {
			t.Helper()
			for range n {
				d := cs[name].Reserve(k, minute, 1, cache.Enforce, time.Now())
				if !d.Allowed || !d.Counted {
					t.Fatalf("%s: request not admitted: %+v", name, d)
				}
				cs[name].Commit(&d.Reservation)
			}
		}
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		// inMinute returns the document's version and its count in the
		// minute that starts at 3m.
		inMinute := func() (int64, int64) {
			t.Helper()
			docs, err := store.Load(t.Context(), []cache.Key{k})
			must(err)
			for _, f := range docs[0].Snapshot.Frames {
				if f.Size == time.Minute && f.StartUnix == start.Add(3*time.Minute).Unix() {
					return docs[0].Snapshot.Version, f.N
				}
			}
			return docs[0].Snapshot.Version, 0
		}

		time.Sleep(5 * time.Second)
		hitMinute("x", 1)
		must(ss["x"].FlushOnce(t.Context()))
		v0, _ := inMinute()
		time.Sleep(3*time.Minute + 15*time.Second)
		saved := store.CopyDocs()
		hitMinute("y", 2)
		must(ss["y"].FlushOnce(t.Context()))
		hitMinute("c", 1)
		must(ss["c"].LoadNewOnce(t.Context()))
		if v, n := inMinute(); v != v0+1 || n != 2 {
			t.Fatalf("after y's write and c's read: version %d, %d in the minute; want %d, 2 (y's increment)", v, n, v0+1)
		}
		hitMinute("x", 1)
		must(ss["x"].FlushOnce(t.Context()))
		if v, _ := inMinute(); v != v0+2 {
			t.Fatalf("x's second write: version %d, want %d (an increment)", v, v0+2)
		}
		store.PutBack(int64(time.Minute/time.Second), saved)
		hitMinute("x", 2)
		lost.script = func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
			apply(ws)
			return make([]syncer.Outcome, len(ws)), errInjected // every answer lost: Unknown
		}
		if err := ss["x"].FlushOnce(t.Context()); err == nil {
			t.Fatal("x's flush after the restore: no error, want its answer lost")
		}
		lost.script = nil
		if v, n := inMinute(); v != v0+1 || n != 2 {
			t.Fatalf("x's write after the restore: version %d, %d in the minute; want %d again, 2 (as c read it)", v, n, v0+1)
		}
		must(ss["c"].FlushOnce(t.Context()))
		must(ss["x"].FlushOnce(t.Context()))
		for _, name := range []string{"x", "y", "c"} {
			must(ss[name].FlushOnce(t.Context()))
		}
		if v, n := inMinute(); n != 2+1 {
			t.Errorf("the store counts %d in the minute (version %d), want 3: x's 2 after the restore, c's 1", n, v)
		}
	})
}

// olderBuild is a Store as builds before Write.Strict wrote to it: their
// compare-and-swaps compare the version alone (the same document, and the
// same filter but for the fields Strict adds).
type olderBuild struct{ *syncer.MemoryStore }

func (o olderBuild) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	ws = slices.Clone(ws)
	for i := range ws {
		ws[i].Strict, ws[i].Base, ws[i].PruneBelow = false, nil, 0
	}
	return o.MemoryStore.Write(ctx, ws)
}

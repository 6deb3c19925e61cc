package syncer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// timeoutLoads is a MemoryStore whose Load calls numbered in fail (from
// 1) time out: each is answered after timeout with no document and
// context.DeadlineExceeded, as mongostore's Timeout. The others answer at
// once. It records the number of keys of each Load.
type timeoutLoads struct {
	*MemoryStore
	timeout time.Duration
	mu      sync.Mutex
	fail    map[int]bool
	sizes   []int
}

func (s *timeoutLoads) Load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	s.mu.Lock()
	s.sizes = append(s.sizes, len(keys))
	n := len(s.sizes)
	s.mu.Unlock()
	if s.fail[n] {
		time.Sleep(s.timeout)
		return nil, fmt.Errorf("timeout store: load %d of %d keys: %w", n, len(keys), context.DeadlineExceeded)
	}
	return s.MemoryStore.Load(ctx, keys)
}

func (s *timeoutLoads) calls() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int(nil), s.sizes...)
}

// behindTimeouts returns n keys that instance B counted one request each
// on and flushed to a MemoryStore, and that store behind a timeoutLoads
// whose Loads numbered in fail time out at 2 s.
func behindTimeouts(t *testing.T, n int, fail ...int) ([]cache.Key, *timeoutLoads) {
	t.Helper()
	mem := NewMemoryStore()
	st := &timeoutLoads{MemoryStore: mem, timeout: 2 * time.Second, fail: map[int]bool{}}
	for _, f := range fail {
		st.fail[f] = true
	}
	return storedKeys(t, mem, n), st
}

// storedKeys has instance B count one request on each of n new keys and
// flush them to mem; it returns the keys.
func storedKeys(t *testing.T, mem *MemoryStore, n int) []cache.Key {
	t.Helper()
	peerCache, peer := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
	keys := dirtyKeys(peerCache, "k", n)
	if err := peer.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	return keys
}

// useKeys has c use keys (a request released: nothing counted), so that
// the next pull reads them.
func useKeys(c *cache.Cache, keys []cache.Key) {
	for _, k := range keys {
		c.Release(new(c.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
	}
}

// installed returns how many of keys hold a document in c.
func installed(c *cache.Cache, keys []cache.Key) int {
	n := 0
	for _, k := range keys {
		var ks cache.KeyState
		if c.Inspect(k, []window.Tier{tier}, time.Now(), &ks) && ks.Version > 0 {
			n++
		}
	}
	return n
}

// A read that times out mid-pull keeps what the calls before it read.
// Behind a store that answers most calls and times out some, a pull that
// takes several calls threw away the documents of those that answered
// when a later one timed out, and installed none of them, pull after pull.
// Here the first pull's call of 400 keys times out (the reads go 200 a
// call), and the second pull's second call: the first's 200 documents are
// installed, and the pull still fails.
func TestPullInstallsWhatItReadBeforeACallTimedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		keys, st := behindTimeouts(t, 400, 1, 3)
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		for pull := 1; pull <= 2; pull++ {
			useKeys(c, keys)
			if err := s.PullOnce(t.Context()); err == nil {
				t.Fatalf("pull %d: no error, want the timeout of Load %v", pull, st.calls())
			}
		}
		if got := st.calls(); fmt.Sprint(got) != "[400 200 200]" {
			t.Fatalf("Load calls of %v keys, want [400 200 200]", got)
		}
		if n := installed(c, keys); n != 200 {
			t.Errorf("%d of %d keys installed after a pull whose first call of 200 answered and second timed out; want 200", n, len(keys))
		}
		if n := testutil.ToFloat64(s.m.pullsError); n != 2 {
			t.Errorf("%v failed pulls counted, want 2", n)
		}
	})
}

// LoadNewOnce, as PullOnce, keeps what it read before a call timed out.
func TestLoadNewInstallsWhatItReadBeforeACallTimedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		keys, st := behindTimeouts(t, 400, 1, 3)
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		useKeys(c, keys[:200]) // new keys: the first read of 200 times out
		if err := s.LoadNewOnce(t.Context()); err == nil {
			t.Fatal("no error, want the timeout of the first Load")
		}
		useKeys(c, keys[200:]) // 200 more: calls of 100, the second times out
		if err := s.LoadNewOnce(t.Context()); err == nil {
			t.Fatalf("no error, want the timeout of Load %v", st.calls())
		}
		if got := st.calls(); fmt.Sprint(got) != "[200 100 100]" {
			t.Fatalf("Load calls of %v keys, want [200 100 100]", got)
		}
		if n := installed(c, keys); n != 100 {
			t.Errorf("%d keys installed after a read of 200 new keys whose first call of 100 answered and second timed out; want 100", n)
		}
	})
}

// lostFirstWrite is a timeoutLoads whose first Write loses its answer
// (every outcome Unknown, a connection reset: not a timeout), having
// landed every other write of it (the first, the third...) and not the
// others.
type lostFirstWrite struct {
	*timeoutLoads
	writes int
}

func (s *lostFirstWrite) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	s.writes++
	if s.writes == 1 {
		for i := 0; i < len(ws); i += 2 {
			if _, err := s.MemoryStore.Write(ctx, ws[i:i+1]); err != nil {
				return nil, err
			}
		}
		return make([]Outcome, len(ws)), errors.New("connection reset by peer")
	}
	return s.MemoryStore.Write(ctx, ws)
}

// The read back of the writes whose answers were lost (a flush's first
// step) keeps what it read before a call timed out: the writes whose
// documents were read are settled (the 100 of the first 200 that landed
// confirmed, the 100 that did not kept to resend), the others stay
// unsettled for the next flush. It read them all or nothing, and behind a
// store that times out some calls, a read back of many writes failed
// whole, flush after flush, and no flush wrote anything.
func TestResolveSettlesWhatItReadBeforeACallTimedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mem := NewMemoryStore()
		st := &lostFirstWrite{timeoutLoads: &timeoutLoads{MemoryStore: mem, timeout: 2 * time.Second, fail: map[int]bool{1: true, 3: true}}}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		keys := dirtyKeys(c, "k", 400)
		for flush, want := range []int{400, 400, 300, 0} {
			err := s.FlushOnce(t.Context())
			if (err == nil) != (want == 0) {
				t.Fatalf("flush %d: %v", flush+1, err)
			}
			if n := s.Unsettled(); n != want {
				t.Fatalf("flush %d (Load calls of %v keys): %d writes unsettled, want %d", flush+1, st.calls(), n, want)
			}
			if want == 300 {
				pullCountsNoneTwice(t, c, s, keys)
			}
		}
		if got := st.calls(); fmt.Sprint(got[:3]) != "[400 200 200]" {
			t.Errorf("Load calls of %v keys, want [400 200 200] first", got)
		}
		docs, err := mem.Load(t.Context(), keys)
		if err != nil {
			t.Fatal(err)
		}
		for i := range docs {
			if n := cache.Requests(docs[i].Snapshot.Frames); n != 1 {
				t.Fatalf("%v counts %d requests, want 1", keys[i], n)
			}
			var ks cache.KeyState
			if !c.Inspect(keys[i], []window.Tier{tier}, time.Now(), &ks) || ks.Version != docs[i].Snapshot.Version {
				t.Fatalf("%v: the cache holds version %d, the store %d", keys[i], ks.Version, docs[i].Snapshot.Version)
			}
			if g, l := ks.Tiers[0].Global, ks.Tiers[0].Local; g.Curr+g.Prev != 1 || l.Curr+l.Prev != 0 {
				t.Fatalf("%v: the cache counts %+v stored and %+v local, want 1 stored, none local", keys[i], g, l)
			}
		}
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if w := st.writes; w != 2 {
			t.Errorf("%d Write calls, want 2: the 200 writes that landed confirmed by the read backs, the others resent once", w)
		}
	})
}

// pullCountsNoneTwice pulls keys, each counted 1 by c's instance, whose
// writes are confirmed or unsettled, and checks that each counts 1: a
// pull must not install the document of a write that landed and is still
// unsettled (ownUnsettled, republished by a read back cut short), whose
// delta is still local.
func pullCountsNoneTwice(t *testing.T, c *cache.Cache, s *Syncer, keys []cache.Key) {
	t.Helper()
	useKeys(c, keys)
	if err := s.PullOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		var ks cache.KeyState
		c.Inspect(k, []window.Tier{tier}, time.Now(), &ks)
		if g, l := ks.Tiers[0].Global, ks.Tiers[0].Local; g.Curr+g.Prev+l.Curr+l.Prev != 1 {
			t.Fatalf("%v after a pull: the cache counts %+v stored and %+v local, want 1 in all", k, g, l)
		}
	}
}

// The read of the keys near their limit (HotOnce), as a pull, keeps what
// it read before a call timed out: here 200 of 400 hot keys get B's new
// counts from the call that answered, where none did.
func TestHotReadInstallsWhatItReadBeforeACallTimedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		hot := []window.Tier{{Limit: 10, Size: time.Hour}}
		mem := NewMemoryStore()
		// Loads 2 and 3 time out (calls of 400: the second shrinks them to
		// 200), and 5, the hot read's second call.
		st := &timeoutLoads{MemoryStore: mem, timeout: 2 * time.Second, fail: map[int]bool{2: true, 3: true, 5: true}}
		bc, b := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		keys := make([]cache.Key, 400)
		for i := range keys {
			keys[i] = cache.Key{ClientID: fmt.Sprintf("h%04d", i)}
		}
		count := func(n int64) { // B counts n on each key, flushed
			for _, k := range keys {
				bc.Commit(new(bc.Reserve(k, hot, n, cache.Enforce, time.Now()).Reservation))
			}
			if err := b.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		use := func() { // A decides on each key: 6 of 10 used, near the limit
			for _, k := range keys {
				c.Release(new(c.Reserve(k, hot, 1, cache.Enforce, time.Now()).Reservation))
			}
		}
		count(6)
		use()
		if err := s.PullOnce(t.Context()); err != nil { // Load 1: B's 6 on each key
			t.Fatal(err)
		}
		for range 2 { // Loads 2 and 3: the hot keys are chosen all the same
			use()
			if s.PullOnce(t.Context()) == nil {
				t.Fatal("a pull whose Load timed out returned no error")
			}
		}
		count(1) // 7 each: what the hot read brings
		if err := s.HotOnce(t.Context()); err == nil {
			t.Fatal("a hot read whose second call timed out returned no error")
		}
		if got := st.calls(); fmt.Sprint(got) != "[400 400 400 200 200]" {
			t.Fatalf("Load calls of %v keys, want [400 400 400 200 200]", got)
		}
		seven := 0
		for _, k := range keys {
			var ks cache.KeyState
			if c.Inspect(k, hot, time.Now(), &ks) && ks.Tiers[0].Global.Curr+ks.Tiers[0].Global.Prev == 7 {
				seven++
			}
		}
		if seven != 200 {
			t.Errorf("%d of %d keys near their limit hold B's count of 7 after a hot read whose first call of 200 answered and second timed out; want 200", seven, len(keys))
		}
	})
}

// The keys a failed read did not reach are read by the next pull: the
// pull's keys after the call that timed out, and the new keys of a
// LoadNewOnce whose call timed out. Both marked them read when they chose
// them, and the next pull skipped them, unless they were used again since
// and, below half their limit, ColdPullEvery pulls had passed: the
// instance decided on the snapshot from before the failed read for
// another pull interval or more. Here B counts a second request on every
// key after the failed read; the next pull must bring it to the keys not
// reached.
func TestNextPullReadsWhatAFailedReadDidNotReach(t *testing.T) {
	for _, tc := range []struct {
		name      string
		fresh     bool // the failed read is LoadNewOnce's (else a pull's)
		coldEvery int
		useAgain  bool // A uses the keys again between the failed read and the next pull
		// The frame of B's first requests (and of the failed read) ends
		// before its second ones: the next pull installs documents of
		// two frames over a snapshot of one (STYLE rule 18).
		cross bool
		want  int // keys the next pull reads, each then holding B's 2 requests
	}{
		{name: "pull, keys not used since", coldEvery: 1, want: 300},
		{name: "pull, keys not used since, across a frame boundary", coldEvery: 1, cross: true, want: 300},
		{name: "new keys, used again, across a frame boundary", fresh: true, coldEvery: 3, useAgain: true, cross: true, want: 100},
		// And the 100 read: B counts them too (contested), so they are
		// read at every pull after a use.
		{name: "pull, keys used again, cold keys read every third pull", coldEvery: 3, useAgain: true, want: 400},
		{name: "new keys, not used since", fresh: true, coldEvery: 1, want: 100},
		{name: "new keys, used again, cold keys read every third pull", fresh: true, coldEvery: 3, useAgain: true, want: 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				// A pull of 400 keys in calls of 100 whose second call times
				// out reaches 100 of them; LoadNewOnce's one call of 100 new
				// keys, timed out, none.
				n, fail := 400, 2
				if tc.fresh {
					n, fail = 100, 1
				}
				if tc.cross { // 3 s before the end of the bubble's first hour, tier's frame
					time.Sleep(tier.Size - 3*time.Second)
				}
				mem := NewMemoryStore()
				st := &timeoutLoads{MemoryStore: mem, timeout: 2 * time.Second, fail: map[int]bool{fail: true}}
				bc, b := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
				keys := dirtyKeys(bc, "k", n)
				if err := b.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				c, s := newCacheSyncer(t, Config{Store: st, Instance: "A", BatchSize: 100, ColdPullEvery: tc.coldEvery})
				useKeys(c, keys)
				var err error
				if tc.fresh {
					err = s.LoadNewOnce(t.Context())
				} else {
					// New keys, left to TakeFresh (not called here): the
					// pulls choose them at the coldEvery-th.
					for range tc.coldEvery {
						if err = s.PullOnce(t.Context()); err != nil {
							break
						}
					}
				}
				if err == nil {
					t.Fatalf("no error, want the timeout of Load %d of %v", fail, st.calls())
				}
				first := time.Now().Truncate(tier.Size)
				if tc.cross {
					time.Sleep(time.Until(first.Add(tier.Size + time.Second)))
				}
				for _, k := range keys { // B's second request on each key
					bc.Commit(new(bc.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
				}
				if err := b.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if tc.useAgain {
					useKeys(c, keys)
				}
				before := len(st.calls())
				if err := s.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				loaded := 0
				for _, m := range st.calls()[before:] {
					loaded += m
				}
				two := 0
				for _, k := range keys {
					var ks cache.KeyState
					if c.Inspect(k, []window.Tier{tier}, time.Now(), &ks) && ks.Tiers[0].Global.Curr+ks.Tiers[0].Global.Prev == 2 {
						two++
					}
				}
				if crossed := time.Now().Truncate(tier.Size).After(first); crossed != tc.cross {
					t.Fatalf("B's second requests crossed a frame boundary: %v, want %v", crossed, tc.cross)
				}
				if loaded != tc.want || two != tc.want {
					t.Errorf("the next pull read %d keys (Loads of %v) and %d of %d keys hold B's 2 requests; want %d, both", loaded, st.calls(), two, n, tc.want)
				}
			})
		})
	}
}

// A failed read's keys that a call before the one that timed out read are
// not read again by the next pull: only those after it (cache.Unread of
// what the read did not reach). Here the read is of 400 keys in calls of
// 200 (a call of 400 timed out first), of which the second times out: the
// next pull reads the 200 keys it did not reach, which then hold B's
// second request, and not the 200 read, which keep its first. Unread of
// all the read's keys (the chunk's, or all the new keys) passed every
// test before.
func TestNextPullRereadsNoKeyAFailedReadReached(t *testing.T) {
	for _, fresh := range []bool{false, true} {
		name := "pull"
		if fresh {
			name = "new keys"
		}
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				mem := NewMemoryStore()
				// Load 1, of 400 keys, times out: the calls shrink to 200.
				// Load 2 answers, Load 3 times out.
				st := &timeoutLoads{MemoryStore: mem, timeout: 2 * time.Second, fail: map[int]bool{1: true, 3: true}}
				bc, b := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
				keys := dirtyKeys(bc, "k", 400)
				if err := b.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				c, s := newCacheSyncer(t, Config{Store: st, Instance: "A", BatchSize: 400})
				read := func() error {
					if fresh {
						return s.LoadNewOnce(t.Context())
					}
					return s.PullOnce(t.Context())
				}
				first := keys // the pulls read the same keys twice
				if fresh {
					first = make([]cache.Key, 400) // other new keys, for Load 1
					for i := range first {
						first[i] = cache.Key{ClientID: fmt.Sprintf("f%04d", i)}
					}
				}
				useKeys(c, first)
				if read() == nil {
					t.Fatal("no error, want Load 1's timeout")
				}
				useKeys(c, keys)
				if read() == nil {
					t.Fatal("no error, want Load 3's timeout")
				}
				if got := fmt.Sprint(st.calls()); got != "[400 200 200]" {
					t.Fatalf("Loads of %s keys, want [400 200 200]", got)
				}
				for _, k := range keys { // B's second request on each key
					bc.Commit(new(bc.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
				}
				if err := b.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				before := len(st.calls())
				if err := s.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				loaded := 0
				for _, m := range st.calls()[before:] {
					loaded += m
				}
				want := 200 // keys[200:]
				if fresh {
					want += len(first) // not reached by Load 1
				}
				counts := map[int64]int{} // keys by B's requests they hold
				for _, k := range keys {
					var ks cache.KeyState
					if c.Inspect(k, []window.Tier{tier}, time.Now(), &ks) {
						counts[ks.Tiers[0].Global.Curr+ks.Tiers[0].Global.Prev]++
					}
				}
				if loaded != want || counts[1] != 200 || counts[2] != 200 {
					t.Errorf("the next pull read %d keys (Loads of %v); keys by B's requests they hold: %v; want %d keys read, and 200 keys holding 1, 200 holding 2",
						loaded, st.calls()[before:], counts, want)
				}
			})
		})
	}
}

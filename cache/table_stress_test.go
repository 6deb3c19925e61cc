package cache

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTableStress runs, under -race, goroutines that Reserve and Commit (or
// Release) on keys of a small set, all of them hot, and of a large one,
// against goroutines that at the same time sweep, flush (confirm, abort,
// rebase), pull and look keys up, on a cache small enough that keys are
// evicted at MaxKeys and swept all along and made again, tables grow and
// are rebuilt, and requests hold reservations on entries that have left the
// table. The clock moves between phases of the run, across frames (rule
// 18); within a phase every goroutine decides at one time, so each commit's
// frame is known. At the end, every count committed is in exactly one
// place, per key and frame: flushed, still local, or dropped with an
// evicted key (Stats.Dropped). Lookups during the run must give each key
// its own entry (its window sizes, a version the store wrote for it).
//
// In the ledger cases every key also counts in a window longer than the
// run, whose frame never rolls: there, what no flush wrote is exactly
// what Stats.Dropped counts, even though the short frames roll.
func TestTableStress(t *testing.T) {
	cases := []struct {
		name   string
		cfg    Config
		ledger bool
	}{
		{"evicted at MaxKeys, ledger", Config{Shards: 4, MaxKeys: 64}, true},
		{"swept, frames rolling", Config{Shards: 2, IdleWindows: 1}, false},
		{"evicted and swept", Config{Shards: 2, MaxKeys: 32, IdleWindows: 1}, false},
	}
	seeds := tableSeeds(t, 1)
	for mi, mode := range hashModes() {
		switch mode.name {
		case "keyed", "zero", "top7", "len3":
		default:
			continue // the model test runs the rest; this one is costlier
		}
		modeSeeds := seeds
		if mi > 0 {
			modeSeeds = seeds[len(seeds)-1:]
		}
		for _, tc := range cases {
			for _, seed := range modeSeeds {
				t.Run(fmt.Sprintf("%s/%s/seed=%d", mode.name, tc.name, seed), func(t *testing.T) {
					t.Logf("seed %d (replay with -args -table.seed=%d; goroutines interleave anew)", seed, seed)
					// Colliding keys are probed one by one: fewer of
					// them keep the run within seconds.
					large := stressLarge
					if mi > 0 {
						large /= 4
					}
					s := newStress(t, newTableCache(t, tc.cfg, mode), seed, tc.ledger, large)
					s.run()
					s.check()
				})
			}
		}
	}
}

// Stress sizes: phases of the run, requests per worker and phase, workers.
const (
	stressPhases  = 24
	stressOps     = 100
	stressWorkers = 3
	stressLarge   = 400 // keys in the large set (a quarter under colliding hashes)
	// At most per phase: flushes, sweeps, lookups.
	stressFlushes, stressSweeps, stressReads = 10, 5, 150
)

// stress is the state of one TestTableStress run.
type stress struct {
	t      *testing.T
	c      *Cache
	seed   uint64
	keys   []Key // the small set first
	small  int
	index  map[Key]int
	sizes  [][]int64
	ledger bool // every key counts in a second window, longer than the run
	now    time.Time

	storeMu sync.Mutex
	store   map[Key]Snapshot

	// Filled by the goroutines, merged after each phase.
	committed, flushed map[cell]int64
	held               [stressWorkers]*stressRes // a reservation a worker keeps into the next phase
	errs               chan string
}

// stressRes is an open reservation and the frames it counts in.
type stressRes struct {
	key    int
	cost   int64
	starts []int64
	r      Reservation
}

func newStress(t *testing.T, c *Cache, seed uint64, ledger bool, large int) *stress {
	s := &stress{
		t: t, c: c, seed: seed, now: modelStart, ledger: ledger,
		index: map[Key]int{}, store: map[Key]Snapshot{},
		committed: map[cell]int64{}, flushed: map[cell]int64{},
		errs: make(chan string, 64),
	}
	s.keys = []Key{{"ab", "c"}, {"a", "bc"}, {"abc", ""}, {"", "abc"}, {"", ""}, {longKey(300, 'a'), ""}}
	s.small = len(s.keys)
	for i := range large {
		if i%5 == 0 {
			s.keys = append(s.keys, Key{ClientID: fmt.Sprint("client-", i)})
		} else {
			s.keys = append(s.keys, Key{fmt.Sprint("client-", i%40), fmt.Sprint("user-", i)})
		}
	}
	for i, k := range s.keys {
		s.index[k] = i
		// Longest windows differ between neighbouring keys: a lookup
		// that gives another key's entry shows in LongestWindow.
		if ledger {
			s.sizes = append(s.sizes, []int64{10, []int64{3600, 7200, 14_400, 28_800}[i%4]})
		} else {
			s.sizes = append(s.sizes, [][]int64{{10}, {10, 30}, {5, 20}}[i%3])
		}
	}
	return s
}

// fail records a failure found by a goroutine other than the test's.
func (s *stress) fail(format string, args ...any) {
	select {
	case s.errs <- fmt.Sprintf(format, args...):
	default:
	}
}

func (s *stress) run() {
	rng := rand.New(rand.NewPCG(s.seed, 0x57e55))
	for p := range stressPhases {
		// Mostly within a frame of 10 s, often across one, now and
		// then past the idle time of the short windows.
		switch r := rng.IntN(10); {
		case r < 6:
			s.now = s.now.Add(time.Duration(rng.IntN(4)) * time.Second)
		case r < 9:
			s.now = s.now.Add(time.Duration(5+rng.IntN(10)) * time.Second)
		default:
			s.now = s.now.Add(time.Duration(30+rng.IntN(40)) * time.Second)
		}
		s.phase(p, p == stressPhases-1)
		select {
		case msg := <-s.errs:
			s.t.Fatalf("seed %d, phase %d at +%v: %s", s.seed, p, s.now.Sub(modelStart), msg)
		default:
		}
		s.checkHeld(fmt.Sprintf("after phase %d", p))
	}
	if s.ledger && s.now.Sub(modelStart) >= time.Hour {
		s.t.Fatalf("test bug: the run outlasts the ledger window")
	}
}

// phase runs the workers at s.now, with a flusher, a sweeper and a reader
// going on until they are done (or have done their share: no goroutine
// spins while the workers wait for a core). The last phase ends every reservation.
func (s *stress) phase(p int, last bool) {
	var workers, others sync.WaitGroup
	var done atomic.Bool
	committed := make([]map[cell]int64, stressWorkers)
	for g := range stressWorkers {
		committed[g] = map[cell]int64{}
		workers.Go(func() {
			s.work(rand.New(rand.NewPCG(s.seed, uint64(p*stressWorkers+g))), g, committed[g], last)
		})
	}
	flushed := map[cell]int64{}
	others.Go(func() {
		rng := rand.New(rand.NewPCG(s.seed, uint64(1000+p)))
		for range stressFlushes {
			if done.Load() {
				break
			}
			s.flush(rng, flushed, true)
			runtime.Gosched()
		}
	})
	others.Go(func() {
		for range stressSweeps {
			if done.Load() {
				break
			}
			s.c.Sweep(s.now)
			runtime.Gosched()
		}
	})
	others.Go(func() {
		rng := rand.New(rand.NewPCG(s.seed, uint64(2000+p)))
		for range stressReads {
			if done.Load() {
				break
			}
			s.read(rng)
		}
	})
	workers.Wait()
	done.Store(true)
	others.Wait()
	for _, m := range committed {
		for c, n := range m {
			s.committed[c] += n
		}
	}
	for c, n := range flushed {
		s.flushed[c] += n
	}
}

// checkHeld fails unless, with no other goroutine running, Walk lists
// every key held once, as many as Stats.Keys counts, and a lookup finds
// exactly those: two goroutines that make one key at once must not both
// insert it.
func (s *stress) checkHeld(when string) {
	seen := map[Key]bool{}
	s.c.Walk(s.now, func(Key) []window.Tier { return nil }, func(k Key, _ *KeyState) bool {
		if _, ok := s.index[k]; !ok || seen[k] {
			s.t.Fatalf("seed %d, %s: Walk lists %s (known %v, twice %v)", s.seed, when, keyName(k), ok, seen[k])
		}
		seen[k] = true
		return true
	})
	if n := s.c.Stats().Keys; int64(len(seen)) != n {
		s.t.Fatalf("seed %d, %s: Walk lists %d keys, Stats.Keys = %d", s.seed, when, len(seen), n)
	}
	for i, k := range s.keys {
		if held := s.c.Inspect(k, tiersOfSizes(s.sizes[i], 1<<40), s.now, new(KeyState)); held != seen[k] {
			s.t.Fatalf("seed %d, %s: Inspect(%s) finds it %v, Walk lists it %v", s.seed, when, keyName(k), held, seen[k])
		}
	}
}

// frames returns the frame of each of key i's sizes at s.now.
func (s *stress) frames(i int) []int64 {
	starts := make([]int64, len(s.sizes[i]))
	for j, sz := range s.sizes[i] {
		starts[j] = window.Tier{Size: time.Duration(sz) * time.Second}.FrameStartUnix(s.now)
	}
	return starts
}

// work is one worker's requests in a phase: committed or released at once,
// or (one at a time) held into the next phase.
func (s *stress) work(rng *rand.Rand, g int, committed map[cell]int64, last bool) {
	var sc scratch
	commit := func(o *stressRes) {
		s.c.Commit(&o.r)
		for j, sz := range s.sizes[o.key] {
			committed[cell{o.key, sz, o.starts[j]}] += o.cost
		}
	}
	if o := s.held[g]; o != nil {
		commit(o) // reserved in the last phase, counted in its frames
		s.held[g] = nil
	}
	for range stressOps {
		i := s.small + rng.IntN(len(s.keys)-s.small)
		if rng.IntN(5) < 2 {
			i = rng.IntN(s.small)
		}
		cost := int64(1 + rng.IntN(3))
		d := s.c.Reserve(sc.view(s.keys[i]), tiersOfSizes(s.sizes[i], 1<<40), cost, Enforce, s.now)
		sc.scribble(s.keys[rng.IntN(len(s.keys))])
		if !d.Counted {
			s.fail("Reserve(%s) not counted", keyName(s.keys[i]))
			return
		}
		o := &stressRes{key: i, cost: cost, starts: s.frames(i), r: d.Reservation}
		switch r := rng.IntN(12); {
		case r < 4:
			s.c.Release(&o.r)
		case r == 4 && s.held[g] == nil && !last:
			s.held[g] = o
		default:
			commit(o)
		}
	}
}

// flush takes the dirty keys and writes them to the store, rebased when
// the store moved (two entries of one key: evicted with counts, made
// again), or, if outages, aborts a fifth of them.
func (s *stress) flush(rng *rand.Rand, flushed map[cell]int64, outages bool) int {
	ps := s.c.TakeDirty(nil, s.now)
	for j := range ps {
		p := &ps[j]
		i, ok := s.index[p.Key]
		if !ok {
			s.fail("TakeDirty gives a key never used: %s", keyName(p.Key))
			s.c.Abort(p)
			continue
		}
		for _, f := range p.Delta {
			if !slices.Contains(s.sizes[i], int64(f.Size/time.Second)) {
				s.fail("TakeDirty: %s has a delta in %v frames, but counts in %v s ones (another key's counts?)", keyName(p.Key), f.Size, s.sizes[i])
			}
			if f.N <= 0 {
				// More was subtracted than counted: a delta
				// confirmed twice.
				s.fail("TakeDirty: %s has a delta of %d in %+v", keyName(p.Key), f.N, f)
			}
		}
		if outages && rng.IntN(5) == 0 {
			s.c.Abort(p)
			continue
		}
		s.storeMu.Lock()
		cur := s.store[p.Key]
		s.storeMu.Unlock()
		q := *p
		if cur.Version != p.Base.Version {
			q = s.c.Replace(p, cur, s.now)
		}
		written := Snapshot{Version: cur.Version + 1, Frames: Merge(q.Base.Frames, q.Delta, s.now)}
		s.storeMu.Lock()
		s.store[p.Key] = written
		s.storeMu.Unlock()
		s.c.Confirm(&q, written, s.now)
		for _, f := range q.Delta {
			flushed[cell{i, int64(f.Size / time.Second), f.StartUnix}] += f.N
		}
	}
	return len(ps)
}

// read looks a random key up as the admin API and the syncer's pulls do,
// and fails if what it finds is another key's.
func (s *stress) read(rng *rand.Rand) {
	i := rng.IntN(len(s.keys))
	if rng.IntN(2) == 0 {
		i = rng.IntN(s.small)
	}
	k := s.keys[i]
	longest := time.Duration(slices.Max(s.sizes[i])) * time.Second
	// 0: the entry is being made (its sizes come with its first decision).
	if lw, ok := s.c.LongestWindow(k); ok && lw != 0 && lw != longest {
		s.fail("LongestWindow(%s) = %v, want %v: another key's entry", keyName(k), lw, longest)
	}
	var st KeyState
	held := s.c.Inspect(k, tiersOfSizes(s.sizes[i], 1<<40), s.now, &st)
	s.storeMu.Lock()
	snap, stored := s.store[k]
	s.storeMu.Unlock()
	if held && st.Version > snap.Version {
		s.fail("%s holds version %d, the store wrote %d for it: another key's snapshot", keyName(k), st.Version, snap.Version)
	}
	if stored && rng.IntN(4) == 0 {
		s.c.Apply(k, snap, s.now)
	}
}

// check drains what is left and compares the counts with what was
// committed.
func (s *stress) check() {
	rng := rand.New(rand.NewPCG(s.seed, 3))
	for range 100 {
		if s.flush(rng, s.flushed, false) == 0 {
			break
		}
	}
	select {
	case msg := <-s.errs:
		s.t.Fatalf("seed %d, drain: %s", s.seed, msg)
	default:
	}
	if ps := s.c.AppendLocal(nil, s.now); len(ps) != 0 {
		s.t.Fatalf("seed %d: after the drain %d keys hold local counts, e.g. %s: %+v", s.seed, len(ps), keyName(ps[0].Key), ps[0].Delta)
	}
	st := s.c.Stats()
	if st.Detached != 0 {
		s.t.Fatalf("seed %d: after the drain Stats = %+v, want no key detached", s.seed, st)
	}

	s.checkHeld("after the drain")

	// Stats.Dropped counts requests, each counted once in every size:
	// what went missing in any one size is at most what it counts.
	var gap, ledgerGap int64
	gapBySize := map[int64]int64{}
	for c, n := range s.flushed {
		if n > s.committed[c] {
			s.t.Errorf("seed %d: %s, %d s frame at %d: flushed %d, committed %d: counted twice or another key's",
				s.seed, keyName(s.keys[c.key]), c.size, c.start, n, s.committed[c])
		}
	}
	for c, n := range s.committed {
		if !inWindow(c.size, c.start, s.now) {
			continue // rolled out: what is left of it is not counted
		}
		d := n - s.flushed[c]
		gapBySize[c.size] += max(d, 0)
		gap = max(gap, gapBySize[c.size])
		if s.ledger && c.size >= 3600 {
			ledgerGap += max(d, 0)
		}
	}
	switch {
	case st.Dropped == 0 && gap != 0:
		s.t.Errorf("seed %d: %d counts in the window were never flushed, and none dropped (Stats %+v)", s.seed, gap, st)
	case gap > st.Dropped:
		s.t.Errorf("seed %d: %d counts of one window size were never flushed, more than Stats.Dropped = %d", s.seed, gap, st.Dropped)
	case s.ledger && (ledgerGap > st.Dropped || st.Dropped > 2*ledgerGap):
		// A dropped key drops its local counts of each of its two
		// sizes; the short ones are never more than the ledger's.
		s.t.Errorf("seed %d: the ledger window lost %d counts, Stats.Dropped = %d: want ledger ≤ dropped ≤ 2 × ledger", s.seed, ledgerGap, st.Dropped)
	}
	var sum int64
	for _, n := range s.committed {
		sum += n
	}
	s.t.Logf("%d counted (over all sizes), %d dropped, %d keys held, %d evicted at MaxKeys, %d swept",
		sum, st.Dropped, st.Keys, st.EvictedCap, st.EvictedIdle)
}

package syncer

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// slowStore is a MemoryStore behind a slow link: each Write and Load is
// executed at once and answered rtt later (as a latency on the server's
// answers: what a read returns is rtt old when it arrives). A Write with a
// refused write costs one round trip more, as mongostore's, which reads the
// documents back to decide. It records when each write carrying key watch
// was answered.
type slowStore struct {
	*MemoryStore
	rtt   time.Duration
	watch cache.Key
	mu    sync.Mutex
	wrote []time.Time // answers of the writes that carried watch
}

func (s *slowStore) answer(ctx context.Context) error {
	select {
	case <-time.After(s.rtt):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *slowStore) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	out, err := s.MemoryStore.Write(ctx, ws)
	if aerr := s.answer(ctx); aerr != nil {
		return make([]Outcome, len(ws)), aerr // landed or not: the answer is lost
	}
	if slices.Contains(out, Conflict) {
		if aerr := s.answer(ctx); aerr != nil { // the read back
			return make([]Outcome, len(ws)), aerr
		}
	}
	for i, w := range ws {
		if w.Key == s.watch && err == nil && out[i] == Written {
			s.mu.Lock()
			s.wrote = append(s.wrote, time.Now())
			s.mu.Unlock()
		}
	}
	return out, err
}

func (s *slowStore) Load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	docs, err := s.MemoryStore.Load(ctx, keys)
	if aerr := s.answer(ctx); aerr != nil {
		return nil, aerr
	}
	return docs, err
}

// An instance behind a 700 ms link shares a key with an instance next to
// the store that writes it every 500 ms, so that each of its writes of that
// key is refused (the document moves on while it reads it back). Its pulls
// must go on every PullInterval all the same, and its flushes of the other
// keys every Interval or so (an outside recheck: behind a 700 ms link one
// flush of 14 s took 4 rounds of refused writes and their reads, and the
// loop that also pulled made no pull in a minute: the snapshot age rose to
// 66 s). No count is lost or written twice.
func TestRunSlowStoreStarvesNeitherPullsNorFlushes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		hot, cold := cache.Key{ClientID: "hot"}, cache.Key{ClientID: "cold"}
		tiers := []window.Tier{tier}
		mem := NewMemoryStore()
		st := &slowStore{MemoryStore: mem, rtt: 700 * time.Millisecond, watch: cold}

		// The fast peer: counts 1 on hot and flushes, every 500 ms.
		peerCache, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		peer, err := New(Config{Cache: peerCache, Store: mem, Instance: "B"})
		if err != nil {
			t.Fatal(err)
		}
		ctx, stopPeer := context.WithCancel(t.Context())
		peerDone := make(chan struct{})
		var peerCounts int64
		go func() {
			defer close(peerDone)
			tick := time.NewTicker(500 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
					peerCache.Commit(new(peerCache.Reserve(hot, tiers, 1, cache.Enforce, time.Now()).Reservation))
					peerCounts++
					if err := peer.FlushOnce(ctx); err != nil && ctx.Err() == nil {
						t.Errorf("peer's FlushOnce = %v", err)
					}
				}
			}
		}()

		c, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Config{Cache: c, Store: st, Instance: "A", Interval: time.Second, PullInterval: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		rctx, stopRun := context.WithCancel(t.Context())
		runDone := make(chan error, 1)
		go func() { runDone <- s.Run(rctx) }()

		// Both keys counted every 100 ms for 30 s; the snapshot age
		// sampled meanwhile.
		var maxAge time.Duration
		var counts, overCounted int64
		start := time.Now()
		for time.Since(start) < 30*time.Second {
			for _, k := range []cache.Key{hot, cold} {
				c.Commit(new(c.Reserve(k, tiers, 1, cache.Enforce, time.Now()).Reservation))
			}
			counts++
			// Neither key's count is ever used twice in a decision
			// (a read during a flush installing the document that
			// holds a delta still local: up to 19 more than counted
			// on the cold key before Syncer.ownFrom).
			for range 10 {
				time.Sleep(10 * time.Millisecond)
				var ks cache.KeyState
				if c.Inspect(cold, tiers, time.Now(), &ks); ks.Tiers[0].Used > counts {
					overCounted = max(overCounted, ks.Tiers[0].Used-counts)
				}
			}
			if time.Since(start) > 5*time.Second { // after the first pulls
				maxAge = max(maxAge, s.SnapshotAge(time.Now()))
			}
		}
		if overCounted > 0 {
			t.Errorf("the cold key, counted %d times by this instance alone, was used as up to %d more in its decisions: a delta counted twice", counts, overCounted)
		}
		// A pull every PullInterval, each answered 700 ms after it read.
		if want := time.Second + 2*st.rtt + 100*time.Millisecond; maxAge > want {
			t.Errorf("snapshot age rose to %v behind a 700 ms link, want at most %v (a pull every PullInterval)", maxAge, want)
		}
		// The cold key's writes: after each flush's round (a write with
		// its read back, and the flush's read), Interval, then its
		// write's answer.
		st.mu.Lock()
		wrote := len(st.wrote)
		st.mu.Unlock()
		gap := maxGap(st)
		t.Logf("snapshot age at most %v; the cold key written %d times, at most %v apart", maxAge, wrote, gap)
		if want := time.Second + 4*st.rtt; wrote < 8 || gap > want {
			t.Errorf("the cold key was written %d times in 30 s, at most %v apart; want every %v at most (a flush of one round, then Interval)", wrote, gap, want)
		}

		stopPeer()
		<-peerDone
		if err := peer.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		stopRun()
		if err := <-runDone; err != nil {
			t.Fatalf("Run = %v", err)
		}
		// Every count in the store once: the peer's and A's on hot, A's
		// on cold.
		docs, err := mem.Load(context.Background(), []cache.Key{hot, cold})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []int64{peerCounts + counts, counts} {
			var n int64
			for _, f := range docs[i].Snapshot.Frames {
				n += f.N
			}
			if n != want {
				t.Errorf("%v holds %d, want %d", docs[i].Key, n, want)
			}
		}
	})
}

func maxGap(st *slowStore) time.Duration {
	st.mu.Lock()
	defer st.mu.Unlock()
	var gap time.Duration
	for i := 1; i < len(st.wrote); i++ {
		gap = max(gap, st.wrote[i].Sub(st.wrote[i-1]))
	}
	return gap
}

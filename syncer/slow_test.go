package syncer

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// slowStore is a MemoryStore behind a slow link: each Write and Load is
// executed at once and answered rtt later (as a latency on the server's
// answers: what a read returns is rtt old when it arrives). A Write with a
// refused write costs one round trip more, as mongostore's, which reads the
// documents back to decide. It records when each write carrying key watch
// was answered.
//
// With perWrite set, a Write also takes perWrite per write it carries (a
// loaded server, a link of low bandwidth), before it is executed; with
// timeout set, one that would take longer is answered at timeout with
// every outcome Unknown and context.DeadlineExceeded (as mongostore's
// Timeout), having applied the writes it reached in that time (landPartly:
// a server executing a bulk write by write until the client gives up) or
// none (the command never reached the server whole).
type slowStore struct {
	*MemoryStore
	rtt        time.Duration
	perWrite   time.Duration
	perLoad    time.Duration // as perWrite, per key of a Load
	timeout    time.Duration
	landPartly bool
	watch      cache.Key
	mu         sync.Mutex
	wrote      []time.Time // answers of the writes that carried watch
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
	if s.perWrite > 0 {
		took := time.Duration(len(ws)) * s.perWrite
		if s.timeout > 0 && s.rtt+took > s.timeout {
			if s.landPartly {
				s.MemoryStore.Write(ctx, ws[:min(len(ws), int(s.timeout/s.perWrite))])
			}
			time.Sleep(s.timeout)
			return make([]Outcome, len(ws)), fmt.Errorf("slow store: bulk write of %d: %w", len(ws), context.DeadlineExceeded)
		}
		time.Sleep(took)
	}
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
	if s.perLoad > 0 {
		took := time.Duration(len(keys)) * s.perLoad
		if s.timeout > 0 && s.rtt+took > s.timeout {
			time.Sleep(s.timeout)
			return nil, fmt.Errorf("slow store: load of %d keys: %w", len(keys), context.DeadlineExceeded)
		}
		time.Sleep(took)
	}
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
		peerCache, peer := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
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

		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A", Interval: time.Second, PullInterval: time.Second})
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

// newCacheSyncer returns a cache of the default Config and a Syncer of cfg
// that shares its counts.
func newCacheSyncer(t *testing.T, cfg Config) (*cache.Cache, *Syncer) {
	t.Helper()
	c, err := cache.New(cache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Cache = c
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, s
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

// A store slow per write: 40 ms a write, a timeout of 10 s (mongostore's
// default), so that a bulk of 500 (BatchSize's default) takes 20 s and
// times out every time, where 250 take 10 s and 125 take 5 s. 3,000 keys
// dirty at once (a key churn, as an outside audit saw on FerretDB, h58:
// bulks of 500 timing out for 7 minutes with the store up). The flushes
// must write them at two thirds of the store's pace at least, whether a timed-out bulk landed in
// part or not at all, and every count lands once.
func TestFlushProgressesBehindAStoreSlowPerWrite(t *testing.T) {
	for _, tc := range []struct {
		name       string
		landPartly bool
	}{
		{"TimedOutBulkLandsNothing", false},
		{"TimedOutBulkLandsInPart", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				const nKeys = 3000
				mem := NewMemoryStore()
				st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perWrite: 40 * time.Millisecond, timeout: 10 * time.Second, landPartly: tc.landPartly}
				c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
				s.jitter = func(d time.Duration) time.Duration { return d / 2 } // full jitter's mean
				keys := make([]cache.Key, nKeys)
				for i := range keys {
					keys[i] = cache.Key{ClientID: fmt.Sprintf("k%04d", i)}
					c.Commit(new(c.Reserve(keys[i], []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
				}
				written := func() int {
					docs, err := mem.Load(context.Background(), keys)
					if err != nil {
						t.Fatal(err)
					}
					n := 0
					for i := range docs {
						if docs[i].Snapshot.Version > 0 {
							n++
						}
					}
					return n
				}
				rctx, stopRun := context.WithCancel(t.Context())
				runDone := make(chan error, 1)
				go func() { runDone <- s.Run(rctx) }()
				var perMinute []int
				for range 5 {
					before := written()
					time.Sleep(time.Minute)
					perMinute = append(perMinute, written()-before)
				}
				total := written()
				t.Logf("keys written per minute: %v (%d of %d in 5 minutes); batch now %d", perMinute, total, nKeys, s.writes.size())
				// The store writes 1,500 a minute at most. Before the
				// bulks shrank: none in 5 minutes if a timed-out bulk
				// landed nothing, 1,750 in the first 2 if it landed
				// the 250 it reached (the next flush confirmed them).
				if first2 := perMinute[0] + perMinute[1]; first2 < 2000 || total < nKeys {
					t.Errorf("%d of %d dirty keys written in the first 2 minutes, %d in 5, behind a store that takes 40 ms a write and times out at 10 s; want 2,000 and all: the flushes must shrink their bulks until they fit", first2, nKeys, total)
				}
				stopRun()
				<-runDone // its final flush may time out: what it left is flushed below

				// The store fast again: every count once.
				st.perWrite = 0
				for range 3 {
					if err := s.FlushOnce(t.Context()); err != nil {
						t.Fatal(err)
					}
				}
				docs, err := mem.Load(context.Background(), keys)
				if err != nil {
					t.Fatal(err)
				}
				for i := range docs {
					var n int64
					for _, f := range docs[i].Snapshot.Frames {
						n += f.N
					}
					if n != 1 {
						t.Errorf("%v holds %d, want 1", keys[i], n)
					}
				}
			})
		})
	}
}

// Behind a store slow per write the bulks shrink (see above); once it is
// fast again they grow back to BatchSize within a flush, by doubling: a
// store that answers at once must not be written 125 keys a round trip
// for good, nor one key a round trip after an outage.
func TestWriteBatchGrowsBackWhenTheStoreIsFast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mem := NewMemoryStore()
		st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perWrite: 40 * time.Millisecond, timeout: 10 * time.Second}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		dirtyKeys(c, "slow", 1000)
		for range 3 { // 500 times out, then 250; then 125 at a time
			if s.FlushOnce(t.Context()) == nil {
				break
			}
		}
		if s.writes.size() >= 250 {
			t.Fatalf("batch %d after bulks of 250 and 500 timed out, want below 250", s.writes.size())
		}
		shrunk := s.writes.size()
		st.perWrite = 10 * time.Microsecond // 5 ms a bulk of 500
		dirtyKeys(c, "fast", 3000)
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if s.writes.size() != s.cfg.BatchSize {
			t.Errorf("batch %d after a flush of 3,000 keys to a store that answers a bulk of 500 in 10 ms (it was %d behind the slow store), want BatchSize %d", s.writes.size(), shrunk, s.cfg.BatchSize)
		}
	})
}

// A bulk smaller than the batch (the round's last, or all of a round of
// fewer dirty keys than BatchSize) that timed out halves what timed out,
// not the batch: halving BatchSize's 500 to 250 would send the same 200
// writes again as one bulk, to time out again.
func TestWriteBatchHalvesTheBulkThatTimedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mem := NewMemoryStore()
		// 60 ms a write, a timeout of 10 s: 200 take 12 s, 100 take 6 s.
		st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perWrite: 60 * time.Millisecond, timeout: 10 * time.Second}
		reg := prometheus.NewPedanticRegistry()
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A", Registerer: reg})
		keys := dirtyKeys(c, "k", 200)
		if err := s.FlushOnce(t.Context()); err == nil {
			t.Fatal("a bulk of 200 answered, want it timed out (12 s at 60 ms a write)")
		}
		// What an operator sees: the writes shrank, the reads did not.
		const want = `
# HELP oauth_ratelimit_sync_batch_size The most writes (op write) or keys (op load) one store call carries now: BatchSize (500), halved after a call that timed out, grown back as the calls answer in time: below BatchSize, the store is too slow for calls of BatchSize.
# TYPE oauth_ratelimit_sync_batch_size gauge
oauth_ratelimit_sync_batch_size{op="load"} 500
oauth_ratelimit_sync_batch_size{op="write"} 100
`
		if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "oauth_ratelimit_sync_batch_size"); err != nil {
			t.Error(err)
		}
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatalf("the flush after a bulk of 200 timed out: %v (batch %d), want bulks of 100 that fit", err, s.writes.size())
		}
		docs, err := mem.Load(context.Background(), keys)
		if err != nil {
			t.Fatal(err)
		}
		for i := range docs {
			if docs[i].Snapshot.Version == 0 {
				t.Fatalf("%v not written after the second flush", keys[i])
			}
		}
	})
}

// A bulk smaller than the batch grows it only as a full one that took as
// long per write would: behind a store that times out a bulk of 200 (and
// answers 100 in 6 s), a flush of 10 keys (0.6 s: a full bulk of 100 in
// 6 s) must leave the batch at 100, or the next 200 dirty keys go as one
// bulk and time out again.
func TestWriteBatchGrowsOnlyAfterAFullBulk(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mem := NewMemoryStore()
		st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perWrite: 60 * time.Millisecond, timeout: 10 * time.Second}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		dirtyKeys(c, "a", 200)
		_ = s.FlushOnce(t.Context()) // 200 time out: the batch is 100
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatalf("bulks of 100: %v", err)
		}
		dirtyKeys(c, "b", 10) // 0.6 s: a quarter of the 12 s that timed out
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatalf("a bulk of 10: %v", err)
		}
		dirtyKeys(c, "c", 200)
		if err := s.FlushOnce(t.Context()); err != nil {
			t.Fatalf("200 keys after a flush of 10: %v (batch %d), want bulks of 100 still", err, s.writes.size())
		}
	})
}

// TestBatchGrowsBackThroughSmallCalls: once the store is fast again, the
// calls grow back to BatchSize though they carry fewer keys than their
// size. An outside drill (h90) left the sizes at 2 and 1 after 90 s behind
// 8 s a round trip; a light load's flushes and pulls, of fewer keys than
// the size, did not grow them (only full calls did): 64 100 s later, 144
// and 156, not 500, 25 minutes later, so that a later burst of dirty keys
// took several times the calls it needs, and the gauge said the store
// was too slow for 500. Here the calls shrink to 6 behind a store that
// takes a second a key, then the instance runs 3 minutes (minute frames
// rolling over) against the store fast again, 20 keys used a second, 60
// dirty at each flush at most: both sizes must be back at BatchSize, and
// every count in the store once.
func TestBatchGrowsBackThroughSmallCalls(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mem := NewMemoryStore()
		st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perWrite: time.Second, perLoad: time.Second, timeout: 10 * time.Second}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		tiers := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, tier}
		var keys []cache.Key
		counted := 0
		use := func(n int) {
			for i := range n {
				k := cache.Key{ClientID: fmt.Sprintf("k%03d", (counted+i)%200)}
				if len(keys) < 200 {
					keys = append(keys, k)
				}
				c.Commit(new(c.Reserve(k, tiers, 1, cache.Enforce, time.Now()).Reservation))
			}
			counted += n
		}
		use(100)
		for s.writes.size() > 8 || s.loads.size() > 8 { // 100 time out, 50, 25, 12, 6 answer
			_ = s.FlushOnce(t.Context())
			_ = s.PullOnce(t.Context())
			use(20)
		}
		shrunk := fmt.Sprintf("write %d, load %d", s.writes.size(), s.loads.size())
		st.perWrite, st.perLoad = 0, 0 // fast again: 5 ms a call
		ctx, stop := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		back := -1 // the second both sizes were first back at BatchSize
		for sec := range 180 {
			time.Sleep(time.Second)
			use(20)
			if back < 0 && s.writes.size() == s.cfg.BatchSize && s.loads.size() == s.cfg.BatchSize {
				back = sec + 1
			}
		}
		stop()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		t.Logf("sizes %s behind the slow store; write %d, load %d after 3 minutes of it fast (both at BatchSize from second %d)", shrunk, s.writes.size(), s.loads.size(), back)
		if w, l := s.writes.size(), s.loads.size(); w != s.cfg.BatchSize || l != s.cfg.BatchSize {
			t.Errorf("calls of %d writes and %d keys after 3 minutes of a store that answers in 5 ms (%s behind it slow), want BatchSize %d both: the calls of fewer keys than the size must grow it", w, l, shrunk, s.cfg.BatchSize)
		}
		if stored := storedCounts(t, mem, keys, time.Hour); stored != int64(counted) {
			t.Errorf("the store holds %d counts in its hour frames, want the %d counted", stored, counted)
		}
	})
}

// refusingStore fails every Write outright, with err and no outcome known.
type refusingStore struct {
	*MemoryStore
	err error
}

func (s refusingStore) Write(_ context.Context, ws []Write) ([]Outcome, error) {
	return make([]Outcome, len(ws)), s.err
}

// A Write that fails outright but not for time (the connection refused or
// reset: a net.Error whose Timeout is false, or no net.Error at all) says
// nothing of the bulk's size: the batch stays BatchSize, and the flushes
// do not go one key a round trip once the store is back.
func TestWriteBatchKeptWhenTheStoreRefuses(t *testing.T) {
	for _, err := range []error{
		&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED},
		errors.New("connection reset by peer"),
	} {
		c, s := newCacheSyncer(t, Config{Store: refusingStore{NewMemoryStore(), err}, Instance: "A"})
		dirtyKeys(c, "k", 600)
		for range 3 {
			if s.FlushOnce(t.Context()) == nil {
				t.Fatal("a flush to a store that refuses every write succeeded")
			}
		}
		if s.writes.size() != s.cfg.BatchSize {
			t.Errorf("%v: batch %d after 3 refused flushes, want BatchSize %d (only a timeout halves it)", err, s.writes.size(), s.cfg.BatchSize)
		}
	}
}

// maxBulkStore is a slowStore that records the largest bulk it was given.
type maxBulkStore struct {
	*slowStore
	most int
}

func (s *maxBulkStore) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	s.most = max(s.most, len(ws))
	return s.slowStore.Write(ctx, ws)
}

// The batch grows back to BatchSize and never past it (each Store call
// carries at most BatchSize writes: mongostore's BulkSize is sized by it),
// also from a batch that grew by eighths and is no power-of-two share of
// BatchSize: doubled, 316 would be 632.
func TestWriteBatchNeverAboveBatchSize(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := &maxBulkStore{slowStore: &slowStore{MemoryStore: NewMemoryStore(), rtt: 5 * time.Millisecond, perWrite: 40 * time.Millisecond, timeout: 10 * time.Second}}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		round := 0
		hit := func(n int) {
			round++
			dirtyKeys(c, fmt.Sprint("r", round, "-"), n)
		}
		hit(1000)
		_ = s.FlushOnce(t.Context())        // 500 time out (20 s at 40 ms): the batch is 250
		st.perWrite = 16 * time.Millisecond // 250 in 4 s: under half the 10 s that timed out, the batch grows by eighths
		for range 4 {
			hit(1000)
			if err := s.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		st.perWrite = time.Millisecond // fast: the batch doubles
		for range 3 {
			hit(2000)
			if err := s.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		if st.most > s.cfg.BatchSize || s.writes.size() != s.cfg.BatchSize {
			t.Errorf("a bulk of %d writes, batch %d at the end; want at most and back to BatchSize %d", st.most, s.writes.size(), s.cfg.BatchSize)
		}
	})
}

// dirtyKeys counts a request on n new keys of c, prefix then a number,
// and returns them: n dirty keys for the next flush.
func dirtyKeys(c *cache.Cache, prefix string, n int) []cache.Key {
	keys := make([]cache.Key, n)
	for i := range keys {
		keys[i] = cache.Key{ClientID: fmt.Sprintf("%s%04d", prefix, i)}
		c.Commit(new(c.Reserve(keys[i], []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
	}
	return keys
}

// storedCounts returns the counts mem holds for keys in their frames of
// the given size.
func storedCounts(t *testing.T, mem *MemoryStore, keys []cache.Key, size time.Duration) int64 {
	t.Helper()
	docs, err := mem.Load(context.Background(), keys)
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for i := range docs {
		for _, f := range docs[i].Snapshot.Frames {
			if f.Size == size {
				n += f.N
			}
		}
	}
	return n
}

// TestPullProgressesBehindAStoreSlowPerKey: the reads shrink as the writes
// do. Behind a store that takes 10 ms a document read and times out at
// 2 s, the reads of keys new to the instance and the pulls read 500 keys a
// call, timed out every time, and the instance never saw the counts
// another instance had stored: its decisions went on from its own counts
// alone. A call that times out now halves the next ones.
func TestPullProgressesBehindAStoreSlowPerKey(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const nKeys = 2000
		mem := NewMemoryStore()
		peerCache, peer := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
		keys := dirtyKeys(peerCache, "k", nKeys) // one count each, by B
		if err := peer.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perLoad: 10 * time.Millisecond, timeout: 2 * time.Second}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		tiers := []window.Tier{tier}
		use := func() { // used here too, so that the reads take them; nothing to flush
			for _, k := range keys {
				c.Release(new(c.Reserve(k, tiers, 1, cache.Enforce, time.Now()).Reservation))
			}
		}
		use()
		ctx, stop := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		for range 4 {
			time.Sleep(15 * time.Second)
			use()
		}
		stop()
		<-done
		seen := 0
		for _, k := range keys {
			var ks cache.KeyState
			if c.Inspect(k, tiers, time.Now(), &ks) && ks.Version > 0 {
				seen++
			}
		}
		t.Logf("%d of %d keys read in a minute of use; reads of %d keys a call now", seen, nKeys, s.loads.size())
		if seen != nKeys {
			t.Errorf("%d of %d keys read in a minute of use behind a store that takes 10 ms a key and times out at 2 s; want all: the reads must shrink until they fit", seen, nKeys)
		}
		if n := s.loads.size(); n > 200 || s.writes.size() != s.cfg.BatchSize {
			t.Errorf("reads of %d keys a call, writes of %d; want reads of at most 200 (2 s of reads), writes left at BatchSize", n, s.writes.size())
		}
	})
}

// The reads grow back as the writes do: once the store is fast again, a
// pull's calls double back to BatchSize. Without the grow after a Load
// that answered, the reads stayed at the size a slow minute left them, a
// pull of 2,000 keys 16 round trips, not 4, for good (a mutant that
// survived the package: h70).
func TestLoadBatchGrowsBackWhenTheStoreIsFast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const nKeys = 2000
		mem := NewMemoryStore()
		peerCache, peer := newCacheSyncer(t, Config{Store: mem, Instance: "B"})
		keys := dirtyKeys(peerCache, "k", nKeys)
		if err := peer.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		st := &slowStore{MemoryStore: mem, rtt: 5 * time.Millisecond, perLoad: 10 * time.Millisecond, timeout: 2 * time.Second}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		use := func() { // used here, so that the pulls read them
			for _, k := range keys {
				c.Release(new(c.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
			}
		}
		for range 3 { // 500 keys time out (5 s), then 250 (2.5 s); 125 answer in 1.25 s
			use()
			if s.PullOnce(t.Context()) == nil {
				break
			}
		}
		shrunk := s.loads.size()
		if shrunk >= 250 {
			t.Fatalf("reads of %d keys a call after calls of 500 and 250 timed out, want below 250", shrunk)
		}
		st.perLoad = 10 * time.Microsecond // 5 ms a call of 500
		use()
		if err := s.PullOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if s.loads.size() != s.cfg.BatchSize {
			t.Errorf("reads of %d keys a call after a pull of %d keys from a store that reads 500 in 10 ms (%d behind the slow store), want BatchSize %d", s.loads.size(), nKeys, shrunk, s.cfg.BatchSize)
		}
	})
}

// A call that ran out of its caller's time, not the store's, says nothing
// of the calls' size: an admin reset's 1-key read at the end of its
// ResetTimeout, or the final flush's writes at the end of
// FinalFlushTimeout, halved the reads (to 1 key a call, from a call of 1)
// or the writes, and remembered as the time a call that timed out takes
// the little that was left of the caller's: the calls grew back only if
// they answered in half of that, so after 3 ms left, a store answering a
// call in 2 ms kept the pulls at 1 key a call for good.
func TestCallerDeadlineKeepsTheBatch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		st := &slowStore{MemoryStore: NewMemoryStore(), rtt: time.Second}
		c, s := newCacheSyncer(t, Config{Store: st, Instance: "A"})
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Millisecond)
		defer cancel()
		if _, err := s.Reset(ctx, cache.Key{ClientID: "c"}); err == nil {
			t.Fatal("a reset that ran out of its 3 ms returned no error")
		}
		dirtyKeys(c, "w", 10)
		fctx, fcancel := context.WithTimeout(t.Context(), 3*time.Millisecond)
		defer fcancel()
		_ = s.FlushOnce(fctx)
		if r, w := s.loads.size(), s.writes.size(); r != s.cfg.BatchSize || w != s.cfg.BatchSize {
			t.Errorf("reads of %d keys a call, writes of %d, after a reset and a flush ran out of their callers' 3 ms; want BatchSize %d both (the store did not time out)", r, w, s.cfg.BatchSize)
		}
	})
}

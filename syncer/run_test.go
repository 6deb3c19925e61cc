package syncer

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

var errDown = errors.New("store down")

// loopStore wraps a MemoryStore for the loop tests: it records when each
// call came (in the bubble's fake time) and can be down, or hang until the
// caller gives up.
type loopStore struct {
	*MemoryStore
	mu     sync.Mutex
	down   bool
	hang   bool
	start  time.Time
	calls  []loopCall
	sweeps int
}

type loopCall struct {
	op string
	at time.Duration // since start
}

func (s *loopStore) record(op string) (down, hang bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, loopCall{op, time.Since(s.start)})
	return s.down, s.hang
}

func (s *loopStore) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	down, hang := s.record("write")
	if hang {
		<-ctx.Done()
		return make([]Outcome, len(ws)), ctx.Err()
	}
	if down {
		return make([]Outcome, len(ws)), errDown
	}
	return s.MemoryStore.Write(ctx, ws)
}

func (s *loopStore) Load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	down, hang := s.record("load")
	if hang {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if down {
		return nil, errDown
	}
	return s.MemoryStore.Load(ctx, keys)
}

func (s *loopStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	s.mu.Lock()
	s.sweeps++
	s.mu.Unlock()
	return s.MemoryStore.Sweep(ctx, now)
}

func (s *loopStore) set(down, hang bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down, s.hang = down, hang
}

// times returns when the calls of op came, and forgets all calls.
func (s *loopStore) times(op string) []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ts []time.Duration
	for _, c := range s.calls {
		if c.op == op || op == "" {
			ts = append(ts, c.at)
		}
	}
	s.calls = nil
	return ts
}

// ttlStore is a loopStore that reports TTL.
type ttlStore struct{ *loopStore }

func (ttlStore) TTL() bool { return true }

var tier = window.Tier{Limit: 1 << 40, Size: time.Hour}

// loopRig starts Run in the bubble with a cache and a loopStore; stop
// cancels Run and returns its error.
type loopRig struct {
	c     *cache.Cache
	store *loopStore
	s     *Syncer
	logs  *bytes.Buffer
	stop  func() error
}

func startLoop(t *testing.T, store Store, ls *loopStore, cfg Config) *loopRig {
	t.Helper()
	c, err := cache.New(cache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	logs := new(bytes.Buffer)
	cfg.Cache, cfg.Store, cfg.Instance = c, store, "A"
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	if cfg.PullInterval == 0 {
		cfg.PullInterval = time.Hour // pulls would mix with the flushes' loads
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s.jitter = func(d time.Duration) time.Duration { return d } // the bound, not a random wait
	ls.start = time.Now()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	return &loopRig{c: c, store: ls, s: s, logs: logs, stop: func() error {
		cancel()
		return <-done
	}}
}

func (r *loopRig) hit(n int) {
	for range n {
		d := r.c.Reserve(cache.Key{ClientID: "c"}, []window.Tier{tier}, 1, cache.Enforce, time.Now())
		r.c.Commit(&d.Reservation)
	}
}

func (r *loopRig) storedCount(t *testing.T) int64 {
	t.Helper()
	docs, err := r.store.MemoryStore.Load(context.Background(), []cache.Key{{ClientID: "c"}})
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, f := range docs[0].Snapshot.Frames {
		n += f.N
	}
	return n
}

func seconds(ss ...float64) []time.Duration {
	var ds []time.Duration
	for _, s := range ss {
		ds = append(ds, time.Duration(s*float64(time.Second)))
	}
	return ds
}

func TestRunFlushesEveryInterval(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		r := startLoop(t, ls, ls, Config{Interval: time.Second})
		time.Sleep(500 * time.Millisecond)
		for i := range 5 {
			r.hit(1)
			time.Sleep(time.Second)
			synctest.Wait()
			if n := r.storedCount(t); n != int64(i+1) {
				t.Fatalf("after %d intervals the store holds %d, want %d", i+1, n, i+1)
			}
		}
		if got := ls.times("write"); !slices.Equal(got, seconds(1, 2, 3, 4, 5)) {
			t.Errorf("writes at %v, want one per interval", got)
		}
		if err := r.stop(); err != nil {
			t.Errorf("Run = %v", err)
		}
	})
}

func TestRunPullsEveryPullInterval(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		r := startLoop(t, ls, ls, Config{Interval: time.Hour, PullInterval: 2 * time.Second})
		// A key in use (a pull reads a key far from its limit only if it
		// was used since it was last read), nothing flushed for an hour.
		time.Sleep(time.Second)
		for range 3 { // at 1, 3 and 5 s
			r.hit(1)
			time.Sleep(2 * time.Second)
		}
		synctest.Wait()
		if got := ls.times("load"); !slices.Equal(got, seconds(2, 4, 6)) {
			t.Errorf("pulls at %v, want every 2s", got)
		}
		if age := r.s.SnapshotAge(time.Now()); age != time.Second {
			t.Errorf("SnapshotAge = %v, want 1s", age)
		}
		r.stop()
	})
}

// While the store is down the wait between flushes doubles from Interval
// to MaxBackoff (the jitter is set to its bound here); errors are logged
// once a minute; after recovery flushes are back to every Interval and the
// counts kept meanwhile are written.
func TestRunBacksOffWhileTheStoreIsDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore(), down: true}
		r := startLoop(t, ls, ls, Config{Interval: time.Second, MaxBackoff: 8 * time.Second})
		r.hit(3)
		time.Sleep(40 * time.Second)
		synctest.Wait()
		// The read of the new key at 100ms fails, and no other is tried
		// while the store is down. The first flush writes (its answer is
		// lost); the others try to read that write back.
		want := append([]time.Duration{100 * time.Millisecond}, seconds(1, 3, 7, 15, 23, 31, 39)...)
		if got := ls.times(""); !slices.Equal(got, want) {
			t.Errorf("attempts at %v, want 100ms, then 1 3 7 15 23 31 39 (doubling waits capped at 8s)", got)
		}
		if n := strings.Count(r.logs.String(), "msg=\"flush failed\""); n != 1 {
			t.Errorf("logged %d flush errors in 40s, want 1 (once a minute):\n%s", n, r.logs)
		}
		r.hit(2)
		ls.set(false, false)
		time.Sleep(10 * time.Second) // until 50s
		synctest.Wait()
		// 47s: read back the lost write, resend it; 48s: write the 2
		// counted meanwhile; then nothing is dirty.
		if got := ls.times(""); !slices.Equal(got, seconds(47, 47, 48)) {
			t.Errorf("calls at %v after recovery, want 47 47 48", got)
		}
		if n := r.storedCount(t); n != 5 {
			t.Errorf("store holds %d after recovery, want 5", n)
		}
		if !strings.Contains(r.logs.String(), "flush succeeded after failures") {
			t.Errorf("no recovery logged:\n%s", r.logs)
		}
		r.stop()
	})
}

func TestRunFlushesOnShutdown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		r := startLoop(t, ls, ls, Config{Interval: time.Minute})
		r.hit(4)
		time.Sleep(time.Second)
		if err := r.stop(); err != nil {
			t.Fatalf("Run = %v", err)
		}
		if n := r.storedCount(t); n != 4 {
			t.Errorf("store holds %d after shutdown, want 4", n)
		}
		if got := ls.times("write"); !slices.Equal(got, seconds(1)) {
			t.Errorf("writes at %v, want the final flush at 1s", got)
		}
	})
}

// A request still open when Run ends (a server's shutdown deadline passed
// while the token endpoint worked on it) is said: a token issued for it
// after the final flush is in no count the store holds.
func TestRunSaysWhatIsInFlightAtShutdown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		r := startLoop(t, ls, ls, Config{Interval: time.Minute})
		r.hit(2)
		open := r.c.Reserve(cache.Key{ClientID: "c"}, []window.Tier{tier}, 3, cache.Enforce, time.Now())
		settled := r.c.Reserve(cache.Key{ClientID: "d"}, []window.Tier{tier}, 5, cache.Enforce, time.Now())
		r.c.Release(&settled.Reservation)
		if err := r.stop(); err != nil {
			t.Fatalf("Run = %v", err)
		}
		if n := r.storedCount(t); n != 2 {
			t.Errorf("store holds %d after shutdown, want the 2 committed", n)
		}
		if got, want := r.logs.String(), "requests still in flight after the final flush: tokens issued for them are not counted\" reserved_cost=3 keys=1"; !strings.Contains(got, want) {
			t.Errorf("logs lack %q:\n%s", want, got)
		}
		r.c.Commit(&open.Reservation)
	})
}

// Nothing open, nothing said.
func TestRunSaysNothingInFlightWhenAllSettled(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		r := startLoop(t, ls, ls, Config{Interval: time.Minute})
		r.hit(2)
		if err := r.stop(); err != nil {
			t.Fatalf("Run = %v", err)
		}
		if got := r.logs.String(); strings.Contains(got, "in flight") {
			t.Errorf("logs speak of requests in flight with none open:\n%s", got)
		}
	})
}

// A store that does not answer cannot hold shutdown past FinalFlushTimeout.
func TestRunFinalFlushTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore(), hang: true}
		r := startLoop(t, ls, ls, Config{Interval: time.Minute, FinalFlushTimeout: 3 * time.Second})
		r.hit(3)
		start := time.Now()
		err := r.stop()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Run = %v, want the final flush's deadline", err)
		}
		if err == nil || !strings.Contains(err.Error(), "counts made here not in the store: 0 (in cost units) never written, and 3 in writes whose outcome is unknown (in the store if they landed), on 1 keys") {
			t.Errorf("Run = %v, want what the store will not have said", err)
		}
		if d := time.Since(start); d != 3*time.Second {
			t.Errorf("shutdown took %v, want 3s", d)
		}
	})
}

func TestRunSweeps(t *testing.T) {
	for _, withTTL := range []bool{false, true} {
		t.Run(map[bool]string{false: "WithoutTTL", true: "WithTTL"}[withTTL], func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ls := &loopStore{MemoryStore: NewMemoryStore()}
				var store Store = ls
				if withTTL {
					store = ttlStore{ls}
				}
				r := startLoop(t, store, ls, Config{Interval: time.Hour, SweepInterval: time.Minute})
				time.Sleep(150 * time.Second)
				synctest.Wait()
				want := 3 // once the heartbeats were read (1s: none but its own), 1m, 2m
				if withTTL {
					want = 0
				}
				ls.mu.Lock()
				got := ls.sweeps
				ls.mu.Unlock()
				if got != want {
					t.Errorf("%d sweeps in 2.5m, want %d", got, want)
				}
				r.stop()
			})
		})
	}
}

func TestWait(t *testing.T) {
	s := &Syncer{cfg: Config{Interval: time.Second, MaxBackoff: 30 * time.Second}, jitter: func(d time.Duration) time.Duration { return d }}
	for fails, want := range []time.Duration{1, 2, 4, 8, 16, 30, 30} {
		if got := s.wait(fails); got != want*time.Second {
			t.Errorf("wait(%d) = %v, want %v", fails, got, want*time.Second)
		}
	}
	if got := s.wait(200); got != 30*time.Second {
		t.Errorf("wait(200) = %v, want the cap", got)
	}
	for range 1000 {
		if d := fullJitter(time.Second); d <= 0 || d > time.Second {
			t.Fatalf("fullJitter(1s) = %v, want (0, 1s]", d)
		}
	}
}

// A key this instance has never seen is read from the store within
// NewKeyInterval of its first request, not at the next pull: a burst that
// reaches instances which never saw a key is decided against the counts
// the others wrote.
func TestRunLoadsNewKeysPromptly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		// Another instance counted 50 for the key.
		other, err := cache.New(cache.Config{})
		if err != nil {
			t.Fatal(err)
		}
		k := cache.Key{ClientID: "c"}
		for range 50 {
			other.Commit(new(other.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, time.Now()).Reservation))
		}
		otherSyncer, err := New(Config{Cache: other, Store: ls.MemoryStore, Instance: "B"})
		if err != nil {
			t.Fatal(err)
		}
		if err := otherSyncer.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		r := startLoop(t, ls, ls, Config{Interval: time.Second})          // pulls every hour
		time.Sleep(450 * time.Millisecond)                                // between two ticks of NewKeyInterval (100ms)
		r.c.Reserve(k, []window.Tier{tier}, 0, cache.Enforce, time.Now()) // the key's first request here
		time.Sleep(100 * time.Millisecond)
		synctest.Wait()
		var st cache.KeyState
		if !r.c.Inspect(k, []window.Tier{tier}, time.Now(), &st) || st.Version == 0 {
			t.Fatalf("100ms after its first request the key holds no snapshot: %+v", st)
		}
		if got := st.Tiers[0].Global.Curr; got != 50 {
			t.Errorf("the key's snapshot holds %d, want the other instance's 50", got)
		}
		if got := ls.times("load"); len(got) != 1 || got[0] != 500*time.Millisecond {
			t.Errorf("loads at %v, want one at 500ms", got)
		}
		r.stop()
	})
}

package syncer_test

import (
	"context"
	"maps"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// sizesStore is a switchStore that counts the reads and writes of
// published sizes; while down, they fail too.
type sizesStore struct {
	*switchStore
	gets, puts atomic.Int64
}

func (s *sizesStore) PutSizes(ctx context.Context, id string, sz syncer.Sizes) error {
	if err := s.err(); err != nil {
		return err
	}
	s.puts.Add(1)
	return s.MemoryStore.PutSizes(ctx, id, sz)
}

func (s *sizesStore) GetSizes(ctx context.Context, id string) (syncer.Sizes, bool, error) {
	if err := s.err(); err != nil {
		return syncer.Sizes{}, false, err
	}
	s.gets.Add(1)
	return s.MemoryStore.GetSizes(ctx, id)
}

// sizesMember is a fleet member that publishes sizes and records what
// OnSizes passed it.
type sizesMember struct {
	s     *syncer.Syncer
	store *sizesStore
	stop  context.CancelFunc
	done  chan error

	mu    sync.Mutex
	calls int
	peers map[string]string
}

func startSizesMember(t *testing.T, shared *syncer.MemoryStore, id, sizes string) *sizesMember {
	t.Helper()
	m := &sizesMember{store: &sizesStore{switchStore: &switchStore{MemoryStore: shared}}, done: make(chan error, 1)}
	m.s = newSyncer(t, syncer.Config{
		Cache: newCache(t, time.Now), Store: m.store, Instance: id, Interval: time.Second, MaxSkew: time.Minute,
		OnSizes: func(peers map[string][]byte) {
			m.mu.Lock()
			defer m.mu.Unlock()
			m.calls++
			m.peers = map[string]string{}
			for id, d := range peers {
				m.peers[id] = string(d)
			}
		},
	})
	m.s.SetSizes([]byte(sizes))
	ctx, cancel := context.WithCancel(t.Context())
	m.stop = cancel
	go func() { m.done <- m.s.Run(ctx) }()
	return m
}

// got returns what OnSizes passed last and how many times it was called.
func (m *sizesMember) got() (map[string]string, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.peers), m.calls
}

// TestSizesFollowTheFleet: each instance receives the sizes the other live
// instances publish, reads a peer's sizes once per digest its heartbeat
// names (not at every beat), receives a new set when a peer publishes
// other sizes, and drops the sizes of a peer that stops, gracefully or
// not.
func TestSizesFollowTheFleet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startSizesMember(t, shared, "a", "sizes-a1")
		synctest.Wait()
		if peers, calls := a.got(); len(peers) != 0 || calls != 1 {
			t.Fatalf("alone: OnSizes got %v after %d calls, want none after 1", peers, calls)
		}
		b := startSizesMember(t, shared, "b", "sizes-b1")
		c := startSizesMember(t, shared, "c", "sizes-c1")
		time.Sleep(1500 * time.Millisecond)
		synctest.Wait()
		want := map[string]string{"b": "sizes-b1", "c": "sizes-c1"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("b and c started: a got %v, want %v", peers, want)
		}
		_, calls := a.got()
		gets := a.store.gets.Load()
		time.Sleep(10 * time.Second) // ten beats, nothing changes
		synctest.Wait()
		if _, n := a.got(); n != calls {
			t.Errorf("OnSizes called %d times more in ten beats with nothing changed, want 0", n-calls)
		}
		if n := a.store.gets.Load(); n != gets {
			t.Errorf("a read sizes %d times in ten beats with nothing changed, want 0", n-gets)
		}
		if n := b.store.puts.Load(); n != 1 {
			t.Errorf("b wrote its sizes %d times, want once", n)
		}

		// b installs another policy; the same sizes again write nothing.
		b.s.SetSizes([]byte("sizes-b2"))
		c.s.SetSizes([]byte("sizes-c1"))
		time.Sleep(2 * time.Second)
		synctest.Wait()
		want = map[string]string{"b": "sizes-b2", "c": "sizes-c1"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("b changed: a got %v, want %v", peers, want)
		}
		if n := a.store.gets.Load() - gets; n != 1 {
			t.Errorf("a read sizes %d times after b changed, want 1", n)
		}
		if n := c.store.puts.Load(); n != 1 {
			t.Errorf("c wrote its unchanged sizes %d times, want once", n)
		}

		// Graceful stop: c leaves, its sizes go at a's next read, and
		// from the store.
		c.stop()
		if err := <-c.done; err != nil {
			t.Fatalf("c.Run: %v", err)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		want = map[string]string{"b": "sizes-b2"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("c stopped: a got %v, want %v", peers, want)
		}
		if _, ok, _ := shared.GetSizes(context.Background(), "c"); ok {
			t.Errorf("c's sizes stayed in the store after it left")
		}

		// Crash: b is cut from the store; once its heartbeat stops
		// counting as live, its sizes go too.
		b.store.down.Store(true)
		time.Sleep(7 * time.Second)
		synctest.Wait()
		if peers, _ := a.got(); len(peers) != 0 {
			t.Fatalf("b cut 7s ago: a got %v, want none", peers)
		}

		b.stop()
		<-b.done
		a.stop()
		if err := <-a.done; err != nil {
			t.Fatalf("a.Run: %v", err)
		}
	})
}

// TestSizesWrittenBeforeTheHeartbeatNamesThem: a beat whose sizes cannot
// be written names the digest written before (none at first), so that no
// peer looks for sizes the store does not hold; the next beat writes them.
func TestSizesWrittenBeforeTheHeartbeatNamesThem(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		fs := &failPutSizes{MemoryStore: shared}
		fs.fail.Store(true)
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: fs, Instance: "a", Interval: time.Second})
		s.SetSizes([]byte("x"))
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatalf("BeatOnce with the sizes refused: %v, want nil (logged)", err)
		}
		if hs, _ := shared.Instances(t.Context()); len(hs) != 1 || hs[0].Sizes != "" {
			t.Fatalf("heartbeat %+v, want one naming no sizes", hs)
		}
		fs.fail.Store(false)
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatalf("BeatOnce: %v", err)
		}
		hs, _ := shared.Instances(t.Context())
		sz, ok, _ := shared.GetSizes(t.Context(), "a")
		if len(hs) != 1 || hs[0].Sizes != syncer.SizesDigest([]byte("x")) || !ok || sz.Digest != hs[0].Sizes || string(sz.Data) != "x" {
			t.Fatalf("heartbeat %+v, sizes %+v (%v): want the heartbeat to name the sizes written", hs, sz, ok)
		}
	})
}

type failPutSizes struct {
	*syncer.MemoryStore
	fail atomic.Bool
}

func (s *failPutSizes) PutSizes(ctx context.Context, id string, sz syncer.Sizes) error {
	if s.fail.Load() {
		return context.DeadlineExceeded
	}
	return s.MemoryStore.PutSizes(ctx, id, sz)
}

// TestSizesRepublishedAfterTheSweep: an instance cut from the store for
// long enough that the others swept its heartbeat and its sizes writes
// them again when it comes back, so that the others count in them again.
func TestSizesRepublishedAfterTheSweep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startSizesMember(t, shared, "a", "sizes-a")
		b := startSizesMember(t, shared, "b", "sizes-b")
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if peers, _ := a.got(); peers["b"] != "sizes-b" {
			t.Fatalf("a got %v, want b's sizes", peers)
		}
		// b cut for longer than its heartbeat lives plus MaxSkew (a
		// minute here) and a sweep (a's first came once it had read the
		// heartbeats for b's heartbeat's life, 4 s).
		b.store.down.Store(true)
		time.Sleep(3*time.Minute + 10*time.Second)
		synctest.Wait()
		if _, ok, _ := shared.GetSizes(t.Context(), "b"); ok {
			t.Fatalf("b's sizes not swept in 3 minutes without a heartbeat")
		}
		b.store.down.Store(false)
		time.Sleep(3 * time.Second)
		synctest.Wait()
		if peers, _ := a.got(); peers["b"] != "sizes-b" {
			t.Errorf("b back: a got %v, want b's sizes again", peers)
		}
		if _, ok, _ := shared.GetSizes(t.Context(), "b"); !ok {
			t.Errorf("b back: its heartbeat names sizes the store does not hold")
		}
		b.stop()
		<-b.done
		a.stop()
		<-a.done
	})
}

// TestSizesReadOncePerDigest: the instances of one policy publish the same
// sizes, and an instance reads them once, not once per instance.
func TestSizesReadOncePerDigest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startSizesMember(t, shared, "a", "old")
		var ms []*sizesMember
		for _, id := range []string{"b", "c", "d"} {
			ms = append(ms, startSizesMember(t, shared, id, "new"))
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		want := map[string]string{"b": "new", "c": "new", "d": "new"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("a got %v, want %v", peers, want)
		}
		if n := a.store.gets.Load(); n != 1 {
			t.Errorf("a read sizes %d times for three instances that publish the same, want once", n)
		}
		for _, m := range append(ms, a) {
			m.stop()
			<-m.done
		}
	})
}

// TestSizesRepublishedAfterAPause: an instance that beat nothing for
// longer than its heartbeat lives (a stopped process, a frozen VM), and
// that the others swept meanwhile, writes its sizes again at its next
// beat.
func TestSizesRepublishedAfterAPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: shared, Instance: "a", Interval: time.Second, MaxSkew: time.Minute})
		s.SetSizes([]byte("x"))
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Minute)
		if _, err := shared.SweepInstances(t.Context(), time.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := shared.GetSizes(t.Context(), "a"); ok {
			t.Fatalf("a's sizes not swept after 5 minutes without a heartbeat")
		}
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := shared.GetSizes(t.Context(), "a"); !ok {
			t.Errorf("a beat again after its pause: its heartbeat names sizes the store does not hold")
		}
	})
}

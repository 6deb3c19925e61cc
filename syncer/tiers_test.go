package syncer_test

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// tiersStore is a switchStore that counts the reads and writes of
// published tiers; while down, they fail too.
type tiersStore struct {
	*switchStore
	gets, puts, has atomic.Int64
	headGone        atomic.Bool // TiersHead finds none (deleted from outside)
}

func (s *tiersStore) TiersHead(ctx context.Context, id string) (syncer.Tiers, bool, error) {
	if err := s.err(); err != nil {
		return syncer.Tiers{}, false, err
	}
	s.has.Add(1)
	if s.headGone.Load() {
		return syncer.Tiers{}, false, nil
	}
	return s.MemoryStore.TiersHead(ctx, id)
}

func (s *tiersStore) PutTiers(ctx context.Context, id string, pt syncer.Tiers) error {
	if err := s.err(); err != nil {
		return err
	}
	s.puts.Add(1)
	return s.MemoryStore.PutTiers(ctx, id, pt)
}

func (s *tiersStore) GetTiers(ctx context.Context, id string) (syncer.Tiers, bool, error) {
	if err := s.err(); err != nil {
		return syncer.Tiers{}, false, err
	}
	s.gets.Add(1)
	return s.MemoryStore.GetTiers(ctx, id)
}

// tiersMember is a fleet member that publishes tiers and records what
// OnTiers passed it.
type tiersMember struct {
	s     *syncer.Syncer
	store *tiersStore
	stop  context.CancelFunc
	done  chan error

	mu    sync.Mutex
	calls int
	peers map[string]string
}

func startTiersMember(t *testing.T, shared *syncer.MemoryStore, id, published string) *tiersMember {
	t.Helper()
	m := &tiersMember{store: &tiersStore{switchStore: &switchStore{MemoryStore: shared}}, done: make(chan error, 1)}
	m.s = newSyncer(t, syncer.Config{
		Cache: newCache(t, time.Now), Store: m.store, Instance: id, Interval: time.Second, MaxSkew: time.Minute,
		OnTiers: func(peers map[string][]byte) {
			m.mu.Lock()
			defer m.mu.Unlock()
			m.calls++
			m.peers = map[string]string{}
			for id, d := range peers {
				m.peers[id] = string(d)
			}
		},
	})
	m.s.SetTiers([]byte(published))
	ctx, cancel := context.WithCancel(t.Context())
	m.stop = cancel
	go func() { m.done <- m.s.Run(ctx) }()
	return m
}

// got returns what OnTiers passed last and how many times it was called.
func (m *tiersMember) got() (map[string]string, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.peers), m.calls
}

// TestTiersFollowTheFleet: each instance receives the tiers the other live
// instances publish, reads a peer's tiers once per digest its heartbeat
// names (not at every beat), receives a new set when a peer publishes
// other tiers, and drops the tiers of a peer that stops, gracefully or
// not.
func TestTiersFollowTheFleet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startTiersMember(t, shared, "a", "tiers-a1")
		synctest.Wait()
		if peers, calls := a.got(); len(peers) != 0 || calls != 1 {
			t.Fatalf("alone: OnTiers got %v after %d calls, want none after 1", peers, calls)
		}
		b := startTiersMember(t, shared, "b", "tiers-b1")
		c := startTiersMember(t, shared, "c", "tiers-c1")
		time.Sleep(1500 * time.Millisecond)
		synctest.Wait()
		want := map[string]string{"b": "tiers-b1", "c": "tiers-c1"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("b and c started: a got %v, want %v", peers, want)
		}
		_, calls := a.got()
		gets := a.store.gets.Load()
		time.Sleep(10 * time.Second) // ten beats, nothing changes
		synctest.Wait()
		if _, n := a.got(); n != calls {
			t.Errorf("OnTiers called %d times more in ten beats with nothing changed, want 0", n-calls)
		}
		if n := a.store.gets.Load(); n != gets {
			t.Errorf("a read tiers %d times in ten beats with nothing changed, want 0", n-gets)
		}
		if n := b.store.puts.Load(); n != 1 {
			t.Errorf("b wrote its tiers %d times, want once", n)
		}

		// b installs another policy; the same tiers again write nothing.
		b.s.SetTiers([]byte("tiers-b2"))
		c.s.SetTiers([]byte("tiers-c1"))
		time.Sleep(2 * time.Second)
		synctest.Wait()
		want = map[string]string{"b": "tiers-b2", "c": "tiers-c1"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("b changed: a got %v, want %v", peers, want)
		}
		if n := a.store.gets.Load() - gets; n != 1 {
			t.Errorf("a read tiers %d times after b changed, want 1", n)
		}
		if n := c.store.puts.Load(); n != 1 {
			t.Errorf("c wrote its unchanged tiers %d times, want once", n)
		}

		// Graceful stop: c leaves, its tiers go at a's next read, and
		// from the store.
		c.stop()
		if err := <-c.done; err != nil {
			t.Fatalf("c.Run: %v", err)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		want = map[string]string{"b": "tiers-b2"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("c stopped: a got %v, want %v", peers, want)
		}
		if _, ok, _ := shared.GetTiers(context.Background(), "c"); ok {
			t.Errorf("c's tiers stayed in the store after it left")
		}

		// Crash: b is cut from the store; once its heartbeat stops
		// counting as live, its tiers go too.
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

// TestTiersWrittenBeforeTheHeartbeatNamesThem: a beat whose tiers cannot
// be written names the digest written before (none at first), so that no
// peer looks for tiers the store does not hold; the next beat writes them.
func TestTiersWrittenBeforeTheHeartbeatNamesThem(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		fs := &failPutTiers{MemoryStore: shared}
		fs.fail.Store(true)
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: fs, Instance: "a", Interval: time.Second})
		s.SetTiers([]byte("x"))
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatalf("BeatOnce with the tiers refused: %v, want nil (logged)", err)
		}
		if hs, _ := shared.Instances(t.Context()); len(hs) != 1 || hs[0].Tiers != "" {
			t.Fatalf("heartbeat %+v, want one naming no tiers", hs)
		}
		fs.fail.Store(false)
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatalf("BeatOnce: %v", err)
		}
		hs, _ := shared.Instances(t.Context())
		pt, ok, _ := shared.GetTiers(t.Context(), "a")
		if len(hs) != 1 || hs[0].Tiers != syncer.TiersDigest([]byte("x")) || !ok || pt.Digest != hs[0].Tiers || string(pt.Data) != "x" {
			t.Fatalf("heartbeat %+v, tiers %+v (%v): want the heartbeat to name the tiers written", hs, pt, ok)
		}
	})
}

type failPutTiers struct {
	*syncer.MemoryStore
	fail atomic.Bool
}

func (s *failPutTiers) PutTiers(ctx context.Context, id string, pt syncer.Tiers) error {
	if s.fail.Load() {
		return context.DeadlineExceeded
	}
	return s.MemoryStore.PutTiers(ctx, id, pt)
}

// TestTiersRepublishedAfterTheSweep: an instance cut from the store for
// long enough that the others swept its heartbeat and its tiers writes
// them again when it comes back, so that the others count in them again.
func TestTiersRepublishedAfterTheSweep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startTiersMember(t, shared, "a", "tiers-a")
		b := startTiersMember(t, shared, "b", "tiers-b")
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if peers, _ := a.got(); peers["b"] != "tiers-b" {
			t.Fatalf("a got %v, want b's tiers", peers)
		}
		// b cut for longer than its heartbeat lives plus MaxSkew (a
		// minute here) and a sweep (a's first came once it had read the
		// heartbeats for b's heartbeat's life, 4 s).
		b.store.down.Store(true)
		time.Sleep(3*time.Minute + 10*time.Second)
		synctest.Wait()
		if _, ok, _ := shared.GetTiers(t.Context(), "b"); ok {
			t.Fatalf("b's tiers not swept in 3 minutes without a heartbeat")
		}
		b.store.down.Store(false)
		time.Sleep(3 * time.Second)
		synctest.Wait()
		if peers, _ := a.got(); peers["b"] != "tiers-b" {
			t.Errorf("b back: a got %v, want b's tiers again", peers)
		}
		if _, ok, _ := shared.GetTiers(t.Context(), "b"); !ok {
			t.Errorf("b back: its heartbeat names tiers the store does not hold")
		}
		b.stop()
		<-b.done
		a.stop()
		<-a.done
	})
}

// TestTiersWrittenAgainAfterADrop: an operator drops the published tiers
// (the collection, or the documents); each instance writes its own again
// within a SweepInterval, so that an instance that starts after the drop
// counts in them. Before, they were written again only when they changed:
// the instance started after the drop counted in none (h110's drill). The
// check is one TiersHead a minute, and writes nothing while the store
// holds the tiers.
func TestTiersWrittenAgainAfterADrop(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startTiersMember(t, shared, "a", "tiers-a")
		b := startTiersMember(t, shared, "b", "tiers-b")
		time.Sleep(3*time.Minute + 500*time.Millisecond)
		synctest.Wait()
		if n := a.store.puts.Load(); n != 1 {
			t.Errorf("a wrote its unchanged tiers %d times in 3 minutes, want once", n)
		}
		if n := a.store.has.Load(); n != 3 {
			t.Errorf("a checked its tiers %d times in 3 minutes, want 3 (one a SweepInterval)", n)
		}
		shared.DropTiers()
		c := startTiersMember(t, shared, "c", "tiers-c")
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if peers, _ := c.got(); len(peers) != 0 {
			t.Fatalf("c started 2s after the drop: got %v, want none yet (the store holds none)", peers)
		}
		time.Sleep(time.Minute)
		synctest.Wait()
		want := map[string]string{"a": "tiers-a", "b": "tiers-b"}
		if peers, _ := c.got(); !maps.Equal(peers, want) {
			t.Errorf("c, a minute after the drop: got %v, want %v", peers, want)
		}
		for _, id := range []string{"a", "b"} {
			if _, ok, _ := shared.GetTiers(t.Context(), id); !ok {
				t.Errorf("%s's tiers not written again a minute after the drop", id)
			}
		}
		if peers, _ := a.got(); !maps.Equal(peers, map[string]string{"b": "tiers-b", "c": "tiers-c"}) {
			t.Errorf("a got %v, want b's and c's tiers throughout", peers)
		}
		for _, m := range []*tiersMember{c, b, a} {
			m.stop()
			<-m.done
		}
	})
}

// TestTiersCheckLeavesANewerProcesssTiers: two processes of one instance ID
// overlap (a restart onto another policy); the old one's minute check
// falls while the new one runs. It leaves the new one's tiers: written
// over, the store would hold the old policy's under a heartbeat that names
// the new one's, and the old process's graceful stop would then delete
// them (they carry its start), so that none were held until the new
// process's next check.
func TestTiersCheckLeavesANewerProcesssTiers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		old := startTiersMember(t, shared, "a", "tiers-old")
		time.Sleep(58 * time.Second)
		neu := startTiersMember(t, shared, "a", "tiers-new")
		time.Sleep(5 * time.Second) // the old one's check, at 1m
		synctest.Wait()
		if n := old.store.has.Load(); n != 1 {
			t.Fatalf("the old process checked its tiers %d times in 63 s, want once", n)
		}
		old.stop()
		if err := <-old.done; err != nil {
			t.Fatalf("the old process's Run: %v", err)
		}
		synctest.Wait()
		if pt, ok, _ := shared.GetTiers(t.Context(), "a"); !ok || string(pt.Data) != "tiers-new" {
			t.Errorf("after the old process's check and stop, the store holds the tiers %q (found %v), want the new process's", pt.Data, ok)
		}
		if n := old.store.puts.Load(); n != 1 {
			t.Errorf("the old process wrote its tiers %d times, want once (at its start)", n)
		}
		neu.stop()
		<-neu.done
	})
}

// TestTiersStopReadsTheirHeadOnly: a graceful stop asks whose the tiers
// under its instance ID are (leave: another process's are left, with the
// heartbeat) by their head, not by reading their data (540 KB for a
// policy of 10,000 clients), which ran alongside the final flush for the
// store's time and bandwidth.
//
// Its tiers gone from the store (deleted from outside, or swept while its
// heartbeat had expired), it deletes its heartbeat all the same: no other
// process's tiers are there to leave it to. A mutant that dropped found
// from tiersOfAnotherProcess (the zero Tiers' start is not this
// process's) passed every test, and left the heartbeat of a stopped
// instance for its peers to count until it expired.
func TestTiersStopReadsTheirHeadOnly(t *testing.T) {
	for _, gone := range []bool{false, true} {
		t.Run(fmt.Sprint("tiers gone ", gone), func(t *testing.T) { testTiersStop(t, gone) })
	}
}

func testTiersStop(t *testing.T, gone bool) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		m := startTiersMember(t, shared, "a", "tiers-a")
		time.Sleep(3 * time.Second)
		synctest.Wait()
		m.store.headGone.Store(gone)
		gets, heads := m.store.gets.Load(), m.store.has.Load()
		m.stop()
		if err := <-m.done; err != nil {
			t.Fatalf("Run: %v", err)
		}
		if n := m.store.gets.Load() - gets; n != 0 {
			t.Errorf("the stop read the tiers' data %d times, want none", n)
		}
		if n := m.store.has.Load() - heads; n != 1 {
			t.Errorf("the stop read the tiers' head %d times, want once", n)
		}
		if hs, _ := shared.Instances(t.Context()); len(hs) != 0 {
			t.Errorf("heartbeats left after the stop: %v", hs)
		}
	})
}

// TestTiersReadOncePerDigest: the instances of one policy publish the same
// tiers, and an instance reads them once, not once per instance.
func TestTiersReadOncePerDigest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startTiersMember(t, shared, "a", "old")
		var ms []*tiersMember
		for _, id := range []string{"b", "c", "d"} {
			ms = append(ms, startTiersMember(t, shared, id, "new"))
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		want := map[string]string{"b": "new", "c": "new", "d": "new"}
		if peers, _ := a.got(); !maps.Equal(peers, want) {
			t.Fatalf("a got %v, want %v", peers, want)
		}
		if n := a.store.gets.Load(); n != 1 {
			t.Errorf("a read tiers %d times for three instances that publish the same, want once", n)
		}
		for _, m := range append(ms, a) {
			m.stop()
			<-m.done
		}
	})
}

// TestTiersRepublishedAfterAPause: an instance that beat nothing for
// longer than its heartbeat lives (a stopped process, a frozen VM), and
// that the others swept meanwhile, writes its tiers again at its next
// beat.
func TestTiersRepublishedAfterAPause(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: shared, Instance: "a", Interval: time.Second, MaxSkew: time.Minute})
		s.SetTiers([]byte("x"))
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Minute)
		if _, err := shared.SweepInstances(t.Context(), time.Now().Add(-time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := shared.GetTiers(t.Context(), "a"); ok {
			t.Fatalf("a's tiers not swept after 5 minutes without a heartbeat")
		}
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := shared.GetTiers(t.Context(), "a"); !ok {
			t.Errorf("a beat again after its pause: its heartbeat names tiers the store does not hold")
		}
	})
}

// TestTiersRepublishedWhenNoHeartbeatLandedYet: an instance whose first
// beat wrote its tiers but not its heartbeat (the store failed in between)
// writes them again at its next beat. Nothing keeps tiers that no
// heartbeat names: a peer's sweep may have deleted them, and the check
// that rewrites them once no beat has landed for as long as a heartbeat
// lives has no landed beat to go by yet.
func TestTiersRepublishedWhenNoHeartbeatLandedYet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		store := &switchStore{MemoryStore: shared} // cuts the heartbeat, not the tiers
		store.down.Store(true)
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: store, Instance: "a", Interval: time.Second})
		s.SetTiers([]byte("x"))
		if err := s.BeatOnce(t.Context()); err == nil {
			t.Fatal("BeatOnce with the heartbeat refused: nil error")
		}
		if _, ok, _ := shared.GetTiers(t.Context(), "a"); !ok {
			t.Fatal("the first beat did not write the tiers")
		}
		time.Sleep(time.Second)
		if _, err := shared.SweepInstances(t.Context(), time.Now()); err != nil { // a peer's
			t.Fatal(err)
		}
		if _, ok, _ := shared.GetTiers(t.Context(), "a"); ok {
			t.Fatal("tiers that no heartbeat names not swept")
		}
		store.down.Store(false)
		if err := s.BeatOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
		hs, _ := shared.Instances(t.Context())
		if _, ok, _ := shared.GetTiers(t.Context(), "a"); len(hs) != 1 || hs[0].Tiers == "" || !ok {
			t.Errorf("heartbeat %+v, tiers held %v: want the heartbeat to name tiers the store holds", hs, ok)
		}
	})
}

// TestTiersKeptWhenAnOldProcessOfTheIDStops: two processes run with one
// instance ID for a while (a pod replaced before the old one ended), the
// new one with another policy; then the old one stops gracefully. Its
// leave must not delete the new one's tiers: the new one wrote them at its
// start and writes them again only when they change, while its heartbeat
// goes on naming them, so an instance that starts later would never count
// in them. Before the delete was conditional on the leaving process's
// start (Tiers.Started), the old one's stop deleted them.
func TestTiersKeptWhenAnOldProcessOfTheIDStops(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		old := startTiersMember(t, shared, "a", "tiers-old")
		time.Sleep(2 * time.Second)
		neu := startTiersMember(t, shared, "a", "tiers-new")
		time.Sleep(3 * time.Second)
		synctest.Wait()
		old.stop()
		if err := <-old.done; err != nil {
			t.Fatalf("the old process's Run: %v", err)
		}
		time.Sleep(time.Second) // the new one beats again
		synctest.Wait()
		if sz, ok, _ := shared.GetTiers(t.Context(), "a"); !ok || string(sz.Data) != "tiers-new" {
			t.Errorf("after the old process left, the store holds the tiers %q (found %v), want the new process's", sz.Data, ok)
		}
		b := startTiersMember(t, shared, "b", "tiers-b")
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if peers, _ := b.got(); peers["a"] != "tiers-new" {
			t.Errorf("an instance started after the old one left got %v, want a's new tiers", peers)
		}
		if n := neu.store.puts.Load(); n != 1 {
			t.Errorf("the new process wrote its tiers %d times, want once", n)
		}
		for _, m := range []*tiersMember{b, neu} {
			m.stop()
			if err := <-m.done; err != nil {
				t.Fatalf("Run: %v", err)
			}
		}
	})
}

// TestHeartbeatKeptWhenAnOldProcessOfTheIDBeatLast: two processes run with
// one instance ID (a pod replaced before the old one ended), and the old
// one, stopping, beat after the new one last: the heartbeat document is
// its own (Heartbeat.Started), and its leave deleted it. A peer then
// counted the instance out until the new process beat again and the peer
// read it: a key new to the peer meanwhile was taken to be counted by one
// instance fewer (cache.Cache.SetLiveInstances).
// The new process published its tiers after the old one (Tiers.Started),
// which the old one reads at its leave: it leaves the heartbeat to the new
// process, whose next beat writes it.
func TestHeartbeatKeptWhenAnOldProcessOfTheIDBeatLast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		shared := syncer.NewMemoryStore()
		old := startTiersMember(t, shared, "a", "tiers-old") // beats at 0, 1, 2, ... s
		time.Sleep(300 * time.Millisecond)
		c := startTiersMember(t, shared, "c", "tiers-c") // reads at .3, 1.3, ...
		time.Sleep(200 * time.Millisecond)
		neu := startTiersMember(t, shared, "a", "tiers-new") // at .5, 1.5, ...
		time.Sleep(2600 * time.Millisecond)                  // 3.1 s: the old one beat last, at 3
		synctest.Wait()
		old.stop() // leaves at once: nothing to flush
		if err := <-old.done; err != nil {
			t.Fatalf("the old process's Run: %v", err)
		}
		var gone, out bool
		for range 30 { // to 4.6 s: c reads at 3.3 and 4.3, the new one beats at 3.5 and 4.5
			time.Sleep(50 * time.Millisecond)
			synctest.Wait()
			if hs, _ := shared.Instances(t.Context()); len(hs) != 2 && !gone {
				gone = true
				t.Errorf("at %v the store holds the heartbeats of %d instances, want a's and c's: the new process of a runs", time.Since(start), len(hs))
			}
			if in := c.s.LiveInstances(); len(in.Live) != 2 && !out {
				out = true
				t.Errorf("at %v c counts %d live instances, want a and c", time.Since(start), len(in.Live))
			}
		}
		for _, m := range []*tiersMember{c, neu} {
			m.stop()
			if err := <-m.done; err != nil {
				t.Fatalf("Run: %v", err)
			}
		}
	})
}

// slowTiersStore is a slowStore whose tiers writes are slow too, and
// counted.
type slowTiersStore struct {
	*slowStore
	puts atomic.Int64
}

func (s *slowTiersStore) PutTiers(ctx context.Context, id string, pt syncer.Tiers) error {
	if err := s.wait(ctx); err != nil {
		return err
	}
	s.puts.Add(1)
	return s.MemoryStore.PutTiers(ctx, id, pt)
}

// TestSlowStoreWithTiersIsNotDown: behind a store that answers each call
// in 3 s (from 10 s on: before, in no time, so that beats land), over
// half a beat's bound (a sixth of OutageAfter, 5 s), a beat whose
// heartbeat did not fit (every tenth checks for a duplicate first) must
// not make every later beat write the tiers again before the heartbeat:
// those beats of two calls never land, and the instance applies its
// outage limits while the store answers every call. Seen live (h90: an
// instance behind 4 s a round trip logged "tiers not published"; there
// its heartbeat's write also waited for a connection, and the outage came
// with this fixed too). The tiers cannot have gone while the last
// heartbeat that landed lives: the others sweep them only once it has
// expired.
func TestSlowStoreWithTiersIsNotDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		store := &slowTiersStore{slowStore: newSlowStore(syncer.NewMemoryStore(), 0)}
		var j judgements
		s := newSyncer(t, syncer.Config{
			Cache: newCache(t, time.Now), Store: store, Instance: "me", Interval: time.Second, OutageAfter: 30 * time.Second,
			OnHeartbeat: j.record,
		})
		s.SetTiers([]byte("x"))
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		time.Sleep(10 * time.Second)
		store.latency.Store(int64(3 * time.Second))
		time.Sleep(3 * time.Minute)
		synctest.Wait()
		judged, down := j.counts()
		t.Logf("judged %d, down %d, tiers written %d", judged, down, store.puts.Load())
		if down != 0 || judged < 170 {
			t.Errorf("a store answering in 3 s: judged down %d times of %d in 3 minutes, want never, about once a second", down, judged)
		}
		if n := store.puts.Load(); n != 1 {
			t.Errorf("tiers written %d times, want once: they did not change and were never swept", n)
		}
		cancel()
		<-done
	})
}

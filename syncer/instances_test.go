package syncer_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

func TestMemoryStoreInstances(t *testing.T) {
	storetest.RunInstances(t, func(t *testing.T) syncer.InstanceStore { return syncer.NewMemoryStore() })
}

func TestMemoryStoreTiers(t *testing.T) {
	storetest.RunTiers(t, func(t *testing.T) syncer.TiersStore { return syncer.NewMemoryStore() })
}

var errUnreachable = errors.New("store unreachable")

// switchStore is one instance's way to a shared MemoryStore, which can be
// cut (every call fails, as when the network to MongoDB is down) and
// restored.
type switchStore struct {
	*syncer.MemoryStore
	down atomic.Bool
}

func (s *switchStore) err() error {
	if s.down.Load() {
		return errUnreachable
	}
	return nil
}

func (s *switchStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if err := s.err(); err != nil {
		return make([]syncer.Outcome, len(ws)), err
	}
	return s.MemoryStore.Write(ctx, ws)
}

func (s *switchStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	if err := s.err(); err != nil {
		return nil, err
	}
	return s.MemoryStore.Load(ctx, keys)
}

func (s *switchStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	if err := s.err(); err != nil {
		return 0, err
	}
	return s.MemoryStore.Sweep(ctx, now)
}

func (s *switchStore) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.MemoryStore.PutInstance(ctx, h)
}

func (s *switchStore) Instances(ctx context.Context) ([]syncer.Heartbeat, error) {
	if err := s.err(); err != nil {
		return nil, err
	}
	return s.MemoryStore.Instances(ctx)
}

func (s *switchStore) DeleteInstance(ctx context.Context, id string, started time.Time) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.MemoryStore.DeleteInstance(ctx, id, started)
}

func (s *switchStore) SweepInstances(ctx context.Context, now time.Time) (int64, error) {
	if err := s.err(); err != nil {
		return 0, err
	}
	return s.MemoryStore.SweepInstances(ctx, now)
}

// fleetMember is one running instance of a fleet test.
type fleetMember struct {
	s     *syncer.Syncer
	store *switchStore
	stop  context.CancelFunc
	done  chan error
}

// startMember starts a Syncer named id on shared, beating every second.
func startMember(t *testing.T, shared *syncer.MemoryStore, id string) *fleetMember {
	t.Helper()
	m := &fleetMember{store: &switchStore{MemoryStore: shared}, done: make(chan error, 1)}
	m.s = newSyncer(t, syncer.Config{
		Cache:    newCache(t, time.Now),
		Store:    m.store,
		Instance: id,
		Interval: time.Second,
		MaxSkew:  time.Minute,
		Version:  "test-" + id,
	})
	ctx, cancel := context.WithCancel(t.Context())
	m.stop = cancel
	go func() { m.done <- m.s.Run(ctx) }()
	return m
}

// TestDuplicateInstanceIsLogged: two processes started with one instance
// ID find the other's beat in their heartbeat document and say so; an
// instance with an ID of its own does not, nor does one that takes over the
// document a crashed process of its ID left behind.
func TestDuplicateInstanceIsLogged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		// "c" crashed an hour ago: its document is still there.
		old := time.Now().Add(-time.Hour)
		if err := shared.PutInstance(t.Context(), syncer.Heartbeat{Instance: "c", Seen: old, Started: old.Add(-time.Hour), Interval: time.Second, Beats: 99, Expire: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		ids := []string{"a", "a", "b", "c"}
		logs := make([]bytes.Buffer, len(ids))
		regs := make([]*prometheus.Registry, len(ids))
		var members []*fleetMember
		for i, id := range ids {
			m := &fleetMember{store: &switchStore{MemoryStore: shared}, done: make(chan error, 1)}
			regs[i] = prometheus.NewPedanticRegistry()
			m.s = newSyncer(t, syncer.Config{
				Cache: newCache(t, time.Now), Store: m.store, Instance: id, Interval: time.Second, MaxSkew: time.Minute,
				Logger: slog.New(slog.NewTextHandler(&logs[i], nil)), Registerer: regs[i],
			})
			ctx, cancel := context.WithCancel(t.Context())
			m.stop = cancel
			go func() { m.done <- m.s.Run(ctx) }()
			members = append(members, m)
			time.Sleep(300 * time.Millisecond) // started apart, as processes are
		}
		time.Sleep(25 * time.Second) // two checks (every tenth beat)
		for i, want := range []float64{1, 1, 0, 0} {
			// The gauge an alert can watch (the log says it once a minute).
			if got := gaugeValue(t, regs[i], "oauth_ratelimit_duplicate_instance"); got != want {
				t.Errorf("member %d (%s): oauth_ratelimit_duplicate_instance %v, want %v", i, ids[i], got, want)
			}
		}
		for _, m := range members {
			m.stop()
			<-m.done
		}
		for i, want := range []bool{true, true, false, false} {
			if got := strings.Contains(logs[i].String(), syncer.ErrDuplicateInstance.Error()); got != want {
				t.Errorf("member %d (%s): duplicate logged %v, want %v; log:\n%s", i, ids[i], got, want, logs[i].String())
			}
		}
	})
}

// liveIDs returns the IDs of s's live instances.
func liveIDs(s *syncer.Syncer) []string {
	var ids []string
	for _, in := range s.LiveInstances().Live {
		ids = append(ids, in.ID)
	}
	return ids
}

// TestLiveInstancesFollowTheFleet starts and stops instances over one store
// and checks the live count an instance reports as it goes: one more with
// each start (at its next read), one less at once after a graceful stop (the
// heartbeat is deleted), one less after liveFor (three intervals and one)
// after a crash (the heartbeat stays, but stops moving); MaxLive keeps the
// peak for RecentPeak.
func TestLiveInstancesFollowTheFleet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a := startMember(t, shared, "a")
		synctest.Wait()
		check := func(when string, want []string, wantMax int) {
			t.Helper()
			got := a.s.LiveInstances()
			ids := liveIDs(a.s)
			if len(ids) != len(want) || got.MaxLive != wantMax {
				t.Fatalf("%s: live %v (max %d), want %v (max %d)", when, ids, got.MaxLive, want, wantMax)
			}
			for i := range ids {
				if ids[i] != want[i] {
					t.Fatalf("%s: live %v, want %v", when, ids, want)
				}
			}
		}
		check("alone", []string{"a"}, 1)

		b := startMember(t, shared, "b")
		c := startMember(t, shared, "c")
		time.Sleep(1500 * time.Millisecond) // a reads again within an interval
		synctest.Wait()
		check("b and c started", []string{"a", "b", "c"}, 3)
		for _, in := range a.s.LiveInstances().Live {
			if in.Version != "test-"+in.ID || in.Age > time.Second || in.Self != (in.ID == "a") {
				t.Errorf("instance %+v: want version test-%s, age at most 1s, Self only for a", in, in.ID)
			}
		}

		// Graceful stop: c deletes its heartbeat.
		c.stop()
		if err := <-c.done; err != nil {
			t.Fatalf("c.Run: %v", err)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		check("c stopped", []string{"a", "b"}, 3)

		// Crash: b's network is cut; its last heartbeat stays in the store
		// and stops moving. Still live within liveFor (3s + 1s).
		b.store.down.Store(true)
		time.Sleep(3 * time.Second)
		synctest.Wait()
		check("b cut 3s ago", []string{"a", "b"}, 3)
		// a's read of b's last beat may come just before or after it (two
		// timers at the same instant): b drops out at the first read more
		// than liveFor after, 5 or 6s after the cut.
		time.Sleep(3 * time.Second)
		synctest.Wait()
		check("b cut 6s ago", []string{"a"}, 3)

		// The peak of 3 is forgotten RecentPeak after it was last seen.
		time.Sleep(syncer.RecentPeak)
		synctest.Wait()
		check("after RecentPeak", []string{"a"}, 1)

		b.stop()
		<-b.done // its final flush fails: the store is cut
		a.stop()
		if err := <-a.done; err != nil {
			t.Fatalf("a.Run: %v", err)
		}
		if hs, _ := shared.Instances(context.Background()); len(hs) != 0 {
			t.Errorf("heartbeats left after every instance stopped or expired: %+v", hs)
		}
	})
}

// TestOutageStateFollowsTheStore cuts an instance from the store and
// restores it: Outage.Down is reported to OnHeartbeat once no call has
// succeeded for OutageAfter, with the live count read before the cut, and
// goes back to false at the first heartbeat after the store answers again.
func TestOutageStateFollowsTheStore(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		var mu sync.Mutex
		var last syncer.Outage
		beats := 0
		other := startMember(t, shared, "other")
		store := &switchStore{MemoryStore: shared}
		s := newSyncer(t, syncer.Config{
			Cache: newCache(t, time.Now), Store: store, Instance: "me", Interval: time.Second,
			OutageAfter: 10 * time.Second,
			OnHeartbeat: func(o syncer.Outage) {
				mu.Lock()
				defer mu.Unlock()
				last = o
				beats++
			},
		})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		state := func() syncer.Outage {
			synctest.Wait()
			mu.Lock()
			defer mu.Unlock()
			return last
		}
		time.Sleep(1500 * time.Millisecond)
		if o := state(); o.Down || o.Live != 2 {
			t.Fatalf("store up: %+v, want Down false, Live 2", o)
		}

		store.down.Store(true)
		cut := time.Now()
		time.Sleep(9 * time.Second)
		if o := state(); o.Down {
			t.Fatalf("cut 9s ago, OutageAfter 10s: %+v, want Down false", o)
		}
		time.Sleep(3 * time.Second)
		o := state()
		if !o.Down || o.Live != 2 || o.MaxLive != 2 || o.Contact.After(cut) {
			t.Fatalf("cut 12s ago: %+v, want Down, Live and MaxLive 2 (from before the cut), Contact before the cut", o)
		}

		store.down.Store(false)
		time.Sleep(time.Second)
		if o := state(); o.Down {
			t.Fatalf("a second after the store came back: %+v, want Down false", o)
		}
		mu.Lock()
		if beats < 14 {
			t.Errorf("OnHeartbeat called %d times in about 14s, want one per interval", beats)
		}
		mu.Unlock()
		cancel()
		<-done
		other.stop()
		<-other.done
	})
}

// beatFailStore fails the heartbeat's calls (PutInstance, Instances) while
// down is set, and nothing else: the store's other calls go on.
type beatFailStore struct {
	*syncer.MemoryStore
	down atomic.Bool
}

func (s *beatFailStore) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	if s.down.Load() {
		return errUnreachable
	}
	return s.MemoryStore.PutInstance(ctx, h)
}

func (s *beatFailStore) Instances(ctx context.Context) ([]syncer.Heartbeat, error) {
	if s.down.Load() {
		return nil, errUnreachable
	}
	return s.MemoryStore.Instances(ctx)
}

// TestFailedBeatsAreStoreErrors: a beat that fails is a store error of op
// heartbeat, and each beat a store request of that op. A live audit (h58:
// three processes, the store 3 s away) saw only the beats fail: store_up
// went to 0 and the outage limits came on while every store_errors_total
// series, flush and pull errors stayed 0, and the dashboard said "no
// errors".
func TestFailedBeatsAreStoreErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := prometheus.NewRegistry()
		store := &beatFailStore{MemoryStore: syncer.NewMemoryStore()}
		c := newCache(t, time.Now)
		s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "me", Interval: time.Second, Registerer: reg})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		byOp := func(name, op string) float64 {
			t.Helper()
			synctest.Wait()
			mfs, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			for _, mf := range mfs {
				if mf.GetName() != name {
					continue
				}
				for _, m := range mf.GetMetric() {
					for _, l := range m.GetLabel() {
						if l.GetName() == "op" && l.GetValue() == op {
							return m.GetCounter().GetValue()
						}
					}
				}
			}
			t.Fatalf("no %s{op=%q}", name, op)
			return 0
		}
		minute := []window.Tier{{Limit: 100, Size: time.Minute}}
		time.Sleep(2500 * time.Millisecond)
		beats := byOp("oauth_ratelimit_sync_store_requests_total", "heartbeat")
		if beats < 2 || byOp("oauth_ratelimit_sync_store_errors_total", "heartbeat") != 0 {
			t.Fatalf("store up, 2.5 s: %v beats counted, %v failed; want 2 or more, none failed", beats, byOp("oauth_ratelimit_sync_store_errors_total", "heartbeat"))
		}
		store.down.Store(true)
		for range 4 {
			d := c.Reserve(cache.Key{ClientID: "k"}, minute, 1, cache.Enforce, time.Now())
			c.Commit(&d.Reservation)
			time.Sleep(time.Second)
		}
		if n := byOp("oauth_ratelimit_sync_store_errors_total", "heartbeat"); n < 3 {
			t.Errorf("the beats failing for 4 s: %v heartbeat errors, want 3 or more", n)
		}
		if n := byOp("oauth_ratelimit_sync_store_requests_total", "heartbeat"); n < beats+3 {
			t.Errorf("the beats failing for 4 s: %v heartbeat requests, want %v or more", n, beats+3)
		}
		for _, op := range []string{"write", "load"} {
			if n := byOp("oauth_ratelimit_sync_store_errors_total", op); n != 0 {
				t.Errorf("%v errors of op %s, want 0: only the beats failed", n, op)
			}
		}
		if n := byOp("oauth_ratelimit_sync_store_requests_total", "write"); n == 0 {
			t.Errorf("no write while the beats failed, want the flushes to go on")
		}
		cancel()
		<-done
	})
}

// TestLiveInstancesIgnoreClockSkew: an instance whose clock is far ahead
// of this one's, or far behind (beyond MaxSkew), is counted live as long as
// its heartbeat moves, and leaves liveFor after it stops, by this
// instance's clock: the writer's Seen decides nothing once a beat has been
// seen to move.
func TestLiveInstancesIgnoreClockSkew(t *testing.T) {
	for _, tt := range []struct {
		name string
		skew time.Duration
	}{
		{"far ahead", 10 * time.Minute},
		{"far behind", -10 * time.Minute},
		{"behind within MaxSkew", -50 * time.Second},
		{"in step", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				shared := syncer.NewMemoryStore()
				a := startMember(t, shared, "a")
				// b beats half a second after a reads, so that no read
				// and beat fall at the same instant; a's first beat,
				// and sweep, come before b's first heartbeat.
				time.Sleep(500 * time.Millisecond)
				skewed := &switchStore{MemoryStore: shared}
				b := newSyncer(t, syncer.Config{
					Cache: newCache(t, time.Now), Store: skewed, Instance: "b", Interval: time.Second, MaxSkew: time.Minute,
					Now: func() time.Time { return time.Now().Add(tt.skew) },
				})
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- b.Run(ctx) }()
				// a's reads at 1s and 2s: a first sight of a Seen 10
				// minutes old counts as a leftover, the second read sees
				// the beat move.
				time.Sleep(2 * time.Second)
				synctest.Wait()
				if ids := liveIDs(a.s); len(ids) != 2 {
					t.Fatalf("b %v off: a counts %v live, want a and b", tt.skew, ids)
				}
				skewed.down.Store(true) // b crashes: its heartbeat stays
				time.Sleep(6 * time.Second)
				synctest.Wait()
				if ids := liveIDs(a.s); len(ids) != 1 {
					t.Fatalf("b %v off, cut 6s ago: a counts %v live, want a alone", tt.skew, ids)
				}
				cancel()
				<-done
				a.stop()
				<-a.done
			})
		})
	}
}

// Two instances share a store; each counts the other from its heartbeat.
func ExampleSyncer_LiveInstances() {
	store := syncer.NewMemoryStore()
	mk := func(id string) *syncer.Syncer {
		c, _ := cache.New(cache.Config{})
		s, _ := syncer.New(syncer.Config{Cache: c, Store: store, Instance: id, Version: "v1.0.0", Now: fixedClock(t0)})
		return s
	}
	a, b := mk("a"), mk("b")
	ctx := context.Background()
	_ = a.BeatOnce(ctx) // what Run does every Interval
	_ = b.BeatOnce(ctx)
	_ = a.BeatOnce(ctx)
	for _, in := range a.LiveInstances().Live {
		fmt.Println(in.ID, in.Version, in.Self, in.Age)
	}
	// Output:
	// a v1.0.0 true 0s
	// b v1.0.0 false 0s
}

// TestInstanceGauges: oauth_ratelimit_live_instances and
// oauth_ratelimit_store_outage follow the heartbeats of a Syncer that has
// no OnHeartbeat (the gauges do not depend on a Limiter).
func TestInstanceGauges(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		other := startMember(t, shared, "other")
		reg := prometheus.NewRegistry()
		store := &switchStore{MemoryStore: shared}
		s := newSyncer(t, syncer.Config{Cache: newCache(t, time.Now), Store: store, Instance: "me",
			Interval: time.Second, OutageAfter: 5 * time.Second, Registerer: reg})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		gauges := func() (live, outage float64) {
			synctest.Wait()
			return gaugeValue(t, reg, "oauth_ratelimit_live_instances"), gaugeValue(t, reg, "oauth_ratelimit_store_outage")
		}
		time.Sleep(1500 * time.Millisecond)
		if live, outage := gauges(); live != 2 || outage != 0 {
			t.Errorf("store up: live_instances %v, store_outage %v; want 2 and 0", live, outage)
		}
		store.down.Store(true)
		time.Sleep(6 * time.Second)
		if live, outage := gauges(); live != 2 || outage != 1 {
			t.Errorf("cut 6s ago (OutageAfter 5s): live_instances %v, store_outage %v; want 2 (as last read) and 1", live, outage)
		}
		store.down.Store(false)
		time.Sleep(time.Second)
		if _, outage := gauges(); outage != 0 {
			t.Errorf("a heartbeat after the store came back: store_outage %v, want 0", outage)
		}
		cancel()
		<-done
		other.stop()
		<-other.done
	})
}

// gaugeValue returns the value of the unlabelled gauge name gathered from
// reg.
func gaugeValue(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.GetMetric()) == 1 {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no gauge %s", name)
	return 0
}

// hangStore is a switchStore whose calls, while hang is set, wait until
// their context ends, as over a network that drops every packet: each
// store call the syncer makes then waits out its own deadline, or none.
type hangStore struct {
	*switchStore
	hang atomic.Bool
}

func (s *hangStore) wait(ctx context.Context) error {
	if !s.hang.Load() {
		return nil
	}
	<-ctx.Done()
	return ctx.Err()
}

func (s *hangStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if err := s.wait(ctx); err != nil {
		return make([]syncer.Outcome, len(ws)), err
	}
	return s.switchStore.Write(ctx, ws)
}

func (s *hangStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	if err := s.wait(ctx); err != nil {
		return nil, err
	}
	return s.switchStore.Load(ctx, keys)
}

func (s *hangStore) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	if err := s.wait(ctx); err != nil {
		return err
	}
	return s.switchStore.PutInstance(ctx, h)
}

// TestOutageNoticedWhileAFlushWaits: a store that stops answering (its
// calls hang rather than fail) is noticed OutageAfter after the last
// heartbeat it answered, within a beat, though the flush that meets it
// waits on it all the while: the heartbeats have a goroutine of their own.
// An outside audit measured the outage limits 42 to 63 s after the store's
// last answer, for OutageAfter 30 s, while the loop waited on its calls.
func TestOutageNoticedWhileAFlushWaits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var downAt time.Time
		store := &hangStore{switchStore: &switchStore{MemoryStore: syncer.NewMemoryStore()}}
		c := newCache(t, time.Now)
		s := newSyncer(t, syncer.Config{
			Cache: c, Store: store, Instance: "me", Interval: time.Second, OutageAfter: 10 * time.Second,
			OnHeartbeat: func(o syncer.Outage) {
				mu.Lock()
				defer mu.Unlock()
				if o.Down && downAt.IsZero() {
					downAt = time.Now()
				}
			},
		})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		time.Sleep(1500 * time.Millisecond)
		hit(t, c, cache.Key{ClientID: "c"}, 1, time.Now()) // a count for the flush to wait on
		store.hang.Store(true)
		hung := time.Now()
		time.Sleep(20 * time.Second)
		synctest.Wait()
		mu.Lock()
		at := downAt
		mu.Unlock()
		if at.IsZero() || at.Sub(hung) > 10*time.Second+2*time.Second {
			t.Errorf("store hung at %v: outage reported at %v, want within OutageAfter (10s) and a beat or two of its last answer", hung, at)
		}
		store.hang.Store(false)
		cancel()
		<-done
	})
}

// slowStore answers every call after latency.
type slowStore struct {
	*switchStore
	latency atomic.Int64 // time.Duration; a test may change it while the syncer runs
}

func newSlowStore(m *syncer.MemoryStore, latency time.Duration) *slowStore {
	s := &slowStore{switchStore: &switchStore{MemoryStore: m}}
	s.latency.Store(int64(latency))
	return s
}

func (s *slowStore) wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Duration(s.latency.Load())):
		return nil
	}
}

func (s *slowStore) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	if err := s.wait(ctx); err != nil {
		return err
	}
	return s.switchStore.PutInstance(ctx, h)
}

func (s *slowStore) Instances(ctx context.Context) ([]syncer.Heartbeat, error) {
	if err := s.wait(ctx); err != nil {
		return nil, err
	}
	return s.switchStore.Instances(ctx)
}

// judgements counts the outage judgements a Syncer reports
// (Config.OnHeartbeat: record).
type judgements struct {
	mu           sync.Mutex
	judged, down int
}

func (j *judgements) record(o syncer.Outage) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.judged++
	if o.Down {
		j.down++
	}
}

func (j *judgements) counts() (judged, down int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.judged, j.down
}

// A store that answers slowly is not down: each heartbeat of two calls
// takes 3 s, three intervals, and lands. With beats bounded by a second,
// an outside audit's instance behind a 2 s link applied its outage limits
// for a minute while every flush landed. One that hangs is still noticed
// on time (TestOutageNoticedWhileAFlushWaits).
func TestSlowStoreIsNotDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var j judgements
		store := newSlowStore(syncer.NewMemoryStore(), 1500*time.Millisecond)
		c := newCache(t, time.Now)
		s := newSyncer(t, syncer.Config{
			Cache: c, Store: store, Instance: "me", Interval: time.Second, OutageAfter: 10 * time.Second,
			OnHeartbeat: j.record,
		})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- s.Run(ctx) }()
		time.Sleep(60 * time.Second)
		synctest.Wait()
		if judged, down := j.counts(); down != 0 || judged < 55 {
			t.Errorf("a store answering in 1.5 s: judged down %d times of %d in 60 s, want never, about once a second", down, judged)
		}
		cancel()
		<-done
	})
}

// TestOutageWhileABeatWaits: a heartbeat that waits on a store that hangs
// (up to a sixth of OutageAfter, 5 s here) does not hold back the
// judgement: the outage is reported at the first tick past OutageAfter
// since the last beat that landed (32 s here), not when a waiting beat
// gives up (37 s). And it does not keep the outage limits on long after the
// store answers again: the beat waiting then gives up within its bound,
// and the next lands. With beats bounded by half of OutageAfter, the
// outage was reported over 8.5 s after the store's return (h7-review;
// README: within a beat's bound and an interval).
func TestOutageWhileABeatWaits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var downAt, upAt time.Time
		store := &hangStore{switchStore: &switchStore{MemoryStore: syncer.NewMemoryStore()}}
		s := newSyncer(t, syncer.Config{
			Cache: newCache(t, time.Now), Store: store, Instance: "me", Interval: time.Second, OutageAfter: 30 * time.Second,
			OnHeartbeat: func(o syncer.Outage) {
				mu.Lock()
				defer mu.Unlock()
				switch {
				case o.Down && downAt.IsZero():
					downAt = time.Now()
				case !o.Down && !downAt.IsZero() && upAt.IsZero():
					upAt = time.Now()
				}
			},
		})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		start := time.Now()
		go func() { done <- s.Run(ctx) }()
		time.Sleep(1500 * time.Millisecond) // beats at 0 and 1 s landed
		store.hang.Store(true)
		time.Sleep(40 * time.Second)
		store.hang.Store(false) // the store answers again
		back := time.Now()
		time.Sleep(30 * time.Second)
		synctest.Wait()
		mu.Lock()
		down, up := downAt, upAt
		mu.Unlock()
		switch {
		case down.IsZero() || down.Sub(start) > 32*time.Second:
			t.Errorf("store hung at 1.5s, its last beat at 1s: outage reported at %v, want at the first tick past 31s, 32s", down.Sub(start))
		case up.IsZero() || up.Sub(back) > 6*time.Second:
			t.Errorf("store answering again: outage reported over %v after, want within a beat's bound and an interval, 6s", up.Sub(back))
		}
		cancel()
		<-done
	})
}

// TestDuplicateInstanceLoggedBehindASlowLink: checkDuplicate reads with a
// deadline of its own, half an Interval (0.5 s here), and not the beat's:
// behind a store that answers in 700 ms (an outside audit's link, which
// beatTimeout was raised for) every check times out, and two processes
// with one ID are never told. Bounded by the beat's deadline instead, the
// first of them is (h7-review).
func TestDuplicateInstanceLoggedBehindASlowLink(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		logs := make([]bytes.Buffer, 2)
		var stops []func()
		var dones []chan error
		for i := range logs {
			store := newSlowStore(shared, 700*time.Millisecond)
			s := newSyncer(t, syncer.Config{
				Cache: newCache(t, time.Now), Store: store, Instance: "a", Interval: time.Second, MaxSkew: time.Minute,
				Logger: slog.New(slog.NewTextHandler(&logs[i], nil)),
			})
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan error, 1)
			go func() { done <- s.Run(ctx) }()
			stops, dones = append(stops, cancel), append(dones, done)
			time.Sleep(300 * time.Millisecond)
		}
		time.Sleep(60 * time.Second) // several checks (every tenth beat)
		for i := range stops {
			stops[i]()
			<-dones[i]
		}
		// Which of the two finds the other's beat depends on how their
		// calls interleave: one of them must.
		if !strings.Contains(logs[0].String()+logs[1].String(), syncer.ErrDuplicateInstance.Error()) {
			t.Errorf("two processes with ID a, store answering in 700 ms: the duplicate never logged; logs:\n%s\n%s", logs[0].String(), logs[1].String())
		}
	})
}

// TestSlowInstanceStaysLive: an instance whose store answers in 3 s is not
// down (its beats, two calls, land within beatTimeout), but it beats every
// 7 s or so while its heartbeat says Interval, 1 s: its peers, which count
// it live for three of its intervals and one of theirs (4 s), counted it
// out at 74 of their 242 judgements in two minutes, the divisor of the
// share outage mode and of new keys among them (h7-review).
func TestSlowInstanceStaysLive(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		warm := time.Now().Add(30 * time.Second) // every instance has read the others
		var mu sync.Mutex
		var judged, short int
		var stops []func()
		var dones []chan error
		for _, id := range []string{"slow", "b", "c"} {
			latency := time.Millisecond
			if id == "slow" {
				latency = 3 * time.Second
			}
			s := newSyncer(t, syncer.Config{
				Cache: newCache(t, time.Now), Store: newSlowStore(shared, latency),
				Instance: id, Interval: time.Second, MaxSkew: time.Minute,
				OnHeartbeat: func(o syncer.Outage) {
					if id == "slow" || time.Now().Before(warm) {
						return
					}
					mu.Lock()
					defer mu.Unlock()
					judged++
					if o.Live != 3 {
						short++
					}
				},
			})
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan error, 1)
			go func() { done <- s.Run(ctx) }()
			stops, dones = append(stops, cancel), append(dones, done)
			time.Sleep(300 * time.Millisecond)
		}
		time.Sleep(150 * time.Second)
		for i := range stops {
			stops[i]()
			<-dones[i]
		}
		mu.Lock()
		defer mu.Unlock()
		if short > 0 {
			t.Errorf("an instance whose store answers in 3 s: counted out by its peers at %d of their %d judgements, want none", short, judged)
		}
	})
}

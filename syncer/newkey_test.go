package syncer_test

import (
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// shareFleet is n instances (Run, one store, their ticks 300 ms apart) in a
// synctest bubble, each with a cache configured by cfg.
type shareFleet struct {
	store  *syncer.MemoryStore
	cfg    cache.Config
	caches []*cache.Cache
}

func startShareFleet(t *testing.T, n int, cfg cache.Config) *shareFleet {
	cfg.Shards = 4
	f := &shareFleet{store: syncer.NewMemoryStore(), cfg: cfg}
	for range n {
		f.start(t)
	}
	return f
}

// start adds an instance, whose Run starts 300 ms from now times the
// instances before it.
func (f *shareFleet) start(t *testing.T) *cache.Cache {
	i := len(f.caches)
	c, err := cache.New(f.cfg)
	if err != nil {
		t.Fatal(err)
	}
	f.caches = append(f.caches, c)
	s := newSyncer(t, syncer.Config{Cache: c, Store: f.store, Instance: fmt.Sprint("I", i), Interval: time.Second})
	go func() {
		time.Sleep(time.Duration(i) * 300 * time.Millisecond)
		s.Run(t.Context())
	}()
	return c
}

// burst sends per requests of k to each of cs at once and returns how many
// were admitted (and committed: the tokens issued). It waits for the
// syncers to finish what their timers started at this instant first, so
// that the figures do not depend on how the goroutines interleave.
func burst(cs []*cache.Cache, k cache.Key, tiers []window.Tier, per int) (admitted int64) {
	synctest.Wait()
	for _, c := range cs {
		for range per {
			d := c.Reserve(k, tiers, 1, cache.Enforce, time.Now())
			if d.Allowed {
				admitted++
				c.Commit(&d.Reservation)
			}
		}
	}
	return admitted
}

// spikeAfter is a case of TestShareHoldsBursts: a key limited to 100 a
// minute, 20 used at one a second round-robin, then, after pause, 100
// requests to each instance at once. It returns the spike's tokens and
// all.
func spikeAfter(pause time.Duration) func(t *testing.T, f *shareFleet) (int64, int64) {
	return func(t *testing.T, f *shareFleet) (int64, int64) {
		k, tiers := cache.Key{ClientID: "c"}, []window.Tier{{Limit: 100, Size: time.Minute}}
		var warm int64
		for i := range 20 {
			warm += burst(f.caches[i%len(f.caches):i%len(f.caches)+1], k, tiers, 1)
			time.Sleep(time.Second)
		}
		time.Sleep(pause)
		spike := burst(f.caches, k, tiers, 100)
		return spike, warm + spike
	}
}

// A burst that reaches every instance within a sync interval (a client that
// mints a token per API call, in a spike the load balancer spreads) was
// admitted up to what each instance's snapshot left: N times it in all. An
// outside audit sent 30 requests at once for a user limited to 10 a minute
// to 3 instances that never saw the user, and got 27 tokens. Each case
// runs the limiter as it is, then with the part that bounds it turned off
// (the cases' "before"), which must admit the old overshoot: the test
// fails on the old code.
func TestShareHoldsBursts(t *testing.T) {
	const n = 3
	minute := func(limit int64) []window.Tier { return []window.Tier{{Limit: limit, Size: time.Minute}} }
	for _, tc := range []struct {
		name      string
		instances int          // at the start
		off       cache.Config // the part that bounds the burst, off
		// run plays the case on f and returns the tokens issued in
		// the burst and in all the case counts
		run func(t *testing.T, f *shareFleet) (inBurst, inAll int64)
		// the bounds with the limiter as it is, [min, max] (the lower
		// bound: it admits what the limit allows, not less), and what
		// the limiter admits with off
		wantBurst, wantAll [2]int64
		offBurst           int64
	}{{
		// Limit 10: ⌈10/3⌉ = 4 an instance before any reads the others'
		// counts, then, at each read, a share of what it shows left,
		// rounded up. 20 requests to each at once, then 5 every 100 ms
		// for 3 s. In all 12 to 15 in 60 runs: the instances' reads and
		// flushes at one instant interleave differently from run to
		// run, and each read's share rounds up; 16 leaves room for one
		// more such share.
		name: "a key new to every instance", instances: n,
		off: cache.Config{NoLiveWriters: true},
		run: func(t *testing.T, f *shareFleet) (int64, int64) {
			k, tiers := cache.Key{ClientID: "c", User: "new"}, minute(10)
			first := burst(f.caches, k, tiers, 20)
			all := first
			for range 30 {
				time.Sleep(100 * time.Millisecond)
				all += burst(f.caches, k, tiers, 5)
			}
			return first, all
		},
		wantBurst: [2]int64{12, 12}, wantAll: [2]int64{12, 16}, offBurst: 30,
	}, {
		// Limit 100, 20 used at one a second round-robin, then 100
		// requests to each at once: the 80 left, and at most n-1 more
		// (⌈80/3⌉ = 27 each; 80 when an instance's last read is older).
		name: "a key all instances count", instances: n,
		off:       cache.Config{NoShare: true},
		run:       spikeAfter(0),
		wantBurst: [2]int64{80, 81}, wantAll: [2]int64{100, 101}, offBurst: 240,
	}, {
		// As above, the spike after 10 s without a request: the
		// documents still name the instances that wrote it in the last
		// minute, so the key is shared as before its pause.
		name: "a key used again after a pause", instances: n,
		off:       cache.Config{NoShare: true},
		run:       spikeAfter(10 * time.Second),
		wantBurst: [2]int64{80, 81}, wantAll: [2]int64{100, 101}, offBurst: 240,
	}, {
		// Limit 30, used up on two instances; a third starts and is sent
		// 50 requests at once, before it has read the key: it admitted
		// 30 (an outside audit: a client at its limit got 100 more from
		// an instance started a moment before); its share of the limit
		// now, until its first read of the key shows the 30.
		name:      "a key at its limit, sent to an instance just started",
		instances: 2,
		off:       cache.Config{NoLiveWriters: true},
		run: func(t *testing.T, f *shareFleet) (int64, int64) {
			k, tiers := cache.Key{ClientID: "c"}, minute(30)
			for range 3 {
				burst(f.caches[:2], k, tiers, 10)
				time.Sleep(time.Second)
			}
			c := f.start(t)
			time.Sleep(700 * time.Millisecond) // its first heartbeat: 3 live
			first := burst([]*cache.Cache{c}, k, tiers, 50)
			time.Sleep(time.Second) // it has read the key
			return first, first + burst([]*cache.Cache{c}, k, tiers, 50)
		},
		wantBurst: [2]int64{10, 10}, wantAll: [2]int64{10, 10}, offBurst: 30,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			for _, off := range []bool{false, true} {
				synctest.Test(t, func(t *testing.T) {
					var cfg cache.Config
					if off {
						cfg = tc.off
					}
					f := startShareFleet(t, tc.instances, cfg)
					time.Sleep(3 * time.Second) // every instance has read the others' heartbeats
					inBurst, inAll := tc.run(t, f)
					t.Logf("off=%v: %d admitted in the burst, %d in all", off, inBurst, inAll)
					switch {
					case off && inBurst < tc.offBurst:
						t.Errorf("with %+v: %d admitted in the burst, want %d or more (the old overshoot)", tc.off, inBurst, tc.offBurst)
					case !off && (inBurst < tc.wantBurst[0] || inBurst > tc.wantBurst[1] || inAll < tc.wantAll[0] || inAll > tc.wantAll[1]):
						t.Errorf("%d admitted in the burst and %d in all, want %v and %v", inBurst, inAll, tc.wantBurst, tc.wantAll)
					}
				})
			}
		})
	}
}

// A grant whose cost is above an instance's share of a key is admitted
// when the instance has counted nothing since its last read: a password
// grant of cost 3 against a limit of 5 a minute on 3 instances (⌈5/3⌉ = 2)
// was refused for ever, told to retry after a second (a stranger's
// review: 0 of 30 in a minute). One such token fits in the minute; each
// instance may admit one before it has read the others' (the key is new to
// it), so up to 3 are.
func TestShareAdmitsACostAboveItOnEveryInstance(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := startShareFleet(t, 3, cache.Config{})
		time.Sleep(3 * time.Second)
		k, tiers := cache.Key{ClientID: "c", User: "u"}, []window.Tier{{Limit: 5, Size: time.Minute}}
		var admitted int64
		for i := range 30 { // one request every 2 s, round-robin
			synctest.Wait()
			c := f.caches[i%3]
			d := c.Reserve(k, tiers, 3, cache.Enforce, time.Now())
			if d.Allowed {
				admitted++
				c.Commit(&d.Reservation)
			}
			time.Sleep(2 * time.Second)
		}
		if admitted < 1 || admitted > 3 {
			t.Errorf("%d of 30 requests of cost 3 admitted in a minute, want 1 (3 of a limit of 5) to 3 (one an instance)", admitted)
		}
	})
}

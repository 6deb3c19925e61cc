package accuracy

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// LoadConfig is one run of the store-load measurement: how many documents
// the instances read and write per second as the number of keys in use
// grows while the number of keys near their limit stays fixed. The zero
// value of each field but Keys stands for its documented default.
type LoadConfig struct {
	// Instances is N. Default 3.
	Instances int
	// Keys is the number of cold keys: users of a client that each ask
	// for a token every KeyPeriod, far below their limit, each time at an
	// instance drawn at random (a load balancer does not keep a user on
	// one instance). At least 1.
	Keys int
	// KeyPeriod is the time between two requests of one cold key. Default
	// 30s: within the syncer's ActiveFor (1 minute), so every cold key is
	// in use on some instance all the time.
	KeyPeriod time.Duration
	// HotKeys are keys offered 10× their limit (100 per minute), round-robin
	// over the instances. Default 10.
	HotKeys int
	// ColdPullEvery is the syncer's Config.ColdPullEvery. Default 1.
	ColdPullEvery int
	// Measure is how long the documents are counted, after a warm-up of
	// 2 × KeyPeriod in which every cold key is used twice. Default 1
	// minute.
	Measure time.Duration
	// Seed seeds the instances' phases and the cold keys' instances.
	Seed uint64
}

func (c LoadConfig) withDefaults() LoadConfig {
	if c.Instances == 0 {
		c.Instances = 3
	}
	if c.KeyPeriod == 0 {
		c.KeyPeriod = 30 * time.Second
	}
	if c.HotKeys == 0 {
		c.HotKeys = 10
	}
	if c.Measure == 0 {
		c.Measure = time.Minute
	}
	return c
}

// Validate reports a field of c that cannot be used.
func (c *LoadConfig) Validate() error {
	var errs []error
	if c.Keys < 1 {
		errs = append(errs, fmt.Errorf("accuracy: LoadConfig.Keys %d: want 1 or more", c.Keys))
	}
	if c.Instances < 0 || c.HotKeys < 0 || c.ColdPullEvery < 0 {
		errs = append(errs, fmt.Errorf("accuracy: LoadConfig.Instances %d, HotKeys %d, ColdPullEvery %d: want 0 (default) or more", c.Instances, c.HotKeys, c.ColdPullEvery))
	}
	if c.KeyPeriod < 0 || c.Measure < 0 || c.KeyPeriod%time.Millisecond != 0 {
		errs = append(errs, fmt.Errorf("accuracy: LoadConfig.KeyPeriod %v, Measure %v: want 0 (default) or more, KeyPeriod in whole milliseconds", c.KeyPeriod, c.Measure))
	}
	return errors.Join(errs...)
}

// LoadResult is what one store-load run counted while it measured.
type LoadResult struct {
	Config LoadConfig // with defaults applied
	// Requests is how many decisions the instances made.
	Requests int64
	// Calls, DocsRead and DocsWritten count the store calls (one round
	// trip each) and the documents they read and wrote; the PerInstanceSec
	// figures divide them by N and the measured seconds.
	Calls, DocsRead, DocsWritten int64
	CallsPerInstanceSec          float64
	ReadsPerInstanceSec          float64
	WritesPerInstanceSec         float64
	// HotOverLimit is the most admitted for one hot key in one fixed
	// minute of the measurement ÷ its limit: pulling fewer keys must not
	// loosen the keys near their limit.
	HotOverLimit float64
}

// Store-load workload constants: a cold key's limit (60 a minute, asked
// twice a minute: 3 %), and a hot key's (100 a minute, offered 1000).
const (
	coldLimit = 60
	hotLimit  = 100
	hotLoad   = 10
)

// RunLoad runs cfg in the current synctest bubble (see Run) and returns what
// it counted. Each instance has its own cache.Cache and syncer.Syncer (Run,
// 1 s interval, defaults otherwise) over one syncer.MemoryStore without
// latency; requests are Reserve(Enforce) and, if admitted, Commit, in steps
// of one millisecond.
func RunLoad(cfg LoadConfig) (LoadResult, error) {
	if err := cfg.Validate(); err != nil {
		return LoadResult{}, err
	}
	cfg = cfg.withDefaults()
	rng := rand.New(rand.NewPCG(cfg.Seed, 4))
	n := cfg.Instances
	if now := time.Now(); !now.Truncate(time.Minute).Equal(now) {
		time.Sleep(now.Truncate(time.Minute).Add(time.Minute).Sub(now))
	}
	start := time.Now()
	warm := 2 * cfg.KeyPeriod
	end := warm + cfg.Measure

	store := &loadStore{inner: syncer.NewMemoryStore(), from: start.Add(warm)}
	caches := make([]*cache.Cache, n)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	var errMu sync.Mutex
	var runErrs []error
	for i := range caches {
		c, err := cache.New(cache.Config{})
		if err != nil {
			return LoadResult{}, fmt.Errorf("accuracy: %w", err)
		}
		c.SetLiveInstances(cfg.Instances) // a healthy fleet's heartbeats: the store keeps none
		caches[i] = c
		s, err := syncer.New(syncer.Config{
			Cache:         c,
			Store:         store,
			Instance:      fmt.Sprintf("i%02d", i),
			ColdPullEvery: cfg.ColdPullEvery,
			PullInterval:  time.Second + time.Microsecond, // apart from the flushes, as in Run
		})
		if err != nil {
			return LoadResult{}, fmt.Errorf("accuracy: %w", err)
		}
		phase := time.Duration(rng.Int64N(int64(time.Second/time.Microsecond))) * time.Microsecond
		wg.Go(func() {
			time.Sleep(phase)
			if err := s.Run(ctx); err != nil {
				errMu.Lock()
				runErrs = append(runErrs, fmt.Errorf("instance %d: %w", i, err))
				errMu.Unlock()
			}
		})
	}

	coldTiers := []window.Tier{{Limit: coldLimit, Size: time.Minute}}
	hotTiers := []window.Tier{{Limit: hotLimit, Size: time.Minute}}
	coldKeys := make([]cache.Key, cfg.Keys)
	// Each cold key asks at its own millisecond of the period: phase[k].
	periodMs := int64(cfg.KeyPeriod / time.Millisecond)
	byMs := make([][]int32, periodMs)
	for k := range coldKeys {
		coldKeys[k] = cache.Key{ClientID: "app", User: fmt.Sprintf("user-%07d", k)}
		ms := rng.Int64N(periodMs)
		byMs[ms] = append(byMs[ms], int32(k))
	}
	hotKeys := make([]cache.Key, cfg.HotKeys)
	for k := range hotKeys {
		hotKeys[k] = cache.Key{ClientID: "hot", User: fmt.Sprintf("user-%02d", k)}
	}
	hotEvery := time.Minute / (hotLimit * hotLoad) // per hot key
	hotAdmitted := make([]map[int64]int64, cfg.HotKeys)
	for k := range hotAdmitted {
		hotAdmitted[k] = map[int64]int64{}
	}

	var res LoadResult
	hotTurn := 0
	for step := time.Duration(0); step < end; step += time.Millisecond {
		time.Sleep(time.Until(start.Add(step + arrivalPhase)))
		now := time.Now()
		measured := step >= warm
		for _, k := range byMs[int64(step/time.Millisecond)%periodMs] {
			c := caches[rng.IntN(n)]
			if d := c.Reserve(coldKeys[k], coldTiers, 1, cache.Enforce, now); d.Counted {
				c.Commit(&d.Reservation)
			}
			if measured {
				res.Requests++
			}
		}
		if step%hotEvery == 0 {
			for k, key := range hotKeys {
				c := caches[hotTurn%n]
				hotTurn++
				d := c.Reserve(key, hotTiers, 1, cache.Enforce, now)
				if d.Allowed {
					c.Commit(&d.Reservation)
					if measured {
						hotAdmitted[k][now.Unix()/60]++
					}
				}
				if measured {
					res.Requests++
				}
			}
		}
	}
	time.Sleep(time.Until(start.Add(end)))
	cancel()
	wg.Wait()

	res.Config = cfg
	res.Calls, res.DocsRead, res.DocsWritten = store.calls.Load(), store.read.Load(), store.written.Load()
	per := float64(n) * cfg.Measure.Seconds()
	res.CallsPerInstanceSec = float64(res.Calls) / per
	res.ReadsPerInstanceSec = float64(res.DocsRead) / per
	res.WritesPerInstanceSec = float64(res.DocsWritten) / per
	for _, m := range hotAdmitted {
		// Only whole minutes: the measurement starts and ends on minute
		// boundaries when KeyPeriod and Measure are whole minutes; a
		// partial minute admits less and does not raise the figure.
		for _, v := range m {
			res.HotOverLimit = max(res.HotOverLimit, float64(v)/hotLimit)
		}
	}
	return res, errors.Join(runErrs...)
}

// loadStore counts the calls and documents of the calls it passes to inner
// from the instant from on, until the run ends (the final flushes are
// counted too: they are what the instances would write at a stop).
type loadStore struct {
	inner                *syncer.MemoryStore
	from                 time.Time
	calls, read, written atomic.Int64
}

func (s *loadStore) counting() bool { return !time.Now().Before(s.from) }

// Write implements syncer.Store.
func (s *loadStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if s.counting() {
		s.calls.Add(1)
		s.written.Add(int64(len(ws)))
	}
	return s.inner.Write(ctx, ws)
}

// Load implements syncer.Store.
func (s *loadStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	if s.counting() {
		s.calls.Add(1)
		s.read.Add(int64(len(keys)))
	}
	return s.inner.Load(ctx, keys)
}

// Sweep implements syncer.Store.
func (s *loadStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	return s.inner.Sweep(ctx, now)
}

// TTL reports true: no sweeps, whose calls would only add to the count.
func (*loadStore) TTL() bool { return true }

// Package accuracy measures how closely instances that share their counts
// through the syncer hold one limit together: N in-process instances, each
// with its own cache.Cache, syncer.Syncer (its Run loop) and clock offset,
// share one syncer.MemoryStore behind a configurable latency, and requests
// for one key arrive at a multiple of the limit, spread over the instances
// by a pattern. It counts what was admitted per fixed window and per sliding
// window of the limit's size, and the store calls each instance made. The
// same arrivals run against local-only limiting (each instance the limit ÷
// N, or the full limit) and an exact central counter, which bracket it.
//
// Run must be called inside a testing/synctest bubble: time is the bubble's
// fake clock, so a run of minutes takes a fraction of a second and is
// repeatable. Everything random comes from Config.Seed, and store calls that
// meet at one instant are applied in a fixed order (see gate), so one Config
// gives one Result.
package accuracy

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Strategy is how the instances limit.
type Strategy uint8

const (
	// Synced: each instance decides from its cache, and a Syncer per
	// instance shares the counts through the store (the project).
	Synced Strategy = iota
	// LocalShare: each instance enforces limit ÷ N on its own; no store.
	LocalShare
	// LocalFull: each instance enforces the full limit on its own; no
	// store.
	LocalFull
	// Central: one exact counter decides every request, as a store
	// consulted on every request would (one round trip each).
	Central
)

// String returns the strategy's name as the table shows it.
func (s Strategy) String() string {
	switch s {
	case Synced:
		return "synced"
	case LocalShare:
		return "local ÷N"
	case LocalFull:
		return "local full"
	case Central:
		return "central"
	}
	return fmt.Sprintf("strategy(%d)", uint8(s))
}

// Pattern is how requests are spread over the instances.
type Pattern uint8

const (
	// RoundRobin sends request k to instance k mod N.
	RoundRobin Pattern = iota
	// Random sends each request to an instance drawn uniformly.
	Random
	// ColdBurst sends the steady load round-robin to the first ⌈N/2⌉
	// instances only; at BurstAt a burst of Limit requests within one
	// second goes round-robin to the other instances, which have never
	// seen the key; after the burst the steady load goes round-robin to
	// all. With N = 1 the burst goes to the one instance.
	ColdBurst
	// Skewed sends 4 requests in 5 to the first two instances (in turn)
	// and the fifth round-robin to the others: a client whose keep-alive
	// connections land on two backends of N. With N ≤ 2, round-robin.
	Skewed
	// SkewedMoving is Skewed whose two busy instances change at BurstAt
	// (mid-window): to the next two, the first two joining the others.
	SkewedMoving
)

// String returns the pattern's name as the table shows it.
func (p Pattern) String() string {
	switch p {
	case RoundRobin:
		return "round-robin"
	case Random:
		return "random"
	case ColdBurst:
		return "cold burst"
	case Skewed:
		return "skewed"
	case SkewedMoving:
		return "skewed, moving"
	}
	return fmt.Sprintf("pattern(%d)", uint8(p))
}

// Config is one run. The zero value of each field but Instances and Load
// stands for its documented default. New mechanisms (adaptive sync, cold-key
// loading, outage modes) are meant to become fields here, so that the table
// can show them beside the plain runs.
type Config struct {
	Strategy Strategy
	// Instances is N, at least 1.
	Instances int
	// Interval is the Syncer's flush interval (Synced only). Default 1s.
	// The pull interval is Interval + 1µs: with equal intervals a flush
	// and a pull of one instance fall due at the same instant, and Run's
	// select would pick one at random, which makes a run unrepeatable.
	// One microsecond per pull is far below anything measured here.
	Interval time.Duration
	// Load is the offered load as a multiple of Limit per Window, > 0.
	Load    float64
	Pattern Pattern
	// Skew spreads the instances' clock offsets evenly over
	// [-Skew/2, +Skew/2]: any two differ by at most Skew.
	Skew time.Duration
	// Latency is the round trip of each store call: the call is applied
	// after half of it, and answered after the other half.
	Latency time.Duration
	// Limit is the key's limit per Window. Default 1000.
	Limit int64
	// Window is the limit's window size, a whole number of seconds.
	// Default 1 minute.
	Window time.Duration
	// Windows is the length of the run in windows. Default 6.
	Windows int
	// BurstAt is when the ColdBurst burst starts, and SkewedMoving's busy
	// instances change, from the start of the run. Default 2.5 windows:
	// mid-window, when the warm instances have spent the window's quota.
	BurstAt time.Duration
	// Aligned starts every instance's Syncer at the start of the run, so
	// that they flush in step; by default each starts at a random phase
	// within its first Interval, as instances started apart do.
	Aligned bool
	// NoShare turns off the share of a key several instances count, in
	// every instance's cache (cache.Config.NoShare): the limiter as it was
	// before it.
	NoShare bool
	// NoAdaptive turns off adaptive sync (syncer.Config.HotInterval at
	// Interval): the keys near their limit are synced with the others,
	// every Interval. By default they are synced every Interval/2 + 2 µs
	// as well (2 µs: apart from the flushes, see Interval).
	NoAdaptive bool
	// BadDocuments is how many instances (the first ones) each hold a
	// write unsettled on a document that cannot be read (a count edited
	// by hand) for most of the run: each counts a key of its own at the
	// start and again after two intervals; its first write lands, its
	// second is answered Unknown and not applied, and from then on the
	// document reads as unreadable (syncer.Doc.Unreadable, of the version
	// the lost write expects) and refuses each write of that key, as the
	// server refuses a compare-and-swap whose filter names the bad field,
	// until the run's end, when it is corrected: the final flushes settle
	// the write (a write left unsettled, resent by each, kept them going
	// until FinalFlushTimeout, with no time passing in the bubble).
	BadDocuments int
	// Seed seeds everything random in the run: the phases and the Random
	// pattern's choices.
	Seed uint64
}

func (c Config) withDefaults() Config {
	if c.Interval == 0 {
		c.Interval = time.Second
	}
	if c.Limit == 0 {
		c.Limit = 1000
	}
	if c.Window == 0 {
		c.Window = time.Minute
	}
	if c.Windows == 0 {
		c.Windows = 6
	}
	if c.BurstAt == 0 {
		c.BurstAt = c.Window*2 + c.Window/2
	}
	return c
}

// Validate reports a field of c that cannot be used.
func (c *Config) Validate() error {
	var errs []error
	if c.Instances < 1 {
		errs = append(errs, fmt.Errorf("accuracy: Instances %d: want 1 or more", c.Instances))
	}
	if !(c.Load > 0) {
		errs = append(errs, fmt.Errorf("accuracy: Load %v: want a multiple of the limit above 0", c.Load))
	}
	if c.Interval < 0 || c.Skew < 0 || c.Latency < 0 || c.BurstAt < 0 {
		errs = append(errs, fmt.Errorf("accuracy: Interval %v, Skew %v, Latency %v, BurstAt %v: want 0 (default) or more", c.Interval, c.Skew, c.Latency, c.BurstAt))
	}
	if c.Limit < 0 || c.Windows < 0 {
		errs = append(errs, fmt.Errorf("accuracy: Limit %d, Windows %d: want 0 (default) or more", c.Limit, c.Windows))
	}
	if c.BadDocuments < 0 || c.BadDocuments > c.Instances || c.BadDocuments > 0 && c.Strategy != Synced {
		errs = append(errs, fmt.Errorf("accuracy: BadDocuments %d: want 0 to Instances (%d), and above 0 with Synced only", c.BadDocuments, c.Instances))
	}
	if c.Window != 0 {
		if err := (window.Tier{Limit: 1, Size: c.Window}).Validate(); err != nil {
			errs = append(errs, fmt.Errorf("accuracy: Window: %w", err))
		}
	}
	return errors.Join(errs...)
}

// Result is what one run admitted.
type Result struct {
	Config Config // with defaults applied
	// Offered and Admitted count the requests.
	Offered, Admitted int64
	// PerWindow is what was admitted in each fixed window of the run, by
	// the true clock; windows start where frames do (at multiples of
	// Window since the Unix epoch).
	PerWindow []int64
	// WorstFixed and MeanFixed are the largest and the mean of PerWindow,
	// divided by the limit. WorstLater is the largest after the first
	// window: the first starts with no counts anywhere, so the quota is
	// spent at the arrival rate (a fill), while later windows reopen it
	// only as the previous window's weight decays.
	WorstFixed, MeanFixed, WorstLater float64
	// LeastLater is the least of PerWindow after the first, divided by
	// the limit: how far under its limit a client kept over it was held.
	LeastLater float64
	// WorstSliding is the most admitted in any Window-long interval
	// (t − Window, t] of the run, divided by the limit.
	WorstSliding float64
	// StoreOps is the number of store calls (Write and Load, each one
	// round trip whatever its batch) the instances made during the run;
	// for Central, one per request. OpsPerInstanceSec divides it by N
	// and the run's seconds. Writes and Loads split StoreOps (Synced
	// only), and Conflicts counts the writes refused for a stale
	// version: each costs a Load and another Write.
	StoreOps                 int64
	OpsPerInstanceSec        float64
	Writes, Loads, Conflicts int64
	// Ties counts store calls during the run that met another at one
	// instant and were ordered by instance index (see gate).
	Ties int64
}

// Overshoot returns WorstFixed − 1: how far over the limit the worst fixed
// window went (negative: under).
func (r Result) Overshoot() float64 { return r.WorstFixed - 1 }

// arrival is one request: when it comes, from the start of the run (by the
// true clock), and to which instance.
type arrival struct {
	at   time.Duration
	inst int
}

// arrivalPhase puts every arrival half a microsecond off the microsecond
// grid that the syncers' timers and store calls fall on (phases, intervals
// and latencies are whole microseconds), so that no request meets a flush
// at one instant and the goroutines' order cannot matter.
const arrivalPhase = 500 * time.Nanosecond

// arrivals returns the requests of the run in time order.
func arrivals(cfg Config, rng *rand.Rand) []arrival {
	n := cfg.Instances
	total := time.Duration(cfg.Windows) * cfg.Window
	period := time.Duration(float64(cfg.Window) / (cfg.Load * float64(cfg.Limit)))
	period = max(period.Truncate(time.Microsecond), time.Microsecond)
	warm := (n + 1) / 2
	var out []arrival
	k := 0
	for at := time.Duration(0); at < total; at += period {
		var inst int
		switch cfg.Pattern {
		case RoundRobin:
			inst = k % n
		case Random:
			inst = rng.IntN(n)
		case ColdBurst:
			if at < cfg.BurstAt {
				inst = k % warm
			} else {
				inst = k % n
			}
		case Skewed, SkewedMoving:
			inst = skewed(k, n)
			if cfg.Pattern == SkewedMoving && at >= cfg.BurstAt && n > skewBusy {
				inst = (inst + skewBusy) % n
			}
		}
		out = append(out, arrival{at + arrivalPhase, inst})
		k++
	}
	if cfg.Pattern == ColdBurst && cfg.BurstAt < total {
		// Limit requests within one second, on the microsecond grid
		// plus a quarter: apart from the steady arrivals too.
		step := max((time.Second / time.Duration(cfg.Limit)).Truncate(time.Microsecond), time.Microsecond)
		cold := n - warm
		for j := range cfg.Limit {
			inst := 0
			if cold > 0 {
				inst = warm + int(j)%cold
			}
			out = append(out, arrival{cfg.BurstAt + time.Duration(j)*step + arrivalPhase/2, inst})
		}
		slices.SortStableFunc(out, func(a, b arrival) int { return cmp.Compare(a.at, b.at) })
	}
	return out
}

// skewBusy is how many instances the Skewed pattern keeps busy.
const skewBusy = 2

// skewed returns the instance of request k of the Skewed pattern on n
// instances: requests 0 to 3 of every 5 go to the busy instances in turn,
// the fifth round-robin to the others.
func skewed(k, n int) int {
	if n <= skewBusy {
		return k % n
	}
	if j := k % 5; j < 4 {
		return (k/5*4 + j) % skewBusy
	}
	return skewBusy + k/5%(n-skewBusy)
}

// decider is one instance's view for a request.
type decider struct {
	c      *cache.Cache
	tiers  []window.Tier
	offset time.Duration
}

var key = cache.Key{ClientID: "client"}

// Run runs cfg and returns what it admitted. It must be called inside a
// testing/synctest bubble; it waits for the next window boundary of the
// bubble's clock first (a new bubble starts on one).
func Run(cfg Config) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	cfg = cfg.withDefaults()
	// One stream per use, so that the Random pattern's choices are the
	// same whatever the strategy and interval.
	phaseRNG := rand.New(rand.NewPCG(cfg.Seed, 1))
	arrivalRNG := rand.New(rand.NewPCG(cfg.Seed, 2))
	n := cfg.Instances
	if now := time.Now(); !now.Truncate(cfg.Window).Equal(now) {
		time.Sleep(now.Truncate(cfg.Window).Add(cfg.Window).Sub(now))
	}
	start := time.Now()
	total := time.Duration(cfg.Windows) * cfg.Window

	limit := cfg.Limit
	if cfg.Strategy == LocalShare {
		limit /= int64(n)
	}
	tiers := []window.Tier{{Limit: limit, Size: cfg.Window}}
	ds := make([]decider, n)
	for i := range ds {
		ds[i].tiers = tiers
		if cfg.Strategy == Central && i > 0 {
			ds[i].c = ds[0].c // one counter, on the true clock, decides for all
			continue
		}
		if n > 1 && cfg.Strategy != Central {
			ds[i].offset = time.Duration(int64(cfg.Skew)*int64(i)/int64(n-1)) - cfg.Skew/2
		}
		c, err := cache.New(cache.Config{NoShare: cfg.NoShare})
		if err != nil {
			return Result{}, fmt.Errorf("accuracy: %w", err)
		}
		// The gate's store keeps no heartbeats: every instance is told
		// they are all live, as the heartbeats of a healthy fleet would
		// (a key new to an instance is then shared among all of them
		// for its first sync intervals: cache.Cache.SetLiveInstances).
		if cfg.Strategy == Synced {
			c.SetLiveInstances(n)
		}
		ds[i].c = c
	}

	phases := make([]time.Duration, n)
	for i := range phases {
		if !cfg.Aligned {
			phases[i] = time.Duration(phaseRNG.Int64N(int64(cfg.Interval/time.Microsecond))) * time.Microsecond
		}
	}
	arr := arrivals(cfg, arrivalRNG)

	var g *gate
	var bads []*badDoc
	var wg sync.WaitGroup
	var runErrs []error
	var errMu sync.Mutex
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hot := cfg.Interval/2 + 2*time.Microsecond
	if cfg.NoAdaptive {
		hot = cfg.Interval
	}
	if cfg.Strategy == Synced {
		g = newGate(start.Add(total), cfg.Seed)
		go g.run()
		for i := range ds {
			off := ds[i].offset
			st := instStore{g: g, inst: i, latency: cfg.Latency}
			if i < cfg.BadDocuments {
				st.bad = &badDoc{key: cache.Key{ClientID: fmt.Sprintf("bad%02d", i)}}
				bads = append(bads, st.bad)
				c := ds[i].c
				count := func() {
					dec := c.Reserve(st.bad.key, tiers, 1, cache.Enforce, time.Now().Add(off))
					c.Commit(&dec.Reservation)
				}
				count()
				wg.Go(func() {
					// Off the microsecond grid and the arrivals' half.
					time.Sleep(2*cfg.Interval + arrivalPhase/4)
					count()
				})
			}
			s, err := syncer.New(syncer.Config{
				Cache:        ds[i].c,
				Store:        st,
				Instance:     fmt.Sprintf("i%02d", i),
				Interval:     cfg.Interval,
				PullInterval: cfg.Interval + time.Microsecond,
				HotInterval:  hot,
				Now:          func() time.Time { return time.Now().Add(off) },
			})
			if err != nil {
				return Result{}, fmt.Errorf("accuracy: %w", err)
			}
			wg.Go(func() {
				time.Sleep(phases[i])
				if err := s.Run(ctx); err != nil {
					errMu.Lock()
					runErrs = append(runErrs, fmt.Errorf("instance %d: %w", i, err))
					errMu.Unlock()
				}
			})
		}
	}

	admitted := make([]time.Duration, 0, len(arr))
	for _, a := range arr {
		time.Sleep(time.Until(start.Add(a.at)))
		d := &ds[a.inst]
		dec := d.c.Reserve(key, d.tiers, 1, cache.Enforce, time.Now().Add(d.offset))
		if dec.Allowed {
			d.c.Commit(&dec.Reservation)
			admitted = append(admitted, a.at)
		}
	}
	time.Sleep(time.Until(start.Add(total)))
	for _, b := range bads {
		b.mu.Lock()
		b.fixed = true
		b.mu.Unlock()
	}

	res := Result{Config: cfg, Offered: int64(len(arr)), Admitted: int64(len(admitted))}
	if g != nil {
		cancel()
		wg.Wait() // the final flushes go through the gate
		g.stop()
		res.Writes, res.Loads, res.Conflicts, res.Ties = g.writes, g.loads, g.conflicts, g.ties
		res.StoreOps = g.writes + g.loads
	}
	if cfg.Strategy == Central {
		res.StoreOps = res.Offered
	}
	res.OpsPerInstanceSec = float64(res.StoreOps) / float64(n) / total.Seconds()
	measure(&res, admitted)
	return res, errors.Join(runErrs...)
}

// measure fills in the window figures of r from the admitted requests'
// times, in order, from the start of the run (a window boundary).
func measure(r *Result, admitted []time.Duration) {
	cfg := r.Config
	r.PerWindow = make([]int64, cfg.Windows)
	for _, at := range admitted {
		r.PerWindow[int(at/cfg.Window)]++
	}
	var worst, later, sum int64
	least := int64(math.MaxInt64)
	for i, n := range r.PerWindow {
		worst = max(worst, n)
		if i > 0 {
			later = max(later, n)
			least = min(least, n)
		}
		sum += n
	}
	if len(r.PerWindow) < 2 {
		least = 0
	}
	limit := float64(cfg.Limit)
	r.WorstFixed = float64(worst) / limit
	r.WorstLater = float64(later) / limit
	r.LeastLater = float64(least) / limit
	r.MeanFixed = float64(sum) / float64(len(r.PerWindow)) / limit
	// The most in (t − Window, t] is reached with t at an admitted
	// request: count back from each.
	var most, lo int
	for hi, at := range admitted {
		for admitted[lo] <= at-cfg.Window {
			lo++
		}
		most = max(most, hi-lo+1)
	}
	r.WorstSliding = float64(most) / limit
}

// gate applies the store calls of all instances to one MemoryStore in an
// order that does not depend on the goroutines' scheduling: the calls that
// come at one instant of the bubble's clock, once every goroutine of the
// bubble has done what it could at that instant (synctest.Wait), are
// applied in an order drawn from the run's seed. Without it, two instances
// that write the key at the same instant would conflict in an order the
// scheduler picks, and a rerun would differ. The order is shuffled rather
// than by index because a fixed order starves the same instances at every
// flush: with instances flushing in step (Config.Aligned), the Syncer's
// MaxRetries rounds let only the first MaxRetries+1 writers of a key land
// per flush, and the others would never land.
type gate struct {
	inner  *syncer.MemoryStore
	end    time.Time // calls after end (the final flushes) are not counted
	signal chan struct{}
	done   chan struct{}
	exited chan struct{}

	mu                             sync.Mutex // guards pending; the fields below it are the gate goroutine's
	pending                        []*call
	rng                            *rand.Rand
	writes, loads, conflicts, ties int64
}

// call is one store call waiting for the gate.
type call struct {
	inst  int
	ctx   context.Context
	write bool
	ws    []syncer.Write // if write
	keys  []cache.Key    // if not
	outs  []syncer.Outcome
	docs  []syncer.Doc
	err   error
	reply chan struct{}
}

func newGate(end time.Time, seed uint64) *gate {
	return &gate{
		inner:  syncer.NewMemoryStore(),
		rng:    rand.New(rand.NewPCG(seed, 3)),
		end:    end,
		signal: make(chan struct{}, 1),
		done:   make(chan struct{}),
		exited: make(chan struct{}),
	}
}

// do hands c to the gate and waits for its answer.
func (g *gate) do(c *call) {
	c.reply = make(chan struct{})
	g.mu.Lock()
	g.pending = append(g.pending, c)
	g.mu.Unlock()
	select {
	case g.signal <- struct{}{}:
	default: // the gate is woken already
	}
	<-c.reply
}

// run applies calls until stop. It is the only goroutine of the bubble that
// calls synctest.Wait.
func (g *gate) run() {
	defer close(g.exited)
	for {
		select {
		case <-g.signal:
		case <-g.done:
			return
		}
		for {
			synctest.Wait() // every call of this instant is in
			g.mu.Lock()
			batch := g.pending
			g.pending = nil
			g.mu.Unlock()
			if len(batch) == 0 {
				break
			}
			batch = orderCalls(g.rng, batch)
			counted := time.Now().Before(g.end)
			if counted {
				g.ties += int64(len(batch) - 1)
			}
			for _, c := range batch {
				if c.write {
					c.outs, c.err = g.inner.Write(c.ctx, c.ws)
				} else {
					c.docs, c.err = g.inner.Load(c.ctx, c.keys)
				}
				if counted {
					g.count(c)
				}
				close(c.reply)
			}
		}
	}
}

// orderCalls returns the calls of one instant, batch (in the scheduler's
// order), in the order the gate applies them: sorted, so that they are in a
// known order to shuffle with rng, and equal calls then side by side
// (pairEqualCalls).
func orderCalls(rng *rand.Rand, batch []*call) []*call {
	slices.SortFunc(batch, compareCalls)
	rng.Shuffle(len(batch), func(i, j int) { batch[i], batch[j] = batch[j], batch[i] })
	return pairEqualCalls(batch)
}

// compareCalls orders the calls of one instant by instance, then by what
// they ask: an instance may have two calls under way at once (its flush
// and a pull or a key's read), whose arrival order is the scheduler's.
// Calls that still compare equal (seen: two reads of one key, 11 times in
// a run of TestSlowStoreManyInstancesBound) are applied one after the
// other (pairEqualCalls).
func compareCalls(a, b *call) int {
	if c := cmp.Compare(a.inst, b.inst); c != 0 {
		return c
	}
	if a.write != b.write {
		if a.write {
			return -1
		}
		return 1
	}
	keys := func(c *call) []cache.Key {
		if !c.write {
			return c.keys
		}
		ks := make([]cache.Key, len(c.ws))
		for i, w := range c.ws {
			ks[i] = w.Key
		}
		return ks
	}
	return slices.CompareFunc(keys(a), keys(b), func(x, y cache.Key) int {
		return cmp.Or(cmp.Compare(x.ClientID, y.ClientID), cmp.Compare(x.User, y.User))
	})
}

// pairEqualCalls moves each call that compares equal to an earlier one of
// batch (compareCalls: one instance reading the same keys twice at one
// instant, its pull and a hot read) right after it, so that both read the
// store in the same state: which of the two arrived first is the
// scheduler's choice, and with another instance's write between them the
// two answers would differ by it.
func pairEqualCalls(batch []*call) []*call {
	out := make([]*call, 0, len(batch))
	for _, c := range batch {
		i := slices.IndexFunc(out, func(o *call) bool { return compareCalls(o, c) == 0 })
		if i < 0 {
			out = append(out, c)
			continue
		}
		for i+1 < len(out) && compareCalls(out[i+1], c) == 0 {
			i++
		}
		out = slices.Insert(out, i+1, c)
	}
	return out
}

// count adds c to the counts of calls.
func (g *gate) count(c *call) {
	if !c.write {
		g.loads++
		return
	}
	g.writes++
	for _, o := range c.outs {
		if o == syncer.Conflict {
			g.conflicts++
		}
	}
}

// stop ends run once no call is waiting.
func (g *gate) stop() {
	close(g.done)
	<-g.exited
}

// instStore is one instance's connection to the gate's store.
type instStore struct {
	g       *gate
	inst    int
	latency time.Duration
	bad     *badDoc // nil: none (see Config.BadDocuments)
}

// badDoc is the key of an instance whose document goes bad (see
// Config.BadDocuments): written once, then a write lost, then unreadable.
type badDoc struct {
	key                  cache.Key
	mu                   sync.Mutex
	written, lost, fixed bool
}

// Write implements syncer.Store.
func (s instStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	at := -1
	if s.bad != nil {
		at = slices.IndexFunc(ws, func(w syncer.Write) bool { return w.Key == s.bad.key })
	}
	if at < 0 {
		c := &call{inst: s.inst, ctx: ctx, write: true, ws: ws}
		s.roundTrip(c)
		return c.outs, c.err
	}
	b := s.bad
	b.mu.Lock()
	pass := !b.written || b.fixed
	var mine syncer.Outcome
	switch {
	case pass:
	case !b.lost:
		b.lost, mine = true, syncer.Unknown // not applied, its answer lost
	default:
		mine = syncer.Conflict // its filter names the bad field
	}
	b.mu.Unlock()
	if pass {
		c := &call{inst: s.inst, ctx: ctx, write: true, ws: ws}
		s.roundTrip(c)
		if c.err == nil && len(c.outs) == len(ws) && c.outs[at] == syncer.Written {
			b.mu.Lock()
			b.written = true
			b.mu.Unlock()
		}
		return c.outs, c.err
	}
	others := slices.Delete(slices.Clone(ws), at, at+1)
	c := &call{inst: s.inst, ctx: ctx, write: true, ws: others}
	s.roundTrip(c)
	if len(c.outs) != len(others) {
		return c.outs, c.err
	}
	return slices.Insert(c.outs, at, mine), c.err
}

// Load implements syncer.Store.
func (s instStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	c := &call{inst: s.inst, ctx: ctx, keys: keys}
	s.roundTrip(c)
	if s.bad != nil {
		s.bad.mu.Lock()
		lost := s.bad.lost && !s.bad.fixed
		s.bad.mu.Unlock()
		for i := range c.docs {
			if d := &c.docs[i]; lost && d.Key == s.bad.key && d.Snapshot.Version != 0 {
				*d = syncer.Doc{Key: d.Key, LastWrites: d.LastWrites, Unreadable: &syncer.UnreadableError{
					ID: d.Key.ClientID, Field: "requestCounters.60.0", Held: `{"$numberDouble":"2.5"}`, Want: "a whole number",
					Version: d.Snapshot.Version,
				}}
			}
		}
	}
	return c.docs, c.err
}

func (s instStore) roundTrip(c *call) {
	time.Sleep(s.latency / 2)
	s.g.do(c)
	time.Sleep(s.latency - s.latency/2)
}

// Sweep implements syncer.Store; it is never called (see TTL).
func (s instStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	return s.g.inner.Sweep(ctx, now)
}

// TTL reports true, so that the Syncers do not sweep: a run is shorter than
// any document's life, and sweeps would only add calls to the count.
func (instStore) TTL() bool { return true }

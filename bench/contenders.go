// Package bench runs the same rate-limiting workloads through this project's
// per-request decision and through the limiters a user would otherwise
// import, so that one run in one process places them side by side.
//
// It is its own module so that the peers never enter the library's go.mod;
// `go test ./...` at the repository root does not enter it (run `make bench`,
// or `cd bench && go test -bench .`).
//
// Every contender decides one request for one key and reports whether it
// was admitted. The limits are so high that every contender admits every
// request: what is measured is the admit-and-count path of a key already
// held, the path nearly every request takes. A benchmark fails if any
// contender denies.
package bench

import (
	"context"
	"hash/maphash"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-chi/httprate"
	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
	golimiter "github.com/sethvargo/go-limiter"
	"github.com/sethvargo/go-limiter/memorystore"
	ulule "github.com/ulule/limiter/v3"
	ululememory "github.com/ulule/limiter/v3/drivers/store/memory"
	"golang.org/x/time/rate"
)

// The clock of the project contenders. The middleware reads Config.Now once
// per request (middleware.go, serveParsed): the server sets it to a
// CoarseClock's Now (--clock-tick, 1 ms by default), the library's default
// is time.Now. `project` reads a CoarseClock as the server does,
// `project-timenow` time.Now as the library's default does; both call it
// through a func value, as the middleware calls Config.Now.

// fixedNow is the time of the fixed-clock contender.
var fixedNow = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// Limit is every contender's limit per window: high enough that no
// contender ever denies, so that every request takes the admit path.
const Limit = 1 << 50

// Window is every contender's window, except go-limiter's (see newGoLimiter).
const Window = time.Minute

// Key is one request's key in the two shapes the contenders take: this
// project's cache.Key (client ID and user) and, for the peers, one string
// holding the same bytes.
type Key struct {
	Cache cache.Key
	Flat  string
}

// Contender is one limiter under test.
type Contender interface {
	// Decide decides one request for k and reports whether it was
	// admitted. It must not keep k's strings after it returns unless it
	// copies them: they may view a buffer the next request overwrites, as
	// the middleware's keys view the pooled request buffer.
	Decide(k *Key) bool
	// Close stops the contender's background goroutines, if any.
	Close()
}

// Spec names a contender and builds it.
type Spec struct {
	Name string
	// About says what is measured, for the printed legend.
	About string
	New   func() Contender
}

// Contenders are the contenders in their default order; ProjectName is the
// baseline of the ratios, FloorName the floor.
var Contenders = []Spec{
	{ProjectName, "cache.ReserveTiers (the tiers compiled once, cache.Tiers) + Commit, one 1m tier, the clock read per request from a CoarseClock (1 ms tick), as the server reads it", newProject},
	{"project-timenow", "the same with time.Now per request (the library's default Config.Now)", newProjectTimeNow},
	{"project-fixedclock", "the same with a fixed time (no clock read): not the request path", newProjectFixedClock},
	{"project-1m1h", "the same as project with two tiers, 1m and 1h: the shape of policy.example.yaml's client rules", newProject1m1h},
	{"project-1m1h-fixedclock", "project-1m1h with a fixed time: for instruction counts, not the request path", newProject1m1hFixedClock},
	{"go-limiter", "sethvargo/go-limiter memorystore Take (interval 24h, see newGoLimiter)", newGoLimiter},
	{"x-time-rate", "golang.org/x/time/rate Limiter.Allow, one limiter per key in a sharded map", newXTimeRate},
	{"httprate", "go-chi/httprate local counter, the decision of RateLimiter.OnLimit without headers", newHTTPRate},
	{"ulule", "ulule/limiter/v3 memory store, Limiter.Get", newUlule},
	{FloorName, "bare sharded map + atomic add, no clock", newFloor},
}

// Experiments are contenders that are neither the library nor a peer:
// prototypes of a change to the cache, measured before it is made (issue
// 12's "entries inline", helper-51's report in bench/results). They are left
// out of Contenders, so out of BenchmarkDecide, make bench and benchratio's
// rounds; benchratio takes them by name (-pair, -base, -contenders). They
// hash keys with a copy of the cache's unexported hash (protoMixPart), which
// does not follow a change of the cache's.
var Experiments = []Spec{
	{"proto-inline", "a prototype, not the library (bench/proto.go): project's one-tier decision over an open-addressed table of 64-byte slots holding the key and its counter (one memory miss)", newProtoInline},
	{"proto-inline-entry", "proto-inline with the cache's whole entry in 128-byte slots (two lines of one page, both addressed from the hash), decided as the cache's fast path", newProtoEntry},
	{"proto-hot", "the cache's entry split: a 64-byte hot line (the fast path's fields, narrowed, and a key of up to 26 bytes) and a 32-byte cold part, in parallel arrays addressed from the hash; decided as the cache's fast path (bench/proto_hot.go)", newProtoHot},
	{"proto-hot-1m1h", "proto-hot with project-1m1h's two tiers, 1m and 1h: the second counter in a third parallel array of 16-byte counters at the slot's index, so its line is fetched with the hot line's, not after it (bench/proto_hot2.go)", newProtoHot2},
	{"proto-hot-1m1h-ptr", "proto-hot-1m1h with the second counter in a 16-byte allocation of its own, behind a pointer at the slot's index (helper-128's fallback): the control, a miss that waits on the pointer's (bench/proto_hot2ptr.go)", newProtoHot2Ptr},
}

// ProjectName and FloorName name the baseline and the floor.
const (
	ProjectName = "project"
	FloorName   = "floor"
)

// project is this project's decision as the middleware makes it for one
// key: read the clock, ReserveTiers, Commit (the token endpoint answered
// 2xx).
type project struct {
	c     *cache.Cache
	tiers cache.Tiers // compiled for c, as the middleware compiles a policy's (see setTiers)
	now   func() time.Time
	clk   *oauthratelimit.CoarseClock // stopped by Close; nil: none
}

func newProject() Contender {
	clk, err := oauthratelimit.NewCoarseClock(oauthratelimit.DefaultClockTick)
	if err != nil {
		panic(err) // a valid tick
	}
	p := newProjectWith(clk.Now)
	p.clk = clk
	return p
}

func newProjectTimeNow() Contender { return newProjectWith(time.Now) }

// newProject1m1h is project with the tiers policy.example.yaml gives a
// client, a minute's and an hour's: a key then counts in two window
// sizes, and its second counter lives in an allocation of its own (see
// cache's entry), which a decision reads as well.
func newProject1m1h() Contender {
	p := newProject().(*project)
	p.setTiers(tiers1m1h)
	return p
}

// tiers1m1h are the tiers of project-1m1h.
var tiers1m1h = []window.Tier{{Limit: Limit, Size: Window}, {Limit: Limit, Size: time.Hour}}

// newProject1m1hFixedClock is project-1m1h with a fixed clock, as
// project-fixedclock is project with one: bench/instructions.sh counts
// instructions with it, which a ticking clock would make depend on how
// slowly valgrind runs.
func newProject1m1hFixedClock() Contender {
	p := newProjectFixedClock().(*project)
	p.setTiers(tiers1m1h)
	return p
}

func newProjectFixedClock() Contender {
	return newProjectWith(func() time.Time { return fixedNow })
}

func newProjectWith(now func() time.Time) *project {
	// MaxKeys well above the 1M keys of the largest workload: the cache
	// caps each of its shards at MaxKeys/Shards, and at the default
	// (1,048,576) some shards would overflow and evict.
	c, err := cache.New(cache.Config{MaxKeys: 4 << 20})
	if err != nil {
		panic(err) // a constant config
	}
	p := &project{c: c, now: now}
	p.setTiers([]window.Tier{{Limit: Limit, Size: Window}})
	return p
}

// setTiers makes tiers p's, compiled for its cache (cache.Tiers) as the
// middleware compiles a policy's when it installs the policy.
func (p *project) setTiers(tiers []window.Tier) { p.tiers = p.c.Tiers(tiers) }

// Decide reserves into a Decision of its own, as the middleware does into
// its pooled request state (cache.ReserveTiers), here on the goroutine's
// stack: Decide runs on several goroutines at once.
func (p *project) Decide(k *Key) bool {
	now := p.now()
	var d cache.Decision
	p.c.ReserveTiers(&d, k.Cache, &p.tiers, 1, cache.Enforce, now)
	if d.Counted {
		p.c.Commit(&d.Reservation)
	}
	return d.Allowed
}

func (p *project) Close() {
	if p.clk != nil {
		p.clk.Stop()
	}
}

// goLimiter is sethvargo/go-limiter's memorystore.
type goLimiter struct {
	s golimiter.Store
}

// newGoLimiter's interval is 24h, not Window: go-limiter refills a bucket
// with (ticks elapsed) × interval/tokens tokens, which for 2^50 tokens per
// minute is 0, so a bucket would deny everything from its second interval
// on. The interval does not change the cost of the admit path.
func newGoLimiter() Contender {
	s, err := memorystore.New(&memorystore.Config{Tokens: Limit, Interval: 24 * time.Hour})
	if err != nil {
		panic(err)
	}
	return &goLimiter{s: s}
}

func (g *goLimiter) Decide(k *Key) bool {
	_, _, _, ok, err := g.s.Take(context.Background(), k.Flat)
	return ok && err == nil
}

func (g *goLimiter) Close() { _ = g.s.Close(context.Background()) }

// shards is the shard count of the sharded maps below, the cache's default.
const shards = 256

// shardedMap maps strings to *V with a lock per shard, as one would write
// it: a keyed hash picks the shard, a read lock covers the lookup, a write
// lock the insertion of a new key.
type shardedMap[V any] struct {
	seed   maphash.Seed
	newV   func() *V
	shards [shards]struct {
		mu sync.RWMutex
		m  map[string]*V
		_  [40]byte // keeps neighbouring shards' locks off one cache line
	}
}

func newShardedMap[V any](newV func() *V) *shardedMap[V] {
	m := &shardedMap[V]{seed: maphash.MakeSeed(), newV: newV}
	for i := range m.shards {
		m.shards[i].m = make(map[string]*V)
	}
	return m
}

func (m *shardedMap[V]) get(k string) *V {
	s := &m.shards[maphash.String(m.seed, k)%shards]
	s.mu.RLock()
	v, ok := s.m[k]
	s.mu.RUnlock()
	if ok {
		return v
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.m[k]; ok {
		return v
	}
	v = m.newV()
	s.m[strings.Clone(k)] = v // k may view a reused buffer
	return v
}

func (m *shardedMap[V]) len() int {
	n := 0
	for i := range m.shards {
		s := &m.shards[i]
		s.mu.RLock()
		n += len(s.m)
		s.mu.RUnlock()
	}
	return n
}

// xTimeRate is one golang.org/x/time/rate token bucket per key.
type xTimeRate struct {
	m *shardedMap[rate.Limiter]
}

func newXTimeRate() Contender {
	r := rate.Limit(float64(Limit) / Window.Seconds())
	return &xTimeRate{m: newShardedMap(func() *rate.Limiter { return rate.NewLimiter(r, Limit) })}
}

func (x *xTimeRate) Decide(k *Key) bool { return x.m.get(k.Flat).Allow() }

func (x *xTimeRate) Close() {}

// httpRate is go-chi/httprate's local counter, decided as
// RateLimiter.OnLimit decides (httprate v0.16.1 limiter.go): the window of
// time.Now, the limiter-wide mutex, calculateRate (which reads the clock
// again and Gets both windows' counts), then IncrementBy. OnLimit itself
// needs an http.ResponseWriter and formats its headers' values even when
// the headers are switched off; that is left out, as this project's header
// writing is.
type httpRate struct {
	mu      sync.Mutex
	counter httprate.LimitCounter
	window  time.Duration
	offset  time.Duration // like NewRateLimiter's, windows align to the start
	limit   int
}

func newHTTPRate() Contender {
	start := time.Now().UTC()
	return &httpRate{
		counter: httprate.NewLocalLimitCounter(Window),
		window:  Window,
		offset:  start.Sub(start.Truncate(Window)),
		limit:   Limit,
	}
}

func (h *httpRate) currentWindow(t time.Time) time.Time {
	return t.Add(-h.offset).Truncate(h.window).Add(h.offset)
}

func (h *httpRate) Decide(k *Key) bool {
	cw := h.currentWindow(time.Now().UTC())
	h.mu.Lock()
	// calculateRate
	now := time.Now().UTC()
	curr := h.currentWindow(now)
	cc, pc, err := h.counter.Get(k.Flat, curr, curr.Add(-h.window))
	if err != nil {
		h.mu.Unlock()
		return false
	}
	diff := now.Sub(curr)
	r := int(math.Round(float64(pc)*(float64(h.window)-float64(diff))/float64(h.window) + float64(cc)))
	if r+1 > h.limit {
		h.mu.Unlock()
		return false
	}
	err = h.counter.IncrementBy(k.Flat, cw, 1)
	h.mu.Unlock()
	return err == nil
}

func (h *httpRate) Close() {}

// uluLimiter is ulule/limiter/v3 with its memory store, as NewStore
// configures it (prefix "limiter", cleanup every 30s).
type uluLimiter struct {
	l *ulule.Limiter
}

func newUlule() Contender {
	return &uluLimiter{l: ulule.New(ululememory.NewStore(), ulule.Rate{Period: Window, Limit: Limit})}
}

func (u *uluLimiter) Decide(k *Key) bool {
	c, err := u.l.Get(context.Background(), k.Flat)
	return err == nil && !c.Reached
}

// Close leaves the store's cleaner to its finalizer: the store has no
// Close.
func (u *uluLimiter) Close() {}

// floor is the least a keyed counter can cost: a sharded map and an atomic
// add, no clock, no window.
type floor struct {
	m *shardedMap[atomic.Int64]
}

func newFloor() Contender {
	return &floor{m: newShardedMap(func() *atomic.Int64 { return new(atomic.Int64) })}
}

func (f *floor) Decide(k *Key) bool { return f.m.get(k.Flat).Add(1) <= Limit }

func (f *floor) Close() {}

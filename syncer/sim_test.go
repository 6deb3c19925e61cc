package syncer_test

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/clocksteps"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestSimulation runs the whole sync protocol deterministically, in the
// spirit of FoundationDB's simulation testing: several instances, each its
// own cache.Cache and Syncer with its own clock, share one MemoryStore
// behind faultStore (conflicts, lost answers, partial bulks, outages, writes
// that land later), and one seeded PCG, from one goroutine, decides every
// step: requests (Reserve, then Commit or Release, at once or steps later),
// flushes, pulls, the true clock moving by milliseconds to seconds (frames of
// 2 s to 1 m roll over hundreds of times), policy changes that add and
// remove window sizes (instances on different tier lists during a rollout;
// more than cache.MaxSizes sizes over a key's life), evictions (a third of
// the instances run with MaxKeys 1), idle sweeps, store outages and
// instance restarts. Store calls take time (the clock moves during them)
// and, where a case says so, other instances act during them: that is how
// concurrency is modelled without goroutines, so a failing seed replays
// exactly. Keys are made over a buffer that is overwritten after each
// request, as the middleware's pooled request buffer is.
//
// It accounts every committed token by the frame its instance counted it in
// (committed[key][size][frame], read back from the Reservation), what a
// restart lost (the instance's unflushed counts; restarts happen only with
// every write settled, so nothing of the instance can still land) and what
// a cache dropped at MaxKeys (Stats.Dropped, attributed by the local counts
// the eviction took). It checks:
//   - after every step, for every frame in the store: it holds no more than
//     was committed, less what restarts lost (nothing counted twice, no
//     count on a key nobody used);
//   - every epoch steps, and at the end, once the faults are off and every
//     instance has flushed everything and settled every lost answer, for
//     every frame that still weighs on every instance's window (a frame of
//     size S starting at f, while the clock furthest ahead is before
//     f + 2S; an older one may rightly be dropped by any writer): the store
//     holds exactly what was committed, less what restarts lost and caches
//     dropped (no count vanishes, none crosses keys), and no instance keeps
//     a count it cannot flush.
//
// The cache before the fixes of issue 7 counted a reservation when it was
// made and took it back on Release; the test runs against it too (see
// reserveCounts), and then also expects open reservations in the store and
// allows the store a release not yet flushed.
//
// Each case adds one thing to the baseline, so that a failing case names
// what breaks: see simCases. SYNCER_SIM_SEED=s runs seed s alone;
// SYNCER_SIM_SEEDS=n runs n random seeds per case (default 2, or 1 with
// -short); SYNCER_SIM_STEPS=n sets the steps per run; SYNCER_SIM_TRACE=1
// logs every action and every write. The soak run (about 5 s per seed, all
// cases, under -race):
//
//	SYNCER_SIM_SEEDS=200 go test -race -run TestSimulation -timeout 2h ./syncer/
//
// Replay is exact: the caches have one shard (so the dirty list, and with
// it each flush's batches, is in the order keys were counted), evicting
// instances have MaxKeys 1 (the victim is the only key held), and a pull
// goes past the faults and lets other actions run only before its first
// call (its keys come in map order). Go's map order inside the cache does
// not reach anything the test decides. A seed replays a run of the same
// test against the same code: a change to either changes the run.
func TestSimulation(t *testing.T) {
	seeds := simSeeds(t)
	for _, tc := range simCases() {
		t.Run(tc.name, func(t *testing.T) {
			for _, seed := range seeds {
				t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) {
					t.Logf("seed %d (rerun with SYNCER_SIM_SEED=%d go test -race -run 'TestSimulation/%s$' ./syncer/)", seed, seed, tc.name)
					runSim(t, seed, tc.cfg)
				})
			}
		})
	}
}

// simCase is a named configuration of the simulation.
type simCase struct {
	name string
	cfg  simConfig
}

// simCases are the configurations TestSimulation runs. The baseline has
// faults, restarts and evictions, with one policy and clocks in step; each
// other case adds one thing, and the last has everything at once.
func simCases() []simCase {
	base := simConfig{
		instances: 3,
		faults:    chaos,
		policy:    policyFixed,
		steps:     3000,
		epoch:     25,
	}
	with := func(f func(*simConfig)) simConfig {
		c := base
		f(&c)
		return c
	}
	cases := []simCase{
		{"baseline", base},
		// Finding 2: instance clocks up to ±2 s apart; one instance
		// writes frame F+1 while another still counts in F.
		{"skew", with(func(c *simConfig) { c.skew = 2 * time.Second })},
		// Finding 2 without skew: store calls take time and other
		// instances act during them, so a pull or flush works with a
		// now read before its I/O.
		// The loss needs a call that spans a boundary while another
		// instance writes the next frame, and a write after: rarer per
		// step than with skew, so more steps.
		{"interleaved", with(func(c *simConfig) { c.latency, c.interleave, c.steps = true, 0.5, 10000 })},
		// Finding 3: instances adopt new tier lists one at a time, from
		// four sizes (no key ever needs a fifth counter).
		{"rollout", with(func(c *simConfig) { c.policy = policyRollout })},
		// Finding 3, fifth size: one instance moves again and again to
		// a window size never used before, so each key's fifth size
		// replaces a counter. One instance and no size used twice: no
		// store frame is ever of a size being added (that is rollout).
		{"fifth-size", with(func(c *simConfig) { c.policy, c.instances = policyFresh, 1 })},
		// Sizes come and go from five (2s to 1m), so a size whose
		// counter was given up comes back while the key still holds
		// counts of the old one, and held requests end after their
		// counter was given up.
		{"resize", with(func(c *simConfig) { c.policy, c.instances, c.extraPolicy, c.steps = policyChaos, 1, 0.1, 6000 })},
		{"everything", with(func(c *simConfig) {
			c.instances = 4
			c.skew = 2 * time.Second
			c.latency, c.interleave = true, 0.3
			c.policy = policyChaos
			c.steps = 6000
		})},
	}
	// Clocks that jump: an instance's clock steps ahead or back (by less
	// than a frame, one frame, several, minutes, an hour: an NTP step, a VM
	// restored from a snapshot) and is set right; with
	// SYNCER_SIM_JUMPS=stack it also steps again before it is set right,
	// and is set right in two steps (the first still off). Every epoch's
	// exact check comes after every clock is set right. Only on demand
	// (SYNCER_SIM_JUMPS=1 or stack). =1 passed
	// 124 seeds after the fixes it led to (helper-125's report), with the
	// previous frame's counts held when a counter moves one frame on; they
	// are dropped again (cache's TestOneFrameRollHoldsNothing: held, they
	// cost every busy key 248 bytes through a store outage), and the frames
	// a clock ahead read two to three of their sizes past are excused
	// (sim.leaveAhead): with that, =1 passes helper-125's 20 seeds and 40
	// others (helper-133's report, after the two fixes it led to), and
	// fails all 20 with the two-frame hold (holdBehind) taken out. =stack
	// also has a clock that steps again before it is set right give up
	// what it held: set back in two steps, the first still ahead (cache's
	// TestHeldGivenUpAtAFirstStepBack), or ahead again past the hold's end
	// (TestHeldNotHeldOnByARightClock); those frames may miss that
	// instance's counts (sim.leaveAhead, excused_stacked). With that and the fix it led to
	// (cache's TestInFlightHeldAFramePastTheRoll), =stack passes the 11 of
	// 20 seeds that failed at 9c7422b and 40 others, and of 20 of them
	// fails all 20 with the two-frame hold taken out, 14 with the hold of
	// a request in flight across a jump (addLocal) taken out, and 1 with
	// that fix taken out (helper-138's report). =1 failed seed
	// 14517789502130780888 until a count of a frame after its counter's
	// (reserved while ahead, committed once set right) was held past the
	// next jump's hold by that much (cache's
	// TestCommittedAheadHeldPastTheJumpsHold); with that, =1 and =stack
	// pass helper-143's 200 seeds and 20 others each (helper-147's report).
	// SYNCER_SIM_NOEXCUSE=1 turns sim.leaveAhead's excuses off
	// (simNoExcuse): run it with SYNCER_SIM_DETECTOR=all. Every instance's
	// clock has a step detector beside it, checked at every reading
	// (sim.checkSteps), which feeds the cache's Config.Steps of every
	// other instance (SYNCER_SIM_DETECTOR=all: every one; =none: none).
	// Documents deleted by an operator (or a TTL monitor, a restore of a
	// dump without them) while the fleet writes them: what they held is
	// gone, what writes not settled by their instances carried may come
	// back once (sim.deleted), nothing else is lost or counted twice; half
	// the deletions are of a key with a write on its way. Store calls
	// take time and other instances act during them (interleaved), so
	// that another instance creates a document again between an
	// instance's read of it gone and its write. At most 20 a run. Only on
	// demand (SYNCER_SIM_DELETES=1).
	if os.Getenv("SYNCER_SIM_DELETES") != "" {
		cases = append(cases, simCase{"deletes", with(func(c *simConfig) {
			c.faults.deleteDoc, c.faults.maxDeletes = 0.01, 20
			c.latency, c.interleave = true, 0.3
		})})
	}
	if j := os.Getenv("SYNCER_SIM_JUMPS"); j != "" {
		cases = append(cases, simCase{"jumps", with(func(c *simConfig) {
			c.jumps, c.stackJumps, c.steps, c.epoch = 0.04, j == "stack", 6000, 60
		})})
	}
	return cases
}

// simSeeds returns the seeds to run, from SYNCER_SIM_SEED or
// SYNCER_SIM_SEEDS, else random ones.
func simSeeds(t *testing.T) []uint64 {
	t.Helper()
	if s := os.Getenv("SYNCER_SIM_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("SYNCER_SIM_SEED=%q: want an unsigned integer", s)
		}
		return []uint64{seed}
	}
	n := 2
	if testing.Short() {
		n = 1
	}
	if s := os.Getenv("SYNCER_SIM_SEEDS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n < 1 {
			t.Fatalf("SYNCER_SIM_SEEDS=%q: want a positive integer", s)
		}
	}
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = rand.Uint64()
	}
	return seeds
}

// policyMode is how the tier lists change during a run.
type policyMode int

const (
	// policyFixed: one tier list per kind of key for the whole run.
	policyFixed policyMode = iota
	// policyRollout: a new target policy from sizes 2s, 3s, 5s and 10s
	// now and then; instances adopt it one at a time.
	policyRollout
	// policyFresh: every instance moves at once to one size never used
	// before (2s, 3s, 4s, ...), so no size is ever added twice.
	policyFresh
	// policyChaos: as policyRollout, from sizes 2s, 3s, 5s, 10s and 1m.
	policyChaos
)

// simConfig configures one run of the simulation.
type simConfig struct {
	instances   int
	skew        time.Duration // the most an instance's clock is off the true clock, either way
	latency     bool          // store calls take time: the true clock moves during them
	interleave  float64       // probability that another action runs during a store call
	policy      policyMode
	extraPolicy float64 // probability of a policy change before each step, besides the usual 4 %
	faults      faults
	// jumps is the probability, before each top-level step, that an
	// instance's clock steps (see sim.jumpClock); with it no instance
	// evicts at MaxKeys 1, and restarts wait for the clock to be right.
	jumps float64
	// stackJumps lets a clock that jumped jump again before it is set
	// right, and be set right in two steps (the first still off).
	stackJumps bool
	steps      int // top-level steps
	epoch      int // steps between quiescent exact checks
}

// simKeys are the keys requests are made for: client-only keys and
// client+user keys, client IDs of equal length, and keys whose
// concatenations are equal ("ab"+"c", "a"+"bc", "abc"). simWeights are
// their shares of the traffic, all different, so that a count that moves to
// another key cannot leave both totals right.
var (
	simKeys = []cache.Key{
		{ClientID: "svc-a"},
		{ClientID: "svc-b"},
		{ClientID: "svc-a", User: "alice"},
		{ClientID: "svc-b", User: "bob"},
		{ClientID: "ab", User: "c"},
		{ClientID: "a", User: "bc"},
		{ClientID: "abc"},
	}
	simWeights = []int{2, 3, 5, 7, 11, 13, 17}
)

// fkey names one frame of one key: the key's index in simKeys, the window
// size and the frame's start, both in seconds.
type fkey struct {
	key   int
	size  int64
	start int64
}

// simPolicy is an instance's tier lists: one for client keys, one for
// client+user keys.
type simPolicy struct {
	client, user []window.Tier
}

func (p simPolicy) tiersFor(k cache.Key) []window.Tier {
	if k.User == "" {
		return p.client
	}
	return p.user
}

func (p simPolicy) String() string {
	sizes := func(ts []window.Tier) string {
		var b strings.Builder
		for i, t := range ts {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(t.Size.String())
		}
		return b.String()
	}
	return "client[" + sizes(p.client) + "] user[" + sizes(p.user) + "]"
}

func tiersOf(sizes ...int64) []window.Tier {
	ts := make([]window.Tier, len(sizes))
	for i, s := range sizes {
		ts[i] = window.Tier{Limit: bigLimit, Size: time.Duration(s) * time.Second}
	}
	return ts
}

// simInstance is one limiter instance: a cache and its Syncer, with a clock
// offset from the true clock. A restart replaces all of it but the index.
type simInstance struct {
	idx    int
	life   int // restarts so far
	id     string
	offset time.Duration
	jump   time.Duration // how far the clock has stepped from offset (jumps), 0 once set right
	half   bool          // the clock is being set right in two steps: the next step back sets it right
	jumped bool          // the clock stepped since the last checkViews, which leaves the instance out
	// aheadMax is the furthest (Unix second) the clock read while it was
	// ahead, and aheadFrames the frames it committed in meanwhile (see
	// sim.leaveAhead).
	aheadMax    int64
	aheadFrames map[fkey]bool
	// aheadSpans are the spans (Unix seconds, inclusive) the clock read
	// while ahead, one per step; spanOpen says the last one is still
	// being read (see sim.leaveAhead).
	aheadSpans [][2]int64
	spanOpen   bool
	// stacked says the clock stepped again (ahead, back, or back
	// halfway) since it was last right, and stackMax is the furthest
	// (Unix second) it read while ahead since then (see sim.leaveAhead).
	stacked  bool
	stackMax int64
	// viewAfter is the true clock (nanoseconds) until which checkViews
	// leaves the instance out: a minute (the longest window) after its
	// clock stepped back from ahead.
	viewAfter int64
	maxKeys   int
	cache     *cache.Cache
	syncer    *syncer.Syncer
	policy    simPolicy
	open      []openRes // reserved, not yet committed or released

	// steps is a step detector beside the clock, as a CoarseClock has,
	// observing every reading of it (now); the cache's Config.Steps asks
	// it. Made with the cache: a restart starts a new history at the
	// clock's offset then, firstJump (a clock already wrong is not seen).
	// checkSteps checks it at every reading against what it was shown:
	// readJump is the jump of the last reading, readLow the least jump
	// read at two readings in a row since the cache was made (firstJump
	// included), lowJump the least jump since then, read or not (what an
	// oracle beside the clock would know, helper-162's probe).
	steps                                 *clocksteps.Detector
	firstJump, readJump, readLow, lowJump time.Duration

	pullCalls int // Load calls of the pull under way
	// flushReads are the keys the flush under way read, each with the
	// store's mark at its last read (see faultStore.settled).
	flushReads map[cache.Key]int64
	pullFail   bool // the pull under way fails
}

// openRes is a reservation held across steps: a request waiting for the
// token endpoint's answer.
type openRes struct {
	key    int
	res    cache.Reservation
	frames []fkey
}

// simAction is an action under way; actions nest when another runs during
// a store call.
type simAction struct {
	in   *simInstance
	kind string // "flush" or "pull"
}

// sim is the state of one run.
type sim struct {
	t     *testing.T
	cfg   simConfig
	seed  uint64
	rng   *rand.Rand
	trace bool

	nowNano int64 // the true clock
	inner   *syncer.MemoryStore
	store   *faultStore
	ins     []*simInstance

	// committed counts the committed tokens by the frame their instance
	// counted them in; lost what restarts lost (an instance's local
	// counts when it stopped; negative for a release not yet written);
	// dropped what the caches dropped and counted in Stats.Dropped (an
	// evicted key's unflushed counts while MaxKeys others waited);
	// released what was released after being held across steps.
	committed, lost, dropped, released map[fkey]int64
	// deleted counts what the documents an operator deleted held (the
	// deletes case, faultStore.maybeDelete); back what of it writes whose
	// answers were lost carried, which their instances write again, so
	// that it may come back once.
	deleted, back map[fkey]int64
	// excused are the frames a write dropped while they were still in the
	// window by the true clock (Write.Drop, from a writer whose clock had
	// jumped three frames or more ahead: README "Clock skew", past one
	// window of skew); the exact check leaves them out.
	excused map[fkey]bool
	// stackedBy are, per frame, the instances (a bit each, by index)
	// whose clock stepped again while off and read the frame two of its
	// sizes past while ahead (see leaveAhead): the exact check lets the
	// store miss up to what those instances committed in the frame, not
	// the counts of the others.
	stackedBy map[fkey]uint64
	// committedBy splits committed by instance (index), for the report.
	committedBy map[fkey][]int64
	// reserveCounts says whether the cache counts a reservation when it
	// is made and takes it back on Release (so the store may hold it
	// while it is open, and a release until it is flushed), rather than
	// only when it is committed.
	reserveCounts bool

	target    simPolicy // the policy instances move to (rollout modes)
	nextFresh int64     // the next unused size (policyFresh)
	step      int
	actions   []simAction
	quiet     bool // quiescing: no faults, latency or interleaving
	down      int  // steps of store outage left
	recent    []simLine
	buf       []byte // the "pooled request buffer" keys are made over
	stats     map[string]int
}

const simRecent = 40 // actions shown with a failure

func runSim(t *testing.T, seed uint64, cfg simConfig) {
	s := &sim{
		t: t, cfg: cfg, seed: seed,
		rng:         rand.New(rand.NewPCG(seed, 0x51a1)),
		trace:       os.Getenv("SYNCER_SIM_TRACE") != "",
		inner:       syncer.NewMemoryStore(),
		committed:   make(map[fkey]int64),
		lost:        make(map[fkey]int64),
		dropped:     make(map[fkey]int64),
		committedBy: make(map[fkey][]int64),
		released:    make(map[fkey]int64),
		deleted:     make(map[fkey]int64),
		back:        make(map[fkey]int64),
		excused:     make(map[fkey]bool),
		stackedBy:   make(map[fkey]uint64),
		nextFresh:   2,
		buf:         make([]byte, 0, 64),
		stats:       make(map[string]int),
	}
	if v := os.Getenv("SYNCER_SIM_STEPS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("SYNCER_SIM_STEPS=%q: want a positive integer", v)
		}
		s.cfg.steps = n
	}
	// Start anywhere inside a minute, so that frames do not all start
	// with the run.
	s.nowNano = t0.UnixNano() + s.rng.Int64N(int64(time.Minute))
	s.reserveCounts = reserveCounts(t)
	s.store = newFaultStore(t, s.inner, s.rng.Uint64(), cfg.faults)
	if cfg.faults.maxDeletes > 0 {
		s.store.onDelete = s.deletedDoc
	}
	s.target = s.drawPolicy()
	for i := range cfg.instances {
		in := &simInstance{idx: i, policy: s.target}
		s.start(in)
		s.ins = append(s.ins, in)
	}
	for s.step = 1; s.step <= s.cfg.steps; s.step++ {
		s.topStep()
		s.check(false)
		if s.step%s.cfg.epoch == 0 {
			s.setRight()
			s.quiesce()
			s.check(true)
			s.checkViews()
			s.resume()
		}
	}
	s.setRight()
	s.quiesce()
	s.check(true)
	s.checkViews()
	t.Logf("%d steps, %.0f s of simulated time; actions: %v; faults: %v",
		s.cfg.steps, time.Duration(s.nowNano-t0.UnixNano()).Seconds(), s.stats, s.store.stats)
}

// deletedDoc accounts d, deleted by an operator, and what of it may come
// back (see sim.deleted).
func (s *sim) deletedDoc(d syncer.Doc, back []cache.Frame) {
	ki := slices.Index(simKeys, d.Key)
	if ki < 0 {
		s.fail("deleted a document of key %q, which no request used", d.Key)
	}
	for _, f := range d.Snapshot.Frames {
		s.deleted[fkey{key: ki, size: int64(f.Size / time.Second), start: f.StartUnix}] += f.N
	}
	for _, f := range back {
		s.back[fkey{key: ki, size: int64(f.Size / time.Second), start: f.StartUnix}] += f.N
	}
	s.act("operator deletes the document of key %s: %v (of which may come back %v)", keyName(ki), d.Snapshot.Frames, back)
}

// start gives in a new cache and Syncer (a first start or a restart): a new
// instance ID, a new clock offset, a new MaxKeys.
func (s *sim) start(in *simInstance) {
	in.id = fmt.Sprintf("inst-%d-life-%d", in.idx, in.life)
	if s.cfg.skew > 0 {
		in.offset = time.Duration(s.rng.Int64N(int64(2*s.cfg.skew+1))) - s.cfg.skew
	}
	in.maxKeys = 1 << 12
	if s.rng.IntN(3) == 0 && s.cfg.jumps == 0 {
		in.maxKeys = 1 // every new key evicts the one held
	}
	// The sim's limits are out of reach, so no key is ever near one:
	// HotPercent < 0 makes every key count as near its limit on some
	// instances, so that adaptive sync (HotOnce) writes and reads them.
	hot := 0
	if s.rng.IntN(3) == 0 {
		hot = -1
	}
	in.steps = clocksteps.New(simStepsHorizon, s.nowNano+int64(in.offset+in.jump), time.Duration(s.nowNano))
	in.firstJump, in.readJump, in.readLow, in.lowJump = in.jump, in.jump, in.jump, in.jump
	steps := func() (int64, int64) {
		return in.steps.At(s.nowNano+int64(in.offset+in.jump), time.Duration(s.nowNano))
	}
	if !simStepsFed(in) {
		steps = nil // the cache's rules without a detector
	}
	// MaxHeldFrames -1: the holds uncapped. Past the cap a key's oldest
	// held frames go, counted in Stats.Dropped (cache's
	// TestStepsHeldCapped), but the exact check cannot tell which frames
	// went: AppendLocal leaves held frames out, and a cap reached in a
	// flush or a pull is met by no check of Dropped here (capped at 16,
	// SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1
	// failed 1 seed of 20 on "the local counts lost 0 requests,
	// Stats.Dropped grew by 1").
	c, err := cache.New(cache.Config{Shards: 1, MaxKeys: in.maxKeys, Now: in.now(s), HotPercent: hot, Steps: steps, MaxHeldFrames: -1})
	if err != nil {
		s.t.Fatal(err)
	}
	in.cache = c
	in.syncer = newSyncer(s.t, syncer.Config{
		Cache:      c,
		Store:      &simConn{s: s, in: in},
		Instance:   in.id,
		Now:        in.now(s),
		BatchSize:  []int{2, 3, 500}[s.rng.IntN(3)],
		MaxRetries: 1 + s.rng.IntN(3),
	})
	in.open = nil
}

// now returns in's clock: the true clock plus its offset.
func (in *simInstance) now(s *sim) func() time.Time {
	return func() time.Time {
		t := time.Unix(0, s.nowNano).Add(in.offset + in.jump).UTC()
		s.checkSteps(in)
		if in.jump > 0 {
			u := t.Unix()
			in.aheadMax = max(in.aheadMax, u)
			if in.stacked {
				in.stackMax = max(in.stackMax, u)
			}
			if n := len(in.aheadSpans); n > 0 && in.spanOpen {
				in.aheadSpans[n-1][1] = max(in.aheadSpans[n-1][1], u)
			} else {
				in.aheadSpans = append(in.aheadSpans, [2]int64{u, u})
				in.spanOpen = true
			}
		}
		return t
	}
}

func (s *sim) instNow(in *simInstance) time.Time { return in.now(s)() }

// simStepsHorizon is the detectors' horizon, a CoarseClock's.
const simStepsHorizon = window.MaxSize

// simStepsFed reports whether in's cache is given its detector
// (cache.Config.Steps), by SYNCER_SIM_DETECTOR: "all", every cache; "none",
// none (the cache's rules without a detector: a library's Config.Now
// without one); by default every other one (instance index plus restarts
// even), a fleet of both, without a draw from the run's generator.
func simStepsFed(in *simInstance) bool {
	switch simDetector {
	case "all":
		return true
	case "none":
		return false
	}
	return (in.idx+in.life)%2 == 0
}

var simDetector = os.Getenv("SYNCER_SIM_DETECTOR")

// checkSteps shows in's detector a reading of its clock and checks what it
// then tells the cache (At) against what it was shown: the least offset is
// the least read at two readings in a row (a step is confirmed by the
// second reading that agrees on it; one reading alone may be a pair read
// across a preemption), within the detector's slack; excess and low
// follow from it and the reading's own offset, to the second (a second
// more or less for the slack). Readings at which the detector knows less
// than an oracle (a jump read once or not at all, for which the cache
// counted nothing or once) are counted in stats, steps_unseen_readings.
func (s *sim) checkSteps(in *simInstance) {
	if in.steps == nil {
		return
	}
	wall, mono := s.nowNano+int64(in.offset+in.jump), time.Duration(s.nowNano)
	in.steps.Observe(wall, mono)
	if in.jump == in.readJump {
		in.readLow = min(in.readLow, in.jump)
	}
	in.readJump = in.jump
	in.lowJump = min(in.lowJump, in.jump)
	if got, want := time.Duration(in.steps.Least()), in.readLow-in.firstJump; got < want-clocksteps.Slack || got > want+clocksteps.Slack {
		s.t.Fatalf("seed %d, step %d: %s's step detector, clock %+v off (jumped %+v, least read twice %+v, first %+v): least offset %+v from the first, want %+v",
			s.seed, s.step, in.id, in.offset+in.jump, in.jump, in.readLow, in.firstJump, got, want)
	}
	least := min(in.readLow, in.jump)
	ex, low := in.steps.At(wall, mono)
	wantEx := int64((in.jump - least + time.Second - 1) / time.Second)
	wantLow := time.Unix(0, s.nowNano).Add(in.offset + least).Unix()
	slack := int64((clocksteps.Slack + time.Second - 1) / time.Second)
	if ex < wantEx-slack || ex > wantEx+slack || low < wantLow-slack || low > wantLow+slack {
		s.t.Fatalf("seed %d, step %d: %s's step detector, clock %+v off (jumped %+v, least read twice %+v): At = (%d, %+d s), want (%d, %+d s) from the true clock",
			s.seed, s.step, in.id, in.offset+in.jump, in.jump, in.readLow, ex, low-s.nowNano/int64(time.Second), wantEx, wantLow-s.nowNano/int64(time.Second))
	}
	if least > in.lowJump {
		s.stats["steps_unseen_readings"]++
	}
}

// simLine is an action as recorded, formatted only if it is shown.
type simLine struct {
	step    int
	nowNano int64
	depth   int
	format  string
	args    []any
}

func (l simLine) String() string {
	return fmt.Sprintf("step %d t0%+.3fs %s", l.step, time.Duration(l.nowNano-t0.UnixNano()).Seconds(), strings.Repeat("  ", l.depth)) +
		fmt.Sprintf(l.format, l.args...)
}

// act records an action for the failure report (and the trace). Its
// arguments must not change afterwards.
func (s *sim) act(format string, args ...any) {
	l := simLine{step: s.step, nowNano: s.nowNano, depth: len(s.actions), format: format, args: args}
	if s.trace {
		s.t.Log(l.String())
	}
	if len(s.recent) == simRecent {
		s.recent = s.recent[1:]
	}
	s.recent = append(s.recent, l)
}

// topStep takes one step at the top level.
func (s *sim) topStep() {
	if s.down > 0 {
		s.down--
	}
	in := s.ins[s.rng.IntN(len(s.ins))]
	if s.cfg.jumps > 0 && s.rng.Float64() < s.cfg.jumps {
		s.jumpClock(s.ins[s.rng.IntN(len(s.ins))])
	}
	if s.cfg.extraPolicy > 0 && s.rng.Float64() < s.cfg.extraPolicy {
		s.changePolicy(in)
	}
	switch w := s.rng.IntN(100); {
	case w < 40:
		s.reserve(in, true)
	case w < 48:
		s.settle()
	case w < 57:
		s.flush(in)
	case w < 63:
		s.hot(in)
	case w < 73:
		s.pull(in)
	case w < 90:
		s.advance(false)
	case w < 94:
		s.changePolicy(in)
	case w < 95:
		n := in.cache.Sweep(s.instNow(in))
		s.stats["sweeps"]++
		s.act("%s sweep: %d keys evicted", in.id, n)
	case w < 96:
		s.restart(in)
	case w < 97:
		if s.cfg.faults != (faults{}) {
			s.down = 1 + s.rng.IntN(20)
			s.stats["outages"]++
			s.act("store down for %d steps", s.down)
		}
	case w < 98:
		s.store.flushLate(context.Background())
		s.act("late writes land")
	default:
		s.reserve(in, true)
	}
}

// nested runs one action during a store call of the action under way, as
// another goroutine or instance would: requests, another instance's flush
// or pull (never one already under way: its lock is held), time passing.
func (s *sim) nested() {
	if s.quiet || len(s.actions) >= 3 || s.rng.Float64() >= s.cfg.interleave {
		return
	}
	// A burst: requests keep coming and other instances go on while a
	// call is under way.
	for range 1 + s.rng.IntN(4) {
		in := s.ins[s.rng.IntN(len(s.ins))]
		s.stats["nested"]++
		switch w := s.rng.IntN(10); {
		case w < 4:
			s.reserve(in, false)
		case w < 5:
			if !s.busy(in, "flush") && !s.busy(in, "hot") {
				s.flush(in)
			}
		case w < 6:
			if !s.busy(in, "flush") && !s.busy(in, "pull") && !s.busy(in, "hot") {
				s.hot(in)
			}
		case w < 7:
			if !s.busy(in, "pull") && !s.busy(in, "hot") {
				s.pull(in)
			}
		case w < 9:
			s.advance(true)
		default:
			s.settle()
		}
	}
}

// busy reports whether in has an action of kind under way.
func (s *sim) busy(in *simInstance, kind string) bool {
	for _, a := range s.actions {
		if a.in == in && a.kind == kind {
			return true
		}
	}
	return false
}

// pooled returns k made over s.buf, as the middleware makes keys over its
// pooled request buffer; scrub overwrites the buffer after the request. A
// cache that kept such a key uncopied would see it change.
func (s *sim) pooled(k cache.Key) cache.Key {
	s.buf = append(s.buf[:0], k.ClientID...)
	s.buf = append(s.buf, k.User...)
	var user string
	if k.User != "" {
		user = unsafe.String(&s.buf[len(k.ClientID)], len(k.User))
	}
	return cache.Key{ClientID: unsafe.String(unsafe.SliceData(s.buf), len(k.ClientID)), User: user}
}

func (s *sim) scrub() {
	b := s.buf[:cap(s.buf)]
	for i := range b {
		b[i] = '#'
	}
}

// reserve makes one request of cost 1 on in and commits it, releases it, or
// (top level only) holds it open for a later step.
func (s *sim) reserve(in *simInstance, top bool) {
	ki := s.pickKey()
	k := simKeys[ki]
	tiers := in.policy.tiersFor(k)
	// A new key may evict the one held, and past MaxKeys evicted keys
	// waiting for a flush the cache drops the victim's counts (and
	// counts them in Stats.Dropped): what is dropped is what the local
	// counts lose.
	var before map[fkey]int64
	dropped0, canDrop := cacheDropped(in.cache)
	if canDrop && in.maxKeys < len(simKeys) {
		before = s.localHeld(in)
	}
	d := in.cache.Reserve(s.pooled(k), tiers, 1, cache.Enforce, s.instNow(in))
	s.scrub()
	if !d.Counted {
		s.fail("%s: request for %q not counted (limits are out of reach): %+v", in.id, k, d)
	}
	frames := s.resFrames(d.Reservation, ki)
	if dropped1, _ := cacheDropped(in.cache); dropped1 != dropped0 {
		after := s.localHeld(in)
		if s.reserveCounts {
			for _, f := range frames {
				after[f]--
			}
		}
		// Stats.Dropped counts requests: a dropped key's requests are
		// what it lost in its fullest window size (cache.Requests).
		var sum int64
		bySize := map[[2]int64]int64{}
		for f := range joinKeys(before, after) {
			if d := before[f] - after[f]; d != 0 {
				s.dropped[f] += d
				bySize[[2]int64{int64(f.key), f.size}] += d
			}
		}
		most := map[int64]int64{}
		for ks, n := range bySize {
			most[ks[0]] = max(most[ks[0]], n)
		}
		for _, n := range most {
			sum += n
		}
		s.stats["dropped"] += int(sum)
		s.act("%s dropped %d requests' counts at MaxKeys (Stats.Dropped %d -> %d)", in.id, sum, dropped0, dropped1)
		if sum != dropped1-dropped0 {
			s.fail("%s: the local counts lost %d requests, Stats.Dropped grew by %d", in.id, sum, dropped1-dropped0)
		}
	}
	s.stats["requests"]++
	switch r := s.rng.IntN(10); {
	case r < 7 || !top:
		in.cache.Commit(&d.Reservation)
		s.commit(in, frames)
		s.act("%s commit %s %s", in.id, keyName(ki), framesString(frames))
	case r < 8:
		in.cache.Release(&d.Reservation)
		s.stats["released"]++
		s.act("%s release %s %s", in.id, keyName(ki), framesString(frames))
	default:
		in.open = append(in.open, openRes{key: ki, res: d.Reservation, frames: frames})
		s.act("%s reserve %s %s (held)", in.id, keyName(ki), framesString(frames))
	}
}

// joinKeys returns the frames of a and b.
func joinKeys(a, b map[fkey]int64) map[fkey]bool {
	m := make(map[fkey]bool, len(a)+len(b))
	for f := range a {
		m[f] = true
	}
	for f := range b {
		m[f] = true
	}
	return m
}

// cacheDropped returns c's Stats.Dropped, if the cache has it (it came with
// the fixes of issue 7; the test also runs against the code before them).
func cacheDropped(c *cache.Cache) (int64, bool) {
	f := reflect.ValueOf(c.Stats()).FieldByName("Dropped")
	if !f.IsValid() {
		return 0, false
	}
	return f.Int(), true
}

// reserveCounts reports whether a reservation is counted as soon as it is
// made (then taken back by Release), as before the fixes of issue 7, rather
// than when it is committed.
func reserveCounts(t *testing.T) bool {
	c, err := cache.New(cache.Config{Shards: 1})
	if err != nil {
		t.Fatal(err)
	}
	c.Reserve(cache.Key{ClientID: "probe"}, tiersOf(10), 1, cache.Enforce, t0)
	return len(c.TakeDirty(nil, t0)) > 0
}

// settle commits or releases one held reservation, of any instance.
func (s *sim) settle() {
	var withOpen []*simInstance
	for _, in := range s.ins {
		if len(in.open) > 0 {
			withOpen = append(withOpen, in)
		}
	}
	if len(withOpen) == 0 {
		return
	}
	in := withOpen[s.rng.IntN(len(withOpen))]
	s.settleOne(in, s.rng.IntN(len(in.open)))
}

func (s *sim) settleOne(in *simInstance, i int) {
	o := in.open[i]
	in.open = slices.Delete(in.open, i, i+1)
	if s.rng.IntN(4) == 0 {
		in.cache.Release(&o.res)
		for _, f := range o.frames {
			s.released[f]++
		}
		s.stats["released_held"]++
		s.act("%s release held %s %s", in.id, keyName(o.key), framesString(o.frames))
		return
	}
	dropped0, _ := cacheDropped(in.cache)
	in.cache.Commit(&o.res)
	s.commit(in, o.frames)
	s.act("%s commit held %s %s", in.id, keyName(o.key), framesString(o.frames))
	// A key evicted while the request was open, past the cap on detached
	// keys, drops the request instead of waiting with it (cache.Commit).
	if dropped1, _ := cacheDropped(in.cache); dropped1 != dropped0 {
		if dropped1-dropped0 != 1 {
			s.fail("%s: a commit of 1 grew Stats.Dropped by %d", in.id, dropped1-dropped0)
		}
		for _, f := range o.frames {
			s.dropped[f]++
		}
		s.stats["dropped"]++
		s.act("%s dropped the held commit at MaxKeys (Stats.Dropped %d -> %d)", in.id, dropped0, dropped1)
	}
}

// commit accounts a committed token of in.
func (s *sim) commit(in *simInstance, frames []fkey) {
	for _, f := range frames {
		if in.jump > 0 && f.start*int64(time.Second) > s.nowNano { // a frame ahead of the true clock
			if in.aheadFrames == nil {
				in.aheadFrames = make(map[fkey]bool)
			}
			in.aheadFrames[f] = true
		}
		s.committed[f]++
		by := s.committedBy[f]
		if by == nil {
			by = make([]int64, len(s.ins))
			s.committedBy[f] = by
		}
		by[in.idx]++
	}
}

func (s *sim) pickKey() int {
	total := 0
	for _, w := range simWeights {
		total += w
	}
	n := s.rng.IntN(total)
	for i, w := range simWeights {
		if n < w {
			return i
		}
		n -= w
	}
	panic("unreachable")
}

func keyName(ki int) string {
	k := simKeys[ki]
	if k.User == "" {
		return k.ClientID
	}
	return k.ClientID + "/" + k.User
}

func framesString(fs []fkey) string {
	var b strings.Builder
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%ds@%s", f.size, frameTime(f.start))
	}
	return b.String()
}

// frameTime shows a frame start relative to t0, the start of the run's
// first minute.
func frameTime(start int64) string {
	return fmt.Sprintf("t0%+ds", start-t0.Unix())
}

// resFrames returns the frames r counted its cost in: one per window size
// the key is counted in (which may include sizes of an earlier policy that
// the key still has a counter for), as the cache put them.
// cache.Reservation keeps them unexported; reading them back is exact where
// recomputing them from the tiers would have to copy the cache's rules of
// which counters a key keeps.
func (s *sim) resFrames(r cache.Reservation, ki int) []fkey {
	v := reflect.ValueOf(r)
	sizes, starts := v.FieldByName("sizes"), v.FieldByName("starts")
	if sizes.Kind() != reflect.Array || starts.Kind() != reflect.Array || sizes.Len() != starts.Len() {
		s.t.Fatalf("cache.Reservation no longer has the arrays sizes and starts: update resFrames")
	}
	var fs []fkey
	for i := range sizes.Len() {
		sz := sizes.Index(i).Int()
		if sz == 0 {
			break
		}
		fs = append(fs, fkey{key: ki, size: sz, start: starts.Index(i).Int()})
	}
	if len(fs) == 0 {
		s.fail("a counted reservation of %s names no frame", keyName(ki))
	}
	return fs
}

func (s *sim) flush(in *simInstance) {
	s.act("%s flush", in.id)
	s.actions = append(s.actions, simAction{in: in, kind: "flush"})
	in.flushReads = make(map[cache.Key]int64)
	err := in.syncer.FlushOnce(context.Background())
	s.actions = s.actions[:len(s.actions)-1]
	if err == nil {
		s.store.settled(in.syncer.Writer(), in.flushReads)
	}
	s.stats["flushes"]++
	if err != nil {
		s.stats["flush_errors"]++
		s.act("%s flush: %v (unsettled %d)", in.id, err, in.syncer.Unsettled())
		if s.quiet {
			s.fail("%s: flush with faults off: %v", in.id, err)
		}
	}
}

// hot is adaptive sync's step (Syncer.HotOnce): a flush of the dirty keys
// near their limit, then a read of those the last pull found near it. It
// holds the flush's lock and then the pull's, as both of them do.
func (s *sim) hot(in *simInstance) {
	s.act("%s hot sync", in.id)
	s.actions = append(s.actions, simAction{in: in, kind: "hot"})
	err := in.syncer.HotOnce(context.Background())
	s.actions = s.actions[:len(s.actions)-1]
	s.stats["hot syncs"]++
	if err != nil {
		s.stats["hot sync errors"]++
		s.act("%s hot sync: %v (unsettled %d)", in.id, err, in.syncer.Unsettled())
		if s.quiet {
			s.fail("%s: hot sync with faults off: %v", in.id, err)
		}
	}
}

func (s *sim) pull(in *simInstance) {
	in.pullCalls = 0
	in.pullFail = !s.quiet && s.rng.Float64() < s.cfg.faults.loadOutage
	s.act("%s pull", in.id)
	s.actions = append(s.actions, simAction{in: in, kind: "pull"})
	err := in.syncer.PullOnce(context.Background())
	s.actions = s.actions[:len(s.actions)-1]
	s.stats["pulls"]++
	if err != nil {
		s.act("%s pull: %v", in.id, err)
	}
}

// advance moves the true clock: mostly milliseconds, often across a frame
// boundary of the 2 s and 3 s windows, now and then several seconds.
func (s *sim) advance(small bool) {
	var d time.Duration
	switch r := s.rng.IntN(10); {
	case r < 6 || small:
		d = time.Duration(1+s.rng.IntN(300)) * time.Millisecond
	case r < 9:
		d = time.Duration(300+s.rng.IntN(1700)) * time.Millisecond
	default:
		d = time.Duration(2000+s.rng.IntN(6000)) * time.Millisecond
	}
	s.nowNano += int64(d)
	s.act("clock +%v", d)
}

// latency moves the true clock during a store call.
func (s *sim) latency() {
	if !s.cfg.latency || s.quiet {
		return
	}
	var d time.Duration
	switch r := s.rng.IntN(100); {
	case r < 70:
		d = time.Duration(s.rng.IntN(20_000)) * time.Microsecond
	case r < 95:
		d = time.Duration(20+s.rng.IntN(480)) * time.Millisecond
	default:
		d = time.Duration(500+s.rng.IntN(1500)) * time.Millisecond
	}
	s.nowNano += int64(d)
}

// drawPolicy returns a policy for the run's mode.
func (s *sim) drawPolicy() simPolicy {
	switch s.cfg.policy {
	case policyRollout, policyChaos:
		pool := []int64{2, 3, 5, 10}
		if s.cfg.policy == policyChaos {
			pool = append(pool, 60)
		}
		pick := func() []window.Tier {
			perm := s.rng.Perm(len(pool))[:1+s.rng.IntN(3)]
			sizes := make([]int64, len(perm))
			for i, j := range perm {
				sizes[i] = pool[j]
			}
			return tiersOf(sizes...)
		}
		return simPolicy{client: pick(), user: pick()}
	case policyFresh:
		p := simPolicy{client: tiersOf(s.nextFresh), user: tiersOf(s.nextFresh)}
		s.nextFresh++
		return p
	}
	return simPolicy{client: tiersOf(3, 10), user: tiersOf(2, 5)}
}

// changePolicy moves in (or, for policyFresh, every instance) to the target
// policy, drawing a new target now and then.
func (s *sim) changePolicy(in *simInstance) {
	switch s.cfg.policy {
	case policyFixed:
		return
	case policyFresh:
		s.target = s.drawPolicy()
		for _, in := range s.ins {
			in.policy = s.target
		}
		s.act("all instances: policy %v", s.target)
	default:
		if s.rng.IntN(3) == 0 {
			s.target = s.drawPolicy()
			s.act("new target policy %v", s.target)
		}
		in.policy = s.target
		s.act("%s: policy %v", in.id, in.policy)
	}
	s.stats["policy_changes"]++
}

// restart stops in and starts it again with an empty cache: its held
// requests are answered first (a graceful drain), and whatever it has not
// flushed is lost and accounted as such. Only when nothing it wrote can
// still land: every answer settled.
func (s *sim) restart(in *simInstance) {
	// A clock that jumped may hold counts that local (AppendLocal) does
	// not show: behind the window by that clock, in the window by the
	// true one.
	if in.syncer.Unsettled() != 0 || in.jump != 0 {
		return
	}
	for len(in.open) > 0 {
		s.settleOne(in, 0)
	}
	local := s.local(in)
	for f, n := range local {
		s.lost[f] += n
	}
	s.stats["restarts"]++
	s.act("%s restart: loses %v", in.id, local)
	in.life++
	s.start(in)
	s.judgeSkew()
}

// localAppender is the cache's AppendLocal, where the cache has it.
type localAppender interface {
	AppendLocal(dst []cache.Pending, now time.Time) []cache.Pending
}

// local returns in's counts not yet confirmed in the store, per frame. With
// no flush under way every key with such counts is on the dirty list, so
// without AppendLocal they are taken and given back (Abort).
func (s *sim) local(in *simInstance) map[fkey]int64 { return s.localOf(in, false) }

// heldAppender is the cache's AppendLocalHeld, where the cache has it.
type heldAppender interface {
	AppendLocalHeld(dst []cache.Pending, now time.Time) []cache.Pending
}

// localHeld is local with the frames held behind their window (Rule
// M-all's, for a clock set back) too: what an eviction at MaxKeys drops
// and counts in Stats.Dropped (cache's TestStepsHeldFramesEvictedCounted).
func (s *sim) localHeld(in *simInstance) map[fkey]int64 { return s.localOf(in, true) }

func (s *sim) localOf(in *simInstance, held bool) map[fkey]int64 {
	now := s.instNow(in)
	var ps []cache.Pending
	la, hasAppendLocal := any(in.cache).(localAppender)
	if ha, ok := any(in.cache).(heldAppender); ok && held {
		ps = ha.AppendLocalHeld(nil, now)
	} else if hasAppendLocal {
		ps = la.AppendLocal(nil, now)
	} else {
		ps = in.cache.TakeDirty(nil, now)
		for i := range ps {
			in.cache.Abort(&ps[i])
		}
	}
	m := make(map[fkey]int64)
	for _, p := range ps {
		ki := slices.Index(simKeys, p.Key)
		if ki < 0 {
			s.fail("%s holds counts for key %q, which no request used", in.id, p.Key)
		}
		for _, f := range p.Delta {
			if f.N != 0 {
				m[fkey{key: ki, size: int64(f.Size / time.Second), start: f.StartUnix}] += f.N
			}
		}
	}
	deleteZero(m)
	return m
}

func deleteZero(m map[fkey]int64) {
	for k, v := range m {
		if v == 0 {
			delete(m, k)
		}
	}
}

// quiesce turns the faults off, lands the writes still on their way, and
// flushes every instance until none has local counts or unsettled writes.
// The faults stay off until resume.
func (s *sim) quiesce() {
	s.quiet = true
	s.down = 0
	s.store.setOn(false)
	s.store.flushLate(context.Background())
	s.act("quiesce")
	for round := 0; ; round++ {
		for _, in := range s.ins {
			s.flush(in)
		}
		settled := true
		for _, in := range s.ins {
			if in.syncer.Unsettled() != 0 || len(s.local(in)) != 0 {
				settled = false
			}
		}
		if settled {
			break
		}
		if round == 10 {
			var b strings.Builder
			for _, in := range s.ins {
				fmt.Fprintf(&b, "\n  %s: %d writes unsettled", in.id, in.syncer.Unsettled())
				local := s.local(in)
				for _, f := range sortedFrames(local) {
					fmt.Fprintf(&b, "\n    unflushed: key %s, %ds frame at %s: %d (the frame left every window %ds ago)",
						keyName(f.key), f.size, frameTime(f.start), local[f], (s.nowNano-int64(s.cfg.skew))/int64(time.Second)-(f.start+2*f.size))
				}
			}
			s.fail("no quiescence after %d rounds of flushes with faults off: counts that no flush settles (a key written on every flush, never swept):%s", round+1, b.String())
		}
	}
}

// resume turns the faults, latency and interleaving back on.
func (s *sim) resume() {
	s.quiet = false
	s.store.setOn(true)
}

// storeFrames reads every key's document from the inner store, past the
// faults.
func (s *sim) storeFrames() map[fkey]int64 {
	if n := s.inner.Len(); n > len(simKeys) {
		s.fail("the store holds %d documents, for %d keys: a count landed on a key nobody used", n, len(simKeys))
	}
	docs, err := s.inner.Load(context.Background(), simKeys)
	if err != nil {
		s.t.Fatal(err)
	}
	m := make(map[fkey]int64)
	for ki, d := range docs {
		for _, f := range d.Snapshot.Frames {
			m[fkey{key: ki, size: int64(f.Size / time.Second), start: f.StartUnix}] += f.N
		}
	}
	return m
}

// matters reports whether frame f still weighs on the window of every
// instance, whatever its clock: until two of its sizes after its start on
// the clock furthest ahead. A frame past that may be dropped by any writer.
func (s *sim) matters(f fkey) bool {
	return s.nowNano+int64(s.cfg.skew) < (f.start+2*f.size)*int64(time.Second)
}

// check compares the store with the accounts: exact (after quiescence, for
// the frames that still matter) or as an upper bound (at any step, for every
// frame).
func (s *sim) check(exact bool) {
	store := s.storeFrames()
	open := make(map[fkey]int64)
	for _, in := range s.ins {
		for _, o := range in.open {
			for _, f := range o.frames {
				open[f]++
			}
		}
	}
	// At a step only frames in the store can be above their bound; after
	// quiescence every frame that still matters is checked.
	all := make(map[fkey]bool)
	for f := range store {
		all[f] = true
	}
	if exact {
		for _, m := range []map[fkey]int64{s.committed, s.lost, s.dropped, open} {
			for f := range m {
				if s.matters(f) {
					all[f] = true
				}
			}
		}
	}
	fs := sortedFrames(all)
	var bad []string
	for _, f := range fs {
		got, want := store[f], s.committed[f]-s.lost[f]-s.dropped[f]-s.deleted[f]
		// The upper bound at any step: dropped counts may be in the
		// store until the write that took them is taken back.
		bound := s.committed[f] - s.lost[f] - s.deleted[f] + s.back[f]
		if s.reserveCounts {
			want += open[f]
			bound += open[f] + s.released[f]
		}
		detail := func() string {
			return fmt.Sprintf("committed %d %v by instance, lost at restarts %d, dropped at MaxKeys %d, held %d, released after held %d, deleted %d, of which may come back %d",
				s.committed[f], s.committedBy[f], s.lost[f], s.dropped[f], open[f], s.released[f], s.deleted[f], s.back[f])
		}
		switch {
		case exact && s.excused[f]:
		case exact && got > want && got-want <= s.back[f]:
		case exact && got < want && want-got <= s.stackAllowed(f):
		case exact && s.matters(f) && got != want:
			bad = append(bad, fmt.Sprintf("key %s, %ds frame at %s: store holds %d, want %d (%s)",
				keyName(f.key), f.size, frameTime(f.start), got, want, detail()))
		case !exact && got > bound:
			bad = append(bad, fmt.Sprintf("key %s, %ds frame at %s: store holds %d, at most %d (%s)",
				keyName(f.key), f.size, frameTime(f.start), got, bound, detail()))
		}
	}
	if len(bad) == 0 {
		if exact {
			s.forget(store, open)
		}
		return
	}
	what := "at a step (nothing counted twice)"
	if exact {
		what = "after quiescence (every count exactly once)"
	}
	if len(bad) > 8 {
		bad = append(bad[:8], fmt.Sprintf("... and %d more", len(bad)-8))
	}
	s.fail("check %s failed:\n  %s", what, strings.Join(bad, "\n  "))
}

// checkViews pulls every instance, the faults off, and checks that each
// sees what the store holds: for every key it holds and pulls, and every
// tier its policy has for the key, its decision at its own clock leaves the
// same remaining count as that of a fresh cache that installs the store's
// document. So a snapshot installed, then rolled into later frames, or
// written with frames of other sizes and clocks, still says what the store
// says. Keys with requests held on the instance are left out: the held cost
// weighs in the decision and may sit on an evicted entry of the key. Keys
// whose documents an operator deleted (the deletes case) are not: the pull
// installs the document created again, of a version below the one the
// instance holds too, or none (cache.Apply; left out, the instances that
// kept the deleted counts, 1 or 2 where the store held none, passed).
//
// An instance whose clock stepped since the last check, or stepped back
// from ahead less than a minute (the longest window) ago, is left out:
// back into the frame before its counter's, it stays in the counter's
// frame (cache's rollOut) until its clock gets there, so it sees the
// counts of the frame it had reached where a fresh cache sees none yet.
func (s *sim) checkViews() {
	defer func() {
		for _, in := range s.ins {
			in.jumped = false
		}
	}()
	for _, in := range s.ins {
		// A pull reads the keys used since their last read (and those
		// near their limit): decide on every key in use, at no cost, as
		// a request would, so that the pull reads them all.
		now := s.instNow(in)
		for _, k := range in.cache.AppendActive(nil, now.Add(-time.Minute)) {
			in.cache.Release(new(in.cache.Reserve(k, in.policy.tiersFor(k), 0, cache.Enforce, now).Reservation))
		}
		s.pull(in)
	}
	docs, err := s.inner.Load(context.Background(), simKeys)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, in := range s.ins {
		if in.jumped || s.nowNano < in.viewAfter {
			continue
		}
		held := make(map[int]bool)
		for _, o := range in.open {
			held[o.key] = true
		}
		now := s.instNow(in)
		// The keys the pull just read: used within ActiveFor (default 1m).
		for _, k := range in.cache.AppendActive(nil, now.Add(-time.Minute)) {
			ki := slices.Index(simKeys, k)
			if ki < 0 {
				s.fail("%s holds key %q, which no request used", in.id, k)
			}
			if held[ki] {
				continue
			}
			ref, err := cache.New(cache.Config{Shards: 1})
			if err != nil {
				s.t.Fatal(err)
			}
			tiers := in.policy.tiersFor(k)
			decide := func(c *cache.Cache, tiers []window.Tier) cache.Decision {
				d := c.Reserve(k, tiers, 0, cache.Enforce, now)
				c.Release(&d.Reservation)
				return d
			}
			decide(in.cache, tiers) // counts the key in the policy's sizes, as a request would
			decide(ref, tiers)
			ref.Apply(k, docs[ki].Snapshot, now)
			// The estimates, not what a Decision says is left: the share
			// of a key other instances count makes that smaller.
			used := func(c *cache.Cache, t window.Tier) int64 {
				var st cache.KeyState
				if !c.Inspect(k, []window.Tier{t}, now, &st) {
					s.fail("%s: key %s not held", in.id, keyName(ki))
				}
				return st.Tiers[0].Used
			}
			for _, t := range tiers {
				if got, want := used(in.cache, t), used(ref, t); got != want {
					s.fail("%s sees key %s in its %v window (its clock at %s) as %d used, the store's document says %d (document version %d: %v)",
						in.id, keyName(ki), t.Size, frameTime(now.Unix()), got, want,
						docs[ki].Snapshot.Version, docs[ki].Snapshot.Frames)
				}
			}
		}
	}
}

// sortedFrames returns the frames of m by key, size and start.
func sortedFrames[V any](m map[fkey]V) []fkey {
	fs := slices.Collect(maps.Keys(m))
	slices.SortFunc(fs, func(a, b fkey) int {
		if a.key != b.key {
			return a.key - b.key
		}
		if a.size != b.size {
			return int(a.size - b.size)
		}
		return int(a.start - b.start)
	})
	return fs
}

// forget drops from the accounts the frames no instance can count in or
// write any more (past its window on the clock furthest behind) that the
// store does not hold, so that checks cost the same at every step.
//
// With jumps a clock may later step back by up to simMaxJump and count, or
// write what it read, in those frames again: they are kept that much longer.
func (s *sim) forget(store, open map[fkey]int64) {
	behind := int64(s.cfg.skew)
	if s.cfg.jumps > 0 {
		behind += int64(simMaxJump + 10*time.Minute)
	}
	gone := func(f fkey) bool {
		_, stored := store[f]
		_, held := open[f]
		return !stored && !held && s.nowNano-behind >= (f.start+2*f.size)*int64(time.Second)
	}
	for _, m := range []map[fkey]int64{s.committed, s.lost, s.dropped, s.released, s.deleted, s.back} {
		maps.DeleteFunc(m, func(f fkey, _ int64) bool { return gone(f) })
	}
	maps.DeleteFunc(s.excused, func(f fkey, _ bool) bool { return gone(f) })
	maps.DeleteFunc(s.committedBy, func(f fkey, _ []int64) bool { return gone(f) })
	maps.DeleteFunc(s.stackedBy, func(f fkey, _ uint64) bool { return gone(f) })
}

// stackAllowed returns how many of f's counts the store may miss: those
// committed in f by the instances whose stepped clock gave them up (see
// stackedBy).
func (s *sim) stackAllowed(f fkey) (n int64) {
	for i, c := range s.committedBy[f] {
		if s.stackedBy[f]&(1<<i) != 0 {
			n += c
		}
	}
	return n
}

// fail reports a failure with the seed, the step, the instances and the
// last actions, and stops the run.
func (s *sim) fail(format string, args ...any) {
	s.t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d, step %d, true clock t0%+.3fs: ", s.seed, s.step, time.Duration(s.nowNano-t0.UnixNano()).Seconds())
	fmt.Fprintf(&b, format, args...)
	b.WriteString("\ninstances:")
	for _, in := range s.ins {
		fmt.Fprintf(&b, "\n  %s: clock %+v (jumped %+v), MaxKeys %d, %v", in.id, in.offset, in.jump, in.maxKeys, in.policy)
	}
	b.WriteString("\nlast actions:")
	for _, a := range s.recent {
		b.WriteString("\n  " + a.String())
	}
	fmt.Fprintf(&b, "\nrerun: SYNCER_SIM_SEED=%d SYNCER_SIM_TRACE=1 go test -race -run 'TestSimulation/%s' ./syncer/",
		s.seed, strings.SplitN(s.t.Name(), "/", 3)[1])
	s.t.Fatal(b.String())
}

// simConn is an instance's connection to the shared store: calls take time
// and let other actions run (see sim.nested); a pull's calls go past the
// faults, so that what it installs does not depend on the order of its keys
// (map order), and fail as a whole when the pull was drawn to fail.
type simConn struct {
	s  *sim
	in *simInstance
}

var _ syncer.Store = (*simConn)(nil)

func (c *simConn) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	c.s.latency()
	c.s.nested()
	if c.s.down > 0 && !c.s.quiet {
		if c.s.rng.IntN(2) == 0 {
			return nil, fmt.Errorf("%w: store down, refused", errInjected)
		}
		return make([]syncer.Outcome, len(ws)), fmt.Errorf("%w: store down", errInjected)
	}
	if c.s.cfg.jumps > 0 {
		c.s.excuse(c.in, ws)
	}
	outs, err := c.s.store.Write(ctx, ws)
	if c.s.trace {
		for i, w := range ws {
			o := "none"
			if i < len(outs) {
				o = outs[i].String()
			}
			c.s.act("%s   write %s v%d->%d %v: %s", c.in.id, w.Key, w.Version, w.NewVersion, w.Frames, o)
		}
	}
	c.s.latency()
	return outs, err
}

func (c *simConn) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	c.s.latency()
	top := c.s.actions[len(c.s.actions)-1]
	pulling := top.kind == "pull" && top.in == c.in
	if pulling {
		c.in.pullCalls++
		if c.in.pullCalls == 1 {
			c.s.nested() // later calls: what the first installed is in map order
		}
		if c.in.pullFail {
			return nil, fmt.Errorf("%w: load failed", errInjected)
		}
	} else {
		c.s.nested()
	}
	if c.s.down > 0 && !c.s.quiet {
		return nil, fmt.Errorf("%w: store down", errInjected)
	}
	if pulling {
		c.s.store.setOn(false)
		defer c.s.store.setOn(!c.s.quiet)
	}
	docs, err := c.s.store.Load(ctx, keys)
	if err == nil && top.kind == "flush" && top.in == c.in && c.s.store.onDelete != nil {
		// A flush's reads settle its instance's writes of the keys
		// (step 1, and the read back), if it ends without an error
		// (sim.flush); a hot sync's may be its pull's.
		at := c.s.store.mark()
		for _, k := range keys {
			c.in.flushReads[k] = at
		}
	}
	c.s.latency()
	return docs, err
}

func (c *simConn) Sweep(ctx context.Context, now time.Time) (int64, error) {
	return c.s.store.Sweep(ctx, now)
}

// jumpClock steps in's clock: back (set right at once, or in two steps,
// the first still ahead or behind by half), or (mostly, and always when
// it is right) ahead or behind by less than the shortest frame (2 s), by
// about one, by several, by one or a few minutes, or by an hour, from
// where it is: a clock that jumps again before it is set right.
func (s *sim) jumpClock(in *simInstance) {
	if in.jump != 0 && (in.half || !s.cfg.stackJumps || s.rng.IntN(2) == 0) {
		switch {
		case in.half || !s.cfg.stackJumps || s.rng.IntN(3) > 0:
			s.leaveAhead(in, 0)
			in.jump, in.half, in.stacked = 0, false, false
			s.act("%s clock set right", in.id)
			// A flush follows within a sync interval: the cache sees
			// the clock right before it can jump again. Without one it
			// sees a clock set back in two steps, the first still
			// ahead (see stackJumps), and gives up what it held at the
			// first (cache's dropBehind).
			if !s.busy(in, "flush") && !s.busy(in, "hot") {
				s.judgeSkew()
				s.flush(in)
			}
		default:
			s.leaveAhead(in, in.jump/2)
			in.jump /= 2
			in.half, in.stacked = true, true
			s.act("%s clock set back halfway, to %+v", in.id, in.jump)
		}
		s.stats["clock_backs"]++
		s.judgeSkew()
		return
	}
	var d time.Duration
	switch r := s.rng.IntN(10); {
	case r < 2:
		d = time.Duration(100+s.rng.IntN(1800)) * time.Millisecond
	case r < 4:
		d = time.Duration(1900+s.rng.IntN(1200)) * time.Millisecond
	case r < 6:
		d = time.Duration(4+s.rng.IntN(30)) * time.Second
	case r < 8:
		d = time.Duration(60+s.rng.IntN(180)) * time.Second
	default:
		d = time.Hour + time.Duration(s.rng.IntN(1000))*time.Millisecond
	}
	if s.rng.IntN(4) == 0 {
		d = -d
	}
	if in.jump+d > simMaxJump || in.jump+d < -simMaxJump {
		d = -d
	}
	s.leaveAhead(in, in.jump+d)
	in.stacked = in.stacked || in.jump != 0
	in.jump += d
	in.half, in.jumped = false, true
	s.judgeSkew()
	s.stats["clock_jumps"]++
	s.act("%s clock jumps %+v, to %+v off", in.id, d, in.jump)
}

// simNoExcuse (SYNCER_SIM_NOEXCUSE=1, helper-162) turns leaveAhead's
// excuses off: every frame the cache gave up while its clock was ahead
// counts as lost. A cache with a detector (cache.Config.Steps,
// SYNCER_SIM_DETECTOR=all) keeps frames in their window by the clock at its
// least offset, and gives up none of them.
var simNoExcuse = os.Getenv("SYNCER_SIM_NOEXCUSE") != ""

// leaveAhead is called before in's clock, ahead, steps to jump: it
// excuses the frames in committed in while ahead that its clock left three
// of their sizes behind before it stepped. By that clock they had left
// every window, and the counts not flushed yet are given up (held orphans
// past their hold, cache's dropBehind, or dropped at a later hold of their
// size); set back, the clock finds them still to come. The cache cannot
// tell a clock ahead from a right one.
func (s *sim) leaveAhead(in *simInstance, jump time.Duration) {
	if in.jump <= 0 {
		return
	}
	if jump < in.jump {
		in.viewAfter = s.nowNano + int64(time.Minute)
	}
	for f := range in.aheadFrames {
		if in.aheadMax >= f.start+3*f.size && s.matters(f) && !s.excused[f] && !simNoExcuse {
			s.excused[f] = true
			s.stats["excused_ahead"]++
			s.act("%s left %s of %s three frames behind while ahead: excused", in.id, framesString([]fkey{f}), keyName(f.key))
		}
	}
	// A counter that moves one frame on drops the previous frame's counts
	// not flushed yet (cache's TestOneFrameRollHoldsNothing): by a clock
	// ahead, a frame two of its sizes behind that clock, still in the
	// window by the true one. The frames in committed in that its clock
	// read two to three of their sizes past while ahead are excused; a
	// clock that jumped further in one step rolls two frames or more,
	// which holds the counts (holdBehind), and is not excused.
	var left []fkey
	for f, by := range s.committedBy {
		if by[in.idx] == 0 || !s.matters(f) || s.excused[f] || simNoExcuse {
			continue
		}
		lo, hi := f.start+2*f.size, f.start+3*f.size-1
		for _, sp := range in.aheadSpans {
			if sp[0] <= hi && sp[1] >= lo {
				left = append(left, f)
				break
			}
		}
	}
	slices.SortFunc(left, func(a, b fkey) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.size, b.size), cmp.Compare(a.start, b.start))
	})
	for _, f := range left {
		s.excused[f] = true
		s.stats["excused_one_frame"]++
		s.act("%s read %s of %s two frames behind while ahead (a one-frame roll drops it): excused", in.id, framesString([]fkey{f}), keyName(f.key))
	}
	// A clock that stepped again before it was set right (stackJumps)
	// gives up what it held: back, but still ahead, it reads as a clock
	// set right after the held frames ended, and gives up at once those
	// more than a frame behind (cache's dropBehind,
	// TestHeldGivenUpAtAFirstStepBack); ahead again, past the end of the
	// hold the first jump made (two of the frame's sizes past that
	// jump's reading), it reads as a right clock that got there, and a
	// counter with no counts of its own holds nothing on
	// (TestHeldNotHeldOnByARightClock). Of the frames in committed in
	// that its clock, stepped again and ahead, read two of their sizes
	// past, the store may miss what in committed (stackedBy), not the
	// other instances' counts: excused whole, a right clock's loss in
	// such a frame went unseen (helper-142's report); a clock that steps
	// once and is set right is not excused (=1).
	var given []fkey
	for f, by := range s.committedBy {
		if in.stackMax >= f.start+2*f.size && by[in.idx] > 0 && s.matters(f) && !s.excused[f] && s.stackedBy[f]&(1<<in.idx) == 0 && !simNoExcuse {
			given = append(given, f)
		}
	}
	slices.SortFunc(given, func(a, b fkey) int {
		return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.size, b.size), cmp.Compare(a.start, b.start))
	})
	for _, f := range given {
		s.stackedBy[f] |= 1 << in.idx
		s.stats["excused_stacked"]++
		s.act("%s read %s of %s two frames behind, its clock stepped again while off and ahead: excused", in.id, framesString([]fkey{f}), keyName(f.key))
	}
	in.spanOpen = false
	if jump <= 0 {
		in.aheadFrames, in.aheadMax, in.aheadSpans, in.stackMax = nil, 0, nil, 0
	}
}

// simMaxJump is the furthest a clock is off the true one (besides its skew).
const simMaxJump = 2 * time.Hour

// setRight sets every instance's clock right: the epoch's exact check is
// of clocks that agree again.
func (s *sim) setRight() {
	for _, in := range s.ins {
		if in.jump != 0 {
			s.leaveAhead(in, 0)
			in.jump, in.half, in.stacked = 0, false, false
			s.act("%s clock set right", in.id)
		}
	}
	s.judgeSkew()
}

// judgeSkew tells each Syncer whether another instance's clock is MaxSkew
// (5 minutes) or more behind its own, as the heartbeats would (see
// Syncer's aheadOfPeers): it then neither prunes lastWrites entries nor
// drops frames. Here at once; the heartbeats tell it within a sync
// interval or so, and a pull in between learns entries to prune (see
// the report of helper-125: an instance an hour ahead pruned the entry of
// a write whose answer was lost, and its copy sent again was counted
// twice).
func (s *sim) judgeSkew() {
	for _, in := range s.ins {
		ahead := false
		for _, o := range s.ins {
			if in.offset+in.jump-(o.offset+o.jump) >= 5*time.Minute {
				ahead = true
			}
		}
		in.syncer.SetAheadOfPeers(ahead)
	}
}

// excuse marks the frames ws drop while they are still in the window by
// the true clock: a writer whose clock is three frames or more ahead of a
// frame's start drops it (Syncer's dropCutoff), and only the heartbeats
// (MaxSkew, which the simulation has none of) hold that back.
func (s *sim) excuse(in *simInstance, ws []syncer.Write) {
	for _, w := range ws {
		ki := slices.Index(simKeys, w.Key)
		for _, f := range w.Drop {
			fk := fkey{key: ki, size: int64(f.Size / time.Second), start: f.StartUnix}
			if s.matters(fk) && !s.excused[fk] {
				s.excused[fk] = true
				s.stats["excused"]++
				s.act("%s write drops %s of %s, in the window by the true clock: excused", in.id, framesString([]fkey{fk}), keyName(ki))
			}
		}
	}
}

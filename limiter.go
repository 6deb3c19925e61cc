package oauthratelimit

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Limiter limits the tokens an OAuth 2.0 token endpoint issues, per client
// and per (client, user), with the policy it holds. It is safe for
// concurrent use. Create it with New, serve requests through Middleware and
// run its background work with Run.
type Limiter struct {
	cfg            Config
	cache          *cache.Cache
	syncer         *syncer.Syncer
	subjects       *syncer.Subjects // learned refresh tokens (refresh.go)
	metrics        *metrics
	refreshMetrics *refreshMetrics
	cors           *corsState
	log            *slog.Logger
	tooLarge       *problem
	throttle       logThrottle  // the dry-run logs, by client
	warnThrottle   logThrottle  // the warnings about the embedder's code: a superfluous WriteHeader by line, a bad NormalizeUsername
	tokenSegment   string       // the token path's last segment with its '/' ("/token"), for nearTokenPath; "" for "/"
	pool           sync.Pool    // *reqState: request buffers, reused to keep the request path free of allocation
	userKey        []byte       // the key of UserPseudonym: Config.LogUserKey copied, or random; nil with LogUserNames
	pseudonyms     atomic.Int64 // UserPseudonym's calls, for TestUserPseudonymOffTheRequestPath

	// state is the current policy, compiled. Requests load it once and use
	// that snapshot for the whole decision, so a SetPolicy never tears one.
	state atomic.Pointer[compiledPolicy]
	// setMu serializes SetPolicy, SetMode, ClearMode and the installs of
	// runtime overrides: they read and write base, mode and shared, and
	// compiling and updating the policy gauges of two policies at once
	// would leave the gauges of the older one.
	setMu  sync.Mutex
	base   *policy.Policy    // the policy of the last SetPolicy, before the overrides
	mode   *policy.Mode      // this process's own mode (SetMode, --mode); nil: none
	shared []syncer.Override // the runtime overrides last read from the store (overrides.go)
	status []OverrideState   // what became of each of shared at the last install
	fleet  *peerTiers        // the tiers the other live instances count keys in (fleet.go); nil: none read yet
	// fleetBy are the other instances whose tiers add to this policy's
	// (fleet.go); nil while none do. fleetPeers are the live peers' tiers
	// fleet was decoded from, for naming them again when an install
	// other than the fleet's changes what adds (a reload, an override).
	fleetBy    []string
	fleetPeers map[string][]byte
	ovm        *overrideMetrics
	regs       *undoRegisterer // what New registered on Config.Registerer, for Close; nil without one
	// run is stateIdle, stateRunning while Run runs, or stateClosed
	// after Close: one word, so that a Run and a Close that race see one
	// order (Close refuses a running limiter, Run a closed one).
	run atomic.Int32
}

// The values of Limiter.run.
const (
	stateIdle int32 = iota
	stateRunning
	stateClosed
)

// New returns a Limiter configured by cfg, which it copies. It starts no
// goroutine; call Run.
func New(cfg Config) (*Limiter, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	private := cfg.Store == nil // withDefaults gives it a MemoryStore of its own
	cfg = cfg.withDefaults()
	var undo *undoRegisterer
	if cfg.Registerer != nil {
		undo = &undoRegisterer{reg: cfg.Registerer}
		cfg.Registerer = undo
	}
	l, err := newLimiter(cfg, private)
	if err != nil {
		undo.undo()
		return nil, err
	}
	if undo != nil {
		// The limiter's components keep the wrapper; it passes on, and
		// Close takes back what it recorded.
		l.regs = undo
		l.cfg.Registerer = undo.reg
	}
	return l, nil
}

// Close unregisters from Config.Registerer every metric New registered
// there, so that another Limiter can register on the same registry: one
// built again after a failed start or to apply a configuration that New
// takes (a test suite's next test, a reload that rebuilds the limiter). A
// registry also keeps a Limiter it exports, and all its keys, reachable
// until then. Close the Limiter once Run has returned, and once its
// Middleware serves no more requests: requests still served are limited
// and counted as before, but their metrics are exported no more. Close
// refuses a Limiter whose Run runs (ErrCloseRunning) and changes nothing
// then; Run after Close returns ErrClosed. A second Close does nothing and
// returns nil. It does not close Config.Store, which the embedder owns.
func (l *Limiter) Close() error {
	if !l.run.CompareAndSwap(stateIdle, stateClosed) {
		if l.run.Load() == stateClosed {
			return nil
		}
		return ErrCloseRunning
	}
	l.regs.undo()
	return nil
}

// logUserKey returns the key of UserPseudonym: a copy of cfg.LogUserKey,
// so that the caller's slice changing later changes no pseudonym, or a
// random one of 32 bytes; nil with cfg.LogUserNames.
func logUserKey(cfg Config) []byte {
	switch {
	case cfg.LogUserNames:
		return nil
	case len(cfg.LogUserKey) > 0:
		return bytes.Clone(cfg.LogUserKey)
	}
	key := make([]byte, MinLogUserKey)
	rand.Read(key) // never fails (crypto/rand: it crashes the program rather)
	return key
}

// newLimiter is New after validation and defaults; privateStore says that
// cfg.Store is the MemoryStore the defaults gave this limiter alone. Its
// error may leave metrics registered on cfg.Registerer: New takes them
// back.
func newLimiter(cfg Config, privateStore bool) (*Limiter, error) {
	c, err := cache.New(cache.Config{MaxKeys: cfg.MaxKeys, Now: cfg.Now, SyncInterval: cfg.SyncInterval, HotPercent: cfg.HotPercent, NoLiveWriters: cfg.NoLiveWriters, Steps: cfg.Steps})
	if err != nil {
		return nil, fmt.Errorf("oauthratelimit: %w", err)
	}
	l := &Limiter{
		cfg:      cfg,
		userKey:  logUserKey(cfg),
		cache:    c,
		log:      cfg.Logger,
		tooLarge: newProblem(tokenrequest.BodyTooLarge(cfg.MaxBodyBytes)),
		cors:     newCORS(cfg.CORSOrigins),
	}
	l.cfg.LogUserKey = nil // held once, in userKey
	l.syncer, err = syncer.New(syncer.Config{
		Cache:             c,
		Store:             cfg.Store,
		Instance:          cfg.Instance,
		Interval:          cfg.SyncInterval,
		PullInterval:      cfg.SyncInterval,
		FinalFlushTimeout: cfg.FinalFlushTimeout,
		OutageAfter:       cfg.OutageAfter,
		OnHeartbeat:       l.onHeartbeat, // outage.go
		Version:           cfg.Version,
		Now:               cfg.Now,
		Logger:            cfg.Logger,
		Registerer:        cfg.Registerer,
		OnOverrides:       l.applyOverrides,
		OnTiers:           l.applyTiers, // fleet.go
	})
	if err != nil {
		return nil, fmt.Errorf("oauthratelimit: %w", err)
	}
	if l.ovm, err = newOverrideMetrics(cfg.Registerer); err != nil {
		return nil, registerError(err)
	}
	l.throttle.init(cfg.DryRunLogInterval)
	l.warnThrottle.init(cfg.DryRunLogInterval)
	if i := strings.LastIndexByte(cfg.TokenPath, '/'); i >= 0 && len(cfg.TokenPath)-i > 1 {
		l.tokenSegment = cfg.TokenPath[i:]
	}
	l.pool.New = func() any { return &reqState{rw: responseWriter{owner: l}} }
	if l.metrics, err = newMetrics(cfg.Registerer, c, l.syncer.Instance(), cfg.Version, cfg.PolicyGaugeClients); err != nil {
		return nil, registerError(err)
	}
	if l.subjects, err = newSubjects(&l.cfg, !privateStore); err != nil {
		return nil, fmt.Errorf("oauthratelimit: %w", err)
	}
	if l.refreshMetrics, err = newRefreshMetrics(cfg.Registerer); err != nil {
		return nil, registerError(err)
	}
	if err := l.SetPolicy(cfg.Policy); err != nil {
		return nil, err
	}
	if cfg.UserResolver == nil && !cfg.AttributeIssued {
		// Said once, as the README's first example leaves both out: the
		// requests go on, counted as decision="unattributed".
		l.log.Info("user grants but password are not limited per user: their user is unknown before the token is issued; set Config.UserResolver, or Config.AttributeIssued to count them after issuance")
	}
	return l, nil
}

// ErrRunning is returned by a Run called while another Run of the same
// Limiter runs.
var ErrRunning = errors.New("oauthratelimit: Run called while Run runs: call it once, or again after it returned")

// ErrClosed is returned by a Run called after Close.
var ErrClosed = errors.New("oauthratelimit: Run called after Close: build another Limiter with New")

// ErrCloseRunning is returned by a Close called while Run runs.
var ErrCloseRunning = errors.New("oauthratelimit: Close called while Run runs: end Run's context and wait for Run to return, then Close")

// Run runs the limiter's background work until ctx is done: the syncer,
// which flushes this instance's counts to the store and pulls the others',
// the sweeper, which evicts idle keys from memory, and with AttributeIssued
// the sharing of learned refresh tokens. When ctx is done it
// waits for the syncer's final flush, and with AttributeIssued the last
// write of the refresh tokens' bindings, both bounded by
// Config.FinalFlushTimeout, and returns the final flush's error, if any: a
// *syncer.FinalFlushError, wrapped (errors.As finds it), when it gave up
// with counts made here not in the store.
//
// End ctx after the server that serves Middleware has shut down
// (http.Server.Shutdown returned), not with the signal that starts the
// shutdown: a token issued after the final flush is counted in this
// process's memory only, and reaches the store, where the other instances
// and a restart see it, only if Run is called again. Run may be called
// again after it returned; while it runs, another Run returns ErrRunning
// at once, and after Close, Run returns ErrClosed. Without Run the
// middleware still decides, from this instance's counts alone, and writes
// nothing to the store.
func (l *Limiter) Run(ctx context.Context) error {
	if !l.run.CompareAndSwap(stateIdle, stateRunning) {
		if l.run.Load() == stateClosed {
			return ErrClosed
		}
		return ErrRunning
	}
	defer l.run.Store(stateIdle) // Close refuses a running limiter: nothing else changes it meanwhile
	var wg sync.WaitGroup
	wg.Go(func() { _ = l.cache.Run(ctx) }) // returns nil when ctx is done
	if l.cfg.AttributeIssued {
		// The error of its final write is dropped: a binding not shared
		// costs another instance a refusal, never a count.
		wg.Go(func() { _ = l.subjects.Run(ctx) })
	}
	err := l.syncer.Run(ctx)
	wg.Wait()
	if err != nil {
		return fmt.Errorf("oauthratelimit: %w", err)
	}
	return nil
}

// Instance returns the name this instance writes its counts under.
func (l *Limiter) Instance() string { return l.syncer.Instance() }

// Policy returns the current policy.
func (l *Limiter) Policy() *policy.Policy {
	return l.state.Load().pol
}

// SetPolicy makes p (policy.Default if nil) the policy of every later
// decision, with the mode of SetMode, if any, and the runtime overrides
// shared through the store laid over it (see PutOverride). Decisions under way
// finish with the policy they started with: a token issued after the change
// counts in the windows its decision reserved in. Counts are kept per window
// size, so a change of a tier's limit keeps what was counted, while a change
// of its window size starts that size from what the key counted in it
// before (nothing, unless an earlier policy or another instance used it): a
// client at its limit of 10 per minute gets 10 more at once when its window
// becomes two minutes. It reports an error, and keeps
// the current policy, if p cannot be used: the per-client key counts both
// the client and the aggregate tiers, in at most cache.MaxSizes distinct
// windows.
func (l *Limiter) SetPolicy(p *policy.Policy) error {
	l.setMu.Lock()
	defer l.setMu.Unlock()
	if p == nil {
		p = policy.Default()
	}
	if err := l.install(p, l.mode, l.shared, "policy set"); err != nil {
		return err
	}
	l.base = p
	return nil
}

// SetMode sets this process's own global mode, over the policy's (see
// policy.Policy.WithMode): clients with a mode of their own keep it. It
// lasts, through every later SetPolicy, until ClearMode. A global mode
// shared through the store (SetSharedMode) takes precedence over it on
// every instance: the process's mode is its default, as the --mode flag of
// the server sets it.
func (l *Limiter) SetMode(m policy.Mode) error {
	l.setMu.Lock()
	defer l.setMu.Unlock()
	if err := l.install(l.base, &m, l.shared, "mode set"); err != nil {
		return err
	}
	l.mode = &m
	return nil
}

// ClearMode drops the mode of SetMode: the policy's own global mode
// applies again (unless a shared one does).
func (l *Limiter) ClearMode() error {
	l.setMu.Lock()
	defer l.setMu.Unlock()
	if err := l.install(l.base, nil, l.shared, "mode cleared"); err != nil {
		return err
	}
	l.mode = nil
	return nil
}

// install compiles p, with the process's global mode (if not nil) and the
// runtime overrides shared laid over it (see overlay), and makes it
// current; setMu is held. An override that cannot be used is skipped, and
// never stops the others nor p from being installed. why says, in the log,
// what asked for the install: a server logs two installs as it starts (its
// policy, then the overrides read from the store), which looked like one
// logged twice; logInstall says what the install changed.
func (l *Limiter) install(p *policy.Policy, mode *policy.Mode, shared []syncer.Override, why string) error {
	p, status := l.overlay(p, mode, shared)
	cp, err := compilePolicy(p, l.metrics, l.fleet)
	if err != nil {
		if cur := l.state.Load(); cur != nil {
			// The clients p named that the installed policy does not
			// have their clientMetrics from the compile: dropped now,
			// else refused reloads naming new clients grew byLabel until
			// one succeeded (helper-114).
			l.metrics.setPolicy(cur)
		}
		return err
	}
	cp.compileTiers(l.cache)                 // the request path's tiers (cache.Tiers); before cp is shared
	cp.setOutage(levelOf(l.syncer.Outage())) // outage.go; before cp is shared
	old := l.state.Swap(cp)
	if l.cfg.FleetTiers != FleetTiersIgnore {
		l.syncer.SetTiers(cp.encodeTiers()) // written at the next heartbeat if they changed
	}
	l.metrics.setPolicy(cp)
	was := l.status
	l.status = status
	l.ovm.set(status)
	l.logInstall(why, p, old, was, status)
	if why != fleetInstall {
		// A reload, a mode or an override may change which of the
		// others' tiers add to this policy's: the fleet's installs name
		// them themselves (applyTiers).
		l.nameFleet(cp)
	}
	return nil
}

// maxLoggedChanges bounds the clients, and the overrides, that the log of
// an install lists: a policy may have thousands of clients; the log
// counts the rest.
const maxLoggedChanges = 10

// logInstall logs the install of p (why: see install) and what it changed
// against the policy before (none for the first install) and the
// overrides before (was): the defaults' rules, the global mode among them,
// each changed client's rules, old -> new, and which overrides changed, so
// that one instance's log tells what a reload, an override or a mode
// switch did there. changed=false says that nothing did.
func (l *Limiter) logInstall(why string, p *policy.Policy, old *compiledPolicy, was, status []OverrideState) {
	attrs := []slog.Attr{slog.String("why", why), slog.String("source", p.Source()),
		slog.String("mode", p.Defaults().Mode.String()), slog.Int("clients", len(p.Clients()))}
	if old != nil {
		ch := policy.Diff(old.pol, p, maxLoggedChanges)
		ov, ovMore := overrideChanges(was, status, maxLoggedChanges)
		attrs = append(attrs, slog.Bool("changed", !ch.None() || len(ov) > 0))
		attrs = append(attrs, ch.Attrs()...)
		if len(ov) > 0 {
			attrs = append(attrs, slog.Any("override_changes", ov))
		}
		if ovMore > 0 {
			attrs = append(attrs, slog.Int("overrides_unlisted", ovMore))
		}
	}
	f := l.state.Load()
	attrs = append(attrs, l.metrics.gaugeAttrs(f)...)
	if f.fleet != nil && len(f.all) > len(f.rules) {
		// Rules that count keys in sizes of the other instances' policies
		// as well (fleet.go), and how many could not count in all.
		attrs = append(attrs, slog.Int("rules_counting_for_fleet", len(f.all)-len(f.rules)))
		if f.left > 0 {
			attrs = append(attrs, slog.Int("rules_short_of_fleet_tiers", f.left))
		}
	}
	l.log.LogAttrs(context.Background(), slog.LevelInfo, "policy installed", attrs...)
}

// undoRegisterer registers through reg and remembers what it registered,
// so that a New that fails after some of the limiter's metrics are
// registered takes them back, and Close those of a Limiter: else the
// embedder's next New on the same registry (the configuration fixed, a
// supervisor's retry) failed with "duplicate metrics collector
// registration attempted", pointing at a second Limiter where there was
// none (an outside audit, h59: a policy of too many windows refused by
// New, then New with the default policy).
type undoRegisterer struct {
	reg  prometheus.Registerer
	mu   sync.Mutex // registration is rare: New's, once
	done []prometheus.Collector
}

func (u *undoRegisterer) Register(c prometheus.Collector) error {
	if err := u.reg.Register(c); err != nil {
		return err
	}
	u.mu.Lock()
	u.done = append(u.done, c)
	u.mu.Unlock()
	return nil
}

func (u *undoRegisterer) MustRegister(cs ...prometheus.Collector) {
	for _, c := range cs {
		if err := u.Register(c); err != nil {
			panic(err)
		}
	}
}

func (u *undoRegisterer) Unregister(c prometheus.Collector) bool { return u.reg.Unregister(c) }

// undo unregisters what was registered; nil does nothing.
func (u *undoRegisterer) undo() {
	if u == nil {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, c := range u.done {
		u.reg.Unregister(c)
	}
	u.done = nil
}

// registerError is New's error when a metric cannot be registered: on an
// AlreadyRegisteredError, most likely a second Limiter on one Registerer,
// it says how to tell the two apart.
func registerError(err error) error {
	var are prometheus.AlreadyRegisteredError
	if errors.As(err, &are) {
		return fmt.Errorf("oauthratelimit: register metrics: %w (a second Limiter on one Registerer? give each its own, or wrap every one's, the first too, with a label of one name: prometheus.WrapRegistererWith(prometheus.Labels{\"limiter\": \"a\"}, reg))", err)
	}
	return fmt.Errorf("oauthratelimit: register metrics: %w", err)
}

package main

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// storePingTimeout bounds each ping of the store: the one at start and the
// ones while it is not known to answer.
const storePingTimeout = 5 * time.Second

// storeHealth is what the server knows of the shared store: whether its
// last call (by the syncer, through healthStore, or a ping) succeeded. It
// never holds a request up: decisions go on from memory whatever it says;
// only /readyz reports it (and waits for it with --require-store).
type storeHealth struct {
	kind string // "memory" or "mongodb"
	log  *slog.Logger
	now  func() time.Time

	// mu guards the fields below: the syncer, the pinger and /readyz.
	mu      sync.Mutex
	state   storeState
	err     string    // of the last failed call, while state is storeUnreachable
	since   time.Time // when state last changed
	lastOK  time.Time // last successful call; zero: none yet
	lastAny time.Time // last call that settled, successful or not
}

// storeState is the store's state as /readyz reports it.
type storeState string

const (
	storeUnknown     storeState = "unknown"     // no call has settled yet
	storeOK          storeState = "ok"          // the last call succeeded
	storeUnreachable storeState = "unreachable" // the last call failed
)

func newStoreHealth(kind string, log *slog.Logger, now func() time.Time) *storeHealth {
	h := &storeHealth{kind: kind, log: log, now: now, state: storeUnknown, since: now()}
	if kind == "memory" {
		h.state = storeOK // in this process: always there
	}
	return h
}

// record notes the outcome of a call to the store and logs a change of
// state: clearly, once, rather than at every failed call.
func (h *storeHealth) record(err error) {
	now := h.now()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lastAny = now
	prev := h.state
	if err == nil {
		h.state, h.err, h.lastOK = storeOK, "", now
	} else {
		h.state, h.err = storeUnreachable, err.Error()
	}
	if h.state == prev {
		return
	}
	h.since = now
	switch h.state {
	case storeOK:
		h.log.Info("store reachable", "store", h.kind, "was", string(prev))
	case storeUnreachable:
		h.log.Error("store unreachable: decisions go on from this instance's memory; counts are flushed when it answers",
			"store", h.kind, "was", string(prev), "err", err)
	}
}

// storeStatus is the store part of /readyz.
type storeStatus struct {
	Kind   string     `json:"kind"`
	State  storeState `json:"state"`
	Since  time.Time  `json:"since"`
	LastOK *time.Time `json:"last_ok,omitempty"`
	Error  string     `json:"error,omitempty"`
}

func (h *storeHealth) status() storeStatus {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := storeStatus{Kind: h.kind, State: h.state, Since: h.since, Error: h.err}
	if !h.lastOK.IsZero() {
		t := h.lastOK
		s.LastOK = &t
	}
	return s
}

// answeredSince reports whether a call succeeded at t or later.
func (h *storeHealth) answeredSince(t time.Time) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return !h.lastOK.IsZero() && !h.lastOK.Before(t)
}

// idle reports how long no call to the store has settled.
func (h *storeHealth) idle() time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.lastAny.IsZero() {
		return time.Duration(1<<63 - 1)
	}
	return h.now().Sub(h.lastAny)
}

// pingLoop pings the store at once, then every interval in which nothing
// else (the syncer's flushes and pulls) has told whether it answers, until
// ctx is done. An idle instance flushes nothing and pulls nothing: without
// the pings /readyz would report what it saw last, however old.
//
// The first answer naming the server is logged, and a FerretDB warned
// about: its compare-and-swap is not atomic when two instances write one
// key at once, so a fleet on it loses counts, silently (an outside audit's
// fleet did; docs/ferretdb.md point 3).
func (h *storeHealth) pingLoop(ctx context.Context, ping func(context.Context) (string, error), interval time.Duration) {
	named := false
	pingOnce := func() {
		pctx, cancel := context.WithTimeout(ctx, storePingTimeout)
		server, err := ping(pctx)
		cancel()
		if ctx.Err() != nil {
			return // shutting down: the failure says nothing of the store
		}
		h.record(err)
		switch {
		case err != nil || server == "":
		case !named:
			named = true
			h.log.Info("store server", "store", h.kind, "server", server)
			if strings.HasPrefix(server, "FerretDB") {
				h.log.Warn("the store is FerretDB, whose compare-and-swap is not atomic under concurrent writers: instances that write one key at once lose counts, and nothing reports it; run several instances on MongoDB (docs/ferretdb.md, point 3)", "server", server)
			}
		default:
			h.log.Debug("store ping", "store", h.kind, "server", server)
		}
	}
	pingOnce()
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			// Until the server is named: a store down at start whose
			// later answers come through the syncer's calls, which keep
			// the pings away, was never named nor warned about.
			if !named || h.idle() >= interval {
				pingOnce()
			}
		}
	}
}

// registerStoreMetric exports the state as oauth_ratelimit_store_up.
func (h *storeHealth) register(reg prometheus.Registerer) error {
	return reg.Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: "oauth_ratelimit", Name: "store_up",
		Help: "1 if the last call to the shared store (a flush, a pull or a ping) succeeded, 0 if it failed or none has settled yet.",
	}, func() float64 {
		if h.status().State == storeOK {
			return 1
		}
		return 0
	}))
}

// healthStore is a syncer.Store that records, in health, whether each call
// reached the store (see note: calls cut short by the shutdown, or by their
// caller's deadline while other calls are answered, are not counted against
// it).
type healthStore struct {
	syncer.Store
	health *storeHealth
}

// note records err, the result of a call made with ctx, unless the call
// was cut short by a cancellation (the shutdown's, a loop stopped), which
// says nothing of the store; or it ran out of its caller's deadline (a
// heartbeat's bound, a sixth of --outage-after) while the store answered
// another call within storePingTimeout: a slow store, not one that is
// gone. A call out of its deadline with no answer that recent counts.
//
// Both ways were wrong alone. Not recording such calls (as when a done
// context was taken for the shutdown's) left store_up and /readyz saying
// ok for about 10 s after a cut, until a flush or pull failed on
// mongostore's own timeout (helper-83, twenty-third session). Recording
// them all flipped them behind a link of 1 s a round trip, where a
// heartbeat's five calls ran out of its 5 s: 3 of 8 such beats logged
// "store unreachable" at ERROR and back within a second, /readyz (503
// with --require-store) flipping with them, while the store answered
// every call (helper-90, twenty-fourth session). The deadline counts as
// passed once its time has come, even while ctx.Err() is still nil: the
// driver reads with the context's deadline as the socket's, and its
// timeout can return first.
func (s healthStore) note(ctx context.Context, err error) {
	if err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return
		}
		if now := s.health.now(); pastDeadline(ctx, now) && s.health.answeredSince(now.Add(-storePingTimeout)) {
			return
		}
	}
	s.health.record(err)
}

// pastDeadline reports whether ctx's deadline has ended it, or is not
// after now.
func pastDeadline(ctx context.Context, now time.Time) bool {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !now.Before(d)
}

// Write implements syncer.Store.
func (s healthStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	out, err := s.Store.Write(ctx, ws)
	s.note(ctx, err)
	return out, err
}

// Load implements syncer.Store.
func (s healthStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	docs, err := s.Store.Load(ctx, keys)
	s.note(ctx, err)
	return docs, err
}

// Sweep implements syncer.Store.
func (s healthStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	n, err := s.Store.Sweep(ctx, now)
	s.note(ctx, err)
	return n, err
}

// CheckIndexes implements syncer.IndexKeeper as the wrapped store does: a
// store without it has nothing to check. Only a failure tells the store's
// health: mongostore answers nil without a call until its indexes exist,
// and taken for an answer that marked a store that had never answered
// reachable at the Syncer's start and every SweepInterval while it stayed
// down (TestHealthStoreIndexCheckTellsOnlyFailures); the other calls tell
// that it answers.
func (s healthStore) CheckIndexes(ctx context.Context) error {
	ik, ok := s.Store.(syncer.IndexKeeper)
	if !ok {
		return nil
	}
	err := ik.CheckIndexes(ctx)
	if err != nil {
		s.note(ctx, err)
	}
	return err
}

// TTL implements syncer.TTL as the wrapped store does: a store without it
// answers false, which the syncer reads as it reads a store without TTL.
func (s healthStore) TTL() bool {
	t, ok := s.Store.(syncer.TTL)
	return ok && t.TTL()
}

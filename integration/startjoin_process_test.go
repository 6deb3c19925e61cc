package integration

import (
	"bytes"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestProcessesStartedTogetherShare: two server processes started one
// after the other (a rollout that starts several pods at once, a fleet
// started cold) know of each other by the time both serve, and share a key
// that came to the first while it was alone. procA takes one request for
// demo-service (30 an hour); its heartbeat writes then hang (its own relay
// holds them), so that its beats teach it nothing; procB starts, and the
// moment it is ready 20 requests go to each in turn. Before, procA learned
// of procB only from a heartbeat read, and held the key, new to it while
// it was alone, as its own until a read named procB: 1 + 20 + procB's
// share of 15, 36 tokens. Now procA counts the fresh heartbeats every tenth
// of a sync interval for its first three (syncer.InstanceCounter) and
// shares the keys it took alone (cache.Cache.SetStarting), and procB,
// finding procA starting, waits two of those tenths after its heartbeat
// before it serves (Limiter.BeatOnce, syncer.Syncer.JoinWait): the limit,
// plus at most one (README, Several instances: up to N − 1).
func TestProcessesStartedTogetherShare(t *testing.T) {
	const (
		limit = 30
		per   = 20
	)
	awayFromHourEnd(t, 2*time.Minute)
	srv := server(t)
	needProxy(t, srv)
	bin := serverBinary(t)
	db := srv.db + "_startjoin_" + randomHex(3)
	env.mu.Lock()
	env.dbs = append(env.dbs, db)
	env.mu.Unlock()
	wp := newWireProxy(t, srv.addr, srv.ferret)
	uri := proxiedURI(t, srv, wp.Addr())
	// procA's own relay, in front of the one both share (which keeps the
	// commands in order on FerretDB): its heartbeat writes wait there
	// until the test ends, once held.
	wpA := newWireProxy(t, wp.Addr(), false)
	uriA := proxiedURI(t, srv, wpA.Addr())
	hold := make(chan struct{})
	var holdOnce sync.Once
	release := func() { holdOnce.Do(func() { close(hold) }) }
	t.Cleanup(release)
	var holding atomic.Bool
	wpA.Observe(func(name string, body []byte) {
		if holding.Load() && name == "update" && bytes.Contains(body, []byte("_instances")) {
			<-hold
		}
	})
	pol := rolloutPolicy(t, limit, "1h")
	start := func(name, uri string) *serverProc {
		return startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", "5s", "--policy", pol)
	}
	a := start("procA", uriA)
	holding.Store(true)
	first := 0
	if status, _ := a.token(t, "demo-service", "demo-secret"); status == http.StatusOK {
		first++
	}
	b := start("procB", uri)
	v, _, _ := a.shareView(t, "demo-service")
	t.Logf("procA shares demo-service when procB is ready: %v", v.Shared)
	got := [2]int{}
	for i := range 2 * per {
		if status, _ := []*serverProc{a, b}[i%2].token(t, "demo-service", "demo-secret"); status == http.StatusOK {
			got[i%2]++
		}
	}
	total := first + got[0] + got[1]
	t.Logf("procA alone: %d; then %d to each in turn: procA %d, procB %d; %d in all", first, per, got[0], got[1], total)
	if total > limit+1 {
		t.Errorf("two processes started one after the other admitted %d to a client limited to %d, want at most the limit and one (procA %d alone, then procA %d, procB %d)",
			total, limit, first, got[0], got[1])
	}
	release()
	for _, p := range []*serverProc{a, b} {
		p.stop(t)
	}
}

package integration

import (
	"bytes"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// TestStartedProcessSharesNewKeys: a server process started into a fleet
// shares a key new to it among the live instances from its first request
// (README, Several instances: ⌈limit ÷ writers⌉ until its first read of
// the key), also when its first heartbeat is slow. procA and procB take
// demo-service (30 a minute) past its limit; procC starts while the
// store's heartbeat writes take a second and gets a burst of 40 requests
// at once: it may admit its share, ⌈30 ÷ 3⌉ = 10, not more. Before the
// server wrote a heartbeat before serving, procC knew of no other instance
// until its first heartbeat landed, and admitted the burst as if it alone
// counted the key, up to the whole limit: 30 of 40 here (an outside drill,
// h122, saw "r=29" on a restarted process's first answer to a client the
// fleet had sent 90 that minute).
func TestStartedProcessSharesNewKeys(t *testing.T) {
	const (
		limit = 30
		burst = 40
		share = (limit + 2) / 3
	)
	awayFromHourEnd(t, 2*time.Minute)
	srv := server(t)
	needProxy(t, srv)
	bin := serverBinary(t)
	// sharedDatabase's setup, keeping the proxy: it slows the heartbeats.
	db := srv.db + "_startshare_" + randomHex(3)
	env.mu.Lock()
	env.dbs = append(env.dbs, db)
	env.mu.Unlock()
	wp := newWireProxy(t, srv.addr, srv.ferret)
	uri := proxiedURI(t, srv, wp.Addr())
	var slowBeats atomic.Bool
	wp.Observe(func(name string, body []byte) {
		if slowBeats.Load() && name == "update" && bytes.Contains(body, []byte("_instances")) {
			time.Sleep(time.Second)
		}
	})
	pol := rolloutPolicy(t, limit, "1m")
	start := func(name string) *serverProc {
		return startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", "1s", "--policy", pol)
	}
	a, b := start("procA"), start("procB")
	admitted := 0
	for i := range limit + 10 {
		if status, _ := []*serverProc{a, b}[i%2].token(t, "demo-service", "demo-secret"); status == http.StatusOK {
			admitted++
		}
	}
	if admitted < limit {
		t.Fatalf("procA and procB admitted %d of %d, want the limit, %d, or more", admitted, limit+10, limit)
	}
	if !waitFor(10*time.Second, func() bool {
		d, _ := readDoc(t, srv, db, "counters", cache.Key{ClientID: "demo-service"})
		return d.sum() >= int64(admitted)
	}) {
		t.Fatalf("the store does not hold the %d tokens procA and procB admitted", admitted)
	}

	slowBeats.Store(true)
	c := start("procC")
	var wg sync.WaitGroup
	var got atomic.Int64
	for range burst {
		wg.Go(func() {
			if status, _ := c.token(t, "demo-service", "demo-secret"); status == http.StatusOK {
				got.Add(1)
			}
		})
	}
	wg.Wait()
	slowBeats.Store(false)
	t.Logf("procA and procB admitted %d; procC, just started, %d of a burst of %d (its share: %d)", admitted, got.Load(), burst, share)
	if got.Load() > share {
		t.Errorf("procC, just started, admitted %d of a burst of %d to a key the fleet has past its limit of %d, want at most its share, ⌈%d ÷ 3⌉ = %d",
			got.Load(), burst, limit, limit, share)
	}
	for _, p := range []*serverProc{a, b, c} {
		p.stop(t)
	}
}

package integration

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// TestStoreCutReportedByTheHeartbeat: a store that stops answering
// (toxiproxy's timeout toxic with no timeout: the bytes go in, nothing
// comes back, no connection closes) is reported unreachable on /readyz
// and by oauth_ratelimit_store_up once a heartbeat has failed on its
// bound, which --outage-after 6s makes the sync interval, 1 s. The bound
// asserted, 7 s, leaves room for a loaded machine and is below the 10 s
// of mongostore's own timeout, on which a flush or pull fails.
//
// A call that failed as its context ended was taken for one cut short by
// the shutdown and not recorded (helper-83, twenty-third session, saw
// /readyz lag a cut by about 10 s). Here the driver's socket deadline, set
// from the context's, ends the heartbeat's call before the context says
// so, and the old code reported the cut as soon (1.01 s in two runs):
// healthStore.note's own test (TestHealthStore) is the one a call ended
// by its deadline fails without the change.
func TestStoreCutReportedByTheHeartbeat(t *testing.T) {
	srv := server(t)
	needProxy(t, srv)
	bin := serverBinary(t)
	db := srv.db + "_cut_" + randomHex(3)
	env.mu.Lock()
	env.dbs = append(env.dbs, db)
	env.mu.Unlock()
	fp := newFaultProxy(t, "store-cut-"+randomHex(3), srv.addr)
	p := startServer(t, bin, "--instance", "cut-1", "--mongo-uri", proxiedURI(t, srv, fp.addr()), "--mongo-database", db,
		"--sync-interval", "1s", "--outage-after", "6s")

	type readyz struct {
		Store struct {
			State string `json:"state"`
			Error string `json:"error"`
		} `json:"store"`
	}
	get := func() readyz {
		var r readyz
		resp, err := httpClient.Get(p.AdminURL + "/readyz")
		if err != nil {
			t.Fatalf("readyz: %v", err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("readyz: %s (without --require-store an unreachable store keeps the instance ready)", resp.Status)
		}
		if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
			t.Fatalf("readyz: %v", err)
		}
		return r
	}
	pollUntil(t, 20*time.Second, "the store answers", func() bool {
		p.token(t, "demo-service", "demo-secret") // a key to flush and pull
		return get().Store.State == "ok"
	})
	pollUntil(t, 20*time.Second, "the key flushed", func() bool {
		return p.metric(t, `oauth_ratelimit_sync_flushes_total{result="ok"}`) >= 1
	})

	fp.toxic(t, "blackhole-up", "timeout", "upstream", `"timeout":0`)
	fp.toxic(t, "blackhole-down", "timeout", "downstream", `"timeout":0`)
	cut := time.Now()
	var r readyz
	took := pollUntil(t, 30*time.Second, "readyz reports the store unreachable", func() bool {
		r = get()
		return r.Store.State == "unreachable"
	})
	t.Logf("reported unreachable %v after the cut: %q; store_up %v", took.Round(10*time.Millisecond), r.Store.Error,
		p.metric(t, "oauth_ratelimit_store_up"))
	if since := time.Since(cut); since > 7*time.Second {
		t.Errorf("the store was reported unreachable %v after it stopped answering, want within 7 s (a heartbeat's bound of 1 s and an interval)", since)
	}
	if up := p.metric(t, "oauth_ratelimit_store_up"); up != 0 {
		t.Errorf("oauth_ratelimit_store_up %v once /readyz says unreachable, want 0", up)
	}
	fp.removeToxic(t, "blackhole-up")
	fp.removeToxic(t, "blackhole-down")
	pollUntil(t, 30*time.Second, "the store answers again", func() bool { return get().Store.State == "ok" })
	p.stop(t)
}

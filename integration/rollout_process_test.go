package integration

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// rolloutPolicy is a policy of the demo endpoint's demo-service: its
// client_credentials tokens limited to limit per window.
func rolloutPolicy(t *testing.T, limit int, window string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "policy-"+window+".yaml")
	spec := fmt.Sprintf("mode: enforce\ndefaults:\n  client:\n    - limit: %d\n      window: %s\n", limit, window)
	if err := os.WriteFile(path, []byte(spec), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRollingRestartProcesses is a rolling restart that changes a
// client's window, through two server processes on one database (a 200 ms
// sync interval): procA runs policy A (demo-service: 10 tokens a 10s), and
// procB, started on A too and loaded, is restarted (as procB2, the way a
// Kubernetes rollout names a new pod) on policy B (30 a minute). Then both
// get five requests a second each for 70 s, and each policy's limit must
// hold over the tokens of both: every 10 s frame at most 10, every minute
// at most 30, plus slack for what one process admitted and the other had
// not read yet (about a sync interval and a pull: 2 requests at this
// pace; 3 allowed). Measured on FerretDB: at most 10 in a 10 s frame in
// one run, 11 in another, 30 in a minute. Before the instances published their tiers, procA counted
// only in 10 s and procB2 only in minutes: up to 38 in a 10 s frame and 80
// in a minute.
func TestRollingRestartProcesses(t *testing.T) {
	srv := server(t)
	const (
		limit10s, limitMinute = 10, 30
		slack                 = 3
		gap                   = 100 * time.Millisecond // between requests, to the two in turn
		load                  = 70 * time.Second
	)
	bin := serverBinary(t)
	uri, db := sharedDatabase(t, srv, "rollout")
	polA, polB := rolloutPolicy(t, limit10s, "10s"), rolloutPolicy(t, limitMinute, "1m")
	start := func(name, pol string) *serverProc {
		return startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", "200ms", "--policy", pol, "--mode", "enforce")
	}
	procA, procB := start("procA", polA), start("procB", polA)
	for range 20 { // both on A: the key's document holds 10 s frames
		for _, p := range []*serverProc{procA, procB} {
			p.token(t, "demo-service", "demo-secret")
		}
		time.Sleep(gap)
	}
	procB.stop(t)
	procB2 := start("procB2", polB)
	// procB2 publishes its tiers at its first heartbeat, as it starts;
	// procA reads them at its next, within a sync interval.
	time.Sleep(time.Second)

	by10s, byMinute := map[int64]int{}, map[int64]int{}
	admitted := map[string]int{}
	end := time.Now().Add(load)
	for i := 0; time.Now().Before(end); i++ {
		p := []*serverProc{procA, procB2}[i%2]
		status, body := p.token(t, "demo-service", "demo-secret")
		switch status {
		case http.StatusOK:
			now := time.Now().Unix()
			by10s[now-now%10]++
			byMinute[now-now%60]++
			admitted[p.instance]++
		case http.StatusTooManyRequests:
		default:
			t.Fatalf("request %d to %s: status %d: %s", i, p.instance, status, body)
		}
		time.Sleep(gap)
	}
	worst10 := 0
	for _, n := range by10s {
		worst10 = max(worst10, n)
	}
	t.Logf("admitted: procA %d, procB2 %d; per 10 s frame at most %d (limit %d); per minute %v (limit %d)",
		admitted["procA"], admitted["procB2"], worst10, limit10s, byMinute, limitMinute)
	if worst10 > limit10s+slack {
		t.Errorf("a 10 s frame got %d tokens across both processes, want at most %d (+%d)", worst10, limit10s, slack)
	}
	for m, n := range byMinute {
		if n > limitMinute+slack {
			t.Errorf("the minute from %s got %d tokens across both processes, want at most %d (+%d)",
				time.Unix(m, 0).UTC().Format(time.TimeOnly), n, limitMinute, slack)
		}
	}
	if admitted["procA"] == 0 || admitted["procB2"] == 0 {
		t.Errorf("admitted %v: want both processes to issue tokens", admitted)
	}
	procA.stop(t)
	procB2.stop(t)
}

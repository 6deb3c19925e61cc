package integration

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
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

// TestRollingRestartKeepsTheAggregateProcesses is a rolling change of a
// client from a per-client limit to per-user limits, through two server
// processes on one database (a 200 ms sync interval): procA runs the old
// policy (mobile-app's users together 10 a minute, its aggregate tier),
// procB the new one (10 a minute per user, the aggregate only an hour's).
// Both count mobile-app's per-client key in minutes, for the defaults'
// client tier. The old policy's tiers bind the fleet until its last
// instance has left (README, Rolling out a window change across a fleet):
// alice and bob together get at most 10 a minute through both, plus the
// slack of TestRollingRestartProcesses (3), and the client's document
// holds every token issued. Measured on FerretDB: 10 and 11 in the two
// minutes the load touched. Before, procB took the minute as a size it
// had (count-only, for its client tier) and issued each user's 10: 20 in
// the full minute of the load (procB 22 of the 28 in all; an outside run
// of three processes, one on the new policy: 60 a minute against an
// aggregate of 30).
func TestRollingRestartKeepsTheAggregateProcesses(t *testing.T) {
	srv := server(t)
	const (
		limit = 10
		slack = 3
		gap   = 100 * time.Millisecond // between requests, to the two in turn
		load  = 70 * time.Second
	)
	awayFromHourEnd(t, load+10*time.Second) // the hour's frame holds every token
	bin := serverBinary(t)
	uri, db := sharedDatabase(t, srv, "rollagg")
	write := func(name, app string) string {
		path := filepath.Join(t.TempDir(), name+".yaml")
		spec := "mode: enforce\ndefaults:\n  client: [{limit: 1000, window: 1m}]\nclients:\n  mobile-app: " + app + "\n"
		if err := os.WriteFile(path, []byte(spec), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	oldPol := write("old", "{user: [{limit: 1000, window: 1m}], aggregate: [{limit: 10, window: 1m}, {limit: 1000, window: 1h}]}")
	newPol := write("new", "{user: [{limit: 10, window: 1m}], aggregate: [{limit: 1000, window: 1h}]}")
	start := func(name, pol string) *serverProc {
		return startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", "200ms", "--policy", pol)
	}
	procA, procB := start("procA", oldPol), start("procB", newPol)
	time.Sleep(time.Second) // each reads the other's tiers at its next heartbeat

	byMinute := map[int64]int{}
	admitted := map[string]int{}
	end := time.Now().Add(load)
	for i := 0; time.Now().Before(end); i++ {
		p := []*serverProc{procA, procB}[i%2]
		user := []string{"alice", "bob"}[i/2%2]
		req, err := tokenRequest(p.URL, "mobile-app", "mobile-secret", url.Values{"grant_type": {"password"}, "username": {user}, "password": {user + "-password"}})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := httpClient.Do(req)
		if err != nil {
			t.Fatalf("request %d to %s: %v", i, p.instance, err)
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			now := time.Now().Unix()
			byMinute[now-now%60]++
			admitted[p.instance]++
		case http.StatusTooManyRequests:
		default:
			t.Fatalf("request %d to %s: status %d", i, p.instance, resp.StatusCode)
		}
		time.Sleep(gap)
	}
	t.Logf("admitted: procA %d, procB %d; per minute %v (the old policy's aggregate %d)", admitted["procA"], admitted["procB"], byMinute, limit)
	for m, n := range byMinute {
		if n > limit+slack {
			t.Errorf("the minute from %s got %d tokens across both processes, want at most %d (+%d): the old policy's aggregate binds the fleet",
				time.Unix(m, 0).UTC().Format(time.TimeOnly), n, limit, slack)
		}
	}
	total := admitted["procA"] + admitted["procB"]
	if total < limit {
		t.Errorf("%d admitted in all, want at least the limit of %d: the fleet refused what it may issue", total, limit)
	}
	procA.stop(t)
	procB.stop(t)
	d, ok := readDoc(t, srv, db, "counters", cache.Key{ClientID: "mobile-app"})
	var hour int64
	for _, n := range d.RequestCounters["3600"] {
		hour += n
	}
	if !ok || hour != int64(total) {
		t.Errorf("mobile-app's document counts %d in its hour frame (found: %v), want the %d admitted", hour, ok, total)
	}
}

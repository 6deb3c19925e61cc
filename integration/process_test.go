package integration

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/servertest"
)

// processPolicy limits every client to 20 client_credentials tokens per
// hour: an hour, so that no frame boundary decays the count during the
// test (it waits out the last seconds of an hour).
const processPolicy = `
mode: enforce
defaults:
  client:
    - limit: 20
      window: 1h
`

// TestTwoServerProcesses builds the server binary and runs two processes
// of it on 127.0.0.1, sharing one fresh database through the same
// --mongo-uri, with distinct --instance names and a 200 ms --sync-interval.
// Token requests of one client (the built-in demo endpoint's demo-service)
// go to them in turn, paced, and the per-client limit must hold globally:
// about 20 admitted in all, not 20 per process.
//
// The bound: a process admits a request if its estimate (its own counts
// plus what it has pulled of the other's) is under the limit, so it can
// overshoot by what the other admitted and it has not seen yet. The other's
// counts reach it within one flush interval (the other's) plus one pull
// interval (its own) plus the round trips: about 2 × 200 ms + 100 ms. With
// one request every 200 ms, in turn, each process takes one every 400 ms,
// so at most 2 of the other's admissions are unseen at any time (3 only if
// the other's counts took over 800 ms to arrive): the test asserts
// limit <= admitted <= limit + 2. Unshared, the two would admit 40.
//
// Then both get SIGTERM: they must exit 0 after their final flush, and the
// client's document, read with the driver, must hold every admitted token,
// written by both instances.
func TestTwoServerProcesses(t *testing.T) {
	srv := server(t)
	const (
		limit        = 20
		requests     = 40
		gap          = 200 * time.Millisecond
		syncInterval = 200 * time.Millisecond
		staleness    = 2*syncInterval + 100*time.Millisecond
	)
	slack := int((staleness + 2*gap - 1) / (2 * gap)) // the other's admissions within staleness, rounded up
	if until := time.Until(time.Now().Truncate(time.Hour).Add(time.Hour)); until < 20*time.Second {
		time.Sleep(until)
	}

	bin := serverBinary(t) // built from the library's module: see serverBinary
	uri, db := sharedDatabase(t, srv, "procs")
	policy := filepath.Join(t.TempDir(), "policy.yaml")
	if err := os.WriteFile(policy, []byte(processPolicy), 0o600); err != nil {
		t.Fatal(err)
	}
	procs := []*serverProc{
		startServer(t, bin, "--instance", "procA", "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", syncInterval.String(), "--policy", policy, "--mode", "enforce"),
		startServer(t, bin, "--instance", "procB", "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", syncInterval.String(), "--policy", policy, "--mode", "enforce"),
	}

	admitted := make([]int, len(procs))
	denied := 0
	next := time.Now()
	for i := range requests {
		time.Sleep(time.Until(next))
		next = next.Add(gap)
		p := procs[i%len(procs)]
		status, body := p.token(t, "demo-service", "demo-secret")
		switch status {
		case http.StatusOK:
			admitted[i%len(procs)]++
		case http.StatusTooManyRequests:
			denied++
		default:
			t.Fatalf("request %d to %s: status %d: %s", i, p.instance, status, body)
		}
	}
	total := admitted[0] + admitted[1]
	t.Logf("%d requests, one every %v in turn: procA admitted %d, procB %d, %d in all (limit %d, slack %d); %d denied",
		requests, gap, admitted[0], admitted[1], total, limit, slack, denied)
	if total < limit || total > limit+slack {
		t.Errorf("%d admitted across both processes, want %d to %d: the limit must hold globally", total, limit, limit+slack)
	}
	for _, p := range procs {
		if n := p.metric(t, `oauth_ratelimit_sync_flushes_total{result="ok"}`); n == 0 {
			t.Errorf("%s: no successful flush", p.instance)
		}
	}

	for _, p := range procs {
		p.stop(t)
	}
	d, ok := readDoc(t, srv, db, "counters", cache.Key{ClientID: "demo-service"})
	if !ok {
		t.Fatalf("no document for demo-service in %s.counters", db)
	}
	if d.sum() != int64(total) {
		t.Errorf("the store holds %d for demo-service after both stopped, want the %d admitted", d.sum(), total)
	}
	if !writerOf(d.LastWrites, "procA") || !writerOf(d.LastWrites, "procB") {
		t.Errorf("lastWrites %v: want writes of both procA and procB", d.LastWrites)
	}
	t.Logf("after SIGTERM: both exited 0; the store holds %d (version %d, last writes %v)", d.sum(), d.Version, d.LastWrites)
}

// writerOf reports whether lastWrites holds a nonzero entry of a process
// of the instance ID id: each process writes under the ID, a colon and a
// suffix of its own (syncer.Syncer.Writer).
func writerOf(lastWrites map[string]int64, id string) bool {
	for name, seq := range lastWrites {
		if strings.HasPrefix(name, id+":") && seq != 0 {
			return true
		}
	}
	return false
}

// serverProc is a running server process and its --instance name.
type serverProc struct {
	*servertest.Proc
	instance string
}

var httpClient = &http.Client{Timeout: 10 * time.Second}

// startServer starts bin with args on free 127.0.0.1 ports, in a
// temporary working directory, and waits until it listens; it is killed
// when t ends if still running.
func startServer(t *testing.T, bin string, args ...string) *serverProc {
	t.Helper()
	p := &serverProc{}
	for i, a := range args {
		if a == "--instance" && i+1 < len(args) {
			p.instance = args[i+1]
		}
	}
	p.Proc = servertest.StartConfig(t, bin, servertest.Config{Dir: t.TempDir()}, append([]string{"--log-level", "info"}, args...)...)
	return p
}

// token asks for a client_credentials token with HTTP Basic credentials.
func (p *serverProc) token(t *testing.T, client, secret string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, p.URL+"/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(client, secret)
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", p.instance, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// metric returns the value of one series of the process's /metrics.
func (p *serverProc) metric(t *testing.T, series string) float64 {
	t.Helper()
	resp, err := httpClient.Get(p.AdminURL + "/metrics")
	if err != nil {
		t.Fatalf("%s: metrics: %v", p.instance, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s: metric %s: %v", p.instance, line, err)
			}
			return f
		}
	}
	return 0
}

// stop sends SIGTERM and checks that the process exits 0 after a final
// flush that did not fail.
func (p *serverProc) stop(t *testing.T) {
	t.Helper()
	if err := p.Stop(); err != nil {
		t.Fatalf("%s: %v:\n%s", p.instance, err, p.Logs())
	}
	logs := p.Logs()
	if code := p.ExitCode(); code != 0 || !strings.Contains(logs, `"msg":"stopped"`) || strings.Contains(logs, "final flush failed") {
		t.Errorf("%s: exit %d after SIGTERM; logs:\n%s", p.instance, code, logs)
	}
	if strings.Contains(logs, `"level":"ERROR"`) {
		t.Logf("%s logged errors:\n%s", p.instance, logs)
	}
}

// sharedDatabase returns a fresh database on srv (dropped at the end of the
// run) for server processes named by name, and the URI they reach it by:
// on FerretDB through a serializing wire proxy, since its compare-and-swap
// is not atomic under concurrent writers (docs/ferretdb.md point 3); on
// MongoDB directly.
func sharedDatabase(t *testing.T, srv *mongoServer, name string) (uri, db string) {
	t.Helper()
	db = srv.db + "_" + name + "_" + randomHex(3) // fresh for every run of the test (-count)
	env.mu.Lock()
	env.dbs = append(env.dbs, db)
	env.mu.Unlock()
	uri = srv.uri
	if srv.ferret {
		needProxy(t, srv)
		uri = proxiedURI(t, srv, newWireProxy(t, srv.addr, true).Addr())
		t.Logf("%s: the processes go through a serializing wire proxy (FerretDB's compare-and-swap is not atomic)", srv.name)
	}
	return uri, db
}

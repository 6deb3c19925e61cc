package integration

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// This file runs the admin API's shared state across two server processes
// sharing one database: a runtime override and the global mode set on one,
// each seen and enforced by the other within a sync interval (issue 9); the
// key reset is in reset_process_test.go.

// adminToken is the admin token of the processes of this file.
const adminToken = "integration-Admin_token-0123456789"

// twoProcs is a pair of server processes on one fresh database, and what
// starts another (a restart) with the same settings.
type twoProcs struct {
	srv    *mongoServer
	db     string
	a, b   *serverProc
	launch func(instance string) *serverProc
}

// startTwo builds the server and starts procA and procB on a fresh
// database with policyYAML, sync interval every, an admin token and the
// flags in extra (also for a process tp.launch starts later). On
// FerretDB both talk through the serializing wire proxy, as in
// TestTwoServerProcesses (its compare-and-swap is not atomic under
// concurrent writers).
func startTwo(t *testing.T, policyYAML string, every time.Duration, extra ...string) *twoProcs {
	t.Helper()
	srv := server(t)
	bin := serverBinary(t)
	uri, db := sharedDatabase(t, srv, "admin")
	dir := t.TempDir()
	policy, token := filepath.Join(dir, "policy.yaml"), filepath.Join(dir, "admin-token")
	for f, data := range map[string]string{policy: policyYAML, token: adminToken + "\n"} {
		if err := os.WriteFile(f, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tp := &twoProcs{srv: srv, db: db}
	tp.launch = func(instance string) *serverProc {
		return startServer(t, bin, append([]string{"--instance", instance, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", every.String(), "--policy", policy, "--admin-token-file", token}, extra...)...)
	}
	tp.a, tp.b = tp.launch("procA"), tp.launch("procB")
	return tp
}

// awayFromHourEnd waits out the end of the hour if less than need is left
// of it: the tests count in 1h windows, and a frame boundary would decay
// the counts they assert.
func awayFromHourEnd(t *testing.T, need time.Duration) {
	if until := time.Until(time.Now().Truncate(time.Hour).Add(time.Hour)); until < need {
		t.Logf("waiting %v for the hour to turn", until.Round(time.Second))
		time.Sleep(until)
	}
}

// admin sends an admin request with the token, as JSON, and returns the
// status and the body.
func (p *serverProc) admin(t *testing.T, method, path, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, p.AdminURL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+adminToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %s %s: %v", p.instance, method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// keyView is the part of GET /admin/keys/{client} the tests read.
type keyView struct {
	Mode     string `json:"mode"`
	Snapshot struct {
		Version int64 `json:"version"`
		Assumed bool  `json:"writers_assumed"`
	} `json:"snapshot"`
	Tiers []struct {
		Limit  int64 `json:"limit"`
		Global struct {
			Previous int64 `json:"previous"`
			Current  int64 `json:"current"`
		} `json:"global"`
		Local struct {
			Previous int64 `json:"previous"`
			Current  int64 `json:"current"`
		} `json:"local"`
		Used      int64 `json:"used"`
		Remaining int64 `json:"remaining"`
	} `json:"tiers"`
}

// key returns p's view of client's per-client key, and false if p does
// not hold it.
func (p *serverProc) key(t *testing.T, client string) (keyView, bool) {
	t.Helper()
	status, body := p.admin(t, http.MethodGet, "/admin/keys/"+client, "")
	if status == http.StatusNotFound {
		return keyView{}, false
	}
	var k keyView
	if err := json.Unmarshal(body, &k); status != http.StatusOK || err != nil || len(k.Tiers) == 0 {
		t.Fatalf("%s: GET /admin/keys/%s: %d %s (%v)", p.instance, client, status, body, err)
	}
	return k, true
}

// pollUntil calls cond every 20 ms until it holds, and fails t if it has
// not within deadline; it returns how long it took.
func pollUntil(t *testing.T, deadline time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	if !waitFor(deadline, cond) {
		t.Fatalf("%s: not within %v", what, deadline)
	}
	return time.Since(start)
}

// overridePolicy: every client in dry-run at 5 client_credentials tokens
// an hour.
const overridePolicy = `
mode: dry-run
defaults:
  client:
    - limit: 5
      window: 1h
`

// TestTwoProcessesOverrides: an override set on procA (demo-service
// enforced at 3 an hour, where the file says dry-run at 5) is enforced on
// procB within a sync interval, holds on procB after procB restarts, and
// its removal reaches procB; then the global mode switched on procA
// reaches procB, and so does dropping the switch.
func TestTwoProcessesOverrides(t *testing.T) {
	const (
		every = 500 * time.Millisecond
		slack = time.Second // a pull's round trips through the proxy
	)
	awayFromHourEnd(t, 2*time.Minute)
	tp := startTwo(t, overridePolicy, every)
	a := tp.a
	within := func(what string, since time.Time) {
		t.Helper()
		d := time.Since(since)
		t.Logf("%s %v after the change on procA (sync interval %v)", what, d.Round(time.Millisecond), every)
		if d > every+slack {
			t.Errorf("%s %v after the change on procA: want within the sync interval (%v) and %v of round trips", what, d, every, slack)
		}
	}

	// procB holds the key, in dry-run at 5: the override must change both.
	if status, body := tp.b.token(t, "demo-service", "demo-secret"); status != http.StatusOK {
		t.Fatalf("procB before the override: %d %s", status, body)
	}
	// A key new to procB is shared with procA, live, for one to two sync
	// intervals (README, Several instances; procB knows procA from its
	// start): the counts below are procB's alone once that has passed.
	pollUntil(t, 10*time.Second, "procB no longer assumes procA counts demo-service", func() bool {
		k, ok := tp.b.key(t, "demo-service")
		return ok && !k.Snapshot.Assumed
	})
	status, body := a.admin(t, http.MethodPut, "/admin/overrides/demo-service", `{"mode":"enforce","client":[{"limit":3,"window":"1h"}]}`)
	set := time.Now()
	if status != http.StatusOK {
		t.Fatalf("PUT the override on procA: %d %s", status, body)
	}
	pollUntil(t, 10*time.Second, "procB applies the override", func() bool {
		k, ok := tp.b.key(t, "demo-service")
		return ok && k.Mode == "enforce" && k.Tiers[0].Limit == 3
	})
	within("procB applied the override", set)
	// Enforced at 3: 2 more admitted (1 was before), then refused; in
	// the file's dry-run the 4th and 5th would be admitted.
	for i, want := range []int{200, 200, 429, 429} {
		if status, body := tp.b.token(t, "demo-service", "demo-secret"); status != want {
			t.Fatalf("procB request %d under the override: %d %s, want %d", i+2, status, body, want)
		}
	}

	// A restart of procB: the override is in the store, not in its memory.
	tp.b.stop(t)
	b := tp.launch("procB")
	pollUntil(t, 10*time.Second, "procB, restarted, refuses demo-service (the override holds)", func() bool {
		status, _ := b.token(t, "demo-service", "demo-secret")
		return status == http.StatusTooManyRequests
	})
	if k, ok := b.key(t, "demo-service"); !ok || k.Mode != "enforce" || k.Tiers[0].Limit != 3 {
		t.Errorf("procB after its restart: %+v (held %v), want mode enforce, limit 3", k, ok)
	}

	// The override's removal reaches procB: dry-run at 5 again, so a
	// request over the limit is admitted.
	if status, body := a.admin(t, http.MethodDelete, "/admin/overrides/demo-service", ""); status != http.StatusOK {
		t.Fatalf("DELETE the override on procA: %d %s", status, body)
	}
	removed := time.Now()
	pollUntil(t, 10*time.Second, "procB admits demo-service again in dry-run", func() bool {
		status, _ := b.token(t, "demo-service", "demo-secret")
		return status == http.StatusOK
	})
	within("procB dropped the override", removed)
	if k, _ := b.key(t, "demo-service"); k.Mode != "dry-run" || k.Tiers[0].Limit != 5 {
		t.Errorf("procB after the removal: mode %s, limit %d; want dry-run, 5", k.Mode, k.Tiers[0].Limit)
	}
	// Over 5 in dry-run: admitted until the global mode is enforce.
	for range 3 {
		b.token(t, "demo-service", "demo-secret")
	}
	if status, body := b.token(t, "demo-service", "demo-secret"); status != http.StatusOK {
		t.Fatalf("procB in dry-run over the limit: %d %s, want 200", status, body)
	}

	// The global mode, switched on procA, reaches procB.
	if status, body := a.admin(t, http.MethodPost, "/admin/mode", `{"mode":"enforce"}`); status != http.StatusOK {
		t.Fatalf("POST /admin/mode on procA: %d %s", status, body)
	}
	switched := time.Now()
	pollUntil(t, 10*time.Second, "procB enforces the global mode set on procA", func() bool {
		status, _ := b.token(t, "demo-service", "demo-secret")
		return status == http.StatusTooManyRequests
	})
	within("procB enforced the global mode", switched)
	if status, body := b.admin(t, http.MethodGet, "/admin/mode", ""); status != http.StatusOK || !strings.Contains(string(body), `"mode":"enforce"`) {
		t.Errorf("GET /admin/mode on procB: %d %s, want enforce", status, body)
	}
	if status, body := a.admin(t, http.MethodDelete, "/admin/mode", ""); status != http.StatusOK {
		t.Fatalf("DELETE /admin/mode on procA: %d %s", status, body)
	}
	dropped := time.Now()
	pollUntil(t, 10*time.Second, "procB is back in the file's dry-run", func() bool {
		status, _ := b.token(t, "demo-service", "demo-secret")
		return status == http.StatusOK
	})
	within("procB dropped the global mode", dropped)
	a.stop(t)
	b.stop(t)
}

package main

// End-to-end tests of what an operator meets (issue 10): the command line
// on stdout, reloads that cannot surprise, an upstream that is down and a
// store that cannot be reached. Same harness as e2e_test.go.

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/servertest"
)

// closedPort returns 127.0.0.1:port where nothing listens (it listened a
// moment ago, so nothing else is likely to by the time the test connects).
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// poll calls cond until it holds, for at most 15 s.
func poll(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestE2EHelpAndVersion: --help and --version answer on stdout, nothing on
// stderr, exit 0, from the built binary.
func TestE2EHelpAndVersion(t *testing.T) {
	tests := []struct {
		arg  string
		want []string
	}{
		{"--help", []string{"Admin endpoints", "GET /readyz", "POST /admin/reload", "--require-store", "OAUTH_RATELIMIT_REQUIRE_STORE"}},
		{"--version", []string{"oauth-ratelimit ", "(revision "}},
	}
	for _, tt := range tests {
		t.Run(tt.arg, func(t *testing.T) {
			var stdout, stderr strings.Builder
			cmd := exec.Command(binary, tt.arg)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v; stderr %s", tt.arg, err, stderr.String())
			}
			if stderr.Len() != 0 {
				t.Errorf("stderr %q, want nothing", stderr.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout does not say %q:\n%s", w, stdout.String())
				}
			}
		})
	}
}

// startIn runs the server in dir without --policy, so that the policy is
// what it finds there; the test ends with the SIGTERM check of start.
func startIn(t *testing.T, dir string) *proc {
	t.Helper()
	p := &proc{servertest.StartConfig(t, binary, servertest.Config{Dir: dir}, "--log-level", "debug")}
	t.Cleanup(func() { p.stop(t) })
	return p
}

func (p *proc) mode(t *testing.T) (mode, source string) {
	t.Helper()
	var m struct{ Mode, Policy string }
	r := do(t, mustReq(http.MethodGet, p.AdminURL+"/admin/mode", ""))
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("/admin/mode: %d %s", r.status, r.body)
	}
	return m.Mode, m.Policy
}

// TestE2EDefaultPolicyFileRenamed is the first finding of issue 10: started
// without --policy from a directory holding policy.example.yaml (dry-run),
// a SIGHUP after the file is renamed used to install the built-in enforce
// policy at INFO. The running policy must stay, the failure said at ERROR
// and counted.
func TestE2EDefaultPolicyFileRenamed(t *testing.T) {
	dir := t.TempDir()
	writeAt(t, filepath.Join(dir, defaultPolicyFile), reloadPolicy(1))
	p := startIn(t, dir)
	if m, src := p.mode(t); m != "dry-run" || src != defaultPolicyFile {
		t.Fatalf("at start: mode %s from %s, want dry-run from %s", m, src, defaultPolicyFile)
	}
	must(t, os.Rename(filepath.Join(dir, defaultPolicyFile), filepath.Join(dir, "policy.old.yaml")))
	must(t, p.Signal(syscall.SIGHUP))
	poll(t, "the failed reload", func() bool { return strings.Contains(p.Logs(), `"msg":"policy reload failed, running policy kept"`) })
	if m, src := p.mode(t); m != "dry-run" || src != defaultPolicyFile {
		t.Errorf("after the rename and SIGHUP: mode %s from %s, want dry-run from %s", m, src, defaultPolicyFile)
	}
	if got := p.metric(t, `oauth_ratelimit_policy_reloads_total{result="failure"}`); got != 1 {
		t.Errorf("failed reloads %v, want 1", got)
	}
	if got := p.metric(t, `oauth_ratelimit_policy_last_reload_successful`); got != 0 {
		t.Errorf("policy_last_reload_successful %v, want 0", got)
	}
	// Over the dry-run limit of 1, and still admitted.
	for i := range 3 {
		if r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret"); r.status != 200 {
			t.Errorf("request %d: %d, want 200 (dry-run)", i, r.status)
		}
	}
	for _, line := range strings.Split(p.Logs(), "\n") {
		if strings.Contains(line, `"msg":"policy reload failed`) && (!strings.Contains(line, `"level":"ERROR"`) || !strings.Contains(line, defaultPolicyFile)) {
			t.Errorf("the failure is not an ERROR naming the file: %s", line)
		}
	}
}

// TestE2EBuiltinPolicyWarns: without a policy file the server says, at
// WARN, that it runs the built-in policy and what that enforces.
func TestE2EBuiltinPolicyWarns(t *testing.T) {
	p := startIn(t, t.TempDir())
	var found bool
	for _, line := range strings.Split(p.Logs(), "\n") {
		if strings.Contains(line, `"msg":"no policy file`) {
			found = true
			for _, w := range []string{`"level":"WARN"`, `"mode":"enforce"`, `"client":"600 per 1m0s, 20000 per 1h0m0s"`, `"user":"60 per 1m0s, 1000 per 1h0m0s"`} {
				if !strings.Contains(line, w) {
					t.Errorf("the record does not say %s: %s", w, line)
				}
			}
		}
	}
	if !found {
		t.Errorf("no warning about the built-in policy:\n%s", p.Logs())
	}
	// A reload has nothing to read: refused, the policy unchanged.
	req := mustReq(http.MethodPost, p.AdminURL+"/admin/reload", "")
	req.Header.Set("Content-Type", "application/json") // the admin API takes changes only as JSON
	if r := do(t, req); r.status != http.StatusConflict || !strings.Contains(string(r.body), "--policy") {
		t.Errorf("reload of the built-in policy: %d %s", r.status, r.body)
	}
}

// TestE2EPolicyFileWatched: a change of the policy file on disk is
// installed without a signal.
func TestE2EPolicyFileWatched(t *testing.T) {
	file := writeFile(t, "policy.yaml", e2ePolicy)
	p := start(t, "--policy", file)
	tmp := file + ".tmp"
	writeAt(t, tmp, strings.Replace(e2ePolicy, "limit: 3", "limit: 9", 1))
	must(t, os.Rename(tmp, file))
	poll(t, "the reload of the changed file", func() bool {
		r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret")
		return r.header.Get("X-RateLimit-Limit") == "9"
	})
	// The record follows the install, and reaches the log through a pipe:
	// read at once, it was missing once in CI, the new limit answered.
	if !p.WaitLog(`"trigger":"file change"`, 5*time.Second) {
		t.Errorf("no reload by the watcher in the log:\n%s", p.Logs())
	}
}

// TestE2EUpstreamDown: in proxy mode, an upstream that does not answer
// gets the client an RFC 6749-style JSON error that is not cached, and
// spends nothing of the limit.
func TestE2EUpstreamDown(t *testing.T) {
	p := start(t, "--upstream", "http://"+closedPort(t))
	for i := range 5 { // the limit is 3: every failed request was released
		r := p.token(t, "grant_type=client_credentials&client_id=svc&client_secret=s3cret", "")
		if r.status != http.StatusBadGateway {
			t.Fatalf("request %d: %d %s, want 502", i, r.status, r.body)
		}
		if got := r.json(t)["error"]; got != "temporarily_unavailable" {
			t.Errorf("error %v, want temporarily_unavailable", got)
		}
		if r.json(t)["error_description"] == nil {
			t.Errorf("no error_description: %s", r.body)
		}
		for name, want := range map[string]string{"Content-Type": "application/json", "Cache-Control": "no-store"} {
			if got := r.header.Get(name); got != want {
				t.Errorf("%s %q, want %q", name, got, want)
			}
		}
	}
	// Other paths too.
	if r := do(t, mustReq(http.MethodGet, p.URL+"/.well-known/openid-configuration", "")); r.status != http.StatusBadGateway || r.json(t)["error"] != "temporarily_unavailable" {
		t.Errorf("proxied path: %d %s", r.status, r.body)
	}
}

// TestE2EStoreUnreachable: a --mongo-uri that cannot be reached is pinged
// at start and said at ERROR; /readyz reports it; requests are still
// decided, from memory; --require-store makes the instance unready. At
// the stop the final flush cannot write the count made meanwhile: it says
// so at ERROR, and the exit status is exitCountsNotStored.
func TestE2EStoreUnreachable(t *testing.T) {
	uri := "mongodb://" + closedPort(t) + "/?serverSelectionTimeoutMS=300&connectTimeoutMS=300"
	tests := []struct {
		name       string
		args       []string
		wantStatus int
	}{
		{"reported", nil, http.StatusOK},
		{"required", []string{"--require-store"}, http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := start(t, append([]string{"--mongo-uri", uri, "--final-flush-timeout", "1s"}, tt.args...)...)
			type readyz struct {
				Ready  bool
				Reason string
				Store  storeStatus
			}
			var got readyz
			var status int
			poll(t, "/readyz to report the store unreachable", func() bool {
				r := do(t, mustReq(http.MethodGet, p.AdminURL+"/readyz", ""))
				status, got = r.status, readyz{}
				json.Unmarshal(r.body, &got)
				return got.Store.State == storeUnreachable
			})
			if status != tt.wantStatus || got.Ready != (tt.wantStatus == 200) || got.Store.Kind != "mongodb" || got.Store.Error == "" || got.Reason == "" {
				t.Errorf("/readyz %d %+v, want %d with the store's error and a reason", status, got, tt.wantStatus)
			}
			if !p.WaitLog(`"msg":"store unreachable`, 5*time.Second) {
				t.Errorf("no ERROR record of the unreachable store:\n%s", p.Logs())
			}
			if r := p.token(t, "grant_type=client_credentials", "demo-service:demo-secret"); r.status != 200 {
				t.Errorf("token request with the store down: %d, want 200 (decided from memory)", r.status)
			}
			if got := p.metric(t, "oauth_ratelimit_store_up"); got != 0 {
				t.Errorf("oauth_ratelimit_store_up %v, want 0", got)
			}
			// The count just made cannot reach the store at the stop:
			// the final flush gives up and says what it left, and so
			// does the exit status (it was 0).
			if err := p.Stop(); err != nil {
				t.Fatal(err)
			}
			logs := p.Logs()
			if code := p.ExitCode(); code != exitCountsNotStored {
				t.Errorf("exit status %d after a final flush that left a count out of the store, want %d:\n%s", code, exitCountsNotStored, logs)
			}
			if want := `"keys":1}`; !strings.Contains(logs, `"level":"ERROR","msg":"final flush failed"`) || !strings.Contains(logs, want) || !strings.Contains(logs, `"msg":"stopped"`) {
				t.Errorf("logs lack the final flush's ERROR record ending %s, or stopped:\n%s", want, logs)
			}
		})
	}
}

// TestE2EMaxKeys: --max-keys bounds the keys held; past it new keys evict.
// The cache caps each of its 256 shards at max(--max-keys/256, 1) keys.
func TestE2EMaxKeys(t *testing.T) {
	p := start(t, "--max-keys", "1")
	for i := range 400 {
		if r := p.token(t, fmt.Sprintf("grant_type=client_credentials&client_id=c%d", i), ""); r.status != http.StatusUnauthorized {
			t.Fatalf("client %d: %d, want the demo endpoint's 401", i, r.status)
		}
	}
	if keys := p.metric(t, "oauth_ratelimit_cache_keys"); keys > 256 {
		t.Errorf("%v keys held, want at most 256", keys)
	}
	if ev := p.metric(t, `oauth_ratelimit_cache_evictions_total{reason="cap"}`); ev < 400-256 {
		t.Errorf("%v keys evicted at the cap, want at least %d", ev, 400-256)
	}
}

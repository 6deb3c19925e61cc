package integration

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// modesPolicy: demo-service at 4 client_credentials tokens an hour, in
// the mode given (%s); every other client the defaults, in dry-run.
const modesPolicy = `
mode: dry-run
defaults:
  client:
    - limit: 100
      window: 1h
clients:
  demo-service:
    mode: %s
    client:
      - limit: 4
        window: 1h
`

// TestTwoProcessesClientModeDiffers: a client's mode is each instance's
// own, as README's rollout walk (step 5) says. procA's policy file
// enforces demo-service at 4 an hour, procB's has the same limit in
// dry-run, as in a file rolled out one instance at a time: once the
// fleet's count is past 4, procA refuses every request of it and procB
// admits every one, so the limit holds on neither; the override that
// enforces the client makes procB refuse too, within two of its pulls.
func TestTwoProcessesClientModeDiffers(t *testing.T) {
	const every = 500 * time.Millisecond
	awayFromHourEnd(t, 2*time.Minute)
	srv := server(t)
	bin := serverBinary(t)
	uri, db := sharedDatabase(t, srv, "modes")
	dir := t.TempDir()
	token := filepath.Join(dir, "admin-token")
	if err := os.WriteFile(token, []byte(adminToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	launch := func(instance, mode string) *serverProc {
		pol := filepath.Join(dir, instance+".yaml")
		if err := os.WriteFile(pol, []byte(fmt.Sprintf(modesPolicy, mode)), 0o600); err != nil {
			t.Fatal(err)
		}
		return startServer(t, bin, "--instance", instance, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", every.String(), "--policy", pol, "--admin-token-file", token)
	}
	a, b := launch("procA", "enforce"), launch("procB", "dry-run")

	// The limit's 4 through procB, then procB's count reaches procA: procA
	// refuses (its first request may be admitted as its share of a key new
	// to it, before it has read the key).
	for i := range 4 {
		if status, body := b.token(t, "demo-service", "demo-secret"); status != http.StatusOK {
			t.Fatalf("procB request %d, under the limit: %d %s", i+1, status, body)
		}
	}
	pollUntil(t, 10*time.Second, "procA (enforce) refuses demo-service past the fleet's 4", func() bool {
		status, _ := a.token(t, "demo-service", "demo-secret")
		return status == http.StatusTooManyRequests
	})
	// Past the limit: procA refuses each request, procB admits each one.
	for i := range 5 {
		if status, body := a.token(t, "demo-service", "demo-secret"); status != http.StatusTooManyRequests {
			t.Fatalf("procA (enforce), request %d past the limit: %d %s, want 429", i+1, status, body)
		}
		if status, body := b.token(t, "demo-service", "demo-secret"); status != http.StatusOK {
			t.Fatalf("procB (dry-run), request %d past the limit: %d %s, want 200 (its own mode)", i+1, status, body)
		}
	}
	pollUntil(t, 10*time.Second, "procA sees procB's tokens past the limit", func() bool {
		k, ok := a.key(t, "demo-service")
		return ok && k.Tiers[0].Used >= 4+5
	})

	// The override is the fleet's switch: procB enforces within a sync
	// interval of its write on procA.
	if status, body := a.admin(t, http.MethodPut, "/admin/overrides/demo-service", `{"mode":"enforce"}`); status != http.StatusOK {
		t.Fatalf("PUT the override on procA: %d %s", status, body)
	}
	// procB reads the overrides after each pull that succeeds: within two
	// of the override's answer (one may have read them just before).
	// Pulls, not time, which a loaded machine stretches.
	const pullsOK = `oauth_ratelimit_sync_pulls_total{result="ok"}`
	set, pullsAtSet, pullsAtEnforce := time.Now(), b.metric(t, pullsOK), 0.0
	pollUntil(t, 10*time.Second, "procB enforces demo-service by the override", func() bool {
		pullsAtEnforce = b.metric(t, pullsOK) // before the request: the check is looser by one, never stricter
		status, _ := b.token(t, "demo-service", "demo-secret")
		return status == http.StatusTooManyRequests
	})
	t.Logf("procB enforced the override %v after its write, %v pulls after it", time.Since(set).Round(time.Millisecond), pullsAtEnforce-pullsAtSet)
	if n := pullsAtEnforce - pullsAtSet; n > 2 {
		t.Errorf("procB enforced the override after %v of its pulls, want at most 2 (it reads the overrides after each)", n)
	}
	a.stop(t)
	b.stop(t)
}

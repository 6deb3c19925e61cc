package integration

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// TestStartedProcessReadsOverridesBeforeServing: a process started after
// an override and the shared global mode were set holds both from its
// first request (README, Runtime overrides: "a starting instance reads the
// overrides before it serves"), not from its first pull, a sync interval
// later (10 s here). The file says dry-run at 5 an hour; procA sets
// demo-service's override to 0 an hour (0 blocks every request) and the
// shared mode to enforce; procB, started then, must refuse demo-service's
// first request and say the mode is the override's. A process that skipped
// the read at start admitted it (200), in the file's dry-run, until its
// first pull.
func TestStartedProcessReadsOverridesBeforeServing(t *testing.T) {
	const every = 10 * time.Second // no pull before the checks
	awayFromHourEnd(t, 2*time.Minute)
	tp := startTwo(t, overridePolicy, every)
	a := tp.a
	tp.b.stop(t)
	if status, body := a.admin(t, http.MethodPut, "/admin/overrides/demo-service", `{"client":[{"limit":0,"window":"1h"}]}`); status != http.StatusOK {
		t.Fatalf("PUT the override on procA: %d %s", status, body)
	}
	if status, body := a.admin(t, http.MethodPost, "/admin/mode", `{"mode":"enforce"}`); status != http.StatusOK {
		t.Fatalf("POST /admin/mode on procA: %d %s", status, body)
	}
	b := tp.launch("procB")
	started := time.Now()
	status, body := b.token(t, "demo-service", "demo-secret")
	t.Logf("procB's first answer for demo-service, %v after it was ready: %d", time.Since(started).Round(time.Millisecond), status)
	if status != http.StatusTooManyRequests {
		t.Errorf("procB's first request for demo-service, whose override is 0 an hour in the shared enforce: %d %s, want 429 (the overrides read before serving)", status, body)
	}
	_, mb := b.admin(t, http.MethodGet, "/admin/mode", "")
	var m struct {
		Mode   string `json:"mode"`
		Source string `json:"source"`
	}
	if err := json.Unmarshal(mb, &m); err != nil || m.Mode != "enforce" || m.Source != "override" {
		t.Errorf("procB's GET /admin/mode at start: %s (%v), want enforce from the override", mb, err)
	}
	if since := time.Since(started); since >= every {
		t.Logf("the checks took %v, a sync interval: procB may have pulled", since)
	}
	a.stop(t)
	b.stop(t)
}

package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStatusPageFleetTiersProcesses: the status page of the real server
// shows the other instances whose policies add tiers here, as GET
// /admin/policy's fleet_tiers does, through two server processes on one
// database (a 200 ms sync interval): procA on 10 tokens a 10s, procB on 30
// a minute. procA's page names procB and the tier it adds, within a few
// heartbeats.
func TestStatusPageFleetTiersProcesses(t *testing.T) {
	srv := server(t)
	bin := serverBinary(t)
	uri, db := sharedDatabase(t, srv, "status")
	token := filepath.Join(t.TempDir(), "admin-token")
	if err := os.WriteFile(token, []byte(adminToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	start := func(name, pol string) *serverProc {
		return startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--sync-interval", "200ms", "--policy", pol, "--admin-token-file", token)
	}
	a := start("procA", rolloutPolicy(t, 10, "10s"))
	b := start("procB", rolloutPolicy(t, 30, "1m"))
	want := []string{"their policies add tiers here, enforced", `<span class="id">procB</span>`, `defaults: <span class="id">client=60s:30</span>`}
	var page string
	for end := time.Now().Add(10 * time.Second); ; {
		status, body := a.admin(t, "GET", "/admin/", "")
		page = string(body)
		missing := ""
		for _, w := range want {
			if !strings.Contains(page, w) {
				missing = w
			}
		}
		if status == 200 && missing == "" {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("procA's status page, 10 s after procB started: %d, without %s:\n%s", status, missing, page)
		}
		time.Sleep(200 * time.Millisecond)
	}
	b.stop(t)
	a.stop(t)
}

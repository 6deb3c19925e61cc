package main

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestE2EStatusPageChromium loads the status page of the real server in
// headless Chromium (Debian's chromium; skipped where it is not installed:
// scripts/screenshot.sh installs it) with the token as the password of
// HTTP Basic in the URL, as a browser's prompt sends it, and reads the DOM
// Chromium built: the page's rows are there, and the client ID that is
// markup stayed text (no script element). Without the password Chromium
// gets no page.
func TestE2EStatusPageChromium(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium in PATH (apt-get install chromium, or scripts/screenshot.sh)")
	}
	p := start(t, "--admin-token-file", writeFile(t, "admin-token", testAdminToken+"\n"),
		"--policy", writeFile(t, "policy.yaml", statusPolicy), "--demo-clients", writeFile(t, "clients.yaml", statusClients))
	for range 3 {
		p.token(t, "grant_type=client_credentials", "<script>alert(1)</script>:evil-secret")
	}
	host := strings.TrimPrefix(p.AdminURL, "http://")
	dom := func(url string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		// --no-sandbox: Chromium's sandbox refuses to run as root (CI
		// containers).
		cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu",
			"--user-data-dir="+t.TempDir(), "--dump-dom", url)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("chromium: %v", err)
		}
		return string(out)
	}

	page := dom("http://admin:" + testAdminToken + "@" + host + "/admin/")
	for _, w := range []string{"Top keys on this instance", "&lt;script&gt;alert(1)&lt;/script&gt;", "3 / 2", `class="fill over"`} {
		if !strings.Contains(page, w) {
			t.Errorf("the DOM does not hold %s:\n%s", w, page)
		}
	}
	if strings.Contains(page, "<script") {
		t.Errorf("the DOM holds a script element:\n%s", page)
	}
	if page := dom("http://" + host + "/admin/"); strings.Contains(page, "Top keys") {
		t.Errorf("without the password Chromium got the page:\n%s", page)
	}
}

package admin

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNothingImportsAdmin: the import direction stays one way (see the
// package comment): of the module's packages only the server, and admin's
// own tests, import admin, so the library without it links no admin code.
func TestNothingImportsAdmin(t *testing.T) {
	const module = "github.com/oauth-ratelimit/oauth-ratelimit"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	checked := 0
	for line := range strings.Lines(string(out)) {
		pkg, deps, _ := strings.Cut(strings.TrimSpace(line), " ")
		if pkg == module+"/admin" || pkg == module+"/cmd/oauth-ratelimit" {
			continue
		}
		checked++
		for _, d := range strings.Fields(deps) {
			if d == module+"/admin" {
				t.Errorf("%s links package admin; only the server may", pkg)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("go list listed %d packages besides admin and the server:\n%s", checked, out)
	}
}

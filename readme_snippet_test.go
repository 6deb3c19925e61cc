package oauthratelimit

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeSnippet is a Go snippet of README.md: an import block, then the
// body of a function with params ("// handle err" a return).
type readmeSnippet struct {
	name     string
	pattern  string // the snippet's import block and body, groups 1 and 2
	params   string // what the body is given
	fileName string // in the package the build check compiles
}

var readmeSnippets = []readmeSnippet{
	{"the middleware", "(?s)\n## Use it as middleware\n\n```go\n(import \\(\n.*?\n\\)\n)(.*?)\n```\n",
		"ctx context.Context, tokenHandler http.HandlerFunc", "middleware.go"},
	// Given lim and reg of the middleware's snippet (their types are
	// declared in the build check's other file).
	{"the admin API", "(?s)\n\\*\\*The admin API in your server\\.\\*\\*.*?\n\n```go\n(import \\(\n.*?\n\\)\n)(.*?)\n```\n",
		"lim snippetLimiter, reg snippetRegistry", "admin.go"},
}

// source returns the snippet as a Go file of package snippet, or fails.
func (s readmeSnippet) source(t *testing.T, readme []byte) string {
	t.Helper()
	m := regexp.MustCompile(s.pattern).FindSubmatch(readme)
	if m == nil {
		t.Fatalf("README.md: no Go snippet with an import block for %s (%s)", s.name, s.pattern)
	}
	return "package snippet\n\n" + string(m[1]) + "\nfunc setup" + strings.TrimSuffix(s.fileName, ".go") + "(" + s.params + ") error {\n" +
		strings.ReplaceAll(string(m[2]), "// handle err", "if err != nil {\n\treturn err\n}") + "\nreturn err\n}\n"
}

// TestReadmeSnippetBuilds compiles the Go snippets of the README's "Use it
// as middleware" (the middleware's, and the admin API's under "The admin
// API in your server") as a package of this module, with go build's
// -overlay: nothing is written in the repository. A snippet that uses a
// package it does not import (an outside audit, h59, copied the first into
// an app: it used context, slog, net/http, chi and prometheus, and
// imported none of them), imports one it does not use, calls a function or
// sets a field that does not exist, or passes the wrong type, fails here.
func TestReadmeSnippetBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: go build of the README's snippets")
	}
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir, tmp := filepath.Join(root, "internal", "readmesnippet"), t.TempDir()
	files := map[string]string{
		"types.go": `package snippet

import (
	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

type (
	snippetLimiter  = *oauthratelimit.Limiter
	snippetRegistry = *prometheus.Registry
)
`,
	}
	for _, s := range readmeSnippets {
		files[s.fileName] = s.source(t, b)
	}
	overlay := map[string]map[string]string{"Replace": {}}
	for name, src := range files {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(src), 0o600); err != nil {
			t.Fatal(err)
		}
		overlay["Replace"][filepath.Join(dir, name)] = p
	}
	o, _ := json.Marshal(overlay)
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, o, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "build", "-overlay", ov, "./internal/readmesnippet").CombinedOutput()
	if err != nil {
		t.Errorf("the README's snippets do not build: %v\n%s", err, out)
		for name, src := range files {
			t.Logf("%s:\n%s", name, src)
		}
	}
}

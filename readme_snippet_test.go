package oauthratelimit

import (
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestReadmeSnippet: the Go snippet of the README's "Use it as middleware"
// parses as the body of a function given ctx and tokenHandler ("// handle
// err" a return), imports every package it names and names every package
// it imports. An outside audit (h59) copied it into an app: it used
// context, slog, net/http, chi and prometheus, and imported none of them.
// The check is syntactic (go/parser's resolution); an embedding app
// type-checks it (the audit's app/snippet).
func TestReadmeSnippet(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)\n## Use it as middleware\n\n```go\n(import \\(\n.*?\n\\)\n)(.*?)\n```\n").FindSubmatch(b)
	if m == nil {
		t.Fatal("README.md: no Go snippet with an import block under \"## Use it as middleware\"")
	}
	src := "package snippet\n\n" + string(m[1]) + "\nfunc setup(ctx context.Context, tokenHandler http.HandlerFunc) error {\n" +
		strings.ReplaceAll(string(m[2]), "// handle err", "if err != nil {\n\treturn err\n}") + "\nreturn err\n}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "snippet.go", src, 0)
	if err != nil {
		t.Fatalf("the snippet does not parse: %v\n%s", err, src)
	}
	imported := map[string]bool{}
	major := regexp.MustCompile(`^v[0-9]+$`) // a module's major version: .../chi/v5 is chi
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := path.Base(p)
		if major.MatchString(name) {
			name = path.Base(path.Dir(p))
		}
		if is.Name != nil {
			name = is.Name.Name
		}
		imported[name] = false
	}
	var missing []string
	for _, id := range f.Unresolved {
		if _, ok := imported[id.Name]; ok {
			imported[id.Name] = true
		} else if types.Universe.Lookup(id.Name) == nil && !slices.Contains(missing, id.Name) {
			missing = append(missing, id.Name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("README.md's snippet uses %v, which it does not import or declare", missing)
	}
	for name, used := range imported {
		if !used {
			t.Errorf("README.md's snippet imports %s and does not use it", name)
		}
	}
}

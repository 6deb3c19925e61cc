package oauthratelimit

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestDocAnchors checks that every link to a heading of README.md or
// BENCHMARKS.md resolves: the two files' own "](#anchor)" links, and links
// to the root's "README.md#…" or "BENCHMARKS.md#…" in the repository's
// other Markdown files (relative to the file) and Go sources (from the
// root); bench/README.md and the like are not checked, nor bench/results,
// the sessions' raw records, which cite the files as they were. A heading
// moved or renamed breaks the links to it without a word otherwise (an
// outside reading found one: "Which user a request counts for", whose
// title had grown).
func TestDocAnchors(t *testing.T) {
	docs := map[string]map[string]bool{}
	for _, name := range []string{"README.md", "BENCHMARKS.md"} {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs[name] = headingAnchors(string(b))
	}
	own := regexp.MustCompile(`\]\(#([^)\s]+)\)`)
	cross := regexp.MustCompile(`([A-Za-z0-9_./-]*)((?:README|BENCHMARKS)\.md)#([A-Za-z0-9_\-]+)`)
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch path {
			case ".git", ".tmp", filepath.Join("bench", "results"):
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".md") && !strings.HasSuffix(path, ".go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(b)
		report := func(at int, doc, anchor string) {
			checked++
			if !docs[doc][anchor] {
				line := strings.Count(text[:at], "\n") + 1
				t.Errorf("%s:%d: link to %s#%s: no heading of %s has that anchor", path, line, doc, anchor, doc)
			}
		}
		if docs[path] != nil {
			for _, m := range own.FindAllStringSubmatchIndex(text, -1) {
				report(m[0], path, text[m[2]:m[3]])
			}
		}
		for _, m := range cross.FindAllStringSubmatchIndex(text, -1) {
			// A Markdown link is relative to its file; a Go comment
			// names a file from the repository's root.
			target := filepath.Clean(text[m[2]:m[3]] + text[m[4]:m[5]])
			if strings.HasSuffix(path, ".md") {
				target = filepath.Join(filepath.Dir(path), target)
			}
			if docs[target] != nil {
				report(m[0], target, text[m[6]:m[7]])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Errorf("%d anchor links checked: fewer than README alone holds, the patterns have stopped matching", checked)
	}
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: the heading's text without its Markdown (links keep their
// text, backticks and asterisks go), in lower case, every character but
// letters, digits, '-', '_' and spaces dropped, spaces turned to '-'; a
// repeated anchor gets "-1", "-2", ... Lines inside code fences are not
// headings.
func headingAnchors(text string) map[string]bool {
	heading := regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	link := regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	out, seen, fence := map[string]bool{}, map[string]int{}, false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fence = !fence
			continue
		}
		m := heading.FindStringSubmatch(line)
		if fence || m == nil {
			continue
		}
		h := link.ReplaceAllString(m[1], "$1")
		h = strings.ToLower(strings.NewReplacer("`", "", "*", "").Replace(h))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x7f && (unicode.IsLetter(r) || unicode.IsDigit(r)):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

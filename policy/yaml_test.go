package policy

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// dump renders a node tree compactly: {k: v}, [a, b], plain, "quoted", ~.
func dump(n *node) string {
	switch n.kind {
	case kindNull:
		return "~"
	case kindScalar:
		if n.quoted {
			return strconv.Quote(n.value)
		}
		return n.value
	case kindSeq:
		s := make([]string, len(n.items))
		for i, it := range n.items {
			s[i] = dump(it)
		}
		return "[" + strings.Join(s, ", ") + "]"
	}
	s := make([]string, len(n.pairs))
	for i, p := range n.pairs {
		s[i] = p.key + ": " + dump(p.value)
	}
	return "{" + strings.Join(s, ", ") + "}"
}

func TestParseYAML(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"scalar values", "a: 1\nb: x y\nc: 1m", "{a: 1, b: x y, c: 1m}"},
		{"nested mapping", "a:\n  b:\n    c: d\n  e: f\ng: h", "{a: {b: {c: d}, e: f}, g: h}"},
		{"list of scalars", "a:\n  - x\n  - y", "{a: [x, y]}"},
		{"list at key indentation", "a:\n- x\n- y\nb: z", "{a: [x, y], b: z}"},
		{"list of mappings", "a:\n  - limit: 1\n    window: 1m\n  - limit: 2\n    window: 1h", "{a: [{limit: 1, window: 1m}, {limit: 2, window: 1h}]}"},
		{"item on next line", "a:\n  -\n    limit: 1\n  - x", "{a: [{limit: 1}, x]}"},
		{"nested lists", "a:\n  - - x\n    - y\n  - z", "{a: [[x, y], z]}"},
		{"empty item", "a:\n  -\n  - x", "{a: [~, x]}"},
		{"empty values", "a:\nb: ~\nc: null", "{a: ~, b: ~, c: ~}"},
		{"comments", "# top\na: 1 # one\n  # indented comment\nb: x#y # c\n\t# tab before comment\n", "{a: 1, b: x#y}"},
		{"blank lines and CRLF", "\r\na: 1\r\n\r\n\r\nb: 2\r\n", "{a: 1, b: 2}"},
		{"byte order mark", "\uFEFFa: 1", "{a: 1}"},
		{"leading document marker", "# c\n---\na: 1", "{a: 1}"},
		{"single quotes", `a: 'it''s # not a comment'`, `{a: "it's # not a comment"}`},
		{"double quotes", `a: "x\ty\u00e9\"\\" # c`, `{a: "x\tyé\"\\"}`},
		{"all escapes", `a: "\0\a\b\n\v\f\r\e\ \/\x41\U0001F600"`, `{a: "\x00\a\b\n\v\f\r\x1b /A😀"}`},
		{"quoted keys", `"a b": 1` + "\n'c:d': 2", "{a b: 1, c:d: 2}"},
		{"colon inside plain", "a: http://x:80/y\nb:c: d", "{a: http://x:80/y, b:c: d}"},
		{"urn key", "urn:ietf:params:oauth:grant-type:device_code: 2", "{urn:ietf:params:oauth:grant-type:device_code: 2}"},
		{"whole document indented", "  a: 1\n  b: 2", "{a: 1, b: 2}"},
		{"trailing spaces", "a: 1   \nb:   \n  - x  ", "{a: 1, b: [x]}"},
		{"top-level list", "- a\n- b", "[a, b]"},
		{"top-level scalar", "hello", "hello"},
		{"scalar on next line", "a:\n  x\nb: y", "{a: x, b: y}"},
		{"tab inside value", "a: x\ty", "{a: x\ty}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := parseYAML("p.yaml", []byte(tt.in))
			if err != nil {
				t.Fatalf("parseYAML: %v", err)
			}
			if got := dump(n); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestParseYAMLErrors(t *testing.T) {
	tests := []struct {
		name, in string
		line     int
		want     string // part of the message
	}{
		{"empty file", "", 1, "no content"},
		{"only comments", "# a\n\n# b\n", 1, "no content"},
		{"tab indentation", "a:\n\tb: 1", 2, "tab in indentation"},
		{"tab after spaces", "a:\n  \tb: 1", 2, "tab in indentation"},
		{"tab after dash", "a:\n  -\tx", 2, "tab after -"},
		{"tab after dash and space", "a:\n  - \tx: 1", 2, "tab after -"},
		{"flow mapping", "a: {b: 1}", 1, "flow style"},
		{"flow sequence", "a:\n  - [1, 2]", 2, "flow style"},
		{"flow key", "{a: 1}: 2", 1, "flow style"},
		{"anchor", "a: &x 1", 1, "anchors"},
		{"alias", "a: 1\nb: *x", 2, "aliases"},
		{"tag", "a: !!str 1", 1, "tags"},
		{"anchor key", "&a b: 1", 1, "anchors"},
		{"literal block", "a: |\n  text", 1, "block scalars"},
		{"folded block", "a: >\n  text", 1, "block scalars"},
		{"complex key", "? a\n: b", 1, "complex keys"},
		{"directive", "%YAML 1.2\n---\na: 1", 1, "directives"},
		{"second document", "a: 1\n---\nb: 2", 2, "second YAML document"},
		{"two markers", "---\n---\na: 1", 2, "second YAML document"},
		{"content after marker", "--- a: 1", 1, "content after ---"},
		{"document end", "a: 1\n...", 2, "document end"},
		{"duplicate key", "a: 1\nb: 2\na: 3", 3, `duplicate key "a" (first on line 1)`},
		{"duplicate quoted key", "a: 1\n\"a\": 2", 2, "duplicate key"},
		{"duplicate in list item", "a:\n  - x: 1\n    x: 2", 3, "duplicate key"},
		{"unterminated double", `a: "abc`, 1, "unterminated"},
		{"unterminated single", "a: 'abc\n  def'", 1, "unterminated"},
		{"text after quote", `a: "x" y`, 1, "text after a quoted scalar"},
		{"bad escape", `a: "\q"`, 1, "unknown escape"},
		{"short unicode escape", `a: "\u12"`, 1, "unknown escape"},
		{"surrogate escape", `a: "\ud800"`, 1, "unknown escape"},
		{"backslash at end", `a: "\`, 1, "backslash at the end"},
		{"mapping on one line", "a: b: c", 1, "mapping on one line"},
		{"list after key", "a: - x", 1, "list item after a key"},
		{"over-indented key", "a: 1\n  b: 2", 2, "unexpected indentation"},
		{"multi-line scalar", "a:\n  x\n  y", 3, "multi-line scalars"},
		{"dedent to nowhere", "a:\n    b: 1\n  c: 2", 3, "does not match"},
		{"list item in mapping", "a: 1\n- x", 2, "list item where a mapping key"},
		{"scalar in mapping", "a: 1\nb", 2, "want key: value"},
		{"over-indented item", "a:\n  - x\n    - y", 3, "multi-line scalars"},
		{"item indentation", "- a\n  - b", 2, "multi-line scalars"},
		{"list item indentation", "- x\n   - y", 2, "multi-line scalars"},
		{"invalid utf8", "a: 1\nb: \xff", 2, "UTF-8"},
		{"control character", "a: 1\x00", 1, "control character"},
		{"reserved indicator", "a: @x", 1, "may not start with"},
		{"empty plain key", ": x", 1, "empty key"},
		{"too deep", strings.Repeat("- ", 40) + "x", 1, "nested more than"},
		{"too deep mappings", deepMap(40), 18, "nested more than"},
		{"too large", "a: " + strings.Repeat("x", MaxFileSize), 0, "at most 1048576 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := parseYAML("p.yaml", []byte(tt.in))
			if err == nil {
				t.Fatalf("parseYAML = %s, want error containing %q", dump(n), tt.want)
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T, want *Error", err, err)
			}
			if pe.File != "p.yaml" || pe.Line != tt.line || !strings.Contains(pe.Msg, tt.want) {
				t.Errorf("error %q, want p.yaml line %d containing %q", err, tt.line, tt.want)
			}
			prefix := "p.yaml:" + strconv.Itoa(tt.line) + ": "
			if tt.line == 0 {
				prefix = "p.yaml: "
			}
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("error %q does not start with %q", err, prefix)
			}
		})
	}
}

// deepMap returns n mappings nested one in another.
func deepMap(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	b.WriteString(strings.Repeat(" ", n) + "v: 1\n")
	return b.String()
}

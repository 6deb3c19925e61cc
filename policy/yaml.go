package policy

// This file is the small YAML-subset parser the policy file is read with.
// The policy package may import only the standard library, so instead of a
// full YAML implementation it accepts the few constructs a policy needs and
// rejects everything else with the line and what would be accepted:
//
//   - block mappings (key: value), keys plain or quoted, no duplicates;
//   - block sequences (- item) of mappings or scalars, indented under their
//     key or at the key's own indentation;
//   - plain, 'single-quoted' and "double-quoted" scalars on one line;
//   - # comments and blank lines; a single leading --- document marker.
//
// Rejected: tabs in indentation, flow style ({} and []), anchors, aliases,
// tags, block scalars (| and >), multi-line scalars, complex keys (?),
// directives (%) and more than one document.
//
// The parser never panics, reads at most MaxFileSize bytes and nests at most
// maxDepth levels, so its time and memory are linear in the input.

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxFileSize is the largest policy file Parse accepts, in bytes.
const MaxFileSize = 1 << 20

// maxDepth bounds nesting; a policy needs 5 levels (clients.ID.scope[i].field).
const maxDepth = 16

// accepted is appended to syntax errors: what the parser does accept.
const accepted = "the policy file accepts a YAML subset: block mappings (key: value), " +
	"block sequences (- item), one-line plain, 'single' or \"double\"-quoted scalars, # comments"

type kind uint8

const (
	kindNull kind = iota // an empty value, ~ or null
	kindScalar
	kindMap
	kindSeq
)

func (k kind) String() string {
	switch k {
	case kindScalar:
		return "a scalar"
	case kindMap:
		return "a mapping"
	case kindSeq:
		return "a list"
	}
	return "an empty value"
}

// node is one parsed YAML value.
type node struct {
	kind   kind
	quoted bool // kindScalar: the value was quoted, so it is a string
	line   int
	value  string  // kindScalar: the unquoted text
	pairs  []pair  // kindMap, in file order
	items  []*node // kindSeq
}

// pair is one mapping entry.
type pair struct {
	key   string
	line  int
	value *node
}

// srcLine is one content line: not blank and not only a comment.
type srcLine struct {
	num    int    // 1-based line number
	indent int    // leading spaces
	text   string // the rest, right-trimmed; may end in a comment
}

type parser struct {
	name  string
	lines []srcLine
	pos   int
}

func (p *parser) errf(line int, format string, args ...any) error {
	return newError(p.name, line, "", format, args...)
}

// parseYAML parses data into a node tree.
func parseYAML(name string, data []byte) (*node, error) {
	lines, err := splitLines(name, data)
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, newError(name, 1, "", "the file has no content; want a mapping with mode, defaults, costs or clients")
	}
	p := &parser{name: name, lines: lines}
	n, err := p.parseBlock(lines[0].indent, 0)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.lines) {
		l := p.lines[p.pos]
		return nil, p.errf(l.num, "indentation of %d spaces does not match any enclosing block; %s", l.indent, accepted)
	}
	return n, nil
}

// splitLines checks the encoding and splits data into content lines.
func splitLines(name string, data []byte) ([]srcLine, error) {
	if len(data) > MaxFileSize {
		return nil, newError(name, 0, "", "%d bytes; a policy file may have at most %d bytes (1 MiB)", len(data), MaxFileSize)
	}
	s := strings.TrimPrefix(string(data), "\uFEFF")
	// One slot per line up front: the worst case ("-\n" repeated) would
	// otherwise spend as much again on growing the slice.
	lines := make([]srcLine, 0, strings.Count(s, "\n")+1)
	sawMarker := false
	for num := 1; s != ""; num++ {
		var raw string
		raw, s, _ = strings.Cut(s, "\n")
		raw = strings.TrimSuffix(raw, "\r")
		if !utf8.ValidString(raw) {
			return nil, newError(name, num, "", "not valid UTF-8")
		}
		for _, r := range raw {
			if (r < 0x20 && r != '\t') || r == 0x7f {
				return nil, newError(name, num, "", "control character %U; only printable text, spaces and tabs are accepted", r)
			}
		}
		text := strings.TrimLeft(raw, " ")
		indent := len(raw) - len(text)
		text = strings.TrimRight(text, " \t")
		if rest := strings.TrimLeft(text, " \t"); rest == "" || rest[0] == '#' {
			continue // blank or comment-only; tabs before a comment are harmless
		}
		if text[0] == '\t' {
			return nil, newError(name, num, "", "tab in indentation; indent with spaces only")
		}
		if indent == 0 {
			switch {
			case isMarker(text, "---"):
				if sawMarker || len(lines) > 0 {
					return nil, newError(name, num, "", "a second YAML document; the policy file is a single document")
				}
				if rest := strings.TrimLeft(text[3:], " \t"); rest != "" && rest[0] != '#' {
					return nil, newError(name, num, "", "content after ---; start the mapping on the next line")
				}
				sawMarker = true
				continue
			case isMarker(text, "..."):
				return nil, newError(name, num, "", "document end marker ...; the policy file is a single document")
			case text[0] == '%':
				return nil, newError(name, num, "", "YAML directives (%%) are not supported; %s", accepted)
			}
		}
		lines = append(lines, srcLine{num: num, indent: indent, text: text})
	}
	return lines, nil
}

func isMarker(text, m string) bool {
	return strings.HasPrefix(text, m) && (len(text) == 3 || text[3] == ' ' || text[3] == '\t')
}

// isSeqItem reports whether text starts a block sequence item.
func isSeqItem(text string) bool {
	return text == "-" || strings.HasPrefix(text, "- ") || strings.HasPrefix(text, "-\t")
}

// parseBlock parses the block whose first line is p.lines[p.pos], indented by indent.
func (p *parser) parseBlock(indent, depth int) (*node, error) {
	l := p.lines[p.pos]
	if depth > maxDepth {
		return nil, p.errf(l.num, "nested more than %d levels deep", maxDepth)
	}
	if isSeqItem(l.text) {
		return p.parseSeq(indent, depth)
	}
	_, _, isKey, err := splitKey(l.text)
	if err != nil {
		return nil, p.errf(l.num, "%s", err)
	}
	if isKey {
		return p.parseMap(indent, depth)
	}
	n, err := parseScalar(l.text, l.num)
	if err != nil {
		return nil, p.errf(l.num, "%s", err)
	}
	p.pos++
	if p.pos < len(p.lines) && p.lines[p.pos].indent >= indent {
		return nil, p.errf(p.lines[p.pos].num, "a scalar continues on this line; multi-line scalars are not supported, quote the value on one line")
	}
	return n, nil
}

func (p *parser) parseSeq(indent, depth int) (*node, error) {
	n := &node{kind: kindSeq, line: p.lines[p.pos].num}
	for p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if l.indent < indent {
			break
		}
		if l.indent > indent {
			return nil, p.errf(l.num, "unexpected indentation (%d spaces) in a list indented by %d", l.indent, indent)
		}
		if !isSeqItem(l.text) {
			break // the list ends; the enclosing mapping continues at this indentation
		}
		rest := strings.TrimLeft(l.text[1:], " ")
		if strings.HasPrefix(rest, "\t") {
			return nil, p.errf(l.num, "tab after -; separate the item from - with spaces")
		}
		var item *node
		if rest == "" || rest[0] == '#' {
			p.pos++
			if p.pos < len(p.lines) && p.lines[p.pos].indent > indent {
				var err error
				if item, err = p.parseBlock(p.lines[p.pos].indent, depth+1); err != nil {
					return nil, err
				}
			} else {
				item = &node{kind: kindNull, line: l.num}
			}
		} else {
			// The item's content starts on this line: parse it as a block
			// indented at its own column, so that "- limit: 1" continues
			// with "  window: 1m" on the next line.
			col := indent + len(l.text) - len(rest)
			p.lines[p.pos] = srcLine{num: l.num, indent: col, text: rest}
			var err error
			if item, err = p.parseBlock(col, depth+1); err != nil {
				return nil, err
			}
		}
		n.items = append(n.items, item)
	}
	return n, nil
}

func (p *parser) parseMap(indent, depth int) (*node, error) {
	n := &node{kind: kindMap, line: p.lines[p.pos].num}
	seen := make(map[string]int)
	for p.pos < len(p.lines) {
		l := p.lines[p.pos]
		if l.indent < indent {
			break
		}
		if l.indent > indent {
			if k := len(n.pairs); k > 0 && n.pairs[k-1].line == n.pairs[k-1].value.line && n.pairs[k-1].value.kind == kindScalar {
				return nil, p.errf(l.num, "unexpected indentation; the value of %q is given on line %d and cannot continue below it",
					n.pairs[k-1].key, n.pairs[k-1].line)
			}
			return nil, p.errf(l.num, "indentation of %d spaces does not match any enclosing block (this mapping is indented by %d)", l.indent, indent)
		}
		if isSeqItem(l.text) {
			return nil, p.errf(l.num, "a list item where a mapping key was expected")
		}
		key, rest, isKey, err := splitKey(l.text)
		if err != nil {
			return nil, p.errf(l.num, "%s", err)
		}
		if !isKey {
			return nil, p.errf(l.num, "want key: value in this mapping; %s", accepted)
		}
		if first, dup := seen[key]; dup {
			return nil, p.errf(l.num, "duplicate key %q (first on line %d); each key may appear once", key, first)
		}
		seen[key] = l.num
		p.pos++
		var val *node
		if rest != "" {
			if val, err = parseScalar(rest, l.num); err != nil {
				return nil, p.errf(l.num, "%s", err)
			}
		} else if p.pos < len(p.lines) {
			next := p.lines[p.pos]
			switch {
			case next.indent > indent:
				val, err = p.parseBlock(next.indent, depth+1)
			case next.indent == indent && isSeqItem(next.text):
				// A list may sit at its key's own indentation.
				val, err = p.parseSeq(indent, depth+1)
			}
			if err != nil {
				return nil, err
			}
		}
		if val == nil {
			val = &node{kind: kindNull, line: l.num}
		}
		n.pairs = append(n.pairs, pair{key: key, line: l.num, value: val})
	}
	return n, nil
}

// splitKey reports whether text is a mapping entry "key: rest" and splits it.
// rest has comments removed and may be empty (the value follows below).
func splitKey(text string) (key, rest string, isKey bool, err error) {
	var after string
	if text[0] == '"' || text[0] == '\'' {
		k, tail, err := unquote(text)
		if err != nil {
			return "", "", false, err
		}
		tail = strings.TrimLeft(tail, " \t")
		if !strings.HasPrefix(tail, ":") || (len(tail) > 1 && tail[1] != ' ' && tail[1] != '\t') {
			return "", "", false, nil
		}
		key, after = k, tail[1:]
	} else {
		i := keyColon(text)
		if i < 0 {
			return "", "", false, nil
		}
		key = strings.TrimRight(text[:i], " \t")
		if err := checkPlain(key); err != nil {
			return "", "", false, err
		}
		after = text[i+1:]
	}
	rest = strings.TrimLeft(after, " \t")
	if strings.HasPrefix(rest, "#") {
		rest = ""
	}
	return key, rest, true, nil
}

// keyColon returns the index of the ": " (or final ":") that ends a plain
// key, or -1 if text is not a mapping entry. A " #" before it starts a comment.
func keyColon(text string) int {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ':':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' {
				return i
			}
		case '#':
			if i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
				return -1
			}
		}
	}
	return -1
}

// parseScalar parses a one-line scalar value, which may end in a comment.
func parseScalar(text string, line int) (*node, error) {
	if text[0] == '"' || text[0] == '\'' {
		v, tail, err := unquote(text)
		if err != nil {
			return nil, err
		}
		if tail = strings.TrimLeft(tail, " \t"); tail != "" && tail[0] != '#' {
			return nil, fmt.Errorf("text after a quoted scalar: %q", tail)
		}
		return &node{kind: kindScalar, line: line, value: v, quoted: true}, nil
	}
	v := text
	for i := 1; i < len(v); i++ {
		if v[i] == '#' && (v[i-1] == ' ' || v[i-1] == '\t') {
			v = strings.TrimRight(v[:i], " \t")
			break
		}
	}
	if err := checkPlain(v); err != nil {
		return nil, err
	}
	if keyColon(v) >= 0 {
		return nil, fmt.Errorf("a mapping on one line (%q); put each key: value on its own line", v)
	}
	switch v {
	case "~", "null", "Null", "NULL":
		return &node{kind: kindNull, line: line}, nil
	}
	return &node{kind: kindScalar, line: line, value: v}, nil
}

// checkPlain rejects plain scalars that start with a YAML indicator this
// subset does not support.
func checkPlain(v string) error {
	if v == "" {
		return fmt.Errorf("an empty key; quote it if it is meant to be empty")
	}
	switch c := v[0]; c {
	case '{', '}', '[', ']', ',':
		return fmt.Errorf("flow style (%q); write mappings as key: value lines and lists as - item lines", v)
	case '&':
		return fmt.Errorf("anchors (&) are not supported; %s", accepted)
	case '*':
		return fmt.Errorf("aliases (*) are not supported; %s", accepted)
	case '!':
		return fmt.Errorf("tags (!) are not supported; %s", accepted)
	case '|', '>':
		return fmt.Errorf("block scalars (| and >) are not supported; quote the value on one line")
	case '%', '@', '`':
		return fmt.Errorf("a plain scalar may not start with %q; quote the value", c)
	case '?':
		if len(v) == 1 || v[1] == ' ' || v[1] == '\t' {
			return fmt.Errorf("complex keys (?) are not supported; %s", accepted)
		}
	case '-':
		if len(v) == 1 || v[1] == ' ' || v[1] == '\t' {
			return fmt.Errorf("a list item after a key on the same line; start the list on the next line")
		}
	}
	return nil
}

// unquote parses the quoted scalar at the start of text and returns its
// value and the text after the closing quote.
func unquote(text string) (value, tail string, err error) {
	q := text[0]
	var b strings.Builder
	for i := 1; i < len(text); i++ {
		c := text[i]
		switch {
		case c == q && q == '\'':
			if i+1 < len(text) && text[i+1] == '\'' {
				b.WriteByte('\'')
				i++
				continue
			}
			return b.String(), text[i+1:], nil
		case c == q:
			return b.String(), text[i+1:], nil
		case c == '\\' && q == '"':
			r, n, err := unescape(text[i+1:])
			if err != nil {
				return "", "", err
			}
			b.WriteRune(r)
			i += n
		default:
			b.WriteByte(c)
		}
	}
	return "", "", fmt.Errorf("unterminated %c-quoted scalar; a quoted scalar must end on the line it starts", q)
}

// unescape decodes the double-quoted escape that follows a backslash and
// returns the rune and how many bytes it used.
func unescape(s string) (rune, int, error) {
	if s == "" {
		return 0, 0, fmt.Errorf(`a backslash at the end of a double-quoted scalar`)
	}
	switch s[0] {
	case '\\', '"', '/':
		return rune(s[0]), 1, nil
	case '0':
		return 0, 1, nil
	case 'a':
		return '\a', 1, nil
	case 'b':
		return '\b', 1, nil
	case 't', '\t':
		return '\t', 1, nil
	case 'n':
		return '\n', 1, nil
	case 'v':
		return '\v', 1, nil
	case 'f':
		return '\f', 1, nil
	case 'r':
		return '\r', 1, nil
	case 'e':
		return 0x1b, 1, nil
	case ' ':
		return ' ', 1, nil
	case 'x', 'u', 'U':
		n := 2
		if s[0] == 'u' {
			n = 4
		} else if s[0] == 'U' {
			n = 8
		}
		if len(s) < 1+n {
			break
		}
		v, err := strconv.ParseUint(s[1:1+n], 16, 32)
		if err != nil || !utf8.ValidRune(rune(v)) {
			break
		}
		return rune(v), 1 + n, nil
	}
	return 0, 0, fmt.Errorf(`unknown escape in a double-quoted scalar; accepted: \\ \" \/ \0 \a \b \t \n \v \f \r \e \xHH \uHHHH \UHHHHHHHH`)
}

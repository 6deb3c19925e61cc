package policy

// This file decodes a policy file into a Spec. The YAML library parses the
// text into a yaml.Node tree; the decoder walks that tree by hand rather than
// letting the library fill the Spec by reflection (prometheus' `type plain`
// pattern), because the walk knows the field path and line of every value,
// so each error says file:line: path: value: reason; want …, and because the
// walk decides what a scalar means: the library would read 0600 as octal
// 384 and take yes for true, where the policy refuses both.

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	"go.yaml.in/yaml/v4"
)

// MaxFileSize is the largest policy file Parse accepts, in bytes.
const MaxFileSize = 1 << 20

// maxValues bounds the values the decoder visits, counting each use of an
// alias in full. A file of MaxFileSize bytes without aliases stays well below
// it (its densest form, an empty override per 8 bytes, visits about 270,000),
// so only aliases that multiply the file ("billion laughs") reach it. It
// keeps the decode of any input to about a second and 200 MiB
// (TestParseBounded).
const maxValues = 1 << 20

// The fields each mapping of a policy file accepts, in the order error
// messages list them.
var (
	topFields      = []string{"mode", "defaults", "costs", "clients"}
	defaultsFields = []string{"client", "user", "aggregate", "soft_limit", "outage"}
	clientFields   = []string{"mode", "trusted", "client", "user", "aggregate", "soft_limit", "costs", "outage"}
	tierFields     = []string{"limit", "window"}
)

// What each kind of value accepts, for error messages.
const (
	wantMapping  = "want a mapping (key: value lines, or {key: value})"
	wantTiers    = "want a list of 1..4 tiers, each with limit and window"
	wantDuration = "want e.g. 30s, 1m, 1h (whole seconds, 1s..24h)"
	wantLimit    = "want a whole number 0..1000000000000 (0 blocks every request)"
	wantCost     = "want a whole number 1..1000000"
	wantSoft     = "want a number strictly between 0 and 1, e.g. 0.8"
	wantBool     = "want true or false"
	wantMode     = "want enforce or dry-run"
	wantClientID = "want a client ID of 1..256 bytes of UTF-8 without control characters"
	wantGrant    = "want one of other, authorization_code, refresh_token, password, client_credentials, device_code, jwt_bearer, token_exchange, or a registered grant_type value"
)

// atKey appended to a field path names the line of its key rather than of
// its value. No path element renders as it: keyPath quotes "<".
const atKey = ".<key>"

// position is where a field of a decoded file is.
type position struct {
	line int
	text string // a scalar's text as written; "" for other values
	path string // the field as the file names it, when Spec names it otherwise
}

// decoder turns a yaml.Node tree into a Spec, checking the shape and syntax
// of every value; Spec.check then checks the values themselves.
type decoder struct {
	file    string
	pos     map[string]position // by Spec path: where each value was; nil to not record
	order   []string            // client IDs in file order
	values  int                 // values visited, against maxValues
	client  int                 // line of the client being decoded, 0 outside clients
	lines   int                 // lines in the file; 0 if not known
	merging map[*yaml.Node]bool // mappings being merged, to refuse a merge into itself
	// entries of each mapping seen, so that a mapping merged or aliased
	// many times is expanded once: merges nested ten deep, ten times each,
	// would otherwise cost 10^10 steps for a few hundred bytes.
	done map[*yaml.Node][]entry
}

// newDecoder returns a decoder for the named file. With positions it
// records where every value is, for Spec.check's problems: a second pass
// made only for a file with a problem, since recording costs more than the
// rest of the decode.
func newDecoder(file string, positions bool) *decoder {
	d := &decoder{file: file, merging: map[*yaml.Node]bool{}, done: map[*yaml.Node][]entry{}}
	if positions {
		d.pos = map[string]position{}
	}
	return d
}

func (d *decoder) errf(line int, path, format string, args ...any) *Error {
	if d.lines > 0 && line > d.lines {
		line = d.lines // the library may put the end of the input on a line past it
	}
	return newError(d.file, line, path, format, args...)
}

// parse decodes data, a whole policy file, into a Spec.
func parse(name string, data []byte, positions bool) (Spec, *decoder, error) {
	d := newDecoder(name, positions)
	if len(data) > MaxFileSize {
		return Spec{}, d, d.errf(0, "", "%d bytes; a policy file may have at most %d bytes (1 MiB)", len(data), MaxFileSize)
	}
	text := yamlText(data)
	d.lines = yamlLineCount(text)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return Spec{}, d, d.errf(1, "", "the file has no content; want a mapping with keys %s", strings.Join(topFields, ", "))
		}
		return Spec{}, d, d.syntax(text, err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return Spec{}, d, d.errf(next.Line, "", "a second YAML document; the policy file is a single document")
	case !errors.Is(err, io.EOF):
		return Spec{}, d, d.syntax(text, err)
	}
	var s Spec
	if err := d.spec(doc.Content[0], &s); err != nil {
		return Spec{}, d, err
	}
	return s, d, nil
}

// syntax turns an error of the YAML library into an *Error on its line;
// data is the file as the library read it (yamlText).
func (d *decoder) syntax(data []byte, err error) *Error {
	line, msg := 0, strings.TrimPrefix(err.Error(), "yaml: ")
	var le *yaml.LoadError
	if errors.As(err, &le) {
		line, msg = le.Mark.Line, le.Message
	}
	text, ok := yamlLine(data, line)
	switch {
	case msg == "found incompatible YAML document":
		msg += "; leave the %YAML directive out (only %YAML 1.1 is accepted)"
	case strings.HasPrefix(msg, "unknown anchor '"):
		name, _, _ := strings.Cut(strings.TrimPrefix(msg, "unknown anchor '"), "'")
		msg += "; define an anchor &" + name + " before the alias *" + name + " that uses it"
	case ok && strings.Contains(leadingSpace(text), "\t"):
		msg = "tab in indentation; indent with spaces only (" + msg + ")"
	}
	return d.errf(line, "", "%s", msg)
}

// yamlText returns data as the YAML library reads it: decoded from UTF-16
// to UTF-8 if it starts with a UTF-16 byte order mark (a Windows editor's
// "Unicode"; the library reads such a file as UTF-16), else data itself.
// Lines are counted, and found, in this text: in the bytes of UTF-16, a
// NEL, LS or PS is no line break, and each line but the first starts with
// half of its line break's code unit.
func yamlText(data []byte) []byte {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	default:
		return data
	}
	u := make([]uint16, (len(data)-2)/2)
	for i := range u {
		u[i] = order.Uint16(data[2+2*i:])
	}
	return []byte(string(utf16.Decode(u)))
}

// yamlLineCount returns the number of lines of data, counted at the line
// breaks the YAML library counts: LF, CR, CR LF, NEL (U+0085), LS (U+2028)
// and PS (U+2029). A line number it gives then names the same line here:
// counted by LF alone, a file whose lines end in CR (an old Mac editor's)
// was one line, and every problem in it was reported on line 1.
func yamlLineCount(data []byte) int {
	n := 1
	for i := 0; i < len(data); {
		if b := lineBreak(data[i:]); b > 0 {
			n++
			i += b
		} else {
			i++
		}
	}
	return n
}

// yamlLine returns line n (from 1) of data, as yamlLineCount counts them,
// and whether data has it.
func yamlLine(data []byte, n int) (string, bool) {
	start, line := 0, 1
	for i := 0; i < len(data); {
		b := lineBreak(data[i:])
		if b == 0 {
			i++
			continue
		}
		if line == n {
			return string(data[start:i]), true
		}
		line++
		i += b
		start = i
	}
	if line == n {
		return string(data[start:]), true
	}
	return "", false
}

// lineBreak returns the length of the line break s starts with, or 0.
func lineBreak(s []byte) int {
	switch {
	case bytes.HasPrefix(s, []byte("\r\n")):
		return 2
	case s[0] == '\n' || s[0] == '\r':
		return 1
	case bytes.HasPrefix(s, []byte("\u0085")):
		return len("\u0085")
	case bytes.HasPrefix(s, []byte("\u2028")), bytes.HasPrefix(s, []byte("\u2029")):
		return len("\u2028")
	}
	return 0
}

func leadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// visit counts a value against maxValues, records where it is if d records
// positions, and returns it with an alias resolved to what it names, and the
// line it is on (for an alias, the line of the alias).
func (d *decoder) visit(n *yaml.Node, path string) (*yaml.Node, int, error) {
	line := n.Line
	if err := d.spend(1, line, path); err != nil {
		return nil, 0, err
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias // the library refuses an unknown anchor, and an alias cannot name an alias
	}
	if d.pos != nil {
		w := position{line: line}
		if n.Kind == yaml.ScalarNode && !isNull(n) {
			w.text = n.Value
		}
		d.pos[path] = w
	}
	if n.Style&yaml.TaggedStyle != 0 && !coreTag(n) {
		return nil, 0, d.errf(line, path, "tag %s is not supported; write the value without it", n.Tag)
	}
	return n, line, nil
}

// spend counts k values against maxValues.
func (d *decoder) spend(k, line int, path string) error {
	d.values += k
	if d.values > maxValues {
		if d.client != 0 {
			line = d.client // the alias that crossed the bound, rather than what it names
		}
		return d.errf(line, path, "aliases and merge keys expand the file to more than %d values; a policy file may expand to at most that many", maxValues)
	}
	return nil
}

// coreTag reports whether n's explicit tag is a YAML core schema tag that
// fits its kind: !!str, !!int, !!float, !!bool and !!null on scalars, !!map
// on mappings and !!seq on lists.
func coreTag(n *yaml.Node) bool {
	switch n.ShortTag() {
	case "!!str", "!!int", "!!float", "!!bool", "!!null":
		return n.Kind == yaml.ScalarNode
	case "!!map":
		return n.Kind == yaml.MappingNode
	case "!!seq":
		return n.Kind == yaml.SequenceNode
	}
	return false
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// describe names the kind of a resolved value for error messages.
func describe(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case isNull(n):
		return "an empty value"
	}
	return "a scalar"
}

// entry is one key: value of a mapping.
type entry struct {
	key   string
	line  int // the key's line
	value *yaml.Node
}

// entries returns the entries of the resolved mapping n, with merge keys
// (<<: *name, or <<: [*a, *b]) expanded as YAML defines them: a key written
// in n wins over a merged one, and an earlier merged mapping over a later
// one. A key written twice in n is an error.
//
// line is where n is used, for an error on crossing maxValues.
func (d *decoder) entries(n *yaml.Node, path string, line int) ([]entry, error) {
	if es, ok := d.done[n]; ok {
		return es, nil
	}
	if err := d.spend(len(n.Content)/2, line, path); err != nil {
		return nil, err
	}
	seen := make(map[string]int, len(n.Content)/2) // key to line
	var own []entry
	var merged [][]entry
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.AliasNode && k.Alias != nil {
			k = k.Alias
		}
		if k.Kind != yaml.ScalarNode {
			return nil, d.errf(k.Line, path, "%s as a mapping key; want a plain or quoted key", describe(k))
		}
		key := k.Value
		if isNull(k) {
			key = ""
		}
		if first, dup := seen[key]; dup {
			return nil, d.errf(k.Line, path, "duplicate key %q (first on line %d); each key may appear once", key, first)
		}
		seen[key] = k.Line
		if k.ShortTag() == "!!merge" {
			es, err := d.merge(v, path, line)
			if err != nil {
				return nil, err
			}
			merged = append(merged, es...)
			continue
		}
		own = append(own, entry{key: key, line: k.Line, value: v})
	}
	for _, es := range merged {
		for _, e := range es {
			if _, ok := seen[e.key]; !ok {
				seen[e.key] = e.line
				own = append(own, e)
			}
		}
	}
	d.done[n] = own
	return own, nil
}

// merge returns the entries of each mapping the value of a merge key names.
//
// line is where the mapping with the merge key is used, for an error on
// crossing maxValues.
func (d *decoder) merge(v *yaml.Node, path string, line int) ([][]entry, error) {
	const want = "want an alias to a mapping (<<: *name) or a list of them (<<: [*a, *b])"
	at := v.Line // the line of the alias, for an error in what it names
	if v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	srcs := []*yaml.Node{v}
	if v.Kind == yaml.SequenceNode {
		srcs = v.Content
	}
	var out [][]entry
	for _, src := range srcs {
		if src.Kind == yaml.AliasNode {
			at, src = src.Line, src.Alias
		}
		if src.Kind != yaml.MappingNode {
			return nil, d.errf(at, join(path, "<<"), "got %s; %s", describe(src), want)
		}
		if d.merging[src] {
			return nil, d.errf(at, join(path, "<<"), "the mapping merges itself; %s", want)
		}
		d.merging[src] = true
		es, err := d.entries(src, path, line)
		delete(d.merging, src)
		if err != nil {
			return nil, err
		}
		out = append(out, es)
	}
	return out, nil
}

// fields returns the entries of the mapping at n by key, refusing keys not in
// allowed. An empty value is an empty mapping.
func (d *decoder) fields(n *yaml.Node, path string, allowed []string) (map[string]*yaml.Node, []entry, error) {
	n, line, err := d.visit(n, path)
	if err != nil {
		return nil, nil, err
	}
	if isNull(n) {
		return map[string]*yaml.Node{}, nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, nil, d.errf(line, path, "got %s; %s", describe(n), wantMapping)
	}
	es, err := d.entries(n, path, line)
	if err != nil {
		return nil, nil, err
	}
	f := make(map[string]*yaml.Node, len(es))
	for _, e := range es {
		if allowed != nil && !slices.Contains(allowed, e.key) {
			return nil, nil, d.errf(e.line, join(path, e.key), "unknown field; want one of %s", strings.Join(allowed, ", "))
		}
		f[e.key] = e.value
	}
	return f, es, nil
}

func (d *decoder) spec(root *yaml.Node, s *Spec) error {
	n, _, err := d.visit(root, "")
	if err != nil {
		return err
	}
	if n.Kind != yaml.MappingNode {
		return d.errf(n.Line, "", "the file is %s; want a mapping with keys %s", describe(n), strings.Join(topFields, ", "))
	}
	top, _, err := d.fields(root, "", topFields)
	if err != nil {
		return err
	}
	if v := top["mode"]; v != nil {
		if s.Mode, err = d.mode(v, "mode"); err != nil {
			return err
		}
	}
	if v := top["costs"]; v != nil {
		if s.Costs, err = d.costs(v, "costs"); err != nil {
			return err
		}
	}
	if v := top["defaults"]; v != nil {
		f, _, err := d.fields(v, "defaults", defaultsFields)
		if err != nil {
			return err
		}
		ds := &s.Defaults
		if ds.Client, _, err = d.tiers(f["client"], "defaults.client", false); err != nil {
			return err
		}
		if ds.User, _, err = d.tiers(f["user"], "defaults.user", false); err != nil {
			return err
		}
		if ds.Aggregate, _, err = d.tiers(f["aggregate"], "defaults.aggregate", true); err != nil {
			return err
		}
		if ds.SoftLimit, err = d.soft(f["soft_limit"], "defaults.soft_limit"); err != nil {
			return err
		}
		if v := f["outage"]; v != nil {
			if ds.Outage, err = d.outage(v, "defaults.outage"); err != nil {
				return err
			}
		}
	}
	if v := top["clients"]; v != nil {
		_, es, err := d.fields(v, "clients", nil)
		if err != nil {
			return err
		}
		s.Clients = make(map[string]Override, len(es))
		for _, e := range es {
			path := "clients" + keyPath(e.key)
			if d.pos != nil {
				d.pos[path+atKey] = position{line: e.line}
			}
			d.client = e.line
			o, err := d.override(e.value, path)
			d.client = 0
			if err != nil {
				return err
			}
			s.Clients[e.key] = o
			d.order = append(d.order, e.key)
		}
	}
	return nil
}

func (d *decoder) override(n *yaml.Node, path string) (Override, error) {
	var o Override
	f, _, err := d.fields(n, path, clientFields)
	if err != nil {
		return o, err
	}
	if v := f["mode"]; v != nil {
		m, err := d.mode(v, path+".mode")
		if err != nil {
			return o, err
		}
		o.Mode = &m
	}
	if v := f["trusted"]; v != nil {
		if o.Trusted, err = d.bool(v, path+".trusted"); err != nil {
			return o, err
		}
	}
	if o.Client, _, err = d.tiers(f["client"], path+".client", false); err != nil {
		return o, err
	}
	if o.User, _, err = d.tiers(f["user"], path+".user", false); err != nil {
		return o, err
	}
	if o.Aggregate, o.NoAggregate, err = d.tiers(f["aggregate"], path+".aggregate", true); err != nil {
		return o, err
	}
	if o.SoftLimit, err = d.soft(f["soft_limit"], path+".soft_limit"); err != nil {
		return o, err
	}
	if v := f["outage"]; v != nil {
		out, err := d.outage(v, path+".outage")
		if err != nil {
			return o, err
		}
		o.Outage = &out
	}
	if v := f["costs"]; v != nil {
		if o.Costs, err = d.costs(v, path+".costs"); err != nil {
			return o, err
		}
	}
	return o, nil
}

// scalar returns the scalar at n and its line; want says what the field
// accepts.
func (d *decoder) scalar(n *yaml.Node, path, want string) (*yaml.Node, int, error) {
	n, line, err := d.visit(n, path)
	if err != nil {
		return nil, 0, err
	}
	switch {
	case isNull(n):
		return nil, 0, d.errf(line, path, "missing value; %s", want)
	case n.Kind != yaml.ScalarNode:
		return nil, 0, d.errf(line, path, "got %s; %s", describe(n), want)
	}
	return n, line, nil
}

// text returns the string a scalar holds. A block scalar (| or >) ends in a
// line break that no value of a policy has, so it is dropped.
func text(n *yaml.Node) string {
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return strings.TrimRight(n.Value, "\n")
	}
	return n.Value
}

// plain returns the text of a scalar that must be a number or a boolean:
// one that YAML types as a string (quoted, a block scalar or tagged !!str)
// is refused, so that "600" is not silently taken for 600.
func (d *decoder) plain(n *yaml.Node, path, want string) (string, int, error) {
	n, line, err := d.scalar(n, path, want)
	if err != nil {
		return "", 0, err
	}
	switch {
	case n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0:
		return "", 0, d.errf(line, path, "%q is quoted; %s, unquoted", n.Value, want)
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return "", 0, d.errf(line, path, "%q is a block scalar, which is a string; %s, unquoted on the line of its key", n.Value, want)
	case n.ShortTag() == "!!str" && n.Style&yaml.TaggedStyle != 0:
		return "", 0, d.errf(line, path, "%q is tagged !!str; %s, without a tag", n.Value, want)
	}
	return n.Value, line, nil
}

func (d *decoder) mode(n *yaml.Node, path string) (Mode, error) {
	n, line, err := d.scalar(n, path, wantMode)
	if err != nil {
		return 0, err
	}
	s := text(n)
	m, err := ParseMode(s)
	if err != nil {
		return 0, d.errf(line, path, "%q: unknown mode; %s", s, wantMode)
	}
	return m, nil
}

func (d *decoder) bool(n *yaml.Node, path string) (bool, error) {
	s, line, err := d.plain(n, path, wantBool)
	if err != nil {
		return false, err
	}
	// The YAML 1.2 core schema's booleans. yes, no, on and off are
	// booleans in YAML 1.1 only, so a reader may take them either way.
	switch s {
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	case "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N":
		return false, d.errf(line, path, "%q: not a boolean in YAML 1.2 (only in YAML 1.1); %s", s, wantBool)
	}
	return false, d.errf(line, path, "%q: not a boolean; %s", s, wantBool)
}

// decimal is a YAML 1.2 core schema float in decimal notation, integers
// included; special is .inf, -.inf or .nan.
var (
	decimal = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
	special = regexp.MustCompile(`^([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$`)
)

// soft decodes a soft limit; a missing field is 0 (not set).
func (d *decoder) soft(n *yaml.Node, path string) (float64, error) {
	if n == nil {
		return 0, nil
	}
	s, line, err := d.plain(n, path, wantSoft)
	if err != nil {
		return 0, err
	}
	switch {
	case special.MatchString(s):
		// Out of range, as Spec.check says; ParseFloat does not read .inf.
		if strings.Contains(strings.ToLower(s), "nan") {
			return math.NaN(), nil
		}
		return math.Inf(1), nil
	case isHex(s):
		return 0, d.errf(line, path, "%q: a hexadecimal number; %s, in decimal", s, wantSoft)
	case !decimal.MatchString(s):
		return 0, d.errf(line, path, "%q: not a number; %s", s, wantSoft)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil { // beyond float64: out of range
		f = math.Inf(1)
	}
	if f == 0 {
		// Refused here: in a Spec, 0 means no soft limit of its own.
		return 0, d.errf(line, path, "%q: out of range; %s", s, wantSoft)
	}
	return f, nil
}

// integer decodes a whole number written in decimal digits. One beyond int64
// becomes math.MaxInt64 (or MinInt64 when negative), for Spec.check to refuse
// with the text as written.
func (d *decoder) integer(n *yaml.Node, path, want string) (int64, error) {
	s, line, err := d.plain(n, path, want)
	if err != nil {
		return 0, err
	}
	digits := strings.TrimLeft(s, "+-")
	if isHex(s) {
		return 0, d.errf(line, path, "%q: a hexadecimal number; %s, in decimal digits", s, want)
	}
	if len(s)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, d.errf(line, path, "%q: not a whole number in decimal digits; %s", s, want)
	}
	if len(digits) > 1 && digits[0] == '0' {
		return 0, d.errf(line, path, "%q: a leading zero is ambiguous (octal in YAML 1.1, decimal in YAML 1.2); %s, without leading zeros", s, want)
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil { // only ErrRange is left
		v = math.MaxInt64
		if s[0] == '-' {
			v = math.MinInt64
		}
	}
	return v, nil
}

// isHex reports whether s is written like a hexadecimal number, 0x...
func isHex(s string) bool {
	s = strings.TrimLeft(s, "+-")
	return len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
}

func (d *decoder) duration(n *yaml.Node, path string) (time.Duration, error) {
	n, line, err := d.scalar(n, path, wantDuration)
	if err != nil {
		return 0, err
	}
	s := text(n)
	v, err := time.ParseDuration(s)
	if err != nil {
		return 0, d.errf(line, path, "%q: not a duration; %s", s, wantDuration)
	}
	return v, nil
}

// tiers decodes one scope's list of tiers; a missing field is nil (not set).
// If none is set, the scope may be the word none or an empty list, which
// drop inherited tiers: dropped is then true.
func (d *decoder) tiers(n *yaml.Node, path string, none bool) (ts []Tier, dropped bool, err error) {
	if n == nil {
		return nil, false, nil
	}
	want := wantTiers
	if none {
		want += ", or none"
	}
	n, line, err := d.visit(n, path)
	if err != nil {
		return nil, false, err
	}
	switch {
	case none && n.Kind == yaml.ScalarNode && n.Style == 0 && n.Value == "none":
		return nil, true, nil
	case none && n.Kind == yaml.SequenceNode && len(n.Content) == 0:
		return nil, true, nil
	case isNull(n):
		return nil, false, d.errf(line, path, "missing value; %s", want)
	case n.Kind != yaml.SequenceNode:
		return nil, false, d.errf(line, path, "got %s; %s", describe(n), want)
	case len(n.Content) == 0:
		return nil, false, d.errf(line, path, "an empty list; %s", want)
	case len(n.Content) > MaxTiers:
		// Refused here already, rather than by Spec.check after decoding
		// every item: an aliased long list would cost that for each use.
		return nil, false, d.errf(n.Content[MaxTiers].Line, path, "%d tiers; %s", len(n.Content), want)
	}
	ts = make([]Tier, 0, len(n.Content))
	for i, item := range n.Content {
		ip := path + "[" + strconv.Itoa(i) + "]"
		f, _, err := d.fields(item, ip, tierFields)
		if err != nil {
			return nil, false, err
		}
		line := item.Line
		if f["limit"] == nil {
			return nil, false, d.errf(line, ip+".limit", "missing; %s", wantLimit)
		}
		if f["window"] == nil {
			return nil, false, d.errf(line, ip+".window", "missing; %s", wantDuration)
		}
		var t Tier
		if t.Limit, err = d.integer(f["limit"], ip+".limit", wantLimit); err != nil {
			return nil, false, err
		}
		if t.Size, err = d.duration(f["window"], ip+".window"); err != nil {
			return nil, false, err
		}
		ts = append(ts, t)
	}
	return ts, false, nil
}

// costs decodes grant: cost entries.
func (d *decoder) costs(n *yaml.Node, path string) (map[Grant]int64, error) {
	_, es, err := d.fields(n, path, nil)
	if err != nil {
		return nil, err
	}
	costs := make(map[Grant]int64, len(es))
	var seen [NumGrants]int // line each grant was set on
	for _, e := range es {
		written := path + keyPath(e.key)
		g, ok := grantByName(e.key)
		if !ok {
			return nil, d.errf(e.line, written, "unknown grant; %s", wantGrant)
		}
		if seen[g] != 0 {
			return nil, d.errf(e.line, written, "the cost of %s is already set on line %d", g, seen[g])
		}
		seen[g] = e.line
		if costs[g], err = d.integer(e.value, written, wantCost); err != nil {
			return nil, err
		}
		if d.pos != nil {
			// Spec.check names the field by the grant's short name.
			w := d.pos[written]
			w.path = written
			d.pos[path+"."+g.String()] = w
		}
	}
	return costs, nil
}

// join appends key to a field path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + keyPath(key)
}

// keyPath renders a key as a path element: .key, or ["key"] when the key
// has characters that would make the path ambiguous.
func keyPath(key string) string {
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return "[" + strconv.Quote(key) + "]"
		}
	}
	if key == "" {
		return `[""]`
	}
	return "." + key
}

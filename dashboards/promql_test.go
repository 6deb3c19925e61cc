package dashboards

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A small PromQL scanner: enough to list the series selectors (metric name
// and label matchers) and the grouping labels (by, without, on, ignoring,
// group_left, group_right) of an expression, so that the tests can check them
// against knownMetrics without importing the Prometheus parser. Syntax is
// checked by promtool and by the live Prometheus; this is the typo check.

type tokenKind int

const (
	tokIdent tokenKind = iota
	tokString
	tokNumber
	tokRange // [...] with its content dropped
	tokPunct
)

type token struct {
	kind tokenKind
	text string // for tokString the unquoted value
}

func lexPromQL(expr string) ([]token, error) {
	var toks []token
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#':
			for i < len(expr) && expr[i] != '\n' {
				i++
			}
		case isIdentStart(c):
			j := i + 1
			for j < len(expr) && (isIdentStart(expr[j]) || isDigit(expr[j])) {
				j++
			}
			toks = append(toks, token{tokIdent, expr[i:j]})
			i = j
		case isDigit(c) || (c == '.' && i+1 < len(expr) && isDigit(expr[i+1])):
			j := i + 1
			for j < len(expr) && (isIdentStart(expr[j]) || isDigit(expr[j]) || expr[j] == '.') {
				j++
			}
			toks = append(toks, token{tokNumber, expr[i:j]})
			i = j
		case c == '"' || c == '\'' || c == '`':
			var b strings.Builder
			j := i + 1
			for ; j < len(expr) && expr[j] != c; j++ {
				if expr[j] == '\\' && c != '`' && j+1 < len(expr) {
					j++
				}
				b.WriteByte(expr[j])
			}
			if j >= len(expr) {
				return nil, fmt.Errorf("unterminated string at offset %d", i)
			}
			toks = append(toks, token{tokString, b.String()})
			i = j + 1
		case c == '[':
			j := strings.IndexByte(expr[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("unterminated [ at offset %d", i)
			}
			toks = append(toks, token{tokRange, expr[i : i+j+1]})
			i += j + 1
		default:
			if i+1 < len(expr) {
				switch two := expr[i : i+2]; two {
				case "!=", "=~", "!~", "==", ">=", "<=":
					toks = append(toks, token{tokPunct, two})
					i += 2
					continue
				}
			}
			toks = append(toks, token{tokPunct, string(c)})
			i++
		}
	}
	return toks, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// selector is one vector selector: metric{matchers}.
type selector struct {
	metric   string
	matchers []matcher
}

type matcher struct {
	label, op, value string
}

// exprInfo is what analyzePromQL finds in an expression.
type exprInfo struct {
	selectors []selector
	grouping  []string // label names in by/without/on/ignoring/group_left/group_right
}

var (
	groupingKeywords = []string{"by", "without", "on", "ignoring", "group_left", "group_right"}
	// keywords are identifiers that are never metric names: binary operators,
	// modifiers and the aggregation operators (which may be followed by
	// "by (...)" rather than by "(").
	keywords = []string{"and", "or", "unless", "bool", "offset", "inf", "nan",
		"sum", "min", "max", "avg", "count", "stddev", "stdvar", "topk", "bottomk",
		"quantile", "count_values", "group"}
)

// analyzePromQL lists the selectors and grouping labels of expr.
// Identifiers followed by "(" are functions; every other identifier that is not
// a keyword is a metric name. Label-creating functions (label_replace,
// label_join) are not understood: their new labels would be reported as
// unknown, which is the safe direction for a typo check.
func analyzePromQL(expr string) (exprInfo, error) {
	toks, err := lexPromQL(expr)
	if err != nil {
		return exprInfo{}, err
	}
	var info exprInfo
	next := func(i int) token {
		if i+1 < len(toks) {
			return toks[i+1]
		}
		return token{kind: tokPunct}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokIdent && slices.Contains(groupingKeywords, t.text):
			if n := next(i); n.kind != tokPunct || n.text != "(" {
				continue // group_left without a label list
			}
			i += 2
			for ; i < len(toks) && !(toks[i].kind == tokPunct && toks[i].text == ")"); i++ {
				switch {
				case toks[i].kind == tokIdent:
					info.grouping = append(info.grouping, toks[i].text)
				case toks[i].kind == tokPunct && toks[i].text == ",":
				default:
					return exprInfo{}, fmt.Errorf("unexpected %q in %s label list", toks[i].text, t.text)
				}
			}
		case t.kind == tokIdent && next(i).kind == tokPunct && next(i).text == "(":
			// function call or aggregation: the name is not a metric
		case t.kind == tokIdent && slices.Contains(keywords, strings.ToLower(t.text)):
		case t.kind == tokIdent || (t.kind == tokPunct && t.text == "{"):
			sel := selector{}
			if t.kind == tokIdent {
				sel.metric = t.text
				if n := next(i); n.kind == tokPunct && n.text == "{" {
					i++
				} else {
					info.selectors = append(info.selectors, sel)
					continue
				}
			}
			// toks[i] is "{": read matchers up to "}".
			for i++; i < len(toks) && !(toks[i].kind == tokPunct && toks[i].text == "}"); i++ {
				if toks[i].kind == tokPunct && toks[i].text == "," {
					continue
				}
				if i+2 >= len(toks) || toks[i].kind != tokIdent || toks[i+1].kind != tokPunct || toks[i+2].kind != tokString {
					return exprInfo{}, fmt.Errorf("cannot read label matcher at %q", toks[i].text)
				}
				m := matcher{toks[i].text, toks[i+1].text, toks[i+2].text}
				switch m.op {
				case "=", "!=", "=~", "!~":
				default:
					return exprInfo{}, fmt.Errorf("bad matcher operator %q", m.op)
				}
				if m.label == "__name__" && m.op == "=" {
					sel.metric = m.value
				}
				sel.matchers = append(sel.matchers, m)
				i += 2
			}
			if i >= len(toks) {
				return exprInfo{}, fmt.Errorf("unterminated {")
			}
			if sel.metric == "" {
				return exprInfo{}, fmt.Errorf("selector without a metric name")
			}
			info.selectors = append(info.selectors, sel)
		}
	}
	return info, nil
}

// plainAlternation matches a regex that is only literal words separated by |,
// optionally in one group: its values can be checked against an enum.
var plainAlternation = regexp.MustCompile(`^\(?[A-Za-z0-9_]+(\|[A-Za-z0-9_]+)*\)?$`)

// checkExpr checks that every metric in expr is known, every matcher names a
// label of its metric with an allowed value, and every grouping label exists on
// at least one series in the expression. It returns one message per problem.
func checkExpr(expr string) []string {
	info, err := analyzePromQL(expr)
	if err != nil {
		return []string{"cannot scan: " + err.Error()}
	}
	var problems []string
	available := map[string]bool{}
	for _, sel := range info.selectors {
		s, ok := lookupSeries(sel.metric)
		if !ok {
			problems = append(problems, fmt.Sprintf("unknown metric %q (not in knownMetrics)", sel.metric))
			continue
		}
		for l := range s.labels {
			available[l] = true
		}
		for _, m := range sel.matchers {
			if m.label == "__name__" {
				continue
			}
			allowed, ok := s.labels[m.label]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s has no label %q", sel.metric, m.label))
				continue
			}
			if allowed == nil {
				continue
			}
			var values []string
			switch {
			case m.op == "=" || m.op == "!=":
				values = []string{m.value}
			case plainAlternation.MatchString(m.value):
				values = strings.Split(strings.Trim(m.value, "()"), "|")
			}
			for _, v := range values {
				if !slices.Contains(allowed, v) {
					problems = append(problems, fmt.Sprintf("%s{%s%s%q}: %q is not one of %v", sel.metric, m.label, m.op, m.value, v, allowed))
				}
			}
		}
	}
	if len(info.selectors) == 0 {
		problems = append(problems, "no metric selector")
	}
	for _, l := range info.grouping {
		if !available[l] {
			problems = append(problems, fmt.Sprintf("grouping label %q is on none of the metrics used", l))
		}
	}
	return problems
}

func TestAnalyzePromQL(t *testing.T) {
	tests := []struct {
		name      string
		expr      string
		selectors []string // metric{label op value,...}
		grouping  []string
	}{
		{"bare metric", "up", []string{"up{}"}, nil},
		{"aggregation with by before",
			`sum by (client) (rate(oauth_ratelimit_decisions_total{decision="denied", client=~"a|b"}[5m]))`,
			[]string{`oauth_ratelimit_decisions_total{decision="denied",client=~"a|b"}`}, []string{"client"}},
		{"by after, keywords, offset, numbers",
			`sum(rate(x_total[1h] offset 15m)) by (job) > 3 * 1e3 and on () y unless z or bool 0.5`,
			[]string{"x_total{}", "y{}", "z{}"}, []string{"job"}},
		{"histogram_quantile and group_left",
			`histogram_quantile(0.99, sum by (instance, le) (rate(h_bucket{instance=~".+"}[1m]))) * on (instance) group_left (version) info`,
			[]string{`h_bucket{instance=~".+"}`, "info{}"}, []string{"instance", "le", "instance", "version"}},
		{"group_left without list, escaped quote, name matcher",
			`a / ignoring (x) group_left {__name__="b", l="q\"uote"}`,
			[]string{"a{}", `b{__name__="b",l="q\"uote"}`}, []string{"x"}},
		{"comment and subquery", "max_over_time(c[5m:1m]) # note: d", []string{"c{}"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info, err := analyzePromQL(tt.expr)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range info.selectors {
				var ms []string
				for _, m := range s.matchers {
					ms = append(ms, fmt.Sprintf("%s%s%q", m.label, m.op, m.value))
				}
				got = append(got, s.metric+"{"+strings.Join(ms, ",")+"}")
			}
			if !slices.Equal(got, tt.selectors) {
				t.Errorf("selectors = %q, want %q", got, tt.selectors)
			}
			if !slices.Equal(info.grouping, tt.grouping) {
				t.Errorf("grouping = %q, want %q", info.grouping, tt.grouping)
			}
		})
	}
}

func TestCheckExprFindsTypos(t *testing.T) {
	tests := []struct {
		name, expr, want string // want: substring of a problem; "" = no problem
	}{
		{"ok", `sum by (client) (rate(oauth_ratelimit_decisions_total{decision="denied",instance=~".+"}[1m]))`, ""},
		{"ok histogram", `histogram_quantile(0.5, sum by (le) (rate(oauth_ratelimit_sync_flush_duration_seconds_bucket[1m])))`, ""},
		{"misspelt metric", `rate(oauth_ratelimit_decision_total[1m])`, `unknown metric "oauth_ratelimit_decision_total"`},
		{"histogram family name", `oauth_ratelimit_sync_flush_duration_seconds`, "unknown metric"},
		{"unknown label", `oauth_ratelimit_cache_keys{client="a"}`, `has no label "client"`},
		{"bad enum value", `oauth_ratelimit_decisions_total{decision="deny"}`, `"deny" is not one of`},
		{"bad enum in alternation", `oauth_ratelimit_sync_store_requests_total{op=~"write|read"}`, `"read" is not one of`},
		{"le without bucket", `sum by (le) (oauth_ratelimit_sync_flush_duration_seconds_count)`, `grouping label "le"`},
		{"grouping typo", `sum by (clinet) (oauth_ratelimit_decisions_total)`, `grouping label "clinet"`},
		{"no metric", `vector(1)`, "no metric selector"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			problems := checkExpr(tt.expr)
			if tt.want == "" {
				if len(problems) > 0 {
					t.Fatalf("unexpected problems: %q", problems)
				}
				return
			}
			if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tt.want) }) {
				t.Fatalf("problems %q do not mention %q", problems, tt.want)
			}
		})
	}
}

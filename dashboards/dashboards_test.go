package dashboards

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const datasourceRef = "${datasource}"

// dashboard is the part of a Grafana dashboard model the tests read.
type dashboard struct {
	file          string
	UID           string `json:"uid"`
	Title         string `json:"title"`
	SchemaVersion int    `json:"schemaVersion"`
	Templating    struct {
		List []variable `json:"list"`
	} `json:"templating"`
	Panels []panel `json:"panels"`
}

type variable struct {
	Name       string          `json:"name"`
	Type       string          `json:"type"`
	Query      json.RawMessage `json:"query"` // a string, or {"query": "..."} for Prometheus
	Definition string          `json:"definition"`
	Datasource *datasource     `json:"datasource"`
	Multi      bool            `json:"multi"`
	IncludeAll bool            `json:"includeAll"`
}

// queryText returns the variable's query whichever form it is stored in.
func (v variable) queryText() string {
	var s string
	if json.Unmarshal(v.Query, &s) == nil {
		return s
	}
	var q struct {
		Query string `json:"query"`
	}
	_ = json.Unmarshal(v.Query, &q)
	return q.Query
}

type datasource struct {
	Type string `json:"type"`
	UID  string `json:"uid"`
}

type panel struct {
	ID         int         `json:"id"`
	Type       string      `json:"type"`
	Title      string      `json:"title"`
	Desc       string      `json:"description"`
	Datasource *datasource `json:"datasource"`
	Repeat     string      `json:"repeat"`
	GridPos    struct {
		H, W, X, Y int
	} `json:"gridPos"`
	Targets     []target `json:"targets"`
	Panels      []panel  `json:"panels"` // a collapsed row's panels
	FieldConfig struct {
		Defaults struct {
			Mappings []valueMapping `json:"mappings"`
		} `json:"defaults"`
	} `json:"fieldConfig"`
	Options struct {
		Legend struct {
			Calcs []string `json:"calcs"`
		} `json:"legend"`
	} `json:"options"`
}

type target struct {
	RefID      string      `json:"refId"`
	Expr       string      `json:"expr"`
	Datasource *datasource `json:"datasource"`
}

// loadDashboards reads every *.json file in this directory.
func loadDashboards(t *testing.T) []dashboard {
	t.Helper()
	files, err := filepath.Glob("*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 2 {
		t.Fatalf("found %d dashboards (*.json), want at least the overview and sync dashboards", len(files))
	}
	var out []dashboard
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(strings.NewReader(string(data)))
		var d dashboard
		if err := dec.Decode(&d); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		d.file = f
		out = append(out, d)
	}
	return out
}

// allPanels flattens rows (collapsed rows keep their panels inside).
func (d dashboard) allPanels() []panel {
	var out []panel
	var walk func([]panel)
	walk = func(ps []panel) {
		for _, p := range ps {
			out = append(out, p)
			walk(p.Panels)
		}
	}
	walk(d.Panels)
	return out
}

func (d dashboard) variable(name string) (variable, bool) {
	for _, v := range d.Templating.List {
		if v.Name == name {
			return v, true
		}
	}
	return variable{}, false
}

// query is one PromQL expression found in a dashboard or in alerts.yaml.
type query struct {
	where string // for messages: file, panel and refId, or the alert
	id    string // a recording-rule-safe name
	expr  string // as written, with template variables
}

// dashboardQueries lists every panel target and every query variable's selector.
func dashboardQueries(t *testing.T, ds []dashboard) []query {
	t.Helper()
	var out []query
	for _, d := range ds {
		base := strings.NewReplacer("-", "_", ".", "_").Replace(d.UID)
		for _, p := range d.allPanels() {
			for _, tg := range p.Targets {
				out = append(out, query{
					where: fmt.Sprintf("%s panel %d %q target %s", d.file, p.ID, p.Title, tg.RefID),
					id:    fmt.Sprintf("%s:panel%d_%s", base, p.ID, tg.RefID),
					expr:  tg.Expr,
				})
			}
		}
		for _, v := range d.Templating.List {
			if v.Type != "query" {
				continue
			}
			sel, _, err := parseLabelValues(v.queryText())
			if err != nil {
				t.Errorf("%s variable %s: %v", d.file, v.Name, err)
				continue
			}
			out = append(out, query{
				where: fmt.Sprintf("%s variable %s", d.file, v.Name),
				id:    fmt.Sprintf("%s:var_%s", base, v.Name),
				expr:  sel,
			})
		}
	}
	return out
}

var labelValuesRE = regexp.MustCompile(`^\s*label_values\(\s*(.+?)\s*,\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*$`)

// parseLabelValues splits a Grafana label_values(selector, label) query.
func parseLabelValues(q string) (selector, label string, err error) {
	m := labelValuesRE.FindStringSubmatch(q)
	if m == nil {
		return "", "", fmt.Errorf("query %q is not label_values(selector, label)", q)
	}
	return m[1], m[2], nil
}

// Values the template variables are replaced with before an expression is
// checked. They are the label values the live test's exporter serves, in the
// form Grafana renders a multi-value variable for a regex matcher.
var templateValues = map[string]string{
	"client":          "(mobile-app|batch-exporter|internal-gateway)",
	"instance":        "(ratelimit-a:9464|ratelimit-b:9464)",
	"window":          "60",
	"datasource":      "prometheus",
	"__rate_interval": "1m",
	"__interval":      "15s",
	"__range":         "1h",
}

// templateVarRE matches $var, ${var}, ${var:format} and [[var]]. $1-style
// references (label_replace replacements) are not variables.
var templateVarRE = regexp.MustCompile(`\$\{([A-Za-z_]\w*)(?::[^}]*)?\}|\[\[([A-Za-z_]\w*)(?::\w+)?\]\]|\$([A-Za-z_]\w*)`)

// usedVariables lists the template variables an expression uses.
func usedVariables(expr string) []string {
	var out []string
	for _, m := range templateVarRE.FindAllStringSubmatch(expr, -1) {
		out = append(out, m[1]+m[2]+m[3])
	}
	return out
}

// substitute replaces the template variables of expr with templateValues.
func substitute(expr string) (string, error) {
	var missing []string
	s := templateVarRE.ReplaceAllStringFunc(expr, func(m string) string {
		sub := templateVarRE.FindStringSubmatch(m)
		name := sub[1] + sub[2] + sub[3]
		v, ok := templateValues[name]
		if !ok {
			missing = append(missing, name)
			return m
		}
		return v
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("no test value for template variable(s) %v (add to templateValues)", missing)
	}
	return s, nil
}

var grafanaBuiltins = []string{"__rate_interval", "__interval", "__range"}

func TestDashboardStructure(t *testing.T) {
	ds := loadDashboards(t)
	uids := map[string]string{}
	for _, d := range ds {
		t.Run(d.file, func(t *testing.T) {
			if d.UID == "" || d.Title == "" {
				t.Errorf("uid %q and title %q must be set", d.UID, d.Title)
			}
			if other, dup := uids[d.UID]; dup {
				t.Errorf("uid %q also used by %s", d.UID, other)
			}
			uids[d.UID] = d.file
			if d.SchemaVersion < 36 || d.SchemaVersion > 41 {
				t.Errorf("schemaVersion %d, want about 39 (36..41)", d.SchemaVersion)
			}
			checkVariables(t, d)
			checkPanels(t, d)
			checkNoFixedDatasource(t, d.file)
		})
	}
}

func checkVariables(t *testing.T, d dashboard) {
	t.Helper()
	ds, ok := d.variable("datasource")
	if !ok || ds.Type != "datasource" || ds.queryText() != "prometheus" {
		t.Errorf("want a template variable datasource of type datasource for prometheus, got %+v", ds)
	}
	if _, ok := d.variable("instance"); !ok {
		t.Error("want an instance template variable")
	}
	if strings.Contains(d.file, "overview") {
		c, ok := d.variable("client")
		if !ok || c.queryText() != "label_values(oauth_ratelimit_policy_dry_run, client)" {
			t.Errorf("want a client variable label_values(oauth_ratelimit_policy_dry_run, client), got %q", c.queryText())
		}
	}
	names := map[string]bool{}
	for _, v := range d.Templating.List {
		if names[v.Name] {
			t.Errorf("variable %s defined twice", v.Name)
		}
		names[v.Name] = true
		if v.Type != "query" {
			continue
		}
		if v.Datasource == nil || v.Datasource.UID != datasourceRef {
			t.Errorf("variable %s: datasource %+v, want uid %s", v.Name, v.Datasource, datasourceRef)
		}
		if v.Definition != "" && v.Definition != v.queryText() {
			t.Errorf("variable %s: definition %q differs from query %q", v.Name, v.Definition, v.queryText())
		}
		sel, label, err := parseLabelValues(v.queryText())
		if err != nil {
			t.Errorf("variable %s: %v", v.Name, err)
			continue
		}
		info, err := analyzePromQL(sel)
		if err != nil || len(info.selectors) != 1 {
			t.Errorf("variable %s: want one selector in %q (%v)", v.Name, sel, err)
			continue
		}
		if s, ok := lookupSeries(info.selectors[0].metric); ok {
			if _, ok := s.labels[label]; !ok {
				t.Errorf("variable %s: %s has no label %q", v.Name, info.selectors[0].metric, label)
			}
		}
	}
}

func checkPanels(t *testing.T, d dashboard) {
	t.Helper()
	ids := map[int]string{}
	type box struct{ x, y, w, h int }
	var boxes []box
	vars := map[string]variable{}
	for _, v := range d.Templating.List {
		vars[v.Name] = v
	}
	for _, p := range d.allPanels() {
		name := fmt.Sprintf("panel %d %q", p.ID, p.Title)
		if p.ID <= 0 {
			t.Errorf("%s: id must be positive", name)
		}
		if other, dup := ids[p.ID]; dup {
			t.Errorf("%s: id also used by %s", name, other)
		}
		ids[p.ID] = name
		if p.Title == "" {
			t.Errorf("%s: no title", name)
		}
		g := p.GridPos
		if g.W <= 0 || g.H <= 0 || g.X < 0 || g.Y < 0 || g.X+g.W > 24 {
			t.Errorf("%s: gridPos %+v outside the 24-column grid", name, g)
		}
		for _, b := range boxes {
			if g.X < b.x+b.w && b.x < g.X+g.W && g.Y < b.y+b.h && b.y < g.Y+g.H {
				t.Errorf("%s: gridPos %+v overlaps another panel at %+v", name, g, b)
			}
		}
		boxes = append(boxes, box{g.X, g.Y, g.W, g.H})
		if p.Repeat != "" {
			if v, ok := vars[p.Repeat]; !ok || !v.Multi {
				t.Errorf("%s: repeats by %q, which is not a multi-value variable", name, p.Repeat)
			}
		}
		if p.Type == "row" {
			continue
		}
		if p.Desc == "" {
			t.Errorf("%s: no description (README.md and the panel's info icon explain every panel)", name)
		}
		if p.Datasource == nil || p.Datasource.Type != "prometheus" || p.Datasource.UID != datasourceRef {
			t.Errorf("%s: datasource %+v, want {prometheus %s}", name, p.Datasource, datasourceRef)
		}
		if len(p.Targets) == 0 {
			t.Errorf("%s: no targets", name)
		}
		refs := map[string]bool{}
		for _, tg := range p.Targets {
			if tg.RefID == "" || refs[tg.RefID] {
				t.Errorf("%s: refId %q empty or repeated", name, tg.RefID)
			}
			refs[tg.RefID] = true
			if strings.TrimSpace(tg.Expr) == "" {
				t.Errorf("%s target %s: no expr", name, tg.RefID)
			}
			// Without on (), vector(0) has labels of its own (none), matches
			// no series of a grouped result and joins it as an extra 0.
			if strings.Contains(strings.Join(strings.Fields(tg.Expr), " "), "or vector(") {
				t.Errorf("%s target %s: a fallback to 0 is written or on () vector(0): without on (), the 0 is added to every result as a series of its own", name, tg.RefID)
			}
			if tg.Datasource != nil && tg.Datasource.UID != datasourceRef {
				t.Errorf("%s target %s: datasource %+v, want uid %s", name, tg.RefID, tg.Datasource, datasourceRef)
			}
			for _, v := range usedVariables(tg.Expr) {
				if _, ok := vars[v]; !ok && !slices.Contains(grafanaBuiltins, v) {
					t.Errorf("%s target %s: uses $%s, which the dashboard does not define", name, tg.RefID, v)
				}
			}
		}
	}
}

// checkNoFixedDatasource fails on any datasource uid other than the variable
// (and Grafana's own annotation source), so the dashboards import anywhere.
func checkNoFixedDatasource(t *testing.T, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, c := range v {
				if k == "datasource" {
					switch ds := c.(type) {
					case map[string]any:
						if uid, _ := ds["uid"].(string); uid != datasourceRef && uid != "-- Grafana --" {
							t.Errorf("%s.datasource: uid %q, want %s", path, uid, datasourceRef)
						}
					case string:
						if ds != datasourceRef {
							t.Errorf("%s.datasource: %q, want %s", path, ds, datasourceRef)
						}
					}
				}
				walk(path+"."+k, c)
			}
		case []any:
			for i, c := range v {
				walk(path+"["+strconv.Itoa(i)+"]", c)
			}
		}
	}
	walk("$", doc)
}

// allQueries is every dashboard and alert expression.
func allQueries(t *testing.T) []query {
	t.Helper()
	qs := dashboardQueries(t, loadDashboards(t))
	rules, err := readAlertRules("alerts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules {
		qs = append(qs, query{where: "alerts.yaml alert " + r.name, id: "alert:" + r.name, expr: r.expr})
	}
	return qs
}

func TestExpressionsUseKnownMetricsAndLabels(t *testing.T) {
	qs := allQueries(t)
	used := map[string]bool{}
	for _, q := range qs {
		expr, err := substitute(q.expr)
		if err != nil {
			t.Errorf("%s: %v", q.where, err)
			continue
		}
		for _, p := range checkExpr(expr) {
			t.Errorf("%s: %s\n\texpr: %s", q.where, p, q.expr)
		}
		if info, err := analyzePromQL(expr); err == nil {
			for _, s := range info.selectors {
				if ss, ok := lookupSeries(s.metric); ok {
					used[ss.metric.name] = true
				}
			}
		}
	}
	// Every exported metric should be on a dashboard or in an alert; one
	// that is not is either dead or missing from the dashboards.
	for _, m := range knownMetrics {
		if !used[m.name] && m.name != "up" {
			t.Errorf("metric %s is used by no dashboard and no alert", m.name)
		}
	}
}

func TestKnownMetricNames(t *testing.T) {
	seen := map[string]bool{}
	for _, m := range knownMetrics {
		if seen[m.name] {
			t.Errorf("%s listed twice", m.name)
		}
		seen[m.name] = true
		if m.name == "up" {
			continue
		}
		if !strings.HasPrefix(m.name, metricsPrefix) {
			t.Errorf("%s: want the prefix %s", m.name, metricsPrefix)
		}
		if (m.kind == counter) != strings.HasSuffix(m.name, "_total") {
			t.Errorf("%s: counters and only counters end in _total", m.name)
		}
	}
}

// promtoolPath finds promtool: $PROMTOOL, else PATH. Without it the test is
// skipped, except in CI (CI=true), where the Makefile installs it.
func promtoolPath(t *testing.T) string {
	t.Helper()
	return toolPath(t, "PROMTOOL", "promtool")
}

func toolPath(t *testing.T, env, name string) string {
	t.Helper()
	p := os.Getenv(env)
	if p == "" {
		var err error
		if p, err = exec.LookPath(name); err != nil {
			p = ""
		}
	}
	if p != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	msg := fmt.Sprintf("%s not found ($%s or PATH); install Debian's prometheus package (apt-get install prometheus)", name, env)
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; CI=true requires it")
	}
	t.Skip(msg)
	return ""
}

func runPromtool(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(promtoolPath(t), args...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("promtool %s: %v", strings.Join(args, " "), err)
		}
		t.Fatalf("promtool %s failed (%v):\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestPromtoolChecksDashboardExpressions writes every dashboard expression as a
// recording rule and lets promtool parse them all.
func TestPromtoolChecksDashboardExpressions(t *testing.T) {
	promtoolPath(t)
	qs := dashboardQueries(t, loadDashboards(t))
	type rule struct {
		Record string `json:"record"`
		Expr   string `json:"expr"`
	}
	var rules []rule
	var index strings.Builder
	for i, q := range qs {
		expr, err := substitute(q.expr)
		if err != nil {
			t.Errorf("%s: %v", q.where, err)
			continue
		}
		rules = append(rules, rule{Record: "dashboard:" + q.id, Expr: expr})
		fmt.Fprintf(&index, "rule %d: %s\n\t%s\n", i, q.where, expr)
	}
	// JSON is YAML, so promtool reads it as a rules file.
	doc := map[string]any{"groups": []any{map[string]any{"name": "dashboard-expressions", "rules": rules}}}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "dashboard-expressions.yaml")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(promtoolPath(t), "check", "rules", file)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("promtool check rules on the dashboard expressions failed (%v):\n%s\nrules:\n%s", err, out, index.String())
	}
	want := fmt.Sprintf("SUCCESS: %d rules found", len(rules))
	if !strings.Contains(string(out), want) {
		t.Fatalf("promtool output lacks %q:\n%s", want, out)
	}
	t.Logf("promtool check rules: %d dashboard expressions parse", len(rules))
}

func TestPromtoolCheckAlertRules(t *testing.T) {
	rules, err := readAlertRules("alerts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := runPromtool(t, "check", "rules", "alerts.yaml")
	want := fmt.Sprintf("SUCCESS: %d rules found", len(rules))
	if !strings.Contains(out, want) {
		t.Fatalf("promtool check rules alerts.yaml: want %q, got:\n%s", want, out)
	}
}

func TestPromtoolAlertUnitTests(t *testing.T) {
	out := runPromtool(t, "test", "rules", "alerts_test.yaml")
	if !strings.Contains(out, "SUCCESS") {
		t.Fatalf("promtool test rules alerts_test.yaml:\n%s", out)
	}
	// Every alert needs a case in alerts_test.yaml.
	rules, err := readAlertRules("alerts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests, err := os.ReadFile("alerts_test.yaml")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(tests), "\n")
	for _, r := range rules {
		var fires, silent bool
		for i, l := range lines {
			if strings.TrimSpace(l) != "alertname: "+r.name {
				continue
			}
			next := ""
			for _, n := range lines[i+1:] {
				if n = strings.TrimSpace(n); n != "" && !strings.HasPrefix(n, "#") {
					next = n
					break
				}
			}
			if next == "exp_alerts:" {
				fires = true
			} else {
				silent = true
			}
		}
		if !fires {
			t.Errorf("alerts_test.yaml has no case where %s fires", r.name)
		}
		if !silent {
			t.Errorf("alerts_test.yaml has no case where %s must not fire", r.name)
		}
	}
}

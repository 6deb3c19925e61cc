package dashboards

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// alertRule is one rule of alerts.yaml as readAlertRules sees it.
type alertRule struct {
	group       string
	name        string
	expr        string
	forDuration string
	labels      map[string]string
	annotations map[string]string
}

var (
	ruleStartRE = regexp.MustCompile(`^(\s*)- (alert|record):\s*(\S+)\s*$`)
	groupRE     = regexp.MustCompile(`^\s*- name:\s*(\S+)\s*$`)
	keyRE       = regexp.MustCompile(`^(\s*)([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$`)
)

// readAlertRules reads the rules of a Prometheus rules file written in the
// layout of alerts.yaml (block mappings, block scalars for long values). It is
// not a YAML parser: promtool checks the file, the live test compares what this
// reads with what Prometheus loaded, and this gives the other tests the
// expressions and metadata without a YAML dependency.
func readAlertRules(file string) ([]alertRule, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	var rules []alertRule
	var cur *alertRule
	group := ""
	keyIndent := -1
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if m := groupRE.FindStringSubmatch(line); m != nil {
			group = m[1]
			continue
		}
		if m := ruleStartRE.FindStringSubmatch(line); m != nil {
			rules = append(rules, alertRule{group: group, name: m[3], labels: map[string]string{}, annotations: map[string]string{}})
			cur = &rules[len(rules)-1]
			keyIndent = len(m[1]) + 2
			continue
		}
		m := keyRE.FindStringSubmatch(line)
		if cur == nil || m == nil || len(m[1]) < keyIndent {
			cur = nil
			continue
		}
		if len(m[1]) != keyIndent {
			return nil, fmt.Errorf("%s:%d: unexpected indentation", file, i+1)
		}
		key, value := m[2], m[3]
		switch key {
		case "labels", "annotations":
			target := cur.labels
			if key == "annotations" {
				target = cur.annotations
			}
			for i+1 < len(lines) {
				sub := keyRE.FindStringSubmatch(lines[i+1])
				if sub == nil || len(sub[1]) <= keyIndent {
					if strings.TrimSpace(lines[i+1]) == "" {
						i++
						continue
					}
					break
				}
				i++
				v, next := scalar(lines, i, sub[3], len(sub[1]))
				target[sub[2]] = v
				i = next
			}
		default:
			v, next := scalar(lines, i, value, keyIndent)
			i = next
			switch key {
			case "expr":
				cur.expr = v
			case "for":
				cur.forDuration = v
			}
		}
	}
	for _, r := range rules {
		if r.expr == "" {
			return nil, fmt.Errorf("%s: rule %s: no expr found", file, r.name)
		}
	}
	return rules, nil
}

// scalar reads the value that starts on lines[i] after "key: ": a plain or
// quoted scalar, or a block scalar (| or >, with - or + chomping) made of the
// following lines indented deeper than indent. It returns the value and the
// index of the last line it used.
func scalar(lines []string, i int, value string, indent int) (string, int) {
	value = strings.TrimSpace(value)
	if value == "" || (value[0] != '|' && value[0] != '>') {
		if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] {
			inner := value[1 : len(value)-1]
			if value[0] == '\'' {
				return strings.ReplaceAll(inner, "''", "'"), i
			}
			return strings.ReplaceAll(inner, `\"`, `"`), i
		}
		return value, i
	}
	folded := value[0] == '>'
	var body []string
	blockIndent := -1
	j := i + 1
	for ; j < len(lines); j++ {
		l := lines[j]
		if strings.TrimSpace(l) == "" {
			body = append(body, "")
			continue
		}
		ind := len(l) - len(strings.TrimLeft(l, " "))
		if ind <= indent {
			break
		}
		if blockIndent < 0 {
			blockIndent = ind
		}
		body = append(body, l[min(blockIndent, ind):])
	}
	for len(body) > 0 && body[len(body)-1] == "" {
		body = body[:len(body)-1]
	}
	sep := "\n"
	if folded {
		sep = " "
	}
	return strings.Join(body, sep), j - 1
}

func TestReadAlertRules(t *testing.T) {
	rules, err := readAlertRules("alerts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) < 7 {
		t.Fatalf("read %d rules, want at least 7", len(rules))
	}
	// The alerts the dashboards' README promises.
	for _, want := range []string{"OAuthRateLimitSyncFlushErrors", "OAuthRateLimitSyncSlow", "OAuthRateLimitSyncStalled",
		"OAuthRateLimitSnapshotStale", "OAuthRateLimitHighDenialRate", "OAuthRateLimitDryRunWouldDeny",
		"OAuthRateLimitCacheEvictingByCap", "OAuthRateLimitBadRequestSpike",
		"OAuthRateLimitStoreUnreachable", "OAuthRateLimitPolicyReloadFailed"} {
		if !slices.ContainsFunc(rules, func(r alertRule) bool { return r.name == want }) {
			t.Errorf("alerts.yaml has no alert %s", want)
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) {
			if names[r.name] {
				t.Error("alert name used twice")
			}
			names[r.name] = true
			if !strings.HasPrefix(r.name, "OAuthRateLimit") {
				t.Error("alert names start with OAuthRateLimit")
			}
			if d, err := time.ParseDuration(r.forDuration); err != nil || d <= 0 {
				t.Errorf("for: %q, want a positive duration", r.forDuration)
			}
			if s := r.labels["severity"]; !slices.Contains([]string{"critical", "warning", "info"}, s) {
				t.Errorf("severity %q, want critical, warning or info", s)
			}
			for _, a := range []string{"summary", "description"} {
				if strings.TrimSpace(r.annotations[a]) == "" {
					t.Errorf("no %s annotation", a)
				}
			}
			if !strings.Contains(string(readme), r.name) {
				t.Error("README.md does not explain this alert")
			}
		})
	}
}

func TestScalar(t *testing.T) {
	lines := strings.Split("k: |\n  a\n    b\n\n  c\nnext: x", "\n")
	if v, end := scalar(lines, 0, "|", 0); v != "a\n  b\n\nc" || end != 4 {
		t.Errorf("literal block = %q, %d", v, end)
	}
	lines = strings.Split("  k: >-\n    one\n    two\n  n: 1", "\n")
	if v, end := scalar(lines, 0, ">-", 2); v != "one two" || end != 2 {
		t.Errorf("folded block = %q, %d", v, end)
	}
	for in, want := range map[string]string{`'it''s'`: "it's", `"a \"b\""`: `a "b"`, "10m": "10m"} {
		if v, _ := scalar(nil, 0, in, 0); v != want {
			t.Errorf("scalar(%s) = %q, want %q", in, v, want)
		}
	}
}

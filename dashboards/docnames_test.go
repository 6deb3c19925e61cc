package dashboards

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDocsNameMetricsInFull: the repository's README.md and BENCHMARKS.md
// and this directory's README.md name every metric of the contract as
// Prometheus exports it, oauth_ratelimit_ included, so that an operator can
// copy a name from them into a query. They named some with the prefix and
// some without it (decisions_total, store_up, sync_conflicts_total, ...: a
// stranger's reading of README found it hard to follow).
func TestDocsNameMetricsInFull(t *testing.T) {
	short := map[string]bool{}
	for _, m := range knownMetrics {
		if s, ok := strings.CutPrefix(m.name, metricsPrefix); ok {
			short[s] = true
		}
	}
	if len(short) < 40 {
		t.Fatalf("%d metrics with the prefix in the contract: fewer than the library exports", len(short))
	}
	// A word is a run of the characters a metric name is made of, so a
	// full name is one word and never matches its own suffix.
	word := regexp.MustCompile(`[A-Za-z0-9_]+`)
	for _, file := range []string{"../README.md", "../BENCHMARKS.md", "README.md"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, w := range word.FindAllString(line, -1) {
				if short[w] {
					t.Errorf("%s:%d: %s: name the metric in full, %s%s", file, i+1, w, metricsPrefix, w)
				}
			}
		}
	}
}

package dashboards

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// The tests of this file give a panel target the series of a fleet as a
// live audit saw them (h87: three server processes on FerretDB under a real
// Prometheus, one of them with --mode dry-run, one restarted, one stopped)
// and check the value the panel shows, where the other tests check only
// that it shows one.

// promtoolSample is a series a promtool expression test expects, with its
// labels as promtool writes them ({a="b", ...}, without __name__).
type promtoolSample struct {
	Labels string  `json:"labels"`
	Value  float64 `json:"value"`
}

// promtoolValueTest is a PromQL expression that must return exactly
// ExpSamples at EvalTime.
type promtoolValueTest struct {
	Expr       string           `json:"expr"`
	EvalTime   string           `json:"eval_time"`
	ExpSamples []promtoolSample `json:"exp_samples"`
}

// panelExpr returns the expression of a panel's target, its template
// variables replaced by templateValues.
func panelExpr(t *testing.T, file, title, refID string) string {
	t.Helper()
	for _, d := range loadDashboards(t) {
		if d.file != file {
			continue
		}
		for _, p := range d.allPanels() {
			if p.Title != title {
				continue
			}
			for _, tg := range p.Targets {
				if tg.RefID == refID {
					expr, err := substitute(tg.Expr)
					if err != nil {
						t.Fatal(err)
					}
					return expr
				}
			}
		}
	}
	t.Fatalf("%s: no panel %q with a target %s", file, title, refID)
	return ""
}

// at returns a series of instance (instanceA or instanceB) of liveJob.
func at(instance, metric, labels string) string {
	if labels != "" {
		labels += ","
	}
	return metric + "{" + labels + `instance="` + instance + `",job="` + liveJob + `"}`
}

// TestModePerClientShowsAMixedFleet: "Mode per client" showed the largest
// oauth_ratelimit_policy_dry_run of the instances, so that one instance
// started with --mode dry-run made every client read "dry-run" while the
// others enforced it: live (h87), batch-exporter read dry-run and got 429
// on 67% of its requests. A client that the instances disagree on reads
// "mixed" (the share of them that run it in dry-run, mapped), one they
// agree on enforce (0) or dry-run (1).
func TestModePerClientShowsAMixedFleet(t *testing.T) {
	promtoolPath(t)
	const m = "oauth_ratelimit_policy_dry_run"
	input := []promtoolSeries{
		{Series: at(instanceA, m, `client="batch-exporter"`), Values: "1x40"},
		{Series: at(instanceB, m, `client="batch-exporter"`), Values: "0x40"},
		{Series: at(instanceA, m, `client="mobile-app"`), Values: "1x40"},
		{Series: at(instanceB, m, `client="mobile-app"`), Values: "1x40"},
		{Series: at(instanceA, m, `client="internal-gateway"`), Values: "0x40"},
		{Series: at(instanceB, m, `client="internal-gateway"`), Values: "0x40"},
	}
	expr := panelExpr(t, "oauth-ratelimit-overview.json", "Mode per client", "A")
	out, err := promtoolExprTests(t, input, []promtoolValueTest{{Expr: expr, EvalTime: "10m", ExpSamples: []promtoolSample{
		{Labels: `{client="batch-exporter"}`, Value: 0.5},
		{Labels: `{client="mobile-app"}`, Value: 1},
		{Labels: `{client="internal-gateway"}`, Value: 0},
	}}})
	if err != nil {
		t.Fatalf("Mode per client over a fleet where one instance runs batch-exporter in dry-run and the other enforces it "+
			"(%v):\n%s\nexpr: %s", err, out, expr)
	}
	// The value mappings: 0 enforce, 1 dry-run, anything between mixed.
	for _, d := range loadDashboards(t) {
		for _, p := range d.allPanels() {
			if p.Title != "Mode per client" {
				continue
			}
			for v, want := range map[float64]string{0: "enforce", 1: "dry-run", 0.5: "mixed", 1.0 / 3: "mixed", 2.0 / 3: "mixed"} {
				if got := p.mappedText(v); got != want {
					t.Errorf("Mode per client shows %v as %q, want %q", v, got, want)
				}
			}
		}
	}
}

// TestTimeSinceFlushIsTheScrapedAge: "Longest time since a successful
// flush" and "Time since last successful flush" took time() - the flush's
// timestamp, which adds the age of the last scrape (up to a scrape
// interval) to the flush's: live (h87, scrapes every 5s), an instance
// flushing twice a second read 3.6-4.5s all along, as if its flushes lagged;
// with Prometheus' default 15s, up to 15s. The age at the scrape is what
// the instance reported: here 0.5s on a, and 300.5s on b, whose flushes
// stopped at 299.5.
func TestTimeSinceFlushIsTheScrapedAge(t *testing.T) {
	promtoolPath(t)
	const m = "oauth_ratelimit_sync_last_flush_timestamp_seconds"
	input := []promtoolSeries{
		{Series: at(instanceA, m, ""), Values: "-0.5+15x40"}, // a flush 0.5s before every scrape
		{Series: at(instanceB, m, ""), Values: "299.5x40"},
	}
	// 10s after the scrape at 10m.
	tests := []promtoolValueTest{
		{Expr: panelExpr(t, "oauth-ratelimit-sync.json", "Longest time since a successful flush", "A"), EvalTime: "10m10s",
			ExpSamples: []promtoolSample{{Labels: "{}", Value: 300.5}}},
		{Expr: panelExpr(t, "oauth-ratelimit-sync.json", "Time since last successful flush", "A"), EvalTime: "10m10s",
			ExpSamples: []promtoolSample{
				{Labels: `{instance="` + instanceA + `",job="` + liveJob + `"}`, Value: 0.5},
				{Labels: `{instance="` + instanceB + `",job="` + liveJob + `"}`, Value: 300.5},
			}},
	}
	if out, err := promtoolExprTests(t, input, tests); err != nil {
		t.Fatalf("time since the last flush, 10s after a scrape (%v):\n%s", err, out)
	}
}

// TestDenialRatioShowsZeroForAClientNeverDenied: decisions_total gets a
// (client, decision) series at its first use, so a client with decisions
// and no denial yet had no denied series and no line in "Denial ratio per
// client": live (h87), demo-service, dry-app and internal-gateway, 0% of
// their requests denied, showed nothing, as a client without requests
// does. It shows 0; a client without decisions in the interval still has
// no line (the guard against 0/0).
func TestDenialRatioShowsZeroForAClientNeverDenied(t *testing.T) {
	promtoolPath(t)
	const m = "oauth_ratelimit_decisions_total"
	input := []promtoolSeries{
		{Series: at(instanceA, m, `client="batch-exporter",decision="denied",grant_type="client_credentials"`), Values: "0+1x40"},
		{Series: at(instanceA, m, `client="batch-exporter",decision="allowed",grant_type="client_credentials"`), Values: "0+3x40"},
		{Series: at(instanceB, m, `client="mobile-app",decision="allowed",grant_type="password"`), Values: "0+2x40"},
		{Series: at(instanceB, m, `client="internal-gateway",decision="allowed",grant_type="client_credentials"`), Values: "5x40"}, // idle
	}
	expr := panelExpr(t, "oauth-ratelimit-overview.json", "Denial ratio per client", "A")
	out, err := promtoolExprTests(t, input, []promtoolValueTest{{Expr: expr, EvalTime: "10m", ExpSamples: []promtoolSample{
		{Labels: `{client="batch-exporter"}`, Value: 0.25},
		{Labels: `{client="mobile-app"}`, Value: 0},
	}}})
	if err != nil {
		t.Fatalf("Denial ratio per client (%v):\n%s\nexpr: %s", err, out, expr)
	}
}

// valueMapping is a Grafana value mapping of a panel's field config: of
// type "value" (Options: value -> {text}) or "range" (Options: from, to,
// result {text}).
type valueMapping struct {
	Type    string          `json:"type"`
	Options json.RawMessage `json:"options"`
}

// mappedText returns the text p's value mappings show for v, or "" if none
// maps it.
func (p panel) mappedText(v float64) string {
	for _, m := range p.FieldConfig.Defaults.Mappings {
		switch m.Type {
		case "value":
			var opts map[string]struct {
				Text string `json:"text"`
			}
			if json.Unmarshal(m.Options, &opts) != nil {
				continue
			}
			for k, o := range opts {
				if f, err := strconv.ParseFloat(k, 64); err == nil && f == v {
					return o.Text
				}
			}
		case "range":
			var o struct {
				From, To *float64
				Result   struct {
					Text string `json:"text"`
				} `json:"result"`
			}
			if json.Unmarshal(m.Options, &o) != nil {
				continue
			}
			if (o.From == nil || *o.From <= v) && (o.To == nil || v <= *o.To) {
				return o.Result.Text
			}
		}
	}
	return ""
}

// TestNoLegendSumOverOverlappingWindows: a legend's "sum" adds up the
// points of the time range, a total only when each point counts its own
// step. A point of increase(…[$__rate_interval]) counts the rate interval
// before it, at least 4 scrape intervals, while Grafana steps by one or a
// few: consecutive points overlap and the sum counts each event several
// times. Live (h87, steps of 20s, rate interval 60s): one failed policy
// reload summed to 3.09, an instance's 14 refusals by the share to 37.68.
func TestNoLegendSumOverOverlappingWindows(t *testing.T) {
	for _, d := range loadDashboards(t) {
		for _, p := range d.allPanels() {
			if !slices.ContainsFunc(p.Options.Legend.Calcs, func(c string) bool { return c == "sum" || c == "total" }) {
				continue
			}
			for _, tg := range p.Targets {
				if rangeOverRateInterval.MatchString(tg.Expr) {
					t.Errorf("%s panel %d %q: legend calc sum over target %s, whose points each count a rate interval "+
						"(they overlap, so the sum counts every event several times): %s", d.file, p.ID, p.Title, tg.RefID, tg.Expr)
				}
			}
		}
	}
}

// rangeOverRateInterval matches a range selector over Grafana's rate
// interval or the time range: [$__rate_interval], [${__range}], ...
var rangeOverRateInterval = regexp.MustCompile(`\[\$\{?__(rate_interval|range)`)

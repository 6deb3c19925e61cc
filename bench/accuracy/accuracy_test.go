package accuracy

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

var update = flag.Bool("update", false, "write results/table.md and ../../docs/accuracy.svg from this run")

// The dimensions of the matrix.
var (
	allN         = []int{1, 3, 10, 30}
	allIntervals = []time.Duration{100 * time.Millisecond, time.Second, 5 * time.Second}
	allLoads     = []float64{10, 1.5}
	allPatterns  = []Pattern{RoundRobin, Random, ColdBurst}
)

// seed returns the seed of every run: ACCURACY_SEED, default 1.
func seed(t *testing.T) uint64 {
	t.Helper()
	s := os.Getenv("ACCURACY_SEED")
	if s == "" {
		return 1
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("ACCURACY_SEED=%q: want an unsigned integer", s)
	}
	return v
}

// block returns the runs of one load and pattern: for each N, local ÷N,
// the synced limiter at each interval, local full and central, in that
// order (from the strictest to the loosest, the central counter last as
// the exact reference).
func block(load float64, p Pattern, seed uint64) []Config {
	var cs []Config
	for _, n := range allN {
		base := Config{Instances: n, Load: load, Pattern: p, Seed: seed}
		with := func(f func(*Config)) Config { c := base; f(&c); return c }
		cs = append(cs, with(func(c *Config) { c.Strategy = LocalShare }))
		for _, iv := range allIntervals {
			// Without the share and adaptive sync (the
			// limiter before them), with the share alone, then with
			// both (the default), side by side from one run.
			cs = append(cs,
				with(func(c *Config) { c.Interval = iv; c.NoShare = true; c.NoAdaptive = true }),
				with(func(c *Config) { c.Interval = iv; c.NoAdaptive = true }),
				with(func(c *Config) { c.Interval = iv }))
		}
		cs = append(cs,
			with(func(c *Config) { c.Strategy = LocalFull }),
			with(func(c *Config) { c.Strategy = Central }))
	}
	return cs
}

func loadName(l float64) string { return strconv.FormatFloat(l, 'f', -1, 64) + "×" }

// sections returns the tables to run: with full, every load and pattern
// plus the clock-skew, latency and in-step sections; else only 10×
// round-robin, which the picture needs.
func sections(full bool, seed uint64) []Section {
	var ss []Section
	for _, load := range allLoads {
		for _, p := range allPatterns {
			if !full && (load != 10 || p != RoundRobin) {
				continue
			}
			ss = append(ss, Section{
				Title:   fmt.Sprintf("%s the limit, %s", loadName(load), p),
				Configs: block(load, p, seed),
			})
		}
	}
	if !full {
		return ss
	}
	var skew []Config
	for _, load := range allLoads {
		for _, n := range []int{3, 10, 30} {
			for _, sk := range []time.Duration{0, 250 * time.Millisecond, 2 * time.Second} {
				skew = append(skew, Config{Instances: n, Load: load, Skew: sk, Seed: seed})
			}
		}
	}
	ss = append(ss, Section{
		Title:   "Clock skew (synced 1s, round-robin; 10× then 1.5× the limit)",
		Note:    "Each instance's clock is off the true one by an amount spread evenly over [−skew/2, +skew/2], so that the two furthest apart differ by the skew. Windows are counted by the true clock.",
		Configs: skew,
	})
	var lat []Config
	for _, l := range []time.Duration{0, time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond} {
		for _, n := range []int{10, 30} {
			lat = append(lat, Config{Instances: n, Load: 10, Latency: l, Seed: seed})
		}
	}
	ss = append(ss, Section{
		Title:   "Store latency (synced 1s, 10× the limit, round-robin)",
		Note:    "Latency is each store call's round trip: a call is applied half-way through it.",
		Configs: lat,
	})
	var step []Config
	for _, load := range allLoads {
		for _, aligned := range []bool{false, true} {
			step = append(step, Config{Instances: 10, Load: load, Aligned: aligned, Seed: seed})
		}
	}
	ss = append(ss, Section{
		Title:   "Flushes in step (synced 1s, N = 10, round-robin; 10× then 1.5× the limit)",
		Note:    "By default each instance's Syncer starts at a random point of its first interval. In step, all start together, so every flush of the key meets nine others at one instant.",
		Configs: step,
	})
	return append(ss, skewSections(seed)...)
}

// skewN are the fleets of the skewed sections: where an outside audit
// measured a skewed client held under its limit (audit F, F3).
var skewN = []int{8, 16, 24, 32}

// skewSections returns the skewed sections: 3× the limit, 4 requests in 5
// on two instances, then the same with the two changing mid-run, at each N
// and interval: what the share, even among the writers, costs a client
// whose requests land on few instances (audit F's F3).
// ACCURACY_MATRIX=skew runs only these.
func skewSections(seed uint64) []Section {
	var ss []Section
	for _, p := range []Pattern{Skewed, SkewedMoving} {
		var cs []Config
		for _, n := range skewN {
			for _, iv := range allIntervals {
				cs = append(cs, Config{Instances: n, Load: 3, Pattern: p, Interval: iv, Seed: seed})
			}
		}
		s := Section{
			Title:     "3× the limit, " + p.String() + " (4 requests in 5 on 2 of N instances)",
			Configs:   cs,
			PerWindow: true,
			Note: "A client whose keep-alive connections land on two backends of N: 4 requests in 5 go to instances 0 and 1 in turn, the fifth round-robin to the others. " +
				"Each instance admits ⌈remainder ÷ writers⌉ per read of the key (the share, even among the instances that count it): the busy two are refused past it though the limit is not reached.",
		}
		if p == SkewedMoving {
			s.Note += " At 150 s (mid-window) the two busy instances become instances 2 and 3; 0 and 1 join the others."
		}
		ss = append(ss, s)
	}
	return ss
}

// runAll runs every Config of sections once, two at a time (each in a
// bubble of its own), and returns the results by Config with defaults.
func runAll(t *testing.T, ss []Section) map[Config]Result {
	t.Helper()
	var mu sync.Mutex
	results := make(map[Config]Result)
	t.Run("runs", func(t *testing.T) {
		seen := make(map[Config]bool)
		for _, s := range ss {
			for _, c := range s.Configs {
				if seen[c.withDefaults()] {
					continue
				}
				seen[c.withDefaults()] = true
				name := strings.NewReplacer(" ", "_", "÷", "div").Replace(fmt.Sprintf("N=%d/%s/%s/%s", c.Instances, loadName(c.Load), c.Pattern, label(c)))
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					r := runOne(t, c)
					if r.Ties > 0 {
						t.Logf("%d store calls met another at one instant (ordered by the seed)", r.Ties)
					}
					mu.Lock()
					results[c.withDefaults()] = r
					mu.Unlock()
				})
			}
		}
	})
	return results
}

// runOne runs c in a bubble of its own.
func runOne(t *testing.T, c Config) Result {
	t.Helper()
	var r Result
	synctest.Test(t, func(t *testing.T) {
		var err error
		if r, err = Run(c); err != nil {
			t.Fatal(err)
		}
	})
	return r
}

// TestAccuracyTable prints the table of how closely the instances hold one
// limit (one key, limit 1000 per 60 s window, 6 windows per run). By
// default it runs the quick matrix: 10× the limit, round-robin, every N and
// interval (about 10 s on 2 cores; skipped with -short or -race, as in make
// test, unless asked for); ACCURACY_MATRIX=full runs every load, pattern,
// clock skew, latency, in-step and skewed case (see results/table.md for
// the time); ACCURACY_MATRIX=skew only the skewed ones, and writes
// nothing. With -update it writes ../../docs/accuracy.svg, and with the full
// matrix results/table.md.
// The command for the committed files, from bench/:
//
//	ACCURACY_MATRIX=full go test -run TestAccuracyTable -v -timeout 30m ./accuracy/ -update
//
// (-update after the package: go test passes the flags it does not know,
// and all that follow, to the test binary.)
func TestAccuracyTable(t *testing.T) {
	full := os.Getenv("ACCURACY_MATRIX") == "full"
	onlySkew := os.Getenv("ACCURACY_MATRIX") == "skew"
	if !full && !onlySkew && !*update && (testing.Short() || raceEnabled) {
		t.Skip("-short or -race: the table takes about 10 s (minutes with -race); TestOvershootBound holds its figure; run it with go test -run TestAccuracyTable -v ./accuracy/")
	}
	sd := seed(t)
	ss := sections(full, sd)
	if onlySkew {
		ss = skewSections(sd)
	}
	start := time.Now()
	results := runAll(t, ss)
	if t.Failed() {
		return
	}
	elapsed := time.Since(start).Round(time.Second)
	matrix := "quick"
	if full {
		matrix = "full"
	}
	cmd := "go test -run TestAccuracyTable -v ./accuracy/"
	if full {
		cmd = "ACCURACY_MATRIX=full go test -run TestAccuracyTable -v -timeout 30m ./accuracy/"
	}
	if sd != 1 {
		cmd = fmt.Sprintf("ACCURACY_SEED=%d %s", sd, cmd)
	}
	table := Markdown(ss, results)
	t.Logf("seed %d, %s matrix, %d runs in %v\n\n%s", sd, matrix, len(results), elapsed, table)
	if !*update || onlySkew {
		return
	}
	if !full {
		t.Log("-update without ACCURACY_MATRIX=full: only the picture is written; results/table.md holds the full matrix")
	}

	var md strings.Builder
	fmt.Fprintf(&md, "# Accuracy: one limit held across N instances\n\n")
	fmt.Fprintf(&md, "Generated by `%s -update` from `bench/` (seed %d, %s matrix, %d runs, %v on the machine it ran on). ", cmd, sd, matrix, len(results), elapsed)
	md.WriteString("Every run without store latency is deterministic: the same seed gives the same rows. A run with latency (the sections that name one) can move by a request or a store call from one generation to the next, since store calls that end at the same simulated instant go on in the scheduler's order (helper-47 saw one commit give 1.007 and 1.008 for a row of 10 instances at 50 ms in two generations; the nineteenth session's generation gave this table's row of 30 instances at 50 ms 1.048 in its worst 60 s for 1.047, and 30,860 loads for 30,823, every other row the same).\n\n")
	md.WriteString("One key, limit 1000 per 60 s window (the weighted sliding window of package window), 6 windows of 60 s per run, requests evenly spaced at the offered load; each request is `Reserve(Enforce)` and, if admitted, `Commit`. ")
	md.WriteString("**synced** is the project: per instance a `cache.Cache` and a `syncer.Syncer` (`Run`, flush every interval, pull every interval + 1 µs), all over one `syncer.MemoryStore`, instances started at random phases of their first interval, clocks aligned and a store without latency unless a section says otherwise. ")
	md.WriteString("**local ÷N**: each instance enforces limit ÷ N alone; **local full**: each the full limit alone; **central**: one exact counter for every request (one store round trip per request).\n\n")
	md.WriteString("Columns: the most admitted in one fixed window (aligned as frames are) ÷ the limit; the same leaving out the first window (which starts with no counts anywhere, so its quota is spent at the arrival rate, where later windows reopen it only as the previous window's weight decays); the mean over the 6 windows; the most admitted in any 60 s interval ÷ the limit; store calls (Write and Load, one round trip each, whatever the batch) per instance per second; and the run's totals of writes, loads and writes refused for a stale version (each costs a load and another write).\n\n")
	md.WriteString("**cold burst**: the steady load goes round-robin to the first ⌈N/2⌉ instances; at 150 s (mid-window, quota spent) 1000 requests within one second go round-robin to the other instances, which have never seen the key; then the steady load goes to all.\n\n")
	md.WriteString(table)
	if full {
		if err := os.WriteFile(filepath.Join("results", "table.md"), []byte(md.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Every interval with the defaults (the share and adaptive
	// sync), and the 1 s interval without adaptive sync, and without
	// either: the limiter before them.
	var lines []Line
	for _, v := range []struct {
		name                string
		ivs                 []time.Duration
		noShare, noAdaptive bool
	}{
		{"", allIntervals, false, false},
		{", no adaptive sync", []time.Duration{time.Second}, false, true},
		{", no share, no adaptive sync", []time.Duration{time.Second}, true, true},
	} {
		for _, iv := range v.ivs {
			l := Line{Name: "synced " + shortDuration(iv) + v.name}
			for _, n := range allN {
				r, ok := results[Config{Instances: n, Load: 10, Interval: iv, Seed: sd, NoShare: v.noShare, NoAdaptive: v.noAdaptive}.withDefaults()]
				if !ok {
					t.Fatalf("the picture needs a run the table did not make: N %d, %v%s", n, iv, v.name)
				}
				l.Points = append(l.Points, [2]float64{float64(n), r.Overshoot()})
			}
			lines = append(lines, l)
		}
	}
	central := Line{Name: "central counter"}
	for _, n := range allN {
		r := results[Config{Strategy: Central, Instances: n, Load: 10, Seed: sd}.withDefaults()]
		central.Points = append(central.Points, [2]float64{float64(n), r.Overshoot()})
	}
	lines = append(lines, central)
	svg := SVG("Overshoot against instances, by sync interval",
		fmt.Sprintf("worst fixed window ÷ limit − 1; 10× the limit, round-robin, 60 s window, worst of 6 windows, seed %d\nfrom bench/: %s -update", sd, cmd),
		lines)
	if err := os.WriteFile(filepath.Join("..", "..", "docs", "accuracy.svg"), []byte(svg), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOvershootBound holds the synced limiter to the figures measured in
// results/table.md (seed 1) for N = 10, 1 s interval, 10× the limit,
// round-robin, with the share and adaptive sync (the defaults):
// worst fixed window 1.016 × the limit, worst after the first 1.004, mean
// 1.006, worst sliding 60 s 1.020 (with the share alone: 1.081, 1.014,
// 1.024, 1.086; with neither: 1.150, 1.105, 1.051, 1.171; with the share
// as it was before it applied from a key's first request, among the live
// instances for a key new to one: 1.042, 1.009, 1.013, 1.049). The bounds
// are the figures rounded up by about 0.01 (issue 11's goal was 1.05 for
// the first). The run is deterministic, so a rise is a change in how soon
// the instances see each other or in how they share, not noise: turning
// adaptive sync or the share off fails it.
func TestOvershootBound(t *testing.T) {
	cfg := Config{Instances: 10, Interval: time.Second, Load: 10, Seed: 1}
	r := runOne(t, cfg)
	checkOvershootBounds(t, r)
	// The limiter must still admit what the limit allows: a change that
	// denies everything would pass the bounds above.
	if r.MeanFixed < 1 {
		t.Errorf("mean fixed window / limit = %.3f, want ≥ 1 at 10× the limit (per window: %v)", r.MeanFixed, r.PerWindow)
	}
	if again := runOne(t, cfg); !reflect.DeepEqual(r, again) {
		t.Errorf("a second run of the same config differs:\n%+v\n%+v", r, again)
	}
	// Adaptive sync's price: no more than twice the store calls of the
	// same limiter without it (5.58 against 3.52 per instance per second).
	off := cfg
	off.NoAdaptive = true
	base := runOne(t, off)
	if ratio := r.OpsPerInstanceSec / base.OpsPerInstanceSec; ratio > 2 {
		t.Errorf("store calls per instance per second %.2f with adaptive sync, %.2f without: ×%.2f, want ≤ 2", r.OpsPerInstanceSec, base.OpsPerInstanceSec, ratio)
	}
}

// checkOvershootBounds holds r, a run of 10 instances at 10× the limit, to
// TestOvershootBound's bounds.
func checkOvershootBounds(t *testing.T, r Result) {
	t.Helper()
	for _, b := range []struct {
		name      string
		got, want float64
	}{
		{"worst fixed window / limit", r.WorstFixed, 1.025},
		{"worst fixed window after the first / limit", r.WorstLater, 1.015},
		{"mean fixed window / limit", r.MeanFixed, 1.015},
		{"worst sliding window / limit", r.WorstSliding, 1.03},
	} {
		if b.got > b.want {
			t.Errorf("%s = %.3f, want ≤ %.3f (per window: %v)", b.name, b.got, b.want, r.PerWindow)
		}
	}
}

// TestBadDocumentsKeepAdaptiveSync: TestOvershootBound's run, each of the
// ten instances holding a write unsettled on a document of its own that
// cannot be read (Config.BadDocuments), is held to the same bounds: the
// flushes of the keys near their limit (syncer's HotOnce) write the
// client's key all the same. They wrote nothing while any write of their
// instance was unsettled, and the run admitted 1.057 × the limit in the
// worst fixed window (1.017 mean) and 1.064 in the worst sliding one
// (1.021 and 1.026 with one bad document, 1.038 and 1.044 with five;
// 1.081 and 1.086 without adaptive sync).
func TestBadDocumentsKeepAdaptiveSync(t *testing.T) {
	r := runOne(t, Config{Instances: 10, Interval: time.Second, Load: 10, Seed: 1, BadDocuments: 10})
	checkOvershootBounds(t, r)
}

// TestSlowStoreManyInstancesBound holds the synced limiter at 32
// instances behind a store of a 300 ms round trip (one key, round-robin, 3×
// its limit of 300, seed 1): worst fixed window 1.047 × the limit, worst
// sliding 60 s 1.077 (c037b6e). It skips under -race; make allocs runs it
// without. Each instance writes the key every half interval, so
// that nearly every compare-and-swap of it met another instance's write;
// before a refused write was retried by adding its delta (syncer.Write.Add),
// instances lost every round of a flush and held their counts back for
// the next, where they lost again: 1.337 and 1.337, writes refused 0.93 of
// the time (an outside audit saw up to 2× at 24 and 32 server processes on
// a busy store). The bounds are the figures rounded up by about 0.02.
func TestSlowStoreManyInstancesBound(t *testing.T) {
	if raceEnabled {
		t.Skip("32 instances for 4 minutes: seconds here, minutes under the race detector, which the syncer's own tests cover")
	}
	r := runOne(t, Config{Instances: 32, Load: 3, Pattern: RoundRobin, Limit: 300, Latency: 300 * time.Millisecond, Windows: 4, Seed: 1})
	if r.WorstFixed > 1.06 || r.WorstSliding > 1.10 {
		t.Errorf("worst fixed window %.3f, worst sliding %.3f × the limit; want ≤ 1.06 and ≤ 1.10 (per window: %v; writes %d, refused %d)",
			r.WorstFixed, r.WorstSliding, r.PerWindow, r.Writes, r.Conflicts)
	}
	if r.MeanFixed < 1 {
		t.Errorf("mean fixed window / limit = %.3f, want ≥ 1 at 3× the limit (per window: %v)", r.MeanFixed, r.PerWindow)
	}
}

// TestBrackets checks the harness with the limiters whose figures are
// known without a simulation: the central counter never exceeds the limit
// in any window, local full admits N times it at 10× the limit (N ≤ 10),
// local ÷N never exceeds it.
func TestBrackets(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cfg      Config
		min, max float64 // bounds of WorstFixed
	}{
		{"central", Config{Strategy: Central, Instances: 10, Load: 10, Pattern: Random}, 1, 1},
		{"local full", Config{Strategy: LocalFull, Instances: 3, Load: 10}, 3, 3},
		{"local share", Config{Strategy: LocalShare, Instances: 3, Load: 10, Pattern: Random}, 0.9, 1},
		{"one synced instance", Config{Instances: 1, Load: 10, Interval: 5 * time.Second}, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runOne(t, tc.cfg)
			if r.WorstFixed < tc.min || r.WorstFixed > tc.max {
				t.Errorf("worst fixed window / limit = %.3f, want in [%g, %g] (per window: %v)", r.WorstFixed, tc.min, tc.max, r.PerWindow)
			}
		})
	}
}

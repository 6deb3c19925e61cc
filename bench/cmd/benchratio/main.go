// Command benchratio runs the bench package's workloads through every
// contender for several rounds in one process, rotating the contenders'
// order each round, and prints each round's figures and ratios (each
// contender / project, and project / floor), then per workload the median
// and min–max of the ratios over the rounds, and each contender's memory
// per key. Each figure comes as CPU time per op (all the process's threads,
// GC included) and as wall-clock time per op; on a shared machine read the
// CPU time, which does not count what other processes ran.
//
// Ratios from one round compare runs minutes apart at most, on the same
// heap and the same machine state; rotating the order keeps a contender
// from always running first (or after the same neighbour). Quote the
// medians; a wide min–max says the machine was noisy.
//
// With -pair PEER it compares the project (or, with -base, another
// contender) with one peer closer in time:
// per workload both are built and populated side by side, then run in
// turn -pairs times, each run -benchtime long, the order swapped each
// pair, and each pair gives one ratio, peer / project, of runs a fraction
// of a second apart. On a shared machine whose speed drifts over seconds
// (in a round above a workload's contenders run seconds to tens of
// seconds apart) these ratios spread less than a round's, and their median and quartiles say whether the project is
// ahead, behind or level with that peer on that workload in this process.
// A process's heap layout and hash seeds still move a figure from one
// process to the next: run several. It reports CPU time per op only, of
// the whole process, with both contenders held: a peer's own background
// work (ulule's cleaner, a minute apart) counts in whichever runs it falls
// in, and at 1M keys the process holds about twice the memory of a round.
//
//	go run ./cmd/benchratio -rounds 5 -benchtime 1s    # full
//	go run ./cmd/benchratio -rounds 3 -benchtime 100ms # quick (make bench)
//	go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -memkeys 600000,1000000,1500000 -contenders go-limiter,project-1m1h
//	go run ./cmd/benchratio -pair go-limiter -pairs 60 -benchtime 50ms -keys 10000 -workloads uniform/mode=serial
//	go run ./cmd/benchratio -pair httprate -base proto-inline -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/bench"
)

// result is one benchmark's figures.
type result struct {
	ns     float64 // wall-clock ns/op
	cpu    float64 // CPU ns/op, all threads (see bench.Run)
	allocs int64
}

// metric is one figure of a result, by which ratios are printed.
type metric struct {
	name string
	of   func(result) float64
}

// metrics are the figures printed. CPU time per op is the one to read on
// a shared machine: wall-clock time also counts what other processes ran.
var metrics = []metric{
	{"cpu-ns/op", func(r result) float64 { return r.cpu }},
	{"ns/op (wall clock)", func(r result) float64 { return r.ns }},
}

func main() {
	testing.Init() // registers -test.benchtime, which testing.Benchmark reads
	rounds := flag.Int("rounds", 5, "rounds; each runs every workload through every contender")
	benchtime := flag.String("benchtime", "1s", "time per benchmark (as go test -benchtime)")
	sizes := flag.String("keys", "1,10000,1000000", "comma-separated key counts")
	mem := flag.Bool("mem", true, "measure memory per key (at the -memkeys counts)")
	memKeys := flag.String("memkeys", strconv.Itoa(bench.MemoryKeys), "comma-separated key counts memory per key is measured at (-keys does not set them: the issue's measure is at 1M keys)")
	only := flag.String("contenders", "", "comma-separated contenders to run (project and floor always run), the experiments (bench.Experiments) among them only by name; empty: every contender but the experiments")
	match := flag.String("workloads", "", "run only the workloads whose name contains this string (such as /serial); empty: all")
	pair := flag.String("pair", "", "a peer to run in turn with the project, per workload, instead of the rounds (see -pairs)")
	pairs := flag.Int("pairs", 40, "with -pair: the runs of each, in turn, per workload")
	base := flag.String("base", bench.ProjectName, "with -pair: the contender the peer is compared with")
	flag.Parse()
	set := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *pair == "" {
		if set["pairs"] || set["base"] {
			fatalf("-pairs, -base: only with -pair")
		}
		if *rounds < 1 {
			fatalf("-rounds %d: want 1 or more", *rounds)
		}
	} else {
		if set["rounds"] || set["contenders"] || set["mem"] && *mem || set["memkeys"] {
			fatalf("-rounds, -contenders, -mem, -memkeys: not with -pair, which runs the project and the peer in turn -pairs times and measures no memory")
		}
		if *pairs < 2 {
			fatalf("-pairs %d: want 2 or more", *pairs)
		}
	}
	if set["memkeys"] && !*mem {
		fatalf("-memkeys: not with -mem=false")
	}
	if err := flag.Set("test.benchtime", *benchtime); err != nil {
		fatalf("-benchtime %q: %v", *benchtime, err)
	}
	ns := keyCounts("-keys", *sizes)
	memNs := keyCounts("-memkeys", *memKeys)

	// Every contender benchratio knows: the rounds run the default ones,
	// and take an experiment only when -contenders names it.
	all := slices.Concat(bench.Contenders, bench.Experiments)
	specs := bench.Contenders
	if *only != "" {
		want := map[string]bool{bench.ProjectName: true, bench.FloorName: true}
		for name := range strings.SplitSeq(*only, ",") {
			name = strings.TrimSpace(name)
			if !slices.ContainsFunc(all, func(s bench.Spec) bool { return s.Name == name }) {
				fatalf("-contenders: no contender %q", name)
			}
			want[name] = true
		}
		specs = slices.DeleteFunc(slices.Clone(all), func(s bench.Spec) bool { return !want[s.Name] })
	}
	var workloads []bench.Workload
	for _, n := range ns {
		for _, w := range bench.Workloads(n) {
			if strings.Contains(w.String(), *match) {
				workloads = append(workloads, w)
			}
		}
	}
	if len(workloads) == 0 {
		fatalf("-workloads %q: no workload matches", *match)
	}
	if *pair != "" {
		named := func(name string) int {
			return slices.IndexFunc(all, func(s bench.Spec) bool { return s.Name == name })
		}
		var names []string
		for _, s := range all {
			names = append(names, s.Name)
		}
		p := named(*base)
		if p < 0 {
			fatalf("-base %q: want a contender: %s", *base, strings.Join(names, ", "))
		}
		i := named(*pair)
		if i < 0 || i == p {
			fatalf("-pair %q: want a contender other than -base %s: %s", *pair, *base, strings.Join(names, ", "))
		}
		fmt.Printf("benchratio: %s and %s in turn, %d runs each per workload, benchtime %s, GOMAXPROCS %d, %s %s/%s, started %s\n",
			*base, *pair, *pairs, *benchtime, runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH, time.Now().UTC().Format(time.RFC3339))
		fmt.Printf("cpu: %s\n", bench.CPU())
		runPairs(all[p], all[i], workloads, *pairs)
		return
	}
	fmt.Printf("benchratio: %d rounds, benchtime %s, GOMAXPROCS %d, %s %s/%s, started %s\n",
		*rounds, *benchtime, runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH, time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("cpu: %s\n", bench.CPU())
	fmt.Printf("limits: %d per window, so every contender admits every request (the admit path); a denial fails the run\n", bench.Limit)
	for _, s := range specs {
		fmt.Printf("  %-19s %s\n", s.Name, s.About)
	}

	// res[round][workload][contender]
	res := make([][][]result, *rounds)
	for r := range *rounds {
		res[r] = make([][]result, len(workloads))
		for w := range workloads {
			res[r][w] = make([]result, len(specs))
		}
		order := rotate(len(specs), r)
		names := make([]string, len(order))
		for i, o := range order {
			names[i] = specs[o].Name
		}
		fmt.Printf("\nround %d/%d, order: %s\n", r+1, *rounds, strings.Join(names, " "))
		for _, n := range ns {
			for _, ci := range order {
				runContender(specs[ci], n, workloads, res[r], ci)
			}
		}
		printRound(specs, workloads, res[r])
	}
	printSummary(specs, workloads, res)

	if *mem {
		for _, n := range memNs {
			fmt.Printf("\nmemory per key: heap in use after GC / keys, %d keys held, each decided once\n", n)
			for _, s := range specs {
				m, err := bench.MemoryPerKey(s, n)
				if err != nil {
					fatalf("%s: %v", s.Name, err)
				}
				fmt.Printf("  %-19s %6.1f B/key\n", s.Name, m)
			}
		}
	}
}

// keyCounts parses flag name's value v, comma-separated key counts.
func keyCounts(name, v string) []int {
	var ns []int
	for f := range strings.SplitSeq(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 10_000_000 {
			fatalf("%s %q: want comma-separated counts in [1, 10000000]", name, v)
		}
		ns = append(ns, n)
	}
	return ns
}

// rotate is the contenders' order in round r: the default order rotated
// left by r.
func rotate(n, r int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = (i + r) % n
	}
	return o
}

// runContender builds s, populates it with n keys and runs the workloads
// over n keys, recording into res[workload][ci].
func runContender(s bench.Spec, n int, workloads []bench.Workload, res [][]result, ci int) {
	c := s.New()
	defer func() {
		c.Close()
		c = nil
		bench.SettleHeap() // this contender's keys are not the next one's garbage
	}()
	if err := bench.Populate(c, n); err != nil {
		fatalf("%s: %v", s.Name, err)
	}
	bench.SettleHeap() // nor is the populating's
	for wi, w := range workloads {
		if w.Keys != n {
			continue
		}
		br := testing.Benchmark(func(b *testing.B) { bench.Run(b, c, w) })
		if br.N == 0 {
			fatalf("%s %s: the benchmark failed (a request denied?)", s.Name, w)
		}
		res[wi][ci] = result{ns: float64(br.T.Nanoseconds()) / float64(br.N), cpu: br.Extra["cpu-ns/op"], allocs: br.AllocsPerOp()}
	}
}

// runPairs runs, per workload, the base p (the project, unless -base) and
// peer q in turn n times each, both built and populated before the first
// run and held until the last, the order swapped each pair, and prints the
// CPU time per op of each run, then the median, quartiles and min–max of
// the n ratios q / p and in how many p took no longer (1 or above).
func runPairs(p, q bench.Spec, workloads []bench.Workload, n int) {
	fmt.Printf("per pair: cpu-ns/op of %s and of %s, and their ratio %s/%s; in odd pairs %s runs first\n", p.Name, q.Name, q.Name, p.Name, p.Name)
	type row struct {
		w          bench.Workload
		pv, qv, rs []float64
	}
	var rows []row
	for _, w := range workloads {
		cp, cq := p.New(), q.New()
		for _, c := range []bench.Contender{cp, cq} {
			if err := bench.Populate(c, w.Keys); err != nil {
				fatalf("%s: %v", w, err)
			}
		}
		bench.SettleHeap()
		r := row{w: w}
		run := func(s bench.Spec, c bench.Contender) float64 {
			br := testing.Benchmark(func(b *testing.B) { bench.Run(b, c, w) })
			if br.N == 0 {
				fatalf("%s %s: the benchmark failed (a request denied?)", s.Name, w)
			}
			return br.Extra["cpu-ns/op"]
		}
		fmt.Printf("\n%s\n", w)
		for i := range n {
			var pv, qv float64
			if i%2 == 0 {
				pv = run(p, cp)
				qv = run(q, cq)
			} else {
				qv = run(q, cq)
				pv = run(p, cp)
			}
			r.pv, r.qv, r.rs = append(r.pv, pv), append(r.qv, qv), append(r.rs, qv/pv)
			fmt.Printf("  pair %3d: %8.1f %8.1f  %.3f\n", i+1, pv, qv, qv/pv)
		}
		cp.Close()
		cq.Close()
		cp, cq = nil, nil
		bench.SettleHeap()
		rows = append(rows, r)
	}
	fmt.Printf("\nsummary over %d pairs, cpu-ns/op: medians, and %s/%s per pair: median, quartiles q1–q3, [min–max], pairs in which %s took no longer (ratio 1 or above)\n", n, q.Name, p.Name, p.Name)
	fmt.Printf("%-40s %10s %10s  %s\n", "workload", p.Name, q.Name, q.Name+"/"+p.Name)
	for _, r := range rows {
		ge := 0
		for _, x := range r.rs {
			if x >= 1 {
				ge++
			}
		}
		fmt.Printf("%-40s %10.1f %10.1f  %.3f, quartiles %.3f–%.3f, [%.2f–%.2f], %d of %d\n", r.w, median(r.pv), median(r.qv),
			median(r.rs), quantile(r.rs, 0.25), quantile(r.rs, 0.75), slices.Min(r.rs), slices.Max(r.rs), ge, len(r.rs))
	}
}

// quantile is the q-quantile of xs (0 ≤ q ≤ 1), interpolated between the
// two nearest of the sorted values; quantile(xs, 0.5) is median(xs).
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	x := q * float64(len(s)-1)
	i := int(x)
	if i+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[i] + (x-float64(i))*(s[i+1]-s[i])
}

func projectAndFloor(specs []bench.Spec) (p, f int) {
	p = slices.IndexFunc(specs, func(s bench.Spec) bool { return s.Name == bench.ProjectName })
	f = slices.IndexFunc(specs, func(s bench.Spec) bool { return s.Name == bench.FloorName })
	return p, f
}

// printRound prints one round: per metric and workload, each contender's
// figure and, in parentheses, its ratio to the project's; last project /
// floor.
func printRound(specs []bench.Spec, workloads []bench.Workload, res [][]result) {
	p, f := projectAndFloor(specs)
	for _, m := range metrics {
		fmt.Printf("%-40s", m.name+" (/project)")
		for _, s := range specs {
			fmt.Printf(" %17s", s.Name)
		}
		fmt.Printf(" %13s\n", "project/floor")
		for wi, w := range workloads {
			pv := m.of(res[wi][p])
			fmt.Printf("%-40s", w)
			for ci := range specs {
				v := m.of(res[wi][ci])
				fmt.Printf(" %17s", fmt.Sprintf("%.1f (%.2f)", v, v/pv))
			}
			fmt.Printf(" %13.2f\n", pv/m.of(res[wi][f]))
		}
	}
}

// printSummary prints per metric and workload the median and min–max over
// the rounds of each contender's ratio to the project, the project's median
// figure, the project / floor ratio, then each contender's median figures
// and allocations per op.
func printSummary(specs []bench.Spec, workloads []bench.Workload, res [][][]result) {
	p, f := projectAndFloor(specs)
	for _, m := range metrics {
		fmt.Printf("\nsummary over %d rounds, %s: ratio contender/project, median [min–max]; project/floor likewise\n", len(res), m.name)
		fmt.Printf("%-40s %10s", "workload", "project")
		for ci, s := range specs {
			if ci != p {
				fmt.Printf(" %19s", s.Name)
			}
		}
		fmt.Printf(" %19s\n", "project/floor")
		for wi, w := range workloads {
			fmt.Printf("%-40s %10.1f", w, median(over(res, wi, func(r []result) float64 { return m.of(r[p]) })))
			for ci := range specs {
				if ci != p {
					fmt.Printf(" %19s", spread(over(res, wi, func(r []result) float64 { return m.of(r[ci]) / m.of(r[p]) })))
				}
			}
			fmt.Printf(" %19s\n", spread(over(res, wi, func(r []result) float64 { return m.of(r[p]) / m.of(r[f]) })))
		}
	}

	for _, m := range metrics {
		fmt.Printf("\nmedian %s over %d rounds\n%-40s", m.name, len(res), "workload")
		for _, s := range specs {
			fmt.Printf(" %18s", s.Name)
		}
		fmt.Println()
		for wi, w := range workloads {
			fmt.Printf("%-40s", w)
			for ci := range specs {
				fmt.Printf(" %18.1f", median(over(res, wi, func(r []result) float64 { return m.of(r[ci]) })))
			}
			fmt.Println()
		}
	}

	fmt.Printf("\nallocs/op (max over rounds)\n%-40s", "workload")
	for _, s := range specs {
		fmt.Printf(" %18s", s.Name)
	}
	fmt.Println()
	for wi, w := range workloads {
		fmt.Printf("%-40s", w)
		for ci := range specs {
			var a int64
			for r := range res {
				a = max(a, res[r][wi][ci].allocs)
			}
			fmt.Printf(" %18d", a)
		}
		fmt.Println()
	}
}

// over is f of each round's results for workload wi.
func over(res [][][]result, wi int, f func([]result) float64) []float64 {
	xs := make([]float64, len(res))
	for r := range res {
		xs[r] = f(res[r][wi])
	}
	return xs
}

func median(xs []float64) float64 { return quantile(xs, 0.5) }

// spread formats the median and the min–max of xs.
func spread(xs []float64) string {
	return fmt.Sprintf("%.2f [%.2f–%.2f]", median(xs), slices.Min(xs), slices.Max(xs))
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "benchratio: "+format+"\n", args...)
	os.Exit(1)
}

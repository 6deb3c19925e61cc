package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// events returns go test -json lines: pkg's test t running, output lines,
// then the test's and the package's result.
func events(pkg, test, result string, output ...string) string {
	var b strings.Builder
	add := func(e event) {
		j, _ := json.Marshal(e)
		b.Write(j)
		b.WriteByte('\n')
	}
	add(event{Action: "run", Package: pkg, Test: test})
	for _, o := range output {
		add(event{Action: "output", Package: pkg, Test: test, Output: o + "\n"})
	}
	add(event{Action: result, Package: pkg, Test: test})
	add(event{Action: result, Package: pkg})
	return b.String()
}

func TestFilter(t *testing.T) {
	tsan := events("m/syncer", "TestRun", "fail", "=== RUN   TestRun",
		`ThreadSanitizer: CHECK failed: tsan_rtl.cpp:346 "((exiting || thr->fast_state.epoch() == kEpochLast)) != (0)" (0x0, 0x0) (tid=18303)`)
	segv := events("m/syncer", "TestRun", "fail", "=== RUN   TestRun",
		"SIGSEGV: segmentation violation", "PC=0x437870 m=6 sigcode=1 addr=0x7f123e900000", "", "goroutine 0 gp=0xc00007b4a0 m=6 mp=0xc000084808 [idle, synctest bubble 8]:")
	failing := events("m/cache", "TestCount", "fail", "    cache_test.go:10: got 3, want 2", "--- FAIL: TestCount (0.00s)")
	race := events("m/cache", "TestCount", "fail", "WARNING: DATA RACE", "--- FAIL: TestCount (0.00s)")
	nilDeref := events("m/cache", "TestCount", "fail", "panic: runtime error: invalid memory address or nil pointer dereference",
		"[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4c5d8e]")
	passing := events("m/window", "TestEstimate", "pass", "=== RUN   TestEstimate")
	// A test of the package failed, or a race was reported, before its
	// binary died in the race runtime: the failure is passed on, not hidden
	// behind a second run that may pass.
	failThenTsan := events("m/syncer", "TestRun", "fail", "=== RUN   TestRun", "=== RUN   TestRun/cut", "    run_test.go:10: got 3, want 2", "    --- FAIL: TestRun/cut (0.00s)",
		`ThreadSanitizer: CHECK failed: tsan_rtl.cpp:346 "((exiting || thr->fast_state.epoch() == kEpochLast)) != (0)" (0x0, 0x0) (tid=18303)`)
	raceThenTsan := events("m/syncer", "TestRun", "fail", "=== RUN   TestRun", "==================", "WARNING: DATA RACE",
		`ThreadSanitizer: CHECK failed: tsan_rtl.cpp:346 "((exiting || thr->fast_state.epoch() == kEpochLast)) != (0)" (0x0, 0x0) (tid=18303)`)
	for _, tt := range []struct {
		name       string
		in         string
		mayRetry   bool
		wantRetry  []string
		wantFailed bool
		wantCopied []string // packages whose events are copied
	}{
		{name: "a TSan CHECK", in: tsan + passing, mayRetry: true, wantRetry: []string{"m/syncer"}, wantCopied: []string{"m/window"}},
		{name: "a signal in the race runtime", in: passing + segv, mayRetry: true, wantRetry: []string{"m/syncer"}, wantCopied: []string{"m/window"}},
		{name: "the second run", in: tsan, mayRetry: false, wantFailed: true, wantCopied: []string{"m/syncer"}},
		{name: "a test that fails", in: failing + passing, mayRetry: true, wantFailed: true, wantCopied: []string{"m/cache", "m/window"}},
		{name: "a data race", in: race, mayRetry: true, wantFailed: true, wantCopied: []string{"m/cache"}},
		{name: "a nil dereference in Go", in: nilDeref, mayRetry: true, wantFailed: true, wantCopied: []string{"m/cache"}},
		{name: "a crash and a failing test", in: tsan + failing, mayRetry: true, wantRetry: []string{"m/syncer"}, wantFailed: true, wantCopied: []string{"m/cache"}},
		{name: "all pass", in: passing, mayRetry: true, wantCopied: []string{"m/window"}},
		{name: "a test failed before the crash", in: failThenTsan + passing, mayRetry: true, wantFailed: true, wantCopied: []string{"m/syncer", "m/window"}},
		{name: "a race before the crash", in: raceThenTsan, mayRetry: true, wantFailed: true, wantCopied: []string{"m/syncer"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			retry, failed, err := filter(strings.NewReader(tt.in), &out, tt.mayRetry)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(retry, tt.wantRetry) || failed != tt.wantFailed {
				t.Errorf("retry %q, failed %v; want %q, %v", retry, failed, tt.wantRetry, tt.wantFailed)
			}
			var copied []string
			for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
				var e event
				if line != "" && json.Unmarshal([]byte(line), &e) == nil && e.Test == "" && e.Action != "output" {
					copied = append(copied, e.Package)
				}
			}
			if !slices.Equal(copied, tt.wantCopied) {
				t.Errorf("packages copied %q, want %q:\n%s", copied, tt.wantCopied, out.String())
			}
		})
	}
}

func TestFlagsOnly(t *testing.T) {
	for _, tt := range []struct{ args, want []string }{
		{[]string{"-race", "-shuffle=on", "-count=1", "-timeout", "20m", "-json", "./..."}, []string{"-race", "-shuffle=on", "-count=1", "-timeout", "20m", "-json"}},
		{[]string{"-race", "-json", "./cache", "./syncer"}, []string{"-race", "-json"}},
		{[]string{"-run", "TestX", "-json", "./..."}, []string{"-run", "TestX", "-json"}},
	} {
		if got := flagsOnly(tt.args); !slices.Equal(got, tt.want) {
			t.Errorf("flagsOnly(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}

// Command racerun runs `go test -json` in a module and passes its events on,
// except those of a package whose test binary died in the race detector's own
// runtime: that package is tested once more and its second run's events are
// passed on instead.
//
// Why: with go1.26, a test binary built with -race that runs many
// testing/synctest bubbles sometimes dies inside ThreadSanitizer, not in a
// test: "ThreadSanitizer: CHECK failed: tsan_rtl.cpp:346 ... kEpochLast"
// (golang/go#78156, open), or a SIGSEGV whose PC is in the race runtime's C
// code (__sanitizer::StackDepotBase::Put, by go tool addr2line). On a
// 2-core machine of this project's (go1.26.8, 2026-11-27), the syncer's
// test binary died so in 2 of 5 runs of the library's packages together
// (`go test -race ./ ./cache/ ./syncer/... ...`), and a loop of five of its
// Run tests died in its 7th, 4th (at 63ff69c, before that day's changes),
// 3rd and 3rd run in four loops. No test failed: the binary was
// killed mid-test. Dropping -race or synctest would lose what they check,
// so a package that dies so is tested again, once, and says so; a second
// death fails the run as before.
//
// A crash is recognised by its output only: a line starting with
// "ThreadSanitizer: CHECK failed", or the Go runtime's report of a signal
// outside Go code ("SIGSEGV: segmentation violation" then "PC="), which in
// these test binaries (no cgo) can only come from the race runtime. A test
// that fails, a data race ("WARNING: DATA RACE"), a panic or a nil
// dereference in Go code ("panic: runtime error") are never retried, nor
// is a package one of whose tests failed ("--- FAIL:") or that reported a
// data race before its binary died there.
//
//	go run ./racerun -C ../.. -- -race -count=1 -json ./... 2>&1 | go run . -summary-file F
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// event is the part of a `go test -json` line racerun reads.
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func main() {
	dir := flag.String("C", ".", "the module's directory: go test runs there")
	goCmd := flag.String("go", "go", "the go command")
	flag.Parse()
	args := flag.Args()
	if !slices.Contains(args, "-json") {
		fmt.Fprintln(os.Stderr, "racerun: the go test arguments after -- must include -json")
		os.Exit(2)
	}
	retry, failed, err := run(*goCmd, *dir, args, true, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "racerun:", err)
		os.Exit(1)
	}
	if len(retry) > 0 {
		// The same flags, the packages that died instead of the patterns.
		again := append(flagsOnly(args), retry...)
		_, failedAgain, err := run(*goCmd, *dir, again, false, os.Stdout)
		if err != nil {
			fmt.Fprintln(os.Stderr, "racerun:", err)
			os.Exit(1)
		}
		failed = failed || failedAgain
	}
	if failed {
		os.Exit(1)
	}
}

// run runs goCmd test with args in dir and filters its output into w (see
// filter). failed says whether anything passed on failed, or go test did
// without saying so in an event it passed on (a build error, say).
func run(goCmd, dir string, args []string, mayRetry bool, w io.Writer) (retry []string, failed bool, err error) {
	cmd := exec.Command(goCmd, append([]string{"test"}, args...)...)
	cmd.Dir = dir
	cmd.Stderr = cmd.Stdout // as `go test ... 2>&1`: go command errors among the events
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, false, err
	}
	if err := cmd.Start(); err != nil {
		return nil, false, err
	}
	retry, failed, ferr := filter(out, w, mayRetry)
	werr := cmd.Wait()
	if ferr != nil {
		return nil, false, ferr
	}
	if werr != nil && !failed && len(retry) == 0 {
		failed = true // go test failed, and no event said why
	}
	return retry, failed, nil
}

// filter copies go test -json lines from r to w, holding each package's
// events until the package ends. A package whose output shows that its test
// binary died in the race runtime (crashed) is not copied when mayRetry;
// its import path is returned in retry. failed reports whether a package
// or build that was copied failed.
func filter(r io.Reader, w io.Writer, mayRetry bool) (retry []string, failed bool, err error) {
	held := map[string][]string{}   // package -> its lines so far
	died := map[string]string{}     // package -> the line that shows its binary died
	sigOutside := map[string]bool{} // the package's last output line reported a signal outside Go code
	// failedFirst: a test of the package failed, or the race detector
	// reported a race, before its binary died. Its run is passed on, not
	// retried: a second run (in another -shuffle order) that passes would
	// hide that failure.
	failedFirst := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	for sc.Scan() {
		line := sc.Text()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal([]byte(line), &e) != nil || e.Package == "" {
			bw.WriteString(line + "\n") // not a package's event: go command errors, build output
			if e.Action == "build-fail" {
				failed = true
			}
			bw.Flush()
			continue
		}
		held[e.Package] = append(held[e.Package], line)
		if e.Action == "output" {
			o := e.Output
			if strings.HasPrefix(o, "ThreadSanitizer: CHECK failed") || sigOutside[e.Package] && strings.HasPrefix(o, "PC=") {
				died[e.Package] = strings.TrimSpace(o)
			}
			sigOutside[e.Package] = strings.HasPrefix(o, "SIGSEGV: segmentation violation")
			if t := strings.TrimSpace(o); died[e.Package] == "" && (strings.HasPrefix(t, "--- FAIL:") || strings.HasPrefix(t, "WARNING: DATA RACE")) {
				failedFirst[e.Package] = true
			}
		}
		if e.Action == "build-fail" {
			failed = true
		}
		if e.Test != "" || (e.Action != "pass" && e.Action != "fail" && e.Action != "skip") {
			continue
		}
		// The package ended.
		lines := held[e.Package]
		delete(held, e.Package)
		if e.Action == "fail" && died[e.Package] != "" && !failedFirst[e.Package] && mayRetry {
			retry = append(retry, e.Package)
			fmt.Fprintf(bw, "racerun: %s died in the race detector's runtime, not in a test (golang/go#78156: %q); testing it once more\n", e.Package, died[e.Package])
			bw.Flush()
			continue
		}
		if e.Action == "fail" {
			failed = true
		}
		for _, l := range lines {
			bw.WriteString(l + "\n")
		}
		bw.Flush()
	}
	for pkg, lines := range held { // a package that never ended: go test was killed
		failed = true
		for _, l := range lines {
			bw.WriteString(l + "\n")
		}
		delete(held, pkg)
	}
	return retry, failed, sc.Err()
}

// flagsOnly returns the go test flags of args: every argument up to the
// first that names packages (does not start with '-'), keeping flag values
// written as separate arguments ("-timeout 20m").
func flagsOnly(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			if i > 0 && takesValue(args[i-1]) {
				out = append(out, a)
				continue
			}
			break
		}
		out = append(out, a)
	}
	return out
}

// takesValue reports whether flag a (without "=value") is one of go test's
// flags that take the next argument as its value.
func takesValue(a string) bool {
	if strings.Contains(a, "=") {
		return false
	}
	switch strings.TrimLeft(a, "-") {
	case "timeout", "run", "skip", "count", "shuffle", "p", "parallel", "C", "tags", "bench", "benchtime", "cpu", "coverprofile", "o", "exec":
		return true
	}
	return false
}

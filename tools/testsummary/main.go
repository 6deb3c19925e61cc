// Command testsummary reads `go test -json` on stdin and prints what plain
// `go test` prints (one line per package, the full output of failed tests)
// plus the output of skipped tests, so a skipped integration test is seen,
// and ends with one line: "tests: N passed, N failed, N skipped".
//
// It exits 1 if any test, package or build failed.
//
//	go test -json ./... 2>&1 | go run ./tools/testsummary -summary-file .tmp/summary
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output and build-fail
	Test       string
	Output     string
}

type key struct{ pkg, test string }

func main() {
	summaryFile := flag.String("summary-file", "", "also write the final summary line to this file")
	flag.Parse()

	out := bufio.NewWriter(os.Stdout)
	buffered := map[key][]string{}  // output of running tests, printed only if they fail or skip
	pkgOut := map[string][]string{} // package-level output, printed when the package ends
	var passed, failed, skipped, brokenPkgs int

	flushPkg := func(pkg string) { // a package that died mid-test: show everything it left
		var keys []key
		for k := range buffered {
			if k.pkg == pkg {
				keys = append(keys, k)
			}
		}
		sort.Slice(keys, func(i, j int) bool { return keys[i].test < keys[j].test })
		for _, k := range keys {
			for _, line := range buffered[k] {
				if !strings.HasPrefix(line, "=== ") {
					out.WriteString(line)
				}
			}
			delete(buffered, k)
		}
	}

	flushPkgOut := func(pkg string) {
		for _, s := range pkgOut[pkg] {
			out.WriteString(s)
		}
		delete(pkgOut, pkg)
	}

	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			out.Write(line) // not from test2json: go command errors, vet output
			out.WriteByte('\n')
			out.Flush()
			continue
		}
		k := key{e.Package, e.Test}
		switch {
		case e.Action == "build-output":
			out.WriteString(e.Output)
		case e.Action == "build-fail":
			brokenPkgs++
		case e.Test == "" && e.Action == "output":
			// Held until the package ends so lines of packages tested in parallel do not mix.
			if e.Output != "PASS\n" { // plain go test prints only the "ok" line for a passing package
				pkgOut[e.Package] = append(pkgOut[e.Package], e.Output)
			}
		case e.Test == "" && e.Action == "fail":
			brokenPkgs++
			flushPkg(e.Package)
			fallthrough
		case e.Test == "" && (e.Action == "pass" || e.Action == "skip"):
			flushPkgOut(e.Package)
		case e.Test == "":
		case e.Action == "output":
			buffered[k] = append(buffered[k], e.Output)
		case e.Action == "pass":
			passed++
			delete(buffered, k)
		case e.Action == "fail", e.Action == "skip":
			if e.Action == "fail" {
				failed++
			} else {
				skipped++
			}
			flushPkgOut(e.Package)
			for _, s := range buffered[k] {
				if !strings.HasPrefix(s, "=== ") { // plain go test hides === RUN/PAUSE/CONT/NAME
					out.WriteString(s)
				}
			}
			delete(buffered, k)
		}
		out.Flush()
	}
	for pkg := range pkgOut { // a package that never ended (go test killed)
		flushPkgOut(pkg)
		flushPkg(pkg)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, "testsummary: reading go test -json:", err)
		brokenPkgs++
	}

	summary := fmt.Sprintf("tests: %d passed, %d failed, %d skipped", passed, failed, skipped)
	fmt.Fprintln(out, summary)
	out.Flush()
	if *summaryFile != "" {
		if err := os.WriteFile(*summaryFile, []byte(summary+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "testsummary:", err)
		}
	}
	if failed > 0 || brokenPkgs > 0 {
		if failed == 0 {
			fmt.Fprintf(os.Stderr, "testsummary: %d package(s) failed to build or run\n", brokenPkgs)
		}
		os.Exit(1)
	}
}

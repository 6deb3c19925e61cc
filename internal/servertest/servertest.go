// Package servertest builds the oauth-ratelimit server binary and runs it
// as a child process for tests that drive the real server: the end-to-end
// tests of cmd/oauth-ratelimit and the multi-process test of integration.
//
// It imports only the standard library, so that importing it pulls neither
// the Mongo driver nor the server's own packages into a test.
package servertest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Timeout bounds how long Start waits for the server to listen and how long
// Stop waits for it to exit after SIGTERM. It is generous because the
// server may start under -race on a loaded machine.
const Timeout = 30 * time.Second

// serverPackage is the import path of the server's main package. Building
// it by import path works from any directory inside the module, so callers
// need not know where the module root is.
const serverPackage = "github.com/oauth-ratelimit/oauth-ratelimit/cmd/oauth-ratelimit"

// Build builds the server into a new temporary directory and returns the
// path of the binary and a function that removes the directory. It uses
// the go command of the running toolchain ($GOROOT/bin/go), or the one on
// PATH if that is missing. It takes no *testing.T so that a TestMain can
// build once for every test of a package; the caller must be inside the
// module.
func Build() (bin string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "oauth-ratelimit-servertest")
	if err != nil {
		return "", nil, fmt.Errorf("build the server: %w", err)
	}
	cleanup = func() { os.RemoveAll(dir) }
	bin = filepath.Join(dir, "oauth-ratelimit")
	// The go command on PATH, else the one of the GOROOT that go test
	// exports to the tests it runs.
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	out, err := exec.Command(goTool, "build", "-o", bin, serverPackage).CombinedOutput()
	if err != nil {
		cleanup()
		return "", nil, fmt.Errorf("build the server: %w\n%s", err, out)
	}
	return bin, cleanup, nil
}

// Config holds the optional settings of StartConfig. The zero value runs
// the server in the test's working directory.
type Config struct {
	// Dir is the server's working directory; "" is the test's.
	Dir string
}

// Proc is a running server process started by Start. Its methods are safe
// for concurrent use.
type Proc struct {
	// URL is the base URL of the token listener, http://127.0.0.1:port.
	URL string
	// AdminURL is the base URL of the admin listener (metrics, health,
	// admin endpoints).
	AdminURL string

	cmd *exec.Cmd

	// mu guards logs: the stderr reader appends while tests read.
	mu   sync.Mutex
	logs bytes.Buffer

	exited  chan struct{} // closed once the process has exited
	waitErr error         // of exec.Cmd.Wait; set before exited is closed
}

// Start runs bin with args and waits, at most Timeout, until it logs that
// it listens; see StartConfig.
func Start(t testing.TB, bin string, args ...string) *Proc {
	t.Helper()
	return StartConfig(t, bin, Config{}, args...)
}

// StartConfig runs bin with args, adding --listen 127.0.0.1:0 and
// --admin-listen 127.0.0.1:0 unless args set them, with PATH as the only
// environment variable (no OAUTH_RATELIMIT_* of the caller's leaks in). It
// keeps the server's stderr log, waits at most Timeout for the "listening"
// record and reads the addresses of both listeners from it. The test fails
// if the server exits or does not listen in time; the process is killed
// when the test ends if it is still running.
func StartConfig(t testing.TB, bin string, cfg Config, args ...string) *Proc {
	t.Helper()
	var all []string
	for _, f := range []string{"listen", "admin-listen"} {
		if !hasFlag(args, f) {
			all = append(all, "--"+f, "127.0.0.1:0")
		}
	}
	all = append(all, args...)
	p := &Proc{exited: make(chan struct{})}
	p.cmd = exec.Command(bin, all...)
	p.cmd.Dir = cfg.Dir
	p.cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan map[string]any, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Bytes()
			p.mu.Lock()
			p.logs.Write(line)
			p.logs.WriteByte('\n')
			p.mu.Unlock()
			var rec map[string]any
			if json.Unmarshal(line, &rec) == nil && rec["msg"] == "listening" {
				select {
				case listening <- rec:
				default: // only the first record counts
				}
			}
		}
		p.waitErr = p.cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			p.cmd.Process.Kill()
			<-p.exited
		}
	})
	select {
	case rec := <-listening:
		addr, _ := rec["addr"].(string)
		admin, _ := rec["admin_addr"].(string)
		p.URL = "http://" + addr
		p.AdminURL = "http://" + admin
	case <-p.exited:
		t.Fatalf("server exited (%d) before listening:\n%s", p.ExitCode(), p.Logs())
	case <-time.After(Timeout):
		t.Fatalf("server did not listen within %v:\n%s", Timeout, p.Logs())
	}
	return p
}

// hasFlag reports whether args set the flag name, as -name or --name,
// followed by its value or with =value.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// Logs returns what the server has logged to stderr so far, one JSON
// record a line.
func (p *Proc) Logs() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

// WaitLog reports whether the server's log holds s, waiting at most d for
// it: a record the server wrote before an answer the caller has read may
// still be in the pipe from its stderr, so a check of the log right after
// the answer can miss it.
func (p *Proc) WaitLog(s string, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for !strings.Contains(p.Logs(), s) {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// Signal sends sig to the server.
func (p *Proc) Signal(sig os.Signal) error {
	return p.cmd.Process.Signal(sig)
}

// Stop sends SIGTERM and waits at most Timeout for the server to exit; if
// it does not, Stop kills it and returns an error. It returns nil at once
// if the server has already exited. Whether the exit was clean is for the
// caller to check, with ExitCode and Logs.
func (p *Proc) Stop() error {
	select {
	case <-p.exited:
		return nil
	default:
	}
	if err := p.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("stop the server: %w", err)
	}
	select {
	case <-p.exited:
		return nil
	case <-time.After(Timeout):
		p.cmd.Process.Kill()
		<-p.exited
		return fmt.Errorf("server did not stop within %v of SIGTERM", Timeout)
	}
}

// Wait waits until the server has exited and returns the error of
// exec.Cmd.Wait: nil after exit status 0.
func (p *Proc) Wait() error {
	<-p.exited
	return p.waitErr
}

// ExitCode returns the server's exit status, or -1 while it runs or if it
// was killed by a signal.
func (p *Proc) ExitCode() int {
	select {
	case <-p.exited:
		return p.cmd.ProcessState.ExitCode()
	default:
		return -1
	}
}

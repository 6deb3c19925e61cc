package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// reloadPolicy returns a policy file whose client limit is limit.
func reloadPolicy(limit int) string {
	return strings.Replace("mode: dry-run\ndefaults:\n  client:\n    - limit: LIMIT\n      window: 1m\n", "LIMIT", strconv.Itoa(limit), 1)
}

// reloadRig is a reloader of file for a real Limiter, with its metrics on
// a registry of its own and its log in a buffer.
type reloadRig struct {
	rel *reloader
	lim *oauthratelimit.Limiter
	reg *prometheus.Registry
	log *logbuf.Buffer
}

func newReloadRig(t *testing.T, file string) *reloadRig {
	t.Helper()
	p, data, err := readPolicy(file)
	if err != nil {
		t.Fatal(err)
	}
	lim, err := oauthratelimit.New(oauthratelimit.Config{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	m, err := newReloadMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	buf := &logbuf.Buffer{}
	log := slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return &reloadRig{rel: newReloader(file, p, data, lim, log, m, time.Now()), lim: lim, reg: reg, log: buf}
}

func (r *reloadRig) limit() int64 { return r.lim.Policy().Defaults().Client[0].Limit }

func (r *reloadRig) successes() float64 { return testutil.ToFloat64(r.rel.m.ok) }
func (r *reloadRig) failures() float64  { return testutil.ToFloat64(r.rel.m.failed) }

// waitFor polls cond until it holds, at most 10 s: the watcher runs on
// real file-system events, whose delivery no fake clock controls.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func writeAt(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestPolicyWatch changes the policy file on disk in each of the ways it
// changes in practice and checks what the watcher makes of it: a valid file
// is installed, anything else is refused with the running policy kept, the
// failure counted and logged with the file's line.
func TestPolicyWatch(t *testing.T) {
	// kubernetes lays a ConfigMap volume out as
	// policy.yaml -> ..data/policy.yaml, ..data -> ..<timestamp>/, and
	// updates it by pointing a new ..data_tmp at a new directory and
	// renaming it over ..data.
	k8sLayout := func(t *testing.T, dir string) string {
		writeAt(t, filepath.Join(dir, "..2026_01", "policy.yaml"), reloadPolicy(3))
		must(t, os.Symlink("..2026_01", filepath.Join(dir, "..data")))
		must(t, os.Symlink(filepath.Join("..data", "policy.yaml"), filepath.Join(dir, "policy.yaml")))
		return filepath.Join(dir, "policy.yaml")
	}
	// k8sSwap updates that layout as kubelet's AtomicWriter does, from the
	// directory from to the directory to holding a policy of limit.
	k8sSwap := func(t *testing.T, dir, from, to string, limit int) {
		writeAt(t, filepath.Join(dir, to, "policy.yaml"), reloadPolicy(limit))
		must(t, os.Symlink(to, filepath.Join(dir, "..data_tmp")))
		must(t, os.Rename(filepath.Join(dir, "..data_tmp"), filepath.Join(dir, "..data")))
		must(t, os.RemoveAll(filepath.Join(dir, from)))
	}
	plain := func(t *testing.T, dir string) string {
		f := filepath.Join(dir, "policy.yaml")
		writeAt(t, f, reloadPolicy(3))
		return f
	}
	tests := []struct {
		name       string
		layout     func(t *testing.T, dir string) string
		change     func(t *testing.T, dir, file string)
		wantLimit  int64
		wantFailed bool
		wantLog    string
		// again is a second change, made once the first is seen: the
		// watch must outlive the first (a watch on a file that was
		// renamed over or deleted would be gone).
		again     func(t *testing.T, dir, file string)
		wantAgain int64
	}{
		{
			name:   "valid file written in place",
			layout: plain,
			change: func(t *testing.T, dir, file string) {
				writeAt(t, file, reloadPolicy(10))
			},
			wantLimit: 10,
			again: func(t *testing.T, dir, file string) {
				writeAt(t, file, reloadPolicy(11))
			},
			wantAgain: 11,
		},
		{
			name: "symlink to a file in the same directory, the target written in place",
			layout: func(t *testing.T, dir string) string {
				writeAt(t, filepath.Join(dir, "policy.prod.yaml"), reloadPolicy(3))
				must(t, os.Symlink("policy.prod.yaml", filepath.Join(dir, "policy.yaml")))
				return filepath.Join(dir, "policy.yaml")
			},
			change: func(t *testing.T, dir, file string) {
				writeAt(t, filepath.Join(dir, "policy.prod.yaml"), reloadPolicy(12))
			},
			wantLimit: 12,
			again: func(t *testing.T, dir, file string) {
				writeAt(t, filepath.Join(dir, "policy.prod.yaml"), reloadPolicy(13))
			},
			wantAgain: 13,
		},
		{
			name:   "invalid file refused",
			layout: plain,
			change: func(t *testing.T, dir, file string) {
				writeAt(t, file, "mode: dry-run\ndefaults:\n  client:\n    - limit: -1\n      window: 1m\n")
			},
			wantLimit: 3, wantFailed: true, wantLog: "policy.yaml:4: defaults.client[0].limit",
			again: func(t *testing.T, dir, file string) {
				writeAt(t, file, reloadPolicy(12))
			},
			wantAgain: 12,
		},
		{
			// A file over the 1 MiB bound is refused with its own size: the
			// reader stops one byte past the bound, whose size the error gave
			// (a 7.7 MB policy of 100,000 clients was "1048577 bytes").
			name:   "file over the size bound refused with its size",
			layout: plain,
			change: func(t *testing.T, dir, file string) {
				writeAt(t, file, reloadPolicy(10)+strings.Repeat("# padding\n", 3<<20/10))
			},
			wantLimit: 3, wantFailed: true, wantLog: "policy.yaml: 3145787 bytes; a policy file may have at most 1048576 bytes (1 MiB)",
			again: func(t *testing.T, dir, file string) {
				writeAt(t, file, reloadPolicy(14))
			},
			wantAgain: 14,
		},
		{
			name:   "file removed",
			layout: plain,
			change: func(t *testing.T, dir, file string) {
				must(t, os.Remove(file))
			},
			wantLimit: 3, wantFailed: true, wantLog: "no such file or directory",
			again: func(t *testing.T, dir, file string) {
				writeAt(t, file, reloadPolicy(13))
			},
			wantAgain: 13,
		},
		{
			name:   "atomic rename over the file",
			layout: plain,
			change: func(t *testing.T, dir, file string) {
				tmp := filepath.Join(dir, ".policy.yaml.swp")
				writeAt(t, tmp, reloadPolicy(20))
				must(t, os.Rename(tmp, file))
			},
			wantLimit: 20,
			again: func(t *testing.T, dir, file string) {
				tmp := filepath.Join(dir, ".policy.yaml.swp")
				writeAt(t, tmp, reloadPolicy(21))
				must(t, os.Rename(tmp, file))
			},
			wantAgain: 21,
		},
		{
			name:   "kubernetes configmap symlink swap",
			layout: k8sLayout,
			change: func(t *testing.T, dir, file string) {
				k8sSwap(t, dir, "..2026_01", "..2026_02", 30)
			},
			wantLimit: 30,
			again: func(t *testing.T, dir, file string) {
				k8sSwap(t, dir, "..2026_02", "..2026_03", 31)
			},
			wantAgain: 31,
		},
		{
			// --policy given through the ConfigMap's ..data link: the
			// directory watched is the link's target, which the swap
			// removes; without a watch on the link's own directory, the
			// first swap was seen (its target's files deleted) and no
			// later one (an outside audit).
			name: "kubernetes configmap symlink swap, --policy through ..data",
			layout: func(t *testing.T, dir string) string {
				k8sLayout(t, dir)
				return filepath.Join(dir, "..data", "policy.yaml")
			},
			change: func(t *testing.T, dir, file string) {
				k8sSwap(t, dir, "..2026_01", "..2026_02", 32)
			},
			wantLimit: 32,
			again: func(t *testing.T, dir, file string) {
				k8sSwap(t, dir, "..2026_02", "..2026_03", 33)
			},
			wantAgain: 33,
		},
		{
			// --policy through a directory link (current -> release-1)
			// swapped to a new release, which is then edited in place: the
			// watch follows the link to its new target. Watching the
			// link's directory alone saw the swap and not the edit after
			// it: the old target, kept, was still the one watched.
			name: "directory link swapped, then its new target edited",
			layout: func(t *testing.T, dir string) string {
				writeAt(t, filepath.Join(dir, "release-1", "policy.yaml"), reloadPolicy(3))
				must(t, os.Symlink("release-1", filepath.Join(dir, "current")))
				return filepath.Join(dir, "current", "policy.yaml")
			},
			change: func(t *testing.T, dir, file string) {
				writeAt(t, filepath.Join(dir, "release-2", "policy.yaml"), reloadPolicy(34))
				must(t, os.Symlink("release-2", filepath.Join(dir, "current.tmp")))
				must(t, os.Rename(filepath.Join(dir, "current.tmp"), filepath.Join(dir, "current")))
			},
			wantLimit: 34,
			again: func(t *testing.T, dir, file string) {
				writeAt(t, filepath.Join(dir, "release-2", "policy.yaml"), reloadPolicy(35))
			},
			wantAgain: 35,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			file := tt.layout(t, dir)
			r := newReloadRig(t, file)
			// 100 ms: an in-place write is a truncation then a write, and the
			// check must not fall between them (an empty file is refused).
			watch, err := r.rel.watchPolicy(100 * time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { watch(ctx); close(done) }()
			t.Cleanup(func() { cancel(); <-done })

			tt.change(t, dir, file)
			if tt.wantFailed {
				// The counter goes up just before the ERROR is written:
				// wait for both.
				waitFor(t, "a failed reload and its ERROR", func() bool {
					return r.failures() == 1 && strings.Contains(r.log.String(), `"level":"ERROR"`)
				})
				if got := testutil.ToFloat64(r.rel.m.lastOK); got != 0 {
					t.Errorf("policy_last_reload_successful %v after a failure, want 0", got)
				}
				if !strings.Contains(r.log.String(), tt.wantLog) {
					t.Errorf("log does not have an ERROR naming %q:\n%s", tt.wantLog, r.log)
				}
			} else {
				waitFor(t, "a reload", func() bool { return r.successes() == 1 })
			}
			if got := r.limit(); got != tt.wantLimit {
				t.Errorf("client limit %d, want %d", got, tt.wantLimit)
			}
			if tt.wantFailed && r.successes() != 0 || !tt.wantFailed && r.failures() != 0 {
				t.Errorf("reloads: %v successes, %v failures", r.successes(), r.failures())
			}

			n := r.successes()
			tt.again(t, dir, file)
			// The success counter goes up just before the gauge of the
			// last reload's outcome is set (0 after a failed first
			// change): wait for both.
			waitFor(t, "the reload of the second change, policy_last_reload_successful 1", func() bool {
				return r.successes() > n && testutil.ToFloat64(r.rel.m.lastOK) == 1
			})
			if got := r.limit(); got != tt.wantAgain {
				t.Errorf("after the second change: client limit %d, want %d", got, tt.wantAgain)
			}
		})
	}
}

// TestPolicyWatchIgnoresOtherFiles: a file written in the policy file's
// directory more often than the debounce (a log, a load test's output)
// neither holds a change of the policy off nor triggers checks of its own.
func TestPolicyWatchIgnoresOtherFiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "policy.yaml")
	writeAt(t, file, reloadPolicy(3))
	r := newReloadRig(t, file)
	watch, err := r.rel.watchPolicy(100 * time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done, stop := make(chan struct{}), make(chan struct{})
	go func() { watch(ctx); close(done) }()
	go func() { // every 30ms, until the test ends
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(30 * time.Millisecond):
			}
			os.WriteFile(filepath.Join(dir, "server.log"), []byte(strconv.Itoa(i)), 0o600)
		}
	}()
	t.Cleanup(func() { close(stop); cancel(); <-done })
	time.Sleep(300 * time.Millisecond) // the other file's writes under way
	writeAt(t, file, reloadPolicy(7))
	deadline := time.Now().Add(time.Second) // the debounce, 100ms, and room; not policyWatchMaxWait, 2s, which bounds the wait even without the filter
	for r.successes() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the policy's change was not reloaded while another file in its directory kept changing")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if got := r.limit(); got != 7 {
		t.Errorf("client limit %d, want 7", got)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestReloadOnlyIfChanged: the watcher's checks install nothing when the
// file's bytes are the ones last read, and repeat no error for a file that
// is still missing; SIGHUP and POST /admin/reload always reload.
func TestReloadOnlyIfChanged(t *testing.T) {
	file := filepath.Join(t.TempDir(), "policy.yaml")
	writeAt(t, file, reloadPolicy(3))
	r := newReloadRig(t, file)
	steps := []struct {
		name          string
		do            func()
		onlyIfChanged bool
		wantDone      bool
		wantOK        float64
		wantFailed    float64
	}{
		{"unchanged file, watcher", func() {}, true, false, 0, 0},
		{"unchanged file, SIGHUP", func() {}, false, true, 1, 0},
		{"removed, watcher", func() { must(t, os.Remove(file)) }, true, true, 1, 1},
		{"still removed, watcher", func() {}, true, false, 1, 1},
		{"back with the same bytes, watcher", func() { writeAt(t, file, reloadPolicy(3)) }, true, true, 2, 1},
		{"changed, watcher", func() { writeAt(t, file, reloadPolicy(4)) }, true, true, 3, 1},
	}
	for _, s := range steps {
		s.do()
		done, _, _ := r.rel.reload("test", s.onlyIfChanged)
		if done != s.wantDone || r.successes() != s.wantOK || r.failures() != s.wantFailed {
			t.Errorf("%s: done %v, %v successes, %v failures; want %v, %v, %v",
				s.name, done, r.successes(), r.failures(), s.wantDone, s.wantOK, s.wantFailed)
		}
	}
	if got := r.limit(); got != 4 {
		t.Errorf("limit %d, want 4", got)
	}
}

// TestReloadSaysWhatChanged checks what a reload reports, in its log line
// and to POST /admin/reload: what the file changed, against the file
// installed before (not against the policy in force, which the process's
// mode overrides), and what changed in force. A change the mode masks was
// logged as changed=false by the install alone, as if the edit had not
// been read (an outside audit).
func TestReloadSaysWhatChanged(t *testing.T) {
	file := filepath.Join(t.TempDir(), "policy.yaml")
	writeAt(t, file, "mode: enforce\ndefaults:\n  client:\n    - limit: 3\n      window: 1m\nclients:\n  svc:\n    client:\n      - limit: 5\n        window: 1m\n")
	r := newReloadRig(t, file)
	must(t, r.lim.SetMode(policy.ModeEnforce)) // --mode enforce
	steps := []struct {
		name, file string
		want       map[string]any // the log line's fields but time, level, msg, trigger, policy
	}{
		{"unchanged", "", map[string]any{"mode": "enforce", "clients": 1.0, "file_changed": false, "in_force_changed": false}},
		{"the mode, which --mode masks, and a client's limit",
			"mode: dry-run\ndefaults:\n  client:\n    - limit: 3\n      window: 1m\nclients:\n  svc:\n    client:\n      - limit: 6\n        window: 1m\n",
			map[string]any{"mode": "enforce", "clients": 1.0,
				"file_changed": true, "defaults_changed": []any{"mode enforce -> dry-run"}, "client_changes": []any{"svc: client 5/1m -> 6/1m"},
				"clients_changed": 1.0, "in_force_changed": true, "in_force_client_changes": []any{"svc: client 5/1m -> 6/1m"}, "in_force_clients_changed": 1.0}},
		{"the mode alone",
			"mode: enforce\ndefaults:\n  client:\n    - limit: 3\n      window: 1m\nclients:\n  svc:\n    client:\n      - limit: 6\n        window: 1m\n",
			map[string]any{"mode": "enforce", "clients": 1.0,
				"file_changed": true, "defaults_changed": []any{"mode dry-run -> enforce"}, "clients_following_defaults": 1.0, "in_force_changed": false}},
		{"a client added",
			"mode: enforce\ndefaults:\n  client:\n    - limit: 3\n      window: 1m\nclients:\n  svc:\n    client:\n      - limit: 6\n        window: 1m\n  new:\n    mode: dry-run\n",
			map[string]any{"mode": "enforce", "clients": 2.0,
				"file_changed": true, "client_changes": []any{"added new: mode enforce -> dry-run"}, "clients_added": 1.0,
				"in_force_changed": true, "in_force_client_changes": []any{"added new: mode enforce -> dry-run"}, "in_force_clients_added": 1.0}},
	}
	for _, s := range steps {
		if s.file != "" {
			writeAt(t, file, s.file)
		}
		before := len(r.log.String())
		done, rl, err := r.rel.reload("test", false)
		if !done || err != nil {
			t.Fatalf("%s: done %v, err %v", s.name, done, err)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(strings.TrimSpace(r.log.String()[before:])), &got); err != nil {
			t.Fatalf("%s: the reload's log line: %v", s.name, err)
		}
		if got["msg"] != "policy reloaded" {
			t.Fatalf("%s: logged %v", s.name, got)
		}
		for _, k := range []string{"time", "level", "msg", "trigger", "policy"} {
			delete(got, k)
		}
		if !reflect.DeepEqual(got, s.want) {
			t.Errorf("%s: logged\n%v\nwant\n%v", s.name, got, s.want)
		}
		// The answer of POST /admin/reload is made of the same attrs.
		if len(rl.attrs()) != len(s.want)-2 {
			t.Errorf("%s: %d attrs, want %d", s.name, len(rl.attrs()), len(s.want)-2)
		}
	}
}

// TestReloadDefaultFileRenamed is the case of issue 10: started without
// --policy from a directory holding policy.example.yaml, a reload after the
// file is renamed keeps the running policy (dry-run) instead of installing
// the built-in one (enforce), and says so at ERROR with the metric.
func TestReloadDefaultFileRenamed(t *testing.T) {
	dir := t.TempDir()
	writeAt(t, filepath.Join(dir, defaultPolicyFile), reloadPolicy(3))
	t.Chdir(dir)
	o := &options{}
	file := o.policyFile()
	if file != defaultPolicyFile {
		t.Fatalf("policy file %q, want %q", file, defaultPolicyFile)
	}
	r := newReloadRig(t, file)
	must(t, os.Rename(defaultPolicyFile, "policy.old.yaml"))
	if _, _, err := r.rel.reload("SIGHUP", false); err == nil || !strings.Contains(err.Error(), defaultPolicyFile) {
		t.Errorf("reload error %v, want one naming %s", err, defaultPolicyFile)
	}
	if got := r.lim.Policy(); got.Source() != defaultPolicyFile || got.Defaults().Mode != policy.ModeDryRun {
		t.Errorf("running policy %s (%v) after the file was renamed, want %s (dry-run)", got.Source(), got.Defaults().Mode, defaultPolicyFile)
	}
	if r.failures() != 1 || !strings.Contains(r.log.String(), `"level":"ERROR"`) {
		t.Errorf("%v failures, log:\n%s", r.failures(), r.log)
	}
	// Deciding the source again would now find nothing: the reloader must
	// not, and does not, ask.
	if got := o.policyFile(); got != "" {
		t.Errorf("policyFile after the rename %q: the test no longer covers the fall-back", got)
	}
}

// startDebounced runs debounced (delay 300ms, maxWait 2s) in a goroutine
// of the test's synctest bubble, recording when it fires after the call;
// stop ends it and returns those times.
func startDebounced(t *testing.T) (in chan<- struct{}, stop func() []time.Duration) {
	ctx, cancel := context.WithCancel(t.Context())
	ch := make(chan struct{})
	var fired []time.Duration
	start := time.Now()
	done := make(chan struct{})
	go func() {
		debounced(ctx, ch, 300*time.Millisecond, 2*time.Second, func() { fired = append(fired, time.Since(start)) })
		close(done)
	}()
	return ch, func() []time.Duration {
		cancel()
		<-done
		return fired
	}
}

// TestDebouncedMaxWait: events that never leave the delay quiet still
// fire maxWait after the first of them, and then again maxWait later.
func TestDebouncedMaxWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, stop := startDebounced(t)
		// Every 70ms from 50ms to 4.46s: no event at an instant the
		// debounce fires at, whose order with it would be the
		// scheduler's.
		time.Sleep(50 * time.Millisecond)
		for range 64 {
			in <- struct{}{}
			time.Sleep(70 * time.Millisecond)
		}
		time.Sleep(time.Second)
		fired := stop()
		// 2s after the first event (50ms); 2s after the first one after
		// that (2.08s); 300ms after the last (4.46s).
		want := []time.Duration{2050 * time.Millisecond, 4080 * time.Millisecond, 4760 * time.Millisecond}
		if !slices.Equal(fired, want) {
			t.Errorf("fired at %v, want %v", fired, want)
		}
	})
}

// TestDebounced: events closer together than the delay make one call, a
// delay after the last of them.
func TestDebounced(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		in, stop := startDebounced(t)
		start := time.Now()
		for _, at := range []time.Duration{0, 100 * time.Millisecond, 350 * time.Millisecond} {
			time.Sleep(at - time.Since(start))
			in <- struct{}{}
		}
		time.Sleep(time.Second) // quiet: the burst settles
		in <- struct{}{}        // a second burst, of one event
		time.Sleep(time.Second)
		fired := stop()
		want := []time.Duration{650 * time.Millisecond, 1650 * time.Millisecond}
		if !slices.Equal(fired, want) {
			t.Errorf("fired at %v, want %v", fired, want)
		}
	})
}

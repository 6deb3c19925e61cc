package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// policyWatchDebounce is how long the policy file's directory must stay
// quiet after a change before the file is read: an editor's save, an
// atomic rename or a ConfigMap update is several events in a few
// milliseconds, and the file must not be read between two of them.
const policyWatchDebounce = 300 * time.Millisecond

// policyWatchMaxWait bounds how long events may hold the debounce off: a
// file written to every few hundred milliseconds would otherwise delay a
// reload for as long as it goes on.
const policyWatchMaxWait = 2 * time.Second

// errBuiltinPolicy is returned by reload when the server runs the built-in
// policy: there is no file to read.
var errBuiltinPolicy = errors.New("the server runs the built-in policy (started without --policy and without ./" + defaultPolicyFile + "): there is no file to reload; restart with --policy")

// policySetter is what the reloader installs policies into: the Limiter.
type policySetter interface {
	SetPolicy(p *policy.Policy) error
	Policy() *policy.Policy
}

// reloader re-reads the policy file chosen at start and installs it. A file
// that cannot be read or is not valid is refused: the running policy stays,
// the failure is logged at ERROR with the file:line of the problem, and
// oauth_ratelimit_policy_reloads_total{result="failure"} counts it.
type reloader struct {
	file string // "" for the built-in policy
	lim  policySetter
	log  *slog.Logger
	m    reloadMetrics

	// mu serializes reloads: SIGHUP, POST /admin/reload and the watcher may
	// ask at once, and sum must describe the file that is installed.
	mu sync.Mutex
	// sum is the SHA-256 of the bytes last read (installed or refused), and
	// missing whether the last read found no file: the watcher reloads only
	// when they change, so that events for other files in the directory
	// neither reinstall the same policy nor repeat the same error.
	sum     [sha256.Size]byte
	missing bool
	// refused is why the last read of the file was refused ("" if it was
	// installed), at when it was read: GET /admin/policy says it.
	refused string
	at      time.Time
	// installed is the policy of the file last installed (or the built-in
	// one), which a reload's changes are told against.
	installed *policy.Policy
}

// state is what became of the last read of the file, for GET /admin/policy.
func (r *reloader) state() admin.PolicyFileState {
	r.mu.Lock()
	defer r.mu.Unlock()
	return admin.PolicyFileState{Path: r.file, Refused: r.refused, At: r.at}
}

type reloadMetrics struct {
	ok, failed  prometheus.Counter
	lastOK      prometheus.Gauge
	lastSuccess prometheus.Gauge
}

func newReloadMetrics(reg prometheus.Registerer) (reloadMetrics, error) {
	const ns = "oauth_ratelimit"
	reloads := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Name: "policy_reloads_total",
		Help: "Reloads of the policy file (SIGHUP, POST /admin/reload or a change on disk), by result: success, or failure (the file could not be read or is not valid; the running policy was kept).",
	}, []string{"result"})
	m := reloadMetrics{
		ok:     reloads.WithLabelValues("success"),
		failed: reloads.WithLabelValues("failure"),
		lastOK: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: ns, Name: "policy_last_reload_successful",
			Help: "1 if the last reload of the policy file succeeded (or none has been tried), 0 if it failed and an older policy is running.",
		}),
		lastSuccess: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: ns, Name: "policy_last_reload_success_timestamp_seconds",
			Help: "Unix time at which the running policy was loaded.",
		}),
	}
	var errs []error
	for _, c := range []prometheus.Collector{reloads, m.lastOK, m.lastSuccess} {
		if err := reg.Register(c); err != nil {
			errs = append(errs, err)
		}
	}
	return m, errors.Join(errs...)
}

// newReloader returns a reloader of file for lim, whose running policy p
// was read from data (nil for the built-in policy) at now.
func newReloader(file string, p *policy.Policy, data []byte, lim policySetter, log *slog.Logger, m reloadMetrics, now time.Time) *reloader {
	m.lastOK.Set(1)
	m.lastSuccess.Set(float64(now.UnixNano()) / 1e9)
	return &reloader{file: file, lim: lim, log: log, m: m, sum: sha256.Sum256(data), at: now, installed: p}
}

// reloaded is what a reload installed: what the file changed (against the
// file installed before), and what changed in force on this instance (the
// policy in force before and after, runtime overrides and the mode laid
// over the file). They differ where an override sets the rule the file
// changed: the change is then not in force until the override is deleted.
type reloaded struct {
	file, inForce policy.Changes
}

// attrs returns r as the log line of a reload and POST /admin/reload's
// answer give it: file_changed and in_force_changed, each followed by its
// changes (policy.Changes.Attrs), the in-force ones prefixed "in_force_".
func (r *reloaded) attrs() []slog.Attr {
	attrs := []slog.Attr{slog.Bool("file_changed", !r.file.None())}
	attrs = append(attrs, r.file.Attrs()...)
	attrs = append(attrs, slog.Bool("in_force_changed", !r.inForce.None()))
	for _, a := range r.inForce.Attrs() {
		attrs = append(attrs, slog.Attr{Key: "in_force_" + a.Key, Value: a.Value})
	}
	return attrs
}

// readPolicy reads and parses a policy file as policy.Load does, and returns
// its bytes too (nil if it could not be read or is over the size bound).
func readPolicy(file string) (*policy.Policy, []byte, error) {
	data, err := policy.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	p, err := policy.Parse(file, data)
	return p, data, err
}

// reload reads the file and installs its policy, and returns what that
// changed. With onlyIfChanged, as the watcher asks, a file whose bytes (or
// absence) are those last read is left alone, and reload reports false.
// trigger says who asked, for the log.
func (r *reloader) reload(trigger string, onlyIfChanged bool) (bool, reloaded, error) {
	if r.file == "" {
		return false, reloaded{}, errBuiltinPolicy
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p, data, err := readPolicy(r.file)
	missing := errors.Is(err, os.ErrNotExist)
	sum := sha256.Sum256(data)
	if onlyIfChanged && missing == r.missing && (missing || bytes.Equal(sum[:], r.sum[:])) {
		return false, reloaded{}, nil
	}
	r.missing = missing
	if !missing {
		r.sum = sum
	}
	// The policy in force before, for what the install changed there. An
	// override that another instance sets between this read and the
	// install's would be told as the reload's change too: reloads are
	// serialized (mu), overrides are not, and they are rare.
	inForce := r.lim.Policy()
	if err == nil {
		err = r.lim.SetPolicy(p)
	}
	r.at = time.Now()
	if err != nil {
		r.refused = err.Error()
		r.m.failed.Inc()
		r.m.lastOK.Set(0)
		// Handled here, once: the caller only reports it (HTTP 400).
		r.log.Error("policy reload failed, running policy kept", "trigger", trigger,
			"policy", r.file, "running", r.lim.Policy().Source(), "err", err)
		return true, reloaded{}, fmt.Errorf("--policy (%s): %w", envName("policy"), err)
	}
	rl := reloaded{file: policy.Diff(r.installed, p, maxListedChanges),
		inForce: policy.Diff(inForce, r.lim.Policy(), maxListedChanges)}
	r.installed = p
	r.refused = ""
	r.m.ok.Inc()
	r.m.lastOK.Set(1)
	r.m.lastSuccess.SetToCurrentTime()
	attrs := []slog.Attr{slog.String("trigger", trigger), slog.String("policy", r.file),
		slog.String("mode", r.lim.Policy().Defaults().Mode.String()), slog.Int("clients", len(r.lim.Policy().Clients()))}
	r.log.LogAttrs(context.Background(), slog.LevelInfo, "policy reloaded", append(attrs, rl.attrs()...)...)
	return true, rl, nil
}

// maxListedChanges bounds the clients a reload's log line and answer list
// as changed, as the Limiter's log of an install does; they count the
// rest.
const maxListedChanges = 10

// watchPolicy sets up a watch on the policy file and returns the loop that
// reloads the policy when the file changes on disk, until ctx is done;
// changes made once watchPolicy has returned are seen. It watches the
// file's directory, not the file: an editor's atomic save and Kubernetes'
// ConfigMap update replace the file (or the symlink it goes through) by a
// rename, after which a watch on the file itself would watch nothing. An
// event for the file's name (or its symlink's target's, in the same
// directory), or for a name starting with ".." (Kubernetes' ..data and
// ..data_tmp, which a ConfigMap update renames), starts the
// debounce; the reloader then installs the file only if its bytes changed.
// Events for other files are ignored: a log or another file written in the
// same directory every few hundred milliseconds held every reload off for
// as long as it went on, and a debug log written there reloaded after each
// of its own lines (an outside audit).
func (r *reloader) watchPolicy(debounce time.Duration) (run func(ctx context.Context), err error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch the policy file: %w", err)
	}
	dir, base := filepath.Dir(r.file), filepath.Base(r.file)
	// A file that is a symlink to another in its directory
	// (policy.yaml -> policy.prod.yaml) changes when that one is written.
	target := base
	if t, err := filepath.EvalSymlinks(r.file); err == nil {
		if d, err := filepath.EvalSymlinks(dir); err == nil && filepath.Dir(t) == d {
			target = filepath.Base(t)
		}
	}
	if err := w.Add(dir); err != nil {
		w.Close()
		return nil, fmt.Errorf("watch the policy file's directory %s: %w", dir, err)
	}
	// A directory that is itself a symlink (--policy through a ConfigMap's
	// ..data, or a current -> release-7 link) is swapped by renaming a new
	// link over it. The watch above is on its target, which the swap then
	// removes: the first swap was seen and no later one (an outside audit).
	// The link's own directory is watched too, and the watch on dir made
	// again on the new target whenever the link changes.
	linkDir, link := "", ""
	if fi, err := os.Lstat(dir); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		linkDir, link = filepath.Dir(dir), filepath.Base(dir)
		if err := w.Add(linkDir); err != nil {
			w.Close()
			return nil, fmt.Errorf("watch the directory %s of the policy file's directory link %s: %w", linkDir, dir, err)
		}
	}
	return func(ctx context.Context) {
		defer w.Close()
		changed := make(chan struct{}, 1)
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case ev, ok := <-w.Events:
					if !ok {
						return
					}
					if ev.Op == fsnotify.Chmod {
						continue // atime and mode changes say nothing about the content
					}
					if linkDir != "" && filepath.Dir(ev.Name) == linkDir {
						// In the link's directory only the link matters.
						if filepath.Base(ev.Name) != link {
							continue
						}
						// The old target's watch goes (if the target is
						// not gone already) and the new one's comes; a
						// link to nothing is told and retried at the
						// next change of the link.
						_ = w.Remove(dir)
						if err := w.Add(dir); err != nil {
							r.log.Warn("policy file watch error", "dir", dir, "err", err)
						}
					} else if n := filepath.Base(ev.Name); n != base && n != target && !strings.HasPrefix(n, "..") {
						continue
					}
					select {
					case changed <- struct{}{}:
					default: // a check is already due
					}
				case err, ok := <-w.Errors:
					if !ok {
						return
					}
					r.log.Warn("policy file watch error", "dir", dir, "err", err)
				}
			}
		}()
		debounced(ctx, changed, debounce, policyWatchMaxWait, func() {
			if done, _, _ := r.reload("file change", true); !done { // an error is logged by reload
				r.log.Debug("policy file unchanged", "policy", r.file)
			}
		})
	}, nil
}

// debounced calls fire once in has been quiet for delay after one or more
// receives, or maxWait after the first of them if in never goes quiet that
// long, until ctx is done.
func debounced(ctx context.Context, in <-chan struct{}, delay, maxWait time.Duration, fire func()) {
	t := time.NewTimer(delay)
	t.Stop()
	defer t.Stop()
	var first time.Time // of the receives not yet fired for; zero: none
	for {
		select {
		case <-ctx.Done():
			return
		case <-in:
			if first.IsZero() {
				first = time.Now()
			}
			t.Reset(min(delay, time.Until(first.Add(maxWait))))
		case <-t.C:
			first = time.Time{}
			fire()
		}
	}
}

// describeTiers writes tiers as "600 per 1m0s, 20000 per 1h0m0s".
func describeTiers(ts []policy.Tier) string {
	if len(ts) == 0 {
		return "none"
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = fmt.Sprintf("%d per %v", t.Limit, t.Size)
	}
	return strings.Join(parts, ", ")
}

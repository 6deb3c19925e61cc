package integration

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// modeState is one process's policy file during the mode drill.
type modeState struct {
	Mode       string `json:"mode"`       // the file's global mode: dry-run, then enforce, then dry-run
	UnderLimit int    `json:"underLimit"` // svc-under's limit a minute: 300, then 240 (the headers show the file in force)
}

// modePolicy renders s: every client has an entry (a series of its own)
// and no mode of its own, so that each follows the global mode.
func modePolicy(s modeState) string {
	const hour = "{limit: 1000000, window: 1h}"
	var b strings.Builder
	fmt.Fprintf(&b, "mode: %s\n", s.Mode)
	fmt.Fprintf(&b, "defaults:\n  client: [{limit: 300, window: 1m}, %s]\n  user: [{limit: 1000, window: 1m}, %s]\n  aggregate: []\n", hour, hour)
	fmt.Fprintf(&b, "clients:\n")
	fmt.Fprintf(&b, "  svc-over: {client: [{limit: 30, window: 1m}, %s]}\n", hour)
	fmt.Fprintf(&b, "  svc-under: {client: [{limit: %d, window: 1m}, %s]}\n", s.UnderLimit, hour)
	fmt.Fprintf(&b, "  svc-rpd: {client: [{limit: 15, window: 1m}, %s]}\n", hour)
	fmt.Fprintf(&b, "  svc-rpe: {client: [{limit: 15, window: 1m}, %s]}\n", hour)
	fmt.Fprintf(&b, "  app: {user: [{limit: 10, window: 1m}, %s]}\n", hour)
	return b.String()
}

// tiers returns the tiers of client's rules under s.
func (s modeState) tiers(client string) []drillTier {
	switch client {
	case "svc-over":
		return []drillTier{{60, 30}, drillHour}
	case "svc-under":
		return []drillTier{{60, s.UnderLimit}, drillHour}
	case "svc-rpd", "svc-rpe":
		return []drillTier{{60, 15}, drillHour}
	case "app":
		return []drillTier{{60, 10}, drillHour}
	}
	return []drillTier{{60, 300}, drillHour}
}

// modeChange is a change in force on one process: its file's state, the
// shared mode ("" when none).
type modeChange struct {
	at     int64 // Unix ns
	file   modeState
	shared string
}

func (c modeChange) mode() string { return cmp.Or(c.shared, c.file.Mode) }

// TestModeDrill switches three server processes in proxy mode, sharing
// the store, from dry-run to enforce and back under load, from outside, as
// users roll the limiter out (README, Rolling it out: dry-run, then
// enforce), and restarts one of them in the middle of a rolling policy
// change. The upstream is the test's own, which issues a token to every
// request and logs it. The timeline, from the start of the load (about
// 46 s):
//
//   - 0 s: every file says mode: dry-run.
//   - 12 s: POST /admin/mode {"mode":"enforce"} on p1: the shared mode, in
//     force on p1 at once, on p2 and p3 within a sync interval (1 s).
//   - 18 s: p3 restarted on its file, unchanged (dry-run): it comes back
//     on the shared mode, enforce, which it reads before it serves.
//   - 24 s: POST /admin/mode {"mode":"dry-run"} on p3: back to dry-run.
//   - 26 s: DELETE /admin/mode on p2: each process back to its file's
//     mode, still dry-run.
//   - 28, 31, 34 s: the files say mode: enforce (and svc-under 240 a
//     minute, not 300), one process after another: p1 through its file
//     watcher, p2 restarted on it (SIGTERM, a final flush, started again
//     with the same --instance once the file is written), p3 by SIGHUP.
//   - 38, 40, 42 s: the files back to dry-run (svc-under stays at 240):
//     p3 by SIGHUP, p2 by POST /admin/reload, p1 by its watcher.
//   - 46 s: the load ends.
//
// The keys: svc-over, 30 a minute, at 6 requests a second throughout,
// over its limit from about 5 s; app's user u1, 10 a minute, at 2 a
// second; svc-under, 300 then 240 a minute, at 2 a second (never over);
// and a replay: svc-rpd (15 a minute) gets 30 requests at 3 a second from
// 1 s (dry-run), svc-rpe, its twin, the same 30 from 13 s (enforce). Each
// key's requests go to the processes in turn, to the live ones while p2
// restarts (as a balancer that waits for /readyz).
//
// It checks: every token the upstream issued answered 200 to the request
// that asked for it, every 200 was issued, none twice, no 429 reached the
// upstream; each key's hour frames in the store count exactly the tokens
// issued, in dry-run as in enforce; every answer's RateLimit-Policy holds
// its process's file's tiers (within the settle time of a change, the
// tiers before it too); svc-over and u1, from 12 s, over their limits,
// follow each process's mode in force: 429 with Retry-After and r=0 in
// enforce (dry-run's counts refuse them at once), 200 with r=0 and no
// Retry-After in dry-run, but within settle (1.5 s) of a change, and but
// the restarted process's share of a key new to it before its first read
// (README, Several instances: at most ⌈limit ÷ 3⌉, and RateLimit's r below
// it); each process's
// oauth_ratelimit_decisions_total, per client, agrees with its answers
// (allowed and dry_run_denied the 200s, denied the 429s: the restarted
// process's first life scraped before its SIGTERM), every client with a
// dry_run_denied has a "dry-run would deny" log line on that process, at
// most one per 10 s, and a user's names the user by user_hmac; svc-rpd's
// dry_run_denied equals svc-rpe's denied within 3 (the shares' timing).
//
// Measured (h122, session 27, FerretDB through the serializing wire proxy,
// three runs): 521 answers and 340 or 341 tokens a run, each counted once;
// the shared mode in force on every process 0.12 to 0.66 s after the API
// answered, no answer of the mode before after 0.16 s; the files' mode
// 0.2 to 0.5 s after the write (the watcher's 300 ms); the replay 14 and
// 13, 13 and 14, 13 and 13; a restarted process admitted one request of
// each key over its limit before its first read (two in h124's run, within
// its share of ⌈limit ÷ 3⌉). Before the server wrote a
// heartbeat before serving, the first of them, 7 ms after the process was
// ready, said r=29 (the whole limit of 30 its share); since, r=9.
//
// It runs only with E2E_MODE_DRILL=1. DRILL_OUT keeps the records, as
// TestPolicyDrill's do (responses.jsonl, upstream.jsonl, events.jsonl, each
// process's logs and metrics, stored.json); DRILL_BIN runs a prebuilt
// server binary; DRILL_PORT makes the upstream and the processes listen
// from that port on.
func TestModeDrill(t *testing.T) {
	if os.Getenv("E2E_MODE_DRILL") == "" {
		t.Skip("E2E_MODE_DRILL unset: a drill of about 55 s (see the doc comment)")
	}
	const (
		settle       = 1500 * time.Millisecond // a change in force: a sync interval and a pull; the watcher's 300 ms
		early        = settle / 4              // a change in force before the harness noted it (the API's answer on its way)
		syncInterval = time.Second             // --sync-interval
	)

	d := startDrill(t, "modedrill")

	// life is one run of a process: its answers are those sent from since
	// (Unix ns) until the next life's since.
	type life struct {
		since   int64
		metrics string // its /metrics when it stopped or the load ended
		logs    string
	}
	type modeProc struct {
		name, notify, write, file string
		args                      []string
		mu                        sync.RWMutex // held to send; locked to take the process out of the balancer
		up                        atomic.Bool  // in the balancer
		proc                      *serverProc  // set while out of it
		lives                     []life
		changes                   []modeChange // guarded by cmu
		cmu                       sync.Mutex
	}
	initial := modeState{Mode: "dry-run", UnderLimit: 300}
	mechs := []string{"watch-rename", "restart-rename", "sighup-inplace"}
	var procs []*modeProc
	for i, mech := range mechs {
		name := fmt.Sprintf("p%d", i+1)
		file := d.policyFile(name, modePolicy(initial))
		notify, write, _ := strings.Cut(mech, "-")
		args := []string{"--instance", name, "--mongo-uri", d.uri, "--mongo-database", d.db, "--sync-interval", syncInterval.String(),
			"--policy", file, "--policy-watch=" + strconv.FormatBool(notify == "watch"), "--upstream", d.upstream}
		p := &modeProc{name: name, notify: notify, write: write, file: file, args: args}
		p.proc = startServer(t, d.bin, append(slices.Clone(args), "--listen", d.addr(1+2*i), "--admin-listen", d.addr(2+2*i))...)
		p.up.Store(true)
		p.lives = []life{{since: 0}}
		p.changes = []modeChange{{file: initial}}
		procs = append(procs, p)
		d.event("start", name, mech)
	}
	record := func(p *modeProc, at int64, change func(c *modeChange)) {
		p.cmu.Lock()
		defer p.cmu.Unlock()
		c := p.changes[len(p.changes)-1]
		c.at = at
		change(&c)
		p.changes = append(p.changes, c)
	}
	scrape := func(p *modeProc) string {
		metrics, err := drillMetrics(p.proc.AdminURL, "oauth_ratelimit_decisions_total", "oauth_ratelimit_policy_reloads_total",
			"oauth_ratelimit_share_refusals_total", "oauth_ratelimit_policy_dry_run")
		if err != nil {
			t.Errorf("%s: metrics: %v", p.name, err)
		}
		return metrics
	}
	admin := func(p *modeProc, method, path, body string) { d.admin(p.proc.AdminURL, p.name, method, path, body) }
	// shared sets the shared mode (or deletes it, "") through p: in force
	// on p once the API answers, on the others within a sync interval.
	shared := func(p *modeProc, mode string) {
		if mode == "" {
			admin(p, http.MethodDelete, "/admin/mode", "")
		} else {
			admin(p, http.MethodPost, "/admin/mode", fmt.Sprintf(`{"mode":%q}`, mode))
		}
		now := time.Now().UnixNano()
		for _, q := range procs {
			record(q, now, func(c *modeChange) { c.shared = mode })
		}
	}
	writeFile := func(p *modeProc, s modeState) {
		if err := writePolicy(p.file, p.write, modePolicy(s)); err != nil {
			t.Error(err)
		}
	}
	// restart takes p out of the balancer (waiting for its requests in
	// flight), stops it (SIGTERM: its final flush), writes s and starts it
	// again with the same --instance on the same addresses, and puts it
	// back once /readyz answers 200.
	restart := func(p *modeProc, s modeState) {
		p.mu.Lock() // its requests in flight answered
		p.up.Store(false)
		p.mu.Unlock()
		last := &p.lives[len(p.lives)-1]
		last.metrics = scrape(p)
		p.proc.stop(t)
		last.logs = p.proc.Logs()
		d.event("stopped", p.name, "")
		d.tr.CloseIdleConnections()
		writeFile(p, s)
		lis, adm := strings.TrimPrefix(p.proc.URL, "http://"), strings.TrimPrefix(p.proc.AdminURL, "http://")
		p.proc = startServer(t, d.bin, append(slices.Clone(p.args), "--listen", lis, "--admin-listen", adm)...)
		if !waitFor(10*time.Second, func() bool {
			resp, err := httpClient.Get(p.proc.AdminURL + "/readyz")
			if err != nil {
				return false
			}
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		}) {
			t.Errorf("%s: not ready within 10 s of its restart", p.name)
		}
		now := time.Now().UnixNano()
		p.lives = append(p.lives, life{since: now})
		record(p, now, func(c *modeChange) { c.file = s })
		p.up.Store(true)
		b, _ := json.Marshal(s)
		d.event("restarted", p.name, string(b))
	}
	apply := func(p *modeProc, s modeState) {
		if p.notify == "restart" {
			restart(p, s)
			return
		}
		writeFile(p, s)
		switch p.notify {
		case "sighup":
			if err := p.proc.Signal(syscall.SIGHUP); err != nil {
				t.Error(err)
			}
		case "reload":
			admin(p, http.MethodPost, "/admin/reload", "")
		}
		record(p, time.Now().UnixNano(), func(c *modeChange) { c.file = s })
		b, _ := json.Marshal(s)
		d.event("policy", p.name, string(b))
	}

	keys := []drillKey{
		{client: "svc-over", rate: 6, to: 46}, {client: "svc-under", rate: 2, to: 46},
		{client: "app", user: "u1", rate: 2, to: 46},
		{client: "svc-rpd", rate: 3, from: 1, to: 11}, {client: "svc-rpe", rate: 3, from: 13, to: 23},
	}
	start := time.Now().Add(time.Second)
	at := func(sec float64) time.Time { return start.Add(time.Duration(sec * float64(time.Second))) }
	time.Sleep(time.Until(start))
	d.event("load", "", "start")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	// send sends one request of k to the next live process from i.
	send := func(k drillKey, i int) {
		for j := range procs {
			p := procs[(i+j)%len(procs)]
			p.mu.RLock()
			if !p.up.Load() {
				p.mu.RUnlock()
				continue
			}
			defer p.mu.RUnlock()
			d.send(p.proc.URL, p.name, k.client, k.user)
			return
		}
		t.Errorf("%s: no process up", k)
	}
	for ki, k := range keys {
		wg.Go(func() {
			gap := time.Duration(float64(time.Second) / k.rate)
			pace(ctx, at(k.from).Add(time.Duration(ki)*gap/time.Duration(len(keys))), at(k.to), k.rate, func(i int) bool {
				send(k, i)
				return true
			})
		})
	}

	enforceFile := modeState{Mode: "enforce", UnderLimit: 240}
	backFile := modeState{Mode: "dry-run", UnderLimit: 240}
	step := func(sec float64) { time.Sleep(time.Until(at(sec))) }
	step(12)
	shared(procs[0], "enforce")
	step(18)
	restart(procs[2], initial) // its file still dry-run: it comes back on the shared mode, enforce
	step(24)
	shared(procs[2], "dry-run")
	step(26)
	shared(procs[1], "")
	for i, sec := range []float64{28, 31, 34} {
		step(sec)
		apply(procs[i], enforceFile)
	}
	for i, sec := range []float64{38, 40, 42} {
		p := procs[2-i]
		if p.notify == "restart" {
			p.notify = "reload" // restarted once; told by POST /admin/reload the second time
		}
		step(sec)
		apply(p, backFile)
	}
	step(46)
	cancel()
	wg.Wait()
	d.event("load", "", "stop")

	for _, p := range procs {
		p.lives[len(p.lives)-1].metrics = scrape(p)
	}
	for _, p := range procs {
		p.proc.stop(t)
		p.lives[len(p.lives)-1].logs = p.proc.Logs()
		for li, l := range p.lives {
			suffix := ""
			if li > 0 {
				suffix = fmt.Sprintf(".%d", li+1)
			}
			if err := os.WriteFile(filepath.Join(d.out, p.name+suffix+".log"), []byte(l.logs), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d.out, p.name+suffix+".metrics"), []byte(l.metrics), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Exact counts: the upstream's tokens against the answers and the store.
	all, _ := d.checkCounts(keys)

	procOf := func(name string) *modeProc {
		return procs[slices.IndexFunc(procs, func(p *modeProc) bool { return p.name == name })]
	}
	inForce := func(p *modeProc, ns int64) modeChange {
		c := p.changes[0]
		for _, x := range p.changes {
			if x.at <= ns {
				c = x
			}
		}
		return c
	}
	lifeOf := func(p *modeProc, ns int64) int {
		li := 0
		for i, l := range p.lives {
			if l.since <= ns {
				li = i
			}
		}
		return li
	}
	since := func(ns int64) float64 { return time.Duration(ns - start.UnixNano()).Seconds() }

	// Headers and modes, answer by answer.
	rRE := regexp.MustCompile(`;r=(\d+)`)
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 15 {
			t.Errorf(format, args...)
		}
	}
	type lifeKey struct {
		proc   string
		life   int
		client string
	}
	got200, got429 := map[lifeKey]int{}, map[lifeKey]int{}
	shareAdmits := map[string]int{} // the restarted life's admissions in enforce, before its first read
	lag := map[string]float64{}     // proc and change: the last answer of the mode before, seconds after the change
	for _, a := range all {
		if a.Status != http.StatusOK && a.Status != http.StatusTooManyRequests {
			continue
		}
		p := procOf(a.Proc)
		li := lifeOf(p, a.Send)
		lk := lifeKey{a.Proc, li, a.Client}
		if a.Status == http.StatusOK {
			got200[lk]++
		} else {
			got429[lk]++
		}
		// In force when it was sent; within settle before, the change
		// before may hold still; within early after, the next may hold
		// already.
		now, before, next := inForce(p, a.Send), inForce(p, a.Send-int64(settle)), inForce(p, a.Send+int64(early))
		got := drillPolicyTiers(a.Policy)
		if !holdsTiers(got, now.file.tiers(a.Client)) && !holdsTiers(got, before.file.tiers(a.Client)) && !holdsTiers(got, next.file.tiers(a.Client)) {
			fail("request %d of %s/%s to %s at +%.2fs: RateLimit-Policy %q, want the tiers %v (or, about a change, %v or %v)",
				a.ID, a.Client, a.User, a.Proc, since(a.Send), a.Policy, now.file.tiers(a.Client), before.file.tiers(a.Client), next.file.tiers(a.Client))
		}
		if a.Status == http.StatusTooManyRequests && (a.Retry == "" || a.Retry == "0" || !strings.Contains(a.RL, ";r=0;")) {
			fail("request %d of %s/%s to %s at +%.2fs: 429 with Retry-After %q, RateLimit %q: want Retry-After of a second or more, r=0",
				a.ID, a.Client, a.User, a.Proc, since(a.Send), a.Retry, a.RL)
		}
		if a.Status == http.StatusOK && a.Retry != "" {
			fail("request %d of %s/%s to %s at +%.2fs: 200 with Retry-After %q", a.ID, a.Client, a.User, a.Proc, since(a.Send), a.Retry)
		}
		switch a.Client {
		case "svc-under":
			if a.Status != http.StatusOK {
				fail("request %d of svc-under (under its limit) to %s at +%.2fs: %d", a.ID, a.Proc, since(a.Send), a.Status)
			}
			continue
		case "svc-over", "app":
		default:
			continue
		}
		if a.Send < at(12).UnixNano() {
			continue // still reaching the limit
		}
		// Over the limit from here on: the process's mode decides.
		mode := now.mode()
		want := map[string]int{"enforce": http.StatusTooManyRequests, "dry-run": http.StatusOK}[mode]
		if li > 0 && mode == "enforce" && a.Status == http.StatusOK && a.Send < p.lives[li].since+int64(3*syncInterval) {
			// The restarted process's share of a key new to it,
			// before its first read of the key: ⌈limit ÷ 3⌉, what
			// RateLimit's r says is left of it.
			shareAdmits[a.Client+"/"+a.User]++
			limit := now.file.tiers(a.Client)[0][1]
			if m := rRE.FindStringSubmatch(a.RL); m == nil || atoiOr(m[1], limit) >= (limit+2)/3 {
				fail("request %d of %s/%s to %s (life %d, %.3fs after it was ready) at +%.2fs: 200 with RateLimit %q, want r below its share of a key new to it, ⌈%d ÷ 3⌉",
					a.ID, a.Client, a.User, a.Proc, li+1, time.Duration(a.Send-p.lives[li].since).Seconds(), since(a.Send), a.RL, limit)
			}
			continue
		}
		if a.Status == http.StatusOK {
			if m := rRE.FindStringSubmatch(a.RL); m == nil || m[1] != "0" {
				fail("request %d of %s/%s to %s at +%.2fs: 200 with RateLimit %q, want r=0 (over the limit)", a.ID, a.Client, a.User, a.Proc, since(a.Send), a.RL)
			}
		}
		if a.Status == want {
			continue
		}
		switch {
		case before.mode() != mode && a.Status != want: // within settle of a change: the mode before holds still
			k := fmt.Sprintf("%s at +%.2fs to %s", a.Proc, since(now.at), mode)
			lag[k] = max(lag[k], time.Duration(a.Send-now.at).Seconds())
			continue
		case next.mode() != mode: // the next change in force before the harness noted it
			k := fmt.Sprintf("%s at +%.2fs to %s (early)", a.Proc, since(next.at), next.mode())
			lag[k] = min(lag[k], time.Duration(a.Send-next.at).Seconds())
			continue
		}
		fail("request %d of %s/%s to %s (life %d) at +%.2fs: %d, want %d (mode %s since +%.2fs)",
			a.ID, a.Client, a.User, a.Proc, li+1, since(a.Send), a.Status, want, mode, since(now.at))
	}
	t.Logf("the mode before a change, after it (s): %v", lag)
	t.Logf("admitted in enforce by the restarted process before its first read of the key: %v", shareAdmits)
	for k, n := range shareAdmits {
		limit := map[string]int{"svc-over/": 30, "app/u1": 10}[k]
		if n > (limit+2)/3 {
			t.Errorf("%s: the restarted process admitted %d in enforce past the limit, want at most its share, ⌈%d ÷ 3⌉", k, n, limit)
		}
	}

	// Metrics and the would-deny log, life by life.
	decRE := regexp.MustCompile(`^oauth_ratelimit_decisions_total\{client="([^"]*)",decision="([^"]*)",grant_type="[^"]*"\} (\d+)`)
	var rpdWouldDeny, rpeDenied int
	for _, p := range procs {
		for li, l := range p.lives {
			dec := map[string]map[string]int{}
			for _, line := range strings.Split(l.metrics, "\n") {
				if m := decRE.FindStringSubmatch(line); m != nil {
					n, _ := strconv.Atoi(m[3])
					if dec[m[1]] == nil {
						dec[m[1]] = map[string]int{}
					}
					dec[m[1]][m[2]] += n
				}
			}
			logLines := map[string]int{}
			sc := bufio.NewScanner(strings.NewReader(l.logs))
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var rec map[string]any
				if json.Unmarshal(sc.Bytes(), &rec) != nil || rec["msg"] != "dry-run would deny" {
					continue
				}
				c, _ := rec["client_id"].(string)
				logLines[c]++
				if _, ok := rec["user"]; ok {
					t.Errorf("%s life %d: would-deny log names the user in clear: %s", p.name, li+1, sc.Text())
				}
				if c == "app" && rec["user_hmac"] == nil {
					t.Errorf("%s life %d: would-deny log of app's user without user_hmac: %s", p.name, li+1, sc.Text())
				}
			}
			end := time.Now().UnixNano()
			if li+1 < len(p.lives) {
				end = p.lives[li+1].since
			}
			span := time.Duration(end - max(l.since, start.UnixNano()))
			for _, k := range keys {
				lk := lifeKey{p.name, li, k.client}
				d := dec[k.client]
				if a, n := d["allowed"]+d["dry_run_denied"], got200[lk]; a != n || d["denied"] != got429[lk] {
					t.Errorf("%s life %d, %s: decisions_total %v, its answers %d 200 and %d 429", p.name, li+1, k.client, d, n, got429[lk])
				}
				wd := d["dry_run_denied"]
				switch lines := logLines[k.client]; {
				case wd > 0 && lines == 0:
					t.Errorf("%s life %d: %d dry_run_denied of %s, no \"dry-run would deny\" line", p.name, li+1, wd, k.client)
				case wd == 0 && lines > 0:
					t.Errorf("%s life %d: no dry_run_denied of %s, %d \"dry-run would deny\" lines", p.name, li+1, k.client, lines)
				case lines > int(span/(10*time.Second))+1:
					t.Errorf("%s life %d: %d \"dry-run would deny\" lines of %s in %v, want at most one a 10 s", p.name, li+1, lines, k.client, span)
				}
				t.Logf("%s life %d, %s: decisions %v, would-deny log lines %d", p.name, li+1, k.client, d, logLines[k.client])
			}
			rpdWouldDeny += dec["svc-rpd"]["dry_run_denied"]
			rpeDenied += dec["svc-rpe"]["denied"]
		}
	}
	t.Logf("the replay: svc-rpd (dry-run) %d would-deny, svc-rpe (enforce) %d denied, of 30 each at 15 a minute", rpdWouldDeny, rpeDenied)
	if rpdWouldDeny == 0 || rpeDenied == 0 || rpdWouldDeny-rpeDenied > 3 || rpeDenied-rpdWouldDeny > 3 {
		t.Errorf("the replay: dry-run would have denied %d of svc-rpd's 30, enforce denied %d of svc-rpe's same 30: want them equal within 3", rpdWouldDeny, rpeDenied)
	}
	if bad > 15 {
		t.Errorf("%d answers in all not as their process's policy and mode say", bad)
	}
}

// atoiOr returns s as an int, or or if it is not one.
func atoiOr(s string, or int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return or
	}
	return n
}

package integration

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// drillState is one process's policy file during the policy drill: what
// the rolling changes move.
type drillState struct {
	LimLimit  int    `json:"limLimit"`  // svc-lim's client limit a minute: 300, then 120
	WinTier   string `json:"winTier"`   // svc-win's client tier: "300/1m" or "50/10s"
	Dropped   bool   `json:"dropped"`   // svc-drop has no entry (follows the defaults' 300/1m)
	UserLimit int    `json:"userLimit"` // app's users' limit a minute: 30, then 10
}

// drillPolicy renders s. Every client but svc-drop (while dropped) has an
// entry, so that every other client's decisions have a series of their own.
func drillPolicy(s drillState) string {
	const hour = "{limit: 1000000, window: 1h}"
	win := "{limit: 300, window: 1m}"
	if s.WinTier == "50/10s" {
		win = "{limit: 50, window: 10s}"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "mode: enforce\n")
	fmt.Fprintf(&b, "defaults:\n  client: [{limit: 300, window: 1m}, %s]\n  user: [{limit: 1000, window: 1m}, %s]\n  aggregate: []\n", hour, hour)
	fmt.Fprintf(&b, "clients:\n")
	fmt.Fprintf(&b, "  svc-ctl: {mode: enforce}\n")
	fmt.Fprintf(&b, "  svc-ovr: {mode: enforce}\n")
	fmt.Fprintf(&b, "  svc-lim: {client: [{limit: %d, window: 1m}, %s]}\n", s.LimLimit, hour)
	fmt.Fprintf(&b, "  svc-win: {client: [%s, %s]}\n", win, hour)
	if !s.Dropped {
		fmt.Fprintf(&b, "  svc-drop: {client: [{limit: 60, window: 1m}, %s]}\n", hour)
	}
	fmt.Fprintf(&b, "  app: {user: [{limit: %d, window: 1m}, %s]}\n", s.UserLimit, hour)
	return b.String()
}

// drillOverride is the runtime override the drill sets on svc-ovr.
const drillOverride = `{"client":[{"limit":60,"window":"1m"},{"limit":1000000,"window":"1h"}]}`

// tiers returns the tiers of client's own rules on a process whose file
// is s, with the override of svc-ovr in force there or not.
func (s drillState) tiers(client string, override bool) []drillTier {
	minute := func(limit int) []drillTier { return []drillTier{{60, limit}, drillHour} }
	switch client {
	case "svc-ovr":
		if override {
			return minute(60)
		}
	case "svc-lim":
		return minute(s.LimLimit)
	case "svc-win":
		if s.WinTier == "50/10s" {
			return []drillTier{{10, 50}, drillHour}
		}
	case "svc-drop":
		if !s.Dropped {
			return minute(60)
		}
	case "app":
		return minute(s.UserLimit)
	}
	return minute(300)
}

// drillChange is a change of one process's policy: its file (with the
// state it then has) or the override of svc-ovr.
type drillChange struct {
	at       int64 // Unix ns, when the harness wrote, signalled or got the admin API's answer
	state    drillState
	override bool
}

// TestPolicyDrill changes the policy mid-run across three server
// processes in proxy mode, from outside, under a bounded load of several
// clients and users, and checks that every count is exact and every
// answer's headers are its process's policy. The processes share the
// store; the upstream is the test's own, which issues a token to every
// request and logs it. The clients: svc-ctl (300 a minute throughout),
// svc-lim (300, lowered to 120 on one process after another), svc-win
// (300 a minute, then 50 a 10s, then back), svc-drop (60 a minute, dropped
// from the file, then added back), svc-ovr (300 a minute, a runtime
// override of 60 set on one process and deleted on another) and three
// users of app (30 a minute each, lowered to 10). Each process is told of
// its file's changes its own way (DRILL_MECH, below), 30 s after the one
// before it: for a while the processes disagree.
//
// It checks: every token the upstream issued answered 200 to the request
// that asked for it (client, user and process: none crossed, none issued
// twice), every 200 was issued, no refused request reached the upstream;
// each key's documents in the store count exactly the tokens issued
// (their hour frames, after every process stopped gracefully); each
// answer's RateLimit-Policy holds its process's own tiers, those in force
// when it was asked or, within 3 s of a change, before it. At full length
// (DRILL_SCALE=1, 6.5 minutes from a minute boundary) it also checks the
// limits in fixed frames wholly inside a phase in which no process
// disagrees, with the slack of TestTwoServerProcesses (the tokens the
// processes have not read of each other's: 3).
//
// It runs only with E2E_POLICY_DRILL=1: by default on a timeline a tenth as
// long (about 40 s, the limits not checked), where the processes change
// every 3 s. DRILL_OUT keeps the records (a directory: responses.jsonl,
// upstream.jsonl, events.jsonl, the processes' logs and metrics, stored.json)
// for an outside analysis. DRILL_MECH says how each process is told of a
// change, comma-separated, one a process: watch (the file watcher; else
// --policy-watch=false, then) sighup or reload (POST /admin/reload), a
// dash, and how the file is written: rename (into place) or inplace
// (default watch-rename,watch-inplace,sighup-inplace). DRILL_BIN runs a
// prebuilt server binary; DRILL_PORT makes the upstream and the processes
// listen from that port on (the upstream, then each process's two).
//
// Measured (h119, session 27, FerretDB through the serializing wire proxy,
// three full runs, each way of telling a process used at least once):
// 7,451, 7,461 and 7,463 tokens, each counted once in the store; the
// headers of about 16,125 answers a run each their process's policy; the
// worst fixed minute 301 and 302 of 300 (of 120 after the change, 122;
// while the processes disagreed, at most 261 of the higher 300), the worst
// 10 s frame under the 10 s tier 51 of 50, a user's minute 10 of 10 after
// the change.
func TestPolicyDrill(t *testing.T) {
	if os.Getenv("E2E_POLICY_DRILL") == "" {
		t.Skip("E2E_POLICY_DRILL unset: a drill of 40 s or more (see the doc comment)")
	}
	mechs := strings.Split(cmp.Or(os.Getenv("DRILL_MECH"), "watch-rename,watch-inplace,sighup-inplace"), ",")
	if len(mechs) != 3 {
		t.Fatalf("DRILL_MECH=%q: want three ways, comma-separated", os.Getenv("DRILL_MECH"))
	}
	scale := 0.1
	if s := os.Getenv("DRILL_SCALE"); s != "" {
		var err error
		if scale, err = strconv.ParseFloat(s, 64); err != nil || scale <= 0 || scale > 1 {
			t.Fatalf("DRILL_SCALE=%q: want a number above 0, at most 1", s)
		}
	}
	at := func(sec float64) time.Duration { return time.Duration(sec * scale * float64(time.Second)) }
	const settle = 3 * time.Second // a change in force: the watcher's debounce, the others' pull of an override

	d := startDrill(t, "drill")
	initial := drillState{LimLimit: 300, WinTier: "300/1m", UserLimit: 30}
	type drillProc struct {
		*serverProc
		name, notify, write, file string
		mu                        sync.Mutex
		changes                   []drillChange
	}
	var procs []*drillProc
	for i, mech := range mechs {
		name := fmt.Sprintf("p%d", i+1)
		file := d.policyFile(name, drillPolicy(initial))
		notify, write, _ := strings.Cut(mech, "-")
		if notify != "watch" && notify != "sighup" && notify != "reload" || write != "rename" && write != "inplace" {
			t.Fatalf("DRILL_MECH: %q: want watch, sighup or reload, a dash, then rename or inplace", mech)
		}
		p := startServer(t, d.bin, "--instance", name, "--mongo-uri", d.uri, "--mongo-database", d.db,
			"--policy", file, "--policy-watch="+strconv.FormatBool(notify == "watch"), "--upstream", d.upstream,
			"--listen", d.addr(1+2*i), "--admin-listen", d.addr(2+2*i))
		procs = append(procs, &drillProc{serverProc: p, name: name, notify: notify, write: write, file: file,
			changes: []drillChange{{state: initial}}})
		d.event("start", name, mech)
	}
	// record notes p's change, which took effect by now.
	record := func(p *drillProc, change func(c *drillChange)) {
		p.mu.Lock()
		defer p.mu.Unlock()
		c := p.changes[len(p.changes)-1]
		c.at = time.Now().UnixNano()
		change(&c)
		p.changes = append(p.changes, c)
	}
	apply := func(p *drillProc, s drillState) {
		if err := writePolicy(p.file, p.write, drillPolicy(s)); err != nil {
			t.Error(err)
			return
		}
		switch p.notify {
		case "sighup":
			if err := p.Signal(syscall.SIGHUP); err != nil {
				t.Error(err)
			}
		case "reload":
			resp, err := httpClient.Post(p.AdminURL+"/admin/reload", "application/json", nil)
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Errorf("%s: POST /admin/reload: %d", p.name, resp.StatusCode)
			}
		}
		record(p, func(c *drillChange) { c.state = s })
		b, _ := json.Marshal(s)
		d.event("policy", p.name, string(b))
	}
	override := func(p *drillProc, method, body string) {
		d.admin(p.AdminURL, p.name, method, "/admin/overrides/svc-ovr", body)
		for _, q := range procs { // in force on p now, on the others within settle
			record(q, func(c *drillChange) { c.override = method == http.MethodPut })
		}
	}

	keys := []drillKey{
		{client: "svc-ctl", rate: 8}, {client: "svc-lim", rate: 8}, {client: "svc-win", rate: 8},
		{client: "svc-drop", rate: 8}, {client: "svc-ovr", rate: 8},
		{client: "app", user: "u1", rate: 1}, {client: "app", user: "u2", rate: 1}, {client: "app", user: "u3", rate: 1},
	}

	// At full length, start at a minute boundary: fixed minutes are then
	// whole frames of the phases.
	start := time.Now().Add(2 * time.Second)
	if scale == 1 {
		start = time.Now().Add(5 * time.Second).Truncate(time.Minute).Add(time.Minute)
	}
	time.Sleep(time.Until(start))
	d.event("load", "", "start")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for ki, k := range keys {
		wg.Go(func() {
			gap := time.Duration(float64(time.Second) / k.rate)
			pace(ctx, time.Now().Add(time.Duration(ki)*gap/time.Duration(len(keys))), time.Time{}, k.rate, func(i int) bool {
				p := procs[i%len(procs)]
				return d.send(p.URL, p.name, k.client, k.user)
			})
		})
	}

	// The timeline, from the start of the load: at 75 s the override is
	// set and the files change, one process every 30 s; at 225 s the
	// override is deleted and the files change back (but svc-lim's and
	// the users' limits), one process every 30 s; the load ends at 375 s.
	changed := initial
	changed.LimLimit, changed.WinTier, changed.Dropped, changed.UserLimit = 120, "50/10s", true, 10
	back := changed
	back.WinTier, back.Dropped = "300/1m", false
	step := func(sec float64) { time.Sleep(time.Until(start.Add(at(sec)))) }
	step(75)
	override(procs[0], http.MethodPut, drillOverride)
	for i, p := range procs {
		step(75 + 30*float64(i))
		apply(p, changed)
	}
	step(225)
	override(procs[1], http.MethodDelete, "")
	for i, p := range procs {
		step(225 + 30*float64(i))
		apply(p, back)
	}
	step(375)
	cancel()
	wg.Wait()
	d.event("load", "", "stop")

	// Each process's decisions as its metrics count them (for the
	// analysis), then a graceful stop (its final flush), then the store.
	for _, p := range procs {
		metrics, err := drillMetrics(p.AdminURL, "oauth_ratelimit_decisions_total", "oauth_ratelimit_policy_reloads_total",
			"oauth_ratelimit_share_refusals_total")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d.out, p.name+".metrics"), []byte(metrics), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range procs {
		p.stop(t)
		if err := os.WriteFile(filepath.Join(d.out, p.name+".log"), []byte(p.Logs()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Exact counts: the upstream's tokens against the answers and the store.
	all, issuedBy := d.checkCounts(keys)

	// Headers: each answer's RateLimit-Policy holds its process's own
	// tiers, as in force when it was asked or, within settle of a change,
	// before the change. (During a window change it holds the other
	// processes' tiers too: README, Rolling out a window change.)
	bad := 0
	for _, a := range all {
		if a.Status != http.StatusOK && a.Status != http.StatusTooManyRequests {
			continue
		}
		got := drillPolicyTiers(a.Policy)
		p := procs[slices.IndexFunc(procs, func(p *drillProc) bool { return p.name == a.Proc })]
		inForce := func(ns int64) []drillTier {
			c := p.changes[0]
			for _, x := range p.changes {
				if x.at <= ns {
					c = x
				}
			}
			return c.state.tiers(a.Client, c.override)
		}
		if !holdsTiers(got, inForce(a.Send)) && !holdsTiers(got, inForce(a.Send-int64(settle))) {
			if bad++; bad <= 10 {
				t.Errorf("request %d of %s/%s to %s at +%.2fs: RateLimit-Policy %q, want the tiers %v (or, before a change, %v)",
					a.ID, a.Client, a.User, a.Proc, time.Duration(a.Send-start.UnixNano()).Seconds(), a.Policy, inForce(a.Send), inForce(a.Send-int64(settle)))
			}
		}
	}
	if bad > 10 {
		t.Errorf("%d answers in all whose RateLimit-Policy is not their process's", bad)
	}

	if scale < 1 {
		return
	}
	// The limits, at full length, in fixed frames wholly inside a phase
	// where no process disagrees (the processes change at 75, 105, 135,
	// 225, 255 and 285 s; frames from the start of the load).
	const slack = 3
	frames := func(key string, size, from, to int) (worst int) {
		n := map[int64]int{}
		for _, ns := range issuedBy[key] {
			sec := (ns - start.UnixNano()) / int64(time.Second)
			n[sec/int64(size)]++
		}
		for f := (from + size - 1) / size; (f+1)*size <= to; f++ {
			worst = max(worst, n[int64(f)])
		}
		return worst
	}
	for _, c := range []struct {
		key            string
		size, from, to int
		limit          int
		what           string
	}{
		{"svc-ctl/", 60, 0, 375, 300, "unchanged"},
		{"svc-lim/", 60, 0, 75, 300, "before the change"},
		{"svc-lim/", 60, 60, 180, 300, "rolling from 300 to 120: the higher limit"},
		{"svc-lim/", 60, 180, 375, 120, "after the change on every process (and a minute for the earlier counts to decay)"},
		{"svc-win/", 60, 0, 75, 300, "before the change"},
		{"svc-win/", 10, 140, 225, 50, "every process on 50 a 10s"},
		{"svc-win/", 60, 300, 375, 300, "every process back on 1m"},
		{"svc-win/", 10, 80, 285, 50, "one process or more on 50 a 10s, the others enforcing its tier"},
		{"svc-drop/", 60, 0, 75, 60, "before the drop"},
		{"svc-drop/", 60, 60, 285, 300, "one process or more dropped it: the defaults' 300, the higher limit"},
		{"svc-drop/", 60, 300, 375, 60, "added back on every process"},
		{"svc-ovr/", 60, 120, 225, 60, "overridden (and a minute for the earlier counts to decay)"},
		{"svc-ovr/", 60, 240, 375, 300, "the override deleted"},
		{"app/u1", 60, 0, 75, 30, "before the change"},
		{"app/u1", 60, 180, 375, 10, "after the change on every process"},
		{"app/u2", 60, 180, 375, 10, "after the change on every process"},
		{"app/u3", 60, 180, 375, 10, "after the change on every process"},
	} {
		worst := frames(c.key, c.size, c.from, c.to)
		t.Logf("%s: worst %ds frame from +%ds to +%ds: %d (limit %d, %s)", c.key, c.size, c.from, c.to, worst, c.limit, c.what)
		if worst > c.limit+slack {
			t.Errorf("%s: a %ds frame from +%ds to +%ds got %d tokens, want at most %d (+%d): %s", c.key, c.size, c.from, c.to, worst, c.limit, slack, c.what)
		}
	}
}

package integration

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
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

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// drillState is one process's policy file during the policy drill: what
// the rolling changes move.
type drillState struct {
	LimLimit  int    `json:"limLimit"`  // svc-lim's client limit a minute: 300, then 120
	WinTier   string `json:"winTier"`   // svc-win's client tier: "300/1m" or "50/10s"
	Dropped   bool   `json:"dropped"`   // svc-drop has no entry (follows the defaults' 300/1m)
	UserLimit int    `json:"userLimit"` // app's users' limit a minute: 30, then 10
}

// drillHour is every key's hour tier, far from its limit, so that the
// store's hour frames hold every token counted.
var drillHour = drillTier{3600, 1000000}

// drillTier is a tier as RateLimit-Policy says it: window seconds, limit.
type drillTier [2]int

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

// drillKey is a key the drill loads: a client (client_credentials) or a
// user of app (password grant), at rate requests a second.
type drillKey struct {
	client, user string
	rate         float64
}

func (k drillKey) String() string { return k.client + "/" + k.user }

// drillAnswer is one answer the load got (responses.jsonl).
type drillAnswer struct {
	ID      int64  `json:"id"`
	Send    int64  `json:"send"` // Unix ns
	Recv    int64  `json:"recv"`
	Proc    string `json:"proc"`
	Client  string `json:"client"`
	User    string `json:"user,omitempty"`
	Status  int    `json:"status"`
	Policy  string `json:"policy,omitempty"` // RateLimit-Policy
	RL      string `json:"rl,omitempty"`     // RateLimit
	Retry   string `json:"retry,omitempty"`
	Warning string `json:"warning,omitempty"`
	Err     string `json:"err,omitempty"`
}

// drillIssued is one token the drill's upstream issued (upstream.jsonl).
type drillIssued struct {
	T      int64  `json:"t"`
	ID     int64  `json:"id"`
	Proc   string `json:"proc"`
	Client string `json:"client"`
	User   string `json:"user,omitempty"`
}

// drillLog keeps records in memory and as JSON lines in a file; safe for
// concurrent use.
type drillLog[T any] struct {
	mu   sync.Mutex
	recs []T
	e    *json.Encoder
}

func newDrillLog[T any](t *testing.T, path string) *drillLog[T] {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return &drillLog[T]{e: json.NewEncoder(f)}
}

func (l *drillLog[T]) put(v T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.recs = append(l.recs, v)
	l.e.Encode(v)
}

func (l *drillLog[T]) all() []T {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.recs)
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
	out := os.Getenv("DRILL_OUT")
	if out == "" {
		out = t.TempDir()
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	mechs := strings.Split(cmp.Or(os.Getenv("DRILL_MECH"), "watch-rename,watch-inplace,sighup-inplace"), ",")
	if len(mechs) != 3 {
		t.Fatalf("DRILL_MECH=%q: want three ways, comma-separated", os.Getenv("DRILL_MECH"))
	}
	addr := func(int) string { return "127.0.0.1:0" }
	if s := os.Getenv("DRILL_PORT"); s != "" {
		port, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("DRILL_PORT=%q: want a port number", s)
		}
		addr = func(i int) string { return fmt.Sprintf("127.0.0.1:%d", port+i) }
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

	srv := server(t)
	bin := os.Getenv("DRILL_BIN")
	if bin == "" {
		bin = serverBinary(t)
	}
	uri, db := sharedDatabase(t, srv, "drill")

	// The upstream: issues a token to every request and logs it.
	issuedLog := newDrillLog[drillIssued](t, filepath.Join(out, "upstream.jsonl"))
	var upCount atomic.Int64
	ln, err := net.Listen("tcp", addr(0))
	if err != nil {
		t.Fatal(err)
	}
	up := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		client, _, _ := r.BasicAuth()
		id, _ := strconv.ParseInt(r.Header.Get("X-Drill-Id"), 10, 64)
		n := upCount.Add(1)
		issuedLog.put(drillIssued{T: time.Now().UnixNano(), ID: id, Proc: r.Header.Get("X-Drill-Proc"), Client: client, User: form.Get("username")})
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprintf(w, `{"access_token":"tok-%d","token_type":"Bearer","expires_in":300}`, n)
	})}
	go up.Serve(ln)
	t.Cleanup(func() { up.Close() })

	events := newDrillLog[map[string]any](t, filepath.Join(out, "events.jsonl"))
	event := func(kind, proc, what string) {
		events.put(map[string]any{"t": time.Now().UnixNano(), "kind": kind, "proc": proc, "what": what})
	}

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
		dir := filepath.Join(out, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "policy.yaml")
		if err := os.WriteFile(file, []byte(drillPolicy(initial)), 0o644); err != nil {
			t.Fatal(err)
		}
		notify, write, _ := strings.Cut(mech, "-")
		if notify != "watch" && notify != "sighup" && notify != "reload" || write != "rename" && write != "inplace" {
			t.Fatalf("DRILL_MECH: %q: want watch, sighup or reload, a dash, then rename or inplace", mech)
		}
		p := startServer(t, bin, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
			"--policy", file, "--policy-watch="+strconv.FormatBool(notify == "watch"), "--upstream", "http://"+ln.Addr().String(),
			"--listen", addr(1+2*i), "--admin-listen", addr(2+2*i))
		procs = append(procs, &drillProc{serverProc: p, name: name, notify: notify, write: write, file: file,
			changes: []drillChange{{state: initial}}})
		event("start", name, mech)
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
		data := []byte(drillPolicy(s))
		switch p.write {
		case "inplace":
			f, err := os.OpenFile(p.file, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Error(err)
				return
			}
			_, err = f.Write(data)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Error(err)
			}
		default:
			tmp := p.file + ".tmp"
			if err := os.WriteFile(tmp, data, 0o644); err != nil {
				t.Error(err)
				return
			}
			if err := os.Rename(tmp, p.file); err != nil {
				t.Error(err)
				return
			}
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
		event("policy", p.name, string(b))
	}
	override := func(p *drillProc, method, body string) {
		req, err := http.NewRequest(method, p.AdminURL+"/admin/overrides/svc-ovr", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := httpClient.Do(req)
		if err != nil {
			t.Errorf("%s /admin/overrides/svc-ovr: %v", method, err)
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		event("admin", p.name, fmt.Sprintf("%s /admin/overrides/svc-ovr %s -> %d %s", method, body, resp.StatusCode, strings.TrimSpace(string(b))))
		if resp.StatusCode/100 != 2 {
			t.Errorf("%s /admin/overrides/svc-ovr on %s: %d %s", method, p.name, resp.StatusCode, b)
		}
		for _, q := range procs { // in force on p now, on the others within settle
			record(q, func(c *drillChange) { c.override = method == http.MethodPut })
		}
	}

	keys := []drillKey{
		{client: "svc-ctl", rate: 8}, {client: "svc-lim", rate: 8}, {client: "svc-win", rate: 8},
		{client: "svc-drop", rate: 8}, {client: "svc-ovr", rate: 8},
		{client: "app", user: "u1", rate: 1}, {client: "app", user: "u2", rate: 1}, {client: "app", user: "u3", rate: 1},
	}
	answers := newDrillLog[drillAnswer](t, filepath.Join(out, "responses.jsonl"))
	tr := &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}
	t.Cleanup(tr.CloseIdleConnections)
	client := &http.Client{Timeout: 10 * time.Second, Transport: tr}
	var nextID atomic.Int64

	// At full length, start at a minute boundary: fixed minutes are then
	// whole frames of the phases.
	start := time.Now().Add(2 * time.Second)
	if scale == 1 {
		start = time.Now().Add(5 * time.Second).Truncate(time.Minute).Add(time.Minute)
	}
	time.Sleep(time.Until(start))
	event("load", "", "start")
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for ki, k := range keys {
		wg.Go(func() {
			gap := time.Duration(float64(time.Second) / k.rate)
			next := time.Now().Add(time.Duration(ki) * gap / time.Duration(len(keys)))
			for i := 0; ; i++ {
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Until(next)):
				}
				next = next.Add(gap)
				p := procs[i%len(procs)]
				form := url.Values{"grant_type": {"client_credentials"}}
				if k.user != "" {
					form = url.Values{"grant_type": {"password"}, "username": {k.user}, "password": {"pw"}}
				}
				req, err := tokenRequest(p.URL, k.client, "secret", form)
				if err != nil {
					t.Error(err)
					return
				}
				id := nextID.Add(1)
				req.Header.Set("X-Drill-Id", strconv.FormatInt(id, 10))
				req.Header.Set("X-Drill-Proc", p.name)
				a := drillAnswer{ID: id, Send: time.Now().UnixNano(), Proc: p.name, Client: k.client, User: k.user}
				resp, err := client.Do(req)
				a.Recv = time.Now().UnixNano()
				if err != nil {
					a.Err = err.Error()
				} else {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					a.Status = resp.StatusCode
					a.Policy = resp.Header.Get("RateLimit-Policy")
					a.RL = resp.Header.Get("RateLimit")
					a.Retry = resp.Header.Get("Retry-After")
					a.Warning = resp.Header.Get("RateLimit-Warning")
				}
				answers.put(a)
			}
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
	event("load", "", "stop")

	// Each process's decisions as its metrics count them (for the
	// analysis), then a graceful stop (its final flush), then the store.
	for _, p := range procs {
		resp, err := httpClient.Get(p.AdminURL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var keep []string
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "oauth_ratelimit_decisions_total") || strings.HasPrefix(line, "oauth_ratelimit_policy_reloads_total") ||
				strings.HasPrefix(line, "oauth_ratelimit_share_refusals_total") {
				keep = append(keep, line)
			}
		}
		if err := os.WriteFile(filepath.Join(out, p.name+".metrics"), []byte(strings.Join(keep, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range procs {
		p.stop(t)
		if err := os.WriteFile(filepath.Join(out, p.name+".log"), []byte(p.Logs()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stored := map[string]int64{}
	for _, k := range keys {
		d, _ := readDoc(t, srv, db, "counters", cache.Key{ClientID: k.client, User: k.user})
		for _, n := range d.RequestCounters["3600"] {
			stored[k.String()] += n
		}
	}
	b, _ := json.MarshalIndent(stored, "", "  ")
	if err := os.WriteFile(filepath.Join(out, "stored.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}

	// Exact counts: the upstream's tokens against the answers and the store.
	all := answers.all()
	byID := make(map[int64]drillAnswer, len(all))
	for _, a := range all {
		byID[a.ID] = a
	}
	toks := issuedLog.all()
	seen := map[int64]bool{}
	issuedBy := map[string][]int64{} // key -> Unix ns of its tokens
	for _, u := range toks {
		a, ok := byID[u.ID]
		switch {
		case seen[u.ID]:
			t.Errorf("request %d issued twice", u.ID)
		case !ok:
			t.Errorf("request %d (%s/%s through %s) issued, but never answered", u.ID, u.Client, u.User, u.Proc)
		case a.Status != http.StatusOK:
			t.Errorf("request %d (%s/%s through %s) answered %d, and the upstream issued its token", u.ID, a.Client, a.User, a.Proc, a.Status)
		case a.Client != u.Client || a.User != u.User || a.Proc != u.Proc:
			t.Errorf("request %d of %s/%s through %s reached the upstream as %s/%s through %s", u.ID, a.Client, a.User, a.Proc, u.Client, u.User, u.Proc)
		}
		seen[u.ID] = true
		issuedBy[u.Client+"/"+u.User] = append(issuedBy[u.Client+"/"+u.User], u.T)
	}
	statuses := map[int]int{}
	for _, a := range all {
		statuses[a.Status]++
		switch {
		case a.Err != "":
			t.Errorf("request %d to %s: %s", a.ID, a.Proc, a.Err)
		case a.Status == http.StatusOK && !seen[a.ID]:
			t.Errorf("request %d (%s/%s through %s) answered 200, but no token was issued", a.ID, a.Client, a.User, a.Proc)
		case a.Status != http.StatusOK && a.Status != http.StatusTooManyRequests:
			t.Errorf("request %d (%s/%s through %s) answered %d", a.ID, a.Client, a.User, a.Proc, a.Status)
		}
	}
	for _, k := range keys {
		if n, s := len(issuedBy[k.String()]), stored[k.String()]; int64(n) != s {
			t.Errorf("%s: %d tokens issued, the store's hour frames count %d", k, n, s)
		}
	}
	t.Logf("%d answers %v; %d tokens issued; the store's hour frames: %s", len(all), statuses, len(toks), b)

	// Headers: each answer's RateLimit-Policy holds its process's own
	// tiers, as in force when it was asked or, within settle of a change,
	// before the change. (During a window change it holds the other
	// processes' tiers too: README, Rolling out a window change.)
	tierRE := regexp.MustCompile(`"[a-z]+-\w+";q=(\d+);w=(\d+)`)
	bad := 0
	for _, a := range all {
		if a.Status != http.StatusOK && a.Status != http.StatusTooManyRequests {
			continue
		}
		got := map[drillTier]bool{}
		for _, m := range tierRE.FindAllStringSubmatch(a.Policy, -1) {
			q, _ := strconv.Atoi(m[1])
			w, _ := strconv.Atoi(m[2])
			got[drillTier{w, q}] = true
		}
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
		holds := func(want []drillTier) bool {
			return !slices.ContainsFunc(want, func(x drillTier) bool { return !got[x] })
		}
		if !holds(inForce(a.Send)) && !holds(inForce(a.Send-int64(settle))) {
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

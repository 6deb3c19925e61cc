package integration

import (
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
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// The harness of the process drills (TestPolicyDrill, TestModeDrill):
// three server processes in proxy mode sharing the store, the test's own
// upstream that issues a token to every request and logs it, a paced load
// whose answers are logged, and the checks of exact counts both drills make.

// drillHour is every key's hour tier, far from its limit, so that the
// store's hour frames hold every token counted.
var drillHour = drillTier{3600, 1000000}

// drillTier is a tier as RateLimit-Policy says it: window seconds, limit.
type drillTier [2]int

// drillKey is a key a drill loads: a client (client_credentials) or a
// user of client (password grant), at rate requests a second (in the mode
// drill from from to to, seconds from the start of the load).
type drillKey struct {
	client, user string
	rate         float64
	from, to     float64
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

// drill is one drill's setting: its records' directory (DRILL_OUT, else a
// temporary one), its addresses (DRILL_PORT), the server binary
// (DRILL_BIN), the shared database, the upstream and the load's client.
type drill struct {
	t        *testing.T
	out      string
	addr     func(i int) string // the upstream's (0), then each process's two
	srv      *mongoServer
	bin      string
	uri, db  string
	upstream string // the upstream's URL, for --upstream

	issued  *drillLog[drillIssued]    // upstream.jsonl
	events  *drillLog[map[string]any] // events.jsonl
	answers *drillLog[drillAnswer]    // responses.jsonl
	tr      *http.Transport
	client  *http.Client // the load's
	nextID  atomic.Int64
}

// startDrill sets a drill up on database name and starts its upstream.
func startDrill(t *testing.T, name string) *drill {
	d := &drill{t: t, out: os.Getenv("DRILL_OUT")}
	if d.out == "" {
		d.out = t.TempDir()
	}
	if err := os.MkdirAll(d.out, 0o755); err != nil {
		t.Fatal(err)
	}
	d.addr = func(int) string { return "127.0.0.1:0" }
	if s := os.Getenv("DRILL_PORT"); s != "" {
		port, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("DRILL_PORT=%q: want a port number", s)
		}
		d.addr = func(i int) string { return fmt.Sprintf("127.0.0.1:%d", port+i) }
	}
	d.srv = server(t)
	d.bin = os.Getenv("DRILL_BIN")
	if d.bin == "" {
		d.bin = serverBinary(t)
	}
	d.uri, d.db = sharedDatabase(t, d.srv, name)

	// The upstream: issues a token to every request and logs it.
	d.issued = newDrillLog[drillIssued](t, filepath.Join(d.out, "upstream.jsonl"))
	var upCount atomic.Int64
	ln, err := net.Listen("tcp", d.addr(0))
	if err != nil {
		t.Fatal(err)
	}
	up := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		client, _, _ := r.BasicAuth()
		id, _ := strconv.ParseInt(r.Header.Get("X-Drill-Id"), 10, 64)
		n := upCount.Add(1)
		d.issued.put(drillIssued{T: time.Now().UnixNano(), ID: id, Proc: r.Header.Get("X-Drill-Proc"), Client: client, User: form.Get("username")})
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprintf(w, `{"access_token":"tok-%d","token_type":"Bearer","expires_in":300}`, n)
	})}
	go up.Serve(ln)
	t.Cleanup(func() { up.Close() })
	d.upstream = "http://" + ln.Addr().String()

	d.events = newDrillLog[map[string]any](t, filepath.Join(d.out, "events.jsonl"))
	d.answers = newDrillLog[drillAnswer](t, filepath.Join(d.out, "responses.jsonl"))
	d.tr = &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}
	t.Cleanup(d.tr.CloseIdleConnections)
	d.client = &http.Client{Timeout: 10 * time.Second, Transport: d.tr}
	return d
}

// event logs what the harness did, to proc ("" for none), now.
func (d *drill) event(kind, proc, what string) {
	d.events.put(map[string]any{"t": time.Now().UnixNano(), "kind": kind, "proc": proc, "what": what})
}

// policyFile writes the first policy file of the process name, in a
// directory of its own, and returns its path.
func (d *drill) policyFile(name, policy string) string {
	dir := filepath.Join(d.out, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		d.t.Fatal(err)
	}
	file := filepath.Join(dir, "policy.yaml")
	if err := os.WriteFile(file, []byte(policy), 0o644); err != nil {
		d.t.Fatal(err)
	}
	return file
}

// writePolicy rewrites file as how says: "inplace" (truncated and written)
// or else "rename" (a temporary file renamed into place).
func writePolicy(file, how, policy string) error {
	data := []byte(policy)
	if how == "inplace" {
		f, err := os.OpenFile(file, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	tmp := file + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, file)
}

// admin sends method path with body to the admin API at adminURL of the
// process proc, logs the answer as an event and fails the test unless it
// is a 2xx.
func (d *drill) admin(adminURL, proc, method, path, body string) {
	t := d.t
	req, err := http.NewRequest(method, adminURL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Errorf("%s %s on %s: %v", method, path, proc, err)
		return
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	d.event("admin", proc, fmt.Sprintf("%s %s %s -> %d %s", method, path, body, resp.StatusCode, strings.TrimSpace(string(b))))
	if resp.StatusCode/100 != 2 {
		t.Errorf("%s %s on %s: %d %s", method, path, proc, resp.StatusCode, b)
	}
}

// pace calls send(i), i = 0, 1, ..., rate times a second from first, the
// last before end (never, if end is zero), until ctx is done or send
// returns false.
func pace(ctx context.Context, first, end time.Time, rate float64, send func(i int) bool) {
	gap := time.Duration(float64(time.Second) / rate)
	next := first
	for i := 0; end.IsZero() || next.Before(end); i++ {
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(next)):
		}
		next = next.Add(gap)
		if !send(i) {
			return
		}
	}
}

// send asks the process proc at base for a token, client_credentials as
// client, or as user of client (password grant) if user is set, and logs
// the answer. It returns false, having failed the test, if it could not
// make the request.
func (d *drill) send(base, proc, client, user string) bool {
	form := url.Values{"grant_type": {"client_credentials"}}
	if user != "" {
		form = url.Values{"grant_type": {"password"}, "username": {user}, "password": {"pw"}}
	}
	req, err := tokenRequest(base, client, "secret", form)
	if err != nil {
		d.t.Error(err)
		return false
	}
	id := d.nextID.Add(1)
	req.Header.Set("X-Drill-Id", strconv.FormatInt(id, 10))
	req.Header.Set("X-Drill-Proc", proc)
	a := drillAnswer{ID: id, Send: time.Now().UnixNano(), Proc: proc, Client: client, User: user}
	resp, err := d.client.Do(req)
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
	d.answers.put(a)
	return true
}

// drillMetrics returns the lines of the /metrics at adminURL that start
// with one of prefixes.
func drillMetrics(adminURL string, prefixes ...string) (string, error) {
	resp, err := httpClient.Get(adminURL + "/metrics")
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var keep []string
	for _, line := range strings.Split(string(b), "\n") {
		if slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(line, p) }) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n") + "\n", nil
}

// checkCounts reads what the store's hour frames count of each key, once
// every process has stopped, writes it to stored.json and checks the
// counts exact: every token the upstream issued answered 200 to the
// request that asked for it (client, user and process: none crossed, none
// issued twice), every 200 was issued, every answer a 200 or a 429, and
// the store counts each key's tokens. It returns the answers and the times
// (Unix ns) of each key's tokens.
func (d *drill) checkCounts(keys []drillKey) ([]drillAnswer, map[string][]int64) {
	t := d.t
	stored := map[string]int64{}
	for _, k := range keys {
		doc, _ := readDoc(t, d.srv, d.db, "counters", cache.Key{ClientID: k.client, User: k.user})
		for _, n := range doc.RequestCounters["3600"] {
			stored[k.String()] += n
		}
	}
	b, _ := json.MarshalIndent(stored, "", "  ")
	if err := os.WriteFile(filepath.Join(d.out, "stored.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}

	all := d.answers.all()
	byID := make(map[int64]drillAnswer, len(all))
	for _, a := range all {
		byID[a.ID] = a
	}
	toks := d.issued.all()
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
	return all, issuedBy
}

var drillTierRE = regexp.MustCompile(`"[a-z]+-\w+";q=(\d+);w=(\d+)`)

// drillPolicyTiers returns the tiers a RateLimit-Policy header holds.
func drillPolicyTiers(policy string) map[drillTier]bool {
	got := map[drillTier]bool{}
	for _, m := range drillTierRE.FindAllStringSubmatch(policy, -1) {
		q, _ := strconv.Atoi(m[1])
		w, _ := strconv.Atoi(m[2])
		got[drillTier{w, q}] = true
	}
	return got
}

// holdsTiers reports whether got holds every tier of want.
func holdsTiers(got map[drillTier]bool, want []drillTier) bool {
	return !slices.ContainsFunc(want, func(x drillTier) bool { return !got[x] })
}

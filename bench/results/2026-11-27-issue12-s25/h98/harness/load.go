package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type key struct{ client, user string }

func (k key) String() string { return k.client + "/" + k.user }

// limits of policy.yaml: client ci 30+i (cost 1), user of ci 20+2i (cost 2).
func keyLimit(k key) (limit, cost int) {
	i, _ := strconv.Atoi(k.client[1:])
	if i > 8 { // not in policy.yaml: the defaults
		if k.user == "" {
			return 30, 1
		}
		return 20, 2
	}
	if k.user == "" {
		return 30 + i, 1
	}
	return 20 + 2*i, 2
}

type loadRecord struct {
	Req        string `json:"req"`
	Key        string `json:"key"`
	Status     int    `json:"status"`
	Proto      string `json:"proto"`
	Conn       int    `json:"conn"`
	RateLimit  string `json:"ratelimit,omitempty"`
	Policy     string `json:"policy,omitempty"`
	XLimit     string `json:"x_limit,omitempty"`
	XRemaining string `json:"x_remaining,omitempty"`
	XReset     string `json:"x_reset,omitempty"`
	RetryAfter string `json:"retry_after,omitempty"`
	Warning    string `json:"warning,omitempty"`
	Err        string `json:"err,omitempty"`
	Behavior   string `json:"behavior,omitempty"`
	Body       string `json:"body,omitempty"`
}

func newTransport(proto string, conns int) *http.Transport {
	tr := &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}
	p := new(http.Protocols)
	switch proto {
	case "h1":
		p.SetHTTP1(true)
	case "h2":
		p.SetHTTP2(true)
	case "h2c":
		p.SetUnencryptedHTTP2(true)
	}
	tr.Protocols = p
	return tr
}

var rlRe = regexp.MustCompile(`r=(\d+);t=(\d+)`)

func loadMain(args []string) error {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	target := fs.String("url", "https://127.0.0.1:23443/oauth2/token", "")
	proto := fs.String("proto", "h2", "h1, h2 or h2c")
	nClients := fs.Int("clients", 8, "clients c1..cN")
	nUsers := fs.Int("users", 3, "users per client (password grant)")
	per := fs.Int("per", 50, "requests per key")
	conc := fs.Int("conc", 64, "requests in flight")
	conns := fs.Int("conns", 1, "connections at most")
	auth := fs.String("auth", "mixed", "basic, post or mixed")
	logf := fs.String("log", "", "JSONL per request")
	tag := fs.String("tag", "r", "request ID prefix (X-Req), unique per run")
	epLog := fs.String("eplog", "/tmp/s25/h98/results/upstream.jsonl", "the endpoint's log, to count what it issued per key")
	adminURL := fs.String("admin", "http://127.0.0.1:23091", "admin listener, to read key state and metrics")
	chaos := fs.Bool("chaos", false, "requests that reset mid-body, during the endpoint, slow and large bodies; checks used == endpoint-issued per key")
	refresh := fs.Bool("refresh", false, "user keys only: one password grant each, then refresh_token grants (with -chaos)")
	big := fs.Int("big", 0, "also send this many oversized bodies (70,000 bytes: 413), spread among the others")
	fs.Parse(args)
	// Stay within one minute frame: the checks assume the previous frame is empty.
	if s := time.Now().Second(); s > 35 {
		time.Sleep(time.Duration(61-s) * time.Second)
	}
	j, err := newJSONL(*logf)
	if err != nil {
		return err
	}
	var reqs []key
	var keys []key
	for c := 1; c <= *nClients; c++ {
		cid := fmt.Sprintf("c%d", c)
		keys = append(keys, key{cid, ""})
		for u := 1; u <= *nUsers; u++ {
			keys = append(keys, key{cid, fmt.Sprintf("u%d", u)})
		}
	}
	rts := map[key]string{}
	if *refresh {
		var uk []key
		for _, k := range keys {
			if k.user != "" {
				uk = append(uk, k)
			}
		}
		keys = uk
		hc0 := &http.Client{Transport: newTransport(*proto, 1), Timeout: 10 * time.Second}
		for i, k := range keys {
			form := url.Values{"grant_type": {"password"}, "username": {k.user}, "password": {"pw-" + k.user}}
			req, _ := http.NewRequest("POST", *target, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.SetBasicAuth(k.client, "s-"+k.client)
			req.Header.Set("X-Req", fmt.Sprintf("%sp%03d", *tag, i))
			resp, err := hc0.Do(req)
			if err != nil {
				return err
			}
			var ans struct {
				RT string `json:"refresh_token"`
			}
			json.NewDecoder(resp.Body).Decode(&ans)
			resp.Body.Close()
			if resp.StatusCode != 200 || ans.RT == "" {
				return fmt.Errorf("password grant for %s: %d", k, resp.StatusCode)
			}
			rts[k] = ans.RT
		}
	}
	for _, k := range keys {
		for range *per {
			reqs = append(reqs, k)
		}
	}
	for range *big {
		reqs = append(reqs, key{"big", ""})
	}
	rand.Shuffle(len(reqs), func(i, j int) { reqs[i], reqs[j] = reqs[j], reqs[i] })
	hc := &http.Client{Transport: newTransport(*proto, *conns), Timeout: 30 * time.Second}
	var connSeq atomic.Int64
	connIDs := sync.Map{}
	recs := make([]loadRecord, len(reqs))
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range *conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(reqs) {
					return
				}
				k := reqs[i]
				form := url.Values{"grant_type": {"client_credentials"}}
				if k.user != "" {
					form = url.Values{"grant_type": {"password"}, "username": {k.user}, "password": {"pw-" + k.user}}
					if rt := rts[k]; rt != "" {
						form = url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}}
					}
				}
				basic := *auth == "basic" || *auth == "mixed" && i%2 == 0
				if k.client == "big" {
					form.Set("pad", strings.Repeat("x", 70000))
				}
				if !basic {
					form.Set("client_id", k.client)
					form.Set("client_secret", "s-"+k.client)
				}
				var body io.Reader = strings.NewReader(form.Encode())
				ctx, cancel := context.WithCancel(context.Background())
				behavior := "normal"
				if *chaos {
					x := rand.IntN(100)
					enc := form.Encode()
					switch {
					case x < 45:
					case x < 60:
						behavior = "slow"
						pr, pw := io.Pipe()
						go func() {
							for _, p := range []string{enc[:5], enc[5:15], enc[15:]} {
								time.Sleep(time.Duration(20+rand.IntN(150)) * time.Millisecond)
								pw.Write([]byte(p))
							}
							pw.Close()
						}()
						body = pr
					case x < 75:
						behavior = "reset-mid-body"
						pr, pw := io.Pipe()
						go func() {
							pw.Write([]byte(enc[:10]))
							time.Sleep(time.Duration(rand.IntN(200)) * time.Millisecond)
							cancel()
							pw.CloseWithError(context.Canceled)
						}()
						body = pr
					case x < 90:
						behavior = "reset-during-endpoint"
						time.AfterFunc(time.Duration(rand.IntN(600))*time.Millisecond, cancel)
					default:
						behavior = "large"
						form.Set("pad", strings.Repeat("z", 60000))
						body = strings.NewReader(form.Encode())
					}
				}
				req, _ := http.NewRequestWithContext(ctx, "POST", *target, body)
				if behavior == "reset-during-endpoint" {
					req.Header.Set("X-Delay-Ms", strconv.Itoa(rand.IntN(500)))
				}
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				if basic {
					req.SetBasicAuth(k.client, "s-"+k.client)
				}
				id := fmt.Sprintf("%s%05d", *tag, i)
				req.Header.Set("X-Req", id)
				rec := loadRecord{Req: id, Key: k.String(), Behavior: behavior}
				trace := &httptrace.ClientTrace{GotConn: func(ci httptrace.GotConnInfo) {
					ca := ci.Conn.LocalAddr().String()
					v, loaded := connIDs.LoadOrStore(ca, 0)
					if !loaded {
						connIDs.Store(ca, int(connSeq.Add(1)))
						v, _ = connIDs.Load(ca)
					}
					rec.Conn, _ = v.(int)
				}}
				req = req.WithContext(httptrace.WithClientTrace(req.Context(), trace))
				resp, err := hc.Do(req)
				if err != nil {
					rec.Err = err.Error()
				} else {
					b, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					rec.Status, rec.Proto = resp.StatusCode, resp.Proto
					h := resp.Header
					rec.RateLimit, rec.Policy = h.Get("RateLimit"), h.Get("RateLimit-Policy")
					rec.XLimit, rec.XRemaining, rec.XReset = h.Get("X-RateLimit-Limit"), h.Get("X-RateLimit-Remaining"), h.Get("X-RateLimit-Reset")
					rec.RetryAfter, rec.Warning = h.Get("Retry-After"), h.Get("RateLimit-Warning")
					if resp.StatusCode != 200 && resp.StatusCode != 429 {
						rec.Body = string(b)
					}
				}
				cancel()
				recs[i] = rec
				j.write(rec)
			}
		}()
	}
	wg.Wait()
	el := time.Since(start)
	fmt.Printf("%d requests, %d keys, proto %s, conc %d, %d connections used, %.2fs\n", len(reqs), len(keys), *proto, *conc, connSeq.Load(), el.Seconds())
	if *chaos {
		return chaosCheck(keys, recs, *adminURL, *epLog, *tag)
	}
	if err := check(keys, recs, *per, *adminURL); err != nil {
		return err
	}
	return epCheck(*epLog, *tag, recs)
}

// epCheck compares, per key, the 200s the clients got with the tokens the
// endpoint issued for this run's requests (its log, by X-Req).
func epCheck(name, tag string, recs []loadRecord) error {
	if name == "" {
		return nil
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	ep := map[string]int{}
	byReq := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		var r epRecord
		if json.Unmarshal([]byte(line), &r) != nil || !strings.HasPrefix(r.Req, tag) {
			continue
		}
		if r.Status == 200 {
			ep[r.Client+"/"+r.User]++
			byReq[r.Req] = r.Client + "/" + r.User
		}
	}
	cl := map[string]int{}
	crossed := 0
	for _, r := range recs {
		if r.Status == 200 {
			cl[r.Key]++
			if byReq[r.Req] != r.Key {
				crossed++
			}
		}
	}
	off := 0
	for k, n := range cl {
		if ep[k] != n {
			off++
			fmt.Printf("  ENDPOINT MISMATCH %s: clients got %d 200s, endpoint issued %d\n", k, n, ep[k])
		}
	}
	for k, n := range ep {
		if _, ok := cl[k]; !ok {
			off++
			fmt.Printf("  ENDPOINT MISMATCH %s: endpoint issued %d, clients got none\n", k, n)
		}
	}
	fmt.Printf("endpoint log: %d keys off; %d 200s whose request the endpoint issued for another key or not at all\n", off, crossed)
	return nil
}

// check verifies, per key: the 200s are exactly floor(limit/cost) (or per),
// each 200's Remaining is distinct and the set is exactly {limit-cost*k},
// the five headers agree and name the key's limit, every 429 says 0 left.
func check(keys []key, recs []loadRecord, per int, adminURL string) error {
	byKey := map[string][]loadRecord{}
	protos := map[string]int{}
	for _, r := range recs {
		byKey[r.Key] = append(byKey[r.Key], r)
		protos[r.Proto]++
	}
	fmt.Println("protocols of the answers:", protos)
	bigSt := map[string]int{}
	for _, r := range byKey["big/"] {
		bigSt[fmt.Sprint(r.Status, " ", r.Err)]++
	}
	if len(bigSt) > 0 {
		fmt.Println("oversized requests:", bigSt)
	}
	bad := 0
	badf := func(f string, a ...any) {
		bad++
		if bad <= 40 {
			fmt.Printf("  MISMATCH "+f+"\n", a...)
		}
	}
	var tot200, tot429 int
	for _, k := range keys {
		limit, cost := keyLimit(k)
		want200 := min(per, limit/cost)
		rs := byKey[k.String()]
		var rem []int
		n200, n429 := 0, 0
		scope := "client"
		if k.user != "" {
			scope = "user"
		}
		for _, r := range rs {
			switch r.Status {
			case 200:
				n200++
			case 429:
				n429++
			default:
				badf("%s %s: status %d err %q body %q", k, r.Req, r.Status, r.Err, r.Body)
				continue
			}
			if r.XLimit != strconv.Itoa(limit) {
				badf("%s %s: X-RateLimit-Limit %q, want %d (crossed?)", k, r.Req, r.XLimit, limit)
			}
			wantPol := fmt.Sprintf(`"%s-1m";q=%d;w=60`, scope, limit)
			if r.Policy != wantPol {
				badf("%s %s: RateLimit-Policy %q, want %q", k, r.Req, r.Policy, wantPol)
			}
			m := rlRe.FindStringSubmatch(r.RateLimit)
			if m == nil || !strings.HasPrefix(r.RateLimit, `"`+scope+`-1m";`) {
				badf("%s %s: RateLimit %q", k, r.Req, r.RateLimit)
				continue
			}
			if m[1] != r.XRemaining || m[2] != r.XReset {
				badf("%s %s: RateLimit %q vs X-RateLimit-Remaining %q Reset %q", k, r.Req, r.RateLimit, r.XRemaining, r.XReset)
			}
			n, _ := strconv.Atoi(m[1])
			if r.Status == 200 {
				rem = append(rem, n)
			} else {
				if n != 0 || r.RetryAfter == "" {
					badf("%s %s: 429 with r=%d Retry-After %q", k, r.Req, n, r.RetryAfter)
				}
			}
			if r.Status == 200 && r.RetryAfter != "" {
				badf("%s %s: 200 with Retry-After", k, r.Req)
			}
		}
		tot200 += n200
		tot429 += n429
		if n200 != want200 || n429 != len(rs)-want200 {
			badf("%s: %d 200s and %d 429s, want %d and %d", k, n200, n429, want200, len(rs)-want200)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(rem)))
		for i, r := range rem {
			if w := limit - cost*(i+1); r != w {
				badf("%s: the remaining values of its 200s are %v, want each of %d-%d*k once", k, rem, limit, cost)
				break
			}
		}
	}
	fmt.Printf("answers: %d 200, %d 429; header/count mismatches: %d\n", tot200, tot429, bad)
	if adminURL != "" {
		adminCheck(keys, adminURL, per)
		metricsCheck(recs, adminURL)
	}
	return nil
}

// adminCheck reads GET /admin/keys/{client}[/{user}] of each key: its used
// count and its reserved (in flight) count, against what the answers say.
func adminCheck(keys []key, adminURL string, per int) {
	off := 0
	for _, k := range keys {
		p := adminURL + "/admin/keys/" + url.PathEscape(k.client)
		if k.user != "" {
			p += "/" + url.PathEscape(k.user)
		}
		resp, err := http.Get(p)
		if err != nil {
			fmt.Println("  admin:", err)
			return
		}
		var st struct {
			Reserved float64 `json:"reserved"`
			Tiers    []struct {
				Scope    string  `json:"scope"`
				Used     float64 `json:"used"`
				Reserved float64 `json:"reserved"`
			} `json:"tiers"`
		}
		json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		limit, cost := keyLimit(k)
		want := float64(min(per, limit/cost) * cost)
		if len(st.Tiers) == 0 || st.Tiers[0].Used != want || st.Reserved != 0 {
			off++
			fmt.Printf("  ADMIN MISMATCH %s: %+v, want used %v reserved 0\n", k, st, want)
		}
	}
	fmt.Printf("admin key state: %d of %d keys off (used = issued*cost, reserved 0)\n", off, len(keys))
}

var metricRe = regexp.MustCompile(`^oauth_ratelimit_(tokens_issued_total|decisions_total)\{client="([^"]*)",(?:decision="([^"]*)",)?grant_type="([^"]*)"\} (\d+)`)

// metricsCheck compares, per client, the 200s and 429s the clients got with
// tokens_issued_total and decisions_total{decision="allowed"|"denied"}.
func metricsCheck(recs []loadRecord, adminURL string) {
	resp, err := http.Get(adminURL + "/metrics")
	if err != nil {
		fmt.Println("  metrics:", err)
		return
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	got := map[string]int{}
	for _, line := range strings.Split(string(b), "\n") {
		m := metricRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[5])
		got[m[1]+" "+m[2]+" "+m[3]] += n
	}
	want := map[string]int{}
	for _, r := range recs {
		c, _, _ := strings.Cut(r.Key, "/")
		if i, _ := strconv.Atoi(c[1:]); i > 8 {
			c = "other"
		}
		switch r.Status {
		case 200:
			want["tokens_issued_total "+c+" "]++
			want["decisions_total "+c+" allowed"]++
		case 429:
			want["decisions_total "+c+" denied"]++
		}
	}
	off := 0
	for k, n := range want {
		if got[k] != n {
			off++
			fmt.Printf("  METRICS MISMATCH %s: %d, want %d\n", k, got[k], n)
		}
	}
	for k, n := range got {
		if _, ok := want[k]; !ok && n != 0 {
			off++
			fmt.Printf("  METRICS EXTRA %s: %d\n", k, n)
		}
	}
	fmt.Printf("metrics: %d series off\n", off)
}

// chaosCheck: per key, the count the limiter holds is exactly what the
// endpoint issued (its log: a 200 written), nothing reserved, and no client
// got a 200 the endpoint did not issue.
func chaosCheck(keys []key, recs []loadRecord, adminURL, epLog, tag string) error {
	beh := map[string]map[string]int{}
	for _, r := range recs {
		o := fmt.Sprint(r.Status)
		if r.Err != "" {
			o = "error"
		}
		if beh[r.Behavior] == nil {
			beh[r.Behavior] = map[string]int{}
		}
		beh[r.Behavior][o]++
	}
	for _, b := range []string{"normal", "slow", "reset-mid-body", "reset-during-endpoint", "large"} {
		fmt.Printf("  %-22s %v\n", b, beh[b])
	}
	b, err := os.ReadFile(epLog)
	if err != nil {
		return err
	}
	ep, epCost := map[string]int{}, map[string]int{}
	for _, line := range strings.Split(string(b), "\n") {
		var r epRecord
		if json.Unmarshal([]byte(line), &r) != nil || !strings.HasPrefix(r.Req, tag) {
			continue
		}
		if r.Status == 200 {
			ep[r.Client+"/"+r.User]++
			c := 1
			if r.Grant == "password" {
				c = 2
			}
			epCost[r.Client+"/"+r.User] += c
		}
	}
	cl := map[string]int{}
	for _, r := range recs {
		if r.Status == 200 {
			cl[r.Key]++
		}
	}
	off, issued, got := 0, 0, 0
	for _, k := range keys {
		_, cost := keyLimit(k)
		p := adminURL + "/admin/keys/" + url.PathEscape(k.client)
		if k.user != "" {
			p += "/" + url.PathEscape(k.user)
		}
		var st struct {
			Reserved float64 `json:"reserved"`
			Tiers    []struct {
				Used float64 `json:"used"`
			} `json:"tiers"`
		}
		if resp, err := http.Get(p); err == nil {
			json.NewDecoder(resp.Body).Decode(&st)
			resp.Body.Close()
		}
		used := 0.0
		if len(st.Tiers) > 0 {
			used = st.Tiers[0].Used
		}
		_ = cost
		n := ep[k.String()]
		issued += n
		got += cl[k.String()]
		if used != float64(epCost[k.String()]) || st.Reserved != 0 || cl[k.String()] > n {
			off++
			fmt.Printf("  CHAOS MISMATCH %s: used %v reserved %v; endpoint issued %d (cost units %d), clients got %d 200s\n", k, used, st.Reserved, n, epCost[k.String()], cl[k.String()])
		}
	}
	fmt.Printf("chaos: endpoint issued %d, clients got %d 200s; %d of %d keys off (used == issued*cost, reserved 0)\n", issued, got, off, len(keys))
	return nil
}

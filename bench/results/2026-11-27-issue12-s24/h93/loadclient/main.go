// Command loadclient sends token requests through the proxy from a plan,
// logs every request exactly (JSONL) and checks each answer: the
// upstream's (it carries X-Up-Req) unchanged, or a documented error of the
// proxy's own. 127.0.0.1 only.
//
// Plan lines: weight client secret grant user fault ae timeout
// (user "-" for none, ae "gzip" or "-", timeout a duration or "0" for none).
package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type spec struct {
	Client, Secret, Grant, User, Fault, AE string
	Timeout                                time.Duration
}

type entry struct {
	Seq       int64   `json:"seq"`
	Worker    int     `json:"worker"`
	Client    string  `json:"client"`
	User      string  `json:"user,omitempty"`
	Grant     string  `json:"grant"`
	Fault     string  `json:"fault"`
	AE        string  `json:"ae,omitempty"`
	Start     string  `json:"start"`
	Secs      float64 `json:"secs"`
	Status    int     `json:"status"`
	Err       string  `json:"err,omitempty"`
	Len       int     `json:"len"`
	From      string  `json:"from"` // upstream | proxy | none
	CE        string  `json:"ce,omitempty"`
	RateLimit string  `json:"ratelimit,omitempty"`
	Retry     string  `json:"retry_after,omitempty"`
	Verdict   string  `json:"verdict"` // ok | BAD: why
	ErrBody   string  `json:"err_body,omitempty"`
}

func main() {
	planFile := flag.String("plan", "", "plan file")
	target := flag.String("url", "http://127.0.0.1:28010/oauth2/token", "proxy token URL")
	n := flag.Int("n", 100, "requests")
	c := flag.Int("c", 8, "workers")
	maxDur := flag.Duration("max", 3*time.Minute, "stop starting requests after this")
	out := flag.String("log", "requests.jsonl", "per-request log")
	flag.Parse()
	if !strings.HasPrefix(*target, "http://127.0.0.1:") {
		log.Fatal("127.0.0.1 only")
	}
	var plan []spec
	f, err := os.Open(*planFile)
	if err != nil {
		log.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 8 {
			log.Fatalf("plan line %q: want 8 fields", line)
		}
		w, _ := strconv.Atoi(fs[0])
		to, err := time.ParseDuration(fs[7])
		if err != nil {
			log.Fatalf("plan line %q: %v", line, err)
		}
		s := spec{fs[1], fs[2], fs[3], dash(fs[4]), fs[5], dash(fs[6]), to}
		for range w {
			plan = append(plan, s)
		}
	}
	lf, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	defer lf.Close()
	var lmu sync.Mutex
	enc := json.NewEncoder(lf)
	tr := &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: *c, MaxIdleConns: *c}
	hc := &http.Client{Transport: tr}
	var next atomic.Int64
	deadline := time.Now().Add(*maxDur)
	type agg struct {
		n      int
		status map[string]int
		bad    int
	}
	aggs := map[string]*agg{}
	var wg sync.WaitGroup
	for w := range *c {
		wg.Go(func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(*n) || time.Now().After(deadline) {
					return
				}
				s := plan[int(i)%len(plan)]
				e := one(hc, *target, s, i, w)
				lmu.Lock()
				enc.Encode(e)
				k := s.Client + "|" + s.User + "|" + s.Fault + "|" + s.AE
				a := aggs[k]
				if a == nil {
					a = &agg{status: map[string]int{}}
					aggs[k] = a
				}
				a.n++
				st := strconv.Itoa(e.Status) + "/" + e.From
				if e.Err != "" {
					st = "err:" + shortErr(e.Err) + "/" + e.From
				}
				a.status[st]++
				if e.Verdict != "ok" {
					a.bad++
				}
				lmu.Unlock()
			}
		})
	}
	wg.Wait()
	keys := make([]string, 0, len(aggs))
	for k := range aggs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	bad := 0
	for _, k := range keys {
		a := aggs[k]
		ss := make([]string, 0)
		for s, v := range a.status {
			ss = append(ss, fmt.Sprintf("%s=%d", s, v))
		}
		sort.Strings(ss)
		fmt.Printf("%-50s n=%-5d bad=%-4d %s\n", k, a.n, a.bad, strings.Join(ss, " "))
		bad += a.bad
	}
	fmt.Printf("TOTAL bad=%d\n", bad)
}

func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

func shortErr(s string) string {
	switch {
	case strings.Contains(s, "deadline"), strings.Contains(s, "Timeout"):
		return "timeout"
	case strings.Contains(s, "unexpected EOF"):
		return "unexpected_eof"
	case strings.Contains(s, "EOF"):
		return "eof"
	case strings.Contains(s, "refused"):
		return "refused"
	case strings.Contains(s, "reset"):
		return "reset"
	}
	return "other"
}

func one(hc *http.Client, target string, s spec, seq int64, worker int) entry {
	form := url.Values{"grant_type": {s.Grant}}
	switch s.Grant {
	case "password":
		form.Set("username", s.User)
		form.Set("password", "pw")
	case "authorization_code":
		form.Set("code", "code-"+s.User)
	case "refresh_token":
		form.Set("refresh_token", "rt-"+s.User)
	}
	ctx := context.Background()
	var cancel context.CancelFunc = func() {}
	if s.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, s.Timeout)
	}
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(s.Client, s.Secret)
	id := strconv.FormatInt(seq, 10)
	req.Header.Set("X-Req-Id", id)
	if s.Fault != "ok" {
		req.Header.Set("X-Fault", s.Fault)
	}
	if s.AE != "" {
		req.Header.Set("Accept-Encoding", s.AE)
	}
	e := entry{Seq: seq, Worker: worker, Client: s.Client, User: s.User, Grant: s.Grant, Fault: s.Fault, AE: s.AE, Start: time.Now().UTC().Format("15:04:05.000"), From: "none", Verdict: "ok"}
	t0 := time.Now()
	resp, err := hc.Do(req)
	if err != nil {
		e.Secs = time.Since(t0).Seconds()
		e.Err = err.Error()
		return e
	}
	body, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	e.Secs = time.Since(t0).Seconds()
	e.Status, e.Len = resp.StatusCode, len(body)
	e.CE = resp.Header.Get("Content-Encoding")
	e.RateLimit = resp.Header.Get("RateLimit")
	e.Retry = resp.Header.Get("Retry-After")
	h := resp.Header
	bad := func(why string) {
		if e.Verdict == "ok" {
			e.Verdict = "BAD: " + why
		} else {
			e.Verdict += "; " + why
		}
	}
	if rerr != nil {
		e.Err = "body: " + rerr.Error()
	}
	if h.Get("X-Up-Req") != "" {
		e.From = "upstream"
		if h.Get("X-Up-Req") != id {
			bad("X-Up-Req " + h.Get("X-Up-Req") + " is another request's")
		}
		if rerr == nil {
			sm := sha256.Sum256(body)
			got := hex.EncodeToString(sm[:])
			switch {
			case got == h.Get("X-Up-Sha256"):
			case got == h.Get("X-Up-Plain-Sha256") && e.CE == "" && (s.AE == "" || s.Grant != "client_credentials"):
				// decompressed by the proxy's transport: the client asked for
				// no encoding, or the answer is held (documented)
			default:
				bad(fmt.Sprintf("body sha %s, upstream sent %s (plain %s), ce %q", got[:12], short(h.Get("X-Up-Sha256")), short(h.Get("X-Up-Plain-Sha256")), e.CE))
			}
			if cl := h.Get("Content-Length"); cl != "" && cl != strconv.Itoa(len(body)) {
				bad("Content-Length " + cl + " for " + strconv.Itoa(len(body)) + " bytes")
			}
		}
		if h.Get("X-Up-Custom") != "kept" {
			bad("X-Up-Custom lost")
		}
		is2xx := resp.StatusCode/100 == 2
		if is2xx && h.Get("Ratelimit-Policy") == "" && s.Grant != "authorization_code" {
			bad("2xx without RateLimit-Policy")
		}
		if !is2xx && (h.Get("Ratelimit-Policy") != "" || h.Get("X-Ratelimit-Remaining") != "") {
			bad("non-2xx with the limiter's headers")
		}
		if resp.StatusCode == 429 && (h.Get("Retry-After") != "7" || h.Get("Ratelimit") != `"up";r=0;t=7`) {
			bad("upstream 429's Retry-After/RateLimit changed: " + h.Get("Retry-After") + " " + h.Get("Ratelimit"))
		}
		if strings.HasPrefix(s.Fault, "status=") && strings.Contains(s.Fault, "ra=") {
			_, ra, _ := strings.Cut(s.Fault, "ra=")
			if h.Get("Retry-After") != ra {
				bad("upstream Retry-After " + ra + " became " + h.Get("Retry-After"))
			}
		}
		if strings.HasPrefix(s.Fault, "status=") && !strings.Contains(s.Fault, "ra=") && h.Get("Retry-After") != "" {
			bad("Retry-After added: " + h.Get("Retry-After"))
		}
	} else if e.Err == "" {
		e.From = "proxy"
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			bad("proxy answer not JSON: " + string(body[:min(len(body), 80)]))
		}
		errCode, _ := m["error"].(string)
		e.ErrBody, _ = m["error_description"].(string)
		switch resp.StatusCode {
		case 429:
			if errCode != "too_many_requests" || h.Get("Retry-After") == "" {
				bad("429 without too_many_requests/Retry-After")
			}
		case 502, 504:
			if errCode != "temporarily_unavailable" || h.Get("Cache-Control") != "no-store" {
				bad("5xx of the proxy without temporarily_unavailable/no-store")
			}
		default:
			bad(fmt.Sprintf("proxy's own answer %d %s", resp.StatusCode, errCode))
		}
		if resp.StatusCode != 429 && h.Get("Ratelimit-Policy") != "" {
			bad("proxy error with limiter headers")
		}
	}
	return e
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

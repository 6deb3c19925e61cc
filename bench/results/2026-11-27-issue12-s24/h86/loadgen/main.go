// loadgen: bounded, per-request-logged token load for the h86 rollout run.
// Each stream is sequential (one request at a time) and round-robins over
// the targets; every request is logged as one JSON line.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"
)

type stream struct {
	Name, Client, Secret, Grant, User, Password string
	N                                           int
}

type rec struct {
	Phase   string            `json:"phase"`
	Stream  string            `json:"stream"`
	Client  string            `json:"client"`
	User    string            `json:"user,omitempty"`
	Seq     int               `json:"seq"`
	Target  string            `json:"target"`
	Start   time.Time         `json:"start"`
	End     time.Time         `json:"end"`
	Status  int               `json:"status"`
	Err     string            `json:"err,omitempty"`
	Headers map[string]string `json:"h,omitempty"`
}

var hdrs = []string{"RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-RateLimit-Remaining", "Retry-After", "RateLimit-Warning"}

func main() {
	spec := flag.String("streams", "", "name:client:secret:grant:user:password:N,...")
	targets := flag.String("targets", "", "comma-separated base URLs")
	dur := flag.Duration("d", 40*time.Second, "spread each stream over this long")
	phase := flag.String("phase", "", "phase label")
	out := flag.String("o", "", "log file (appended)")
	flag.Parse()
	var ss []stream
	for _, s := range strings.Split(*spec, ",") {
		f := strings.Split(s, ":")
		if len(f) != 7 {
			fmt.Fprintln(os.Stderr, "bad stream", s)
			os.Exit(2)
		}
		var n int
		fmt.Sscan(f[6], &n)
		ss = append(ss, stream{f[0], f[1], f[2], f[3], f[4], f[5], n})
	}
	ts := strings.Split(*targets, ",")
	fh, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	defer fh.Close()
	var mu sync.Mutex
	enc := json.NewEncoder(fh)
	cl := &http.Client{Timeout: 10 * time.Second}
	var wg sync.WaitGroup
	t0 := time.Now()
	for _, s := range ss {
		wg.Add(1)
		go func(s stream) {
			defer wg.Done()
			gap := *dur / time.Duration(s.N)
			for i := 0; i < s.N; i++ {
				if d := time.Until(t0.Add(time.Duration(i) * gap)); d > 0 {
					time.Sleep(d)
				}
				tgt := ts[i%len(ts)]
				form := url.Values{"grant_type": {s.Grant}}
				if s.User != "" {
					form.Set("username", s.User)
					form.Set("password", s.Password)
				}
				if s.Secret == "" {
					form.Set("client_id", s.Client)
				}
				req, _ := http.NewRequest("POST", tgt+"/oauth2/token", strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				if s.Secret != "" {
					req.SetBasicAuth(s.Client, s.Secret)
				}
				r := rec{Phase: *phase, Stream: s.Name, Client: s.Client, User: s.User, Seq: i + 1, Target: tgt, Start: time.Now()}
				resp, err := cl.Do(req)
				r.End = time.Now()
				if err != nil {
					r.Err = err.Error()
				} else {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					r.Status = resp.StatusCode
					r.Headers = map[string]string{}
					for _, h := range hdrs {
						if v := resp.Header.Get(h); v != "" {
							r.Headers[h] = v
						}
					}
				}
				mu.Lock()
				enc.Encode(r)
				mu.Unlock()
			}
		}(s)
	}
	wg.Wait()
}

// Command load sends token requests to several instances at a fixed rate per
// spec, for a bounded time, and logs every request on its own line:
//
//	unix_ms_sent unix_ms_done target spec client user status
//
// status is the HTTP status code, or "connerr" (the target refused; the
// request is then tried on the next target and logged again). Each spec
// picks its targets round robin, so an instance gets a fixed share of it.
//
//	-spec name=under,client=demo-service,secret=demo-secret,grant=cc,rps=2
//	-spec name=alice,client=mobile-app,secret=mobile-secret,grant=password,user=alice,pass=alice-password,rps=1
//	-spec name=bad,client=demo-service,secret=demo-secret,grant=dup,rps=0.5   (duplicated parameter: 400)
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ";") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

func main() {
	var specs multi
	targets := flag.String("targets", "127.0.0.1:22001,127.0.0.1:22002,127.0.0.1:22003", "")
	dur := flag.Duration("d", 30*time.Second, "at most 20m")
	out := flag.String("o", "requests.log", "")
	flag.Var(&specs, "spec", "")
	flag.Parse()
	if *dur > 20*time.Minute {
		fmt.Fprintln(os.Stderr, "-d: at most 20m")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(f)
	var mu sync.Mutex
	logl := func(sent time.Time, target, name, client, user, status string) {
		mu.Lock()
		fmt.Fprintf(w, "%d %d %s %s %s %s %s\n", sent.UnixMilli(), time.Now().UnixMilli(), target, name, client, orDash(user), status)
		mu.Unlock()
	}
	ts := strings.Split(*targets, ",")
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}, Timeout: 10 * time.Second}
	deadline := time.Now().Add(*dur)
	var wg sync.WaitGroup
	for _, s := range specs {
		sp := map[string]string{}
		for _, kv := range strings.Split(s, ",") {
			k, v, _ := strings.Cut(kv, "=")
			sp[k] = v
		}
		rps, _ := strconv.ParseFloat(sp["rps"], 64)
		if rps <= 0 || rps > 100 {
			fmt.Fprintln(os.Stderr, "rps: (0, 100]")
			os.Exit(2)
		}
		var rr atomic.Uint64
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(time.Duration(float64(time.Second) / rps))
			defer tick.Stop()
			sem := make(chan struct{}, 16)
			for now := range tick.C {
				if now.After(deadline) {
					break
				}
				form := url.Values{}
				form.Set("grant_type", "client_credentials")
				if sp["grant"] == "password" {
					form.Set("grant_type", "password")
					form.Set("username", sp["user"])
					form.Set("password", sp["pass"])
				}
				body := form.Encode()
				if sp["grant"] == "dup" {
					body += "&grant_type=client_credentials"
				}
				select {
				case sem <- struct{}{}:
				default:
					logl(now, "-", sp["name"], sp["client"], sp["user"], "skipped")
					continue
				}
				first := int(rr.Add(1))
				go func() {
					defer func() { <-sem }()
					for try := 0; try < len(ts); try++ {
						t := ts[(first+try)%len(ts)]
						sent := time.Now()
						req, _ := http.NewRequest("POST", "http://"+t+"/oauth2/token", strings.NewReader(body))
						req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
						req.SetBasicAuth(sp["client"], sp["secret"])
						resp, err := hc.Do(req)
						if err != nil {
							logl(sent, t, sp["name"], sp["client"], sp["user"], "connerr")
							continue
						}
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						logl(sent, t, sp["name"], sp["client"], sp["user"], strconv.Itoa(resp.StatusCode))
						return
					}
				}()
			}
			for i := 0; i < cap(sem); i++ {
				sem <- struct{}{}
			}
		}()
	}
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-time.After(time.Second):
				mu.Lock()
				w.Flush()
				mu.Unlock()
			case <-stop:
				return
			}
		}
	}()
	wg.Wait()
	close(stop)
	mu.Lock()
	w.Flush()
	mu.Unlock()
	f.Close()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

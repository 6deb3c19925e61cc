// Command load sends token requests to several instances, round robin (a
// connection error moves on to the next instance), at a fixed rate per
// spec, for a bounded time, and prints the status codes per spec every 10s.
//
//	-spec name=svc,client=demo-service,secret=demo-secret,grant=cc,rps=5
//	-spec name=alice,client=mobile-app,secret=mobile-secret,grant=password,user=alice,pass=alice-password,rps=1
//	-spec name=churn,client=mobile-app,secret=mobile-secret,grant=password,users=100000,rps=200   (new user every request)
//	-spec name=bad,client=demo-service,secret=demo-secret,grant=dup,rps=3                     (duplicate parameter: 400)
package main

import (
	"flag"
	"fmt"
	"io"
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

type spec map[string]string

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ";") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

func main() {
	var specs multi
	targets := flag.String("targets", "127.0.0.1:18581,127.0.0.1:18582,127.0.0.1:18583", "")
	dur := flag.Duration("d", 30*time.Second, "")
	flag.Var(&specs, "spec", "")
	flag.Parse()
	if *dur > 15*time.Minute {
		fmt.Fprintln(os.Stderr, "-d: at most 15m")
		os.Exit(2)
	}
	ts := strings.Split(*targets, ",")
	var rr atomic.Uint64
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	hc := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	var mu sync.Mutex
	counts := map[string]map[string]int{}
	add := func(name, code string) {
		mu.Lock()
		if counts[name] == nil {
			counts[name] = map[string]int{}
		}
		counts[name][code]++
		mu.Unlock()
	}
	deadline := time.Now().Add(*dur)
	var wg sync.WaitGroup
	for _, s := range specs {
		sp := spec{}
		for _, kv := range strings.Split(s, ",") {
			k, v, _ := strings.Cut(kv, "=")
			sp[k] = v
		}
		rps, _ := strconv.ParseFloat(sp["rps"], 64)
		if rps <= 0 || rps > 2000 {
			fmt.Fprintln(os.Stderr, "rps: (0, 2000]")
			os.Exit(2)
		}
		users, _ := strconv.Atoi(sp["users"])
		wg.Add(1)
		go func() {
			defer wg.Done()
			iv := time.Duration(float64(time.Second) / rps)
			tick := time.NewTicker(iv)
			defer tick.Stop()
			var n int
			sem := make(chan struct{}, 64)
			for now := range tick.C {
				if now.After(deadline) {
					break
				}
				n++
				form := url.Values{}
				switch sp["grant"] {
				case "cc":
					form.Set("grant_type", "client_credentials")
				case "password":
					form.Set("grant_type", "password")
					u := sp["user"]
					if users > 0 {
						u = fmt.Sprintf("%s%d", sp["prefix"], n%users)
					}
					form.Set("username", u)
					form.Set("password", sp["pass"])
				case "dup":
					form.Set("grant_type", "client_credentials")
				}
				body := form.Encode()
				if sp["grant"] == "dup" {
					body += "&grant_type=client_credentials"
				}
				select {
				case sem <- struct{}{}:
				default:
					add(sp["name"], "skipped")
					continue
				}
				go func() {
					defer func() { <-sem }()
					for try := 0; try < len(ts); try++ {
						t := ts[int(rr.Add(1))%len(ts)]
						req, _ := http.NewRequest("POST", "http://"+t+"/oauth2/token", strings.NewReader(body))
						req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
						req.SetBasicAuth(sp["client"], sp["secret"])
						resp, err := hc.Do(req)
						if err != nil {
							add(sp["name"], "connerr")
							continue
						}
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						add(sp["name"], strconv.Itoa(resp.StatusCode))
						return
					}
				}()
			}
			for i := 0; i < cap(sem); i++ {
				sem <- struct{}{}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	report := func() {
		mu.Lock()
		defer mu.Unlock()
		names := make([]string, 0, len(counts))
		for n := range counts {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Printf("%s", time.Now().UTC().Format("15:04:05"))
		for _, n := range names {
			fmt.Printf(" %s%v", n, counts[n])
		}
		fmt.Println()
	}
	tk := time.NewTicker(10 * time.Second)
	for {
		select {
		case <-tk.C:
			report()
		case <-done:
			report()
			return
		}
	}
}

// Command load drives h99's soak: new users that come and go, steady
// clients, ephemeral clients, and a policy rewrite every few minutes.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

var (
	targets  []string
	client   = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64, MaxIdleConns: 256}}
	logCh    = make(chan string, 65536)
	inflight atomic.Int64
	sent     atomic.Int64
)

type result struct {
	status int
	rt     string
}

func do(clientID, user, grant string, form url.Values) result {
	i := rand.IntN(len(targets))
	form.Set("grant_type", grant)
	req, _ := http.NewRequest("POST", targets[i]+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(clientID, "secret-"+clientID)
	inflight.Add(1)
	sent.Add(1)
	t0 := time.Now()
	resp, err := client.Do(req)
	inflight.Add(-1)
	st := -1
	var rt string
	if err == nil {
		st = resp.StatusCode
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if st == 200 {
			var m map[string]any
			if json.Unmarshal(body, &m) == nil {
				rt, _ = m["refresh_token"].(string)
			}
		}
	}
	logCh <- fmt.Sprintf("%d,%d,%d,%s,%s,%s,%d", t0.UnixMilli(), time.Now().UnixMilli(), i, clientID, user, grant, st)
	return result{st, rt}
}

func every(stop <-chan struct{}, d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			go f()
		}
	}
}

// passwordUser: password grants only (no refresh token: its name starts
// with p-), 3 over 15 s, or 8 within 2 s for one in ten; then gone.
func passwordUser(stop <-chan struct{}, name string) {
	n, spread := 3, 15000
	if rand.IntN(10) == 0 {
		n, spread = 8, 250
	}
	for i := range n {
		if i > 0 {
			select {
			case <-stop:
				return
			case <-time.After(time.Duration(rand.IntN(spread)) * time.Millisecond):
			}
		}
		do("mobile", name, "password", url.Values{"username": {name}, "password": {"pw"}})
	}
}

// user: a password grant, then refreshes over a minute, then gone.
func user(stop <-chan struct{}, name string) {
	if rand.IntN(100) < 3 {
		do("mobile", name, "password", url.Values{"username": {name}, "password": {"wrong"}})
	}
	r := do("mobile", name, "password", url.Values{"username": {name}, "password": {"pw"}})
	if r.status != 200 || r.rt == "" {
		return
	}
	rt := r.rt
	var delays []time.Duration
	if rand.IntN(10) == 0 { // bursty: 8 refreshes within 2 s
		for range 8 {
			delays = append(delays, time.Duration(rand.IntN(250))*time.Millisecond)
		}
	} else {
		for range 4 {
			delays = append(delays, time.Duration(rand.IntN(15000))*time.Millisecond)
		}
	}
	for _, d := range delays {
		select {
		case <-stop:
			return
		case <-time.After(d):
		}
		r := do("mobile", name, "refresh_token", url.Values{"refresh_token": {rt}})
		if r.status == 200 {
			rt = r.rt
		} else if r.status != 429 {
			return
		}
	}
}

func steadyUser(stop <-chan struct{}, name string) {
	r := do("mobile", name, "password", url.Values{"username": {name}, "password": {"pw"}})
	rt := r.rt
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		if rt == "" {
			r = do("mobile", name, "password", url.Values{"username": {name}, "password": {"pw"}})
			rt = r.rt
			continue
		}
		r = do("mobile", name, "refresh_token", url.Values{"refresh_token": {rt}})
		if r.status == 200 {
			rt = r.rt
		} else if r.status != 429 {
			rt = ""
		}
	}
}

const policyTmpl = `mode: enforce
defaults:
  client:
    - {limit: 300, window: 10s}
    - {limit: 1200, window: 1m}
  user:
    - {limit: 6, window: 10s}
    - {limit: 15, window: 1m}
  aggregate:
    - {limit: 6000, window: 1m}
  soft_limit: 0.8
  outage: optimistic
costs:
  client_credentials: 1
  refresh_token: 1
  password: 1
clients:
  steady-1:
    client:
      - {limit: %d, window: 1m}
  steady-2: {}
  steady-3: {}
  steady-4: {}
  mobile:
    user:
      - {limit: 6, window: 10s}
      - {limit: 15, window: 1m}
  gen-%d:
    client:
      - {limit: 100, window: 1m}
`

func writePolicy(path string, gen int) {
	lim := 250
	if gen%2 == 1 {
		lim = 270
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(fmt.Sprintf(policyTmpl, lim, gen)), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		log.Fatal(err)
	}
}

func main() {
	tg := flag.String("targets", "http://127.0.0.1:24010,http://127.0.0.1:24011,http://127.0.0.1:24012", "")
	dur := flag.Duration("duration", time.Hour, "")
	usersPerSec := flag.Float64("users", 8, "new users a second")
	refreshFrac := flag.Float64("refresh-frac", 1, "share of the new users that get refresh tokens")
	policy := flag.String("policy", "", "policy file to rewrite")
	reload := flag.Duration("reload", 3*time.Minute, "")
	out := flag.String("log", "requests.csv", "")
	initOnly := flag.Bool("init-policy", false, "write the policy (gen 0) and exit")
	flag.Parse()
	if *initOnly {
		writePolicy(*policy, 0)
		return
	}
	targets = strings.Split(*tg, ",")
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case s, ok := <-logCh:
				if !ok {
					bw.Flush()
					return
				}
				bw.WriteString(s)
				bw.WriteByte('\n')
			case <-t.C:
				bw.Flush()
			}
		}
	}()
	stop := make(chan struct{})
	var gen atomic.Int64
	var workers sync.WaitGroup
	spawn := func(f func()) { workers.Add(1); go func() { defer workers.Done(); f() }() }

	// steady clients
	rates := map[string]time.Duration{"steady-1": 200 * time.Millisecond, "steady-2": 333 * time.Millisecond, "steady-3": 333 * time.Millisecond, "steady-4": 333 * time.Millisecond}
	for c, d := range rates {
		spawn(func() { every(stop, d, func() { do(c, "", "client_credentials", url.Values{}) }) })
	}
	for i := 1; i <= 5; i++ {
		spawn(func() { steadyUser(stop, fmt.Sprintf("steady-u%d", i)) })
	}
	// the current generation's client
	spawn(func() {
		every(stop, time.Second, func() { do(fmt.Sprintf("gen-%d", gen.Load()), "", "client_credentials", url.Values{}) })
	})
	// new users
	var n atomic.Int64
	spawn(func() {
		every(stop, time.Duration(float64(time.Second)/(*usersPerSec)), func() {
			workers.Add(1)
			defer workers.Done()
			if rand.Float64() < *refreshFrac {
				user(stop, fmt.Sprintf("u-%07d", n.Add(1)))
			} else {
				passwordUser(stop, fmt.Sprintf("p-%07d", n.Add(1)))
			}
		})
	})
	// ephemeral clients: a new one every 20 s, 2 a second for 90 s
	var e atomic.Int64
	spawn(func() {
		every(stop, 20*time.Second, func() {
			id := fmt.Sprintf("eph-%05d", e.Add(1))
			end := time.Now().Add(90 * time.Second)
			t := time.NewTicker(500 * time.Millisecond)
			defer t.Stop()
			for time.Now().Before(end) {
				select {
				case <-stop:
					return
				case <-t.C:
				}
				do(id, "", "client_credentials", url.Values{})
			}
		})
	})
	// policy rewrites
	if *policy != "" {
		spawn(func() {
			every(stop, *reload, func() {
				g := int(gen.Load()) + 1
				writePolicy(*policy, g)
				log.Printf("policy gen %d written", g)
				time.Sleep(3 * time.Second)
				gen.Store(int64(g))
			})
		})
	}
	// progress
	spawn(func() {
		every(stop, time.Minute, func() {
			log.Printf("sent %d inflight %d users %d eph %d gen %d", sent.Load(), inflight.Load(), n.Load(), e.Load(), gen.Load())
		})
	})
	time.Sleep(*dur)
	close(stop)
	log.Printf("stopping; waiting for users")
	done := make(chan struct{})
	go func() { workers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
	}
	time.Sleep(11 * time.Second)
	close(logCh)
	wg.Wait()
	f.Close()
	log.Printf("done: sent %d", sent.Load())
}

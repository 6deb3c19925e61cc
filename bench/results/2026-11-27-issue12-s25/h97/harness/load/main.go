// Command load (h90's, with h97's keys): steady bounded token requests round robin over the instances,
// one CSV line per request: seq,send_unix_ms,done_unix_ms,instance,key,status.
package main

import (
	"bufio"
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

type key struct {
	client, secret, user string
	every                time.Duration
}

func main() {
	insts := flag.String("targets", "127.0.0.1:22201,127.0.0.1:22202,127.0.0.1:22203", "instances")
	dur := flag.Duration("d", 60*time.Second, "duration")
	out := flag.String("out", "", "csv log (appended)")
	phase := flag.String("phase", "", "phase name (in each line)")
	flag.Parse()
	targets := strings.Split(*insts, ",")
	var keys []key
	// hot1, hot2 over their limit of 300 a minute (480), hot3 under (240);
	// u000-u004 over their 30 a minute (60), u005-u039 under (6).
	keys = append(keys, key{client: "hot1", secret: "s", every: time.Second / 8},
		key{client: "hot2", secret: "s", every: time.Second / 8},
		key{client: "hot3", secret: "s", every: time.Second / 4})
	for i := range 40 {
		every := 10 * time.Second
		if i < 5 {
			every = time.Second
		}
		keys = append(keys, key{client: "app", secret: "s", user: fmt.Sprintf("u%03d", i), every: every})
	}
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriter(f)
	lines := make(chan string, 4096)
	var wdone sync.WaitGroup
	wdone.Add(1)
	go func() {
		defer wdone.Done()
		for l := range lines {
			w.WriteString(l)
		}
		w.Flush()
		f.Close()
	}()
	tr := &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}
	hc := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	var seq, rr atomic.Int64
	var inflight sync.WaitGroup
	var counts [6]atomic.Int64 // 200, 429, other, error
	end := time.Now().Add(*dur)
	var kg sync.WaitGroup
	for _, k := range keys {
		kg.Add(1)
		go func() {
			defer kg.Done()
			// random phase so the keys do not fire together
			next := time.Now().Add(time.Duration(rand.Int64N(int64(k.every))))
			for {
				time.Sleep(time.Until(next))
				if time.Now().After(end) {
					return
				}
				next = next.Add(k.every)
				n := seq.Add(1)
				inst := targets[int(rr.Add(1))%len(targets)]
				inflight.Add(1)
				go func() {
					defer inflight.Done()
					form := url.Values{}
					if k.user == "" {
						form.Set("grant_type", "client_credentials")
					} else {
						form.Set("grant_type", "password")
						form.Set("username", k.user)
						form.Set("password", "p")
					}
					req, _ := http.NewRequest("POST", "http://"+inst+"/oauth2/token", strings.NewReader(form.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					req.SetBasicAuth(k.client, k.secret)
					sent := time.Now()
					resp, err := hc.Do(req)
					status := 0
					if err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						status = resp.StatusCode
					}
					done := time.Now()
					switch {
					case status == 200:
						counts[0].Add(1)
					case status == 429:
						counts[1].Add(1)
					case status == 0:
						counts[3].Add(1)
					default:
						counts[2].Add(1)
					}
					lines <- fmt.Sprintf("%d,%d,%d,%s,%s|%s,%d,%s\n", n, sent.UnixMilli(), done.UnixMilli(), inst, k.client, k.user, status, *phase)
				}()
			}
		}()
	}
	kg.Wait()
	inflight.Wait()
	close(lines)
	wdone.Wait()
	fmt.Printf("phase=%s sent=%d ok=%d 429=%d other=%d err=%d\n", *phase, seq.Load(), counts[0].Load(), counts[1].Load(), counts[2].Load(), counts[3].Load())
}

// Command load: steady bounded token requests round robin over the
// instances, one CSV line per request:
// seq,send_unix_ms,done_unix_ms,instance,key,grant,status.
// Keys: hot1 (client_credentials, 8/s), app users u000-u009 (password, 1/s
// each, then every 4th request of a user is a refresh_token grant with the
// refresh token of that user's previous answer, sent to the next instance,
// so the binding must come through the store's subjects).
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

type key struct {
	client, user string
	every        time.Duration
}

func main() {
	insts := flag.String("targets", "127.0.0.1:24201,127.0.0.1:24202,127.0.0.1:24203", "instances")
	dur := flag.Duration("d", 60*time.Second, "duration")
	out := flag.String("out", "", "csv log (appended)")
	flag.Parse()
	targets := strings.Split(*insts, ",")
	keys := []key{{client: "hot1", every: time.Second / 8}}
	for i := range 10 {
		keys = append(keys, key{client: "app", user: fmt.Sprintf("u%03d", i), every: time.Second})
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
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}, Timeout: 30 * time.Second}
	var seq atomic.Int64
	var counts [4]atomic.Int64
	end := time.Now().Add(*dur)
	var kg sync.WaitGroup
	for ki, k := range keys {
		kg.Add(1)
		go func() {
			defer kg.Done()
			next := time.Now().Add(time.Duration(rand.Int64N(int64(k.every))))
			rt := ""
			for j := ki; ; j++ {
				time.Sleep(time.Until(next))
				if time.Now().After(end) {
					return
				}
				next = next.Add(k.every)
				n := seq.Add(1)
				inst := targets[j%len(targets)]
				form := url.Values{}
				grant := "client_credentials"
				switch {
				case k.user == "":
				case rt != "" && j%4 == 0:
					grant = "refresh_token"
					form.Set("refresh_token", rt)
				default:
					grant = "password"
					form.Set("username", k.user)
					form.Set("password", "p")
				}
				form.Set("grant_type", grant)
				req, _ := http.NewRequest("POST", "http://"+inst+"/oauth2/token", strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				req.SetBasicAuth(k.client, "s")
				sent := time.Now()
				resp, err := hc.Do(req)
				status := 0
				if err == nil {
					body, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					status = resp.StatusCode
					var t struct {
						RT string `json:"refresh_token"`
					}
					if status == 200 && json.Unmarshal(body, &t) == nil && t.RT != "" {
						rt = t.RT
					}
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
				lines <- fmt.Sprintf("%d,%d,%d,%s,%s|%s,%s,%d\n", n, sent.UnixMilli(), done.UnixMilli(), inst, k.client, k.user, grant, status)
			}
		}()
	}
	kg.Wait()
	close(lines)
	wdone.Wait()
	fmt.Printf("sent=%d ok=%d 429=%d other=%d err=%d\n", seq.Load(), counts[0].Load(), counts[1].Load(), counts[2].Load(), counts[3].Load())
}

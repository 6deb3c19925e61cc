// driver: sends token requests through the proxy and logs each one, as a
// JSON line: what was sent, status, headers, bytes of body read, the
// read's error, and the time. -spec is a list of
// client:count:grant:concurrency; the client_id selects the upstream's
// behaviour. Redirects are not followed.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	target := flag.String("target", "http://127.0.0.1:25000/oauth2/token", "token URL; comma-separated: request i of a client goes to the (i mod n)th")
	spec := flag.String("spec", "ok:5:client_credentials:1", "client:count:grant:conc,...")
	timeout := flag.Duration("timeout", 90*time.Second, "client timeout a request")
	flag.Parse()
	var mu sync.Mutex
	enc := json.NewEncoder(os.Stdout)
	cl := &http.Client{Timeout: *timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}}
	var wg sync.WaitGroup
	for _, s := range strings.Split(*spec, ",") {
		f := strings.Split(s, ":")
		cid, grant := f[0], f[2]
		count, _ := strconv.Atoi(f[1])
		conc, _ := strconv.Atoi(f[3])
		next := make(chan int, count)
		for i := 0; i < count; i++ {
			next <- i
		}
		close(next)
		for c := 0; c < conc; c++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					form := url.Values{"grant_type": {grant}, "client_id": {cid}, "client_secret": {"s"}}
					switch grant {
					case "password":
						form.Set("username", fmt.Sprintf("user%d", i%3))
						form.Set("password", "p")
					case "refresh_token":
						form.Set("refresh_token", fmt.Sprintf("unknown-rt-%s-%d", cid, i))
					}
					start := time.Now()
					rec := map[string]any{"client": cid, "grant": grant, "i": i, "t": start.UTC().Format(time.RFC3339Nano)}
					targets := strings.Split(*target, ",")
					tgt := targets[i%len(targets)]
					rec["target"] = tgt
					resp, err := cl.PostForm(tgt, form)
					if err != nil {
						rec["err"] = err.Error()
					} else {
						rec["status"] = resp.StatusCode
						rec["hdr_ms"] = time.Since(start).Milliseconds()
						hs := map[string]string{}
						for _, k := range []string{"Content-Type", "Content-Length", "Cache-Control", "Retry-After", "Location", "X-Upstream-Marker", "Transfer-Encoding", "Connection"} {
							if v := resp.Header.Get(k); v != "" {
								hs[k] = v
							}
						}
						for k := range resp.Header {
							if strings.HasPrefix(k, "X-Ratelimit") || strings.HasPrefix(k, "Ratelimit") {
								hs[k] = resp.Header.Get(k)
							}
						}
						if len(resp.TransferEncoding) > 0 {
							hs["TE"] = strings.Join(resp.TransferEncoding, ",")
						}
						rec["hdr"] = hs
						rec["content_length"] = resp.ContentLength
						b, rerr := io.ReadAll(resp.Body)
						resp.Body.Close()
						rec["body_bytes"] = len(b)
						if rerr != nil {
							rec["body_err"] = rerr.Error()
						}
						if len(b) > 160 {
							b = b[:160]
						}
						rec["body_head"] = string(b)
					}
					rec["ms"] = time.Since(start).Milliseconds()
					mu.Lock()
					enc.Encode(rec)
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
}

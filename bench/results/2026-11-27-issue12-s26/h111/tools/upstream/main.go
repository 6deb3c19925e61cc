// upstream: a scripted misbehaving token endpoint. The behaviour of a
// request is chosen by its client_id (form body or HTTP Basic), or by the
// X-Up-Mode header: ok, slowN (N seconds, then 200), e500/e502/e503,
// r429 (429 + Retry-After: 7), bad400 (invalid_grant), closebefore
// (hijack, close with no answer), closeafterhdr (headers with
// Content-Length, then close), closemid (half the body, then close),
// big10m (10 MB body), chunked (5 parts, 1 s apart, chunked), chunkgapN
// (one part, N s of silence, the rest), redirect (302), hang (headers,
// then nothing for 600 s), big10mattr (10 MB, access_token first).
// Every request is logged as one JSON line on stdout.
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

var seq atomic.Int64
var mu sync.Mutex
var enc = json.NewEncoder(os.Stdout)

func logf(m map[string]any) { mu.Lock(); enc.Encode(m); mu.Unlock() }

func jwt(sub string, n int64) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","typ":"JWT"}`))
	p := base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf(`{"sub":%q,"jti":"t%d","exp":%d}`, sub, n, time.Now().Add(time.Hour).Unix())))
	return h + "." + p + ".c2ln"
}

func tokenBody(sub string, n int64, pad int) []byte {
	b := fmt.Sprintf(`{"access_token":%q,"token_type":"bearer","expires_in":3600,"refresh_token":"rt-%d"`, jwt(sub, n), n)
	if pad > 0 {
		b += `,"pad":"` + strings.Repeat("x", pad) + `"`
	}
	return []byte(b + "}")
}

func main() {
	addr := flag.String("listen", "127.0.0.1:25001", "address")
	flag.Parse()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := seq.Add(1)
		start := time.Now()
		r.ParseForm()
		mode := r.Header.Get("X-Up-Mode")
		cid := r.PostForm.Get("client_id")
		if u, _, ok := r.BasicAuth(); ok {
			cid = u
		}
		if mode == "" {
			mode = cid
			if i := strings.IndexByte(mode, '.'); i >= 0 {
				mode = mode[:i] // "ok.2" runs mode ok under another client
			}
		}
		sub := r.PostForm.Get("username")
		if sub == "" {
			sub = "u-" + cid
		}
		res := "answered"
		defer func() {
			logf(map[string]any{"n": n, "t": start.UTC().Format(time.RFC3339Nano), "mode": mode, "client": cid, "grant": r.PostForm.Get("grant_type"),
				"path": r.URL.Path, "res": res, "ms": time.Since(start).Milliseconds(), "ctx_err": fmt.Sprint(r.Context().Err())})
		}()
		json200 := func(b []byte) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "no-store")
			w.Write(b)
		}
		switch {
		case mode == "ok":
			json200(tokenBody(sub, n, 0))
		case strings.HasPrefix(mode, "slow"):
			s, _ := strconv.Atoi(mode[4:])
			select {
			case <-time.After(time.Duration(s) * time.Second):
			case <-r.Context().Done():
				res = "client gone while slow"
			}
			json200(tokenBody(sub, n, 0))
		case mode == "e500" || mode == "e502" || mode == "e503":
			c, _ := strconv.Atoi(mode[1:])
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(c)
			fmt.Fprintf(w, `{"error":"server_error","error_description":"scripted %d"}`, c)
		case mode == "r429":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Retry-After", "7")
			w.Header().Set("X-Upstream-Marker", "r429")
			w.WriteHeader(429)
			fmt.Fprint(w, `{"error":"upstream_slow_down","error_description":"upstream's own limit"}`)
		case mode == "bad400":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			fmt.Fprint(w, `{"error":"invalid_grant"}`)
		case mode == "closebefore":
			c, _, _ := w.(http.Hijacker).Hijack()
			c.Close()
			res = "closed before headers"
		case mode == "closeafterhdr", mode == "closemid":
			c, bw, _ := w.(http.Hijacker).Hijack()
			b := tokenBody(sub, n, 2000)
			fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(b))
			if mode == "closemid" {
				bw.Write(b[:len(b)/2])
			}
			bw.Flush()
			c.Close()
			res = "closed " + mode
		case mode == "big10m", mode == "big10mattr":
			w.Header().Set("Content-Type", "application/json")
			json200(tokenBody(sub, n, 10<<20))
		case mode == "chunked":
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Cache-Control", "no-store")
			b := tokenBody(sub, n, 0)
			f := w.(http.Flusher)
			for i := 0; i < 5; i++ {
				w.Write(b[i*len(b)/5 : (i+1)*len(b)/5])
				f.Flush()
				if i < 4 {
					time.Sleep(time.Second)
				}
			}
		case strings.HasPrefix(mode, "chunkgap"):
			s, _ := strconv.Atoi(mode[8:])
			w.Header().Set("Content-Type", "application/json")
			b := tokenBody(sub, n, 0)
			w.Write(b[:10])
			w.(http.Flusher).Flush()
			select {
			case <-time.After(time.Duration(s) * time.Second):
			case <-r.Context().Done():
				res = "proxy gone during gap"
				return
			}
			w.Write(b[10:])
		case mode == "redirect":
			w.Header().Set("Location", "http://127.0.0.1:25001/elsewhere/token")
			w.WriteHeader(302)
		case mode == "hang":
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(200)
			w.(http.Flusher).Flush()
			select {
			case <-time.After(600 * time.Second):
			case <-r.Context().Done():
				res = "proxy gone during hang"
			}
		default:
			w.WriteHeader(404)
			res = "unknown mode"
		}
	})
	_ = bufio.NewReader
	log.Fatal((&http.Server{Addr: *addr, Handler: h}).ListenAndServe())
}

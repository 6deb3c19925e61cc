// Command upstream is a misbehaving OAuth token endpoint for h93's outside
// test of oauth-ratelimit's proxy mode. 127.0.0.1 only.
//
// Each token request picks its behaviour with the header X-Fault (the proxy
// passes it on): ok, slow=DUR, hang, hangbody, closehdr, closebody,
// status=N[,ra=S], invalid_grant, invalid_client, 401, notjson, huge,
// chunked, gzip, gzipforce, badgzip, 429.
// Every answer it writes itself carries X-Up-Req (the client's X-Req-Id)
// and X-Up-Sha256 (of the body bytes on the wire) and X-Up-Plain-Sha256
// (of the body before any encoding).
//
// -flap DUR: every DUR the server closes its listener and every connection,
// stays down DUR/2, and listens again.
//
// GET /ctl/stats: per client/user/fault, requests received, 2xx headers
// written, other statuses written, completed bodies, handlers in flight.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type counts struct {
	Received  int64          `json:"received"`
	Status2xx int64          `json:"status_2xx"` // 2xx headers written (or flushed)
	Other     map[int]int64  `json:"other"`      // other statuses written
	Completed int64          `json:"completed"`  // handler returned having written the whole body
	Aborted   int64          `json:"aborted"`    // the connection was cut by us on purpose
	Canceled  int64          `json:"canceled"`   // our request context ended while we waited
	Faults    map[string]int `json:"-"`
}

var (
	mu       sync.Mutex
	stats    = map[string]*counts{} // key: client|user|fault
	inflight atomic.Int64
	hugeBody []byte
)

func rec(key string, f func(c *counts)) {
	mu.Lock()
	c := stats[key]
	if c == nil {
		c = &counts{Other: map[int]int64{}}
		stats[key] = c
	}
	f(c)
	mu.Unlock()
}

func jwt(sub string) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none"}`))
	p := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"` + sub + `","iat":1}`))
	return h + "." + p + "."
}

func tokenBody(sub, reqID string) []byte {
	return []byte(`{"access_token":"` + jwt(sub) + `","token_type":"Bearer","expires_in":300,"refresh_token":"rt-` + reqID + `"}`)
}

func sum(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }

func gz(b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func token(w http.ResponseWriter, r *http.Request) {
	inflight.Add(1)
	defer inflight.Add(-1)
	body, _ := io.ReadAll(r.Body)
	form, _ := parseForm(string(body))
	client := form["client_id"]
	if u, _, ok := r.BasicAuth(); ok {
		client = u
	}
	user := form["username"]
	sub := user
	if form["grant_type"] == "authorization_code" {
		sub = strings.TrimPrefix(form["code"], "code-")
	}
	if sub == "" {
		sub = client
	}
	fault := r.Header.Get("X-Fault")
	if fault == "" {
		fault = "ok"
	}
	fname, _, _ := strings.Cut(fault, "=")
	key := client + "|" + user + "|" + fname
	rec(key, func(c *counts) { c.Received++ })
	reqID := r.Header.Get("X-Req-Id")
	h := w.Header()
	h.Set("X-Up-Req", reqID)
	h.Set("Cache-Control", "no-store")
	h.Set("Pragma", "no-cache")
	h.Set("X-Up-Custom", "kept")
	tok := tokenBody(sub, reqID)
	send := func(status int, ctype string, b []byte) {
		if ctype != "" {
			h.Set("Content-Type", ctype)
		}
		h.Set("X-Up-Sha256", sum(b))
		h.Set("X-Up-Plain-Sha256", sum(b))
		h.Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(status)
		rec(key, func(c *counts) {
			if status/100 == 2 {
				c.Status2xx++
			} else {
				c.Other[status]++
			}
		})
		if _, err := w.Write(b); err == nil {
			rec(key, func(c *counts) { c.Completed++ })
		}
	}
	wait := func(d time.Duration) bool { // false: the request ended first
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return true
		case <-r.Context().Done():
			rec(key, func(c *counts) { c.Canceled++ })
			return false
		}
	}
	arg := ""
	if i := strings.IndexByte(fault, '='); i >= 0 {
		arg = fault[i+1:]
	}
	switch fname {
	case "ok":
		send(200, "application/json", tok)
	case "slow":
		d, _ := time.ParseDuration(arg)
		if wait(d) {
			send(200, "application/json", tok)
		}
	case "hang": // never answers; ends when the proxy gives up
		wait(24 * time.Hour)
	case "hangbody": // 200 headers and half a body, then nothing
		b := tok
		h.Set("Content-Type", "application/json")
		h.Set("X-Up-Sha256", sum(b))
		h.Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(200)
		rec(key, func(c *counts) { c.Status2xx++ })
		w.Write(b[:len(b)/2])
		w.(http.Flusher).Flush()
		d := 24 * time.Hour
		if arg != "" {
			d, _ = time.ParseDuration(arg)
		}
		if wait(d) {
			w.Write(b[len(b)/2:])
			rec(key, func(c *counts) { c.Completed++ })
		}
	case "closehdr": // cut in the middle of the headers
		c, bw, _ := http.NewResponseController(w).Hijack()
		bw.WriteString("HTTP/1.1 200 OK\r\nContent-Type: applic")
		bw.Flush()
		c.Close()
		rec(key, func(c *counts) { c.Aborted++ })
	case "closebody": // whole headers, a part of the body, cut
		c, bw, _ := http.NewResponseController(w).Hijack()
		fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Up-Req: %s\r\nContent-Length: %d\r\n\r\n", reqID, len(tok))
		bw.Write(tok[:len(tok)/3])
		bw.Flush()
		time.Sleep(50 * time.Millisecond)
		c.Close()
		rec(key, func(c *counts) { c.Status2xx++; c.Aborted++ })
	case "status": // status=N[,ra=S]
		code, rest, _ := strings.Cut(arg, ",")
		n, _ := strconv.Atoi(code)
		if ra, ok := strings.CutPrefix(rest, "ra="); ok {
			h.Set("Retry-After", ra)
		}
		send(n, "application/json", []byte(`{"error":"server_error","error_description":"upstream says `+code+`"}`))
	case "invalid_grant":
		send(400, "application/json", []byte(`{"error":"invalid_grant","error_description":"bad code"}`))
	case "invalid_client":
		h.Set("WWW-Authenticate", `Basic realm="up"`)
		send(401, "application/json", []byte(`{"error":"invalid_client"}`))
	case "401":
		h.Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		send(401, "text/plain", []byte("unauthorized\n"))
	case "429":
		h.Set("Retry-After", "7")
		h.Set("RateLimit", `"up";r=0;t=7`)
		send(429, "application/json", []byte(`{"error":"slow_down_upstream"}`))
	case "notjson":
		send(200, "text/html", []byte("<html><body>Gateway says hi</body></html>"))
	case "huge":
		send(200, "application/json", hugeBody)
	case "chunked": // no Content-Length, flushed in parts
		h.Set("Content-Type", "application/json")
		h.Set("X-Up-Sha256", sum(tok))
		h.Set("X-Up-Plain-Sha256", sum(tok))
		w.WriteHeader(200)
		rec(key, func(c *counts) { c.Status2xx++ })
		for i := 0; i < len(tok); i += 20 {
			w.Write(tok[i:min(i+20, len(tok))])
			w.(http.Flusher).Flush()
			time.Sleep(2 * time.Millisecond)
		}
		rec(key, func(c *counts) { c.Completed++ })
	case "gzip", "gzipforce": // gzip if asked (gzipforce: always)
		if fname == "gzipforce" || strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			g := gz(tok)
			h.Set("Content-Encoding", "gzip")
			h.Set("Vary", "Accept-Encoding")
			h.Set("X-Up-Plain-Sha256", sum(tok))
			h.Set("Content-Type", "application/json")
			h.Set("X-Up-Sha256", sum(g))
			h.Set("Content-Length", strconv.Itoa(len(g)))
			w.WriteHeader(200)
			rec(key, func(c *counts) { c.Status2xx++ })
			if _, err := w.Write(g); err == nil {
				rec(key, func(c *counts) { c.Completed++ })
			}
			return
		}
		send(200, "application/json", tok)
	case "badgzip": // says gzip, is not
		b := []byte("this is not gzip at all, sorry")
		h.Set("Content-Encoding", "gzip")
		send(200, "application/json", b)
	default:
		send(500, "text/plain", []byte("unknown fault "+fault+"\n"))
	}
}

func parseForm(s string) (map[string]string, error) {
	m := map[string]string{}
	for _, kv := range strings.Split(s, "&") {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m, nil
}

func ctl(w http.ResponseWriter, r *http.Request) {
	mu.Lock()
	defer mu.Unlock()
	keys := make([]string, 0, len(stats))
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := map[string]any{"inflight": inflight.Load()}
	m := map[string]*counts{}
	for _, k := range keys {
		m[k] = stats[k]
	}
	out["keys"] = m
	if r.URL.Query().Get("reset") == "1" {
		stats = map[string]*counts{}
	}
	w.Header().Set("Content-Type", "application/json")
	e := json.NewEncoder(w)
	e.SetIndent("", " ")
	e.Encode(out)
}

func main() {
	addr := flag.String("addr", "127.0.0.1:28001", "listen address")
	ctlAddr := flag.String("ctl", "127.0.0.1:28002", "control address")
	flap := flag.Duration("flap", 0, "close and reopen the listener every so often")
	idle := flag.Duration("idle-timeout", 0, "server IdleTimeout (0: Go's default, none)")
	flag.Parse()
	if !strings.HasPrefix(*addr, "127.0.0.1:") || !strings.HasPrefix(*ctlAddr, "127.0.0.1:") {
		log.Fatal("127.0.0.1 only")
	}
	pad := strings.Repeat("x", 10<<20)
	hugeBody = []byte(`{"access_token":"` + jwt("huge-user") + `","token_type":"Bearer","expires_in":300,"pad":"` + pad + `"}`)
	mux := http.NewServeMux()
	mux.HandleFunc("/oauth2/token", token)
	go http.ListenAndServe(*ctlAddr, http.HandlerFunc(ctl))
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	for {
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			log.Printf("listen: %v; retrying", err)
			time.Sleep(100 * time.Millisecond)
			continue
		}
		srv := &http.Server{Handler: mux, IdleTimeout: *idle, ErrorLog: log.New(io.Discard, "", 0)}
		go srv.Serve(ln)
		log.Printf("up on %s", *addr)
		if *flap == 0 {
			<-ctx.Done()
			srv.Close()
			return
		}
		select {
		case <-ctx.Done():
			srv.Close()
			return
		case <-time.After(*flap):
		}
		srv.Close()
		log.Printf("down for %v", *flap/2)
		select {
		case <-ctx.Done():
			return
		case <-time.After(*flap / 2):
		}
	}
}

var _ = bufio.NewReader
var _ = os.Exit

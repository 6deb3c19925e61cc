package main

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// ---- a raw HTTP/2 client: frames written by hand ----

type h2resp struct {
	status  []int // every :status, 1xx included
	headers http.Header
	body    bytes.Buffer
	rst     http2.ErrCode
	gotRST  bool
	done    bool
}

type h2conn struct {
	c      net.Conn
	fr     *http2.Framer
	wmu    sync.Mutex
	mu     sync.Mutex
	cond   *sync.Cond
	st     map[uint32]*h2resp
	goaway string
	closed bool
	hbuf   bytes.Buffer
	enc    *hpack.Encoder
}

func dialH2(addr string, useTLS bool) (*h2conn, error) {
	var c net.Conn
	var err error
	if useTLS {
		c, err = tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"h2"}})
		if err == nil && c.(*tls.Conn).ConnectionState().NegotiatedProtocol != "h2" {
			return nil, fmt.Errorf("ALPN: %q", c.(*tls.Conn).ConnectionState().NegotiatedProtocol)
		}
	} else {
		c, err = net.Dial("tcp", addr)
	}
	if err != nil {
		return nil, err
	}
	h := &h2conn{c: c, st: map[uint32]*h2resp{}}
	h.cond = sync.NewCond(&h.mu)
	h.enc = hpack.NewEncoder(&h.hbuf)
	if _, err := io.WriteString(c, http2.ClientPreface); err != nil {
		return nil, err
	}
	h.fr = http2.NewFramer(c, c)
	h.fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	h.fr.MaxHeaderListSize = 1 << 20
	h.fr.WriteSettings(http2.Setting{ID: http2.SettingInitialWindowSize, Val: 1 << 24})
	h.fr.WriteWindowUpdate(0, 1<<24)
	go h.readLoop()
	time.Sleep(50 * time.Millisecond) // the server's SETTINGS and window
	return h, nil
}

func (h *h2conn) resp(id uint32) *h2resp {
	r := h.st[id]
	if r == nil {
		r = &h2resp{headers: http.Header{}}
		h.st[id] = r
	}
	return r
}

func (h *h2conn) readLoop() {
	for {
		f, err := h.fr.ReadFrame()
		h.mu.Lock()
		if err != nil {
			h.closed = true
			h.cond.Broadcast()
			h.mu.Unlock()
			return
		}
		switch f := f.(type) {
		case *http2.SettingsFrame:
			if !f.IsAck() {
				h.wmu.Lock()
				h.fr.WriteSettingsAck()
				h.wmu.Unlock()
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				h.wmu.Lock()
				h.fr.WritePing(true, f.Data)
				h.wmu.Unlock()
			}
		case *http2.GoAwayFrame:
			h.goaway = fmt.Sprintf("GOAWAY last=%d code=%v debug=%q", f.LastStreamID, f.ErrCode, f.DebugData())
		case *http2.MetaHeadersFrame:
			r := h.resp(f.StreamID)
			for _, hf := range f.Fields {
				if hf.Name == ":status" {
					s, _ := strconv.Atoi(hf.Value)
					r.status = append(r.status, s)
				} else {
					r.headers.Add(hf.Name, hf.Value)
				}
			}
			if f.StreamEnded() {
				r.done = true
			}
		case *http2.DataFrame:
			r := h.resp(f.StreamID)
			r.body.Write(f.Data())
			if len(f.Data()) > 0 {
				h.wmu.Lock()
				h.fr.WriteWindowUpdate(0, uint32(len(f.Data())))
				h.fr.WriteWindowUpdate(f.StreamID, uint32(len(f.Data())))
				h.wmu.Unlock()
			}
			if f.StreamEnded() {
				r.done = true
			}
		case *http2.RSTStreamFrame:
			r := h.resp(f.StreamID)
			r.gotRST, r.rst, r.done = true, f.ErrCode, true
		}
		h.cond.Broadcast()
		h.mu.Unlock()
	}
}

func (h *h2conn) headers(id uint32, hdrs [][2]string, end bool) error {
	h.wmu.Lock()
	defer h.wmu.Unlock()
	h.hbuf.Reset()
	for _, kv := range hdrs {
		h.enc.WriteField(hpack.HeaderField{Name: kv[0], Value: kv[1]})
	}
	return h.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: h.hbuf.Bytes(), EndStream: end, EndHeaders: true})
}

func (h *h2conn) data(id uint32, b []byte, end bool) error {
	h.wmu.Lock()
	defer h.wmu.Unlock()
	for len(b) > 16384 {
		if err := h.fr.WriteData(id, false, b[:16384]); err != nil {
			return err
		}
		b = b[16384:]
	}
	return h.fr.WriteData(id, end, b)
}

func (h *h2conn) rstStream(id uint32) error {
	h.wmu.Lock()
	defer h.wmu.Unlock()
	return h.fr.WriteRSTStream(id, http2.ErrCodeCancel)
}

// wait returns the stream's answer once it ended (or was reset), or after d.
func (h *h2conn) wait(id uint32, d time.Duration) *h2resp {
	deadline := time.Now().Add(d)
	t := time.AfterFunc(d, func() { h.mu.Lock(); h.cond.Broadcast(); h.mu.Unlock() })
	defer t.Stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for {
		r := h.resp(id)
		if r.done || h.closed || time.Now().After(deadline) {
			return r
		}
		h.cond.Wait()
	}
}

// waitStatus waits until the stream has had a :status (1xx included).
func (h *h2conn) waitStatus(id uint32, d time.Duration) []int {
	deadline := time.Now().Add(d)
	t := time.AfterFunc(d, func() { h.mu.Lock(); h.cond.Broadcast(); h.mu.Unlock() })
	defer t.Stop()
	h.mu.Lock()
	defer h.mu.Unlock()
	for {
		r := h.resp(id)
		if len(r.status) > 0 || r.done || h.closed || time.Now().After(deadline) {
			return append([]int(nil), r.status...)
		}
		h.cond.Wait()
	}
}

func (r *h2resp) String() string {
	s := fmt.Sprintf("status %v", r.status)
	if r.gotRST {
		s += fmt.Sprintf(" RST_STREAM %v", r.rst)
	}
	if !r.done {
		s += " (not ended)"
	}
	if v := r.headers.Get("ratelimit"); v != "" {
		s += " ratelimit " + v
	}
	if b := strings.TrimSpace(r.body.String()); b != "" {
		if len(b) > 160 {
			b = b[:160] + "…"
		}
		if strings.Contains(b, "access_token") {
			b = "{access_token…}"
		}
		s += " body " + b
	}
	return s
}

// ---- the scenarios ----

type target struct {
	addr  string // host:port
	tls   bool
	proto string // h2 or h1
	admin string
	name  string
}

func basicOf(id, secret string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(id+":"+secret))
}

func (t target) h2hdrs(extra ...[2]string) [][2]string {
	scheme := "http"
	if t.tls {
		scheme = "https"
	}
	h := [][2]string{{":method", "POST"}, {":scheme", scheme}, {":authority", t.addr}, {":path", "/oauth2/token"}}
	return append(h, extra...)
}

var ctForm = [2]string{"content-type", "application/x-www-form-urlencoded"}

type keyState struct {
	Found    bool
	Used     float64
	Reserved float64
}

func (t target) key(client, user string) keyState {
	p := t.admin + "/admin/keys/" + url.PathEscape(client)
	if user != "" {
		p += "/" + url.PathEscape(user)
	}
	resp, err := http.Get(p)
	if err != nil {
		return keyState{}
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return keyState{}
	}
	var st struct {
		Reserved float64 `json:"reserved"`
		Tiers    []struct {
			Used float64 `json:"used"`
		} `json:"tiers"`
	}
	json.NewDecoder(resp.Body).Decode(&st)
	ks := keyState{Found: true, Reserved: st.Reserved}
	if len(st.Tiers) > 0 {
		ks.Used = st.Tiers[0].Used
	}
	return ks
}

var metricLine = regexp.MustCompile(`^(oauth_ratelimit_(?:bad_requests_total|decisions_total|tokens_issued_total|reservations_released_total)\{[^}]*\}) (\d+)`)

func (t target) metrics() map[string]int {
	m := map[string]int{}
	resp, err := http.Get(t.admin + "/metrics")
	if err != nil {
		return m
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, line := range strings.Split(string(b), "\n") {
		if s := metricLine.FindStringSubmatch(line); s != nil {
			n, _ := strconv.Atoi(s[2])
			m[s[1]] = n
		}
	}
	return m
}

func (t target) goroutines() string {
	resp, err := http.Get(t.admin + "/goroutines")
	if err != nil {
		return "?"
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return strings.TrimSpace(string(b))
}

func diff(a, b map[string]int) string {
	var out []string
	for k, v := range b {
		if d := v - a[k]; d != 0 {
			out = append(out, fmt.Sprintf("%s +%d", strings.TrimPrefix(k, "oauth_ratelimit_"), d))
		}
	}
	for k, v := range a {
		if _, ok := b[k]; !ok && v != 0 {
			out = append(out, k+" gone")
		}
	}
	if len(out) == 0 {
		return "none"
	}
	sortStrings(out)
	return strings.Join(out, "; ")
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

type scenario struct {
	name string
	// run sends the request(s) for client (a fresh client ID) and returns
	// what the client saw.
	h2 func(t target, c *h2conn, id uint32, client string) string
	h1 func(t target, client string) string
}

func ccBody(client string, post bool) string {
	b := "grant_type=client_credentials"
	if post {
		b += "&client_id=" + url.QueryEscape(client) + "&client_secret=" + url.QueryEscape("s-"+client)
	}
	return b
}

// ---- raw HTTP/1.1 ----

func h1do(t target, head string, parts []string, pause time.Duration, closeAfter bool, expect bool) string {
	var c net.Conn
	var err error
	if t.tls {
		c, err = tls.Dial("tcp", t.addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"http/1.1"}})
	} else {
		c, err = net.Dial("tcp", t.addr)
	}
	if err != nil {
		return "dial: " + err.Error()
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(15 * time.Second))
	br := bufio.NewReader(c)
	io.WriteString(c, head)
	var seen []string
	if expect {
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		line, err := br.ReadString('\n')
		if err != nil {
			return "waiting for 100: " + err.Error()
		}
		seen = append(seen, strings.TrimSpace(line))
		if !strings.Contains(line, " 100 ") {
			rest, _ := io.ReadAll(br)
			return strings.Join(seen, " | ") + " " + summarize(string(rest))
		}
		br.ReadString('\n') // blank line
		c.SetReadDeadline(time.Now().Add(15 * time.Second))
	}
	for i, p := range parts {
		if i > 0 && pause > 0 {
			time.Sleep(pause)
		}
		io.WriteString(c, p)
	}
	if closeAfter {
		return "closed by the client"
	}
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return strings.Join(append(seen, "read: "+err.Error()), " | ")
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	s := fmt.Sprintf("%s %d", strings.Join(seen, " | "), resp.StatusCode)
	if v := resp.Header.Get("RateLimit"); v != "" {
		s += " ratelimit " + v
	}
	return strings.TrimSpace(s + " " + summarize(string(b)))
}

func summarize(b string) string {
	b = strings.TrimSpace(b)
	if strings.Contains(b, "access_token") {
		return "{access_token…}"
	}
	if len(b) > 160 {
		return b[:160] + "…"
	}
	return b
}

func h1head(client string, extra string, cl int) string {
	h := "POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" + extra
	if cl >= 0 {
		h += "Content-Length: " + strconv.Itoa(cl) + "\r\n"
	}
	return h + "\r\n"
}

func chunk(s string) string { return fmt.Sprintf("%x\r\n%s\r\n", len(s), s) }

func rawMain(args []string) error {
	fs := flag.NewFlagSet("raw", flag.ExitOnError)
	addr := fs.String("addr", "127.0.0.1:23443", "")
	useTLS := fs.Bool("tls", true, "")
	proto := fs.String("proto", "h2", "h2 or h1")
	adminURL := fs.String("admin", "http://127.0.0.1:23091", "")
	first := fs.Int("first", 101, "first client number (c<N>); each scenario takes the next")
	only := fs.String("only", "", "run only scenarios whose name contains this")
	fs.Parse(args)
	t := target{addr: *addr, tls: *useTLS, proto: *proto, admin: *adminURL}
	n := *first
	for _, sc := range scenarios() {
		if *only != "" && !strings.Contains(sc.name, *only) {
			continue
		}
		if (t.proto == "h2" && sc.h2 == nil) || (t.proto == "h1" && sc.h1 == nil) {
			continue
		}
		client := fmt.Sprintf("c%d", n)
		if strings.Contains(sc.name, "percent") {
			client = specialClient
		}
		n++
		g0, m0 := t.goroutines(), t.metrics()
		var saw string
		if t.proto == "h2" {
			c, err := dialH2(t.addr, t.tls)
			if err != nil {
				return err
			}
			saw = sc.h2(t, c, 1, client)
			c.c.Close()
			if c.goaway != "" {
				saw += " [" + c.goaway + "]"
			}
		} else {
			saw = sc.h1(t, client)
		}
		time.Sleep(700 * time.Millisecond)
		ks := t.key(client, "")
		g1, m1 := t.goroutines(), t.metrics()
		kstr := "no key"
		if ks.Found {
			kstr = fmt.Sprintf("used %v reserved %v", ks.Used, ks.Reserved)
		}
		fmt.Printf("### %s [%s %s] client %q\n  client saw: %s\n  key: %s\n  metrics: %s\n  goroutines: %s -> %s\n",
			sc.name, t.proto, map[bool]string{true: "TLS", false: "cleartext"}[t.tls], client, saw, kstr, diff(m0, m1), g0, g1)
	}
	return nil
}

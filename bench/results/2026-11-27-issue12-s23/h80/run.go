package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Rec is one line of the transcript.
type Rec struct {
	Op
	Conn     int               `json:"conn"`
	Seq      int               `json:"seq"` // on the connection
	Pipe     bool              `json:"pipelined"`
	Raw      []byte            `json:"raw"` // exactly the bytes written (base64 in JSON)
	Sent     string            `json:"sent_at"`
	Status   int               `json:"status"` // 0: no answer
	Got100   bool              `json:"got_100,omitempty"`
	Hdr      map[string]string `json:"hdr,omitempty"`
	RespBody string            `json:"resp_body,omitempty"`
	Err      string            `json:"err,omitempty"`
	Addr     string            `json:"addr"`
}

var keepHdr = []string{"Ratelimit", "Ratelimit-Policy", "X-Ratelimit-Limit", "X-Ratelimit-Remaining", "X-Ratelimit-Reset", "Retry-After", "Ratelimit-Warning", "Connection", "Access-Control-Allow-Origin"}

func rawRequest(r *rand.Rand, op *Op, host string) (head []byte, body []byte) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\n", op.Path, host, op.CType)
	for _, h := range op.Header {
		b.WriteString(h + "\r\n")
	}
	switch op.Transport {
	case "chunked", "badchunk":
		b.WriteString("Transfer-Encoding: chunked\r\n\r\n")
		var cb bytes.Buffer
		rest := op.Body
		for len(rest) > 0 {
			n := 1 + r.IntN(min(len(rest), 3000))
			if r.IntN(2) == 0 {
				fmt.Fprintf(&cb, "%x\r\n", n)
			} else {
				fmt.Fprintf(&cb, "%X\r\n", n)
			}
			cb.Write(rest[:n])
			cb.WriteString("\r\n")
			rest = rest[n:]
		}
		if op.Transport == "badchunk" {
			cb.WriteString("zz\r\n\r\n")
		} else {
			cb.WriteString("0\r\n\r\n")
		}
		return b.Bytes(), cb.Bytes()
	case "expect":
		fmt.Fprintf(&b, "Content-Length: %d\r\nExpect: 100-continue\r\n\r\n", len(op.Body))
	default:
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(op.Body))
	}
	return b.Bytes(), op.Body
}

type logger struct {
	mu   sync.Mutex
	zw   *gzip.Writer
	enc  *json.Encoder
	recs []*Rec
}

func (l *logger) add(rec *Rec) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.enc.Encode(rec)
	rec.Raw = nil // kept in the transcript only
	l.recs = append(l.recs, rec)
}

func readResp(br *bufio.Reader, rec *Rec) (*http.Response, error) {
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	rec.Status = resp.StatusCode
	rec.Hdr = map[string]string{}
	for _, h := range keepHdr {
		if v := resp.Header.Values(h); len(v) > 0 {
			rec.Hdr[h] = strings.Join(v, " | ")
		}
	}
	if resp.StatusCode != 200 || len(body) < 400 {
		rec.RespBody = string(body)
	} else {
		rec.RespBody = string(body)
	}
	return resp, nil
}

// hooks for proxy mode: a password answer's refresh token goes to a pool.
type rtPool struct {
	mu sync.Mutex
	m  map[[2]string][]string
}

func (p *rtPool) put(c, u, t string) {
	p.mu.Lock()
	p.m[[2]string{c, u}] = append(p.m[[2]string{c, u}], t)
	p.mu.Unlock()
}
func (p *rtPool) take(c, u string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := p.m[[2]string{c, u}]
	if len(l) == 0 {
		return "", false
	}
	t := l[len(l)-1]
	p.m[[2]string{c, u}] = l[:len(l)-1]
	return t, true
}

type runner struct {
	addrs    []string
	log      *logger
	w        *World
	rts      *rtPool
	deadline time.Time
	connSeq  int
	mu       sync.Mutex
	gap      time.Duration // -rate: between requests, all connections together
	next     time.Time
}

// conn runs one connection's batch: pipelined or one by one.
func (rn *runner) conn(seed uint64, batch []*Op, pipe bool, cancelLast bool) {
	r := rand.New(rand.NewPCG(seed, 99))
	rn.mu.Lock()
	rn.connSeq++
	cid := rn.connSeq
	rn.mu.Unlock()
	addr := rn.addrs[batch[0].Target]
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		for i, op := range batch {
			rn.log.add(&Rec{Op: *op, Conn: cid, Seq: i, Err: "dial: " + err.Error(), Addr: addr})
		}
		return
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(60 * time.Second))
	br := bufio.NewReader(c)
	host := addr
	if pipe {
		var all bytes.Buffer
		recs := make([]*Rec, len(batch))
		for i, op := range batch {
			rn.pace()
			if op.Transport != "chunked" && op.Transport != "badchunk" {
				op.Transport = "plain"
			}
			rn.fillRT(r, op)
			h, b := rawRequest(r, op, host)
			raw := append(append([]byte{}, h...), b...)
			recs[i] = &Rec{Op: *op, Conn: cid, Seq: i, Pipe: true, Raw: raw, Sent: time.Now().UTC().Format(time.RFC3339Nano), Addr: addr}
			all.Write(raw)
		}
		_, werr := c.Write(all.Bytes())
		for i, rec := range recs {
			if werr != nil {
				rec.Err = "write: " + werr.Error()
			}
			resp, err := readResp(br, rec)
			if err != nil {
				rec.Err += " read: " + err.Error()
				for _, r2 := range recs[i:] {
					if r2 != rec {
						r2.Err = "unanswered after earlier error"
					}
					rn.done(r2)
				}
				return
			}
			rn.done(rec)
			if resp.Close {
				for _, r2 := range recs[i+1:] {
					r2.Err = "unanswered: server closed"
					rn.done(r2)
				}
				return
			}
		}
		return
	}
	for i, op := range batch {
		rn.pace()
		rn.fillRT(r, op)
		h, b := rawRequest(r, op, host)
		rec := &Rec{Op: *op, Conn: cid, Seq: i, Sent: time.Now().UTC().Format(time.RFC3339Nano), Addr: addr}
		last := i == len(batch)-1
		if last && cancelLast {
			// cancelled mid-body: half the body, then close; a hangup
			// op: the whole request, then close while the (slow)
			// upstream works on it
			cut := len(b) / 2
			if op.Kind == "hangupop" {
				cut = len(b)
			}
			rec.Raw = append(append([]byte{}, h...), b[:cut]...)
			rec.Kind = "cancel:" + rec.Kind
			rec.WantCode = nil
			c.Write(h)
			if cut > 0 {
				time.Sleep(time.Duration(r.IntN(30)) * time.Millisecond)
				c.Write(b[:cut])
			}
			time.Sleep(time.Duration(r.IntN(30)) * time.Millisecond)
			if op.Kind == "hangupop" {
				time.Sleep(100 * time.Millisecond)
			}
			if tc, ok := c.(*net.TCPConn); ok && r.IntN(2) == 0 {
				tc.SetLinger(0) // RST
			}
			c.Close()
			rec.Err = "cancelled by client"
			rn.done(rec)
			return
		}
		var err error
		switch op.Transport {
		case "expect":
			rec.Raw = append(append([]byte{}, h...), b...)
			if _, err = c.Write(h); err == nil {
				var resp *http.Response
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				resp, err = readResp(br, rec)
				c.SetReadDeadline(time.Now().Add(60 * time.Second))
				if err == nil && resp.StatusCode == 100 {
					rec.Got100 = true
					if _, err = c.Write(b); err == nil {
						resp, err = readResp(br, rec)
					}
				} else if err == nil {
					rec.Raw = h // body never sent
					if resp.Close {
						rn.done(rec)
						goto closed
					}
				}
			}
		case "slow":
			rec.Raw = append(append([]byte{}, h...), b...)
			if _, err = c.Write(h); err == nil {
				rest := b
				for len(rest) > 0 && err == nil {
					n := 1 + r.IntN(len(rest))
					time.Sleep(time.Duration(10+r.IntN(40)) * time.Millisecond)
					_, err = c.Write(rest[:n])
					rest = rest[n:]
				}
				if err == nil {
					_, err = readResp(br, rec)
				}
			}
		default:
			rec.Raw = append(append([]byte{}, h...), b...)
			if _, err = c.Write(rec.Raw); err == nil {
				var resp *http.Response
				resp, err = readResp(br, rec)
				if err == nil && resp.Close {
					rn.done(rec)
					goto closed
				}
			}
		}
		if err != nil {
			rec.Err = err.Error()
			rn.done(rec)
			for j, op2 := range batch[i+1:] {
				rn.done(&Rec{Op: *op2, Conn: cid, Seq: i + 1 + j, Err: "not sent: connection failed", Addr: addr})
			}
			return
		}
		rn.done(rec)
		continue
	closed:
		for j, op2 := range batch[i+1:] {
			rn.done(&Rec{Op: *op2, Conn: cid, Seq: i + 1 + j, Err: "not sent: server closed", Addr: addr})
		}
		return
	}
}

// fillRT turns an rt op into a refresh-token request with a token from the
// pool (taken out: one use), or a pw request if none.
func (rn *runner) fillRT(r *rand.Rand, op *Op) {
	if op.Kind != "rt" && op.Kind != "rtx" {
		return
	}
	c := rn.w.Clients[op.Client]
	var t string
	var ok bool
	if op.Kind == "rtx" {
		t, ok = directRefreshToken(c, op.User)
	} else {
		t, ok = rn.rts.take(c.ID, op.User)
	}
	if !ok {
		validOp(r, op, c, "pw", op.User)
		return
	}
	op.Cost = costRT
	var ps []kv
	op.Header = nil
	switch {
	case c.Secret == "":
		op.Auth = "public"
		ps = append(ps, kv{"client_id", formEsc(r, c.ID)})
	case r.IntN(2) == 0:
		op.Auth = "basic"
		op.Header = append(op.Header, basicHeader(r, c.ID, c.Secret))
	default:
		op.Auth = "body"
		ps = append(ps, kv{"client_id", formEsc(r, c.ID)}, kv{"client_secret", formEsc(r, c.Secret)})
	}
	ps = append(ps, kv{"grant_type", "refresh_token"}, kv{"refresh_token", formEsc(r, t)})
	op.Body = buildBody(r, ps, randPad(r))
}

// pace waits for the run's next request slot (-rate), if any.
func (rn *runner) pace() {
	if rn.gap == 0 {
		return
	}
	rn.mu.Lock()
	now := time.Now()
	if rn.next.Before(now) {
		rn.next = now
	}
	at := rn.next
	rn.next = rn.next.Add(rn.gap)
	rn.mu.Unlock()
	time.Sleep(time.Until(at))
}

func (rn *runner) done(rec *Rec) {
	if rn.rts != nil && rec.Status == 200 && (rec.Kind == "pw" || rec.Kind == "rt") {
		var tr struct {
			RT string `json:"refresh_token"`
		}
		if json.Unmarshal([]byte(rec.RespBody), &tr) == nil && tr.RT != "" {
			rn.rts.put(rec.ClientID, rec.User, tr.RT)
		}
	}
	if rec.Status == 200 {
		var tr struct {
			AT string `json:"access_token"`
		}
		if err := json.Unmarshal([]byte(rec.RespBody), &tr); err != nil || tr.AT == "" {
			rec.Err += fmt.Sprintf(" 200 without a whole token answer (%d bytes)", len(rec.RespBody))
		}
	}
	if len(rec.RespBody) > 600 {
		rec.RespBody = rec.RespBody[:600]
	}
	rn.log.add(rec)
}

// plan builds every op of the run, shuffled.
func plan(w *World, seed uint64, proxy bool, ninst int) []*Op {
	r := rand.New(rand.NewPCG(seed, 3))
	var ops []*Op
	add := func(op *Op) { op.Target = r.IntN(ninst); ops = append(ops, op) }
	var add0 []*Op
	for ci, c := range w.Clients {
		cl, ul, _ := limitsOf(c)
		if c.Secret != "" {
			n := int(cl) + int(cl)/2 + 2
			for i := 0; i < n; i++ {
				op := &Op{Client: ci}
				validOp(r, op, c, "cc", "")
				add(op)
			}
		}
		for _, u := range sortedUsers(c) {
			n := int(ul)/costPW + 4
			for i := 0; i < n; i++ {
				op := &Op{Client: ci}
				validOp(r, op, c, "pw", u)
				add(op)
				if proxy && i == 0 {
					add(&Op{Client: ci, Kind: "rtx", User: u, HasUser: true, ClientID: c.ID, Cost: costRT, WantCode: []int{200, 429}, Path: "/oauth2/token", CType: "application/x-www-form-urlencoded", Transport: "plain"})
				}
				if proxy && r.IntN(2) == 0 {
					op2 := &Op{Client: ci, Kind: "rt", User: u, HasUser: true, ClientID: c.ID, Cost: costRT, WantCode: []int{200, 429}, Path: "/oauth2/token", CType: "application/x-www-form-urlencoded", Transport: "plain"}
					add(op2)
				}
			}
		}
		if c.Dirty {
			for i := 0; i < 6; i++ {
				op := &Op{Client: ci}
				if c.Secret != "" && i%2 == 0 {
					validOp(r, op, c, "badsecret", "")
				} else {
					for _, u := range sortedUsers(c) {
						validOp(r, op, c, "badpw", u)
						break
					}
					if op.Kind == "" {
						continue
					}
				}
				add(op)
			}
		}
		for i := 0; i < 4; i++ {
			op := &Op{Client: ci}
			malformedOp(r, op, c, malformedKinds[r.IntN(len(malformedKinds))])
			add(op)
		}
		for i := 0; i < 2; i++ { // extra ops to be cancelled mid-body
			op := &Op{Client: ci, Kind: "cancel"}
			if c.Secret != "" {
				validOp(r, op, c, "cc", "")
			} else {
				for _, u := range sortedUsers(c) {
					validOp(r, op, c, "pw", u)
					break
				}
			}
			op.Kind = "cancelop"
			add(op)
		}
		if proxy {
			for i := 0; i < 3; i++ {
				op := &Op{Client: ci}
				if c.Secret != "" && (i != 1 || len(c.Users) == 0) {
					validOp(r, op, c, "cc", "")
				} else {
					validOp(r, op, c, "pw", sortedUsers(c)[0])
				}
				if r.IntN(2) == 0 { // a large answer: past MaxResponseBytes or not
					op.Body = append(op.Body, fmt.Sprintf("&x_big=%d", []int{1000, 60000, 65536, 70000, 200000}[r.IntN(5)])...)
				}
				if i == 0 {
					op.Kind = "hangupop"
					op.Body = append(op.Body, "&x_sleep_ms=400"...)
				} else {
					op.Body = append(op.Body, fmt.Sprintf("&x_sleep_ms=%d", 20+r.IntN(150))...)
				}
				add(op)
			}
		}
	}
	if proxy {
		ops = append(ops, wildOps(r, w, add0)...)
		for _, op := range ops {
			if op.Target < 0 {
				op.Target = r.IntN(ninst)
			}
		}
	}
	r.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
	for i, op := range ops {
		op.ID = i
	}
	return ops
}

func (rn *runner) run(ops []*Op, conns int, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 5))
	type job struct {
		batch  []*Op
		pipe   bool
		cancel bool
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	for i := 0; i < conns; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			n := 0
			for j := range jobs {
				n++
				rn.conn(seed*1000+uint64(i)*100000+uint64(n), j.batch, j.pipe, j.cancel)
			}
		}(i)
	}
	var cancels []*Op
	var rest []*Op
	for _, op := range ops {
		if op.Kind == "cancelop" || op.Kind == "hangupop" {
			cancels = append(cancels, op)
		} else {
			rest = append(rest, op)
		}
	}
	// per target instance queues
	for len(rest) > 0 && time.Now().Before(rn.deadline) {
		n := 1 + r.IntN(40)
		if r.IntN(4) == 0 {
			n = 1 + r.IntN(4)
		}
		var batch []*Op
		var held []*Op
		tgt := rest[0].Target
		pipe := r.IntN(4) == 0
		i := 0
		for ; i < len(rest) && len(batch) < n; i++ {
			op := rest[i]
			if op.Target != tgt || (op.CloseSafe && len(batch) < n-1) || (pipe && (op.Transport == "expect" || op.Transport == "slow" || op.Kind == "rt" || op.Kind == "rtx")) {
				held = append(held, op)
				continue
			}
			batch = append(batch, op)
			if op.CloseSafe {
				i++
				break
			}
		}
		rest = append(held, rest[min(i, len(rest)):]...)
		if len(batch) == 0 {
			continue
		}
		cancel := false
		if !pipe && len(cancels) > 0 && r.IntN(3) == 0 {
			co := cancels[len(cancels)-1]
			cancels = cancels[:len(cancels)-1]
			co.Target = tgt
			batch = append(batch, co)
			cancel = true
		}
		jobs <- job{batch, pipe, cancel}
	}
	for _, co := range cancels {
		jobs <- job{[]*Op{co}, false, true}
	}
	close(jobs)
	wg.Wait()
}

func atoi(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }

var upstreamAddr string

// directRefreshToken gets a refresh token from the token server itself,
// past the limiter, which never sees it issued: its refresh grant through
// the limiter is counted by the JWT's sub before issuance, or attributed
// after it by the access token's sub.
func directRefreshToken(c *Client, user string) (string, bool) {
	form := url.Values{"grant_type": {"password"}, "username": {user}, "password": {c.Users[user]}}
	if c.Secret == "" {
		form.Set("client_id", c.ID)
	}
	req, _ := http.NewRequest("POST", "http://"+upstreamAddr+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-H80-Direct", "1")
	if c.Secret != "" {
		req.SetBasicAuth(url.QueryEscape(c.ID), url.QueryEscape(c.Secret))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", false
	}
	defer resp.Body.Close()
	var tr struct {
		RT string `json:"refresh_token"`
	}
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&tr) != nil || tr.RT == "" {
		return "", false
	}
	return tr.RT, true
}

// wildOps: clients and users whose IDs are not valid UTF-8 (the token
// server takes any such client with the secret "wild", and any such user
// with the password "wild"), next to look-alikes that are: "a\xff" and
// "a\ufffd" (the replacement character's own bytes).
func wildOps(r *rand.Rand, w *World, _ []*Op) []*Op {
	ids := []string{"a\xff", "\xff", "\xff\xff", "\xef\xbf", "\xc3", "\xc3\x28", "a\xc3", "\xe6\x97", "\xe6\x97\xa5\xe6", "\x80", "\x80\x80\x80", "\xf0\x9f\x99", "\xed\xa0\x80", "\xc0\xaf", "pp\xffpp", "pp\xfepp"}
	for n := 1; n <= 200; n += 1 + r.IntN(30) {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(0x80 + r.IntN(128))
		}
		ids = append(ids, string(b))
	}
	users := []string{"\xff", "alice\xff", "alice\xfe", "\xc3", "\xe6\x97", strings.Repeat("\xfe", 200)}
	var ops []*Op
	for _, id := range ids {
		c := &Client{ID: id, Secret: "wild", Users: map[string]string{}, Rules: "default", Wild: true}
		for j := 0; j < 2; j++ {
			c.Users[users[r.IntN(len(users))]] = "wild"
		}
		ci := len(w.Clients)
		w.Clients = append(w.Clients, c)
		for i := 0; i < defClient+8; i++ {
			op := &Op{Client: ci}
			validOp(r, op, c, "cc", "")
			op.Target = -1
			ops = append(ops, op)
		}
		for _, u := range sortedUsers(c) {
			for i := 0; i < defUser/costPW+3; i++ {
				op := &Op{Client: ci}
				validOp(r, op, c, "pw", u)
				op.Target = -1
				ops = append(ops, op)
			}
		}
	}
	return ops
}

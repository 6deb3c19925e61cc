package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// Op is one request to send.
type Op struct {
	ID        int      `json:"id"`
	Kind      string   `json:"kind"` // cc pw rt badsecret badpw m:<name> cancel
	Client    int      `json:"client"`
	ClientID  string   `json:"client_id"`
	User      string   `json:"user,omitempty"`
	HasUser   bool     `json:"has_user,omitempty"`
	Auth      string   `json:"auth"`      // basic body public
	Transport string   `json:"transport"` // plain chunked expect slow (pipelined is per conn)
	Cost      int64    `json:"cost"`      // on 2xx, on the keys (client) and (client,user)
	WantCode  []int    `json:"want_code"` // acceptable statuses
	WantDesc  string   `json:"want_desc,omitempty"`
	Header    []string `json:"header,omitempty"` // extra header lines
	Path      string   `json:"path"`
	CType     string   `json:"ctype"`
	Body      []byte   `json:"-"`
	CloseSafe bool     `json:"-"`      // last on its connection only (server may close)
	Target    int      `json:"target"` // which instance (index)
}

// formEsc percent-encodes for application/x-www-form-urlencoded, escaping
// random other bytes as well, in random hex case, spaces as '+' or %20.
func formEsc(r *rand.Rand, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		unres := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
		switch {
		case c == ' ' && r.IntN(2) == 0:
			b.WriteByte('+')
		case unres && r.IntN(8) != 0:
			b.WriteByte(c)
		default:
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "%%%02X", c)
			} else {
				fmt.Fprintf(&b, "%%%02x", c)
			}
		}
	}
	return b.String()
}

type kv struct{ k, v string } // v already encoded

func buildBody(r *rand.Rand, params []kv, pad int) []byte {
	ps := append([]kv(nil), params...)
	// extras: unknown, duplicated unknown, empty pairs
	if r.IntN(3) == 0 {
		ps = append(ps, kv{"scope", formEsc(r, "openid profile")})
	}
	if r.IntN(5) == 0 {
		ps = append(ps, kv{"scope", "a"}, kv{"scope", "b"})
	}
	if r.IntN(6) == 0 {
		ps = append(ps, kv{"x_empty", ""})
	}
	if r.IntN(8) == 0 {
		ps = append(ps, kv{"", "v"})
	}
	if pad > 0 {
		ps = append(ps, kv{"x_pad", strings.Repeat("z", pad)})
	}
	r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('&')
			if r.IntN(10) == 0 {
				b.WriteByte('&') // empty pair
			}
		}
		if p.k == "" && p.v == "" {
			continue
		}
		b.WriteString(p.k)
		if p.v != "" || r.IntN(2) == 0 {
			b.WriteByte('=')
			b.WriteString(p.v)
		}
	}
	if r.IntN(10) == 0 {
		b.WriteByte('&')
	}
	return []byte(b.String())
}

func basicHeader(r *rand.Rand, id, secret string) string {
	return "Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(formEsc(r, id)+":"+formEsc(r, secret)))
}

func randPad(r *rand.Rand) int {
	switch r.IntN(6) {
	case 0:
		return 0
	case 1:
		return r.IntN(16)
	case 2:
		return r.IntN(600)
	case 3:
		return 1000 + r.IntN(4000)
	case 4:
		return 8000 + r.IntN(40000) // large, still under 64 KiB
	default:
		return r.IntN(100)
	}
}

// validOp fills a valid request of kind cc or pw (or badsecret/badpw).
func validOp(r *rand.Rand, op *Op, c *Client, kind string, user string) {
	op.Kind, op.ClientID, op.Path, op.CType = kind, c.ID, "/oauth2/token", "application/x-www-form-urlencoded"
	if r.IntN(7) == 0 {
		op.CType = "application/x-www-form-urlencoded; charset=UTF-8"
	}
	var ps []kv
	secret := c.Secret
	if kind == "badsecret" {
		secret += "x"
	}
	switch {
	case c.Secret == "":
		op.Auth = "public"
		ps = append(ps, kv{"client_id", formEsc(r, c.ID)})
	case proxyMode && kind != "badsecret" && !c.Wild && r.IntN(5) == 0:
		// (not for invalid UTF-8: a JSON claim cannot carry it)
		op.Auth = "assert"
		ps = append(ps, kv{"client_assertion_type", formEsc(r, assertionType)}, kv{"client_assertion", formEsc(r, assertionFor(r, c.ID))})
		if r.IntN(2) == 0 {
			ps = append(ps, kv{"client_id", formEsc(r, c.ID)})
		}
	case r.IntN(2) == 0:
		op.Auth = "basic"
		op.Header = append(op.Header, basicHeader(r, c.ID, secret))
		if r.IntN(5) == 0 { // the same client_id in the body too: allowed
			ps = append(ps, kv{"client_id", formEsc(r, c.ID)})
		}
	default:
		op.Auth = "body"
		ps = append(ps, kv{"client_id", formEsc(r, c.ID)}, kv{"client_secret", formEsc(r, secret)})
	}
	switch kind {
	case "cc", "badsecret":
		if c.Secret == "" { // public: use pw instead
			panic("cc on public client")
		}
		ps = append(ps, kv{"grant_type", "client_credentials"})
		op.Cost = costCC
	case "pw", "badpw":
		pw := c.Users[user]
		if kind == "badpw" {
			pw += "x"
		}
		ps = append(ps, kv{"grant_type", "password"}, kv{"username", formEsc(r, user)}, kv{"password", formEsc(r, pw)})
		op.User, op.HasUser, op.Cost = user, true, costPW
	}
	if kind == "badsecret" {
		op.WantCode = []int{401, 429}
	} else if kind == "badpw" {
		op.WantCode = []int{400, 429}
	} else {
		op.WantCode = []int{200, 429}
	}
	op.Body = buildBody(r, ps, randPad(r))
	if proxyMode && r.IntN(6) == 0 { // a large token answer (the token server pads it)
		op.Body = append(op.Body, fmt.Sprintf("&x_big=%d", []int{1000, 60000, 65536, 70000, 200000}[r.IntN(5)])...)
	}
	if r.IntN(3) == 0 {
		op.Header = append(op.Header, fmt.Sprintf("Origin: http://o%d.example", op.Client))
	}
	switch x := r.IntN(10); {
	case x < 5:
		op.Transport = "plain"
	case x < 7:
		op.Transport = "chunked"
	case x < 9:
		op.Transport = "expect"
	default:
		op.Transport = "slow"
	}
}

var malformedKinds = []string{"semicolon", "badescape", "dupclient", "dupgrant", "dupuser", "dupsecret", "twomethods", "basicdiffers",
	"basicnotb64", "basicnocolon", "basicbadesc", "longclient", "longuser", "queryclient", "multipart", "gzip", "toolarge", "json", "badchunk"}

// malformedOp: a request naming a real client (and user) that the limiter
// must refuse before anything is counted.
func malformedOp(r *rand.Rand, op *Op, c *Client, name string) {
	if c.Secret == "" {
		// public client: build on a password request of its first user
		for _, u := range sortedUsers(c) {
			validOp(r, op, c, "pw", u)
			break
		}
	} else {
		validOp(r, op, c, "cc", "")
	}
	op.Kind = "m:" + name
	op.WantCode = []int{400}
	op.Transport = "plain"
	esc := formEsc(r, c.ID)
	gt := "grant_type=client_credentials"
	base := "client_id=" + esc + "&" + gt
	switch name {
	case "semicolon":
		op.Body = []byte(base + "&scope=a;b")
		op.WantDesc = ";"
	case "badescape":
		op.Body = []byte(base + "&scope=%zz")
		op.WantDesc = "escape"
	case "dupclient":
		op.Header = nil
		op.Body = []byte(base + "&client_id=" + esc)
		op.WantDesc = "client_id"
	case "dupgrant":
		op.Body = append(op.Body, []byte("&"+gt)...)
		op.WantDesc = "grant_type"
	case "dupuser":
		op.Header = nil
		op.Body = []byte("client_id=" + esc + "&grant_type=password&username=a&password=b&username=a")
		op.WantDesc = "username"
	case "dupsecret":
		op.Header = nil
		op.Body = []byte(base + "&client_secret=a&client_secret=b")
		op.WantDesc = "client_secret"
	case "twomethods":
		op.Header = []string{basicHeader(r, c.ID, c.Secret)}
		op.Body = []byte(base + "&client_secret=" + formEsc(r, c.Secret))
		op.WantDesc = "authentication"
	case "basicdiffers":
		op.Header = []string{basicHeader(r, c.ID, c.Secret)}
		op.Body = []byte("client_id=" + esc + "x&" + gt)
		op.WantDesc = "client_id"
	case "basicnotb64":
		op.Header = []string{"Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(esc + ":s"))[1:] + "!"}
		op.Body = []byte(gt)
		op.WantDesc = "Basic"
	case "basicnocolon":
		op.Header = []string{"Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(esc))}
		op.Body = []byte(gt)
		op.WantDesc = "Basic"
	case "basicbadesc":
		op.Header = []string{"Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(esc+"%G1:s"))}
		op.Body = []byte(gt)
		op.WantDesc = "Basic"
	case "longclient":
		op.Header = nil
		op.Body = []byte("client_id=" + esc + strings.Repeat("L", 257) + "&" + gt)
		op.WantDesc = "client_id"
	case "longuser":
		op.Header = nil
		op.Body = []byte(base + "&grant_type2=x&username=" + strings.Repeat("U", 257))
		op.Body = []byte("client_id=" + esc + "&grant_type=password&password=x&username=" + strings.Repeat("U", 257))
		op.WantDesc = "username"
	case "queryclient":
		op.Path = "/oauth2/token?client_id=" + esc
		op.WantDesc = "client_id"
	case "multipart":
		op.CType = "multipart/form-data; boundary=XX"
		op.Body = []byte("--XX\r\nContent-Disposition: form-data; name=\"grant_type\"\r\n\r\nclient_credentials\r\n--XX--\r\n")
		op.WantDesc = "multipart"
	case "gzip":
		op.Header = append(op.Header, "Content-Encoding: gzip")
		op.WantCode = []int{415}
		op.WantDesc = "Content-Encoding"
	case "toolarge":
		op.Body = append(op.Body, []byte("&x_pad="+strings.Repeat("z", 70000))...)
		op.WantCode = []int{413}
		op.CloseSafe = true
	case "json":
		op.CType = "application/json"
		op.Body = []byte(`{"grant_type":"client_credentials"}`)
		op.WantCode = []int{400, 415}
	case "badchunk":
		op.Transport = "badchunk"
		op.CloseSafe = true
		op.WantCode = []int{400}
	}
}

func sortedUsers(c *Client) []string {
	us := make([]string, 0, len(c.Users))
	for u := range c.Users {
		us = append(us, u)
	}
	sort.Strings(us)
	return us
}

var proxyMode bool

// assertionFor is a client assertion JWT naming id (unsigned: the token
// server of this run does not check it), with claims of random length.
func assertionFor(r *rand.Rand, id string) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","typ":"JWT"}`))
	p, _ := json.Marshal(map[string]any{"iss": id, "sub": id, "aud": "http://127.0.0.1/oauth2/token", "jti": strings.Repeat("j", r.IntN(300)), "exp": 2000000000})
	return h + "." + base64.RawURLEncoding.EncodeToString(p) + "." + strings.Repeat("s", 1+r.IntN(40))
}

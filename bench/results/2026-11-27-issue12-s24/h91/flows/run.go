package main

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

const (
	issuerToken = "http://127.0.0.1:26080/oauth2/token" // Hydra's token URL (aud of assertions)
	redirectURI = "http://127.0.0.1:26301/cb"
	weirdID     = "svc:w eird+%&é"
	weirdSecret = "p@ss:w%rd+&= é/x"
)

var secrets = map[string]string{
	"cc-basic": "basic-secret-h91", "cc-post": "post-secret-h91", "web-app": "web-secret-h91",
	"web-load": "webload-secret-h91", "cc-cmp": "cmp-secret-h91", weirdID: weirdSecret,
	"load-1": "load1-secret-h91", "load-2": "load2-secret-h91", "load-3": "load3-secret-h91", "load-4": "load4-secret-h91",
}

// ---- per-request log ----

type rec struct {
	Seq        int    `json:"seq"`
	Via        string `json:"via"`
	Phase      string `json:"phase"`
	Start      string `json:"start"`
	End        string `json:"end"`
	Client     string `json:"client"`
	Auth       string `json:"auth"`
	Grant      string `json:"grant"`
	User       string `json:"user,omitempty"`
	Status     int    `json:"status"`
	Error      string `json:"error,omitempty"`
	RateLimit  string `json:"ratelimit,omitempty"`
	Policy     string `json:"ratelimit_policy,omitempty"`
	RetryAfter string `json:"retry_after,omitempty"`
	XRemaining string `json:"x_remaining,omitempty"`
	Warning    string `json:"warning,omitempty"`
	RTIssued   string `json:"rt_issued_sha256_8,omitempty"` // hash prefix only: the log holds no credential
	RTUsed     string `json:"rt_used_sha256_8,omitempty"`
	IDSub      string `json:"id_token_sub,omitempty"`
	ATKind     string `json:"access_token_kind,omitempty"`
}

type label struct{ phase, client, auth, user string }
type ctxKey struct{}

type logRT struct {
	via  string
	base http.RoundTripper
	mu   sync.Mutex
	seq  int
	recs []rec
	f    *os.File
}

var tokensSeen sync.Map // every token string issued, for the leak check

func h8(s string) string {
	if s == "" {
		return ""
	}
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:4])
}

func jwtSub(tok string) string {
	p := strings.Split(tok, ".")
	if len(p) != 3 {
		return ""
	}
	b, err := base64.RawURLEncoding.DecodeString(p[1])
	if err != nil {
		return ""
	}
	var c struct {
		Sub string `json:"sub"`
	}
	json.Unmarshal(b, &c)
	return c.Sub
}

func (l *logRT) RoundTrip(req *http.Request) (*http.Response, error) {
	if !strings.HasSuffix(req.URL.Path, "/oauth2/token") {
		return l.base.RoundTrip(req)
	}
	lab, _ := req.Context().Value(ctxKey{}).(label)
	var form url.Values
	if req.GetBody != nil {
		b, _ := req.GetBody()
		data, _ := io.ReadAll(b)
		form, _ = url.ParseQuery(string(data))
	}
	r := rec{Via: l.via, Phase: lab.phase, Client: lab.client, Auth: lab.auth, User: lab.user,
		Grant: form.Get("grant_type"), RTUsed: h8(form.Get("refresh_token"))}
	start := time.Now()
	resp, err := l.base.RoundTrip(req)
	end := time.Now()
	r.Start, r.End = start.UTC().Format(time.RFC3339Nano), end.UTC().Format(time.RFC3339Nano)
	if err != nil {
		r.Error = "transport: " + err.Error()
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		resp.Body = io.NopCloser(bytes.NewReader(body))
		r.Status = resp.StatusCode
		hd := resp.Header
		r.RateLimit, r.Policy, r.RetryAfter = hd.Get("RateLimit"), hd.Get("RateLimit-Policy"), hd.Get("Retry-After")
		r.XRemaining, r.Warning = hd.Get("X-RateLimit-Remaining"), hd.Get("RateLimit-Warning")
		var j map[string]any
		json.Unmarshal(body, &j)
		if e, ok := j["error"].(string); ok {
			r.Error = e
		}
		if rt, ok := j["refresh_token"].(string); ok {
			r.RTIssued = h8(rt)
			tokensSeen.Store(rt, true)
		}
		if at, ok := j["access_token"].(string); ok {
			tokensSeen.Store(at, true)
			if strings.Count(at, ".") == 2 && strings.HasPrefix(at, "eyJ") {
				r.ATKind = "jwt"
			} else {
				r.ATKind = "opaque"
			}
		}
		if it, ok := j["id_token"].(string); ok {
			tokensSeen.Store(it, true)
			r.IDSub = jwtSub(it)
		}
	}
	l.mu.Lock()
	l.seq++
	r.Seq = l.seq
	l.recs = append(l.recs, r)
	b, _ := json.Marshal(r)
	l.f.Write(append(b, '\n'))
	l.mu.Unlock()
	return resp, err
}

// ---- checks ----

type checker struct {
	mu   sync.Mutex
	f    *os.File
	fail int
}

func (c *checker) check(name string, ok bool, format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := "PASS"
	if !ok {
		s = "FAIL"
		c.fail++
	}
	line := fmt.Sprintf("%s %s: %s", s, name, fmt.Sprintf(format, args...))
	fmt.Println(line)
	fmt.Fprintln(c.f, line)
}
func (c *checker) note(format string, args ...any) {
	line := "NOTE " + fmt.Sprintf(format, args...)
	fmt.Println(line)
	c.mu.Lock()
	fmt.Fprintln(c.f, line)
	c.mu.Unlock()
}

// ---- Hydra clients ----

var jwtKey *rsa.PrivateKey

var ccPause, refreshPause = 20 * time.Millisecond, 50 * time.Millisecond

func b64u(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func setupClients() error {
	var err error
	jwtKey, err = rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return err
	}
	cc := func(id, method string) map[string]any {
		return map[string]any{"client_id": id, "client_secret": secrets[id], "grant_types": []string{"client_credentials"},
			"token_endpoint_auth_method": method}
	}
	web := func(id string) map[string]any {
		return map[string]any{"client_id": id, "client_secret": secrets[id],
			"grant_types":    []string{"authorization_code", "refresh_token"},
			"response_types": []string{"code"}, "scope": "openid offline_access offline",
			"redirect_uris": []string{redirectURI}, "token_endpoint_auth_method": "client_secret_basic"}
	}
	jwk := map[string]any{"kty": "RSA", "kid": "k1", "alg": "RS256", "use": "sig",
		"n": b64u(jwtKey.N.Bytes()), "e": b64u(big.NewInt(int64(jwtKey.E)).Bytes())}
	list := []map[string]any{
		cc("cc-basic", "client_secret_basic"), cc("cc-post", "client_secret_post"), cc(weirdID, "client_secret_basic"),
		cc("cc-cmp", "client_secret_basic"),
		cc("load-1", "client_secret_basic"), cc("load-2", "client_secret_post"), cc("load-3", "client_secret_basic"), cc("load-4", "client_secret_post"),
		{"client_id": "cc-jwt", "grant_types": []string{"client_credentials"}, "token_endpoint_auth_method": "private_key_jwt",
			"token_endpoint_auth_signing_alg": "RS256", "jwks": map[string]any{"keys": []any{jwk}}},
		web("web-app"), web("web-load"),
	}
	for _, c := range list {
		id := c["client_id"].(string)
		adminJSON("DELETE", "/admin/clients/"+url.PathEscape(id), nil, nil)
		var out map[string]any
		if err := adminJSON("POST", "/admin/clients", c, &out); err != nil {
			return fmt.Errorf("client %q: %w", id, err)
		}
		if out["client_id"] != id {
			return fmt.Errorf("client %q created as %v", id, out["client_id"])
		}
	}
	return nil
}

// ---- flows ----

type env struct {
	via, admin string
	rt         *logRT
	hc         *http.Client
	c          *checker
}

func (e *env) ctx(phase, client, auth, user string) context.Context {
	ctx := context.WithValue(context.Background(), ctxKey{}, label{phase, client, auth, user})
	return context.WithValue(ctx, oauth2.HTTPClient, e.hc)
}

func (e *env) cc(phase, client, secret string, style oauth2.AuthStyle) (*oauth2.Token, error) {
	auth := "basic"
	if style == oauth2.AuthStyleInParams {
		auth = "post"
	}
	conf := clientcredentials.Config{ClientID: client, ClientSecret: secret, TokenURL: e.via + "/oauth2/token", AuthStyle: style}
	return conf.Token(e.ctx(phase, client, auth, ""))
}

func assertion(client string) string {
	jti := make([]byte, 16)
	rand.Read(jti)
	hdr := b64u([]byte(`{"alg":"RS256","typ":"JWT","kid":"k1"}`))
	cl, _ := json.Marshal(map[string]any{"iss": client, "sub": client, "aud": issuerToken, "jti": hex.EncodeToString(jti),
		"iat": time.Now().Unix(), "exp": time.Now().Add(5 * time.Minute).Unix()})
	in := hdr + "." + b64u(cl)
	h := sha256.Sum256([]byte(in))
	sig, _ := rsa.SignPKCS1v15(rand.Reader, jwtKey, crypto.SHA256, h[:])
	return in + "." + b64u(sig)
}

// post sends a raw token request through the logging client.
func (e *env) post(phase, client, auth, user string, form url.Values, basic string) (int, http.Header, []byte) {
	req, _ := http.NewRequestWithContext(e.ctx(phase, client, auth, user), "POST", e.via+"/oauth2/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if basic != "" {
		req.Header.Set("Authorization", "Basic "+basic)
	}
	resp, err := e.hc.Do(req)
	if err != nil {
		return 0, nil, []byte(err.Error())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

func (e *env) jwtCC(phase string) int {
	f := url.Values{"grant_type": {"client_credentials"}, "client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
		"client_assertion": {assertion("cc-jwt")}}
	s, _, _ := e.post(phase, "cc-jwt", "private_key_jwt", "", f, "")
	return s
}

var codeRE = regexp.MustCompile(`[?&]code=([^&]+)`)

func (e *env) code(client, user, scope string) (string, error) {
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, CheckRedirect: func(r *http.Request, via []*http.Request) error {
		if r.URL.Host == "127.0.0.1:26301" || len(via) > 20 {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	st := make([]byte, 8)
	rand.Read(st)
	q := url.Values{"response_type": {"code"}, "client_id": {client}, "redirect_uri": {redirectURI}, "scope": {scope},
		"state": {hex.EncodeToString(st)}, "login_hint": {user}}
	resp, err := hc.Get(e.via + "/oauth2/auth?" + q.Encode())
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	m := codeRE.FindStringSubmatch(loc)
	if m == nil {
		return "", fmt.Errorf("no code: %d %s", resp.StatusCode, loc)
	}
	c, _ := url.QueryUnescape(m[1])
	tokensSeen.Store(c, true)
	return c, nil
}

func (e *env) webConf(client string, scope string) *oauth2.Config {
	return &oauth2.Config{ClientID: client, ClientSecret: secrets[client], RedirectURL: redirectURI, Scopes: strings.Fields(scope),
		Endpoint: oauth2.Endpoint{TokenURL: e.via + "/oauth2/token", AuthStyle: oauth2.AuthStyleInHeader}}
}

func (e *env) refresh(phase, client, user, scope, rt string) (*oauth2.Token, error) {
	return e.webConf(client, scope).TokenSource(e.ctx(phase, client, "basic", user), &oauth2.Token{RefreshToken: rt}).Token()
}

// ---- admin state ----

type keyState struct {
	Tiers []struct {
		Scope  string `json:"scope"`
		Window int    `json:"window_seconds"`
		Global struct {
			Previous, Current int64
		} `json:"global"`
		Local struct {
			Previous, Current int64
		} `json:"local"`
		Reserved int64   `json:"reserved"`
		Used     float64 `json:"used"`
	} `json:"tiers"`
}

// counted: the raw frame counts (previous + current, global + local) of the
// key's tier in scope; -1 if the key is unknown.
func (e *env) counted(client, user, scope string) (int64, string) {
	p := "/admin/keys/" + url.PathEscape(client)
	if user != "" {
		p += "/" + url.PathEscape(user)
	}
	resp, err := http.Get(e.admin + p)
	if err != nil {
		return -1, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return -1, fmt.Sprintf("%d %s", resp.StatusCode, b)
	}
	var ks keyState
	json.Unmarshal(b, &ks)
	for _, t := range ks.Tiers {
		if t.Scope == scope {
			return t.Global.Previous + t.Global.Current + t.Local.Previous + t.Local.Current, fmt.Sprintf("reserved=%d used=%.3f", t.Reserved, t.Used)
		}
	}
	return -1, "no tier " + scope + ": " + string(b)
}

func (e *env) issued(pred func(rec) bool) int64 {
	e.rt.mu.Lock()
	defer e.rt.mu.Unlock()
	var n int64
	for _, r := range e.rt.recs {
		if r.Status/100 == 2 && pred(r) {
			n++
		}
	}
	return n
}

func (e *env) expectCount(name, client, user, scope string, want int64) {
	got, det := e.counted(client, user, scope)
	e.c.check(name, got == want, "admin key %q/%q %s counted %d, log says %d issued (%s)", client, user, scope, got, want, det)
}

func check429(c *checker, name string, err error) {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		c.check(name, false, "error %v (%T) is not *oauth2.RetrieveError", err, err)
		return
	}
	ra, perr := strconv.Atoi(re.Response.Header.Get("Retry-After"))
	c.check(name, re.Response.StatusCode == 429 && re.ErrorCode == "too_many_requests" && perr == nil && ra > 0 &&
		strings.HasPrefix(re.Response.Header.Get("Content-Type"), "application/json") && re.ErrorDescription != "",
		"RetrieveError status=%d ErrorCode=%q ErrorDescription=%q Retry-After=%q Content-Type=%q; err.Error()=%q",
		re.Response.StatusCode, re.ErrorCode, re.ErrorDescription, re.Response.Header.Get("Retry-After"), re.Response.Header.Get("Content-Type"), err.Error())
}

func statusOf(err error) int {
	if err == nil {
		return 200
	}
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		return re.Response.StatusCode
	}
	return 0
}

// ---- phase A: each flow, sequential ----

func (e *env) phaseA() {
	c := e.c
	// client_secret_basic and _post: 10 a hour, then 429; wrong secrets before and after.
	for _, cl := range []struct {
		id    string
		style oauth2.AuthStyle
	}{{"cc-basic", oauth2.AuthStyleInHeader}, {"cc-post", oauth2.AuthStyleInParams}} {
		for i := 0; i < 2; i++ {
			_, err := e.cc("A", cl.id, "wrong", cl.style)
			var re *oauth2.RetrieveError
			errors.As(err, &re)
			c.check("A upstream invalid_client "+cl.id, re != nil && re.Response.StatusCode == 401 && re.ErrorCode == "invalid_client" && re.Response.Header.Get("RateLimit") == "",
				"%v; RateLimit header %q", err, func() string {
					if re != nil {
						return re.Response.Header.Get("RateLimit")
					}
					return ""
				}())
		}
		var codes []int
		var last error
		for i := 0; i < 13; i++ {
			_, err := e.cc("A", cl.id, secrets[cl.id], cl.style)
			codes = append(codes, statusOf(err))
			if err != nil {
				last = err
			}
		}
		c.check("A "+cl.id+" statuses", fmt.Sprint(codes) == "[200 200 200 200 200 200 200 200 200 200 429 429 429]", "%v", codes)
		check429(c, "A "+cl.id+" 429 through golang.org/x/oauth2", last)
		e.expectCount("A "+cl.id+" count", cl.id, "", "client", e.issued(func(r rec) bool { return r.Client == cl.id }))
	}
	// private_key_jwt; first an assertion signed by another key: Hydra's invalid_client, not counted
	{
		good := jwtKey
		jwtKey, _ = rsa.GenerateKey(rand.Reader, 2048)
		f := url.Values{"grant_type": {"client_credentials"}, "client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
			"client_assertion": {assertion("cc-jwt")}}
		jwtKey = good
		s, h, b := e.post("A", "cc-jwt", "private_key_jwt", "", f, "")
		c.check("A cc-jwt wrong-key assertion -> upstream invalid_client", s == 401 && strings.Contains(string(b), `"invalid_client"`) && h.Get("RateLimit") == "", "%d %s", s, b)
	}
	var codes []int
	for i := 0; i < 13; i++ {
		codes = append(codes, e.jwtCC("A"))
	}
	c.check("A cc-jwt statuses", fmt.Sprint(codes) == "[200 200 200 200 200 200 200 200 200 200 429 429 429]", "%v", codes)
	e.expectCount("A cc-jwt count", "cc-jwt", "", "client", e.issued(func(r rec) bool { return r.Client == "cc-jwt" }))
	// a bad assertion (wrong key): Hydra refuses, not counted.
	{
		f := url.Values{"grant_type": {"client_credentials"}, "client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"},
			"client_assertion": {assertion("cc-jwt")[:200] + "x.y.z"}}
		s, _, b := e.post("A", "cc-jwt", "private_key_jwt", "", f, "")
		c.note("A cc-jwt malformed assertion at its limit: %d %s", s, b)
		// a well-formed assertion signed by another key, for a client under its limit (cc-jwt2 shares nothing): Hydra's invalid_client
		good := jwtKey
		jwtKey, _ = rsa.GenerateKey(rand.Reader, 2048)
		f.Set("client_assertion", assertion("cc-jwt"))
		jwtKey = good
		s, h, b := e.post("A", "cc-jwt", "private_key_jwt", "", f, "")
		c.note("A cc-jwt assertion signed by a wrong key at its limit: %d RateLimit=%q %s", s, h.Get("RateLimit"), b)
	}

	// Basic credentials that must be form-encoded (RFC 6749 §2.3.1): x/oauth2 escapes them.
	codes = nil
	var last error
	for i := 0; i < 7; i++ {
		_, err := e.cc("A", weirdID, weirdSecret, oauth2.AuthStyleInHeader)
		codes = append(codes, statusOf(err))
		if err != nil {
			last = err
		}
	}
	c.check("A weird Basic (form-encoded) statuses", fmt.Sprint(codes) == "[200 200 200 200 200 429 429]", "%v (last err %v)", codes, last)
	e.expectCount("A weird count", weirdID, "", "client", e.issued(func(r rec) bool { return r.Client == weirdID }))
	// the same credentials NOT form-encoded (a client that ignores §2.3.1).
	raw := base64.StdEncoding.EncodeToString([]byte(weirdID + ":" + weirdSecret))
	s, _, b := e.post("A", "weird-unencoded", "basic-raw", "", url.Values{"grant_type": {"client_credentials"}}, raw)
	c.note("A weird Basic NOT form-encoded: %d %s", s, b)
	// secret only escaped, id raw without ':' issue: a secret with '%' unescaped
	raw2 := base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(weirdID) + ":" + weirdSecret))
	s, _, b = e.post("A", "weird-secret-unencoded", "basic-raw", "", url.Values{"grant_type": {"client_credentials"}}, raw2)
	c.note("A weird Basic id encoded, secret raw: %d %s", s, b)

	// Upstream errors of user grants: invalid_grant, not counted.
	wb := base64.StdEncoding.EncodeToString([]byte("web-app:" + secrets["web-app"]))
	s, h, b := e.post("A", "web-app", "basic", "", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"ory_rt_bogus.bogus"}}, wb)
	c.check("A bogus refresh_token -> upstream invalid_grant", s == 400 && strings.Contains(string(b), `"invalid_grant"`) && h.Get("RateLimit") == "", "%d %s", s, b)
	s, _, b = e.post("A", "web-app", "basic", "", url.Values{"grant_type": {"authorization_code"}, "code": {"ory_ac_bogus.bogus"}, "redirect_uri": {redirectURI}}, wb)
	c.check("A bogus code -> upstream invalid_grant", s == 400 && strings.Contains(string(b), `"invalid_grant"`), "%d %s", s, b)
	s, _, b = e.post("A", "web-app", "basic", "mallory", url.Values{"grant_type": {"password"}, "username": {"mallory"}, "password": {"pw"}}, wb)
	c.check("A password grant -> upstream refuses (Hydra has none)", s == 400 || s == 401, "%d %s", s, b)
	_, det := e.counted("web-app", "mallory", "user")
	c.note("A key web-app/mallory after the refused password grant: %s", det)

	// authorization_code + refresh rotation, openid: the user is learned.
	scope := "openid offline_access"
	code, err := e.code("web-app", "alice", scope)
	if err != nil {
		c.check("A alice code", false, "%v", err)
		return
	}
	tok, err := e.webConf("web-app", scope).Exchange(e.ctx("A", "web-app", "basic", "alice"), code)
	if err != nil {
		c.check("A alice exchange", false, "%v", err)
		return
	}
	rt := tok.RefreshToken
	codes = []int{200}
	last = nil
	for i := 0; i < 10; i++ {
		nt, err := e.refresh("A", "web-app", "alice", scope, rt)
		codes = append(codes, statusOf(err))
		if err == nil {
			rt = nt.RefreshToken
		} else {
			last = err
		}
	}
	c.check("A alice code+refresh statuses (user 8/h)", fmt.Sprint(codes) == "[200 200 200 200 200 200 200 200 429 429 429]", "%v", codes)
	check429(c, "A alice refresh 429 through golang.org/x/oauth2", last)
	e.expectCount("A alice user count", "web-app", "alice", "user", e.issued(func(r rec) bool { return r.Client == "web-app" && r.User == "alice" }))
	// the refresh token refused by the limiter was never sent to Hydra: still valid.
	adminJSON("DELETE", "/admin/clients/none", nil, nil)
	// bob without openid: opaque access token, no id_token.
	scope2 := "offline_access"
	code, err = e.code("web-app", "bob", scope2)
	if err == nil {
		tok, err = e.webConf("web-app", scope2).Exchange(e.ctx("A", "web-app", "basic", "bob"), code)
	}
	if err != nil {
		c.check("A bob exchange", false, "%v", err)
	} else {
		rt = tok.RefreshToken
		codes = []int{200}
		for i := 0; i < 10; i++ {
			nt, err := e.refresh("A", "web-app", "bob", scope2, rt)
			codes = append(codes, statusOf(err))
			if err == nil {
				rt = nt.RefreshToken
			}
		}
		c.note("A bob (no openid, opaque access tokens) code+refresh statuses: %v", codes)
		_, det := e.counted("web-app", "bob", "user")
		c.note("A bob key: %s", det)
	}
	// carol: a rotated (used) refresh token reused -> Hydra invalid_grant; not counted.
	code, err = e.code("web-app", "carol", scope)
	if err == nil {
		tok, err = e.webConf("web-app", scope).Exchange(e.ctx("A", "web-app", "basic", "carol"), code)
	}
	if err != nil {
		c.check("A carol exchange", false, "%v", err)
	} else {
		rt1 := tok.RefreshToken
		nt, err := e.refresh("A", "web-app", "carol", scope, rt1)
		c.check("A carol refresh", err == nil, "%v", err)
		_, err = e.refresh("A", "web-app", "carol", scope, rt1)
		var re *oauth2.RetrieveError
		errors.As(err, &re)
		c.check("A carol reused refresh -> upstream invalid_grant", re != nil && re.Response.StatusCode == 400 && re.ErrorCode == "invalid_grant", "%v", err)
		if nt != nil {
			_, err = e.refresh("A", "web-app", "carol", scope, nt.RefreshToken)
			c.note("A carol refresh with the successor after the reuse (Hydra revokes the chain): %v", err)
		}
		e.expectCount("A carol user count", "web-app", "carol", "user", e.issued(func(r rec) bool { return r.Client == "web-app" && r.User == "carol" }))
	}
	e.expectCount("A web-app client key (aggregate)", "web-app", "", "aggregate", e.issued(func(r rec) bool { return r.Client == "web-app" }))
}

// ---- phase B: bounded load ----

func (e *env) phaseB(perClient, users, refreshes int, deadline time.Duration) {
	c := e.c
	stop := time.Now().Add(deadline)
	var wg sync.WaitGroup
	for i, id := range []string{"load-1", "load-2", "load-3", "load-4"} {
		style := oauth2.AuthStyleInHeader
		if i%2 == 1 {
			style = oauth2.AuthStyleInParams
		}
		var next int64
		var mu sync.Mutex
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(stop) {
					mu.Lock()
					n := next
					next++
					mu.Unlock()
					if n >= int64(perClient) {
						return
					}
					sec := secrets[id]
					if n%10 == 7 {
						sec = "wrong"
					}
					e.cc("B", id, sec, style)
					time.Sleep(ccPause)
				}
			}()
		}
	}
	scope := "openid offline_access"
	for u := 1; u <= users; u++ {
		user := fmt.Sprintf("u%d", u)
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, err := e.code("web-load", user, scope)
			if err != nil {
				c.check("B code "+user, false, "%v", err)
				return
			}
			tok, err := e.webConf("web-load", scope).Exchange(e.ctx("B", "web-load", "basic", user), code)
			if err != nil {
				c.check("B exchange "+user, false, "%v", err)
				return
			}
			rt := tok.RefreshToken
			for i := 0; i < refreshes && time.Now().Before(stop); i++ {
				nt, err := e.refresh("B", "web-load", user, scope, rt)
				if err == nil {
					rt = nt.RefreshToken
				}
				time.Sleep(refreshPause)
			}
		}()
	}
	wg.Wait()
	for _, id := range []string{"load-1", "load-2", "load-3", "load-4"} {
		iss := e.issued(func(r rec) bool { return r.Client == id })
		e.expectCount("B "+id+" count", id, "", "client", iss)
		c.check("B "+id+" held to its limit", iss == 200, "issued %d of limit 200", iss)
	}
	for u := 1; u <= users; u++ {
		user := fmt.Sprintf("u%d", u)
		iss := e.issued(func(r rec) bool { return r.Client == "web-load" && r.User == user })
		e.expectCount("B web-load/"+user+" count", "web-load", user, "user", iss)
		c.check("B web-load/"+user+" held to its limit", iss == 30, "issued %d of limit 30", iss)
	}
	e.expectCount("B web-load client key (aggregate)", "web-load", "", "aggregate", e.issued(func(r rec) bool { return r.Client == "web-load" }))
	// tallies
	e.rt.mu.Lock()
	tally := map[string]int{}
	for _, r := range e.rt.recs {
		if r.Phase == "B" {
			tally[fmt.Sprintf("%s %s %d %s", r.Client, r.Grant, r.Status, r.Error)]++
		}
	}
	e.rt.mu.Unlock()
	var ks []string
	for k := range tally {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		c.note("B tally %s: %d", k, tally[k])
	}
}

// ---- passthrough ----

func (e *env) compare(outDir string) {
	c := e.c
	f, _ := os.Create(filepath.Join(outDir, "passthrough-"+e.rt.via+".txt"))
	defer f.Close()
	skip := map[string]bool{"Date": true, "Ratelimit": true, "Ratelimit-Policy": true, "X-Ratelimit-Limit": true,
		"X-Ratelimit-Remaining": true, "X-Ratelimit-Reset": true, "Ratelimit-Warning": true}
	cmpB := base64.StdEncoding.EncodeToString([]byte("cc-cmp:" + secrets["cc-cmp"]))
	type rq struct {
		name, method, path, body, basic string
		token                           bool
	}
	reqs := []rq{
		{"discovery", "GET", "/.well-known/openid-configuration", "", "", false},
		{"jwks", "GET", "/.well-known/jwks.json", "", "", false},
		{"wrong secret", "POST", "/oauth2/token", "grant_type=client_credentials", base64.StdEncoding.EncodeToString([]byte("cc-cmp:nope")), false},
		{"unknown client", "POST", "/oauth2/token", "grant_type=client_credentials", base64.StdEncoding.EncodeToString([]byte("nobody:nope")), false},
		{"unsupported grant", "POST", "/oauth2/token", "grant_type=urn:x:nope", cmpB, false},
		{"bad scope", "POST", "/oauth2/token", "grant_type=client_credentials&scope=admin", cmpB, false},
		{"token", "POST", "/oauth2/token", "grant_type=client_credentials", cmpB, true},
		{"revoke", "POST", "/oauth2/revoke", "token=abc", cmpB, false},
		{"userinfo no token", "GET", "/userinfo", "", "", false},
	}
	do := func(base string, r rq) (int, http.Header, []byte) {
		var body io.Reader
		if r.body != "" {
			body = strings.NewReader(r.body)
		}
		req, _ := http.NewRequest(r.method, base+r.path, body)
		if r.body != "" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		if r.basic != "" {
			req.Header.Set("Authorization", "Basic "+r.basic)
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return 0, nil, []byte(err.Error())
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, b
	}
	for _, r := range reqs {
		s1, h1, b1 := do("http://127.0.0.1:26444", r)
		s2, h2, b2 := do(e.via, r)
		var diffs []string
		if s1 != s2 {
			diffs = append(diffs, fmt.Sprintf("status %d vs %d", s1, s2))
		}
		for _, h := range []http.Header{h1, h2} {
			for k := range h {
				if skip[k] {
					continue
				}
				if fmt.Sprint(h1[k]) != fmt.Sprint(h2[k]) {
					d := fmt.Sprintf("header %s: direct %q proxied %q", k, h1[k], h2[k])
					if len(diffs) == 0 || diffs[len(diffs)-1] != d {
						diffs = append(diffs, d)
					}
				}
			}
		}
		added := []string{}
		for k := range h2 {
			if skip[k] && k != "Date" {
				added = append(added, k)
			}
		}
		sort.Strings(added)
		if r.token {
			var j1, j2 map[string]any
			json.Unmarshal(b1, &j1)
			json.Unmarshal(b2, &j2)
			k1, k2 := keys(j1), keys(j2)
			if k1 != k2 || j1["token_type"] != j2["token_type"] || j1["expires_in"] != j2["expires_in"] || j1["scope"] != j2["scope"] {
				diffs = append(diffs, fmt.Sprintf("token body: direct %s proxied %s", k1, k2))
			}
			if at, ok := j2["access_token"].(string); ok {
				tokensSeen.Store(at, true)
			}
			if at, ok := j1["access_token"].(string); ok {
				tokensSeen.Store(at, true)
			}
		} else if r.name == "jwks" {
			// Hydra lists its keys in no fixed order (two direct requests differ): compare the sets
			var j1, j2 struct{ Keys []json.RawMessage }
			json.Unmarshal(b1, &j1)
			json.Unmarshal(b2, &j2)
			set := func(ks []json.RawMessage) string {
				var s []string
				for _, k := range ks {
					s = append(s, string(k))
				}
				sort.Strings(s)
				return strings.Join(s, "\n")
			}
			if len(j1.Keys) == 0 || set(j1.Keys) != set(j2.Keys) {
				diffs = append(diffs, fmt.Sprintf("jwks key sets differ:\n direct  %s\n proxied %s", b1, b2))
			}
		} else if !bytes.Equal(b1, b2) {
			diffs = append(diffs, fmt.Sprintf("body differs:\n direct  %s\n proxied %s", b1, b2))
		}
		fmt.Fprintf(f, "== %s %s %s: direct %d, proxied %d; limiter added %v\n", r.name, r.method, r.path, s1, s2, added)
		fmt.Fprintf(f, "   direct headers:  %v\n   proxied headers: %v\n", h1, h2)
		if !r.token {
			fmt.Fprintf(f, "   body: %s\n", b2)
		}
		for _, d := range diffs {
			fmt.Fprintf(f, "   DIFF %s\n", d)
		}
		c.check("passthrough "+r.name, len(diffs) == 0, "%d/%d %v added %v", s1, s2, diffs, added)
	}
}

func keys(m map[string]any) string {
	var k []string
	for x := range m {
		k = append(k, x)
	}
	sort.Strings(k)
	return strings.Join(k, ",")
}

// ---- leaks ----

var credRE = regexp.MustCompile(`ory_(at|rt|ac)_[A-Za-z0-9_\-.]+|eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*`)

func leakScan(c *checker, name string, data []byte) {
	var found []string
	for _, m := range credRE.FindAll(data, -1) {
		if _, ok := tokensSeen.Load(string(m)); ok || len(m) > 30 {
			found = append(found, string(m[:min(len(m), 16)])+"…")
		}
	}
	for id, s := range secrets {
		for _, v := range []string{s, url.QueryEscape(s), base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id) + ":" + url.QueryEscape(s))),
			base64.StdEncoding.EncodeToString([]byte(id + ":" + s))} {
			if bytes.Contains(data, []byte(v)) {
				found = append(found, "secret of "+id)
			}
		}
	}
	n := 0
	tokensSeen.Range(func(k, _ any) bool {
		n++
		if bytes.Contains(data, []byte(k.(string))) {
			found = append(found, "token "+k.(string)[:12]+"…")
		}
		return true
	})
	c.check("no credential in "+name, len(found) == 0, "%d bytes scanned against %d tokens, %d secrets: %v", len(data), n, len(secrets), found)
}

func get(u string) []byte {
	resp, err := http.Get(u)
	if err != nil {
		return []byte(err.Error())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}

func runAll(via, admin, viaName, outDir, limiterLog string, skipSetup bool, perClient, users, refreshes int, deadline time.Duration) error {
	os.MkdirAll(outDir, 0o755)
	lf, _ := os.Create(filepath.Join(outDir, "requests-"+viaName+".jsonl"))
	defer lf.Close()
	cf, _ := os.Create(filepath.Join(outDir, "checks-"+viaName+".txt"))
	defer cf.Close()
	rt := &logRT{via: viaName, base: &http.Transport{MaxIdleConnsPerHost: 32}, f: lf}
	e := &env{via: via, admin: admin, rt: rt, hc: &http.Client{Transport: rt}, c: &checker{f: cf}}
	if !skipSetup {
		if err := setupClients(); err != nil {
			return err
		}
	} else {
		jwtKey = loadKey(outDir)
	}
	saveKey(outDir)
	e.c.note("start %s via %s", time.Now().UTC().Format(time.RFC3339), via)
	e.phaseA()
	e.c.note("phase B start %s", time.Now().UTC().Format(time.RFC3339))
	e.phaseB(perClient, users, refreshes, deadline)
	e.c.note("phase B end %s", time.Now().UTC().Format(time.RFC3339))
	e.compare(outDir)
	metrics := get(admin + "/metrics")
	os.WriteFile(filepath.Join(outDir, "metrics-"+viaName+".txt"), metrics, 0o644)
	top := get(admin + "/admin/top?n=1000")
	os.WriteFile(filepath.Join(outDir, "top-"+viaName+".json"), top, 0o644)
	status := get(admin + "/admin/")
	leakScan(e.c, "metrics", metrics)
	leakScan(e.c, "admin top", top)
	leakScan(e.c, "admin status page", status)
	if lg, err := os.ReadFile(limiterLog); err == nil {
		leakScan(e.c, "limiter log", lg)
	}
	// our own per-request log holds hashes only
	if lg, err := os.ReadFile(filepath.Join(outDir, "requests-"+viaName+".jsonl")); err == nil {
		leakScan(e.c, "h91 request log", lg)
	}
	e.c.note("done %s: %d requests, %d failed checks", time.Now().UTC().Format(time.RFC3339), len(rt.recs), e.c.fail)
	return nil
}

// the private_key_jwt key is kept between the two runs (Hydra holds its public half)
func saveKey(dir string) {
	b, _ := json.Marshal(map[string]string{"n": jwtKey.N.String(), "d": jwtKey.D.String(), "p": jwtKey.Primes[0].String(), "q": jwtKey.Primes[1].String()})
	os.WriteFile(filepath.Join(dir, "..", "jwtkey.secret.json"), b, 0o600)
}
func loadKey(dir string) *rsa.PrivateKey {
	b, err := os.ReadFile(filepath.Join(dir, "..", "jwtkey.secret.json"))
	if err != nil {
		panic(err)
	}
	var m map[string]string
	json.Unmarshal(b, &m)
	bi := func(s string) *big.Int { x, _ := new(big.Int).SetString(s, 10); return x }
	k := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: bi(m["n"]), E: 65537}, D: bi(m["d"]), Primes: []*big.Int{bi(m["p"]), bi(m["q"])}}
	k.Precompute()
	return k
}

package oauthratelimit

import (
	"bufio"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestExpectContinueThroughProxy: a client that sends Expect: 100-continue
// through the limiter and a ReverseProxy gets one 100 Continue (net/http
// sends it when the limiter reads the body), not a second one forwarded
// from the upstream.
func TestExpectContinueThroughProxy(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"access_token":"a","token_type":"bearer"}`)
	}))
	defer up.Close()
	u, _ := url.Parse(up.URL)
	f := newFixture(t, nil)
	front := httptest.NewServer(f.lim.Middleware(httputil.NewSingleHostReverseProxy(u)))
	defer front.Close()

	conn, err := net.Dial("tcp", front.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	body := "grant_type=client_credentials&client_id=app&client_secret=s"
	fmt.Fprintf(conn, "POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n", len(body))
	br := bufio.NewReader(conn)
	line, err := br.ReadString('\n')
	if err != nil || !strings.Contains(line, "100 Continue") {
		t.Fatalf("first line %q, %v; want 100 Continue", line, err)
	}
	io.WriteString(conn, body)
	rest, _ := io.ReadAll(br)
	if n := strings.Count(line+string(rest), "100 Continue"); n != 1 {
		t.Errorf("%d 100 Continue responses, want 1:\n%s%s", n, line, rest)
	}
	if !strings.Contains(string(rest), "200 OK") {
		t.Errorf("no 200 after the 100:\n%s", rest)
	}
}

// TestResetZeroWhenNothingSpent: t (and X-RateLimit-Reset) is 0 when the
// binding tier's whole quota remains, whatever fraction of a count has not
// decayed yet; otherwise the time until the count has fully decayed.
func TestResetZeroWhenNothingSpent(t *testing.T) {
	f := newFixture(t, nil)
	cr := f.lim.state.Load().lookup("app")
	tier := cr.scopes[scopeClient].window[0] // 3 a minute
	tests := []struct {
		name      string
		remaining int64
		reset     time.Duration
		want      string
	}{
		{"nothing spent", 3, 71 * time.Second, `"client-1m";r=3;t=0`},
		{"one spent", 2, 71 * time.Second, `"client-1m";r=2;t=71`},
		{"all spent", 0, 30 * time.Second, `"client-1m";r=0;t=30`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := &verdict{cr: cr, hasBind: true, scope: scopeClient, policyHdr: cr.clientPolicy, blk: new(requestBlock),
				d: cache.Decision{Allowed: true, Tier: tier, Remaining: tt.remaining, Reset: tt.reset}}
			h := http.Header{}
			v.writeHeaders(h, hdrAdmitted)
			if got := h.Get("RateLimit"); got != tt.want {
				t.Errorf("RateLimit %q, want %q", got, tt.want)
			}
			if got, want := h.Get("X-RateLimit-Reset"), tt.want[strings.LastIndex(tt.want, "=")+1:]; got != want {
				t.Errorf("X-RateLimit-Reset %q, want %q", got, want)
			}
		})
	}
}

// TestCORSOnRefusals: the limiter's own 429, 400 and 413 carry the CORS
// headers for a configured origin; a 429 also for an origin the endpoint
// allowed in an earlier answer issuing the same client a token (with its
// credentials flag); none other does (a 400 or 413 names no client).
func TestCORSOnRefusals(t *testing.T) {
	const app, spa, evil = "https://app.example", "https://spa.example", "https://evil.example"
	const plain, mis = "https://plain.example", "https://mis.example" // allowed without credentials; answered with spa's
	f := newFixture(t, func(c *Config) { c.CORSOrigins = []string{app}; c.MaxBodyBytes = 512 })
	corsEP := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch o := r.Header.Get("Origin"); o {
		case spa:
			w.Header().Set("Access-Control-Allow-Origin", o)
			w.Header().Set("Access-Control-Allow-Credentials", "true")
		case plain:
			w.Header().Set("Access-Control-Allow-Origin", o)
			w.Header().Set("Access-Control-Allow-Credentials", "false") // as good as none
		case mis:
			w.Header().Set("Access-Control-Allow-Origin", spa)
		}
		f.ep.ServeHTTP(w, r)
	})
	h := f.lim.Middleware(corsEP)
	send := func(origin, body string) *httptest.ResponseRecorder { return postFrom(h, origin, body) }
	// spa's first answer comes from the endpoint, which allows it.
	if w := send(spa, "grant_type=client_credentials&client_id=busy"); w.Code != 200 || w.Header().Get("Access-Control-Allow-Origin") != spa {
		t.Fatalf("endpoint answer to spa: %d %v", w.Code, w.Header())
	}
	// busy's next two tokens, its limit: plain's is allowed without
	// credentials; mis's answer allows another origin, which teaches
	// nothing.
	for _, o := range []string{plain, mis} {
		if w := send(o, "grant_type=client_credentials&client_id=busy"); w.Code != 200 {
			t.Fatalf("endpoint answer to %s: %d", o, w.Code)
		}
	}
	// A token issued to a request that names no client (a password grant
	// without client_id) teaches spa for the client "": no refusal of a
	// malformed request, which names no client, takes it.
	if w := send(spa, "grant_type=password&username=u&password=p"); w.Code != 200 {
		t.Fatalf("endpoint answer to spa, no client: %d", w.Code)
	}
	tests := []struct {
		name, origin, body string
		status             int
		acao               string
		credentials        bool
	}{
		{"429, configured origin", app, "grant_type=client_credentials&client_id=busy", 429, app, false},
		{"429, learned origin", spa, "grant_type=client_credentials&client_id=busy", 429, spa, true},
		{"429, other origin", evil, "grant_type=client_credentials&client_id=busy", 429, "", false},
		{"429, origin learned without credentials", plain, "grant_type=client_credentials&client_id=busy", 429, plain, false},
		{"429, origin whose answer allowed another", mis, "grant_type=client_credentials&client_id=busy", 429, "", false},
		{"429, no origin", "", "grant_type=client_credentials&client_id=busy", 429, "", false},
		{"400, configured origin", app, "client_id=a&client_id=b", 400, app, false},
		{"400, origin learned for no client", spa, "client_id=a&client_id=b", 400, "", false},
		{"413, learned origin: no client named", spa, strings.Repeat("x", 600), 413, "", false},
		{"413, configured origin", app, strings.Repeat("x", 600), 413, app, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := send(tt.origin, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d", w.Code, tt.status)
			}
			if got := w.Header().Get("Access-Control-Allow-Origin"); got != tt.acao {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, tt.acao)
			}
			if got := w.Header().Get("Access-Control-Allow-Credentials") == "true"; got != tt.credentials {
				t.Errorf("credentials %v, want %v", got, tt.credentials)
			}
			exposed := w.Header().Get("Access-Control-Expose-Headers")
			if tt.acao != "" && (!strings.Contains(exposed, "Retry-After") || w.Header().Get("Vary") != "Origin") {
				t.Errorf("Expose-Headers %q, Vary %q", exposed, w.Header().Get("Vary"))
			}
		})
	}
	// A Vary: Origin set before the middleware (a CORS middleware outside
	// it) is not repeated.
	outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Vary", "Origin")
		h.ServeHTTP(w, r)
	})
	if w := postFrom(outer, app, "grant_type=client_credentials&client_id=busy"); w.Code != 429 || !slices.Equal(w.Header().Values("Vary"), []string{"Origin"}) {
		t.Errorf("Vary: Origin set outside: %d, Vary %q; want 429, [Origin]", w.Code, w.Header().Values("Vary"))
	}
	// Two Origin headers name no origin (a browser sends one): none is
	// allowed, not even a configured one.
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=busy"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Add("Origin", app)
	r.Header.Add("Origin", spa)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if got := w.Header().Get("Access-Control-Allow-Origin"); w.Code != 429 || got != "" {
		t.Errorf("two Origin headers: %d, Access-Control-Allow-Origin %q; want 429 without it", w.Code, got)
	}
}

// TestCORSLearnsFromIssuedTokensPerClient: the endpoint here reflects
// every Origin, with credentials, on every answer, its 401s included (as
// in an outside audit). An origin is learned only from an answer that
// issued a token, and only for the client it was issued to; a full table
// forgets the pair seen least recently, so a new origin is still learned
// after a flood of others.
func TestCORSLearnsFromIssuedTokensPerClient(t *testing.T) {
	const spa, evil = "https://spa.example", "https://evil.example"
	f := newFixture(t, nil)
	h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o := r.Header.Get("Origin"); o != "" {
			w.Header().Set("Access-Control-Allow-Origin", o)
			w.Header().Set("Access-Control-Allow-Credentials", "true")
		}
		f.ep.ServeHTTP(w, r)
	}))
	send := func(origin, body string) *httptest.ResponseRecorder {
		f.clk.Advance(time.Millisecond) // the pairs are seen in order, all within one frame
		return postFrom(h, origin, body)
	}
	// No secret: 401s that allow evil and its kin teach nothing.
	for i := range 5 {
		if w := send(fmt.Sprintf("https://junk%d.evil", i), "grant_type=client_credentials&client_id=busy&client_secret=wrong"); w.Code != 401 {
			t.Fatalf("wrong secret: %d", w.Code)
		}
	}
	if w := send(evil, "grant_type=client_credentials&client_id=busy&client_secret=wrong"); w.Code != 401 {
		t.Fatalf("wrong secret: %d", w.Code)
	}
	// Checked here: the flood below pushes out whatever these taught, so
	// the 429s after it cannot tell.
	if n := len(f.lim.cors.learned); n != 0 {
		t.Fatalf("%d pairs learned from 401s, want none", n)
	}
	// A token to another client from evil teaches evil for that client only.
	if w := send(evil, "grant_type=client_credentials&client_id=attacker"); w.Code != 200 {
		t.Fatalf("attacker: %d", w.Code)
	}
	// A flood of other clients' tokens, each from an origin of its own:
	// more pairs than the table holds.
	for i := range maxLearnedOrigins + 6 {
		if w := send(fmt.Sprintf("https://junk%d.evil", i), fmt.Sprintf("grant_type=client_credentials&client_id=filler-%d", i)); w.Code != 200 {
			t.Fatalf("filler %d: %d", i, w.Code)
		}
	}
	// busy's own token from spa, after the flood, is learned; then busy is
	// at its limit (3 a minute).
	if w := send(spa, "grant_type=client_credentials&client_id=busy"); w.Code != 200 {
		t.Fatalf("busy from spa: %d", w.Code)
	}
	for range 2 {
		send("", "grant_type=client_credentials&client_id=busy")
	}
	tests := []struct {
		name, origin, client string
		acao                 string
	}{
		{"busy, origin its token was issued from", spa, "busy", spa},
		{"busy, origin allowed only on busy's 401", "https://junk1.evil", "busy", ""},
		{"busy, origin allowed on another client's token and busy's 401", evil, "busy", ""},
		{"filler, the newest pair", fmt.Sprintf("https://junk%d.evil", maxLearnedOrigins+5), fmt.Sprintf("filler-%d", maxLearnedOrigins+5), fmt.Sprintf("https://junk%d.evil", maxLearnedOrigins+5)},
		{"filler, the oldest pair, forgotten", "https://junk0.evil", "filler-0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for range 3 { // filler clients have one token of three
				send("", "grant_type=client_credentials&client_id="+tt.client)
			}
			w := send(tt.origin, "grant_type=client_credentials&client_id="+tt.client)
			if w.Code != 429 {
				t.Fatalf("status %d, want 429", w.Code)
			}
			if got := w.Header().Get("Access-Control-Allow-Origin"); got != tt.acao {
				t.Errorf("Access-Control-Allow-Origin %q, want %q", got, tt.acao)
			}
			if got, want := w.Header().Get("Access-Control-Allow-Credentials") == "true", tt.acao != ""; got != want {
				t.Errorf("credentials %v, want %v", got, want)
			}
		})
	}
}

// hijackRecorder is a ResponseRecorder whose connection can be taken
// over (nothing is written after).
type hijackRecorder struct{ *httptest.ResponseRecorder }

func (hijackRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) { return nil, nil, nil }

// TestCORSNotLearnedFromHijackedAnswer: an answer whose connection the
// endpoint took over after a 2xx status teaches no origin: no status
// says a token was issued, so the request is released (not counted),
// and learning from it would be learning from an answer that need not
// have issued anything.
func TestCORSNotLearnedFromHijackedAnswer(t *testing.T) {
	const spa = "https://spa.example"
	f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, 1)) })
	h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Origin") == "" {
			f.ep.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
		w.WriteHeader(http.StatusOK)
		if _, _, err := w.(http.Hijacker).Hijack(); err != nil {
			t.Errorf("Hijack: %v", err)
		}
	}))
	send := func(origin string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=app"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		w := hijackRecorder{httptest.NewRecorder()}
		h.ServeHTTP(w, r)
		return w.ResponseRecorder
	}
	send(spa) // hijacked after its 200: released
	if w := send(""); w.Code != http.StatusOK {
		t.Fatalf("the client's one token: %d, want 200 (the hijacked request is not counted)", w.Code)
	}
	w := send(spa)
	if got := w.Header().Get("Access-Control-Allow-Origin"); w.Code != http.StatusTooManyRequests || got != "" {
		t.Errorf("%d, Access-Control-Allow-Origin %q; want 429 without it: nothing learned from the hijacked answer", w.Code, got)
	}
}

// TestCORSLearnsOriginsUpToMaxLen: an origin of maxLearnedOriginLen
// bytes is learned, one of a byte more is not.
func TestCORSLearnsOriginsUpToMaxLen(t *testing.T) {
	for _, n := range []int{maxLearnedOriginLen, maxLearnedOriginLen + 1} {
		origin := "https://" + strings.Repeat("o", n-len("https://.example")) + ".example"
		c := newCORS(nil)
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, nil)
		r.Header.Set("Origin", origin)
		c.learn(http.Header{"Access-Control-Allow-Origin": {origin}}, r, "app", t0)
		if got, want := len(c.learned), map[bool]int{true: 1}[n <= maxLearnedOriginLen]; len(origin) != n || got != want {
			t.Errorf("an origin of %d bytes: %d pairs learned, want %d", len(origin), got, want)
		}
	}
}

// TestCORSLearnedLeastRecentlySeenGoes: a full table replaces the pair the
// endpoint allowed least recently; a pair seen again stays, and learning
// it again changes its answer.
func TestCORSLearnedLeastRecentlySeenGoes(t *testing.T) {
	c := newCORS(nil)
	now := t0
	learn := func(client, origin string, credentials bool) {
		now = now.Add(time.Second)
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, nil)
		r.Header.Set("Origin", origin)
		h := http.Header{"Access-Control-Allow-Origin": {origin}}
		if credentials {
			h.Set("Access-Control-Allow-Credentials", "true")
		}
		c.learn(h, r, client, now)
	}
	allowed := func(client, origin string) (acao string, credentials bool) {
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, nil)
		r.Header.Set("Origin", origin)
		h := http.Header{}
		c.refusalFor(h, r, client, true)
		return h.Get("Access-Control-Allow-Origin"), h.Get("Access-Control-Allow-Credentials") == "true"
	}
	learn("app", "https://app.example", false)
	for i := range maxLearnedOrigins - 1 {
		learn("other", fmt.Sprintf("https://o%d.example", i), false)
	}
	learn("app", "https://app.example", true)   // seen again, now with credentials
	learn("other", "https://o0.example", false) // seen again, the same answer: refreshed
	learn("new", "https://new.example", false)  // the table is full: o1 goes
	learn("bad", "https://bad.example/path", false)
	learn("bad", "https://"+strings.Repeat("b", maxLearnedOriginLen)+".example", false)
	if got := len(c.learned); got != maxLearnedOrigins {
		t.Errorf("%d pairs, want %d", got, maxLearnedOrigins)
	}
	tests := []struct {
		client, origin, acao string
		credentials          bool
	}{
		{"app", "https://app.example", "https://app.example", true},
		{"new", "https://new.example", "https://new.example", false},
		{"other", "https://o0.example", "https://o0.example", false},
		{"other", "https://o1.example", "", false},
		{"other", "https://o2.example", "https://o2.example", false},
		{"app", "https://o2.example", "", false},
		{"bad", "https://bad.example/path", "", false},
	}
	for _, tt := range tests {
		acao, cred := allowed(tt.client, tt.origin)
		if acao != tt.acao || cred != tt.credentials {
			t.Errorf("%s from %s: %q credentials %v, want %q %v", tt.client, tt.origin, acao, cred, tt.acao, tt.credentials)
		}
	}
}

// TestMultipartRefusedSaysWhy: a multipart/form-data token request is
// refused with a description that says why and what to send.
func TestMultipartRefusedSaysWhy(t *testing.T) {
	f := newFixture(t, nil)
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"grant_type\"\r\n\r\nclient_credentials\r\n--x--\r\n"))
	r.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	code, desc := errorOf(t, w)
	if w.Code != 400 || code != ErrorInvalidRequest || !strings.Contains(desc, "multipart/form-data") || !strings.Contains(desc, "application/x-www-form-urlencoded") {
		t.Errorf("%d %q %q", w.Code, code, desc)
	}
	if f.ep.Calls() != 0 {
		t.Error("the endpoint was called")
	}
}

// TestConfigCORSOrigins: CORSOrigins takes "*" and serialized origins only.
func TestConfigCORSOrigins(t *testing.T) {
	for _, tt := range []struct {
		origin string
		ok     bool
	}{{"*", true}, {"https://app.example", true}, {"http://localhost:3000", true}, {"https://app.example/", false}, {"app.example", false}, {"https://a.example/path", false}, {"ftp://x", false}} {
		err := (&Config{CORSOrigins: []string{tt.origin}}).Validate()
		if (err == nil) != tt.ok {
			t.Errorf("%q: %v, want ok %v", tt.origin, err, tt.ok)
		}
	}
}

// TestProxyAbortAfter2xxCounts: through a ReverseProxy, a 2xx answer
// whose body is cut (here the upstream drops the connection mid-body; an
// outside audit did it from the client's side, resetting the connection
// once it had read the token) makes the proxy panic with
// http.ErrAbortHandler after the status; the token was issued, so it
// counts. Released, such answers let the audit's client take 8 tokens at a
// limit of 5.
func TestProxyAbortAfter2xxCounts(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", "1000")
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, `{"access_token":"a","token_type":"bearer",`)
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // the connection closes 958 bytes short
	}))
	defer up.Close()
	up.Config.ErrorLog = log.New(io.Discard, "", 0)
	u, _ := url.Parse(up.URL)
	f := newFixture(t, nil)
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ErrorLog = log.New(io.Discard, "", 0)
	front := httptest.NewServer(f.lim.Middleware(rp))
	defer front.Close()
	front.Config.ErrorLog = log.New(io.Discard, "", 0)

	for i := range 3 {
		// The client gets the start of the answer, or (as here: the
		// proxy had not flushed it) nothing, the connection closed.
		resp, err := front.Client().Post(front.URL+DefaultTokenPath, "application/x-www-form-urlencoded",
			strings.NewReader("grant_type=client_credentials&client_id=app&client_secret=s"))
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("request %d: %d, want 200 or no answer", i, resp.StatusCode)
			}
		}
		if err == nil {
			t.Fatalf("request %d: the whole answer read, want it cut short", i)
		}
	}
	// app's limit is 3 a minute: the three cut answers spent it.
	if w := f.post("grant_type=client_credentials&client_id=app&client_secret=s"); w.Code != http.StatusTooManyRequests {
		t.Errorf("after 3 issued tokens cut short: %d, want 429", w.Code)
	}
}

// postFrom sends h a token request with the form body, from origin (no
// Origin header if "").
func postFrom(h http.Handler, origin, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin != "" {
		r.Header.Set("Origin", origin)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

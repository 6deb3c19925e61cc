package oauthratelimit

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

func TestMalformedRequests(t *testing.T) {
	assertion := testJWT(map[string]any{"sub": "svc", "iss": "svc"})
	tests := []struct {
		name     string
		ctype    string // "" means the form type
		body     string
		headers  []string
		query    string
		status   int
		reason   string
		descPart string
	}{
		{name: "json content type", ctype: "application/json", body: `{"grant_type":"client_credentials"}`, status: 400, reason: "content_type", descPart: "application/x-www-form-urlencoded"},
		{name: "multipart", ctype: "multipart/form-data; boundary=x", body: "--x--", status: 400, reason: "content_type", descPart: "application/x-www-form-urlencoded"},
		{name: "no content type", ctype: "-", body: "grant_type=client_credentials", status: 400, reason: "content_type"},
		{name: "duplicate client_id", body: "grant_type=client_credentials&client_id=a&client_id=b", status: 400, reason: "duplicate_parameter", descPart: "client_id"},
		{name: "duplicate grant_type", body: "grant_type=client_credentials&grant_type=password&client_id=a", status: 400, reason: "duplicate_parameter", descPart: "grant_type"},
		{name: "duplicate username", body: "grant_type=password&client_id=a&username=x&username=y", status: 400, reason: "duplicate_parameter", descPart: "username"},
		{name: "duplicate client_assertion", body: "client_assertion=" + assertion + "&client_assertion=" + assertion, status: 400, reason: "duplicate_parameter", descPart: "client_assertion"},
		{name: "duplicate client_assertion_type", body: "client_assertion_type=a&client_assertion_type=b", status: 400, reason: "duplicate_parameter", descPart: "client_assertion_type"},
		{name: "duplicate via escaped name", body: "client_id=a&client%5Fid=b", status: 400, reason: "duplicate_parameter", descPart: "client_id"},
		{name: "duplicate empty value", body: "client_id=&client_id=b", status: 400, reason: "duplicate_parameter", descPart: "client_id"},
		{name: "bad escape in client_id", body: "grant_type=client_credentials&client_id=a%zz", status: 400, reason: "bad_escape", descPart: "client_id"},
		{name: "truncated escape", body: "grant_type=client_credentials&client_id=a%4", status: 400, reason: "bad_escape", descPart: "client_id"},
		{name: "bad escape in other value", body: "grant_type=client_credentials&client_id=a&scope=%", status: 400, reason: "bad_escape", descPart: "parameter value"},
		{name: "bad escape in name", body: "grant_type=client_credentials&client_id=a&sc%ope=x", status: 400, reason: "bad_escape", descPart: "parameter name"},
		{name: "semicolon", body: "grant_type=client_credentials;client_id=a", status: 400, reason: "semicolon", descPart: "';'"},
		{name: "basic and client_secret", body: "grant_type=client_credentials&client_secret=s", headers: []string{"Authorization", basic("a", "s")}, status: 400, reason: "multiple_auth_methods", descPart: "more than one authentication method"},
		{name: "basic and assertion", body: "grant_type=client_credentials&client_assertion=" + assertion, headers: []string{"Authorization", basic("svc", "s")}, status: 400, reason: "multiple_auth_methods"},
		{name: "assertion and client_secret", body: "grant_type=client_credentials&client_secret=s&client_assertion=" + assertion, status: 400, reason: "multiple_auth_methods"},
		{name: "basic id differs from client_id", body: "grant_type=client_credentials&client_id=b", headers: []string{"Authorization", basic("a", "s")}, status: 400, reason: "client_id_mismatch", descPart: "client_id"},
		{name: "assertion sub differs from client_id", body: "grant_type=client_credentials&client_id=other&client_assertion=" + assertion, status: 400, reason: "client_id_mismatch", descPart: "client_assertion"},
		{name: "assertion without sub or client_id", body: "grant_type=client_credentials&client_assertion=not-a-jwt", status: 400, reason: "malformed_assertion", descPart: "client_assertion"},
		{name: "basic not base64", body: "grant_type=client_credentials", headers: []string{"Authorization", "Basic !!!"}, status: 400, reason: "malformed_basic", descPart: "HTTP Basic"},
		{name: "basic without colon", body: "grant_type=client_credentials", headers: []string{"Authorization", "Basic YWJj"}, status: 400, reason: "malformed_basic"},
		{name: "basic with bad escape", body: "grant_type=client_credentials", headers: []string{"Authorization", "Basic " + "YSU6cw=="}, status: 400, reason: "malformed_basic"},
		{name: "two authorization headers", body: "grant_type=client_credentials", headers: []string{"Authorization", basic("a", "s"), "Authorization", basic("a", "s")}, status: 400, reason: "multiple_authorization_headers"},
		{name: "client_id in query", query: "client_id=a", body: "grant_type=client_credentials", status: 400, reason: "parameter_in_query", descPart: "client_id"},
		{name: "grant_type in query after semicolon", query: "x=1;grant_type=password", body: "client_id=a", status: 400, reason: "parameter_in_query", descPart: "grant_type"},
		{name: "garbage bytes", body: "\x00\xff\xfe%%%\x01&&==", status: 400, reason: "bad_escape"},
		{name: "client_id too long", body: "grant_type=client_credentials&client_id=" + strings.Repeat("c", MaxIdentityLen+1), status: 400, reason: "identity_too_long", descPart: "client identifier"},
		{name: "basic id too long", body: "grant_type=client_credentials", headers: []string{"Authorization", basic(strings.Repeat("c", MaxIdentityLen+1), "s")}, status: 400, reason: "identity_too_long"},
		{name: "username too long", body: "grant_type=password&client_id=a&username=" + strings.Repeat("u", MaxIdentityLen+1), status: 400, reason: "identity_too_long", descPart: "username"},
		{name: "oversized", body: strings.Repeat("a", DefaultMaxBodyBytes+1), status: 413, reason: "body_too_large", descPart: "65536"},
		{name: "gzip body", body: "\x1f\x8b\x08\x00", headers: []string{"Content-Encoding", "gzip"}, status: 415, reason: "content_encoding", descPart: "Content-Encoding"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			target := DefaultTokenPath
			if tt.query != "" {
				target += "?" + tt.query
			}
			r := httptest.NewRequest(http.MethodPost, target, strings.NewReader(tt.body))
			switch tt.ctype {
			case "":
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			case "-":
			default:
				r.Header.Set("Content-Type", tt.ctype)
			}
			for i := 0; i+1 < len(tt.headers); i += 2 {
				r.Header.Add(tt.headers[i], tt.headers[i+1])
			}
			w := httptest.NewRecorder()
			f.h.ServeHTTP(w, r)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d; body %s", w.Code, tt.status, w.Body)
			}
			code, desc := errorOf(t, w)
			if code != ErrorInvalidRequest || !strings.Contains(desc, tt.descPart) {
				t.Errorf("error %q %q; want invalid_request naming %q", code, desc, tt.descPart)
			}
			if got := w.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", got)
			}
			if got := w.Header().Get("Content-Type"); got != "application/json" {
				t.Errorf("Content-Type %q", got)
			}
			if got, want := w.Header().Get("Accept-Encoding"), map[bool]string{true: "identity"}[tt.status == 415]; got != want {
				t.Errorf("Accept-Encoding %q, want %q", got, want) // RFC 9110 §15.5.16, on a 415 for the encoding
			}
			if f.ep.Calls() != 0 {
				t.Errorf("the token endpoint was called")
			}
			if got := testutil.ToFloat64(f.lim.metrics.bad[reasonIndex(t, tt.reason)]); got != 1 {
				t.Errorf("bad_requests_total{reason=%q} = %v, want 1", tt.reason, got)
			}
		})
	}
}

func reasonIndex(t *testing.T, name string) tokenrequest.Reason {
	for r := range tokenrequest.NumReasons {
		if r.String() == name {
			return r
		}
	}
	t.Fatalf("no reason %q", name)
	return 0
}

// TestBodyCappedBefore: a handler before the middleware that caps the body
// below MaxBodyBytes (http.MaxBytesReader) gets a 413 naming its cap, not
// MaxBodyBytes (an outside audit, h59: "exceeds 65536 bytes" for a cap of
// 100); a cap above MaxBodyBytes leaves the middleware's own.
func TestBodyCappedBefore(t *testing.T) {
	for _, tc := range []struct {
		cap  int64
		want string
	}{
		{100, "the request body exceeds 100 bytes"},
		{1 << 20, "the request body exceeds 65536 bytes"},
	} {
		f := newFixture(t, nil)
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Body = http.MaxBytesReader(w, r.Body, tc.cap)
			f.h.ServeHTTP(w, r)
		})
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=a&x="+strings.Repeat("y", 70_000)))
		r.ContentLength = -1
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if _, desc := errorOf(t, w); w.Code != http.StatusRequestEntityTooLarge || desc != tc.want || f.ep.Calls() != 0 {
			t.Errorf("cap %d: %d %q, %d endpoint calls; want 413 %q", tc.cap, w.Code, desc, f.ep.Calls(), tc.want)
		}
	}
}

func TestOversizedChunkedBody(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.MaxBodyBytes = 100 })
	body := io.MultiReader(strings.NewReader("grant_type=client_credentials&client_id=a&x="), strings.NewReader(strings.Repeat("y", 200)))
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, body)
	r.ContentLength = -1 // chunked: the length is not known up front
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge || w.Header().Get("Connection") != "close" {
		t.Fatalf("status %d Connection %q, want 413 close", w.Code, w.Header().Get("Connection"))
	}
	// Exactly at the cap is fine.
	r = httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=a&x="+strings.Repeat("y", 100-44)))
	r.ContentLength = -1
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w = httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("body of exactly MaxBodyBytes: status %d", w.Code)
	}
}

// TestBodyAtMaxBodyBytes: a body of exactly MaxBodyBytes is read and
// passed on, one byte more is refused with 413, whether its length is
// declared (Content-Length), not (chunked), or it is a form a handler
// before the middleware parsed, whose encoding is what counts and what the
// endpoint gets, with a Content-Length that says its length (the encoding
// may be shorter than the body sent: %7A is z).
func TestBodyAtMaxBodyBytes(t *testing.T) {
	const limit = 100
	head := "grant_type=client_credentials&client_id=a&x="
	pad := func(n int) string { return head + strings.Repeat("y", n-len(head)) }
	for _, tc := range []struct {
		name     string
		body     string
		chunked  bool
		parsed   bool   // the form is parsed before the middleware
		wantCode int    // the answer's status
		wantBody string // what the endpoint reads, if it is called
	}{
		{name: "declared at the cap", body: pad(limit), wantCode: http.StatusOK, wantBody: pad(limit)},
		{name: "declared over the cap", body: pad(limit + 1), wantCode: http.StatusRequestEntityTooLarge},
		{name: "chunked at the cap", body: pad(limit), chunked: true, wantCode: http.StatusOK, wantBody: pad(limit)},
		{name: "chunked over the cap", body: pad(limit + 1), chunked: true, wantCode: http.StatusRequestEntityTooLarge},
		{name: "parsed form encoded at the cap", body: "x=" + strings.Repeat("y", limit-len("client_id=a&grant_type=client_credentials&x=")) + "&grant_type=client_credentials&client_id=a",
			parsed: true, wantCode: http.StatusOK, wantBody: "client_id=a&grant_type=client_credentials&x=" + strings.Repeat("y", limit-len("client_id=a&grant_type=client_credentials&x="))},
		{name: "parsed form encoded over the cap", body: "x=" + strings.Repeat("y", limit+1-len("client_id=a&grant_type=client_credentials&x=")) + "&grant_type=client_credentials&client_id=a",
			parsed: true, wantCode: http.StatusRequestEntityTooLarge},
		{name: "parsed form encoded shorter", body: "grant_type=client_credentials&client_id=a&z=%7A",
			parsed: true, wantCode: http.StatusOK, wantBody: "client_id=a&grant_type=client_credentials&z=z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.MaxBodyBytes = limit })
			var read []string
			endpoint := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, err := io.ReadAll(r.Body)
				if err != nil {
					t.Errorf("endpoint: read body: %v", err)
				}
				if r.ContentLength != int64(len(b)) && !tc.chunked {
					t.Errorf("endpoint: ContentLength %d, body of %d bytes", r.ContentLength, len(b))
				}
				read = append(read, string(b))
			})
			h := http.Handler(f.lim.Middleware(endpoint))
			if tc.parsed {
				next := h
				h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if err := r.ParseForm(); err != nil {
						t.Fatal(err)
					}
					next.ServeHTTP(w, r)
				})
			}
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(tc.body))
			if tc.chunked {
				r.ContentLength = -1
			}
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			var want []string
			if tc.wantBody != "" {
				want = []string{tc.wantBody}
			}
			if w.Code != tc.wantCode || !slices.Equal(read, want) {
				t.Errorf("status %d, endpoint read %q; want %d, %q", w.Code, read, tc.wantCode, want)
			}
		})
	}
}

func TestUnreadableBody(t *testing.T) {
	f := newFixture(t, nil)
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, iotest.ErrReader(io.ErrUnexpectedEOF))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	if w.Code != http.StatusBadRequest {
		t.Fatalf("status %d", w.Code)
	}
}

func TestPassThrough(t *testing.T) {
	tests := []struct {
		name, method, path string
	}{
		{"GET token path", http.MethodGet, DefaultTokenPath},
		{"POST other path", http.MethodPost, "/oauth2/authorize"},
		{"POST prefix", http.MethodPost, "/oauth2/tokens"},
		{"PUT token path", http.MethodPut, DefaultTokenPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			var got *http.Request
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = r
				w.WriteHeader(http.StatusTeapot)
			}))
			body := strings.NewReader("not a form; not read")
			r := httptest.NewRequest(tt.method, tt.path, body)
			r.Header.Set("Content-Type", "text/plain")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if got != r || w.Code != http.StatusTeapot {
				t.Fatalf("request not passed through as is")
			}
			if body.Len() != len("not a form; not read") {
				t.Errorf("the middleware read the body")
			}
			if w.Header().Get(hdrRateLimit) != "" {
				t.Errorf("rate-limit headers on an unlimited path")
			}
		})
	}
}

func TestDownstreamSeesIdenticalBody(t *testing.T) {
	f := newFixture(t, nil)
	body := "grant_type=client_credentials&client_id=a%2Bb&scope=read+write&x=%E2%9C%93&&="
	var seen struct {
		body []byte
		cl   int64
		form bool
	}
	h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen.form = r.Form != nil || r.PostForm != nil
		seen.cl = r.ContentLength
		seen.body, _ = io.ReadAll(r.Body)
		// Re-readable: it is seekable, and ParseForm after a rewind works.
		if s, ok := r.Body.(io.Seeker); ok {
			s.Seek(0, io.SeekStart)
		} else {
			t.Error("body is not an io.Seeker")
		}
		if err := r.ParseForm(); err != nil || r.PostForm.Get("client_id") != "a+b" {
			t.Errorf("ParseForm: %v %v", err, r.PostForm)
		}
	}))
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")
	h.ServeHTTP(httptest.NewRecorder(), r)
	if string(seen.body) != body || seen.cl != int64(len(body)) || seen.form {
		t.Fatalf("downstream saw body %q length %d form %v", seen.body, seen.cl, seen.form)
	}
}

// TestFormParsedBeforeMiddleware: a handler mounted before the middleware
// that parses the form (a CSRF middleware's r.FormValue, an audit log's
// ParseForm) drains the body; the token endpoint then reads r.PostForm. The
// limiter must count the client the endpoint issues to: before, it read
// the drained body, which names no client, and counted every client's
// tokens on the one key of client "" under the default rules (here
// app's fourth token was refused only because the default limit is 3,
// and other's first too).
func TestFormParsedBeforeMiddleware(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before func(r *http.Request)
	}{
		{"ParseForm", func(r *http.Request) { r.ParseForm() }},
		{"FormValue", func(r *http.Request) { r.FormValue("csrf_token") }},
		{"PostFormValue", func(r *http.Request) { r.PostFormValue("csrf_token") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs strings.Builder
			f := newFixture(t, func(c *Config) { c.Logger = newJSONLogger(&logs) })
			issued := map[string]int{}
			var bodies []string
			endpoint := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Form != nil || r.PostForm != nil {
					t.Errorf("endpoint: form pre-populated")
				}
				b, _ := io.ReadAll(r.Body)
				if r.ContentLength != int64(len(b)) {
					t.Errorf("ContentLength %d, body of %d bytes", r.ContentLength, len(b))
				}
				bodies = append(bodies, string(b))
				r.Body.(io.Seeker).Seek(0, io.SeekStart)
				r.ParseForm()
				issued[r.PostForm.Get("client_id")]++
			})
			h := http.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				tc.before(r)
				f.lim.Middleware(endpoint).ServeHTTP(w, r)
				// The handler before keeps the form it parsed (the
				// endpoint gets a copy of the request).
				if r.PostForm == nil || r.PostForm.Get("scope") != "a b" {
					t.Errorf("the handler before lost its form: %v", r.PostForm)
				}
			}))
			var codes []int
			for _, client := range []string{"app", "app", "app", "app", "other"} {
				r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id="+client+"&scope=a+b"))
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				codes = append(codes, w.Code)
			}
			if want := []int{200, 200, 200, 429, 200}; !slices.Equal(codes, want) || issued["app"] != 3 || issued["other"] != 1 || len(issued) != 2 {
				t.Errorf("codes %v, want %v; endpoint issued %v, want app: 3, other: 1", codes, want, issued)
			}
			if want := "client_id=app&grant_type=client_credentials&scope=a+b"; len(bodies) == 0 || bodies[0] != want {
				t.Errorf("endpoint read %q, want %q", bodies, want)
			}
			if n := strings.Count(logs.String(), "parsed before"); n != 1 {
				t.Errorf("%d warnings, want 1: %s", n, logs.String())
			}
		})
	}
	// A form parsed before that is larger than MaxBodyBytes is refused as
	// its body would have been.
	f := newFixture(t, func(c *Config) { c.MaxBodyBytes = 64 })
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		f.h.ServeHTTP(w, r)
	})
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=app&pad="+strings.Repeat("x", 64)))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge || f.ep.Calls() != 0 {
		t.Errorf("oversized parsed form: %d, %d endpoint calls", w.Code, f.ep.Calls())
	}
}

// TestNearTokenPathWarns: a POST the middleware passes on to a path that
// ends with the token path (mounted under a prefix), that the token path
// ends with (under http.StripPrefix) or whose last segment is the token
// path's (a mistyped or default --token-path) is logged once, naming TokenPath:
// before, every token passed unlimited and nothing said so (an outside
// audit, h59). Other requests are not.
func TestNearTokenPathWarns(t *testing.T) {
	for _, tc := range []struct {
		method, path string
		warn         bool
	}{
		{http.MethodPost, "/auth/oauth2/token", true},
		{http.MethodPost, "/token", true},
		{http.MethodPost, "/oauth2/token", false}, // limited
		{http.MethodGet, "/auth/oauth2/token", false},
		{http.MethodPost, "/oauth2/revoke", false},
		{http.MethodPost, "/", false},
		{http.MethodPost, "/x/oauth2/tokens", false},
		// the last segment of the token path: --token-path mistyped, or
		// left at its default in front of another server (helper-66)
		{http.MethodPost, "/oauth/token", true},
		{http.MethodPost, "/realms/r/protocol/openid-connect/token", true},
		{http.MethodPost, "/connect/token", true},
		{http.MethodPost, "/oauth2/token/", false}, // limited (cleaned)
		{http.MethodPost, "/oauth2/revoke/", false},
	} {
		var logs strings.Builder
		f := newFixture(t, func(c *Config) { c.Logger = newJSONLogger(&logs) })
		for range 2 {
			r := httptest.NewRequest(tc.method, tc.path, strings.NewReader("grant_type=client_credentials&client_id=a"))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			f.h.ServeHTTP(httptest.NewRecorder(), r)
		}
		n := strings.Count(logs.String(), "Config.TokenPath must be")
		if want := map[bool]int{true: 1, false: 0}[tc.warn]; n != want {
			t.Errorf("%s %s: %d warnings, want %d: %s", tc.method, tc.path, n, want, logs.String())
		}
		if tc.warn && !strings.Contains(logs.String(), `"path":"`+tc.path+`"`) {
			t.Errorf("%s %s: the warning does not name the path: %s", tc.method, tc.path, logs.String())
		}
	}
	// A path is bounded by nothing but the server's header limit: the
	// warning names its first 128 bytes, or fewer where a rune crosses
	// the 128th (é at bytes 127 and 128): cut inside it, the log would
	// show a \ufffd the path does not hold.
	for _, tc := range []struct {
		long string
		n    int // bytes named
	}{
		{"/" + strings.Repeat("p", 4000) + "/oauth2/token", 128},
		{"/" + strings.Repeat("p", 126) + "é" + strings.Repeat("p", 4000) + "/oauth2/token", 127},
	} {
		var logs strings.Builder
		f := newFixture(t, func(c *Config) { c.Logger = newJSONLogger(&logs) })
		r := httptest.NewRequest(http.MethodPost, tc.long, strings.NewReader("grant_type=client_credentials&client_id=a"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		f.h.ServeHTTP(httptest.NewRecorder(), r)
		if want := `"path":"` + tc.long[:tc.n] + `"`; !strings.Contains(logs.String(), want) || len(logs.String()) > 1024 {
			t.Errorf("a %d-byte path: the warning should name its first %d bytes (%d bytes logged): %.300s", len(tc.long), tc.n, len(logs.String()), logs.String())
		}
	}
}

// TestTokenPaths: the token path is limited also when written with extra
// slashes, dot segments or path parameters, which servers route to it (an
// ambiguous request then gets the middleware's 400); paths that only look
// like it, or differ in letter case, reach the endpoint untouched (200).
func TestTokenPaths(t *testing.T) {
	token := []string{"/oauth2/token/", "//oauth2/token", "/oauth2/./token", "/x/../oauth2/token",
		"/oauth2/token;jsessionid=1", "/oauth2/token;", "/oauth2/token%3Bx", "/oauth2;v=1/token", "/oauth2/token;a/"}
	other := []string{"/oauth2/tokens", "/oauth2/token/x", "/oauth2/tok;en", "/oauth2token", "/oauth2/revoke;/token/..", "/", "/OAuth2/Token", "/oauth2/TOKEN;x"}
	for _, p := range append(token, other...) {
		f := newFixture(t, nil)
		r := httptest.NewRequest(http.MethodPost, "http://h"+p, strings.NewReader("grant_type=client_credentials&client_id=a&client_id=b"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		w := httptest.NewRecorder()
		f.h.ServeHTTP(w, r)
		if want := map[bool]int{true: http.StatusBadRequest, false: http.StatusOK}[slices.Contains(token, p)]; w.Code != want {
			t.Errorf("%s: status %d, want %d (400: the token path; 200: not it)", p, w.Code, want)
		}
	}
}

func TestClientLimit(t *testing.T) {
	f := newFixture(t, nil)
	const req = "grant_type=client_credentials&client_id=svc&client_secret=s"
	for i := range 3 {
		w := f.post(req)
		if w.Code != http.StatusOK {
			t.Fatalf("request %d: status %d", i, w.Code)
		}
		h := w.Header()
		if got, want := h.Get("RateLimit-Policy"), `"client-1m";q=3;w=60`; got != want {
			t.Errorf("RateLimit-Policy %q, want %q", got, want)
		}
		if got, want := h.Get("RateLimit"), fmt.Sprintf(`"client-1m";r=%d;t=120`, 2-i); got != want {
			t.Errorf("RateLimit %q, want %q", got, want)
		}
		if h.Get("X-RateLimit-Limit") != "3" || h.Get("X-RateLimit-Remaining") != fmt.Sprint(2-i) || h.Get("X-RateLimit-Reset") != "120" {
			t.Errorf("legacy headers %v", h)
		}
	}
	f.clk.Advance(20 * time.Second)
	w := f.post(req)
	if w.Code != http.StatusTooManyRequests {
		t.Fatalf("4th request: status %d, want 429", w.Code)
	}
	code, desc := errorOf(t, w)
	if code != ErrorTooManyRequests || !strings.Contains(desc, "client") {
		t.Errorf("error %q %q", code, desc)
	}
	h := w.Header()
	// 3 in the current frame: admitted again in the next frame as soon as
	// floor(3 × (1 − elapsed/60)) ≤ 2, i.e. 1 ns into it: 40 s + 1 ns from
	// now, 41 s rounded up.
	if h.Get("Retry-After") != "41" || h.Get("Cache-Control") != "no-store" || h.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", h)
	}
	if h.Get("RateLimit") != `"client-1m";r=0;t=100` || h.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("RateLimit %q", h.Get("RateLimit"))
	}
	if f.ep.Calls() != 3 {
		t.Errorf("endpoint called %d times, want 3", f.ep.Calls())
	}
	// Another client is not affected.
	if w := f.post("grant_type=client_credentials&client_id=other&client_secret=s"); w.Code != 200 {
		t.Errorf("other client: %d", w.Code)
	}
	// Retry-After honoured: a request after it is admitted, one just before is not.
	f.clk.Advance(40 * time.Second)
	if w := f.post(req); w.Code != http.StatusTooManyRequests {
		t.Errorf("1 ns before Retry-After: status %d", w.Code)
	}
	f.clk.Advance(time.Nanosecond)
	if w := f.post(req); w.Code != http.StatusOK {
		t.Errorf("after Retry-After: status %d", w.Code)
	}
	if got := testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues("other", "client_credentials", "denied")); got != 2 {
		t.Errorf("denied decisions %v, want 2", got)
	}
	if got := testutil.ToFloat64(f.lim.metrics.issued.WithLabelValues("other", "client_credentials")); got != 5 {
		t.Errorf("issued %v, want 5", got)
	}
}

func TestRetryAfterRoundsUp(t *testing.T) {
	f := newFixture(t, nil)
	const req = "grant_type=client_credentials&client_id=svc"
	for range 3 {
		f.post(req)
	}
	f.clk.Advance(60*time.Second + 500*time.Millisecond) // previous frame 3, 0.5 s in
	w := f.post(req)
	// 3 × (60 − e)/60 < 3 ⇔ e > 0: admitted from 1 ns after the frame start;
	// at 0.5 s in, floor(3 × 59.5/60) = 2 → 2+1 ≤ 3 is admitted.
	if w.Code != 200 {
		t.Fatalf("status %d", w.Code)
	}
	w = f.post(req) // floor(2.975) + 1 (curr) + 1 > 3: denied
	if w.Code != 429 {
		t.Fatalf("status %d", w.Code)
	}
	// Exact wait: floor(3·(60−e)/60) + 1 (curr) + 1 ≤ 3 ⇔ 3·(60−e)/60 < 2
	// ⇔ e > 20 s: 19.5 s + 1 ns from now, 20 s rounded up.
	if got := w.Header().Get("Retry-After"); got != "20" {
		t.Errorf("Retry-After %s, want 20", got)
	}
	f.clk.Advance(19*time.Second + 500*time.Millisecond)
	if w := f.post(req); w.Code != 429 {
		t.Errorf("at exactly 19.5 s: %d", w.Code)
	}
	f.clk.Advance(time.Nanosecond)
	if w := f.post(req); w.Code != 200 {
		t.Errorf("after Retry-After: %d", w.Code)
	}
}

func TestUserLimits(t *testing.T) {
	f := newFixture(t, nil)
	pw := func(user string) *httptest.ResponseRecorder {
		return f.post("grant_type=password&client_id=app&username=" + user + "&password=p")
	}
	for i := range 2 {
		if w := pw("alice"); w.Code != 200 {
			t.Fatalf("alice %d: %d", i, w.Code)
		}
	}
	w := pw("alice")
	if w.Code != 429 {
		t.Fatalf("alice 3rd: %d", w.Code)
	}
	if _, desc := errorOf(t, w); !strings.Contains(desc, "user") {
		t.Errorf("description %q does not name the user scope", desc)
	}
	if got := w.Header().Get("RateLimit-Policy"); got != `"user-1m";q=2;w=60` {
		t.Errorf("RateLimit-Policy %q", got)
	}
	if w := pw("bob"); w.Code != 200 {
		t.Errorf("bob: %d", w.Code)
	}
	// client_credentials of the same client: its own key and tiers.
	if w := f.post("grant_type=client_credentials&client_id=app"); w.Code != 200 {
		t.Errorf("client_credentials: %d", w.Code)
	}
}

// TestUserDeniedSpendsNoAggregate: a request its user's tier refuses is
// not decided on the client's aggregate: it spends none of it, whatever
// the user tries (a reservation made there and never settled, as the
// request ends at its 429, would hold the aggregate for good).
func TestUserDeniedSpendsNoAggregate(t *testing.T) {
	f := newFixture(t, nil) // agg-app: users 2 a minute, all users 3
	pw := func(user string) int {
		return f.post("grant_type=password&client_id=agg-app&username=" + user).Code
	}
	var got []int
	for _, u := range []string{"u1", "u1", "u1", "u1", "u2", "u3"} {
		got = append(got, pw(u))
	}
	if want := []int{200, 200, 429, 429, 200, 429}; !slices.Equal(got, want) {
		t.Errorf("statuses %v, want %v: u1's refused requests spend none of the aggregate of 3", got, want)
	}
}

func TestAggregateDeniesAndReleasesUserCount(t *testing.T) {
	f := newFixture(t, nil)
	pw := func(user string) *httptest.ResponseRecorder {
		return f.post("grant_type=password&client_id=agg-app&username=" + user)
	}
	for _, u := range []string{"u1", "u2", "u3"} {
		w := pw(u)
		if w.Code != 200 {
			t.Fatalf("%s: %d", u, w.Code)
		}
		if got := w.Header().Get("RateLimit-Policy"); got != `"user-1m";q=2;w=60, "aggregate-1m";q=3;w=60` {
			t.Errorf("RateLimit-Policy %q", got)
		}
	}
	w := pw("u4")
	if w.Code != 429 {
		t.Fatalf("u4: %d, want 429 from the aggregate", w.Code)
	}
	if _, desc := errorOf(t, w); !strings.Contains(desc, "all users") {
		t.Errorf("description %q", desc)
	}
	if w.Header().Get("RateLimit") != `"aggregate-1m";r=0;t=120` {
		t.Errorf("RateLimit %q", w.Header().Get("RateLimit"))
	}
	// u4's own key kept nothing. Checked at once, with the clock where it
	// is (a count kept by mistake would decay if time passed): the policy
	// lifts the aggregate tier, and u4 has its full user quota of 2.
	lifted := testPolicy()
	if len(lifted.Clients["agg-app"].Aggregate) == 0 {
		t.Fatal("testPolicy has no agg-app aggregate tier to lift")
	}
	lifted.Clients["agg-app"] = policy.Override{}
	if err := f.lim.SetPolicy(mustPolicy(t, lifted)); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{`"user-1m";r=1;t=120`, `"user-1m";r=0;t=120`} {
		w := pw("u4")
		if w.Code != 200 || w.Header().Get("RateLimit") != want {
			t.Fatalf("u4 after the aggregate is lifted, request %d: %d RateLimit %q, want 200 %q", i, w.Code, w.Header().Get("RateLimit"), want)
		}
	}
	if w := pw("u4"); w.Code != 429 {
		t.Errorf("u4's third token: %d, want 429 from its own tier", w.Code)
	}
}

func TestFailedRequestsBurnNothing(t *testing.T) {
	f := newFixture(t, nil)
	// A stranger hammers the victim's client_id with a wrong secret.
	for i := range 20 {
		w := f.post("grant_type=client_credentials&client_id=victim&client_secret=wrong")
		if w.Code != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d, want 401 from the endpoint", i, w.Code)
		}
		// The stranger learns nothing of the victim's quota.
		if got := quotaHeaders(w.Header()); len(got) > 0 {
			t.Errorf("attempt %d: quota headers %v on a 401", i, got)
		}
	}
	for _, status := range []string{"400", "500", "302", "300"} {
		w := f.post("grant_type=client_credentials&client_id=victim&status=" + status)
		if got := quotaHeaders(w.Header()); w.Code == http.StatusOK || len(got) > 0 {
			t.Errorf("status %s: %d, quota headers %v; want the endpoint's status without them", status, w.Code, got)
		}
	}
	// Basic with a wrong secret, too.
	f.post("grant_type=client_credentials", "Authorization", basic("victim", "wrong"))
	for i := range 3 {
		w := f.post("grant_type=client_credentials&client_id=victim&client_secret=right")
		if w.Code != 200 {
			t.Fatalf("victim %d: %d", i, w.Code)
		}
		if got, want := w.Header().Get("X-RateLimit-Remaining"), fmt.Sprint(2-i); got != want {
			t.Errorf("victim %d: remaining %s, want %s", i, got, want)
		}
	}
	if got := testutil.ToFloat64(f.lim.metrics.released.WithLabelValues("other", "client_credentials")); got != 25 {
		t.Errorf("released %v, want 25", got)
	}
}

// quotaHeaders returns the rate-limit headers present in h.
func quotaHeaders(h http.Header) []string {
	var got []string
	for _, name := range []string{"RateLimit-Policy", "RateLimit", "RateLimit-Warning", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"} {
		if v := h.Get(name); v != "" {
			got = append(got, name+": "+v)
		}
	}
	return got
}

// TestQuotaHeadersOnlyToAcceptedCallers checks which answers carry the
// rate-limit headers: those the token endpoint answered 2xx and the
// middleware's own refusals. An answer the endpoint did not give 2xx to (a
// caller with a client's ID and a wrong secret, above all) carries none, so
// it learns nothing of the client's quota.
func TestQuotaHeadersOnlyToAcceptedCallers(t *testing.T) {
	const cc = "grant_type=client_credentials&client_id=victim"
	const device = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&client_id=tv&device_code=abc"
	tests := []struct {
		name    string
		before  []string // requests sent first, answered 200
		req     string
		hdr     []string
		code    int
		headers bool
	}{
		{name: "issued", req: cc, code: 200, headers: true},
		{name: "wrong secret", req: cc + "&client_secret=wrong", code: 401},
		{name: "wrong secret, Basic", req: "grant_type=client_credentials", hdr: []string{"Authorization", basic("victim", "wrong")}, code: 401},
		{name: "wrong secret, key at its limit less one", before: []string{cc, cc}, req: cc + "&client_secret=wrong", code: 401},
		{name: "endpoint 400", req: cc + "&status=400", code: 400},
		{name: "endpoint 500", req: cc + "&status=500", code: 500},
		{name: "endpoint redirect", req: cc + "&status=302", code: 302},
		{name: "user grant refused", req: "grant_type=password&client_id=app&username=u&client_secret=wrong", code: 401},
		{name: "dry-run over the limit, refused", before: []string{"grant_type=client_credentials&client_id=dry-app", "grant_type=client_credentials&client_id=dry-app", "grant_type=client_credentials&client_id=dry-app"}, req: "grant_type=client_credentials&client_id=dry-app&client_secret=wrong", code: 401},
		{name: "over the limit: 429", before: []string{cc, cc, cc}, req: cc + "&client_secret=wrong", code: 429, headers: true},
		{name: "device over the limit: slow_down", before: []string{device, device}, req: device, code: 400, headers: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) {
				c.UserResolver = func(*http.Request, *TokenRequest) (string, error) { return "dev-user", nil }
			})
			for i, b := range tt.before {
				if w := f.post(b); w.Code != 200 {
					t.Fatalf("request %d before: %d", i, w.Code)
				}
			}
			w := f.post(tt.req, tt.hdr...)
			if w.Code != tt.code {
				t.Fatalf("status %d, want %d", w.Code, tt.code)
			}
			got := quotaHeaders(w.Header())
			if tt.headers && (w.Header().Get("RateLimit") == "" || w.Header().Get("X-RateLimit-Remaining") == "") {
				t.Errorf("quota headers %v, want RateLimit and X-RateLimit-*", got)
			}
			if !tt.headers && len(got) > 0 {
				t.Errorf("quota headers %v, want none", got)
			}
		})
	}
}

func TestDryRun(t *testing.T) {
	var logs bytes.Buffer
	f := newFixture(t, func(c *Config) { c.Logger = newJSONLogger(&logs) })
	for i := range 10 {
		w := f.post("grant_type=client_credentials&client_id=dry-app")
		if w.Code != 200 {
			t.Fatalf("request %d: %d, want admitted in dry-run", i, w.Code)
		}
		if i >= 3 && w.Header().Get("X-RateLimit-Remaining") != "0" {
			t.Errorf("request %d: remaining %s", i, w.Header().Get("X-RateLimit-Remaining"))
		}
		if w.Header().Get("Retry-After") != "" {
			t.Errorf("Retry-After on an admitted request")
		}
	}
	if got := testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues("dry-app", "client_credentials", "dry_run_denied")); got != 7 {
		t.Errorf("dry_run_denied %v, want 7", got)
	}
	if got := testutil.ToFloat64(f.lim.metrics.issued.WithLabelValues("dry-app", "client_credentials")); got != 10 {
		t.Errorf("issued %v, want 10 (all counted)", got)
	}
	if n := strings.Count(logs.String(), `"msg":"dry-run would deny"`); n != 1 {
		t.Errorf("%d dry-run logs in one interval, want 1:\n%s", n, logs.String())
	}
	f.clk.Advance(DefaultDryRunLogInterval)
	f.post("grant_type=client_credentials&client_id=dry-app")
	if n := strings.Count(logs.String(), `"msg":"dry-run would deny"`); n != 2 {
		t.Errorf("%d dry-run logs after the interval, want 2", n)
	}
	// Switch to enforce at run time: the same client is now denied.
	if err := f.lim.SetMode(policy.ModeEnforce); err != nil {
		t.Fatal(err)
	}
	if w := f.post("grant_type=client_credentials&client_id=dry-app"); w.Code != 200 {
		// dry-app has its own mode: dry-run, which the global switch keeps.
		t.Errorf("dry-app with its own mode: %d", w.Code)
	}
	f.lim.SetMode(policy.ModeDryRun)
	for range 3 {
		f.post("grant_type=client_credentials&client_id=plain")
	}
	if w := f.post("grant_type=client_credentials&client_id=plain"); w.Code != 200 {
		t.Errorf("after the switch to dry-run: %d", w.Code)
	}
	f.lim.SetMode(policy.ModeEnforce)
	if w := f.post("grant_type=client_credentials&client_id=plain"); w.Code != 429 {
		t.Errorf("after the switch back to enforce: %d", w.Code)
	}
}

// TestModeOverride: a mode switched with SetMode stays through every later
// SetPolicy (a reload) until ClearMode, which brings back the policy's own
// mode; a client with a mode of its own keeps it throughout.
func TestModeOverride(t *testing.T) {
	f := newFixture(t, nil)
	enforcing := mustPolicy(t, testPolicy())
	dry := testPolicy()
	dry.Mode = policy.ModeDryRun
	dryRun := mustPolicy(t, dry)
	for range 3 {
		f.post("grant_type=client_credentials&client_id=plain") // at its limit from now on
	}
	steps := []struct {
		name  string
		do    func() error
		mode  policy.Mode
		plain int // status of plain's next request, over its limit
	}{
		{"SetMode dry-run", func() error { return f.lim.SetMode(policy.ModeDryRun) }, policy.ModeDryRun, 200},
		{"SetPolicy keeps the override", func() error { return f.lim.SetPolicy(enforcing) }, policy.ModeDryRun, 200},
		{"ClearMode", f.lim.ClearMode, policy.ModeEnforce, 429},
		{"SetPolicy without override", func() error { return f.lim.SetPolicy(dryRun) }, policy.ModeDryRun, 200},
		{"SetMode enforce", func() error { return f.lim.SetMode(policy.ModeEnforce) }, policy.ModeEnforce, 429},
		{"SetPolicy of a dry-run policy keeps enforce", func() error { return f.lim.SetPolicy(dryRun) }, policy.ModeEnforce, 429},
		{"ClearMode again", f.lim.ClearMode, policy.ModeDryRun, 200},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if got := f.lim.Policy().Defaults().Mode; got != s.mode {
			t.Errorf("%s: global mode %v, want %v", s.name, got, s.mode)
		}
		if w := f.post("grant_type=client_credentials&client_id=plain"); w.Code != s.plain {
			t.Errorf("%s: plain over its limit: %d, want %d", s.name, w.Code, s.plain)
		}
		if w := f.post("grant_type=client_credentials&client_id=dry-app"); w.Code != 200 {
			t.Errorf("%s: dry-app, whose own mode is dry-run: %d, want 200", s.name, w.Code)
		}
	}
}

func TestTrusted(t *testing.T) {
	f := newFixture(t, nil)
	for i := range 10 {
		if w := f.post("grant_type=client_credentials&client_id=trusted-app"); w.Code != 200 {
			t.Fatalf("trusted %d: %d", i, w.Code)
		}
	}
	if got := testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues("trusted-app", "client_credentials", "trusted_over_limit")); got != 7 {
		t.Errorf("trusted_over_limit %v, want 7", got)
	}
	// Claiming the trusted client and failing authentication: released.
	f.post("grant_type=client_credentials&client_id=trusted-app&client_secret=wrong")
	if got := testutil.ToFloat64(f.lim.metrics.released.WithLabelValues("trusted-app", "client_credentials")); got != 1 {
		t.Errorf("released %v, want 1", got)
	}
	// The exemption follows the identity the request authenticates with:
	// Basic as another client and trusted-app in the body is ambiguous.
	if w := f.post("grant_type=client_credentials&client_id=trusted-app", "Authorization", basic("plain", "s")); w.Code != 400 {
		t.Errorf("mismatched identity: %d", w.Code)
	}
}

func TestDeviceCodeSlowDown(t *testing.T) {
	f := newFixture(t, func(c *Config) {
		c.UserResolver = func(r *http.Request, tr *TokenRequest) (string, error) {
			return "dev-user", nil
		}
	})
	const req = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&client_id=tv&device_code=abc"
	for range 2 {
		if w := f.post(req); w.Code != 200 {
			t.Fatalf("status %d", w.Code)
		}
	}
	w := f.post(req)
	if w.Code != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", w.Code)
	}
	if code, _ := errorOf(t, w); code != "slow_down" {
		t.Errorf("error %q, want slow_down", code)
	}
	if w.Header().Get("Cache-Control") != "no-store" || w.Header().Get("RateLimit") == "" {
		t.Errorf("headers %v", w.Header())
	}
}

func TestSoftLimit(t *testing.T) {
	f := newFixture(t, nil)
	for i := range 4 {
		w := f.post("grant_type=client_credentials&client_id=soft-app")
		// soft 0.5 of 4: warn once more than 2 are used.
		want := ""
		if i >= 2 {
			want = `"client-1m";soft=0.5`
		}
		if got := w.Header().Get("RateLimit-Warning"); got != want {
			t.Errorf("request %d: RateLimit-Warning %q, want %q", i, got, want)
		}
	}
	if got := testutil.ToFloat64(f.lim.metrics.soft.WithLabelValues("soft-app")); got != 2 {
		t.Errorf("soft_limit_exceeded %v, want 2", got)
	}
}

func TestCostAndTiers(t *testing.T) {
	f := newFixture(t, nil)
	// costly: client_credentials cost 2 against a limit of 3.
	if w := f.post("grant_type=client_credentials&client_id=costly"); w.Code != 200 || w.Header().Get("X-RateLimit-Remaining") != "1" {
		t.Fatalf("costly 1: %d remaining %s", w.Code, w.Header().Get("X-RateLimit-Remaining"))
	}
	if w := f.post("grant_type=client_credentials&client_id=costly"); w.Code != 429 {
		t.Fatalf("costly 2: %d", w.Code)
	}
	// multi: 5/1m and 6/1h; the binding tier moves to 1h as it runs low.
	var last http.Header
	for i := range 6 {
		w := f.post("grant_type=client_credentials&client_id=multi")
		if w.Code != 200 {
			t.Fatalf("multi %d: %d", i, w.Code)
		}
		last = w.Header()
		if i == 4 {
			f.clk.Advance(2 * time.Minute)
		}
	}
	if got := last.Get("RateLimit"); !strings.HasPrefix(got, `"client-1h";r=0;`) {
		t.Errorf("RateLimit %q, want the 1h tier", got)
	}
	if got := last.Get("RateLimit-Policy"); got != `"client-1m";q=5;w=60, "client-1h";q=6;w=3600` {
		t.Errorf("RateLimit-Policy %q", got)
	}
}

// TestPanicAfterStatus: a token endpoint that panics once it has set its
// status is settled by that status. httputil.ReverseProxy panics
// (http.ErrAbortHandler) when copying a 2xx answer's body fails, as when
// the client resets the connection once it has read the token: released,
// such answers let a client take tokens without spending its quota (an
// outside audit: 8 tokens at a limit of 5). A held answer (attribution) is
// read for its user as far as it came.
func TestPanicAfterStatus(t *testing.T) {
	at := testJWT(map[string]any{"sub": "erin"})
	const cc, code = "grant_type=client_credentials&client_id=p", "grant_type=authorization_code&code=c&client_id=p"
	tests := []struct {
		name    string
		body    string
		status  int    // set before the panic, if not 0
		write   string // written before the panic, if not ""
		hijack  bool   // the connection is taken over before the panic
		counted bool
	}{
		{"2xx streamed", cc, 200, `{"access_token":"t"`, false, true},
		{"2xx before any byte", cc, 201, "", false, true},
		{"5xx", cc, 500, "oops", false, false},
		{"no status", cc, 0, "", false, false},
		{"2xx held for its user", code, 200, `{"access_token":"` + at + `","tok`, false, true},
		{"5xx held", code, 503, `{"access_token":"` + at + `"}`, false, false},
		// Taken over after the status: no status tells a token was
		// issued, and a held answer is not read for its user.
		{"2xx hijacked", cc, 200, "", true, false},
		{"2xx held for its user, hijacked", code, 200, `{"access_token":"` + at + `","tok`, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.status != 0 {
					w.WriteHeader(tt.status)
				}
				if tt.write != "" {
					io.WriteString(w, tt.write)
				}
				if tt.hijack {
					if _, _, err := w.(http.Hijacker).Hijack(); err != nil {
						t.Errorf("Hijack: %v", err)
					}
				}
				panic(http.ErrAbortHandler)
			}))
			for range 2 {
				func() {
					defer func() {
						if p := recover(); p != http.ErrAbortHandler {
							t.Errorf("recovered %v, want the handler's panic", p)
						}
					}()
					r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(tt.body))
					r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					h.ServeHTTP(hijackRecorder{httptest.NewRecorder()}, r)
				}()
			}
			if tt.body == code {
				// erin's limit is 2 a minute: attributed twice, her
				// next request is refused; released, it is admitted.
				attributed := testutil.ToFloat64(f.lim.metrics.attributions.WithLabelValues("other", "authorization_code", "under_limit"))
				w := f.post("grant_type=password&client_id=p&username=erin")
				if tt.counted && (attributed != 2 || w.Code != 429) || !tt.counted && (attributed != 0 || w.Code != 200) {
					t.Errorf("after 2 aborted answers: %v attributed to erin, her next request %d; counted: %v", attributed, w.Code, tt.counted)
				}
				return
			}
			// The client's limit is 3 a minute: its next request leaves 0
			// if the aborted ones were counted, 2 if they were released.
			want := map[bool]string{true: "0", false: "2"}[tt.counted]
			if w := f.post(cc); w.Code != 200 || w.Header().Get("X-RateLimit-Remaining") != want {
				t.Errorf("after 2 aborted answers: %d, X-RateLimit-Remaining %q, want %s", w.Code, w.Header().Get("X-RateLimit-Remaining"), want)
			}
		})
	}
}

func TestIdentityPrecedence(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		headers []string
		want    string
	}{
		{"body client_id", "grant_type=client_credentials&client_id=body-id", nil, "body-id"},
		{"basic, url-unescaped", "grant_type=client_credentials", []string{"Authorization", "Basic " + b64("my%3Aid:s")}, "my:id"},
		{"basic and equal client_id", "grant_type=client_credentials&client_id=b1", []string{"Authorization", basic("b1", "s")}, "b1"},
		{"basic lower-case scheme", "grant_type=client_credentials", []string{"Authorization", "basic " + b64("b2:s")}, "b2"},
		{"bearer is not client auth", "grant_type=client_credentials&client_id=b3", []string{"Authorization", "Bearer xyz"}, "b3"},
		{"assertion sub", "grant_type=client_credentials&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=" + testJWT(map[string]any{"sub": "jwt-sub"}), nil, "jwt-sub"},
		{"assertion with client_id", "grant_type=client_credentials&client_id=jwt-sub&client_assertion=" + testJWT(map[string]any{"sub": "jwt-sub"}), nil, "jwt-sub"},
		{"encrypted assertion with client_id", "grant_type=client_credentials&client_id=enc&client_assertion=a.b.c.d.e", nil, "enc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			f := newFixture(t, func(c *Config) {
				c.UserResolver = nil
			})
			f.h = f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
			f.lim.SetPolicy(mustPolicy(t, policy.Spec{Clients: map[string]policy.Override{tt.want: {Client: []policy.Tier{{Limit: 1, Size: time.Minute}}}}}))
			f.post(tt.body, tt.headers...)
			w := f.post(tt.body, tt.headers...)
			got = w.Header().Get("RateLimit-Policy")
			if w.Code != 429 || got != `"client-1m";q=1;w=60` {
				t.Errorf("second request: %d %q; want 429 by %s's own rules", w.Code, got, tt.want)
			}
		})
	}
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// TestUserResolverReadsBody checks that the token endpoint reads the whole
// body, byte for byte, after a UserResolver that read r.Body (which it
// should not, but may): the middleware rewinds it.
func TestUserResolverReadsBody(t *testing.T) {
	body := "grant_type=refresh_token&client_id=app&refresh_token=rt%2B1&x=%E2%9C%93"
	var resolverSaw, endpointSaw []byte
	f := newFixture(t, func(c *Config) {
		c.UserResolver = func(r *http.Request, tr *TokenRequest) (string, error) {
			resolverSaw, _ = io.ReadAll(r.Body)
			return "bob", nil
		}
	})
	h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		endpointSaw, _ = io.ReadAll(r.Body)
	}))
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != 200 || string(resolverSaw) != body {
		t.Fatalf("status %d, resolver read %q", w.Code, resolverSaw)
	}
	if string(endpointSaw) != body {
		t.Errorf("endpoint read %q after the resolver, want %q", endpointSaw, body)
	}
}

func TestUserResolver(t *testing.T) {
	var gotParam, gotGrant, gotClient string
	f := newFixture(t, func(c *Config) {
		c.UserResolver = func(r *http.Request, tr *TokenRequest) (string, error) {
			gotParam, gotGrant, gotClient = tr.Param("refresh_token"), tr.GrantType(), tr.ClientID()
			if tr.Param("refresh_token") == "fail" {
				return "", fmt.Errorf("lookup failed")
			}
			return "user-of-" + tr.Param("refresh_token"), nil
		}
	})
	for range 2 {
		if w := f.post("grant_type=refresh_token&client_id=app&refresh_token=rt%2B1"); w.Code != 200 {
			t.Fatal(w.Code)
		}
	}
	if gotParam != "rt+1" || gotGrant != "refresh_token" || gotClient != "app" {
		t.Errorf("resolver saw %q %q %q", gotParam, gotGrant, gotClient)
	}
	if w := f.post("grant_type=refresh_token&client_id=app&refresh_token=rt%2B1"); w.Code != 429 {
		t.Errorf("third refresh of one user: %d", w.Code)
	}
	// A failing resolver: user unknown, no aggregate tier: not limited.
	for range 5 {
		if w := f.post("grant_type=refresh_token&client_id=app&refresh_token=fail"); w.Code != 200 || w.Header().Get("RateLimit") != "" {
			t.Fatalf("unknown user: %d %v", w.Code, w.Header())
		}
	}
	if got := testutil.ToFloat64(f.lim.metrics.decisions.WithLabelValues("other", "refresh_token", "unattributed")); got != 5 {
		t.Errorf("unattributed %v", got)
	}
}

func TestAttributionAfterIssuance(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
	f.ep.sub = "carol"
	code := func(client string) *httptest.ResponseRecorder {
		return f.post("grant_type=authorization_code&code=xyz&client_id=" + client)
	}
	for i := range 3 {
		w := code("app")
		if w.Code != 200 {
			t.Fatalf("%d: %d", i, w.Code)
		}
		// The response is held, attributed and then sent whole.
		if !strings.Contains(w.Body.String(), "access_token") {
			t.Errorf("body %q", w.Body)
		}
		wantR := []string{`"user-1m";r=1;t=120`, `"user-1m";r=0;t=120`, `"user-1m";r=0;t=120`}[i]
		if got := w.Header().Get("RateLimit"); got != wantR {
			t.Errorf("%d: RateLimit %q, want %q", i, got, wantR)
		}
	}
	m := f.lim.metrics
	if got := testutil.ToFloat64(m.attributions.WithLabelValues("other", "authorization_code", "under_limit")); got != 2 {
		t.Errorf("under_limit %v", got)
	}
	if got := testutil.ToFloat64(m.attributions.WithLabelValues("other", "authorization_code", "over_limit")); got != 1 {
		t.Errorf("over_limit %v", got)
	}
	// The attributed counts hold for carol's requests whose user is known up front.
	if w := f.post("grant_type=password&client_id=app&username=carol"); w.Code != 429 {
		t.Errorf("carol by password after 3 attributed tokens: %d", w.Code)
	}
	// With an aggregate tier: reserved before on the client, then attributed.
	w := code("agg-app")
	if w.Code != 200 || w.Header().Get("RateLimit-Policy") != `"user-1m";q=2;w=60, "aggregate-1m";q=3;w=60` {
		t.Errorf("agg-app: %d %q", w.Code, w.Header().Get("RateLimit-Policy"))
	}
	// A failed issuance attributes nothing and releases the aggregate.
	f.post("grant_type=authorization_code&code=xyz&client_id=agg-app&client_secret=wrong")
	if got := testutil.ToFloat64(m.released.WithLabelValues("agg-app", "authorization_code")); got != 1 {
		t.Errorf("released %v", got)
	}
}

// TestAttributedPastSoftLimit: a token attributed after issuance that
// takes its user past the soft limit carries RateLimit-Warning and counts
// once in soft_limit_exceeded_total (the user's headers are written when
// it is attributed, not again for the verdict).
func TestAttributedPastSoftLimit(t *testing.T) {
	f := newFixture(t, func(c *Config) {
		c.AttributeIssued = true
		c.Policy = mustPolicy(t, policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{User: []policy.Tier{{Limit: 4, Size: time.Minute}}, SoftLimit: 0.5}})
	})
	f.ep.sub = "carol"
	var warned []bool
	for range 3 {
		w := f.post("grant_type=authorization_code&code=c&client_id=app")
		if w.Code != http.StatusOK {
			t.Fatalf("status %d", w.Code)
		}
		warned = append(warned, w.Header().Get("RateLimit-Warning") != "")
	}
	soft := testutil.ToFloat64(f.lim.metrics.soft.WithLabelValues("other"))
	if want := []bool{false, false, true}; !slices.Equal(warned, want) || soft != 1 {
		t.Errorf("RateLimit-Warning on %v, soft_limit_exceeded_total %v; want on %v, 1", warned, soft, want)
	}
}

// TestAttributionByContentEncoding: a held answer is read for its user
// unless it is in a Content-Encoding other than identity (it cannot be
// read; counted as no_subject): identity, or none, is read and attributed.
func TestAttributionByContentEncoding(t *testing.T) {
	at := testJWT(map[string]any{"sub": "carol"})
	for _, tc := range []struct {
		encoding string // "" for none
		want     string // attributions_total result
	}{
		{"", "under_limit"},
		{"identity", "under_limit"},
		{"gzip", "no_subject"},
	} {
		t.Run("Content-Encoding "+tc.encoding, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tc.encoding != "" {
					w.Header().Set("Content-Encoding", tc.encoding)
				}
				io.WriteString(w, `{"access_token":"`+at+`","token_type":"Bearer"}`)
			}))
			if w, _ := postTo(h, "grant_type=authorization_code&code=c&client_id=app"); w.Code != http.StatusOK {
				t.Fatalf("status %d", w.Code)
			}
			for _, res := range attributionNames {
				want := map[bool]float64{true: 1}[res == tc.want]
				if got := testutil.ToFloat64(f.lim.metrics.attributions.WithLabelValues("other", "authorization_code", res)); got != want {
					t.Errorf("attributions_total{result=%s} = %v, want %v", res, got, want)
				}
			}
		})
	}
}

// TestAttributionLongResponse: a 2xx answer longer than MaxResponseBytes
// is read for its user in the bytes held, then streamed whole: attributed
// with the user's headers when its access token comes first (a long
// id_token after it), counted as no_subject otherwise, never passed
// silently (issue 13: a 109,141-byte answer moved no metric).
func TestAttributionLongResponse(t *testing.T) {
	at := testJWT(map[string]any{"sub": "dave"})
	idToken := strings.Repeat("i", 100_000)
	tests := []struct {
		name    string
		chunks  []string
		result  string // attribution result counted
		headers bool   // RateLimit on the answer
	}{
		{"no token", []string{"0123456789", "abcdef", strings.Repeat("z", 300)}, "no_subject", false},
		{"access token ahead of a long id_token", []string{`{"access_token":"` + at + `",`, `"id_token":"` + idToken + `",`, `"refresh_token":"r"}`}, "under_limit", true},
		{"in one write", []string{`{"access_token":"` + at + `","id_token":"` + idToken + `"}`}, "under_limit", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true; c.MaxResponseBytes = 256 })
			h := f.lim.Middleware(chunkedAnswer(tt.chunks))
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=authorization_code&client_id=a"))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != 200 || w.Body.String() != strings.Join(tt.chunks, "") {
				t.Fatalf("%d, body of %d bytes", w.Code, w.Body.Len())
			}
			if got := testutil.ToFloat64(f.lim.metrics.attributions.WithLabelValues("other", "authorization_code", tt.result)); got != 1 {
				t.Errorf("attributions_total{result=%q} = %v, want 1", tt.result, got)
			}
			if got := w.Header().Get("RateLimit"); (got != "") != tt.headers {
				t.Errorf("RateLimit %q, want headers %v", got, tt.headers)
			}
		})
	}
}

// chunkedAnswer is a token endpoint that writes its answer in the given
// chunks, flushing after each (ignored while the answer is held).
func chunkedAnswer(chunks []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, c := range chunks {
			w.Write([]byte(c))
			w.(http.Flusher).Flush()
		}
	})
}

// TestFailedNewUnregisters: a New that fails after registering metrics (here
// on a policy SetPolicy refuses) takes them back, so that the embedder's
// next New on the same registry works (an outside audit, h59: it failed
// with "duplicate metrics collector registration attempted").
func TestFailedNewUnregisters(t *testing.T) {
	reg := prometheus.NewRegistry()
	wide := mustPolicy(t, policy.Spec{Clients: map[string]policy.Override{"wide": {
		Client:    []policy.Tier{{Limit: 1, Size: time.Second}, {Limit: 2, Size: 2 * time.Second}, {Limit: 3, Size: 3 * time.Second}},
		Aggregate: []policy.Tier{{Limit: 4, Size: 4 * time.Second}, {Limit: 5, Size: 5 * time.Second}},
	}}})
	if _, err := New(Config{Policy: wide, Registerer: reg, AttributeIssued: true}); err == nil {
		t.Fatal("New accepted a policy of 5 windows on the per-client key")
	}
	if n, err := testutil.GatherAndCount(reg); n != 0 || err != nil {
		t.Errorf("the failed New left %d series registered (%v)", n, err)
	}
	lim, err := New(Config{Registerer: reg, AttributeIssued: true})
	if err != nil {
		t.Fatalf("New after a failed New: %v", err)
	}
	// The limiter's own config names the registerer it was given.
	if lim.cfg.Registerer != reg {
		t.Errorf("cfg.Registerer %T, want the registry given", lim.cfg.Registerer)
	}
	if n, _ := testutil.GatherAndCount(reg); n == 0 {
		t.Error("no metrics registered")
	}
}

func TestSetPolicyRejectsTooManyWindows(t *testing.T) {
	f := newFixture(t, nil)
	err := f.lim.SetPolicy(mustPolicy(t, policy.Spec{Clients: map[string]policy.Override{"wide": {
		Client:    []policy.Tier{{Limit: 1, Size: time.Second}, {Limit: 2, Size: 2 * time.Second}, {Limit: 3, Size: 3 * time.Second}},
		Aggregate: []policy.Tier{{Limit: 4, Size: 4 * time.Second}, {Limit: 5, Size: 5 * time.Second}},
	}}}))
	if err == nil || !strings.Contains(err.Error(), "wide") {
		t.Fatalf("err %v, want one naming the client", err)
	}
	if f.lim.Policy().Clients()[0] != "agg-app" {
		t.Errorf("the policy changed")
	}
}

// TestConfigValidateFieldErrors: every error of Validate is a *FieldError
// naming the field, which the server maps to its flag.
func TestConfigValidateFieldErrors(t *testing.T) {
	cfg := Config{TokenPath: "token", MaxBodyBytes: -1, FinalFlushTimeout: -1, FleetTiers: FleetTiersIgnore + 1}
	err := cfg.Validate()
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		t.Fatalf("Validate() = %v, want a joined error", err)
	}
	var fields []string
	for _, e := range j.Unwrap() {
		var fe *FieldError
		if !errors.As(e, &fe) {
			t.Fatalf("%v is not a *FieldError", e)
		}
		fields = append(fields, fe.Field)
	}
	if got, want := strings.Join(fields, " "), "TokenPath MaxBodyBytes FinalFlushTimeout FleetTiers"; got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
}

// TestMaxIdentityLen: the bound the package documents is the one its
// parser applies, and every client ID a request may name can be configured
// in a policy and overridden at run time (a 256-byte client was limited
// but could not be overridden: an outside audit).
func TestMaxIdentityLen(t *testing.T) {
	if MaxIdentityLen != tokenrequest.MaxIdentityLen {
		t.Errorf("MaxIdentityLen %d, tokenrequest.MaxIdentityLen %d", MaxIdentityLen, tokenrequest.MaxIdentityLen)
	}
	if syncer.MaxOverrideClientLen != MaxIdentityLen {
		t.Errorf("syncer.MaxOverrideClientLen %d, MaxIdentityLen %d", syncer.MaxOverrideClientLen, MaxIdentityLen)
	}
	for n, valid := range map[int]bool{MaxIdentityLen: true, MaxIdentityLen + 1: false} {
		id := strings.Repeat("c", n)
		_, err := policy.New(policy.Spec{Clients: map[string]policy.Override{id: {}}})
		if (err == nil) != valid {
			t.Errorf("a policy with a client ID of %d bytes: %v, want valid %v", n, err, valid)
		}
		if (checkClientID(id) == nil) != valid {
			t.Errorf("an override for a client ID of %d bytes: %v, want valid %v", n, checkClientID(id), valid)
		}
	}
}

// TestUserOfMaxIdentityLen: a user of MaxIdentityLen bytes answered by a
// UserResolver is limited as that user (2 a minute in testPolicy: the
// third token is refused); one byte longer, the user is unknown (not
// limited: no aggregate tier). TestNormalizeUsername has the same bound
// for NormalizeUsername.
func TestUserOfMaxIdentityLen(t *testing.T) {
	const refresh = "grant_type=refresh_token&client_id=app&refresh_token=r"
	for _, tc := range []struct {
		name string
		n    int // bytes of the user the resolver answers
		want []int
	}{
		{"at MaxIdentityLen", MaxIdentityLen, []int{200, 200, 429}},
		{"over MaxIdentityLen", MaxIdentityLen + 1, []int{200, 200, 200}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) {
				c.UserResolver = func(*http.Request, *TokenRequest) (string, error) { return strings.Repeat("u", tc.n), nil }
			})
			var got []int
			for range 3 {
				got = append(got, f.post(refresh).Code)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("statuses %v, want %v", got, tc.want)
			}
		})
	}
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"zero", Config{}, ""},
		{"relative path", Config{TokenPath: "token"}, "TokenPath"},
		{"unclean path", Config{TokenPath: "/a/../token"}, "TokenPath"},
		{"negative body", Config{MaxBodyBytes: -1}, "MaxBodyBytes"},
		{"huge body", Config{MaxBodyBytes: MaxBufferedBytes + 1}, "MaxBodyBytes"},
		{"negative response", Config{MaxResponseBytes: -1}, "MaxResponseBytes"},
		{"negative keys", Config{MaxKeys: -1}, "MaxKeys"},
		{"negative interval", Config{DryRunLogInterval: -1}, "DryRunLogInterval"},
		{"negative sync", Config{SyncInterval: -1}, "SyncInterval"},
		// An outside audit: 1 ns was accepted, and Run then spun a core.
		{"sync that spins", Config{SyncInterval: time.Nanosecond}, "SyncInterval"},
		{"shortest sync", Config{SyncInterval: syncer.MinInterval}, ""},
		// Paths URL.Path never holds, which matched no request (an
		// outside audit): escaped, with a query, with parameters.
		{"escaped path", Config{TokenPath: "/realms/my%20realm/token"}, "TokenPath"},
		{"path with a query", Config{TokenPath: "/token?tenant=a"}, "TokenPath"},
		{"path with parameters", Config{TokenPath: "/token;v=1"}, "TokenPath"},
		{"path with a space", Config{TokenPath: "/realms/my realm/token"}, ""},
		// An outside audit (h59): a nil *MemoryStore (or *mongostore.Store)
		// in the interface passed New, and Run's heartbeat goroutine
		// panicked on it.
		{"nil pointer store", Config{Store: (*syncer.MemoryStore)(nil)}, `Store "(*syncer.MemoryStore)(nil)"`},
		{"store", Config{Store: syncer.NewMemoryStore()}, ""},
		// Validate passed it, New refused it (an outside audit, h59).
		{"bad instance", Config{Instance: "host 1.example"}, `Instance "host 1.example": want 1 to 64 characters`},
		{"long instance", Config{Instance: strings.Repeat("i", syncer.MaxInstanceLen+1)}, "Instance"},
		{"instance", Config{Instance: "host-1:8080_a"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.cfg.Validate()
			if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Validate() = %v, want an error naming %q", err, tt.want)
			}
		})
	}
	if _, err := New(Config{Instance: "bad instance!"}); err == nil {
		t.Errorf("New accepted a bad Instance")
	}
}

// TestPerClientKeyCountsInEveryWindow: the per-client key counts every
// token its client obtains that is counted per client (README, "Keys and
// tiers"), so each client tier and each aggregate tier sees both the
// client_credentials tokens and the user-grant tokens, whichever came
// first and whatever window sizes the two scopes share. Before, a
// reservation counted only in the sizes the key already held: six
// user-grant tokens reached the client's 1m tier, which the aggregate
// shares, and not its 1h tier (an outside audit).
func TestPerClientKeyCountsInEveryWindow(t *testing.T) {
	tiers := func(ts ...policy.Tier) []policy.Tier { return ts }
	for _, tt := range []struct {
		name              string
		client, aggregate []policy.Tier
	}{
		{"aggregate within the client's sizes", tiers(policy.Tier{Limit: 50, Size: time.Minute}, policy.Tier{Limit: 50, Size: time.Hour}), tiers(policy.Tier{Limit: 100, Size: time.Minute})},
		{"sizes of their own", tiers(policy.Tier{Limit: 50, Size: time.Hour}), tiers(policy.Tier{Limit: 100, Size: time.Minute}, policy.Tier{Limit: 100, Size: 24 * time.Hour})},
	} {
		for _, userFirst := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/user grants first=%v", tt.name, userFirst), func(t *testing.T) {
				spec := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{
					Client: tt.client, User: tiers(policy.Tier{Limit: 100, Size: time.Minute}), Aggregate: tt.aggregate,
				}}
				f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, spec) })
				users := func() {
					for i := range 6 {
						if w := f.post(fmt.Sprintf("grant_type=password&client_id=app&username=u%d", i%2)); w.Code != 200 {
							t.Fatalf("password %d: %d", i, w.Code)
						}
					}
				}
				clients := func() {
					for i := range 4 {
						if w := f.post("grant_type=client_credentials&client_id=app"); w.Code != 200 {
							t.Fatalf("client_credentials %d: %d", i, w.Code)
						}
					}
				}
				if userFirst {
					users()
					clients()
				} else {
					clients()
					users()
				}
				ks, ok := f.lim.KeyState("app", "", f.clk.Now())
				if !ok {
					t.Fatal("no per-client key")
				}
				if len(ks.Tiers) != len(tt.client)+len(tt.aggregate) {
					t.Fatalf("%d tiers, want the client's and the aggregate's: %+v", len(ks.Tiers), ks.Tiers)
				}
				for _, ts := range ks.Tiers {
					if ts.Used != 10 {
						t.Errorf("%s tier %v: used %d, want 10 (6 user-grant and 4 client_credentials tokens)", ts.Scope, ts.Tier, ts.Used)
					}
				}
			})
		}
	}
}

// TestPerClientKeyCountsAcrossReloadAndFrames: an aggregate tier added by
// a reload mid-run joins a per-client key that holds counts already; the
// user-grant tokens counted after it, named with a count-only 1h tier,
// are admitted and reach the client's 1h tier, and every count is in its
// frame once the clock has moved into the next minute (rule 18). (The key
// held its 1h counter before the reload, so this passes without the
// count-only tiers too; TestPerClientKeyCountsInEveryWindow is the one
// that needs them. This one fails if a count-only tier refused or lost a
// count: with countOnlyLimit 1, for one.)
func TestPerClientKeyCountsAcrossReloadAndFrames(t *testing.T) {
	tier := func(n int64, d time.Duration) policy.Tier { return policy.Tier{Limit: n, Size: d} }
	spec := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{
		Client: []policy.Tier{tier(50, time.Minute), tier(50, time.Hour)}, User: []policy.Tier{tier(100, time.Minute)},
	}}
	f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, spec) })
	for i := range 4 {
		if w := f.post("grant_type=client_credentials&client_id=app"); w.Code != 200 {
			t.Fatalf("client_credentials %d: %d", i, w.Code)
		}
	}
	f.clk.Advance(20 * time.Second)
	spec.Defaults.Aggregate = []policy.Tier{tier(100, time.Minute)}
	if err := f.lim.SetPolicy(mustPolicy(t, spec)); err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		f.clk.Advance(5 * time.Second) // to 50s, still the first minute's frame
		if w := f.post(fmt.Sprintf("grant_type=password&client_id=app&username=u%d", i)); w.Code != 200 {
			t.Fatalf("password %d: %d", i, w.Code)
		}
	}
	f.clk.Advance(40 * time.Second) // 1m30s: the next minute's frame, the hour's first
	ks, ok := f.lim.KeyState("app", "", f.clk.Now())
	if !ok {
		t.Fatal("no per-client key")
	}
	for _, ts := range ks.Tiers {
		switch {
		case ts.Tier.Size == time.Hour && ts.Used != 10:
			t.Errorf("client 1h tier: used %d, want 10 (4 client_credentials and 6 user-grant tokens)", ts.Used)
		case ts.Tier.Size == time.Minute && (ts.Global.Prev+ts.Local.Prev != 10 || ts.Local.Curr+ts.Global.Curr != 0):
			t.Errorf("%s 1m tier: previous frame %d, current %d; want the 10 tokens in the previous frame", ts.Scope, ts.Global.Prev+ts.Local.Prev, ts.Local.Curr+ts.Global.Curr)
		}
	}
}

// TestMountedTwiceCountsOnce: the middleware on the router (chi's Use) and
// again on the route (With), as the README's two ways to mount it, with
// another middleware that wraps the writer between them, counts each token
// once: all 10 of a limit of 10 are issued (an outside audit got 5, and the
// key counted 10). A second limiter still counts for itself.
func TestMountedTwiceCountsOnce(t *testing.T) {
	spec := policy.Spec{Mode: policy.ModeEnforce, Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 10, Size: time.Minute}}}}
	f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, spec) })
	other, err := New(Config{Policy: mustPolicy(t, spec), Now: f.clk.Now, Registerer: prometheus.NewRegistry()})
	if err != nil {
		t.Fatal(err)
	}
	wrap := func(next http.Handler) http.Handler { // as chi's middleware.Logger wraps the writer
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(middleware.NewWrapResponseWriter(w, r.ProtoMajor), r)
		})
	}
	for _, tc := range []struct {
		name string
		use  []func(http.Handler) http.Handler
		with []func(http.Handler) http.Handler
		want int
	}{
		{"Use and With", []func(http.Handler) http.Handler{f.lim.Middleware}, []func(http.Handler) http.Handler{f.lim.Middleware}, 10},
		{"a wrapper between", []func(http.Handler) http.Handler{f.lim.Middleware, wrap}, []func(http.Handler) http.Handler{f.lim.Middleware}, 10},
		{"two limiters", []func(http.Handler) http.Handler{other.Middleware}, []func(http.Handler) http.Handler{f.lim.Middleware}, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := chi.NewRouter()
			r.Use(tc.use...)
			r.With(tc.with...).Post(DefaultTokenPath, f.ep.ServeHTTP)
			issued := 0
			for range 15 {
				req := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=twice-"+tc.name))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				w := httptest.NewRecorder()
				r.ServeHTTP(w, req)
				if w.Code == http.StatusOK {
					issued++
				}
			}
			if issued != tc.want {
				t.Errorf("%d of 15 issued, want %d (the limit)", issued, tc.want)
			}
		})
	}
}

// TestMisuseSaysWhat: a nil handler panics when mounted, naming the
// mistake, not at the first request with a nil dereference; a second
// Limiter on one Registerer is told how to tell the two apart (both from an
// outside audit).
func TestMisuseSaysWhat(t *testing.T) {
	f := newFixture(t, nil)
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "Middleware(nil)") {
				t.Errorf("Middleware(nil) panicked with %v, want a message naming it", r)
			}
		}()
		f.lim.Middleware(nil)
	}()
	_, err := New(Config{Registerer: f.reg})
	if err == nil || !strings.Contains(err.Error(), "WrapRegistererWith") {
		t.Errorf("a second Limiter on one Registerer: %v, want the way out named", err)
	}
	// Wrapping only the second is refused too: the first must be wrapped
	// as well, which the error says (before, it said only "labels with
	// prometheus.WrapRegistererWith", which this very call had used).
	_, err = New(Config{Registerer: prometheus.WrapRegistererWith(prometheus.Labels{"limiter": "b"}, f.reg)})
	if err == nil || !strings.Contains(err.Error(), "the first too") {
		t.Errorf("a second Limiter with a wrapped Registerer: %v, want the first to be wrapped too", err)
	}
}

// The password grant's username counts as sent, byte for byte, unless
// Config.NormalizeUsername maps it: with strings.ToLower, every spelling of
// alice shares her quota of 2 (an outside audit: seven spellings got seven
// tokens, and the resolver, the only hook, is not called for password).
func TestNormalizeUsername(t *testing.T) {
	spellings := []string{"alice", "Alice", "ALICE", "aLiCe"}
	same := []string{"alice", "alice", "alice"}
	appendString := func(s func(string) string) func([]byte, string) []byte {
		return func(dst []byte, u string) []byte { return append(dst, s(u)...) }
	}
	for _, tc := range []struct {
		name      string
		normalize func([]byte, string) []byte
		users     []string
		admitted  int
	}{
		{"byte for byte", nil, spellings, 4},
		{"lower case", AppendLower, spellings, 2},
		// Still limited per user, not unknown (which no user tier limits).
		{"empty answer counts the username as sent", appendString(func(string) string { return "" }), same, 2},
		{"too long an answer counts the username as sent", appendString(func(u string) string { return strings.Repeat(u, MaxIdentityLen) }), same, 2},
		// One too-long answer for every user: taken as the user, it would
		// put three users in one quota of 2 (h6-review: the case above
		// passes without the length bound).
		{"too long an answer is not taken as the user", appendString(func(string) string { return strings.Repeat("x", MaxIdentityLen+1) }), []string{"alice", "bob", "carol"}, 3},
		// An answer in a buffer of its own, not dst extended, is the user
		// whole: it was cut at where dst ended (the client ID, unescaped
		// into the same buffer), and three users shared one quota
		// (h7-review).
		{"an answer in a buffer of its own", func(_ []byte, u string) []byte { return []byte(strings.ToLower(u)) },
			[]string{"alice@example.com", "bruce@example.com", "grace@example.com"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.NormalizeUsername = tc.normalize })
			admitted := 0
			for _, u := range tc.users {
				// The client ID escaped: unescaped into the buffer that
				// NormalizeUsername appends to, before it.
				switch w := f.post("grant_type=password&client_id=%61pp&username=" + u + "&password=p"); w.Code {
				case 200:
					admitted++
				case 429:
				default:
					t.Fatalf("%s: %d %s", u, w.Code, w.Body)
				}
			}
			if admitted != tc.admitted {
				t.Errorf("admitted %d of %v, want %d", admitted, tc.users, tc.admitted)
			}
		})
	}
}

// headerPanicWriter is a ResponseWriter whose Header panics at its
// panicAt-th call once armed: a read of a held answer (readIssued) that
// panics, before it counts the user (the first call, for the answer's
// Content-Encoding) or after (the second, for the user's headers).
type headerPanicWriter struct {
	*httptest.ResponseRecorder
	armed          bool
	calls, panicAt int
}

func (w *headerPanicWriter) Header() http.Header {
	if w.armed {
		if w.calls++; w.calls == w.panicAt {
			panic("header")
		}
	}
	return w.ResponseRecorder.Header()
}

// TestPanicReadingHeldAnswerSettles: a held 2xx answer whose reading
// panics, in the endpoint's Write (an answer longer than
// MaxResponseBytes) or after the endpoint panicked, still has its counts
// settled, once: the read is not made again (which counted the user
// twice), and the reservations do not stay reserved for good.
func TestPanicReadingHeldAnswerSettles(t *testing.T) {
	at := testJWT(map[string]any{"sub": "erin"})
	for _, tt := range []struct {
		name         string
		inWrite      bool // the read panics in Write, else after the endpoint's panic
		panicAt      int
		wantAttribut float64
	}{
		{"in Write, before counting the user", true, 1, 0},
		{"in Write, after counting the user", true, 2, 1},
		{"after the endpoint's panic, before counting the user", false, 1, 0},
		{"after the endpoint's panic, after counting the user", false, 2, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// What is held, and read: the access token and no more.
			body := `{"access_token":"` + at + `","token_type":"bearer"}`
			held := len(`{"access_token":"` + at + `","`)
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true; c.MaxResponseBytes = int64(held) })
			out := &headerPanicWriter{ResponseRecorder: httptest.NewRecorder(), panicAt: tt.panicAt}
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(200)
				io.WriteString(w, body[:held]) // held
				if tt.inWrite {
					out.armed = true
					io.WriteString(w, body[held:]) // past MaxResponseBytes: read in Write
					return
				}
				out.armed = true
				panic(http.ErrAbortHandler)
			}))
			func() {
				defer func() {
					if p := recover(); p != "header" {
						t.Errorf("recovered %v, want the panic of Header", p)
					}
				}()
				r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=authorization_code&code=c&client_id=agg-app"))
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				h.ServeHTTP(out, r)
			}()
			issued := testutil.ToFloat64(f.lim.metrics.issued.WithLabelValues("agg-app", "authorization_code"))
			released := testutil.ToFloat64(f.lim.metrics.released.WithLabelValues("agg-app", "authorization_code"))
			attributed := testutil.ToFloat64(f.lim.metrics.attributions.WithLabelValues("agg-app", "authorization_code", "under_limit"))
			if issued != 1 || released != 0 || attributed != tt.wantAttribut {
				t.Errorf("issued %v, released %v, attributed to erin %v; want 1, 0, %v: the counts settled once", issued, released, attributed, tt.wantAttribut)
			}
		})
	}
}

// BenchmarkNearTokenPath: what a POST to a path other than the token path
// pays for the check that it is not the token endpoint under another path
// (a path that does not match: the common case).
func BenchmarkNearTokenPath(b *testing.B) {
	f := newFixture(b, nil)
	for _, p := range []string{"/oauth2/revoke", "/realms/myrealm/protocol/openid-connect/userinfo"} {
		b.Run("path="+p[strings.LastIndexByte(p, '/')+1:], func(b *testing.B) {
			for b.Loop() {
				f.lim.nearTokenPath(p)
			}
		})
	}
}

package oauthratelimit

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestOversizedBodyClosesOnlyHTTP1: a 413 asks to close an HTTP/1
// connection, whose unread body would otherwise be read before its next
// request, and not an HTTP/2 one, where net/http's server reads
// Connection: close as a GOAWAY for every stream of the connection.
func TestOversizedBodyClosesOnlyHTTP1(t *testing.T) {
	for _, tc := range []struct {
		proto      string
		major      int
		wantHeader string
	}{
		{"HTTP/1.0", 1, "close"},
		{"HTTP/1.1", 1, "close"},
		{"HTTP/2.0", 2, ""},
	} {
		t.Run(tc.proto, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.MaxBodyBytes = 100 })
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=a&x="+strings.Repeat("y", 200)))
			r.Proto, r.ProtoMajor, r.ProtoMinor = tc.proto, tc.major, 0
			r.ContentLength = -1
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			w := httptest.NewRecorder()
			f.h.ServeHTTP(w, r)
			if w.Code != http.StatusRequestEntityTooLarge || w.Header().Get("Connection") != tc.wantHeader {
				t.Fatalf("status %d Connection %q, want 413 %q", w.Code, w.Header().Get("Connection"), tc.wantHeader)
			}
		})
	}
}

// TestOversizedBodyOverHTTP2KeepsTheConnection serves the middleware over
// HTTP/2 (TLS): a body over MaxBodyBytes gets its 413 on its stream, and
// the next requests go on over the same connection. With Connection: close
// on the 413, each made net/http's server send GOAWAY, and the client
// dialed again (an outside run, h98: 18 connections for 20 oversized bodies
// among 1,600 requests, each a TLS handshake; on a load balancer's
// connection, every client's requests on it are moved).
func TestOversizedBodyOverHTTP2KeepsTheConnection(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.MaxBodyBytes = 100 })
	srv := httptest.NewUnstartedServer(f.h)
	srv.EnableHTTP2 = true
	var conns atomic.Int32
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.StartTLS()
	defer srv.Close()
	c := srv.Client()
	post := func(body string) (int, string) {
		t.Helper()
		resp, err := c.Post(srv.URL+DefaultTokenPath, "application/x-www-form-urlencoded", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Proto
	}
	const rounds = 5
	for i := range rounds {
		if code, proto := post("grant_type=client_credentials&client_id=a&x=" + strings.Repeat("y", 200)); code != http.StatusRequestEntityTooLarge || proto != "HTTP/2.0" {
			t.Fatalf("round %d, oversized: %d %s, want 413 HTTP/2.0", i, code, proto)
		}
		if code, _ := post(fmt.Sprintf("grant_type=client_credentials&client_id=c%d", i)); code != http.StatusOK {
			t.Fatalf("round %d, after the 413: %d, want 200", i, code)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections for %d rounds of a 413 and a 200, want 1: the 413 shut the HTTP/2 connection down", n, rounds)
	}
	if n := f.ep.Calls(); n != rounds {
		t.Errorf("endpoint called %d times, want %d (the oversized requests never reach it)", n, rounds)
	}
}

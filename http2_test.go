package oauthratelimit

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
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
	srv, conns := serveHTTP2(t, f.h)
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

// TestHTTP2StreamsCountedApart multiplexes many clients' token requests
// as streams of one HTTP/2 connection (TLS), as a load balancer does: bodies
// of different sizes (the pooled request buffers are reused among streams,
// grown and not), Basic and client_secret_post, and streams whose client
// cancels mid-body. Each client has its own limit, so that a count or a
// header crossed between streams shows: every client gets exactly its
// limit of 200s, each 200 with its own limit and a remaining count no other
// 200 of the client had, its 429s 0 left, and no reservation stays open
// (an outside run, h98, found all exact over h2 and h2c; this keeps it).
func TestHTTP2StreamsCountedApart(t *testing.T) {
	const clients, perClient, cancelled = 12, 16, 4
	spec := policy.Spec{Mode: policy.ModeEnforce, Clients: map[string]policy.Override{}}
	spec.Defaults.Client = []policy.Tier{{Limit: 1, Size: time.Minute}}
	limitOf := func(i int) int { return 4 + i } // 4..15, under perClient
	for i := range clients {
		spec.Clients[fmt.Sprintf("k%d", i)] = policy.Override{Client: []policy.Tier{{Limit: int64(limitOf(i)), Size: time.Minute}}}
	}
	f := newFixture(t, func(c *Config) { c.Policy = mustPolicy(t, spec) })
	srv, conns := serveHTTP2(t, f.h)
	c := srv.Client()
	// One request first: the connection the others are multiplexed on
	// (started together, each would dial its own).
	warm, err := c.Post(srv.URL+DefaultTokenPath, "application/x-www-form-urlencoded", strings.NewReader("grant_type=client_credentials&client_id=warm"))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, warm.Body)
	warm.Body.Close()

	type result struct {
		client        int
		status        int
		limit, remain string
		err           error
		cancelledByUs bool
	}
	type job struct {
		client int
		pad    int
		basic  bool
		cancel bool
	}
	var jobs []job
	for i := range clients {
		for j := range perClient + cancelled {
			jobs = append(jobs, job{client: i, pad: (i*7919 + j*104729) % 3000, basic: j%2 == 0, cancel: j >= perClient})
		}
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(jobs), func(a, b int) { jobs[a], jobs[b] = jobs[b], jobs[a] })
	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	next := atomic.Int64{}
	for range 48 {
		wg.Go(func() {
			for {
				n := int(next.Add(1) - 1)
				if n >= len(jobs) {
					return
				}
				jb := jobs[n]
				id := fmt.Sprintf("k%d", jb.client)
				form := "grant_type=client_credentials&pad=" + strings.Repeat("p", jb.pad)
				if !jb.basic {
					form += "&client_id=" + id + "&client_secret=s"
				}
				ctx, cancel := context.WithCancel(context.Background())
				var body io.Reader = strings.NewReader(form)
				if jb.cancel {
					pr, pw := io.Pipe()
					go func() {
						pw.Write([]byte(form[:len(form)/2]))
						cancel() // mid-body: the stream is reset
						pw.CloseWithError(context.Canceled)
					}()
					body = pr
				}
				req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+DefaultTokenPath, body)
				if err != nil {
					t.Error(err)
					cancel()
					return
				}
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				if jb.basic {
					req.SetBasicAuth(id, "s")
				}
				res := result{client: jb.client, cancelledByUs: jb.cancel}
				resp, err := c.Do(req)
				if err != nil {
					res.err = err
				} else {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					res.status, res.limit, res.remain = resp.StatusCode, resp.Header.Get("X-RateLimit-Limit"), resp.Header.Get("X-RateLimit-Remaining")
					if resp.ProtoMajor != 2 {
						t.Errorf("answer over %s, want HTTP/2", resp.Proto)
					}
				}
				cancel()
				results[n] = res
			}
		})
	}
	wg.Wait()

	for i := range clients {
		limit := limitOf(i)
		seen := map[string]bool{}
		ok, denied := 0, 0
		for _, r := range results {
			if r.client != i {
				continue
			}
			switch {
			case r.cancelledByUs:
				if r.err == nil {
					t.Errorf("k%d: a request cancelled mid-body got %d", i, r.status)
				}
				continue
			case r.err != nil:
				t.Errorf("k%d: %v", i, r.err)
				continue
			case r.status == http.StatusOK:
				ok++
				if seen[r.remain] {
					t.Errorf("k%d: two 200s with X-RateLimit-Remaining %s", i, r.remain)
				}
				seen[r.remain] = true
			case r.status == http.StatusTooManyRequests:
				denied++
				if r.remain != "0" {
					t.Errorf("k%d: a 429 with X-RateLimit-Remaining %s, want 0", i, r.remain)
				}
			default:
				t.Errorf("k%d: status %d", i, r.status)
				continue
			}
			if r.limit != strconv.Itoa(limit) {
				t.Errorf("k%d: X-RateLimit-Limit %s, want %d: another client's headers", i, r.limit, limit)
			}
		}
		if ok != limit || denied != perClient-limit {
			t.Errorf("k%d: %d 200s and %d 429s, want %d and %d", i, ok, denied, limit, perClient-limit)
		}
		ks, found := f.lim.KeyState(fmt.Sprintf("k%d", i), "", f.clk.Now())
		if !found || ks.Reserved != 0 || len(ks.Tiers) != 1 || ks.Tiers[0].Used != int64(limit) {
			t.Errorf("k%d: key state found %v, reserved %d, tiers %+v; want %d used, none reserved", i, found, ks.Reserved, ks.Tiers, limit)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections, want the requests multiplexed on 1", n)
	}
	want := 1 // the first request
	for i := range clients {
		want += limitOf(i)
	}
	if n := f.ep.Calls(); n != want {
		t.Errorf("endpoint called %d times, want %d, the sum of the limits and the first request", n, want)
	}
}

// serveHTTP2 serves h over TLS with HTTP/2 until the test ends, and counts
// the connections its clients open.
func serveHTTP2(t *testing.T, h http.Handler) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.EnableHTTP2 = true
	conns := new(atomic.Int32)
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv, conns
}

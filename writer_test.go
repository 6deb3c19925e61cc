package oauthratelimit

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestResponseWriterInterfaces runs a token endpoint behind the middleware
// on a real server and checks that Flush, Hijack, ReadFrom and
// http.ResponseController reach the connection.
func TestResponseWriterInterfaces(t *testing.T) {
	tests := []struct {
		name   string
		h      http.HandlerFunc
		status int
		check  func(t *testing.T, resp *http.Response, body string)
		issued bool
	}{
		{
			name: "flush streams",
			h: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, "part1 ")
				w.(http.Flusher).Flush()
				io.WriteString(w, "part2")
			},
			status: 200, issued: true,
			check: func(t *testing.T, resp *http.Response, body string) {
				if body != "part1 part2" || len(resp.TransferEncoding) == 0 {
					t.Errorf("body %q transfer-encoding %v: want a flushed, chunked answer", body, resp.TransferEncoding)
				}
			},
		},
		{
			name: "response controller",
			h: func(w http.ResponseWriter, r *http.Request) {
				rc := http.NewResponseController(w)
				if err := rc.SetWriteDeadline(time.Now().Add(time.Minute)); err != nil {
					t.Errorf("SetWriteDeadline through Unwrap: %v", err)
				}
				w.WriteHeader(http.StatusCreated)
				if err := rc.Flush(); err != nil {
					t.Errorf("Flush: %v", err)
				}
			},
			status: 201, issued: true,
		},
		{
			name: "read from",
			h: func(w http.ResponseWriter, r *http.Request) {
				n, err := w.(io.ReaderFrom).ReadFrom(strings.NewReader(`{"access_token":"x"}`))
				if n != 20 || err != nil {
					t.Errorf("ReadFrom %d %v", n, err)
				}
			},
			status: 200, issued: true,
			check: func(t *testing.T, resp *http.Response, body string) {
				if body != `{"access_token":"x"}` {
					t.Errorf("body %q", body)
				}
			},
		},
		{
			name: "hijack",
			h: func(w http.ResponseWriter, r *http.Request) {
				c, rw, err := w.(http.Hijacker).Hijack()
				if err != nil {
					t.Errorf("Hijack: %v", err)
					return
				}
				defer c.Close()
				rw.WriteString("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
				rw.Flush()
			},
			status: 200, issued: false, // hijacked: no status the middleware saw
		},
		{
			name: "error status",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusEarlyHints) // informational, not final
				w.WriteHeader(http.StatusUnauthorized)
			},
			status: 401, issued: false,
		},
		{
			name: "early hints then ok",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Link", "</style.css>; rel=preload; as=style")
				w.WriteHeader(http.StatusEarlyHints) // informational, not final
				w.WriteHeader(http.StatusOK)
				io.WriteString(w, `{"access_token":"x"}`)
			},
			status: 200, issued: true,
			check: func(t *testing.T, resp *http.Response, body string) {
				if body != `{"access_token":"x"}` || resp.Header.Get("X-RateLimit-Remaining") != "2" {
					t.Errorf("body %q, remaining %q: want the token and 2 left", body, resp.Header.Get("X-RateLimit-Remaining"))
				}
			},
		},
		{
			name:   "nothing written is 200",
			h:      func(w http.ResponseWriter, r *http.Request) {},
			status: 200, issued: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			srv := httptest.NewServer(f.lim.Middleware(tt.h))
			defer srv.Close()
			resp, err := http.Post(srv.URL+DefaultTokenPath, "application/x-www-form-urlencoded", strings.NewReader("grant_type=client_credentials&client_id=w"))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if tt.check != nil {
				tt.check(t, resp, string(b))
			}
			issued := f.lim.metrics.issued.WithLabelValues("other", "client_credentials")
			if got := counterValue(issued); (got == 1) != tt.issued {
				t.Errorf("issued %v, want issued=%v", got, tt.issued)
			}
		})
	}
}

// TestNothingWrittenAfterClientLeftIsReleased: an endpoint that writes
// nothing because its client went away (a ReverseProxy whose client hung
// up before the upstream answered) issued no token: the reservation is
// released, where an endpoint that writes nothing to a client still there
// sends net/http's 200 and is counted (the "nothing written is 200" case).
func TestNothingWrittenAfterClientLeftIsReleased(t *testing.T) {
	f := newFixture(t, nil)
	left := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Context().Value(cancelKey{}).(context.CancelFunc)() // the client hangs up while the endpoint works
		<-r.Context().Done()
	}))
	for range 5 { // more than the fixture's limit of 3 for the key
		ctx, cancel := context.WithCancel(context.Background())
		ctx = context.WithValue(ctx, cancelKey{}, cancel)
		r := httptest.NewRequestWithContext(ctx, http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=w"))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		left.ServeHTTP(httptest.NewRecorder(), r)
	}
	if got := counterValue(f.lim.metrics.issued.WithLabelValues("other", "client_credentials")); got != 0 {
		t.Errorf("issued %v, want 0: the clients left before any answer", got)
	}
	rec := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=w"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})).ServeHTTP(rec, r)
	if rec.Code != 200 || rec.Header().Get("X-RateLimit-Remaining") != "2" {
		t.Errorf("next request: %d, remaining %q; want 200 with 2 left (nothing spent before)", rec.Code, rec.Header().Get("X-RateLimit-Remaining"))
	}
}

type cancelKey struct{}

func TestResponseWriterWithoutOptionalInterfaces(t *testing.T) {
	var w responseWriter
	w.reset(plainWriter{httptest.NewRecorder()}, false, 0)
	w.Flush() // must not panic
	if _, _, err := w.Hijack(); !errors.Is(err, http.ErrNotSupported) {
		t.Errorf("Hijack: %v, want ErrNotSupported", err)
	}
	if n, err := w.ReadFrom(strings.NewReader("abc")); n != 3 || err != nil {
		t.Errorf("ReadFrom %d %v", n, err)
	}
	if _, ok := w.Unwrap().(plainWriter); !ok {
		t.Errorf("Unwrap")
	}
	var _ interface {
		http.Flusher
		http.Hijacker
		io.ReaderFrom
	} = &w
	var _ *bufio.ReadWriter
}

// plainWriter is a ResponseWriter with no optional interface.
type plainWriter struct{ rec *httptest.ResponseRecorder }

func (p plainWriter) Header() http.Header         { return p.rec.Header() }
func (p plainWriter) Write(b []byte) (int, error) { return p.rec.Write(b) }
func (p plainWriter) WriteHeader(code int)        { p.rec.WriteHeader(code) }

// TestBodyReadAfterHandlerReturns: a goroutine the endpoint started (as
// http.Transport's write loop behind a ReverseProxy) reading the body after
// the handler returned sees a closed body, never the bytes of a later
// request that reuse the buffer (run with -race).
func TestBodyReadAfterHandlerReturns(t *testing.T) {
	f := newFixture(t, nil)
	late := make(chan io.Reader, 1)
	h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case late <- r.Body:
		default:
		}
	}))
	serve := func(body string) {
		r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		h.ServeHTTP(httptest.NewRecorder(), r)
	}
	serve("grant_type=client_credentials&client_id=first")
	body := <-late
	done := make(chan []byte)
	go func() {
		b, err := io.ReadAll(body)
		if !errors.Is(err, http.ErrBodyReadAfterClose) {
			t.Errorf("late read: %v, want ErrBodyReadAfterClose", err)
		}
		done <- b
	}()
	serve("grant_type=client_credentials&client_id=second&client_secret=s3cr3t")
	if b := <-done; len(b) != 0 {
		t.Errorf("late read got %q", b)
	}
}

// A second WriteHeader is logged naming the handler's line: passed on to
// net/http, its "superfluous response.WriteHeader call" named the
// middleware's writer (an outside audit). Through net/http's helpers
// (http.Error) the line named is still the handler's, as net/http's own
// log names it. And a handler that does it on every request (a common
// bug) must not make the middleware log every admitted request: README
// says nothing is (h6-review: 100 records for 100 requests).
func TestSuperfluousWriteHeader(t *testing.T) {
	var line int
	for _, tc := range []struct {
		name  string
		again func(w http.ResponseWriter) // the superfluous call, on runtime.Caller's line
		code  string
	}{
		{"WriteHeader", func(w http.ResponseWriter) { _, _, line, _ = runtime.Caller(0); w.WriteHeader(http.StatusTeapot) }, "code=418"},
		{"http.Error", func(w http.ResponseWriter) { _, _, line, _ = runtime.Caller(0); http.Error(w, "late", 500) }, "code=500"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs logBuffer
			f := newFixture(t, func(c *Config) {
				c.Logger = slog.New(slog.NewTextHandler(&logs, nil))
				c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, 1000))
			})
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusOK)
				tc.again(w)
				io.WriteString(w, `{"access_token":"t","token_type":"Bearer"}`)
			}))
			for range 100 {
				req := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=svc"))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK {
					t.Fatalf("status %d, want the first one written, 200", rec.Code)
				}
			}
			logs.mu.Lock()
			defer logs.mu.Unlock()
			got := logs.b.String()
			if want := fmt.Sprintf("writer_test.go line=%d", line); !strings.Contains(got, "superfluous WriteHeader call") || !strings.Contains(got, want) || !strings.Contains(got, tc.code) {
				t.Errorf("logs do not name the handler's superfluous call (%s, %s):\n%s", want, tc.code, got)
			}
			if n := strings.Count(got, "superfluous WriteHeader call"); n > 1 {
				t.Errorf("%d records of a superfluous WriteHeader for 100 admitted requests, want 1", n)
			}
		})
	}
}

// TestOnlyIssuingAnswersHeld: with AttributeIssued, a user grant's answer
// is held to be read for its user only if it issued a token (2xx); an
// error answer is passed on as the endpoint writes it (its status and a
// flushed byte reach the client before the endpoint returns) and is not
// read: no attribution is counted for it. A held answer is not flushed
// before the endpoint returns: its headers are not written yet.
func TestOnlyIssuingAnswersHeld(t *testing.T) {
	for _, tc := range []struct {
		name       string
		status     int
		wantPassed bool // status and byte passed on at the Flush
	}{
		{"token", http.StatusOK, false},
		{"refused", http.StatusUnauthorized, true},
		{"redirected", http.StatusMultipleChoices, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.AttributeIssued = true })
			rec := httptest.NewRecorder()
			passed, flushed := false, false
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tc.status)
				io.WriteString(w, "{")
				w.(http.Flusher).Flush()
				passed, flushed = rec.Code == tc.status && rec.Body.String() == "{", rec.Flushed
				io.WriteString(w, `"access_token":"`+testJWT(map[string]any{"sub": "erin"})+`"}`)
			}))
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=authorization_code&code=c&client_id=p"))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			h.ServeHTTP(rec, r)
			if passed != tc.wantPassed || flushed != tc.wantPassed || rec.Code != tc.status {
				t.Errorf("status %d, passed on at the Flush: %v, flushed %v; want %d, %v", rec.Code, passed, flushed, tc.status, tc.wantPassed)
			}
			if got := rec.Header().Get("RateLimit"); (got != "") == tc.wantPassed {
				t.Errorf("RateLimit %q; want one only on the token", got)
			}
			var attributed float64
			for _, res := range attributionNames {
				attributed += testutil.ToFloat64(f.lim.metrics.attributions.WithLabelValues("other", "authorization_code", res))
			}
			if want := map[bool]float64{true: 0, false: 1}[tc.wantPassed]; attributed != want {
				t.Errorf("%v attributions counted, want %v", attributed, want)
			}
		})
	}
}

// TestBodyReaderSeek: the body the endpoint gets seeks as an io.Seeker
// does: from the start, the current offset or the end, past the end (a
// Read there is EOF), and refuses a negative position or an unknown whence,
// leaving the offset as it was.
func TestBodyReaderSeek(t *testing.T) {
	const body = "grant_type=x"
	for _, tc := range []struct {
		name     string
		offset   int64
		whence   int
		wantPos  int64
		wantErr  bool
		wantRead string // what a Read after the Seek returns
	}{
		{"start", 6, io.SeekStart, 6, false, "type=x"},
		{"current", 2, io.SeekCurrent, 5, false, "_type=x"},
		{"end", -1, io.SeekEnd, 11, false, "x"},
		{"past the end", 20, io.SeekStart, 20, false, ""},
		{"before the start", -1, io.SeekStart, 0, true, "nt_type=x"},
		{"before the start from the end", -13, io.SeekEnd, 0, true, "nt_type=x"},
		{"unknown whence", 0, 7, 0, true, "nt_type=x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r bodyReader
			r.reset([]byte(body))
			if _, err := io.ReadFull(&r, make([]byte, 3)); err != nil {
				t.Fatal(err)
			}
			pos, err := r.Seek(tc.offset, tc.whence)
			if (err != nil) != tc.wantErr || !tc.wantErr && pos != tc.wantPos {
				t.Errorf("Seek(%d, %d) = %d, %v; want %d, error %v", tc.offset, tc.whence, pos, err, tc.wantPos, tc.wantErr)
			}
			if got, err := io.ReadAll(&r); err != nil || string(got) != tc.wantRead {
				t.Errorf("read after the Seek: %q, %v; want %q", got, err, tc.wantRead)
			}
		})
	}
}

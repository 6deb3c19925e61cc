package oauthratelimit

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"
)

// TestTooLargeClosesAnEmbeddersConnection: the middleware on an embedder's
// HTTP/1 server with net/http's defaults (no ReadTimeout at all) closes a
// connection it answered 413 within moments (tooLargeLinger), whether the
// client then sends nothing more of its declared body or keeps sending it
// a byte at a time. net/http reads up to 256 KiB of a body left unread
// before it closes, whatever the 413 said, bounded only by the server's
// read deadline: on such a server, before the linger, the connection and
// its goroutine were held for as long as the client kept it open.
// (cmd/oauth-ratelimit's TestE2ETooLargeClosesTheConnection shows the
// server's own, bounded by --read-timeout.)
func TestTooLargeClosesAnEmbeddersConnection(t *testing.T) {
	for _, c := range []struct {
		name    string
		trickle bool // a byte of the body every 20 ms after the 413
	}{
		{"nothing more sent", false},
		{"still sending, a byte at a time", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) { c.MaxBodyBytes = 100 })
			srv := httptest.NewServer(f.h) // http.Server's defaults: no ReadTimeout
			t.Cleanup(srv.Close)
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { conn.Close() }) // before srv.Close, which waits for the request
			const declared = 10_000            // over MaxBodyBytes, under net/http's 256 KiB
			head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", DefaultTokenPath, declared)
			if _, err := io.WriteString(conn, head+"grant_type=client_credentials&client_id=a"); err != nil {
				t.Fatal(err)
			}
			// Bounded by the client's deadline: not a measure of speed.
			conn.SetReadDeadline(time.Now().Add(30 * time.Second))
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
				t.Fatalf("a body of %d bytes declared, MaxBodyBytes 100: %d, Connection: close %v; want 413, close", declared, resp.StatusCode, resp.Close)
			}
			stop := make(chan struct{})
			defer close(stop)
			if c.trickle {
				go func() {
					tick := time.NewTicker(20 * time.Millisecond)
					defer tick.Stop()
					for {
						select {
						case <-stop:
							return
						case <-tick.C:
						}
						if _, err := conn.Write([]byte("x")); err != nil {
							return
						}
					}
				}()
			}
			n, err := io.Copy(io.Discard, br)
			switch {
			case err == nil, errors.Is(err, syscall.ECONNRESET):
				// Closed; a client still sending may see it reset.
			default:
				t.Errorf("the embedder's server did not close the connection after its 413 (%d more bytes read): %v", n, err)
			}
		})
	}
}

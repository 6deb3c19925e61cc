package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tooLargeConn sends a token request whose Content-Length, 100,000 bytes,
// is over --max-body-bytes (64 KiB) and under net/http's 256 KiB, with
// sent bytes of its body, reads the answer, and returns it with the
// connection, the client's socket left open.
func tooLargeConn(t *testing.T, p *proc, sent int) (*http.Response, net.Conn, *bufio.Reader) {
	t.Helper()
	u, err := url.Parse(p.URL)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	const declared = 100_000
	head := fmt.Sprintf("POST /oauth2/token HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", u.Host, declared)
	body := "grant_type=client_credentials&client_id=svc&pad=" + strings.Repeat("x", declared)
	if _, err := io.WriteString(c, head+body[:sent]); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(time.Minute))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("the answer to a body of %d bytes declared: %v", declared, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
		t.Fatalf("a body of %d bytes declared: %d, Connection: close %v; want 413, close", declared, resp.StatusCode, resp.Close)
	}
	return resp, c, br
}

// TestE2ETooLargeClosesTheConnection: after a 413 for a body declared over
// --max-body-bytes and under 256 KiB, the server closes the connection
// within moments, not at --read-timeout (5 minutes here), whether the
// client then sends nothing or its whole body; and a stop does not wait
// for such a connection. Before, net/http read the rest of the body (up
// to 256 KiB) before it closed, whatever the 413 said: a client that sent
// nothing more held the connection until --read-timeout (h117: 30.0 s, the
// default), and a stop's drain until --shutdown-timeout, which then cut it.
func TestE2ETooLargeClosesTheConnection(t *testing.T) {
	closed := func(t *testing.T, c net.Conn, br *bufio.Reader) {
		t.Helper()
		// Bounded by the client's deadline (a minute), well below
		// --read-timeout: not a measure of speed.
		n, err := io.Copy(io.Discard, br)
		switch {
		case err == nil:
		case errors.Is(err, syscall.ECONNRESET):
			t.Errorf("the connection was reset after %d more bytes, not closed", n)
		default:
			t.Errorf("the server did not close the connection after its 413 (%d more bytes): %v", n, err)
		}
	}
	t.Run("nothing more sent", func(t *testing.T) {
		p := start(t, "--read-timeout", "5m")
		_, c, br := tooLargeConn(t, p, 100)
		closed(t, c, br)
	})
	t.Run("the whole body sent", func(t *testing.T) {
		p := start(t, "--read-timeout", "5m")
		_, c, br := tooLargeConn(t, p, 100_000)
		closed(t, c, br)
	})
	t.Run("a stop", func(t *testing.T) {
		p := start(t, "--read-timeout", "5m", "--shutdown-timeout", "3s")
		tooLargeConn(t, p, 100)
		if err := p.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if err := p.Wait(); err != nil {
			t.Fatal(err)
		}
		if p.ExitCode() != 0 || strings.Contains(p.Logs(), "requests still in flight at the shutdown deadline") {
			t.Errorf("a stop with a connection answered 413 and silent since: exit %d; logs:\n%s", p.ExitCode(), p.Logs())
		}
	})
}

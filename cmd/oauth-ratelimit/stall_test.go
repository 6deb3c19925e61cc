package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	stdlog "log"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
)

// TestStallBody: a Read that waits on the upstream for the timeout fails
// with errUpstreamStalled (the body is closed under it, from the timer's
// goroutine); a body whose bytes keep coming, each within the timeout, is
// read whole however long it takes, and so is one whose reader pauses
// between Reads for longer than the timeout (a slow client: only the wait
// inside a Read counts). Fake time, in a synctest bubble.
func TestStallBody(t *testing.T) {
	const timeout = 300 * time.Millisecond
	for _, tc := range []struct {
		name   string
		gaps   []time.Duration // before each byte the writer sends
		pause  time.Duration   // the reader's, between its Reads
		stalls bool
	}{
		{"whole at once", []time.Duration{0, 0, 0}, 0, false},
		{"slow, each byte within the timeout", []time.Duration{0, 290 * time.Millisecond, 290 * time.Millisecond, 290 * time.Millisecond}, 0, false},
		{"the reader slow, the upstream not", []time.Duration{0, 0, 0}, time.Second, false},
		{"stalled after a byte", []time.Duration{0, 310 * time.Millisecond}, 0, true},
		{"stalled before any", []time.Duration{time.Hour}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				pr, pw := io.Pipe()
				wrote := make(chan struct{})
				go func() {
					defer close(wrote)
					for _, g := range tc.gaps {
						time.Sleep(g)
						if _, err := pw.Write([]byte{'x'}); err != nil {
							return // closed by the stall
						}
					}
					pw.Close()
				}()
				b := newStallBody(pr, timeout)
				var got int
				var err error
				for {
					time.Sleep(tc.pause)
					var p [8]byte
					var n int
					n, err = b.Read(p[:])
					got += n
					if err != nil {
						break
					}
				}
				b.Close()
				<-wrote
				if tc.stalls {
					if !errors.Is(err, errUpstreamStalled) {
						t.Errorf("read %d bytes, then %v; want errUpstreamStalled", got, err)
					}
					return
				}
				if err != io.EOF || got != len(tc.gaps) {
					t.Errorf("read %d bytes, then %v; want all %d and io.EOF", got, err, len(tc.gaps))
				}
			})
		})
	}
}

// TestThrottledLog: the ReverseProxy's log lines reach the log at most once
// a second, each record with the count of the lines left out before it,
// under a constant message with the proxy's line as err (STYLE.md 11).
// Logged one a request, an upstream that cut every answer mid-body logged
// a WARN line per request.
func TestThrottledLog(t *testing.T) {
	var buf logbuf.Buffer
	t0 := time.Date(2026, 11, 27, 16, 0, 0, 0, time.UTC)
	now := t0
	tl := &throttledLog{log: slog.New(slog.NewJSONHandler(&buf, nil)), now: func() time.Time { return now }}
	l := stdlog.New(tl, "", 0)
	for i, at := range []time.Duration{0, 100 * time.Millisecond, 500 * time.Millisecond, 999 * time.Millisecond, time.Second, 1500 * time.Millisecond, 2100 * time.Millisecond} {
		now = t0.Add(at)
		l.Printf("httputil: ReverseProxy read error during body copy: cut %d", i)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var rec struct {
			Level, Msg, Err string
			Suppressed      int `json:"suppressed_before"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, fmt.Sprintf("%s %s: %s %d", rec.Level, rec.Msg, rec.Err, rec.Suppressed))
	}
	want := []string{
		"WARN upstream answer failed: httputil: ReverseProxy read error during body copy: cut 0 0",
		"WARN upstream answer failed: httputil: ReverseProxy read error during body copy: cut 4 3",
		"WARN upstream answer failed: httputil: ReverseProxy read error during body copy: cut 6 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

package main

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	stdlog "log"
	"log/slog"
	"slices"
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
// a WARN line per request. The lines left out after the last record are
// reported a second after it (the timer), or at shutdown (close): before,
// only a later line reported them, and a burst that ended lost its count
// (helper-95). In every case the lines written are the records plus their
// suppressed_before. Fake time, in a synctest bubble.
func TestThrottledLog(t *testing.T) {
	const line = "httputil: ReverseProxy read error during body copy: cut %d"
	tests := []struct {
		name    string
		at      []time.Duration // when each line is written
		closeAt time.Duration   // when close is called (shutdown); 0: never
		staleAt time.Duration   // when the first timer's callback runs again, as one stopped too late does; 0: never
		want    []string        // the records: the time since the first line, the line's number, suppressed_before
	}{
		{
			name: "lines on and off",
			at:   []time.Duration{0, 100 * time.Millisecond, 500 * time.Millisecond, 999 * time.Millisecond, 1001 * time.Millisecond, 1500 * time.Millisecond, 2100 * time.Millisecond},
			want: []string{"0s cut 0 0", "1s cut 3 2", "2s cut 5 1", "3s cut 6 0"},
		},
		{
			name: "a burst that ends",
			at:   []time.Duration{0, 10 * time.Millisecond, 20 * time.Millisecond, 30 * time.Millisecond},
			want: []string{"0s cut 0 0", "1s cut 3 2"},
		},
		{
			name: "a line after the timer's record",
			at:   []time.Duration{0, 200 * time.Millisecond, 1200 * time.Millisecond, 2500 * time.Millisecond},
			want: []string{"0s cut 0 0", "1s cut 1 0", "2s cut 2 0", "3s cut 3 0"},
		},
		{
			name:    "shut down before the timer",
			at:      []time.Duration{0, 100 * time.Millisecond, 200 * time.Millisecond},
			closeAt: 300 * time.Millisecond,
			want:    []string{"0s cut 0 0", "300ms cut 2 1"},
		},
		{
			name:    "shut down with nothing left out",
			at:      []time.Duration{0, 1500 * time.Millisecond},
			closeAt: 1600 * time.Millisecond,
			want:    []string{"0s cut 0 0", "1.5s cut 1 0"},
		},
		{
			// A request in flight at the shutdown deadline fails after
			// close: no timer may fire before the process exits.
			name:    "lines after shutdown",
			at:      []time.Duration{0, 100 * time.Millisecond, 300 * time.Millisecond, 400 * time.Millisecond},
			closeAt: 200 * time.Millisecond,
			want:    []string{"0s cut 0 0", "200ms cut 1 0", "300ms cut 2 0", "400ms cut 3 0"},
		},
		{
			// The first timer, stopped too late (it fired while a
			// record took the lock), runs while the second waits: it
			// writes nothing, and the second writes at its time.
			name:    "a timer stopped too late",
			at:      []time.Duration{0, 100 * time.Millisecond, 1100 * time.Millisecond},
			staleAt: 1200 * time.Millisecond,
			want:    []string{"0s cut 0 0", "1s cut 1 0", "2s cut 2 0"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var buf logbuf.Buffer
				tl := &throttledLog{log: slog.New(slog.NewJSONHandler(&buf, nil)), msg: "upstream answer failed"}
				l := stdlog.New(tl, "", 0)
				type event struct {
					at time.Duration
					do func()
				}
				var events []event
				for i, at := range tt.at {
					events = append(events, event{at, func() { l.Printf(line, i) }})
				}
				if tt.closeAt > 0 {
					events = append(events, event{tt.closeAt, tl.close})
				}
				if tt.staleAt > 0 {
					events = append(events, event{tt.staleAt, func() { tl.fire(1) }})
				}
				slices.SortStableFunc(events, func(a, b event) int { return cmp.Compare(a.at, b.at) })
				t0 := time.Now()
				for _, e := range events {
					time.Sleep(time.Until(t0.Add(e.at)))
					e.do()
				}
				time.Sleep(5 * time.Second) // every timer armed has fired
				synctest.Wait()
				var got []string
				total := 0
				for _, rl := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
					var rec struct {
						Time            time.Time
						Level, Msg, Err string
						Suppressed      int `json:"suppressed_before"`
					}
					if err := json.Unmarshal([]byte(rl), &rec); err != nil {
						t.Fatalf("%q: %v", rl, err)
					}
					if rec.Level != "WARN" || rec.Msg != "upstream answer failed" {
						t.Errorf("record %q, want WARN upstream answer failed", rl)
					}
					var n int
					if _, err := fmt.Sscanf(rec.Err, line, &n); err != nil {
						t.Errorf("err %q, want a line the proxy wrote: %v", rec.Err, err)
					}
					got = append(got, fmt.Sprintf("%s cut %d %d", rec.Time.Sub(t0), n, rec.Suppressed))
					total += 1 + rec.Suppressed
				}
				if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
					t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
				}
				if total != len(tt.at) {
					t.Errorf("records and suppressed_before add up to %d lines, want the %d written", total, len(tt.at))
				}
			})
		})
	}
}

package main

import (
	"errors"
	"io"
	"testing"
	"testing/synctest"
	"time"
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

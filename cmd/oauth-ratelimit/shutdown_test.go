package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/logbuf"
)

// fakeServer is a server whose Shutdown waits for its requests in flight:
// those that end by themselves after busy, or, with busy 0, those that end
// only when cut (cut is called). It records what each Shutdown returned.
type fakeServer struct {
	busy   time.Duration // how long its requests in flight take to end; 0: until cut
	cut    chan struct{} // closed by the cut; nil: never cut
	errs   []error       // of each Shutdown
	closed bool          // Close was called
}

// Close records the call (closeAdmin's cut).
func (f *fakeServer) Close() error {
	f.closed = true
	return nil
}

func (f *fakeServer) Shutdown(ctx context.Context) error {
	var ended <-chan time.Time
	if f.busy > 0 {
		ended = time.After(f.busy)
	}
	var err error
	select {
	case <-ended:
	case <-f.cut:
	case <-ctx.Done():
		err = ctx.Err()
	}
	f.errs = append(f.errs, err)
	return err
}

// TestStopServersAdminDeadline: the admin listener drains with a deadline
// of its own, after the token endpoint's, bounded by adminShutdownTimeout.
// When the token endpoint's drain runs out (a request held past
// --shutdown-timeout, then cut), a /metrics scrape in flight on the admin
// listener, 50 ms from its end, still ends: given the deadline the token
// endpoint's drain had spent, as it was before, the admin drain returned at
// once and the scrape was cut at exit. An admin call that does not end is
// waited for adminShutdownTimeout, no longer, logged, and cut (its
// context cancelled: a reset holds the final flush until it ends). Fake
// time, in a synctest bubble.
func TestStopServersAdminDeadline(t *testing.T) {
	const timeout = 300 * time.Millisecond // --shutdown-timeout
	for _, tc := range []struct {
		name      string
		main      time.Duration // its requests end after; 0: only when cut
		admin     time.Duration // the admin request's end; 0: never
		took      time.Duration // the whole stop
		adminDone bool
	}{
		{"the drain runs out, a scrape in flight", 0, 50 * time.Millisecond, timeout + 50*time.Millisecond, true},
		{"the drain ends in time, a scrape in flight", 100 * time.Millisecond, 50 * time.Millisecond, 150 * time.Millisecond, true},
		{"the drain runs out, an admin call that does not end", 0, 0, timeout + adminShutdownTimeout, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				endpoint := &fakeServer{busy: tc.main, cut: make(chan struct{})}
				adm := &fakeServer{busy: tc.admin}
				var buf logbuf.Buffer
				log := slog.New(slog.NewJSONHandler(&buf, nil))
				start := time.Now()
				adminCut := false
				stopServers(t.Context(), endpoint, adm, timeout, func() { close(endpoint.cut) }, func() { adminCut = true }, log)
				if adminCut == tc.adminDone {
					// A reset still in flight holds the syncer's lock,
					// and the final flush waits for it (syncer's
					// TestResetInFlightHoldsTheFinalFlush).
					t.Errorf("admin calls cut: %v, want %v (only those still in flight at the admin deadline)", adminCut, !tc.adminDone)
				}
				if took := time.Since(start); took != tc.took {
					t.Errorf("the stop took %v, want %v", took, tc.took)
				}
				if len(adm.errs) != 1 || (adm.errs[0] == nil) != tc.adminDone {
					t.Errorf("the admin listener's drain returned %v; want its request ended: %v", adm.errs, tc.adminDone)
				}
				if got := strings.Contains(buf.String(), `"msg":"admin shutdown incomplete"`); got == tc.adminDone {
					t.Errorf("admin shutdown incomplete logged: %v, want %v:\n%s", got, !tc.adminDone, buf.String())
				}
				cut := tc.main == 0
				if got := strings.Contains(buf.String(), `"msg":"requests still in flight at the shutdown deadline: cut"`); got != cut {
					t.Errorf("the cut logged: %v, want %v:\n%s", got, cut, buf.String())
				}
				if n := len(endpoint.errs); cut && (n != 2 || endpoint.errs[0] == nil || endpoint.errs[1] != nil) || !cut && (n != 1 || endpoint.errs[0] != nil) {
					t.Errorf("the token endpoint's drains returned %v; want a deadline's error then nil if cut, else nil", endpoint.errs)
				}
			})
		})
	}
}

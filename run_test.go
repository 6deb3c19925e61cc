package oauthratelimit

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// TestRunOnce: a second Run while one runs returns ErrRunning at once and
// leaves the first running; after the first returned, Run runs again.
// Before, both ran, each with its own heartbeat and pull loops and final
// flush, and both returned nil (an outside audit, h59).
func TestRunOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		lim, err := New(Config{})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		first := make(chan error, 1)
		go func() { first <- lim.Run(ctx) }()
		synctest.Wait()
		done, stop := context.WithCancel(t.Context())
		stop() // without the check, the second Run returns after its final flush
		if err := lim.Run(done); !errors.Is(err, ErrRunning) {
			t.Fatalf("a second Run: %v, want ErrRunning", err)
		}
		select {
		case err := <-first:
			t.Fatalf("the first Run returned %v", err)
		default:
		}
		cancel()
		if err := <-first; err != nil {
			t.Fatalf("the first Run: %v", err)
		}
		ctx, cancel = context.WithCancel(t.Context())
		again := make(chan error, 1)
		go func() { again <- lim.Run(ctx) }()
		synctest.Wait()
		cancel()
		if err := <-again; err != nil {
			t.Fatalf("Run after Run returned: %v", err)
		}
	})
}

// TestCloseUnregisters: Close takes back every metric New registered, so
// that a second Limiter registers on the same registry (a test suite, a
// reload that rebuilds the limiter, a start retried); before, the second
// New failed with "duplicate metrics collector registration attempted",
// and the registry kept the first Limiter, its keys and all, reachable
// through its gauge functions. The closed Limiter still limits the
// requests it is given; a second Close does nothing.
func TestCloseUnregisters(t *testing.T) {
	for _, tc := range []struct {
		name string
		wrap func(prometheus.Registerer) prometheus.Registerer
	}{
		{"registry", func(r prometheus.Registerer) prometheus.Registerer { return r }},
		{"wrapped with a label", func(r prometheus.Registerer) prometheus.Registerer {
			return prometheus.WrapRegistererWith(prometheus.Labels{"limiter": "a"}, r)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := prometheus.NewRegistry()
			cfg := Config{Policy: mustPolicy(t, perClient(policy.ModeEnforce, 1)), Registerer: tc.wrap(reg), AttributeIssued: true}
			first, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			ep := &endpoint{t: t}
			h := first.Middleware(ep)
			post := func() int {
				r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=app"))
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				return w.Code
			}
			post()
			if n, err := testutil.GatherAndCount(reg); n == 0 || err != nil {
				t.Fatalf("%d series registered (%v)", n, err)
			}
			if _, err := New(cfg); !errors.As(err, new(prometheus.AlreadyRegisteredError)) {
				t.Fatalf("a second New before Close: %v, want an AlreadyRegisteredError", err)
			}
			for range 2 {
				if err := first.Close(); err != nil {
					t.Fatalf("Close: %v", err)
				}
			}
			if n, err := testutil.GatherAndCount(reg); n != 0 || err != nil {
				t.Errorf("%d series left registered after Close (%v)", n, err)
			}
			if code := post(); code != 429 {
				t.Errorf("the closed limiter's second token: %d, want 429 (its limit is 1)", code)
			}
			second, err := New(cfg)
			if err != nil {
				t.Fatalf("New after Close: %v", err)
			}
			second.Middleware(ep)
			if problems, err := testutil.GatherAndLint(reg); len(problems) > 0 || err != nil {
				t.Errorf("the second limiter's metrics: %v, %v", problems, err)
			}
			if n, _ := testutil.GatherAndCount(reg); n == 0 {
				t.Error("the second limiter registered nothing")
			}
		})
	}
}

// TestCloseWhileRunning: Close refuses a Limiter whose Run runs, leaving
// its metrics registered and Run running; once Run returned, Close works
// and a later Run returns ErrClosed. Close without a Registerer works too.
func TestCloseWhileRunning(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		reg := prometheus.NewRegistry()
		lim, err := New(Config{Registerer: reg})
		if err != nil {
			t.Fatal(err)
		}
		n, _ := testutil.GatherAndCount(reg)
		ctx, cancel := context.WithCancel(t.Context())
		ran := make(chan error, 1)
		go func() { ran <- lim.Run(ctx) }()
		synctest.Wait()
		if err := lim.Close(); !errors.Is(err, ErrCloseRunning) {
			t.Fatalf("Close while Run runs: %v, want ErrCloseRunning", err)
		}
		if m, _ := testutil.GatherAndCount(reg); m != n {
			t.Errorf("the refused Close left %d series of %d", m, n)
		}
		select {
		case err := <-ran:
			t.Fatalf("Run returned %v after the refused Close", err)
		default:
		}
		cancel()
		if err := <-ran; err != nil {
			t.Fatalf("Run: %v", err)
		}
		if err := lim.Close(); err != nil {
			t.Fatalf("Close after Run returned: %v", err)
		}
		if err := lim.Run(t.Context()); !errors.Is(err, ErrClosed) {
			t.Errorf("Run after Close: %v, want ErrClosed", err)
		}
		bare, err := New(Config{})
		if err != nil {
			t.Fatal(err)
		}
		if err := bare.Close(); err != nil {
			t.Errorf("Close without a Registerer: %v", err)
		}
		if err := bare.Run(t.Context()); !errors.Is(err, ErrClosed) {
			t.Errorf("Run after Close: %v, want ErrClosed", err)
		}
	})
}

// TestCloseRacesRun: a Close and a Run called at once take one order:
// either Close unregisters and Run returns ErrClosed, or Close returns
// ErrCloseRunning and Run runs (go test -race).
func TestCloseRacesRun(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for i := range 50 {
			reg := prometheus.NewRegistry()
			lim, err := New(Config{Registerer: reg})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(t.Context())
			ran, closed := make(chan error, 1), make(chan error, 1)
			run := func() { ran <- lim.Run(ctx) }
			closeIt := func() { closed <- lim.Close() }
			if i%2 == 0 {
				go run()
				go closeIt()
			} else {
				go closeIt()
				go run()
			}
			closeErr := <-closed
			cancel()
			runErr := <-ran
			n, _ := testutil.GatherAndCount(reg)
			switch {
			case closeErr == nil && errors.Is(runErr, ErrClosed) && n == 0:
			case errors.Is(closeErr, ErrCloseRunning) && runErr == nil && n > 0:
			default:
				t.Fatalf("Close: %v, Run: %v, %d series registered", closeErr, runErr, n)
			}
		}
	})
}

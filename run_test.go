package oauthratelimit

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
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

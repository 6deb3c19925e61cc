package policy

import (
	"sync"
	"testing"
)

func TestLiveZeroValue(t *testing.T) {
	var l Live
	if p := l.Load(); p == nil || p.Defaults().Mode != ModeEnforce {
		t.Fatalf("zero Live.Load() = %v", p)
	}
	l.Store(nil)
	if l.Load() == nil {
		t.Fatal("Load after Store(nil) = nil")
	}
	if NewLive(nil).Load() == nil {
		t.Fatal("NewLive(nil).Load() = nil")
	}
}

// TestLiveSwap stores policies while readers decide: every reader sees one
// whole policy, never nil and never a mix, and ends up with the last one.
func TestLiveSwap(t *testing.T) {
	enforce := Default()
	dry := enforce.WithMode(ModeDryRun)
	l := NewLive(enforce)
	const readers, swaps = 4, 2000
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range readers {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				p := l.Load()
				if p != enforce && p != dry {
					t.Error("Load returned a policy that was never stored")
					return
				}
				// The rules of one snapshot agree with each other.
				if p.For("any").Mode != p.Defaults().Mode {
					t.Error("torn policy")
					return
				}
			}
		})
	}
	for i := range swaps {
		if i%2 == 0 {
			l.Store(dry)
		} else {
			l.Store(enforce)
		}
	}
	l.Store(dry)
	close(stop)
	wg.Wait()
	if l.Load() != dry {
		t.Error("last Store was lost")
	}
}

package syncer_test

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A lost Add write's resend is not executed, and meanwhile a later write
// under this instance's name landed (a process before this one that kept
// the name: see Syncer's writer): the first copy can never land (the Seq
// guard), so the flush rebases the delta under a Seq above that entry in
// the same flush, not resend the same write, refused up to MaxRetries
// and kept unsettled (addCanLand's third condition, which no other test
// caught: without it, store calls [load write load write ... load]).
func TestLostAddOvertakenByALaterSeqIsRebased(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, _ := contendedA(t, inner)
	var first syncer.Write
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way, for good
			first = ws[0]
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // the resend: not executed; a later write of A's name lands
			w := first
			w.Seq = first.Seq + 1000
			w.Frames = []cache.Frame{{Size: time.Hour, StartUnix: t0.Unix() - t0.Unix()%3600, N: 1}}
			if outs := apply([]syncer.Write{w}); outs[0] != syncer.Written {
				t.Fatalf("the later write: %v, want Written", outs[0])
			}
			return notExecuted(ws), nil
		}
		return apply(ws), nil
	}
	_, n1 := stored(t, inner, keyK, hourTier.Size)
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	wantOps(t, store, "load", "write", "load", "write", "load")
	if _, n := stored(t, inner, keyK, hourTier.Size); n != n1+3 {
		t.Errorf("store holds %d, want %d (A's 2 rebased, the later write's 1)", n, n1+3)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

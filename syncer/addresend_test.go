package syncer_test

import (
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// An Add write is lost on its way and lands late; its resend is not
// executed (FerretDB stopped the bulk before it: Conflict, as the fault
// store of the simulation answers too). The document still lets the first
// copy land (it exists, of the write's reset epoch, without a later write
// of A's), so the flush must send the same write again, under the same
// Seq, as it does a compare-and-swap's
// (TestLostWriteLandsLateAfterAResendWasNotExecuted): rebased under a new
// Seq, the first copy landed just before it and the delta was counted
// twice (the simulation, seed 17237194454558009456 with
// SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1:
// "key abc, 10s frame at t0+260s: store holds 8, want 7").
func TestLostAddLandsLateAfterAResendWasNotExecuted(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, _ := contendedA(t, inner)
	all := map[string]*cache.Cache{"A": a}
	var late []syncer.Write
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way; lands later
			late = append(late, ws...)
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // the resend: not executed
			return notExecuted(ws), nil
		case 3: // the first copy lands just before the next write
			apply(late)
		}
		return apply(ws), nil
	}
	v1, n1 := stored(t, inner, keyK, hourTier.Size) // B's 2 and A's 1 (contendedA)
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	if len(late) != 1 || !late[0].Add {
		t.Fatalf("first write %+v, want one Add write", late)
	}
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write", "load", "write", "load")
	if len(calls) == 5 && calls[3].ws[0].Seq != late[0].Seq {
		t.Errorf("second resend has seq %d, want the first copy's %d", calls[3].ws[0].Seq, late[0].Seq)
	}
	want(t, inner, keyK, v1+1, n1+2, all, map[string]int64{"A": n1 + 2}) // A's 2 once
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

package syncer_test

import (
	"context"
	"testing"
	"time"

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

// A lost Add write's resend is refused because a reset landed just before
// it (another reset epoch): no copy of it can land any more, so the flush
// rebases it in the same round, where the reset drops the delta (counted
// before it), rather than sending it again, identical, up to MaxRetries
// times and keeping it unsettled for the next flush (addCanLand).
func TestLostAddRefusedByAResetIsNotResent(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, sb := contendedA(t, inner)
	all := map[string]*cache.Cache{"A": a}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way, never lands
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // the resend, after a reset
			if _, err := sb.Reset(context.Background(), keyK); err != nil {
				t.Error(err)
			}
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write", "load")
	if len(calls) > 1 && (len(calls[1].outs) != 1 || calls[1].outs[0] != syncer.Conflict) {
		t.Errorf("the resend: %v, want conflict (reset)", calls[1].outs)
	}
	v, _ := stored(t, inner, keyK, hourTier.Size)
	want(t, inner, keyK, v, 0, all, map[string]int64{"A": 0}) // the reset's document, without A's 2
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// The same with the document gone (expired and swept) before the resend:
// the flush creates it again with the delta in the same round (a
// compare-and-swap on no document, under the Add write's Seq: see
// TestLostAddLandsOnADocumentCreatedAgain), rather than resending the Add
// write, which no document takes, and keeping it unsettled.
func TestLostAddRefusedOnADocumentGoneIsNotResent(t *testing.T) {
	inner := syncer.NewMemoryStore()
	a, sa, store, _, _ := contendedA(t, inner)
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost on the way, never lands
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // the resend, after the document expired and was swept
			if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
				t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
			}
		}
		return apply(ws), nil
	}
	hit(t, a, keyK, 2, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	calls := wantOps(t, store, "load", "write", "load", "write", "load") // the creation read back
	if len(calls) == 5 && (calls[3].ws[0].Add || calls[3].ws[0].Version != 0) {
		t.Errorf("after the document went: %+v, want a compare-and-swap on no document", calls[3].ws[0])
	}
	if _, n := stored(t, inner, keyK, hourTier.Size); n != 2 {
		t.Errorf("store holds %d, want A's 2 (the document created again)", n)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

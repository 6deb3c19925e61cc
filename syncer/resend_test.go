package syncer_test

import (
	"context"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A resent write (its first copy's answer was lost) meets a refusal. If
// the document moved on, no copy can land: it is rebased and retried in
// the same flush. If the store did not execute it (the document still at
// its version), the first copy may still land: it is sent again as it is,
// up to MaxRetries, then kept unsettled, never aborted.

// notExecuted answers Conflict to every write of ws, applying none: the
// store did not execute them (an ordered bulk stopped before them).
func notExecuted(ws []syncer.Write) []syncer.Outcome { return refuseAll(ws) }

// The resent write is refused because another instance created the
// document meanwhile: the first copy, a compare-and-swap on no document,
// can never land, so the flush rebases the delta on the document and adds
// it, in the same flush.
func TestResentWriteRefusedByAnotherIsRebased(t *testing.T) {
	inner := syncer.NewMemoryStore()
	b, sb := instance(t, inner, "B")
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch n {
		case 1: // lost, and never lands
			return make([]syncer.Outcome, len(ws)), errInjected
		case 2: // B creates the document just before the resend
			hit(t, b, keyK, 1, t0)
			if err := sb.FlushOnce(context.Background()); err != nil {
				t.Error(err)
			}
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 3, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	// Resolve, the resend (refused), read back, the Add write, read back.
	calls := wantOps(t, store, "load", "write", "load", "write", "load")
	if len(calls) == 5 && (calls[1].outs[0] != syncer.Conflict || !calls[3].ws[0].Add) {
		t.Errorf("resend %v, then %+v; want the resend refused, then an Add write", calls[1].outs, calls[3].ws[0])
	}
	if _, n := stored(t, inner, keyK, hourTier.Size); n != 1+3 {
		t.Errorf("store holds %d, want B's 1 and A's 3", n)
	}
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d, want 0", sa.Unsettled())
	}
}

// The resend is not executed in any round of the flush: it is sent again,
// identical, MaxRetries times (not more: the flush must end), then kept
// unsettled, since its first copy may still land; the first copy lands,
// and the next flush confirms it by its Seq. Aborted instead, its delta
// was written afresh on top of the first copy: counted twice.
func TestResendNeverExecutedStaysUnsettled(t *testing.T) {
	inner := syncer.NewMemoryStore()
	var late []syncer.Write
	store := &scriptStore{Store: inner}
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		switch {
		case n == 1: // lost on the way; lands later
			late = append(late, ws...)
			return make([]syncer.Outcome, len(ws)), errInjected
		case n <= 12: // more than a flush's rounds
			return notExecuted(ws), nil
		}
		return apply(ws), nil
	}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 3, t0)
	_ = sa.FlushOnce(t.Context())
	store.ops()
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	ops, calls := store.ops()
	writes := 0
	for _, c := range calls {
		if c.op == "write" {
			writes++
			if c.ws[0].Seq != late[0].Seq {
				t.Errorf("resend with seq %d, want the first copy's %d", c.ws[0].Seq, late[0].Seq)
			}
		}
	}
	if writes != 4 {
		t.Errorf("store calls %v: %d writes, want 4 (the resend and MaxRetries more)", ops, writes)
	}
	if sa.Unsettled() != 1 {
		t.Fatalf("Unsettled() = %d after the flush, want 1", sa.Unsettled())
	}
	if _, err := inner.Write(t.Context(), late); err != nil { // the first copy lands
		t.Fatal(err)
	}
	store.nWrite = 100 // the store executes writes again
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	want(t, inner, keyK, v0, 3, map[string]*cache.Cache{"A": a}, map[string]int64{"A": 3})
	if sa.Unsettled() != 0 {
		t.Errorf("Unsettled() = %d at the end, want 0", sa.Unsettled())
	}
}

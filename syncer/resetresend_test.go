package syncer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A reset's write is lost on its way and lands late; its resend is not
// executed (Conflict: FerretDB's bulk stopped, as the simulation's fault
// store answers). The first copy may still land, so the reset must not
// build a new reset write as if none could: the copy lands, another
// instance adds 1 on the reset's document, and a second reset, built on
// it, cleared that 1 (a count dropped), as the flush's Add write counted
// its delta twice (TestLostAddLandsLateAfterAResendWasNotExecuted).
func TestResetLostLandsLateAfterAResendWasNotExecuted(t *testing.T) {
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner}
	a, sa := instance(t, store, "A")
	hit(t, a, keyK, 5, t0)
	if err := sa.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	var late []syncer.Write
	resets := 0
	store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if ws[0].Instance != sa.Writer() {
			return apply(ws), nil
		}
		resets++
		switch resets {
		case 1: // lost on the way; lands later
			late = append(late, ws...)
			return []syncer.Outcome{syncer.Unknown}, fmt.Errorf("%w: answer lost", errInjected)
		case 2: // the resend: not executed; then the first copy lands,
			// and B adds 1 on the reset's document
			if outs := apply(late); outs[0] != syncer.Written {
				t.Fatalf("the late copy: %v, want Written", outs[0])
			}
			docs, err := inner.Load(t.Context(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			f := cache.Frame{Size: time.Hour, StartUnix: t0.Unix() - t0.Unix()%3600, N: 1}
			w := syncer.Write{Key: keyK, Version: docs[0].Snapshot.Version, NewVersion: docs[0].Snapshot.Version + 1, Epoch: docs[0].Snapshot.Epoch,
				Frames: []cache.Frame{f}, Expire: t0.Add(3 * time.Hour), Instance: "B", Seq: 1, Add: true}
			if outs, err := inner.Write(t.Context(), []syncer.Write{w}); err != nil || outs[0] != syncer.Written {
				t.Fatalf("B's add: %v %v", outs, err)
			}
			return notExecuted(ws), nil
		}
		return apply(ws), nil
	}
	res, err := sa.Reset(t.Context(), keyK)
	store.script = nil
	if err != nil {
		t.Fatalf("reset: %v", err)
	}
	if res.Cleared != 5 {
		t.Errorf("reset cleared %d, want the store's 5", res.Cleared)
	}
	if _, n := stored(t, inner, keyK, time.Hour); n != 1 {
		t.Errorf("store after the reset: %d, want B's 1 added after it (a second reset cleared it)", n)
	}
	if resets != 2 {
		t.Errorf("%d reset writes, want 2 (the lost one, its resend)", resets)
	}
}

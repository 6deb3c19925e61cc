package syncer_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A reset's write is lost (A's Reset of W's 3), an operator deletes the
// document, and C creates it again with its 2 counts, in the reset epoch
// the lost write applies to (0: never reset): the write, or a copy of it,
// lands on C's document and clears C's 2 as it clears any count that
// landed before it. What a user sees: the reset done (no error), of the 3
// the document counted when the reset read it (Cleared), the store
// holding no count of before it, in its epoch, and every instance seeing
// none once it reads the key (C's 2 and W's 3 do not come back); a count
// after it is counted once. Whichever copy lands, one does: the one on its
// way (before the reset's read, or between its read and its resend, which
// is then answered Written without clearing again) or the resend. W held
// the deleted document at a version above the reset's (C's creation plus
// one): its pull refused the reset's document as older, and W went on
// counting the 3 the reset was for (cache.Apply installs it now: a
// version below the key's, nothing installed since the pull chose it).
func TestResetLostLandsOnADocumentCreatedAgain(t *testing.T) {
	for _, tc := range []struct {
		name string
		// landsAt is the reset's Write call before which the first copy
		// lands: 2, before the resend (after the read, which found it
		// not landed), or 0, never (the resend lands); -1: before the
		// reset's read.
		landsAt int
		writes  int // the reset's Write calls
	}{
		{"the copy on its way lands before the read", -1, 1},
		{"the copy on its way lands before the resend", 2, 2},
		{"the resend lands", 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			store := &scriptStore{Store: inner}
			w, sw := instance(t, inner, "W")
			c, sc := instance(t, inner, "C")
			a, sa := instance(t, store, "A")
			read := func(x *cache.Cache, sx *syncer.Syncer) {
				t.Helper()
				x.Release(new(x.Reserve(keyK, tiers, 0, cache.Enforce, t0).Reservation))
				if err := sx.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			for range 3 { // v0, v0+1, v0+2: above what the reset's write gives C's document
				hit(t, w, keyK, 1, t0)
				if err := sw.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			read(a, sa)
			var late []syncer.Write
			resets := 0
			store.script = func(n int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				resets++
				switch resets {
				case 1: // lost on its way; the document is deleted, C creates it again
					if !ws[0].Reset || ws[0].FromEpoch != 0 {
						t.Fatalf("wrote %+v, want a Reset write from epoch 0", ws[0])
					}
					late = append(late, ws...)
					if n, err := inner.Sweep(context.Background(), t0.Add(1000*time.Hour)); err != nil || n != 1 {
						t.Errorf("Sweep = %d, %v; want the key's document deleted", n, err)
					}
					hit(t, c, keyK, 2, t0)
					if err := sc.FlushOnce(context.Background()); err != nil {
						t.Error(err)
					}
					if tc.landsAt == -1 {
						if outs := apply(late); outs[0] != syncer.Written {
							t.Errorf("the first copy: %v, want it landed on C's document", outs[0])
						}
					}
					return []syncer.Outcome{syncer.Unknown}, fmt.Errorf("%w: answer lost", errInjected)
				case 2:
					if ws[0].Seq != late[0].Seq {
						t.Errorf("sent %+v again, want the first copy's seq %d", ws[0], late[0].Seq)
					}
					if tc.landsAt == 2 {
						if outs := apply(late); outs[0] != syncer.Written {
							t.Errorf("the first copy: %v, want it landed on C's document", outs[0])
						}
					}
				}
				return apply(ws), nil
			}
			res, err := sa.Reset(t.Context(), keyK)
			store.script = nil
			if err != nil {
				t.Fatalf("reset: %v, want it done", err)
			}
			if resets != tc.writes {
				t.Errorf("%d reset writes, want %d", resets, tc.writes)
			}
			if res.Cleared != 3 {
				t.Errorf("reset cleared %d, want the 3 the document held when the reset read it", res.Cleared)
			}
			docs, err := inner.Load(t.Context(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			if d := docs[0].Snapshot; d.Version == 0 || d.Epoch != res.Epoch || res.Epoch == 0 || cache.Requests(d.Frames) != 0 {
				t.Errorf("store after the reset: %+v, want no counts in the reset's epoch %d", d, res.Epoch)
			}
			read(w, sw)
			read(c, sc)
			for name, x := range map[string]*cache.Cache{"A": a, "C": c, "W": w} {
				if e := estimate(x, keyK, hourTier, t0); e != 0 {
					t.Errorf("after the reset and a pull, %s estimates %d, want 0", name, e)
				}
			}
			hit(t, c, keyK, 1, t0)
			if err := sc.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			read(a, sa)
			read(w, sw)
			if _, n := stored(t, inner, keyK, time.Hour); n != 1 {
				t.Errorf("store holds %d after C's 1 after the reset, want 1", n)
			}
			for name, x := range map[string]*cache.Cache{"A": a, "C": c, "W": w} {
				if e := estimate(x, keyK, hourTier, t0); e != 1 {
					t.Errorf("after C's 1 after the reset, %s estimates %d, want 1", name, e)
				}
			}
		})
	}
}

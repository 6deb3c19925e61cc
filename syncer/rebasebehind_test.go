package syncer_test

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A write whose answer was lost is resent, refused (another writer landed
// meanwhile), and rebased by a later flush whose clock has left one of its
// frames behind the window: the rebased write leaves that frame out
// (cache.Merge), and its Confirm must not take that frame's count from the
// cache, which holds it (a counter that rolled two frames at once, as for a
// clock that jumped ahead) for a clock set back. Subtracted, it was lost: written nowhere, though the clock, set
// back, had that frame as its previous one (the simulation's clock jumps).
// The lost write is a compare-and-swap on the document a read: a lost
// creation is not rebased but sent again as the Add write of its frames
// (Syncer's resendable), which writes that frame.
func TestRebasedWriteKeepsTheFrameItLeftOut(t *testing.T) {
	ctx := t.Context()
	tiers := []window.Tier{{Limit: 100, Size: 10 * time.Second}}
	aNow := t0.Add(25 * time.Second)
	aClock := func() time.Time { return aNow }
	c, err := cache.New(cache.Config{Shards: 1, Now: aClock, NoShare: true})
	if err != nil {
		t.Fatal(err)
	}
	mem := syncer.NewMemoryStore()
	lose := false
	var other func() // lands another instance's write before the next write applies
	store := &scriptStore{Store: mem, script: func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
		if other != nil {
			other()
			other = nil
		}
		if !lose {
			return apply(ws), nil
		}
		lose = false
		return make([]syncer.Outcome, len(ws)), context.DeadlineExceeded // not landed, answer lost
	}}
	s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "a", Now: aClock})
	k := cache.Key{ClientID: "c"}
	hit := func(c *cache.Cache, now time.Time) {
		d := c.Reserve(k, tiers, 1, cache.Enforce, now)
		if !d.Allowed {
			t.Fatal("refused")
		}
		c.Commit(&d.Reservation)
	}
	mustWrite(t, mem, syncer.Write{Key: k, NewVersion: 1, Expire: t0.Add(time.Hour), Instance: "seed", Seq: 1})
	hit(c, aNow)                            // frame t0+20
	if err := s.PullOnce(ctx); err != nil { // a reads the document: its write is a compare-and-swap on it
		t.Fatal(err)
	}
	aNow = t0.Add(38 * time.Second)
	lose = true
	if err := s.FlushOnce(ctx); err == nil { // frame t0+20 is the previous one: in the write, whose answer is lost
		t.Fatal("the flush whose answer was lost returned no error")
	}
	// b writes the key between a's read back of the lost write (which
	// finds the document as the write expects it: resent) and the resend,
	// which is refused and rebased.
	b, err := cache.New(cache.Config{Shards: 1, Now: aClock, NoShare: true})
	if err != nil {
		t.Fatal(err)
	}
	sb := newSyncer(t, syncer.Config{Cache: b, Store: mem, Instance: "b", Now: aClock})
	aNow = t0.Add(51 * time.Second) // two frames on: t0+20 is behind the window, held
	hit(b, aNow)
	other = func() {
		if err := sb.FlushOnce(ctx); err != nil {
			t.Error(err)
		}
	}
	if err := s.FlushOnce(ctx); err != nil {
		t.Fatal(err)
	}
	back := t0.Add(29 * time.Second) // the clock set back: t0+20 is the previous frame
	var n int64
	for _, p := range c.AppendLocal(nil, back) {
		for _, f := range p.Delta {
			if f.Size == 10*time.Second && f.StartUnix == t0.Unix()+20 {
				n += f.N
			}
		}
	}
	if n != 1 {
		t.Errorf("set back, %d to write in frame t0+20, want the 1 the rebased write left out", n)
	}
}

package syncer_test

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestHeldCountsBackBesideAnotherInstance: the counts a held for a clock
// that jumped ahead (cache's holdBehind) are written once it is back, into
// a frame the document already counts for b. a read b's 3 in the real
// minute, counted 6 there, jumped two minutes ahead, decided a request and
// flushed there (a compare-and-swap that sets the frame ahead only; the
// snapshot it installs holds no frame of the real minute, which is behind
// a's window there), and is set right. Its write back names the real
// minute with a base of 0 there (the counter was cleared at the jump) on
// the version a itself wrote, where the document holds b's 3.
//
// A compare-and-swap on the version alone landed, set the minute to a's 6
// and lost b's 3: b then admitted 4 more, 13 in a minute of 10
// (olderBuild, which is how a build before Write.Strict writes). Strict, it
// is refused once and added (rebased on the document read back), not
// refused at every flush: the minute holds 9, a's local counts are settled
// by that one flush, and b admits the 1 left. With b's write landing while
// a is ahead (BWritesWhileAhead), the version alone refuses it too.
func TestHeldCountsBackBesideAnotherInstance(t *testing.T) {
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	for _, tt := range []struct {
		name       string
		bWhileAhad bool
	}{
		{"BWritesFirst", false},
		{"BWritesWhileAhead", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			store := syncer.NewMemoryStore()
			p := newAheadPair(t, store)
			a, sa, b, sb := p.a, p.sa, p.b, p.sb
			k := cache.Key{ClientID: "c"}
			must := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			admit := func(c *cache.Cache, now time.Time, n int) int { return admitN(c, k, tiers, now, n) }
			minute := p.real.Truncate(time.Minute).Unix()
			inMinute := func() int64 {
				t.Helper()
				docs, err := store.Load(ctx, []cache.Key{k})
				must(err)
				for _, f := range docs[0].Snapshot.Frames {
					if f.Size == time.Minute && f.StartUnix == minute {
						return f.N
					}
				}
				return 0
			}

			bWrites := func() {
				t.Helper()
				if n := admit(b, p.real, 3); n != 3 {
					t.Fatalf("b admitted %d of its 3", n)
				}
				must(sb.FlushOnce(ctx))
			}
			if !tt.bWhileAhad {
				bWrites()
				a.Release(new(a.Reserve(k, tiers, 1, cache.Enforce, p.aNow).Reservation)) // a holds the key
				must(sa.LoadNewOnce(ctx))
			}
			if n := admit(a, p.aNow, 6); n != 6 {
				t.Fatalf("a admitted %d of its 6", n)
			}
			p.aNow = p.real.Add(2 * time.Minute)
			if n := admit(a, p.aNow, 1); n != 1 {
				t.Fatal("a refused its request ahead")
			}
			must(sa.FlushOnce(ctx))
			if tt.bWhileAhad {
				bWrites()
			}
			p.real = p.real.Add(2 * time.Second)
			p.aNow = p.real // set right
			must(sa.FlushOnce(ctx))

			if got := inMinute(); got != 9 {
				t.Errorf("the store holds %d in the real minute, want 9 (b's 3 and a's 6)", got)
			}
			if ps := a.AppendLocal(nil, p.aNow); len(ps) != 0 {
				t.Errorf("a, after its flush back, still has %v to write: refused at each flush?", ps[0].Delta)
			}
			must(sb.PullOnce(ctx))
			if n := admit(b, p.real, 20); n != 1 {
				t.Errorf("b admitted %d more in the real minute, want the 1 left (a's 6, its 3)", n)
			}
		})
	}
}

// TestHeldCountsAnswerLostAcrossAJump: a's 6, held at a jump ahead, are
// written once it is back, and that write's answer is lost (it landed, or
// not); the clock jumps ahead again before the next flush (held again:
// they are local until confirmed), which settles the write from the clock
// ahead, and comes back for another flush. The 6 are in the real minute
// once: confirmed ahead, they are not written again back; not landed, the
// same write is sent again ahead (it can still land), and lands once.
func TestHeldCountsAnswerLostAcrossAJump(t *testing.T) {
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	for _, landed := range []bool{true, false} {
		t.Run(map[bool]string{true: "Landed", false: "NotLanded"}[landed], func(t *testing.T) {
			ctx := t.Context()
			real := t0.Add(10 * time.Second)
			aNow := real
			aClock := func() time.Time { return aNow }
			c, err := cache.New(cache.Config{Shards: 4, Now: aClock, NoShare: true})
			if err != nil {
				t.Fatal(err)
			}
			mem := syncer.NewMemoryStore()
			lose := false
			store := &scriptStore{Store: mem, script: func(_ int, ws []syncer.Write, apply func([]syncer.Write) []syncer.Outcome) ([]syncer.Outcome, error) {
				if !lose {
					return apply(ws), nil
				}
				lose = false
				if landed {
					apply(ws)
				}
				return make([]syncer.Outcome, len(ws)), context.DeadlineExceeded // Unknown
			}}
			s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: "a", Now: aClock})
			k := cache.Key{ClientID: "c"}
			for range 6 {
				d := c.Reserve(k, tiers, 1, cache.Enforce, aNow)
				if !d.Allowed {
					t.Fatal("a refused one of its 6")
				}
				c.Commit(&d.Reservation)
			}
			aNow = real.Add(2 * time.Minute)
			if err := s.FlushOnce(ctx); err != nil { // holds the 6, writes nothing
				t.Fatal(err)
			}
			real = real.Add(time.Second)
			aNow = real
			lose = true
			if err := s.FlushOnce(ctx); err == nil {
				t.Fatal("the flush back whose answer was lost returned no error")
			}
			aNow = real.Add(3 * time.Minute)
			if err := s.FlushOnce(ctx); err != nil {
				t.Fatal(err)
			}
			real = real.Add(time.Second)
			aNow = real
			if err := s.FlushOnce(ctx); err != nil {
				t.Fatal(err)
			}
			docs, err := mem.Load(ctx, []cache.Key{k})
			if err != nil {
				t.Fatal(err)
			}
			minute := real.Truncate(time.Minute).Unix()
			var n int64
			for _, f := range docs[0].Snapshot.Frames {
				if f.Size == time.Minute && f.StartUnix == minute {
					n = f.N
				}
			}
			if n != 6 {
				t.Errorf("the store holds %d in the real minute, want a's 6 once", n)
			}
			if ps := c.AppendLocal(nil, aNow); len(ps) != 0 {
				t.Errorf("a still has %v to write", ps[0].Delta)
			}
		})
	}
}

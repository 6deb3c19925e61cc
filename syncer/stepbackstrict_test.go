package syncer

import (
	"context"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestStrictAfterAClockStepBack: a frame the cache let go of (older than
// its counter's previous frame) and that the document keeps, for the
// instances whose clocks are behind, comes back into the window when the
// clock steps back; the cache's base has no count there, and a count made
// there after the step is the write's whole count of that frame. A
// compare-and-swap on the version alone set the frame to that count, over
// the document's (3 counted before the step, then 1: the store held 1
// where 4 is right). Strict, it is refused (the document holds 3 where its
// base has none), read, and the count added to the document's: 4, in the
// flush that took it; no write refused for good.
func TestStrictAfterAClockStepBack(t *testing.T) {
	const s = 1795725000 // a minute's start
	now := time.Unix(s-120+5, 0)
	clock := func() time.Time { return now }
	c, err := cache.New(cache.Config{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemoryStore()
	sy, err := New(Config{Cache: c, Store: mem, Instance: "a", Now: clock, Interval: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	tiers := []window.Tier{{Size: time.Minute, Limit: 1000}}
	k := cache.Key{ClientID: "k"}
	hit := func(n int) {
		for range n {
			d := c.Reserve(k, tiers, 1, cache.Enforce, now)
			c.Commit(&d.Reservation)
		}
	}
	flush := func() {
		t.Helper()
		if err := sy.FlushOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	hit(3)
	flush()
	now = time.Unix(s+5, 0) // two frames on
	hit(1)
	flush()
	now = time.Unix(s-120+10, 0) // the clock steps back two frames
	hit(1)
	flush()
	docs, err := mem.Load(context.Background(), []cache.Key{k})
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]int64{}
	for _, f := range docs[0].Snapshot.Frames {
		got[f.StartUnix-s] += f.N
	}
	if got[-120] != 4 || got[0] != 1 || len(got) != 2 {
		t.Errorf("stored frames (start - %d: count) %v, want -120: 4 (3 before the step, 1 after), 0: 1", s, got)
	}
	if n := len(c.AppendLocal(nil, now)); n != 0 {
		t.Errorf("%d keys with counts not written, want none", n)
	}
}

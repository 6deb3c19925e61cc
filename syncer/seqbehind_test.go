package syncer_test

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// An instance X counts a request, then its clock is set back an hour before
// its first write: the cache holds the count in its frame, ahead of X's
// clock now, and X writes it. The write lands; its answer is lost. Another
// instance Y, its clock right, writes the key next and prunes the entries
// older than two of the document's longest frames plus MaxSkew by its
// clock. X's Seq, taken by X's clock, reads an hour old: pruned, X could
// not prove its write landed and wrote its count again (the simulation's
// jumps, seed 10872409555846103174 at 8671f5f: "store holds 8, want 7").
// A Seq is not below the frames its write carries, so Y keeps X's entry.
func TestSeqOfAClockSetBackNotPruned(t *testing.T) {
	tier := window.Tier{Limit: bigLimit, Size: 10 * time.Second}
	start := time.Unix(tier.FrameStartUnix(t0), 0)
	inner := syncer.NewMemoryStore()
	store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 1)}
	xNow := start.Add(5 * time.Second)
	x := newCache(t, func() time.Time { return xNow })
	sx := newSyncer(t, syncer.Config{Cache: x, Store: store, Instance: "X", Now: func() time.Time { return xNow }})
	d := x.Reserve(keyK, []window.Tier{tier}, 1, cache.Enforce, xNow)
	x.Commit(&d.Reservation)
	xNow = xNow.Add(-time.Hour)   // set back before any write
	_ = sx.FlushOnce(t.Context()) // lands, answer lost
	if sx.Unsettled() != 1 {
		t.Fatalf("Unsettled() = %d, want 1 (the write with the lost answer)", sx.Unsettled())
	}
	docs, err := inner.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	if n := frameN(docs[0].Snapshot.Frames, tier.Size, start.Unix()); n != 1 {
		t.Fatalf("store frames %v: %d in X's frame, want its 1 written with the clock set back", docs[0].Snapshot.Frames, n)
	}

	yNow := start.Add(8 * time.Second)
	y := newCache(t, fixedClock(yNow))
	sy := newSyncer(t, syncer.Config{Cache: y, Store: inner, Instance: "Y", Now: fixedClock(yNow)})
	d = y.Reserve(keyK, []window.Tier{tier}, 1, cache.Enforce, yNow)
	y.Commit(&d.Reservation)
	if err := sy.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}

	xNow = yNow // set right
	for range 2 {
		if err := sx.FlushOnce(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	if sx.Unsettled() != 0 {
		t.Errorf("X: Unsettled() = %d, want 0", sx.Unsettled())
	}
	docs, err = inner.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	if n := frameN(docs[0].Snapshot.Frames, tier.Size, start.Unix()); n != 2 {
		t.Errorf("store frames %v, lastWrites %v: %d in the frame, want 2 (X's and Y's, each once)", docs[0].Snapshot.Frames, docs[0].LastWrites, n)
	}
}

func frameN(fs []cache.Frame, size time.Duration, start int64) int64 {
	for _, f := range fs {
		if f.Size == size && f.StartUnix == start {
			return f.N
		}
	}
	return 0
}

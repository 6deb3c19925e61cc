package cache

import (
	"testing"
	"time"
)

// What renews a key's share, and what sets its writers, when the syncer
// settles a flush or a pull finds the document it holds: a read of the
// store renews the share and names the writers; this instance's own writes
// do neither (see TestOwnFlushDoesNotRenewShare). Limit 100, one-minute
// frames, two writers: the share is half of what the store's counts leave
// at the last read, less what this instance flushed since.

// minuteFrames is one frame of a minute at t0 holding n.
func minuteFrames(n int64) []Frame { return []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: n}} }

// sharedKey returns a cache holding k, read from the store with 20 counted
// by two writers, and this instance's 40 admitted (its share: half of the
// 80 left) and not flushed yet.
func sharedKey(t *testing.T) (*Cache, Key) {
	t.Helper()
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held
	c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: minuteFrames(20)}, t0)
	if got := admitN(c, k, 100, 100, t0); got != 40 {
		t.Fatalf("admitted %d, want 40 (half the 80 the store leaves)", got)
	}
	return c, k
}

// flushOwn takes k's delta and confirms it as this instance's own write
// (Writers 0) of the given version, over the base it was taken against.
func flushOwn(t *testing.T, c *Cache, version int64) {
	t.Helper()
	ps := c.TakeDirty(nil, t0)
	if len(ps) != 1 {
		t.Fatalf("took %d keys, want 1", len(ps))
	}
	c.Confirm(&ps[0], Snapshot{Version: version, Frames: Merge(ps[0].Base.Frames, ps[0].Delta, t0)}, t0)
}

// A flush confirmed by a read (a refused write, or one whose answer was
// lost, found in the document read back: Writers > 0) renews the share
// as any read does: the delta is in the counts read, not flushed since.
func TestConfirmByAReadRenewsShare(t *testing.T) {
	c, k := sharedKey(t)
	ps := c.TakeDirty(nil, t0)
	if len(ps) != 1 {
		t.Fatalf("took %d keys, want 1", len(ps))
	}
	c.Confirm(&ps[0], Snapshot{Version: 6, Writers: 2, Frames: minuteFrames(60)}, t0)
	if got := admitN(c, k, 100, 100, t0); got != 20 {
		t.Fatalf("after a read back of 60: admitted %d, want 20 (half the 40 left)", got)
	}
}

// Two flushes of its own between reads take one share between them: each
// adds to what this instance flushed since its last read, and neither
// starts it again.
func TestOwnFlushesBetweenReadsTakeOneShare(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held
	c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: minuteFrames(20)}, t0)
	if got := admitN(c, k, 100, 25, t0); got != 25 {
		t.Fatalf("admitted %d of 25", got)
	}
	flushOwn(t, c, 6)
	if got := admitN(c, k, 100, 100, t0); got != 15 {
		t.Fatalf("after one flush: admitted %d more, want 15 (40 of the share, 25 taken)", got)
	}
	flushOwn(t, c, 7)
	if got := admitN(c, k, 100, 100, t0); got != 0 {
		t.Fatalf("after a second flush: admitted %d more, want 0 until a read", got)
	}
}

// A pull that finds the version the key holds renews the share and takes
// the document's writers, which may have fallen (the others stopped); a
// pull that finds an older version changes neither.
func TestApplyOfTheHeldVersion(t *testing.T) {
	t.Run("held version renews the share", func(t *testing.T) {
		c, k := sharedKey(t)
		flushOwn(t, c, 6) // the store holds 60, this instance's version 6
		if got := admitN(c, k, 100, 100, t0); got != 0 {
			t.Fatalf("after its own flush: admitted %d, want 0 until a read", got)
		}
		if c.Apply(k, Snapshot{Version: 6, Writers: 2, Frames: minuteFrames(60)}, t0) {
			t.Fatal("Apply of the held version reported an install")
		}
		if got := admitN(c, k, 100, 100, t0); got != 20 {
			t.Fatalf("after a read of version 6: admitted %d, want 20 (half the 40 left)", got)
		}
	})
	t.Run("held version sets the writers", func(t *testing.T) {
		c, k := sharedKey(t)
		c.Apply(k, Snapshot{Version: 5, Writers: 1, Frames: minuteFrames(20)}, t0)
		if w, _ := writersOf(t, c, k, t0); w != 1 {
			t.Fatalf("writers = %d after a read naming one, want 1", w)
		}
	})
	t.Run("older version changes nothing", func(t *testing.T) {
		c, k := sharedKey(t)
		c.Apply(k, Snapshot{Version: 4, Writers: 3, Frames: minuteFrames(20)}, t0)
		if w, _ := writersOf(t, c, k, t0); w != 2 {
			t.Fatalf("writers = %d after a read of an older version, want 2 (the held version's)", w)
		}
		if got := admitN(c, k, 100, 100, t0); got != 0 {
			t.Fatalf("after a read of an older version: admitted %d, want 0 (the share is taken)", got)
		}
	})
}

// Replace rebases the delta on the snapshot read back, all of it: its
// version, frames and reset epoch (the epoch the retry writes, which a
// compare-and-swap on the version proves is the document's).
func TestReplaceRebasesOnTheWholeSnapshot(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held
	c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: minuteFrames(20), Epoch: 4}, t0)
	if got := admitN(c, k, 100, 10, t0); got != 10 {
		t.Fatalf("admitted %d of 10", got)
	}
	ps := c.TakeDirty(nil, t0)
	if len(ps) != 1 {
		t.Fatalf("took %d keys, want 1", len(ps))
	}
	read := Snapshot{Version: 7, Writers: 2, Frames: minuteFrames(30), Epoch: 4}
	q := c.Replace(&ps[0], read, t0)
	if q.Base.Version != 7 || q.Base.Epoch != 4 || Requests(q.Base.Frames) != 30 || Requests(q.Delta) != 10 {
		t.Fatalf("Replace = base %+v, delta %v; want version 7, epoch 4, 30 counted, and the delta of 10", q.Base, q.Delta)
	}
	c.Abort(&q)
}

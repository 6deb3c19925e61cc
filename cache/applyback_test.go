package cache

import (
	"testing"
	"time"
)

// A read of no document (Version 0) for a key that holds none changes
// nothing: the syncer hands Apply the reads of keys without a document too
// (one may be the store gone back, see Apply), and the writers such a read
// names (none but the reader) are not news of the key's: a key new to the
// instance keeps the writers it assumes (see assumedWriters) and is not
// marked read.
func TestApplyNoDocumentOnAKeyWithoutOne(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held, version 0
	c.AppendPull(nil, t0.Add(-time.Minute), 0, 1)
	before, _ := writersOf(t, c, k, t0)
	if c.Apply(k, Snapshot{Writers: 3}, t0) {
		t.Error("Apply of no document on a key without one reported an install")
	}
	if w, _ := writersOf(t, c, k, t0); w != before {
		t.Errorf("writers = %d after a read of no document, want %d as before", w, before)
	}
}

// A read below the key's version, the key having installed nothing since
// the pull chose it (the store went back: see Apply), is installed whole:
// its version, so that the key's reads and writes go on from the store's
// (kept at 10, the reads of the key near its limit between pulls refused
// every version up to 10 as older), and, of a newer reset epoch, the
// unflushed counts it drops are counted in Stats.ResetDropped as any
// install's are.
func TestApplyBelowTheKeysVersion(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	tiers := perMinute(100)
	minute := func(n int64) []Frame {
		return []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: n}}
	}
	c.Release(new(c.Reserve(k, tiers, 0, Enforce, t0).Reservation))
	if !c.Apply(k, Snapshot{Version: 10, Writers: 2, Frames: minute(3)}, t0) {
		t.Fatal("Apply of version 10 on a new key installed nothing")
	}
	for range 2 {
		d := c.Reserve(k, tiers, 1, Enforce, t0)
		c.Commit(&d.Reservation)
	}
	c.AppendPull(nil, t0.Add(-time.Minute), 1, 1) // chooses k
	if !c.Apply(k, Snapshot{Version: 5, Writers: 2, Epoch: 7, Frames: minute(1)}, t0) {
		t.Fatal("Apply of version 5 (epoch 7) after the pull chose the key installed nothing")
	}
	var st KeyState
	if !c.Inspect(k, tiers, t0, &st) {
		t.Fatal("key not held")
	}
	if st.Version != 5 || st.Tiers[0].Used != 1 {
		t.Errorf("key at version %d, %d used; want the read's 5, 1 (the 2 counted before its reset dropped)", st.Version, st.Tiers[0].Used)
	}
	if got := c.Stats().ResetDropped; got != 2 {
		t.Errorf("Stats.ResetDropped = %d, want the 2 unflushed counts the read of a newer epoch dropped", got)
	}
}

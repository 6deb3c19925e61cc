package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// strictWrite returns the Strict compare-and-swap of key from version v
// that sets fs, counted against base.
func strictWrite(k cache.Key, v int64, inst string, seq int64, base []cache.Frame, fs ...cache.Frame) syncer.Write {
	w := write(k, v, inst, seq, fs...)
	w.Strict, w.Base = true, base
	return w
}

// testStrictFrames: a Strict compare-and-swap applies only if each frame it
// sets holds its base's count there (none, or 0, where the base has none),
// besides the version: a document put back to an earlier state repeats
// versions with other counts (syncer.Write.Strict). The base's frames it
// does not set, the document's frames it does not name and the other
// instances' entries are not compared.
func testStrictFrames(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 5), frame(time.Hour, 9)))
	// The version matches, the counts do not: refused, and the document
	// is as it was.
	for i, base := range [][]cache.Frame{
		{frame(time.Minute, 4), frame(time.Hour, 9)},       // another count
		{frame(time.Hour, 9)},                              // the document holds a frame the base has not
		{frame(time.Minute, 5), prevFrame(time.Minute, 3)}, // and sets one the document has not
	} {
		w := strictWrite(keyA, 1, "i2", 2, base, frame(time.Minute, 6), prevFrame(time.Minute, 3))
		if len(base) == 1 {
			w.Frames = w.Frames[:1]
		}
		// Next to a write that lands, in one call.
		other := cache.Key{ClientID: "client-b", User: fmt.Sprint(i)}
		wantOutcomes(t, mustWrite(t, s, w, write(other, 0, "i2", 2, frame(time.Minute, 1))), syncer.Conflict, syncer.Written)
		wantDoc(t, load(t, s, keyA)[0], 1, map[string]int64{"i1": 1}, frame(time.Minute, 5), frame(time.Hour, 9))
	}
	// The counts match in the frames it sets (a frame of the base it does
	// not set is not compared; one neither has matches): written.
	w := strictWrite(keyA, 1, "i2", 2, []cache.Frame{frame(time.Minute, 5), frame(24*time.Hour, 7)},
		frame(time.Minute, 6), prevFrame(time.Minute, 3))
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"i1": 1, "i2": 2},
		prevFrame(time.Minute, 3), frame(time.Minute, 6), frame(time.Hour, 9))
	// Equal counts from other writers: written (the counts are what it
	// overwrites); and a Strict insert (version 0) creates the document.
	mustWrite(t, s, addWrite(keyA, 2, "i3", 1, frame(time.Minute, 1)))
	w = strictWrite(keyA, 3, "i2", 3, []cache.Frame{prevFrame(time.Minute, 3), frame(time.Minute, 7)}, frame(time.Minute, 8))
	ins := strictWrite(keyB, 0, "i2", 3, nil, frame(time.Minute, 1))
	wantOutcomes(t, mustWrite(t, s, w, ins), syncer.Written, syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"i1": 1, "i2": 3, "i3": 1},
		prevFrame(time.Minute, 3), frame(time.Minute, 8), frame(time.Hour, 9))
	wantDoc(t, load(t, s, keyB)[0], 1, map[string]int64{"i2": 3}, frame(time.Minute, 1))
}

// testStrictEpoch: a Strict compare-and-swap applies only to a document of
// its reset epoch (absent counts as 0).
func testStrictEpoch(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 5)))
	w := strictWrite(keyA, 1, "i2", 2, []cache.Frame{frame(time.Minute, 5)}, frame(time.Minute, 6))
	w.Epoch = 7
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	w.Epoch = 0
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	// A document of epoch 7 (a write not Strict sets it).
	e := write(keyA, 2, "i1", 3, frame(time.Minute, 6))
	e.Epoch = 7
	mustWrite(t, s, e)
	w = strictWrite(keyA, 3, "i2", 4, []cache.Frame{frame(time.Minute, 6)}, frame(time.Minute, 7))
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	w.Epoch = 7
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 4, map[string]int64{"i1": 3, "i2": 4}, frame(time.Minute, 7))
	if d.Snapshot.Epoch != 7 {
		t.Errorf("epoch %d, want 7", d.Snapshot.Epoch)
	}
}

// testStrictPrune: a Strict compare-and-swap applies only if each entry it
// prunes is missing or below PruneBelow: one at or above it was written
// since the entries were judged, and proves a write of its instance.
func testStrictPrune(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "old", 100, frame(time.Minute, 1)))
	mustWrite(t, s, write(keyA, 1, "fresh", 5000, frame(time.Minute, 2)))
	base := []cache.Frame{frame(time.Minute, 2)}
	w := strictWrite(keyA, 2, "i2", 6000, base, frame(time.Minute, 3))
	w.Prune, w.PruneBelow = []string{"old", "fresh"}, 1000
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"old": 100, "fresh": 5000}, frame(time.Minute, 2))
	w.PruneBelow = 5001
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 3, map[string]int64{"i2": 6000}, frame(time.Minute, 3))
	// An entry gone already does not refuse it.
	w = strictWrite(keyA, 3, "i2", 6001, []cache.Frame{frame(time.Minute, 3)}, frame(time.Minute, 4))
	w.Prune, w.PruneBelow = []string{"old"}, 1000
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"i2": 6001}, frame(time.Minute, 4))
}

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

package cache

import (
	"fmt"
	"testing"
	"time"
)

// TestEvictedTakenKeyKeepsItsDroppedDelta: a key taken by a flush (a
// Pending out) whose delta a reset then dropped holds nothing else (no
// local counts, nothing reserved), and an eviction at MaxKeys removes it;
// its removal must still make a record (slots.go: one for a flush's
// Pending), through which the Pending's Replace learns the delta was
// dropped and writes nothing. Without it the holder finds no instance,
// and Replace hands the dropped delta back to be written over the reset's
// document: counts the reset cleared, in the store again.
func TestEvictedTakenKeyKeepsItsDroppedDelta(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 2})
	now := modelStart
	k := Key{ClientID: "client-taken", User: "reset"}
	d := c.Reserve(k, forwardTiers, 3, Enforce, now)
	c.Commit(&d.Reservation)
	ps := c.TakeDirty(nil, now)
	if len(ps) != 1 || longDelta(ps)[k] != 3 {
		t.Fatalf("TakeDirty = %+v, want k's delta of 3", ps)
	}
	reset := Snapshot{Version: 1, Epoch: 1}
	if dropped, held := c.Reset(k, reset, now); !held || dropped != 3 {
		t.Fatalf("Reset = %d, %v; want 3 dropped, held", dropped, held)
	}
	if !c.DeltaDropped(ps[0]) {
		t.Fatalf("DeltaDropped false after the reset")
	}
	// Two keys used later, one with counts: k (nothing local, nothing
	// reserved) is the one evicted.
	for i := range 2 {
		d := c.Reserve(Key{ClientID: fmt.Sprint("client-new-", i)}, forwardTiers, 1, Enforce, now.Add(time.Second))
		c.Commit(&d.Reservation)
	}
	if st := c.Stats(); st.EvictedCap != 1 {
		t.Fatalf("test bug: %d evicted at MaxKeys, want 1", st.EvictedCap)
	}
	if c.find(k).hotLine != nil {
		t.Fatalf("test bug: k still held")
	}
	if !c.DeltaDropped(ps[0]) {
		t.Errorf("DeltaDropped false once k was evicted: the reset's drop is forgotten")
	}
	q := c.Replace(&ps[0], reset, now.Add(time.Second))
	if len(q.Delta) != 0 {
		t.Errorf("Replace after the eviction = delta %v, base %+v: the delta the reset dropped is to be written again", q.Delta, q.Base)
	}
	c.Abort(&q)
}

package cache

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// Edges of the share (share.go, writers.go) that the rest of the package's
// tests left open (found by mutating them, helper-112's run): across a
// frame's end, at settleEvidence, and while a key assumes its writers.

// What this instance flushed since its last read stays its own when the
// frame it flushed in becomes the previous one: the store's counts as last
// read, less its own flushes, still leave it nothing of its share. Limit
// 100, two writers, the store read at 20, this instance's 40 (its share)
// flushed; at the next frame's first second the previous frame weighs in
// full, and no read came: the share is still spent. Cleared at the roll,
// the 40 flushed were taken for the other writer's, and the instance took
// half of the 40 the limit left, 20 more, from a share it had used up.
func TestOwnFlushStaysOwnAcrossFrames(t *testing.T) {
	c, k := sharedKey(t)
	flushOwn(t, c, 6)
	next := t0.Add(time.Minute)
	if got := admitN(c, k, 100, 100, next); got != 0 {
		t.Fatalf("at the next frame, no read since its flush: admitted %d, want 0", got)
	}
	c.Apply(k, Snapshot{Version: 7, Writers: 2, Frames: minuteFrames(60)}, next) // a read: the share renews
	if got := admitN(c, k, 100, 100, next); got != 20 {
		t.Fatalf("after a read of 60 in the previous frame: admitted %d, want 20 (half the 40 left)", got)
	}
}

// A flush confirmed after its frames have left the window (the write took
// two frames: a slow store) adds nothing to what the instance flushed in
// the counters' frames (counter.sinceRead): those counts are in no estimate
// now. Added, the share took 10 of the others' counts in the current frame
// for this instance's own, and admitted 5 fewer than its half of what the
// store leaves (30 of 70).
func TestFlushConfirmedAfterItsFramesLeftAddsNothing(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	if got := admitN(c, k, 100, 10, t0); got != 10 {
		t.Fatalf("admitted %d of 10", got)
	}
	ps := c.TakeDirty(nil, t0)
	if len(ps) != 1 {
		t.Fatalf("took %d keys, want 1", len(ps))
	}
	later := t0.Add(2 * time.Minute) // the delta's frame has left the window
	c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: []Frame{{Size: time.Minute, StartUnix: later.Unix(), N: 30}}}, later)
	// The write's answer: the document as written, the others' 30 now and
	// this instance's 10 two frames back.
	c.Confirm(&ps[0], Snapshot{Version: 6, Frames: []Frame{
		{Size: time.Minute, StartUnix: t0.Unix(), N: 10},
		{Size: time.Minute, StartUnix: later.Unix(), N: 30},
	}}, later)
	if got := admitN(c, k, 100, 100, later); got != 35 {
		t.Fatalf("admitted %d, want 35 (half the 70 the store leaves)", got)
	}
}

// reservedShare weighs open reservations by the share of the key's recent
// reservations that were committed from settleEvidence of them on, and in
// full below: at 4 committed and 4 released, 4 open count as 2 (the last
// outcome of the eight tips it); at 4 and 3, in full.
func TestReservedShareFromSettleEvidence(t *testing.T) {
	for _, tc := range []struct {
		released uint8
		want     int64
	}{{settleEvidence - 5, 4}, {settleEvidence - 4, 2}} {
		e := open{entry: entry{hotLine: &hotLine{committed: 4, released: tc.released}, coldLine: &coldLine{}}, reserved: 4}
		if got := e.reservedShare(); got != tc.want {
			t.Errorf("4 committed, %d released, 4 open: reservedShare %d, want %d", tc.released, got, tc.want)
		}
	}
}

// While a key assumes the live instances as its writers, a read only raises
// them: one that names fewer than an earlier read leaves the most named (a
// writer that has flushed does not stop counting the key because a later
// document names fewer, as one written before its flush landed may).
func TestAssumedWritersOnlyRise(t *testing.T) {
	c, _ := clockCache(t, Config{})
	c.SetLiveInstances(3)
	k := Key{ClientID: "c", User: "u"}
	admitN(c, k, 30, 1, t0)
	c.Apply(k, Snapshot{Version: 5, Writers: 5}, t0)
	c.Apply(k, Snapshot{Version: 6, Writers: 2}, t0)
	if w, assumed := writersOf(t, c, k, t0); w != 5 || !assumed {
		t.Fatalf("reads of 5 writers, then 2: %d (assumed %v), want 5, assumed", w, assumed)
	}
}

// While the store does not answer (SetLiveInstances(0)) no key is shared:
// no instance reads the others' counts, which would bring a new share. A
// live count below zero (a caller's bug) is taken as 0. Shared regardless
// (or with -1 kept, which reads as instances live), a key the store named
// two writers of was split between them for as long as the outage lasted.
func TestNoShareWhileStoreDown(t *testing.T) {
	for _, live := range []int{0, -1} {
		c := newCache(t, Config{})
		k := Key{ClientID: "c"}
		c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held
		c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: minuteFrames(20)}, t0)
		c.SetLiveInstances(live)
		if got := admitN(c, k, 100, 100, t0); got != 80 {
			t.Errorf("live instances %d: admitted %d, want the 80 the limit leaves (nothing shared)", live, got)
		}
	}
}

// The pulls end a key's assumption (ageWriters) while requests decide it:
// under -race, the writers a decision reads and the flag a pull clears are
// one field, written under the key's lock. Cleared without it, the race
// detector reports the pair (a write in ageWriters, a read in Reserve) within
// the first rounds.
func TestAgeWritersWhileDeciding(t *testing.T) {
	var clock atomic.Int64
	clock.Store(t0.UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	c := newCache(t, Config{SyncInterval: time.Second, Now: now})
	c.SetLiveInstances(3)
	keys := make([]Key, 64)
	for i := range keys {
		keys[i] = Key{ClientID: fmt.Sprintf("client-%04d", i)}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 20 {
			for _, k := range keys {
				c.Release(new(c.Reserve(k, perMinute(1000), 1, Enforce, now()).Reservation))
			}
		}
	}()
	for r := range uint64(40) {
		clock.Add(int64(time.Second))
		c.AppendPull(nil, t0, r, 1)
	}
	<-done
	for r := range uint64(2) { // two rotations: a key made since the last one ends in the second
		clock.Add(2 * int64(time.Second))
		c.AppendPull(nil, t0, 40+r, 1)
	}
	for _, k := range keys {
		if _, assumed := writersOf(t, c, k, now()); assumed {
			t.Fatalf("%v still assumes the live instances after two rotations with no request", k)
		}
	}
}

// A document naming more writers than a key holds (maxWriters, 127) counts
// as 127, not assumed: taken as they came, 200 set the flag bit of assumed
// writers and read as 72 assumed ones.
func TestWritersAboveMaxCountAsMax(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(1000), 0, Enforce, t0).Reservation))
	c.Apply(k, Snapshot{Version: 1, Writers: 200}, t0)
	if w, assumed := writersOf(t, c, k, t0); w != maxWriters || assumed {
		t.Fatalf("200 writers: %d (assumed %v), want %d, not assumed", w, assumed, maxWriters)
	}
}

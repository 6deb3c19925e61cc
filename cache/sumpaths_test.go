package cache

import (
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A counter holds the sum of the store's counts and the local ones
// (counter.sum), and the paths that drop or subtract local counts must move
// the sum with them. These tests take the paths the rest of the package's
// tests reach without reading the sum after them: each fails with the
// sum left behind (the local counts cleared, or subtracted past 0, alone).

// A Reset of a key that never installed a document (new to this instance,
// or evicted and seen again) installs the reset's document and then drops
// the key's local counts itself (install keeps them: see install): the
// counts dropped leave the estimate, the previous frame's and the current
// one's, and the store's counts are the document's: clearLocal must take
// the local counts off the sum, or they stay counted as the store's. The tests of resets read what is
// left to flush (epoch_test.go), which is local alone; a key whose
// install dropped them (a document of a later epoch) had its sum set anew
// by installFrames after the drop, and TestEveryPathAtMaxLimit's reset is
// of such a key.
func TestResetOfANewKeyTakesItsCountsOffTheEstimate(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "client", User: "user"}
	tiers := []window.Tier{{Limit: 1000, Size: time.Minute}, {Limit: 1000, Size: time.Hour}}
	c.Commit(new(c.Reserve(k, tiers, 5, Enforce, t0).Reservation))
	now := t0.Add(time.Minute + 10*time.Second) // one minute's frame on: the 5 are its previous frame's
	c.Commit(new(c.Reserve(k, tiers, 2, Enforce, now).Reservation))
	minute, hour := t0.Unix()+60, t0.Unix()
	s := Snapshot{Version: 3, Epoch: now.UnixMilli(), Frames: []Frame{
		{Size: time.Minute, StartUnix: minute, N: 4},
		{Size: time.Hour, StartUnix: hour, N: 4},
	}}
	if dropped, held := c.Reset(k, s, now); dropped != 7 || !held {
		t.Fatalf("Reset = %d, %v; want 7, true", dropped, held)
	}
	var st KeyState
	if !c.Inspect(k, tiers, now, &st) {
		t.Fatal("key not held")
	}
	for i, want := range []window.Counts{{StartUnix: minute, Curr: 4}, {StartUnix: hour, Curr: 4}} {
		ts := st.Tiers[i]
		if ts.Global != want || ts.Local != (window.Counts{StartUnix: want.StartUnix}) {
			t.Errorf("%v tier after the reset: store %+v, local %+v; want %+v and none", ts.Tier.Size, ts.Global, ts.Local, want)
		}
		if e := ts.Tier.Estimate(want, now); ts.Estimate != e {
			t.Errorf("%v tier after the reset: estimate %v, want %v (the document's alone)", ts.Tier.Size, ts.Estimate, e)
		}
	}
	if got := c.used(k, time.Minute, now); got != 4 {
		t.Errorf("a decision's estimate after the reset: %d used, want 4", got)
	}
}

// A key evicted at MaxKeys whose unflushed counts are dropped (the cap of
// detached keys reached) keeps its entry for the requests still in flight
// on it: one committed later, below the cap, makes it a detached key, whose
// flush writes its delta against the store's counts it holds (Pending.Base,
// merged with the delta into the frames written). Those must be the store's
// alone: clearLocal must take the dropped counts off the counter's sum too,
// or Base holds them, and the flush writes them to the store after all.
func TestDroppedAtTheCapLeaveTheStoresCounts(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 1})
	tiers := perMinute(1000)
	now := t0.Add(10 * time.Second)
	x, v, w := Key{ClientID: "x"}, Key{ClientID: "v"}, Key{ClientID: "w"}
	c.Commit(new(c.Reserve(x, tiers, 1, Enforce, now).Reservation)) // x's count waits for a flush
	c.Commit(new(c.Reserve(v, tiers, 3, Enforce, now).Reservation)) // evicts x: detached 1 = MaxKeys
	if !c.Apply(v, Snapshot{Version: 5, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 40}}}, now) {
		t.Fatal("v's snapshot not installed")
	}
	open := c.Reserve(v, tiers, 2, Enforce, now).Reservation        // in flight across v's eviction
	c.Commit(new(c.Reserve(w, tiers, 1, Enforce, now).Reservation)) // evicts v at the cap: its 3 are dropped
	if got := c.Stats().Dropped; got != 3 {
		t.Fatalf("Stats.Dropped %d after v's eviction, want 3", got)
	}
	for _, p := range c.TakeDirty(nil, now) { // x's and w's: x is no longer detached
		c.Confirm(&p, Snapshot{Version: 1}, now)
	}
	if got := c.Stats().Detached; got != 0 {
		t.Fatalf("%d keys detached after the flush, want 0", got)
	}
	c.Commit(&open) // v's entry holds it: detached, below the cap
	ps := c.TakeDirty(nil, now)
	if len(ps) != 1 || ps[0].Key != v {
		t.Fatalf("took %+v, want v's delta alone", ps)
	}
	want := []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 40}}
	if p := ps[0]; !slices.Equal(p.Base.Frames, want) || !slices.Equal(p.Delta, []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 2}}) {
		t.Errorf("v's flush: base %+v, delta %+v; want base %+v (the store's counts), delta of the 2 committed since", p.Base.Frames, p.Delta, want)
	}
}

// A flush's Confirm subtracts its delta from the counter's slot of the
// frame, but never below 0 (addLocal's clamp, by the slot's local count):
// the counts it took can have left the window while the flush had them
// (a clock that jumped ahead, held them past their hold, and was set back
// into their frame), and those in the slot then are later ones. Clamped by
// the sum (the store's counts too), or not at all, the local count went to
// -4 and the estimate to 1 where the store holds 5: four requests admitted
// too many, and the next flush would take them off the store's count.
func TestConfirmNeverTakesASlotBelowZero(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "client"}
	size := 10 * time.Second
	tiers := []window.Tier{{Limit: 1000, Size: size}}
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	c.Commit(new(c.Reserve(k, tiers, 5, Enforce, at(0)).Reservation))
	ps := c.TakeDirty(nil, at(1))
	if len(ps) != 1 {
		t.Fatalf("took %d keys, want 1", len(ps))
	}
	c.Release(new(c.Reserve(k, tiers, 1, Enforce, at(100)).Reservation)) // a jump: the 5 held until 121
	if got := localRequests(c, k, at(125)); got != 0 {                   // past the hold: given up
		t.Fatalf("%d requests left to flush past the hold, want 0", got)
	}
	c.Commit(new(c.Reserve(k, tiers, 1, Enforce, at(2)).Reservation)) // set back into the frame
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: []Frame{{Size: size, StartUnix: t0.Unix(), N: 5}}}, at(3))
	var st KeyState
	if !c.Inspect(k, tiers, at(3), &st) {
		t.Fatal("key not held")
	}
	want := window.Counts{StartUnix: t0.Unix(), Curr: 5}
	if ts := st.Tiers[0]; ts.Global != want || ts.Local != (window.Counts{StartUnix: t0.Unix()}) || ts.Estimate != 5 {
		t.Errorf("after the Confirm: store %+v, local %+v, estimate %v; want %+v, none, 5", ts.Global, ts.Local, ts.Estimate, want)
	}
}

// Inspect of a size whose counts are orphans (a counter retired when a
// fifth size came: see track) shows them as a decision by that size would
// count them, adopted into a counter (entry.view): local, and in the
// estimate, not the store's. view must add them to its copy's sum as well
// as to local: to local alone, Inspect showed the store's counts as -5 and
// an estimate of 0.
func TestInspectOfRetiredSizeCountsItsOrphans(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "client"}
	c.Commit(new(c.Reserve(k, unreachedTiers(m, 10*m, h, d), 5, Enforce, t0).Reservation))
	c.Commit(new(c.Reserve(k, unreachedTiers(2*h, 3*h, 4*h, 5*h), 3, Enforce, t0).Reservation)) // retires the four sizes
	var st KeyState
	tiers := unreachedTiers(m)
	if !c.Inspect(k, tiers, t0, &st) {
		t.Fatal("key not held")
	}
	ts, none := st.Tiers[0], window.Counts{StartUnix: t0.Unix()}
	if ts.Global != none || ts.Local != (window.Counts{StartUnix: t0.Unix(), Curr: 5}) || ts.Estimate != 5 {
		t.Errorf("the retired minute's counts: store %+v, local %+v, estimate %v; want none, 5 local, 5", ts.Global, ts.Local, ts.Estimate)
	}
}

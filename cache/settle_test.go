package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Settling a flush (Confirm, Abort, Replace) while the key changes under
// it: resets that drop the delta it took, a second flush of the key while
// the first one's answer is lost. Each test replays one interleaving step
// by step.

// TestConfirmAfterResetsWrap: a flush takes a key's delta; while its
// answer is outstanding the key is reset n times (each Reset drops the
// local counts, the delta with them, and bumps entry.resets), then one
// more request is committed, and the flush is confirmed. The delta was
// dropped by the first reset, so the Confirm must subtract nothing and the
// request committed after the resets must still wait for a flush.
// entry.resets is a uint8: after 256 resets it equals the Pending's again,
// and only overflow.takenDropped tells that the delta was dropped. Without
// it the Confirm subtracts the dropped delta (2) from the later count (1),
// and addLocal's clamp at 0 turns what would be a visible -1 into a silent
// 0: a committed request that never reaches the store.
func TestConfirmAfterResetsWrap(t *testing.T) {
	k := Key{ClientID: "client", User: "user"}
	cases := []struct {
		name   string
		resets int
	}{
		{"one reset", 1},
		{"255 resets", 255},
		{"256 resets", 256},
		{"257 resets", 257},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			tiers := unreachedTiers(time.Hour)
			c.Commit(new(c.Reserve(k, tiers, 2, Enforce, t0).Reservation))
			ps := c.TakeDirty(nil, t0.Add(time.Second))
			if len(ps) != 1 {
				t.Fatalf("took %d keys, want 1", len(ps))
			}
			p := ps[0]
			for i := 1; i <= tc.resets; i++ {
				if _, held := c.Reset(k, Snapshot{Version: int64(i), Epoch: int64(i)}, t0.Add(2*time.Second)); !held {
					t.Fatalf("reset %d: key not held", i)
				}
			}
			c.Commit(new(c.Reserve(k, tiers, 1, Enforce, t0.Add(3*time.Second)).Reservation))
			// The write landed before the resets; the document now is the
			// last reset's (not newer than the key's).
			c.Confirm(&p, Snapshot{Version: int64(tc.resets), Epoch: int64(tc.resets)}, t0.Add(4*time.Second))
			var local int64
			for _, q := range c.AppendLocal(nil, t0.Add(5*time.Second)) {
				for _, f := range q.Delta {
					local += f.N
				}
			}
			if local != 1 {
				t.Errorf("local count %d after the Confirm, want 1: the request committed after the resets", local)
			}
		})
	}
}

// TestInFlightDeltaNotDroppedAfterDuplicateAbort: a key whose write is
// unsettled (its acknowledgement lost, the write being resent) counts again
// and the next flush comes. The syncer aborts any second Pending of such a
// key (syncer/flush.go, "busy"), and taken is one flag: were TakeDirty to
// give a second Pending, its Abort would clear taken while the first is
// still out, and evictForCap at the detached cap would then drop the key's
// local counts with the in-flight delta (a taken key is left alone: "the
// flush settles it"): the 5 that land reported in Stats.Dropped as well,
// and the first write's Confirm subtracting them a second time (from 0:
// addLocal's clamp). TakeDirty skips a taken key, so the in-flight delta
// stays, and at most the one request counted since is dropped.
func TestInFlightDeltaNotDroppedAfterDuplicateAbort(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 1})
	tiers := unreachedTiers(time.Hour)
	at := func(s int) time.Time { return modelStart.Add(time.Duration(s) * time.Second) }
	commit := func(k Key, s int) { c.Commit(new(c.Reserve(k, tiers, 1, Enforce, at(s)).Reservation)) }
	x, a, b := Key{ClientID: "x"}, Key{ClientID: "a"}, Key{ClientID: "b"}
	byKey := func(ps []Pending, k Key) *Pending {
		for i := range ps {
			if ps[i].Key == k {
				return &ps[i]
			}
		}
		return nil
	}

	commit(x, 0)
	for i := range 5 {
		commit(a, 1+i) // the first evicts x, which waits for a flush: detached 1 = MaxKeys
	}
	ps := c.TakeDirty(nil, at(10))
	abort := func(p *Pending) {
		if p != nil {
			c.Abort(p)
		}
	}
	abort(byKey(ps, x))           // the store is down for x
	inFlight := *byKey(ps, a)     // a's write of 5: its acknowledgement is lost (unsettled)
	commit(a, 11)                 // a counts again: back on the dirty list
	ps = c.TakeDirty(nil, at(12)) // the next flush resends a's write and takes a again
	abort(byKey(ps, x))
	abort(byKey(ps, a)) // busy: one write per key per round
	commit(b, 13)       // evicts a at the detached cap

	// The resent write lands.
	c.Confirm(&inFlight, Snapshot{Version: 1, Frames: Merge(nil, inFlight.Delta, at(14))}, at(14))

	var local int64
	for _, p := range c.AppendLocal(nil, at(15)) {
		if p.Key == a {
			for _, f := range p.Delta {
				local += f.N
			}
		}
	}
	st := c.Stats()
	// 6 committed: 5 landed, 1 unflushed; the unflushed one may be dropped.
	if local < 0 || 5+local+st.Dropped != 6 || st.Dropped > 1 {
		t.Errorf("after the landed write: a's local %d, Stats.Dropped %d; want local ≥ 0, the 5 in flight left alone, at most the 1 unflushed dropped (store 5 + local + dropped = 6)",
			local, st.Dropped)
	}
}

// A flush whose delta 256 resets dropped while it was taken (resets wraps
// to the Pending's count, so only the overflow's takenDropped tells) is
// settled by Confirm, Abort, or Replace and then Abort; each of them clears
// takenDropped, so the next flush's delta (the request committed after the
// resets) is subtracted when it is confirmed, not counted again. For a key
// of one size and for one with its second counter in its own allocation
// (room2), whose overflow exists only for takenDropped and the epoch. It
// fails if Confirm or Abort does not clear takenDropped, or if Replace does
// not read it.
func TestTakenDroppedSettles(t *testing.T) {
	k := Key{ClientID: "client", User: "user"}
	tier := func(d time.Duration) window.Tier { return window.Tier{Limit: 1 << 40, Size: d} }
	for _, tiers := range [][]window.Tier{{tier(time.Hour)}, {tier(time.Minute), tier(time.Hour)}} {
		for _, settle := range []string{"confirm", "abort", "replace"} {
			t.Run(fmt.Sprint(len(tiers), " sizes, ", settle), func(t *testing.T) {
				c := newCache(t, Config{Shards: 1})
				at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
				c.Commit(new(c.Reserve(k, tiers, 2, Enforce, t0).Reservation))
				ps := c.TakeDirty(nil, at(1))
				if len(ps) != 1 {
					t.Fatalf("took %d keys, want 1", len(ps))
				}
				p := ps[0]
				const resets = 256
				for i := 1; i <= resets; i++ {
					if _, held := c.Reset(k, Snapshot{Version: int64(i), Epoch: int64(i)}, at(2)); !held {
						t.Fatalf("reset %d: key not held", i)
					}
				}
				c.Commit(new(c.Reserve(k, tiers, 1, Enforce, at(3)).Reservation))
				last := Snapshot{Version: resets, Epoch: resets}
				switch settle {
				case "confirm":
					c.Confirm(&p, last, at(4))
				case "abort":
					c.Abort(&p)
				case "replace":
					q := c.Replace(&p, last, at(4))
					if len(q.Delta) != 0 {
						t.Fatalf("Replace after the resets kept the dropped delta %v", q.Delta)
					}
					c.Abort(&q)
				}
				ps = c.TakeDirty(nil, at(5))
				if len(ps) != 1 || Requests(ps[0].Delta) != 1 {
					t.Fatalf("the next flush took %v, want the one request committed after the resets", ps)
				}
				p2 := ps[0]
				c.Confirm(&p2, Snapshot{Version: resets + 1, Frames: Merge(p2.Base.Frames, p2.Delta, at(6)), Epoch: resets}, at(6))
				if local := c.AppendLocal(nil, at(7)); len(local) != 0 {
					t.Errorf("unflushed after the second flush was confirmed: %v, want none (the request would count twice)", local)
				}
			})
		}
	}
}

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
// local counts and the delta with them), then one more request is
// committed, and the flush is confirmed. The delta was dropped by the
// first reset, so the Confirm must subtract nothing and the request
// committed after the resets must still wait for a flush. A count of
// resets in a byte, which the Pending compared (entry.resets until
// overflow.takenDropped alone told), equals the Pending's again after 256
// resets. If the Confirm does not see the drop, it subtracts the dropped
// delta (2) from the later count (1), and addLocal's clamp at 0 turns what
// would be a visible -1 into a silent 0: a committed request that never
// reaches the store.
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

// A flush whose delta 256 resets dropped while it was taken (a count of
// resets in a byte would wrap to the Pending's: the overflow's
// takenDropped tells) is settled by Confirm, Abort, or Replace and then
// Abort; each of them clears takenDropped, so the next flush's delta (the
// request committed after the resets) is subtracted when it is confirmed,
// not counted again. For a key
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

// resetStep is one step of TestResetWhileTakenInEveryOrdering on the key
// k (or, for evict, on another key). Versions: the key's document is v1
// (epoch 0: never reset) where a case applies it, a flush's write lands as
// v2, and the resets write v3 (epoch 2) and on, each a version and an
// epoch above the last.
type resetStep struct {
	op string // see the switch in runResetSteps
	n  int    // commit: requests; resets: how many
	v  int64  // apply, reset, resets (the first), replace: the document's version; its epoch is v-1
	// write is the requests the Replace's rebased Pending is to write; it
	// is written and confirmed if any, else aborted (nothing to write).
	write int64
}

// resetClock is the time of runResetSteps: its tier's size, and the time
// of step i, from + i×step after t0.
type resetClock struct{ size, from, step time.Duration }

// runResetSteps runs steps on a cache of one shard that holds one key
// (MaxKeys 1: evict's commit of another key evicts k), then checks that k
// has local left to flush, that the next flush takes exactly that, and
// that nothing is left once it is confirmed.
func runResetSteps(t *testing.T, steps []resetStep, local int64, clock resetClock) {
	t.Helper()
	c := newCache(t, Config{Shards: 1, MaxKeys: 1})
	k, x := Key{ClientID: "client", User: "user"}, Key{ClientID: "other"}
	tiers := unreachedTiers(clock.size)
	at := func(s int) time.Time { return t0.Add(clock.from + time.Duration(s)*clock.step) }
	snap := func(v int64) Snapshot { return Snapshot{Version: v, Epoch: v - 1} }
	var (
		p    *Pending // k's Pending, from take to its settlement
		open Reservation
	)
	for i, s := range steps {
		now := at(i)
		switch s.op {
		case "apply": // a pull installs k's document
			c.Apply(k, snap(s.v), now)
		case "commit":
			c.Commit(new(c.Reserve(k, tiers, int64(s.n), Enforce, now).Reservation))
		case "reserve": // a request on k is admitted; its token is issued at commit-open
			open = c.Reserve(k, tiers, 1, Enforce, now).Reservation
		case "commit-open":
			c.Commit(&open)
		case "take":
			for _, q := range c.TakeDirty(nil, now) {
				if q.Key != k {
					c.Abort(&q)
					continue
				}
				if p != nil {
					t.Fatalf("step %d: two Pendings of %v", i, k)
				}
				p = &q
			}
			if p == nil {
				t.Fatalf("step %d: the flush took nothing of %v", i, k)
			}
		case "reset": // Cache.Reset, as Syncer.Reset calls it once the reset's document is written
			c.Reset(k, snap(s.v), now)
		case "resets":
			for j := range int64(s.n) {
				c.Reset(k, snap(s.v+j), now)
			}
		case "evict": // a request on another key evicts k at MaxKeys
			c.Commit(new(c.Reserve(x, tiers, 1, Enforce, now).Reservation))
			if c.find(k).hotLine != nil {
				t.Fatalf("step %d: %v still held", i, k)
			}
		case "confirm": // p's write landed, before any reset: v2, epoch as taken
			c.Confirm(p, Snapshot{Version: 2, Epoch: p.Base.Epoch, Frames: Merge(p.Base.Frames, p.Delta, now)}, now)
			p = nil
		case "replace": // p's write was refused: the document read back is v
			q := c.Replace(p, snap(s.v), now)
			if got := Requests(q.Delta); got != s.write {
				t.Fatalf("step %d: Replace's Pending writes %d requests, want %d", i, got, s.write)
			}
			if s.write > 0 {
				c.Confirm(&q, Snapshot{Version: s.v + 1, Epoch: q.Base.Epoch, Frames: Merge(q.Base.Frames, q.Delta, now)}, now)
			} else {
				c.Abort(&q)
			}
			p = nil
		case "abort":
			c.Abort(p)
			p = nil
		default:
			t.Fatalf("step %d: no op %q", i, s.op)
		}
	}
	now := at(len(steps))
	if got := localRequests(c, k, now); got != local {
		t.Fatalf("%d requests of %v left to flush, want %d", got, k, local)
	}
	var flushed int64
	for _, q := range c.TakeDirty(nil, now) {
		if q.Key == k {
			flushed += Requests(q.Delta)
		}
		c.Confirm(&q, Snapshot{Version: 100, Epoch: q.Base.Epoch, Frames: Merge(q.Base.Frames, q.Delta, now)}, now)
	}
	if flushed != local {
		t.Errorf("the next flush took %d requests of %v, want %d", flushed, k, local)
	}
	if got := localRequests(c, k, now); got != 0 {
		t.Errorf("%d requests of %v left after the next flush was confirmed, want 0 (they would be written twice)", got, k)
	}
}

// TestResetWhileTakenInEveryOrdering: a reset meets a flush of the key
// (2 requests taken) in each order it can: before the flush takes the
// delta, between the take and its settlement (by Cache.Reset, once or
// many times; by a pull's install of the reset's document; by the
// refused write's read back itself), while the key is taken and then
// evicted with a request still open, and after the key was evicted with
// its counts (Cache.Reset does not reach it, only the write's read back
// does). The flush is settled each way it can be: confirmed (its write
// landed before the reset, so the reset cleared it in the store),
// refused and rebased on the reset's document, or aborted. A dropped
// delta must be neither subtracted from the counts committed after the
// reset nor written again, and what was committed after the reset is
// flushed once. It fails if Confirm or Replace does not read
// overflow.takenDropped, if Confirm or Abort does not clear it, or if
// dropLocal sets it on a key that is not taken, or does not set it on one
// that is.
func TestResetWhileTakenInEveryOrdering(t *testing.T) {
	take := []resetStep{{op: "commit", n: 2}, {op: "take"}}
	known := []resetStep{{op: "commit", n: 2}, {op: "apply", v: 1}, {op: "take"}} // the key holds a document: its epoch is known
	seq := func(parts ...[]resetStep) []resetStep {
		var out []resetStep
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	one := func(op string, n int, v int64) []resetStep { return []resetStep{{op: op, n: n, v: v}} }
	after := one("commit", 1, 0) // one request committed after the reset
	cases := []struct {
		name  string
		steps []resetStep
		local int64 // left to flush after the settlement
	}{
		{"reset before the take, confirmed", seq(one("commit", 2, 0), one("reset", 0, 3), one("commit", 1, 0), one("take", 0, 0), one("confirm", 0, 0)), 0},
		{"reset before the take, aborted", seq(one("commit", 2, 0), one("reset", 0, 3), one("commit", 1, 0), one("take", 0, 0), one("abort", 0, 0)), 1},

		{"Cache.Reset while taken, confirmed", seq(take, one("reset", 0, 3), after, one("confirm", 0, 0)), 1},
		{"Cache.Reset while taken, replaced", seq(take, one("reset", 0, 3), after, []resetStep{{op: "replace", v: 3}}), 1},
		{"Cache.Reset while taken, aborted", seq(take, one("reset", 0, 3), after, one("abort", 0, 0)), 1},
		{"three resets while taken, confirmed", seq(take, one("resets", 3, 3), after, one("confirm", 0, 0)), 1},
		{"three resets while taken, replaced", seq(take, one("resets", 3, 3), after, []resetStep{{op: "replace", v: 5}}), 1},
		{"256 resets while taken, confirmed", seq(take, one("resets", 256, 3), after, one("confirm", 0, 0)), 1},
		{"256 resets while taken, replaced", seq(take, one("resets", 256, 3), after, []resetStep{{op: "replace", v: 258}}), 1},

		{"a pull installs the reset while taken, confirmed", seq(known, one("apply", 0, 3), after, one("confirm", 0, 0)), 1},
		{"a pull installs the reset while taken, replaced", seq(known, one("apply", 0, 3), after, []resetStep{{op: "replace", v: 3}}), 1},
		{"a pull installs the reset, then Cache.Reset of it, confirmed", seq(known, one("apply", 0, 3), after, one("reset", 0, 3), one("confirm", 0, 0)), 1},
		{"a pull, then Cache.Reset of a later reset, replaced", seq(known, one("apply", 0, 3), after, one("reset", 0, 4), one("commit", 1, 0), []resetStep{{op: "replace", v: 4}}), 1},
		{"the refused write's read back brings the reset", seq(known, []resetStep{{op: "replace", v: 3}}, after), 1},

		{"reset while taken, evicted, then an open request commits; confirmed", seq(one("commit", 2, 0), one("reserve", 0, 0), one("take", 0, 0), one("reset", 0, 3), one("evict", 0, 0), one("commit-open", 0, 0), one("confirm", 0, 0)), 1},
		{"reset while taken, evicted, then an open request commits; replaced", seq(one("commit", 2, 0), one("reserve", 0, 0), one("take", 0, 0), one("reset", 0, 3), one("evict", 0, 0), one("commit-open", 0, 0), []resetStep{{op: "replace", v: 3}}), 1},

		// Evicted with its counts (detached), then reset: Cache.Reset
		// does not hold the key; the write's read back drops the delta
		// if the key knew an epoch, and a key that never installed a
		// document cannot tell counts before the reset from those after
		// (install's comment): its delta is written on the reset's
		// document.
		{"evicted, then reset; landed before the reset", seq(one("commit", 2, 0), one("apply", 0, 1), one("evict", 0, 0), one("take", 0, 0), one("reset", 0, 3), one("confirm", 0, 0)), 0},
		{"evicted, then reset; refused by the reset", seq(one("commit", 2, 0), one("apply", 0, 1), one("evict", 0, 0), one("take", 0, 0), one("reset", 0, 3), []resetStep{{op: "replace", v: 3}}), 0},
		{"evicted, then reset; aborted", seq(one("commit", 2, 0), one("apply", 0, 1), one("evict", 0, 0), one("take", 0, 0), one("reset", 0, 3), one("abort", 0, 0)), 2},
		{"evicted before its first document, then reset; refused", seq(one("commit", 2, 0), one("evict", 0, 0), one("take", 0, 0), one("reset", 0, 3), []resetStep{{op: "replace", v: 3, write: 2}}), 0},
	}
	// Each case with its frames still (an hour's, steps of a second), and
	// with a minute's frames rolling over between its steps (steps of 10 s
	// from 25 s past a minute: the frame of the take or the reset is the
	// previous one at the settlement, or at the flush after it).
	for _, clock := range []resetClock{{time.Hour, 0, time.Second}, {time.Minute, 25 * time.Second, 10 * time.Second}} {
		for _, tc := range cases {
			t.Run(fmt.Sprintf("%v frames/%s", clock.size, tc.name), func(t *testing.T) {
				runResetSteps(t, tc.steps, tc.local, clock)
			})
		}
	}
}

package cache

import (
	"testing"
	"time"
)

// TestCommitToRetiredSize checks addLocal's rule for a commit whose window
// size the key no longer has a counter of (retired for a fifth size while
// the request was open): kept as an orphan if its frame was still in the
// window at the key's last decision, not counted if it had left it. The
// clamp in addLocal (a subtraction never goes below 0) hides a wrong rule
// from the tests that only look for negative counts, so the rule is checked
// here directly.
func TestCommitToRetiredSize(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	tests := []struct {
		name     string
		retireAt time.Duration // after the reservation, at the start of a minute
		want     int64         // the minute frame's local count after the commit
	}{
		{"retired 30 s later: still in the window", 30 * time.Second, 1},
		{"retired 119 s later: still in the window", 119 * time.Second, 1},
		{"retired 120 s later: left it", 120 * time.Second, 0},
		{"retired 200 s later: left it", 200 * time.Second, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(t, Config{})
			k := Key{ClientID: "svc", User: "u"}
			d0 := c.Reserve(k, unreachedTiers(10*m, h, d, m), 1, Enforce, modelStart)
			// A fifth size retires the minute counter (the last of the
			// four), which holds no counts yet (the request is open).
			c.Release(new(c.Reserve(k, unreachedTiers(2*h), 1, Enforce, modelStart.Add(tt.retireAt)).Reservation))
			mustHaveRetired(t, c, k, m)
			c.Commit(&d0.Reservation)
			var got int64
			for _, p := range c.AppendLocal(nil, modelStart.Add(tt.retireAt)) {
				for _, f := range p.Delta {
					if f.Size == m && f.StartUnix == modelStart.Unix() {
						got += f.N
					}
				}
			}
			if got != tt.want {
				t.Errorf("minute frame's local count %d, want %d", got, tt.want)
			}
		})
	}
}

// TestCommitIntoCounterRemadeBehind: a reservation open while its key's
// minute counter is retired (a fifth window size over the key's life) and
// made again by a request whose clock reads an earlier minute (a clock that
// stepped back, or simply a request that read time.Now a moment before the
// boundary and took the key's lock after one that read it after) must still
// count, in the minute it was reserved in, once that minute is current
// again. addLocal finds a counter of the size whose slots do not include
// the reserved frame and, because the frame is newer than the counter's
// current one rather than older, drops a count that is inside the window.
func TestCommitIntoCounterRemadeBehind(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	k := Key{ClientID: "client", User: "user"}
	cases := []struct {
		name       string
		reservedAt time.Time // in the minute frame t0+60
		remadeAt   time.Time // the clock of the requests that retire and remake the minute counter
		checkAt    time.Time
		wantCurr   int64 // the minute tier's local count, current frame, at checkAt
		wantPrev   int64
	}{
		{"remade in the reserved minute", t0.Add(90 * time.Second), t0.Add(95 * time.Second), t0.Add(100 * time.Second), 1, 0},
		{"remade a minute later", t0.Add(90 * time.Second), t0.Add(150 * time.Second), t0.Add(150 * time.Second), 0, 1},
		{"remade by a clock stepped back 60 s", t0.Add(90 * time.Second), t0.Add(30 * time.Second), t0.Add(100 * time.Second), 1, 0},
		{"remade by a request whose clock read 1 ms before the boundary", t0.Add(60 * time.Second), t0.Add(60*time.Second - time.Millisecond), t0.Add(61 * time.Second), 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			open := c.Reserve(k, unreachedTiers(10*m, h, d, m), 1, Enforce, tc.reservedAt).Reservation
			// A policy of another size retires the minute counter, the
			// last of the four not in use; then the minute comes back
			// and retires another.
			c.Release(new(c.Reserve(k, unreachedTiers(2*h), 1, Enforce, tc.remadeAt).Reservation))
			mustHaveRetired(t, c, k, m)
			c.Release(new(c.Reserve(k, unreachedTiers(m), 1, Enforce, tc.remadeAt).Reservation))
			c.Commit(&open)

			var st KeyState
			if !c.Inspect(k, unreachedTiers(m, h), tc.checkAt, &st) {
				t.Fatal("key not held")
			}
			if got := st.Tiers[0].Local; got.Curr != tc.wantCurr || got.Prev != tc.wantPrev {
				t.Errorf("minute tier local %+v at +%v, want curr %d prev %d: the committed request is not counted in its minute",
					got, tc.checkAt.Sub(t0), tc.wantCurr, tc.wantPrev)
			}
			if got := st.Tiers[1].Local.Curr; got != 1 {
				t.Errorf("hour tier local %d, want 1", got)
			}
			var minute int64
			for _, p := range c.AppendLocal(nil, tc.checkAt) {
				for _, f := range p.Delta {
					if f.Size == m {
						minute += f.N
					}
				}
			}
			if want := tc.wantCurr + tc.wantPrev; minute != want {
				t.Errorf("the next flush would write %d in minute frames, want %d", minute, want)
			}
		})
	}
}

// TestNoNegativeLocalAfterRetireBehindSyncer: a flush takes a key's
// minute delta (2 in the minute t0); a pull, at t0+120 s, rolls the minute
// counter past that frame, which drops the local 2 (they have left the
// window; the flush still has them). A request whose clock read a moment
// earlier (or a clock that stepped back) then retires the minute counter
// for a fifth window size, and a reservation opened in the minute t0 is
// committed. addLocal's rule for a size no counter holds compares the frame
// with lastUsed, the retiring request's clock, not with the time the
// counter rolled at: the frame "had not left the window", so it becomes an
// orphan of 1, and the flush's Confirm subtracts its 2 from it: -1. With a
// clock stepped back 2 minutes the minute counter is remade behind the
// frame, which then counts as "after the counter's current one", and the
// -1 is adopted into the counter once the clock comes back to t0: a
// negative count inside the window, which admits a request more and whose
// flush takes one of the store's counts back out. What keeps the count
// from going negative is addLocal's clamp on an orphan (a Confirm that
// subtracts more than the orphan holds leaves 0): without the clamp this
// test fails; without addLocal's lastUsed rule or its n > 0 rule it still
// passes (TestCommitToRetiredSize checks the lastUsed rule).
func TestNoNegativeLocalAfterRetireBehindSyncer(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	k := Key{ClientID: "client", User: "user"}
	cases := []struct {
		name     string
		retireAt time.Time // the clock of the request that retires the minute counter
		remake   bool      // a request at retireAt then limits the key per minute again
		byReq    bool      // a request at +120 s rolls the counter, not a pull
	}{
		// Passes: the retiring request's clock is past the frame's window.
		{"retired by a request at the pull's second", t0.Add(121 * time.Second), false, false},
		// Fail: lastUsed lags the time the syncer rolled the counter at.
		{"retired by a request whose clock read 1 ms before the pull's", t0.Add(120*time.Second - time.Millisecond), false, false},
		{"retired by a clock stepped back 100 s", t0.Add(20 * time.Second), false, false},
		{"retired and remade by a clock stepped back 2 minutes", t0.Add(-60 * time.Second), true, false},
		{"rolled by a request, retired by one whose clock read 1 ms before it", t0.Add(120*time.Second - time.Millisecond), false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			tiers := unreachedTiers(10*m, h, d, m) // the minute last: a fifth size retires it
			c.Commit(new(c.Reserve(k, tiers, 2, Enforce, t0).Reservation))
			open := c.Reserve(k, tiers, 1, Enforce, t0.Add(10*time.Second)).Reservation
			ps := c.TakeDirty(nil, t0.Add(20*time.Second))
			if len(ps) != 1 {
				t.Fatalf("took %d keys, want 1", len(ps))
			}
			p := ps[0]
			// The pull: any newer document; it rolls the counters to +120 s.
			if tc.byReq {
				c.Release(new(c.Reserve(k, tiers, 1, Enforce, t0.Add(120*time.Second)).Reservation))
			} else {
				c.Apply(k, Snapshot{Version: 1}, t0.Add(120*time.Second))
			}
			c.Release(new(c.Reserve(k, unreachedTiers(2*h), 1, Enforce, tc.retireAt).Reservation))
			mustHaveRetired(t, c, k, m)
			if tc.remake {
				c.Release(new(c.Reserve(k, unreachedTiers(m), 1, Enforce, tc.retireAt).Reservation))
			}
			c.Commit(&open)
			confirmAt := t0.Add(121 * time.Second)
			c.Confirm(&p, Snapshot{Version: 2, Frames: Merge(p.Base.Frames, p.Delta, confirmAt)}, confirmAt)

			for _, at := range []time.Time{confirmAt, t0.Add(time.Second)} { // t0+1 s: the clock still behind
				for _, q := range c.AppendLocal(nil, at) {
					for _, f := range q.Delta {
						if f.N < 0 {
							t.Errorf("at +%v: local count %d in the %v frame at +%v: the flush's Confirm subtracted its delta from a count made after the delta left the window",
								at.Sub(t0), f.N, f.Size, time.Unix(f.StartUnix, 0).Sub(t0))
						}
					}
				}
			}
		})
	}
}

// TestCommitToRetiredSizeBefore1970: addLocal keeps a commit into a frame
// of a size no counter holds any more if the frame had not left the window
// at the key's last decision, lastUsed. lastUsed is clamped to 0 for a
// clock before 1970 (setLastUsed), so with such a clock the rule reads
// every frame as long gone and drops a committed request whose minute is
// still in the window; the same commit an hour later in 2023 is kept.
func TestCommitToRetiredSizeBefore1970(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	k := Key{ClientID: "client", User: "user"}
	cases := []struct {
		name  string
		start time.Time // a minute boundary
	}{
		{"2023", t0},
		{"1969", time.Unix(-3600, 0)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			open := c.Reserve(k, unreachedTiers(10*m, h, d, m), 1, Enforce, tc.start.Add(10*time.Second)).Reservation
			// A fifth size retires the minute counter (the last of the
			// four) 5 s later.
			c.Release(new(c.Reserve(k, unreachedTiers(2*h), 1, Enforce, tc.start.Add(15*time.Second)).Reservation))
			mustHaveRetired(t, c, k, m)
			c.Commit(&open)
			var minute int64
			for _, p := range c.AppendLocal(nil, tc.start.Add(20*time.Second)) {
				for _, f := range p.Delta {
					if f.Size == m {
						minute += f.N
					}
				}
			}
			if minute != 1 {
				t.Errorf("the next flush would write %d in minute frames, want 1: the request was committed 20 s into its minute", minute)
			}
		})
	}
}

// A subtraction (a Confirm taking back a flushed delta) that finds neither
// a counter's slot nor an orphan of its frame has nothing to subtract
// from: it makes no orphan. A negative orphan would admit as many requests
// too many and, flushed, take them out of the store's count.
func TestSubtractionFindingNothingMakesNoOrphan(t *testing.T) {
	e := opened(nil, newEntry(Key{ClientID: "client", User: "user"}, t0.Unix(), false))
	e.addLocal(60, t0.Unix(), -2) // the minute frame of the key's last decision: no counter holds it
	if e.more != nil && len(e.more.orphan) > 0 {
		t.Errorf("orphans %v after subtracting from nothing, want none", e.more.orphan)
	}
	e.addLocal(60, t0.Unix(), 3) // the same frame counted: an orphan of 3
	if e.more == nil || len(e.more.orphan) != 1 || e.more.orphan[0].N != 3 {
		t.Fatalf("orphans after adding 3: %v, want one of 3", e.more)
	}
}

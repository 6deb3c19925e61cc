package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// R5's review of b1e4140 and the levers before it: each test replays one
// interleaving step by step and states what the cache promises about it.

// TestR5NoNegativeLocalAfterRetireBehindSyncer: a flush takes a key's
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
// flush takes one of the store's counts back out. The commit message of
// b1e4140 says this is what the lastUsed rule and the n > 0 rule prevent
// ("R4's model ... the flush's Confirm left -2").
func TestR5NoNegativeLocalAfterRetireBehindSyncer(t *testing.T) {
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
			tiers := r4Tiers(10*m, h, d, m) // the minute last: a fifth size retires it
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
			c.Release(new(c.Reserve(k, r4Tiers(2*h), 1, Enforce, tc.retireAt).Reservation))
			mustHaveRetired(t, c, k, m)
			if tc.remake {
				c.Release(new(c.Reserve(k, r4Tiers(m), 1, Enforce, tc.retireAt).Reservation))
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

// TestR5KeyHashSplitsAndViews: every split of one string hashes apart (the
// lengths reach the last mix), and a part that views a longer buffer hashes
// as its copy whatever the bytes after its end (no read past a part's end),
// for every length across the 1-3, 4-7, 8-16 and chained cases.
func TestR5KeyHashSplitsAndViews(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	cases := []struct {
		name string
		fill func(i int) byte
	}{
		{"one byte repeated", func(int) byte { return 'a' }},
		{"counting bytes", func(i int) byte { return byte(i) }},
		{"zero bytes", func(int) byte { return 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for n := 0; n <= 48; n++ {
				b := make([]byte, n)
				for i := range b {
					b[i] = tc.fill(i)
				}
				s := string(b)
				seen := make(map[uint64]int)
				for i := 0; i <= n; i++ {
					h := c.hash(Key{ClientID: s[:i], User: s[i:]})
					if j, dup := seen[h]; dup {
						t.Errorf("length %d: splits at %d and %d hash alike", n, j, i)
					}
					seen[h] = i
					// The same parts as views of longer buffers whose
					// following bytes differ.
					for _, tail := range []string{"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "zzzzzzzzzzzzzzzz"} {
						cl, us := s[:i]+tail, s[i:]+tail
						if got := c.hash(Key{ClientID: cl[:i], User: us[:n-i]}); got != h {
							t.Errorf("length %d split %d: a view of a longer buffer (tail %q) hashes %#x, its copy %#x", n, i, tail[:1], got, h)
						}
					}
				}
			}
		})
	}
}

// TestR5CommitToRetiredSizeBefore1970: addLocal keeps a commit into a frame
// of a size no counter holds any more if the frame had not left the window
// at the key's last decision, lastUsed. lastUsed is clamped to 0 for a
// clock before 1970 (setLastUsed), so with such a clock the rule reads
// every frame as long gone and drops a committed request whose minute is
// still in the window; the same commit an hour later in 2023 is kept.
func TestR5CommitToRetiredSizeBefore1970(t *testing.T) {
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
			open := c.Reserve(k, r4Tiers(10*m, h, d, m), 1, Enforce, tc.start.Add(10*time.Second)).Reservation
			// A fifth size retires the minute counter (the last of the
			// four) 5 s later.
			c.Release(new(c.Reserve(k, r4Tiers(2*h), 1, Enforce, tc.start.Add(15*time.Second)).Reservation))
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

// TestR5RollAtFastPathEquivalent: rollTo's inlined test for a counter (an
// unsigned compare; rollAt's, for a key of one size, until 80a245d moved
// it into Reserve's loop) leaves the counter exactly where the
// loop it replaced (bb369de^: every counter, signed compares) leaves it,
// for clocks before 1970, clocks that stepped back, a frame's last second
// and first second after, and far times. (A clock that stepped back by
// more than a frame moves the counter back, its counts made frames of
// their own: TestClockSteppedBack.)
func TestR5RollAtFastPathEquivalent(t *testing.T) {
	ref := func(e *entry, now time.Time) { // rollAll before bb369de
		u := now.Unix()
		for i := range int(e.n) {
			c := e.at(i)
			if u >= c.start && u-c.start < int64(c.size) {
				continue
			}
			if ns := frameStart(now, int64(c.size)); ns < c.start-int64(c.size) {
				e.retire(c)
				*c = counter{size: c.size, start: ns}
				e.adopt(c)
				continue
			}
			if c.roll(frameStart(now, int64(c.size))) && e.more != nil {
				e.adopt(c)
			}
		}
	}
	for _, size := range []int64{1, 7, 60, 86400} {
		for _, start := range []int64{-2 * 86400 * 7, -86400 * 7, 0, 1_700_006_400} {
			start -= mod64(start, size) // a frame's start, as counters hold
			for _, du := range []int64{-1 << 40, -2 * size, -size, -1, 0, 1, size - 1, size, size + 1, 2*size - 1, 2 * size, 3 * size, 1 << 40} {
				u := start + du
				now := time.Unix(u, 999_999_999)
				mk := func() *entry {
					e := newEntry(Key{ClientID: "c"}, start, false)
					e.n = 1
					e.first = counter{size: int32(size), start: start, global: [2]int64{3, 5}, local: [2]int64{7, 11}}
					return e
				}
				got, want := mk(), mk()
				got.rollTo(&got.first, u)
				ref(want, now)
				if got.first != want.first {
					t.Errorf("size %d start %d u %+d: rollTo %+v, before %+v", size, start, du, got.first, want.first)
				}
			}
		}
	}
}

func mod64(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// TestR5ReservedWeightEquivalent: reservedWeight's early return (882371e)
// and Reserve's guard e.reserved > 0 (a11c653) give what reservedWeight
// gave before them, for every reserved cost around the tenth and the full
// limit, limits 1 to MaxInt64, and any settle history; the guard differs
// only for a negative reserved, which Reserve, Commit and Release never
// make (cost ≥ 0, each Reservation settled once; policy.MaxCost bounds the
// sum far below overflow).
func TestR5ReservedWeightEquivalent(t *testing.T) {
	old := func(e *entry, lim int64) int64 { // before 882371e
		r := e.reserved
		if r <= 0 {
			return r
		}
		full := max(1, ceilDiv(lim, 10))
		if r <= full {
			return r
		}
		ok, all := int64(e.committed), int64(e.committed)+int64(e.released)
		if all < settleEvidence || ok == all {
			return r
		}
		return full + (r-full)*ok/all
	}
	for _, lim := range []int64{1, 2, 9, 10, 11, 19, 20, 21, 99, 100, 101, 1000, 1 << 40} {
		for _, hist := range [][2]uint8{{0, 0}, {8, 0}, {0, 8}, {3, 5}, {31, 32}, {1, 7}} {
			for _, r := range []int64{0, 1, 2, 3, lim/10 - 1, lim / 10, lim/10 + 1, lim/10 + 2, lim - 1, lim, lim + 1, 2 * lim, 1 << 41} {
				if r < 0 {
					continue
				}
				e := &entry{reserved: r, committed: hist[0], released: hist[1]}
				tier := r4Tiers(time.Minute)[0]
				tier.Limit = lim
				var got int64
				if e.reserved > 0 {
					got = e.reservedWeight(tier)
				}
				if want := old(e, lim); got != want {
					t.Errorf("limit %d reserved %d settled %v: %d, before %d", lim, r, hist, got, want)
				}
			}
		}
	}
}

// TestR5DroppedCountsRequestsAcrossPolicyChange: Stats.Dropped counts
// requests as Requests does, the largest sum of one window size, on the
// grounds that the fullest size holds every request the others hold. After
// a policy change that retires every counter (four new sizes), the old
// requests are orphans of the old sizes and the new ones are only in the
// new sizes: no size holds them all, and dropping the key at the detached
// cap reports the larger group only, as Stats.Dropped documents.
func TestR5DroppedCountsRequestsAcrossPolicyChange(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	cases := []struct {
		name          string
		before, after int
	}{
		{"no policy change", 5, 0},
		{"5 before, 3 after", 5, 3},
		{"2 before, 6 after", 2, 6},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1})
			now := modelStart
			commit := func(k Key, tiers []window.Tier) { c.Commit(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
			commit(Key{ClientID: "x"}, r4Tiers(h)) // waits for a flush: detached 1 = MaxKeys
			v := Key{ClientID: "v"}
			for range tc.before {
				commit(v, r4Tiers(m, 10*m, h, d)) // the first evicts x
			}
			for range tc.after {
				commit(v, r4Tiers(2*h, 3*h, 4*h, 5*h))
			}
			commit(Key{ClientID: "w"}, r4Tiers(h)) // evicts v at the cap: its counts are dropped
			// Documented (Stats.Dropped) as a lower bound across such a
			// change: at least the requests of the fullest size, at most
			// all of them.
			lo, hi := int64(max(tc.before, tc.after)), int64(tc.before+tc.after)
			if got := c.Stats().Dropped; got < lo || got > hi {
				t.Errorf("Stats.Dropped %d after dropping %d requests of cost 1 (%d in the fullest size)", got, hi, lo)
			}
		})
	}
}

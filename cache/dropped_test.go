package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// R4's review of the cache: each test below replays one interleaving
// step by step and states what the cache promises about it.

// r4Tiers returns tiers of the given sizes with a limit nothing reaches.
func r4Tiers(sizes ...time.Duration) []window.Tier {
	ts := make([]window.Tier, len(sizes))
	for i, s := range sizes {
		ts[i] = window.Tier{Size: s, Limit: 1 << 40}
	}
	return ts
}

// TestR4CommitIntoCounterRemadeBehind: a reservation open while its key's
// minute counter is retired (a fifth window size over the key's life) and
// made again by a request whose clock reads an earlier minute (a clock that
// stepped back, or simply a request that read time.Now a moment before the
// boundary and took the key's lock after one that read it after) must still
// count, in the minute it was reserved in, once that minute is current
// again. addLocal finds a counter of the size whose slots do not include
// the reserved frame and, because the frame is newer than the counter's
// current one rather than older, drops a count that is inside the window.
func TestR4CommitIntoCounterRemadeBehind(t *testing.T) {
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
			open := c.Reserve(k, r4Tiers(10*m, h, d, m), 1, Enforce, tc.reservedAt).Reservation
			// A policy of another size retires the minute counter, the
			// last of the four not in use; then the minute comes back
			// and retires another.
			c.Release(new(c.Reserve(k, r4Tiers(2*h), 1, Enforce, tc.remadeAt).Reservation))
			mustHaveRetired(t, c, k, m)
			c.Release(new(c.Reserve(k, r4Tiers(m), 1, Enforce, tc.remadeAt).Reservation))
			c.Commit(&open)

			var st KeyState
			if !c.Inspect(k, r4Tiers(m, h), tc.checkAt, &st) {
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

// TestR4InFlightDeltaNotDroppedAfterDuplicateAbort: the syncer aborts a
// second Pending of a key whose earlier write is still unsettled (a lost
// acknowledgement being resent; syncer/flush.go, "busy"). The cache's
// taken flag is a bool, so that Abort clears it while the first Pending is
// still out; evictForCap at the detached cap then drops the key's local
// counts, the in-flight delta included, which it promises to leave alone
// ("A key a flush has taken is left alone: the flush settles it"). When the
// first write is then confirmed, Confirm subtracts the delta a second time:
// the key's local count goes negative, and its next flush takes the landed
// delta back out of the store.
func TestR4InFlightDeltaNotDroppedAfterDuplicateAbort(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 1})
	tiers := r4Tiers(time.Hour)
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

// TestR4DroppedCountsRequests: Stats.Dropped is exported as
// cache_dropped_counts_total, "tokens counted by this instance but
// dropped", and ResetDropped counts requests (Requests: the largest sum of
// one window size). evictForCap adds localSum, the sum over every size, so
// one dropped token of a key limited per minute and per hour counts 2.
func TestR4DroppedCountsRequests(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	cases := []struct {
		name  string
		tiers []window.Tier
		cost  int64
	}{
		{"one size", r4Tiers(h), 3},
		{"two sizes", r4Tiers(m, h), 3},
		{"four sizes", r4Tiers(m, 10*m, h, d), 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1})
			now := modelStart
			commit := func(k Key, cost int64) { c.Commit(new(c.Reserve(k, tc.tiers, cost, Enforce, now).Reservation)) }
			commit(Key{ClientID: "x"}, 1)       // x's count waits for a flush: detached 1 = MaxKeys
			commit(Key{ClientID: "v"}, tc.cost) // evicts x
			commit(Key{ClientID: "w"}, 1)       // evicts v at the cap: its cost is dropped
			if got := c.Stats().Dropped; got != tc.cost {
				t.Errorf("Stats.Dropped %d after dropping one request of cost %d", got, tc.cost)
			}
		})
	}
}

// TestR4DetachedStayWithinMaxKeys: while the store is down (nothing is
// flushed) and new keys keep coming at MaxKeys, the evicted keys held for
// their unflushed counts must stay within MaxKeys ("at most MaxKeys such
// keys wait, beyond which their counts are dropped and counted";
// cache_detached_keys: "at most the key cap"). evictForCap prefers a key
// with only an open reservation (rank 1) to one with counts (rank 2), so
// the keys of requests in flight go first; when such a request's token is
// issued, Commit detaches its evicted entry without looking at the cap.
// Every request whose key was evicted while it was in flight then leaves
// an entry behind for as long as the outage lasts: memory grows with the
// traffic, not with MaxKeys.
func TestR4DetachedStayWithinMaxKeys(t *testing.T) {
	cases := []struct {
		name     string
		maxKeys  int
		requests int
	}{
		{"4 keys, 200 requests", 4, 200},
		{"16 keys, 1000 requests", 16, 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: tc.maxKeys})
			tiers := r4Tiers(time.Hour)
			now := modelStart
			for i := range tc.requests {
				// A request for a new client is admitted; while its
				// token is being issued, another new client's request
				// is admitted and issued.
				inFlight := c.Reserve(Key{ClientID: fmt.Sprint("a", i)}, tiers, 1, Enforce, now).Reservation
				c.Commit(new(c.Reserve(Key{ClientID: fmt.Sprint("b", i)}, tiers, 1, Enforce, now).Reservation))
				c.Commit(&inFlight)
				now = now.Add(time.Millisecond)
			}
			st := c.Stats()
			// The entries that hold counts: the table's and those on
			// the dirty lists.
			held := len(c.AppendLocal(nil, now))
			if st.Detached > int64(tc.maxKeys) || held > 2*tc.maxKeys {
				t.Errorf("after %d requests with the store down: Stats.Detached %d, %d entries hold unflushed counts; want at most MaxKeys = %d detached (Stats %+v)",
					2*tc.requests, st.Detached, held, tc.maxKeys, st)
			}
		})
	}
}

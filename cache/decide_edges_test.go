package cache

import (
	"math"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Edges of the decision that the rest of the package's tests left open
// (found by mutating decide.go, helper-112's run): what a refusal by the
// limit says of a shared key, what a denial's Used holds, and a key whose
// open reservations went below zero.

// A key that other instances count too, and that this instance has taken
// past the limit (CountAlways: dry-run or trusted requests), is refused by
// the limit, not by its share: the share is asked only while the limit
// leaves room. So the refusal is not Shared, is not counted as a share
// refusal, and its Retry-After is the window's, not lifted to the next sync.
// Asked regardless, the share (⌈5 ÷ 2⌉ less the 6 counted here: -3) was
// below the limit's room and took the refusal for its own.
func TestRefusedByLimitNotByShare(t *testing.T) {
	c := newCache(t, Config{SyncInterval: 5 * time.Minute})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(10), 0, Enforce, t0).Reservation)) // held
	c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: minuteFrames(5)}, t0)
	for range 6 {
		c.Commit(new(c.Reserve(k, perMinute(10), 1, CountAlways, t0).Reservation))
	}
	before := c.Stats().ShareRefusals // the CountAlways requests past the share: 2
	d := c.Reserve(k, perMinute(10), 1, Enforce, t0)
	if d.Allowed || d.Counted {
		t.Fatalf("11 counted of 10: %+v, want refused", d)
	}
	if d.Shared {
		t.Errorf("refused by the limit, reported as refused by the share: %+v", d)
	}
	if got := c.Stats().ShareRefusals - before; got != 0 {
		t.Errorf("ShareRefusals rose by %d, want 0", got)
	}
	if d.RetryAfter >= 5*time.Minute {
		t.Errorf("RetryAfter = %v: the sync interval's, want the window's (below 2 minutes)", d.RetryAfter)
	}
}

// A denial's Used is the binding tier's count with the request's cost, as an
// admission's is: the soft limit is read from it (see Decision.Used).
func TestDeniedUsedCountsTheCost(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	for range 4 {
		c.Commit(new(c.Reserve(k, perMinute(5), 1, Enforce, t0).Reservation))
	}
	d := c.Reserve(k, perMinute(5), 3, Enforce, t0)
	if d.Allowed {
		t.Fatalf("4 counted + 3 of 5 admitted: %+v", d)
	}
	if d.Used != 7 {
		t.Errorf("Used = %d, want 7 (4 counted, the request's 3)", d.Used)
	}
}

// A Reservation released twice (a copy of one: the API forbids it, but a
// caller's bug must not raise a limit) leaves the key's reserved count below
// zero. Such a key is decided by decide, which does not weigh a negative
// reservation, so it is admitted up to its limit and no further; taken by
// Reserve's fast path, which adds what is reserved, the -1 stayed through
// every reserve and commit after it, and each window admitted one request
// more than the limit.
func TestReleasedTwiceAdmitsNoMore(t *testing.T) {
	for _, tiers := range [][]window.Tier{perMinute(3), {{Limit: 3, Size: time.Minute}, {Limit: 100, Size: time.Hour}}} {
		c := newCache(t, Config{})
		k := Key{ClientID: "c"}
		r := c.Reserve(k, tiers, 1, Enforce, t0).Reservation
		cp := r
		c.Release(&r)
		c.Release(&cp)
		admitted := 0
		for range 10 {
			d := c.Reserve(k, tiers, 1, Enforce, t0)
			if d.Allowed {
				admitted++
				c.Commit(&d.Reservation)
			}
		}
		if admitted != 3 {
			t.Errorf("%d tiers: admitted %d after a reservation released twice, want the limit, 3", len(tiers), admitted)
		}
	}
}

// A request limited by no tier (an empty policy) is admitted and counted,
// with nothing binding: Remaining 0 and no Tier, not the MaxInt64 the
// search for the least remaining starts from, which a caller would send as
// a RateLimit header.
func TestNoTiersRemainingZero(t *testing.T) {
	c := newCache(t, Config{})
	d := c.Reserve(Key{ClientID: "c"}, nil, 1, Enforce, t0)
	if !d.Allowed || !d.Counted {
		t.Fatalf("no tiers: %+v, want admitted and counted", d)
	}
	if d.Remaining != 0 || d.Tier != (window.Tier{}) {
		t.Errorf("no tiers: Remaining %d, Tier %+v; want 0 and none", d.Remaining, d.Tier)
	}
	c.Commit(&d.Reservation)
}

// The history of how a key's reservations ended is halved when it reaches
// settleWindow, rounded up: one release among 63 commits stays one, and the
// key's reservations stay weighed by their share (see reservedWeight).
// Rounded down, the lone release was forgotten, and the next reservations
// counted as if all had been committed.
func TestSettleHalvingKeepsALoneOutcome(t *testing.T) {
	for _, committedLast := range []bool{false, true} {
		e := heapEntry(&new(entryMem).hotLine)
		for range settleWindow - 1 {
			e.settle(!committedLast)
		}
		e.settle(committedLast)
		ok, no := int(e.committed), int(e.released)
		if ok+no >= settleWindow || ok == 0 || no == 0 {
			t.Errorf("63 of one outcome, then 1 of the other: halved to %d committed, %d released; want both kept, below %d", ok, no, settleWindow)
		}
	}
}

// The largest window size a Reservation can name, 2^31-1 seconds, is
// accepted (one second more panics: TestPanicInDecideLeavesKeyUnlocked).
func TestLargestWindowSizeAccepted(t *testing.T) {
	c := newCache(t, Config{})
	tiers := []window.Tier{{Limit: 10, Size: math.MaxInt32 * time.Second}}
	d := c.Reserve(Key{ClientID: "c"}, tiers, 1, Enforce, t0)
	if !d.Allowed {
		t.Fatalf("a tier of 2^31-1 seconds: %+v, want admitted", d)
	}
	c.Commit(&d.Reservation)
}

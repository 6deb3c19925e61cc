package cache

import (
	"math"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The share. Each instance decides from the store's counts as it last read
// them plus its own since: what the others counted since their last flush
// (up to a sync interval) it does not see. Were each to admit up to the
// remainder its snapshot shows, a burst that reached N instances within a
// sync interval (a client minting a token per API call, in a spike spread
// by the load balancer) would be admitted up to N times that remainder. So
// when other instances count a key too (entry.writers ≥ 2), what the
// store's counts leave is split evenly: this instance's own counts since
// its snapshot, and its open reservations (by reservedShare), may take no
// more than ⌈remainder ÷ writers⌉ until its next read brings a new
// remainder. The fleet then admits at most the remainder plus writers-1
// per sync, whatever the burst. The price: an instance that gets more of a
// key's requests than its even share is refused past its share of the
// remainder in each sync interval (told to retry after one), though the
// limit is not reached: for a steady load that only binds near the limit
// (by arithmetic, not measured: an instance taking half a key's requests
// at 30 instances and the limit's own rate, in the last quarter of the
// limit).

// readNow records that e's document was just read: the share renews (see
// shareRoom).
func (e *open) readNow() {
	for i := range int(e.n) {
		e.at(i).sinceRead = 0
	}
}

// flushed adds the frames of delta, just written to the store by this
// instance, to the counts it flushed since its last read (see
// counter.sinceRead), in the counters whose window they are in.
func (e *open) flushed(delta []Frame) {
	for _, f := range delta {
		if c := e.counterOf(int64(f.Size / time.Second)); c != nil && c.slot(f.StartUnix) >= 0 {
			c.sinceRead = int32(min(int64(c.sinceRead)+max(f.N, 0), math.MaxInt32))
		}
	}
}

// shareRoom returns how much more this instance may count against tier t
// (whose counter is ct) at now, by its share of what the store's counts
// leave among w writers (Cache.writersOf), for a request of the given
// cost. An instance that has counted nothing since its last read may take
// the cost, though it exceeds its share: else a cost above ⌈limit ÷ w⌉
// (a password token that costs 3, a limit of 5, three instances) would
// never be admitted.
func (e *open) shareRoom(ct *counter, t window.Tier, now time.Time, w, cost int64) int64 {
	g := ct.globals()
	// The store's counts as last read: what this instance wrote since, in
	// global too, is its own, taken from its share, not a new one (a flush
	// renewed the share from the instance's own knowledge before the pull
	// after it brought the others'). Taken as counted in full, in the
	// current frame: the share is at most that much smaller.
	usedG := max(t.Used(g, now)-int64(ct.sinceRead), 0)
	// Rounded up: rounded down, a remainder smaller than writers would be
	// nobody's, and the key would never reach its limit. So the share
	// never admits more than each instance taking the whole remainder
	// would, and at most writers-1 more than the limit per sync.
	counts := ct.counts()
	counts.Curr += e.reservedShare()
	return shareLeft(t, usedG, t.Used(counts, now), w, cost)
}

// shareLeft is shareRoom's arithmetic: the share of what usedG (the
// store's counts as last read) leaves of t's limit among w writers, less
// what this instance counted since (used, its estimate with them, less
// usedG), and at least cost when that is nothing.
func shareLeft(t window.Tier, usedG, used, w, cost int64) int64 {
	mine := used - usedG
	sr := ceilDiv(max(t.Limit-usedG, 0), w) - mine
	if mine <= 0 {
		sr = max(sr, cost)
	}
	return sr
}

// shareRoomAt is shareRoom for Reserve's fast paths, which have the
// estimate used of ct's counts, with the reservations in full, at elapsed
// into its frame: the same, where reservedShare weighs them in full (the
// fast paths leave any other key to decide).
func shareRoomAt(ct *counter, t window.Tier, elapsed time.Duration, used, w, cost int64) int64 {
	usedG := max(t.UsedAfter(ct.globals(), elapsed)-int64(ct.sinceRead), 0)
	return shareLeft(t, usedG, used, w, cost)
}

// reservedShare returns how much of the reserved cost counts against an
// instance's share of a key (see shareRoom): in the share of the key's
// recent reservations that were committed once settleEvidence of them have
// ended, rounded up, in full before. Unlike reservedWeight it has no free
// tenth: a share can be that small, and a flood of failing requests must
// not fill it. Rounded down, one reservation of a key that had had a
// request released (7 of 8 committed) counted as nothing, and concurrent
// requests took one more than the share (TestShareCountsOpenReservationsRoundedUp).
func (e *open) reservedShare() int64 { return e.shareOf(e.reserved) }

// shareOf is reservedShare for r in flight (the fast paths read it from
// the narrow).
func (e entry) shareOf(r int64) int64 {
	ok, all := int64(e.committed), int64(e.committed)+int64(e.released)
	if r <= 0 || all < settleEvidence || ok == all {
		return r
	}
	return ceilDiv(r*ok, all)
}

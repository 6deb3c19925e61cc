// The size of the Store calls: BatchSize, shrunk behind a slow store.

package syncer

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"
)

// batchSize is the most writes (or keys) one Store.Write (or Store.Load)
// call carries now: BatchSize, halved after a call that timed out with no
// answer, grown back after calls that answered (see adapt). Behind a store
// slow per write or per document (a loaded server, a link of low
// bandwidth) a call of BatchSize can take longer than the store's timeout
// every time, and the same call, sent again whole, timed out again: while
// the store was slow but up, nothing was written (an outside audit, h58:
// bulks of 500 to FerretDB timed out for 7 minutes with the store up), or
// read. The flushes and the reads keep one each (Syncer.writes,
// Syncer.loads); its lock lets the pulls and a flush's reads share one.
//
// The reads share one size: the pulls', the new keys', the hot reads',
// the flush's read-backs' and the resets'. A call costs the store the
// same whoever makes it, and a read of many keys tells what a pull's call
// of as many would; a read of few that times out while larger ones answer
// in time says nothing of the size, and adapt leaves it (it shrank every
// pull's calls to 1 key, for one hot read or reset of 1 key).
type batchSize struct {
	mu  sync.Mutex
	n   int // the size now, 1 to max
	max int // Config.BatchSize
	// failTook is how long the last call that timed out took.
	failTook time.Duration
	// okN is the most writes or keys of a call that answered since the
	// last one of 2 or more that timed out, and okTook the least time a
	// call of okN took: what the store is known to carry in what time (see
	// adapt). Only the largest call is kept. A faster one of n or more
	// but smaller would excuse a timeout of n as well, but keeping the
	// fastest call of at least n, for every n, changed little in a
	// simulation (helper-77, twenty-third session): only behind a store
	// whose largest calls take over half its timeout with little jitter
	// and whose calls stall at random, up to 11% fewer calls and 13% fewer
	// timeouts, the store's time within 0.3% and the keys read within 0.6
	// points. There the shrink it spares moves the size toward calls that
	// fit in half the timeout.
	okN    int
	okTook time.Duration
	op     string       // "write" or "load", in the log lines
	logger *slog.Logger // Config.Logger
}

func newBatchSize(max int, op string, logger *slog.Logger) *batchSize {
	return &batchSize{n: max, max: max, op: op, logger: logger}
}

// size returns the most writes or keys the next call may carry.
func (b *batchSize) size() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
}

// adapt adjusts the size after a call of n writes or keys that took took:
// answered (some outcome known, or the documents read), or timed out with
// none.
//
// Timed out: the size becomes half the call's (the smaller of the size and
// n: a short last call halves itself, not the size, else the same call
// went whole again), at least 1, and took is remembered; but for two calls
// that say nothing of the size:
//
//   - a call of 1: none is smaller, and behind a store slow per call (or
//     down) it times out at any size. A hot read or a reset's read of 1
//     key set every pull's calls to 1 key, grown back by doubling only.
//   - a call of n, when the largest call that answered since the last
//     timeout (okN) is of n or more and took at most half the time this
//     one took (okTook; a faster call smaller than okN is not kept, even
//     of n or more): the store carries calls of n in time, and the time
//     per key cannot explain this one's; a call that was slow for the
//     time per call (a store pausing, or going down). It is let go once:
//     okN is forgotten, so a store that slowed down (or went down)
//     shrinks it at the next call that times out with no answered call
//     between. A call that answered in more than half the time is no
//     such proof: a store near its timeout answers and times out by
//     turns, and the size must shrink there.
//
// Only the store's timeout counts: the callers (load, write) leave out a
// call whose context ended, one that ran out of what was left of an admin
// reset's or the final flush's time, which says nothing of its size, and
// whose took is no time a call of that size takes. A store that is down
// halves it at each call of 2 or more that fails, but the first after one
// that answered in time (above), down to 1; it grows back by doubling once
// the store answers (below), from 1 back to a BatchSize of 500 in 9 calls.
//
// Answered, a full call below max: doubled if it took at most a quarter of
// the time the last one that timed out took (twice as many still well
// inside the store's timeout), an eighth more if at most half, and kept if
// longer: it stays, behind a store slow per write or document, where its
// calls take half its timeout or less, and no call times out again until
// the store slows down further.
//
// A call of fewer, n below the size, is judged as a full call that took
// took × size ÷ n: a call's time is a part for the call (the round trip)
// and a part per write or key, so a call of the size takes at most that
// (the whole of took taken as the part per key). Behind a store slow per
// key that is the time a full call would take, and the size grows only as
// a full call would grow it; behind a store slow per call (a long round
// trip) it is more than a full call's, and the size waits for full calls,
// as before. Once the store is fast again, a call of a few keys in a few
// milliseconds doubles the size: before, only full calls grew it, and an
// instance whose flushes and reads carry fewer keys than its size kept it
// (an outside drill, h90: after 90 s behind 8 s a round trip the sizes
// were 2 and 1, 64 100 s after the store was fast again, and 144 and 156,
// not 500, 25 minutes later); a later burst of dirty keys then took
// several times the calls it needs, and the gauge said "too slow for 500"
// of a store that was fast.
//
// Such a call is judged with twice the margin of a full one: doubled at
// an eighth of failTook, an eighth more at a quarter. A call of few keys
// is one sample of the store's time per key, where a full call sums many,
// and calls of fewer keys than the size are most of the calls: judged as
// full calls, one made while the store was less loaded grew the size
// more often than full calls did, and the next full call timed out. In
// a simulation (helper-105: 20,000 calls, one in ten full, the others of
// 10 keys; 2 ms a call and 10 ms a key times a load factor drawn from 1 to
// 2, 3 or 4 at each call; a timeout of 3 s), 165, 539 and 730 calls timed
// out, where 29, 148 and 211 when only full calls grew the size; with the
// margin, 29, 141 and 238. Behind a store fast again the margin costs
// little: its round trip, taken as time per key, now grows the size by
// calls of few keys only while size × round trip ÷ keys is within an
// eighth of failTook (a quarter for an eighth more), half what it was;
// TestBatchGrowsBackThroughSmallCalls is back at BatchSize as before.
//
// The first shrink below max is logged (Warn, as the other store warnings:
// the timeout itself is logged as an error at most once a minute), and so
// is the size's return to max (Info): one Warn and one Info an excursion
// below max, however many calls time out in it. The other changes only at
// Debug: behind a store that is down the size halves at each call, 8 times
// from 500 to 1, and near its timeout it can move up by an eighth at every
// call; the gauge (oauth_ratelimit_sync_batch_size) shows each.
func (b *batchSize) adapt(n int, took time.Duration, answered bool) {
	b.mu.Lock()
	from := b.n
	switch {
	case answered:
		if n > b.okN || n == b.okN && took < b.okTook {
			b.okN, b.okTook = n, took
		}
		if n < 1 || b.n >= b.max {
			break
		}
		full := took // what a call of the size now takes at most
		double, step := b.failTook/4, b.failTook/2
		if n < b.n {
			full = time.Duration(float64(took) * float64(b.n) / float64(n))
			// Judged with twice the margin: see above.
			double, step = b.failTook/8, b.failTook/4
		}
		switch {
		case full <= double:
			b.n = min(b.n*2, b.max)
		case full <= step:
			b.n = min(b.n+max(1, b.n/8), b.max)
		}
	case n <= 1:
	case b.okN >= n && b.okTook <= took/2:
		b.okN = 0
	default:
		b.n = max(1, min(b.n, n)/2)
		b.failTook, b.okN = took, 0
	}
	to := b.n
	b.mu.Unlock()
	// Logged outside mu: a slow handler must not hold the other calls.
	switch {
	case to < from && from == b.max: // the first shrink of an excursion below max
		b.logger.Warn("store calls made smaller after one timed out", "op", b.op, "from", from, "to", to, "call_size", n, "took", took)
	case to < from:
		b.logger.Debug("store calls made smaller again", "op", b.op, "from", from, "to", to, "call_size", n, "took", took)
	case to == b.max && from < b.max:
		b.logger.Info("store calls back to their full size", "op", b.op, "from", from, "to", to)
	case to > from:
		b.logger.Debug("store calls made larger", "op", b.op, "from", from, "to", to, "took", took)
	}
}

// isTimeout reports whether err says a store call ran out of time: its
// context's deadline (context.DeadlineExceeded), or a network timeout (the
// driver's "i/o timeout", a net.Error whose Timeout is true).
func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

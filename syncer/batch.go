// The size of the Store calls: BatchSize, shrunk behind a slow store.

package syncer

import (
	"context"
	"errors"
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
type batchSize struct {
	mu  sync.Mutex
	n   int // the size now, 1 to max
	max int // Config.BatchSize
	// failTook is how long the last call that timed out took.
	failTook time.Duration
}

func newBatchSize(max int) *batchSize { return &batchSize{n: max, max: max} }

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
// n: a short last call halves itself, not the size), at least 1, and took
// is remembered. Only the store's timeout counts: the callers (load,
// write) leave out a call whose context ended, one that ran out of what
// was left of an admin reset's or the final flush's time, which says
// nothing of its size, and whose took is no time a call of that size
// takes. A store that is down halves it at each failed call too;
// it grows back by doubling once the store answers (below), from 1 back to
// a BatchSize of 500 in 9 calls.
//
// Answered, a full call below max: doubled if it took at most a quarter of
// the time the last one that timed out took (twice as many still well
// inside the store's timeout), an eighth more if at most half, and kept if
// longer: it stays, behind a store slow per write or document, where its
// calls take half its timeout or less, and no call times out again until
// the store slows down further.
func (b *batchSize) adapt(n int, took time.Duration, answered bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !answered {
		b.n = max(1, min(b.n, n)/2)
		b.failTook = took
		return
	}
	if n < b.n || b.n >= b.max {
		return
	}
	switch {
	case took <= b.failTook/4:
		b.n *= 2
	case took <= b.failTook/2:
		b.n += max(1, b.n/8)
	}
	b.n = min(b.n, b.max)
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

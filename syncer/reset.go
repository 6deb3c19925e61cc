// The reset of a key: a versioned write that clears its counts for every
// instance (see Reset).

package syncer

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// ErrUnknownKey is returned by Reset when the store has no document of the
// key and this instance does not hold it: there is nothing to reset, as far
// as this instance can see.
var ErrUnknownKey = errors.New("syncer: the key has no document in the store and is not held by this instance")

// ErrResetNotDone marks a Reset that did not happen: the store did not
// answer, refused the write, or the document kept changing under it. A
// Reset error without it (see ErrResetUnknown) may have happened.
var ErrResetNotDone = errors.New("syncer: the reset did not happen")

// ErrResetUnknown marks a Reset whose write was sent but whose answer was
// lost, and that no read could settle: it may or may not have happened.
// Resetting again is harmless (it clears what was counted since).
var ErrResetUnknown = errors.New("syncer: the reset may or may not have happened")

// ResetResult is what a Reset did.
type ResetResult struct {
	// Version is the document's version after the reset, as read back
	// right after it (the reset's own, or a later write's of its epoch);
	// if that read failed, the version the reset's write gave it at least
	// (one more than the version it read: increments that landed between
	// its read and its write raised it further). Epoch is its reset epoch
	// after the reset (see cache.Snapshot.Epoch).
	Version, Epoch int64
	// Cleared is how many requests (in cost units) the document counted
	// when the reset read it (cache.Requests: a request counts in every
	// window size of its key, and once here). It is a lower bound of what
	// the reset took from every instance's view of the key: the
	// increments that other instances landed between the reset's read
	// and its write are cleared too, and are not in it.
	Cleared int64
	// DroppedHere is how many requests this instance had counted and not
	// yet flushed that the reset dropped (also in
	// cache.Stats.ResetDropped).
	DroppedHere int64
	// Held reports whether this instance held the key.
	Held bool
}

// resetAttempts bounds the writes of one Reset. A Reset write is refused
// only when the key's reset epoch moved between the read and the write
// (another reset) or its document went (expiry), each read again; the
// others' writes do not refuse it.
const resetAttempts = 5

// Reset clears the counts of key k for every instance: it reads the key's
// document and writes it with no frames and a new reset epoch, max(the old
// epoch + 1, now in Unix milliseconds), so that epochs only grow even when
// the document was deleted on expiry and written anew. The write is guarded
// by the epoch it read, not the version (Write.Reset): writes of other
// instances that land between the read and the write, increments that no
// version refuses among them, neither refuse it nor outlive it (it clears
// them, and Cleared does not count them), and it raises the version, so
// that every write counted before it is refused after it. Every instance
// that installs the document (its next pull, or its next write of the key,
// which is refused) drops the counts it had not flushed, and a delta it had
// taken for a flush, rather than write them back on the reset's document
// (see cache.Snapshot.Epoch); this instance drops its own at once
// (cache.Cache.Reset), and installs the document read back after the
// write (the version the write gave it is the document's plus one, which
// only a read tells). A key without a document that this instance holds
// gets one that holds only the epoch, for the other instances that may
// count it (a compare-and-swap on version 0). Reset runs between flushes,
// never during one, and takes a Load, a Write and a Load; one more Load
// and Write when another reset or the expiry moved the document in
// between, up to resetAttempts.
//
// It returns ErrUnknownKey when neither the store nor this instance knows
// the key, and errors marked ErrResetNotDone or ErrResetUnknown when the
// store did not let it finish.
func (s *Syncer) Reset(ctx context.Context, k cache.Key) (ResetResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var (
		w       Write
		cleared int64 // the requests the document w resets counted when read
		sent    bool  // w was sent and its answer lost: it may still land
	)
	for attempt := 0; attempt < resetAttempts; attempt++ {
		docs, err := s.load(ctx, []cache.Key{k})
		if err != nil {
			return ResetResult{}, s.resetFailed(sent, fmt.Errorf("read the document: %w", err))
		}
		d := &docs[0]
		now := s.cfg.Now()
		switch {
		case sent && d.LastWrites[s.writer] == w.Seq && d.Unreadable != nil:
			// Landed on a document that cannot be read since: what the
			// write is known to have made (see readReset).
			return s.resetDone(k, w, cleared, cache.Snapshot{Version: w.Version + 1, Epoch: w.Epoch}, now), nil
		case d.Unreadable != nil:
			// Its epoch and counts are not known: no reset write can
			// be built, nor one sent told from a copy that may land.
			return ResetResult{}, s.resetFailed(sent, fmt.Errorf("read the document: %w", d.Unreadable))
		case sent && d.LastWrites[s.writer] == w.Seq:
			// The write whose answer was lost landed: d is its
			// document, or a later one of its epoch (other instances
			// wrote after it), which this instance installs.
			return s.resetDone(k, w, cleared, d.Snapshot, now), nil
		case sent && resetMayLand(&w, d):
			// Not executed, and it may still land: send the same
			// write again, so that at most one copy applies.
		default:
			if _, held := s.cfg.Cache.LongestWindow(k); d.Snapshot.Version == 0 && !held {
				return ResetResult{}, ErrUnknownKey
			}
			w, cleared = s.resetWrite(k, d, now)
			sent = false
		}
		outs, err := s.cfg.Store.Write(ctx, []Write{w})
		s.m.requestsWrite.Inc()
		if err != nil {
			s.m.errorsWrite.Inc()
		}
		o := Unknown
		if len(outs) == 1 {
			o = outs[0]
		} else if !sent {
			// Refused outright: nothing was written.
			return ResetResult{}, s.resetFailed(false, fmt.Errorf("write: %w", err))
		}
		switch o {
		case Written:
			if !w.Reset {
				// It created the document: the write is all of it.
				return s.resetDone(k, w, cleared, cache.Snapshot{Version: w.NewVersion, Epoch: w.Epoch}, now), nil
			}
			return s.resetDone(k, w, cleared, s.readReset(ctx, k, w), now), nil
		case Conflict:
			// Refused, or not executed (FerretDB's bulk, the
			// simulation's fault store): if an earlier copy's answer
			// was lost, that copy may still land (sent stays), and
			// the next read tells; a new reset built meanwhile cleared
			// what landed between the two
			// (TestResetLostLandsLateAfterAResendWasNotExecuted).
			s.m.conflicts.Inc()
		default:
			s.m.unknowns.Inc()
			sent = true
		}
	}
	if sent {
		return ResetResult{}, fmt.Errorf("%w: the store did not tell whether the write of %d attempts landed", ErrResetUnknown, resetAttempts)
	}
	return ResetResult{}, fmt.Errorf("%w: the key's reset epoch or document changed between the read and the write of each of %d attempts (other resets, or its expiry)", ErrResetNotDone, resetAttempts)
}

// resetMayLand reports whether w, a reset write sent without an answer,
// can still land on d, which does not hold it: a Reset write while the
// document keeps the epoch it applies to, a compare-and-swap while it
// keeps its version.
func resetMayLand(w *Write, d *Doc) bool {
	if w.Reset {
		return d.Snapshot.Version != 0 && d.Snapshot.Epoch == w.FromEpoch
	}
	return d.Snapshot.Version == w.Version
}

// resetWrite returns the write that resets k, whose document is d, at now:
// a Reset write of the epoch d has (a compare-and-swap on version 0 if
// there is no document), no frames, a new epoch, an expiry late enough
// that no instance still holding counts from before the reset can write
// them into a new document once this one is deleted (two of the longest
// window the key is counted in and two Intervals, with MaxSkew more on a
// store with TTL, as a flush sets it: see expiry; never earlier than the
// document's own). It also returns how many requests d counts.
func (s *Syncer) resetWrite(k cache.Key, d *Doc, now time.Time) (w Write, cleared int64) {
	longest, _ := s.cfg.Cache.LongestWindow(k)
	for _, f := range d.Snapshot.Frames {
		longest = max(longest, f.Size)
	}
	cleared = cache.Requests(d.Snapshot.Frames)
	expire := s.expiry(now, longest)
	if d.Expire.After(expire) {
		expire = d.Expire
	}
	return Write{
		Key:        k,
		Version:    d.Snapshot.Version,
		NewVersion: max(d.Snapshot.Version+1, now.UnixMilli()),
		Epoch:      max(d.Snapshot.Epoch+1, now.UnixMilli()),
		Expire:     expire,
		Instance:   s.writer,
		Seq:        s.nextSeq(now, 0),
		Reset:      d.Snapshot.Version != 0,
		FromEpoch:  d.Snapshot.Epoch,
	}, cleared
}

// readReset reads back the document of k after w, a Reset write, landed,
// and returns it: the reset's, or a later one of its epoch (or of a later
// reset). If the read fails, or finds an earlier epoch (a store that lost
// the write), the reset is done all the same, and it returns what the
// write is known to have made: no frames, w's epoch, and the version w
// read plus one, a lower bound. The key then holds that until its next
// pull or write, which meets the document.
func (s *Syncer) readReset(ctx context.Context, k cache.Key, w Write) cache.Snapshot {
	docs, err := s.load(ctx, []cache.Key{k})
	if err == nil && docs[0].Unreadable == nil && docs[0].Snapshot.Epoch >= w.Epoch {
		return docs[0].Snapshot
	}
	if err != nil {
		s.cfg.Logger.Warn("reset document not read back", "err", err)
	}
	return cache.Snapshot{Version: w.Version + 1, Epoch: w.Epoch}
}

// resetDone records the reset w, which landed, drops this instance's counts
// of its key and installs doc: w's document, or a later one of w's epoch
// read back, so that this instance decides on the counts since the reset
// at once. It returns the reset's result.
func (s *Syncer) resetDone(k cache.Key, w Write, cleared int64, doc cache.Snapshot, now time.Time) ResetResult {
	dropped, held := s.cfg.Cache.Reset(k, doc, now)
	s.m.resets.Inc()
	s.m.resetCleared.Add(float64(cleared))
	return ResetResult{Version: doc.Version, Epoch: w.Epoch, Cleared: cleared, DroppedHere: dropped, Held: held}
}

// resetFailed returns err marked as a reset that did not happen, or that
// may have happened if a write of it was sent without an answer.
func (s *Syncer) resetFailed(sent bool, err error) error {
	if sent {
		return fmt.Errorf("%w: %w", ErrResetUnknown, err)
	}
	return fmt.Errorf("%w: %w", ErrResetNotDone, err)
}

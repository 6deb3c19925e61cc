// The flush protocol: FlushOnce and the compare-and-swap writes that carry
// each delta, settle it exactly once, or keep it for the next flush.

package syncer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// job is a pending delta and the write that carries it. Once a write has
// been sent, it may land until its document's version moves away from
// w.Version (or, of that version, the document holds other counts than
// the write's base: Write.Matches); prior marks a write whose earlier
// identical copy was answered Unknown, so that it lands, if at all, under
// the same Seq. Such a job is never aborted without proof that no copy can
// land: it is confirmed, dropped once the document no longer matches it,
// or kept unsettled.
//
// alt, if set, is the other form of a prior Add write whose document was
// found gone, or of a prior creation whose document was found there (see
// resendable): the Add write and the compare-and-swap that creates the
// document, under the same Seq and with the same frames, w the one to
// send next. A copy of either may land, at most one of them on
// one document (an Add write needs the document, the creation its
// absence, and each is refused where the other's Seq is).
type job struct {
	p     cache.Pending
	w     Write
	prior bool
	alt   *Write
}

// FlushOnce writes the dirty keys' deltas to the store, in four steps:
//
//  1. Writes left unsettled by earlier flushes are resolved with one Load:
//     one that landed (its Seq is the document's lastWrites entry for this
//     instance) is confirmed; one that can never land (a compare-and-swap
//     whose expected version has gone, an Add write whose document is of
//     another reset epoch) is dropped (its delta is still local and is
//     taken again); any other is sent again, identical, so that at most
//     one of its copies applies; an Add write whose document is gone, as
//     the creation of the document under the same Seq (see resendable).
//  2. The dirty keys are taken (cache.TakeDirty); those whose write is
//     being resent wait for the next flush.
//  3. Each delta is written as base + delta in each frame it names (the
//     document's other frames stay; those past dropCutoff are dropped),
//     compare-and-swap on the base's version, with a new Seq, in Store
//     calls of at most BatchSize; or,
//     for a key whose writes met other instances' lately (isContended),
//     as an Add write of the delta alone (Write.Add), which other writers
//     cannot refuse.
//  4. Written compare-and-swaps are confirmed. Refused ones and Add writes
//     are read back in one Load: a write whose Seq the document holds is
//     confirmed with it (an Add write's document holds its delta exactly
//     once, with whatever else landed); a refused compare-and-swap is
//     rebased on the document (cache.Replace) and retried as an Add write
//     (as a compare-and-swap where there is no document, or, once a flush,
//     where it has other instances' entries to prune), up to MaxRetries,
//     and no retry begun once the flush has taken Interval, except the
//     first Add write of a write another instance refused; then they wait
//     for the next flush; a delta counted before a reset that the
//     document read back shows (a newer reset epoch) is dropped instead
//     (see cache.Replace), and an Add write is refused on such a document.
//     Unknown ones stay unsettled for step 1 of the next flush. A resent
//     write whose earlier copy may still land is never rebased while that
//     copy can land (a new Seq would hide that copy landing): it is sent
//     again as it is, or stays unsettled. A compare-and-swap's copy can
//     land while the document meets its conditions (Write.Matches: its
//     version, and what it overwrites); an Add write's while the
//     document keeps its reset epoch and no later write of this instance's.
//
// It returns the store's errors, if any. If the store cannot be read for
// step 1, nothing else is tried (the writes whose documents its calls
// before the one that failed read are settled: see resolve).
func (s *Syncer) FlushOnce(ctx context.Context) error {
	_, _, err := s.flushOnce(ctx, s.cfg.Interval)
	return err
}

// flushOnce is FlushOnce with the given retry budget (see flush); it also
// returns the number of keys it tried to write, and how many writes it
// confirmed (of those, or of earlier flushes whose answers were
// lost).
func (s *Syncer) flushOnce(ctx context.Context, budget time.Duration) (n, confirmed int, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := s.cfg.Now()
	n, err = s.flush(ctx, start, false, budget)
	s.m.flushed(n, err, start, s.cfg.Now())
	return n, s.confirmed, err
}

// flush does FlushOnce's work at now and returns the number of keys it
// tried to write. hotOnly takes only the dirty keys near their limit
// (cache.TakeDirtyHot), and none of a key whose write is unsettled:
// resolving those is the regular flush's work (one Load), and a hot write
// of such a key (the cache holding an evicted entry of it and a new one),
// under a new Seq, could hide the unsettled write's landing, whose delta
// would then be written again, counted twice
// (TestHotFlushLeavesAnUnsettledKeyAlone; the simulation finds it too).
// The other keys are written: a write of one key proves or moves nothing
// of another's document.
// It wrote nothing at all while any write was unsettled, and one document
// that cannot be read, holding a write unsettled until it expires or is
// corrected, stopped the hot flush of every key of the instance
// (TestUnreadableDocumentStopsNoHotFlush).
//
// No retry of refused writes begins once the flush has taken budget (0: no
// bound but MaxRetries). Behind a slow store an instance loses the
// compare-and-swap on a key that faster instances write every HotInterval:
// the document moves on while it reads it back and writes again. Through
// mongostore a round with a refused write costs a write and two reads (one
// in its Write, one here), five round trips on FerretDB, whose reads take
// two (docs/ferretdb.md); measured behind a 700 ms link
// (bench/results/2026-11-26-issue12-s16/slow-link): 4 flushes a minute of 14 s on
// average, nearly every write refused, and every other key's next flush
// held back. The deltas are kept for the next flush, on the snapshot just
// read.
func (s *Syncer) flush(ctx context.Context, now time.Time, hotOnly bool, budget time.Duration) (int, error) {
	defer clear(s.busy)
	var jobs []job
	s.confirmed = 0
	nUnsettled := len(s.unsettled)
	switch {
	case nUnsettled > 0 && hotOnly:
		for i := range s.unsettled {
			s.busy[s.unsettled[i].p.Key] = struct{}{}
		}
	case nUnsettled > 0:
		var err error
		if jobs, err = s.resolve(ctx, now); err != nil {
			return 0, err
		}
	}

	if hotOnly {
		s.pending = s.cfg.Cache.TakeDirtyHot(s.pending[:0], now)
	} else {
		s.pending = s.cfg.Cache.TakeDirty(s.pending[:0], now)
	}
	var seq int64 // taken with the first new write: a flush with none uses none
	for i := range s.pending {
		p := &s.pending[i]
		if _, dup := s.busy[p.Key]; dup {
			// Its write of an earlier flush is being resent, or the
			// cache holds an evicted entry and a new one of the same
			// key: one write per key per round.
			s.cfg.Cache.Abort(p)
			continue
		}
		s.busy[p.Key] = struct{}{}
		if seq == 0 {
			seq = s.nextSeq(now, newestFrameMilli(s.pending[i:]))
		}
		if s.isContended(p, now) {
			jobs = append(jobs, s.newAddJob(*p, now, seq))
		} else {
			jobs = append(jobs, s.newJob(*p, now, seq))
		}
		if hotOnly {
			s.hotWritten[p.Key] = struct{}{} // its document is read back, or written as read
		}
	}
	clear(s.pending) // drop the references to entries and frames
	dirty := len(jobs)

	s.ownFrom.Store(lowestSeq(jobs))
	var errs []error
	for round := 0; len(jobs) > 0; round++ {
		outs, err := s.write(ctx, jobs)
		if err != nil {
			errs = append(errs, err)
		}
		var conflicts, added []job
		var addOuts []Outcome
		for i := range jobs {
			j := &jobs[i]
			if (j.w.Add || j.alt != nil) && (outs[i] == Written || outs[i] == Conflict) {
				// Its answer does not give the document: read back
				// with the refused ones, below. Nor does a write of
				// two forms' (job.alt): a store that decides a refused
				// write by the document read back answers the creation
				// Written where the Add write of its Seq landed
				// (mongostore's decide), and confirmed by its own
				// frames the creation left out what the document held
				// besides (TestLostAddCreationAnsweredWrittenByItsOtherForm).
				if outs[i] == Conflict {
					s.m.conflicts.Inc()
				}
				added = append(added, *j)
				addOuts = append(addOuts, outs[i])
				continue
			}
			switch outs[i] {
			case Written:
				s.cfg.Cache.Confirm(&j.p, cache.Snapshot{Version: j.w.NewVersion, Frames: j.w.Frames, Epoch: j.w.Epoch}, now)
				s.m.keysWritten.Inc()
				s.confirmed++
			case Conflict:
				s.m.conflicts.Inc()
				conflicts = append(conflicts, *j)
			case Unknown:
				s.m.unknowns.Inc()
				j.prior = true
				s.unsettled = append(s.unsettled, *j)
			default: // notSent
				s.settleUnproven(j)
			}
		}
		jobs = jobs[:0]
		if len(conflicts) == 0 && len(added) == 0 {
			break
		}
		docs, err := s.load(ctx, append(keysOf(conflicts), keysOf(added)...))
		if err != nil {
			// All or nothing, unlike resolve: the documents read
			// before the call that failed are left, since each write
			// here is settled without them at no cost to its count
			// (aborted, its delta still local and taken by the next
			// flush, or kept unsettled for the next flush's step 1);
			// they would only let this flush retry some keys right
			// after the store timed out.
			for i := range conflicts {
				s.settleUnproven(&conflicts[i])
			}
			for i := range added {
				a := &added[i]
				if addOuts[i] == Written {
					// It landed: the next flush reads its document
					// back (step 1), and finds its Seq there.
					a.prior = true
					s.unsettled = append(s.unsettled, *a)
					continue
				}
				s.settleUnproven(a)
			}
			errs = append(errs, fmt.Errorf("read back %d written or refused writes: %w", len(conflicts)+len(added), err))
			break
		}
		s.learnStale(docs, now)
		for i := range docs {
			// An entry of this process above every Seq it took (a
			// store that kept the writer name of an earlier process,
			// see Syncer.writer): the Seq guard refuses each Add write
			// below it (Write.Add), so the retries take Seqs above it.
			s.seq = max(s.seq, docs[i].LastWrites[s.writer])
		}
		seq = s.nextSeq(now, 0)
		last := round >= s.cfg.MaxRetries || budget > 0 && s.cfg.Now().Sub(now) >= budget
		// The refused writes' documents, then the Add writes' that were
		// refused too (a copy: appending must not overwrite the Add
		// writes' documents).
		cdocs, adocs := slices.Clip(docs[:len(conflicts)]), docs[len(conflicts):]
		for i := range added {
			a, d := &added[i], &adocs[i]
			if addOuts[i] == Written || d.LastWrites[s.writer] == a.w.Seq {
				if d.Unreadable != nil {
					// Landed on a document it cannot read: confirmed on
					// what this instance knew, and still contended.
					s.cfg.Cache.Confirm(&a.p, landed(a, d, now), now)
					s.m.keysWritten.Inc()
					s.confirmed++
					s.markContended(a.p.Key, true, now)
					continue
				}
				// The document holds the delta, exactly once (the Seq
				// guard), and whatever else landed before or after
				// it; or, answered Written and read back without its
				// Seq, a reset or the expiry removed it since.
				//
				// Installed as this instance's write (Writers 0), as
				// a compare-and-swap's own frames are: its delta
				// counts as flushed since the last read, and the
				// share renews at the pulls only. Installed as a
				// read, it renewed the share at every flush of a
				// contended key, and a key new to the instances
				// overshot more in its first minute (bench/accuracy,
				// limit 30, round-robin: 2.47x at 50 instances, where
				// 2.17x before Add writes and with this).
				//
				// The key stays contended only while others write it: if
				// another write landed since the base the delta was
				// counted against (each write raises the version, an
				// Add write by one), or another instance wrote it in
				// the last few intervals (othersWriting). A key whose
				// other writers of the last minute (Snapshot.Writers)
				// have stopped wins its compare-and-swap, a write where
				// an Add write costs a write and a read back
				// (helper-45's review R5). Not the version alone: the
				// base is often read just before the write (a pull, a
				// hot read), and keys that others write every
				// HotInterval then left increment mode at every other
				// flush and lost the next compare-and-swap
				// (bench/accuracy, 3 instances at 2 ms, one key at 3x
				// its limit: 0.38 of the writes refused, 5.75 store
				// calls an instance a second, where 0.00 and 4.58).
				snap := d.Snapshot
				snap.Writers = 0
				s.cfg.Cache.Confirm(&a.p, snap, now)
				s.m.keysWritten.Inc()
				s.confirmed++
				// Gone back (see wentBack): the next write is a
				// compare-and-swap, whatever the others do.
				s.markContended(a.p.Key, !wentBack(&a.p, d) && (d.Snapshot.Version != a.w.Version+1 || s.othersWriting(d, now.UnixMilli())), now)
				continue
			}
			// Refused: the document is gone or was reset (the Seq
			// guard refuses no write of a flush's own): rebased
			// below, where a reset drops the delta; or not executed
			// (a store that answers Conflict for it), sent again
			// below if an earlier copy may still land.
			conflicts = append(conflicts, *a)
			cdocs = append(cdocs, *d)
		}
		for i := range conflicts {
			c, d := &conflicts[i], &cdocs[i]
			switch {
			case d.LastWrites[s.writer] == c.w.Seq:
				// It landed after all: an earlier copy whose answer
				// was lost, or a store that reported it refused.
				s.cfg.Cache.Confirm(&c.p, landed(c, d, now), now)
				s.m.keysWritten.Inc()
				s.confirmed++
			case d.Unreadable != nil:
				// Refused, on a document that cannot be read: nothing
				// to rebase on. Its delta stays local for the next
				// flush (or, if an earlier copy may still land, the
				// write stays unsettled, resent by the next flush).
				s.settleUnproven(c)
			case c.prior && s.resendable(c, d, now):
				// Not executed, and its earlier copy may still land:
				// send the same write again, under the same Seq. An
				// Add write's too: a store that answers Conflict for a
				// write it did not execute (FerretDB's bulk, the
				// simulation's fault store) refuses it on a document
				// it would still apply to, and rebased under a new Seq
				// the copy landed first and the delta twice
				// (TestLostAddLandsLateAfterAResendWasNotExecuted).
				// And an Add write whose document is gone, as the
				// creation of the document (see resendable).
				if last {
					s.unsettled = append(s.unsettled, *c)
					continue
				}
				jobs = append(jobs, *c)
			default:
				// No copy of it can land any more (or, not prior, the
				// store says it never will): rebase and retry.
				q := s.cfg.Cache.Replace(&c.p, d.Snapshot, now)
				if len(q.Delta) == 0 {
					// The key was reset after the delta was
					// counted: the reset cleared it, and writing
					// it on the reset's document would bring it
					// back. Nothing is left to write.
					s.cfg.Cache.Abort(&q)
					continue
				}
				if last && (c.w.Add || q.Base.Version == 0) {
					// The key now holds the store's snapshot: the
					// next flush starts from it. (A write refused
					// by another writer's is added once more
					// whatever the round and the time: an Add
					// write is refused only by a reset or a
					// document gone, so it does not go on.)
					s.cfg.Cache.Abort(&q)
					s.m.deferred.Inc()
					continue
				}
				if q.Base.Version == 0 || wentBack(&c.p, d) || round == 0 && !c.w.Add && s.hasStale(q.Key, q.Base.Version) {
					// No document to add to: create it. Or
					// the store went back (see wentBack). Or
					// other instances' entries to prune (see
					// Prune), which only a compare-and-swap
					// can: once a flush, then the delta is
					// added.
					jobs = append(jobs, s.newJob(q, now, seq))
				} else {
					// Another writer landed first: add the delta
					// to what it wrote, which no other writer
					// can refuse; and so on while others write
					// the key.
					jobs = append(jobs, s.newAddJob(q, now, seq))
					s.markContended(q.Key, !c.w.Add, now)
				}
			}
		}
	}
	if !hotOnly || len(s.unsettled) != nUnsettled {
		// (A hot flush settles none: if it added none, they are as
		// they were.)
		s.nUnsettled.Store(int64(len(s.unsettled)))
		// The unsettled writes are published before ownFrom stops
		// covering them: a read in between must not install their
		// deltas either.
		s.ownUnsettled.Store(unsettledSeqs(s.unsettled))
	}
	s.ownFrom.Store(math.MaxInt64) // every write of this flush settled, or unsettled
	if err := errors.Join(errs...); err != nil {
		return dirty, fmt.Errorf("syncer: flush: %w", err)
	}
	return dirty, nil
}

// resolve settles the unsettled writes where one Load tells how, and
// returns the jobs that resend the others; their keys are marked busy.
//
// If the Load fails after some of its calls answered, the writes whose
// documents were read are settled all the same, confirmed or dropped as
// those documents tell (a proof each, as with the whole read), and the
// others, those to resend among them, stay unsettled for the next flush,
// which reads fewer: behind a store that times out some calls, a Load of
// many writes failed whole flush after flush, and no flush wrote anything
// (step 1 fails: nothing else is tried).
func (s *Syncer) resolve(ctx context.Context, now time.Time) ([]job, error) {
	keys := make([]cache.Key, len(s.unsettled))
	for i := range s.unsettled {
		keys[i] = s.unsettled[i].p.Key
	}
	docs, err := s.load(ctx, keys)
	s.learnStale(docs, now)
	var resend []job
	for i := range docs {
		u, d := &s.unsettled[i], &docs[i]
		switch {
		case d.LastWrites[s.writer] == u.w.Seq:
			s.cfg.Cache.Confirm(&u.p, landed(u, d, now), now)
			s.m.keysWritten.Inc()
			s.confirmed++
		case d.Unreadable != nil && !u.w.Add && !u.w.Reset && u.w.Version != 0 && d.Unreadable.Version != 0 && d.Unreadable.Version != u.w.Version:
			// A compare-and-swap on a version the document has left
			// (another instance's increment landed, its bad field
			// named by neither): it cannot land any more. Sent again
			// at every flush, it stayed unsettled until the document
			// was corrected, and the flushes of the keys near their
			// limit (HotOnce) wrote nothing for as long
			// (TestUnreadableDocumentLostAnswerSettles). Its delta is
			// still local.
			s.cfg.Cache.Abort(&u.p)
		case d.Unreadable != nil:
			// Whether it can still land, the document does not tell:
			// sent again as it is, under the same Seq, so that at most
			// one copy applies. (A write of two forms as its Add
			// write: the document exists. A creation too, whose copy
			// on the way lands once the document is deleted, as where
			// it can be read (resendable): aborted as a compare-and-swap
			// on a version the document left, its delta was written
			// again under a new Seq after the deletion, on that copy;
			// TestLostCreationOnAnUnreadableDocument.)
			if u.alt == nil && isCreation(&u.w) {
				c := u.w
				u.w, u.alt = addForm(&c), &c
			} else if u.alt != nil && !u.w.Add {
				u.swap()
			}
			resend = append(resend, *u)
			s.busy[u.p.Key] = struct{}{}
		case !s.resendable(u, d, now):
			// An Add write of a document reset (or with a later write
			// of this instance's), a compare-and-swap of a document
			// that moved on without it (or is gone, or, of its
			// version, holds other counts: put back to an earlier
			// state): it cannot apply any more. Its delta is still
			// local; a reset drops it at the next Replace.
			s.cfg.Cache.Abort(&u.p)
		default:
			resend = append(resend, *u)
			s.busy[u.p.Key] = struct{}{}
		}
	}
	if err != nil {
		// Those to resend, then those not read, stay unsettled
		// (resend holds at most len(docs) jobs: copying them over the
		// settled ones overwrites none not read).
		n := copy(s.unsettled, resend)
		n += copy(s.unsettled[n:], s.unsettled[len(docs):])
		clear(s.unsettled[n:])
		s.unsettled = s.unsettled[:n]
		s.nUnsettled.Store(int64(n))
		s.ownUnsettled.Store(unsettledSeqs(s.unsettled))
		return nil, fmt.Errorf("syncer: flush: read back %d writes with lost answers: %w", len(keys), err)
	}
	clear(s.unsettled)
	s.unsettled = s.unsettled[:0]
	return resend, nil
}

// landed returns the snapshot to confirm p's write w with, read back in
// d with w's Seq: d's, or, if d could not be read (Doc.Unreadable), what
// w is known to have made of the document: a compare-and-swap its frames
// at its NewVersion, as when it is answered Written; an Add write its
// base plus its delta at the base's version plus one, a lower bound
// (other writes may have landed too). So the key's estimate keeps the
// delta, where the empty snapshot of a document not read would have
// installed none (its version 0 read as a document gone).
//
// A write of two forms (job.alt) does not tell which of them landed, nor
// on what: the creation, or the Add write on a document another instance
// created after the one its base was read from went. Its frames, the
// delta alone, are what is known, at version 1, below every version a
// store gives a document: whatever the store holds, its next read is
// installed (cache.Confirm installs it, a version below the base's).
// Confirmed as either form, at the creation's NewVersion or the base's
// plus one, above the version of the document created again, the
// instance refused that document as older at its pulls once it could be
// read, and missed the other instances' counts there
// (TestLostAddCreationAnsweredWrittenOnAnUnreadableDocument: estimate 2
// where 3).
func landed(j *job, d *Doc, now time.Time) cache.Snapshot {
	w, p := &j.w, &j.p
	switch {
	case d.Unreadable == nil:
		return d.Snapshot
	case j.alt != nil:
		return cache.Snapshot{Version: 1, Frames: w.Frames, Epoch: w.Epoch}
	case w.Add:
		return cache.Snapshot{Version: w.Version + 1, Frames: cache.Merge(p.Base.Frames, p.Delta, now), Epoch: w.Epoch}
	}
	return cache.Snapshot{Version: w.NewVersion, Frames: w.Frames, Epoch: w.Epoch}
}

// wentBack reports whether d, read after p's write, is of a version below
// p.Base's, which the store held before: the store went back (a write rolled
// back by a failover, a dump restored, a document replaced by hand; see
// cache.Confirm). The cache installs d all the same; and the key's next
// write is a compare-and-swap, whose version is this instance's clock in
// milliseconds (see Write.NewVersion), above the versions the other
// instances hold from before: they install the document at their next read
// of it, where increments, one version each, left them refusing it as older
// until its version caught up with theirs, and a key that only some of them
// write kept, on the others, the snapshot of before.
func wentBack(p *cache.Pending, d *Doc) bool {
	return d.Snapshot.Version > 0 && d.Snapshot.Version < p.Base.Version
}

// addCanLand reports whether Add write w, not landed (its Seq is not d's
// lastWrites entry of writer), may still land on d (Write.Add): d exists,
// of w's reset epoch, without a later write of writer's.
func addCanLand(w *Write, d *Doc, writer string) bool {
	return d.Snapshot.Version != 0 && d.Snapshot.Epoch == w.Epoch && d.LastWrites[writer] < w.Seq
}

// canLand reports whether w, an Add write or a compare-and-swap not landed
// (its Seq is not d's lastWrites entry of writer), may still land on d.
func canLand(w *Write, d *Doc, writer string) bool {
	if w.Add {
		return addCanLand(w, d, writer)
	}
	return w.Matches(d)
}

// resendable reports whether a copy of j's write, prior (an earlier copy's
// answer was lost) and not landed on d, may still land on d, or on a
// document created in its place; and makes j's write the form to send
// again.
//
// An Add write whose document is gone cannot land on d, but its copy on
// the way lands on any document of the key created again in its reset
// epoch without a later entry of this instance's: another instance's
// ordinary flush creates one so (epoch 0, the epoch of a key never reset,
// and no entry of this instance's). Written under a new Seq, the delta
// landed twice there, the copy's and the new write's
// (TestLostAddLandsOnADocumentCreatedAgain). So the write is sent again
// under its Seq as the compare-and-swap that creates the document
// (createForm), with the same frames: if that lands, the Seq guard
// refuses the Add write's copy; if the document is created by another
// first, the creation is refused, and the read back tells whether the
// copy landed there (its Seq), or may still (the Add write is sent again).
// Either way the delta lands once on a document, and it is not held back
// until another instance creates the document. j then has both forms (alt);
// the one that can land on d is sent.
//
// The other way round, a creation of the document (a compare-and-swap on
// no document, of no base) whose document exists: its copy on the way
// lands if the document is deleted before it arrives. Rebased under a new
// Seq, it landed on the document gone, and the rebased delta on that copy
// (the simulation's deletes case, seed 6553933690836358312: store 2 where
// 1; TestLostCreationLandsAfterTheDocumentWent). So it is sent again as
// the Add write of the same frames, under its Seq (addForm).
func (s *Syncer) resendable(j *job, d *Doc, now time.Time) bool {
	switch {
	case j.alt != nil:
	case j.w.Add && d.Snapshot.Version == 0:
		add := j.w
		j.w, j.alt = createForm(&add), &add
	case isCreation(&j.w) && d.Snapshot.Version != 0:
		c := j.w
		j.w, j.alt = addForm(&c), &c
	}
	if j.alt != nil && !canLand(&j.w, d, s.writer) && canLand(j.alt, d, s.writer) {
		j.swap()
	}
	if !j.w.Add && j.w.Version == 0 {
		// A creation, sent again: of a version and expiry of a write
		// now, not of when it was first sent. A document may have been
		// created and deleted since, whose readers hold versions
		// above the first's (a read of a lower version is not
		// installed: the simulation's deletes case, seed
		// 6246548274456070341). Neither decides whether it lands.
		b := s.baseJob(j.p, now, j.w.Seq).w
		j.w.NewVersion = max(j.w.NewVersion, b.NewVersion)
		if b.Expire.After(j.w.Expire) {
			j.w.Expire = b.Expire
		}
	}
	return canLand(&j.w, d, s.writer)
}

// isCreation reports whether w is a compare-and-swap that creates its
// document with its delta alone: on no document (Version 0), of no base
// frames, pruning nothing; its frames are then its delta, as an Add
// write's (addForm).
func isCreation(w *Write) bool {
	return !w.Add && !w.Reset && w.Version == 0 && len(w.Base) == 0 && len(w.Prune) == 0
}

// addForm returns the Add write that carries creation c (isCreation): its
// frames, frames to drop, epoch, expiry and Seq, added to the document.
func addForm(c *Write) Write {
	w := *c
	w.Add = true
	w.Strict, w.Base, w.PruneBelow = false, nil, 0
	return w
}

// swap makes j's other form (alt) its write.
func (j *job) swap() {
	w := j.w
	j.w, j.alt = *j.alt, &w
}

// createForm returns the compare-and-swap on no document (Version 0) that
// carries Add write a: its frames, epoch and Seq; no frames to drop (a new
// document has none). resendable gives it a version and expiry of now.
func createForm(a *Write) Write {
	w := *a
	w.Add, w.Drop = false, nil
	w.Version = 0
	w.Strict, w.Base = true, nil
	return w
}

// settleUnproven settles j, whose write is known not to have landed in its
// last attempt: aborted if that was its only copy, else kept unsettled, as
// an earlier copy may still land.
func (s *Syncer) settleUnproven(j *job) {
	if j.prior {
		s.unsettled = append(s.unsettled, *j)
		return
	}
	s.cfg.Cache.Abort(&j.p)
}

// newJob returns the compare-and-swap of p at now with the given Seq:
// base + delta in each frame still inside its window, set by name (the
// document's other frames stay: Write.Frames), and the frames to drop (see
// takeDrops).
//
// It is Strict (Write.Strict): it applies only to a document that holds, in
// each frame it sets, the base's count, the base's reset epoch, and the
// entries it prunes below the cutoff they were judged by. The version alone
// told that while the store kept what it answered; a document put back to
// an earlier state repeats versions with other counts (helper-105's F2), and
// the base's frames, which the Pending holds anyway, tell what the
// version does not, at no byte more a key in the cache.
func (s *Syncer) newJob(p cache.Pending, now time.Time, seq int64) job {
	j := s.baseJob(p, now, seq)
	j.w.Frames = cache.Merge(p.Base.Frames, p.Delta, now)
	j.p.Delta = inWindow(p.Delta, now)
	j.w.Drop = s.takeDrops(p.Key, p.Base.Frames, j.w.Frames, now)
	j.w.Prune, j.w.PruneBelow = s.takeStale(p.Key, p.Base.Version, now)
	j.w.Strict, j.w.Base = true, p.Base.Frames
	return j
}

// baseJob returns p's write at now with the given Seq, without frames nor
// entries to prune.
func (s *Syncer) baseJob(p cache.Pending, now time.Time, seq int64) job {
	var longest time.Duration
	for _, fs := range [][]cache.Frame{p.Base.Frames, p.Delta} {
		for _, f := range fs {
			longest = max(longest, f.Size)
		}
	}
	return job{p: p, w: Write{
		Key:        p.Key,
		Version:    p.Base.Version,
		NewVersion: max(p.Base.Version+1, now.UnixMilli()),
		// The base's epoch, which the compare-and-swap on its version
		// proves is the document's: a flush never moves it.
		Epoch:    p.Base.Epoch,
		Expire:   s.expiry(now, longest),
		Instance: s.writer,
		Seq:      seq,
	}}
}

// expiry returns the expiry of a document written at now (by this
// instance's clock) whose longest frame size is longest: the time after
// which no instance within MaxSkew of this one counts a frame of it.
//
// A frame weighs in the sliding window until two windows after its start
// (as the previous frame); two intervals more cover the time until the
// next flush. And, on a store that deletes expired documents by itself
// (TTL: a TTL index, by the server's clock, at expire), MaxSkew: an
// instance R whose clock is d behind the writer's counts the writer's
// frame of start f until f + 2L by its own clock, which is f + 2L + d by
// the writer's. A key written once at the start of its frame (now = f),
// then idle: without the margin the document went at f + 2L + 2 Interval
// by the server's clock, and R, d up to MaxSkew behind, lost the frame's
// weight from f + 2L + 2 Interval - d to f + 2L by its own
// (TestTTLKeepsWhatAClockBehindCounts: MaxSkew 30s, one-minute windows,
// 60 requests read as 0 where 20 still weigh). With it the document
// outlives every clock up to MaxSkew behind the writer's, provided the
// server's clock is not ahead of the writer's (one ahead by e takes e off
// the margin). A store without TTL is swept (SweepOnce), which deletes
// only what expired by more than MaxSkew by the sweeper's clock, and not
// while a live other's clock is MaxSkew or more behind the sweeper's: the
// same margin, so not added twice.
//
// The cost of the margin is storage on a TTL store: a document stays
// MaxSkew (5m by default) longer after its key's last write, 2L + 2
// Interval + MaxSkew in all: with one-minute windows, the documents of
// keys idle for up to 7m2s, where 2m2s (about 3.5 times as many idle
// keys' documents under key churn); with one-hour windows, 2h5m2s, where
// 2h0m2s (4% more).
func (s *Syncer) expiry(now time.Time, longest time.Duration) time.Time {
	e := now.Add(2*longest + 2*s.cfg.Interval)
	if !s.needsSweep() {
		e = e.Add(s.cfg.MaxSkew)
	}
	return e
}

// maxContendedKeys bounds the keys the Syncer remembers as contended: a key
// left out starts each flush with a compare-and-swap.
const maxContendedKeys = 10000

// isContended reports whether p's write starts as an Add write: its key's
// last write met another instance's (a compare-and-swap refused, or an Add
// write read back with another write since its base or another instance
// writing the key lately: othersWriting), less than ActiveFor ago, its
// document is known (p.Base.Version), and no
// entries are to be pruned there, which a compare-and-swap does (see
// hasStale). Starting with the compare-and-swap, a write that others
// refuse costs a write and a read more than the Add write alone: behind a
// store of a long round trip, where each write of a hot key is refused,
// the flush held every other key back that long.
func (s *Syncer) isContended(p *cache.Pending, now time.Time) bool {
	until, ok := s.contended[p.Key]
	if !ok {
		return false
	}
	if !now.Before(until) {
		delete(s.contended, p.Key)
		return false
	}
	return p.Base.Version > 0 && !s.hasStale(p.Key, p.Base.Version)
}

// markContended remembers k as contended at now for ActiveFor if yes, else
// forgets it (see isContended).
func (s *Syncer) markContended(k cache.Key, yes bool, now time.Time) {
	if !yes {
		delete(s.contended, k)
		return
	}
	if _, ok := s.contended[k]; !ok && len(s.contended) >= maxContendedKeys {
		if now.Before(s.contendedSweep) {
			return // full, and swept within the last Interval
		}
		// At most one walk of the full map an Interval: a walk for
		// each key left out cost 0.5 s a flush of 5,000 such keys.
		s.contendedSweep = now.Add(s.cfg.Interval)
		for k, until := range s.contended {
			if !now.Before(until) {
				delete(s.contended, k)
			}
		}
		if len(s.contended) >= maxContendedKeys {
			return
		}
	}
	s.contended[ownKey(k)] = now.Add(s.cfg.ActiveFor)
}

// newAddJob returns the Add write of p at now with the given Seq (see
// Write.Add): p's delta, the frames still inside their window, and the
// removal of the frames past dropCutoff that p.Base holds or a read of the
// key showed (see takeDrops). p.Base is the document just read back, or
// the cache's snapshot. Under contention most compare-and-swaps lose, and
// a contended key is only added to: with Drop the document holds the
// current and previous frame of each size, the one before them (for the
// clocks behind), and those past dropCutoff since this instance's last
// read (TestAddedKeyKeepsNoOldFrames).
func (s *Syncer) newAddJob(p cache.Pending, now time.Time, seq int64) job {
	j := s.baseJob(p, now, seq)
	j.w.Add = true
	s.m.increments.Inc()
	j.w.Frames = cache.Merge(nil, p.Delta, now)
	j.p.Delta = inWindow(p.Delta, now)
	j.w.Drop = s.takeDrops(p.Key, p.Base.Frames, j.w.Frames, now)
	return j
}

// inWindow returns the frames of delta that a write at now carries: those
// cache.Merge keeps, not behind their window. Its Confirm subtracts only
// those from the cache. A Pending rebased at a later flush than the one
// that took it (a lost answer resent, then refused) may hold a frame its
// clock has left behind since: left out of the write and subtracted all
// the same, its count was lost, where the cache holds it for a clock set
// back (TestRebasedWriteKeepsTheFrameItLeftOut). delta is not modified; it
// is returned as it is when every frame is kept.
func inWindow(delta []cache.Frame, now time.Time) []cache.Frame {
	behind := func(f cache.Frame) bool {
		sz := f.Size / time.Second
		return sz <= 0 || f.StartUnix < window.Tier{Size: f.Size}.FrameStartUnix(now)-int64(sz)
	}
	if !slices.ContainsFunc(delta, behind) {
		return delta
	}
	return slices.DeleteFunc(slices.Clone(delta), behind)
}

// nextSeq returns a new Seq: above every earlier one of this Syncer, and
// not below now in Unix milliseconds, so that a restarted instance with the
// same ID does not repeat a Seq (a flush takes at most MaxRetries+1 Seqs per
// Interval, so Seqs run ahead of the clock only as far as the frames they
// carry do, below), nor below newest, the
// latest start of the frames the write carries (newestFrameMilli; 0 for a
// retry, whose frames an earlier Seq of the flush covered). A clock set
// back holds the counts of the frames it left (cache's holds) and writes
// them: with a Seq by that clock alone, an hour old to the others, their
// next write pruned the entry (pruneCutoff) while the write's answer could
// still be lost, and the write, unproven, was counted again
// (TestSeqOfAClockSetBackNotPruned). Above the frames' starts, the entry
// is pruned only once they have left every window by the pruner's clock.
// A Seq ahead of now is no new kind: a clock that was ahead and was set
// right keeps the Seqs it took.
func (s *Syncer) nextSeq(now time.Time, newest int64) int64 {
	s.seq = max(s.seq+1, now.UnixMilli(), newest)
	return s.seq
}

// newestFrameMilli returns the latest start, in Unix milliseconds, of the
// frames ps's deltas carry (0 for none).
func newestFrameMilli(ps []cache.Pending) int64 {
	var m int64
	for i := range ps {
		for _, f := range ps[i].Delta {
			m = max(m, f.StartUnix*1000)
		}
	}
	return m
}

// notSent is the outcome of a write that was never handed to the store,
// because an earlier batch of the same round failed outright: abort it.
const notSent Outcome = 255

// write hands the writes of jobs to the store in batches of at most
// s.writes.size() and returns one outcome per job. After a batch that failed
// outright (refused, or every outcome Unknown with an error) the rest are
// not sent: the store is not answering, and each attempt would wait for its
// timeout.
//
// A batch that timed out with no outcome known halves the batches after it
// (see batchSize): behind a store slow per write (a loaded server, a
// link of low bandwidth) a bulk of BatchSize can take longer than the
// store's timeout every time, and the same writes, resent as one bulk (the
// Unknown ones are sent again identical, step 1 of FlushOnce), timed out
// again: nothing was written while the store was slow but up (an outside
// audit, h58: bulks of 500 to FerretDB timed out for 7 minutes with the
// store up). Splitting changes no write: each is settled on its own, by
// its version or its Seq, whatever bulk carries it, so a write that timed
// out and landed is confirmed once (step 1) and never applied twice.
func (s *Syncer) write(ctx context.Context, jobs []job) ([]Outcome, error) {
	outs := make([]Outcome, len(jobs))
	ws := make([]Write, 0, min(len(jobs), s.writes.size()))
	var errs []error
	for lo := 0; lo < len(jobs); {
		hi := min(lo+s.writes.size(), len(jobs))
		ws = ws[:0]
		for i := lo; i < hi; i++ {
			ws = append(ws, jobs[i].w)
		}
		s.m.requestsWrite.Inc()
		start := s.cfg.Now()
		o, err := s.cfg.Store.Write(ctx, ws)
		took := s.cfg.Now().Sub(start)
		if err == nil && len(o) != len(ws) {
			err = fmt.Errorf("store returned %d outcomes for %d writes", len(o), len(ws))
			o = nil
		}
		if err != nil {
			s.m.errorsWrite.Inc()
			errs = append(errs, fmt.Errorf("write %d keys: %w", len(ws), err))
		}
		if len(o) != len(ws) { // refused outright: nothing was written
			for i := lo; i < len(jobs); i++ {
				outs[i] = notSent
			}
			break
		}
		copy(outs[lo:hi], o)
		if err != nil && allUnknown(o) {
			if isTimeout(err) && ctx.Err() == nil { // the store's time, not the caller's
				s.writes.adapt(len(ws), took, false)
			}
			for i := hi; i < len(jobs); i++ {
				outs[i] = notSent
			}
			break
		}
		s.writes.adapt(len(ws), took, true)
		lo = hi
	}
	return outs, errors.Join(errs...)
}

func allUnknown(o []Outcome) bool {
	for _, x := range o {
		if x != Unknown {
			return false
		}
	}
	return true
}

// lowestSeq returns the lowest Seq of jobs, or math.MaxInt64 if there are
// none (see Syncer.ownFrom). A retry's Seq is above its round's.
func lowestSeq(jobs []job) int64 {
	low := int64(math.MaxInt64)
	for i := range jobs {
		low = min(low, jobs[i].w.Seq)
	}
	return low
}

// ownPending reports whether d may hold a delta of this instance's that a
// flush has not settled yet (see Syncer.ownFrom): a read must not install
// it, the flush does.
func (s *Syncer) ownPending(d *Doc) bool {
	seq, ok := d.LastWrites[s.writer]
	if !ok {
		return false
	}
	if seq >= s.ownFrom.Load() {
		return true
	}
	if m := s.ownUnsettled.Load(); m != nil {
		if u, ok := (*m)[d.Key]; ok && seq >= u {
			return true
		}
	}
	return false
}

// unsettledSeqs returns the Seq of each job's key (see
// Syncer.ownUnsettled), or nil if there are none.
func unsettledSeqs(jobs []job) *map[cache.Key]int64 {
	if len(jobs) == 0 {
		return nil
	}
	m := make(map[cache.Key]int64, len(jobs))
	for i := range jobs {
		m[jobs[i].p.Key] = jobs[i].w.Seq
	}
	return &m
}

func keysOf(jobs []job) []cache.Key {
	keys := make([]cache.Key, len(jobs))
	for i := range jobs {
		keys[i] = jobs[i].p.Key
	}
	return keys
}

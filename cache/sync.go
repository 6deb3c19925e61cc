package cache

import (
	"slices"
	"time"
)

// This file is the syncer's side of the cache: taking local counts for a
// flush, confirming or abandoning them, and installing snapshots read from
// the store. A key's delta is counted exactly once whatever happens in
// between: it stays in the local counts until Confirm subtracts it in the
// same step that installs the snapshot that contains it.

// Pending is a key's local counts taken for a flush: the snapshot they are to
// be added to and the delta itself. Exactly one of Confirm or Abort must
// follow for each Pending, from the goroutine that took it.
type Pending struct {
	Key   Key      // a copy of the key's bytes (see keyBuf): it may be kept
	Base  Snapshot // the snapshot the delta was counted against, its reset epoch included
	Delta []Frame  // local (committed, unflushed) counts per frame
	e     entryRef
}

// TakeDirty appends to dst the keys whose local counts changed since they
// were last taken, with their deltas as of now, and returns the extended
// slice. Keys whose delta is empty (their counts left the window, or were
// dropped at MaxKeys) are settled and skipped, and so are keys whose last
// Pending is not settled yet: its Confirm or Abort queues them again. A
// key whose only local counts are behind the window, held for a clock
// that jumped ahead (see entry.holdBehind), is skipped and stays queued.
func (c *Cache) TakeDirty(dst []Pending, now time.Time) []Pending {
	return c.takeDirty(dst, now, false)
}

// TakeDirtyHot is TakeDirty for the keys near their limit only: those whose
// most used tier was at least Config.HotPercent of its limit at their last
// decision (see AppendHot). The other dirty keys stay queued for the next
// TakeDirty. The syncer flushes these more often than the rest (adaptive
// sync), so that the instances see each other's counts sooner where it
// matters.
func (c *Cache) TakeDirtyHot(dst []Pending, now time.Time) []Pending {
	return c.takeDirty(dst, now, true)
}

func (c *Cache) takeDirty(dst []Pending, now time.Time, hotOnly bool) []Pending {
	var batch []entryRef
	var kb keyBuf
	for i := range c.shards {
		s := &c.shards[i]
		s.lists.mu.Lock()
		batch = s.drainRecs(batch[:0])
		recs := len(batch)
		batch = s.drainDirty(batch)
		s.batches.Add(1) // out until its refs are locked (see shard.batches)
		s.lists.mu.Unlock()
		for j, ref := range batch {
			e, at := c.lockRef(ref)
			if e.hotLine == nil {
				continue // a dead place: the key was removed with nothing to flush
			}
			if j >= recs && e.is(evicted) {
				// A dead place on the dirty list: the key was evicted
				// since it was queued, and if it has counts to flush,
				// it is on the records (see evictForCap), where this
				// take or the next finds it. Its flags are the
				// records' now.
				e.mu.Unlock()
				continue
			}
			e.set(queued, false)
			if e.isCold(taken) {
				// A flush has its delta and has not settled it (a write whose
				// answer was lost, resent): a second Pending would be a
				// second delta of the same counts, and settling either would
				// clear taken while the other's write may still land, and a
				// Confirm would then subtract counts that were dropped
				// (TestInFlightDeltaNotDroppedAfterDuplicateAbort). Its
				// Confirm or Abort puts the key back on the list.
				e.mu.Unlock()
				continue
			}
			if hotOnly && !e.is(near) {
				c.queue(s, e) // back on the list, for TakeDirty
				e.mu.Unlock()
				continue
			}
			o := e.open(&c.codes)
			o.steps, o.owner = c.cfg.Steps, c
			p := o.pending(now)
			switch {
			case len(p.Delta) > 0:
				e.setCold(taken, true)
				if c.cfg.Steps != nil {
					o.tookFrames(p.Delta)
				}
				p.Key, p.e = kb.key(c, e), at
			case o.hasLocal():
				// Orphans behind the window, held for a clock that may
				// come back to them (see holdBehind): looked at again by
				// each take until written or dropped (dropBehind).
				c.queue(s, e)
			default:
				c.undetach(&o)
			}
			o.close()
			e.mu.Unlock()
			if len(p.Delta) > 0 {
				dst = append(dst, p)
			}
		}
		s.batches.Add(-1)
		clear(batch)
	}
	return dst
}

// pending returns e's snapshot and local counts as of now, for a flush,
// without the key (its callers copy it, see keyBuf).
// Orphans behind their window at now are left out of the delta, as
// cache.Merge leaves them out of the write: held (see holdBehind), they
// stay local until a clock back in their window takes them; past the
// time they were held for, they are dropped here (dropBehind).
func (e *open) pending(now time.Time) Pending {
	u := now.Unix()
	e.rollEach(u)
	e.dropBehind(u)
	p := Pending{Base: Snapshot{Version: e.version, Epoch: e.epoch()}}
	if e.more != nil {
		p.Base.Frames = append(p.Base.Frames, e.more.extra...)
		for _, f := range e.more.orphan {
			if !behind(f.Frame, u) {
				p.Delta = append(p.Delta, f.Frame)
			}
		}
	}
	for j := range int(e.n) {
		ct := e.at(j)
		for slot := range 2 {
			if n := ct.global(slot); n != 0 {
				p.Base.Frames = append(p.Base.Frames, ct.frame(slot, n))
			}
			if n := ct.local[slot]; n != 0 {
				p.Delta = append(p.Delta, ct.frame(slot, n))
			}
		}
	}
	return p
}

// AppendLocal appends to dst, for every key with counts not flushed yet
// (held, or evicted and waiting for a flush), its snapshot and local counts
// as TakeDirty would take them, without taking them, and returns the
// extended slice. A key a flush has taken is included if it is still held
// or waits on a dirty list or the records (its delta is local until
// confirmed); an evicted key held only by a flush is not. Like TakeDirty
// it rolls the keys' counters to now, and leaves out orphans behind their
// window (see pending), which no flush at now writes. It is for tests and
// diagnostics: it walks every key.
func (c *Cache) AppendLocal(dst []Pending, now time.Time) []Pending {
	return c.appendLocal(dst, now, false)
}

// AppendLocalHeld is AppendLocal with the orphans behind their window at
// now that the key still holds (Config.Steps' rule, for a clock set back to
// its least offset) in the deltas too: what an eviction at MaxKeys drops
// and counts in Stats.Dropped (evictForCap). For tests and diagnostics.
// Without Config.Steps it is AppendLocal: the orphans holdBehind keeps
// behind the window go uncounted at an eviction (evictForCap), and given
// here, the simulation's Dropped check read 2 requests lost where Dropped
// grew by 1 (TestAppendLocalHeldIsWhatAnEvictionCounts).
func (c *Cache) AppendLocalHeld(dst []Pending, now time.Time) []Pending {
	return c.appendLocal(dst, now, true)
}

func (c *Cache) appendLocal(dst []Pending, now time.Time, held bool) []Pending {
	seen := make(map[entry]bool)
	var kb keyBuf
	add := func(e entry) {
		if seen[e] {
			e.mu.Unlock()
			return
		}
		seen[e] = true
		o := e.open(&c.codes)
		o.steps, o.owner = c.cfg.Steps, c
		p := o.pending(now)
		if held && o.steps != nil && o.more != nil {
			for _, f := range o.more.orphan {
				if behind(f.Frame, now.Unix()) {
					p.Delta = append(p.Delta, f.Frame)
				}
			}
		}
		o.close()
		if len(p.Delta) > 0 {
			p.Key = kb.key(c, e)
		}
		e.mu.Unlock()
		if len(p.Delta) > 0 {
			dst = append(dst, p) // p.e zero: not for Confirm or Abort
		}
	}
	for i := range c.shards {
		s := &c.shards[i]
		// Both walks under the shard's lock: a rebuild between them
		// moves the keys the first saw, and the dirty list's slots
		// forward to their copies, entries seen not (every queued key
		// twice: TestAppendLocalOnceAcrossRebuild).
		s.mu.RLock()
		s.forEach(0, func(_ int, e entry) bool {
			e.mu.Lock()
			add(e)
			return true
		})
		s.lists.mu.Lock()
		dirty := s.appendDirty(s.appendRecs(nil))
		s.lists.mu.Unlock()
		for _, r := range dirty {
			if e, _ := c.lockRef(r); e.hotLine != nil {
				add(e)
			}
		}
		s.mu.RUnlock()
	}
	return dst
}

// AppendUnreached appends to dst, of ps (Pendings taken by TakeDirty and not
// settled yet), those whose key AppendLocal does not reach: evicted while a
// flush held its counts, and not queued again since. Their deltas are still to
// be written, but no walk of the cache finds them. It returns the extended
// slice; the Pendings it appends are for reading only, not for Confirm or
// Abort. With AppendLocal it tells what a final flush that failed leaves
// unwritten (a key evicted at the key cap while its write's answer was lost
// would otherwise be left out of that count).
func (c *Cache) AppendUnreached(dst []Pending, ps []Pending) []Pending {
	for _, p := range ps {
		if p.e.l == nil || len(p.Delta) == 0 {
			continue
		}
		e, _ := c.lockRef(p.e)
		gone := e.hotLine == nil
		if !gone {
			gone = e.is(evicted) && !e.is(queued)
			e.mu.Unlock()
		}
		if gone {
			p.e = entryRef{}
			dst = append(dst, p)
		}
	}
	return dst
}

// LocalOf returns the local counts of p's entry (p taken by TakeDirty and
// not settled yet), as AppendLocal would take them at now: p's delta (unless
// a reset dropped it, or its frames left their windows) and the counts made
// since. For a Pending AppendUnreached returns: no walk of the cache finds
// its entry, whose counts made after the take (passed over by TakeDirty
// while the write is unsettled) p's delta does not hold. The frames are
// for reading only.
func (c *Cache) LocalOf(p Pending, now time.Time) []Frame {
	if p.e.l == nil {
		return nil
	}
	e, _ := c.lockRef(p.e)
	if e.hotLine == nil {
		return nil // never: a taken key's eviction makes a record
	}
	defer e.mu.Unlock()
	o := e.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	return o.pending(now).Delta
}

// DeltaDropped reports whether a reset has dropped p's delta (p taken by
// TakeDirty and not settled yet) from the local counts since it was taken
// (see overflow.takenDropped): the reset cleared those counts, so they are
// not at stake if p's write fails, and a count made since in one of p's
// frames is not in p's write. For a final flush that failed (syncer's
// atStake).
func (c *Cache) DeltaDropped(p Pending) bool {
	if p.e.l == nil {
		return false
	}
	e, _ := c.lockRef(p.e)
	if e.hotLine == nil {
		return false // never (see LocalOf)
	}
	defer e.mu.Unlock()
	return e.deltaDropped()
}

// Confirm settles p after its delta was written to the store as part of
// written: it installs written unless the key already holds a newer
// snapshot (or the store went back: see wentBack), and subtracts p.Delta
// from the local counts, in one step. A
// delta that a reset dropped since it was taken is not subtracted: it left
// the local counts then (and the reset cleared it from the store, since it
// landed before the reset did).
func (c *Cache) Confirm(p *Pending, written Snapshot, now time.Time) {
	le, _ := c.lockRef(p.e)
	if le.hotLine == nil {
		return // never (see LocalOf)
	}
	defer le.mu.Unlock()
	o := le.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	e := &o
	if written.Version > e.version || wentBack(p, written) {
		c.resetDropped.Add(e.install(written, now))
		if written.Writers == 0 { // this instance's write: not a read of the others' counts
			e.flushed(p.Delta)
		}
	} else {
		e.rollAll(now)
	}
	if !e.deltaDropped() {
		for _, f := range p.Delta {
			e.addLocal(int64(f.Size/time.Second), f.StartUnix, -f.N)
		}
	}
	e.setCold(taken, false)
	if e.more != nil {
		e.more.takenDropped = false
	}
	c.requeue(e)
}

// Abort settles p when its delta was not written: the counts stay local and
// the key is taken again by the next TakeDirty.
func (c *Cache) Abort(p *Pending) {
	e, _ := c.lockRef(p.e)
	if e.hotLine == nil {
		return // never (see LocalOf)
	}
	defer e.mu.Unlock()
	e.setCold(taken, false)
	if e.more != nil {
		e.more.takenDropped = false
	}
	o := e.openRead(&c.codes) // counts read only
	c.requeue(&o)
	o.doneReading()
}

// Replace rebases p on s, just read from the store because a write against
// p.Base was refused, and returns the Pending to write instead; p itself is
// settled by the returned one. s is also installed as the key's snapshot
// unless the key holds a newer one (a pull may have installed it meanwhile):
// versions only grow, so the snapshot a decision sees never goes back,
// unless the store did (see wentBack).
//
// If s, or a snapshot installed since p was taken, is of a newer reset
// epoch, the delta was counted before the reset and is dropped: the
// returned Pending has no delta, nothing to write, and is settled with
// Abort.
func (c *Cache) Replace(p *Pending, s Snapshot, now time.Time) Pending {
	le, _ := c.lockRef(p.e)
	if le.hotLine == nil {
		return *p // never (see LocalOf)
	}
	defer le.mu.Unlock()
	o := le.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	e := &o
	if s.Version >= e.version || wentBack(p, s) {
		c.resetDropped.Add(e.install(s, now))
	}
	q := *p
	q.Base = Snapshot{Version: s.Version, Frames: slices.Clone(s.Frames), Epoch: s.Epoch}
	if e.deltaDropped() {
		q.Delta = nil
	}
	return q
}

// wentBack reports whether s, a document read from the store after p's
// write (read back with the write in it, or read because the write was
// refused), is of a version below p.Base's: one the store held before, since
// p.Base was read from it or written to it. Versions only grow while the
// store keeps what it answered, so the store went back: a write rolled back
// by a failover (w:1), a collection restored from a dump, a document
// replaced or deleted (version 0) by hand. The document is then the
// store's truth, and is installed though the key holds a newer version:
// refused as older, the key kept the snapshot of before, every read of the
// key was refused as older, and the deltas that this instance's writes
// confirmed left its estimate for good (syncer's TestStoreGoesBack: the
// fleet admitted every request of a key at twice its limit after a
// rollback). A document gone is installed as none (version 0), so that
// the key's next write creates it: the key kept the snapshot of before,
// its next write was refused the same way (an increment or a
// compare-and-swap on that version), and the creation came only after it,
// in the same flush if time was left: behind a store whose write and read
// back took the flush's Interval it never came, and no count of the key
// reached the store again (TestStoreGoesBack/DeletedSlowStore).
func wentBack(p *Pending, s Snapshot) bool {
	return s.Version < p.Base.Version
}

// Apply installs s, read from the store by a pull, as the snapshot of k if it
// is newer than the one k holds, and reports whether it did. Keys not held
// are ignored: a pull does not create keys. A snapshot of a newer reset
// epoch drops the key's unflushed counts (see Snapshot.Epoch), unless the
// key never installed a document before.
//
// A snapshot of the version k holds is installed too if it holds other
// counts in the frames k's counters hold (differs): the store went back (a
// restore, a hand edit), and an increment on the document put back made
// that version again (see syncer's Write.Strict). Kept as "not newer", the
// key counted what the restore removed (or missed what it brought back)
// until a write moved the version past it (syncer's
// TestHeldVersionReadWithOtherCounts: 15 where the store had 13).
//
// So is a snapshot of a version below k's, or of no document (version 0),
// when k installed nothing since the syncer last chose it to read
// (AppendPull, or TakeFresh: a key new, or used again after a pause): the
// caller read s after that choice (Apply is for the reads of the keys the
// pull chose, and of new keys, which the syncer makes one at a time), and
// the store showed a lower version than one it held before, or than one
// this instance's write gave it: the store went back (an operator deleted
// the document, and a writer whose clock is behind, or that adds faster
// than one a millisecond, created it again, at a version below the deleted
// one's; a restore; a rollback). Kept as "older", the key kept the deleted
// document's counts until this instance wrote it or they left its windows,
// more than the store held or fewer (syncer's
// TestReaderFollowsADocumentDeleted: 5 where the store held 2, or 7; a key
// used once every few pulls, read only by TakeFresh's choice, kept them
// for good while that choice left the flag as it was:
// TestReaderFollowsADocumentDeletedReadWithTheNewKeys). A document
// installed since the choice (this instance's write confirmed, a
// read of a refused write, another read) makes s possibly older than it:
// s is refused as before (TestPullStaleReadAfterAWrite).
func (c *Cache) Apply(k Key, s Snapshot, now time.Time) bool {
	return c.apply(k, s, now, true)
}

// ApplyNewer is Apply for a read that may have begun before the pull last
// chose k (the syncer's read of the keys near their limit between pulls):
// it installs no snapshot of a version below k's, nor of no document.
func (c *Cache) ApplyNewer(k Key, s Snapshot, now time.Time) bool {
	return c.apply(k, s, now, false)
}

func (c *Cache) apply(k Key, s Snapshot, now time.Time, chosen bool) bool {
	le := c.lockFind(k)
	if le.hotLine == nil {
		return false
	}
	defer le.mu.Unlock()
	if s.Version < le.version && chosen && !le.isCold(installed) {
		o := le.open(&c.codes)
		o.steps, o.owner = c.cfg.Steps, c
		defer o.close()
		c.resetDropped.Add(o.install(s, now))
		return true
	}
	if s.Version == 0 {
		return false
	}
	o := le.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	e := &o
	if s.Version == e.version && s.Version != 0 && s.Writers > 0 {
		e.rollForward(now)
		if e.differs(s.Frames) {
			c.resetDropped.Add(e.install(s, now))
			return true
		}
	}
	if s.Version <= e.version {
		if s.Version == e.version && s.Writers > 0 {
			// The document this instance holds, last written by
			// itself: only who counts the key lately is news (the
			// others may have stopped).
			e.setWriters(s.Writers)
			e.readNow()
		}
		return false
	}
	c.resetDropped.Add(e.install(s, now))
	return true
}

// LongestWindow returns the longest window size k is counted in, and
// whether k is held.
func (c *Cache) LongestWindow(k Key) (time.Duration, bool) {
	e := c.lockFind(k)
	if e.hotLine == nil {
		return 0, false
	}
	defer e.mu.Unlock()
	o := e.openRead(&c.codes)
	defer o.doneReading()
	return time.Duration(o.longestSec()) * time.Second, true
}

// Reset installs s, the document a reset of k has just written (or a later
// one of its epoch, read back), into the key k if it is held, and drops the key's unflushed counts whether or not
// the key ever installed a document: the caller reset the key, so every
// count it holds was counted before the reset. It returns the sum of the
// counts dropped for the reset and whether k is held. A pull that installed
// s (or a later document of its epoch) first has dropped them already:
// Reset then drops nothing, so that counts committed since stay, and
// returns what that pull dropped (counted in Stats.ResetDropped then, not
// again). What it drops is counted in requests (see Requests). Evicted keys still waiting
// for a flush are not reached; their next write meets the reset's document
// and drops them (see Replace).
func (c *Cache) Reset(k Key, s Snapshot, now time.Time) (dropped int64, held bool) {
	le := c.lockFind(k)
	if le.hotLine == nil {
		return 0, false
	}
	defer le.mu.Unlock()
	o := le.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	e := &o
	if e.isCold(epochKnown) && e.epoch() >= s.Epoch {
		if e.epoch() == s.Epoch && e.more != nil {
			dropped, e.more.epochDropped = e.more.epochDropped, 0
		}
		return dropped, true
	}
	// s is of a newer epoch than the document the key holds (or the key
	// holds none): installed whatever its version, since the reset
	// cleared every count of that document. A version below the key's is
	// the store gone back (an operator deleted the document the key
	// holds, and a writer created it again below its version, which the
	// reset's write raised by one): kept as "older", the instance that
	// reset the key went on counting the deleted document's counts
	// (syncer's TestResetLostLandsOnADocumentCreatedAgain: 3 where 0).
	dropped = e.install(s, now)
	// Drops what install left: every count, unless install dropped them
	// itself (the key held a document of an older epoch), and then this
	// adds 0 and sets the epoch install set.
	e.rollAll(now)
	dropped += e.dropLocal()
	e.setEpoch(s.Epoch)
	if e.more != nil {
		e.more.epochDropped = 0 // returned here: not again
	}
	c.resetDropped.Add(dropped)
	return dropped, true
}

// InFlight returns the cost reserved by requests not yet committed or
// released (see Reserve) and on how many keys, walking every key held and
// the records of keys evicted while a request on them was open (the
// published table's recs: see carryOpenRecs); a key evicted and held
// again with requests open on both instances counts twice. The syncer's
// final flush calls it, to say what the store will not have if those
// requests are issued their tokens later.
func (c *Cache) InFlight() (cost int64, keys int) {
	add := func(e entry) {
		e.mu.Lock()
		o := e.openRead(&c.codes)
		r := o.reserved
		o.doneReading()
		e.mu.Unlock()
		if r > 0 {
			cost += r
			keys++
		}
	}
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.RLock()
		s.forEach(0, func(_ int, e entry) bool {
			add(e)
			return true
		})
		t := s.pub.tab.Load()
		t.recMu.Lock()
		recs := t.recs // appended to, never changed where written
		t.recMu.Unlock()
		for _, r := range recs {
			add(r)
		}
		s.mu.RUnlock()
	}
	return cost, keys
}

// AppendActive appends to dst the keys used at or after since and returns
// the extended slice. It walks every
// key; the syncer calls it once per pull. The keys are copies (see keyBuf),
// as are those of AppendPull, AppendPullHot and TakeFresh.
func (c *Cache) AppendActive(dst []Key, since time.Time) []Key {
	sinceUnix := since.Unix()
	var kb keyBuf
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.RLock()
		s.forEach(0, func(_ int, e entry) bool {
			e.mu.Lock()
			used := e.lastUsedUnix()
			e.mu.Unlock()
			if used >= sinceUnix {
				dst = append(dst, kb.key(c, e))
			}
			return true
		})
		s.mu.RUnlock()
	}
	return dst
}

// AppendPull appends to dst the keys the syncer's pull number round should
// read, and returns the extended slice, so that the store's reads follow
// the keys in use and near their limit, not every key held. Of the keys
// used at or after since:
//
//   - a key whose most used tier was at least Config.HotPercent of its limit
//     at its last decision is read every round: the others' counts can
//     push it over;
//   - so is a key that other instances counted lately (its snapshot's
//     Writers is 2 or more) and that this instance used since its last
//     read: their counts move it without this one's requests (a key used
//     now and then, read once after each use, is not read again at every
//     round until ActiveFor has passed: the documents name the writers of
//     the last minute, for the share, so most keys used on several
//     instances count as such);
//   - any other key is read only if it was used since it was last read,
//     and then at most every coldEvery-th round: a key that only this
//     instance counts changes only by its requests, and one far from its
//     limit cannot be pushed over it within a few intervals. A key used
//     again after a pause is read sooner, with the new keys (see markUse
//     and TakeFresh). A key this instance counts is read back anyway
//     whenever its write meets another instance's (a flush conflict
//     installs the document).
//
// coldEvery below 1 counts as 1: every key used since its last read, at
// every round. It walks every key.
func (c *Cache) AppendPull(dst []Key, since time.Time, round uint64, coldEvery int) []Key {
	dst, _ = c.AppendPullHot(dst, nil, since, round, coldEvery)
	return dst
}

// AppendPullHot is AppendPull that also appends to hot the keys it chose
// for being near their limit, and returns both slices: the syncer reads
// those again between pulls (adaptive sync) without walking every key.
func (c *Cache) AppendPullHot(dst, hot []Key, since time.Time, round uint64, coldEvery int) ([]Key, []Key) {
	sinceUnix := since.Unix()
	// Rounds count from 1 here: a key that was never read has readRound 0.
	r, every := uint32(round)+1, uint32(max(coldEvery, 1))
	c.pullRound.Store(r)
	c.ageWriters(c.cfg.Now())
	var kb keyBuf
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.RLock()
		s.forEach(0, func(_ int, e entry) bool {
			e.mu.Lock()
			used := e.lastUsedUnix() >= sinceUnix
			isHot := used && e.is(near)
			// Another instance counts the key too: its counts move
			// without this one's requests, so it is read at every pull
			// while used here since, as a key near its limit is. As
			// the documents told: a key that assumes the live
			// instances is read as any other.
			contested := used && e.writers&^assumedWriters >= 2 && e.is(unread)
			read := isHot || contested || used && e.is(unread) && r-e.readRound >= every
			if read {
				e.readRound, e.hot.flags = r, e.hot.flags&^unread
				e.setCold(installed, false) // see Apply
			}
			e.mu.Unlock()
			if read || isHot {
				// One copy for both: a hot key is read.
				k := kb.key(c, e)
				if read {
					dst = append(dst, k)
				}
				if isHot {
					hot = append(hot, k)
				}
			}
			return true
		})
		s.mu.RUnlock()
	}
	return dst, hot
}

// Unread marks keys as not read since their last use, as they were before
// a pull (AppendPull) or TakeFresh chose them: the syncer's read of them
// failed (a store call timed out mid-pull, and the calls after it were not
// made), so the next pull reads those still used, whatever its coldEvery,
// as it reads a key that TakeFresh's full queue left out. Without it a key
// chosen and not read counted as read: the next pull skipped it unless it
// was used again since, and even then, below its limit, until coldEvery
// rounds had passed, while its decisions went on from the snapshot before
// the failed pull. Keys not held are skipped. It is not on the request
// path: the syncer calls it after a read that failed.
func (c *Cache) Unread(keys []Key) {
	round := c.pullRound.Load()
	for _, k := range keys {
		e := c.lockFind(k)
		if e.hotLine == nil {
			continue
		}
		e.readRound, e.hot.flags = round-neverRead, e.hot.flags|unread
		e.mu.Unlock()
	}
}

// defaultHotPercent is Config.HotPercent's default.
const defaultHotPercent = 50

// requeue puts e (locked by the caller) back on its shard's dirty list if it
// still has local counts; else, if it was evicted, it is settled.
func (c *Cache) requeue(e *open) {
	if e.hasLocal() {
		c.queue(c.shardOfEntry(e.entry), e.entry)
		return
	}
	c.undetach(e)
}

// undetach settles e (locked by the caller), which has no local counts: if
// it was evicted, nothing holds it for its counts any more.
func (c *Cache) undetach(e *open) {
	if e.isCold(detached) && !e.hasLocal() {
		e.setCold(detached, false)
		c.detached.Add(-1)
	}
}

// Merge returns base + delta per frame, keeping only frames still inside
// their window at now (the current and the previous frame of their size,
// and those ahead), in a stable order: by size, then start. Counts that
// would fall below 0 are kept at 0. It is what a flush writes, frame by
// frame: the syncer's writes leave the document's other frames as they
// are (syncer.Write.Frames).
func Merge(base, delta []Frame, now time.Time) []Frame {
	out := make([]Frame, 0, len(base)+len(delta))
	add := func(f Frame) {
		sz := int64(f.Size / time.Second)
		if sz <= 0 || f.StartUnix < frameStart(now, sz)-sz {
			return
		}
		for i := range out {
			if out[i].Size == f.Size && out[i].StartUnix == f.StartUnix {
				out[i].N += f.N
				return
			}
		}
		out = append(out, f)
	}
	for _, f := range base {
		add(f)
	}
	for _, f := range delta {
		add(f)
	}
	out = slices.DeleteFunc(out, func(f Frame) bool {
		return f.N <= 0
	})
	slices.SortFunc(out, func(a, b Frame) int {
		if a.Size != b.Size {
			return int(a.Size - b.Size)
		}
		return int(a.StartUnix - b.StartUnix)
	})
	return out
}

// Requests returns how many requests (in cost units) the frames fs count:
// the largest sum of the frames of one window size. A request counts once
// in every window size its key is limited by, so summing every frame would
// count it once per size; the size whose frames hold the most (the longest,
// as a rule) holds every request the others hold.
func Requests(fs []Frame) int64 {
	var most int64
	for i, f := range fs {
		if slices.ContainsFunc(fs[:i], func(g Frame) bool { return g.Size == f.Size }) {
			continue // summed with the first frame of its size
		}
		var n int64
		for _, g := range fs[i:] {
			if g.Size == f.Size {
				n += g.N
			}
		}
		most = max(most, n)
	}
	return most
}

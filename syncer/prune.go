// Pruning: which other instances' lastWrites entries, and which frames, a
// write may remove, learned from the documents that flushes and pulls
// read.

package syncer

import (
	"slices"
	"strings"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// staleEntries are instances whose lastWrites entries in a key's document
// can no longer matter, as read at the document's version: a write against
// that version (and only that one: see Write.Prune) removes them.
type staleEntries struct {
	version int64
	names   []string
	seqs    []int64 // the names' Seqs, in their order
	// below is the cutoff the names' entries were below (pruneCutoff):
	// the write that prunes them applies only while they still are
	// (Write.PruneBelow). A document put back to an earlier state can
	// repeat the version with an entry its instance wrote since, which
	// proves a write of that instance whose answer may be lost.
	below int64
	// span is how far below the clock of the read the cutoff was
	// (milliseconds): the write that prunes judges the entries again by
	// its own clock (takeStale).
	span int64
}

// maxStaleKeys bounds the keys the Syncer remembers entries to prune for
// (with at most MaxPrune names each), and those it remembers frames to
// drop for: a few megabytes at most. A map that fills is cleared; the
// keys it held learn their entries and frames again at their next read.
const maxStaleKeys = 10000

// learnStale remembers, for each document of docs, the other instances'
// lastWrites entries that can no longer matter at now (see pruneCutoff),
// for the next write against the document's version to remove, and the
// frames past dropCutoff, for the key's next write to drop (Write.Drop).
// Writes set only the frames they name, and the cache does not hold a
// frame past its window (cache's install): the documents read are where a
// writer learns of the frames no write removed yet.
func (s *Syncer) learnStale(docs []Doc, now time.Time) {
	if s.aheadOfPeers() {
		return // the cutoffs rest on no clock being MaxSkew behind this one
	}
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	for i := range docs {
		if docs[i].Unreadable == nil {
			s.learnDrops(&docs[i], now)
		}
	}
	for i := range docs {
		d := &docs[i]
		if d.Unreadable != nil {
			continue // nothing learned: what it holds is not known
		}
		if d.Snapshot.Version == 0 || len(d.LastWrites) == 0 {
			delete(s.stale, d.Key)
			continue
		}
		cutoff := pruneCutoff(d.Snapshot.Frames, now, s.cfg.MaxSkew)
		var names []string
		for name, seq := range d.LastWrites {
			if seq < cutoff && name != s.writer && CheckInstance(name) == nil {
				names = append(names, name)
			}
		}
		slices.Sort(names) // the same write for the same document: resends and tests stay identical
		names = names[:min(len(names), MaxPrune)]
		seqs := make([]int64, len(names))
		for i, name := range names {
			seqs[i] = d.LastWrites[name]
		}
		if len(names) == 0 {
			delete(s.stale, d.Key)
			continue
		}
		if _, ok := s.stale[d.Key]; !ok && len(s.stale) >= maxStaleKeys {
			// Full: start over, as learnDrops does. Keys read and not
			// written since keep their entries until a write takes them,
			// so a map that stopped taking keys once full would stay full,
			// and no other key's document would shed a departed
			// instance's entry again.
			clear(s.stale)
		}
		s.stale[ownKey(d.Key)] = staleEntries{version: d.Snapshot.Version, names: names, seqs: seqs, below: cutoff, span: now.UnixMilli() - cutoff}
	}
}

// learnDrops remembers the frames of d past dropCutoff at now for the
// key's next write (staleMu held). Unlike the entries to prune, they do not
// depend on the version: whoever wrote since, a frame past dropCutoff
// counts for no clock within a window of this one, and no write sets it
// again (a write names only frames inside its writer's window).
func (s *Syncer) learnDrops(d *Doc, now time.Time) {
	var fs []cache.Frame
	for _, f := range d.Snapshot.Frames {
		if len(fs) < MaxDrop && droppable(f, now) {
			fs = append(fs, cache.Frame{Size: f.Size, StartUnix: f.StartUnix})
		}
	}
	if len(fs) == 0 {
		delete(s.drops, d.Key)
		return
	}
	if _, ok := s.drops[d.Key]; !ok && len(s.drops) >= maxStaleKeys {
		// Full: forget them all (each is learned again at the key's next
		// read) rather than stop learning: the entries of keys read and
		// not written since stay until their next read, and a map that
		// stopped taking new keys would leave every other key's document
		// to grow by a frame a window while it is in use.
		clear(s.drops)
	}
	s.drops[ownKey(d.Key)] = fs
}

// ownKey returns a copy of k's bytes, in one allocation, for the maps that
// keep a key past the flush or pull that handed it out (contended, stale,
// drops; STYLE rule 17): the cache's keys are made over a chunk of the
// call's keys (see cache.keyBuf), which one key kept would keep alive
// whole, and a Doc's Key is the key the Load was given. A map assignment
// stores the key it is given even where the map holds the key already, so
// every assignment copies.
func ownKey(k cache.Key) cache.Key {
	var b strings.Builder
	b.Grow(len(k.ClientID) + len(k.User))
	b.WriteString(k.ClientID)
	b.WriteString(k.User)
	s := b.String()
	return cache.Key{ClientID: s[:len(k.ClientID)], User: s[len(k.ClientID):]}
}

// takeDrops returns the frames a write of k at now removes, and forgets
// those learned for k (learned again at a later read if the write does not
// land): those learned from a read (learnDrops) and those of base (the
// snapshot the write was counted against: the document just read, after a
// refused write) past dropCutoff; none of written (the write's frames),
// at most MaxDrop. An instance that may be ahead of the others by MaxSkew
// or more drops nothing (see aheadOfPeers): the documents keep the frames,
// and a writer in step drops them later.
//
// A compare-and-swap sets base + delta by name and cache.Merge leaves out a
// frame that would fall to 0 or below: the document would keep the base's
// count there. It does not happen: the cache's local counts, hence the
// deltas, are never negative (cache's addLocal).
func (s *Syncer) takeDrops(k cache.Key, base, written []cache.Frame, now time.Time) []cache.Frame {
	s.staleMu.Lock()
	learned := s.drops[k]
	delete(s.drops, k)
	s.staleMu.Unlock()
	if s.aheadOfPeers() {
		return nil
	}
	var out []cache.Frame
	add := func(f cache.Frame) {
		same := func(g cache.Frame) bool { return g.Size == f.Size && g.StartUnix == f.StartUnix }
		if len(out) < MaxDrop && !slices.ContainsFunc(out, same) && !slices.ContainsFunc(written, same) {
			out = append(out, cache.Frame{Size: f.Size, StartUnix: f.StartUnix})
		}
	}
	for _, fs := range [][]cache.Frame{learned, base} {
		for _, f := range fs {
			if droppable(f, now) { // learned: the clock may have stepped back since
				add(f)
			}
		}
	}
	return out
}

// droppable reports whether a write at now may remove f from a document:
// f starts before dropCutoff of its size.
func droppable(f cache.Frame, now time.Time) bool {
	sz := int64(f.Size / time.Second)
	return sz > 0 && f.StartUnix < dropCutoff(now, sz)
}

// dropCutoff returns the start, in Unix seconds, before which a frame of
// sizeSec seconds is removed from a document by a write at now: two frames
// before the current one's start, so that a document keeps, besides the
// current and the previous frame by the writer's clock, the frame before
// them. A frame weighs in the sliding window until two frames after its
// start (as the previous frame); an instance whose clock is behind the
// writer's by up to one frame (sizeSec) still counts the frame before the
// writer's previous one, and it is kept until that instance's clock too is
// past it: nothing any instance within a window of the writer counts is
// removed. A compare-and-swap that replaced every frame removed it as soon
// as the writer's clock left it behind (helper-41's audit G, F4: a's
// estimate 25 s into the minute after its 50 requests fell to 0 at b's
// write, b 40 s ahead, with minute windows). The cost is one frame per
// size in the document, not in the cache (cache's install leaves it out).
// Frames ahead are not removed (F5): a writer behind cannot tell them from
// the fleet's current frames.
func dropCutoff(now time.Time, sizeSec int64) int64 {
	u := now.Unix()
	start := u - u%sizeSec
	if u < 0 && u%sizeSec != 0 {
		start -= sizeSec
	}
	return start - 2*sizeSec
}

// hasStale reports whether a write of k against version v has entries to
// prune (see takeStale).
func (s *Syncer) hasStale(k cache.Key, v int64) bool {
	if s.aheadOfPeers() {
		return false // takeStale gives none
	}
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	e, ok := s.stale[k]
	return ok && e.version == v
}

// takeStale returns the entries to prune with a write of k against version
// v at now and the Seq they were below (Write.PruneBelow), and forgets those
// of k: entries learned at another version may have been rewritten since by
// their instance, and are learned again from a later Load. Of those learned,
// only the entries still below the cutoff by now's clock are pruned: a
// clock that read the document an hour ahead, before the heartbeats showed
// it ahead (aheadOfPeers), and wrote once set right pruned the entries of
// writes made a moment before, one whose answer was lost among them, and
// that write, unproven, was counted again (the simulation's jumps, seed
// 6902348769796761595; TestPruneLearnedAheadJudgedAgain).
func (s *Syncer) takeStale(k cache.Key, v int64, now time.Time) (names []string, below int64) {
	if s.aheadOfPeers() {
		return nil, 0 // learned before the skew was seen: kept for later
	}
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	e, ok := s.stale[k]
	if !ok {
		return nil, 0
	}
	delete(s.stale, k)
	if e.version != v {
		return nil, 0
	}
	below = min(e.below, now.UnixMilli()-e.span)
	for i, name := range e.names {
		if e.seqs[i] < below {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil, 0
	}
	return names, below
}

// pruneCutoff returns the Seq below which another instance's lastWrites
// entry in a document holding frames can be pruned at now: Seqs are the
// writer's clock in Unix milliseconds or later (nextSeq), so the entry's
// write was sent before cutoff by the writer's clock.
//
// Why that is safe. An entry matters only to its instance X while X holds a
// write whose answer was lost (unsettled): the entry proves the write
// landed. Without it, X finds the document moved on and aborts the write,
// keeping its delta local to write again: the delta would be counted twice
// if X wrote any of its frames again while the document holds the landed
// copy. Each frame of the delta, of size S, started no later than X's clock
// when the write was sent (seq), and X writes a frame (cache.Merge: both
// kinds of write, whatever the base) only while it is the current or the
// previous frame by X's clock, that is until X's clock passes its start +
// 2S. So nothing is counted twice once X's clock is past seq + 2L, L the
// delta's longest size: X then writes none of the delta's frames again,
// and the landed copy stays counted once, in the document, until a write
// drops it (dropCutoff).
//
// X's clock, read after the pruning, is at least now - MaxSkew, and pruning
// needs seq < now - 2L' - MaxSkew, L' the longest size in the document
// pruned: X's clock is then past seq + 2L'. Enough if L' >= L, which holds
// while the document still holds a frame of size L, and it does while one
// of the delta's frames of that size f may still be written again: the
// write landed, so f was in the document, and a write removes f only once
// its writer's clock is past f + 3L (dropCutoff: the frame before the
// previous one is kept), when the clock of an X at most L behind that
// writer is past f + 2L, and X writes f no more. The other sizes of the
// delta are shorter: for each, the same holds of its frames. The document
// may also be reset (its counts cleared: the delta's counts, counted
// before, are dropped with them, see cache.Replace) or deleted on expiry
// (the landed copy gone with it). So the rule holds for clocks within
// MaxSkew of each other and, where the document no longer shows a size of
// the delta, within one frame of that size of the instance that dropped
// its frames: the bound within which dropCutoff keeps every frame any
// instance counts (TestPrunedEntryOfALostAnswerCountsNothingTwice/
// PastTheHourDropped); a writer that may be ahead by MaxSkew or more drops
// nothing (takeDrops). Keeping
// the frame before the previous one made the document show L longer than
// this needs, not shorter: the cutoff stays 2L + MaxSkew (audit G had
// suggested 3L + MaxSkew for it, on the assumption that the delta's frames
// could be written again while the document keeps them; they cannot: X
// writes no frame past its window). With L taken too short, an hour frame
// beside a minute frame, say, X would write the hour count again while the
// document still holds it: TestPrunedEntryOfALostAnswerCountsNothingTwice.
func pruneCutoff(frames []cache.Frame, now time.Time, maxSkew time.Duration) int64 {
	var longest time.Duration
	for _, f := range frames {
		longest = max(longest, f.Size)
	}
	return now.Add(-2*longest - maxSkew).UnixMilli()
}

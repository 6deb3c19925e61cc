// Pruning: which other instances' lastWrites entries a write may remove,
// learned from the documents that flushes and pulls read.

package syncer

import (
	"slices"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// staleEntries are instances whose lastWrites entries in a key's document
// can no longer matter, as read at the document's version: a write against
// that version (and only that one: see Write.Prune) removes them.
type staleEntries struct {
	version int64
	names   []string
}

// maxStaleKeys bounds the keys the Syncer remembers entries to prune for
// (with at most MaxPrune names each): a few megabytes at most. A key left
// out is pruned after a later Load of it.
const maxStaleKeys = 10000

// learnStale remembers, for each document of docs, the other instances'
// lastWrites entries that can no longer matter at now (see pruneCutoff),
// for the next write against the document's version to remove.
func (s *Syncer) learnStale(docs []Doc, now time.Time) {
	if s.aheadOfPeers() {
		return // the cutoff rests on no clock being MaxSkew behind this one
	}
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	for i := range docs {
		d := &docs[i]
		if d.Snapshot.Version == 0 || len(d.LastWrites) == 0 {
			delete(s.stale, d.Key)
			continue
		}
		cutoff := pruneCutoff(d.Snapshot.Frames, now, s.cfg.MaxSkew)
		var names []string
		for name, seq := range d.LastWrites {
			if seq < cutoff && name != s.cfg.Instance && checkInstance(name) == nil {
				names = append(names, name)
			}
		}
		if len(names) == 0 {
			delete(s.stale, d.Key)
			continue
		}
		if _, ok := s.stale[d.Key]; !ok && len(s.stale) >= maxStaleKeys {
			continue
		}
		slices.Sort(names) // the same write for the same document: resends and tests stay identical
		s.stale[d.Key] = staleEntries{version: d.Snapshot.Version, names: names[:min(len(names), MaxPrune)]}
	}
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
// v, and forgets those of k: entries learned at another version may have
// been rewritten since by their instance, and are learned again from a
// later Load.
func (s *Syncer) takeStale(k cache.Key, v int64) []string {
	if s.aheadOfPeers() {
		return nil // learned before the skew was seen: kept for later
	}
	s.staleMu.Lock()
	defer s.staleMu.Unlock()
	e, ok := s.stale[k]
	if !ok {
		return nil
	}
	delete(s.stale, k)
	if e.version != v {
		return nil
	}
	return e.names
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
// if any of its frames still counted. Each frame of the delta started no
// later than X's clock when the write was sent (seq), and a frame of size S
// weighs in the sliding window only until two frames after its start: then
// Merge drops it from every write and the estimates stop counting it. The
// write landed, so its frames were in the document; instances keep frames of
// every size while they are inside their window (a size they do not use as
// well), so the document pruned at now still shows the longest size that can
// matter, L. Pruning needs seq < now - 2L - MaxSkew, and X's clock, read
// after the pruning, is at least now - MaxSkew: so X's clock is past
// seq + 2L when it learns the write's fate, every frame of the delta is out
// of its window, and rewriting the delta adds nothing that still counts.
// However long X was cut off from the store: only the clocks' skew matters.
// (The pruning write itself, merged at now, already drops the landed copy
// of those frames from the document.) With L taken too short, an hour frame
// beside a minute frame, say, X would write the hour count again while the
// document still holds it: TestPrunedEntryOfALostAnswerCountsNothingTwice.
func pruneCutoff(frames []cache.Frame, now time.Time, maxSkew time.Duration) int64 {
	var longest time.Duration
	for _, f := range frames {
		longest = max(longest, f.Size)
	}
	return now.Add(-2*longest - maxSkew).UnixMilli()
}

// Adaptive sync: HotOnce, the flush and the read of the keys near their
// limit between the regular ones.

package syncer

import (
	"context"
	"errors"
	"fmt"
)

// HotOnce syncs the keys near their limit (at least half of a limit used at
// their last decision here): it writes the deltas of those that are dirty
// (cache.TakeDirtyHot), with the flush's protocol, and reads the documents
// of those the last pull found near their limit. Run calls it every
// HotInterval between the regular flushes and pulls, so that the instances
// see each other's counts on those keys within about HotInterval instead of
// Interval, where a late count lets a key overshoot its limit; the other
// keys wait for the regular flush and pull. A key whose write of an earlier
// flush is unsettled it does not write (the regular flush resolves that
// write first); the others it does. Its writes count in the flush metrics.
func (s *Syncer) HotOnce(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.hotWritten)
	start := s.cfg.Now()
	n, ferr := s.flush(ctx, start, true, s.cfg.HotInterval)
	if n > 0 || ferr != nil {
		s.m.flushed(n, ferr, start, s.cfg.Now())
	}
	if ferr != nil {
		ferr = fmt.Errorf("syncer: flush of keys near their limit: %w", ferr)
	}
	return errors.Join(ferr, s.pullHot(ctx))
}

// pullHot reads the documents of the keys the last pull found near their
// limit, but those the hot flush just wrote (a write that landed had the
// document's version, and a refused one was read back), and installs them
// (cache.Apply), those read before a call that failed included. The caller
// holds mu.
//
// It copies the keys under hotMu and reads without pullMu: Run makes the
// pulls and the reads of new keys in a goroutine of their own, and waiting
// on them here would hold the flushes behind their store calls, while
// skipping the read for them left keys near their limit unread (a review:
// 10-16 of 60-115 hot reads in 30 s behind a slow store). It installs
// only newer snapshots (cache.ApplyNewer), so a read racing a pull is
// harmless.
func (s *Syncer) pullHot(ctx context.Context) error {
	s.hotRead = s.hotRead[:0]
	s.hotMu.Lock()
	for _, k := range s.hotKeys {
		if _, done := s.hotWritten[k]; !done {
			s.hotRead = append(s.hotRead, k)
		}
	}
	s.hotMu.Unlock()
	defer clear(s.hotRead)
	if len(s.hotRead) == 0 {
		return nil
	}
	now := s.cfg.Now()
	docs, err := s.load(ctx, s.hotRead)
	s.install(docs, now, false) // those read before a call that failed too
	if err != nil {
		return fmt.Errorf("syncer: read of keys near their limit: %w", err)
	}
	return nil
}

// The pull: PullOnce, and the batched Load that it and the flush share.

package syncer

import (
	"context"
	"fmt"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// PullOnce reads the documents of the keys used within ActiveFor, in Store
// calls of at most BatchSize, and installs those newer than what the cache
// holds (cache.Apply). If a call fails, it installs the documents the calls
// before it read, and returns the error (a failed pull): behind a store
// that answers most calls and times out some, a pull of many keys
// installed nothing, pull after pull, when it threw them away. The keys
// it did not read are read by the next pull (cache.Unread).
func (s *Syncer) PullOnce(ctx context.Context) error {
	s.pullMu.Lock()
	defer s.pullMu.Unlock()
	now := s.cfg.Now()
	s.pulls++
	s.hotMu.Lock()
	clear(s.hotKeys)
	s.pullKeys, s.hotKeys = s.cfg.Cache.AppendPullHot(s.pullKeys[:0], s.hotKeys[:0], now.Add(-s.cfg.ActiveFor), s.pulls, s.cfg.ColdPullEvery)
	s.hotMu.Unlock()
	defer clear(s.pullKeys)
	for lo := 0; lo < len(s.pullKeys); lo += s.cfg.BatchSize {
		docs, err := s.load(ctx, s.pullKeys[lo:min(lo+s.cfg.BatchSize, len(s.pullKeys))])
		s.install(docs, now, true)
		if err != nil {
			// AppendPullHot counted every key it chose as read: those
			// not read are for the next pull.
			s.cfg.Cache.Unread(s.pullKeys[lo+len(docs):])
			s.m.pullsError.Inc()
			return fmt.Errorf("syncer: pull: %w", err)
		}
	}
	s.lastPullNano.Store(now.UnixNano())
	s.m.pullsOK.Inc()
	return nil
}

// LoadNewOnce reads the documents of the keys new to this instance since
// the last call (at most BatchSize: one Store call, or more behind a store
// too slow for calls of BatchSize, see load) and installs them
// (cache.Apply), those read before a call that failed included. A key past
// BatchSize waits for the next call (cache.TakeFresh keeps it queued); one
// the cache's full queue left out, or whose read fails (cache.Unread), is
// read by the next pull if it is still used.
func (s *Syncer) LoadNewOnce(ctx context.Context) error {
	s.pullMu.Lock()
	defer s.pullMu.Unlock()
	s.newKeys = s.cfg.Cache.TakeFresh(s.newKeys[:0], s.cfg.BatchSize)
	defer clear(s.newKeys)
	if len(s.newKeys) == 0 {
		return nil
	}
	now := s.cfg.Now()
	docs, err := s.load(ctx, s.newKeys)
	s.install(docs, now, true)
	if err != nil {
		s.cfg.Cache.Unread(s.newKeys[len(docs):]) // TakeFresh counted them as read
		return fmt.Errorf("syncer: load new keys: %w", err)
	}
	return nil
}

// install installs docs, read by a pull at now (cache.Apply), but those
// that may hold a delta of this instance's not settled yet (ownPending)
// and those that could not be read (Doc.Unreadable: the key keeps what
// it holds), and learns their stale entries. chosen says the keys were
// read after the pull chose them, under pullMu (PullOnce, LoadNewOnce):
// a document of a version below the key's, or none, is then the store
// gone back, and installed (see cache.Apply); the read of the keys near
// their limit (pullHot) may have begun before, and installs only newer
// documents (cache.ApplyNewer).
func (s *Syncer) install(docs []Doc, now time.Time, chosen bool) {
	for i := range docs {
		if docs[i].Unreadable != nil || s.ownPending(&docs[i]) {
			continue
		}
		if chosen {
			s.cfg.Cache.Apply(docs[i].Key, docs[i].Snapshot, now)
		} else if docs[i].Snapshot.Version != 0 {
			s.cfg.Cache.ApplyNewer(docs[i].Key, docs[i].Snapshot, now)
		}
	}
	s.learnStale(docs, now)
}

// load reads keys in Store calls of at most BatchSize, fewer behind a
// store too slow for calls of BatchSize: a call that times out halves the
// calls after it, the next pull's included (see batchSize). It returns the
// documents of keys, in their order; if a call fails, it stops there and
// returns the error with the documents the calls before it read, those of
// keys[:len(docs)].
func (s *Syncer) load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	docs := make([]Doc, 0, len(keys))
	var err error
	for lo := 0; lo < len(keys); {
		hi := min(lo+s.loads.size(), len(keys))
		s.m.requestsLoad.Inc()
		start := s.cfg.Now()
		var d []Doc
		d, err = s.cfg.Store.Load(ctx, keys[lo:hi])
		took := s.cfg.Now().Sub(start)
		if err == nil && len(d) != hi-lo {
			err = fmt.Errorf("store returned %d documents for %d keys", len(d), hi-lo)
		}
		if err != nil {
			if isTimeout(err) && ctx.Err() == nil { // the store's time, not the caller's
				s.loads.adapt(hi-lo, took, false)
			}
			s.m.errorsLoad.Inc()
			if lo > 0 {
				err = fmt.Errorf("load %d keys, after %d read: %w", hi-lo, lo, err)
			} else {
				err = fmt.Errorf("load %d keys: %w", hi-lo, err)
			}
			break
		}
		s.loads.adapt(hi-lo, took, true)
		docs = append(docs, d...)
		lo = hi
	}
	now := s.cfg.Now()
	nowMilli := now.UnixMilli()
	for i := range docs {
		if u := docs[i].Unreadable; u != nil {
			s.m.unreadable.Inc()
			s.ulog.log(s.cfg.Logger, now, "stored document unreadable: its key is decided from this instance's last read and own counts, which it writes only where it can compare what it overwrites, until the document reads again", u,
				"id", u.ID, "field", u.Field, "held", u.Held, "want", u.Want)
			continue
		}
		docs[i].Snapshot.Writers = s.writers(&docs[i], nowMilli)
	}
	return docs, err
}

// writers returns how many instances counted d's key lately, this one
// included: those whose last write to the document (lastWrites; a Seq is at
// least its writer's clock in Unix milliseconds) is at most
// writersRecent × Interval, or ActiveFor (a minute) if longer, plus
// writersSkew old. An instance that counts a key writes it every Interval,
// so this follows the instances that share a key, for the cache's share of
// it (cache.Snapshot.Writers); over a minute, so that a key that pauses
// for seconds, then comes back in a burst to every instance, is still
// shared among them (a stopped instance costs the others a smaller share
// for that minute).
func (s *Syncer) writers(d *Doc, nowMilli int64) int {
	return 1 + s.othersSince(d, max(writersRecent*s.cfg.Interval, s.cfg.ActiveFor), nowMilli) // 1: this one, which asks because it uses the key
}

// othersWriting reports whether another instance wrote d's key in the last
// writersRecent intervals, and writersSkew more (see writers): it still
// flushes the key, and a compare-and-swap would likely meet its write.
func (s *Syncer) othersWriting(d *Doc, nowMilli int64) bool {
	return s.othersSince(d, writersRecent*s.cfg.Interval, nowMilli) > 0
}

// othersSince returns how many other instances' lastWrites entries in d
// are at most within, plus writersSkew, old at nowMilli. A Seq beyond
// MaxSkew ahead is of a writer whose clock is off by more than the
// instances allow: counted, it would stay a writer for as long as its clock
// was ahead (an hour, after it stopped).
func (s *Syncer) othersSince(d *Doc, within time.Duration, nowMilli int64) int {
	since := nowMilli - within.Milliseconds() - writersSkew.Milliseconds()
	until := nowMilli + s.cfg.MaxSkew.Milliseconds()
	n := 0
	for name, seq := range d.LastWrites {
		if name != s.writer && seq >= since && seq <= until {
			n++
		}
	}
	return n
}

// writersRecent is how many intervals old a write may be for its writer to
// count as sharing the key: a few, so that one late flush does not drop it;
// writersSkew more allow for a writer whose clock is behind this one's
// (its Seqs read older than they are). Counting a stopped writer a little
// longer only makes the share smaller for a while; missing one fails open.
const (
	writersRecent = 3
	writersSkew   = 2 * time.Second
)

// The pull: PullOnce, and the batched Load that it and the flush share.

package syncer

import (
	"context"
	"fmt"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// PullOnce reads the documents of the keys used within ActiveFor, in Store
// calls of at most BatchSize, and installs those newer than what the cache
// holds (cache.Apply).
func (s *Syncer) PullOnce(ctx context.Context) error {
	s.pullMu.Lock()
	defer s.pullMu.Unlock()
	now := s.cfg.Now()
	s.pullKeys = s.cfg.Cache.AppendActive(s.pullKeys[:0], now.Add(-s.cfg.ActiveFor))
	defer clear(s.pullKeys)
	for lo := 0; lo < len(s.pullKeys); lo += s.cfg.BatchSize {
		docs, err := s.load(ctx, s.pullKeys[lo:min(lo+s.cfg.BatchSize, len(s.pullKeys))])
		if err != nil {
			s.m.pullsError.Inc()
			return fmt.Errorf("syncer: pull: %w", err)
		}
		for i := range docs {
			if docs[i].Snapshot.Version != 0 {
				s.cfg.Cache.Apply(docs[i].Key, docs[i].Snapshot, now)
			}
		}
		s.learnStale(docs, now)
	}
	s.lastPullNano.Store(now.UnixNano())
	s.m.pullsOK.Inc()
	return nil
}

// load reads keys in Store calls of at most BatchSize.
func (s *Syncer) load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	docs := make([]Doc, 0, len(keys))
	for lo := 0; lo < len(keys); lo += s.cfg.BatchSize {
		hi := min(lo+s.cfg.BatchSize, len(keys))
		s.m.requestsLoad.Inc()
		d, err := s.cfg.Store.Load(ctx, keys[lo:hi])
		if err == nil && len(d) != hi-lo {
			err = fmt.Errorf("store returned %d documents for %d keys", len(d), hi-lo)
		}
		if err != nil {
			s.m.errorsLoad.Inc()
			return nil, fmt.Errorf("load %d keys: %w", hi-lo, err)
		}
		docs = append(docs, d...)
	}
	return docs, nil
}

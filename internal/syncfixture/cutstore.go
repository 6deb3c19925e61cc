package syncfixture

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// ErrCut is what a CutStore answers while cut.
var ErrCut = errors.New("network to the store cut")

// CutStore is one instance's way to a shared MemoryStore, which the test
// cuts (every call of the sync loop fails, as when MongoDB is
// unreachable) and restores: Cut.Store(true), Cut.Store(false).
type CutStore struct {
	*syncer.MemoryStore
	Cut atomic.Bool
}

func (s *CutStore) err() error {
	if s.Cut.Load() {
		return ErrCut
	}
	return nil
}

// Write fails while cut, each outcome unset.
func (s *CutStore) Write(ctx context.Context, ws []syncer.Write) ([]syncer.Outcome, error) {
	if err := s.err(); err != nil {
		return make([]syncer.Outcome, len(ws)), err
	}
	return s.MemoryStore.Write(ctx, ws)
}

// Load fails while cut.
func (s *CutStore) Load(ctx context.Context, keys []cache.Key) ([]syncer.Doc, error) {
	if err := s.err(); err != nil {
		return nil, err
	}
	return s.MemoryStore.Load(ctx, keys)
}

// Sweep fails while cut.
func (s *CutStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	if err := s.err(); err != nil {
		return 0, err
	}
	return s.MemoryStore.Sweep(ctx, now)
}

// PutInstance fails while cut.
func (s *CutStore) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.MemoryStore.PutInstance(ctx, h)
}

// Instances fails while cut.
func (s *CutStore) Instances(ctx context.Context) ([]syncer.Heartbeat, error) {
	if err := s.err(); err != nil {
		return nil, err
	}
	return s.MemoryStore.Instances(ctx)
}

// DeleteInstance fails while cut.
func (s *CutStore) DeleteInstance(ctx context.Context, id string, started time.Time) error {
	if err := s.err(); err != nil {
		return err
	}
	return s.MemoryStore.DeleteInstance(ctx, id, started)
}

// SweepInstances fails while cut.
func (s *CutStore) SweepInstances(ctx context.Context, now time.Time) (int64, error) {
	if err := s.err(); err != nil {
		return 0, err
	}
	return s.MemoryStore.SweepInstances(ctx, now)
}

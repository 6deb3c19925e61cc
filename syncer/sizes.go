// Published window sizes: each instance publishes the window sizes its
// policy counts keys in, per client and scope, so that the others count in
// them too while the fleet runs different policies (a rolling restart that
// changes windows; README, "Rolling out a window change"). The Syncer
// treats the sizes as bytes that its owner (the Limiter) encodes: it writes
// them in a document of their own when they change, names their digest in
// every heartbeat, and reads another instance's document only when the
// digest its heartbeat names is one it has not read.

package syncer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"time"
)

// Sizes is an instance's published window sizes, as a store keeps them.
type Sizes struct {
	// Digest names Data (see SizesDigest); the heartbeat of the instance
	// names the digest of the sizes it last published.
	Digest string
	// Data is what the instance's owner encoded; opaque to the store.
	Data []byte
	// Written is the writer's clock when it wrote them (mongostore keeps
	// milliseconds).
	Written time.Time
}

// SizesDigest returns the digest of data that Sizes and Heartbeat name:
// the first 16 bytes of its SHA-256, in hex.
func SizesDigest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// SizesStore is implemented by an InstanceStore that keeps each instance's
// published sizes: MemoryStore and mongostore.Store. Its DeleteInstance
// deletes the instance's sizes too, and its SweepInstances, after the
// expired heartbeats, the sizes of instances without a heartbeat written
// before now, so that the sizes of an instance that left go with it.
type SizesStore interface {
	InstanceStore
	// PutSizes writes the sizes of instance, replacing any.
	PutSizes(ctx context.Context, instance string, s Sizes) error
	// GetSizes returns the sizes of instance; ok is false if there are
	// none.
	GetSizes(ctx context.Context, instance string) (s Sizes, ok bool, err error)
}

// PutSizes implements SizesStore.
func (s *MemoryStore) PutSizes(ctx context.Context, instance string, sz Sizes) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := checkInstance(instance); err != nil {
		return fmt.Errorf("syncer: put sizes: %w", err)
	}
	sz.Data = slices.Clone(sz.Data)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sizes == nil {
		s.sizes = make(map[string]Sizes)
	}
	s.sizes[instance] = sz
	return nil
}

// GetSizes implements SizesStore.
func (s *MemoryStore) GetSizes(ctx context.Context, instance string) (Sizes, bool, error) {
	if err := ctx.Err(); err != nil {
		return Sizes{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sz, ok := s.sizes[instance]
	sz.Data = slices.Clone(sz.Data)
	return sz, ok, nil
}

// sweepSizesLocked deletes the sizes of instances without a heartbeat
// written before now; s.mu is held.
func (s *MemoryStore) sweepSizesLocked(now time.Time) {
	for _, id := range slices.Collect(maps.Keys(s.sizes)) {
		if _, ok := s.instances[id]; !ok && s.sizes[id].Written.Before(now) {
			delete(s.sizes, id)
		}
	}
}

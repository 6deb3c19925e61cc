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
	"sync"
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

// sizesState is the Syncer's state for published sizes.
type sizesState struct {
	// mu guards the fields below: SetSizes is called by the owner (a
	// policy install), the rest by the heartbeat goroutine.
	mu        sync.Mutex
	own       Sizes             // what SetSizes gave last; Digest "" before
	published string            // the digest of the sizes the store holds for this instance
	peers     map[string]Sizes  // the sizes read of other instances, by ID
	delivered map[string]string // the digests OnSizes received last, by instance; nil before
	log       errLog
}

// SetSizes makes data (encoded by the Syncer's owner, the Limiter) the
// window sizes this instance publishes: the next heartbeat writes them to
// a SizesStore, then names their digest. Sizes equal to the last ones
// given are not written again.
func (s *Syncer) SetSizes(data []byte) {
	d := SizesDigest(data)
	z := &s.sz
	z.mu.Lock()
	defer z.mu.Unlock()
	if d != z.own.Digest {
		z.own = Sizes{Digest: d, Data: slices.Clone(data)}
	}
}

// publishSizes writes this instance's sizes if the store does not hold
// them yet, and returns the digest its heartbeat is to name: that of the
// sizes the store holds. A failed write is logged, not returned: the
// heartbeat goes on naming the sizes written before (the others go on
// counting in those), and the next beat tries again.
func (s *Syncer) publishSizes(ctx context.Context, now time.Time) string {
	ss, ok := s.cfg.Store.(SizesStore)
	z := &s.sz
	z.mu.Lock()
	own, published := z.own, z.published
	z.mu.Unlock()
	if !ok || own.Digest == published {
		return published
	}
	own.Written = now
	if err := ss.PutSizes(ctx, s.cfg.Instance, own); err != nil {
		z.log.log(s.cfg.Logger, now, "window sizes not published", err)
		return published
	}
	z.mu.Lock()
	z.published = own.Digest
	z.mu.Unlock()
	return own.Digest
}

// unpublish makes the next beat write this instance's sizes again, as if
// the store held none (see beat).
func (z *sizesState) unpublish() {
	z.mu.Lock()
	defer z.mu.Unlock()
	z.published = ""
}

// readSizes reads the sizes of each live peer whose heartbeat names a
// digest this instance has not read, and passes the sizes of the live
// peers to Config.OnSizes when their set differs from the one it passed
// last. A peer that stops being live (it left, or its heartbeat expired)
// drops out of the set, so its sizes stop being counted in. A failed read
// is logged; the peer's sizes read before, if any, stay in the set.
func (s *Syncer) readSizes(ctx context.Context, now time.Time) {
	ss, ok := s.cfg.Store.(SizesStore)
	if !ok {
		return
	}
	want := map[string]string{} // live peers' digests, by ID
	s.hb.mu.Lock()
	for id, p := range s.hb.peers {
		if p.live && p.hb.Sizes != "" {
			want[id] = p.hb.Sizes
		}
	}
	s.hb.mu.Unlock()
	z := &s.sz
	z.mu.Lock()
	have := maps.Clone(z.peers)
	z.mu.Unlock()
	// The instances of one policy publish the same sizes: one read per
	// digest, not per instance (a policy that lists 10,000 clients
	// publishes 540 KB, 33 ms a read on FerretDB: a new instance among 30
	// would spend a second of its first beat reading one document 29
	// times).
	byDigest := make(map[string]Sizes, len(have))
	for _, sz := range have {
		byDigest[sz.Digest] = sz
	}
	next := make(map[string]Sizes, len(want))
	for _, id := range slices.Sorted(maps.Keys(want)) {
		d := want[id]
		got, ok := have[id]
		if same, read := byDigest[d]; (!ok || got.Digest != d) && read {
			got, ok = same, true
		}
		if !ok || got.Digest != d {
			sz, found, err := ss.GetSizes(ctx, id)
			switch {
			case err != nil:
				z.log.log(s.cfg.Logger, now, "window sizes not read", err, "instance", id)
			case found:
				got, ok = sz, true
				byDigest[sz.Digest] = sz
			}
		}
		if ok {
			next[id] = got
		}
	}
	digests := make(map[string]string, len(next))
	for id, sz := range next {
		digests[id] = sz.Digest
	}
	z.mu.Lock()
	z.peers = next
	same := z.delivered != nil && maps.Equal(digests, z.delivered)
	if !same {
		z.delivered = digests
	}
	z.mu.Unlock()
	if f := s.cfg.OnSizes; f != nil && !same {
		data := make(map[string][]byte, len(next))
		for id, sz := range next {
			data[id] = sz.Data
		}
		f(data)
	}
}

// Published tiers: each instance publishes the tiers its
// policy counts keys in, per client and scope, so that the others count in
// them too while the fleet runs different policies (a rolling restart that
// changes windows; README, "Rolling out a window change"). The Syncer
// treats the tiers as bytes that its owner (the Limiter) encodes: it writes
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

// Tiers is an instance's published tiers, as a store keeps them.
type Tiers struct {
	// Digest names Data (see TiersDigest); the heartbeat of the instance
	// names the digest of the tiers it last published.
	Digest string
	// Data is what the instance's owner encoded; opaque to the store.
	Data []byte
	// Written is the writer's clock when it wrote them (mongostore keeps
	// milliseconds).
	Written time.Time
	// Started is when the writer's Syncer was created, as its heartbeat
	// says (Heartbeat.Started; mongostore keeps milliseconds): it tells
	// apart two processes that run with one instance ID, so that the
	// graceful stop of the old one does not delete the tiers of the new
	// one, which writes them only when they change (DeleteInstance).
	Started time.Time
}

// TiersDigest returns the digest of data that Tiers and Heartbeat name:
// the first 16 bytes of its SHA-256, in hex.
func TiersDigest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:16])
}

// TiersStore is implemented by an InstanceStore that keeps each instance's
// published tiers: MemoryStore and mongostore.Store. Its DeleteInstance
// deletes the instance's tiers too, if the process that leaves wrote them
// (Tiers.Started), and its SweepInstances, after the
// expired heartbeats, the tiers of instances without a heartbeat written
// before now, so that the tiers of an instance that left go with it.
type TiersStore interface {
	InstanceStore
	// PutTiers writes the tiers of instance, replacing any.
	PutTiers(ctx context.Context, instance string, s Tiers) error
	// GetTiers returns the tiers of instance; ok is false if there are
	// none.
	GetTiers(ctx context.Context, instance string) (s Tiers, ok bool, err error)
	// TiersHead returns the tiers of instance as GetTiers does, without
	// their Data: the Syncer asks it of its own every SweepInterval, so
	// that tiers deleted from outside (an operator who drops the
	// collection) are written again.
	TiersHead(ctx context.Context, instance string) (s Tiers, ok bool, err error)
}

// PutTiers implements TiersStore.
func (s *MemoryStore) PutTiers(ctx context.Context, instance string, pt Tiers) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := CheckInstance(instance); err != nil {
		return fmt.Errorf("syncer: put tiers: %w", err)
	}
	pt.Data = slices.Clone(pt.Data)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tiers == nil {
		s.tiers = make(map[string]Tiers)
	}
	s.tiers[instance] = pt
	return nil
}

// GetTiers implements TiersStore.
func (s *MemoryStore) GetTiers(ctx context.Context, instance string) (Tiers, bool, error) {
	if err := ctx.Err(); err != nil {
		return Tiers{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	pt, ok := s.tiers[instance]
	pt.Data = slices.Clone(pt.Data)
	return pt, ok, nil
}

// TiersHead implements TiersStore.
func (s *MemoryStore) TiersHead(ctx context.Context, instance string) (Tiers, bool, error) {
	if err := ctx.Err(); err != nil {
		return Tiers{}, false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	pt, ok := s.tiers[instance]
	pt.Data = nil
	return pt, ok, nil
}

// sweepTiersLocked deletes the tiers of instances without a heartbeat
// written before now; s.mu is held.
func (s *MemoryStore) sweepTiersLocked(now time.Time) {
	for _, id := range slices.Collect(maps.Keys(s.tiers)) {
		if _, ok := s.instances[id]; !ok && s.tiers[id].Written.Before(now) {
			delete(s.tiers, id)
		}
	}
}

// tiersState is the Syncer's state for published tiers.
type tiersState struct {
	// mu guards the fields below: SetTiers is called by the owner (a
	// policy install), the rest by the heartbeat goroutine.
	mu        sync.Mutex
	own       Tiers             // what SetTiers gave last; Digest "" before
	published string            // the digest of the tiers the store holds for this instance
	peers     map[string]Tiers  // the tiers read of other instances, by ID
	delivered map[string]string // the digests OnTiers received last, by instance; nil before
	checked   time.Time         // when the heartbeat goroutine last checked that the store holds published
	log       errLog
}

// SetTiers makes data (encoded by the Syncer's owner, the Limiter) the
// tiers this instance publishes: the next heartbeat writes them to
// a TiersStore, then names their digest. Tiers equal to the last ones
// given are not written again.
func (s *Syncer) SetTiers(data []byte) {
	d := TiersDigest(data)
	z := &s.pub
	z.mu.Lock()
	defer z.mu.Unlock()
	if d != z.own.Digest {
		z.own = Tiers{Digest: d, Data: slices.Clone(data)}
	}
}

// publishTiers writes this instance's tiers if the store does not hold
// them yet, and returns the digest its heartbeat is to name: that of the
// tiers the store holds. A failed write is logged, not returned: the
// heartbeat goes on naming the tiers written before (the others go on
// counting in those), and the next beat tries again.
func (s *Syncer) publishTiers(ctx context.Context, now time.Time) string {
	ss, ok := s.cfg.Store.(TiersStore)
	if !ok {
		return ""
	}
	s.checkTiers(ctx, ss, now)
	z := &s.pub
	z.mu.Lock()
	own, published := z.own, z.published
	z.mu.Unlock()
	if own.Digest == published {
		return published
	}
	own.Written, own.Started = now, s.hb.started
	if err := ss.PutTiers(ctx, s.cfg.Instance, own); err != nil {
		z.log.log(s.cfg.Logger, now, "tiers not published", err)
		return published
	}
	z.mu.Lock()
	z.published, z.checked = own.Digest, now
	z.mu.Unlock()
	return own.Digest
}

// checkTiers, once every SweepInterval, asks the store whether it still
// holds the tiers this instance published, and if not (deleted from
// outside: an operator dropped the collection or the document) logs it
// and makes this beat write them again. Before, they were written again
// only when they changed or after this instance had lost the store for
// longer than its heartbeat lives: until then an instance that started
// (or restarted) did not count in them (h110's drill). Tiers that a
// later process of this instance ID wrote (a restart that overlaps this
// process's stop) are left to it: written over, they would be the old
// policy's under a heartbeat that names the new one's, and this process's
// graceful stop would then delete them (DeleteInstance). One small read
// a minute, without the tiers' data; a failed one is logged and tried
// again at the next beat.
func (s *Syncer) checkTiers(ctx context.Context, ss TiersStore, now time.Time) {
	z := &s.pub
	z.mu.Lock()
	published, due := z.published, now.Sub(z.checked) >= s.cfg.SweepInterval
	z.mu.Unlock()
	if published == "" || !due {
		return
	}
	head, found, err := ss.TiersHead(ctx, s.cfg.Instance)
	if err != nil {
		z.log.log(s.cfg.Logger, now, "tiers not checked", err)
		return
	}
	// Started to the millisecond, as mongostore keeps it.
	mine, theirs := s.hb.started.UnixMilli(), head.Started.UnixMilli()
	held := found && (head.Digest == published || theirs > mine)
	z.mu.Lock()
	defer z.mu.Unlock()
	z.checked = now
	if !held && z.published == published {
		s.cfg.Logger.Warn("published tiers missing from the store (deleted from outside): writing them again",
			"instance", s.cfg.Instance, "digest", published)
		z.published = ""
	}
}

// unpublish makes the next beat write this instance's tiers again, as if
// the store held none (see beat).
func (z *tiersState) unpublish() {
	z.mu.Lock()
	defer z.mu.Unlock()
	z.published = ""
}

// readTiers reads the tiers of each live peer whose heartbeat names a
// digest this instance has not read, and passes the tiers of the live
// peers to Config.OnTiers when their set differs from the one it passed
// last. A peer that stops being live (it left, or its heartbeat expired)
// drops out of the set, so its tiers stop being counted in. A failed read
// is logged; the peer's tiers read before, if any, stay in the set.
func (s *Syncer) readTiers(ctx context.Context, now time.Time) {
	ss, ok := s.cfg.Store.(TiersStore)
	if !ok {
		return
	}
	want := map[string]string{} // live peers' digests, by ID
	s.hb.mu.Lock()
	for id, p := range s.hb.peers {
		if p.live && p.hb.Tiers != "" {
			want[id] = p.hb.Tiers
		}
	}
	s.hb.mu.Unlock()
	z := &s.pub
	z.mu.Lock()
	have := maps.Clone(z.peers)
	z.mu.Unlock()
	// The instances of one policy publish the same tiers: one read per
	// digest, not per instance (a policy that lists 10,000 clients
	// publishes 540 KB, 33 ms a read on FerretDB: a new instance among 30
	// would spend a second of its first beat reading one document 29
	// times).
	byDigest := make(map[string]Tiers, len(have))
	for _, pt := range have {
		byDigest[pt.Digest] = pt
	}
	next := make(map[string]Tiers, len(want))
	for _, id := range slices.Sorted(maps.Keys(want)) {
		d := want[id]
		got, ok := have[id]
		if same, read := byDigest[d]; (!ok || got.Digest != d) && read {
			got, ok = same, true
		}
		if !ok || got.Digest != d {
			pt, found, err := ss.GetTiers(ctx, id)
			switch {
			case err != nil:
				z.log.log(s.cfg.Logger, now, "tiers not read", err, "instance", id)
			case found:
				got, ok = pt, true
				byDigest[pt.Digest] = pt
			}
		}
		if ok {
			next[id] = got
		}
	}
	digests := make(map[string]string, len(next))
	for id, pt := range next {
		digests[id] = pt.Digest
	}
	z.mu.Lock()
	z.peers = next
	same := z.delivered != nil && maps.Equal(digests, z.delivered)
	if !same {
		z.delivered = digests
	}
	z.mu.Unlock()
	if f := s.cfg.OnTiers; f != nil && !same {
		data := make(map[string][]byte, len(next))
		for id, pt := range next {
			data[id] = pt.Data
		}
		f(data)
	}
}

package syncer

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// MemoryStore is a Store in memory, with the semantics of mongostore.Store:
// the embedded default for a single instance, and the fake the tests share
// counts through. It has no TTL: expired documents stay until Sweep, which
// the Syncer calls periodically. The zero value is an empty store, as
// NewMemoryStore returns (before, a &MemoryStore{} given to a Limiter
// passed New and panicked in Run: an outside audit, h59). It is safe for
// concurrent use.
type MemoryStore struct {
	// mu guards docs. One lock for the whole store: a Write or Load call
	// is one batch, as one bulk command is to MongoDB, and the Syncer
	// makes a few calls per second, so there is nothing to gain from
	// finer locks.
	mu        sync.Mutex
	docs      map[cache.Key]*memDoc
	subjects  map[SubjectHash]Subject
	overrides map[string]Override  // by Client; see overrides.go
	instances map[string]Heartbeat // by instance, made on first use; see instances.go
	tiers     map[string]Tiers     // by instance, made on first use; see tiers.go
}

// memDoc is a document. The store keeps one for every key flushed until
// it expires, whatever the cache's MaxKeys (README, "--max-keys and the
// in-memory store"), so it is kept small: TestMemoryStoreBytesPerDoc
// measures it.
type memDoc struct {
	version int64
	frames  []cache.Frame // owned by the store; replaced, never changed in place
	epoch   int64
	expire  time.Time
	// lastWrites is a slice, not a map: a document has an entry for each
	// instance that wrote it lately (one, with this store's one instance;
	// pruned), and a map of one entry took 256 bytes in 2 objects where
	// this takes 32 in 1 (TestMemoryStoreBytesPerDoc: 449 -> 233 bytes
	// per document of a 16-byte client ID and one frame).
	lastWrites []lastWrite
}

// lastWrite is a lastWrites entry: the Seq of instance's last write that
// landed.
type lastWrite struct {
	instance string
	seq      int64
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{docs: make(map[cache.Key]*memDoc), subjects: make(map[SubjectHash]Subject)}
}

// Write implements Store.
func (s *MemoryStore) Write(ctx context.Context, ws []Write) ([]Outcome, error) {
	if err := ValidateWrites(ws); err != nil {
		return nil, err
	}
	out := make([]Outcome, len(ws))
	if err := ctx.Err(); err != nil {
		return out, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range ws {
		w := &ws[i]
		d := s.docs[w.Key]
		if w.Add {
			out[i] = d.add(w)
			continue
		}
		if w.Reset {
			out[i] = d.reset(w)
			continue
		}
		if d == nil && w.Version != 0 || d != nil && !d.matches(w) {
			out[i] = Conflict
			continue
		}
		if d == nil {
			d = &memDoc{}
			// A key from the cache views a chunk of the keys its
			// flush took (see cache.Key): cloned, the document does
			// not keep that chunk alive until it expires.
			if s.docs == nil {
				s.docs = make(map[cache.Key]*memDoc)
			}
			s.docs[cache.Key{ClientID: strings.Clone(w.Key.ClientID), User: strings.Clone(w.Key.User)}] = d
		}
		d.version = w.NewVersion
		d.frames = setFrames(d.frames, w)
		d.epoch = w.Epoch
		if w.Expire.After(d.expire) {
			d.expire = w.Expire
		}
		if len(w.Prune) > 0 {
			d.lastWrites = slices.DeleteFunc(d.lastWrites, func(lw lastWrite) bool { return slices.Contains(w.Prune, lw.instance) })
		}
		d.setLastWrite(w.Instance, w.Seq)
		out[i] = Written
	}
	return out, nil
}

// setFrames returns the frames of a document that held fs after w, a
// compare-and-swap, lands: w's frames set by size and start, those of
// w.Drop removed, the others kept. A new slice of the length it needs (the
// store keeps it until the document expires), sorted: Load's clones and
// earlier snapshots stay as they were.
func setFrames(fs []cache.Frame, w *Write) []cache.Frame {
	kept := func(f cache.Frame) bool {
		same := func(g cache.Frame) bool { return g.Size == f.Size && g.StartUnix == f.StartUnix }
		return !slices.ContainsFunc(w.Drop, same) && !slices.ContainsFunc(w.Frames, same)
	}
	n := len(w.Frames)
	for _, f := range fs {
		if kept(f) {
			n++
		}
	}
	out := make([]cache.Frame, 0, n)
	for _, f := range fs {
		if kept(f) {
			out = append(out, f)
		}
	}
	out = append(out, w.Frames...)
	SortFrames(out)
	return out
}

// matches reports whether d meets the conditions of w, a compare-and-swap
// (see Write.Matches).
func (d *memDoc) matches(w *Write) bool {
	return w.matches(d.version, d.epoch, d.frames, func(inst string) (int64, bool) {
		for _, lw := range d.lastWrites {
			if lw.instance == inst {
				return lw.seq, true
			}
		}
		return 0, false
	})
}

// add applies w, an Add write, to d (nil: no document), as Store.Write
// documents it.
func (d *memDoc) add(w *Write) Outcome {
	if d == nil {
		return Conflict
	}
	if o, done := d.guard(w, w.Epoch); done {
		return o
	}
	// A new slice: Load's clones and earlier snapshots stay as they were.
	fs := make([]cache.Frame, 0, len(d.frames)+len(w.Frames))
	for _, f := range d.frames {
		if !slices.ContainsFunc(w.Drop, func(g cache.Frame) bool { return g.Size == f.Size && g.StartUnix == f.StartUnix }) {
			fs = append(fs, f)
		}
	}
	for _, f := range w.Frames {
		j := slices.IndexFunc(fs, func(g cache.Frame) bool { return g.Size == f.Size && g.StartUnix == f.StartUnix })
		if j < 0 {
			fs = append(fs, f)
		} else {
			fs[j].N += f.N
		}
	}
	SortFrames(fs)
	d.frames = fs
	d.version++
	if w.Expire.After(d.expire) {
		d.expire = w.Expire
	}
	d.setLastWrite(w.Instance, w.Seq)
	return Written
}

// reset applies w, a Reset write, to d (nil: no document), as Store.Write
// documents it.
func (d *memDoc) reset(w *Write) Outcome {
	if d == nil {
		return Conflict
	}
	if o, done := d.guard(w, w.FromEpoch); done {
		return o
	}
	d.frames = nil // replaced, not changed in place: Load's clones stay
	d.epoch = w.Epoch
	d.version++
	if w.Expire.After(d.expire) {
		d.expire = w.Expire
	}
	d.setLastWrite(w.Instance, w.Seq)
	return Written
}

// guard decides an Add or Reset write w that applies to d if its reset
// epoch is e and w.Instance's entry is missing or below w.Seq: done
// reports that w does not apply, with its outcome (Written if a copy of it
// landed: once is all).
func (d *memDoc) guard(w *Write, e int64) (o Outcome, done bool) {
	for _, lw := range d.lastWrites {
		if lw.instance == w.Instance && lw.seq == w.Seq {
			return Written, true
		}
		if lw.instance == w.Instance && lw.seq > w.Seq {
			return Conflict, true
		}
	}
	if d.epoch != e {
		return Conflict, true
	}
	return Unknown, false
}

// setLastWrite sets instance's lastWrites entry to seq.
func (d *memDoc) setLastWrite(instance string, seq int64) {
	for i := range d.lastWrites {
		if d.lastWrites[i].instance == instance {
			d.lastWrites[i].seq = seq
			return
		}
	}
	d.lastWrites = append(d.lastWrites, lastWrite{instance, seq})
}

// Load implements Store.
func (s *MemoryStore) Load(ctx context.Context, keys []cache.Key) ([]Doc, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]Doc, len(keys))
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, k := range keys {
		out[i].Key = k
		if d := s.docs[k]; d != nil {
			out[i].Snapshot = cache.Snapshot{Version: d.version, Frames: slices.Clone(d.frames), Epoch: d.epoch}
			out[i].Expire = d.expire
			out[i].LastWrites = make(map[string]int64, len(d.lastWrites))
			for _, lw := range d.lastWrites {
				out[i].LastWrites[lw.instance] = lw.seq
			}
		}
	}
	return out, nil
}

// Sweep implements Store.
func (s *MemoryStore) Sweep(ctx context.Context, now time.Time) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for k, d := range s.docs {
		if d.expire.Before(now) {
			delete(s.docs, k)
			n++
		}
	}
	for h, sub := range s.subjects {
		if sub.Expire.Before(now) {
			delete(s.subjects, h)
			n++
		}
	}
	return n, nil
}

// PutSubjects implements SubjectStore.
func (s *MemoryStore) PutSubjects(ctx context.Context, ss []Subject) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.subjects == nil && len(ss) > 0 {
		s.subjects = make(map[SubjectHash]Subject)
	}
	for _, sub := range ss {
		s.subjects[sub.Hash] = sub
	}
	return nil
}

// SubjectsSince implements SubjectStore. It scans every subject: the
// in-memory store serves one instance, or tests.
func (s *MemoryStore) SubjectsSince(ctx context.Context, since time.Time, limit int) ([]Subject, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	var out []Subject
	for _, sub := range s.subjects {
		if !sub.Written.Before(since) {
			out = append(out, sub)
		}
	}
	s.mu.Unlock()
	slices.SortFunc(out, func(a, b Subject) int {
		if c := a.Written.Compare(b.Written); c != 0 {
			return c
		}
		return bytes.Compare(a.Hash[:], b.Hash[:])
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Len returns the number of documents held.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.docs)
}

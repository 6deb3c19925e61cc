// Runtime overrides: small documents an operator writes through one
// instance's admin API and every instance reads at each pull, so that a
// client's mode, limits or trusted flag, and the global mode, change on
// every instance within a pull interval. The syncer stores and compares
// them; what they say (a JSON spec) is the limiter's to parse.

package syncer

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Override is one runtime override as the store holds it: the rules an
// operator set at run time for one client, or, with Client GlobalOverride,
// for every client (the global mode switch).
type Override struct {
	// Client is the client ID the override applies to; GlobalOverride
	// for the global entry.
	Client string
	// Spec is what the override says, as JSON. The syncer only checks
	// that it is JSON; the limiter parses it (policy.ParseOverride), and
	// skips one it cannot read (written by a newer version, say).
	Spec []byte
	// Version tells writes of the same client apart: the writer's clock
	// in Unix milliseconds, or one more than the version it replaced if
	// that is not less (see Syncer.PutOverride).
	Version int64
	// Updated is when it was written, by the writer's clock.
	Updated time.Time
	// By is the instance that wrote it.
	By string
}

// GlobalOverride is the Client of the global entry: no client ID can be
// empty, so it names no client.
const GlobalOverride = ""

// Bounds on what an Override may hold.
const (
	// MaxOverrideSpec is the largest Spec, in bytes: an override is a
	// handful of fields.
	MaxOverrideSpec = 16 << 10
	// MaxOverrideClientLen is the longest Client, in bytes, as in a
	// policy file.
	MaxOverrideClientLen = 256
)

// OverrideStore is implemented by a Store that shares runtime overrides
// between instances: MemoryStore and mongostore.Store. Writes are last
// writer wins, not compare-and-swap: an override is set by hand, rarely,
// and the last one an operator sent is the one meant; a compare-and-swap
// would not hold on FerretDB anyway (docs/ferretdb.md point 3).
type OverrideStore interface {
	// LoadOverrides returns every override, ordered by Client.
	LoadOverrides(ctx context.Context) ([]Override, error)
	// PutOverride writes o, replacing the override of o.Client if there
	// is one. An invalid o (see ValidateOverride) is refused before
	// anything is written.
	PutOverride(ctx context.Context, o Override) error
	// DeleteOverride deletes the override of client and reports whether
	// there was one.
	DeleteOverride(ctx context.Context, client string) (bool, error)
}

// ErrNoOverrideStore is returned by the Syncer's override methods when its
// Store does not share overrides (is not an OverrideStore).
var ErrNoOverrideStore = errors.New("syncer: the store does not share runtime overrides")

// errInvalidOverride marks an override refused before anything was
// written.
var errInvalidOverride = errors.New("syncer: invalid override")

// ValidateOverride reports why o cannot be written, as every OverrideStore
// checks first: a Client longer than MaxOverrideClientLen or with a NUL byte
// (FerretDB refuses those in strings), a Spec that is empty, larger than
// MaxOverrideSpec or not JSON, a Version below 1, an invalid By.
func ValidateOverride(o Override) error {
	switch {
	case len(o.Client) > MaxOverrideClientLen:
		return fmt.Errorf("%w: client of %d bytes: want at most %d", errInvalidOverride, len(o.Client), MaxOverrideClientLen)
	case bytes.IndexByte([]byte(o.Client), 0) >= 0:
		return fmt.Errorf("%w: client %q has a NUL byte", errInvalidOverride, o.Client)
	case len(o.Spec) == 0 || len(o.Spec) > MaxOverrideSpec:
		return fmt.Errorf("%w: spec of %d bytes: want 1 to %d", errInvalidOverride, len(o.Spec), MaxOverrideSpec)
	case !json.Valid(o.Spec):
		return fmt.Errorf("%w: spec is not JSON", errInvalidOverride)
	case o.Version < 1:
		return fmt.Errorf("%w: version %d: want 1 or more", errInvalidOverride, o.Version)
	}
	if err := CheckInstance(o.By); err != nil {
		return fmt.Errorf("%w: by: %w", errInvalidOverride, err)
	}
	return nil
}

// overrideState is what a Syncer knows of the overrides: the set last read,
// handed to Config.OnOverrides.
type overrideState struct {
	// mu serializes reads of the overrides and the calls of OnOverrides
	// they make, so that the callback sees the sets in the order they
	// were read: the loop and an admin write may read at once.
	mu     sync.Mutex
	last   []Override
	loaded bool // last holds a set that was read
}

func (s *Syncer) overrideStore() (OverrideStore, error) {
	st, ok := s.cfg.Store.(OverrideStore)
	if !ok {
		return nil, ErrNoOverrideStore
	}
	return st, nil
}

// LoadOverrides reads every override from the store, ordered by Client.
func (s *Syncer) LoadOverrides(ctx context.Context) ([]Override, error) {
	st, err := s.overrideStore()
	if err != nil {
		return nil, err
	}
	out, err := st.LoadOverrides(ctx)
	if err != nil {
		return nil, fmt.Errorf("syncer: load overrides: %w", err)
	}
	slices.SortFunc(out, func(a, b Override) int { return cmp.Compare(a.Client, b.Client) })
	return out, nil
}

// OverridesOnce reads the overrides and hands them to Config.OnOverrides
// if they differ from the set it handed last (or none was handed yet). A
// failed read changes nothing: the set in force stays. A store that shares
// no overrides has none, and is not an error here. Run calls it after each
// successful pull.
func (s *Syncer) OverridesOnce(ctx context.Context) error {
	if _, ok := s.cfg.Store.(OverrideStore); !ok {
		return nil
	}
	s.ov.mu.Lock()
	defer s.ov.mu.Unlock()
	set, err := s.LoadOverrides(ctx)
	if err != nil {
		return err
	}
	if s.ov.loaded && slices.EqualFunc(set, s.ov.last, Override.Equal) {
		return nil
	}
	s.ov.last, s.ov.loaded = set, true
	if s.cfg.OnOverrides != nil {
		s.cfg.OnOverrides(slices.Clone(set))
	}
	return nil
}

// Equal reports whether o and p are the same write of the same override:
// every field equal.
func (o Override) Equal(p Override) bool {
	return o.Client == p.Client && o.Version == p.Version && o.By == p.By &&
		o.Updated.Equal(p.Updated) && bytes.Equal(o.Spec, p.Spec)
}

// PutOverride writes the override spec for client (GlobalOverride for the
// global entry), replacing any, under this instance's name and clock, and
// then reads the overrides again (OverridesOnce) so that it is in force
// here at once. It returns the override written. Its Version is the clock
// in Unix milliseconds, or one more than the version of the override it
// replaces as last read here, if that is not less: versions grow with each
// write an instance makes, and between instances with their clocks.
func (s *Syncer) PutOverride(ctx context.Context, client string, spec []byte) (Override, error) {
	st, err := s.overrideStore()
	if err != nil {
		return Override{}, err
	}
	now := s.cfg.Now()
	o := Override{Client: client, Spec: bytes.Clone(spec), Version: now.UnixMilli(), Updated: now.Truncate(time.Millisecond), By: s.cfg.Instance}
	s.ov.mu.Lock()
	for _, old := range s.ov.last {
		if old.Client == client && old.Version >= o.Version {
			o.Version = old.Version + 1
		}
	}
	s.ov.mu.Unlock()
	if err := st.PutOverride(ctx, o); err != nil {
		return Override{}, fmt.Errorf("syncer: write override: %w", err)
	}
	if err := s.OverridesOnce(ctx); err != nil {
		// Written: the next pull puts it in force here too.
		s.plog.log(s.cfg.Logger, now, "read of overrides after a write failed", err)
	}
	return o, nil
}

// DeleteOverride deletes the override of client, reports whether there was
// one, and reads the overrides again, as PutOverride does.
func (s *Syncer) DeleteOverride(ctx context.Context, client string) (bool, error) {
	st, err := s.overrideStore()
	if err != nil {
		return false, err
	}
	found, err := st.DeleteOverride(ctx, client)
	if err != nil {
		return false, fmt.Errorf("syncer: delete override: %w", err)
	}
	if err := s.OverridesOnce(ctx); err != nil {
		s.plog.log(s.cfg.Logger, s.cfg.Now(), "read of overrides after a delete failed", err)
	}
	return found, nil
}

// LoadOverrides implements OverrideStore.
func (s *MemoryStore) LoadOverrides(ctx context.Context) ([]Override, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Override, 0, len(s.overrides))
	for _, o := range s.overrides {
		o.Spec = bytes.Clone(o.Spec)
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b Override) int { return cmp.Compare(a.Client, b.Client) })
	return out, nil
}

// PutOverride implements OverrideStore.
func (s *MemoryStore) PutOverride(ctx context.Context, o Override) error {
	if err := ValidateOverride(o); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	o.Spec = bytes.Clone(o.Spec)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.overrides == nil {
		s.overrides = make(map[string]Override)
	}
	s.overrides[o.Client] = o
	return nil
}

// DeleteOverride implements OverrideStore.
func (s *MemoryStore) DeleteOverride(ctx context.Context, client string) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.overrides[client]
	delete(s.overrides, client)
	return ok, nil
}

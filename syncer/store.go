package syncer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// Store is where instances share their counts: one document per key with a
// version, the counts per frame, an expiry time and, per instance, the
// sequence number of its last write to the document. The Syncer is its only
// caller; MemoryStore and mongostore.Store (package syncer/mongostore)
// implement it with the same semantics, checked by the shared suite in
// package storetest.
//
// A Store is safe for concurrent use. The writes of one Write call name
// distinct keys.
type Store interface {
	// Write applies each write as a compare-and-swap: it succeeds only if
	// the key's document has version w.Version (0: there is no document,
	// and the write creates it) and, for a Strict write, holds what the
	// write was counted against (Write.Matches), and then sets the
	// version to w.NewVersion, each frame of w.Frames by its size and
	// start (the document's other frames stay), removes the frames w.Drop
	// names, sets the reset epoch to w.Epoch, the expiry to w.Expire, and
	// the last write of w.Instance to w.Seq.
	// A write with Add set is an increment instead (see Write.Add): it
	// succeeds whatever other writers did, unless the document is gone,
	// of another reset epoch, or holds this write already. A write with
	// Reset set clears the document's counts, guarded by its reset epoch
	// rather than its version (see Write.Reset).
	// It returns one Outcome per write, in order, also when it returns an
	// error (writes it could not settle are then Unknown); a call that
	// returns no outcomes wrote nothing. A call with a write that names an
	// invalid instance, a NewVersion not above Version, a Seq below 1, a
	// negative Epoch, a frame size that is not a positive whole number of
	// seconds, a Reset write that is not one (see Write.Reset), a Strict
	// write that is not a compare-and-swap (see Write.Strict), or a key
	// already written by the same call fails before anything is written.
	Write(ctx context.Context, ws []Write) ([]Outcome, error)
	// Load returns the documents of keys, in order; a key without a
	// document has Version 0 and no frames. A document it cannot read
	// (Doc.Unreadable) costs only its own key: the call does not fail
	// for it.
	Load(ctx context.Context, keys []cache.Key) ([]Doc, error)
	// Sweep deletes the documents whose expiry is before now and returns
	// how many it deleted. A server with TTL indexes deletes them by
	// itself; the Syncer sweeps only a store that does not (see TTL), and
	// passes its clock less Config.MaxSkew as now (see SweepOnce).
	Sweep(ctx context.Context, now time.Time) (int64, error)
}

// TTL is implemented by a Store that can delete expired documents by itself.
// The Syncer sweeps a Store periodically unless it implements TTL and TTL
// reports true.
type TTL interface {
	TTL() bool
}

// IndexKeeper is implemented by a Store whose server keeps indexes that can
// be lost while the instances run: a collection dropped (MongoDB creates it
// again at the next write, without them) or an index dropped by hand. The
// Syncer calls CheckIndexes every SweepInterval, which creates them again
// where they are missing. Without the TTL index MongoDB deletes no
// document, and the Syncer does not sweep a store that reports TTL: the
// documents of idle keys stayed for good, until every process restarted.
type IndexKeeper interface {
	CheckIndexes(ctx context.Context) error
}

// Write is one compare-and-swap of a key's document.
type Write struct {
	Key cache.Key
	// Version is the version the document must have for the write to
	// apply; 0: there must be no document.
	Version int64
	// NewVersion is the version the document gets; it must be above
	// Version. The Syncer uses max(Version+1, now in Unix milliseconds):
	// a document deleted on expiry and created again then never repeats
	// a version an instance may still hold from before, so a stale
	// compare-and-swap cannot succeed by accident (ABA).
	NewVersion int64
	// Frames are the counts the document gets, each in the frame of its
	// size and start: set by a compare-and-swap, added by an Add write.
	// The document's frames that Frames does not name stay as they are
	// (unless Drop names them): a writer's snapshot holds only the frames
	// inside the window by its own clock, and an instance whose clock is
	// behind still counts an older frame (helper-41's audit G, F4: a
	// compare-and-swap that replaced every frame erased it).
	Frames []cache.Frame
	// Epoch is the reset epoch the document gets (see cache.Snapshot.Epoch):
	// a flush carries the epoch of the snapshot its delta was counted
	// against, which the compare-and-swap on Version proves is the
	// document's, so only a reset (Syncer.Reset) moves it. 0: never reset.
	Epoch int64
	// Expire is when the document may be deleted. Every write, a
	// compare-and-swap too, moves the document's expiry to Expire only if
	// that is later: a writer whose clock is behind names an earlier one
	// than a writer ahead did, and the instances ahead still count the
	// frames an earlier expiry would delete.
	Expire time.Time
	// Instance names the writer (see Config.Instance for the syntax) and
	// Seq numbers its write: on a later Load, LastWrites[Instance] == Seq
	// proves this very write landed. Seq is at least 1. The Syncer's Seqs
	// are also at least its clock in Unix milliseconds when it sent the
	// write, which is how other instances tell an entry too old to matter
	// (see Prune).
	Instance string
	Seq      int64
	// Prune names other instances whose lastWrites entries the write
	// removes when it lands: at most MaxPrune distinct valid instance IDs,
	// not Instance itself. Names without an entry are ignored. The Syncer
	// prunes only entries that can no longer matter, learned from the
	// document at Version, so that the compare-and-swap guarantees they
	// are the entries it judged.
	Prune []string

	// Strict makes a compare-and-swap on a document (Version above 0)
	// compare, besides the version, what it overwrites: it applies only
	// if the document's reset epoch is Epoch, each frame Frames names
	// holds the count Base gives it (the sum of Base's frames of its size
	// and start; where Base has none, the document has no such frame, or
	// 0), and each entry Prune names is missing or below PruneBelow (see
	// Matches). While the store keeps what it answered, the version alone
	// tells all that: each write raises it. A document put back to an
	// earlier state (a restore, a hand edit) repeats versions, though:
	// the increments written on it raise its version one at a time again
	// (and so do compare-and-swaps of a clock behind it), through
	// versions an instance may still hold from before, with other counts,
	// and a compare-and-swap on the version alone wrote that instance's
	// snapshot of before over the document (helper-105's F2: 16 counted
	// where 14). Strict refuses it; the document gains no field and the
	// cache keeps no byte more a key, since the write carries what its
	// base held. Not with Add or Reset, whose guards are the reset epoch
	// and the writer's Seq. The Syncer's compare-and-swaps are all Strict.
	Strict bool
	// Base is what a Strict write was counted against: the frames of the
	// snapshot Frames was made from (base + delta in each frame). Frames of
	// Base that Frames does not name are not compared.
	Base []cache.Frame
	// PruneBelow is the Seq below which a Strict write judged the entries
	// of Prune (see Syncer's pruneCutoff): an entry the document holds
	// at or above it was written since, and the write does not apply.
	PruneBelow int64

	// Add makes the write an increment that other writers cannot refuse,
	// where a compare-and-swap is refused whenever another write lands
	// between the read of Version and the write (a key that N instances
	// write every HotInterval, behind a store of a long round trip:
	// README "A slow store"). It applies only if the document exists, its
	// reset epoch is Epoch (a document without one counts as 0), and its
	// lastWrites entry of Instance is missing or below Seq (equal: a copy
	// of it landed, and it answers Written without adding again); then it adds
	// each frame's N to the document's frame of the same size and start
	// (a frame it does not have starts at 0), removes the frames named by
	// Drop, sets the version to the document's version plus one, the
	// expiry to Expire if that is later, and the last write of Instance to
	// Seq. Version is not compared (it is the version the delta was
	// rebased on, as read; NewVersion is not used): the version only
	// grows, so a compare-and-swap of any other writer on an earlier
	// version fails, and by one per increment, so a document keeps a
	// version below its writers' clocks in Unix milliseconds (the
	// compare-and-swaps set it to those clocks) as long as it takes fewer
	// than one increment a millisecond, and a document deleted and created
	// again does not repeat it. Otherwise it is a Conflict and changes
	// nothing.
	//
	// The outcome does not give the document: a Load does, and
	// LastWrites[Instance] == Seq proves the increment in it, exactly
	// once, whatever other writes landed before or after it. The Seq guard
	// makes a copy of the write sent again (its answer was lost) apply at
	// most once, and none once a later write of Instance has landed; an
	// Add write prunes no entry (Prune must be empty), since another
	// instance's entry then proves that instance's increment. The Syncer
	// sends Add writes only on a document it read, of its epoch, so the
	// Conflict of a document gone or reset is rare; a delta counted before
	// a reset must not be added to the reset's document.
	Add bool
	// Drop names frames (by Size and StartUnix; N is ignored) that the
	// write removes when it lands, without comparing their counts: frames
	// that no instance counts any more (see Syncer's dropCutoff), which
	// nothing else removes, since a write sets only the frames it names.
	// At most MaxDrop, none of them in Frames; not with Reset (which
	// removes every frame).
	Drop []cache.Frame

	// Reset makes the write the reset of the key's counts (Syncer.Reset),
	// guarded by the document's reset epoch rather than its version: the
	// writes other instances land between the reset's read and its write
	// (Add writes, which land whatever the version, every HotInterval on
	// a key near its limit) do not refuse it, where a compare-and-swap
	// of a key that N instances add to lost to each of them (by
	// arithmetic, helper-45's review R4: at 50 instances and 50 ms a
	// round trip, 0.7 % of the attempts won). It applies only if the
	// document exists, its reset epoch is FromEpoch (a document without
	// one counts as 0) and its lastWrites entry of Instance is missing or
	// below Seq (equal: a copy of it landed, and it answers Written
	// without applying again); then it removes every frame, sets the
	// reset epoch to Epoch, the version to the document's version plus
	// one (as an Add write does, for the same reasons: see Add), the
	// expiry to Expire if that is later, and the last write of Instance
	// to Seq. Version is the version as read, not compared, and
	// NewVersion is not used. Otherwise it is a Conflict and changes
	// nothing. The other instances' lastWrites entries stay.
	//
	// So every write counted before the reset is refused after it (an Add
	// write by its epoch, a compare-and-swap by the version, which only
	// grows), and whatever landed before it, between its read and its
	// write included, it clears. A key without a document is reset by a
	// compare-and-swap on Version 0 instead, which creates it. A Reset
	// write has no Frames, Drop or Prune, is not an Add write, and has
	// 0 <= FromEpoch < Epoch.
	Reset bool
	// FromEpoch is the reset epoch a Reset write applies to: the
	// document's as read. 0 unless Reset.
	FromEpoch int64
}

// Matches reports whether d, the document of w's key as read, meets the
// conditions of w as a compare-and-swap: d's version is w.Version (0: there
// is no document) and, if w is Strict and d exists, what w overwrites is
// what it was counted against (see Write.Strict). It says nothing of Add
// and Reset writes, whose conditions are others. The stores decide with
// it, and the Syncer tells with it whether a copy of a write whose answer
// was lost can still land.
func (w *Write) Matches(d *Doc) bool {
	return w.matches(d.Snapshot.Version, d.Snapshot.Epoch, d.Snapshot.Frames, func(inst string) (int64, bool) {
		seq, ok := d.LastWrites[inst]
		return seq, ok
	})
}

// matches is Matches of a document of the given version, reset epoch,
// frames and lastWrites entries (entry: an instance's Seq, if it has one).
func (w *Write) matches(version, epoch int64, frames []cache.Frame, entry func(string) (int64, bool)) bool {
	if version != w.Version {
		return false
	}
	if !w.Strict || version == 0 {
		return true
	}
	if epoch != w.Epoch {
		return false
	}
	for _, f := range w.Frames {
		if countOf(frames, f) != w.BaseCount(f) {
			return false
		}
	}
	for _, name := range w.Prune {
		if seq, ok := entry(name); ok && seq >= w.PruneBelow {
			return false
		}
	}
	return true
}

// BaseCount returns the count a Strict write expects in f's frame: the sum
// of the counts of w.Base's frames of f's size and start, 0 if there are
// none.
func (w *Write) BaseCount(f cache.Frame) int64 { return countOf(w.Base, f) }

// countOf returns the sum of the counts of fs's frames of f's size and
// start: 0 if there are none.
func countOf(fs []cache.Frame, f cache.Frame) int64 {
	var n int64
	for _, g := range fs {
		if g.Size == f.Size && g.StartUnix == f.StartUnix {
			n += g.N
		}
	}
	return n
}

// MaxDrop is the most frames one Add write may drop.
const MaxDrop = 64

// MaxPrune is the most instance entries one Write may prune.
const MaxPrune = 32

// Outcome is what became of one Write.
type Outcome uint8

const (
	// Unknown: the write may or may not have landed (the store did not
	// answer, or answered with an error that does not say). Only a later
	// Load can tell, by the document's LastWrites.
	Unknown Outcome = iota
	// Written: the write landed.
	Written
	// Conflict: the write did not land and never will: the document's
	// version was not the expected one, or the store did not execute it.
	Conflict
)

// String returns the outcome's name in lowercase.
func (o Outcome) String() string {
	switch o {
	case Written:
		return "written"
	case Conflict:
		return "conflict"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("outcome(%d)", uint8(o))
}

// Doc is a key's document as read by Load.
type Doc struct {
	Key cache.Key
	// Snapshot holds the version (0: no document), the reset epoch (0:
	// never reset, or no document) and the frames, ordered by size, then
	// start.
	Snapshot cache.Snapshot
	// Expire is the document's expiry (mongostore keeps milliseconds).
	Expire time.Time
	// LastWrites maps each instance that wrote the document to the Seq of
	// its last write that landed.
	LastWrites map[string]int64
	// Unreadable, if not nil, says why the key's document could not be
	// read: a field holds a value of a type or range that no write puts
	// there (a hand edit, a restore script). Snapshot is then empty (its
	// Version 0 does not mean "no document") and LastWrites holds only the
	// entries that could be read. The other keys of the Load are read as
	// usual. The Syncer installs nothing of such a document, and settles a
	// write of its key only by its own lastWrites entry (see README "A
	// document the syncer cannot read").
	Unreadable *UnreadableError
}

// UnreadableError describes a stored document that Load could not read,
// by the first field found wrong.
type UnreadableError struct {
	// ID is the document's _id as stored.
	ID string
	// Field is the path of the field: "version",
	// "requestCounters.60.1795725000", "lastWrites.inst2:k3x9a1".
	Field string
	// Held is what the field held, as the store shows it (MongoDB's
	// extended JSON: {"$numberDouble":"1.5"}, "abc"), at most 64 bytes.
	Held string
	// Want is what is accepted there.
	Want string
	// Version is the document's version if that field could be read (0
	// if not): a compare-and-swap on another version cannot land on it,
	// whatever its other fields hold (see the Syncer's resolve).
	Version int64
}

// Error returns "document <ID>: <Field> holds <Held>: want <Want>".
func (e *UnreadableError) Error() string {
	return fmt.Sprintf("document %q: %s holds %s: want %s", e.ID, e.Field, e.Held, e.Want)
}

// MaxInstanceLen is the longest instance ID.
const MaxInstanceLen = 64

// CheckInstance reports whether id is a valid instance ID (Config.Instance):
// [A-Za-z0-9_:-]{1,64}. The ID becomes a field name in the document
// (lastWrites.<id>), so it must not hold '.', '$' or anything a server could
// read as a path or an operator.
func CheckInstance(id string) error {
	if id == "" || len(id) > MaxInstanceLen {
		return fmt.Errorf("instance %q: want 1 to %d characters from A-Z a-z 0-9 _ : -", id, MaxInstanceLen)
	}
	for i := 0; i < len(id); i++ {
		if !instanceByte(id[i]) {
			return fmt.Errorf("instance %q: character %q at %d: want only A-Z a-z 0-9 _ : -", id, id[i], i)
		}
	}
	return nil
}

func instanceByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_' || b == ':' || b == '-'
}

// errInvalidWrite marks a Write call refused before anything was written.
var errInvalidWrite = errors.New("syncer: invalid write")

// ValidateWrites reports why ws cannot be a Store.Write call, as Write
// documents: a key written twice, an invalid instance or prune name, versions
// not increasing, a Seq below 1, a negative epoch, a frame size that is not
// a positive whole number of seconds, a frame named twice, a Reset write with
// frames or an epoch not above the one it applies to, a Strict write that is
// not a compare-and-swap. Every Store calls it first, so that all stores
// refuse the same calls before writing anything.
func ValidateWrites(ws []Write) error {
	seen := make(map[cache.Key]int, len(ws))
	for i := range ws {
		w := &ws[i]
		if j, dup := seen[w.Key]; dup {
			return fmt.Errorf("%w %d: key %q/%q already written by write %d of the same call", errInvalidWrite, i, w.Key.ClientID, w.Key.User, j)
		}
		seen[w.Key] = i
		if err := CheckInstance(w.Instance); err != nil {
			return fmt.Errorf("%w %d: %w", errInvalidWrite, i, err)
		}
		if w.Version < 0 || w.NewVersion <= w.Version {
			return fmt.Errorf("%w %d: versions %d -> %d: want 0 <= Version < NewVersion", errInvalidWrite, i, w.Version, w.NewVersion)
		}
		if w.Epoch < 0 {
			return fmt.Errorf("%w %d: epoch %d: want 0 or more", errInvalidWrite, i, w.Epoch)
		}
		if w.Seq < 1 {
			return fmt.Errorf("%w %d: seq %d: want 1 or more", errInvalidWrite, i, w.Seq)
		}
		if err := checkAdd(w); err != nil {
			return fmt.Errorf("%w %d: %w", errInvalidWrite, i, err)
		}
		if err := checkReset(w); err != nil {
			return fmt.Errorf("%w %d: %w", errInvalidWrite, i, err)
		}
		if err := checkPrune(w); err != nil {
			return fmt.Errorf("%w %d: %w", errInvalidWrite, i, err)
		}
		if err := checkStrict(w); err != nil {
			return fmt.Errorf("%w %d: %w", errInvalidWrite, i, err)
		}
		for j, f := range w.Frames {
			if f.Size < time.Second || f.Size%time.Second != 0 {
				return fmt.Errorf("%w %d: frame %d: size %v: want a positive whole number of seconds", errInvalidWrite, i, j, f.Size)
			}
			for _, g := range w.Frames[:j] {
				if g.Size == f.Size && g.StartUnix == f.StartUnix {
					return fmt.Errorf("%w %d: frame %d: size %v start %d appears twice", errInvalidWrite, i, j, f.Size, f.StartUnix)
				}
			}
		}
	}
	return nil
}

// checkAdd validates an Add write's own fields (no Prune) and any write's
// Drop: at most MaxDrop whole-second frames not written by the same write,
// each named once.
func checkAdd(w *Write) error {
	if w.Add && len(w.Prune) > 0 {
		return fmt.Errorf("prune: %d instances in an Add write: want none", len(w.Prune))
	}
	if len(w.Drop) > MaxDrop {
		return fmt.Errorf("drop: %d frames: want at most %d", len(w.Drop), MaxDrop)
	}
	for j, f := range w.Drop {
		if f.Size < time.Second || f.Size%time.Second != 0 {
			return fmt.Errorf("drop %d: size %v: want a positive whole number of seconds", j, f.Size)
		}
		same := func(g cache.Frame) bool { return g.Size == f.Size && g.StartUnix == f.StartUnix }
		if slices.ContainsFunc(w.Drop[:j], same) {
			return fmt.Errorf("drop %d: size %v start %d appears twice", j, f.Size, f.StartUnix)
		}
		if slices.ContainsFunc(w.Frames, same) {
			return fmt.Errorf("drop %d: size %v start %d is also added", j, f.Size, f.StartUnix)
		}
	}
	return nil
}

// checkReset validates a Reset write's own fields: no frames to set or
// drop, no entries to prune, not an Add write, and an epoch above the one it applies to;
// FromEpoch only with Reset.
func checkReset(w *Write) error {
	switch {
	case !w.Reset && w.FromEpoch != 0:
		return fmt.Errorf("from epoch %d in a write that is not a reset: want 0", w.FromEpoch)
	case !w.Reset:
		return nil
	case w.Add:
		return errors.New("reset and add: want one or the other")
	case len(w.Frames) > 0:
		return fmt.Errorf("frames: %d in a reset: want none", len(w.Frames))
	case len(w.Drop) > 0:
		return fmt.Errorf("drop: %d frames in a reset: want none (it removes every frame)", len(w.Drop))
	case len(w.Prune) > 0:
		return fmt.Errorf("prune: %d instances in a reset: want none", len(w.Prune))
	case w.FromEpoch < 0 || w.Epoch <= w.FromEpoch:
		return fmt.Errorf("reset epochs %d -> %d: want 0 <= FromEpoch < Epoch", w.FromEpoch, w.Epoch)
	}
	return nil
}

// checkStrict validates a Strict write's own fields: a compare-and-swap
// (not Add, not Reset), whose Base frames are whole seconds; Base and
// PruneBelow only with Strict.
func checkStrict(w *Write) error {
	switch {
	case !w.Strict && (len(w.Base) > 0 || w.PruneBelow != 0):
		return fmt.Errorf("base: %d frames, prune below %d, in a write that is not strict: want none", len(w.Base), w.PruneBelow)
	case !w.Strict:
		return nil
	case w.Add || w.Reset:
		return errors.New("strict in an add or reset write: want a compare-and-swap (its guards are the epoch and the seq)")
	}
	for j, f := range w.Base {
		if f.Size < time.Second || f.Size%time.Second != 0 {
			return fmt.Errorf("base %d: size %v: want a positive whole number of seconds", j, f.Size)
		}
	}
	return nil
}

// checkPrune validates w.Prune: each name becomes a field path
// (lastWrites.<name>) of an update that also sets lastWrites.<Instance>, so
// each must be a valid instance ID, distinct from the others and from
// w.Instance (a server refuses an update that names one path twice).
func checkPrune(w *Write) error {
	if len(w.Prune) > MaxPrune {
		return fmt.Errorf("prune: %d instances: want at most %d", len(w.Prune), MaxPrune)
	}
	for j, name := range w.Prune {
		if err := CheckInstance(name); err != nil {
			return fmt.Errorf("prune %d: %w", j, err)
		}
		if name == w.Instance {
			return fmt.Errorf("prune %d: %q is the writer itself", j, name)
		}
		if slices.Contains(w.Prune[:j], name) {
			return fmt.Errorf("prune %d: %q appears twice", j, name)
		}
	}
	return nil
}

// SortFrames orders frames by size, then start, as Doc promises; a Store's
// Load calls it on the frames it returns.
func SortFrames(fs []cache.Frame) {
	slices.SortFunc(fs, func(a, b cache.Frame) int {
		if a.Size != b.Size {
			if a.Size < b.Size {
				return -1
			}
			return 1
		}
		switch {
		case a.StartUnix < b.StartUnix:
			return -1
		case a.StartUnix > b.StartUnix:
			return 1
		}
		return 0
	})
}

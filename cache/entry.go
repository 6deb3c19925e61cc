package cache

import (
	"math"
	"sync"
	"unsafe"
)

// entry is the state of one key. mu guards every field but the key (klen,
// split, and the bytes or the longKeyRef), which never changes once the
// entry is published; it is held for a few dozen nanoseconds per decision
// and never across I/O. The snapshot is kept by value (version and the
// store's counts in the counters, each counter's sum less its local
// counts) rather than behind an atomic pointer: a decision needs the lock
// for the local counts anyway, and a separate snapshot allocation would
// cost about 64 bytes per key.
//
// An entry is a view of two lines (bench/'s one-miss design,
// bench/results/2026-11-28-issue12-s30/h153-report.md section 1): the hot
// line holds everything a decision of a key of one window size reads and
// writes, lookup's comparison of the key included for a key of up to
// hotKeyLen bytes (bench/'s keys are 26); the cold line holds what only
// the general path and the syncer read. A held key's are a slot of its
// shard's table (slots.go: the hot line one cache line of the table's hot
// array, the cold line in its cold array); an evicted key's, held for its
// counts or a holder's, a record's (newEntry: one allocation, the cold
// line right after the hot one, heapEntry). A key of two window sizes or
// more (room2: the example policy's client rules, 1m and 1h) has its
// second counter's frame and counts right after its cold line (second;
// its size is its code's, see roomSize): a wide table's cold array
// (slotTable.cold), a record's allocation (keyed2). A record's key
// longer than hotKeyLen has its bytes in an allocation of its own
// (longKeyRef, after the entry), a slot's in its table's key arena (see
// keyString). What most keys do not need is in more.
//
// Offsets (TestEntryLayout checks them):
//
//	 0 mu          8  hot line: every field a one-size decision reads,
//	 8 lastUsed    4  Commit's fast path included
//	12 hot        20  (the first counter's start, sum, loc; reserved;
//	                   flags; code)
//	32 klen, split, identTag   4  the ident word of step 6's slots
//	36 committed, released     2
//	38 inline     26  the key's bytes, if klen ≤ hotKeyLen
//	64 version     8  cold line: the syncer's, the general path's
//	72 more        8
//	80 readRound   4
//	84 meta0       8  the first counter's size and sinceRead (room2: the
//	                  second's sinceRead and the first's, see roomSize)
//	92 coldFlags   1  detached, taken, epochKnown, aheadRead, installed
//	93 room2       1
//	94 n           1  (the hot flag multi: n past the code's counters)
//	95 writers     1  (the hot flag shared: writers ≥ 2)
//	96 second     16  with room2: the second counter (after the cold line)
//	96 or 112        a record's longKeyRef, for a key longer than hotKeyLen
type entry struct {
	*hotLine
	*coldLine
}

// entryMem is a heap entry's memory: its hot line, then its cold line
// (newEntry allocates it in a keyed or keyed2, with what follows). An entry
// views one; step 6's slots view a table's two arrays instead, whose
// records (lists.go) are entryMems.
type entryMem struct {
	hotLine
	coldLine
}

// heapEntry returns the entry whose hot line is l, of an entryMem: its cold
// line is right after it.
func heapEntry(l *hotLine) entry {
	return entry{l, (*coldLine)(unsafe.Add(unsafe.Pointer(l), unsafe.Offsetof(entryMem{}.coldLine)))}
}

// hotLine is the first cache line of an entry (see entry).
type hotLine struct {
	mu sync.Mutex
	// lastUsed is the Unix second of the key's last decision (see
	// lastUsedUnix).
	lastUsed uint32
	// hot is the first counter's frame and counts at narrow widths (the
	// second's, with room2, are in second), the cost of the reservations
	// not yet committed or released (never flushed: only issued tokens
	// reach the store), or, past the widths, a mark that they are in the
	// overflow at full width (see narrow); and the entry's flags and code.
	// The fast paths work on it; everything else on an open (see open.go),
	// which holds them at full width.
	hot narrow
	// The key's bytes are klen-1 bytes, ClientID then User, split at
	// split, in inline for a key of up to hotKeyLen bytes; a longer key's
	// klen is identLong in a slot (its bytes in the table's key arena, see
	// longLoc) and klenLong in a record (a longKeyRef after the entry holds
	// them and their split; see keyString). klen, split and identTag are a
	// slot's ident word (slots.go, identOf): loaded atomically by a probe
	// that takes no lock, published after the bytes; its tombstone and
	// moved marks are klen's high bits.
	klen, split uint8
	identTag    [2]uint8
	// committed and released count how this instance's recent
	// reservations of the key ended (see settle and reservedWeight); both
	// are halved when their sum reaches
	// settleWindow, so they follow the last few dozen requests.
	committed, released uint8
	inline              [hotKeyLen]byte
}

// coldLine is the part of an entry after its hot line: what no fast path
// of a key of one size reads (see entry).
type coldLine struct {
	version int64     // of the snapshot; 0: no document in the store
	more    *overflow // nil until a second size, frames no counter holds or a reset epoch
	// readRound is the pull round (see AppendPull) in which the key was
	// last chosen to be read, or read as a fresh key (TakeFresh).
	readRound uint32
	// meta0 is the first counter's size and sinceRead; with room2, the
	// second counter's sinceRead (since2) and the first's, the sizes
	// being the code's (roomSize). The fast paths need not read the size:
	// a key whose code is the tiers' has its first counters of their
	// tiers' sizes.
	meta0 counterMeta
	// coldFlags are the flags no fast path reads: detached, taken,
	// epochKnown, aheadRead, installed (isCold, setCold).
	coldFlags coldFlag
	// room2: the allocation holds the second counter (see newEntry). Set
	// before the entry is published and never changed, so read without
	// the lock where the key's bytes are found (rest); not a bit of the
	// flags, which change under the lock (-race: a data race). A decision
	// of two sizes reads this line anyway (second).
	room2 bool
	n     uint8 // counters in use; the fast paths read the multi flag
	// writers is how many instances count the key, this one included, as
	// of the last snapshot read from the store (see Snapshot.Writers), at
	// most maxWriters (more count as maxWriters: each then takes a 127th
	// of the remainder, see shareRoom); 0 or 1: this one alone, as far as
	// it knows. With assumedWriters set, the most a read named since the
	// key was new here, and at least the live instances (see
	// assumedWriters). The fast paths read the shared flag (writers ≥ 2);
	// it changes only through setWritersByte, which keeps the two alike.
	writers uint8
}

// second is a room2 entry's second counter, right after the entry in its
// allocation (keyed2): its frame and counts at narrow widths (see
// narrow.at); its size is its code's, its sinceRead in meta0 (see
// roomSize).
type second struct {
	c narrowCounter
}

// hotKeyLen is the longest key whose bytes are in the hot line.
const hotKeyLen = 26

// klenLong in a record's klen marks a key longer than hotKeyLen, whose
// bytes a longKeyRef after the entry holds (see newEntry).
const klenLong = math.MaxUint8

// lastUsedUnix returns the Unix second of e's last decision.
func (e *hotLine) lastUsedUnix() int64 { return int64(e.lastUsed) }

// setWritersByte sets e.writers to w and the shared flag to w ≥ 2, as the
// fast paths read it (assumedWriters included); e is locked, or not yet
// published.
func (e entry) setWritersByte(w uint8) {
	e.writers = w
	e.set(shared, w >= 2)
}

// setLastUsed records a decision at Unix second u. Four bytes hold every
// second from 1970 to 2106; a clock outside that range is clamped to it, so
// an entry used at such a time counts as used at the range's end: a clock
// past 2106 makes every key look idle (swept once flushed, read by pulls
// only as a new key), one before 1970 every key recent. No count depends on
// it; which keys the syncer reads and sweeps does.
func (e *hotLine) setLastUsed(u int64) {
	e.lastUsed = uint32(min(max(u, 0), math.MaxUint32))
}

// The flags of the hot line (narrow.flags, see entry.is): the entry's, and
// the narrow's own (narrowCarried, narrowWide).
const (
	queued        uint8 = 1 << iota // in its shard's dirty list, or its records if evicted (see shard.recs)
	evicted                         // no longer in the map (its counts may still wait for a flush)
	unread                          // used since the syncer last read it (see AppendPull)
	near                            // at or past Config.HotPercent of a limit at its last decision (see Reserve)
	narrowCarried                   // the overflow holds local counts above loc's 16 bits (see narrow)
	narrowWide                      // the narrow state is in the overflow at full width (see narrow)
	// shared: writers ≥ 2 (writers is in the cold line; see
	// setWritersByte).
	shared
	// multi: the key has counters past those its code names (code's
	// nibbles, see narrow.code): n ≥ 2 with the code's high nibble 0, or
	// n ≥ 3. With the code's low nibble a tier's, n ≠ 1 is code > 0x0f or
	// multi; with both nibbles set, n ≠ 2 is multi. Set by Cache.recode,
	// which follows every change of n (track); read only when the code
	// matches.
	multi
)

// coldFlag is a flag of the cold line (entry.coldFlags, see isCold): one
// that no fast path reads. A type of its own, so that is, which reads the
// hot line's flags, cannot be given one (the compiler refuses
// e.is(detached)).
type coldFlag uint8

const (
	detached   coldFlag = 1 << iota // evicted with unflushed counts, counted in Cache.detached
	taken                           // its counts are part of a flush not settled yet (TakeDirty to Confirm or Abort)
	epochKnown                      // it installed a document (Version > 0), whose reset epoch it holds (see epoch)
	aheadRead                       // a clock read before a counter's frame since it rolled there (see open.rollOut, holdBehind)
	// installed: a document was installed (install) since the syncer
	// last chose the key to read (AppendPull, TakeFresh), so a document
	// that read returns of a version below the key's may be older than it
	// rather than the store gone back (see Apply).
	installed
)

// overflow is the part of an entry that most keys do not need.
type overflow struct {
	counters [MaxSizes - 1]counter
	// nm is what the entry's hot state spills: its local counts' bits
	// above 16, or all of it at full width (see narrow).
	nm *narrowMore
	// extra are the store's frames that no counter holds in a slot: of
	// a window size this instance does not count the key in (another
	// instance's policy, during a rollout), or of a size it does count
	// in but newer than the counter's current frame (written by an
	// instance whose clock is ahead, or that crossed the frame boundary
	// first) or older than its previous one. They are part of the
	// snapshot: a flush writes them back rather than erasing another
	// instance's counts, and a counter that rolls into a newer frame, or
	// is added for a size, adopts them.
	extra []Frame
	// orphan are local counts no counter holds: those of a counter given
	// up for a new size (see track) and reservations committed after
	// theirs was. They are flushed like a counter's.
	orphan []orphanFrame
	// epoch is the reset epoch of the last document installed (see
	// Snapshot.Epoch). It lives here, not in entry, because it is 0 for
	// every key never reset, which is nearly all of them, and entry's cold
	// line has 2 bytes free (after room2, TestEntryLayout).
	epoch int64
	// epochDropped is what installing a document of epoch dropped (see
	// install), until Cache.Reset of that epoch reads it: the resetting
	// instance's own pull may install the reset's document first, and
	// the reset's answer (DroppedHere) must still count what it dropped.
	epochDropped int64
	// takenDropped: a reset dropped the local counts while the key was
	// taken (see dropLocal), the delta the flush holds with them, so
	// that flush's Confirm must not subtract it nor its Replace write it
	// again. A key is taken from the TakeDirty that makes its Pending to
	// the Confirm or Abort that settles it (TakeDirty makes no second
	// Pending of a taken key), and those clear it: so it tells of the one
	// Pending out, whatever came before it was taken and however many
	// resets since. A flag and not a count of resets that the Pending
	// compares: a count in a byte wraps after 256 resets during one flush
	// (TestConfirmAfterResetsWrap), and one that does not costs more
	// bytes a key. Here, not in entry's flags (no bit was left when it
	// came; coldFlags has three free since installed), since few keys ever
	// see a reset meet a flush.
	takenDropped bool
	// heldUntil is the latest Unix second until which orphans behind
	// their window are kept (see holdBehind, dropBehind): the local counts
	// a clock that jumped ahead left behind. Each is given up at its own
	// end (orphanFrame.until); this one tells a clock back before the
	// jump (backBeforeHold). In takenDropped's padding: the overflow keeps
	// its size.
	heldUntil uint32
	// holdOn: the clock read before the jump of the hold that holds
	// the orphans (dropBehind), or before a counter's frame while e held
	// orphans (rollOut; see seenBack). Only then does a later roll of two
	// frames or more hold on the orphans of frames behind its counter's
	// when the counter has no counts of its own to hold (see orphansOf):
	// the clock may jump ahead again and come back to them. A right clock
	// never sets it, so its holds end two frames after they start. Also
	// in takenDropped's padding.
	holdOn bool
	// anchor: a commit into a frame behind its counter's previous one was
	// held (addLocal) until two of the size past the counter's frame
	// start; the next take holds it until two of the longest size past
	// its own second (dropBehind). Also in takenDropped's padding.
	anchor bool
	// tookUpTo is, with Steps, one more than the newest frame start
	// (Unix second) of the delta a flush took from the key, set by the
	// TakeDirty that took it: an orphan of a later frame holds none of
	// that delta's counts, and capHeld may give it up while the flush is
	// out (TestStepsHeldCappedWhileTaken). A block made while the key is
	// taken notes one more than its counters' newest frame start instead
	// (open.overflow, steps.go: TestStepsHeldCappedTakenWithoutABlock).
	// 0: not known (a block made by an open without Steps), and capHeld
	// gives up nothing while the key is taken.
	tookUpTo int64
}

// orphanFrame is an orphan count with the end of its own hold: a frame
// behind its window is kept until the Unix second until (see dropBehind).
// One end for all of a key's orphans, renewed by each commit in flight
// (addLocal), held every frame of a key whose requests kept crossing two
// frame boundaries for as long as they came: 3,597 frames, 98 KB, after an
// hour of 2.1 s requests at 1 s windows
// (TestInFlightHoldBoundedUnderSteadySlowRequests). In Frame's padding-free
// 24 bytes plus 8: a held frame costs 32 bytes, the overflow nothing.
type orphanFrame struct {
	Frame
	until uint32
	// inFlight: committed in flight (addLocal), its hold set past the
	// next take's second (dropBehind, overflow.anchor).
	inFlight bool
}

// longKeyRef follows an entry whose klen is klenLong in its allocation (see
// newEntry): the key's bytes, in an allocation of their own, and where they
// split.
type longKeyRef struct {
	s     string
	split int
}

// is reports whether flag f (queued, evicted, ...) is set.
func (e *hotLine) is(f uint8) bool { return e.hot.flags&f != 0 }

// isCold reports whether cold flag f (detached, taken, epochKnown) is set.
func (e *coldLine) isCold(f coldFlag) bool { return e.coldFlags&f != 0 }

// setCold sets or clears cold flag f.
func (e *coldLine) setCold(f coldFlag, on bool) {
	if on {
		e.coldFlags |= f
	} else {
		e.coldFlags &^= f
	}
}

// deltaDropped reports whether a reset dropped the local counts while the
// key was taken (see overflow.takenDropped).
func (e *coldLine) deltaDropped() bool { return e.more != nil && e.more.takenDropped }

// set sets or clears flag f.
func (e *hotLine) set(f uint8, on bool) {
	if on {
		e.hot.flags |= f
	} else {
		e.hot.flags &^= f
	}
}

// newEntry returns the entry of k. Its key is copied into memory of its own
// (STYLE rule 17): k's strings may view a pooled request buffer that the
// next request overwrites, and the entry outlives the request as a table key
// and as the document ID the syncer writes. A key of up to hotKeyLen bytes
// is copied into the hot line (inline), and the entry allocated in the
// 128-byte size class, whose objects are line-aligned: its hot line is one
// cache line (the 96-byte class holds an entry, but its objects start at
// 32 bytes past a line every other time, and the hot line then straddles
// two). A longer key's bytes have an allocation of their own, which a
// longKeyRef after the entry points to: a record's only (a held key is a
// slot, whose long key is in its table's arena), where the rare record
// needs no size class of its own per key length.
//
// With two, the key is to be counted in two window sizes or more (the
// example policy's client rules: 1m and 1h), and the allocation holds the
// second counter right after the entry (room2, see second), in the second
// line: 128 bytes for a key of up to hotKeyLen bytes, as for one size,
// where a second counter in the overflow took another 208-byte allocation
// and a pointer's load on every decision (bench/, project-1m1h: 357 bytes a
// key at 1M keys).
func newEntry(k Key, nowUnix int64, two bool) entry {
	n := len(k.ClientID) + len(k.User)
	var (
		e   entry
		buf []byte
	)
	switch {
	case n <= hotKeyLen:
		// The bytes after the entry (and its second counter) are padding
		// to the 128-byte class (TestEntryLayout).
		if two {
			e = heapEntry(&new(keyed2[[16]byte]).e.hotLine)
		} else {
			e = heapEntry(&new(keyed[[32]byte]).e.hotLine)
		}
		buf = e.inline[:]
	default:
		var ref *longKeyRef
		if two {
			x := new(keyed2[longKeyRef])
			e, ref = heapEntry(&x.e.hotLine), &x.b
		} else {
			x := new(keyed[longKeyRef])
			e, ref = heapEntry(&x.e.hotLine), &x.b
		}
		e.klen = klenLong
		// Copied byte by byte: k.ClientID + k.User would return the one
		// that is not empty as it is, a view of the caller's buffer.
		b := make([]byte, 0, n)
		b = append(append(b, k.ClientID...), k.User...)
		*ref = longKeyRef{s: unsafe.String(unsafe.SliceData(b), n), split: len(k.ClientID)}
	}
	e.room2 = two
	if e.klen != klenLong {
		copy(buf[copy(buf, k.ClientID):], k.User)
		e.klen, e.split = uint8(n+1), uint8(len(k.ClientID))
	}
	e.setLastUsed(nowUnix)
	return e
}

// keyed is an entry with room for its key's bytes after it (see newEntry).
// The entry's size is a multiple of its alignment, so b starts right at
// unsafe.Sizeof(entryMem{}), where keyString looks (TestEntrySize checks it).
type keyed[B any] struct {
	e entryMem
	b B
}

// keyed2 is a keyed with room for the entry's second counter right after
// it (room2, see second), before the key's bytes: second finds it at a
// constant offset, and keyString the key after it.
type keyed2[B any] struct {
	e entryMem
	//lint:ignore U1000 read and written through second's pointer arithmetic, not by name
	s second
	b B
}

// overflow returns e.more, allocating it on first use.
func (e *coldLine) overflow() *overflow {
	if e.more == nil {
		e.more = new(overflow)
	}
	return e.more
}

// hasLocal reports whether e holds counts that are not flushed yet.
func (e *open) hasLocal() bool {
	for i := range int(e.n) {
		if e.at(i).local != [2]int64{} {
			return true
		}
	}
	return e.more != nil && len(e.more.orphan) > 0
}

// empty reports whether e holds no count at all: nothing counted here that
// is not flushed, nothing from the store, no reservation. Such a key costs
// nothing to drop; keys made by requests that were all released (a flood of
// unknown client IDs answered 401) are like this.
func (e *open) empty() bool {
	if e.version != 0 || e.reserved != 0 || (e.more != nil && len(e.more.extra)+len(e.more.orphan) > 0) {
		return false
	}
	for i := range int(e.n) {
		if c := e.at(i); c.local != [2]int64{} || c.sum != [2]int64{} {
			return false
		}
	}
	return true
}

// longestSec returns the longest window size (seconds) e has a counter of:
// how long Sweep waits before it evicts an idle key (see Cache.idle).
func (e *open) longestSec() int64 {
	var l int64
	for i := range int(e.n) {
		l = max(l, int64(e.at(i).size))
	}
	return l
}

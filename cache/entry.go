package cache

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// counter counts a key in the frames of one window size.
type counter struct {
	size int32 // window size in seconds
	// sinceRead is what this instance flushed (Confirm) of the key in
	// this counter's frames since it last read the key's document, in cost
	// units (at most MaxInt32); global holds it too. The share does not
	// renew with this instance's own writes (see shareRoom).
	sinceRead int32
	start     int64    // Unix second at which the current frame starts
	global    [2]int64 // the store's counts [previous, current] as of the snapshot
	local     [2]int64 // committed here since the last confirmed flush
}

// roll moves c forward to the frame that starts at nowStart and reports
// whether it moved. A clock that went backwards leaves c where it is (its
// elapsed time is then clamped to 0).
func (c *counter) roll(nowStart int64) bool {
	switch {
	case nowStart <= c.start:
		return false
	case nowStart == c.start+int64(c.size):
		c.global = [2]int64{c.global[1], 0}
		c.local = [2]int64{c.local[1], 0}
	default:
		c.global, c.local, c.sinceRead = [2]int64{}, [2]int64{}, 0
	}
	c.start = nowStart
	return true
}

// counts returns the committed counts, global and local.
func (c *counter) counts() window.Counts {
	return window.Counts{StartUnix: c.start, Prev: c.global[0] + c.local[0], Curr: c.global[1] + c.local[1]}
}

// frameStart returns the Unix second at which the frame of the given size
// (seconds) that contains now starts, by window's math.
func frameStart(now time.Time, sizeSec int64) int64 {
	return window.Tier{Size: time.Duration(sizeSec) * time.Second}.FrameStartUnix(now)
}

// slot returns the index (0 previous, 1 current) of the frame starting at
// startUnix, or -1 when it is neither.
func (c *counter) slot(startUnix int64) int {
	switch startUnix {
	case c.start:
		return 1
	case c.start - int64(c.size):
		return 0
	}
	return -1
}

// frame returns slot i of c as a Frame of count n.
func (c *counter) frame(i int, n int64) Frame {
	return Frame{Size: time.Duration(c.size) * time.Second, StartUnix: c.start - int64(1-i)*int64(c.size), N: n}
}

// entry is the state of one key. mu guards every field but the key (klen,
// split, and the bytes or the longKeyRef after the entry), which never
// changes once the entry is published; it is held for a few dozen nanoseconds per
// decision and never across I/O. The snapshot is kept by value (version and
// the global counts in the counters) rather than behind an atomic pointer: a
// decision needs the lock for the local counts anyway, and a separate
// snapshot allocation would cost about 64 bytes per key.
//
// The layout is packed into 96 bytes, and a key of up to maxInlineKey bytes
// is stored in the same allocation, right after it (newEntry), where
// keyString finds it without a pointer: memory per key is what bounds how
// many keys an instance can hold, and with a key of 17 to 32 bytes the
// allocation is 128 bytes, two aligned cache lines, which is all a decision
// reads of the key (a key of up to 16 bytes takes the 112-byte class, which
// is smaller but not aligned to lines). A longer key's bytes have an
// allocation of their own, and a longKeyRef after the entry points to them.
// So an entry must only ever be made by newEntry: keyString reads past the
// entry, and on one allocated alone it would read, and hand out a pointer
// into, memory that is not the entry's. The first counter is inline; a key
// first limited by two window sizes or more has its second right before the
// entry, in the same allocation (room2; most keys are limited by one or two
// sizes); what most keys do not need is in more.
type entry struct {
	mu    sync.Mutex
	flags uint8 // queued, evicted, detached, taken, unread, epochKnown, near, room2
	n     uint8 // counters in use
	// settled counts how this instance's recent reservations of the key
	// ended (see reservedWeight); both are halved when their sum reaches
	// settleWindow, so they follow the last few dozen requests.
	committed, released uint8
	// resets counts (modulo 256) the times the key dropped its unflushed
	// counts for a reset (see dropLocal): a Pending taken before a drop
	// carries the count of its time, and its delta, dropped with the
	// rest, is then neither subtracted nor written again.
	resets uint8
	// writers is how many instances count the key, this one included, as
	// of the last snapshot read from the store (see Snapshot.Writers), at
	// most maxWriters (more count as maxWriters: each then takes a 127th
	// of the remainder, see shareRoom); 0 or 1: this one alone, as far as
	// it knows. With assumedWriters set, the most a read named since the
	// key was new here, and at least the live instances (see
	// assumedWriters).
	writers uint8
	// The key's bytes are klen bytes right after the entry, ClientID then
	// User, split at split; klen is klenLong for a key longer than
	// maxInlineKey, whose bytes and split a longKeyRef after the entry
	// holds (see keyString).
	klen, split uint8
	// lastUsed is the Unix second of the key's last decision (see
	// lastUsedUnix).
	lastUsed uint32
	// readRound is the pull round (see AppendPull) in which the key was
	// last chosen to be read, or read as a fresh key (TakeFresh).
	readRound uint32
	version   int64 // of the snapshot; 0: no document in the store
	// reserved is the cost of the reservations not yet committed or
	// released. It is never flushed: only issued tokens reach the store.
	reserved int64
	first    counter
	more     *overflow // nil until a second size, frames no counter holds or a reset epoch
}

// maxInlineKey is the longest key kept in the entry's own allocation (see
// newEntry); klenLong in entry.klen marks a longer one.
const (
	maxInlineKey = 224
	klenLong     = math.MaxUint8
)

// lastUsedUnix returns the Unix second of e's last decision.
func (e *entry) lastUsedUnix() int64 { return int64(e.lastUsed) }

// setLastUsed records a decision at Unix second u. Four bytes hold every
// second from 1970 to 2106; a clock outside that range is clamped to it, so
// an entry used at such a time counts as used at the range's end: a clock
// past 2106 makes every key look idle (swept once flushed, read by pulls
// only as a new key), one before 1970 every key recent. No count depends on
// it; which keys the syncer reads and sweeps does.
func (e *entry) setLastUsed(u int64) {
	e.lastUsed = uint32(min(max(u, 0), math.MaxUint32))
}

const (
	queued     uint8 = 1 << iota // in its shard's dirty list
	evicted                      // no longer in the map (its counts may still wait for a flush)
	detached                     // evicted with unflushed counts, counted in Cache.detached
	taken                        // its counts are part of a flush not settled yet (TakeDirty to Confirm or Abort)
	unread                       // used since the syncer last read it (see AppendPull)
	epochKnown                   // it installed a document (Version > 0), whose reset epoch it holds (see epoch)
	near                         // at or past Config.HotPercent of a limit at its last decision (see Reserve)
	room2                        // the allocation holds the second counter (see newEntry); set before the entry is published, never changed
)

// settleWindow bounds entry.committed + entry.released; settleEvidence is
// how many of them reservedWeight needs before it weighs reservations by
// their share.
const (
	settleWindow   = 64
	settleEvidence = 8
)

// overflow is the part of an entry that most keys do not need.
type overflow struct {
	counters [MaxSizes - 1]counter
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
	orphan []Frame
	// epoch is the reset epoch of the last document installed (see
	// Snapshot.Epoch). It lives here, not in entry, because it is 0 for
	// every key never reset, which is nearly all of them, and entry has no
	// room left in its 96 bytes.
	epoch int64
	// epochDropped is what installing a document of epoch dropped (see
	// install), until Cache.Reset of that epoch reads it: the resetting
	// instance's own pull may install the reset's document first, and
	// the reset's answer (DroppedHere) must still count what it dropped.
	epochDropped int64
	// takenDropped: a reset dropped the local counts while the key was
	// taken (see dropLocal), so the flush's delta is gone, however many
	// resets since (resets wraps at 256: TestConfirmAfterResetsWrap). Here,
	// not in entry's flags, for the same reason as epoch.
	takenDropped bool
}

// longKeyRef follows an entry whose klen is klenLong in its allocation (see
// newEntry): the key's bytes, in an allocation of their own, and where they
// split.
type longKeyRef struct {
	s     string
	split int
}

func (e *entry) is(f uint8) bool { return e.flags&f != 0 }

// deltaDropped reports whether a reset dropped the local counts while the
// key was taken (see overflow.takenDropped).
func (e *entry) deltaDropped() bool { return e.more != nil && e.more.takenDropped }

func (e *entry) set(f uint8, on bool) {
	if on {
		e.flags |= f
	} else {
		e.flags &^= f
	}
}

// newEntry returns the entry of k. Its key is copied into memory of its own
// (STYLE rule 17): k's strings may view a pooled request buffer that the
// next request overwrites, and the entry outlives the request as a table key
// and as the document ID the syncer writes. A key of up to maxInlineKey
// bytes is copied into the entry's own allocation, right after it, in the
// smallest of twelve sizes, one per size class of the allocator from 112 to
// 320 bytes (the entry is 96): one allocation, and the key's bytes next to
// the counts a decision reads anyway. A longer key's bytes have an
// allocation of their own, which a longKeyRef after the entry points to.
//
// With two, the key is to be counted in two window sizes or more (the
// example policy's client rules: 1m and 1h), and the allocation holds the
// second counter too, right before the entry (room2, see at): 160 or 176
// bytes for a key of up to 32 bytes, where a second counter in the
// overflow took another 208-byte allocation and a pointer's load on every
// decision (bench/, project-1m1h: 357 bytes a key at 1M keys).
func newEntry(k Key, nowUnix int64, two bool) *entry {
	n := len(k.ClientID) + len(k.User)
	var (
		e   *entry
		buf []byte
	)
	switch {
	case n <= 16:
		e, buf = withKey[[16]byte](two)
	case n <= 32:
		e, buf = withKey[[32]byte](two)
	case n <= 48:
		e, buf = withKey[[48]byte](two)
	case n <= 64:
		e, buf = withKey[[64]byte](two)
	case n <= 80:
		e, buf = withKey[[80]byte](two)
	case n <= 96:
		e, buf = withKey[[96]byte](two)
	case n <= 112:
		e, buf = withKey[[112]byte](two)
	case n <= 128:
		e, buf = withKey[[128]byte](two)
	case n <= 144:
		e, buf = withKey[[144]byte](two)
	case n <= 160:
		e, buf = withKey[[160]byte](two)
	case n <= 192:
		e, buf = withKey[[192]byte](two)
	case n <= maxInlineKey:
		e, buf = withKey[[maxInlineKey]byte](two)
	default:
		var ref *longKeyRef
		if two {
			x := new(keyed2[longKeyRef])
			e, ref = &x.e, &x.b
		} else {
			x := new(keyed[longKeyRef])
			e, ref = &x.e, &x.b
		}
		e.klen = klenLong
		// Copied byte by byte: k.ClientID + k.User would return the one
		// that is not empty as it is, a view of the caller's buffer.
		b := make([]byte, 0, n)
		b = append(append(b, k.ClientID...), k.User...)
		*ref = longKeyRef{s: unsafe.String(unsafe.SliceData(b), n), split: len(k.ClientID)}
	}
	if two {
		e.flags |= room2
	}
	if e.klen != klenLong {
		copy(buf[copy(buf, k.ClientID):], k.User)
		e.klen, e.split = uint8(n), uint8(len(k.ClientID))
	}
	e.setLastUsed(nowUnix)
	return e
}

// keyed is an entry with room for its key's bytes after it (see newEntry).
// The entry's size is a multiple of its alignment, so b starts right at
// unsafe.Sizeof(entry{}), where keyString looks (TestEntrySize checks it).
type keyed[B any] struct {
	e entry
	b B
}

// keyed2 is a keyed with room for the entry's second counter right before
// it (room2, see at). The counter is before the entry, not after the key,
// so that at finds it at a constant offset, and keyString finds the key
// where it finds it in a keyed.
type keyed2[B any] struct {
	c counter
	e entry
	b B
}

// withKey allocates an entry followed by a B, a [N]byte with N ≥ 1 (newEntry
// instantiates it with the sizes above; with N = 0 the key's bytes would be
// past the end of the allocation), with, if two, a counter before the
// entry; it returns the entry and the B. A pointer to the entry, or to the
// key's bytes, keeps the whole allocation alive (Go's collector keeps an
// allocation alive for a pointer into any part of it).
func withKey[B any](two bool) (*entry, []byte) {
	if two {
		x := new(keyed2[B])
		return &x.e, unsafe.Slice((*byte)(unsafe.Pointer(&x.b)), unsafe.Sizeof(x.b))
	}
	x := new(keyed[B])
	return &x.e, unsafe.Slice((*byte)(unsafe.Pointer(&x.b)), unsafe.Sizeof(x.b))
}

// keyString returns the key's bytes, ClientID then User. They never change,
// so the string may be kept (it keeps the entry's allocation alive). e must
// come from newEntry: an inline key is read from right after the entry, in
// the same allocation.
func (e *entry) keyString() string {
	if e.klen == klenLong {
		return e.long().s
	}
	return unsafe.String((*byte)(e.inlineKey()), e.klen)
}

// inlineKey returns where the key's bytes start in e's allocation, whose
// klen is not klenLong.
func (e *entry) inlineKey() unsafe.Pointer {
	return unsafe.Add(unsafe.Pointer(e), unsafe.Sizeof(entry{}))
}

// long returns the longKeyRef after e, whose klen is klenLong.
func (e *entry) long() *longKeyRef {
	return (*longKeyRef)(unsafe.Add(unsafe.Pointer(e), unsafe.Sizeof(entry{})))
}

// keySplit returns where the key's bytes split into ClientID and User.
func (e *entry) keySplit() int {
	if e.klen == klenLong {
		return e.long().split
	}
	return int(e.split)
}

func (e *entry) key() Key {
	s, i := e.keyString(), e.keySplit()
	return Key{ClientID: s[:i], User: s[i:]}
}

// hasKey reports whether e is the entry of k. It reads only fields set
// before e is published in a table, so it needs no lock. A key whose client
// ID has 8 to 16 bytes and whose user has none or 8 to 16 (the keys of
// bench/, "client-0000001" and "user-0000001", and most short IDs) is
// compared as two overlapping words a part, xored and ored into one
// result, with one branch; others part by part (sameBytes). The words are
// read from within each part: k's bytes may view a reused request buffer
// (rule 17), and e's key bytes end where its allocation may. With this
// branch a decision executes 744 -> 716 instructions at 10k keys and 734 ->
// 706 at one (bench/instructions.sh, project-fixedclock; sameBytes for both
// parts before). Cache.lookup compares such a key the same way itself, with
// no call; hasKey does for the others, and for find.
func (e *entry) hasKey(k Key) bool {
	s, n := e.keyString(), e.keySplit()
	m := len(s) - n
	if n != len(k.ClientID) || m != len(k.User) {
		return false
	}
	if shortParts(n, m) {
		p := unsafe.Pointer(unsafe.StringData(s))
		x := sameWords(p, unsafe.Pointer(unsafe.StringData(k.ClientID)), n)
		if m != 0 {
			x |= sameWords(unsafe.Add(p, n), unsafe.Pointer(unsafe.StringData(k.User)), m)
		}
		return x == 0
	}
	return sameBytes(s[:n], k.ClientID) && sameBytes(s[n:], k.User)
}

// shortParts reports whether a key of a client ID n bytes long and a user
// m bytes long is compared and hashed as words (sameWords, mixWords): each
// part of 8 to 16 bytes, or no user.
func shortParts(n, m int) bool {
	return unalignedLoads && uint(n-8) <= 8 && (uint(m-8) <= 8 || m == 0)
}

// wordParts is shortParts for parts of 1 to 48 bytes (sameLong and
// sameSmall, mixPart): a key such as two UUIDs, or a client ID's name and a numeric
// user. Its bytes are inline (n+m < maxInlineKey).
func wordParts(n, m int) bool {
	return unalignedLoads && uint(n-1) <= 47 && uint(m) <= 48
}

// sameWords returns 0 if the first and the last 8 bytes of the n at p and
// at q are equal (8 ≤ n ≤ 16).
func sameWords(p, q unsafe.Pointer, n int) uint64 {
	// ^ and | bind alike in Go, left to right: each xor in parentheses.
	return (word(p, 0) ^ word(q, 0)) | (word(p, n-8) ^ word(q, n-8))
}

// sameLong returns 0 if the n bytes at p and at q are equal (n ≥ 8), read
// as mixPart reads them: as words of 8, the last one overlapping the one
// before.
func sameLong(p, q unsafe.Pointer, n int) uint64 {
	x := word(p, n-8) ^ word(q, n-8)
	for i := 0; i < n-8; i += 8 {
		x |= word(p, i) ^ word(q, i)
	}
	return x
}

// sameSmall is sameLong for 1 to 7 bytes: from 4 the first and last 4;
// below, the first, middle and last byte, which are all of them.
func sameSmall(p, q unsafe.Pointer, n int) uint64 {
	if n >= 4 {
		return uint64(word32(p, 0)^word32(q, 0)) | uint64(word32(p, n-4)^word32(q, n-4))
	}
	return uint64(byteAt(p, 0)^byteAt(q, 0)) | uint64(byteAt(p, n>>1)^byteAt(q, n>>1)) | uint64(byteAt(p, n-1)^byteAt(q, n-1))
}

// word returns the 8 bytes at p+i as a word (where unalignedLoads allows a
// load at any byte).
func word(p unsafe.Pointer, i int) uint64 { return *(*uint64)(unsafe.Add(p, i)) }

// word32 returns the 4 bytes at p+i as a word of 32 bits.
func word32(p unsafe.Pointer, i int) uint32 { return *(*uint32)(unsafe.Add(p, i)) }

// byteAt returns the byte at p+i.
func byteAt(p unsafe.Pointer, i int) byte { return *(*byte)(unsafe.Add(p, i)) }

// sameBytes reports whether a and b, of equal length, hold the same bytes.
// From 8 bytes it compares them as sameLong does, words of 8, with no
// call: a string comparison calls runtime.memequal, and hasKey is on
// every decision's path (bench/instructions.sh, project-fixedclock, 1 key:
// 1000 -> 983 instructions a decision, and 942 -> 934 for an empty part
// without the call). Its loads stay within a and b, and start at any byte
// (unalignedLoads: else it compares as strings do).
func sameBytes(a, b string) bool {
	n := len(a)
	if n < 8 || !unalignedLoads {
		return n == 0 || a == b
	}
	return sameLong(unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b)), n) == 0
}

// at returns the i-th counter in use, i < int(e.n): the first in the
// entry, the second right before the entry if the allocation has room for
// it (room2, see newEntry), the others in the overflow (whose counters[0]
// an entry with room2 leaves unused).
func (e *entry) at(i int) *counter {
	if i == 0 {
		return &e.first
	}
	if i == 1 && e.is(room2) {
		return (*counter)(unsafe.Add(unsafe.Pointer(e), -int(unsafe.Sizeof(counter{}))))
	}
	return &e.more.counters[i-1]
}

func (e *entry) overflow() *overflow {
	if e.more == nil {
		e.more = new(overflow)
	}
	return e.more
}

// hasLocal reports whether e holds counts that are not flushed yet.
func (e *entry) hasLocal() bool {
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
func (e *entry) empty() bool {
	if e.version != 0 || e.reserved != 0 || (e.more != nil && len(e.more.extra)+len(e.more.orphan) > 0) {
		return false
	}
	for i := range int(e.n) {
		if c := e.at(i); c.local != [2]int64{} || c.global != [2]int64{} {
			return false
		}
	}
	return true
}

func (e *entry) longestSec() int64 {
	var l int64
	for i := range int(e.n) {
		l = max(l, int64(e.at(i).size))
	}
	return l
}

// rollAll moves every counter to the frame that contains now; a counter
// that moves adopts the stored frames it now has a slot for.
func (e *entry) rollAll(now time.Time) { e.rollEach(now.Unix()) }

// rollEach is rollAll for a caller that has now's Unix second u already. A
// frame starts at a whole second, so u is all it needs of now.
func (e *entry) rollEach(u int64) {
	for i := range int(e.n) {
		e.rollTo(e.at(i), u)
	}
}

// reserveRest has r, a Reservation that Reserve is filling in, count in
// e's counters from the i-th on too, in their frames, as decide's
// reservations count in all of a key's counters: those of sizes no tier
// uses, which the key keeps after a policy reload (see track). It reports
// false, leaving r as it was, if e has fewer than i counters, or one of
// them is not in the frame that contains Unix second u (decide then rolls
// it).
func (e *entry) reserveRest(r *Reservation, i int, u int64) bool {
	if int(e.n) < i { // not from Reserve, which calls it for more than i counters
		return false
	}
	for j := i; j < int(e.n); j++ {
		if c := e.at(j); uint64(u-c.start) >= uint64(c.size) {
			return false
		}
	}
	for ; i < int(e.n); i++ {
		c := e.at(i)
		r.sizes[i], r.starts[i] = int32(c.size), c.start
	}
	return true
}

// rollTo moves c, one of e's counters, to the frame that contains Unix
// second u. It is small enough to inline: a counter still in its frame
// (c.start is a frame's start), which is what nearly every decision finds,
// costs no call and no division.
func (e *entry) rollTo(c *counter, u int64) {
	// u-start as unsigned is ≥ size also when u < start (a clock that
	// stepped back, which roll leaves where it is).
	if uint64(u-c.start) >= uint64(c.size) {
		e.rollOut(c, u)
	}
}

// rollOut is rollTo's path for a counter that u is not in the frame of.
//
// A clock that stepped back into the frame before c's stays in c's (roll),
// so that a clock a moment behind another, or a coarse clock's tick late,
// counts where the others do. One that stepped back further (a clock that
// ran ahead set right by NTP, a VM restored from a snapshot) moves c back
// to its frame, and c's counts of the frames ahead become frames of their
// own (extra and orphan, as retire makes them), written to the store as
// they are: kept in c, the counts of the frame the clock had reached
// stayed the key's estimate until the clock came back to that frame, and
// a key at its limit there was refused on this instance for as long as
// the step (an hour, in a run of three instances, each refusal with
// Retry-After 1 s; TestClockSteppedBack).
func (e *entry) rollOut(c *counter, u int64) {
	ns := frameStart(time.Unix(u, 0), int64(c.size))
	if ns < c.start-int64(c.size) {
		e.retire(c) // its local counts were queued for a flush when counted
		*c = counter{size: c.size, start: ns}
		e.adopt(c)
		return
	}
	if c.roll(ns) && e.more != nil {
		e.adopt(c)
	}
}

// adopt moves into c the extra frames and orphan counts of its size that
// fall into its slots.
func (e *entry) adopt(c *counter) {
	o := e.more
	if len(o.extra) == 0 && len(o.orphan) == 0 {
		return
	}
	size := time.Duration(c.size) * time.Second
	o.extra = slices.DeleteFunc(o.extra, func(f Frame) bool {
		if i := c.slot(f.StartUnix); f.Size == size && i >= 0 {
			c.global[i] += f.N
			return true
		}
		return false
	})
	o.orphan = slices.DeleteFunc(o.orphan, func(f Frame) bool {
		if i := c.slot(f.StartUnix); f.Size == size && i >= 0 {
			c.local[i] += f.N
			return true
		}
		return false
	})
}

func (e *entry) counter(sizeSec int64) *counter {
	for i := range int(e.n) {
		if c := e.at(i); int64(c.size) == sizeSec {
			return c
		}
	}
	return nil
}

// track makes sure e counts in every size of tiers; a new counter adopts
// the stored frames and the orphan counts of its size. A key limited by more
// than MaxSizes sizes over its life (policy reloads) gives up the counter of
// the size the current tiers do not use that a policy used least recently:
// its global counts become extra frames and its local ones orphans, so
// nothing it holds is lost or left unwritten.
// It reports whether it made orphans (e must then be queued for a flush).
func (e *entry) track(tiers []window.Tier, now time.Time) (orphaned bool) {
	for _, t := range tiers {
		sz := int64(t.Size / time.Second)
		if e.counter(sz) != nil {
			continue
		}
		if sz < 1 || sz > math.MaxInt32 {
			// A caller's bug, as in decide: below a second,
			// FrameStartUnix would divide by zero; from 2^31 seconds (68
			// years), a Reservation could not name the size (see its
			// sizes). Checked once per new size of a key, not per
			// decision.
			panic(fmt.Sprintf("cache: Reserve with a tier of size %v; sizes from 1s to %v are accepted", t.Size, time.Duration(math.MaxInt32)*time.Second))
		}
		c := counter{size: int32(sz), start: t.FrameStartUnix(now)}
		var slot *counter
		if n := int(e.n); n < MaxSizes {
			if n >= 2 || n == 1 && !e.is(room2) {
				e.overflow() // the new counter's place
			}
			e.n++
			slot = e.at(n)
		} else {
			// The last counter no tier uses: the one a policy used
			// least recently (see the order below).
			for i := int(e.n) - 1; i >= 0; i-- {
				if old := e.at(i); !usesSize(tiers, int64(old.size)) {
					slot = old
					orphaned = e.retire(old) || orphaned
					break
				}
			}
			if slot == nil { // unreachable: Reserve takes at most MaxSizes tiers
				continue
			}
		}
		*slot = c
		if e.more != nil {
			e.adopt(slot)
		}
	}
	// Put the tiers' counters first, in the tiers' order, so that the
	// key's next decisions find them by countsInOrder and Reserve's fast
	// paths take them: a key first limited by [1h] and then by [1m, 1h]
	// holds [1m, 1h]; one limited by [1m] and then by [10s] holds [10s,
	// 1m], and still counts in 1m (see decide) for the instances that have
	// not reloaded yet, or a reload back. Reservations name sizes, not
	// places, so moving a counter loses nothing. Each tier's counter moves
	// to its place and the ones it passes shift one on, so the counters no
	// tier uses keep their order among themselves, after the tiers': the
	// sizes a reload stopped using ahead of those unused before it, least
	// recently used last, which is the one the next new size retires.
	for i, t := range tiers {
		sz := int64(t.Size / time.Second)
		for j := i; j < int(e.n); j++ {
			if int64(e.at(j).size) != sz {
				continue
			}
			c := *e.at(j)
			for ; j > i; j-- {
				*e.at(j) = *e.at(j - 1)
			}
			*e.at(i) = c
			break
		}
	}
	return orphaned
}

// countsInOrder reports whether e's first len(tiers) counters are of the
// sizes of tiers, in their order: then each tier's counter is e.at(i), and
// track has nothing to do.
func (e *entry) countsInOrder(tiers []window.Tier) bool {
	if len(tiers) > int(e.n) {
		return false
	}
	for i, t := range tiers {
		if int64(e.at(i).size) != int64(t.Size/time.Second) {
			return false
		}
	}
	return true
}

// retire moves the counts of c, about to be reused for another size, out of
// it: global ones to extra, local ones to orphan. It reports whether it made
// orphans.
func (e *entry) retire(c *counter) bool {
	o := e.overflow()
	for i := range 2 {
		if n := c.global[i]; n != 0 {
			o.extra = append(o.extra, c.frame(i, n))
		}
	}
	n := len(o.orphan)
	for i := range 2 {
		if d := c.local[i]; d != 0 {
			o.orphan = addFrame(o.orphan, c.frame(i, d))
		}
	}
	return len(o.orphan) > n
}

// addFrame adds f.N to the frame of fs with f's size and start, or appends
// f, and drops the frame if its count becomes 0.
func addFrame(fs []Frame, f Frame) []Frame {
	for i := range fs {
		if fs[i].Size == f.Size && fs[i].StartUnix == f.StartUnix {
			if fs[i].N += f.N; fs[i].N == 0 {
				fs = slices.Delete(fs, i, i+1)
			}
			return fs
		}
	}
	return append(fs, f)
}

func usesSize(tiers []window.Tier, sizeSec int64) bool {
	for _, t := range tiers {
		if int64(t.Size/time.Second) == sizeSec {
			return true
		}
	}
	return false
}

// install replaces the global counts with those of s, as of now. Every
// frame of s that can still count here is kept: in a counter's slot, or as
// an extra frame (a frame ahead, or of a size no counter has). A frame
// older than the previous frame of its size (its counter's, or by now
// where none counts that size) counts in no estimate of this instance's
// any more, and is not kept: the documents keep one such frame per size
// for the instances whose clocks are behind (see syncer's dropCutoff), and
// holding it here would give every key read from the store an overflow
// allocation. The syncer's writes set only the frames they name, so a
// frame left out here stays in the document. If s is of
// a higher reset epoch than the document e installed last, e drops its
// unflushed counts, and returns their sum: they were counted before this
// instance learned of the reset, and the reset cleared them (see
// dropLocal). A key that never installed a document (new to this instance,
// or evicted and seen again) takes the epoch of s and keeps its counts:
// they were counted after the reset, or at worst between the key's first
// request here and its first read of the store (NewKeyInterval, unless the
// store did not answer), and it cannot tell which.
func (e *entry) install(s Snapshot, now time.Time) (dropped int64) {
	e.version = s.Version
	e.setWriters(s.Writers)
	e.rollAll(now)
	if s.Writers > 0 { // read from the store (the syncer's reads name the writers), not written here
		e.readNow()
	}
	if s.Version != 0 {
		if e.is(epochKnown) && s.Epoch > e.epoch() {
			dropped = e.dropLocal()
		}
		e.setEpoch(s.Epoch)
		if dropped > 0 {
			e.more.epochDropped = dropped // e.more exists: s.Epoch > 0
		}
	}
	for i := range int(e.n) {
		e.at(i).global = [2]int64{}
	}
	if e.more != nil {
		e.more.extra = e.more.extra[:0]
	}
	for _, f := range s.Frames {
		sz := int64(f.Size / time.Second)
		if c := e.counter(sz); c != nil {
			if i := c.slot(f.StartUnix); i >= 0 {
				c.global[i] = f.N
				continue
			}
			if f.StartUnix < c.start-sz {
				continue
			}
		} else if sz > 0 && f.StartUnix < frameStart(now, sz)-sz {
			continue
		}
		o := e.overflow()
		o.extra = append(o.extra, f)
	}
	return dropped
}

// epoch returns the reset epoch of the document e installed last (0 if
// none, or never reset).
func (e *entry) epoch() int64 {
	if e.more == nil {
		return 0
	}
	return e.more.epoch
}

// setEpoch records ep as the epoch of the document e holds. It may go down:
// a document deleted on expiry and written anew has epoch 0 until its next
// reset, whose epoch is the reset's time (above the old epoch, unless the
// clocks of the instances that reset differ by more than the time the
// document took to expire).
func (e *entry) setEpoch(ep int64) {
	known := e.is(epochKnown)
	e.set(epochKnown, true)
	if ep != 0 || e.more != nil {
		o := e.overflow()
		if !known || o.epoch != ep {
			o.epochDropped = 0
		}
		o.epoch = ep
	}
}

// dropLocal drops e's unflushed counts, a delta a flush has taken
// included (see resets), and returns how many requests (in cost units)
// they counted (see Requests). Open reservations stay: a
// request admitted before the reset whose token is issued after it counts
// after the reset, as a new count. The time a request is in flight is all
// it can add, and counting an issued token is what the limit is for.
func (e *entry) dropLocal() int64 {
	n := Requests(e.localFrames())
	e.clearLocal()
	e.resets++
	if e.is(taken) {
		e.overflow().takenDropped = true
	}
	return n
}

// localFrames returns e's local counts, its counters' and its orphans'.
func (e *entry) localFrames() []Frame {
	var fs []Frame
	for i := range int(e.n) {
		c := e.at(i)
		for slot := range 2 {
			if n := c.local[slot]; n != 0 {
				fs = append(fs, c.frame(slot, n))
			}
		}
	}
	if e.more != nil {
		fs = append(fs, e.more.orphan...)
	}
	return fs
}

// clearLocal drops e's local counts.
func (e *entry) clearLocal() {
	for i := range int(e.n) {
		e.at(i).local = [2]int64{}
	}
	if e.more != nil {
		e.more.orphan = nil
	}
}

// Requests returns how many requests (in cost units) the frames fs count:
// the largest sum of the frames of one window size. A request counts once
// in every window size its key is limited by, so summing every frame would
// count it once per size; the size whose frames hold the most (the longest,
// as a rule) holds every request the others hold.
func Requests(fs []Frame) int64 {
	var most int64
	for i, f := range fs {
		if slices.ContainsFunc(fs[:i], func(g Frame) bool { return g.Size == f.Size }) {
			continue // summed with the first frame of its size
		}
		var n int64
		for _, g := range fs[i:] {
			if g.Size == f.Size {
				n += g.N
			}
		}
		most = max(most, n)
	}
	return most
}

// addLocal adds n to the local count of the frame of the given size that
// starts at startUnix: in its counter's slot if it has one, else to the
// orphan count of that frame if there is one (a confirmed flush subtracts
// an orphan it wrote even after a counter of its size came back), else, if
// n > 0, as a new orphan if no counter of the size is left or the frame is
// after the counter's. A frame older than its counter's previous one has
// left the window and is not counted.
func (e *entry) addLocal(sizeSec, startUnix, n int64) {
	c := e.counter(sizeSec)
	if c != nil {
		if i := c.slot(startUnix); i >= 0 {
			if n < 0 {
				n = max(n, -c.local[i]) // never below 0 (see below)
			}
			c.local[i] += n
			return
		}
	}
	size := time.Duration(sizeSec) * time.Second
	if e.more != nil {
		for _, f := range e.more.orphan {
			if f.Size == size && f.StartUnix == startUnix {
				if f.N+n < 0 && n < 0 {
					// A Confirm subtracting more than the frame holds: the
					// counts it took left the window while the flush had
					// them, and these are later ones. Subtracted, they would
					// go negative, admit as many requests too many and take
					// them from the store's count at the next flush
					// (TestNoNegativeLocalAfterRetireBehindSyncer); at 0 they
					// are lost, in a frame that had left the window.
					n = -f.N
				}
				e.more.orphan = addFrame(e.more.orphan, Frame{Size: size, StartUnix: startUnix, N: n})
				return
			}
		}
	}
	// No slot and no orphan holds the frame. Counts of a size no counter
	// holds, or of a frame after the counter's current one, wait as an
	// orphan: flushed as they are, or moved into the counter when it rolls
	// there (adopt). The latter happens when a reservation's counter is
	// retired and made anew by a request whose clock reads an earlier frame
	// (a clock a millisecond behind at a boundary:
	// TestCommitIntoCounterRemadeBehind), and dropping them lost a
	// committed request. A frame before the counter's previous one has left
	// the window: nothing to count; without a counter, one that had left it
	// at the key's last decision (lastUsed). Counted as an orphan, such a
	// frame could take the place of counts of the same frame that left a
	// counter's window while a flush had them, and that flush's Confirm
	// would subtract them from the orphan (a local count of -2 in
	// TestModelConservesCounts). A negative n (Confirm subtracting a delta)
	// that finds nothing has nothing to subtract from. (lastUsed 0: a clock
	// before 1970, which lastUsed cannot hold, so the rule cannot tell: the
	// frame is kept.)
	if n > 0 && (c == nil && (e.lastUsed == 0 || startUnix+2*sizeSec > e.lastUsedUnix()) || c != nil && startUnix > c.start) {
		o := e.overflow()
		o.orphan = addFrame(o.orphan, Frame{Size: size, StartUnix: startUnix, N: n})
	}
}

// reservedWeight returns how much of the reserved cost counts against tier
// t. Reservations count in full up to a tenth of the limit (at least 1);
// beyond that, once at least settleEvidence of the key's recent reservations
// on this instance have ended, only in the share of them that were committed
// (rounded down). So a flood of requests that fail at the endpoint (a
// stranger with a client's ID and a wrong secret) holds back a tenth of the
// client's quota once settleEvidence of them have failed, while concurrent
// requests that all succeed cannot overshoot the limit. The price:
// concurrent requests of a key whose recent requests partly failed (a share
// f) may overshoot by f × their reserved cost beyond a tenth of the limit.
// The evidence threshold keeps one failed request (a stranger's, or a typo)
// from unlocking such an overshoot on a key with little history here.
func (e *entry) reservedWeight(t window.Tier) int64 {
	// Nothing in flight, or less than a tenth of the limit (r ≤ ⌊L/10⌋ ≤
	// full below), as for nearly every decision: inlined, no division.
	if r := e.reserved; r <= 1 || r <= t.Limit/10 {
		return r
	}
	return e.weighReserved(t)
}

// weighReserved is reservedWeight when more than 1 and more than a tenth
// of t's limit is in flight.
func (e *entry) weighReserved(t window.Tier) int64 {
	r := e.reserved
	full := max(1, ceilDiv(t.Limit, 10))
	if r <= full {
		return r
	}
	ok, all := int64(e.committed), int64(e.committed)+int64(e.released)
	if all < settleEvidence || ok == all {
		return r
	}
	return full + (r-full)*ok/all
}

// reservedShare returns how much of the reserved cost counts against an
// instance's share of a key (see shareRoom): in the share of the key's
// recent reservations that were committed once settleEvidence of them have
// ended, rounded up, in full before. Unlike reservedWeight it has no free
// tenth: a share can be that small, and a flood of failing requests must
// not fill it. Rounded down, one reservation of a key that had had a
// request released (7 of 8 committed) counted as nothing, and concurrent
// requests took one more than the share (TestShareCountsOpenReservationsRoundedUp).
func (e *entry) reservedShare() int64 {
	r := e.reserved
	ok, all := int64(e.committed), int64(e.committed)+int64(e.released)
	if r <= 0 || all < settleEvidence || ok == all {
		return r
	}
	return ceilDiv(r*ok, all)
}

// nearLimit reports whether a tier of the given limit with rem left is at
// least hot percent used (hot 0: every tier is). It is floor(used × 100 /
// limit) ≥ hot without the division, which every decision would pay:
// floor(x/l) ≥ h ⇔ x ≥ h·l for integers. A limit too large to multiply by
// 100 is compared in whole hundredths of it.
func nearLimit(limit, rem int64, hot uint8) bool {
	if limit <= 0 {
		return true // all used
	}
	used := limit - min(max(rem, 0), limit)
	if limit < math.MaxInt64/100 {
		return used*100 >= int64(hot)*limit
	}
	return used/(limit/100) >= int64(hot)
}

// ceilDiv returns ⌈a/b⌉ for a ≥ 0 and b > 0, without overflow.
func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// settle records how a reservation ended, for reservedWeight.
func (e *entry) settle(committed bool) {
	if committed {
		e.committed++
	} else {
		e.released++
	}
	if int(e.committed)+int(e.released) >= settleWindow {
		e.committed, e.released = (e.committed+1)/2, (e.released+1)/2
	}
}

// Admission says whether a request over the limit is counted.
type Admission uint8

const (
	// Enforce counts a request only if every tier admits it.
	Enforce Admission = iota
	// CountAlways counts the request whatever the verdict: for dry-run and
	// for trusted clients, which are counted but never denied.
	CountAlways
)

// Reservation is the cost a Reserve counted. Commit makes it a count;
// Release drops it; either clears its entry, after which it holds nothing,
// as the zero Reservation does.
type Reservation struct {
	e      *entry
	cost   int64
	sizes  [MaxSizes]int32 // the window sizes (seconds, below 2^31: see track) the cost is to count in
	starts [MaxSizes]int64 // and the frame of each, as of the Reserve (not as now says: the clock may step back)
}

// Decision is the outcome of Reserve.
type Decision struct {
	// Allowed reports whether every tier admits the request.
	Allowed bool
	// Counted reports whether the cost was reserved; if so the caller must
	// Commit or Release &Reservation, once.
	Counted bool
	// Shared reports that the request was refused by this instance's share
	// alone (see Reserve): the binding tier's limit left room for it.
	Shared bool
	// Tier is the binding tier: the denying one that lasts longest, or, if
	// all admit, the one with the least remaining.
	Tier window.Tier
	// Remaining is what Tier has left after this request: within this
	// instance's share when other instances count the key too (Shared).
	Remaining int64
	// Used is Tier's count with this request's cost: the store's counts
	// as last read, this instance's since and its open reservations. The
	// share does not change it: Tier.Limit − Remaining is more than Used
	// when the share binds, so the soft limit is read from Used.
	Used int64
	// RetryAfter is the time until the request would be admitted; 0 when
	// Allowed. If the cost exceeds a limit it is Tier.Size.
	RetryAfter time.Duration
	// Reset is the time until Tier's estimate decays to 0 without more hits.
	Reset time.Duration
	// Reservation is what was reserved (zero if Counted is false).
	Reservation Reservation
}

// Reserve decides a request of the given cost for key k against tiers (all
// must admit; at most MaxSizes, each valid per window.Tier.Validate; more
// tiers, or a size below a second or from 2^31 seconds, panic with a message that says so) at now,
// and reserves the cost if admitted, or always with CountAlways. A tier
// admits when its committed counts (the store's and this instance's) plus
// the weight of the key's open reservations (see entry.reservedWeight) plus
// cost stay within its limit, and, when other instances count the key
// too, within this instance's share of what the store's counts leave (see
// entry.shareRoom; Config.NoShare turns it off). It
// never blocks on anything but k's lock and does not allocate for an
// existing key. A negative cost counts as 0: a request cannot give back
// what others were counted.
func (c *Cache) Reserve(k Key, tiers []window.Tier, cost int64, adm Admission, now time.Time) (d Decision) {
	c.ReserveTo(&d, k, tiers, cost, adm, now)
	return d
}

// ReserveTo is Reserve writing its Decision to *d, which it overwrites
// whatever it held: the caller keeps the Decision where it needs it (the
// middleware, in its pooled request state, one per key it decides) and
// later passes &d.Reservation to Commit or Release. *d must not hold a
// reservation still open (counted, neither committed nor released): it
// is overwritten unsettled, and its cost stays reserved on its key, a
// limit lowered for as long as the key is held.
//
// Reserve's result, 112 bytes, is returned in memory, and its caller
// copies it into its variable with 16-byte loads of the fields Reserve has
// just stored one by one; a Commit right after then loads from that copy.
// The CPU cannot forward such loads from the stores still in flight and
// waits for them. On AMD EPYC family 26 model 2 (Zen 5), bench/'s
// decision at one key (Reserve, then Commit at once; alternated processes,
// bench/alternate.sh, 20 rounds) took 67.4 ns (54.6-71.2 by process) with
// Reserve and 52.9 (51.7-56.6) with ReserveTo, 90.8 and 75.3 at 10k keys;
// at 1M keys, where memory decides, the same. The middleware, whose Commit
// comes after the token endpoint answered, took the same time either way
// (BenchmarkMiddleware, 0.98-1.00 new/old) and the same instructions.
func (c *Cache) ReserveTo(d *Decision, k Key, tiers []window.Tier, cost int64, adm Admission, now time.Time) {
	*d = Decision{}
	cost = max(cost, 0)
	u := now.Unix()
	s, e, h := c.lookup(k)
	if e == nil {
		e = c.findOrInsert(s, k, h, tiers, u)
	}
	e.mu.Lock()
	// Unlocked by hand: the fast paths below only compare and add the
	// key's fields, and call nothing that can panic while its invariants
	// hold. The general path (decideLocked) unlocks in a deferred call, so
	// that a panic there (a bug, or more tiers than MaxSizes) does not
	// leave the key locked, and with it every request for the key and its
	// shard's sweeps (TestPanicInDecideLeavesKeyUnlocked). Commit does the
	// same. Deferred on every path, the two unlocks cost a decision 39 of
	// its 775 instructions at one key (bench/instructions.sh,
	// project-fixedclock) and about a twentieth of its time.
	e.setLastUsed(u)
	c.markUse(s, e)

	// Nearly every decision is of a key whose first counters are the
	// tiers' sizes, in order, each in now's frame (and so are the others,
	// of sizes an earlier policy used: see track), with at most a tenth
	// of each limit in flight (or one request: see smallReserved; for a
	// key other instances count too, reservations weighed in full by
	// reservedShare, whose share shareRoomAt then computes), and is
	// admitted. The two blocks
	// below decide such a key of one tier and of two, as decide would,
	// line for line (TestFastPathsSameAsGeneral): the same Decision, the
	// same reservation, the same near flag. They change nothing until they
	// know the request is admitted; anything else goes to decide, which
	// starts over: a denial, a counter to roll, a tier without a counter
	// or out of order (a new key, the first decision after a policy
	// reload), a request its share refuses, more in flight (weighed by how
	// the key's recent requests ended), a limit so large that nothing
	// binds. A key keeps the counters of sizes it was limited by until it
	// is evicted; while only decide counted in them, every decision on a
	// held key went to decide after a reload that changed a window size,
	// at 1.6 to 1.9 times the instructions of one tier's fast path
	// (BenchmarkDecisionAfterReloadFixedClock).
	//
	// Apart from decide's loop, with its calls for the rare cases, the
	// compiler keeps their values in registers; with Commit's fast path,
	// a decision on one key (bench/instructions.sh, harness included)
	// executes 918 -> 773 instructions for one tier (project-fixedclock),
	// 1160 -> 963 for two (project-1m1h-fixedclock), and one that three
	// instances count 1259 -> 861 (BenchmarkDecisionSharedKey/clock=fixed,
	// two tiers). A fast path called as a function of its own, tried
	// before, saved nothing: Reserve still set up the general path's frame
	// and spills around the call.
	if len(tiers) == 1 && c.fast(e) {
		// A key with no counter yet has a first of size 0, which no
		// tier's size matches (a tier below a second, whose does, fails
		// the frame check).
		t, ct, r0 := tiers[0], &e.first, e.reserved
		if int64(ct.size) == int64(t.Size/time.Second) && uint64(u-ct.start) < uint64(ct.size) && smallReserved(r0, t) {
			counts := ct.counts()
			counts.Curr += r0
			elapsed := t.Elapsed(counts, now)
			used := t.UsedAfter(counts, elapsed)
			room := max(t.Limit-used, 0) - cost
			// left is room with the share, if any: what the Decision
			// says is left. One writer, as for most keys: no share.
			left := room
			if e.writers >= 2 && c.sharing() {
				if e.reservedShare() != r0 {
					goto general // reservations weighed by how the key's recent ones ended
				}
				left = min(room, shareRoomAt(ct, t, elapsed, used, c.writersOf(e), cost)-cost)
			}
			if left >= 0 && cost <= t.Limit-used && room < math.MaxInt64 {
				// A key that holds counters of sizes an earlier policy
				// used counts in them too, if they need no roll. Two ifs
				// and a goto: as one more term of the condition above,
				// the compiler built a bool to test on every decision
				// (BenchmarkDecisionAfterReloadFixedClock/reload=none: 11
				// to 12 instructions more than before; as written, 4, 3
				// of them no-ops).
				if e.n != 1 {
					if !e.reserveRest(&d.Reservation, 1, u) {
						goto general
					}
				}
				e.set(near, nearLimit(t.Limit, room, c.hot))
				d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, t, left, used+cost
				r := &d.Reservation
				r.e, r.cost = e, cost
				r.sizes[0], r.starts[0] = int32(ct.size), ct.start
				e.reserved = r0 + cost
				counts.Curr += e.reservedWeight(t) - r0
				d.Reset = t.ResetAfter(counts, elapsed)
				e.mu.Unlock()
				return
			}
		}
	}
	if len(tiers) == 2 && e.n >= 2 && c.fast(e) {
		t0, c0, t1, c1, r0 := tiers[0], &e.first, tiers[1], e.at(1), e.reserved
		if int64(c0.size) == int64(t0.Size/time.Second) && uint64(u-c0.start) < uint64(c0.size) && smallReserved(r0, t0) &&
			int64(c1.size) == int64(t1.Size/time.Second) && uint64(u-c1.start) < uint64(c1.size) && smallReserved(r0, t1) {
			counts0, counts1 := c0.counts(), c1.counts()
			counts0.Curr += r0
			counts1.Curr += r0
			elapsed0, elapsed1 := t0.Elapsed(counts0, now), t1.Elapsed(counts1, now)
			used0, used1 := t0.UsedAfter(counts0, elapsed0), t1.UsedAfter(counts1, elapsed1)
			room0, room1 := max(t0.Limit-used0, 0)-cost, max(t1.Limit-used1, 0)-cost
			left0, left1 := room0, room1 // with the share
			if e.writers >= 2 && c.sharing() {
				if e.reservedShare() != r0 {
					goto general
				}
				w := c.writersOf(e)
				left0 = min(room0, shareRoomAt(c0, t0, elapsed0, used0, w, cost)-cost)
				left1 = min(room1, shareRoomAt(c1, t1, elapsed1, used1, w, cost)-cost)
			}
			// The binding tier: the first with the least room.
			t, left, counts, elapsed, used := t0, left0, counts0, elapsed0, used0
			if left1 < left0 {
				t, left, counts, elapsed, used = t1, left1, counts1, elapsed1, used1
			}
			if left0 >= 0 && cost <= t0.Limit-used0 && left1 >= 0 && cost <= t1.Limit-used1 && left < math.MaxInt64 {
				if e.n != 2 {
					if !e.reserveRest(&d.Reservation, 2, u) {
						goto general
					}
				}
				e.set(near, nearLimit(t0.Limit, room0, c.hot) || nearLimit(t1.Limit, room1, c.hot))
				d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, t, left, used+cost
				r := &d.Reservation
				r.e, r.cost = e, cost
				r.sizes[0], r.starts[0] = int32(c0.size), c0.start
				r.sizes[1], r.starts[1] = int32(c1.size), c1.start
				e.reserved = r0 + cost
				counts.Curr += e.reservedWeight(t) - r0
				d.Reset = t.ResetAfter(counts, elapsed)
				e.mu.Unlock()
				return
			}
		}
	}
general:
	c.decideLocked(s, e, tiers, cost, adm, now, u, d)
}

// decideLocked is decide, after which it unlocks e, also if decide panics
// (a bug): a key left locked would block every request for it and its
// shard's sweeps.
func (c *Cache) decideLocked(s *shard, e *entry, tiers []window.Tier, cost int64, adm Admission, now time.Time, u int64, d *Decision) {
	defer e.mu.Unlock()
	c.decide(s, e, tiers, cost, adm, now, u, d)
}

// fast reports whether Reserve's fast paths may decide e (with more
// conditions of their own). A negative reserved (only a reservation
// settled twice makes one: two copies of a Reservation each committed or
// released, which the API forbids; Commit and Release clear the one they
// settle) goes to decide, which weighs it as it always has.
func (c *Cache) fast(e *entry) bool {
	return e.reserved >= 0 && !c.testGeneral
}

// smallReserved reports whether reservedWeight weighs r, in flight,
// in full for tier t without a division (its inline case).
func smallReserved(r int64, t window.Tier) bool {
	return r <= 1 || r <= t.Limit/10
}

// decide is Reserve's general path for e, which the caller holds locked
// and has marked used at Unix second u: any tiers in any order, counters to
// track or roll, the share of a key others count too, denials, reservations weighed by how
// the key's recent ones ended. It fills *d, which is zero.
func (c *Cache) decide(s *shard, e *entry, tiers []window.Tier, cost int64, adm Admission, now time.Time, u int64, d *Decision) {
	if len(tiers) > MaxSizes {
		// A caller's bug (the policy package never compiles more): said
		// plainly here rather than as the nil counter the last tiers
		// would find below. decideLocked unlocks the key.
		panic(fmt.Sprintf("cache: Reserve with %d tiers; at most MaxSizes (%d) are accepted", len(tiers), MaxSizes))
	}
	// Once a key is tracked, its first counters are the tiers' sizes in order,
	// which one pass checks; track, which finds each size among the
	// counters, runs only when they are not (a new key, a changed policy).
	inOrder := e.countsInOrder(tiers)
	if !inOrder && e.track(tiers, now) {
		c.queue(s, e)
	}
	// Every counter is moved to now's frame before the Reservation takes
	// their frames below. When the tiers' counters are all the key has, in
	// order (nearly always), each is moved in the loop, just before its
	// estimate: a key of two sizes then costs no call either. (When
	// rollEach has run and the counters are in order, the loop's rollTo
	// finds each in its frame already.)
	if !inOrder || len(tiers) != int(e.n) {
		e.rollEach(u)
	}

	// d is Reserve's named result, still zero (the fast paths write it
	// only when they decide), filled in place: a Decision is 128 bytes,
	// and building one to copy out cost about a tenth of a decision on
	// one key (BenchmarkDecision).
	d.Allowed, d.Remaining = true, math.MaxInt64
	var binding *counter
	var bindingShare bool // the binding tier refuses by the share alone
	isNear := false
	for i, t := range tiers {
		var ct *counter
		if inOrder {
			ct = e.at(i)
			e.rollTo(ct, u)
		} else {
			ct = e.counter(int64(t.Size / time.Second))
		}
		counts := ct.counts()
		if e.reserved > 0 { // nearly always 0: no call
			counts.Curr += e.reservedWeight(t)
		}
		// One estimate gives both what t.Remaining and t.Admits would
		// compute: used ≥ 0, so limit-used cannot overflow. (t.Used,
		// written out: Elapsed and UsedAfter inline, where Used is a
		// call, which every decision paid with the values it holds
		// spilled to the stack and loaded back.)
		used := t.UsedAfter(counts, t.Elapsed(counts, now))
		rem := max(t.Limit-used, 0)
		isNear = isNear || nearLimit(t.Limit, rem-cost, c.hot) // with this request counted
		room := rem - cost
		shared := false
		// One writer, as for most keys: no share. A tier that refuses by
		// its limit refuses whatever the share says.
		if e.writers >= 2 && room >= 0 && c.sharing() {
			if sr := e.shareRoom(ct, t, now, c.writersOf(e), cost); sr-cost < room {
				room, shared = sr-cost, true
			}
		}
		if room >= 0 && cost <= t.Limit-used {
			if d.Allowed && room < d.Remaining {
				d.Tier, d.Remaining, d.Used, binding = t, room, used+cost, ct
			}
			continue
		}
		ra, err := t.RetryAfter(counts, cost, now)
		if err != nil {
			ra = t.Size
		}
		if shared && room < 0 {
			// Refused by its share: the next sync brings a new share.
			ra = max(ra, c.cfg.SyncInterval)
		}
		if d.Allowed || ra > d.RetryAfter {
			d.Tier, d.RetryAfter, d.Used, binding, bindingShare = t, ra, used+cost, ct, shared && room < 0
		}
		d.Allowed = false
	}
	e.set(near, isNear)
	if !d.Allowed && bindingShare {
		d.Shared = true
		c.shareRefusals.Add(1)
	}
	if binding == nil { // no tiers: nothing limits
		d.Remaining = 0
	}

	if d.Allowed || adm == CountAlways {
		d.Counted = true
		r := &d.Reservation
		r.e, r.cost = e, cost
		for i := range int(e.n) {
			ct := e.at(i)
			r.sizes[i], r.starts[i] = int32(ct.size), ct.start
		}
		e.reserved += cost
	}
	if binding != nil {
		counts := binding.counts()
		counts.Curr += e.reservedWeight(d.Tier)
		if !d.Allowed {
			d.Remaining = d.Tier.Remaining(counts, now)
			if bindingShare {
				d.Remaining = 0
			}
		}
		d.Reset = d.Tier.ResetAfter(counts, d.Tier.Elapsed(counts, now)) // Reset, inline (see used above)
	}
}

// The share. Each instance decides from the store's counts as it last read
// them plus its own since: what the others counted since their last flush
// (up to a sync interval) it does not see. Were each to admit up to the
// remainder its snapshot shows, a burst that reached N instances within a
// sync interval (a client minting a token per API call, in a spike spread
// by the load balancer) would be admitted up to N times that remainder. So
// when other instances count a key too (entry.writers ≥ 2), what the
// store's counts leave is split evenly: this instance's own counts since
// its snapshot, and its open reservations (by reservedShare), may take no
// more than ⌈remainder ÷ writers⌉ until its next read brings a new
// remainder. The fleet then admits at most the remainder plus writers-1
// per sync, whatever the burst. The price: an instance that gets more of a
// key's requests than its even share is refused past its share of the
// remainder in each sync interval (told to retry after one), though the
// limit is not reached: for a steady load that only binds near the limit
// (by arithmetic, not measured: an instance taking half a key's requests
// at 30 instances and the limit's own rate, in the last quarter of the
// limit).
//
// Who counts a key, the store's document tells (the instances that wrote
// it in the last minute: Snapshot.Writers), but only once they have
// flushed. A key new to this instance may be counted at the same moment by
// instances that have not written it yet (a burst to instances that never
// saw the key, or to one just started): the first reads show one writer,
// or none. So a new key takes the live instances (Cache.SetLiveInstances)
// as its writers, marked assumedWriters, for one to two sync intervals (see
// ageWriters), long enough for every instance that counted it meanwhile to
// have flushed; reads in that time only raise the count (writersOf). A
// load balancer that keeps each key on one instance is then shared as if
// it spread them, for a key's first moments on each instance; a key only
// paused keeps the writers its documents named, over the last minute.
// Config.NoLiveWriters turns the assumption off.
const (
	assumedWriters = 0x80               // flag of entry.writers: at least the live instances, assumed
	maxWriters     = assumedWriters - 1 // the most writers a key holds: more count as this many
)

// readNow records that e's document was just read: the share renews (see
// shareRoom).
func (e *entry) readNow() {
	for i := range int(e.n) {
		e.at(i).sinceRead = 0
	}
}

// flushed adds the frames of delta, just written to the store by this
// instance, to the counts it flushed since its last read (see
// counter.sinceRead), in the counters whose window they are in.
func (e *entry) flushed(delta []Frame) {
	for _, f := range delta {
		if c := e.counter(int64(f.Size / time.Second)); c != nil && c.slot(f.StartUnix) >= 0 {
			c.sinceRead = int32(min(int64(c.sinceRead)+max(f.N, 0), math.MaxInt32))
		}
	}
}

// setWriters records n (from a snapshot read from the store; 0: unknown,
// as for one this instance wrote) as the instances that count e, or, while
// e assumes the live instances, the most any read named since (a document
// names no instance that has not flushed yet).
func (e *entry) setWriters(n int) {
	if n <= 0 {
		return
	}
	w := uint8(min(n, maxWriters))
	if e.writers >= assumedWriters {
		w = assumedWriters | max(w, e.writers&^assumedWriters)
	}
	e.writers = w
}

// shareRoom returns how much more this instance may count against tier t
// (whose counter is ct) at now, by its share of what the store's counts
// leave among w writers (Cache.writersOf), for a request of the given
// cost. An instance that has counted nothing since its last read may take
// the cost, though it exceeds its share: else a cost above ⌈limit ÷ w⌉
// (a password token that costs 3, a limit of 5, three instances) would
// never be admitted.
func (e *entry) shareRoom(ct *counter, t window.Tier, now time.Time, w, cost int64) int64 {
	g := window.Counts{StartUnix: ct.start, Prev: ct.global[0], Curr: ct.global[1]}
	// The store's counts as last read: what this instance wrote since, in
	// global too, is its own, taken from its share, not a new one (a flush
	// renewed the share from the instance's own knowledge before the pull
	// after it brought the others'). Taken as counted in full, in the
	// current frame: the share is at most that much smaller.
	usedG := max(t.Used(g, now)-int64(ct.sinceRead), 0)
	// Rounded up: rounded down, a remainder smaller than writers would be
	// nobody's, and the key would never reach its limit. So the share
	// never admits more than each instance taking the whole remainder
	// would, and at most writers-1 more than the limit per sync.
	counts := ct.counts()
	counts.Curr += e.reservedShare()
	return shareLeft(t, usedG, t.Used(counts, now), w, cost)
}

// shareLeft is shareRoom's arithmetic: the share of what usedG (the
// store's counts as last read) leaves of t's limit among w writers, less
// what this instance counted since (used, its estimate with them, less
// usedG), and at least cost when that is nothing.
func shareLeft(t window.Tier, usedG, used, w, cost int64) int64 {
	mine := used - usedG
	sr := ceilDiv(max(t.Limit-usedG, 0), w) - mine
	if mine <= 0 {
		sr = max(sr, cost)
	}
	return sr
}

// shareRoomAt is shareRoom for Reserve's fast paths, which have the
// estimate used of ct's counts, with the reservations in full, at elapsed
// into its frame: the same, where reservedShare weighs them in full (the
// fast paths leave any other key to decide).
func shareRoomAt(ct *counter, t window.Tier, elapsed time.Duration, used, w, cost int64) int64 {
	usedG := max(t.UsedAfter(window.Counts{StartUnix: ct.start, Prev: ct.global[0], Curr: ct.global[1]}, elapsed)-int64(ct.sinceRead), 0)
	return shareLeft(t, usedG, used, w, cost)
}

// Commit counts the cost of *r: the token was issued. It counts in the
// frames r was reserved in (a frame that has left the window since is not
// counted), and the key is flushed with the next flush. It clears r's
// entry, so that a second Commit or Release of r, after this one (not at
// the same time: r is the caller's), does nothing; each reservation is
// committed or released once (a copy of a Reservation is the same
// reservation: settling both would take its cost off the key twice). By
// pointer: passed by value, the 64 bytes were copied at every call.
func (c *Cache) Commit(r *Reservation) {
	e := r.e
	if e == nil {
		return
	}
	r.e = nil
	e.mu.Lock()
	e.reserved -= r.cost
	e.settle(true)
	if r.cost == 0 {
		e.mu.Unlock()
		return
	}
	// Nearly always the key is queued already, not evicted, and its first
	// counters are those r was reserved in, in r's order, still in their
	// frames or the next: then a reservation of one size or two (from
	// either of Reserve's paths) adds its cost to each, as the loop below
	// would, with no loop.
	if e.flags&(queued|evicted) == queued && !c.testGeneral {
		if c0 := &e.first; e.n >= 1 && c0.size == r.sizes[0] {
			if i := c0.slot(r.starts[0]); i >= 0 {
				switch {
				case r.sizes[1] == 0:
					c0.local[i] += r.cost
					e.mu.Unlock()
					return
				case e.n >= 2 && r.sizes[2] == 0:
					if c1 := e.at(1); c1.size == r.sizes[1] {
						if j := c1.slot(r.starts[1]); j >= 0 {
							c0.local[i] += r.cost
							c1.local[j] += r.cost
							e.mu.Unlock()
							return
						}
					}
				}
			}
		}
	}
	c.commitLocked(e, r)
}

// commitLocked is Commit's general path for e, which the caller holds
// locked: it unlocks e when done, also if it panics (see decideLocked).
func (c *Cache) commitLocked(e *entry, r *Reservation) {
	defer e.mu.Unlock()
	for j := range MaxSizes {
		sz := int64(r.sizes[j])
		if sz == 0 {
			break
		}
		// The key's counters are as Reserve found them, nearly always:
		// the j-th is of this size, and addLocal need not look for it.
		if j < int(e.n) {
			if ct := e.at(j); int64(ct.size) == sz {
				if i := ct.slot(r.starts[j]); i >= 0 {
					ct.local[i] += r.cost
					continue
				}
			}
		}
		e.addLocal(sz, r.starts[j], r.cost)
	}
	if e.is(evicted) && !e.is(detached) && e.hasLocal() {
		// The key was evicted while r was open, holding no counts of
		// its own (evictForCap and Sweep leave none on a key they do
		// not detach), so these are r's. They make it a detached key,
		// which waits for a flush as evictForCap's evicted keys with
		// counts do; as there, no more than MaxKeys wait, and beyond
		// that the counts are dropped, and counted. Without the cap
		// each request in flight at an eviction left a key behind for
		// as long as the store was down (1000 detached keys at MaxKeys
		// 16: TestDetachedStayWithinMaxKeys). Two Commits at once may
		// both pass the check: the cap may be passed by as many as
		// commit at that moment.
		if c.detached.Load() >= int64(c.cfg.MaxKeys) {
			c.dropped.Add(Requests(e.localFrames()))
			e.clearLocal()
			return
		}
		e.set(detached, true)
		c.detached.Add(1)
	}
	if !e.is(queued) {
		// Only here is the shard needed, and finding it hashes the key
		// again: between two flushes a key's first request queues it,
		// and the rest, nearly all, skip the hash.
		c.queue(c.shardOf(c.hash(e.key())), e)
	}
}

// Release drops the reservation *r: the token was not issued, and the
// request leaves no trace in any count. It clears r's entry, as Commit
// does.
func (c *Cache) Release(r *Reservation) {
	e := r.e
	if e == nil {
		return
	}
	r.e = nil
	e.mu.Lock()
	defer e.mu.Unlock()
	e.reserved -= r.cost
	e.settle(false)
}

// queue puts e, locked by the caller, on its shard's dirty list unless it is
// there already.
func (c *Cache) queue(s *shard, e *entry) {
	if e.is(queued) {
		return
	}
	e.set(queued, true)
	s.dirtyMu.Lock()
	s.dirty = append(s.dirty, e)
	s.dirtyMu.Unlock()
}

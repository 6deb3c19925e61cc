package cache

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Window sizes as codes. Reserve's fast paths take a key whose first
// counters are of the tiers' sizes, in order. Comparing the sizes took a
// division per tier on every decision (a tier's Size is a Duration, a
// counter's a number of seconds) and a load of each counter's size; a
// key's entry instead holds the codes of its first two counters' sizes in
// one byte (narrow.code), and Tiers the codes of their sizes, compiled once
// (Cache.Tiers), so that the fast paths compare one byte with one byte.
//
// A code is a nibble, 1 to maxSizeCodes, given by a Cache to the sizes it
// meets in the order it meets them, and never taken back nor given to
// another size: a code compiled into Tiers stays right for as long as the
// Cache lives. Sizes met after maxSizeCodes others have no code (0), and
// Tiers of such sizes are decided on the general path only (ReserveTo,
// which compares sizes, still takes the fast paths for them): a policy
// names at most MaxSizes a scope, and a deployment a few over its life,
// so a Cache runs out only where policies change sizes again and again
// (or a test makes it).

// maxSizeCodes is how many window sizes a Cache gives codes: a code is a
// nibble of narrow.code, and 0 means none.
const maxSizeCodes = 15

// noSizeCode is the code of tiers that no fast path may decide: more than
// two tiers, or none, or a tier of a size without a code. No key's low
// nibble equals it (it is above 15), nor does a key's code: its nibbles
// are equal and not 0, which would be two counters of one size, and a key
// holds one counter a size (see track).
const noSizeCode = 0xff

// sizeCodes are the window sizes (seconds) a Cache has given codes: the
// code of ^notSizes[i] is i. notSizes[0], of code 0 (no code), stays 0,
// ^0 = −1, which is no size: Commit's fast path reads a key's first
// counter's size at its code's index (sizeOf), with no check of the code.
// Read without a lock (n, then the sizes up to it, each written before n
// counts it); mu orders the writers, which are rare: a size met for the
// first time.
type sizeCodes struct {
	mu       sync.Mutex
	n        atomic.Int32
	notSizes [1 + maxSizeCodes]atomic.Int32
}

// sizeOf returns the window size (seconds) of code, −1 for 0: none.
func (sc *sizeCodes) sizeOf(code uint8) int32 { return ^sc.notSizes[code&0x0f].Load() }

// codeOf returns the code of window size sizeSec (seconds); 0 if it has
// none.
func (sc *sizeCodes) codeOf(sizeSec int64) uint8 {
	for i := range sc.n.Load() {
		if int64(sc.sizeOf(uint8(i+1))) == sizeSec {
			return uint8(i + 1)
		}
	}
	return 0
}

// intern returns the code of window size sizeSec (seconds), giving it the
// next one if it has none and one is left; 0 if none is left, or if
// sizeSec is no size a counter can have (below a second or from 2^31:
// decide refuses those, see track).
func (sc *sizeCodes) intern(sizeSec int64) uint8 {
	if code := sc.codeOf(sizeSec); code != 0 || sizeSec < 1 || sizeSec > math.MaxInt32 {
		return code
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if code := sc.codeOf(sizeSec); code != 0 { // given by another since
		return code
	}
	n := int(sc.n.Load())
	if n == maxSizeCodes {
		return 0
	}
	sc.notSizes[n+1].Store(^int32(sizeSec))
	sc.n.Store(int32(n + 1))
	return uint8(n + 1)
}

// tiersCode returns the code of tiers that the fast paths compare with a
// key's (see narrow.code): a tier's size's code for one tier, the first's
// | the second's << 4 for two, noSizeCode for any other number of tiers
// or a size without a code. Sizes without a code get one while any is
// left.
func (c *Cache) tiersCode(tiers []window.Tier) uint8 {
	if len(tiers) == 0 || len(tiers) > 2 {
		return noSizeCode
	}
	var code uint8
	for i, t := range tiers {
		a := c.codes.intern(int64(t.Size / time.Second))
		if a == 0 {
			return noSizeCode
		}
		code |= a << (4 * i)
	}
	return code
}

// recode sets e.hot.code from e's first two counters' sizes, giving them
// codes while any is left; e is locked. It is called after every change
// of e's counters' sizes or order (track).
func (c *Cache) recode(e *open) {
	var code uint8
	if e.n >= 1 {
		code = c.codes.intern(int64(e.first.size))
	}
	if e.n >= 2 {
		code |= c.codes.intern(int64(e.at(1).size)) << 4
	}
	e.hot.code = code
	e.set(multi, e.n >= 3 || e.n == 2 && code < 0x10)
}

// sizesCode returns the code ReserveTiers's fast paths compare with e's
// (locked) for tiers not compiled for its Cache (ReserveTo's): e's code,
// or its low nibble for one tier, if e's first counters are of the tiers'
// sizes, in order (whether the sizes have codes or not), and those sizes
// (Tiers.secs); noSizeCode if not. sc is e's Cache's codes.
func (e entry) sizesCode(sc *sizeCodes, tiers []window.Tier) (uint8, [2]int32) {
	switch {
	case len(tiers) == 1 && e.n >= 1 && int64(e.size0(sc)) == int64(tiers[0].Size/time.Second):
		return e.hot.code & 0x0f, [2]int32{e.size0(sc)}
	case len(tiers) == 2 && e.n >= 2 && int64(e.size0(sc)) == int64(tiers[0].Size/time.Second) &&
		e.sizeOf(sc, 1) == int64(tiers[1].Size/time.Second):
		return e.hot.code, [2]int32{e.size0(sc), int32(e.sizeOf(sc, 1))}
	}
	return noSizeCode, [2]int32{}
}

// Tiers are tiers compiled for one Cache (see Cache.Tiers), which
// ReserveTiers decides as ReserveTo decides the tiers themselves. Tiers
// compiled from no tiers are no limit, as ReserveTo's nil tiers are (a
// policy's empty scope: every request admitted and counted). The zero
// Tiers are not: never compiled, they are a caller's bug (a policy's
// tiers left uncompiled), on which ReserveTiers panics rather than admit
// every request unlimited.
type Tiers struct {
	list []window.Tier
	c    *Cache // the Cache whose codes code holds; nil: none
	code uint8  // see tiersCode; 0 only in the zero Tiers
	// secs are the first two tiers' sizes in seconds (see secsOf): a key
	// whose code is the tiers' has its first counters of these sizes,
	// which the fast paths then read here, not in the key (a room2 key
	// holds none: its code says them, see roomSize).
	secs [2]int32
}

// secsOf returns the sizes in seconds of the first two of tiers (0 for
// none), for Tiers.secs. A size from 2^31 seconds is cut to 32 bits: no
// fast path reads it (no key's counter has such a size, and no code is
// given to it).
func secsOf(tiers []window.Tier) [2]int32 {
	var s [2]int32
	for i := range min(len(tiers), 2) {
		s[i] = int32(tiers[i].Size / time.Second)
	}
	return s
}

// Tiers compiles tiers for c: the codes of their window sizes, given now
// to the sizes that have none while any is left (a Cache gives codes to
// 15 sizes), so that ReserveTiers's fast paths compare one byte with the
// key's where ReserveTo computes and compares each tier's size. Tiers
// keep a copy of tiers: a caller that changes its slice afterwards
// changes neither the tiers decided nor their codes (kept, a change of a
// size would have decided the new size's tier on the old size's counter).
// Compile once per policy (the middleware compiles a policy's tier lists
// when it installs the policy) and decide many times. Tiers compiled by
// another Cache, or by a nil one, decide the same in c, as ReserveTo's
// tiers do, at ReserveTo's cost. No tiers (nil or empty) compile to
// Tiers of no limit, not to the zero Tiers (see Tiers).
func (c *Cache) Tiers(tiers []window.Tier) Tiers {
	tiers = slices.Clone(tiers)
	if c == nil {
		return Tiers{list: tiers, code: noSizeCode, secs: secsOf(tiers)}
	}
	return Tiers{list: tiers, c: c, code: c.tiersCode(tiers), secs: secsOf(tiers)}
}

// List returns a copy of the tiers ts were compiled from.
func (ts *Tiers) List() []window.Tier { return slices.Clone(ts.list) }

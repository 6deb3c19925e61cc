package cache

import (
	"fmt"
	"math"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// This file is the request path: Reserve decides and reserves, Commit
// counts what was reserved, Release drops it.

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
	e      entryRef
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
	// Tier is the binding tier: the denying one that lasts longest (the
	// longest RetryAfter), or, if all admit, the one with the least
	// remaining. Of tiers tied on that, it is the first in the order of
	// the tiers Reserve was given (the policy gives a scope's tiers
	// shortest window first), on the fast paths and the general path
	// alike (TestTiedTiersBindTheFirst). Shared tells of the tier named
	// here, also when a later tier, refused by its limit, ties with it.
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

// Reserve decides a request of the given cost for key k against tiers at
// now, and reserves the cost if admitted, or always with CountAlways. All
// tiers must admit; there are at most MaxSizes, each valid per
// window.Tier.Validate (more tiers, or a size below a second or from 2^31
// seconds, panic with a message that says so). A tier admits when its
// committed counts (the store's and this instance's) plus the weight of the
// key's open reservations (see open.reservedWeight) plus cost stay within
// its limit, and, when other instances count the key too, within this
// instance's share of what the store's counts leave (see open.shareRoom;
// Config.NoShare turns it off). It never blocks on anything but k's lock
// and does not allocate for an existing key. A negative cost counts as 0: a
// request cannot give back what others were counted.
func (c *Cache) Reserve(k Key, tiers []window.Tier, cost int64, adm Admission, now time.Time) (d Decision) {
	c.ReserveTiers(&d, k, &Tiers{list: tiers, code: noSizeCode}, cost, adm, now) // ReserveTo, written out: inlined, Reserve is past the inliner's budget
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
// Reserve's result, a Decision (120 bytes), is returned in memory, and its caller
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
//
// ReserveTo's fast paths compare each tier's window size with the key's
// counter's, a division and a compare a tier: ReserveTiers, with tiers
// compiled once (Tiers), decides the same comparing one byte. No tiers
// (nil) are no limit: the request is admitted and counted, with no Tier
// and Remaining 0.
func (c *Cache) ReserveTo(d *Decision, k Key, tiers []window.Tier, cost int64, adm Admission, now time.Time) {
	c.ReserveTiers(d, k, &Tiers{list: tiers, code: noSizeCode}, cost, adm, now) // inline: the Tiers are built in the caller's frame
}

// ReserveTiers is ReserveTo for tiers compiled by c.Tiers: its fast paths
// compare the key's code (narrow.code) with ts's, one byte, where comparing
// the sizes took a division and a compare per tier. Tiers compiled by
// another Cache, or none, decide the same, their sizes compared as
// ReserveTo compares them; Tiers compiled from no tiers are no limit, as
// ReserveTo's nil tiers. The zero Tiers, never compiled, panic (a
// caller's bug, which admitting every request would hide), before a key
// not held is inserted; a held key is left unlocked, with nothing counted.
func (c *Cache) ReserveTiers(d *Decision, k Key, ts *Tiers, cost int64, adm Admission, now time.Time) {
	tiers, code, sec := ts.list, ts.code, &ts.secs
	*d = Decision{}
	cost = max(cost, 0)
	u := now.Unix()
	e, tab, h := c.lookup(k)
	if e.hotLine == nil {
		if code == 0 { // the zero Tiers (see below), before findOrInsert inserts the key: here, on the path of a key lookup did not find
			panicZeroTiers()
		}
		e, tab = c.findOrInsert(c.shardOf(h), k, h, tiers, u)
	}
	e.mu.Lock()
	if e.ident().Load()&(identTomb|identMoved) != 0 {
		// A rebuild moved the slot since the look-up, or an eviction
		// removed it: its copy, or the key's slot now.
		e, tab = c.relock(c.shardOf(h), e, tab, k, h, tiers, u)
	}
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
	if !e.is(unread) { // markUse (stale.go), written out: the shard found from h only here (see lookup); set by nearly every key's previous decision
		c.markUnread(c.shardOf(h), e)
	}
	// sec is where the fast paths read the first two tiers' sizes
	// (seconds): by pointer, as a value held across the calls above a
	// decision of two sizes executed 9 instructions more
	// (bench/instructions.sh, project-1m1h-fixedclock: 887 -> 896).
	if ts.c != c { // not compiled for c: the sizes tell
		if code == 0 { // the zero Tiers: here, where compiled Tiers do not pass
			e.mu.Unlock()
			panicZeroTiers()
		}
		var own [2]int32
		code, own = e.sizesCode(&c.codes, tiers)
		sec = &own
	}

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
	if len(tiers) == 1 && c.fastPathOK(e) {
		// The first counter is of the tier's size if the low nibble of
		// the key's code is the tier's code: a key with no counter yet
		// has 0 there, which no tier's code is, and tiers of a size
		// without a code have noSizeCode, which no nibble is. Its frame
		// and counts, and the cost in flight, are the narrow's, and its
		// size the tier's (ts.secs, where the key's is in its cold
		// line, or its code).
		t, ct, r0 := tiers[0], &e.hot.c[0], int64(e.hot.reserved)
		size, start := int64(sec[0]), int64(ct.start)
		if e.hot.code&0x0f == code && uint64(u-start) < uint64(size) && smallReserved(r0, t) && cost <= math.MaxUint16-r0 {
			counts := window.Counts{StartUnix: start, Prev: int64(ct.sum[0]), Curr: int64(ct.sum[1])}
			counts.Curr += r0
			elapsed := t.Elapsed(counts, now)
			used := t.UsedAfter(counts, elapsed)
			room := max(t.Limit-used, 0) - cost
			// left is room with the share, if any: what the Decision
			// says is left. One writer, as for most keys: no share.
			left := room
			if e.hot.flags&shared != 0 && c.sharing() {
				if e.shareOf(r0) != r0 {
					goto general // reservations weighed by how the key's recent ones ended
				}
				c0 := e.hotCounter(&c.codes, 0)
				left = min(room, shareRoomAt(&c0, t, elapsed, used, c.writersOf(e), cost)-cost)
			}
			if left >= 0 && cost <= t.Limit-used && room < math.MaxInt64 {
				// A key that holds counters of sizes an earlier policy
				// used counts in them too, if they need no roll. Two ifs
				// and a goto: as one more term of the condition above,
				// the compiler built a bool to test on every decision
				// (BenchmarkDecisionAfterReloadFixedClock/reload=none: 11
				// to 12 instructions more than before; as written, 4, 3
				// of them no-ops).
				// e.n != 1 (see multi): the code's high nibble or multi,
				// the flags and code read together (one load and test).
				if (uint16(e.hot.flags)|uint16(e.hot.code)<<8)&(uint16(multi)|0xf0<<8) != 0 {
					if !e.reserveRest(&d.Reservation, 1, u, c) {
						goto general
					}
				}
				e.set(near, nearLimit(t.Limit, room, c.hot))
				d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, t, left, used+cost
				r := &d.Reservation
				r.e, r.cost = entryRef{e.hotLine, e.coldLine, tab}, cost
				r.sizes[0], r.starts[0] = int32(size), start
				e.hot.reserved = uint16(r0 + cost)
				counts.Curr += e.weigh(r0+cost, t) - r0
				d.Reset = t.ResetAfter(counts, elapsed)
				e.mu.Unlock()
				return
			}
		}
	}
	// The key's first two counters are of the tiers' sizes, in order, if
	// its code is theirs: a code with both nibbles set is a key with two
	// counters or more (see narrow.code). The first's frame and counts are
	// the narrow's, the second's too with room2; a key first limited by one
	// size has its second counter in the overflow, at full width. Their
	// sizes are the tiers' (see above).
	if len(tiers) == 2 && e.hot.code == code && c.fastPathOK(e) {
		t0, c0, t1, r0 := tiers[0], &e.hot.c[0], tiers[1], int64(e.hot.reserved)
		size0, start0 := int64(sec[0]), int64(c0.start)
		var start1 int64
		var counts1 window.Counts
		if e.room2 {
			s2 := e.second()
			start1 = int64(s2.c.start)
			counts1 = window.Counts{StartUnix: start1, Prev: int64(s2.c.sum[0]), Curr: int64(s2.c.sum[1])}
		} else {
			c1 := &e.more.counters[0]
			start1 = c1.start
			counts1 = c1.counts()
		}
		if uint64(u-start0) < uint64(size0) && smallReserved(r0, t0) &&
			uint64(u-start1) < uint64(sec[1]) && smallReserved(r0, t1) && cost <= math.MaxUint16-r0 {
			counts0 := window.Counts{StartUnix: start0, Prev: int64(c0.sum[0]), Curr: int64(c0.sum[1])}
			counts0.Curr += r0
			counts1.Curr += r0
			elapsed0, elapsed1 := t0.Elapsed(counts0, now), t1.Elapsed(counts1, now)
			used0, used1 := t0.UsedAfter(counts0, elapsed0), t1.UsedAfter(counts1, elapsed1)
			room0, room1 := max(t0.Limit-used0, 0)-cost, max(t1.Limit-used1, 0)-cost
			left0, left1 := room0, room1 // with the share
			if e.hot.flags&shared != 0 && c.sharing() {
				if e.shareOf(r0) != r0 {
					goto general
				}
				w := c.writersOf(e)
				f0, f1 := e.hotCounter(&c.codes, 0), e.hotCounter(&c.codes, 1)
				left0 = min(room0, shareRoomAt(&f0, t0, elapsed0, used0, w, cost)-cost)
				left1 = min(room1, shareRoomAt(&f1, t1, elapsed1, used1, w, cost)-cost)
			}
			// The binding tier: the first with the least room.
			t, left, counts, elapsed, used := t0, left0, counts0, elapsed0, used0
			if left1 < left0 {
				t, left, counts, elapsed, used = t1, left1, counts1, elapsed1, used1
			}
			if left0 >= 0 && cost <= t0.Limit-used0 && left1 >= 0 && cost <= t1.Limit-used1 && left < math.MaxInt64 {
				if e.hot.flags&multi != 0 { // e.n != 2 (see multi)
					if !e.reserveRest(&d.Reservation, 2, u, c) {
						goto general
					}
				}
				e.set(near, nearLimit(t0.Limit, room0, c.hot) || nearLimit(t1.Limit, room1, c.hot))
				d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, t, left, used+cost
				r := &d.Reservation
				r.e, r.cost = entryRef{e.hotLine, e.coldLine, tab}, cost
				r.sizes[0], r.starts[0] = int32(size0), start0
				r.sizes[1], r.starts[1] = sec[1], start1
				e.hot.reserved = uint16(r0 + cost)
				counts.Curr += e.weigh(r0+cost, t) - r0
				d.Reset = t.ResetAfter(counts, elapsed)
				e.mu.Unlock()
				return
			}
		}
	}
general:
	c.decideLocked(c.shardOf(h), e, tiers, cost, adm, now, u, d)
}

// panicZeroTiers is ReserveTiers's panic for the zero Tiers.
func panicZeroTiers() {
	panic("cache: ReserveTiers with the zero Tiers, never compiled; compile tiers with Cache.Tiers (no tiers compile to no limit) or pass them to ReserveTo")
}

// decideLocked is decide, after which it unlocks e, also if decide panics
// (a bug): a key left locked would block every request for it and its
// shard's sweeps.
func (c *Cache) decideLocked(s *shard, e entry, tiers []window.Tier, cost int64, adm Admission, now time.Time, u int64, d *Decision) {
	defer e.mu.Unlock()
	o := e.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	c.decide(s, &o, tiers, cost, adm, now, u, d)
}

// fastPathOK reports whether Reserve's fast paths may decide e (with more
// conditions of their own): its state is narrow (see narrow), not wide. A
// negative reserved (only a reservation settled twice makes one: two
// copies of a Reservation each committed or released, which the API
// forbids; Commit and Release clear the one they settle) is wide, and so
// goes to decide, which weighs it as it always has.
func (c *Cache) fastPathOK(e entry) bool {
	return e.hot.flags&narrowWide == 0 && !c.testGeneral
}

// smallReserved reports whether reservedWeight weighs r, in flight,
// in full for tier t without a division (its inline case).
func smallReserved(r int64, t window.Tier) bool {
	return r <= 1 || r <= t.Limit/10
}

// decide is Reserve's general path for e, which the caller holds locked and
// has marked used at Unix second u: any tiers in any order, counters to
// track or roll, the share of a key others count too, denials, reservations
// weighed by how the key's recent ones ended. It fills *d, which is zero.
func (c *Cache) decide(s *shard, e *open, tiers []window.Tier, cost int64, adm Admission, now time.Time, u int64, d *Decision) {
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
	if !inOrder {
		// No code until recode: track panics at a size below a second or
		// from 2^31 s (a caller's bug) after the counters it made before,
		// one perhaps in the place of the key's second, and a code left
		// saying the retired size sent compiled Tiers of it down the
		// two-tier fast path on the new size's counter
		// (TestPanicInTrackLeavesNoWrongCode).
		e.hot.code = 0
		orphaned := e.track(tiers, now)
		c.recode(e) // the fast paths' view of the counters track changed
		if orphaned {
			c.queue(s, e.entry)
		}
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

	// *d is still zero (ReserveTo cleared it; the fast paths write it only
	// when they decide), filled in place: a Decision is 120 bytes, and
	// building one to copy out cost about a tenth of a decision on one key
	// (BenchmarkDecision).
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
			ct = e.counterOf(int64(t.Size / time.Second))
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
			if sr := e.shareRoom(ct, t, now, c.writersOf(e.entry), cost); sr-cost < room {
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
		r.e, r.cost = entryRef{e.hotLine, e.coldLine, s.tableOf(e.hotLine)}, cost
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

// reserveRest has r, a Reservation that Reserve is filling in, count in
// e's counters from the i-th on too, in their frames, as decide's
// reservations count in all of a key's counters: those of sizes no tier
// uses, which the key keeps after a policy reload (see track). It reports
// false, leaving r as it was, if e has fewer than i counters, or one of
// them is not in the frame that contains Unix second u (decide then rolls
// it). c is e's Cache, whose codes say a room2 key's second counter's size
// (roomSize): last, and the Cache rather than its codes, as the other
// orders cost Reserve's fast paths 2 to 5 instructions more
// (bench/instructions.sh, the register allocator's).
func (e entry) reserveRest(r *Reservation, i int, u int64, c *Cache) bool {
	if int(e.n) < i { // not from Reserve, which calls it for more than i counters
		return false
	}
	for j := i; j < int(e.n); j++ {
		if size, start := e.hotAt(&c.codes, j); uint64(u-start) >= uint64(size) {
			return false
		}
	}
	for ; i < int(e.n); i++ {
		size, start := e.hotAt(&c.codes, i)
		r.sizes[i], r.starts[i] = int32(size), start
	}
	return true
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
func (e *open) reservedWeight(t window.Tier) int64 { return e.weigh(e.reserved, t) }

// weigh is reservedWeight for r in flight (the fast paths read it from
// the narrow).
func (e *hotLine) weigh(r int64, t window.Tier) int64 {
	// Nothing in flight, or less than a tenth of the limit (r ≤ ⌊L/10⌋ ≤
	// full below), as for nearly every decision: inlined, no division.
	if r <= 1 || r <= t.Limit/10 {
		return r
	}
	return e.weighReserved(r, t)
}

// weighReserved is weigh when more than 1 and more than a tenth of t's
// limit is in flight.
func (e *hotLine) weighReserved(r int64, t window.Tier) int64 {
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

// settleWindow bounds entry.committed + entry.released; settleEvidence is
// how many of them reservedWeight needs before it weighs reservations by
// their share.
const (
	settleWindow   = 64
	settleEvidence = 8
)

// settle records how a reservation ended, for reservedWeight.
func (e *hotLine) settle(committed bool) {
	if committed {
		e.committed++
	} else {
		e.released++
	}
	if int(e.committed)+int(e.released) >= settleWindow {
		e.committed, e.released = (e.committed+1)/2, (e.released+1)/2
	}
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

// Commit counts the cost of *r: the token was issued. It counts in the
// frames r was reserved in (a frame that has left the window since is not
// counted, unless the key holds counts of it for a clock that jumped
// ahead: see entry.holdBehind), and the key is flushed with the next
// flush. It clears r's entry, so that a second Commit or Release of r,
// after this one (not at the same time: r is the caller's), does nothing;
// each reservation is committed or released once (a copy of a Reservation
// is the same reservation: settling both would take its cost off the key
// twice). By pointer: passed by value, the 64 bytes were copied at every
// call.
func (c *Cache) Commit(r *Reservation) {
	ref := r.e
	if ref.l == nil {
		return
	}
	r.e = entryRef{}
	// lockRef, written out: a call would cost every decision (its slow
	// path is not inlined).
	ref.l.mu.Lock()
	e := entry{ref.l, ref.c}
	if ref.t != nil && ref.l.ident().Load()&(identTomb|identMoved) != 0 {
		if e, _ = lockRefSlow(ref); e.hotLine == nil {
			return // the key left with nothing of r's in it: never, r's cost kept a record
		}
	}
	e.settle(true)
	if r.cost == 0 { // nothing in flight to take off, nothing to count
		e.mu.Unlock()
		return
	}
	// Nearly always the key is queued already, not evicted, and its first
	// counters are those r was reserved in, in r's order, still in their
	// frames or the next: then a reservation of one size or two (from
	// either of Reserve's paths) adds its cost to each, as the loop below
	// would, with no loop.
	// The counts and the cost in flight are the narrow's (commitOne
	// leaves a key that is wide, or whose counts it would take past their
	// widths, to the general path, changing nothing); a second counter is
	// there with room2, else in the overflow at full width.
	// The first counter's size is its code's (the key's is in its cold
	// line): a code a Cache gave stays that size's (sizecode.go), and the
	// key's low nibble is its first counter's; 0 (no counter, or a size
	// without a code) is of size −1, which no reservation's is. So is a
	// room2 key's second counter's, its high nibble's (the key holds no
	// size of it: see roomSize).
	if e.hot.flags&(queued|evicted) == queued && !c.testGeneral {
		if h := &e.hot; c.codes.sizeOf(h.code) == r.sizes[0] {
			if i := hotSlot(h.c[0].start, r.sizes[0], r.starts[0]); i >= 0 {
				switch {
				case r.sizes[1] == 0:
					if h.commitOne(i, r.cost) {
						e.mu.Unlock()
						return
					}
				case r.sizes[2] == 0 && e.room2: // e.n ≥ 2 if the code's high nibble is a size's
					if s2 := e.second(); c.codes.sizeOf(h.code>>4) == r.sizes[1] {
						if j := hotSlot(s2.c.start, r.sizes[1], r.starts[1]); j >= 0 && s2.c.fits(j, r.cost) && h.commitOne(i, r.cost) {
							s2.c.add(j, r.cost) // commitTwo, inlined
							e.mu.Unlock()
							return
						}
					}
				case e.n >= 2 && r.sizes[2] == 0: // the second counter in the overflow, at full width
					if c1 := &e.more.counters[0]; c1.size == r.sizes[1] {
						if j := c1.slot(r.starts[1]); j >= 0 && h.commitOne(i, r.cost) {
							c1.count(j, r.cost)
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

// hotSlot is counter.slot for a narrow counter's frame start and its size.
func hotSlot(start uint32, size int32, startUnix int64) int {
	switch startUnix {
	case int64(start):
		return 1
	case int64(start) - int64(size):
		return 0
	}
	return -1
}

// entryRef is how a Reservation or a Pending holds its key's instance past
// the lock it was found under, and lockRef the one way a holder locks it: a
// slot's hot line and its table, or a record's hot line (t nil: a heap
// entry, which never moves). A rebuild may have moved the slot since
// (lockRef follows it to its copy by the index it stores, not by the key,
// which could find a later instance of it: h153-report.md 1.1), or an
// eviction removed it (its record, or nothing if the key left with
// nothing of the holder's in it).
type entryRef struct {
	l *hotLine
	c *coldLine // l's cold line: Commit's fast path finds it here, not from t
	t *slotTable
}

// lockRef locks r's instance and returns it and where it is now, or the
// zero entry if the key left with nothing of the holder's in it; the
// caller unlocks it.
func (c *Cache) lockRef(r entryRef) (entry, entryRef) {
	r.l.mu.Lock()
	if r.t == nil || r.l.ident().Load()&(identTomb|identMoved) == 0 {
		return entry{r.l, r.c}, r
	}
	return lockRefSlow(r)
}

// lockRefSlow is lockRef for a slot moved or removed; r.l is locked.
func lockRefSlow(r entryRef) (entry, entryRef) {
	h, cl, at := slotRef{r.t, r.t.indexOf(r.l)}.lockSlowAt(r.l)
	return entry{h, cl}, entryRef{h, cl, at.t}
}

// relock is ReserveTiers's path for a slot e of t, locked, that is moved or
// removed: it returns k's live entry, locked, and its table: the slot a
// moved one forwards to, else (removed) the key's slot in the shard's
// table now, inserted again if need be.
func (c *Cache) relock(s *shard, e entry, t *slotTable, k Key, h uint64, tiers []window.Tier, u int64) (entry, *slotTable) {
	for {
		if _, at, ok := (slotRef{t, t.indexOf(e.hotLine)}).liveFrom(e.hotLine); ok {
			return at.t.view(int(at.i)), at.t
		}
		e, t = c.findOrInsert(s, k, h, tiers, u)
		e.mu.Lock()
		if e.ident().Load()&(identTomb|identMoved) == 0 {
			return e, t
		}
	}
}

// commitLocked is Commit's general path for e, which the caller holds
// locked: it takes r's cost off what is in flight and counts it, and
// unlocks e when done, also if it panics (see decideLocked).
func (c *Cache) commitLocked(le entry, r *Reservation) {
	defer le.mu.Unlock()
	o := le.open(&c.codes)
	o.steps, o.owner = c.cfg.Steps, c
	defer o.close()
	e := &o
	e.reserved -= r.cost
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
					ct.count(i, r.cost)
					continue
				}
			}
		}
		e.addLocal(sz, r.starts[j], r.cost)
	}
	if e.is(evicted) && !e.isCold(detached) && e.hasLocal() {
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
		e.setCold(detached, true)
		c.detached.Add(1)
	}
	if !e.is(queued) {
		// Only here is the shard needed, and finding it hashes the key
		// again: between two flushes a key's first request queues it,
		// and the rest, nearly all, skip the hash.
		c.queue(c.shardOfEntry(le), le)
	}
}

// Release drops the reservation *r: the token was not issued, and the
// request leaves no trace in any count. It clears r's entry, as Commit
// does.
func (c *Cache) Release(r *Reservation) {
	ref := r.e
	if ref.l == nil {
		return
	}
	r.e = entryRef{}
	ref.l.mu.Lock() // lockRef, written out (see Commit)
	e := entry{ref.l, ref.c}
	if ref.t != nil && ref.l.ident().Load()&(identTomb|identMoved) != 0 {
		if e, _ = lockRefSlow(ref); e.hotLine == nil {
			return // never: r's cost kept a record
		}
	}
	defer e.mu.Unlock()
	if !e.hot.releaseFast(r.cost) {
		o := e.open(&c.codes)
		o.steps, o.owner = c.cfg.Steps, c
		o.reserved -= r.cost
		o.close()
	}
	e.settle(false)
}

// queue puts e, locked by the caller, on its shard's dirty list unless it is
// there already.
func (c *Cache) queue(s *shard, e entry) {
	if e.is(queued) {
		return
	}
	e.set(queued, true)
	s.lists.mu.Lock()
	if e.is(evicted) {
		s.pushRec(e)
	} else {
		s.pushDirty(e)
	}
	s.lists.mu.Unlock()
}

package cache

import (
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// This file finds a key's entry: lookup, on every decision, without a lock;
// insert, for a key new to this instance, under its shard's lock.

// publish makes t the shard's table. The caller holds s.mu (or no one else
// has s yet). Its groups are published to homeGroup under a sequence
// number, odd while they change: a reader that sees the same even number
// before and after it loads them has a pointer and a count of one table.
func (s *shard) publish(t *table) {
	s.seq.Add(1)
	s.groups.Store(&t.groups[0])
	s.ngroups.Store(uint64(len(t.groups)))
	s.tab.Store(t)
	s.seq.Add(1)
}

// homeGroup returns the group a probe for hash h starts at in the shard's
// table, read from the shard's own fields, where through tab the table's
// line was one more dependent load before the group's on the path of every
// decision. It returns nil while a rebuild publishes a new table (lookup
// then finds nothing, and Reserve's findOrInsert probes through tab). With
// it a decision executes 11-17 instructions more
// (bench/instructions.sh, project-fixedclock: 711 -> 722 at 1 key, 715 ->
// 732 at 10k keys) and, alternated 60 times each way (bench/alternate.sh),
// takes 0.935 and 0.938 of the time at 10k uniform keys (0.97 and 0.96 with
// the coarse clock, project); at 1 key, 40 times, 0.995 (fixed clock) and
// 1.015 (project).
func (s *shard) homeGroup(h uint64) *group {
	q := s.seq.Load()
	p, n := s.groups.Load(), s.ngroups.Load()
	if q&1 != 0 || s.seq.Load() != q {
		return nil
	}
	// homeOf is below n: a group of the table p's groups start.
	return (*group)(unsafe.Add(unsafe.Pointer(p), uintptr(homeOf(h, n))*unsafe.Sizeof(group{})))
}

// shardOf returns the shard of a key of hash h: its low bits.
func (c *Cache) shardOf(h uint64) *shard {
	return &c.shards[h&uint64(len(c.shards)-1)]
}

// find returns the entry of k if it is held.
func (c *Cache) find(k Key) entry {
	h := c.hash(k)
	return c.shardOf(h).tab.Load().find(k, h)
}

// lookup returns k's shard, its hash and, if the first match in its home
// group is k's entry (nearly every held key's, see firstMatch), the entry;
// else nil, and Reserve calls findOrInsert. Apart, so that the look-up of
// a held key holds no more than the key across its calls: get, which did
// both (now the tests' helper), took the tiers and the time only to pass
// them to insert, and spilled them around the calls.
//
// A key of short parts (shortParts: a client ID of 8 to 16 bytes, and a
// user of none or 8 to 16) is hashed here to hash's value
// (TestGetHashesAsHash) and compared as hasKey would, from inlined pieces
// of both (mixWords, keySeeds.join, sameWords), with no call: the compiler
// inlines neither (-gcflags=-m=2: hash costs 968, hasKey 352, against a
// budget of 80). Another key of parts up to 48 bytes (wordParts) takes
// lookupWords, one call; other keys, and tests' hashes
// (testHash), take hash's and hasKey's calls, each in a branch of its
// own, which holds none of the short path's values across them. With
// both changes a decision on bench/'s key executes
// 732-733 -> 669-672 instructions at 10k keys and 721-725 -> 653-654 at
// one (bench/instructions.sh, project-fixedclock, two counts each), and on
// a UUID key or a 5-byte client ID about as many as before
// (BenchmarkDecisionKeyShapesFixedClock: 810 -> 812-813, 633 -> 633-634;
// a key of short parts 579 -> 515); lookupWords since took those two
// below 812 and 633 (see it).
func (c *Cache) lookup(k Key) (*shard, entry, uint64) {
	n, m := len(k.ClientID), len(k.User)
	if shortParts(n, m) && c.testHash == nil {
		sd := &c.seeds
		cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
		x, y := mixWords(cp, n, sd[keySeedClientWord], sd[keySeedClient]), uint64(0)
		if m != 0 {
			y = mixWords(up, m, sd[keySeedUserWord], sd[keySeedUser])
		}
		h := sd.join(x, y, n, m)
		s := c.shardOf(h)
		if g := s.homeGroup(h); g != nil {
			// klenLong is above n+m: the key's bytes are inline, in the
			// hot line up to hotKeyLen (inlineKey).
			if l := g.firstMatch(tagOf(h)); l != nil && l.identWord() == heapIdent(n+m, n, h) {
				e := heapEntry(l)
				p := e.inlineKey()
				x := sameWords(p, cp, n)
				if m != 0 {
					x |= sameWords(unsafe.Add(p, n), up, m)
				}
				if x == 0 {
					return s, e, h
				}
			}
		}
		return s, entry{}, h
	}
	if wordParts(n, m) && c.testHash == nil {
		return c.lookupWords(k)
	}
	h := c.hash(k)
	s := c.shardOf(h)
	if g := s.homeGroup(h); g != nil {
		if l := g.firstMatch(tagOf(h)); l != nil && heapEntry(l).hasKey(k) {
			return s, heapEntry(l), h
		}
	}
	return s, entry{}, h
}

// lookupWords is lookup for a key of parts of 1 to 48 bytes (wordParts)
// that are not all short: a client ID or a user such as a UUID (36
// bytes) or a random identifier of 20 to 40, a client's name of a few
// letters, a numeric user ID. It hashes the key to hash's value (mixPart)
// and compares it as hasKey would (sameLong, sameSmall), as lookup's
// short path does but with a loop over a long part's words: a call of its
// own, so that the short path's registers are not spent on it (inline,
// the short path's key executed 16 instructions more). Before it such a
// key took hash's and hasKey's calls, and wordsLong's and sameBytes'
// (or runtime.memequal's): BenchmarkDecisionKeyShapesFixedClock/key=uuid
// 806 -> 711 instructions, key=tiny (a 5-byte client ID) 628 -> 539,
// key=short 507 -> 508 (cachegrind, GOGC=off).
func (c *Cache) lookupWords(k Key) (*shard, entry, uint64) {
	n, m := len(k.ClientID), len(k.User)
	sd := &c.seeds
	cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
	x, y := mixPart(cp, n, sd[keySeedClient], sd[keySeedClientWord]), uint64(0)
	if m != 0 {
		y = mixPart(up, m, sd[keySeedUser], sd[keySeedUserWord])
	}
	h := sd.join(x, y, n, m)
	s := c.shardOf(h)
	if g := s.homeGroup(h); g != nil {
		// As in lookup: the first match, of the key's length and split.
		if l := g.firstMatch(tagOf(h)); l != nil && l.identWord() == heapIdent(n+m, n, h) {
			e := heapEntry(l)
			p := e.inlineKey()
			var x uint64
			if n >= 8 {
				x = sameLong(p, cp, n)
			} else {
				x = sameSmall(p, cp, n)
			}
			if m >= 8 {
				x |= sameLong(unsafe.Add(p, n), up, m)
			} else if m != 0 {
				x |= sameSmall(unsafe.Add(p, n), up, m)
			}
			if x == 0 {
				return s, e, h
			}
		}
	}
	return s, entry{}, h
}

// findOrInsert returns the entry of k, whose hash is h, in its shard s,
// where lookup did not find it: found by probing the table, or created, to
// be counted against tiers, as used at Unix second u. A new key's bytes
// are copied: the caller's may point into a request body.
func (c *Cache) findOrInsert(s *shard, k Key, h uint64, tiers []window.Tier, u int64) entry {
	if e := s.tab.Load().find(k, h); e.hotLine != nil {
		return e
	}
	return c.insert(s, k, h, tiers, u)
}

// insert returns the entry of k, whose hash is h, in its shard s, creating
// it if absent. It is findOrInsert's path for a key not found without the
// lock, a function of its own so that its deferred unlock costs nothing on
// the path of a held key: with it inline, every decision paid for the
// frame the deferred call needs (the look-up's arguments spilled to the
// stack, the defer's slot set up; bench/instructions.sh,
// project-fixedclock, 1 key: 1005 -> 1000 instructions a decision).
func (c *Cache) insert(s *shard, k Key, h uint64, tiers []window.Tier, u int64) entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.tab.Load()
	if e := t.find(k, h); e.hotLine != nil {
		return e
	}
	if t.used >= c.maxPerShard {
		c.evictForCap(s, t, u)
	}
	if t.full() {
		t = t.rebuilt(t.used+1, c.hash)
		s.publish(t)
	}
	e := newEntry(k, u, twoSizes(tiers))
	e.identTag = [2]uint8{uint8(h >> identTagShift), uint8(h >> (identTagShift + 8))} // the ident word's tag (identWord)
	c.assumeLive(s, e)
	if s.pushFresh(e) {
		e.readRound = c.pullRound.Load() // read by TakeFresh, which markUse need not repeat
	} else {
		e.readRound = c.pullRound.Load() - neverRead // left out: the next pull reads it
	}
	t.insert(h, e)
	c.keys.Add(1)
	return e
}

// twoSizes reports whether tiers have two window sizes or more: a new key
// to be counted against them has room for its second counter in its own
// allocation (see newEntry).
func twoSizes(tiers []window.Tier) bool {
	for _, t := range tiers[min(1, len(tiers)):] {
		if t.Size != tiers[0].Size {
			return true
		}
	}
	return false
}

// forEach calls f for every entry of s (locked by the caller, for reading
// at least) with its slot in the shard's table, from the slot at start (any
// int: it is reduced), until f returns false. A slot is valid until the
// lock is released.
func (s *shard) forEach(start int, f func(slot int, e entry) bool) {
	s.tab.Load().forEach(start, f)
}

// heapIdent is identOf for a heap entry's word (identWord), whose klen is
// the length + 1 up to maxInlineKey: a key of n bytes (up to maxInlineKey)
// whose ClientID has split bytes, of hash h.
func heapIdent(n, split int, h uint64) uint32 {
	return uint32(n+1) | uint32(uint8(split))<<8 | uint32(uint16(h>>identTagShift))<<16
}

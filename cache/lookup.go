package cache

import (
	"unsafe"
	"weak"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// This file finds a key's entry: lookup, on every decision, without a lock;
// insert, for a key new to this instance, under its shard's lock.

// init gives s its first table, empty.
func (s *shard) init() {
	t := newSlotTable(0, false)
	s.lists.tab = t
	s.pub.publish(t)
}

// rebuild replaces s's table t, the published one, with one of its keys
// sized for want, and publishes it (see slotTable.rebuilt): the lists of
// slot indices are rewritten for it with the publish, under lists.mu (see
// slotList.rewrite), the fresh list under mu, which the caller holds.
func (s *shard) rebuild(t *slotTable, want int, hash func(Key) uint64) *slotTable {
	nt := t.rebuilt(want, hash)
	t.carryOpenRecs(nt)
	// The tables rebuilt before t that are still held forward past t
	// (skipMid): none is pinned by another's next. Pruned unless a batch
	// of the lists is out: its refs, taken before an earlier rebuild,
	// may be of any slot of those tables.
	prune := s.batches.Load() == 0
	held := s.old[:0]
	for _, w := range s.old {
		if o := w.Value(); o != nil {
			more, n := o.skipMid(prune)
			s.oldVisited += n
			if more {
				held = append(held, w)
			}
		}
	}
	clear(s.old[len(held):])
	s.old = append(held, weak.Make(t))
	s.lists.rewrite(t, nt, func(nt *slotTable) {
		s.stale.rewrite(t)
		s.assumed[0].rewrite(t)
		s.assumed[1].rewrite(t)
		s.pub.publish(nt)
	})
	fresh := s.fresh[:0]
	for _, i := range s.fresh {
		if j, ok := t.movedTo(int(i)); ok {
			fresh = append(fresh, uint32(j))
		}
	}
	clear(s.fresh[len(fresh):])
	s.fresh = fresh
	return nt
}

// shardOf returns the shard of a key of hash h: its low bits.
func (c *Cache) shardOf(h uint64) *shard {
	return &c.shards[h&uint64(len(c.shards)-1)]
}

// find returns the entry of k if it is held, unlocked: for tests, which
// change nothing meanwhile (a rebuild may move it; see lockFind).
func (c *Cache) find(k Key) entry {
	h := c.hash(k)
	t := c.shardOf(h).pub.tab.Load()
	if i := t.probe(k, h); i >= 0 {
		return t.view(i)
	}
	return entry{}
}

// lockFind returns the entry of k locked, if it is held: the slot a probe
// finds, locked where it is now (a rebuild may have moved it since the
// probe), or the zero entry.
func (c *Cache) lockFind(k Key) entry {
	h := c.hash(k)
	for {
		t := c.shardOf(h).pub.tab.Load()
		i := t.probe(k, h)
		if i < 0 {
			return entry{}
		}
		if _, at, ok := (slotRef{t, uint32(i)}).lockLive(); ok {
			return at.t.view(int(at.i))
		}
		// Removed since the probe: the table may hold a newer instance.
	}
}

// lookup returns k's hash and, if the published table holds k, its
// slot's entry and the table, probed without a lock from k's home slot
// (which holds 0.6 of the held keys at the load a million keys run at:
// BenchmarkSlotProbes) to the first empty one; else the zero entry, and
// Reserve calls findOrInsert, which probes again and inserts the key (a
// table being published, or rebuilt, may hide a held key from lookup:
// findOrInsert finds it). Apart, so that the look-up of a held key holds
// no more than the key across its calls: get, which did both (now the
// tests' helper), took the tiers and the time only to pass them to
// insert, and spilled them around the calls. The key's shard is not among
// the results: Reserve finds it from the hash (shardOf) on the paths that
// need it, none of them a held key's fast path.
//
// A key of short parts (shortParts: a client ID of 8 to 16 bytes, and a
// user of none or 8 to 16) of up to hotKeyLen bytes in all is hashed here
// to hash's value (TestGetHashesAsHash) and compared as hasKey would,
// from inlined pieces of both (mixWords, keySeeds.join, sameWords), with
// no call: the compiler inlines neither (-gcflags=-m=2: hash costs 968,
// hasKey 352, against a budget of 80). Another key of parts up to 48
// bytes (wordParts; a longer key of short parts too, whose bytes are in
// the table's key arena) takes lookupWords, one call; other keys, and
// tests' hashes (testHash), lookupHashed: each a call of its own, so that
// the short path holds none of its values across them and spills none of
// its arguments. With both changes a decision on bench/'s key executed
// 732-733 -> 669-672 instructions at 10k keys and 721-725 -> 653-654 at
// one (bench/instructions.sh, project-fixedclock, two counts each), and on
// a UUID key or a 5-byte client ID about as many as before
// (BenchmarkDecisionKeyShapesFixedClock: 810 -> 812-813, 633 -> 633-634;
// a key of short parts 579 -> 515); lookupWords since took those two
// below 812 and 633 (see it).
//
// The table of slots put the home line behind slotPub.homeSlot's call (its
// cost 95 against the budget of 80), and a fourth result, the shard: a
// decision at 1 key executed about 34 instructions more. lookup and
// lookupWords now read the published table with slotPub.load, inlined,
// and compute the home line themselves; the shard is the caller's, and a
// longer key of short parts, which took a call to probe from here, and
// the general path's calls are lookupWords' and lookupHashed's: 732 ->
// 721 instructions a decision at 1 key, 915 -> 903 with two sizes
// (bench/instructions.sh, 200k and 1.2M decisions), and on the cache's
// keys (BenchmarkDecisionKeyShapesFixedClock) short 676 -> 661, uuid 976 ->
// 960, tiny 716 -> 700.
func (c *Cache) lookup(k Key) (entry, *slotTable, uint64) {
	n, m := len(k.ClientID), len(k.User)
	if shortParts(n, m) && n+m <= hotKeyLen && c.testHash == nil {
		sd := &c.seeds
		cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
		x, y := mixWords(cp, n, sd[keySeedClientWord], sd[keySeedClient]), uint64(0)
		if m != 0 {
			y = mixWords(up, m, sd[keySeedUserWord], sd[keySeedUser])
		}
		h := sd.join(x, y, n, m)
		s := c.shardOf(h)
		// The key's home slot, if it holds the key: its bytes are
		// inline, in the hot line. Else the slots after it, to
		// the first empty one (probeShort, a call: inline, its loop
		// cost a decision on a key at home, nearly every one at 1 key,
		// 15 instructions). Without it the 0.4 of the hits past their
		// home at the load a million keys run at took findOrInsert's
		// probe (hash and holds' byte comparisons): 853 -> 742
		// instructions a decision at 1M keys (bench/instructions.sh).
		if base, size, t := s.pub.load(); t != nil {
			i := uint32(homeOf(h, size))
			l := lineAt(base, uint64(i))
			want := identShort(n+m, n, h)
			id := l.ident().Load()
			if id == want {
				p := unsafe.Pointer(&l.inline)
				x := sameWords(p, cp, n)
				if m != 0 {
					x |= sameWords(unsafe.Add(p, n), up, m)
				}
				if x == 0 {
					return entry{l, t.coldAt(int(i))}, t, h
				}
			}
			if id != 0 {
				if j := t.probeShort(i, want, cp, up, n, m); j >= 0 {
					return t.view(j), t, h
				}
			}
		}
		return entry{}, nil, h
	}
	if wordParts(n, m) && c.testHash == nil {
		return c.lookupWords(k)
	}
	return c.lookupHashed(k)
}

// lookupHashed is lookup for any key: hash's call, then the home slot,
// compared as holds compares it (in the hot line or the table's key
// arena), and the slots after it to the first empty one (probeFrom); else
// the zero entry, and Reserve calls findOrInsert. A function of its own,
// so that lookup's short path spills none of its arguments for these
// calls. The home slot is read here, as lookupWords reads it
// (slotPub.load, inlined): through the calls of lookupFrom, homeSlot and
// probeFrom, a decision on a key with a part past 48 bytes
// (BenchmarkDecisionKeyShapesManyFixedClock/keys=1/key=long, a client ID
// of 56 bytes) executed 927-928 instructions, against 858-861 with the
// home slot compared in lookup itself, and 863 so (bench/instructions.sh).
func (c *Cache) lookupHashed(k Key) (entry, *slotTable, uint64) {
	h := c.hash(k)
	base, size, t := c.shardOf(h).pub.load()
	if t == nil {
		return entry{}, nil, h
	}
	i := uint32(homeOf(h, size))
	l := lineAt(base, uint64(i))
	id := l.ident().Load()
	if id == identOf(len(k.ClientID)+len(k.User), len(k.ClientID), h) && t.holds(int(i), k) {
		return entry{l, t.coldAt(int(i))}, t, h
	}
	if id != 0 { // the slots after it
		if j := t.probeFrom(i+1, k, h); j >= 0 {
			return t.view(j), t, h
		}
	}
	return entry{}, nil, h
}

// lookupWords is lookup for a key of parts of 1 to 48 bytes (wordParts)
// that are not all short, or are and pass hotKeyLen: a client ID or a user
// such as a UUID (36 bytes) or a random identifier of 20 to 40, a client's
// name of a few letters, a numeric user ID. It hashes the key to hash's
// value (mixPart) and compares it as hasKey would (sameLong, sameSmall),
// as lookup's short path does but with a loop over a long part's words: a
// call of its own, so that the short path's registers are not spent on it
// (inline, the short path's key executed 16 instructions more). Before it
// such a key took hash's and hasKey's calls, and wordsLong's and
// sameBytes' (or runtime.memequal's):
// BenchmarkDecisionKeyShapesFixedClock/key=uuid 806 -> 711 instructions,
// key=tiny (a 5-byte client ID) 628 -> 539, key=short 507 -> 508
// (cachegrind, GOGC=off). Past the home slot, to the first empty one,
// probeFrom compares the key as holds does.
func (c *Cache) lookupWords(k Key) (entry, *slotTable, uint64) {
	n, m := len(k.ClientID), len(k.User)
	sd := &c.seeds
	cp, up := unsafe.Pointer(unsafe.StringData(k.ClientID)), unsafe.Pointer(unsafe.StringData(k.User))
	x, y := mixPart(cp, n, sd[keySeedClient], sd[keySeedClientWord]), uint64(0)
	if m != 0 {
		y = mixPart(up, m, sd[keySeedUser], sd[keySeedUserWord])
	}
	h := sd.join(x, y, n, m)
	base, size, t := c.shardOf(h).pub.load()
	if t == nil {
		return entry{}, nil, h
	}
	i := uint32(homeOf(h, size))
	l := lineAt(base, uint64(i))
	want := identOf(n+m, n, h)
	id := l.ident().Load()
	if id == want {
		if n+m > hotKeyLen { // in the table's key arena
			if t.holds(int(i), k) {
				return entry{l, t.coldAt(int(i))}, t, h
			}
		} else {
			// As in lookup: the home slot's bytes, of the key's length
			// and split.
			p := unsafe.Pointer(&l.inline)
			var d uint64
			if n >= 8 {
				d = sameLong(p, cp, n)
			} else {
				d = sameSmall(p, cp, n)
			}
			if m >= 8 {
				d |= sameLong(unsafe.Add(p, n), up, m)
			} else if m != 0 {
				d |= sameSmall(unsafe.Add(p, n), up, m)
			}
			if d == 0 {
				return entry{l, t.coldAt(int(i))}, t, h
			}
		}
	} else if id == 0 {
		return entry{}, nil, h
	}
	// The slots after it.
	if j := t.probeFrom(i+1, k, h); j >= 0 {
		return t.view(j), t, h
	}
	return entry{}, nil, h
}

// findOrInsert returns the entry of k, whose hash is h, in its shard s,
// and its table, where lookup did not find it: found by probing the
// table, or created, to be counted against tiers, as used at Unix second
// u. A new key's bytes are copied: the caller's may point into a request
// body. The entry is not locked: the caller locks it and checks that it
// is still the key's (a rebuild may move it, an eviction remove it).
func (c *Cache) findOrInsert(s *shard, k Key, h uint64, tiers []window.Tier, u int64) (entry, *slotTable) {
	t := s.pub.tab.Load()
	if i := t.probe(k, h); i >= 0 {
		return t.view(i), t
	}
	return c.insert(s, k, h, tiers, u)
}

// insert returns the entry of k, whose hash is h, in its shard s, and its
// table, creating it if absent. It is findOrInsert's path for a key not
// found without the lock, a function of its own so that its deferred
// unlock costs nothing on the path of a held key: with it inline, every
// decision paid for the frame the deferred call needs (the look-up's
// arguments spilled to the stack, the defer's slot set up;
// bench/instructions.sh, project-fixedclock, 1 key: 1005 -> 1000
// instructions a decision).
func (c *Cache) insert(s *shard, k Key, h uint64, tiers []window.Tier, u int64) (entry, *slotTable) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pub.tab.Load()
	if i := t.probe(k, h); i >= 0 {
		return t.view(i), t
	}
	if t.used >= c.maxPerShard {
		c.evictForCap(s, t, u)
	}
	two := twoSizes(tiers)
	if two && !t.wide() {
		t.widen = true
	}
	if t.full() || t.widen {
		t = s.rebuild(t, t.used+1, c.hash)
	}
	// A slot claimed is one never used (slots are not reused: see
	// slots.go): its fields are zero but for what is set here.
	i := t.claim(h)
	e := t.view(i)
	e.setLastUsed(u)
	e.room2 = two
	// The ident last (publishKey): a decision that finds the key waits
	// on its lock until the lists have it.
	e.mu.Lock()
	defer e.mu.Unlock()
	t.publishKey(i, k, h)
	c.assumeLive(s, e)
	if s.pushFresh(i) {
		e.readRound = c.pullRound.Load() // read by TakeFresh, which markUse need not repeat
	} else {
		e.readRound = c.pullRound.Load() - neverRead // left out: the next pull reads it
	}
	c.keys.Add(1)
	return e, t
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
	t := s.pub.tab.Load()
	t.forEach(start, func(i int) bool { return f(i, t.view(i)) })
}

// probeShort returns the slot after slot i (k's home, which does not hold
// it) up to the first empty one whose ident is want and whose bytes are
// k's (short parts, as lookup compares them: its ClientID at cp, n bytes,
// its User at up, m), or -1. It takes no lock (see probe).
func (t *slotTable) probeShort(i, want uint32, cp, up unsafe.Pointer, n, m int) int {
	size := uint32(len(t.hot))
	for range size { // a table in use always has an empty slot (full); bounded whatever a reader races
		if i++; i == size {
			i = 0
		}
		l := &t.hot[i]
		id := l.ident().Load()
		if id == want {
			p := unsafe.Pointer(&l.inline)
			x := sameWords(p, cp, n)
			if m != 0 {
				x |= sameWords(unsafe.Add(p, n), up, m)
			}
			if x == 0 {
				return int(i)
			}
		} else if id == 0 {
			return -1
		}
	}
	return -1
}

// probeFrom returns the slot of k, of hash h, from slot i (the home slot,
// or the one after it: i may be the slot count, for slot 0) up to the
// first empty one, or -1: probeShort for any key, compared as holds
// compares it, in the hot line or, for a long key, in the table's key
// arena. It takes no lock (see probe). It computes k's ident itself: from
// the caller's, held across its comparison's call, a decision on a UUID
// key at its home slot executed 5 instructions more.
func (t *slotTable) probeFrom(i uint32, k Key, h uint64) int {
	want := identOf(len(k.ClientID)+len(k.User), len(k.ClientID), h)
	size := uint32(len(t.hot))
	for range size { // bounded whatever a reader races (see probeShort)
		if i >= size {
			i = 0
		}
		id := t.hot[i].ident().Load()
		if id == want && t.holds(int(i), k) {
			return int(i)
		}
		if id == 0 {
			return -1
		}
		i++
	}
	return -1
}

// identShort is identOf for a key of up to hotKeyLen bytes, on lookup's
// path: no branch on the length, and the tag's bits masked in place (a
// shift and an and, where uint16's conversion took three).
func identShort(n, split int, h uint64) uint32 {
	return uint32(h>>(identTagShift-16))&0xffff0000 | uint32(n+1) | uint32(uint8(split))<<8
}

package cache

import (
	"unsafe"
)

// This file holds a key's bytes in its entry and compares them with a
// request's key (newEntry copies them in; lookup compares the keys of short
// parts itself).

// keyString returns the key's bytes, ClientID then User. They never change
// while e is held; a key handed out is a copy (keyBuf). A key of up to
// hotKeyLen bytes is in the hot line, of a slot or of a record; a longer
// record's is in an allocation of its own (longKeyRef, after the entry);
// a longer slot's is in its table's arena, which keyOf reads.
func (e entry) keyString() string {
	switch e.klen {
	case klenLong:
		return e.long().s
	case identLong:
		panic("cache: entry.keyString of a slot's long key, in its table's key arena: Cache.keyOf reads it")
	}
	return unsafe.String((*byte)(e.inlineKey()), e.klen-1)
}

// inlineKey returns where the key's bytes start in e's hot line (inline):
// a key of up to hotKeyLen bytes.
func (e entry) inlineKey() unsafe.Pointer {
	return unsafe.Pointer(&e.inline)
}

// rest returns where the bytes after a record's entry start in its
// allocation: after its second counter with room2 (keyed2), else right
// after it (keyed).
func (e entry) rest() unsafe.Pointer {
	off := unsafe.Sizeof(entryMem{})
	if e.room2 {
		off += unsafe.Sizeof(second{})
	}
	return unsafe.Add(unsafe.Pointer(e.hotLine), off)
}

// long returns the longKeyRef after e, whose klen is klenLong.
func (e entry) long() *longKeyRef {
	return (*longKeyRef)(e.rest())
}

// keyOf returns e's key, viewing its bytes (see key), of a slot's long key
// too: e is a slot's, held (its lock, or its shard's), or a record's.
func (c *Cache) keyOf(e entry) Key {
	if e.klen != identLong {
		return e.key()
	}
	t := c.shardOf(longHash(e.hotLine)).tableOf(e.hotLine)
	return t.keyOf(int(t.indexOf(e.hotLine)))
}

// shardOfEntry returns the shard of e, held (see keyOf).
func (c *Cache) shardOfEntry(e entry) *shard {
	if e.klen == identLong {
		return c.shardOf(longHash(e.hotLine))
	}
	return c.shardOf(c.hash(e.key()))
}

// keySplit returns where the key's bytes split into ClientID and User.
func (e entry) keySplit() int {
	if e.klen == klenLong {
		return e.long().split
	}
	return int(e.split)
}

// key returns e's key, viewing the bytes in e's allocation (see Key). The
// view is for the cache's own use while it holds e: a key handed out to a
// caller is copied (keyBuf).
func (e entry) key() Key {
	s, i := e.keyString(), e.keySplit()
	return Key{ClientID: s[:i], User: s[i:]}
}

// keyBuf copies the keys the cache hands out (Pending.Key, TakeFresh,
// AppendActive, AppendPull, AppendPullHot, Walk) out of their entries (STYLE
// rule 17): a key's strings then stay as they were for as long as their
// holder keeps them, whatever becomes of the entry. A view of an entry's
// bytes read, once the entry was evicted and its memory reused for another
// key (a table that reuses a slot), that other key's bytes: the
// syncer would have written one key's counts into another's document
// (TestHandedOutKeysOutliveTheirEntry). Each call that hands keys out has
// its own keyBuf; the keys are appended to a chunk and made over bytes of
// it that are never written again, and a new chunk, twice the last up to
// keyChunkMax, is allocated when one is full: a call of n keys of 20 bytes
// allocates about 8 + n/1600 times, not n. A key longer than hotKeyLen is
// handed out as it is: its bytes are never written again (a slot's in its
// table's key arena, a record's in an allocation of their own). The chunks are not kept: a holder that
// keeps a few keys long (the syncer's maps of contended keys, of entries to
// prune) clones them, or a key would keep its whole chunk alive.
type keyBuf struct{ b []byte }

// keyChunkMin and keyChunkMax bound the size of a keyBuf's chunks.
const (
	keyChunkMin = 256
	keyChunkMax = 32 << 10
)

// key returns a copy of e's key (see keyBuf). e's key bytes never change
// while e is held; the caller holds e (its lock, or its shard's).
func (kb *keyBuf) key(c *Cache, e entry) Key {
	if e.klen == klenLong || e.klen == identLong {
		return c.keyOf(e) // never written again (see keyBuf)
	}
	n := int(e.klen) - 1
	if n == 0 {
		return Key{}
	}
	if cap(kb.b)-len(kb.b) < n {
		kb.b = make([]byte, 0, max(n, keyChunkMin, min(2*cap(kb.b), keyChunkMax)))
	}
	i := len(kb.b)
	kb.b = append(kb.b, unsafe.Slice((*byte)(e.inlineKey()), n)...)
	s, split := unsafe.String(&kb.b[i], n), int(e.split)
	return Key{ClientID: s[:split], User: s[split:]}
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
func (e entry) hasKey(k Key) bool {
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
// user. Up to hotKeyLen bytes, its bytes are in the hot line; lookupWords
// compares a longer one's in its table's key arena.
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

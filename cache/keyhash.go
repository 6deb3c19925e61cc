package cache

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/bits"
	"runtime"
	"unsafe"
)

// keySeeds are one Cache's secrets for its hash (Cache.hash), drawn from
// crypto/rand in New. Nothing writes them anywhere, so they never leave
// the process. The keySeed* constants name each word's use.
type keySeeds [6]uint64

const (
	keySeedClient     = iota // the client ID's chain seed
	keySeedClientWord        // xored into the client ID's words
	keySeedUser              // the user's chain seed
	keySeedUserWord          // xored into the user's words
	keySeedJoin              // xored into the client ID's mix and the lengths
	keySeedJoinUser          // xored into the user's mix (the multiplier if there is no user)
)

// newKeySeeds draws a Cache's secrets. crypto/rand.Read does not fail: it
// ends the program if the system's source does.
func newKeySeeds() keySeeds {
	var b [len(keySeeds{}) * 8]byte
	_, _ = crand.Read(b[:])
	var s keySeeds
	for i := range s {
		s[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return s
}

// hash returns the keyed 64-bit hash of k that places it in its shard and
// its shard's table (or c.testHash's, if a test set one): one pass over
// both parts under the Cache's secrets. It keeps no reference to either
// string and nothing derived from one but the returned word (rule 17): it
// reads their bytes while it runs, so a key that views a reused request
// buffer may be hashed, and overwriting the buffer afterwards changes
// nothing hash holds.
//
// The construction is wyhash's (final version 4) and rapidhash's: every
// step is a mix, the 64×64→128-bit product of two words, each xored with a
// secret, folded to 64 bits by xoring its halves (math/bits.Mul64; no
// assembly). It is what the Go runtime hashes maps with where it does not
// use the CPU's AES instructions: amd64 and arm64 without them, and every
// other 64-bit architecture (runtime/hash64.go: memhashFallback, "inspired
// by wyhash": the same mix, the same bytes read as the words of a short
// string, the same chain over longer ones). A part of up to 16 bytes is read
// as two words, overlapping: its first and last 8 bytes for 8-16, 4 bytes
// for 4-7, and the first, middle and last byte for 1-3; a longer part
// chains a mix per 16-byte block (time linear in its length), then takes
// its last 16 bytes. Every read is a bounds-checked string index, so none
// passes a part's end. Each part's words are mixed on their own (the two
// multiplications are independent and overlap in the CPU), then the two
// results and both lengths are mixed once more. Given its length, a
// part's words determine its bytes, so the lengths carry the split point
// to the last mix: ("svc-1", "23") and ("svc-12", "3") hash apart, as do
// ("a", "aa") and ("aa", "a"), whose words are alike. A client's key
// (empty user) skips the user's mix.
//
// Why by hand rather than hash/maphash, which it replaced: the two
// maphash.String calls (a seed per part, so that the split point counted)
// cost about 164 of the ~1240 instructions of a decision on a held key
// (cachegrind: maphash.String, the runtime's string hash and its AES body,
// per part), and the layers of calls around the hashing, not the AES
// rounds (aeshashbody, 48), were most of it. This one takes about 110
// instructions off a decision (bench/instructions.sh, project-fixedclock,
// two runs: 1236-1237 -> 1124-1127 at 1 key, 1245-1248 -> 1127-1134 at
// 10k keys); BenchmarkKeyHash compares the two in one run.
//
// HashDoS: client IDs and users come from requests, so an attacker chooses
// them, and a hash they could predict would let them pile keys into one
// probe chain. This one is keyed by secrets drawn per Cache that never
// leave the process, and its output is never returned or logged, so
// colliding keys cannot be computed offline; as with the runtime's maps,
// the argument rests on the secret, not on the mix being hard to invert
// (wyhash's known weak inputs, a word equal to a secret, need the secret).
// A collision costs probes, never a wrong key: entry.hasKey compares the
// key's bytes.
func (c *Cache) hash(k Key) uint64 {
	if c.testHash != nil {
		return c.testHash(k)
	}
	s, client, user := &c.seeds, k.ClientID, k.User
	// The reads of both parts are written out here, not in a function of
	// their own: the compiler would not inline one that holds them, and a
	// call costs about a sixth of the hash.
	var c0, c1 uint64
	n := len(client)
	switch b := client; {
	case n > 16:
		c0, c1 = wordsLong(b, s[keySeedClient], s[keySeedClientWord])
	case n >= 8:
		c0 = le64(b) ^ s[keySeedClientWord]
		c1 = le64(b[n-8:]) ^ s[keySeedClient]
	case n >= 4:
		c0 = le32(b) ^ s[keySeedClientWord]
		c1 = le32(b[n-4:]) ^ s[keySeedClient]
	case n > 0:
		c0 = (uint64(b[0])<<16 | uint64(b[n>>1])<<8 | uint64(b[n-1])) ^ s[keySeedClientWord]
		c1 = s[keySeedClient]
	default:
		c0, c1 = s[keySeedClientWord], s[keySeedClient]
	}
	x := mix(c0, c1)
	m := len(user)
	if m == 0 {
		return s.join(x, 0, n, 0)
	}
	var u0, u1 uint64
	switch b := user; {
	case m > 16:
		u0, u1 = wordsLong(b, s[keySeedUser], s[keySeedUserWord])
	case m >= 8:
		u0 = le64(b) ^ s[keySeedUserWord]
		u1 = le64(b[m-8:]) ^ s[keySeedUser]
	case m >= 4:
		u0 = le32(b) ^ s[keySeedUserWord]
		u1 = le32(b[m-4:]) ^ s[keySeedUser]
	default:
		u0 = (uint64(b[0])<<16 | uint64(b[m>>1])<<8 | uint64(b[m-1])) ^ s[keySeedUserWord]
		u1 = s[keySeedUser]
	}
	return s.join(x, mix(u0, u1), n, m)
}

// join is hash's last mix: x, the client ID's mix, and y, the user's (0
// for no user), with both lengths in one word (apart while each is below
// 2^32, 4 GiB; longer parts still hash correctly).
func (s *keySeeds) join(x, y uint64, n, m int) uint64 {
	return mix(x^(uint64(n)<<32^uint64(m)^s[keySeedJoin]), y^s[keySeedJoinUser])
}

// mixWords is hash's mix of a part of 8 to 16 bytes at p, n long, read as
// its first and last 8 bytes, xored with the secrets a and b: le64's
// words, read as one load each (unalignedLoads; wordLE). Small enough to
// inline into Cache.lookup, as hash is not, where wordLE's byte reversal
// is an instruction or not needed: not on ppc64 below POWER10, where
// bits.ReverseBytes64 is a call (correct there, and slower).
func mixWords(p unsafe.Pointer, n int, a, b uint64) uint64 {
	return mix(wordLE(p, 0)^a, wordLE(p, n-8)^b)
}

// mixPart is hash's mix of a part of 1 to 48 bytes at p, n long (any
// length from 1, in fact), as mixWords reads a short one, with the
// secrets seed (the part's chain seed) and key (xored into its words):
// from 17 bytes wordsLong's chain over its 16-byte blocks from the seed,
// then the mix of its last 16 bytes; from 8 its first and last 8 bytes;
// from 4 its first and last 4; below, its first, middle and last byte and
// the seed. Every load stays within the part. lookupWords's hash.
func mixPart(p unsafe.Pointer, n int, seed, key uint64) uint64 {
	switch {
	case n >= 8:
		for i := 0; n-i > 16; i += 16 {
			seed = mix(wordLE(p, i)^key, wordLE(p, i+8)^seed)
		}
		return mix(wordLE(p, max(n-16, 0))^key, wordLE(p, n-8)^seed)
	case n >= 4:
		return mix(word32LE(p, 0)^key, word32LE(p, n-4)^seed)
	}
	return mix((uint64(byteAt(p, 0))<<16|uint64(byteAt(p, n>>1))<<8|uint64(byteAt(p, n-1)))^key, seed)
}

// wordLE is le64 of the 8 bytes at p+i: word's load, whose bytes a
// big-endian machine reverses. lookup's hash must be hash's there too: a
// table is rebuilt, and searched by find, under hash.
func wordLE(p unsafe.Pointer, i int) uint64 {
	if bigEndian {
		return bits.ReverseBytes64(word(p, i))
	}
	return word(p, i)
}

// word32LE is le32 of the 4 bytes at p+i (see wordLE).
func word32LE(p unsafe.Pointer, i int) uint64 {
	if bigEndian {
		return uint64(bits.ReverseBytes32(word32(p, i)))
	}
	return uint64(word32(p, i))
}

// bigEndian says whether the machine stores a word's most significant byte
// first: of the architectures the Go toolchain builds for, these.
const bigEndian = runtime.GOARCH == "ppc64" || runtime.GOARCH == "s390x" ||
	runtime.GOARCH == "mips" || runtime.GOARCH == "mips64"

// wordsLong returns the two words Cache.hash mixes for a part p longer
// than 16 bytes, xored with the secrets: a mix per 16-byte block chains
// the seed, then the last 16 bytes (overlapping the last block read if the
// length is not a multiple of 16) are the words, as in memhashFallback.
func wordsLong(p string, seed, key uint64) (uint64, uint64) {
	for b := p; len(b) > 16; b = b[16:] {
		seed = mix(le64(b)^key, le64(b[8:])^seed)
	}
	return le64(p[len(p)-16:]) ^ key, le64(p[len(p)-8:]) ^ seed
}

// le64 returns the first 8 bytes of p, which has at least 8, as a
// little-endian word. The compiler makes it one load, as it does
// binary.LittleEndian.Uint64, and reads no byte past p's end.
func le64(p string) uint64 {
	_ = p[7]
	return uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24 |
		uint64(p[4])<<32 | uint64(p[5])<<40 | uint64(p[6])<<48 | uint64(p[7])<<56
}

// le32 is le64 for the first 4 bytes of p.
func le32(p string) uint64 {
	_ = p[3]
	return uint64(p[0]) | uint64(p[1])<<8 | uint64(p[2])<<16 | uint64(p[3])<<24
}

// mix is wyhash's mum: the 128-bit product of a and b, its halves xored.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

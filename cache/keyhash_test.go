package cache

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// The key hash's tests go through Cache.hash, the function the cache
// places keys with, so they test what the cache uses. Each quality test
// was checked to fail on a deliberately weak hash (the report of the
// commit that added them says which).

func TestKeyHashEqualKeys(t *testing.T) {
	c := newCache(t, Config{})
	long := strings.Repeat("0123456789abcdef", 20)
	for _, tc := range []struct {
		name string
		k    Key
	}{
		{"empty", Key{}},
		{"client", Key{ClientID: "svc-000001"}},
		{"client of 3", Key{ClientID: "abc"}},
		{"client of 5", Key{ClientID: "abcde"}},
		{"user", Key{ClientID: "svc-000001", User: "u1"}},
		{"user of 16", Key{ClientID: "svc-000001", User: "user-0123456789a"}},
		{"long parts", Key{ClientID: long[:301], User: long[7:250]}},
		{"empty client", Key{User: "u1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := c.hash(tc.k)
			// The same bytes at another address.
			if got := c.hash(Key{strings.Clone(tc.k.ClientID), strings.Clone(tc.k.User)}); got != want {
				t.Errorf("hash of a copy = %#x, want %#x", got, want)
			}
			// The same buffer, overwritten with another key and back
			// (rule 17): the hash depends on the bytes it reads, not on
			// the buffer it read them from, and keeps nothing of them.
			buf := []byte(tc.k.ClientID + tc.k.User)
			view := func(b []byte) Key {
				n := len(tc.k.ClientID)
				return Key{
					ClientID: unsafe.String(unsafe.SliceData(b), n),
					User:     unsafe.String(unsafe.SliceData(b[n:]), len(b)-n),
				}
			}
			if len(buf) == 0 {
				return
			}
			if got := c.hash(view(buf)); got != want {
				t.Errorf("hash of a view of a buffer = %#x, want %#x", got, want)
			}
			orig := slices.Clone(buf)
			for i := range buf {
				buf[i] ^= 0x5a
			}
			other := view(buf)
			if got, want := c.hash(other), c.hash(Key{strings.Clone(other.ClientID), strings.Clone(other.User)}); got != want {
				t.Errorf("hash of the overwritten buffer = %#x, want that of its bytes copied, %#x", got, want)
			}
			if c.hash(other) == want {
				t.Errorf("hash of the overwritten buffer = %#x, the hash of what it held before", want)
			}
			copy(buf, orig)
			if got := c.hash(view(buf)); got != want {
				t.Errorf("hash of the buffer restored = %#x, want %#x", got, want)
			}
		})
	}
}

// structuredKeys returns about a million distinct keys shaped like the
// ones the cache sees and like the ones a weak hash confuses: sequential
// client IDs and users, the same bytes split at every point, runs of one
// byte (which wyhash's short reads see alike at lengths 1 and 3), and
// random parts of 0 to 300 bytes.
func structuredKeys() []Key {
	var ks []Key
	for i := range 200_000 {
		ks = append(ks, Key{ClientID: numbered("svc-", i, 6)})
	}
	for i := range 200_000 {
		ks = append(ks, Key{ClientID: "svc-000001", User: numbered("u", i+1, 0)})
	}
	for i := range 1000 {
		for j := range 300 {
			ks = append(ks, Key{ClientID: numbered("svc-", i, 0), User: numbered("u", j, 0)})
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	base := make([]byte, 300)
	for i := range base {
		base[i] = byte(r.Uint32())
	}
	for _, s := range []string{string(base), strings.Repeat("a", 300), strings.Repeat("\x00", 300)} {
		for n := range len(s) + 1 {
			for i := range n + 1 {
				ks = append(ks, Key{ClientID: s[:i], User: s[i:n]})
			}
		}
	}
	// Random parts are cut from one random string, which costs less
	// than a string each (under -race, a tenth of this test's time).
	pool := randString(r, 1<<16)
	part := func() string {
		n := r.IntN(301)
		i := r.IntN(len(pool) - n + 1)
		return pool[i : i+n]
	}
	for range 100_000 {
		ks = append(ks, Key{ClientID: part(), User: part()})
	}
	return ks
}

// numbered returns prefix and i in decimal, zero-padded to width digits:
// fmt.Sprintf("%s%0*d", prefix, width, i) at a fraction of the cost.
func numbered(prefix string, i, width int) string {
	d := strconv.Itoa(i)
	b := make([]byte, 0, len(prefix)+max(width, len(d)))
	b = append(b, prefix...)
	for range width - len(d) {
		b = append(b, '0')
	}
	return string(append(b, d...))
}

func randString(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return string(b)
}

func TestKeyHashNoCollisions(t *testing.T) {
	c := newCache(t, Config{})
	ks := structuredKeys()
	type hashed struct {
		h uint64
		i int
	}
	hs := make([]hashed, len(ks))
	for i, k := range ks {
		hs[i] = hashed{c.hash(k), i}
	}
	slices.SortFunc(hs, func(a, b hashed) int {
		if a.h < b.h {
			return -1
		}
		if a.h > b.h {
			return 1
		}
		return 0
	})
	collisions := 0
	for i := 1; i < len(hs); i++ {
		a, b := ks[hs[i-1].i], ks[hs[i].i]
		if hs[i].h == hs[i-1].h && a != b {
			// Keys are repeated only among the random ones (short
			// lengths); a repeat is no collision.
			collisions++
			if collisions <= 5 {
				t.Errorf("keys %q and %q both hash to %#x", a, b, hs[i].h)
			}
		}
	}
	if collisions > 0 {
		t.Errorf("%d 64-bit collisions among %d keys, want 0 (a random hash has one with probability below 1e-7)", collisions, len(ks))
	}
}

// chiSquareBound is the chi-square statistic over df degrees of freedom
// that a uniform distribution exceeds with probability about 1e-9 (six
// standard deviations by the Wilson-Hilferty approximation), so that a
// good hash fails once in a billion runs.
func chiSquareBound(df int) float64 {
	const z = 6
	d := float64(df)
	v := 2 / (9 * d)
	return d * math.Pow(1-v+z*math.Sqrt(v), 3)
}

func chiSquare(counts []int, n int) float64 {
	want := float64(n) / float64(len(counts))
	var x float64
	for _, c := range counts {
		d := float64(c) - want
		x += d * d / want
	}
	return x
}

// TestKeyHashDistribution checks that the bits the cache uses are near
// uniform for sequential keys: the shard (the low bits, Cache.shardOf),
// the slot's tag (identOf: bits 32-47), and the home slot (homeOf) of
// tables of a few slots (a shard at ten thousand keys) and of many (at a
// million); and the tag with the shard and with a small table's home, whose
// bits it must not share: the tag is what keeps apart the keys of one shard
// that a probe meets.
func TestKeyHashDistribution(t *testing.T) {
	const n = 1 << 16
	c := newCache(t, Config{})
	shards := uint64(len(c.shards))
	// A shard's table at 10k and at 1M keys (256 shards, 70 % full).
	const small, large = 56, 5581
	tag := func(h uint64) int { return int(uint16(identOf(0, 0, h) >> 16)) }
	uses := []struct {
		name    string
		buckets int
		of      func(h uint64) int
	}{
		{"shard", int(shards), func(h uint64) int { return int(h & (shards - 1)) }},
		{"tag", 1 << 16, tag},
		{"home of 56 slots", small, func(h uint64) int { return int(homeOf(h, small)) }},
		{"home of 5581 slots", large, func(h uint64) int { return int(homeOf(h, large)) }},
		{"shard and the tag's low byte", int(shards) * 256, func(h uint64) int { return int(h&(shards-1))*256 + tag(h)&0xff }},
		{"home of 56 slots and the tag's high byte", small * 256, func(h uint64) int { return int(homeOf(h, small))*256 + tag(h)>>8 }},
	}
	for _, keys := range []struct {
		name string
		key  func(i int) Key
	}{
		{"sequential clients", func(i int) Key { return Key{ClientID: numbered("svc-", i, 6)} }},
		{"sequential users", func(i int) Key { return Key{ClientID: "svc-000001", User: numbered("u", i+1, 0)} }},
		{"clients by users", func(i int) Key { return Key{ClientID: numbered("svc-", i>>8, 0), User: numbered("u", i&0xff, 0)} }},
		{"long sequential clients", func(i int) Key {
			return Key{ClientID: numbered("https://clients.example.com/tenants/0042/apps/", i, 8)}
		}},
		{"one byte", func(i int) Key { return Key{ClientID: string([]byte{byte(i)}), User: string([]byte{byte(i >> 8)})} }},
	} {
		hs := make([]uint64, n)
		for i := range hs {
			hs[i] = c.hash(keys.key(i))
		}
		for _, use := range uses {
			t.Run(keys.name+"/"+use.name, func(t *testing.T) {
				counts := make([]int, use.buckets)
				for _, h := range hs {
					counts[use.of(h)]++
				}
				if x, bound := chiSquare(counts, n), chiSquareBound(use.buckets-1); x > bound {
					t.Errorf("chi-square of %d keys over %d buckets = %.1f, want at most %.1f (uniform: %d on average)", n, use.buckets, x, bound, use.buckets-1)
				}
			})
		}
	}
}

// TestKeyHashAvalanche flips each bit of a part of lengths 1 to 40, in
// many random keys, and checks that every output bit flips with
// probability 0.5±0.1. It hashes with secrets drawn afresh for each
// key, as a Cache's would be: there are only 256 keys of one byte,
// too few to measure a probability over with one Cache's secrets. With
// 1200 keys the standard deviation of a fair bit's share is 0.0144, so the
// bound is 6.9 of them, and the test's 1.3 million (input bit, output bit)
// pairs all pass by chance with probability 0.99999.
func TestKeyHashAvalanche(t *testing.T) {
	const trials = 1200
	for i, tc := range []struct {
		name string
		// key returns the key whose part under test is p; other is a
		// random string (the other part, if the key has one).
		key func(p, other string) Key
	}{
		{"client without user", func(p, _ string) Key { return Key{ClientID: p} }},
		{"client", func(p, other string) Key { return Key{ClientID: p, User: other} }},
		{"user", func(p, other string) Key { return Key{ClientID: other, User: p} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// In parallel: this is the package's slowest test under
			// -race (about 1.5 s a case on one core).
			t.Parallel()
			r := rand.New(rand.NewPCG(3, uint64(i)))
			worst, worstAt := 0.0, ""
			for n := 1; n <= 40; n++ {
				// The keys: each trial's part views its n bytes of buf,
				// which a flip changes in place, under secrets of its own.
				buf := make([]byte, trials*n)
				cs := make([]Cache, trials) // hash needs only the secrets
				ks := make([]Key, trials)
				hs := make([]uint64, trials)
				for i := range trials {
					for j := range cs[i].seeds {
						cs[i].seeds[j] = r.Uint64()
					}
					p := buf[i*n : (i+1)*n]
					for j := range p {
						p[j] = byte(r.Uint32())
					}
					ks[i] = tc.key(unsafe.String(unsafe.SliceData(p), n), randString(r, 1+r.IntN(24)))
					hs[i] = cs[i].hash(ks[i])
				}
				for bit := range 8 * n {
					// flips counts how often each output bit flipped, in
					// bit planes (plane j holds bit j of the 64 counts),
					// so that one addition is a few word operations, not
					// 64; and in a local array, which -race does not
					// instrument.
					var flips [12]uint64
					for i := range trials {
						at, mask := i*n+bit/8, byte(1)<<(bit%8)
						buf[at] ^= mask
						d := hs[i] ^ cs[i].hash(ks[i])
						buf[at] ^= mask
						for j := 0; d != 0; j++ {
							carry := flips[j] & d
							flips[j] ^= d
							d = carry
						}
					}
					for out := range 64 {
						count := 0
						for j, plane := range flips {
							count |= int(plane>>out&1) << j
						}
						share := float64(count) / trials
						if dev := math.Abs(share - 0.5); dev > worst {
							worst, worstAt = dev, fmt.Sprintf("length %d, input bit %d, output bit %d: %.3f", n, bit, out, share)
						}
					}
				}
			}
			t.Logf("largest deviation from 0.5: %s", worstAt)
			if worst > 0.1 {
				t.Errorf("flipping one input bit flips an output bit with a probability off 0.5 by %.3f, want at most 0.1 (%s)", worst, worstAt)
			}
		})
	}
}

func TestKeyHashPerCache(t *testing.T) {
	a, b := newCache(t, Config{}), newCache(t, Config{})
	same := 0
	for i := range 1000 {
		k := Key{ClientID: fmt.Sprintf("svc-%06d", i), User: fmt.Sprintf("u%d", i%7)}
		if i%2 == 0 {
			k.User = ""
		}
		if a.hash(k) == b.hash(k) {
			same++
		}
	}
	if same > 0 {
		t.Errorf("%d of 1000 keys hash the same in two Caches, want 0: each Cache draws its own secrets", same)
	}
}

func FuzzKeyHash(f *testing.F) {
	for _, k := range []Key{
		{}, {ClientID: "svc-1", User: "23"}, {ClientID: "svc-12", User: "3"}, {ClientID: "a", User: "aa"}, {ClientID: "aaa"},
		{ClientID: "client-123", User: "user-456789"}, {ClientID: strings.Repeat("x", 40), User: strings.Repeat("y", 17)},
	} {
		f.Add(k.ClientID, k.User)
	}
	c, err := New(Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, client, user string) {
		k := Key{ClientID: client, User: user}
		h := c.hash(k)
		if got := c.hash(Key{strings.Clone(client), strings.Clone(user)}); got != h {
			t.Fatalf("hash of %q = %#x, then %#x", k, h, got)
		}
		// The same bytes split elsewhere are another key, and hash apart
		// (a random hash collides with odds of 2^-64 per split).
		s := client + user
		for i := range len(s) + 1 {
			if i == len(client) {
				continue
			}
			if o := (Key{ClientID: s[:i], User: s[i:]}); c.hash(o) == h {
				t.Fatalf("keys %q and %q both hash to %#x", k, o, h)
			}
		}
	})
}

// BenchmarkKeyHash measures Cache.hash on a client's key, a user's, and a
// user's with long parts, against the two maphash.String calls it
// replaced (a seed per part, mixed), run in the same process so that the
// pair is compared under the same load.
func BenchmarkKeyHash(b *testing.B) {
	c := newCache(b, Config{})
	seeds := [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	maphash2 := func(k Key) uint64 {
		h := maphash.String(seeds[0], k.ClientID)
		if k.User != "" {
			h ^= bits.RotateLeft64(maphash.String(seeds[1], k.User), 31)
		}
		return h
	}
	var sink uint64
	for _, tc := range []struct {
		name string
		k    Key
	}{
		{"client", Key{ClientID: "client-123"}},
		{"user", Key{ClientID: "client-123", User: "user-456789"}},
		{"long", Key{ClientID: strings.Repeat("c", 100), User: strings.Repeat("u", 200)}},
	} {
		b.Run(tc.name+"/keyhash", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink += c.hash(tc.k)
			}
		})
		b.Run(tc.name+"/maphash2", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink += maphash2(tc.k)
			}
		})
	}
	runtime.KeepAlive(sink)
}

// TestKeyHashSplitsAndViews: every split of one string hashes apart (the
// lengths reach the last mix), and a part that views a longer buffer hashes
// as its copy whatever the bytes after its end (no read past a part's end),
// for every length across the 1-3, 4-7, 8-16 and chained cases.
func TestKeyHashSplitsAndViews(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	cases := []struct {
		name string
		fill func(i int) byte
	}{
		{"one byte repeated", func(int) byte { return 'a' }},
		{"counting bytes", func(i int) byte { return byte(i) }},
		{"zero bytes", func(int) byte { return 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for n := 0; n <= 48; n++ {
				b := make([]byte, n)
				for i := range b {
					b[i] = tc.fill(i)
				}
				s := string(b)
				seen := make(map[uint64]int)
				for i := 0; i <= n; i++ {
					h := c.hash(Key{ClientID: s[:i], User: s[i:]})
					if j, dup := seen[h]; dup {
						t.Errorf("length %d: splits at %d and %d hash alike", n, j, i)
					}
					seen[h] = i
					// The same parts as views of longer buffers whose
					// following bytes differ.
					for _, tail := range []string{"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "zzzzzzzzzzzzzzzz"} {
						cl, us := s[:i]+tail, s[i:]+tail
						if got := c.hash(Key{ClientID: cl[:i], User: us[:n-i]}); got != h {
							t.Errorf("length %d split %d: a view of a longer buffer (tail %q) hashes %#x, its copy %#x", n, i, tail[:1], got, h)
						}
					}
				}
			}
		})
	}
}

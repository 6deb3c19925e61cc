package cache

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// partLens are the part lengths the look-up tests pair: every length up
// to 20 (lookupWords' parts of 1 to 7 bytes and 17 to 20, lookup's own of
// 8 to 16), and around each bound beyond (lookupWords' chain of 16-byte
// blocks up to 48 bytes, a UUID's 36, hash's own path from 49).
var partLens = func() []int {
	var ls []int
	for n := 0; n <= 20; n++ {
		ls = append(ls, n)
	}
	return append(ls, 23, 24, 25, 31, 32, 33, 36, 40, 47, 48, 49, 64)
}()

// lookup hashes and compares a key of short parts (shortParts) itself,
// with no call to hash or hasKey, and lookupWords one of parts up to 48
// bytes (wordParts). Their hash must be hash's: a rebuild places every
// entry by hash, and find looks keys up by it, so a key hashed otherwise
// would be missed after a rebuild and held twice, its counts split. Keys
// of every pair of partLens (each of lookup's ways), 300 of each (100
// beyond 20 bytes), random bytes, each request's key viewing a reused
// buffer overwritten after the call, through get (Reserve's lookup, then
// findOrInsert): one shard, so its table is rebuilt as they come in.
// Afterwards every key must be held once, found by find (hash's
// placement) as the entry get returned, and get again must return it.
func TestGetHashesAsHash(t *testing.T) {
	const maxLen = 64
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	rng := rand.New(rand.NewPCG(5, 6))
	cbuf, ubuf := make([]byte, maxLen), make([]byte, maxLen)
	view := func(b []byte, k string) string {
		copy(b, k)
		return unsafe.String(unsafe.SliceData(b), len(k))
	}
	scrub := func() {
		for i := range cbuf {
			cbuf[i], ubuf[i] = '#', '#'
		}
	}
	random := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return string(b)
	}
	for _, n := range partLens {
		for _, m := range partLens {
			c := newCache(t, Config{Shards: 1})
			want := 300
			if max(n, m) > 20 {
				want = 100
			}
			if n+m < 2 {
				want = 1 << (8 * (n + m)) // all there are: 1 and 256
			}
			keys := make(map[Key]bool, want)
			for len(keys) < want {
				k := Key{ClientID: random(n), User: random(m)}
				if keys[k] {
					continue
				}
				c.get(Key{ClientID: view(cbuf, k.ClientID), User: view(ubuf, k.User)}, tiers, 0)
				scrub()
				keys[k] = true
			}
			if c.Len() != len(keys) {
				t.Fatalf("parts of %d and %d bytes: %d keys held after %d distinct keys", n, m, c.Len(), len(keys))
			}
			// By the key's slot now: inserts move slots (rebuilds).
			for k := range keys {
				e := c.find(k)
				if e.hotLine == nil || c.keyOf(e) != k {
					t.Fatalf("parts of %d and %d bytes: find(%q/%q) = %v, want the key's entry (lookup hashed the key apart from hash)", n, m, k.ClientID, k.User, e)
				}
				_, got := c.get(Key{ClientID: view(cbuf, k.ClientID), User: view(ubuf, k.User)}, tiers, 0)
				scrub()
				if got != e {
					t.Fatalf("parts of %d and %d bytes: get(%q/%q) again = %p, want %p", n, m, k.ClientID, k.User, got, e)
				}
			}
			if c.Len() != len(keys) {
				t.Fatalf("parts of %d and %d bytes: %d keys held after getting %d keys twice", n, m, c.Len(), len(keys))
			}
		}
	}
}

// Keys through get (lookup, then findOrInsert), as TestHasKey checks
// hasKey, with probeKeys's probes, for every pair of part lengths up to
// 20, and each longer one of partLens paired with itself and with 0, 8,
// 16, 17 and 20 (every pair took half a minute under -race): a probe of
// the held key's bytes gets its entry, and any other an entry of its own. Under the keyed hash a probe of short parts that
// differs reaches lookup's own comparison only when it meets the held key
// in its home slot and tag, the held key the first match there
// (TestGetTellsCollidingKeysApart makes it so); under the tests' colliding
// hashes lookup calls hasKey.
func TestGetComparesKeys(t *testing.T) {
	src := strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyz", 4)
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	for _, n := range partLens {
		for _, m := range partLens {
			if lo := min(n, m); max(n, m) > 20 && n != m && lo != 0 && lo != 8 && lo != 16 && lo != 17 && lo != 20 {
				continue
			}
			k := Key{ClientID: src[:n], User: src[n : n+m]}
			for _, mode := range hashModes() {
				c := newCache(t, Config{Shards: 1})
				if mode.hash != nil {
					c.testHash = mode.hash
				}
				c.get(k, tiers, 0)
				probeKeys(k, func(probe Key, same bool) {
					// By its key: an insert since may have moved
					// the held key's slot (a rebuild).
					if _, got := c.get(probe, tiers, 0); (c.keyOf(got) == k) != same {
						t.Fatalf("%s: held %q/%q: get(%q/%q) returned the held key's entry: %v, want %v", mode.name, k.ClientID, k.User, probe.ClientID, probe.User, c.keyOf(got) == k, same)
					}
				})
			}
		}
	}
}

// A key whose hash meets a held key's in its home slot and tag reaches
// lookup's own comparison: it must tell the held key apart when the two
// have the same bytes split one byte apart, a user one byte shorter, or
// one byte apart in the client ID's first word, its last, or the user's
// (both keys of short parts, compared in lookup; or of parts lookupWords
// compares, of 1 to 7 bytes or of 36). Such
// pairs are found by trying random bytes against this Cache's secrets (1
// in 65,536 share a tag, 1 in 8 a home slot: one shard of 8 slots).
func TestGetTellsCollidingKeysApart(t *testing.T) {
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	rng := rand.New(rand.NewPCG(7, 8))
	// Parts of 10 bytes (lookup's short path), and lookupWords' of 1 to 7
	// bytes (compared as two words of 4, or three bytes) and of 36, two
	// UUIDs' lengths, whose middle words only its loop compares.
	pairs := map[string]func(s string) (held, probe Key){
		"split one later":            func(s string) (Key, Key) { return Key{s[:10], s[10:20]}, Key{s[:11], s[11:20]} },
		"user a byte shorter":        func(s string) (Key, Key) { return Key{s[:10], s[10:20]}, Key{s[:10], s[10:19]} },
		"client's byte 1":            func(s string) (Key, Key) { return Key{s[:10], s[10:20]}, Key{flip(s[:10], 1), s[10:20]} },
		"client's byte 9":            func(s string) (Key, Key) { return Key{s[:10], s[10:20]}, Key{flip(s[:10], 9), s[10:20]} },
		"user's byte 0":              func(s string) (Key, Key) { return Key{s[:10], s[10:20]}, Key{s[:10], flip(s[10:20], 0)} },
		"user's byte 9":              func(s string) (Key, Key) { return Key{s[:10], s[10:20]}, Key{s[:10], flip(s[10:20], 9)} },
		"5 and 7 bytes, client's 2":  func(s string) (Key, Key) { return Key{s[:5], s[5:12]}, Key{flip(s[:5], 2), s[5:12]} },
		"5 and 7 bytes, user's 3":    func(s string) (Key, Key) { return Key{s[:5], s[5:12]}, Key{s[:5], flip(s[5:12], 3)} },
		"5 and 7 bytes, user's 6":    func(s string) (Key, Key) { return Key{s[:5], s[5:12]}, Key{s[:5], flip(s[5:12], 6)} },
		"5 and 7 bytes, split later": func(s string) (Key, Key) { return Key{s[:5], s[5:12]}, Key{s[:6], s[6:12]} },
		"3 bytes, client's 1":        func(s string) (Key, Key) { return Key{s[:3], s[3:10]}, Key{flip(s[:3], 1), s[3:10]} },
		"2-byte user's 1":            func(s string) (Key, Key) { return Key{s[:8], s[8:10]}, Key{s[:8], flip(s[8:10], 1)} },
		"36-byte parts, split later": func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{s[:37], s[37:72]} },
		"36-byte parts, user short":  func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{s[:36], s[36:71]} },
		"36-byte client's byte 0":    func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{flip(s[:36], 0), s[36:72]} },
		"36-byte client's byte 20":   func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{flip(s[:36], 20), s[36:72]} },
		"36-byte client's byte 35":   func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{flip(s[:36], 35), s[36:72]} },
		"36-byte user's byte 12":     func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{s[:36], flip(s[36:72], 12)} },
		"36-byte user's byte 27":     func(s string) (Key, Key) { return Key{s[:36], s[36:72]}, Key{s[:36], flip(s[36:72], 27)} },
	}
	for name, pair := range pairs {
		t.Run(name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			s := &c.shards[0]
			n := uint64(s.pub.n.Load())
			// Random bytes once; then a try only counts in the first
			// eight, which every pair's two keys hold: a pair of one home
			// slot and 16-bit tag takes ~500k tries, and 72 random bytes
			// a try made the test 40 s of the cache's -race run.
			b := make([]byte, 72)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			base := binary.LittleEndian.Uint64(b)
			for try := 0; ; try++ {
				if try == 20_000_000 {
					t.Fatal("no pair met in home slot and tag")
				}
				binary.LittleEndian.PutUint64(b, base+uint64(try))
				held, probe := pair(string(b))
				hh, hp := c.hash(held), c.hash(probe)
				if uint16(hh>>identTagShift) != uint16(hp>>identTagShift) || homeOf(hh, n) != homeOf(hp, n) {
					continue
				}
				_, e := c.get(held, tiers, 0)
				if l, _, _ := s.pub.homeSlot(hp); l != e.hotLine {
					t.Fatalf("%q/%q: the held key's entry is not in the probe's home slot", probe.ClientID, probe.User)
				}
				if _, got := c.get(probe, tiers, 0); got == e {
					t.Fatalf("held %q/%q: get(%q/%q) returned the held key's entry", held.ClientID, held.User, probe.ClientID, probe.User)
				}
				if c.Len() != 2 {
					t.Fatalf("%d keys held, want 2", c.Len())
				}
				return
			}
		})
	}
}

// flip returns s with its i-th byte's lowest bit flipped.
func flip(s string, i int) string {
	b := []byte(s)
	b[i] ^= 1
	return string(b)
}

// wordLE reads le64's word on any machine: on a big-endian one (ppc64,
// s390x) it reverses the load's bytes, so that lookup's hash stays hash's.
func TestWordLE(t *testing.T) {
	s := "0123456789abcdefghij"
	for i := 0; i+8 <= len(s); i++ {
		if got, want := wordLE(unsafe.Pointer(unsafe.StringData(s)), i), le64(s[i:]); got != want {
			t.Fatalf("wordLE at byte %d of %q = %#x, want le64's %#x", i, s, got, want)
		}
	}
}

// Counts stay with their keys through lookup while the clock crosses
// frames, steps back (a skewed clock: up to 3 s, as against another
// instance's, or an NTP step) and the policy changes mid-run (rule 18):
// one 1m tier, then from step 1500 a 10s tier too, so each key gains a
// counter while it is held. Keys of lookup's short shape (and of others:
// hasKey's path) view two reused buffers overwritten after each decision
// (rule 17); the table grows as keys join. After each decision Remaining
// must be what a model of that key's own requests gives: per tier, each
// request counted in the frame of the latest time the key's counter for
// that size has seen (a clock that steps back leaves a counter in its
// frame), the tightest tier binding. Under the colliding hashes too.
func TestLookupCountsWithSkewAndPolicyChange(t *testing.T) {
	var keys []Key
	for i := range 40 {
		keys = append(keys, Key{ClientID: fmt.Sprintf("client-%07d", i%5), User: fmt.Sprintf("user-%07d", i)})
	}
	keys = append(keys,
		Key{ClientID: "client-0000001"},
		Key{ClientID: "abcdefghij", User: "klmnopqrstuv"},
		Key{ClientID: "abcdefghijk", User: "lmnopqrstuv"}, // the same bytes, split one later
		Key{ClientID: "svc-1"},
		Key{ClientID: "0f8fad5b-d9cb-469f-a165-70867728950e", User: "7c9e6679-7425-40de-944b-e07fc1f90ae7"},
	)
	const limit = 1 << 40
	minute := window.Tier{Limit: limit, Size: time.Minute}
	tenSec := window.Tier{Limit: limit - 20, Size: 10 * time.Second} // binds when a key's minute holds 20 more
	for _, mode := range hashModes() {
		t.Run(mode.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 2})
			if mode.hash != nil {
				c.testHash = mode.hash
			}
			rng := rand.New(rand.NewPCG(21, 22))
			type model struct {
				start  map[int64]int64           // size -> the counter's frame start
				counts map[int64]map[int64]int64 // size -> frame start -> requests
			}
			models := make([]model, len(keys))
			for i := range models {
				models[i] = model{start: map[int64]int64{}, counts: map[int64]map[int64]int64{}}
			}
			cbuf, ubuf := make([]byte, 64), make([]byte, 64)
			now := t0.Add(7 * time.Second)
			const steps, change = 3000, 1500
			backs := 0
			for step := range steps {
				now = now.Add(250 * time.Millisecond)
				if rng.IntN(50) == 0 {
					now = now.Add(-time.Duration(rng.IntN(3000)) * time.Millisecond)
					backs++
				}
				tiers := []window.Tier{minute}
				if step >= change {
					tiers = append(tiers, tenSec)
				}
				i := rng.IntN(min(len(keys), 4+step/50))
				k := keys[i]
				d := decideViewed(c, k, cbuf, ubuf, tiers, now)
				want := int64(math.MaxInt64)
				for _, tier := range tiers {
					size := int64(tier.Size / time.Second)
					m := models[i]
					start := max(m.start[size], tier.FrameStartUnix(now)) // a counter never rolls back
					m.start[size] = start
					if m.counts[size] == nil {
						m.counts[size] = map[int64]int64{}
					}
					m.counts[size][start]++
					counts := window.Counts{StartUnix: start, Prev: m.counts[size][start-size], Curr: m.counts[size][start]}
					want = min(want, tier.Limit-tier.Used(counts, now))
				}
				if !d.Allowed || d.Remaining != want {
					t.Fatalf("step %d, %v, key %q/%q: allowed %v, remaining %d; want allowed, remaining %d",
						step, now.Format(time.TimeOnly), k.ClientID, k.User, d.Allowed, d.Remaining, want)
				}
			}
			if backs < 20 {
				t.Fatalf("the clock stepped back %d times; the test means it to, often", backs)
			}
			if c.Len() != len(keys) {
				t.Fatalf("%d keys held, want %d", c.Len(), len(keys))
			}
		})
	}
}

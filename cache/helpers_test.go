package cache

import (
	"flag"
	"fmt"
	"hash/fnv"
	"math/bits"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Helpers of the adversarial tests of the key table (table_model_test.go,
// table_stress_test.go, keybytes_test.go). They go through the Cache's
// methods only, so that they hold whatever the table looks like inside:
// what they assert is what a caller sees.

// tableSeed makes the model and stress tests replay one seed:
//
//	go test -race -run 'TestTableModel' ./cache/ -args -table.seed=N
var tableSeed = flag.Uint64("table.seed", 0, "seed of the key table's model and stress tests (0: fixed seeds plus one from the clock)")

// tableSeeds returns the seeds a randomized test runs: the one -table.seed
// names, or fixed ones (the same failures in every run) plus one from the
// clock (new sequences over time), logged so that a failure can be replayed.
func tableSeeds(t *testing.T, fixed ...uint64) []uint64 {
	t.Helper()
	if *tableSeed != 0 {
		return []uint64{*tableSeed}
	}
	if testing.Short() {
		return fixed[:1]
	}
	return append(fixed, uint64(time.Now().UnixNano()))
}

// setTestHash, when not nil, makes c place keys by h instead of its keyed
// hash; it is set by collide_test.go, which uses the Cache's testHash hook.
var setTestHash func(c *Cache, h func(Key) uint64)

// hashMode is a hash the key table runs under: nil is the Cache's own.
type hashMode struct {
	name string
	hash func(Key) uint64
}

// fnv64 hashes the key's parts apart (a 0 byte between), for the modes
// below that keep some of a real hash's bits.
func fnv64(k Key) uint64 {
	h := fnv.New64a()
	h.Write([]byte(k.ClientID))
	h.Write([]byte{0})
	h.Write([]byte(k.User))
	return h.Sum64()
}

// hashModes returns the hashes to run a test under: the real one, and once
// the Cache can take a test hash, hashes that collide on purpose. Keys must
// stay exact and apart under each: a table that trusts a hash, or part of
// one, to tell keys apart merges them.
func hashModes() []hashMode {
	modes := []hashMode{{name: "keyed"}}
	if setTestHash == nil {
		return modes
	}
	return append(modes,
		// Every key collides with every other.
		hashMode{"zero", func(Key) uint64 { return 0 }},
		hashMode{"ones", func(Key) uint64 { return ^uint64(0) }},
		// Three values: long chains, growth with most slots taken by
		// probes of one hash.
		hashMode{"len3", func(k Key) uint64 { return uint64(len(k.ClientID)%3) * 0x9e3779b97f4a7c15 }},
		// The hash of the bytes alone, blind to where ClientID ends:
		// "ab"+"c" and "a"+"bc" collide, as they would under a hash of
		// the concatenation.
		hashMode{"concat", func(k Key) uint64 {
			h := fnv.New64a()
			h.Write([]byte(k.ClientID + k.User))
			return h.Sum64()
		}},
		// Only the top 7 bits differ: every key in one shard, with one
		// tag (the slot's ident's: bits 32-47), homes told apart by
		// these bits alone (the high bits place a key in its table).
		hashMode{"top7", func(k Key) uint64 { return fnv64(k) &^ (1<<57 - 1) }},
		// Only the low 3 bits differ (the shard's): one home, one tag.
		hashMode{"low3", func(k Key) uint64 { return fnv64(k) & 7 }},
		// Only the tag's bits (32-47, identTagShift) differ: one shard,
		// one home slot, keys told apart first by their tags.
		hashMode{"tagonly", func(k Key) uint64 { return fnv64(k) & (0xffff << identTagShift) }},
		// Every bit but the tag's: keys spread, every tag equal, so each
		// full slot of a key's length a probe reads matches its ident,
		// and only the bytes tell the keys apart.
		hashMode{"notag", func(k Key) uint64 { return fnv64(k) &^ (0xffff << identTagShift) }},
	)
}

// newTableCache returns a Cache of cfg placing keys by mode's hash.
func newTableCache(t testing.TB, cfg Config, mode hashMode) *Cache {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if mode.hash != nil {
		setTestHash(c, mode.hash)
	}
	return c
}

// scratchSink makes the scratch buffers escape to the heap, like the
// middleware's pooled buffers: the runtime copies strings over stack memory
// anyway.
var scratchSink atomic.Pointer[[]byte]

// scratch is a reused buffer that keys are passed in, as the middleware
// passes them: strings viewing the buffer, whose bytes the next request
// overwrites (STYLE rule 17).
type scratch struct{ buf []byte }

// view returns k with its strings over s's buffer.
func (s *scratch) view(k Key) Key {
	n := len(k.ClientID) + len(k.User)
	if cap(s.buf) < n {
		s.buf = make([]byte, n, n+64)
		scratchSink.Store(&s.buf)
	}
	b := s.buf[:n]
	copy(b, k.ClientID)
	copy(b[len(k.ClientID):], k.User)
	return Key{
		ClientID: unsafe.String(unsafe.SliceData(b), len(k.ClientID)),
		User:     unsafe.String(unsafe.SliceData(b[len(k.ClientID):]), len(k.User)),
	}
}

// scribble overwrites the whole buffer with other's bytes, repeated: a
// string the cache kept over the buffer then reads another key, often one
// the test uses too.
func (s *scratch) scribble(other Key) {
	b := s.buf[:cap(s.buf)]
	pat := other.ClientID + other.User
	if pat == "" {
		pat = "\xff"
	}
	// Doubling: a few copies even for a buffer of 70,000 bytes.
	for i := copy(b, pat); i < len(b); i += copy(b[i:], b[:i]) {
	}
}

// longKey returns a string of n bytes, all 'k' but the last, which is last.
func longKey(n int, last byte) string {
	return strings.Repeat("k", n-1) + string(last)
}

// trickyKeys are keys that a table comparing less than both parts exactly
// mixes up: splits of one concatenation, empty parts, a key that is another
// with a byte more, NUL bytes, keys of 300 bytes that differ in one byte at
// either end, and (if huge) two of 70,000 bytes.
func trickyKeys(huge bool) []Key {
	l300 := longKey(300, 'a')
	ks := []Key{
		{"ab", "c"}, {"a", "bc"}, {"abc", ""}, {"", "abc"},
		{"", ""}, {"a", ""}, {"", "a"}, {"a", "a"}, {"aa", ""},
		{"a\x00", "b"}, {"a", "\x00b"}, {"a\x00b", ""},
		{"client-1", ""}, {"client-1", "u"}, {"client-1", "v"}, {"client-1u", ""},
		{l300, ""}, {l300[:150], l300[150:]}, {"", l300}, {longKey(300, 'b'), ""},
		{"b" + l300[1:], ""}, {l300, "x"},
	}
	if huge {
		l70k := longKey(70_000, 'a')
		ks = append(ks, Key{l70k, ""}, Key{l70k[:35_000], l70k[35_000:]}, Key{longKey(70_000, 'b'), "u"})
	}
	return ks
}

// keyName abbreviates k for messages: long keys would drown them.
func keyName(k Key) string {
	short := func(s string) string {
		if len(s) <= 24 {
			return fmt.Sprintf("%q", s)
		}
		return fmt.Sprintf("%q...%q(%d bytes)", s[:8], s[len(s)-8:], len(s))
	}
	return "{" + short(k.ClientID) + ", " + short(k.User) + "}"
}

// tiersOfSizes returns tiers of the given sizes (seconds), each of limit.
func tiersOfSizes(sizes []int64, limit int64) []window.Tier {
	ts := make([]window.Tier, len(sizes))
	for i, s := range sizes {
		ts[i] = window.Tier{Limit: limit, Size: time.Duration(s) * time.Second}
	}
	return ts
}

// cell is a frame of one window size of one key (an index in the test's
// keys): the unit the tests count in.
type cell struct {
	key   int
	size  int64 // seconds
	start int64 // Unix second
}

// keyCell is a cell named by its key rather than an index.
type keyCell struct {
	k     Key
	size  int64 // seconds
	start int64 // Unix second
}

// inWindow reports whether the frame starting at start, of size seconds, is
// the current or the previous one at now: what a key still counts.
func inWindow(size, start int64, now time.Time) bool {
	cur := window.Tier{Size: time.Duration(size) * time.Second}.FrameStartUnix(now)
	return start == cur || start == cur-size
}

// get is Reserve's look-up of k's shard and entry (lookup, then
// findOrInsert), creating the entry, to be counted against tiers, if
// absent, as used at Unix second u.
func (c *Cache) get(k Key, tiers []window.Tier, u int64) (*shard, entry) {
	e, _, h := c.lookup(k)
	s := c.shardOf(h)
	if e.hotLine == nil {
		e, _ = c.findOrInsert(s, k, h, tiers, u)
	}
	return s, e
}

// unreachedTiers returns tiers of the given sizes with a limit nothing reaches.
func unreachedTiers(sizes ...time.Duration) []window.Tier {
	ts := make([]window.Tier, len(sizes))
	for i, s := range sizes {
		ts[i] = window.Tier{Size: s, Limit: 1 << 40}
	}
	return ts
}

// opened returns e, of c, open (see open.go): e locked by the caller, or
// not yet published. A test that changes it must close it before e is
// unlocked. c may be nil for an entry without room2 (see roomSize).
func opened(c *Cache, e entry) *open {
	var sc *sizeCodes
	if c != nil {
		sc = &c.codes
	}
	o := e.open(sc)
	return &o
}

// unref clears the entry each Decision's Reservation holds, so that
// Decisions made on different Caches (or paths) compare equal by the rest.
func unref(ds ...*Decision) {
	for _, d := range ds {
		d.Reservation.e = entryRef{}
	}
}

// refEntry is the entry r holds, unlocked, for tests that read it (nil if
// none).
func refEntry(r entryRef) entry {
	switch {
	case r.l == nil:
		return entry{}
	case r.t == nil:
		return heapEntry(r.l)
	}
	return entry{r.l, r.c}
}

// refKey returns the key of r's instance: its slot's bytes never change,
// moved or removed since (slots.go).
func refKey(r entryRef) Key {
	if r.t == nil {
		return heapEntry(r.l).key()
	}
	return r.t.keyOf(int(r.t.indexOf(r.l)))
}

// deadPlaces returns how many indices on s's dirty list are of removed
// slots (tombstones), which TakeDirty passes over and a rebuild drops.
func deadPlaces(s *shard) int {
	s.lists.mu.Lock()
	defer s.lists.mu.Unlock()
	n := 0
	for _, i := range s.lists.indices() {
		if s.lists.tab.hot[i].ident().Load()&identTomb != 0 {
			n++
		}
	}
	return n
}

// maxInlineKey is the longest key a heap entry kept in its own allocation
// before the table of slots: the tests' keys of every length run past it.
const maxInlineKey = 224

// indices returns the slots on q's bits, in their order (its side list
// left out).
func (q *idxSet) indices() []uint32 {
	var out []uint32
	for wi, w := range q.bits {
		for ; w != 0; w &= w - 1 {
			out = append(out, uint32(wi*64+bits.TrailingZeros64(w)))
		}
	}
	return out
}

package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestHandedOutKeysOutliveTheirEntry: every key the cache hands out (a
// Pending's Key from TakeDirty, TakeDirtyHot, AppendLocal and
// AppendUnreached; the keys of AppendActive, AppendPull, AppendPullHot,
// TakeFresh, from its new keys and from those used again after a pause;
// Walk's) must keep its bytes after its entry is evicted and the entry's
// memory given to another key, as the table of slots gives an evicted
// key's slot to the next key (integration step 6). The test evicts the key
// (Sweep, or the key cap for AppendUnreached) and writes another key's
// bytes, of the same lengths, where the entry kept its key: a key that
// viewed those bytes now names the other key, and the syncer, which holds
// the keys across its store calls (a Pending's Key after Confirm, the keys
// of a pull while it loads them, the hot keys until the next pull), would
// write or read one key's counts as another's.
func TestHandedOutKeysOutliveTheirEntry(t *testing.T) {
	own, other := Key{"client-0001", "alice"}, Key{"client-0002", "mallo"}
	long := Key{strings.Repeat("x", maxInlineKey), "bob"} // its bytes have their own allocation
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	now := modelStart
	cases := handOutCases(now, tiers)
	for _, tc := range cases {
		for _, k := range []Key{own, long} {
			t.Run(fmt.Sprintf("%s/klen=%d", tc.name, len(k.ClientID)+len(k.User)), func(t *testing.T) {
				c := newCache(t, Config{Shards: 1, MaxKeys: 1})
				d := c.Reserve(k, tiers, 6, Enforce, now) // 60 %: near its limit (hot)
				c.Commit(&d.Reservation)
				e := c.find(k)
				ks := tc.take(c, k)
				if len(ks) != 1 || ks[0] != k {
					t.Fatalf("%s handed out %v, want [%v]", tc.name, ks, k)
				}
				if c.find(k).hotLine != nil {
					// Flushed, then swept: not used for IdleWindows of
					// its window.
					flushAll(c, now)
					if n := c.Sweep(now.Add(10 * time.Minute)); n != 1 || c.find(k).hotLine != nil {
						t.Fatalf("test bug: Sweep evicted %d keys, and %v is held: %v", n, k, c.find(k).hotLine != nil)
					}
				}
				if e.ident().Load()&identTomb == 0 {
					t.Fatal("test bug: the key's slot is not removed")
				}
				reuse(e, other)
				if ks[0] != k {
					t.Errorf("%s's key, once its entry was evicted and its bytes reused for %v, reads %v, want %v", tc.name, other, ks[0], k)
				}
			})
		}
	}
}

// handOutCase is a way the cache hands out a key: take hands out k, held
// with a count, in a Cache of one shard and one key.
type handOutCase struct {
	name string
	take func(c *Cache, k Key) []Key
}

// handOutCases returns every way the cache hands out keys, at now, for
// keys counted against tiers.
func handOutCases(now time.Time, tiers []window.Tier) []handOutCase {
	keysOf := func(ps []Pending) []Key {
		var ks []Key
		for _, p := range ps {
			ks = append(ks, p.Key)
		}
		return ks
	}
	// confirmed confirms ps as written, as a flush does before it is
	// done with their keys (it marks them contended, after Confirm).
	confirmed := func(c *Cache, ps []Pending) []Pending {
		for i := range ps {
			c.Confirm(&ps[i], Snapshot{Version: ps[i].Base.Version + 1, Frames: Merge(ps[i].Base.Frames, ps[i].Delta, now)}, now)
		}
		return ps
	}
	return []handOutCase{
		{"TakeDirty", func(c *Cache, _ Key) []Key { return keysOf(confirmed(c, c.TakeDirty(nil, now))) }},
		{"TakeDirtyHot", func(c *Cache, _ Key) []Key { return keysOf(confirmed(c, c.TakeDirtyHot(nil, now))) }},
		{"AppendLocal", func(c *Cache, _ Key) []Key { return keysOf(c.AppendLocal(nil, now)) }},
		{"AppendUnreached", func(c *Cache, _ Key) []Key {
			ps := c.TakeDirty(nil, now)
			// The cap (one key) evicts the key while its flush holds
			// its counts.
			d := c.Reserve(Key{"client-0003", "carol"}, tiers, 1, Enforce, now)
			c.Commit(&d.Reservation)
			return keysOf(c.AppendUnreached(nil, ps))
		}},
		{"AppendActive", func(c *Cache, _ Key) []Key { return c.AppendActive(nil, now.Add(-time.Minute)) }},
		{"AppendPull", func(c *Cache, _ Key) []Key { return c.AppendPull(nil, now.Add(-time.Minute), 1, 1) }},
		{"AppendPullHot/dst", func(c *Cache, _ Key) []Key {
			dst, _ := c.AppendPullHot(nil, nil, now.Add(-time.Minute), 1, 1)
			return dst
		}},
		{"AppendPullHot/hot", func(c *Cache, _ Key) []Key {
			_, hot := c.AppendPullHot(nil, nil, now.Add(-time.Minute), 1, 1)
			return hot
		}},
		{"TakeFresh/new", func(c *Cache, _ Key) []Key { return c.TakeFresh(nil, 0) }},
		{"TakeFresh/used again", func(c *Cache, k Key) []Key {
			c.TakeFresh(nil, 0)
			// Two pull rounds that read nothing (no key used since the
			// future), then a use: the key is queued as stale.
			c.AppendPull(nil, now.Add(time.Hour), 5, 1)
			d := c.Reserve(k, tiers, 1, Enforce, now)
			c.Commit(&d.Reservation)
			return c.TakeFresh(nil, 0)
		}},
		{"Walk", func(c *Cache, _ Key) []Key {
			var ks []Key
			c.Walk(now, func(Key) []window.Tier { return tiers }, func(k Key, _ *KeyState) bool {
				ks = append(ks, k)
				return true
			})
			return ks
		}},
	}
}

// reuse writes the bytes of o where e, a removed slot or a record, keeps
// its key's (a key of the same lengths), as a table that gives e's memory
// to o would. A long key's bytes are not in e's memory: reuse leaves them,
// and clears a record's reference to them.
func reuse(e entry, o Key) {
	switch code := e.klen & identLenMask; {
	case e.klen == klenLong:
		*e.long() = longKeyRef{}
		return
	case code == identLong:
		return // in its table's arena, never written again
	}
	b := unsafe.Slice((*byte)(e.inlineKey()), e.klen&identLenMask-1)
	copy(b[copy(b, o.ClientID):], o.User)
	e.split = uint8(len(o.ClientID))
}

// TestHandedOutKeysAcrossChunks hands out keys of every length up to
// maxInlineKey and past it, many more bytes than one chunk of a keyBuf
// holds, then gives every entry's key bytes to another key (as
// TestHandedOutKeysOutliveTheirEntry does, without evicting): each key
// handed out keeps its own bytes and split. A call copies the keys into a
// few chunks, not one allocation a key.
func TestHandedOutKeysAcrossChunks(t *testing.T) {
	c := newCache(t, Config{Shards: 4})
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	now := modelStart
	want := map[Key]bool{}
	for i := range 3000 {
		n := i % (maxInlineKey + 20)
		s := fmt.Sprintf("%0*d", n, i)[:n]
		k := Key{ClientID: s[:n/3], User: s[n/3:]}
		if want[k] {
			continue
		}
		want[k] = true
		d := c.Reserve(k, tiers, 1, Enforce, now)
		c.Commit(&d.Reservation)
	}
	active := c.AppendActive(nil, now)
	var taken []Key
	for _, p := range c.TakeDirty(nil, now) {
		taken = append(taken, p.Key)
	}
	for k := range want {
		e := c.find(k)
		if e.klen <= hotKeyLen+1 { // in the slot's line; a longer key's are in its table's arena, never written again
			b := unsafe.Slice((*byte)(e.inlineKey()), e.klen-1)
			for i := range b {
				b[i] ^= 0xff
			}
			e.split = 0
		}
	}
	for name, ks := range map[string][]Key{"AppendActive": active, "TakeDirty": taken} {
		got := map[Key]bool{}
		for _, k := range ks {
			got[k] = true
		}
		if len(ks) != len(want) || len(got) != len(want) {
			t.Fatalf("%s: %d keys, %d distinct, want %d", name, len(ks), len(got), len(want))
		}
		for k := range got {
			if !want[k] {
				t.Fatalf("%s handed out %q|%q, which reads the bytes its entry holds now", name, k.ClientID, k.User)
			}
		}
	}
	dst := make([]Key, 0, len(want))
	allocs := testing.AllocsPerRun(10, func() { dst = c.AppendActive(dst[:0], now) })
	// The chunks (about 330 kB of keys: 256 B doubling to 32 kB, then 32
	// kB each) and the walk's closure; one a key would be 3,000.
	if allocs > 30 {
		t.Errorf("AppendActive of %d keys: %.0f allocations, want at most 30 (the key bytes in chunks)", len(want), allocs)
	}
	t.Logf("AppendActive of %d keys: %.0f allocations", len(want), allocs)
}

package cache

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestKeyBytesKeptApart gives keys that differ only in where ClientID ends,
// in one byte, in an empty part, or in length around the sizes an entry may
// keep a key's bytes in, each its own count, passing every key in one
// reused buffer that is overwritten with another key's bytes right after
// each call (STYLE rule 17: a string the cache kept over the buffer then
// reads as another key of the group). Every way a key comes back out (a
// lookup, Walk, TakeDirty, TakeFresh, AppendActive) must give the key's own
// bytes, split where they were, and its own counts; swept and made again,
// a key starts afresh. Under the collision hash modes (see hashModes) every
// key of a group shares its hash, or most of it.
func TestKeyBytesKeptApart(t *testing.T) {
	groups := []struct {
		name string
		keys []Key
	}{
		{"splits of one concatenation", []Key{{"abc", ""}, {"ab", "c"}, {"a", "bc"}, {"", "abc"}}},
		{"empty parts", []Key{{"", ""}, {"a", ""}, {"", "a"}, {"a", "a"}, {"aa", ""}, {"", "aa"}}},
		{"prefixes", []Key{{"client", ""}, {"client-", ""}, {"client-1", ""}, {"client-1", "u"}, {"client-1", "u2"}, {"client-1u", "2"}}},
		{"NUL bytes", []Key{{"a\x00", "b"}, {"a", "\x00b"}, {"a\x00b", ""}, {"a", "b"}, {"\x00", ""}, {"", "\x00"}}},
		{"sizes around the inline key's", boundaryKeys()},
		{"300 and 70,000 bytes", longKeys()},
	}
	for _, mode := range hashModes() {
		for _, cfg := range []Config{{Shards: 1}, {Shards: 8}} {
			for _, g := range groups {
				t.Run(fmt.Sprintf("%s/shards=%d/%s", mode.name, cfg.Shards, g.name), func(t *testing.T) {
					checkKeysApart(t, newTableCache(t, cfg, mode), g.keys)
				})
			}
		}
	}
}

// boundaryKeys returns keys of lengths at and around every inline key size
// an entry may have (and 0, 1, 300), each whole in ClientID, whole in User,
// and split in the middle. The bytes count up, so keys of one length and
// split differ only in the split.
func boundaryKeys() []Key {
	var ks []Key
	seen := map[Key]bool{}
	for _, b := range []int{16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 240, 256} {
		for _, n := range []int{b - 1, b, b + 1} {
			s := make([]byte, n)
			for i := range s {
				s[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[i%36]
			}
			str := string(s)
			for _, k := range []Key{{str, ""}, {"", str}, {str[:n/2], str[n/2:]}} {
				if !seen[k] {
					seen[k] = true
					ks = append(ks, k)
				}
			}
		}
	}
	return append(ks, Key{"", ""}, Key{"0", ""}, Key{"", "0"})
}

// longKeys returns keys of 300 and 70,000 bytes that differ in their first,
// middle or last byte, or in their split only.
func longKeys() []Key {
	var ks []Key
	for _, n := range []int{300, 70_000} {
		base := []byte(longKey(n, 'a'))
		first, mid := slices.Clone(base), slices.Clone(base)
		first[0], mid[n/2] = 'b', 'b'
		ks = append(ks,
			Key{string(base), ""}, Key{"", string(base)}, Key{string(base[:n/2]), string(base[n/2:])},
			Key{string(base[:n/2+1]), string(base[n/2+1:])}, Key{string(first), ""}, Key{string(mid), ""},
			Key{longKey(n, 'b'), ""}, Key{string(base), "u"})
	}
	return ks
}

// checkKeysApart runs the steps of TestKeyBytesKeptApart on c with keys,
// which must all differ.
func checkKeysApart(t *testing.T, c *Cache, keys []Key) {
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Minute}}
	now := modelStart
	var sc scratch
	// call passes k in the scratch buffer, then overwrites it with the
	// bytes of the next key of the group.
	call := func(i int, f func(Key)) {
		f(sc.view(keys[i]))
		sc.scribble(keys[(i+1)%len(keys)])
	}
	index := map[Key]int{}
	for i, k := range keys {
		if _, dup := index[k]; dup {
			t.Fatalf("test bug: %s twice", keyName(k))
		}
		index[k] = i
	}
	// state fails unless key i is held with the given counts and version.
	state := func(step string, i int, local, global, version int64) {
		t.Helper()
		var st KeyState
		var held bool
		call(i, func(k Key) { held = c.Inspect(k, tiers, now, &st) })
		if !held {
			t.Fatalf("%s: %s not held", step, keyName(keys[i]))
		}
		if got := st.Tiers[0]; got.Local.Curr != local || got.Global.Curr != global || st.Version != version {
			t.Fatalf("%s: %s holds local %d, global %d at version %d; want %d, %d at %d (another key's?)",
				step, keyName(keys[i]), got.Local.Curr, got.Global.Curr, st.Version, local, global, version)
		}
		var lw time.Duration
		var ok bool
		call(i, func(k Key) { lw, ok = c.LongestWindow(k) })
		if !ok || lw != time.Minute {
			t.Fatalf("%s: LongestWindow(%s) = %v, %v", step, keyName(keys[i]), lw, ok)
		}
	}

	for i := range keys {
		call(i, func(k Key) { c.Commit(new(c.Reserve(k, tiers, int64(i+1), Enforce, now).Reservation)) })
	}
	for i := range keys {
		state("after one request each", i, int64(i+1), 0, 0)
	}
	// TakeFresh keeps a bounded number of keys per shard: some may be
	// left out, none given twice or wrong.
	sameKeys(t, "TakeFresh", c.TakeFresh(nil, 0), keys, false)
	sameKeys(t, "AppendActive", c.AppendActive(nil, now), keys, true)
	var walked []Key
	c.Walk(now, func(Key) []window.Tier { return tiers }, func(k Key, st *KeyState) bool {
		walked = append(walked, k)
		if i, ok := index[k]; ok && st.Tiers[0].Local.Curr != int64(i+1) {
			t.Errorf("Walk: %s holds %d, want %d", keyName(k), st.Tiers[0].Local.Curr, i+1)
		}
		return true
	})
	sameKeys(t, "Walk", walked, keys, true)
	if t.Failed() {
		t.FailNow()
	}

	// A flush takes each key once, with its own bytes and count, and
	// installs what it wrote into that key alone.
	ps := c.TakeDirty(nil, now)
	got := make([]Key, len(ps))
	for j, p := range ps {
		got[j] = p.Key
		i, ok := index[p.Key]
		if !ok || len(p.Delta) != 1 || p.Delta[0].N != int64(i+1) {
			t.Fatalf("TakeDirty: %s with delta %+v", keyName(p.Key), p.Delta)
		}
		c.Confirm(&ps[j], Snapshot{Version: 1, Frames: Merge(nil, p.Delta, now)}, now)
	}
	sameKeys(t, "TakeDirty", got, keys, true)
	for i := range keys {
		state("after the flush", i, 0, int64(i+1), 1)
	}
	// A pull reaches the key it names.
	for i := range keys {
		snap := Snapshot{Version: 2, Frames: []Frame{{Size: time.Minute, StartUnix: now.Unix(), N: int64(100 + i)}}}
		var applied bool
		call(i, func(k Key) { applied = c.Apply(k, snap, now) })
		if !applied {
			t.Fatalf("Apply(%s) = false, want true", keyName(keys[i]))
		}
	}
	for i := range keys {
		state("after a pull", i, 0, int64(100+i), 2)
	}

	// Swept, the keys are gone; made again (in the other order, so that
	// they take other places), each starts from nothing.
	later := now.Add(10 * time.Minute)
	if n := c.Sweep(later); n != len(keys) || c.Len() != 0 {
		t.Fatalf("Sweep = %d, Len = %d; want %d and 0", n, c.Len(), len(keys))
	}
	for i := range keys {
		var held bool
		call(i, func(k Key) { held = c.Inspect(k, tiers, later, new(KeyState)) })
		if held {
			t.Fatalf("%s held after Sweep", keyName(keys[i]))
		}
	}
	now = later
	for i := len(keys) - 1; i >= 0; i-- {
		call(i, func(k Key) { c.Commit(new(c.Reserve(k, tiers, int64(50+i), Enforce, now).Reservation)) })
	}
	for i := range keys {
		state("made again", i, int64(50+i), 0, 0)
	}
	if c.Len() != len(keys) {
		t.Fatalf("Len = %d made again, want %d", c.Len(), len(keys))
	}
}

// sameKeys fails unless got holds each of want exactly once (at most once
// unless all), and nothing else.
func sameKeys(t *testing.T, what string, got, want []Key, all bool) {
	t.Helper()
	n := map[Key]int{}
	for _, k := range got {
		n[k]++
	}
	for _, k := range want {
		if n[k] > 1 || all && n[k] == 0 {
			t.Errorf("%s gives %s %d times, want once", what, keyName(k), n[k])
		}
		delete(n, k)
	}
	for k, m := range n {
		t.Errorf("%s gives %s (%d times), a key never used", what, keyName(k), m)
	}
}

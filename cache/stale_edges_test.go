package cache

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Edges of stale.go that the rest of the package's tests left open (found
// by mutating it, helper-112's run).

// A key used again one pull round after its last read is left to the next
// pull (it is marked used, and the pull reads it); from two rounds on it is
// read at once, with the new keys (TakeFresh). Queued after one round
// already, every key used every other round was read twice: by TakeFresh
// and again by the pull.
func TestStaleAfterTwoRoundsNotOne(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	since := now.Add(-time.Minute)
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	for _, rounds := range []uint64{1, 2} {
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "app", User: "u"}
		use := func() { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
		use()
		if got := c.TakeFresh(nil, 0); !slices.Equal(got, []Key{k}) {
			t.Fatalf("TakeFresh = %v, want the new key", got)
		}
		for r := range rounds {
			if got := c.AppendPull(nil, since, r, 1); len(got) != 0 {
				t.Fatalf("pull %d reads %v of a key unused since its read", r, got)
			}
		}
		use()
		fresh := c.TakeFresh(nil, 0)
		pulled := c.AppendPull(nil, since, rounds, 1)
		if rounds == 1 && (len(fresh) != 0 || !slices.Equal(pulled, []Key{k})) {
			t.Errorf("used one round after its read: TakeFresh %v, pull %v; want none, then the key", fresh, pulled)
		}
		if rounds == 2 && (!slices.Equal(fresh, []Key{k}) || len(pulled) != 0) {
			t.Errorf("used two rounds after its read: TakeFresh %v, pull %v; want the key, then none", fresh, pulled)
		}
	}
}

// TakeFresh's bound holds over the new keys and the stale ones together:
// one new key and two stale, at most two, the third kept for the next call.
// Bounded by max alone, the stale keys came on top of the new ones (three).
func TestTakeFreshBoundsNewAndStale(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	since := now.Add(-time.Minute)
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	c := newCache(t, Config{Shards: 1})
	use := func(k Key) { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	a, b, n := Key{ClientID: "app", User: "a"}, Key{ClientID: "app", User: "b"}, Key{ClientID: "app", User: "new"}
	use(a)
	use(b)
	c.TakeFresh(nil, 0)
	c.AppendPull(nil, since, 0, 1)
	c.AppendPull(nil, since, 1, 1)
	use(a) // stale: two rounds since their reads
	use(b)
	use(n) // new
	got := c.TakeFresh(nil, 2)
	if len(got) != 2 {
		t.Fatalf("TakeFresh(2) = %v, want 2 keys", got)
	}
	got = c.TakeFresh(got, 0)
	slices.SortFunc(got, func(x, y Key) int { return strings.Compare(x.User, y.User) })
	if !slices.Equal(got, []Key{a, b, n}) {
		t.Errorf("two calls took %v, want each key once: %v", got, []Key{a, b, n})
	}
}

// When TakeFresh reaches its bound, the shards it has not come to keep
// their new keys for the next call. Walked on, each of them lost its new
// keys (cleared, none taken), which waited for the next pull instead.
func TestTakeFreshLeavesLaterShards(t *testing.T) {
	const shards = 4
	c := newCache(t, Config{Shards: shards})
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	var keys []Key
	seen := map[*shard]bool{}
	for i := 0; len(keys) < shards; i++ {
		k := Key{ClientID: fmt.Sprintf("client-%d", i)}
		if s := c.shardOf(c.hash(k)); !seen[s] {
			seen[s] = true
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		c.Release(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
	}
	first := c.TakeFresh(nil, 1)
	rest := c.TakeFresh(nil, 0)
	if len(first) != 1 || len(rest) != shards-1 {
		t.Fatalf("TakeFresh(1) = %v, then TakeFresh(0) = %v; want 1 key, then the other %d", first, rest, shards-1)
	}
}

// A new key that TakeFresh reads pulls after it was made counts as read at
// that call, not at its making: used again at once, it is not stale. Left
// at the round it was made in, two pulls that did not read it (coldEvery
// not reached) made its next use queue it again, and TakeFresh read it twice
// in a row.
func TestTakeFreshCountsAsReadNow(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	since := now.Add(-time.Minute)
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "app", User: "u"}
	use := func() { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	use()
	for r := range uint64(2) {
		if got := c.AppendPull(nil, since, r, 3); len(got) != 0 {
			t.Fatalf("pull %d (coldEvery 3) reads %v", r, got)
		}
	}
	if got := c.TakeFresh(nil, 0); !slices.Equal(got, []Key{k}) {
		t.Fatalf("TakeFresh = %v, want the new key", got)
	}
	use()
	if got := c.TakeFresh(nil, 0); len(got) != 0 {
		t.Errorf("used again right after TakeFresh read it: TakeFresh = %v, want none", got)
	}
}

// TakeFresh takes the stale keys' queue while requests mark keys used:
// under -race, the flags and read round it sets and those a decision reads
// are written under the key's lock. Set without it, the race detector
// reports the pair (takeStale's write, markUse's read).
func TestTakeStaleWhileDeciding(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	since := now.Add(-time.Minute)
	tiers := []window.Tier{{Limit: 1 << 30, Size: time.Minute}}
	c := newCache(t, Config{Shards: 1})
	keys := make([]Key, 32)
	for i := range keys {
		keys[i] = Key{ClientID: fmt.Sprintf("client-%04d", i)}
	}
	use := func(k Key) { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	for _, k := range keys {
		use(k)
	}
	c.TakeFresh(nil, 0)
	for round := range uint64(20) {
		c.AppendPull(nil, since, 2*round, 1<<20)
		c.AppendPull(nil, since, 2*round+1, 1<<20) // two rounds: each key used next is stale
		done := make(chan struct{})
		go func() {
			defer close(done)
			for range 4 {
				for _, k := range keys {
					use(k)
				}
			}
		}()
		for range 50 {
			c.TakeFresh(nil, 0)
		}
		<-done
	}
}

// A key queued as stale and evicted before TakeFresh comes is not returned:
// TakeFresh gives keys still held, and the syncer would read a document
// nothing here decides on.
func TestTakeFreshSkipsEvictedStaleKey(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	since := now.Add(-time.Minute)
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "app", User: "u"}
	use := func() { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	use()
	c.TakeFresh(nil, 0)
	c.AppendPull(nil, since, 0, 1)
	c.AppendPull(nil, since, 1, 1)
	use() // queued as stale
	if n := c.Sweep(now.Add(time.Hour)); n != 1 {
		t.Fatalf("Sweep evicted %d, want the empty key", n)
	}
	if got := c.TakeFresh(nil, 0); len(got) != 0 {
		t.Errorf("TakeFresh = %v after the stale key was evicted, want none", got)
	}
}

// When TakeFresh reaches its bound inside a shard, that shard's other new
// keys stay queued for the next call, as the later shards' do: three new
// keys in one shard, TakeFresh(2), then TakeFresh(0) takes the third.
// Cleared, the third waited for a pull: with coldEvery 3 no pull read it
// for two rounds, while it was used.
func TestTakeFreshKeepsTheShardsRest(t *testing.T) {
	now := time.Unix(1_900_000_000, 0)
	since := now.Add(-time.Minute)
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	c := newCache(t, Config{Shards: 1})
	use := func(k Key) { c.Release(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation)) }
	keys := []Key{{ClientID: "app", User: "a"}, {ClientID: "app", User: "b"}, {ClientID: "app", User: "c"}}
	for _, k := range keys {
		use(k)
	}
	first := c.TakeFresh(nil, 2)
	if !slices.Equal(first, keys[:2]) {
		t.Fatalf("TakeFresh(2) = %v, want the first two new keys %v", first, keys[:2])
	}
	var pulled []Key
	for r := range uint64(2) {
		use(keys[2])
		pulled = c.AppendPull(pulled, since, r, 3)
	}
	rest := c.TakeFresh(nil, 0)
	if !slices.Equal(rest, keys[2:]) {
		t.Errorf("the next TakeFresh = %v (two pulls of coldEvery 3 read %v), want the third new key %v", rest, pulled, keys[2:])
	}
	if again := c.TakeFresh(nil, 0); len(again) != 0 {
		t.Errorf("a third TakeFresh = %v, want none: each key is taken once", again)
	}
}

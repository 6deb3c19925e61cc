package cache

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// pastHomeShapes are keys of each of lookup's ways to a key (lookup's own
// short parts, lookupWords in the hot line and in the table's key arena,
// hash and holds past 48 bytes), as shape(i), of one length and split
// each; in each shape but the first of a way one part is the same for
// every key, so that keys of one ident differ in the other part alone.
var pastHomeShapes = []struct {
	name  string
	shape func(i int) Key
}{
	{"short parts, 26 bytes", func(i int) Key { return Key{ClientID: "client-0000001", User: pad("user-", i, 7)} }},
	{"short parts, 32 bytes", func(i int) Key { return Key{ClientID: pad("client-", i, 9), User: pad("user-", i, 11)} }},
	{"short parts, 32 bytes, one user", func(i int) Key { return Key{ClientID: pad("client-", i, 9), User: "user-00000000001"} }},
	{"short parts, 32 bytes, one client", func(i int) Key { return Key{ClientID: "client-000000001", User: pad("user-", i, 11)} }},
	{"uuid", func(i int) Key { return Key{ClientID: uuidOf(i)} }},
	{"uuid, one user", func(i int) Key { return Key{ClientID: uuidOf(i), User: "user-0000001"} }},
	{"one uuid, users", func(i int) Key { return Key{ClientID: uuidOf(7), User: pad("user-", i, 7)} }},
	{"name, one number", func(i int) Key { return Key{ClientID: pad("s", i, 5), User: "12345678"} }},
	{"one name, numbers", func(i int) Key { return Key{ClientID: "svc-1", User: pad("", i, 9)} }},
	{"60-byte client", func(i int) Key { return Key{ClientID: strings.Repeat("c", 53) + pad("", i, 7), User: "u"} }},
	{"one 60-byte client, users", func(i int) Key { return Key{ClientID: strings.Repeat("c", 60), User: pad("user-", i, 7)} }},
}

// pad returns prefix and i in w digits, zero-padded.
func pad(prefix string, i, w int) string { return fmt.Sprintf("%s%0*d", prefix, w, i) }

// pastHomeSeeds are the hash's secrets of the past-home tests' caches, set
// before any key is used, in place of New's random
// ones: with them which keys share a tag, and where each lands, are the
// same on every run, so that the look-ups the tests need (past the home
// slot, past a key of the same ident) are there every run, not in most.
var pastHomeSeeds = keySeeds{0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb, 0x2545f4914f6cdd1d, 0xd6e8feb86659fd93, 0xa0761d6478bd642f}

// sameTagKeys returns keys of shape whose hashes under c share their tag
// (the ident's bytes 2-3) with at least two others: the largest groups of
// one tag among the first 1<<16 of the shape, about 24 keys. Keys of one
// shape have one length and split, so that a group's keys have one ident,
// and a lookup past its home slot that passes one of the group's slots
// compares its bytes.
func sameTagKeys(c *Cache, shape func(int) Key) []Key {
	byTag := map[uint16][]Key{}
	for i := range 1 << 16 {
		k := shape(i)
		tag := uint16(c.hash(k) >> identTagShift)
		byTag[tag] = append(byTag[tag], k)
	}
	// The largest groups first, of equal size by tag: the same every run.
	tags := slices.Collect(maps.Keys(byTag))
	slices.SortFunc(tags, func(a, b uint16) int {
		return cmp.Or(cmp.Compare(len(byTag[b]), len(byTag[a])), cmp.Compare(a, b))
	})
	var keys []Key
	for _, tag := range tags {
		if len(keys) >= 24 || len(byTag[tag]) < 3 {
			break
		}
		keys = append(keys, byTag[tag]...)
	}
	return keys
}

// pastHome reports whether k is held in a slot after its home slot, and
// whether a slot between them holds a key of k's ident (whose bytes a
// probe compares), in the published table; the caller changes nothing
// meanwhile.
func pastHome(c *Cache, k Key) (past, crossed bool) {
	h := c.hash(k)
	t := c.shardOf(h).pub.tab.Load()
	want := identOf(len(k.ClientID)+len(k.User), len(k.ClientID), h)
	i, j := t.home(h), t.probe(k, h)
	for ; i != j; i = (i + 1) % t.size() {
		past = true
		crossed = crossed || t.hot[i].ident().Load() == want
	}
	return past, crossed
}

// TestLookupFindsKeysPastHome: lookup itself (not findOrInsert's probe
// after it) finds a held key of every shape in the slot that holds it,
// past its home slot too, and passes over the slots of keys of its ident
// (its length, split and tag) that are not it: keys of one tag in a
// one-shard table (sameTagKeys), among new keys inserted and swept in
// rounds (rebuilds as the table grows, tombstones, rebuilds of a sparse
// table). A look-up that stops at the home slot misses a key past it
// (findOrInsert would find it: the decision alone does not tell); one
// that compares a long key's bytes wrongly returns another key's slot.
// Each key is decided too, and its count checked; a decision on a key
// past its home allocates nothing.
func TestLookupFindsKeysPastHome(t *testing.T) {
	tiers := unreachedTiers(time.Minute)
	for _, sh := range pastHomeShapes {
		t.Run(sh.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1 << 20})
			c.seeds = pastHomeSeeds
			keys := sameTagKeys(c, sh.shape)
			counts := make([]int64, len(keys))
			churn := 0
			var past, crossed int
			for round := range 12 {
				// New keys, idle two hours by the sweep: inserted
				// (rebuilds), then removed (tombstones, a sparse table
				// rebuilt); more each round.
				for range 20 * round {
					d := c.Reserve(Key{ClientID: pad("churn-", churn, 6), User: sh.shape(1<<20 + churn).User}, tiers, 1, Enforce, t0.Add(-2*time.Hour))
					c.Release(&d.Reservation)
					churn++
				}
				if round%3 == 2 {
					c.Sweep(t0)
				}
				for j, k := range keys {
					if counts[j] > 0 {
						p, x := pastHome(c, k)
						if p {
							past++
						}
						if x {
							crossed++
						}
						e, tab, _ := c.lookup(k)
						if want := c.find(k); e != want {
							got := "none"
							if e.hotLine != nil {
								got = fmt.Sprintf("%q/%q", c.keyOf(e).ClientID, c.keyOf(e).User)
							}
							t.Fatalf("round %d: lookup(%q/%q) (past its home %v, past a key of its ident %v) found %s at %p, want its own slot %p",
								round, k.ClientID, k.User, p, x, got, e.hotLine, want.hotLine)
						} else if tab == nil || !tab.has(e.hotLine) {
							t.Fatalf("round %d: lookup(%q/%q) returned a table that does not hold the slot", round, k.ClientID, k.User)
						}
					}
					d := c.Reserve(k, tiers, 1, Enforce, t0)
					if !d.Allowed || d.Used != counts[j]+1 {
						t.Fatalf("round %d: %q/%q: allowed %v, used %d; want allowed, used %d", round, k.ClientID, k.User, d.Allowed, d.Used, counts[j]+1)
					}
					c.Commit(&d.Reservation)
					counts[j]++
				}
			}
			t.Logf("%d keys, in threes or more of one tag; of their look-ups, %d past home, %d past a key of their ident", len(keys), past, crossed)
			if past == 0 || crossed == 0 {
				t.Fatalf("%d look-ups past home, %d past a key of their ident: the test reaches neither probe nor compare (want both)", past, crossed)
			}
			// A decision on a key past its home allocates nothing.
			for _, k := range keys {
				if p, _ := pastHome(c, k); !p {
					continue
				}
				allocs := testing.AllocsPerRun(50, func() {
					d := c.Reserve(k, tiers, 1, Enforce, t0)
					c.Commit(&d.Reservation)
				})
				if allocs != 0 {
					t.Errorf("%q/%q, past its home slot: %v allocations a decision, want 0", k.ClientID, k.User, allocs)
				}
			}
		})
	}
}

// TestLookupPastHomeUnderChurn is TestLookupFindsKeysPastHome's keys decided
// by workers at once while another goroutine inserts and sweeps new keys
// (rebuilds, tombstones): every key found by a look-up is the key looked
// up (its slot's bytes), and every decision sees the key's own count.
func TestLookupPastHomeUnderChurn(t *testing.T) {
	const workers, rounds, churnKeys = 3, 20, 400
	tiers := unreachedTiers(time.Minute)
	for _, sh := range pastHomeShapes {
		t.Run(sh.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1, MaxKeys: 1 << 20})
			c.seeds = pastHomeSeeds
			keys := sameTagKeys(c, sh.shape)
			var churn, decide sync.WaitGroup
			churn.Go(func() {
				for i := range churnKeys {
					d := c.Reserve(Key{ClientID: pad("churn-", i, 6), User: sh.shape(1<<20 + i).User}, tiers, 1, Enforce, t0.Add(-2*time.Hour))
					c.Release(&d.Reservation)
					if i%40 == 39 {
						c.Sweep(t0)
					}
				}
			})
			errs := make(chan string, workers)
			counts := make([][]int64, workers)
			for g := range workers {
				counts[g] = make([]int64, len(keys))
				decide.Go(func() {
					for range rounds {
						for j := g; j < len(keys); j += workers {
							k := keys[j]
							if e, tab, _ := c.lookup(k); e.hotLine != nil {
								if got := tab.keyOf(int(tab.indexOf(e.hotLine))); got != k {
									errs <- fmt.Sprintf("lookup(%q/%q) found %q/%q", k.ClientID, k.User, got.ClientID, got.User)
									return
								}
							}
							d := c.Reserve(k, tiers, 1, Enforce, t0)
							if !d.Allowed || d.Used != counts[g][j]+1 {
								errs <- fmt.Sprintf("%q/%q: allowed %v, used %d; want allowed, used %d", k.ClientID, k.User, d.Allowed, d.Used, counts[g][j]+1)
								c.Release(&d.Reservation)
								return
							}
							c.Commit(&d.Reservation)
							counts[g][j]++
						}
					}
				})
			}
			decide.Wait()
			churn.Wait()
			close(errs)
			for e := range errs {
				t.Error(e)
			}
			if t.Failed() {
				return
			}
			for j, k := range keys {
				if got := c.used(k, time.Minute, t0); got != counts[j%workers][j] {
					t.Errorf("%q/%q: %d counted, want %d", k.ClientID, k.User, got, counts[j%workers][j])
				}
			}
		})
	}
}

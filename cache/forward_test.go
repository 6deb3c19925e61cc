package cache

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The tests of this file hold a key's state across what the table of
// slots (h153's plan, step 6b) does to it: a rebuild of its shard's table
// moves every key it holds, and an eviction at MaxKeys removes the key
// while a Reservation or a Pending is out on it. A holder must then reach
// the instance it was given, where a rebuild moved it (by index, not by
// key: the key may be held again since, as a new instance), or the record
// its removal left, never the key's next instance. They go through the
// Cache's API and the hooks below, which name nothing of the table, so
// that they hold of any table: today's heap entries pass them, and the
// switch to slots must.

// testRebuild rebuilds shard i's table in place, at the size it has, as a
// growth does (under the shard's lock, the new table published): every key
// it holds moves to the new table.
func (c *Cache) testRebuild(i int) {
	s := &c.shards[i]
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pub.tab.Load()
	s.rebuild(t, t.used, c.hash)
}

// testShard returns the index of k's shard, for testRebuild.
func (c *Cache) testShard(k Key) int {
	return int(c.hash(k) & uint64(len(c.shards)-1))
}

// testHeldReserved returns the cost reserved on the instance r (a copy of
// a Reservation taken before it was settled) was reserved on, however it
// moved or was removed since: what its holder reaches, read without
// changing it. Under slots it follows r's ref as lockRef does (moved slots
// by index, a tombstone to its record); a tombstone without a record (the
// key removed with nothing out on it) holds nothing: 0.
func (c *Cache) testHeldReserved(r Reservation) int64 {
	e, _ := c.lockRef(r.e)
	if e.hotLine == nil {
		return 0
	}
	defer e.mu.Unlock()
	o := e.openRead(&c.codes)
	defer o.doneReading()
	return o.reserved
}

// forwardTiers count every key in a window of a minute and in one longer
// than any test here runs (8 h: modelStart starts one of its frames), whose
// frame never rolls, so that the ledgers add every count up in it.
var forwardTiers = []window.Tier{
	{Limit: 1 << 40, Size: time.Minute},
	{Limit: 1 << 40, Size: 8 * time.Hour},
}

// longDelta returns the count of ps's deltas in the 8 h window, per key.
func longDelta(ps []Pending) map[Key]int64 {
	out := map[Key]int64{}
	for _, p := range ps {
		for _, f := range p.Delta {
			if f.Size == 8*time.Hour {
				out[p.Key] += f.N
			}
		}
	}
	return out
}

// TestCacheForwardKeepsInstance: a Reservation (Commit, Release) or a
// Pending (Confirm, Abort) out on key K while K's shard is rebuilt, K is
// evicted at MaxKeys, the shard rebuilt again, and K comes back as a new
// instance and is rebuilt once more, settles on K's first instance, never
// on the new one: a committed cost is counted in the evicted instance,
// which reaches TakeDirty as a key of its own (a detached key, its
// record), and a Pending's delta leaves or stays in that instance's local
// counts. The new instance shows only its own request (Inspect: its local
// counts, its reserved, its version), both instances end with nothing
// reserved, and every count is flushed once. A holder that reached K by
// its key, as a moved slot forwarded by key would (proto-hot's forward,
// h153 1.1), settles on the new instance: its reserved goes below 0, the
// first cost is counted in it, or a Confirm installs the store's version
// there and takes the first delta off its counts.
func TestCacheForwardKeepsInstance(t *testing.T) {
	k := Key{ClientID: "client-forward", User: "k"}
	x := Key{ClientID: "client-x", User: "pushes-k-out"}
	for _, op := range []string{"Commit", "Release", "Confirm", "Abort"} {
		t.Run(op, func(t *testing.T) {
			// One shard of at most 4 keys: K and three neighbours, so
			// that a rebuild moves K among others.
			c := newCache(t, Config{Shards: 1, MaxKeys: 4})
			now := modelStart
			var nbrs []Key
			for i := range 3 {
				nbrs = append(nbrs, Key{ClientID: fmt.Sprint("client-nbr-", i)})
			}
			reserve := func(k Key, cost int64, at time.Time) Reservation {
				t.Helper()
				d := c.Reserve(k, forwardTiers, cost, Enforce, at)
				if !d.Counted {
					t.Fatalf("Reserve(%v, %d) not counted: %+v", k, cost, d)
				}
				return d.Reservation
			}
			committed := map[Key]int64{}
			commit := func(k Key, cost int64, at time.Time) {
				t.Helper()
				r := reserve(k, cost, at)
				c.Commit(&r)
				committed[k] += cost
			}
			flushed := map[Key]int64{}
			confirm := func(ps []Pending, at time.Time) {
				for k, n := range longDelta(ps) {
					flushed[k] += n
				}
				for i := range ps {
					w := Snapshot{Version: ps[i].Base.Version + 1, Frames: Merge(ps[i].Base.Frames, ps[i].Delta, at)}
					c.Confirm(&ps[i], w, at)
				}
			}
			// K's first instance, with 3 out on it: a Reservation, or
			// a Pending of 3 committed and taken.
			var r1 Reservation
			var p1 Pending
			switch op {
			case "Commit", "Release":
				r1 = reserve(k, 3, now)
			default:
				commit(k, 3, now)
			}
			// The neighbours, used later than K and with counts of
			// their own: K is the one evicted (the least recently
			// used of the keys with counts, or the one without).
			for _, n := range nbrs {
				commit(n, 1, now.Add(time.Second))
			}
			if op == "Confirm" || op == "Abort" {
				ps := c.TakeDirty(nil, now.Add(time.Second))
				var rest []Pending
				for _, p := range ps {
					if p.Key == k {
						p1 = p
					} else {
						rest = append(rest, p)
					}
				}
				if p1.Key != k || longDelta([]Pending{p1})[k] != 3 {
					t.Fatalf("TakeDirty gave no Pending of 3 for %v: %+v", k, ps)
				}
				confirm(rest, now.Add(time.Second))
				for _, n := range nbrs { // counts again, used after K
					commit(n, 1, now.Add(time.Second))
				}
			}
			sh := c.testShard(k)
			c.testRebuild(sh)
			// A new key at MaxKeys evicts K (with its holder's 3 out).
			rx := reserve(x, 1, now.Add(2*time.Second))
			c.Release(&rx)
			var st KeyState
			if c.Inspect(k, forwardTiers, now.Add(2*time.Second), &st) || c.Stats().EvictedCap != 1 {
				t.Fatalf("test bug: %v not evicted by %v (held: %v, %+v)", k, x, c.Inspect(k, forwardTiers, now, &st), c.Stats())
			}
			c.testRebuild(sh)
			// K again: a new instance (it evicts x, which holds
			// nothing), with 5 of its own committed.
			commit(k, 5, now.Add(3*time.Second))
			if c.Inspect(x, forwardTiers, now.Add(3*time.Second), &st) || c.Stats().EvictedCap != 2 {
				t.Fatalf("test bug: %v not evicted by %v's return (%+v)", x, k, c.Stats())
			}
			c.testRebuild(sh)
			// The first holder settles now.
			r1held := r1
			switch op {
			case "Commit":
				c.Commit(&r1)
				committed[k] += 3
			case "Release":
				c.Release(&r1)
			case "Confirm":
				flushed[k] += 3
				w := Snapshot{Version: p1.Base.Version + 1, Frames: Merge(p1.Base.Frames, p1.Delta, now.Add(3*time.Second))}
				c.Confirm(&p1, w, now.Add(3*time.Second))
			case "Abort":
				c.Abort(&p1)
			}
			later := now.Add(4 * time.Second)
			// The new instance: its own 5, nothing reserved, no
			// snapshot (its store document was never written or read).
			if !c.Inspect(k, forwardTiers, later, &st) {
				t.Fatalf("%v's new instance not held", k)
			}
			if got := st.Tiers[1].Local.Curr; got != 5 || st.Reserved != 0 || st.Version != 0 {
				t.Errorf("%s on %v's first instance: its new instance has local %d, reserved %d, version %d; want 5, 0, 0 (only its own request)",
					op, k, got, st.Reserved, st.Version)
			}
			if op == "Commit" || op == "Release" {
				if got := c.testHeldReserved(r1held); got != 0 {
					t.Errorf("%s: %v's first instance holds %d reserved, want 0", op, k, got)
				}
			}
			if cost, keys := c.InFlight(); cost != 0 || keys != 0 {
				t.Errorf("%s: InFlight %d on %d keys, want none", op, cost, keys)
			}
			// Every count flushed once: K's first instance (if it
			// holds any) as a key of its own, its new one apart.
			ps := c.TakeDirty(nil, later)
			var kDeltas []int64
			for _, p := range ps {
				if p.Key == k {
					kDeltas = append(kDeltas, longDelta([]Pending{p})[k])
				}
			}
			want := []int64{5}
			if op == "Commit" || op == "Abort" {
				want = []int64{3, 5} // the first instance's, and the new one's
			}
			slices.Sort(kDeltas)
			if !slices.Equal(kDeltas, want) {
				t.Errorf("%s: TakeDirty took %v of %v (its instances' deltas), want %v", op, kDeltas, k, want)
			}
			confirm(ps, later)
			if ps := c.AppendLocal(nil, later); len(ps) != 0 {
				t.Errorf("%s: counts left after a flush of all: %+v", op, ps)
			}
			for _, key := range append(nbrs, k, x) {
				if flushed[key] != committed[key] {
					t.Errorf("%s: %v: %d flushed, %d committed", op, key, flushed[key], committed[key])
				}
			}
			if s := c.Stats(); s.Detached != 0 || s.Dropped != 0 {
				t.Errorf("%s: %d keys detached, %d dropped after the flush; want none", op, s.Detached, s.Dropped)
			}
		})
	}
}

// TestForwardStress: under -race, goroutines Reserve on keys of three
// shards, hold up to four Reservations each across their next requests
// and Commit or Release them, while another rebuilds those shards in turn
// and brings new keys past MaxKeys (so that the workers' keys, too, are
// evicted with Reservations out on them and come back as new
// instances), moving the clock a second each time (the minute's frames
// roll over some sixteen times), and a syncer takes the dirty keys and
// confirms, aborts or holds each Pending until its next round. At the end
// every cost committed is in exactly one place, per key in the 8 h window:
// flushed (confirmed), still local, or dropped at the detached cap
// (Stats.Dropped); nothing is reserved on any instance a Reservation was
// made on, nor on a key held; and once all is flushed nothing is local
// or detached. Bounded by counts, not by time.
func TestForwardStress(t *testing.T) {
	const (
		workers  = 4
		ops      = 4000 // a worker's Reserves
		rebuilds = 1000 // and as many new keys, and seconds
	)
	// 4 keys a shard; up to 256 evicted keys wait for a flush (detached)
	// before their counts are dropped.
	c := newCache(t, Config{Shards: 64, MaxKeys: 256})
	var clock atomic.Int64
	clock.Store(modelStart.Unix())
	now := func() time.Time { return time.Unix(clock.Load(), 0) }
	// Eight keys in each of three shards: twice what they hold.
	shards := []int{1, 2, 61}
	inShards := func(k Key) bool { return slices.Contains(shards, c.testShard(k)) }
	var keys []Key
	for i := 0; len(keys) < 24; i++ {
		if k := (Key{ClientID: fmt.Sprint("client-", i), User: "u"}); inShards(k) {
			keys = append(keys, k)
		}
	}
	type ledger struct {
		committed map[Key]int64
		held      []heldRes // copies, before each was settled
	}
	ledgers := make([]ledger, workers+1) // the workers', the rebuilder's
	for i := range ledgers {
		ledgers[i].committed = map[Key]int64{}
	}
	var wg, runners sync.WaitGroup
	var running atomic.Int32
	running.Store(workers + 1)
	// The syncer's rounds: each worker, and the rebuilder, waits for one
	// now and then, so that the syncer keeps up with them (else, on two
	// cores, evicted keys wait for it past the detached cap, and their
	// counts are dropped).
	var rounds atomic.Int64
	waitRound := func() {
		for r := rounds.Load(); rounds.Load() == r; {
			runtime.Gosched()
		}
	}
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer running.Add(-1)
			rng := rand.New(rand.NewPCG(uint64(w), 0xf0))
			l := &ledgers[w]
			var open []heldRes
			settle := func() {
				h := open[0]
				open = open[1:]
				l.held = append(l.held, h)
				if rng.IntN(4) != 0 {
					l.committed[h.k] += h.r.cost
					c.Commit(&h.r)
				} else {
					c.Release(&h.r)
				}
			}
			for i := range ops {
				if i%32 == 31 {
					waitRound()
				}
				k := keys[rng.IntN(len(keys))]
				d := c.Reserve(k, forwardTiers, 1+rng.Int64N(3), Enforce, now())
				if !d.Counted {
					t.Errorf("Reserve(%v) not counted: %+v", k, d)
					return
				}
				open = append(open, heldRes{k, d.Reservation})
				for len(open) > rng.IntN(5) {
					settle()
				}
				if rng.IntN(8) == 0 {
					runtime.Gosched()
				}
			}
			for len(open) > 0 {
				settle()
			}
		}()
	}
	wg.Add(1)
	go func() { // the rebuilder
		defer wg.Done()
		defer running.Add(-1)
		l := &ledgers[workers]
		for i := range rebuilds {
			c.testRebuild(shards[i%len(shards)])
			var k Key
			for j := 0; ; j++ {
				if k = (Key{ClientID: fmt.Sprintf("new-%d-%d", i, j)}); inShards(k) {
					break
				}
			}
			d := c.Reserve(k, forwardTiers, 1, Enforce, now())
			l.held = append(l.held, heldRes{k, d.Reservation})
			if i%2 == 0 {
				l.committed[k]++
				c.Commit(&d.Reservation)
			} else {
				c.Release(&d.Reservation)
			}
			clock.Add(1)
			if i%16 == 15 {
				waitRound()
			}
		}
	}()
	flushed := map[Key]int64{}
	confirm := func(p *Pending) {
		for k, n := range longDelta([]Pending{*p}) {
			flushed[k] += n
		}
		at := now()
		c.Confirm(p, Snapshot{Version: p.Base.Version + 1, Frames: Merge(p.Base.Frames, p.Delta, at)}, at)
	}
	runners.Add(1)
	go func() { // the syncer
		defer runners.Done()
		rng := rand.New(rand.NewPCG(99, 0xf0))
		var held []Pending
		for running.Load() > 0 {
			for i := range held {
				if rng.IntN(2) == 0 {
					confirm(&held[i])
				} else {
					c.Abort(&held[i])
				}
			}
			held = held[:0]
			for _, p := range c.TakeDirty(nil, now()) {
				switch rng.IntN(4) {
				case 0, 1:
					confirm(&p)
				case 2:
					c.Abort(&p)
				default:
					held = append(held, p)
				}
			}
			rounds.Add(1)
			runtime.Gosched()
		}
		for i := range held {
			c.Abort(&held[i])
		}
	}()
	wg.Wait()
	runners.Wait()
	if t.Failed() {
		return
	}
	committed := map[Key]int64{}
	var sum int64
	for _, l := range ledgers {
		for k, n := range l.committed {
			committed[k] += n
			sum += n
		}
	}
	st := c.Stats()
	t.Logf("%d committed on %d keys; %d evicted at MaxKeys, %d dropped, %d detached; %d flushed before the end",
		sum, len(committed), st.EvictedCap, st.Dropped, st.Detached, sumOf(flushed))
	if st.EvictedCap < rebuilds {
		t.Errorf("test bug: %d evictions at MaxKeys, want at least %d", st.EvictedCap, rebuilds)
	}
	// Nothing reserved: on any instance a Reservation was made on
	// (evicted, moved or held), nor on a key held.
	for _, l := range ledgers {
		for _, h := range l.held {
			if got := c.testHeldReserved(h.r); got != 0 {
				t.Fatalf("an instance of %v a Reservation of %d was made on holds %d reserved once all were settled", h.k, h.r.cost, got)
			}
		}
	}
	var ks KeyState
	for k := range committed {
		if c.Inspect(k, forwardTiers, now(), &ks) && ks.Reserved != 0 {
			t.Errorf("%v: %d reserved once all were settled", k, ks.Reserved)
		}
	}
	if cost, n := c.InFlight(); cost != 0 || n != 0 {
		t.Errorf("InFlight %d on %d keys once all were settled", cost, n)
	}
	// Every committed cost in one place: flushed, local, or dropped.
	local := longDelta(c.AppendLocal(nil, now()))
	check := func(when string) {
		var miss int64
		for k, n := range committed {
			if d := n - flushed[k] - local[k]; d != 0 {
				if d < 0 {
					t.Errorf("%s: %v: %d committed, %d flushed, %d local: %d counted twice", when, k, n, flushed[k], local[k], -d)
				} else if st.Dropped == 0 {
					t.Errorf("%s: %v: %d committed, %d flushed, %d local: %d lost, none dropped", when, k, n, flushed[k], local[k], d)
				}
				miss += d
			}
		}
		for k := range flushed {
			if committed[k] == 0 {
				t.Errorf("%s: %v: %d flushed, none committed", when, k, flushed[k])
			}
		}
		if miss != st.Dropped {
			t.Errorf("%s: committed − flushed − local = %d over all keys, Stats.Dropped %d", when, miss, st.Dropped)
		}
	}
	check("at the end")
	// Flushed, all of it.
	for range 4 {
		ps := c.TakeDirty(nil, now())
		for i := range ps {
			confirm(&ps[i])
		}
	}
	local = longDelta(c.AppendLocal(nil, now()))
	if len(local) != 0 {
		t.Errorf("counts local after the last flushes: %v", local)
	}
	check("flushed")
	if st := c.Stats(); st.Detached != 0 {
		t.Errorf("%d keys detached after the last flushes", st.Detached)
	}
}

// heldRes is a Reservation on k.
type heldRes struct {
	k Key
	r Reservation
}

func sumOf(m map[Key]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

// TestHandedOutKeysOutliveRebuild is TestHandedOutKeysOutliveTheirEntry
// for a key handed out just before its shard's table is rebuilt: the
// rebuild moves the key (to a slot of the new table, under slots), and
// then either the key stays held, or it is evicted (swept) from the new
// table and the table is rebuilt again. The memory the key was in before
// the rebuild, and the memory it moved to, are then given to another key
// of the same lengths (reuse): the key handed out keeps its own bytes.
// A key handed out as a view of the key's bytes where they were reads the
// other key's.
func TestHandedOutKeysOutliveRebuild(t *testing.T) {
	own, other := Key{"client-0001", "alice"}, Key{"client-0002", "mallo"}
	long := Key{strings.Repeat("x", maxInlineKey), "bob"}
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	now := modelStart
	for _, tc := range handOutCases(now, tiers) {
		for _, removed := range []bool{false, true} {
			for _, k := range []Key{own, long} {
				name := fmt.Sprintf("%s/held/klen=%d", tc.name, len(k.ClientID)+len(k.User))
				if removed {
					name = fmt.Sprintf("%s/removed/klen=%d", tc.name, len(k.ClientID)+len(k.User))
				}
				t.Run(name, func(t *testing.T) {
					c := newCache(t, Config{Shards: 1, MaxKeys: 1})
					d := c.Reserve(k, tiers, 6, Enforce, now) // 60 %: near its limit (hot)
					c.Commit(&d.Reservation)
					before := c.find(k)
					ks := tc.take(c, k)
					if len(ks) != 1 || ks[0] != k {
						t.Fatalf("%s handed out %v, want [%v]", tc.name, ks, k)
					}
					c.testRebuild(0)
					after := c.find(k) // nil if take evicted it (AppendUnreached)
					if removed && after.hotLine != nil {
						flushAll(c, now)
						if n := c.Sweep(now.Add(10 * time.Minute)); n != 1 || c.find(k).hotLine != nil {
							t.Fatalf("test bug: Sweep evicted %d keys, and %v is held: %v", n, k, c.find(k).hotLine != nil)
						}
						c.testRebuild(0)
					}
					reuse(before, other)
					if after.hotLine != nil {
						reuse(after, other)
					}
					if ks[0] != k {
						t.Errorf("%s's key, once its shard was rebuilt (removed: %v) and its bytes reused for %v, reads %v, want %v", tc.name, removed, other, ks[0], k)
					}
				})
			}
		}
	}
}

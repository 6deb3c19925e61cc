package cache

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestTableModel runs random sequences of what the cache's callers do
// (Reserve, Commit, Release, Sweep with a clock that rolls frames over,
// eviction at a small MaxKeys, flushes taken and confirmed or aborted while
// requests go on, pulls) and, after every step, checks the cache against a
// model of exact counts per key and frame:
//
//   - every count committed is in exactly one place: confirmed to the
//     store, still local (AppendLocal), or dropped with an evicted key and
//     counted in Stats.Dropped, which must equal what went missing;
//   - no count shows under a key it was not committed to, or twice;
//   - Walk lists every held key once, Inspect finds exactly the keys Walk
//     lists, in the same state, and Stats.Keys counts them;
//   - a held key's snapshot is its own (version and counts as the store
//     holds them for that key), and Apply reaches the key it names.
//
// Keys are passed in a reused buffer overwritten with another key's bytes
// right after each call (STYLE rule 17), and the key set is made of keys
// that differ only in where ClientID ends, by one byte, or in length.
// Under the collision hash modes (see hashModes) keys share their hash.
func TestTableModel(t *testing.T) {
	type tcase struct {
		name  string
		cfg   Config
		huge  bool // add keys of 70,000 bytes
		steps int
	}
	cases := []tcase{
		{"one shard of 4 keys", Config{Shards: 1, MaxKeys: 4, IdleWindows: 1}, false, 1500},
		{"two shards of 4 keys", Config{Shards: 2, MaxKeys: 8}, false, 1500},
		{"one key", Config{Shards: 1, MaxKeys: 1, IdleWindows: 1}, false, 600},
		// Large enough that a sweep leaves tombstones without a rebuild.
		{"one shard of 24 keys", Config{Shards: 1, MaxKeys: 24, IdleWindows: 1}, false, 1000},
		{"no cap, sweep only", Config{Shards: 4, IdleWindows: 1}, false, 1500},
		{"huge keys", Config{Shards: 2, MaxKeys: 8, IdleWindows: 1}, true, 300},
	}
	seeds := tableSeeds(t, 1, 2)
	for mi, mode := range hashModes() {
		modeSeeds := seeds
		if mi > 0 {
			// The collision modes run one seed each (the clock's, if
			// any): the whole test stays within seconds under -race.
			modeSeeds = seeds[len(seeds)-1:]
		}
		for _, tc := range cases {
			for _, seed := range modeSeeds {
				steps := tc.steps
				if mi > 0 {
					steps /= 2
				}
				t.Run(fmt.Sprintf("%s/%s/seed=%d", mode.name, tc.name, seed), func(t *testing.T) {
					m := newTableModel(t, newTableCache(t, tc.cfg, mode), tc.cfg, seed, tc.huge)
					m.run(steps)
				})
			}
		}
	}
}

// openRes is a reservation the model holds open.
type openRes struct {
	key    int
	cost   int64
	starts []int64 // the frame of each of the key's sizes at the Reserve
	r      Reservation
}

// tableModel is the model TestTableModel checks the cache against.
type tableModel struct {
	t     *testing.T
	c     *Cache
	cfg   Config // with defaults
	seed  uint64
	rng   *rand.Rand
	keys  []Key
	index map[Key]int
	sizes [][]int64 // window sizes (seconds) of each key
	hot   []int     // keys used half the time
	now   time.Time
	// committed, flushed and dropped are per frame of a key: what was
	// committed, what a confirmed flush wrote, and what went missing
	// while Stats.Dropped grew by as much.
	committed, flushed, dropped map[cell]int64
	sumDropped                  int64
	open                        []openRes
	store                       map[Key]Snapshot
	inflight                    []Pending // taken by the flush under way
	sc                          scratch
	step                        int
	op                          string
	recheck                     bool // check once no flush is under way
}

// modelStart is the start of a frame of every size the model uses.
var modelStart = time.Unix(1_700_006_400, 0) // a multiple of 28,800 s

func newTableModel(t *testing.T, c *Cache, cfg Config, seed uint64, huge bool) *tableModel {
	m := &tableModel{
		t: t, c: c, cfg: cfg.withDefaults(), seed: seed,
		rng:       rand.New(rand.NewPCG(seed, 0x7ab1e)),
		index:     map[Key]int{},
		now:       modelStart,
		committed: map[cell]int64{}, flushed: map[cell]int64{}, dropped: map[cell]int64{},
		store: map[Key]Snapshot{},
	}
	m.keys = trickyKeys(huge)
	for i := range 12 {
		m.keys = append(m.keys, Key{fmt.Sprint("c", i%5), fmt.Sprint("u", i)})
	}
	for i := range 6 {
		m.keys = append(m.keys, Key{ClientID: fmt.Sprint("c", i)})
	}
	for i, k := range m.keys {
		if _, dup := m.index[k]; dup {
			t.Fatalf("key %s twice in the test's keys", keyName(k))
		}
		m.index[k] = i
		// Sizes differ between keys, so that counts crossed between
		// keys show as frames of a size the key does not count in.
		m.sizes = append(m.sizes, [][]int64{{10}, {10, 60}, {20}, {5, 30, 3600}}[i%4])
	}
	m.hot = m.rng.Perm(len(m.keys))[:6]
	t.Logf("seed %d (replay: -args -table.seed=%d), %d keys", seed, seed, len(m.keys))
	return m
}

func (m *tableModel) fatalf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("seed %d, step %d (%s), at +%v: %s", m.seed, m.step, m.op, m.now.Sub(modelStart), fmt.Sprintf(format, args...))
}

func (m *tableModel) pickKey() int {
	if m.rng.IntN(2) == 0 {
		return m.hot[m.rng.IntN(len(m.hot))]
	}
	return m.rng.IntN(len(m.keys))
}

// call passes k to f as a view of the scratch buffer, and overwrites the
// buffer right after with another key's bytes.
func (m *tableModel) call(k Key, f func(Key)) {
	f(m.sc.view(k))
	m.sc.scribble(m.keys[m.rng.IntN(len(m.keys))])
}

func (m *tableModel) tiers(i int, limit int64) []window.Tier {
	return tiersOfSizes(m.sizes[i], limit)
}

func (m *tableModel) run(steps int) {
	for m.step = 0; m.step < steps; m.step++ {
		switch r := m.rng.IntN(100); {
		case r < 30:
			m.reserve()
		case r < 48:
			m.commit()
		case r < 56:
			m.release()
		case r < 63 && len(m.inflight) == 0:
			m.advance()
		case r < 67:
			m.sweep()
		case r < 73 && len(m.inflight) == 0:
			m.takeDirty()
		case r < 88 && len(m.inflight) > 0:
			m.settle(m.rng.IntN(len(m.inflight)))
		case r < 95:
			m.apply()
		default:
			m.op = "nothing"
		}
		// A full check walks every key: after every step that moves
		// keys (evicts, sweeps) or the clock, and every 8th step.
		if len(m.inflight) == 0 && (m.recheck || m.step%8 == 0) {
			m.check()
			m.recheck = false
		}
	}
	m.drain()
}

func (m *tableModel) reserve() {
	i := m.pickKey()
	k := m.keys[i]
	limit, adm := int64(1<<40), Enforce
	switch m.rng.IntN(8) {
	case 0:
		limit = 0 // denied, not counted
	case 1:
		limit, adm = 0, CountAlways // denied, counted
	}
	cost := int64(1 + m.rng.IntN(3))
	m.op = fmt.Sprintf("Reserve %s cost %d limit %d", keyName(k), cost, limit)
	var d Decision
	st0 := m.c.Stats()
	m.call(k, func(v Key) { d = m.c.Reserve(v, m.tiers(i, limit), cost, adm, m.now) })
	if st1 := m.c.Stats(); st1.EvictedCap != st0.EvictedCap {
		m.recheck = true
		// With one shard the cap is MaxKeys itself: a key evicted
		// before the shard is full is lost for nothing.
		if m.cfg.Shards == 1 && (st0.Keys < int64(m.cfg.MaxKeys) || st1.EvictedCap != st0.EvictedCap+1) {
			m.fatalf("%d keys evicted at %d keys held, MaxKeys %d", st1.EvictedCap-st0.EvictedCap, st0.Keys, m.cfg.MaxKeys)
		}
	}
	if want := limit > 0 || adm == CountAlways; d.Counted != want {
		m.fatalf("Counted = %v, want %v", d.Counted, want)
	}
	var st KeyState
	if !m.c.Inspect(k, m.tiers(i, 1<<40), m.now, &st) {
		m.fatalf("the key is not held right after its Reserve")
	}
	if d.Counted {
		starts := make([]int64, len(m.sizes[i]))
		for j, sz := range m.sizes[i] {
			starts[j] = window.Tier{Size: time.Duration(sz) * time.Second}.FrameStartUnix(m.now)
		}
		m.open = append(m.open, openRes{key: i, cost: cost, starts: starts, r: d.Reservation})
		if st.Reserved < cost {
			m.fatalf("the key holds %d reserved right after reserving %d", st.Reserved, cost)
		}
	}
}

// takeOpen removes a random open reservation and returns it.
func (m *tableModel) takeOpen() (openRes, bool) {
	if len(m.open) == 0 {
		return openRes{}, false
	}
	j := m.rng.IntN(len(m.open))
	o := m.open[j]
	m.open[j] = m.open[len(m.open)-1]
	m.open = m.open[:len(m.open)-1]
	return o, true
}

func (m *tableModel) commit() {
	o, ok := m.takeOpen()
	if !ok {
		m.op = "Commit of nothing"
		return
	}
	m.op = fmt.Sprintf("Commit %s cost %d", keyName(m.keys[o.key]), o.cost)
	m.c.Commit(&o.r)
	for j, sz := range m.sizes[o.key] {
		m.committed[cell{o.key, sz, o.starts[j]}] += o.cost
	}
}

func (m *tableModel) release() {
	o, ok := m.takeOpen()
	if !ok {
		m.op = "Release of nothing"
		return
	}
	m.op = fmt.Sprintf("Release %s cost %d", keyName(m.keys[o.key]), o.cost)
	m.c.Release(&o.r)
}

// advance moves the clock: mostly within a frame, often across one or
// several (rule 18), now and then past the idle times of Sweep.
func (m *tableModel) advance() {
	var dt time.Duration
	switch r := m.rng.IntN(20); {
	case r < 12:
		dt = time.Duration(m.rng.IntN(4)) * time.Second
	case r < 17:
		dt = time.Duration(5+m.rng.IntN(21)) * time.Second
	case r < 19:
		dt = time.Duration(61+m.rng.IntN(10)) * time.Second
	default:
		dt = time.Duration(125+m.rng.IntN(76)) * time.Second
	}
	m.now = m.now.Add(dt)
	m.op = fmt.Sprintf("clock +%v", dt)
	m.recheck = true
}

// walk returns the state of every held key by its index, failing on a key
// the test never used or one listed twice.
func (m *tableModel) walk() map[int]KeyState {
	held := map[int]KeyState{}
	var bad string
	m.c.Walk(m.now, func(k Key) []window.Tier {
		if i, ok := m.index[k]; ok {
			return m.tiers(i, 1<<40)
		}
		return nil
	}, func(k Key, st *KeyState) bool {
		i, ok := m.index[k]
		switch {
		case !ok:
			bad = fmt.Sprintf("Walk lists a key never used: %s", keyName(k))
			return false
		case held[i].Tiers != nil:
			bad = fmt.Sprintf("Walk lists %s twice", keyName(k))
			return false
		}
		cp := *st
		cp.Tiers = slices.Clone(st.Tiers)
		held[i] = cp
		return true
	})
	if bad != "" {
		m.fatalf("%s", bad)
	}
	return held
}

func (m *tableModel) sweep() {
	m.op = "Sweep"
	m.recheck = true
	before, st0 := m.walk(), m.c.Stats()
	n := m.c.Sweep(m.now)
	after, st1 := m.walk(), m.c.Stats()
	if n != len(before)-len(after) || st1.EvictedIdle-st0.EvictedIdle != int64(n) {
		m.fatalf("Sweep = %d, EvictedIdle +%d, but %d keys held before and %d after", n, st1.EvictedIdle-st0.EvictedIdle, len(before), len(after))
	}
	for i, st := range before {
		if _, ok := after[i]; ok {
			continue
		}
		idle := m.now.Unix() - st.LastUsedUnix
		longest := slices.Max(m.sizes[i])
		if idle < min(emptyIdleSec, int64(m.cfg.IdleWindows)*longest) {
			m.fatalf("Sweep evicted %s, idle for %d s only", keyName(m.keys[i]), idle)
		}
		for _, ts := range st.Tiers {
			if ts.Local.Prev != 0 || ts.Local.Curr != 0 {
				m.fatalf("Sweep evicted %s, which holds unflushed counts %+v", keyName(m.keys[i]), ts.Local)
			}
		}
	}
	for i := range after {
		if _, ok := before[i]; !ok {
			m.fatalf("%s is held after Sweep, not before", keyName(m.keys[i]))
		}
	}
}

// keyOf returns the index of a key the cache handed back, failing on a key
// the test never used (bytes the cache did not copy, or a wrong split).
func (m *tableModel) keyOf(k Key, from string) int {
	i, ok := m.index[k]
	if !ok {
		m.fatalf("%s returned a key never used: %s", from, keyName(k))
	}
	return i
}

// checkDelta fails if p counts in a size its key does not count in, or in
// a frame that has left the window at now.
func (m *tableModel) checkDelta(p Pending, from string) int {
	i := m.keyOf(p.Key, from)
	for _, f := range p.Delta {
		sz := int64(f.Size / time.Second)
		if !slices.Contains(m.sizes[i], sz) {
			m.fatalf("%s: %s has a delta in %v frames, but counts only in %v s ones (another key's counts?)", from, keyName(p.Key), f.Size, m.sizes[i])
		}
		if !inWindow(sz, f.StartUnix, m.now) {
			m.fatalf("%s: %s has a delta in frame %+v, out of the window", from, keyName(p.Key), f)
		}
		if f.N <= 0 {
			m.fatalf("%s: %s has a delta of %d", from, keyName(p.Key), f.N)
		}
	}
	return i
}

func (m *tableModel) takeDirty() {
	m.op = "TakeDirty"
	m.inflight = m.c.TakeDirty(nil, m.now)
	for _, p := range m.inflight {
		m.checkDelta(p, "TakeDirty")
	}
}

// settle ends the flush of inflight[j]: aborted (an outage) or written to
// the store, rebased first if the store moved (another entry of the key
// wrote: it was evicted with counts and made again).
func (m *tableModel) settle(j int) {
	p := m.inflight[j]
	m.inflight = slices.Delete(m.inflight, j, j+1)
	if m.rng.IntN(4) == 0 {
		m.op = "Abort " + keyName(p.Key)
		m.c.Abort(&p)
		return
	}
	m.op = "Confirm " + keyName(p.Key)
	i := m.keyOf(p.Key, "TakeDirty")
	cur := m.store[p.Key]
	if cur.Version != p.Base.Version {
		m.op = "Replace and Confirm " + keyName(p.Key)
		p = m.c.Replace(&p, cur, m.now)
	}
	written := Snapshot{Version: cur.Version + 1, Frames: Merge(p.Base.Frames, p.Delta, m.now)}
	m.store[p.Key] = written
	m.c.Confirm(&p, written, m.now)
	for _, f := range p.Delta {
		m.flushed[cell{i, int64(f.Size / time.Second), f.StartUnix}] += f.N
	}
}

// apply is a pull of a key the store holds.
func (m *tableModel) apply() {
	i := m.pickKey()
	k := m.keys[i]
	snap, ok := m.store[k]
	if !ok {
		m.op = "Apply of nothing"
		return
	}
	m.op = fmt.Sprintf("Apply %s version %d", keyName(k), snap.Version)
	var st KeyState
	held := m.c.Inspect(k, m.tiers(i, 1<<40), m.now, &st)
	var applied bool
	m.call(k, func(v Key) { applied = m.c.Apply(v, snap, m.now) })
	if want := held && st.Version < snap.Version; applied != want {
		m.fatalf("Apply = %v, want %v (held %v at version %d)", applied, want, held, st.Version)
	}
	if held && (!m.c.Inspect(k, m.tiers(i, 1<<40), m.now, &st) || st.Version != snap.Version) {
		m.fatalf("after Apply the key holds version %d, want %d", st.Version, snap.Version)
	}
}

// check compares the whole cache with the model (no flush under way).
func (m *tableModel) check() {
	stats := m.c.Stats()
	held := m.walk()
	if int64(len(held)) != stats.Keys {
		m.fatalf("Walk lists %d keys, Stats.Keys = %d", len(held), stats.Keys)
	}
	if limit := m.cfg.Shards * max(m.cfg.MaxKeys/m.cfg.Shards, 1); len(held) > limit {
		m.fatalf("%d keys held, more than MaxKeys allows (%d)", len(held), limit)
	}
	openCost := make([]int64, len(m.keys))
	for _, o := range m.open {
		openCost[o.key] += o.cost
	}
	for i, k := range m.keys {
		var st KeyState
		var found bool
		m.call(k, func(v Key) { found = m.c.Inspect(v, m.tiers(i, 1<<40), m.now, &st) })
		w, listed := held[i]
		if found != listed {
			m.fatalf("Inspect(%s) finds it %v, Walk lists it %v", keyName(k), found, listed)
		}
		if !found {
			if lw, ok := m.c.LongestWindow(k); ok {
				m.fatalf("LongestWindow(%s) = %v, held, but Inspect does not find it", keyName(k), lw)
			}
			continue
		}
		if !sameState(st, w) {
			m.fatalf("Inspect(%s) = %+v, Walk = %+v: not the same entry", keyName(k), st, w)
		}
		if lw, ok := m.c.LongestWindow(k); !ok || lw != time.Duration(slices.Max(m.sizes[i]))*time.Second {
			m.fatalf("LongestWindow(%s) = %v, %v; want %v s", keyName(k), lw, ok, slices.Max(m.sizes[i]))
		}
		if st.Reserved < 0 || st.Reserved > openCost[i] {
			m.fatalf("%s holds %d reserved, but %d are open on it", keyName(k), st.Reserved, openCost[i])
		}
		m.checkSnapshot(i, st)
	}

	local := map[cell]int64{}
	for _, p := range m.c.AppendLocal(nil, m.now) {
		i := m.checkDelta(p, "AppendLocal")
		for _, f := range p.Delta {
			local[cell{i, int64(f.Size / time.Second), f.StartUnix}] += f.N
		}
	}
	var missing int64
	for i := range m.keys {
		// Stats.Dropped counts requests: a key's dropped counts are
		// the same in each of its sizes (each commit counts in all of
		// them), so what it dropped is what went missing in any one.
		var keyMissing int64
		for _, sz := range m.sizes[i] {
			var sizeMissing int64
			cur := window.Tier{Size: time.Duration(sz) * time.Second}.FrameStartUnix(m.now)
			for _, start := range []int64{cur - sz, cur} {
				c := cell{i, sz, start}
				gap := m.committed[c] - m.flushed[c] - local[c] - m.dropped[c]
				if gap < 0 {
					m.fatalf("%s, %d s frame at %d: committed %d, but flushed %d + local %d + dropped before %d: counted twice or another key's",
						keyName(m.keys[i]), sz, start, m.committed[c], m.flushed[c], local[c], m.dropped[c])
				}
				m.dropped[c] += gap
				sizeMissing += gap
			}
			keyMissing = max(keyMissing, sizeMissing)
		}
		missing += keyMissing
	}
	for c, n := range m.flushed {
		if n > m.committed[c] {
			m.fatalf("%s, %d s frame at %d: flushed %d, committed %d", keyName(m.keys[c.key]), c.size, c.start, n, m.committed[c])
		}
	}
	// Every held key was rolled to now by the last check (AppendLocal)
	// and the clock moves only then, so a key evicted with counts drops
	// only counts still in the window: Stats.Dropped grows by the
	// requests that went missing, and by no more than that but for one
	// case: a Commit on an evicted key past the cap on detached keys
	// drops its cost (Commit), and its frames, reserved before the clock
	// moved, may have left the window since.
	m.sumDropped += missing
	if stats.Dropped < m.sumDropped {
		m.fatalf("Stats.Dropped = %d, but %d counts went missing (%d now)", stats.Dropped, m.sumDropped, missing)
	}
}

// checkSnapshot fails if held key i, in state st, does not hold its own
// snapshot: a version the store never wrote for it, or, at the store's
// version, other counts than the store's.
func (m *tableModel) checkSnapshot(i int, st KeyState) {
	k := m.keys[i]
	snap := m.store[k]
	if st.Version > snap.Version {
		m.fatalf("%s holds version %d, the store has %d for it", keyName(k), st.Version, snap.Version)
	}
	if st.Version == 0 || st.Version != snap.Version {
		return
	}
	for _, ts := range st.Tiers {
		want := window.Counts{StartUnix: ts.Global.StartUnix}
		sz := int64(ts.Tier.Size / time.Second)
		for _, f := range snap.Frames {
			switch {
			case int64(f.Size/time.Second) != sz:
			case f.StartUnix == ts.Global.StartUnix:
				want.Curr += f.N
			case f.StartUnix == ts.Global.StartUnix-sz:
				want.Prev += f.N
			}
		}
		if ts.Global != want {
			m.fatalf("%s at version %d holds global %+v in %d s frames, the store %+v", keyName(k), st.Version, ts.Global, sz, want)
		}
	}
}

// drain ends every reservation and flushes until nothing is left: then every
// count in the window is in the store or dropped, and no key is detached.
func (m *tableModel) drain() {
	for len(m.open) > 0 {
		if m.rng.IntN(2) == 0 {
			m.commit()
		} else {
			m.release()
		}
	}
	for len(m.inflight) > 0 {
		m.settle(0)
	}
	for range 50 { // settle aborts a quarter: those are taken again
		m.op = "drain"
		m.inflight = m.c.TakeDirty(nil, m.now)
		if len(m.inflight) == 0 {
			break
		}
		for len(m.inflight) > 0 {
			m.settle(0)
		}
	}
	m.op = "drained"
	m.check()
	if ps := m.c.AppendLocal(nil, m.now); len(ps) != 0 {
		m.fatalf("after the drain %d keys hold local counts: %+v", len(ps), ps)
	}
	if st := m.c.Stats(); st.Detached != 0 {
		m.fatalf("after the drain Stats = %+v, want no key detached", st)
	}
}

// sameState reports whether a and b are equal, tier by tier.
func sameState(a, b KeyState) bool {
	return a.Version == b.Version && a.Writers == b.Writers && a.Reserved == b.Reserved &&
		a.LastUsedUnix == b.LastUsedUnix && slices.Equal(a.Tiers, b.Tiers)
}

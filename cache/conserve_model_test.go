package cache

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestModelConservesCounts drives one cache, single-threaded and
// seeded, through everything at once: Reserve (enforced and CountAlways),
// Commit and Release of reservations held across all of the following,
// eviction at MaxKeys (a shard of 3 keys, 7 keys in use: evicted entries
// with counts and their new entries of the same key flush side by side),
// Sweep, policy changes (tiers of 0 to 4 sizes, reordered, a fifth size
// retiring one), a clock that crosses minute, hour and day frames and (in
// the cases that allow it) steps back, flushes against a store that checks
// versions (confirmed, refused and rebased with Replace, or aborted),
// writes of another instance into the store, and pulls that install the
// store's documents. Keys are passed in one reused buffer, overwritten
// after each call (rule 17), and include keys of 0, 16, 17, 224 and 225
// bytes and a client key and a user key of one concatenation.
//
// At the end every reservation is committed, the store is written until
// nothing is dirty, and the clock is at the latest time it read: for every
// key, size and frame still in the window, the store holds exactly what was
// committed plus what the other instance wrote, unless Stats.Dropped says
// counts were dropped at the cap (then never more, and the gap at most
// what was dropped).
func TestModelConservesCounts(t *testing.T) {
	cases := []struct {
		name     string
		maxKeys  int // per shard (one shard); 0: no eviction
		stepBack bool
		retire   bool // phases of five sizes over a key's life
		seeds    uint64
	}{
		{"evicting, forward clock, four sizes", 3, false, false, 24},
		{"evicting, forward clock, five sizes", 3, false, true, 24},
		{"evicting, clock steps back, four sizes", 3, true, false, 24},
		{"evicting, clock steps back, five sizes", 3, true, true, 24},
		{"forward clock, four sizes", 0, false, false, 24},
		{"forward clock, five sizes", 0, false, true, 24},
		{"clock steps back, four sizes", 0, true, false, 24},
		{"clock steps back, five sizes", 0, true, true, 24},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			failed := 0
			for seed := range tc.seeds {
				if msg := runConserveModel(seed, tc.maxKeys, tc.stepBack, tc.retire); msg != "" {
					if failed++; failed <= 3 {
						t.Errorf("seed %d: %s", seed, msg)
					}
				}
			}
			if failed > 0 {
				t.Errorf("%d of %d seeds failed", failed, tc.seeds)
			}
		})
	}
}

var modelVerbose = false

// runConserveModel runs one seed of TestModelConservesCounts and returns what
// went wrong, or "".
func runConserveModel(seed uint64, maxKeys int, stepBack, retire bool) string {
	rng := rand.New(rand.NewPCG(seed, 0x44))
	c, err := New(Config{Shards: 1, MaxKeys: maxKeys, IdleWindows: 1})
	if err != nil {
		return err.Error()
	}
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	tier := func(s time.Duration) window.Tier { return window.Tier{Size: s, Limit: 1 << 40} }
	phases := [][]window.Tier{
		{tier(m), tier(h)}, {tier(h), tier(m)}, {tier(m)}, {tier(h)}, {},
		{tier(m), tier(h), tier(d)}, {tier(d), tier(m)}, {tier(m), tier(10 * m), tier(h), tier(d)},
	}
	if retire {
		phases = append(phases, []window.Tier{tier(2 * h)}, []window.Tier{tier(m), tier(2 * h)})
	}
	r := strings.Repeat
	keys := []Key{
		{"", ""}, {"ab", "c"}, {"abc", ""}, {r("k", 16), ""}, {r("k", 8), r("u", 9)},
		{r("x", 224), ""}, {r("x", 200), r("y", 25)},
	}
	var sc scratch
	pass := func(i int) Key {
		k := sc.view(keys[i])
		return k
	}
	after := func(i int) { sc.scribble(keys[(i+1)%len(keys)]) }

	type doc struct {
		version int64
		frames  []Frame
	}
	store := map[Key]*doc{}
	for _, k := range keys {
		store[k] = &doc{}
	}
	want := map[keyCell]int64{}
	now := modelStart.Add(-20 * time.Second)
	latest := now
	type open struct {
		k   int
		res Reservation
	}
	var opens []open
	phase := 0

	commit := func(i int) {
		o := opens[i]
		for j, sz32 := range o.res.sizes {
			sz := int64(sz32)
			if sz != 0 {
				want[keyCell{keys[o.k], sz, o.res.starts[j]}] += o.res.cost
			}
		}
		c.Commit(&o.res)
		opens = append(opens[:i], opens[i+1:]...)
	}
	snap := func(k Key) Snapshot {
		dc := store[k]
		return Snapshot{Version: dc.version, Frames: append([]Frame(nil), dc.frames...)}
	}
	// write is the store's compare-and-swap of base + delta.
	write := func(p *Pending) (Snapshot, bool) {
		dc := store[p.Key]
		if dc.version != p.Base.Version {
			return Snapshot{}, false
		}
		dc.version++
		dc.frames = Merge(p.Base.Frames, p.Delta, now)
		return snap(p.Key), true
	}
	// The syncer's protocol (syncer/flush.go), modelFlusher.
	fl := &modelFlusher{c: c, snap: snap, write: func(p *Pending, _ time.Time) (Snapshot, bool) { return write(p) }}
	flush := func(faults bool) { fl.flush(rng, now, faults) }
	negative := func() string {
		for _, p := range c.AppendLocal(nil, now) {
			for _, f := range p.Delta {
				if f.N < 0 {
					return fmt.Sprintf("%s holds a negative local count %+v", keyName(p.Key), f)
				}
			}
		}
		return ""
	}

	for step := range 3000 {
		if step%50 == 0 {
			if msg := negative(); msg != "" {
				return fmt.Sprintf("step %d: %s", step, msg)
			}
		}
		if step%150 == 0 {
			phase = rng.IntN(len(phases))
		}
		switch op := rng.IntN(100); {
		case op < 35:
			ki := rng.IntN(len(keys))
			adm := CountAlways
			if rng.IntN(3) == 0 {
				adm = Enforce
			}
			dd := c.Reserve(pass(ki), phases[phase], int64(1+rng.IntN(3)), adm, now)
			after(ki)
			if dd.Counted {
				opens = append(opens, open{ki, dd.Reservation})
			}
		case op < 55:
			if len(opens) > 0 {
				commit(rng.IntN(len(opens)))
			}
		case op < 62:
			if len(opens) > 0 {
				i := rng.IntN(len(opens))
				c.Release(&opens[i].res)
				opens = append(opens[:i], opens[i+1:]...)
			}
		case op < 74:
			adv := time.Duration(rng.IntN(40)) * time.Second
			switch rng.IntN(30) {
			case 0:
				adv = time.Duration(rng.IntN(3*3600)) * time.Second
			case 1, 2, 3:
				if stepBack {
					adv = -time.Duration(1+rng.IntN(90)) * time.Second
				}
			}
			now = now.Add(adv)
			if now.After(latest) {
				latest = now
			}
		case op < 84:
			flush(true)
			if msg := negative(); msg != "" {
				return fmt.Sprintf("step %d, after a flush: %s", step, msg)
			}
		case op < 89:
			// Another instance counts the key: in its current frame
			// of a size the key is or was limited by.
			k := keys[rng.IntN(len(keys))]
			sz := []time.Duration{m, h, d}[rng.IntN(3)]
			n := int64(1 + rng.IntN(4))
			f := Frame{Size: sz, StartUnix: frameStart(now, int64(sz/time.Second)), N: n}
			dc := store[k]
			dc.version++
			dc.frames = Merge(dc.frames, []Frame{f}, now)
			want[keyCell{k, int64(sz / time.Second), f.StartUnix}] += n
		case op < 96:
			ki := rng.IntN(len(keys))
			c.Apply(pass(ki), snap(keys[ki]), now)
			after(ki)
		default:
			c.Sweep(now)
		}
	}

	// Drain at the latest time the clock read: what left the window then
	// is not expected.
	now = latest.Add(time.Second)
	for len(opens) > 0 {
		commit(0)
	}
	// One entry per key per round (the syncer's busy rule): a key
	// evicted again and again while its counts waited has as many
	// entries, each drained by a round of its own.
	for range 1000 {
		flush(false)
		if len(fl.unsettled) == 0 && len(c.AppendLocal(nil, now)) == 0 {
			break
		}
	}
	if len(fl.unsettled) > 0 {
		return "writes still unsettled after the drain"
	}
	if ps := c.AppendLocal(nil, now); len(ps) > 0 {
		return fmt.Sprintf("after the drain %s holds local counts %+v", keyName(ps[0].Key), ps[0].Delta)
	}
	got := map[keyCell]int64{}
	for k, dc := range store {
		for _, f := range dc.frames {
			got[keyCell{k, int64(f.Size / time.Second), f.StartUnix}] += f.N
		}
	}
	dropped := c.Stats().Dropped
	// Stats.Dropped counts requests, each counted once in every size:
	// what went missing in any one size is at most what it counts.
	var gap int64
	gapBySize := map[int64]int64{}
	var msgs []string
	for x, n := range want {
		if !inWindow(x.size, x.start, now) {
			continue
		}
		if got[x] > n {
			msgs = append(msgs, fmt.Sprintf("%s, %d s frame at +%d s: store %d, committed+foreign %d (counted twice or another key's)",
				keyName(x.k), x.size, x.start-modelStart.Unix(), got[x], n))
		}
		gapBySize[x.size] += max(n-got[x], 0)
		gap = max(gap, gapBySize[x.size])
		if dropped == 0 && got[x] < n {
			msgs = append(msgs, fmt.Sprintf("%s, %d s frame at +%d s: store %d, committed+foreign %d (lost)",
				keyName(x.k), x.size, x.start-modelStart.Unix(), got[x], n))
		}
	}
	for x, n := range got {
		if inWindow(x.size, x.start, now) && want[x] == 0 {
			msgs = append(msgs, fmt.Sprintf("%s, %d s frame at +%d s: store %d, nothing committed", keyName(x.k), x.size, x.start-modelStart.Unix(), n))
		}
	}
	if gap > dropped && dropped > 0 {
		msgs = append(msgs, fmt.Sprintf("%d counts lost, Stats.Dropped %d", gap, dropped))
	}
	if modelVerbose {
		fmt.Printf("seed %d: stats %+v, %d cells checked\n", seed, c.Stats(), len(want))
	}
	if len(msgs) > 0 {
		return fmt.Sprintf("%d problems (Stats %+v), first: %s", len(msgs), c.Stats(), strings.Join(msgs[:min(3, len(msgs))], "; "))
	}
	return ""
}

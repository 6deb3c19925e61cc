package cache

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestConcurrentPolicyFlipsAndClockStepsConserveCounts is TestTableStress's kind of run
// with what it holds still moving: under -race, workers decide the same
// keys at the same time with different tiers (orders and subsets of four
// sizes, so counters are added and reordered under each other's open
// reservations), the clock of a phase may be behind the last one's (a
// step back of up to 90 s, across minute frames) or hours ahead, and a
// syncer goroutine runs the flush protocol with lost answers whose
// Pendings stay unsettled across phases, while another sweeps, pulls
// (Apply) and inspects, and new keys evict old ones at MaxKeys. Keys come
// from per-worker reused buffers (rule 17). At the end, drained at the
// latest time the clock read, the store holds for every key, size and frame
// in the window exactly what was committed into it (unless counts were
// dropped at the cap: then never more).
func TestConcurrentPolicyFlipsAndClockStepsConserveCounts(t *testing.T) {
	for seed := range uint64(30) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			runConserveConcurrent(t, seed)
		})
	}
}

func runConserveConcurrent(t *testing.T, seed uint64) {
	const (
		workers = 3
		phases  = 20
		ops     = 120
	)
	c := newCache(t, Config{Shards: 2, MaxKeys: 10, IdleWindows: 1})
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	tier := func(s time.Duration) window.Tier { return window.Tier{Size: s, Limit: 1 << 40} }
	tierSets := [][]window.Tier{
		{tier(m), tier(h)}, {tier(h), tier(m)}, {tier(m)}, {tier(h)}, {tier(d), tier(m), tier(h)},
		{tier(m), tier(10 * m), tier(h), tier(d)}, {tier(d), tier(h), tier(10 * m), tier(m)}, {},
	}
	r := strings.Repeat
	keys := []Key{{"", ""}, {"ab", "c"}, {"abc", ""}, {r("k", 16), ""}, {r("k", 8), r("u", 9)},
		{r("x", 224), ""}, {r("x", 200), r("y", 25)}, {"hot", ""}, {"hot", "user"}}
	rng := rand.New(rand.NewPCG(seed, 0xc0))

	store := newModelStore()

	// The syncer's state, owned by the flushing goroutine of each phase.
	fl := &modelFlusher{c: c, snap: store.snap, write: store.write}
	flush := fl.flush

	committed := make([]map[keyCell]int64, workers)
	for w := range committed {
		committed[w] = map[keyCell]int64{}
	}
	type held struct {
		k   int
		res Reservation
	}
	opens := make([][]held, workers)
	record := func(w int, o held) {
		for j, sz32 := range o.res.sizes {
			sz := int64(sz32)
			if sz != 0 {
				committed[w][keyCell{keys[o.k], sz, o.res.starts[j]}] += o.res.cost
			}
		}
		c.Commit(&o.res)
	}

	now := modelStart.Add(-15 * time.Second)
	latest := now
	newKey := 0
	for phase := range phases {
		switch x := rng.IntN(10); {
		case x < 3:
			now = now.Add(-time.Duration(1+rng.IntN(90)) * time.Second)
		case x == 3:
			now = now.Add(time.Duration(rng.IntN(3*3600)) * time.Second)
		default:
			now = now.Add(time.Duration(rng.IntN(40)) * time.Second)
		}
		if now.After(latest) {
			latest = now
		}
		var wg sync.WaitGroup
		for w := range workers {
			wrng := rand.New(rand.NewPCG(seed, uint64(phase*workers+w)))
			wg.Go(func() {
				var sc scratch
				for range ops {
					ki := wrng.IntN(len(keys))
					tiers := tierSets[wrng.IntN(len(tierSets))]
					switch op := wrng.IntN(10); {
					case op < 5:
						dd := c.Reserve(sc.view(keys[ki]), tiers, int64(1+wrng.IntN(3)), CountAlways, now)
						sc.scribble(keys[(ki+1)%len(keys)])
						opens[w] = append(opens[w], held{ki, dd.Reservation})
					case op < 8:
						if n := len(opens[w]); n > 0 {
							i := wrng.IntN(n)
							record(w, opens[w][i])
							opens[w] = append(opens[w][:i], opens[w][i+1:]...)
						}
					default:
						if n := len(opens[w]); n > 2 {
							i := wrng.IntN(n)
							c.Release(&opens[w][i].res)
							opens[w] = append(opens[w][:i], opens[w][i+1:]...)
						}
					}
				}
			})
		}
		frng := rand.New(rand.NewPCG(seed, uint64(1000+phase)))
		wg.Go(func() {
			for range 12 {
				flush(frng, now, true)
			}
		})
		srng := rand.New(rand.NewPCG(seed, uint64(2000+phase)))
		first := newKey
		newKey += 20
		wg.Go(func() {
			var st KeyState
			for i := range 20 {
				ki := srng.IntN(len(keys))
				switch srng.IntN(4) {
				case 0:
					c.Sweep(now)
				case 1:
					c.Apply(keys[ki], store.snap(keys[ki]), now)
				case 2:
					c.Inspect(keys[ki], tierSets[0], now, &st)
				}
				// A new key, committed: it evicts one at MaxKeys.
				k := Key{ClientID: fmt.Sprint("new-", first+i)}
				c.Release(new(c.Reserve(k, tierSets[3], 1, Enforce, now).Reservation))
			}
		})
		wg.Wait()
	}

	now = latest.Add(time.Second)
	for w := range workers {
		for _, o := range opens[w] {
			record(w, o)
		}
	}
	for range 1000 {
		flush(nil, now, false)
		if len(fl.unsettled) == 0 && len(c.AppendLocal(nil, now)) == 0 {
			break
		}
	}
	if ps := c.AppendLocal(nil, now); len(ps) > 0 || len(fl.unsettled) > 0 {
		t.Fatalf("after the drain: %d keys hold local counts, %d writes unsettled", len(ps), len(fl.unsettled))
	}
	want := map[keyCell]int64{}
	for w := range committed {
		for x, n := range committed[w] {
			want[x] += n
		}
	}
	got := map[keyCell]int64{}
	for k, dc := range store.docs {
		for _, f := range dc.frames {
			got[keyCell{k, int64(f.Size / time.Second), f.StartUnix}] += f.N
		}
	}
	dropped := c.Stats().Dropped
	bad := 0
	for x, n := range want {
		if inWindow(x.size, x.start, now) && (got[x] > n || (dropped == 0 && got[x] != n)) {
			if bad++; bad <= 5 {
				t.Errorf("%s, %d s frame at +%d s: store %d, committed %d", keyName(x.k), x.size, x.start-modelStart.Unix(), got[x], n)
			}
		}
	}
	for x, n := range got {
		if inWindow(x.size, x.start, now) && want[x] == 0 {
			t.Errorf("%s, %d s frame at +%d s: store %d, nothing committed", keyName(x.k), x.size, x.start-modelStart.Unix(), n)
		}
	}
	t.Logf("%d cells committed, Stats %+v", len(want), c.Stats())
}

package cache

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestRecordsAndDeadPlacesConserveAcrossFramesAndSteps: keys churned at
// MaxKeys (each new one evicts another: detached to the records, its place
// on the dirty list left dead) while the clock moves across the frames of
// a minute's and an hour's window, steps back 50 s and ahead 3 minutes,
// requests are held across both, and the store is down for a stretch (no
// flush: dead places pile up) or loses answers. Every
// count committed in a frame still in its window is in the store once
// after the drain: none lost at a dead place, none taken twice from a
// record and its place, none crossed to the key's next instance.
func TestRecordsAndDeadPlacesConserveAcrossFramesAndSteps(t *testing.T) {
	for seed := range uint64(8) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			runRecordsAcrossFrames(t, seed)
		})
	}
}

func runRecordsAcrossFrames(t *testing.T, seed uint64) {
	const maxKeys = 64
	c := newCache(t, Config{Shards: 1, MaxKeys: maxKeys})
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, {Limit: 1 << 40, Size: time.Hour}}
	keys := make([]Key, 160)
	for i := range keys {
		keys[i] = Key{ClientID: fmt.Sprint("client-", i), User: "u"}
	}
	store := newModelStore()
	fl := &modelFlusher{c: c, snap: store.snap, write: store.write}
	rng := rand.New(rand.NewPCG(seed, 0xdead))
	committed := map[keyCell]int64{}
	type held struct {
		k   Key
		res Reservation
	}
	var opens []held
	commit := func(o held) {
		for j, sz := range o.res.sizes {
			if sz != 0 {
				committed[keyCell{o.k, int64(sz), o.res.starts[j]}] += o.res.cost
			}
		}
		c.Commit(&o.res)
	}
	s := &c.shards[0]
	now, latest := modelStart.Add(-20*time.Second), modelStart
	mostDead, mostDetached := 0, int64(0)
	for step := range 1000 {
		switch {
		case step%97 == 96:
			now = now.Add(-50 * time.Second)
		case step%151 == 150:
			now = now.Add(3 * time.Minute)
		default:
			now = now.Add(time.Duration(rng.IntN(9)) * time.Second)
		}
		if now.After(latest) {
			latest = now
		}
		k := keys[rng.IntN(len(keys))]
		d := c.Reserve(k, tiers, int64(1+rng.IntN(3)), CountAlways, now)
		opens = append(opens, held{k, d.Reservation})
		if n := len(opens); n > 3 || rng.IntN(3) > 0 {
			i := rng.IntN(n)
			commit(opens[i])
			opens = append(opens[:i], opens[i+1:]...)
		}
		outage := step%250 >= 150 // no flush: the store is down
		if !outage && step%5 == 0 {
			fl.flush(rng, now, true)
		}
		mostDead = max(mostDead, deadPlaces(s))
		mostDetached = max(mostDetached, c.Stats().Detached)
	}
	now = latest.Add(time.Second)
	for _, o := range opens {
		commit(o)
	}
	for range 1000 {
		fl.flush(nil, now, false)
		if len(fl.unsettled) == 0 && len(c.AppendLocal(nil, now)) == 0 {
			break
		}
	}
	if ps := c.AppendLocal(nil, now); len(ps) > 0 || len(fl.unsettled) > 0 {
		t.Fatalf("after the drain: %d keys hold local counts, %d writes unsettled", len(ps), len(fl.unsettled))
	}
	got := map[keyCell]int64{}
	for k, dc := range store.docs {
		for _, f := range dc.frames {
			got[keyCell{k, int64(f.Size / time.Second), f.StartUnix}] += f.N
		}
	}
	st := c.Stats()
	if mostDetached == 0 || mostDead == 0 || st.EvictedCap == 0 || st.Dropped != 0 {
		t.Fatalf("the run did not reach what it tests: most detached %d, most dead places %d, Stats %+v", mostDetached, mostDead, st)
	}
	cells := 0
	for x, n := range committed {
		if !inWindow(x.size, x.start, now) {
			continue
		}
		cells++
		if got[x] != n {
			t.Errorf("%s, %d s frame at +%d s: store %d, committed %d (Stats %+v)", keyName(x.k), x.size, x.start-modelStart.Unix(), got[x], n, st)
		}
	}
	for x, n := range got {
		if inWindow(x.size, x.start, now) && committed[x] == 0 {
			t.Errorf("%s, %d s frame at +%d s: store %d, nothing committed", keyName(x.k), x.size, x.start-modelStart.Unix(), n)
		}
	}
	if cells == 0 {
		t.Fatal("no committed frame left in its window to compare")
	}
	t.Logf("%d cells in their windows, most dead places %d, most detached %d, Stats %+v", cells, mostDead, mostDetached, st)
}

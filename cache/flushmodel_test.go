package cache

import (
	"math/rand/v2"
	"strings"
	"sync"
	"time"
)

// modelStore is the store of TestConcurrentPolicyFlipsAndClockStepsConserveCounts
// and TestFastPathsConserveConcurrently: a versioned document per key, whose
// write is a compare-and-swap of p.Base + p.Delta (modelFlusher's snap and
// write).
type modelStore struct {
	mu   sync.Mutex
	docs map[Key]*modelDoc
}

type modelDoc struct {
	version int64
	frames  []Frame
}

func newModelStore() *modelStore { return &modelStore{docs: map[Key]*modelDoc{}} }

func (st *modelStore) snap(k Key) Snapshot {
	st.mu.Lock()
	defer st.mu.Unlock()
	dc := st.docs[k]
	if dc == nil {
		return Snapshot{}
	}
	return Snapshot{Version: dc.version, Frames: append([]Frame(nil), dc.frames...)}
}

func (st *modelStore) write(p *Pending, now time.Time) (Snapshot, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	dc := st.docs[p.Key]
	if dc == nil {
		dc = &modelDoc{}
		st.docs[Key{strings.Clone(p.Key.ClientID), strings.Clone(p.Key.User)}] = dc
	}
	if dc.version != p.Base.Version {
		return Snapshot{}, false
	}
	dc.version++
	dc.frames = Merge(p.Base.Frames, p.Delta, now)
	return Snapshot{Version: dc.version, Frames: append([]Frame(nil), dc.frames...)}, true
}

// modelFlusher runs the syncer's flush protocol (syncer/flush.go) against a
// model store, for the conservation tests: writes whose answer was lost stay
// unsettled, holding their Pending, across the other operations until the
// next flush resolves them; a key taken again while its write is resent is aborted
// (one write per key per round); a refused write is rebased with Replace,
// at most three times. snap reads the store's document of a key, write is
// its compare-and-swap of p.Base + p.Delta.
type modelFlusher struct {
	c         *Cache
	snap      func(Key) Snapshot
	write     func(p *Pending, now time.Time) (Snapshot, bool)
	unsettled []unsettledWrite
}

type unsettledWrite struct {
	p      Pending
	landed bool // the write landed, its answer was lost
}

// flush runs one flush at now; with faults, rng decides each write's fate
// (one in eight: the store is down; one in eight: landed, answer lost).
func (f *modelFlusher) flush(rng *rand.Rand, now time.Time, faults bool) {
	c := f.c
	busy := map[Key]bool{}
	var jobs []Pending
	old := f.unsettled
	f.unsettled = nil
	for _, u := range old {
		switch s := f.snap(u.p.Key); {
		case u.landed:
			c.Confirm(&u.p, s, now)
		case s.Version != u.p.Base.Version:
			c.Abort(&u.p)
		default:
			busy[u.p.Key] = true
			jobs = append(jobs, u.p)
		}
	}
	for _, p := range c.TakeDirty(nil, now) {
		if busy[p.Key] {
			c.Abort(&p)
			continue
		}
		busy[p.Key] = true
		jobs = append(jobs, p)
	}
	for _, p := range jobs {
		for try := 0; ; try++ {
			fate := 0
			if faults {
				fate = rng.IntN(8)
			}
			if fate == 1 { // the store is down: nothing sent
				f.unsettled = append(f.unsettled, unsettledWrite{p: p})
				break
			}
			s, ok := f.write(&p, now)
			if ok && fate == 2 { // landed, answer lost
				f.unsettled = append(f.unsettled, unsettledWrite{p: p, landed: true})
				break
			}
			if ok {
				c.Confirm(&p, s, now)
				break
			}
			if try == 3 {
				c.Abort(&p)
				break
			}
			p = c.Replace(&p, f.snap(p.Key), now)
			if len(p.Delta) == 0 {
				c.Abort(&p)
				break
			}
		}
	}
}

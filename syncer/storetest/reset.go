package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// resetWrite returns a Reset write of key k, read at version v and reset
// epoch from, to epoch e, by inst under seq, expiring an hour after now.
func resetWrite(k cache.Key, v, from, e int64, inst string, seq int64) syncer.Write {
	w := write(k, v, inst, seq)
	w.Reset, w.FromEpoch, w.Epoch = true, from, e
	return w
}

// testResetByEpoch: a Reset write lands whatever landed since the version
// it read (an Add write, a compare-and-swap), clears every frame, raises
// the version by one, moves the epoch and sets its writer's entry, keeping
// the others'; after it, a write counted before it is refused (an Add
// write of the old epoch, a compare-and-swap on an earlier version); a
// copy of it sent again answers Written and applies once; a reset of an
// epoch the document no longer has, by a Seq below its writer's entry, or
// of a key without a document, is refused and changes nothing.
func testResetByEpoch(t *testing.T, s syncer.Store) {
	const e = 1893553200123
	mustWrite(t, s, write(keyA, 0, "i1", 5, frame(time.Minute, 4), frame(time.Hour, 9)))
	// The reset reads version 1; then i2 adds and i1 writes over it.
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 1, "i2", 9, frame(time.Minute, 3))), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, write(keyA, 2, "i1", 6, frame(time.Minute, 8), frame(time.Hour, 9))), syncer.Written)
	r := resetWrite(keyA, 1, 0, e, "admin", 1)
	r.Expire = now.Add(time.Minute) // before the document's: kept
	wantOutcomes(t, mustWrite(t, s, r), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 4, map[string]int64{"i1": 6, "i2": 9, "admin": 1})
	wantEpoch(t, d, e)
	if !d.Expire.Equal(now.Add(time.Hour)) {
		t.Errorf("expire %v, want %v (kept)", d.Expire, now.Add(time.Hour))
	}
	// Counted before the reset: refused.
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 3, "i2", 10, frame(time.Minute, 1))), syncer.Conflict)
	wantOutcomes(t, mustWrite(t, s, write(keyA, 3, "i1", 7, frame(time.Minute, 9))), syncer.Conflict)
	// The same write again: it landed (once).
	wantOutcomes(t, mustWrite(t, s, r), syncer.Written)
	// Counted after it: added.
	a := addWrite(keyA, 4, "i2", 11, frame(time.Minute, 2))
	a.Epoch = e
	wantOutcomes(t, mustWrite(t, s, a), syncer.Written)
	// A reset that read the epoch before, or by a Seq below its writer's
	// entry: refused.
	wantOutcomes(t, mustWrite(t, s, resetWrite(keyA, 4, 0, e+1, "admin2", 1)), syncer.Conflict)
	wantOutcomes(t, mustWrite(t, s, resetWrite(keyA, 5, e, e+1, "i1", 5)), syncer.Conflict)
	d = load(t, s, keyA)[0]
	wantDoc(t, d, 5, map[string]int64{"i1": 6, "i2": 11, "admin": 1}, frame(time.Minute, 2))
	wantEpoch(t, d, e)
	// A reset of the epoch it has, with a later expiry.
	r = resetWrite(keyA, 5, e, e+1, "i1", 8)
	r.Expire = now.Add(2 * time.Hour)
	wantOutcomes(t, mustWrite(t, s, r), syncer.Written)
	d = load(t, s, keyA)[0]
	wantDoc(t, d, 6, map[string]int64{"i1": 8, "i2": 11, "admin": 1})
	wantEpoch(t, d, e+1)
	if !d.Expire.Equal(now.Add(2 * time.Hour)) {
		t.Errorf("expire %v, want %v (moved later)", d.Expire, now.Add(2*time.Hour))
	}
	// No document: nothing to reset, and none created.
	wantOutcomes(t, mustWrite(t, s, resetWrite(keyB, 0, 0, e, "admin", 2)), syncer.Conflict)
	wantDoc(t, load(t, s, keyB)[0], 0, nil)
}

// testResetInBatch: Reset writes, compare-and-swaps and Add writes in one
// call, each decided alone.
func testResetInBatch(t *testing.T, s syncer.Store) {
	const e = 1893553200123
	k3 := cache.Key{ClientID: "client-b", User: "bob"}
	k4 := cache.Key{ClientID: "client-b", User: "carol"}
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)), write(keyB, 0, "i1", 1, frame(time.Minute, 1)),
		epochWrite(k4, 0, e, "i1", 1, frame(time.Minute, 1)))
	wantOutcomes(t, mustWrite(t, s,
		resetWrite(k3, 0, 0, e, "i2", 5),               // no document
		resetWrite(keyA, 0, 0, e, "i2", 5),             // read before its document existed: the epoch is what counts
		write(keyB, 7, "i2", 5, frame(time.Minute, 2)), // stale
		resetWrite(k4, 1, 0, e+1, "i2", 5),             // another epoch
	), syncer.Conflict, syncer.Written, syncer.Conflict, syncer.Conflict)
	docs := load(t, s, keyA, keyB, k3, k4)
	wantDoc(t, docs[0], 2, map[string]int64{"i1": 1, "i2": 5})
	wantEpoch(t, docs[0], e)
	wantDoc(t, docs[1], 1, map[string]int64{"i1": 1}, frame(time.Minute, 1))
	wantDoc(t, docs[2], 0, nil)
	wantDoc(t, docs[3], 1, map[string]int64{"i1": 1}, frame(time.Minute, 1))
	wantEpoch(t, docs[3], e)
}

// testResetInvalid: a Reset write carries no frames and prunes nothing, is
// not an Add write, and moves the epoch up; FromEpoch goes with Reset
// only.
func testResetInvalid(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)))
	with := func(w syncer.Write, f func(*syncer.Write)) syncer.Write { f(&w); return w }
	r := resetWrite(keyA, 1, 0, 5, "i2", 2)
	cases := []struct {
		name string
		w    syncer.Write
	}{
		{"Frames", with(r, func(w *syncer.Write) { w.Frames = []cache.Frame{frame(time.Minute, 1)} })},
		{"Prune", prune(r, "i1")},
		{"Add", with(r, func(w *syncer.Write) { w.Add = true })},
		{"Drop", with(r, func(w *syncer.Write) { w.Drop = []cache.Frame{prevFrame(time.Minute, 0)} })},
		{"SameEpoch", with(r, func(w *syncer.Write) { w.FromEpoch = 5 })},
		{"EarlierEpoch", with(r, func(w *syncer.Write) { w.FromEpoch = 6 })},
		{"NegativeFromEpoch", with(r, func(w *syncer.Write) { w.FromEpoch = -1 })},
		{"FromEpochWithoutReset", with(write(keyA, 1, "i2", 2), func(w *syncer.Write) { w.FromEpoch = 3 })},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := writeErr(t, s, []syncer.Write{c.w}); err == nil {
				t.Fatalf("Write accepted %+v", c.w)
			}
			d := load(t, s, keyA)[0]
			wantDoc(t, d, 1, map[string]int64{"i1": 1}, frame(time.Minute, 1))
			wantEpoch(t, d, 0)
		})
	}
}

// runConcurrentReset checks that a Reset write is atomic among Add writes
// landing at once: writers add 1 to a counter many times, each with the
// reset epoch it last read (read again when refused), while a resetter
// resets it, each time after an increment has landed. Every reset lands
// at its first write (only the resetter moves the epoch: the increments
// do not refuse it), and in the end the counter holds exactly the
// increments written in the last epoch: none of the earlier epochs
// outlived a reset, and no reset was undone by an increment.
func runConcurrentReset(t *testing.T, newStore func(t *testing.T) syncer.Store) {
	s := newStore(t)
	const writers, rounds, resets = 4, 20, 5
	mustWrite(t, s, write(keyA, 0, "seed", 1, frame(time.Hour, 0)))
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		landed  = map[int64]int64{} // Add writes written, by epoch
		running = writers
	)
	for w := range writers {
		wg.Go(func() {
			defer func() { mu.Lock(); running--; mu.Unlock() }()
			inst := fmt.Sprintf("w%d", w)
			var epoch int64
			for r := range rounds {
				a := addWrite(keyA, 1, inst, int64(r+1), frame(time.Hour, 1))
				a.Epoch = epoch
				outs, err := s.Write(ctx(t), []syncer.Write{a})
				if err != nil || len(outs) != 1 {
					t.Errorf("%s add %d: %v, %v", inst, r, outs, err)
					return
				}
				switch outs[0] {
				case syncer.Written:
					mu.Lock()
					landed[epoch]++
					mu.Unlock()
				case syncer.Conflict:
					docs, err := s.Load(ctx(t), []cache.Key{keyA})
					if err != nil {
						t.Errorf("%s load: %v", inst, err)
						return
					}
					epoch = docs[0].Snapshot.Epoch
				default:
					t.Errorf("%s add %d: %v", inst, r, outs[0])
					return
				}
			}
		})
	}
	var epoch int64
	wg.Go(func() {
		for r := range resets {
			var d syncer.Doc
			for range 1000 { // until an increment of this epoch landed, or the writers are done
				docs, err := s.Load(ctx(t), []cache.Key{keyA})
				if err != nil {
					t.Errorf("resetter load: %v", err)
					return
				}
				d = docs[0]
				mu.Lock()
				done := running == 0
				mu.Unlock()
				if cache.Requests(d.Snapshot.Frames) > 0 || done {
					break
				}
			}
			w := resetWrite(keyA, d.Snapshot.Version, d.Snapshot.Epoch, d.Snapshot.Epoch+1, "resetter", int64(r+1))
			outs, err := s.Write(ctx(t), []syncer.Write{w})
			if err != nil || len(outs) != 1 || outs[0] != syncer.Written {
				t.Errorf("reset %d: %v, %v; want written at its first write", r, outs, err)
				return
			}
			epoch = w.Epoch
		}
	})
	wg.Wait()
	d := load(t, s, keyA)[0]
	if d.Snapshot.Epoch != epoch || epoch != resets {
		t.Fatalf("reset epoch %d after %d resets, the last of epoch %d: a reset was undone", d.Snapshot.Epoch, resets, epoch)
	}
	if n := cache.Requests(d.Snapshot.Frames); n != landed[epoch] {
		t.Fatalf("counter %d after the last reset, %d increments written since (by epoch: %v)", n, landed[epoch], landed)
	}
	t.Logf("increments written by epoch: %v", landed)
}

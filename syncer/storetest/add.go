package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// addWrite returns an Add write of key's frames fs, rebased on version v,
// by inst under seq, of reset epoch 0, expiring an hour after now.
func addWrite(k cache.Key, v int64, inst string, seq int64, fs ...cache.Frame) syncer.Write {
	w := write(k, v, inst, seq, fs...)
	w.Add = true
	return w
}

func prevFrame(size time.Duration, n int64) cache.Frame {
	f := frame(size, n)
	f.StartUnix -= int64(size / time.Second)
	return f
}

// testAddIncrements: an Add write adds to the frames it names, creates
// those the document lacks, keeps the others, moves the version up by one
// and sets the writer's lastWrites entry.
func testAddIncrements(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 5, frame(time.Minute, 2), frame(time.Hour, 7)))
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 1, "i2", 9, frame(time.Minute, 3), frame(time.Second, 1))), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"i1": 5, "i2": 9},
		frame(time.Second, 1), frame(time.Minute, 5), frame(time.Hour, 7))
	// Its own later write, and the first instance's.
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 2, "i2", 10, frame(time.Minute, 1)), addWrite(keyB, 0, "i2", 10, frame(time.Minute, 1))),
		syncer.Written, syncer.Conflict) // keyB has no document: an Add write does not create one
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 3, "i1", 6, frame(time.Hour, 1))), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 4, map[string]int64{"i1": 6, "i2": 10},
		frame(time.Second, 1), frame(time.Minute, 6), frame(time.Hour, 8))
	wantDoc(t, load(t, s, keyB)[0], 0, nil)
}

// testAddNotRefusedByOthers: whatever landed since the version an Add write
// was rebased on, it applies; and a compare-and-swap on a version before
// it is refused.
func testAddNotRefusedByOthers(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)))
	mustWrite(t, s, write(keyA, 1, "i1", 2, frame(time.Minute, 4)))
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 1, "i2", 3, frame(time.Minute, 2))), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, write(keyA, 2, "i1", 3, frame(time.Minute, 9))), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 3, map[string]int64{"i1": 2, "i2": 3}, frame(time.Minute, 6))
	// A compare-and-swap on the version the Add write made lands.
	wantOutcomes(t, mustWrite(t, s, write(keyA, 3, "i1", 4, frame(time.Minute, 9))), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"i1": 4, "i2": 3}, frame(time.Minute, 9))
}

// testAddOnceBySeq: a copy of an Add write sent again applies at most once
// (and answers Written: the write is in the document), and an earlier Seq
// of the same instance not at all.
func testAddOnceBySeq(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)))
	w := addWrite(keyA, 1, "i2", 20, frame(time.Minute, 2))
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	// The same write again: it landed (once).
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 1, "i2", 19, frame(time.Minute, 5))), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"i1": 1, "i2": 20}, frame(time.Minute, 3))
	// The writer's own compare-and-swap in between does not let the older
	// copy apply either.
	wantOutcomes(t, mustWrite(t, s, write(keyA, 2, "i2", 21, frame(time.Minute, 4))), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 3, map[string]int64{"i1": 1, "i2": 21}, frame(time.Minute, 4))
}

// testAddEpoch: an Add write applies only to a document of its reset
// epoch: a delta counted before a reset never lands on the reset's
// document.
func testAddEpoch(t *testing.T, s syncer.Store) {
	const e = 1893553200123
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 4)))
	wantOutcomes(t, mustWrite(t, s, resetWrite(keyA, 1, 0, e, "admin", 1)), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, addWrite(keyA, 1, "i1", 2, frame(time.Minute, 3))), syncer.Conflict)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 2, map[string]int64{"i1": 1, "admin": 1})
	wantEpoch(t, d, e)
	w := addWrite(keyA, 2, "i1", 3, frame(time.Minute, 3))
	w.Epoch = e
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	w = addWrite(keyA, 3, "i2", 3, frame(time.Minute, 1))
	w.Epoch = e + 1
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	d = load(t, s, keyA)[0]
	wantDoc(t, d, 3, map[string]int64{"i1": 3, "admin": 1}, frame(time.Minute, 3))
	wantEpoch(t, d, e)
}

// testAddExpireAndDrop: an Add write moves the expiry only later, and
// removes the frames it drops, with or without a count.
func testAddExpireAndDrop(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, prevFrame(time.Minute, 4), frame(time.Minute, 2), prevFrame(time.Hour, 5)))
	w := addWrite(keyA, 1, "i2", 2, frame(time.Minute, 1))
	w.Expire = now.Add(time.Minute) // before the document's
	w.Drop = []cache.Frame{prevFrame(time.Minute, 0), prevFrame(time.Second, 0)}
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 2, map[string]int64{"i1": 1, "i2": 2}, frame(time.Minute, 3), prevFrame(time.Hour, 5))
	if !d.Expire.Equal(now.Add(time.Hour)) {
		t.Errorf("expire %v, want %v (kept)", d.Expire, now.Add(time.Hour))
	}
	w = addWrite(keyA, 2, "i2", 3, frame(time.Minute, 1))
	w.Expire = now.Add(2 * time.Hour)
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	if d := load(t, s, keyA)[0]; !d.Expire.Equal(now.Add(2 * time.Hour)) {
		t.Errorf("expire %v, want %v (moved later)", d.Expire, now.Add(2*time.Hour))
	}
}

// testAddInBatch: Add writes and compare-and-swaps in one call, each
// decided alone.
func testAddInBatch(t *testing.T, s syncer.Store) {
	k3 := cache.Key{ClientID: "client-b", User: "bob"}
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)), write(keyB, 0, "i1", 1, frame(time.Minute, 1)))
	wantOutcomes(t, mustWrite(t, s,
		addWrite(k3, 0, "i2", 5, frame(time.Minute, 1)), // no document
		addWrite(keyA, 0, "i2", 5, frame(time.Minute, 2)),
		write(keyB, 7, "i2", 5, frame(time.Minute, 2)), // stale
	), syncer.Conflict, syncer.Written, syncer.Conflict)
	docs := load(t, s, keyA, keyB, k3)
	wantDoc(t, docs[0], 2, map[string]int64{"i1": 1, "i2": 5}, frame(time.Minute, 3))
	wantDoc(t, docs[1], 1, map[string]int64{"i1": 1}, frame(time.Minute, 1))
	wantDoc(t, docs[2], 0, nil)
}

// testAddInvalid: an Add write prunes no lastWrites entry, and Drop (of an
// Add write or a compare-and-swap) names a frame once and not one the
// write sets or adds.
func testAddInvalid(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)))
	drop := func(w syncer.Write, fs ...cache.Frame) syncer.Write { w.Drop = fs; return w }
	cases := []struct {
		name string
		w    syncer.Write
	}{
		{"Prune", prune(addWrite(keyA, 1, "i2", 2, frame(time.Minute, 1)), "i1")},
		{"DropWritten", drop(write(keyA, 1, "i2", 2, frame(time.Minute, 1)), frame(time.Minute, 0))},
		{"DropTwiceInCompareAndSwap", drop(write(keyA, 1, "i2", 2), prevFrame(time.Minute, 0), prevFrame(time.Minute, 0))},
		{"DropAdded", drop(addWrite(keyA, 1, "i2", 2, frame(time.Minute, 1)), frame(time.Minute, 0))},
		{"DropTwice", drop(addWrite(keyA, 1, "i2", 2), prevFrame(time.Minute, 0), prevFrame(time.Minute, 0))},
		{"DropSubSecond", drop(addWrite(keyA, 1, "i2", 2), cache.Frame{Size: time.Millisecond})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := writeErr(t, s, []syncer.Write{c.w}); err == nil {
				t.Fatalf("Write accepted %+v", c.w)
			}
			wantDoc(t, load(t, s, keyA)[0], 1, map[string]int64{"i1": 1}, frame(time.Minute, 1))
		})
	}
}

// runConcurrentAdd checks that Add writes are atomic and never refused by
// one another: writers that each add 1 to a counter many times at once,
// every write lands and the sum is exact, and a compare-and-swap writer
// among them, read-modify-write, loses none of their increments. It runs in
// RunConcurrent, not Run: FerretDB v1 applies an update by reading the
// document and writing it back by _id (docs/ferretdb.md point 3) unless its
// commands are serialized.
func runConcurrentAdd(t *testing.T, newStore func(t *testing.T) syncer.Store) {
	s := newStore(t)
	const writers, rounds = 4, 20
	mustWrite(t, s, write(keyA, 0, "seed", 1, frame(time.Hour, 0)))
	var wg sync.WaitGroup
	var mu sync.Mutex
	casWon := int64(0)
	for w := range writers {
		wg.Go(func() {
			inst := fmt.Sprintf("w%d", w)
			for r := range rounds {
				outs, err := s.Write(ctx(t), []syncer.Write{addWrite(keyA, 1, inst, int64(r+1), frame(time.Hour, 1))})
				if err != nil || len(outs) != 1 || outs[0] != syncer.Written {
					t.Errorf("%s add %d: %v, %v; want written", inst, r, outs, err)
					return
				}
			}
		})
	}
	wg.Go(func() {
		for r := range rounds {
			docs, err := s.Load(ctx(t), []cache.Key{keyA})
			if err != nil {
				t.Errorf("load: %v", err)
				return
			}
			d := docs[0]
			var n int64
			for _, f := range d.Snapshot.Frames {
				n += f.N
			}
			outs, err := s.Write(ctx(t), []syncer.Write{write(keyA, d.Snapshot.Version, "cas", int64(r+1), frame(time.Hour, n+1))})
			if err != nil {
				t.Errorf("cas: %v", err)
				return
			}
			if outs[0] == syncer.Written {
				mu.Lock()
				casWon++
				mu.Unlock()
			}
		}
	})
	wg.Wait()
	var sum int64
	for _, f := range load(t, s, keyA)[0].Snapshot.Frames {
		sum += f.N
	}
	if want := writers*rounds + casWon; sum != want {
		t.Fatalf("counter %d after %d increments and %d compare-and-swaps: want %d", sum, writers*rounds, casWon, want)
	}
	t.Logf("%d compare-and-swaps of %d won among %d increments", casWon, rounds, writers*rounds)
}

// testAddAndCreationOfOneSeq: an Add write and the creation of its
// document under the same writer and Seq (the two forms in which the
// Syncer sends a write whose answer was lost, by whether it reads the
// document there or gone: Syncer's resendable) land at most once between
// them on a document: the creation needs the document's absence, the Add
// write its presence, and each is refused where the other's Seq is.
func testAddAndCreationOfOneSeq(t *testing.T, s syncer.Store) {
	create := write(keyA, 0, "i1", 5, frame(time.Minute, 2))
	create.Strict = true
	add := addWrite(keyA, 0, "i1", 5, frame(time.Minute, 2))
	wantOutcomes(t, mustWrite(t, s, create), syncer.Written)
	// The Add write's copy: answered Written (its Seq is there), adding
	// nothing.
	wantOutcomes(t, mustWrite(t, s, add), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 1, map[string]int64{"i1": 5}, frame(time.Minute, 2))

	// The other way round, on a document another writer created.
	mustWrite(t, s, write(keyB, 0, "i2", 1, frame(time.Minute, 1)))
	create.Key, add.Key = keyB, keyB
	wantOutcomes(t, mustWrite(t, s, add), syncer.Written)
	// Refused: a Conflict (MemoryStore), or Written where the store decides
	// a refused write by the document read back, which holds its Seq
	// (mongostore: MongoDB's duplicate key, FerretDB's bulk). Either way
	// it adds nothing; the Syncer reads such a write back (flush).
	if o := mustWrite(t, s, create); o[0] != syncer.Conflict && o[0] != syncer.Written {
		t.Errorf("the creation on a document holding its Seq: %v, want conflict or written", o[0])
	}
	wantOutcomes(t, mustWrite(t, s, add), syncer.Written)
	wantDoc(t, load(t, s, keyB)[0], 2, map[string]int64{"i1": 5, "i2": 1}, frame(time.Minute, 3))
}

// Package storetest is the test suite every syncer.Store implementation must
// pass: the same cases run against MemoryStore (in syncer's tests) and
// mongostore.Store (in mongostore's tests, and against a real server from
// integration/), so the two cannot drift apart.
package storetest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// OpTimeout bounds every store call of the suite, so that a server that
// hangs (FerretDB can, docs/ferretdb.md point 1) fails a test instead of the
// whole run.
const OpTimeout = 2 * time.Minute

// now is the suite's clock: stores take times from their callers.
var now = time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)

// Run runs the suite against the stores newStore returns; each subtest gets
// a new, empty store.
func Run(t *testing.T, newStore func(t *testing.T) syncer.Store) {
	cases := []struct {
		name string
		f    func(t *testing.T, s syncer.Store)
	}{
		{"InsertNewKey", testInsertNewKey},
		{"CompareAndSwap", testCompareAndSwap},
		{"CompareAndSwapKeepsTheLaterExpiry", testCompareAndSwapKeepsTheLaterExpiry},
		{"StaleVersionConflicts", testStaleVersionConflicts},
		{"ConflictingInsert", testConflictingInsert},
		{"MissingDocumentConflicts", testMissingDocumentConflicts},
		{"LastWritesPerInstance", testLastWritesPerInstance},
		{"PruneLastWrites", testPruneLastWrites},
		{"LoadMissingKeys", testLoadMissingKeys},
		{"LoadDuplicateKeys", testLoadDuplicateKeys},
		{"Sweep", testSweep},
		{"FramesRoundTrip", testFramesRoundTrip},
		{"FramesByName", testFramesByName},
		{"FramesMovedOnWithTheSameCounts", testFramesMovedOnWithTheSameCounts},
		{"AwkwardKeys", testAwkwardKeys},
		{"ConflictsAnywhereInBatch", testConflictsAnywhereInBatch},
		{"LargeBatch", testLargeBatch},
		{"InvalidWritesRefused", testInvalidWritesRefused},
		{"EmptyCalls", testEmptyCalls},
		{"Subjects", testSubjects},
		{"EpochKeptByWrites", testEpochKeptByWrites},
		{"ResetWrite", testResetWrite},
		{"EpochOfResetOnly", testEpochOfResetOnly},
		{"AddIncrements", testAddIncrements},
		{"AddNotRefusedByOthers", testAddNotRefusedByOthers},
		{"AddOnceBySeq", testAddOnceBySeq},
		{"AddAndCreationOfOneSeq", testAddAndCreationOfOneSeq},
		{"AddEpoch", testAddEpoch},
		{"AddExpireAndDrop", testAddExpireAndDrop},
		{"AddInBatch", testAddInBatch},
		{"AddInvalid", testAddInvalid},
		{"ResetByEpoch", testResetByEpoch},
		{"ResetInBatch", testResetInBatch},
		{"ResetInvalid", testResetInvalid},
		{"StrictFrames", testStrictFrames},
		{"StrictEpoch", testStrictEpoch},
		{"StrictPrune", testStrictPrune},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.f(t, newStore(t))
		})
	}
}

// RunChunked runs the cases whose batches span several bulk commands when
// newStore returns stores with a tiny bulk size (mongostore.Config.BulkSize 4,
// say): conflicts first, last and in between chunks, keys and loads across
// chunks. LargeBatch is left out: with tiny chunks it takes minutes on
// FerretDB, where each command scans the collection.
func RunChunked(t *testing.T, newStore func(t *testing.T) syncer.Store) {
	cases := []struct {
		name string
		f    func(t *testing.T, s syncer.Store)
	}{
		{"MissingDocumentConflicts", testMissingDocumentConflicts},
		{"LoadMissingKeys", testLoadMissingKeys},
		{"LoadDuplicateKeys", testLoadDuplicateKeys},
		{"Sweep", testSweep},
		{"AwkwardKeys", testAwkwardKeys},
		{"ConflictsAnywhereInBatch", testConflictsAnywhereInBatch},
		{"AddInBatch", testAddInBatch},
		{"ResetInBatch", testResetInBatch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.f(t, newStore(t))
		})
	}
}

// RunConcurrent checks that compare-and-swap is atomic: writers that each
// read a counter and write it back incremented, many at once, lose no
// increment. It is not part of Run: FerretDB v1 fails it (docs/ferretdb.md
// point 3: it reads the matching document, then writes by _id alone) unless its
// commands are serialized (a serial WireProxy), while MongoDB guarantees
// it and the syncer relies on it. Its subtest Add does the same for Add
// writes (see runConcurrentAdd), and Reset for Reset writes among them
// (see runConcurrentReset).
func RunConcurrent(t *testing.T, newStore func(t *testing.T) syncer.Store) {
	s := newStore(t)
	const writers, rounds = 4, 25
	keys := []cache.Key{{ClientID: "c", User: "u1"}, {ClientID: "c", User: "u2"}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for w := range writers {
		wg.Go(func() {
			inst := fmt.Sprintf("w%d", w)
			for r := range rounds {
				docs, err := s.Load(ctx(t), keys)
				if err != nil {
					t.Errorf("load: %v", err)
					return
				}
				ws := make([]syncer.Write, len(keys))
				for i, d := range docs {
					n := int64(0)
					if len(d.Snapshot.Frames) > 0 {
						n = d.Snapshot.Frames[0].N
					}
					ws[i] = write(keys[i], d.Snapshot.Version, inst, int64(r+1), frame(time.Hour, n+1))
				}
				outs, err := s.Write(ctx(t), ws)
				if err != nil {
					t.Errorf("write: %v", err)
					return
				}
				mu.Lock()
				for _, o := range outs {
					if o == syncer.Written {
						won++
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	var sum int64
	for _, d := range load(t, s, keys...) {
		for _, f := range d.Snapshot.Frames {
			sum += f.N
		}
	}
	if sum != int64(won) {
		t.Fatalf("counters sum to %d after %d successful increments: compare-and-swap is not atomic", sum, won)
	}
	t.Logf("%d of %d increments won", won, writers*rounds*len(keys))
	t.Run("Add", func(t *testing.T) { runConcurrentAdd(t, newStore) })
	t.Run("Reset", func(t *testing.T) { runConcurrentReset(t, newStore) })
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(t.Context(), OpTimeout)
	t.Cleanup(cancel)
	return c
}

func frame(size time.Duration, n int64) cache.Frame {
	start := now.Unix() - now.Unix()%int64(size/time.Second)
	return cache.Frame{Size: size, StartUnix: start, N: n}
}

// write returns a Write of key from version v to the next one, expiring
// an hour after now.
func write(k cache.Key, v int64, inst string, seq int64, fs ...cache.Frame) syncer.Write {
	return syncer.Write{
		Key: k, Version: v, NewVersion: v + 1, Frames: fs,
		Expire: now.Add(time.Hour), Instance: inst, Seq: seq,
	}
}

func writeErr(t *testing.T, s syncer.Store, ws []syncer.Write) ([]syncer.Outcome, error) {
	t.Helper()
	outs, err := s.Write(ctx(t), ws)
	if err == nil && len(outs) != len(ws) {
		t.Fatalf("Write returned %d outcomes for %d writes", len(outs), len(ws))
	}
	return outs, err
}

func mustWrite(t *testing.T, s syncer.Store, ws ...syncer.Write) []syncer.Outcome {
	t.Helper()
	outs, err := writeErr(t, s, ws)
	if err != nil {
		t.Fatalf("Write: %v", err)
	}
	return outs
}

func load(t *testing.T, s syncer.Store, keys ...cache.Key) []syncer.Doc {
	t.Helper()
	docs, err := s.Load(ctx(t), keys)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(docs) != len(keys) {
		t.Fatalf("Load returned %d docs for %d keys", len(docs), len(keys))
	}
	for i, d := range docs {
		if d.Key != keys[i] {
			t.Fatalf("Load: doc %d has key %q, want %q", i, d.Key, keys[i])
		}
	}
	return docs
}

func wantOutcomes(t *testing.T, got []syncer.Outcome, want ...syncer.Outcome) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("outcomes %v, want %v", got, want)
	}
}

// wantDoc checks d's version, frames (in the order Doc promises) and
// lastWrites.
func wantDoc(t *testing.T, d syncer.Doc, version int64, lastWrites map[string]int64, fs ...cache.Frame) {
	t.Helper()
	if d.Snapshot.Version != version {
		t.Errorf("key %q: version %d, want %d", d.Key, d.Snapshot.Version, version)
	}
	if !slices.Equal(d.Snapshot.Frames, fs) {
		t.Errorf("key %q: frames %v, want %v", d.Key, d.Snapshot.Frames, fs)
	}
	if !maps.Equal(d.LastWrites, lastWrites) {
		t.Errorf("key %q: lastWrites %v, want %v", d.Key, d.LastWrites, lastWrites)
	}
}

var (
	keyA = cache.Key{ClientID: "client-a", User: "alice"}
	keyB = cache.Key{ClientID: "client-a", User: ""}
)

func testInsertNewKey(t *testing.T, s syncer.Store) {
	f := frame(time.Minute, 3)
	w := write(keyA, 0, "i1", 10, f)
	w.NewVersion = 1700000000123 // the syncer's versions are millisecond times
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 1700000000123, map[string]int64{"i1": 10}, f)
	if !d.Expire.Equal(now.Add(time.Hour)) {
		t.Errorf("expire %v, want %v", d.Expire, now.Add(time.Hour))
	}
}

// testCompareAndSwapKeepsTheLaterExpiry: a compare-and-swap moves the
// document's expiry only later, as an Add write does. A writer whose clock
// is behind names an earlier expiry than one ahead wrote; set as it came,
// it would let the store delete frames the instances ahead still count.
func testCompareAndSwapKeepsTheLaterExpiry(t *testing.T, s syncer.Store) {
	w := write(keyA, 0, "ahead", 1, frame(time.Minute, 1))
	w.Expire = now.Add(2 * time.Hour)
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	w = write(keyA, 1, "behind", 1, frame(time.Minute, 2)) // expires now+1h
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	if d := load(t, s, keyA)[0]; !d.Expire.Equal(now.Add(2 * time.Hour)) {
		t.Errorf("expire %v after a write naming an earlier one, want %v (kept)", d.Expire, now.Add(2*time.Hour))
	}
	w = write(keyA, 2, "ahead", 2, frame(time.Minute, 3))
	w.Expire = now.Add(3 * time.Hour)
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	if d := load(t, s, keyA)[0]; !d.Expire.Equal(now.Add(3 * time.Hour)) {
		t.Errorf("expire %v after a write naming a later one, want %v", d.Expire, now.Add(3*time.Hour))
	}
}

func testCompareAndSwap(t *testing.T, s syncer.Store) {
	wantOutcomes(t, mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1))), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, write(keyA, 1, "i1", 2, frame(time.Minute, 2))), syncer.Written)
	wantOutcomes(t, mustWrite(t, s, write(keyA, 2, "i2", 7, frame(time.Minute, 5))), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 3, map[string]int64{"i1": 2, "i2": 7}, frame(time.Minute, 5))
}

func testStaleVersionConflicts(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)))
	mustWrite(t, s, write(keyA, 1, "i1", 2, frame(time.Minute, 2)))
	for _, v := range []int64{1, 3, 100} {
		wantOutcomes(t, mustWrite(t, s, write(keyA, v, "i2", 9, frame(time.Minute, 50))), syncer.Conflict)
	}
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"i1": 2}, frame(time.Minute, 2))
}

func testConflictingInsert(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)))
	wantOutcomes(t, mustWrite(t, s, write(keyA, 0, "i2", 1, frame(time.Minute, 9))), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 1, map[string]int64{"i1": 1}, frame(time.Minute, 1))
}

// A write that expects a version of a document that is gone (expired and
// swept) conflicts: the writer must read the key again and insert.
func testMissingDocumentConflicts(t *testing.T, s syncer.Store) {
	wantOutcomes(t, mustWrite(t, s, write(keyA, 41, "i1", 5, frame(time.Minute, 4))), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 0, nil)
	mustWrite(t, s, write(keyB, 0, "i1", 1, frame(time.Minute, 1)))
	// Also among writes that land, in one call.
	wantOutcomes(t, mustWrite(t, s,
		write(keyB, 1, "i1", 2, frame(time.Minute, 2)),
		write(keyA, 41, "i1", 5, frame(time.Minute, 4)),
	), syncer.Written, syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 0, nil)
}

func testLastWritesPerInstance(t *testing.T, s syncer.Store) {
	insts := []string{"a", "host-1:1234-ab12cd", "Z_9", "x-y:z"}
	v := int64(0)
	for i, inst := range insts {
		wantOutcomes(t, mustWrite(t, s, write(keyA, v, inst, int64(100+i), frame(time.Minute, int64(i+1)))), syncer.Written)
		v++
	}
	wantOutcomes(t, mustWrite(t, s, write(keyA, v, "a", 200, frame(time.Minute, 9))), syncer.Written)
	// A refused write leaves lastWrites alone.
	wantOutcomes(t, mustWrite(t, s, write(keyA, v, "Z_9", 300, frame(time.Minute, 9))), syncer.Conflict)
	want := map[string]int64{"a": 200, "host-1:1234-ab12cd": 101, "Z_9": 102, "x-y:z": 103}
	wantDoc(t, load(t, s, keyA)[0], v+1, want, frame(time.Minute, 9))
}

// A write's Prune removes the named instances' lastWrites entries, with
// the rest of the write, and only if the write lands.
func testPruneLastWrites(t *testing.T, s syncer.Store) {
	for i, inst := range []string{"old-1", "old-2", "live", "old-3"} {
		mustWrite(t, s, write(keyA, int64(i), inst, int64(10+i), frame(time.Minute, 1)))
	}
	// Refused: nothing is pruned.
	w := write(keyA, 1, "new", 20, frame(time.Minute, 9))
	w.Prune = []string{"old-1", "old-2"}
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"old-1": 10, "old-2": 11, "live": 12, "old-3": 13}, frame(time.Minute, 1))

	// Landed, next to a write without Prune; a name without an entry is
	// ignored.
	w = write(keyA, 4, "new", 21, frame(time.Minute, 2))
	w.Prune = []string{"old-3", "never-wrote", "old-1"}
	wantOutcomes(t, mustWrite(t, s, w, write(keyB, 0, "new", 21, frame(time.Minute, 1))), syncer.Written, syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 5, map[string]int64{"old-2": 11, "live": 12, "new": 21}, frame(time.Minute, 2))
	wantDoc(t, load(t, s, keyB)[0], 1, map[string]int64{"new": 21}, frame(time.Minute, 1))

	// An insert may carry Prune too (nothing to remove).
	keyC := cache.Key{ClientID: "client-c", User: "carol"}
	w = write(keyC, 0, "new", 22, frame(time.Minute, 3))
	w.Prune = []string{"old-2"}
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantDoc(t, load(t, s, keyC)[0], 1, map[string]int64{"new": 22}, frame(time.Minute, 3))

	// The most a write may prune, all at once.
	w = write(keyA, 5, "new", 23, frame(time.Minute, 4))
	for i := range syncer.MaxPrune {
		w.Prune = append(w.Prune, fmt.Sprint("gone-", i))
	}
	w.Prune[syncer.MaxPrune-1] = "old-2"
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 6, map[string]int64{"live": 12, "new": 23}, frame(time.Minute, 4))
}

func testLoadMissingKeys(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyB, 0, "i1", 1, frame(time.Hour, 2)))
	missing1 := cache.Key{ClientID: "nobody", User: "x"}
	missing2 := cache.Key{ClientID: "client-a", User: "bob"}
	docs := load(t, s, missing1, keyB, missing2)
	wantDoc(t, docs[0], 0, nil)
	wantDoc(t, docs[1], 1, map[string]int64{"i1": 1}, frame(time.Hour, 2))
	wantDoc(t, docs[2], 0, nil)
}

func testLoadDuplicateKeys(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Hour, 2)))
	docs := load(t, s, keyA, keyB, keyA)
	wantDoc(t, docs[0], 1, map[string]int64{"i1": 1}, frame(time.Hour, 2))
	wantDoc(t, docs[1], 0, nil)
	wantDoc(t, docs[2], 1, map[string]int64{"i1": 1}, frame(time.Hour, 2))
}

func testSweep(t *testing.T, s syncer.Store) {
	keys := make([]cache.Key, 6)
	var ws []syncer.Write
	for i := range keys {
		keys[i] = cache.Key{ClientID: "c", User: fmt.Sprint("u", i)}
		w := write(keys[i], 0, "i1", 1, frame(time.Minute, 1))
		w.Expire = now.Add(time.Duration(i-3) * time.Second) // three in the past, one now, two ahead
		ws = append(ws, w)
	}
	mustWrite(t, s, ws...)
	n, err := s.Sweep(ctx(t), now)
	if err != nil {
		t.Fatalf("Sweep: %v", err)
	}
	if n != 3 {
		t.Errorf("Sweep deleted %d documents, want 3 (those expiring before now)", n)
	}
	for i, d := range load(t, s, keys...) {
		if gone := d.Snapshot.Version == 0; gone != (i < 3) {
			t.Errorf("key %d (expire now%+ds): deleted %v, want %v", i, i-3, gone, i < 3)
		}
	}
	if n, err := s.Sweep(ctx(t), now); err != nil || n != 0 {
		t.Errorf("second Sweep: %d, %v; want 0, nil", n, err)
	}
	// A swept key is inserted anew.
	wantOutcomes(t, mustWrite(t, s, write(keys[0], 0, "i1", 2, frame(time.Minute, 7))), syncer.Written)
}

func testFramesRoundTrip(t *testing.T, s syncer.Store) {
	day := cache.Frame{Size: 24 * time.Hour, StartUnix: now.Unix() - now.Unix()%86400, N: 1 << 40}
	fs := []cache.Frame{
		day,
		{Size: time.Second, StartUnix: now.Unix() - 1, N: 1},
		{Size: time.Second, StartUnix: now.Unix(), N: 2},
		{Size: time.Minute, StartUnix: now.Unix() - 60, N: 30},
		{Size: time.Minute, StartUnix: now.Unix(), N: 31},
		{Size: time.Hour, StartUnix: now.Unix(), N: 4},
		{Size: 90 * time.Second, StartUnix: now.Unix() - now.Unix()%90, N: 5},
	}
	mustWrite(t, s, write(keyA, 0, "i1", 1, fs...))
	want := slices.Clone(fs)
	slices.SortFunc(want, func(a, b cache.Frame) int {
		if a.Size != b.Size {
			return int(a.Size - b.Size)
		}
		return int(a.StartUnix - b.StartUnix)
	})
	wantDoc(t, load(t, s, keyA)[0], 1, map[string]int64{"i1": 1}, want...)
}

// testFramesByName: a compare-and-swap sets the frames it names, keeps the
// document's others and removes those it drops (a frame it drops that the
// document lacks is no error). A writer's snapshot holds only the frames
// inside the window by its clock: one that replaced every frame erased
// those an instance whose clock is behind still counted (audit G, F4).
func testFramesByName(t *testing.T, s syncer.Store) {
	m, h := time.Minute, time.Hour
	old := prevFrame(m, 7)
	old.StartUnix -= 60 // two minutes back
	mustWrite(t, s, write(keyA, 0, "i1", 1, old, prevFrame(m, 4), frame(m, 1), frame(h, 1)))
	mustWrite(t, s, write(keyA, 1, "i2", 2, frame(h, 6)))
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"i1": 1, "i2": 2}, old, prevFrame(m, 4), frame(m, 1), frame(h, 6))
	// Drops (one the document lacks) and prunes in one write.
	w := prune(write(keyA, 2, "i1", 3, frame(m, 2)), "i2")
	w.Drop = []cache.Frame{{Size: m, StartUnix: old.StartUnix}, {Size: time.Second, StartUnix: 5}}
	wantOutcomes(t, mustWrite(t, s, w), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 3, map[string]int64{"i1": 3}, prevFrame(m, 4), frame(m, 2), frame(h, 6))
	mustWrite(t, s, write(keyA, 3, "i1", 4))
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"i1": 4}, prevFrame(m, 4), frame(m, 2), frame(h, 6))
	// Refused, it changes nothing, its drops included.
	w = write(keyA, 3, "i2", 5, frame(m, 9))
	w.Drop = []cache.Frame{prevFrame(m, 0)}
	wantOutcomes(t, mustWrite(t, s, w), syncer.Conflict)
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"i1": 4}, prevFrame(m, 4), frame(m, 2), frame(h, 6))
}

// testFramesMovedOnWithTheSameCounts: a write whose frames hold the counts
// the document's hold, under other frame starts (a quiet key whose window
// moved on: 2 in the minute it last counted, 2 in this one), sets them,
// and drops the old ones it names. FerretDB v1 acknowledged such a $set of
// the whole requestCounters and kept the old frames (it compares embedded
// documents by their values alone), and the new counts were lost (an
// outside audit; docs/ferretdb.md point 8).
func testFramesMovedOnWithTheSameCounts(t *testing.T, s syncer.Store) {
	m, h := time.Minute, time.Hour
	at := func(f cache.Frame, ago int64) cache.Frame {
		f.StartUnix -= ago * int64(f.Size/time.Second)
		return f
	}
	dropping := func(w syncer.Write, fs ...cache.Frame) syncer.Write { w.Drop = fs; return w }
	mustWrite(t, s, write(keyA, 0, "i1", 1, at(frame(m, 2), 3)))
	wantOutcomes(t, mustWrite(t, s, dropping(write(keyA, 1, "i1", 2, frame(m, 2)), at(frame(m, 0), 3))), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 2, map[string]int64{"i1": 2}, frame(m, 2))
	// Two sizes, both moved on, the same counts in the same order.
	mustWrite(t, s, dropping(write(keyA, 2, "i1", 3, at(frame(m, 1), 2), at(frame(h, 5), 2)), frame(m, 0)))
	wantOutcomes(t, mustWrite(t, s, dropping(write(keyA, 3, "i1", 4, frame(m, 1), frame(h, 5)), at(frame(m, 0), 2), at(frame(h, 0), 2))), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 4, map[string]int64{"i1": 4}, frame(m, 1), frame(h, 5))
	// The same counts in the same frames: written all the same (the
	// version and the lastWrites entry move).
	wantOutcomes(t, mustWrite(t, s, write(keyA, 4, "i2", 5, frame(m, 1), frame(h, 5))), syncer.Written)
	wantDoc(t, load(t, s, keyA)[0], 5, map[string]int64{"i1": 4, "i2": 5}, frame(m, 1), frame(h, 5))
}

// AwkwardKeys are keys whose parts hold the separator, the escape
// character, Unicode, control bytes and invalid UTF-8, and pairs of keys
// that a naive join would give one ID.
var AwkwardKeys = []cache.Key{
	{ClientID: "a|b", User: ""},
	{ClientID: "a", User: "b|"},
	{ClientID: "a", User: "|b"},
	{ClientID: "a|", User: "b"},
	{ClientID: `a\`, User: "|b"},
	{ClientID: `a\|`, User: "b"},
	{ClientID: `a`, User: `\|b`},
	{ClientID: `a\\`, User: ""},
	{ClientID: `a`, User: `\\`},
	{ClientID: "", User: ""},
	{ClientID: "", User: "a"},
	{ClientID: "a", User: ""},
	{ClientID: "client", User: "usér@例え.jp"},
	{ClientID: "клиент", User: "😀"},
	{ClientID: "nul\x00", User: "tab\tnew\nline"},
	{ClientID: "bad\xff\xfeutf8", User: "\xc3"},
	{ClientID: `x\x41`, User: "A"},
	{ClientID: "x\x41", User: "A"},
	{ClientID: "dot.and$dollar", User: "{\"$gt\": \"\"}"},
}

func testAwkwardKeys(t *testing.T, s syncer.Store) {
	var ws []syncer.Write
	for i, k := range AwkwardKeys {
		ws = append(ws, write(k, 0, "i1", int64(i+1), frame(time.Minute, int64(i+1))))
	}
	outs := mustWrite(t, s, ws...)
	for i, o := range outs {
		if o != syncer.Written {
			t.Errorf("key %q: %v, want written (its ID collides with another key's?)", AwkwardKeys[i], o)
		}
	}
	for i, d := range load(t, s, AwkwardKeys...) {
		wantDoc(t, d, 1, map[string]int64{"i1": int64(i + 1)}, frame(time.Minute, int64(i+1)))
	}
}

// The writes that conflict sit first, in the middle and last of one batch:
// FerretDB's unordered bulk stops at the first error and reports it at a
// wrong index (docs/ferretdb.md point 2), so a store must not trust indexes.
func testConflictsAnywhereInBatch(t *testing.T, s syncer.Store) {
	const n = 9
	keys := make([]cache.Key, n)
	var ws []syncer.Write
	for i := range keys {
		keys[i] = cache.Key{ClientID: "batch", User: fmt.Sprint(i)}
		ws = append(ws, write(keys[i], 0, "i1", 1, frame(time.Minute, 1)))
	}
	mustWrite(t, s, ws...)
	for _, stale := range [][]int{{0}, {4}, {8}, {0, 8}, {1, 2, 6}, {0, 1, 2, 3, 4, 5, 6, 7, 8}} {
		t.Run(fmt.Sprint(stale), func(t *testing.T) {
			docs := load(t, s, keys...)
			ws := ws[:0]
			want := make([]syncer.Outcome, n)
			for i, d := range docs {
				v := d.Snapshot.Version
				want[i] = syncer.Written
				if slices.Contains(stale, i) {
					v--
					want[i] = syncer.Conflict
				}
				ws = append(ws, write(keys[i], v, "i1", d.LastWrites["i1"]+1, frame(time.Minute, d.Snapshot.Frames[0].N+1)))
			}
			wantOutcomes(t, mustWrite(t, s, ws...), want...)
			for i, d := range load(t, s, keys...) {
				wantN := docs[i].Snapshot.Frames[0].N
				wantV := docs[i].Snapshot.Version
				if want[i] == syncer.Written {
					wantN++
					wantV++
				}
				wantDoc(t, d, wantV, map[string]int64{"i1": docs[i].LastWrites["i1"] + int64(btoi(want[i] == syncer.Written))}, frame(time.Minute, wantN))
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// LargeBatch writes more keys in one call than mongostore.Store's default
// bulk size, first inserting, then updating with every seventh write stale.
func testLargeBatch(t *testing.T, s syncer.Store) {
	const n = 1200
	keys := make([]cache.Key, n)
	ws := make([]syncer.Write, n)
	for i := range keys {
		keys[i] = cache.Key{ClientID: fmt.Sprint("client-", i%7), User: fmt.Sprint("user-", i)}
		ws[i] = write(keys[i], 0, "i1", 1, frame(time.Minute, int64(i)+1))
	}
	for i, o := range mustWrite(t, s, ws...) {
		if o != syncer.Written {
			t.Fatalf("insert %d: %v", i, o)
		}
	}
	want := make([]syncer.Outcome, n)
	for i := range ws {
		ws[i] = write(keys[i], 1, "i2", 2, frame(time.Minute, int64(i)+2))
		want[i] = syncer.Written
		if i%7 == 3 {
			ws[i].Version, ws[i].NewVersion = 5, 6
			want[i] = syncer.Conflict
		}
	}
	wantOutcomes(t, mustWrite(t, s, ws...), want...)
	for i, d := range load(t, s, keys...) {
		if want[i] == syncer.Written {
			wantDoc(t, d, 2, map[string]int64{"i1": 1, "i2": 2}, frame(time.Minute, int64(i)+2))
		} else {
			wantDoc(t, d, 1, map[string]int64{"i1": 1}, frame(time.Minute, int64(i)+1))
		}
		if t.Failed() {
			t.FailNow()
		}
	}
}

func testInvalidWritesRefused(t *testing.T, s syncer.Store) {
	good := write(keyB, 0, "ok", 1, frame(time.Minute, 1))
	cases := []struct {
		name string
		w    syncer.Write
	}{
		{"EmptyInstance", write(keyA, 0, "", 1)},
		{"DotInInstance", write(keyA, 0, "a.b", 1)},
		{"DollarInstance", write(keyA, 0, "$set", 1)},
		{"LongInstance", write(keyA, 0, strings.Repeat("a", 65), 1)},
		{"SameVersion", func() syncer.Write { w := write(keyA, 3, "i", 1); w.NewVersion = 3; return w }()},
		{"NegativeVersion", write(keyA, -2, "i", 1)},
		{"ZeroSeq", write(keyA, 0, "i", 0)},
		{"NegativeEpoch", func() syncer.Write { w := write(keyA, 0, "i", 1); w.Epoch = -1; return w }()},
		{"SubSecondFrame", write(keyA, 0, "i", 1, cache.Frame{Size: 1500 * time.Millisecond, N: 1})},
		{"ZeroSizeFrame", write(keyA, 0, "i", 1, cache.Frame{N: 1})},
		{"DuplicateFrame", write(keyA, 0, "i", 1, frame(time.Minute, 1), frame(time.Minute, 2))},
		{"DuplicateKey", write(keyB, 0, "i", 1)},
		{"PruneInvalidName", prune(write(keyA, 0, "i", 1), "a.b")},
		{"PruneEmptyName", prune(write(keyA, 0, "i", 1), "")},
		{"PruneDollar", prune(write(keyA, 0, "i", 1), "$x")},
		{"PruneSelf", prune(write(keyA, 0, "i", 1), "other", "i")},
		{"PruneTwice", prune(write(keyA, 0, "i", 1), "x", "y", "x")},
		{"PruneTooMany", func() syncer.Write {
			w := write(keyA, 0, "i", 1)
			for i := range syncer.MaxPrune + 1 {
				w.Prune = append(w.Prune, fmt.Sprint("x", i))
			}
			return w
		}()},
		{"StrictAdd", func() syncer.Write { w := addWrite(keyA, 1, "i", 1); w.Strict = true; return w }()},
		{"StrictReset", func() syncer.Write { w := resetWrite(keyA, 1, 0, 1, "i", 1); w.Strict = true; return w }()},
		{"StrictSubSecondBase", strictWrite(keyA, 1, "i", 1, []cache.Frame{{Size: 1500 * time.Millisecond, N: 1}})},
		{"BaseNotStrict", func() syncer.Write {
			w := write(keyA, 1, "i", 1)
			w.Base = []cache.Frame{frame(time.Minute, 1)}
			return w
		}()},
		{"PruneBelowNotStrict", func() syncer.Write { w := write(keyA, 1, "i", 1); w.PruneBelow = 5; return w }()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := writeErr(t, s, []syncer.Write{good, c.w}); err == nil {
				t.Fatalf("Write accepted %+v", c.w)
			}
			for _, d := range load(t, s, keyA, keyB) {
				wantDoc(t, d, 0, nil)
			}
		})
	}
}

func prune(w syncer.Write, names ...string) syncer.Write {
	w.Prune = names
	return w
}

func testEmptyCalls(t *testing.T, s syncer.Store) {
	if outs, err := s.Write(ctx(t), nil); err != nil || len(outs) != 0 {
		t.Errorf("Write(nil) = %v, %v; want no outcomes, nil", outs, err)
	}
	if docs, err := s.Load(ctx(t), nil); err != nil || len(docs) != 0 {
		t.Errorf("Load(nil) = %v, %v; want no docs, nil", docs, err)
	}
}

// epochWrite returns write(...) carrying the reset epoch e.
func epochWrite(k cache.Key, v, e int64, inst string, seq int64, fs ...cache.Frame) syncer.Write {
	w := write(k, v, inst, seq, fs...)
	w.Epoch = e
	return w
}

func wantEpoch(t *testing.T, d syncer.Doc, e int64) {
	t.Helper()
	if d.Snapshot.Epoch != e {
		t.Errorf("key %q: reset epoch %d, want %d", d.Key, d.Snapshot.Epoch, e)
	}
}

// testEpochKeptByWrites: a document's reset epoch is what its last write
// carried; one never written with an epoch reads 0, and so does a missing
// document.
func testEpochKeptByWrites(t *testing.T, s syncer.Store) {
	const e = 1893553200123 // a reset's Unix milliseconds
	mustWrite(t, s,
		epochWrite(keyA, 0, e, "i1", 1, frame(time.Minute, 1)),
		write(keyB, 0, "i1", 1, frame(time.Minute, 2)))
	docs := load(t, s, keyA, keyB, cache.Key{ClientID: "none"})
	wantEpoch(t, docs[0], e)
	wantEpoch(t, docs[1], 0)
	wantEpoch(t, docs[2], 0)
	// A flush carries the epoch of its base: the document keeps it.
	wantOutcomes(t, mustWrite(t, s, epochWrite(keyA, 1, e, "i2", 1, frame(time.Minute, 5))), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 2, map[string]int64{"i1": 1, "i2": 1}, frame(time.Minute, 5))
	wantEpoch(t, d, e)
	// A stale write does not touch the epoch either.
	wantOutcomes(t, mustWrite(t, s, epochWrite(keyA, 1, e+5, "i3", 1)), syncer.Conflict)
	wantEpoch(t, load(t, s, keyA)[0], e)
}

// testResetWrite: a reset (a Reset write; a compare-and-swap on version 0
// where there is no document) leaves no frames and a new epoch; the other
// instances' lastWrites entries stay (a write of theirs that landed
// before the reset must still read as landed), and a write against the
// version before the reset conflicts.
func testResetWrite(t *testing.T, s syncer.Store) {
	mustWrite(t, s, write(keyA, 0, "i1", 7, frame(time.Minute, 4), frame(time.Hour, 9)))
	mustWrite(t, s, write(keyA, 1, "i2", 3, frame(time.Minute, 6), frame(time.Hour, 11)))
	const e = 1893553200123
	wantOutcomes(t, mustWrite(t, s, resetWrite(keyA, 2, 0, e, "admin", 1)), syncer.Written)
	d := load(t, s, keyA)[0]
	wantDoc(t, d, 3, map[string]int64{"i1": 7, "i2": 3, "admin": 1})
	wantEpoch(t, d, e)
	// i1's flush counted against version 1 cannot bring its counts back.
	wantOutcomes(t, mustWrite(t, s, write(keyA, 1, "i1", 8, frame(time.Minute, 5))), syncer.Conflict)
	d = load(t, s, keyA)[0]
	wantDoc(t, d, 3, map[string]int64{"i1": 7, "i2": 3, "admin": 1})
	wantEpoch(t, d, e)
	// A reset of a key without a document creates one that holds only
	// the epoch.
	wantOutcomes(t, mustWrite(t, s, epochWrite(keyB, 0, e, "admin", 2)), syncer.Written)
	d = load(t, s, keyB)[0]
	wantDoc(t, d, 1, map[string]int64{"admin": 2})
	wantEpoch(t, d, e)
}

// testEpochOfResetOnly: writes in one batch carry their own epochs, next
// to writes without one.
func testEpochOfResetOnly(t *testing.T, s syncer.Store) {
	k3 := cache.Key{ClientID: "client-b", User: "bob"}
	mustWrite(t, s, write(keyA, 0, "i1", 1, frame(time.Minute, 1)), write(keyB, 0, "i1", 1), write(k3, 0, "i1", 1))
	wantOutcomes(t, mustWrite(t, s,
		epochWrite(keyA, 1, 11, "i1", 2),
		write(keyB, 1, "i1", 2, frame(time.Minute, 2)),
		epochWrite(k3, 1, 33, "i1", 2, frame(time.Hour, 3))),
		syncer.Written, syncer.Written, syncer.Written)
	docs := load(t, s, keyA, keyB, k3)
	for i, e := range []int64{11, 0, 33} {
		wantEpoch(t, docs[i], e)
	}
}

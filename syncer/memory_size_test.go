package syncer_test

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// memoryStoreFootprint writes n documents of the given shape to a new
// MemoryStore, one Write of 512 each (as a flush does), and returns the
// heap bytes and objects it holds per document, read after two GCs each
// side (gcTwice).
func memoryStoreFootprint(t *testing.T, n, clientLen, frames int) (bytes, objects float64) {
	t.Helper()
	s := syncer.NewMemoryStore()
	fr := make([]cache.Frame, frames)
	for i := range fr {
		fr[i] = cache.Frame{Size: time.Hour, StartUnix: t0.Unix() - int64(i%2)*3600, N: 1}
		if i >= 2 {
			fr[i].Size = time.Minute
		}
	}
	pad := strings.Repeat("z", max(clientLen-8, 0))
	keys := make([]cache.Key, n)
	for i := range keys {
		keys[i] = cache.Key{ClientID: fmt.Sprintf("%08d", i) + pad}
	}
	ws := make([]syncer.Write, 0, 512)
	var before, after runtime.MemStats
	gcTwice()
	runtime.ReadMemStats(&before)
	for i, k := range keys {
		ws = append(ws, syncer.Write{Key: k, NewVersion: 1, Frames: fr, Expire: t0.Add(48 * time.Hour), Instance: "vm-3599-cab227", Seq: 1})
		if len(ws) == cap(ws) || i == n-1 {
			if _, err := s.Write(context.Background(), ws); err != nil {
				t.Fatal(err)
			}
			ws = ws[:0]
		}
	}
	gcTwice()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keys)
	if s.Len() != n {
		t.Fatalf("%d documents, want %d", s.Len(), n)
	}
	runtime.KeepAlive(s)
	return float64(after.HeapAlloc-before.HeapAlloc) / float64(n), float64(after.HeapObjects-before.HeapObjects) / float64(n)
}

// gcTwice collects twice: an object a sync.Pool holds survives one GC as
// its victim and is freed by the next. Read after one GC, the first store
// of a test process measured 231 bytes a document for 233: 64 KiB of large
// objects, live at the first reading, were freed by the time of the second.
func gcTwice() { runtime.GC(); runtime.GC() }

// medianFootprint is memoryStoreFootprint's median of three stores of one
// shape. The heap a store holds is the same each time, but the difference
// of two MemStats takes in whatever the rest of the process allocated and
// kept meanwhile: in about one process in three, one store of the five
// read a byte more a document (289 read 290) for 5,568 bytes in six
// objects of 256 to 2,048 bytes, none of them the store's. It comes once in
// a process, and in 40 processes never in two stores of three: of 40 test
// processes each (2026-11-27), with one GC and one store 16 gave the five
// figures below; with two GCs and one store, 27; with both and the
// median, all 40.
func medianFootprint(t *testing.T, n, clientLen, frames int) (bytes, objects float64) {
	t.Helper()
	var bs, objs [3]float64
	for i := range bs {
		bs[i], objs[i] = memoryStoreFootprint(t, n, clientLen, frames)
	}
	slices.Sort(bs[:])
	slices.Sort(objs[:])
	return bs[1], objs[1]
}

// TestMemoryStoreBytesPerDoc measures the heap the in-memory store holds
// per document (README, "--max-keys and the in-memory store"), the median
// of three stores of each shape (medianFootprint): a key
// flushed once is kept until its document expires, whatever --max-keys.
// Run with -v to see the figures; it fails if a document grows past the
// bound README states.
func TestMemoryStoreBytesPerDoc(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 20,000 documents")
	}
	const n = 20000
	for _, tt := range []struct {
		clientLen, frames int
		max               float64 // heap bytes per document
	}{
		// Measured (go test -run TestMemoryStoreBytesPerDoc -v ./syncer/,
		// Go 1.26, amd64): 233, 257, 289, 465, 337 bytes (the first 231
		// when read after one GC; 233, 259, 291, 467, 339 until
		// 2026-11-26), 4 objects each;
		// with lastWrites a map, 449, 475, 507, 683, 555 bytes, 5 objects.
		// The bounds leave room for the map's growth steps. {36, 3}: a
		// window's current and previous frame and the one before them,
		// which a document keeps for the clocks behind (dropCutoff).
		{16, 1, 300}, {16, 2, 330}, {36, 2, 360}, {36, 3, 390}, {211, 2, 560}, {36, 4, 420},
	} {
		b, o := medianFootprint(t, n, tt.clientLen, tt.frames)
		t.Logf("client ID %3d bytes, %d frames: %4.0f bytes, %.2f heap objects per document", tt.clientLen, tt.frames, b, o)
		if b > tt.max {
			t.Errorf("client ID %d bytes, %d frames: %.0f bytes per document, want at most %.0f", tt.clientLen, tt.frames, b, tt.max)
		}
	}
}

package syncer_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// memoryStoreFootprint writes n documents of the given shape to a new
// MemoryStore, one Write of 512 each (as a flush does), and returns the
// heap bytes and objects it holds per document after a GC.
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
	runtime.GC()
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
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keys)
	if s.Len() != n {
		t.Fatalf("%d documents, want %d", s.Len(), n)
	}
	runtime.KeepAlive(s)
	return float64(after.HeapAlloc-before.HeapAlloc) / float64(n), float64(after.HeapObjects-before.HeapObjects) / float64(n)
}

// TestMemoryStoreBytesPerDoc measures the heap the in-memory store holds
// per document (README, "--max-keys and the in-memory store"): a key
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
		// Go 1.26, amd64): 231, 257, 289, 465, 337 bytes (233, 259, 291, 467, 339
		// until 2026-11-26), 4 objects each;
		// with lastWrites a map, 449, 475, 507, 683, 555 bytes, 5 objects.
		// The bounds leave room for the map's growth steps.
		{16, 1, 300}, {16, 2, 330}, {36, 2, 360}, {211, 2, 560}, {36, 4, 420},
	} {
		b, o := memoryStoreFootprint(t, n, tt.clientLen, tt.frames)
		t.Logf("client ID %3d bytes, %d frames: %4.0f bytes, %.2f heap objects per document", tt.clientLen, tt.frames, b, o)
		if b > tt.max {
			t.Errorf("client ID %d bytes, %d frames: %.0f bytes per document, want at most %.0f", tt.clientLen, tt.frames, b, tt.max)
		}
	}
}

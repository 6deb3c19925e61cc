package cache

import (
	"runtime"
	"testing"
)

// TestDirtyListABitASlot: the dirty list of a shard whose every key is
// queued (bench's, which nothing flushes; a server's between two flushes
// at worst) takes a bit a slot of its table, not 4 bytes a key (16,384
// bytes here, and append's growth on the way: 130.3 to 126.2 bytes a key
// at bench's 1M keys), and gives every key back once, in its slots' order.
func TestDirtyListABitASlot(t *testing.T) {
	const keys = 3000
	s := newSlotShard(newCache(t, Config{}).hash)
	s.mu.Lock()
	for i, k := range slotKeys(keys) {
		s.addLocked(k, int64(i+1))
	}
	s.mu.Unlock()
	tab := s.tab()
	var full []uint32
	for i := range tab.hot {
		if id := tab.hot[i].ident().Load(); id != 0 && id&(identTomb|identMoved) == 0 {
			full = append(full, uint32(i))
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, i := range full {
		s.list.push(tab, i)
	}
	runtime.ReadMemStats(&after)
	bits := uint64(tab.size()+63) / 64 * 8
	if got := after.TotalAlloc - before.TotalAlloc; got > bits+64 {
		t.Errorf("queueing %d keys of a table of %d slots allocated %d bytes, want at most %d (a bit a slot)", len(full), tab.size(), got, bits+64)
	}
	s.list.mu.Lock()
	refs := s.list.drain(s.list.tab, nil)
	n := s.list.len()
	s.list.mu.Unlock()
	if len(refs) != len(full) || n != 0 {
		t.Fatalf("the drain took %d refs and left %d, want %d and none", len(refs), n, len(full))
	}
	for j, r := range refs {
		if r.t != tab || r.l != &tab.hot[full[j]] {
			t.Fatalf("ref %d is not slot %d of the table: the slots in their order, each once", j, full[j])
		}
	}
}

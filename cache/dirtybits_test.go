package cache

import (
	"runtime"
	"testing"
	"unsafe"
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

// TestDirtyListDrainTakesTheSideOnce: a key pushed during a rebuild by a
// holder forwarded to the new table (the side list), then drained before
// the rebuild rewrites the list, is taken by that drain alone: the
// rewrite finds the list empty, and so does the next drain.
func TestDirtyListDrainTakesTheSideOnce(t *testing.T) {
	s := newSlotShard(newCache(t, Config{}).hash)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, k := range slotKeys(100) {
		s.addLocked(k, int64(i+1))
	}
	old := s.tab()
	full := fullSlots(old)
	s.list.push(old, full[0]) // on the bits
	nt := old.rebuilt(old.used+1, s.hash)
	moved, _ := old.movedTo(int(full[1]))
	s.list.push(nt, uint32(moved)) // forwarded there: the side list
	s.list.mu.Lock()
	first := s.list.drain(s.list.tab, nil)
	left := s.list.len()
	s.list.mu.Unlock()
	s.list.rewrite(old, nt, s.pub.publish)
	s.list.mu.Lock()
	second := s.list.drain(s.list.tab, nil)
	s.list.mu.Unlock()
	if len(first) != 2 || left != 0 || len(second) != 0 {
		t.Fatalf("the drain during the rebuild took %d refs and left %d; after the rewrite a drain took %d: want 2 (a slot of the old table and the side's), none, and none", len(first), left, len(second))
	}
}

// fullSlots returns t's full slots, in their order.
func fullSlots(t *slotTable) []uint32 {
	var full []uint32
	for i := range t.hot {
		if id := t.hot[i].ident().Load(); id != 0 && id&(identTomb|identMoved) == 0 {
			full = append(full, uint32(i))
		}
	}
	return full
}

// TestShardPubInOneLine: each shard's pub, which every decision reads,
// lies in one cache line. The shards are an array, so it takes a shard's
// size a multiple of 32 (pub is its first 32 bytes) on a line-aligned
// array: with a count of the dirty bits in idxSet (424 bytes) three shards
// in eight had pub across two lines, 0.5 to 0.8 more simulated L1d misses
// a decision at 1M keys.
func TestShardPubInOneLine(t *testing.T) {
	c := newCache(t, Config{})
	if unsafe.Sizeof(c.shards[0].pub) > lineSize {
		t.Fatalf("pub is %d bytes", unsafe.Sizeof(c.shards[0].pub))
	}
	across := 0
	for i := range c.shards {
		p := uintptr(unsafe.Pointer(&c.shards[i].pub))
		if p/lineSize != (p+unsafe.Sizeof(c.shards[i].pub)-1)/lineSize {
			across++
		}
	}
	if across > 0 {
		t.Errorf("%d of %d shards have pub across two cache lines (shard: %d bytes)", across, len(c.shards), unsafe.Sizeof(c.shards[0]))
	}
}

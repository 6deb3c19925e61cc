package syncer

import (
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"testing"
	"time"
	"unsafe"
)

// BenchmarkSubjectsSweepShard measures sweepShard over a full shard at the
// default MaxEntries (4,096 live bindings, none expired): remake=false the
// walk alone; remake=true with as many deleted before (evicted from the
// ring, say), so that the sweep also copies the 4,096 into a new map, the
// longest a Lookup on that shard can wait for it.
func BenchmarkSubjectsSweepShard(b *testing.B) {
	for _, remake := range []bool{false, true} {
		b.Run(fmt.Sprintf("remake=%v", remake), func(b *testing.B) { benchmarkSubjectsSweepShard(b, remake) })
	}
}

func benchmarkSubjectsSweepShard(b *testing.B, remake bool) {
	s, err := NewSubjects(SubjectsConfig{TTL: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	now := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
	per := DefaultMaxSubjects / subjectShards
	for i := 0; s.shards[0].len() < per; i++ {
		h := HashRefreshToken(fmt.Sprint("t", i))
		if h[0]%subjectShards == 0 {
			s.Learn(h, "client", fmt.Sprint("user-", i), now)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if remake {
			s.shards[0].deleted = per
		}
		s.sweepShard(0, now)
	}
	if s.shards[0].len() != per {
		b.Fatalf("shard holds %d, want %d", s.shards[0].len(), per)
	}
}

func (sh *subjectShard) len() int {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return len(sh.m)
}

// BenchmarkSubjectsMemory reports the heap a binding takes, learned here,
// at the default MaxEntries (the ring allocated at NewSubjects included,
// spread over them): with a client ID of 8 bytes and a user of 8, and with
// a UUID client ID (36) and a user of 20.
func BenchmarkSubjectsMemory(b *testing.B) {
	for _, c := range []struct {
		name, client, userFmt string
	}{
		{"client=8,user=8", "mobile-1", "u%07d"},
		{"client=36,user=20", "0f8fad5b-d9cb-469f-a165-70867728950e", "user-%015d"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				s, err := NewSubjects(SubjectsConfig{TTL: time.Hour})
				if err != nil {
					b.Fatal(err)
				}
				now := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
				for i := range DefaultMaxSubjects {
					s.Learn(HashRefreshToken(fmt.Sprint("t", i)), c.client, fmt.Sprintf(c.userFmt, i), now)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(s.Len()), "bytes/binding")
				b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "MiB")
				b.ReportMetric(float64(s.Len()), "held")
				runtime.KeepAlive(s)
			}
		})
	}
}

// TestSubjectsMemoryUnderChurn: bindings learned and expired at a steady
// rate (refresh tokens rotated: a binding a minute per user, a TTL of ten
// minutes, one sweep of every shard a minute) hold about the memory of
// those live, however long it goes on. The sweep only left tombstones in
// a shard's map, which Go's maps reuse in part and grow past: a solo
// instance in helper-109's soak crept with its bindings flat (21,300), its
// shard maps from 5.2 to 6.9 MB (heap profiles) in 14 minutes, and here
// the heap went from 4.5 to 12.1 MB over 2 million bindings learned.
func TestSubjectsMemoryUnderChurn(t *testing.T) {
	if testing.Short() {
		t.Skip("learns 2,000,000 bindings")
	}
	const (
		live  = 20000 // bindings live at once
		ttl   = 10 * time.Minute
		steps = 10 // a step a minute: live/steps learned, the expired swept
	)
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	base := heap()
	// MaxEntries twice those live: the ring's slots come round to
	// bindings expired, and evict none.
	s, err := NewSubjects(SubjectsConfig{TTL: ttl, MaxEntries: 2 * live})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
	n := 0
	step := func() {
		now = now.Add(ttl / steps)
		for range live / steps {
			s.Learn(HashRefreshToken("t"+strconv.Itoa(n)), "mobile", "u"+strconv.Itoa(n%5000), now)
			n++
		}
		for i := range subjectShards {
			s.sweepShard(i, now)
		}
	}
	for range steps {
		step()
	}
	filled := heap() - base
	for range 100 * steps {
		step()
	}
	churned := heap() - base
	if got := s.Len(); got != live {
		t.Fatalf("%d bindings held, want %d", got, live)
	}
	t.Logf("heap %d bytes with %d bindings learned in one TTL, %d after %d more (%.2fx)", filled, live, churned, n-live, float64(churned)/float64(filled))
	if churned > filled*3/2 {
		t.Errorf("heap %d bytes after %d bindings learned and expired, with %d live throughout; %d with the first %d: the bindings' memory grows", churned, n-live, live, filled, live)
	}
	runtime.KeepAlive(s)
}

// TestSubjectsSweepRemakesAtAsManyDeleted: a shard counts every binding
// deleted from its map (evicted from the ring, met expired by a Lookup,
// swept), and the sweep makes a new map, of the bindings live, once they
// are at least as many as those; then counts from zero. A deletion not
// counted let a map that only evicts (a shard at its share of MaxEntries)
// or a remake not reset copied the shard at each sweep (mutants that
// TestSubjectsMemoryUnderChurn, which only sweeps, let pass: helper-114).
func TestSubjectsSweepRemakesAtAsManyDeleted(t *testing.T) {
	const ttl = 10 * time.Minute
	s, err := NewSubjects(SubjectsConfig{TTL: ttl, MaxEntries: 5 * subjectShards}) // 5 a shard
	if err != nil {
		t.Fatal(err)
	}
	hash := func(i byte) SubjectHash { return SubjectHash{0, i} } // all in shard 0
	t0 := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
	early := t0.Add(-ttl / 2) // expire at t0+5m
	for i, at := range []time.Time{t0, early, early, t0, t0} {
		s.Learn(hash(byte(i+1)), "c", "u", at)
	}
	sh := &s.shards[0]
	mapOf := func(sh *subjectShard) unsafe.Pointer {
		sh.mu.Lock()
		defer sh.mu.Unlock()
		return reflect.ValueOf(sh.m).UnsafePointer()
	}
	deleted := func() int {
		sh.mu.Lock()
		defer sh.mu.Unlock()
		return sh.deleted
	}
	s.Learn(hash(6), "c", "u", t0) // the ring is full: evicts 1
	if _, _, ok := s.Lookup(hash(2), t0.Add(ttl/2)); ok {
		t.Fatal("binding 2 found after its expiry")
	}
	if got := deleted(); got != 2 {
		t.Fatalf("deleted = %d after an eviction and a Lookup of an expired binding, want 2", got)
	}
	first := mapOf(sh)
	s.sweepShard(0, t0) // nothing expired: 2 deleted, 4 held
	if mapOf(sh) != first {
		t.Errorf("a sweep remade the map with 2 deleted and 4 held")
	}
	s.sweepShard(0, t0.Add(ttl/2)) // sweeps 3: 3 deleted, 3 held
	if mapOf(sh) == first {
		t.Errorf("a sweep kept the map with 3 deleted and 3 held")
	}
	if got := deleted(); got != 0 {
		t.Errorf("deleted = %d after the map was remade, want 0", got)
	}
	for i := byte(4); i <= 6; i++ {
		if _, _, ok := s.Lookup(hash(i), t0.Add(ttl/2)); !ok {
			t.Errorf("binding %d lost by the remake", i)
		}
	}
	if got := s.Len(); got != 3 {
		t.Errorf("%d bindings held, want 3", got)
	}
	second := mapOf(sh)
	s.sweepShard(0, t0.Add(ttl/2))
	if mapOf(sh) != second {
		t.Errorf("a sweep with nothing deleted since the remake remade the map again")
	}
	empty := mapOf(&s.shards[1])
	s.sweepShard(1, t0)
	if mapOf(&s.shards[1]) != empty {
		t.Errorf("the sweep of an empty shard that deleted nothing remade its map")
	}
}

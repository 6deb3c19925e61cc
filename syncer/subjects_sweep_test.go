package syncer

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// BenchmarkSubjectsSweepShard measures sweepShard over a full shard at the
// default MaxEntries (4,096 live bindings, none expired: the walk alone),
// the longest a Lookup on that shard can wait for it.
func BenchmarkSubjectsSweepShard(b *testing.B) {
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

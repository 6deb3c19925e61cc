package syncer

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// discardSubjects is a SubjectStore that keeps nothing.
type discardSubjects struct{}

func (discardSubjects) PutSubjects(context.Context, []Subject) error { return nil }
func (discardSubjects) SubjectsSince(context.Context, time.Time, int) ([]Subject, error) {
	return nil, nil
}

// BenchmarkSubjectsLearn measures Learn of a new binding (the request
// path of a token answer in proxy mode), without a store (a limiter on its
// own in-memory store since 9261c1c) and with one (queued for the flush, as
// before 9261c1c). The hashes are made before the loop, the same number at
// any b.N, so that bench/instructions.sh's difference of two runs leaves
// Learn alone; past learnHashes the bindings are held already. No flush
// runs. The clock is fixed: Learn takes the request's now.
func BenchmarkSubjectsLearn(b *testing.B) {
	const learnHashes = 1 << 19
	hs := make([]SubjectHash, learnHashes)
	for i := range hs {
		hs[i] = HashRefreshToken(fmt.Sprint("t", i))
	}
	now := time.Date(2030, 1, 2, 3, 0, 0, 0, time.UTC)
	for _, store := range []bool{false, true} {
		b.Run(fmt.Sprintf("store=%v/clock=fixed", store), func(b *testing.B) {
			cfg := SubjectsConfig{TTL: time.Hour, MaxEntries: learnHashes}
			if store {
				cfg.Store = discardSubjects{}
			}
			s, err := NewSubjects(cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				s.Learn(hs[i%learnHashes], "client", "user", now)
				i++
			}
		})
	}
}

package bench

import (
	"fmt"
	"testing"
)

// BenchmarkDecide runs every workload through every contender:
// BenchmarkDecide/keys=N/lim=NAME/dist=D/mode=M. Each contender is built and
// populated once per key count, before its timed loops. The fixed-clock
// contender is lim=project-fixedclock. Compare with benchstat, e.g.
// `benchstat -col /lim results.txt`; for ratios from rotated rounds in one
// process, run ./cmd/benchratio.
func BenchmarkDecide(b *testing.B) { benchDecide(b, Contenders) }

// benchDecide runs BenchmarkDecide's workloads through each of specs, at
// each of Sizes (BenchmarkProtoHotFixedClock and
// BenchmarkProtoHot2FixedClock run it on contenders outside Contenders).
func benchDecide(b *testing.B, specs []Spec) {
	for _, n := range Sizes {
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			for _, s := range specs {
				b.Run("lim="+s.Name, func(b *testing.B) {
					c := s.New()
					defer func() {
						c.Close()
						c = nil
						SettleHeap() // this contender's keys are not the next one's garbage
					}()
					if err := Populate(c, n); err != nil {
						b.Fatal(err)
					}
					SettleHeap() // the populating's garbage is not the loop's
					for _, w := range Workloads(n) {
						b.Run(w.Name(), func(b *testing.B) { Run(b, c, w) })
					}
				})
			}
		})
	}
}

// noop admits without deciding anything.
type noop struct{}

func (noop) Decide(*Key) bool { return true }
func (noop) Close()           {}

// BenchmarkHarness is what every BenchmarkDecide figure includes besides
// the contender: the loop, the key sequence's read, writing the key into the
// request buffer and the call through Contender.
func BenchmarkHarness(b *testing.B) {
	for _, w := range Workloads(10_000) {
		b.Run(w.Name(), func(b *testing.B) { Run(b, noop{}, w) })
	}
}

// BenchmarkMemoryPerKey reports each contender's heap in use after GC per
// key, holding MemoryKeys keys: BenchmarkMemoryPerKey/lim=NAME, bytes/key.
// One iteration is enough (-benchtime=1x): the figure does not vary.
func BenchmarkMemoryPerKey(b *testing.B) {
	for _, s := range Contenders {
		b.Run("lim="+s.Name, func(b *testing.B) {
			var m float64
			for b.Loop() {
				var err error
				if m, err = MemoryPerKey(s, MemoryKeys); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(m, "bytes/key")
		})
	}
}

package bench

import (
	"slices"
	"testing"
)

// TestContendersAdmitAndKeepNoView checks what the benchmarks rely on: every
// contender admits every request at these limits, and deciding a held key
// through a reused request buffer inserts nothing (so no contender keeps a
// string that views the buffer, which would then change under it).
func TestContendersAdmitAndKeepNoView(t *testing.T) {
	const n = 1000
	for _, s := range slices.Concat(Contenders, Experiments) {
		t.Run(s.Name, func(t *testing.T) {
			c := s.New()
			defer c.Close()
			if err := Populate(c, n); err != nil {
				t.Fatal(err)
			}
			rk := newReqKey()
			for round := range 3 {
				for i := range uint32(n) {
					if !c.Decide(rk.set(i)) {
						t.Fatalf("round %d: key %d denied", round, i)
					}
				}
			}
			if got := keysHeld(c); got >= 0 && got != n {
				t.Errorf("holds %d keys after deciding %d held keys through a reused buffer, want %d", got, n, n)
			}
		})
	}
}

// keysHeld is the number of keys c holds, or -1 where c does not tell.
func keysHeld(c Contender) int {
	switch c := c.(type) {
	case *project:
		return c.c.Len()
	case *xTimeRate:
		return c.m.len()
	case *floor:
		return c.m.len()
	case *protoInline:
		n, _, _ := c.protoLoad()
		for i := range c.shards {
			n += len(c.shards[i].long)
		}
		return n
	case *protoEntry:
		n, _, _ := c.protoLoad()
		return n
	case *protoHot:
		n, _, _ := c.protoLoad()
		return n
	case *protoHot2:
		n, _, _ := c.protoLoad()
		return n
	case *protoHot2Ptr:
		n, _, _ := c.protoLoad()
		return n
	}
	return -1
}

// TestReqKeyMatchesOwnedKey checks that a key written into the request
// buffer is the same key as the one Populate inserted.
func TestReqKeyMatchesOwnedKey(t *testing.T) {
	rk := newReqKey()
	for _, i := range []uint32{0, 7, 999, 1000, 123_456, 999_999} {
		got, want := *rk.set(i), OwnedKey(i)
		if got != want {
			t.Errorf("key %d: request buffer %+v, owned %+v", i, got, want)
		}
	}
	if got := OwnedKey(123_456); got.Cache.ClientID != "client-0000456" || got.Cache.User != "user-0123456" || got.Flat != "client-0000456:user-0123456" {
		t.Errorf("OwnedKey(123456) = %+v", got)
	}
}

// TestSequence checks the key sequences: indices in range, uniform spread
// evenly, Zipf skewed with its hottest key about as often as ZipfS says.
func TestSequence(t *testing.T) {
	tests := []struct {
		name         string
		n            int
		d            Dist
		minTop       float64 // share of the most frequent key
		maxTop       float64
		minDistinctN float64 // distinct keys seen, as a share of n
	}{
		{"one key", 1, Uniform, 1, 1, 1},
		{"10k uniform", 10_000, Uniform, 0, 0.001, 0.99},
		{"10k zipf", 10_000, Zipf, 0.12, 0.18, 0.3},
		{"1M uniform", 1_000_000, Uniform, 0, 0.0001, 0.6},
		{"1M zipf", 1_000_000, Zipf, 0.10, 0.15, 0.01},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Sequence(tt.n, tt.d)
			if len(s) != seqLen {
				t.Fatalf("len %d, want %d", len(s), seqLen)
			}
			counts := make(map[uint32]int)
			top := 0
			for _, i := range s {
				if int(i) >= tt.n {
					t.Fatalf("index %d out of range [0, %d)", i, tt.n)
				}
				counts[i]++
				top = max(top, counts[i])
			}
			share := float64(top) / seqLen
			t.Logf("hottest key %.4f of requests, %d distinct keys", share, len(counts))
			if share < tt.minTop || share > tt.maxTop {
				t.Errorf("hottest key takes %.4f of requests, want [%.4f, %.4f]", share, tt.minTop, tt.maxTop)
			}
			if d := float64(len(counts)) / float64(tt.n); d < tt.minDistinctN {
				t.Errorf("%d distinct keys, want at least %.0f", len(counts), tt.minDistinctN*float64(tt.n))
			}
		})
	}
}

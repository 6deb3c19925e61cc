package cache

import (
	"sync"
	"testing"
)

// TestSizeCodesConcurrently: goroutines giving codes to 20 sizes at once,
// each in its own order, get one code a size, the same in every goroutine
// and in codeOf after, 15 codes in all and no code given twice (under
// -race, the reads without the lock are checked too).
func TestSizeCodesConcurrently(t *testing.T) {
	const goroutines, sizes = 4, 20
	for round := range 50 {
		var sc sizeCodes
		got := make([][sizes]uint8, goroutines)
		var wg sync.WaitGroup
		for g := range goroutines {
			wg.Go(func() {
				for i := range sizes {
					j := (i*[]int{1, 3, 7, 9}[g] + g + round) % sizes // every size (3, 7, 9: prime to 20), in an order of g's own
					got[g][j] = sc.intern(int64(60 + j))
				}
			})
		}
		wg.Wait()
		seen := map[uint8]int{}
		for j := range sizes {
			code := sc.codeOf(int64(60 + j))
			for g := range goroutines {
				if got[g][j] != code {
					t.Fatalf("round %d: size %d s: goroutine %d got code %d, codeOf says %d", round, 60+j, g, got[g][j], code)
				}
			}
			if code == 0 {
				continue
			}
			if k, ok := seen[code]; ok {
				t.Fatalf("round %d: code %d given to %d s and %d s", round, code, 60+k, 60+j)
			}
			seen[code] = j
		}
		if len(seen) != maxSizeCodes {
			t.Fatalf("round %d: %d sizes with a code, want %d", round, len(seen), maxSizeCodes)
		}
	}
}

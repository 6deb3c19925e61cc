package accuracy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestGateOrderIgnoresArrival: the calls of one instant reach the gate in
// the scheduler's order, two of one instance among them (its flush and its
// pull, or its pull and a hot read of the same key); the order the gate
// applies them in is the seed's alone, and two equal reads are applied one
// after the other.
func TestGateOrderIgnoresArrival(t *testing.T) {
	k := cache.Key{ClientID: "c", User: "u"}
	other := cache.Key{ClientID: "c", User: "v"}
	calls := []*call{
		{inst: 0, write: true, ws: []syncer.Write{{Key: k}}},
		{inst: 0, keys: []cache.Key{k}},
		{inst: 0, keys: []cache.Key{k}},
		{inst: 1, keys: []cache.Key{other}},
		{inst: 1, write: true, ws: []syncer.Write{{Key: other}}},
		{inst: 2, keys: []cache.Key{k}},
		{inst: 3, write: true, ws: []syncer.Write{{Key: k}}},
	}
	order := func(batch []*call) []int { // each call's place in calls
		out := make([]int, len(batch))
		for i, c := range batch {
			out[i] = slices.Index(calls, c)
		}
		return out
	}
	// Equal reads are interchangeable: name them by their first index.
	same := func(idx []int) []int {
		for i, x := range idx {
			if x == 2 {
				idx[i] = 1
			}
		}
		return idx
	}
	arrival := rand.New(rand.NewPCG(7, 7))
	for seed := range uint64(20) {
		var want []int
		for round := range 50 {
			batch := slices.Clone(calls)
			arrival.Shuffle(len(batch), func(i, j int) { batch[i], batch[j] = batch[j], batch[i] })
			got := order(orderCalls(rand.New(rand.NewPCG(seed, 3)), batch)) // the same seed each round
			if i := slices.Index(got, 1); i < 0 || i+1 == len(got) || got[i+1] != 2 {
				if i = slices.Index(got, 2); i < 0 || i+1 == len(got) || got[i+1] != 1 {
					t.Fatalf("seed %d, round %d: the two equal reads (1 and 2) are not side by side: %v", seed, round, got)
				}
			}
			got = same(got)
			if round == 0 {
				want = got
			} else if !slices.Equal(got, want) {
				t.Fatalf("seed %d, round %d: applied in order %v, round 0 in %v: the arrival order shows through", seed, round, got, want)
			}
		}
	}
}

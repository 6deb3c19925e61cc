package syncer

import (
	"testing"
	"time"
)

// TestBatchSizeAdaptThresholds pins adapt's rule at its edges: after a call
// that timed out in 8 s, a full call that answers in at most a quarter of
// that (2 s) doubles the size, one in at most half (4 s) adds an eighth (at
// least 1), a slower one keeps it; never above max. The end-to-end tests
// behind a slow store answer in a few milliseconds or time out, so a
// quarter taken for an eighth, or an eighth of 7 taken as 0, passed them.
func TestBatchSizeAdaptThresholds(t *testing.T) {
	const failed = 8 * time.Second
	for _, c := range []struct {
		n    int // the size before the answered call
		took time.Duration
		want int
	}{
		{200, failed / 4, 400},
		{200, failed/4 + 1, 225},
		{200, failed / 2, 225},
		{200, failed/2 + 1, 200},
		{7, failed / 2, 8}, // an eighth of 7 is 0: at least 1
		{1, failed / 2, 2},
		{300, failed / 4, 500}, // doubled, capped at max
		{490, failed / 2, 500}, // 490 + 61, capped
	} {
		b := newBatchSize(500)
		b.adapt(500, failed, false) // timed out: 250, failTook 8 s
		b.n = c.n
		b.adapt(c.n, c.took, true)
		if got := b.size(); got != c.want {
			t.Errorf("size %d, a call of %d answered in %v after one that timed out in %v: size %d, want %d", c.n, c.n, c.took, failed, got, c.want)
		}
	}
}

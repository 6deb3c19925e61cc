package syncer

import (
	"context"
	"testing"
	"testing/synctest"
	"time"
)

// beatDownStore is a loopStore whose heartbeats fail too while it is down.
type beatDownStore struct{ *loopStore }

func (s beatDownStore) PutInstance(ctx context.Context, h Heartbeat) error {
	if down, _ := s.record("beat"); down {
		return errDown
	}
	return s.MemoryStore.PutInstance(ctx, h)
}

// When the store answers again, the counts kept while it was down are
// written at once, not at the end of the flush's backoff (up to
// MaxBackoff): meanwhile keys evicted at the key cap drop theirs. An
// outside audit (helper-52, audit H: 966 of 1,369 dropped counts) saw the
// first flush 22 and 26 s after the store's return, every heartbeat and
// pull answered since. The pulls, which back off as well, read again at
// once too.
func TestRunWritesAtOnceWhenTheStoreIsBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		r := startLoop(t, beatDownStore{ls}, ls, Config{Interval: time.Second, PullInterval: time.Second, MaxBackoff: time.Minute})
		ls.set(true, false)
		r.hit(3)
		// Down long enough for the backoff to reach MaxBackoff: a
		// flush fails at 1, 3, 7, 15, 31 and 63 s, the next one is due
		// at 123 s.
		time.Sleep(64 * time.Second)
		ls.set(false, false)
		back := time.Now()
		for r.storedCount(t) != 3 && time.Since(back) < 2*time.Minute {
			time.Sleep(100 * time.Millisecond)
		}
		if d := time.Since(back); d > 2*time.Second {
			t.Errorf("counts written %v after the store answered again, want within a heartbeat (1s) and a flush", d)
		}
		pulls := 0
		for _, c := range ls.times("load") {
			if c >= back.Sub(ls.start) {
				pulls++
			}
		}
		if pulls == 0 {
			t.Errorf("no read within %v of the store's return", time.Since(back))
		}
		if err := r.stop(); err != nil {
			t.Fatalf("Run = %v", err)
		}
	})
}

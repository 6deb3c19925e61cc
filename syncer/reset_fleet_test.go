package syncer_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestResetFleet replays an outside audit's key reset (U1) on the memory
// store, in a synctest bubble. Three instances run their loops (Run,
// Interval 1s, the other intervals at their defaults), started at
// different phases as separate processes are. One key is limited per
// minute and gets 3 requests a second, round-robin, from 2 s into the
// first minute. The third instance resets it 20 s into the second minute,
// right after a request. The load goes on across the next frame boundary
// and then stops; every instance reads the key again, and the loops make
// their final flushes.
//
// Every token must be counted exactly once. Those before the reset are the
// reset's Cleared, plus what the instances had not flushed (dropped). An
// instance that had not read the reset yet drops the counts it made
// meanwhile (it cannot tell them from older ones). The others' are in the
// store's frames, each in its own minute, and in every instance's estimate.
// The Stats.ResetDropped of the instances add up to the counts dropped.
// OverLimit is the audit's case: a limit of 30, which the key is over
// before the reset. It is near its limit, so the hot sync writes and reads
// it every half interval, and the other instances deny until they read the
// reset. The audit saw 32 tokens after the reset, 31 in the store, and
// nothing reported dropped. The cause was its server's compare-and-swap
// (docs/ferretdb.md point 3); a store whose compare-and-swap lets a stale
// write through makes this test fail.
func TestResetFleet(t *testing.T) {
	cases := []struct {
		name  string
		limit int64
	}{
		{"OverLimit", 30},
		// Far from its limit, every request is admitted: the reset
		// finds counts not flushed yet, and the other instances count
		// until they read it (and drop those counts then).
		{"UnderLimit", 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { resetFleet(t, tc.limit) })
	}
}

func resetFleet(t *testing.T, limit int64) {
	synctest.Test(t, func(t *testing.T) {
		// The bubble's clock starts at midnight, a minute frame's start.
		start := time.Now()
		tier := []window.Tier{{Limit: limit, Size: time.Minute}}
		k := cache.Key{ClientID: "demo-service"}
		store := syncer.NewMemoryStore()
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		type inst struct {
			c *cache.Cache
			s *syncer.Syncer
		}
		var ins [3]inst
		var runs sync.WaitGroup
		// Loop phases with sub-millisecond parts that no request time
		// has: each request runs while every loop waits, so whether its
		// instance had read the reset is known when it is decided.
		phases := [3]time.Duration{250 * time.Microsecond, 370*time.Millisecond + 500*time.Microsecond, 710*time.Millisecond + 750*time.Microsecond}
		for i := range ins {
			c, err := cache.New(cache.Config{Shards: 4})
			if err != nil {
				t.Fatal(err)
			}
			ins[i] = inst{c, newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: fmt.Sprint("i", i), Interval: time.Second})}
			runs.Go(func() {
				time.Sleep(phases[i])
				if err := ins[i].s.Run(ctx); err != nil {
					t.Errorf("i%d: Run: %v", i, err)
				}
			})
		}

		frame := func(at time.Time) int64 { return at.Truncate(time.Minute).Unix() }
		var resetVersion int64     // the reset's document, once made
		var unlearned int64        // admitted by an instance that had not read it
		after := map[int64]int64{} // admitted after the reset by instances that had read it, by frame
		var before int64           // admitted before the reset
		n := 0
		request := func() {
			in := ins[n%len(ins)]
			n++
			now := time.Now()
			var ks cache.KeyState
			learned := resetVersion != 0 && in.c.Inspect(k, tier, now, &ks) && ks.Version >= resetVersion
			d := in.c.Reserve(k, tier, 1, cache.Enforce, now)
			if !d.Allowed {
				return
			}
			in.c.Commit(&d.Reservation)
			switch {
			case resetVersion == 0:
				before++
			case learned:
				after[frame(now)]++
			default:
				unlearned++
			}
		}
		// Three requests a second from 2 s into the first minute to
		// 1m20s, the reset, then on to 2m10s.
		const period = time.Second / 3
		time.Sleep(2*time.Second + 125*time.Microsecond)
		for time.Since(start) < 80*time.Second {
			request()
			time.Sleep(period)
		}
		request()           // right before the reset: not flushed when it comes
		var unflushed int64 // of the key, on every instance, when it is reset
		for _, in := range ins {
			for _, p := range in.c.AppendLocal(nil, time.Now()) {
				unflushed += cache.Requests(p.Delta)
			}
		}
		r, err := ins[2].s.Reset(t.Context(), k)
		if err != nil {
			t.Fatal(err)
		}
		resetVersion = r.Version
		if r.Cleared+unflushed != before {
			t.Errorf("before the reset: %d admitted; the reset cleared %d and %d were not flushed yet", before, r.Cleared, unflushed)
		}
		for time.Since(start) < 130*time.Second {
			time.Sleep(period)
			request()
		}
		// Each instance uses the key again and reads it (a key far
		// from its limit is read after it is used, see
		// cache.AppendPull), so that every estimate is the store's.
		time.Sleep(3 * time.Second)
		for _, in := range ins {
			in.c.Reserve(k, tier, 0, cache.Enforce, time.Now())
		}
		time.Sleep(2 * time.Second)
		now := time.Now()

		m1, m2 := frame(start.Add(time.Minute)), frame(start.Add(2*time.Minute))
		want := window.Counts{StartUnix: m2, Prev: after[m1], Curr: after[m2]}
		for i, in := range ins {
			var ks cache.KeyState
			if !in.c.Inspect(k, tier, now, &ks) {
				t.Fatalf("i%d does not hold the key", i)
			}
			if e, w := ks.Tiers[0].Used, tier[0].Used(want, now); e != w {
				t.Errorf("i%d's estimate %d, want %d", i, e, w)
			}
		}
		cancel()
		runs.Wait() // the final flushes

		var dropped int64
		for _, in := range ins {
			dropped += in.c.Stats().ResetDropped
		}
		if dropped != unflushed+unlearned {
			t.Errorf("Stats.ResetDropped add up to %d; %d were not flushed at the reset, %d admitted before an instance read it", dropped, unflushed, unlearned)
		}
		docs, err := store.Load(t.Context(), []cache.Key{k})
		if err != nil {
			t.Fatal(err)
		}
		got := map[int64]int64{}
		for _, f := range docs[0].Snapshot.Frames {
			if f.Size == time.Minute {
				got[f.StartUnix] += f.N
			}
		}
		for _, fs := range []int64{m1, m2} {
			if got[fs] != after[fs] {
				t.Errorf("frame %v: the store holds %d, %d were admitted after the reset by instances that had read it", time.Unix(fs, 0).UTC().Format("15:04"), got[fs], after[fs])
			}
		}
		t.Logf("%d requests: %d admitted before the reset (%d cleared, %d unflushed), after it %d in %v and %d in %v, %d before an instance read it",
			n, before, r.Cleared, unflushed, after[m1], time.Unix(m1, 0).UTC().Format("15:04"), after[m2], time.Unix(m2, 0).UTC().Format("15:04"), unlearned)
	})
}

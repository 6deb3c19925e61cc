package oauthratelimit

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestRequestBeforeRunSharedWithInstancesStartedWith: a request served
// between BeatOnce and Run's start, as the server may (it starts Run and
// its listener at once, after BeatOnce), is kept ready to be shared with
// the instances started with this one, as one served after Run's start
// is. a beats alone and admits one request for a client limited to 30 a
// minute before its Run begins; b starts 150 ms later (BeatOnce, JoinWait,
// Run); then 20 requests go to each. Before, the start flag was set only
// in Run: a took the key, new to it while it knew of no other, as its own
// and admitted all 20, b its share of 15: 36.
func TestRequestBeforeRunSharedWithInstancesStartedWith(t *testing.T) {
	const limit = 30
	synctest.Test(t, func(t *testing.T) {
		store := syncer.NewMemoryStore()
		var wg sync.WaitGroup
		ctx, cancel := context.WithCancel(t.Context())
		defer wg.Wait()
		defer cancel()
		inst := func(name string) *fixture {
			f := newFixture(t, func(c *Config) {
				c.Store, c.Instance, c.SyncInterval, c.Now = store, name, time.Second, time.Now
				c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, limit))
			})
			if err := f.lim.BeatOnce(ctx); err != nil {
				t.Fatal(err)
			}
			return f
		}
		admit := func(f *fixture, n int) (admitted int) {
			synctest.Wait()
			for range n {
				if w := f.post("grant_type=client_credentials&client_id=svc"); w.Code == 200 {
					admitted++
				}
			}
			return admitted
		}
		a := inst("a")
		first := admit(a, 1) // before a's Run
		wg.Go(func() { a.lim.Run(ctx) })
		time.Sleep(150 * time.Millisecond)
		b := inst("b") // its BeatOnce waits JoinWait: a is starting
		wg.Go(func() { b.lim.Run(ctx) })
		got := first + admit(a, 20) + admit(b, 20)
		t.Logf("a before its Run: %d; then 20 to each: %d in all", first, got)
		if got > limit {
			t.Errorf("two instances started 150 ms apart, the first's first request served before its Run, admitted %d to a client limited to %d a minute, want at most the limit", got, limit)
		}
	})
}

package integration

import (
	"testing"
	"time"
)

// TestTwoProcessesHeartbeats: two server processes on one database count
// each other from their heartbeats (oauth_ratelimit_live_instances 2 on
// both within a few sync intervals), neither applies outage limits while
// the store answers, and a process stopped with SIGTERM deletes its
// heartbeat, so that the other counts 1 at its next read rather than four
// intervals later. It proves the server keeps heartbeats through the
// wrapper it puts around the store (healthStore).
func TestTwoProcessesHeartbeats(t *testing.T) {
	const every = 500 * time.Millisecond
	tp := startTwo(t, overridePolicy, every)
	for _, p := range []*serverProc{tp.a, tp.b} {
		pollUntil(t, 20*time.Second, p.instance+" to count two live instances", func() bool {
			return p.metric(t, "oauth_ratelimit_live_instances") == 2
		})
		if v := p.metric(t, "oauth_ratelimit_store_outage"); v != 0 {
			t.Errorf("%s: oauth_ratelimit_store_outage %v with the store answering, want 0", p.instance, v)
		}
	}
	tp.b.stop(t)
	took := pollUntil(t, 20*time.Second, "procA to count one live instance after procB stopped", func() bool {
		return tp.a.metric(t, "oauth_ratelimit_live_instances") == 1
	})
	// Without the deletion it would take liveFor: 4 intervals, and more.
	if took > 3*every {
		t.Errorf("procA counted procB gone %v after it stopped, want within 3 sync intervals (%v): the heartbeat was not deleted", took, 3*every)
	}
}

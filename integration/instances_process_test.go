package integration

import (
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// TestTwoProcessesHeartbeats: two server processes on one database count
// each other from their heartbeats (oauth_ratelimit_live_instances 2 on
// both within a few sync intervals), neither applies outage limits while
// the store answers, and a process stopped with SIGTERM has deleted its
// heartbeat from the store when it exits, so that the other counts 1 at
// its next read rather than four intervals later (syncer's
// TestLiveInstancesFollowTheFleet checks that, on a clock of its own). It
// proves the server keeps and deletes heartbeats through the wrapper it
// puts around the store (healthStore).
//
// The deletion is read in the store, not timed by procA's count: how soon
// procA reads the store after procB's exit depends on the machine. On a
// busy one (CI runs packages side by side on two cores) procA's next beat
// and read, through the serializing wire proxy, can come more than a
// second late; with procA held off the CPU for 1.6 s after procB stopped,
// the count came 1.63 s after, past the 3 intervals (1.5 s) a timed check
// allowed, with the heartbeat deleted.
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
	if ids := heartbeatIDs(t, tp.srv, tp.db); !slices.Contains(ids, "procB") {
		t.Fatalf("procB's heartbeat is not in the store while it runs (heartbeats of %v)", ids)
	}
	tp.b.stop(t)
	if ids := heartbeatIDs(t, tp.srv, tp.db); slices.Contains(ids, "procB") {
		t.Errorf("procB's heartbeat is still in the store after it stopped (heartbeats of %v): it was not deleted", ids)
	}
	took := pollUntil(t, 20*time.Second, "procA to count one live instance after procB stopped", func() bool {
		return tp.a.metric(t, "oauth_ratelimit_live_instances") == 1
	})
	t.Logf("procA counted procB gone %v after it stopped (sync interval %v)", took.Round(time.Millisecond), every)
}

// heartbeatIDs returns the instances whose heartbeat db holds: the
// server's processes write them to counters_instances (mongostore's
// default collection and its suffix for heartbeats).
func heartbeatIDs(t *testing.T, srv *mongoServer, db string) []string {
	t.Helper()
	cur, err := srv.client.Database(db).Collection("counters_instances").Find(octx(t), bson.D{})
	if err != nil {
		t.Fatalf("read the heartbeats: %v", err)
	}
	var docs []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(octx(t), &docs); err != nil {
		t.Fatalf("read the heartbeats: %v", err)
	}
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	return ids
}

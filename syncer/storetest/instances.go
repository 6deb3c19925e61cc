package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// RunInstances runs the heartbeat cases against the syncer.InstanceStore
// implementations newStore returns, each subtest with a new, empty store.
// They are apart from Run so that a Store that keeps no heartbeats need not
// skip them one by one.
func RunInstances(t *testing.T, newStore func(t *testing.T) syncer.InstanceStore) {
	cases := []struct {
		name string
		f    func(t *testing.T, s syncer.InstanceStore)
	}{
		{"PutAndRead", testInstancesPutAndRead},
		{"Replace", testInstancesReplace},
		{"Delete", testInstancesDelete},
		{"Sweep", testInstancesSweep},
		{"Empty", testInstancesEmpty},
		{"Count", testInstancesCount},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.f(t, newStore(t))
		})
	}
}

// heartbeat returns a heartbeat of id at now+at (mongostore keeps
// milliseconds), expiring after ttl.
func heartbeat(id string, at time.Duration, beats int64, ttl time.Duration) syncer.Heartbeat {
	seen := now.Add(at).Truncate(time.Millisecond)
	return syncer.Heartbeat{Instance: id, Seen: seen, Started: now.Add(-time.Hour), Interval: 1500 * time.Millisecond,
		Beats: beats, Version: "v1.2.3 (test)", Expire: seen.Add(ttl), Tiers: syncer.TiersDigest([]byte(id))}
}

func putInstance(t *testing.T, s syncer.InstanceStore, h syncer.Heartbeat) {
	t.Helper()
	if err := s.PutInstance(ctx(t), h); err != nil {
		t.Fatalf("PutInstance(%s): %v", h.Instance, err)
	}
}

func readInstances(t *testing.T, s syncer.InstanceStore) []syncer.Heartbeat {
	t.Helper()
	hs, err := s.Instances(ctx(t))
	if err != nil {
		t.Fatalf("Instances: %v", err)
	}
	return hs
}

// wantInstances compares heartbeats field by field, times with Equal (a
// store may return them in another location).
func wantInstances(t *testing.T, got []syncer.Heartbeat, want ...syncer.Heartbeat) {
	t.Helper()
	eq := func(a, b syncer.Heartbeat) bool {
		return a.Instance == b.Instance && a.Seen.Equal(b.Seen) && a.Started.Equal(b.Started) && a.Interval == b.Interval &&
			a.Beats == b.Beats && a.Version == b.Version && a.Expire.Equal(b.Expire) && a.Tiers == b.Tiers
	}
	if !slices.EqualFunc(got, want, eq) {
		t.Fatalf("Instances = %+v\nwant %+v", got, want)
	}
}

func testInstancesPutAndRead(t *testing.T, s syncer.InstanceStore) {
	b := heartbeat("b-2", 0, 7, time.Minute)
	a := heartbeat("a:1_x", time.Second, 1, time.Minute)
	putInstance(t, s, b)
	putInstance(t, s, a)
	wantInstances(t, readInstances(t, s), a, b) // ordered by instance
}

func testInstancesReplace(t *testing.T, s syncer.InstanceStore) {
	putInstance(t, s, heartbeat("i", 0, 1, time.Minute))
	h := heartbeat("i", 3*time.Second, 2, time.Minute)
	h.Version, h.Tiers = "v2", ""
	putInstance(t, s, h)
	wantInstances(t, readInstances(t, s), h)
}

// testInstancesDelete: DeleteInstance deletes the heartbeat of the
// process that started when it says, to the millisecond, and not that of
// another process with the same ID.
func testInstancesDelete(t *testing.T, s syncer.InstanceStore) {
	a, b := heartbeat("a", 0, 1, time.Minute), heartbeat("b", 0, 1, time.Minute)
	putInstance(t, s, a)
	putInstance(t, s, b)
	if err := s.DeleteInstance(ctx(t), "a", a.Started.Add(999*time.Microsecond)); err != nil {
		t.Fatalf("DeleteInstance: %v", err)
	}
	if err := s.DeleteInstance(ctx(t), "never-there", a.Started); err != nil {
		t.Fatalf("DeleteInstance of a missing instance: %v, want nil", err)
	}
	// b's process started a second after the one that leaves.
	if err := s.DeleteInstance(ctx(t), "b", b.Started.Add(-time.Second)); err != nil {
		t.Fatalf("DeleteInstance of another process: %v", err)
	}
	wantInstances(t, readInstances(t, s), b)
}

func testInstancesSweep(t *testing.T, s syncer.InstanceStore) {
	old := heartbeat("old", -time.Hour, 5, time.Minute)     // expired at now-59m
	edge := heartbeat("edge", -time.Minute, 5, time.Minute) // expires at now: not before it
	fresh := heartbeat("fresh", 0, 5, time.Minute)
	for _, h := range []syncer.Heartbeat{old, edge, fresh} {
		putInstance(t, s, h)
	}
	n, err := s.SweepInstances(ctx(t), now)
	if err != nil {
		t.Fatalf("SweepInstances: %v", err)
	}
	if n != 1 {
		t.Errorf("SweepInstances deleted %d, want 1 (old)", n)
	}
	wantInstances(t, readInstances(t, s), edge, fresh)
}

func testInstancesEmpty(t *testing.T, s syncer.InstanceStore) {
	if hs := readInstances(t, s); len(hs) != 0 {
		t.Fatalf("Instances of an empty store = %+v, want none", hs)
	}
	if n, err := s.SweepInstances(ctx(t), now); err != nil || n != 0 {
		t.Fatalf("SweepInstances of an empty store = %d, %v; want 0, nil", n, err)
	}
}

// testInstancesCount: CountInstances counts the heartbeats seen at or
// after its time, from the writers' Seen, of a store that counts them.
func testInstancesCount(t *testing.T, s syncer.InstanceStore) {
	ic, ok := s.(syncer.InstanceCounter)
	if !ok {
		t.Skip("the store counts no heartbeats")
	}
	count := func(since time.Time) int {
		t.Helper()
		n, err := ic.CountInstances(ctx(t), since)
		if err != nil {
			t.Fatalf("CountInstances: %v", err)
		}
		return n
	}
	if n := count(now.Add(-time.Hour)); n != 0 {
		t.Fatalf("CountInstances of an empty store = %d, want 0", n)
	}
	putInstance(t, s, heartbeat("a", -10*time.Second, 1, time.Minute))
	putInstance(t, s, heartbeat("b", 0, 1, time.Minute))
	putInstance(t, s, heartbeat("c", time.Second, 1, time.Minute))
	for _, c := range []struct {
		since time.Duration
		want  int
	}{{-time.Minute, 3}, {-10 * time.Second, 3}, {-5 * time.Second, 2}, {0, 2}, {time.Millisecond, 1}, {2 * time.Second, 0}} {
		if n := count(now.Add(c.since).Truncate(time.Millisecond)); n != c.want {
			t.Errorf("CountInstances(now%+v) = %d, want %d", c.since, n, c.want)
		}
	}
	putInstance(t, s, heartbeat("a", 2*time.Second, 2, time.Minute)) // a beats again
	if n := count(now.Add(2 * time.Second).Truncate(time.Millisecond)); n != 1 {
		t.Errorf("CountInstances after a's second beat = %d, want 1", n)
	}
}

package storetest

import (
	"bytes"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// RunTiers runs the cases of published tiers against the
// syncer.TiersStore implementations newStore returns, each subtest with a
// new, empty store.
func RunTiers(t *testing.T, newStore func(t *testing.T) syncer.TiersStore) {
	cases := []struct {
		name string
		f    func(t *testing.T, s syncer.TiersStore)
	}{
		{"PutAndGet", testTiersPutAndGet},
		{"Missing", testTiersMissing},
		{"Head", testTiersHead},
		{"DeletedWithInstance", testTiersDeletedWithInstance},
		{"KeptForAnotherProcess", testTiersKeptForAnotherProcess},
		{"SweptWithInstance", testTiersSweptWithInstance},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.f(t, newStore(t))
		})
	}
}

// tiers returns published tiers of data, written at now+at by the process
// of heartbeat's start.
func tiers(data string, at time.Duration) syncer.Tiers {
	return syncer.Tiers{Digest: syncer.TiersDigest([]byte(data)), Data: []byte(data), Written: now.Add(at).Truncate(time.Millisecond),
		Started: heartbeat("", 0, 0, 0).Started}
}

func putTiers(t *testing.T, s syncer.TiersStore, id string, pt syncer.Tiers) {
	t.Helper()
	if err := s.PutTiers(ctx(t), id, pt); err != nil {
		t.Fatalf("PutTiers(%s): %v", id, err)
	}
}

// wantTiers checks the tiers of id: want, or none if want is nil.
func wantTiers(t *testing.T, s syncer.TiersStore, id string, want *syncer.Tiers) {
	t.Helper()
	got, ok, err := s.GetTiers(ctx(t), id)
	switch {
	case err != nil:
		t.Fatalf("GetTiers(%s): %v", id, err)
	case want == nil && ok:
		t.Fatalf("GetTiers(%s) = %+v, want none", id, got)
	case want == nil:
	case !ok:
		t.Fatalf("GetTiers(%s): none, want %+v", id, *want)
	case got.Digest != want.Digest || !bytes.Equal(got.Data, want.Data) || !got.Written.Equal(want.Written) || !got.Started.Equal(want.Started):
		t.Fatalf("GetTiers(%s) = %+v, want %+v", id, got, *want)
	}
}

func testTiersPutAndGet(t *testing.T, s syncer.TiersStore) {
	a, b := tiers(`{"d":[[10],[],[]]}`, 0), tiers("\x00\xff binary", time.Second)
	putTiers(t, s, "a", a)
	putTiers(t, s, "b-1", b)
	wantTiers(t, s, "a", &a)
	wantTiers(t, s, "b-1", &b)
	a2 := tiers(`{"d":[[60],[],[]]}`, 2*time.Second)
	putTiers(t, s, "a", a2) // replaces
	wantTiers(t, s, "a", &a2)
	wantTiers(t, s, "b-1", &b)
}

func testTiersMissing(t *testing.T, s syncer.TiersStore) {
	wantTiers(t, s, "nobody", nil)
}

// testTiersHead: TiersHead gives what GetTiers gives but the data.
func testTiersHead(t *testing.T, s syncer.TiersStore) {
	a, a2 := tiers("a", 0), tiers("a2", time.Second)
	for _, step := range []struct {
		put  *syncer.Tiers
		want *syncer.Tiers
	}{{nil, nil}, {&a, &a}, {&a2, &a2}} {
		if step.put != nil {
			putTiers(t, s, "a", *step.put)
		}
		got, ok, err := s.TiersHead(ctx(t), "a")
		switch {
		case err != nil:
			t.Fatalf("TiersHead: %v", err)
		case step.want == nil && ok:
			t.Fatalf("TiersHead = %+v, want none", got)
		case step.want == nil:
		case !ok:
			t.Fatalf("TiersHead: none, want %+v", *step.want)
		case got.Digest != step.want.Digest || got.Data != nil || !got.Written.Equal(step.want.Written) || !got.Started.Equal(step.want.Started):
			t.Fatalf("TiersHead = %+v, want %+v without data", got, *step.want)
		}
	}
	if _, ok, err := s.TiersHead(ctx(t), "b"); err != nil || ok {
		t.Errorf("TiersHead(b) found %v, %v; want none", ok, err)
	}
}

func testTiersDeletedWithInstance(t *testing.T, s syncer.TiersStore) {
	a, b := tiers("a", 0), tiers("b", 0)
	putInstance(t, s, heartbeat("a", 0, 1, time.Minute))
	putInstance(t, s, heartbeat("b", 0, 1, time.Minute))
	putTiers(t, s, "a", a)
	putTiers(t, s, "b", b)
	if err := s.DeleteInstance(ctx(t), "a", a.Started); err != nil {
		t.Fatalf("DeleteInstance: %v", err)
	}
	wantTiers(t, s, "a", nil)
	wantTiers(t, s, "b", &b)
}

// testTiersKeptForAnotherProcess: two processes ran with one instance ID;
// the new one, started a second after the old one, wrote its heartbeat and
// its tiers last. The old one's DeleteInstance, on its graceful stop,
// leaves both: the new one writes its tiers only when they change, and its
// heartbeat would name tiers the store no longer holds. The new one's own
// DeleteInstance deletes them.
func testTiersKeptForAnotherProcess(t *testing.T, s syncer.TiersStore) {
	h := heartbeat("a", 0, 1, time.Minute)
	h.Started = h.Started.Add(time.Second)
	pt := tiers("new", 0)
	pt.Started = h.Started
	putInstance(t, s, h)
	putTiers(t, s, "a", pt)
	old := h.Started.Add(-time.Second)
	if err := s.DeleteInstance(ctx(t), "a", old); err != nil {
		t.Fatalf("DeleteInstance of the old process: %v", err)
	}
	wantTiers(t, s, "a", &pt)
	wantInstances(t, readInstances(t, s), h)
	if err := s.DeleteInstance(ctx(t), "a", h.Started); err != nil {
		t.Fatalf("DeleteInstance of the new process: %v", err)
	}
	wantTiers(t, s, "a", nil)
	wantInstances(t, readInstances(t, s))
}

// testTiersSweptWithInstance: a sweep deletes the tiers of an instance
// whose heartbeat it deleted, or that has none, if written before now;
// those of a live instance, and of one that wrote them after now (about to
// write its first heartbeat), stay.
func testTiersSweptWithInstance(t *testing.T, s syncer.TiersStore) {
	putInstance(t, s, heartbeat("old", -time.Hour, 5, time.Minute)) // expired
	putInstance(t, s, heartbeat("live", 0, 5, time.Minute))
	old, live, orphan, early := tiers("old", -time.Hour), tiers("live", -time.Hour), tiers("orphan", -time.Minute), tiers("early", time.Second)
	putTiers(t, s, "old", old)
	putTiers(t, s, "live", live)
	putTiers(t, s, "orphan", orphan)
	putTiers(t, s, "early", early)
	if _, err := s.SweepInstances(ctx(t), now); err != nil {
		t.Fatalf("SweepInstances: %v", err)
	}
	wantTiers(t, s, "old", nil)
	wantTiers(t, s, "orphan", nil)
	wantTiers(t, s, "live", &live)
	wantTiers(t, s, "early", &early)
}

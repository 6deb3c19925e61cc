package storetest

import (
	"bytes"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// RunSizes runs the cases of published window sizes against the
// syncer.SizesStore implementations newStore returns, each subtest with a
// new, empty store.
func RunSizes(t *testing.T, newStore func(t *testing.T) syncer.SizesStore) {
	cases := []struct {
		name string
		f    func(t *testing.T, s syncer.SizesStore)
	}{
		{"PutAndGet", testSizesPutAndGet},
		{"Missing", testSizesMissing},
		{"DeletedWithInstance", testSizesDeletedWithInstance},
		{"SweptWithInstance", testSizesSweptWithInstance},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.f(t, newStore(t))
		})
	}
}

// sizes returns published sizes of data, written at now+at.
func sizes(data string, at time.Duration) syncer.Sizes {
	return syncer.Sizes{Digest: syncer.SizesDigest([]byte(data)), Data: []byte(data), Written: now.Add(at).Truncate(time.Millisecond)}
}

func putSizes(t *testing.T, s syncer.SizesStore, id string, sz syncer.Sizes) {
	t.Helper()
	if err := s.PutSizes(ctx(t), id, sz); err != nil {
		t.Fatalf("PutSizes(%s): %v", id, err)
	}
}

// wantSizes checks the sizes of id: want, or none if want is nil.
func wantSizes(t *testing.T, s syncer.SizesStore, id string, want *syncer.Sizes) {
	t.Helper()
	got, ok, err := s.GetSizes(ctx(t), id)
	switch {
	case err != nil:
		t.Fatalf("GetSizes(%s): %v", id, err)
	case want == nil && ok:
		t.Fatalf("GetSizes(%s) = %+v, want none", id, got)
	case want == nil:
	case !ok:
		t.Fatalf("GetSizes(%s): none, want %+v", id, *want)
	case got.Digest != want.Digest || !bytes.Equal(got.Data, want.Data) || !got.Written.Equal(want.Written):
		t.Fatalf("GetSizes(%s) = %+v, want %+v", id, got, *want)
	}
}

func testSizesPutAndGet(t *testing.T, s syncer.SizesStore) {
	a, b := sizes(`{"d":[[10],[],[]]}`, 0), sizes("\x00\xff binary", time.Second)
	putSizes(t, s, "a", a)
	putSizes(t, s, "b-1", b)
	wantSizes(t, s, "a", &a)
	wantSizes(t, s, "b-1", &b)
	a2 := sizes(`{"d":[[60],[],[]]}`, 2*time.Second)
	putSizes(t, s, "a", a2) // replaces
	wantSizes(t, s, "a", &a2)
	wantSizes(t, s, "b-1", &b)
}

func testSizesMissing(t *testing.T, s syncer.SizesStore) {
	wantSizes(t, s, "nobody", nil)
}

func testSizesDeletedWithInstance(t *testing.T, s syncer.SizesStore) {
	a, b := sizes("a", 0), sizes("b", 0)
	putInstance(t, s, heartbeat("a", 0, 1, time.Minute))
	putInstance(t, s, heartbeat("b", 0, 1, time.Minute))
	putSizes(t, s, "a", a)
	putSizes(t, s, "b", b)
	if err := s.DeleteInstance(ctx(t), "a"); err != nil {
		t.Fatalf("DeleteInstance: %v", err)
	}
	wantSizes(t, s, "a", nil)
	wantSizes(t, s, "b", &b)
}

// testSizesSweptWithInstance: a sweep deletes the sizes of an instance
// whose heartbeat it deleted, or that has none, if written before now;
// those of a live instance, and of one that wrote them after now (about to
// write its first heartbeat), stay.
func testSizesSweptWithInstance(t *testing.T, s syncer.SizesStore) {
	putInstance(t, s, heartbeat("old", -time.Hour, 5, time.Minute)) // expired
	putInstance(t, s, heartbeat("live", 0, 5, time.Minute))
	old, live, orphan, early := sizes("old", -time.Hour), sizes("live", -time.Hour), sizes("orphan", -time.Minute), sizes("early", time.Second)
	putSizes(t, s, "old", old)
	putSizes(t, s, "live", live)
	putSizes(t, s, "orphan", orphan)
	putSizes(t, s, "early", early)
	if _, err := s.SweepInstances(ctx(t), now); err != nil {
		t.Fatalf("SweepInstances: %v", err)
	}
	wantSizes(t, s, "old", nil)
	wantSizes(t, s, "orphan", nil)
	wantSizes(t, s, "live", &live)
	wantSizes(t, s, "early", &early)
}

package syncer_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// A sweep deletes only the documents expired by more than MaxSkew by the
// sweeping instance's clock: an instance whose clock runs ahead must not
// delete a document that its writer, by its own clock, still counts on.
func TestSweepToleratesClockSkew(t *testing.T) {
	cases := []struct {
		name    string
		maxSkew time.Duration // 0: the default, 5m
		expired []time.Duration
		deleted []bool
	}{
		{"DefaultSkew", 0,
			[]time.Duration{-time.Second, time.Second, 4*time.Minute + 59*time.Second, 5*time.Minute + time.Second, time.Hour},
			[]bool{false, false, false, true, true}},
		{"OneMinute", time.Minute,
			[]time.Duration{time.Second, 59 * time.Second, 61 * time.Second},
			[]bool{false, false, true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := syncer.NewMemoryStore()
			keys := make([]cache.Key, len(c.expired))
			for i, ago := range c.expired {
				keys[i] = cache.Key{ClientID: "c", User: fmt.Sprint(i)}
				mustWrite(t, store, syncer.Write{Key: keys[i], NewVersion: 1, Frames: frames(1), Expire: t0.Add(-ago), Instance: "w", Seq: 1})
			}
			s := newSyncer(t, syncer.Config{Cache: newCache(t, fixedClock(t0)), Store: store, Now: fixedClock(t0), MaxSkew: c.maxSkew})
			if err := s.SweepOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			docs, err := store.Load(t.Context(), keys)
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range docs {
				if gone := d.Snapshot.Version == 0; gone != c.deleted[i] {
					t.Errorf("expired %v ago: deleted %v, want %v", c.expired[i], gone, c.deleted[i])
				}
			}
		})
	}
}

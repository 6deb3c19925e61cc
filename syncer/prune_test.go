package syncer_test

import (
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A hot document written by one restarted instance after another (each
// process has a new instance ID) keeps a bounded lastWrites: each write
// prunes the entries older than two of the document's longest frames plus
// MaxSkew (5m by default), and keeps every younger one, which a lost answer
// of its instance may still need.
func TestRestartsKeepLastWritesBounded(t *testing.T) {
	cases := []struct {
		name    string
		tier    window.Tier
		step    time.Duration // between restarts
		horizon time.Duration // entries younger than this stay
		maxLen  int
	}{
		{"MinuteWindow", window.Tier{Limit: bigLimit, Size: time.Minute}, 2 * time.Minute, 2*time.Minute + 5*time.Minute, 4},
		{"DayWindow", dayTier, 3 * time.Hour, 48*time.Hour + 5*time.Minute, 17},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := syncer.NewMemoryStore()
			written := map[string]time.Time{} // instance -> when it wrote
			maxLen := 0
			for i := range 20 {
				now := t0.Add(time.Duration(i) * c.step)
				inst := fmt.Sprintf("host-%d-%06x", 100+i, i)
				cc := newCache(t, fixedClock(now))
				s := newSyncer(t, syncer.Config{Cache: cc, Store: store, Instance: inst, Now: fixedClock(now)})
				d := cc.Reserve(keyK, []window.Tier{c.tier}, 1, cache.Enforce, now)
				cc.Commit(d.Reservation)
				if err := s.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				written[inst] = now
				docs, err := store.Load(t.Context(), []cache.Key{keyK})
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]int64{}
				for name, at := range written {
					if !at.Before(now.Add(-c.horizon)) {
						want[name] = docs[0].LastWrites[name]
					}
				}
				if !maps.Equal(docs[0].LastWrites, want) || want[inst] == 0 {
					t.Fatalf("after restart %d at +%v: lastWrites %v, want the entries of the instances that wrote since -%v: %v",
						i, now.Sub(t0), docs[0].LastWrites, c.horizon, want)
				}
				maxLen = max(maxLen, len(docs[0].LastWrites))
			}
			if maxLen != c.maxLen {
				t.Errorf("lastWrites held up to %d entries, want %d", maxLen, c.maxLen)
			}
		})
	}
}

package cache

import (
	"math"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestNegativeLocalStaysExact: a counter whose local count is negative
// is stored wide (fitsNarrow's local ≥ 0 check) and loads back exact, in
// either counter of a room2 key, in either frame, small or past 16 bits,
// beside a positive one. No path of the cache makes a local count negative
// (commits add, a confirmed flush takes off what it wrote), so the state
// is made here directly, through an open. Without the check it was stored
// narrow: loc kept its low 16 bits as a count up to 65,535, and no carry
// was taken (the OR of the counts, negative, is not past 16 bits), so -1
// came back as 65,535, -70,000 as 61,072, and 70,000 beside a -1 as 4,464
// (its carry lost): counts the next flush would write, never committed.
func TestNegativeLocalStaysExact(t *testing.T) {
	two := []window.Tier{{Limit: 1000, Size: time.Minute}, {Limit: 1000, Size: time.Hour}}
	for _, local := range [][2]int64{{-1, 0}, {0, -1}, {-70000, 0}, {3, -70000}, {-1, 70000}, {math.MinInt64, 5}} {
		for i := range 2 {
			c := newCache(t, Config{Shards: 1})
			k := Key{ClientID: "client"}
			c.Commit(new(c.Reserve(k, two, 4, Enforce, t0).Reservation))
			_, e := c.get(k, two, t0.Unix())
			if !e.room2 {
				t.Fatal("the key has no room2: the second counter is not the narrow's")
			}
			e.mu.Lock()
			o := e.open(&c.codes)
			ct := &o.first
			if i == 1 {
				ct = &o.second
			}
			global := ct.globals()
			ct.local = local
			ct.sum = [2]int64{global.Prev + local[0], global.Curr + local[1]}
			want := *ct
			o.close()
			wide := e.hot.flags&narrowWide != 0
			back := e.open(&c.codes) // read only: not closed
			got := *back.at(i)
			e.mu.Unlock()
			if got != want {
				t.Errorf("counter %d with local counts %v, stored and loaded: %+v, want %+v", i, local, got, want)
			}
			if !wide {
				t.Errorf("counter %d with local counts %v: stored narrow, want wide (a negative local count does not fit)", i, local)
			}
		}
	}
}

package cache

import (
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A right clock and a token endpoint slower than a window and the time to
// its end (1 s windows and 2.1 s requests; 2 s and 4.5 s; 5 s and 11 s):
// every second a request is reserved, and the one reserved latency before
// commits into a frame behind its counter's previous one (addLocal's
// in-flight hold); a take every second, confirmed. Each such frame is
// given up at its own hold's end: with one end for all of a key's orphans,
// renewed by every such commit, the key held every frame since the stream
// began (598 after 10 minutes at 1 s windows, 3,597 after an hour).
func TestInFlightHoldBoundedUnderSteadySlowRequests(t *testing.T) {
	for _, tc := range []struct {
		size, lat time.Duration
		most      int
	}{{time.Second, 2100 * time.Millisecond, 3}, {2 * time.Second, 4500 * time.Millisecond, 3}, {5 * time.Second, 11 * time.Second, 3}} {
		tiers := []window.Tier{{Limit: 100000, Size: tc.size}}
		c := newCache(t, Config{Shards: 1})
		k := Key{ClientID: "c"}
		type op struct {
			r  Reservation
			at time.Time
		}
		var open []op
		most := 0
		for ms := int64(100); ms <= 600_000; ms += 1000 {
			now := t0.Add(time.Duration(ms) * time.Millisecond)
			for len(open) > 0 && !open[0].at.Add(tc.lat).After(now) {
				c.Commit(&open[0].r)
				open = open[1:]
			}
			d := c.Reserve(k, tiers, 1, Enforce, now)
			open = append(open, op{d.Reservation, now})
			take := now.Add(400 * time.Millisecond)
			ps := c.TakeDirty(nil, take)
			for i := range ps {
				c.Confirm(&ps[i], Snapshot{Version: ps[i].Base.Version + 1, Frames: Merge(ps[i].Base.Frames, ps[i].Delta, take)}, take)
			}
			e := c.find(k)
			e.mu.Lock()
			if e.more != nil {
				most = max(most, len(e.more.orphan))
			}
			e.mu.Unlock()
		}
		t.Logf("%v windows, %v requests: at most %d orphan frames held at once in 600 s", tc.size, tc.lat, most)
		if most > tc.most {
			t.Errorf("%v windows, %v requests: %d orphan frames held at once, want at most %d", tc.size, tc.lat, most, tc.most)
		}
	}
}

// A held frame carries its own hold's end in the overflow's orphan list
// (orphanFrame), not in the overflow: the overflow keeps its size class
// (240 bytes: 232 since step 3 gave it the narrow's narrowMore pointer;
// step 6a's slot pointer, 240 for a while, went to the slot table's key
// arena) and its place in a key's memory.
func TestOverflowSizeWithOrphanEnds(t *testing.T) {
	if got := unsafe.Sizeof(overflow{}); got > 240 {
		t.Errorf("overflow is %d bytes; keep it within 240, its size class", got)
	}
	if got, want := unsafe.Sizeof(orphanFrame{}), unsafe.Sizeof(Frame{})+8; got != want {
		t.Errorf("orphanFrame is %d bytes, want %d (a Frame and 8)", got, want)
	}
}

package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestSweepSkipsReservedKey: a key whose only use is a request still in
// flight, swept at a right clock when it is idle by its last use (no
// unflushed counts, unused for IdleWindows of its window), is not removed
// (idle's reservation test): the Commit then counts in the key the table
// holds, and the flush takes it from there, once. Removed, the Commit
// counted into the evicted key, detached, while the table had no key for
// the decisions to see the count in (h153's plan 1.2: under slots, Sweep
// removing a slot with a Reservation out would need a record, which only
// evictForCap makes).
func TestSweepSkipsReservedKey(t *testing.T) {
	tiers := []window.Tier{{Limit: 1000, Size: time.Minute}}
	c := newCache(t, Config{Shards: 1, IdleWindows: 1})
	k := Key{ClientID: "c"}
	d := c.Reserve(k, tiers, 1, Enforce, t0.Add(time.Second))
	held := refEntry(d.Reservation.e)
	now := t0.Add(61 * time.Second) // unused for a minute, the frame of the request the previous one
	if n := c.Sweep(now); n != 0 {
		t.Errorf("Sweep with the key idle by its last use and a request in flight evicted %d keys, want 0", n)
	}
	if e := c.find(k); e != held {
		t.Errorf("after the Sweep the table holds %p for the key, want %p, the entry the request reserved on", e, held)
	}
	c.Commit(&d.Reservation)
	ps := c.TakeDirty(nil, now)
	if len(ps) != 1 || refEntry(ps[0].e) != held || len(ps[0].Delta) != 1 ||
		ps[0].Delta[0] != (Frame{Size: time.Minute, StartUnix: t0.Unix(), N: 1}) {
		t.Fatalf("the flush took %+v; want the one count, 1 in the minute from t0, from the key the table holds", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: Merge(nil, ps[0].Delta, now)}, now)
	if st := c.Stats(); st.Keys != 1 || st.EvictedIdle != 0 || st.Detached != 0 {
		t.Errorf("Stats %+v, want 1 key, none evicted or detached", st)
	}
}

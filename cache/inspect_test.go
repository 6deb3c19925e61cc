package cache

import (
	"fmt"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Inspect shows what the next decision would count, split into the store's
// part, this instance's unflushed part and the open reservations, at a
// time that moves across frames; and it changes nothing.
func TestInspect(t *testing.T) {
	k := Key{ClientID: "c"}
	minute := perMinute(10)
	type want struct {
		global, local [2]int64 // prev, curr
		reserved      int64
		used          int64
		remaining     int64
		retry         time.Duration
		version       int64
	}
	tests := []struct {
		name  string
		setup func(c *Cache) time.Time // returns the time to inspect at
		want  want
	}{
		{"unflushed counts are local", func(c *Cache) time.Time {
			commit(c, k, minute, 3, t0)
			return t0.Add(time.Second)
		}, want{local: [2]int64{0, 3}, used: 3, remaining: 7}},
		{"a confirmed flush moves them to the snapshot", func(c *Cache) time.Time {
			commit(c, k, minute, 3, t0)
			flushAll(c, t0)
			commit(c, k, minute, 1, t0)
			return t0.Add(time.Second)
		}, want{global: [2]int64{0, 3}, local: [2]int64{0, 1}, used: 4, remaining: 6, version: 1}},
		{"a flush taken and not settled is still local", func(c *Cache) time.Time {
			commit(c, k, minute, 2, t0)
			c.TakeDirty(nil, t0)
			return t0
		}, want{local: [2]int64{0, 2}, used: 2, remaining: 8}},
		{"open reservations count", func(c *Cache) time.Time {
			commit(c, k, minute, 2, t0)
			c.Reserve(k, minute, 1, Enforce, t0) // never settled
			return t0
		}, want{local: [2]int64{0, 2}, reserved: 1, used: 3, remaining: 7}},
		{"the next frame weighs the previous one", func(c *Cache) time.Time {
			commit(c, k, minute, 10, t0)
			return t0.Add(90 * time.Second) // half of the previous frame left
		}, want{local: [2]int64{10, 0}, used: 5, remaining: 5}},
		{"over the limit: retry after", func(c *Cache) time.Time {
			commit(c, k, minute, 10, t0)
			return t0.Add(30 * time.Second)
		}, want{local: [2]int64{0, 10}, used: 10, remaining: 0, retry: 30*time.Second + 1}}, // floor(10·(1-ε)) = 9 just past the boundary,
		{"the store's frames of the next frame are adopted", func(c *Cache) time.Time {
			commit(c, k, minute, 1, t0)
			c.Apply(k, Snapshot{Version: 4, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix() + 60, N: 6}}}, t0)
			flushAll(c, t0)
			return t0.Add(60 * time.Second)
		}, want{global: [2]int64{1, 6}, used: 7, remaining: 3, version: 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(t, Config{})
			at := tt.setup(c)
			// What Inspect must not change: the counter's frame (a
			// roll) and the stored frames it has not adopted.
			e := c.find(k)
			frameBefore, extraBefore := opened(c, e).first.start, e.more != nil && len(e.more.extra) > 0
			var st KeyState
			if !c.Inspect(k, minute, at, &st) {
				t.Fatal("Inspect: key not held")
			}
			if len(st.Tiers) != 1 {
				t.Fatalf("%d tiers, want 1", len(st.Tiers))
			}
			ts := st.Tiers[0]
			got := want{
				global:    [2]int64{ts.Global.Prev, ts.Global.Curr},
				local:     [2]int64{ts.Local.Prev, ts.Local.Curr},
				reserved:  ts.Reserved,
				used:      ts.Used,
				remaining: ts.Remaining,
				retry:     ts.RetryAfter,
				version:   st.Version,
			}
			if got != tt.want {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
			if opened(c, e).first.start != frameBefore || (e.more != nil && len(e.more.extra) > 0) != extraBefore {
				t.Errorf("Inspect changed the key: frame %d -> %d, extra frames %v -> %v", frameBefore, opened(c, e).first.start, extraBefore, !extraBefore)
			}
			// Ask Reserve the same question: Inspect must agree with it.
			if ts.Remaining > 0 {
				if d := c.Reserve(k, minute, 1, Enforce, at); !d.Allowed || d.Remaining != ts.Remaining-1 {
					t.Errorf("Reserve after Inspect: allowed %v remaining %d, want true, %d", d.Allowed, d.Remaining, ts.Remaining-1)
				} else {
					c.Release(&d.Reservation)
				}
			} else if d := c.Reserve(k, minute, 1, Enforce, at); d.Allowed || d.RetryAfter != ts.RetryAfter {
				t.Errorf("Reserve after Inspect: allowed %v retry %v, want false, %v", d.Allowed, d.RetryAfter, ts.RetryAfter)
			}
		})
	}
}

// Inspect lists the sizes a key counts in that the tiers asked for do not
// name, as a reload leaves them: a key limited per minute, then per 10
// seconds, counts in both, and the minute's counts are shown, rolled as a
// decision would see them at a time that moves on, with the stored frames
// adopted; a size the tiers name is not listed twice.
func TestInspectCountedOnly(t *testing.T) {
	k := Key{ClientID: "c"}
	tenSec := []window.Tier{{Limit: 10, Size: 10 * time.Second}}
	c := newCache(t, Config{})
	commit(c, k, perMinute(100), 4, t0)             // the policy before: 1m
	commit(c, k, tenSec, 2, t0.Add(5*time.Second))  // reloaded: 10s, counted in 1m too
	flushAll(c, t0.Add(5*time.Second))              // a snapshot of 6 in the minute
	commit(c, k, tenSec, 1, t0.Add(61*time.Second)) // the next minute
	c.Apply(k, Snapshot{Version: 9, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 6}, {Size: time.Minute, StartUnix: t0.Unix() + 60, N: 5}}}, t0.Add(62*time.Second))
	at := t0.Add(90 * time.Second)
	var st KeyState
	if !c.Inspect(k, tenSec, at, &st) {
		t.Fatal("Inspect: key not held")
	}
	if len(st.Tiers) != 1 || len(st.Counted) != 1 {
		t.Fatalf("%d tiers, %d counted-only sizes; want 1 and 1: %+v", len(st.Tiers), len(st.Counted), st)
	}
	got := st.Counted[0]
	want := SizeState{
		Size:   time.Minute,
		Global: window.Counts{StartUnix: t0.Unix() + 60, Prev: 6, Curr: 5},
		Local:  window.Counts{StartUnix: t0.Unix() + 60, Prev: 0, Curr: 1},
	}
	want.Estimate = 6*0.5 + 5 + 1
	if got != want {
		t.Errorf("counted-only 1m:\n got %+v\nwant %+v", got, want)
	}
	// With both sizes asked for, none is counted-only.
	both := append(perMinute(100), tenSec...)
	if !c.Inspect(k, both, at, &st) || len(st.Tiers) != 2 || len(st.Counted) != 0 {
		t.Errorf("with both tiers asked for: %d tiers, counted-only %+v; want 2 and none", len(st.Tiers), st.Counted)
	}
	// Walk leaves them out (GET /admin/top ranks by the tiers and reads
	// none), and the tiers' state is Inspect's.
	walked := 0
	c.Walk(at, func(Key) []window.Tier { return tenSec }, func(_ Key, ws *KeyState) bool {
		walked++
		if len(ws.Tiers) != 1 || ws.Tiers[0] != st.Tiers[1] || len(ws.Counted) != 0 {
			t.Errorf("Walk: tiers %+v, counted-only %+v; want Inspect's 10s tier %+v and none", ws.Tiers, ws.Counted, st.Tiers[1])
		}
		return true
	})
	if walked != 1 {
		t.Errorf("Walk visited %d keys, want 1", walked)
	}
}

// Inspect of a key not held answers false and does not create it.
func TestInspectUnknownKey(t *testing.T) {
	c := newCache(t, Config{})
	var st KeyState
	if c.Inspect(Key{ClientID: "nobody"}, perMinute(1), t0, &st) {
		t.Fatal("Inspect of an unknown key reports it held")
	}
	if c.Len() != 0 {
		t.Fatalf("Inspect created a key: Len %d", c.Len())
	}
}

// Walk visits every key once with its state against its own tiers, and
// stops when asked.
func TestWalk(t *testing.T) {
	c := newCache(t, Config{Shards: 4})
	for i := range 20 {
		commit(c, Key{ClientID: fmt.Sprint("c", i)}, perMinute(100), i+1, t0)
	}
	tiersOf := func(k Key) []window.Tier { return perMinute(100) }
	seen := map[string]int64{}
	c.Walk(t0, tiersOf, func(k Key, st *KeyState) bool {
		if _, dup := seen[k.ClientID]; dup {
			t.Errorf("%s visited twice", k.ClientID)
		}
		seen[k.ClientID] = st.Tiers[0].Used
		return true
	})
	if len(seen) != 20 {
		t.Fatalf("visited %d keys, want 20", len(seen))
	}
	for i := range 20 {
		if got := seen[fmt.Sprint("c", i)]; got != int64(i+1) {
			t.Errorf("c%d: used %d, want %d", i, got, i+1)
		}
	}
	n := 0
	c.Walk(t0, tiersOf, func(Key, *KeyState) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("walk went on after f returned false: %d calls, want 3", n)
	}
}

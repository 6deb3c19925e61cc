package cache

import (
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// flushAll takes every dirty key and confirms it as written on top of its
// base, as a store without other writers would: the frames the flush writes.
func flushAll(c *Cache, now time.Time) map[Key][]Frame {
	out := map[Key][]Frame{}
	ps := c.TakeDirty(nil, now)
	for i := range ps {
		w := Snapshot{Version: ps[i].Base.Version + 1, Frames: Merge(ps[i].Base.Frames, ps[i].Delta, now)}
		c.Confirm(&ps[i], w, now)
		out[ps[i].Key] = w.Frames
	}
	return out
}

func commit(c *Cache, k Key, tiers []window.Tier, n int, now time.Time) {
	for range n {
		d := c.Reserve(k, tiers, 1, Enforce, now)
		c.Commit(&d.Reservation)
	}
}

// A snapshot that already holds the next frame (written by an instance
// whose clock is ahead, or that crossed the boundary first) is installed
// whole: the next flush writes that frame back, and the counter adopts it
// when it rolls there. Dropping it erased the other instance's counts from
// the store with the next compare-and-swap.
func TestInstallKeepsNewerFrames(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	min := time.Minute
	f, next := t0.Unix(), t0.Unix()+60
	now := t0.Add(59 * time.Second) // this instance is still in frame f
	commit(c, k, perMinute(100), 2, now)
	c.Apply(k, Snapshot{Version: 7, Frames: []Frame{{Size: min, StartUnix: f, N: 3}, {Size: min, StartUnix: next, N: 5}}}, now)
	if got := c.used(k, min, now); got != 5 {
		t.Fatalf("used in frame f = %d, want 3 + 2", got)
	}
	written := flushAll(c, now)[k]
	want := []Frame{{Size: min, StartUnix: f, N: 5}, {Size: min, StartUnix: next, N: 5}}
	if fmt.Sprint(written) != fmt.Sprint(want) {
		t.Fatalf("flush wrote %v, want %v: the next frame must be written back", written, want)
	}
	// In the next frame the counter adopts it: prev 5 (decayed by a
	// second's worth), curr 5 + 1.
	at := t0.Add(61 * time.Second)
	commit(c, k, perMinute(100), 1, at)
	if got := c.used(k, min, at); got != 5*59/60+6 {
		t.Fatalf("used in the next frame = %d, want floor(5·59/60) + 6 = %d", got, 5*59/60+6)
	}
	written = flushAll(c, at)[k]
	want = []Frame{{Size: min, StartUnix: f, N: 5}, {Size: min, StartUnix: next, N: 6}}
	if fmt.Sprint(written) != fmt.Sprint(want) {
		t.Fatalf("flush wrote %v, want %v", written, want)
	}
}

// A document keeps one frame per size older than the previous one (by its
// writers' clocks: for the instances whose clocks are behind). Installed,
// that frame counts in no estimate here: it is left out, so that a key read
// from the store holds no overflow for it (a third frame per size, an
// allocation in every synced key's entry), and the next flush's base does
// not name it (the syncer's writes set frames by name: the document keeps
// it). A frame of a size no counter has is left out the same once it is
// past the window by now; one inside it is kept (extra), as before.
func TestInstallLeavesOutFramesPastTheWindow(t *testing.T) {
	m, h := time.Minute, time.Hour
	k := Key{ClientID: "c"}
	f := t0.Unix() // a minute's start
	for _, at := range []time.Duration{0, 30 * time.Second, 59 * time.Second} {
		now := t0.Add(at)
		c := newCache(t, Config{})
		commit(c, k, perMinute(100), 1, now)
		frames := []Frame{{m, f - 120, 7}, {m, f - 60, 4}, {m, f, 3}}
		c.Apply(k, Snapshot{Version: 7, Frames: frames, Writers: 2}, now)
		e := c.find(k)
		e.mu.Lock()
		extra := e.more != nil
		e.mu.Unlock()
		if extra {
			t.Errorf("at +%v: the entry holds an overflow (%+v) for a frame past the window", at, *e.more)
		}
		secs := int64(at / time.Second)
		if got, want := c.used(k, m, now), 4*(60-secs)/60+3+1; got != want {
			t.Errorf("at +%v: used %d, want %d (previous 4 weighed, current 3, 1 local)", at, got, want)
		}
		written := flushAll(c, now)[k]
		if want := []Frame{{m, f - 60, 4}, {m, f, 4}}; fmt.Sprint(written) != fmt.Sprint(want) {
			t.Errorf("at +%v: flush wrote %v, want %v", at, written, want)
		}
	}
	// A size no counter has: the hour frame two hours back is left out,
	// the previous and the current one kept (the previous still weighs in
	// an hour tier's estimate, should a policy add one).
	c := newCache(t, Config{})
	now := t0.Add(30 * time.Second)
	commit(c, k, perMinute(100), 1, now)
	hour := t0.Unix() - t0.Unix()%3600
	c.Apply(k, Snapshot{Version: 7, Frames: []Frame{{m, f, 3}, {h, hour - 7200, 9}, {h, hour - 3600, 6}, {h, hour, 5}}, Writers: 2}, now)
	e := c.find(k)
	e.mu.Lock()
	var got []Frame
	if e.more != nil {
		got = slices.Clone(e.more.extra)
	}
	e.mu.Unlock()
	if want := []Frame{{h, hour - 3600, 6}, {h, hour, 5}}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("extra frames %v, want %v", got, want)
	}
}

// Rolling a key into the next frame between two installs moves the store's
// current count into the previous slot, and a roll over two frames forgets
// both.
func TestRollMovesGlobalCounts(t *testing.T) {
	min := time.Minute
	tests := []struct {
		name   string
		at     time.Duration // since t0, when the key is used next
		used   int64
		frames []Frame // what a flush then writes, after one more count
	}{
		{"same frame", 30 * time.Second, 3*30/60 + 5 + 1, []Frame{{min, t0.Unix() - 60, 3}, {min, t0.Unix(), 6}}},
		{"next frame", 60 * time.Second, 5 + 1, []Frame{{min, t0.Unix(), 5}, {min, t0.Unix() + 60, 1}}},
		{"next frame, half way", 90 * time.Second, 5*30/60 + 1, []Frame{{min, t0.Unix(), 5}, {min, t0.Unix() + 60, 1}}},
		{"two frames on", 120 * time.Second, 1, []Frame{{min, t0.Unix() + 120, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(t, Config{})
			k := Key{ClientID: "c"}
			c.Reserve(k, perMinute(100), 0, Enforce, t0) // the key exists, counts nothing
			c.Apply(k, Snapshot{Version: 3, Frames: []Frame{{min, t0.Unix() - 60, 3}, {min, t0.Unix(), 5}}}, t0)
			at := t0.Add(tt.at)
			commit(c, k, perMinute(100), 1, at)
			if got := c.used(k, min, at); got != tt.used {
				t.Errorf("used = %d, want %d", got, tt.used)
			}
			if got := flushAll(c, at)[k]; fmt.Sprint(got) != fmt.Sprint(tt.frames) {
				t.Errorf("flush wrote %v, want %v", got, tt.frames)
			}
		})
	}
}

// A policy rollout that adds a window size adopts the store's frames of
// that size (another instance's counts), and a fifth size over a key's life
// gives up a counter without losing what it held: its stored frames are
// written back and its unflushed counts flushed.
func TestNewSizeAdoptsAndRetiredSizeKeeps(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	tier := func(sec int) window.Tier { return window.Tier{Limit: 1000, Size: time.Duration(sec) * time.Second} }
	sizes := []window.Tier{tier(2), tier(3), tier(5), tier(10)} // t0 starts a frame of each
	commit(c, k, sizes, 1, t0)
	flushAll(c, t0)
	// Another instance counts in minutes too and wrote 50 there.
	minute := Frame{Size: time.Minute, StartUnix: t0.Unix(), N: 50}
	c.Apply(k, Snapshot{Version: 10, Frames: []Frame{
		{tier(2).Size, t0.Unix(), 1}, {tier(3).Size, t0.Unix(), 1}, {tier(5).Size, t0.Unix(), 1}, {tier(10).Size, t0.Unix(), 1}, minute,
	}}, t0)
	commit(c, k, sizes, 1, t0) // unflushed: 1 in each of the four sizes
	// The policy now limits by 2s, 3s, 5s and 1m: the 10s counter is given
	// up for minutes, which adopt the 50.
	now := []window.Tier{tier(2), tier(3), tier(5), {Limit: 1000, Size: time.Minute}}
	commit(c, k, now, 1, t0)
	if got := c.used(k, time.Minute, t0); got != 51 {
		t.Fatalf("minute used = %d, want the stored 50 + 1", got)
	}
	written := flushAll(c, t0)[k]
	want := map[time.Duration]int64{2 * time.Second: 3, 3 * time.Second: 3, 5 * time.Second: 3, 10 * time.Second: 2, time.Minute: 51}
	got := map[time.Duration]int64{}
	for _, f := range written {
		got[f.Size] += f.N
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("flush wrote %v, want per size %v", written, want)
	}
}

// Open reservations count in full up to a tenth of the limit, and beyond
// that only in the share of the key's recent requests that were issued: a
// flood that fails at the endpoint cannot lock the client out, and a burst
// that succeeds cannot overshoot.
func TestReservedWeight(t *testing.T) {
	k := Key{ClientID: "victim"}
	tiers := perMinute(10)
	t.Run("failing flood holds back a tenth", func(t *testing.T) {
		c := newCache(t, Config{})
		for range 20 { // the flood's first requests fail
			c.Release(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
		}
		var open []Reservation
		for range 30 { // and many more are in flight
			d := c.Reserve(k, tiers, 1, CountAlways, t0)
			open = append(open, d.Reservation)
		}
		d := c.Reserve(k, tiers, 1, Enforce, t0)
		if !d.Allowed || d.Remaining != 8 {
			t.Fatalf("victim's request: allowed=%v remaining=%d, want allowed with 8 left (10 − 1 held back − 1)", d.Allowed, d.Remaining)
		}
		// The victim's own success weighs the flood by its share: 1 of
		// the last 21 requests succeeded, so the 29 beyond the first weigh
		// ⌊29 × 1/21⌋ = 1: 10 − 1 committed − 2 held back − 1 = 6 left.
		c.Commit(&d.Reservation)
		if d := c.Reserve(k, tiers, 1, Enforce, t0); !d.Allowed || d.Remaining != 6 {
			t.Fatalf("victim's second request: allowed=%v remaining=%d, want allowed with 6 left", d.Allowed, d.Remaining)
		} else {
			c.Release(&d.Reservation)
		}
		for _, r := range open {
			c.Release(&r)
		}
	})
	t.Run("one failure does not unlock a burst", func(t *testing.T) {
		c := newCache(t, Config{})
		c.Release(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
		admitted := 0
		for range 20 {
			if d := c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
				admitted++
			}
		}
		if admitted != 10 {
			t.Fatalf("admitted %d concurrent requests after one failure, want 10", admitted)
		}
	})
	t.Run("succeeding burst holds the limit", func(t *testing.T) {
		c := newCache(t, Config{})
		commit(c, k, tiers, 2, t0)
		admitted := 0
		var open []Reservation
		for range 20 { // all in flight at once
			if d := c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
				admitted++
				open = append(open, d.Reservation)
			}
		}
		if admitted != 8 {
			t.Fatalf("admitted %d concurrent requests, want 8 (10 − 2 committed)", admitted)
		}
		for _, r := range open {
			c.Commit(&r)
		}
	})
	t.Run("no history counts in full", func(t *testing.T) {
		c := newCache(t, Config{})
		for range 10 {
			c.Reserve(k, tiers, 1, Enforce, t0)
		}
		if d := c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
			t.Fatalf("an 11th concurrent request admitted with a limit of 10: %+v", d)
		}
	})
}

// AppendLocal shows the unflushed counts of held and evicted keys without
// taking them.
func TestAppendLocal(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 2})
	for i := range 3 {
		commit(c, Key{ClientID: fmt.Sprint("c", i)}, perMinute(5), i+1, t0)
	}
	ps := c.AppendLocal(nil, t0)
	sum := map[string]int64{}
	for _, p := range ps {
		for _, f := range p.Delta {
			sum[p.Key.ClientID] += f.N
		}
	}
	if fmt.Sprint(sum) != "map[c0:1 c1:2 c2:3]" {
		t.Fatalf("AppendLocal = %v", sum)
	}
	if got := len(c.TakeDirty(nil, t0)); got != 3 {
		t.Fatalf("TakeDirty after AppendLocal = %d keys, want 3", got)
	}
}

// An orphan count (its counter was given up for a fifth size) whose size
// comes back with the orphan's frame outside the new counter's slots is
// settled, not written again on every flush forever. Its frame is behind
// the window (the 2s frame at t0, 10 s later), which no write sets: the
// first flush drops it and writes nothing (dropBehind; before, it wrote
// the key's snapshot without the orphan, which cache.Merge left out, and
// Confirm subtracted it).
func TestOrphanSettlesWhenItsSizeComesBack(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	tier := func(sec int) []window.Tier {
		return []window.Tier{{Limit: 100, Size: time.Duration(sec) * time.Second}}
	}
	d := c.Reserve(k, tier(2), 1, Enforce, t0) // held
	for _, s := range []int{3, 5, 10} {
		c.Reserve(k, tier(s), 0, Enforce, t0)
	}
	c.Reserve(k, tier(60), 0, Enforce, t0) // a fifth size retires 2s
	c.Commit(&d.Reservation)               // the count becomes an orphan of the 2s frame t0
	later := t0.Add(10 * time.Second)
	c.Reserve(k, tier(2), 0, Enforce, later) // 2s is back; the orphan's frame is outside its slots
	if got := len(flushAll(c, later)); got != 0 {
		t.Fatalf("first flush wrote %d keys, want none", got)
	}
	if ps := c.TakeDirty(nil, later); len(ps) != 0 {
		t.Fatalf("the orphan came back after its flush was confirmed: %+v", ps)
	}
	if n := c.Sweep(later.Add(time.Hour)); n != 1 {
		t.Fatalf("Sweep evicted %d, want the idle key", n)
	}
}

// A key that several instances count is shared: each instance admits no
// more than its 1/writers of what the store's counts leave (rounded up, so
// that the limit can be reached) until the next snapshot. Counted by this
// instance alone, or with NoShare, the whole remainder is this instance's.
func TestShare(t *testing.T) {
	k := Key{ClientID: "hot"}
	tiers := perMinute(100)
	snap := func(n int64, writers int) Snapshot {
		return Snapshot{Version: 5, Writers: writers, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: n}}}
	}
	tests := []struct {
		name     string
		cfg      Config
		stored   int64
		writers  int
		admitted int
	}{
		{"4 writers: a quarter of the 20 left", Config{}, 80, 4, 5},
		{"3 writers: a third of the 16 left, rounded up", Config{}, 84, 3, 6},
		{"3 writers, 1 left: each may take it", Config{}, 99, 3, 1},
		{"4 writers: a quarter of the 30 left, rounded up", Config{}, 70, 4, 8},
		{"4 writers, nothing stored: a quarter of the limit", Config{}, 0, 4, 25},
		{"one writer", Config{}, 80, 1, 20},
		{"NoShare", Config{NoShare: true}, 80, 4, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCache(t, tt.cfg)
			c.Reserve(k, tiers, 0, Enforce, t0)
			c.Apply(k, snap(tt.stored, tt.writers), t0)
			admitted := 0
			var last Decision
			for range 40 {
				d := c.Reserve(k, tiers, 1, Enforce, t0)
				if d.Allowed {
					admitted++
					c.Commit(&d.Reservation)
				}
				last = d
			}
			if admitted != tt.admitted {
				t.Fatalf("admitted %d, want %d", admitted, tt.admitted)
			}
			if last.Allowed || last.Remaining != 0 || last.RetryAfter < time.Second {
				t.Errorf("refusal: %+v, want remaining 0 and a Retry-After of at least a second", last)
			}
			// The next snapshot, with this instance's counts in it, brings a
			// new share.
			if tt.writers > 1 && !tt.cfg.NoShare && tt.stored+int64(admitted) < 100 {
				c.Apply(k, Snapshot{Version: 6, Writers: tt.writers, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: tt.stored + int64(admitted)}}}, t0)
				ps := c.TakeDirty(nil, t0)
				for i := range ps {
					c.Confirm(&ps[i], Snapshot{Version: 6, Frames: ps[i].Base.Frames}, t0)
				}
				if d := c.Reserve(k, tiers, 1, Enforce, t0); !d.Allowed {
					t.Errorf("after a fresh snapshot: refused %+v", d)
				}
			}
		})
	}
}

// A flood of failing requests in flight does not fill a key's share:
// reservations weigh in it only by the key's share of issued requests (the
// free tenth of reservedWeight would be the whole share).
func TestShareFloodDoesNotLockOut(t *testing.T) {
	for _, noShare := range []bool{true, false} {
		c := newCache(t, Config{NoShare: noShare})
		k, tiers := Key{ClientID: "victim"}, perMinute(100)
		c.Reserve(k, tiers, 0, Enforce, t0)
		c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 80}}}, t0)
		for range 20 { // the flood's first requests failed
			c.Release(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
		}
		for range 10 { // and more are in flight
			c.Reserve(k, tiers, 1, CountAlways, t0)
		}
		if d := c.Reserve(k, tiers, 1, Enforce, t0); !d.Allowed {
			t.Errorf("NoShare=%v: the victim refused at 80 of 100 with 10 failing requests in flight: %+v", noShare, d)
		}
	}
}

// A key whose counts a flush has taken is not dropped at MaxKeys, even when
// a later request put it back on the dirty list: the flush settles it, and
// dropping its counts under the flush would write a negative delta later.
func TestDropSkipsKeyInFlight(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 1})
	tiers := perMinute(100)
	a, b := Key{ClientID: "a"}, Key{ClientID: "b"}
	commit(c, a, tiers, 1, t0)
	commit(c, b, tiers, 1, t0) // a evicted and detached: the cap of 1 is reached
	ps := c.TakeDirty(nil, t0) // b's 1 is in flight
	commit(c, b, tiers, 1, t0) // b back on the dirty list
	c.Reserve(Key{ClientID: "c"}, tiers, 0, Enforce, t0)
	if st := c.Stats(); st.Dropped != 0 {
		t.Fatalf("Stats = %+v: counts of a key in flight dropped", st)
	}
	for i := range ps {
		c.Confirm(&ps[i], Snapshot{Version: 1, Frames: Merge(ps[i].Base.Frames, ps[i].Delta, t0)}, t0)
	}
	for _, p := range c.TakeDirty(nil, t0) {
		for _, f := range p.Delta {
			if f.N <= 0 {
				t.Errorf("key %v: delta %+v, want only positive counts", p.Key, p.Delta)
			}
		}
	}
}

// Limits near the top of int64 overflow neither the share nor its
// rounding: two writers share half of it, rounded up.
func TestHugeLimits(t *testing.T) {
	for _, limit := range []int64{2e18, math.MaxInt64} {
		c := newCache(t, Config{})
		k, tiers := Key{ClientID: "big"}, []window.Tier{{Limit: limit, Size: time.Minute}}
		c.Reserve(k, tiers, 0, Enforce, t0)
		c.Apply(k, Snapshot{Version: 5, Writers: 2}, t0)
		d := c.Reserve(k, tiers, 1, Enforce, t0)
		if want := ceilDiv(limit, 2) - 1; !d.Allowed || d.Remaining != want {
			t.Errorf("limit %d: %+v, want allowed with %d left", limit, d, want)
		}
	}
}

// Small limits are shared as large ones: 16 of 19 stored, the share of the
// 3 left among 4 writers is 1.
func TestShareSmallLimit(t *testing.T) {
	c := newCache(t, Config{})
	k, tiers := Key{ClientID: "small"}, perMinute(19)
	c.Reserve(k, tiers, 0, Enforce, t0)
	c.Apply(k, Snapshot{Version: 5, Writers: 4, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 16}}}, t0)
	admitted := 0
	for range 5 {
		if d := c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
			admitted++
			c.Commit(&d.Reservation)
		}
	}
	if admitted != 1 {
		t.Fatalf("admitted %d, want its share of 1", admitted)
	}
}

// TakeFresh gives each new key once, leaves out keys evicted meanwhile, and
// keeps at most maxFreshPerShard per shard and max per call.
func TestTakeFresh(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 1000})
	for i := range 3 {
		c.Reserve(Key{ClientID: fmt.Sprint("c", i)}, perMinute(5), 0, Enforce, t0)
	}
	if got := c.TakeFresh(nil, 0); fmt.Sprint(got) != "[{c0 } {c1 } {c2 }]" {
		t.Fatalf("TakeFresh = %v", got)
	}
	if got := c.TakeFresh(nil, 0); len(got) != 0 {
		t.Fatalf("TakeFresh again = %v, want none", got)
	}
	c.Reserve(Key{ClientID: "idle"}, perMinute(5), 0, Enforce, t0)
	c.Sweep(t0.Add(time.Hour)) // evicts every key: none holds a count
	if got := c.TakeFresh(nil, 0); len(got) != 0 {
		t.Fatalf("TakeFresh after eviction = %v, want none", got)
	}
	for i := range 2 * maxFreshPerShard {
		c.Reserve(Key{ClientID: fmt.Sprint("f", i)}, perMinute(5), 0, Enforce, t0)
	}
	if got := c.TakeFresh(nil, 10); len(got) != 10 {
		t.Fatalf("TakeFresh(max 10) = %d keys", len(got))
	}
	for i := range 2 * maxFreshPerShard {
		c.Reserve(Key{ClientID: fmt.Sprint("g", i)}, perMinute(5), 0, Enforce, t0)
	}
	if got := c.TakeFresh(nil, 0); len(got) != maxFreshPerShard {
		t.Fatalf("TakeFresh = %d keys, want the shard's bound %d", len(got), maxFreshPerShard)
	}
}

// A request refused by its instance's share waits for the next sync:
// Retry-After is at least Config.SyncInterval.
func TestShareRetryAfterSyncInterval(t *testing.T) {
	c := newCache(t, Config{SyncInterval: 5 * time.Second})
	k, tiers := Key{ClientID: "hot"}, perMinute(100)
	c.Reserve(k, tiers, 0, Enforce, t0)
	c.Apply(k, Snapshot{Version: 5, Writers: 4, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 80}}}, t0)
	var d Decision
	for range 10 {
		if d = c.Reserve(k, tiers, 1, Enforce, t0); d.Allowed {
			c.Commit(&d.Reservation)
		}
	}
	if d.Allowed || d.RetryAfter < 5*time.Second {
		t.Fatalf("refused by its share: %+v, want a Retry-After of at least the sync interval", d)
	}
}

// TestReservedWeightShortcutsMatchFormula: reservedWeight's early return (882371e)
// and Reserve's guard e.reserved > 0 (a11c653) give what reservedWeight
// gave before them, for every reserved cost around the tenth and the full
// limit, limits 1 to MaxInt64, and any settle history; the guard differs
// only for a negative reserved, which Reserve, Commit and Release never
// make (cost ≥ 0, each Reservation settled once; policy.MaxCost bounds the
// sum far below overflow).
func TestReservedWeightShortcutsMatchFormula(t *testing.T) {
	old := func(e *open, lim int64) int64 { // before 882371e
		r := e.reserved
		if r <= 0 {
			return r
		}
		full := max(1, ceilDiv(lim, 10))
		if r <= full {
			return r
		}
		ok, all := int64(e.committed), int64(e.committed)+int64(e.released)
		if all < settleEvidence || ok == all {
			return r
		}
		return full + (r-full)*ok/all
	}
	for _, lim := range []int64{1, 2, 9, 10, 11, 19, 20, 21, 99, 100, 101, 1000, 1 << 40} {
		for _, hist := range [][2]uint8{{0, 0}, {8, 0}, {0, 8}, {3, 5}, {31, 32}, {1, 7}} {
			for _, r := range []int64{0, 1, 2, 3, lim/10 - 1, lim / 10, lim/10 + 1, lim/10 + 2, lim - 1, lim, lim + 1, 2 * lim, 1 << 41} {
				if r < 0 {
					continue
				}
				e := &open{entry: entry{hotLine: &hotLine{committed: hist[0], released: hist[1]}, coldLine: &coldLine{}}, reserved: r}
				tier := unreachedTiers(time.Minute)[0]
				tier.Limit = lim
				var got int64
				if e.reserved > 0 {
					got = e.reservedWeight(tier)
				}
				if want := old(e, lim); got != want {
					t.Errorf("limit %d reserved %d settled %v: %d, before %d", lim, r, hist, got, want)
				}
			}
		}
	}
}

package cache

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// t0 is the start of a minute frame (and of an hour frame).
var t0 = time.Unix(1_700_002_800, 0)

func newCache(t testing.TB, cfg Config) *Cache {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func perMinute(n int64) []window.Tier { return []window.Tier{{Limit: n, Size: time.Minute}} }

// estimate returns floor(estimate) of k for a tier size at now, as a
// decision would see it, without counting anything.
func (c *Cache) used(k Key, size time.Duration, now time.Time) int64 {
	e := c.find(k)
	if e.hotLine == nil {
		return 0
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	o := opened(c, e) // rolled, not closed: it changes nothing
	o.rollAll(now)
	ct := o.counterOf(int64(size / time.Second))
	if ct == nil {
		return 0
	}
	return window.Tier{Size: size}.Used(ct.counts(), now)
}

func TestReserveSteps(t *testing.T) {
	k := Key{ClientID: "c1"}
	tiers := []window.Tier{{Limit: 3, Size: time.Minute}, {Limit: 5, Size: time.Hour}}
	type step struct {
		at        time.Duration // since t0
		allowed   bool
		tier      time.Duration // binding tier's size
		remaining int64
		retry     time.Duration
	}
	steps := []step{
		{0, true, time.Minute, 2, 0},
		{time.Second, true, time.Minute, 1, 0},
		{2 * time.Second, true, time.Minute, 0, 0},
		// The minute tier is full: the 4th waits until the next frame, where
		// prev=3 decays: floor(3·r/60s) ≤ 2 ⇔ r < 60s, so right after it starts.
		{50 * time.Second, false, time.Minute, 0, 10*time.Second + 1},
		{60 * time.Second, false, time.Minute, 0, 1},
		{61 * time.Second, true, time.Minute, 0, 0},
		// prev=3 decays to 2 at 62s, plus 1 current: full; budget 1 needs
		// floor(3·r/60s) ≤ 1 ⇔ r < 40s, 18s from now.
		{62 * time.Second, false, time.Minute, 0, 18*time.Second + 1},
		// A frame later the minute tier has room, and the hour tier binds.
		{120 * time.Second, true, time.Hour, 0, 0},
		// The hour's current frame holds 5: the next hour starts with prev=5,
		// and floor(5·r/1h) ≤ 4 right after it starts.
		{121 * time.Second, false, time.Hour, 0, time.Hour - 121*time.Second + 1},
	}
	c := newCache(t, Config{})
	for i, s := range steps {
		d := c.Reserve(k, tiers, 1, Enforce, t0.Add(s.at))
		c.Commit(&d.Reservation)
		if d.Allowed != s.allowed || d.Counted != s.allowed || d.Tier.Size != s.tier || d.Remaining != s.remaining || d.RetryAfter != s.retry {
			t.Fatalf("step %d at +%v: got allowed=%v counted=%v tier=%v remaining=%d retry=%v; want allowed=%v tier=%v remaining=%d retry=%v",
				i, s.at, d.Allowed, d.Counted, d.Tier.Size, d.Remaining, d.RetryAfter, s.allowed, s.tier, s.remaining, s.retry)
		}
	}
}

func TestReserveCountAlways(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "trusted"}
	for i := range 5 {
		d := c.Reserve(k, perMinute(2), 1, CountAlways, t0)
		if want := i < 2; d.Allowed != want || !d.Counted {
			t.Fatalf("request %d: allowed=%v counted=%v, want allowed=%v counted=true", i, d.Allowed, d.Counted, want)
		}
		c.Commit(&d.Reservation)
	}
	if got := c.used(k, time.Minute, t0); got != 5 {
		t.Fatalf("used = %d, want 5: counted but never denied", got)
	}
}

func TestReserveCostAboveLimit(t *testing.T) {
	c := newCache(t, Config{})
	d := c.Reserve(Key{ClientID: "c"}, perMinute(2), 3, Enforce, t0)
	if d.Allowed || d.Counted || d.RetryAfter != time.Minute {
		t.Fatalf("got %+v; want denied, not counted, RetryAfter = the window", d)
	}
}

// TestSettleTwiceDoesNothing: Commit and Release clear the Reservation they
// settle, so settling it again, either way, neither counts its cost again
// nor takes it off the key's reservations twice (a second Commit did
// both before they took a pointer).
func TestSettleTwiceDoesNothing(t *testing.T) {
	k := Key{ClientID: "twice"}
	for _, first := range []string{"commit", "release"} {
		c := newCache(t, Config{})
		d := c.Reserve(k, perMinute(10), 3, Enforce, t0)
		open := c.Reserve(k, perMinute(10), 2, Enforce, t0) // stays open: its weight must stay
		if first == "commit" {
			c.Commit(&d.Reservation)
		} else {
			c.Release(&d.Reservation)
		}
		if d.Reservation != (Reservation{cost: 3, sizes: d.Reservation.sizes, starts: d.Reservation.starts}) {
			t.Errorf("%s: left %+v, want its key cleared", first, d.Reservation)
		}
		c.Commit(&d.Reservation)
		c.Release(&d.Reservation)
		c.Commit(&d.Reservation)
		want := int64(0)
		if first == "commit" {
			want = 3
		}
		e := opened(c, c.find(k))
		if e.reserved != 2 {
			t.Errorf("%s, then settled again: %d reserved, want 2 (the open reservation's)", first, e.reserved)
		}
		if got := c.used(k, time.Minute, t0); got != want {
			t.Errorf("%s, then settled again: used = %d, want %d", first, got, want)
		}
		c.Commit(&open.Reservation)
		var flushed int64
		for _, f := range flushAll(c, t0)[k] {
			flushed += f.N
		}
		if flushed != want+2 {
			t.Errorf("%s, then settled again: flushed %d, want %d", first, flushed, want+2)
		}
	}
}

func TestReleaseLeavesNoTrace(t *testing.T) {
	k := Key{ClientID: "victim"}
	c := newCache(t, Config{})
	keep := c.Reserve(k, perMinute(10), 1, Enforce, t0)
	c.Commit(&keep.Reservation)
	d := c.Reserve(k, perMinute(10), 2, Enforce, t0.Add(time.Second))
	// An open reservation is not flushed: only issued tokens reach the
	// store.
	ps := c.TakeDirty(nil, t0.Add(time.Second))
	if len(ps) != 1 || fmt.Sprint(ps[0].Delta) != fmt.Sprint([]Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 1}}) {
		t.Fatalf("TakeDirty with a reservation open = %+v, want the committed 1 alone", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 1, Frames: Merge(ps[0].Base.Frames, ps[0].Delta, t0)}, t0.Add(time.Second))
	c.Release(&d.Reservation)
	if got := c.used(k, time.Minute, t0.Add(2*time.Second)); got != 1 {
		t.Fatalf("used = %d, want 1", got)
	}
	if ps := c.TakeDirty(nil, t0.Add(2*time.Second)); len(ps) != 0 {
		t.Fatalf("a released reservation left a delta: %+v", ps)
	}
	if d := c.Reserve(k, perMinute(10), 9, Enforce, t0.Add(2*time.Second)); !d.Allowed {
		t.Fatalf("released cost still held back: %+v", d)
	}
}

// A reservation made while the clock stood behind the key's frame (a step
// back) is counted in the key's current frame.
func TestCommitAfterClockStepBack(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Commit(new(c.Reserve(k, perMinute(10), 1, Enforce, t0.Add(time.Minute)).Reservation))
	d := c.Reserve(k, perMinute(10), 1, Enforce, t0.Add(59*time.Second)) // clock stepped back a second
	c.Commit(&d.Reservation)
	if got := c.used(k, time.Minute, t0.Add(time.Minute)); got != 2 {
		t.Fatalf("used = %d, want 2", got)
	}
}

// A reservation committed after its frame moved from current to previous
// counts in the previous frame; one committed after its frame left the
// window counts nowhere (it would have left the window anyway).
func TestCommitAcrossFrames(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	a := c.Reserve(k, perMinute(10), 1, Enforce, t0)
	b := c.Reserve(k, perMinute(10), 1, Enforce, t0)
	c.Commit(new(c.Reserve(k, perMinute(10), 1, Enforce, t0.Add(time.Minute)).Reservation)) // rolls t0's frame to previous
	c.Commit(&a.Reservation)
	ps := c.TakeDirty(nil, t0.Add(time.Minute))
	want := []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 1}, {Size: time.Minute, StartUnix: t0.Unix() + 60, N: 1}}
	if len(ps) != 1 || fmt.Sprint(ps[0].Delta) != fmt.Sprint(want) {
		t.Fatalf("TakeDirty = %+v, want delta %v", ps, want)
	}
	c.Abort(&ps[0])
	c.Commit(new(c.Reserve(k, perMinute(10), 1, Enforce, t0.Add(3*time.Minute)).Reservation))
	c.Commit(&b.Reservation)
	if got := c.used(k, time.Minute, t0.Add(3*time.Minute)); got != 1 {
		t.Fatalf("used = %d, want 1", got)
	}
}

// The flush protocol: a delta stays counted until Confirm, which installs
// the written snapshot and subtracts the delta in one step, so the estimate
// never dips; Abort keeps it for the next TakeDirty.
func TestFlushProtocol(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c", User: "u"}
	for range 3 {
		c.Commit(new(c.Reserve(k, perMinute(100), 1, Enforce, t0).Reservation))
	}
	ps := c.TakeDirty(nil, t0)
	if len(ps) != 1 || ps[0].Key != k || ps[0].Base.Version != 0 || len(ps[0].Delta) != 1 || ps[0].Delta[0].N != 3 {
		t.Fatalf("TakeDirty = %+v", ps)
	}
	if again := c.TakeDirty(nil, t0); len(again) != 0 {
		t.Fatalf("taken twice: %+v", again)
	}
	// Counted while the flush is under way, and new hits add up.
	c.Commit(new(c.Reserve(k, perMinute(100), 1, Enforce, t0).Reservation))
	if got := c.used(k, time.Minute, t0); got != 4 {
		t.Fatalf("during flush used = %d, want 4", got)
	}
	c.Abort(&ps[0])
	ps = c.TakeDirty(nil, t0)
	if len(ps) != 1 || ps[0].Delta[0].N != 4 {
		t.Fatalf("after Abort, TakeDirty = %+v; want the delta of 4", ps)
	}
	// Another instance wrote 10 meanwhile: the store holds version 1 with 10.
	written := Snapshot{Version: 2, Frames: Merge([]Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 10}}, ps[0].Delta, t0)}
	c.Commit(new(c.Reserve(k, perMinute(100), 1, Enforce, t0).Reservation))
	c.Confirm(&ps[0], written, t0)
	if got := c.used(k, time.Minute, t0); got != 15 {
		t.Fatalf("after Confirm used = %d, want 10 + 4 + 1", got)
	}
	ps = c.TakeDirty(nil, t0)
	if len(ps) != 1 || ps[0].Base.Version != 2 || ps[0].Delta[0].N != 1 || ps[0].Base.Frames[0].N != 14 {
		t.Fatalf("after Confirm, TakeDirty = %+v", ps)
	}
	c.Confirm(&ps[0], Snapshot{Version: 3, Frames: Merge(ps[0].Base.Frames, ps[0].Delta, t0)}, t0)
	if ps := c.TakeDirty(nil, t0); len(ps) != 0 {
		t.Fatalf("nothing left to flush, got %+v", ps)
	}
}

func TestApplyAndReplace(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Commit(new(c.Reserve(k, perMinute(100), 1, Enforce, t0).Reservation))
	fr := func(n int64) []Frame { return []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: n}} }
	if !c.Apply(k, Snapshot{Version: 5, Frames: fr(7)}, t0) {
		t.Fatal("newer snapshot not applied")
	}
	if c.Apply(k, Snapshot{Version: 4, Frames: fr(99)}, t0) || c.Apply(k, Snapshot{Version: 5, Frames: fr(99)}, t0) {
		t.Fatal("older or equal snapshot applied")
	}
	if c.Apply(Key{ClientID: "absent"}, Snapshot{Version: 1}, t0) {
		t.Fatal("a pull created a key")
	}
	if got := c.used(k, time.Minute, t0); got != 8 {
		t.Fatalf("used = %d, want 7 + 1", got)
	}
	ps := c.TakeDirty(nil, t0)
	// Our write against version 5 is refused: another instance wrote
	// version 6, which holds 9.
	q := c.Replace(&ps[0], Snapshot{Version: 6, Frames: fr(9)}, t0)
	if q.Base.Version != 6 || q.Delta[0].N != 1 {
		t.Fatalf("Replace = %+v", q)
	}
	if got := c.used(k, time.Minute, t0); got != 10 {
		t.Fatalf("used = %d, want 9 + 1", got)
	}
	// A read-back older than what a pull installed meanwhile rebases the
	// write but leaves the newer snapshot for decisions.
	c.Apply(k, Snapshot{Version: 7, Frames: fr(12)}, t0)
	q = c.Replace(&q, Snapshot{Version: 6, Frames: fr(9)}, t0)
	if q.Base.Version != 6 {
		t.Fatalf("rebased on version %d, want 6 (the store's)", q.Base.Version)
	}
	if got := c.used(k, time.Minute, t0); got != 13 {
		t.Fatalf("used = %d, want 12 + 1: the estimate must not go back", got)
	}
	c.Confirm(&q, Snapshot{Version: 8, Frames: Merge(q.Base.Frames, q.Delta, t0)}, t0)
	if got := c.used(k, time.Minute, t0); got != 10 {
		t.Fatalf("used = %d after confirm, want 10", got)
	}
}

// Frames of a window size this instance does not count the key in (another
// instance's policy) are written back, not erased.
func TestForeignFramesKept(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Commit(new(c.Reserve(k, perMinute(100), 1, Enforce, t0).Reservation))
	hour := Frame{Size: time.Hour, StartUnix: t0.Unix(), N: 40}
	c.Apply(k, Snapshot{Version: 3, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 2}, hour}}, t0)
	ps := c.TakeDirty(nil, t0)
	total := Merge(ps[0].Base.Frames, ps[0].Delta, t0)
	want := []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 3}, hour}
	if fmt.Sprint(total) != fmt.Sprint(want) {
		t.Fatalf("flush would write %v, want %v", total, want)
	}
	c.Confirm(&ps[0], Snapshot{Version: 4, Frames: total}, t0)
	// Once this instance counts in hours too, the hour frame is its own.
	// The hour frame written by the other instance is adopted at once,
	// not erased: the hour tier binds with 40 + 1.
	d := c.Reserve(k, []window.Tier{{Limit: 100, Size: time.Minute}, {Limit: 100, Size: time.Hour}}, 1, Enforce, t0)
	c.Commit(&d.Reservation)
	if d.Tier.Size != time.Hour || d.Remaining != 59 {
		t.Fatalf("binding %v remaining %d, want the hour tier with 59 left", d.Tier, d.Remaining)
	}
	c.Apply(k, Snapshot{Version: 5, Frames: want}, t0)
	if got := c.used(k, time.Hour, t0); got != 41 {
		t.Fatalf("hour used = %d, want 40 + 1", got)
	}
	ps = c.TakeDirty(nil, t0)
	for _, f := range ps[0].Base.Frames {
		if f.Size == time.Hour && f.N != 40 {
			t.Fatalf("hour frame in base twice or wrong: %v", ps[0].Base.Frames)
		}
	}
	if n := len(ps[0].Base.Frames); n != 2 {
		t.Fatalf("base = %v, want the minute and the hour frame once each", ps[0].Base.Frames)
	}
}

func TestMerge(t *testing.T) {
	m := func(start int64, n int64) Frame { return Frame{Size: time.Minute, StartUnix: t0.Unix() + start, N: n} }
	h := Frame{Size: time.Hour, StartUnix: t0.Unix(), N: 4}
	tests := []struct {
		name        string
		base, delta []Frame
		want        []Frame
	}{
		{"add", []Frame{m(0, 2)}, []Frame{m(0, 3)}, []Frame{m(0, 5)}},
		{"new frame", []Frame{m(-60, 2)}, []Frame{m(0, 1)}, []Frame{m(-60, 2), m(0, 1)}},
		{"frames out of the window dropped", []Frame{m(-120, 9), m(-60, 2)}, []Frame{m(-180, 1)}, []Frame{m(-60, 2)}},
		{"sizes kept apart", []Frame{h}, []Frame{m(0, 1)}, []Frame{m(0, 1), h}},
		{"negative delta, floored at zero", []Frame{m(0, 1)}, []Frame{m(0, -3)}, []Frame{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Merge(tt.base, tt.delta, t0.Add(30*time.Second))
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("Merge = %v, want %v", got, tt.want)
			}
		})
	}
}

// Many goroutines reserve, commit and release on a few keys while another
// flushes with random outcomes; at the end the store model holds exactly the
// committed counts: nothing lost, nothing counted twice.
func TestConcurrentNoCountLost(t *testing.T) {
	c := newCache(t, Config{Shards: 4})
	keys := []Key{{ClientID: "a"}, {ClientID: "a", User: "u"}, {ClientID: "b"}}
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, {Limit: 1 << 40, Size: time.Hour}}
	now := t0.Add(10 * time.Second)

	var (
		mu    sync.Mutex
		store = map[Key]Snapshot{}
	)
	flush := func(rng *rand.Rand) {
		for _, p := range c.TakeDirty(nil, now) {
			mu.Lock()
			cur := store[p.Key]
			mu.Unlock()
			switch {
			case rng.IntN(4) == 0: // outage
				c.Abort(&p)
			case cur.Version != p.Base.Version: // conflict: rebase and write
				q := c.Replace(&p, cur, now)
				s := Snapshot{Version: cur.Version + 1, Frames: Merge(q.Base.Frames, q.Delta, now)}
				mu.Lock()
				store[p.Key] = s
				mu.Unlock()
				c.Confirm(&q, s, now)
			default:
				s := Snapshot{Version: cur.Version + 1, Frames: Merge(p.Base.Frames, p.Delta, now)}
				mu.Lock()
				store[p.Key] = s
				mu.Unlock()
				c.Confirm(&p, s, now)
			}
		}
	}

	var committed [3]int64
	var wg sync.WaitGroup
	var cmu sync.Mutex
	stop := make(chan struct{})
	flushed := make(chan struct{})
	go func() {
		defer close(flushed)
		rng := rand.New(rand.NewPCG(1, 2))
		for {
			select {
			case <-stop:
				return
			default:
				flush(rng)
			}
		}
	}()
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			var mine [3]int64
			for range 2000 {
				i := rng.IntN(len(keys))
				cost := int64(1 + rng.IntN(3))
				d := c.Reserve(keys[i], tiers, cost, Enforce, now)
				if rng.IntN(3) == 0 {
					c.Release(&d.Reservation)
					continue
				}
				c.Commit(&d.Reservation)
				mine[i] += cost
			}
			cmu.Lock()
			for i := range mine {
				committed[i] += mine[i]
			}
			cmu.Unlock()
		}()
	}
	wg.Wait()
	close(stop)
	<-flushed
	rng := rand.New(rand.NewPCG(3, 4))
	for c.pendingKeys() > 0 {
		flush(rng)
	}
	for i, k := range keys {
		for _, size := range []time.Duration{time.Minute, time.Hour} {
			var sum int64
			for _, f := range store[k].Frames {
				if f.Size == size {
					sum += f.N
				}
			}
			if sum != committed[i] {
				t.Errorf("%v, %v windows: store holds %d, committed %d", k, size, sum, committed[i])
			}
			if got := c.used(k, size, now); got != committed[i] {
				t.Errorf("%v, %v windows: cache counts %d, committed %d", k, size, got, committed[i])
			}
		}
	}
}

func (c *Cache) pendingKeys() int {
	n := 0
	for i := range c.shards {
		s := &c.shards[i]
		s.lists.mu.Lock()
		n += s.lists.len() + len(s.recs)
		s.lists.mu.Unlock()
	}
	return n
}

func TestNoAllocsOnExistingKey(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "client-1", User: "user-1"}
	tiers := []window.Tier{{Limit: 1 << 40, Size: time.Minute}, {Limit: 1 << 40, Size: time.Hour}}
	c.Commit(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation))
	allocs := testing.AllocsPerRun(1000, func() {
		d := c.Reserve(k, tiers, 1, Enforce, t0)
		c.Release(&d.Reservation)
		c.Commit(new(c.Reserve(Key{ClientID: "client-1", User: "user-1"}, perMinute(0), 1, Enforce, t0).Reservation)) // denied path
	})
	if allocs != 0 {
		t.Fatalf("allocs per decision = %v, want 0", allocs)
	}
}

// heapBuf makes a test's buffer escape to the heap.
var heapBuf []byte

// TestNewKeyDoesNotRetainCallerStrings views the key's strings over a
// buffer, as the middleware does over its pooled request buffer, and
// overwrites the buffer before the key is read back, by a lookup and by a
// flush. A client-only key is the case that once failed: ClientID + "" is
// ClientID itself, not a copy.
func TestNewKeyDoesNotRetainCallerStrings(t *testing.T) {
	t.Cleanup(func() { heapBuf = nil })
	for _, tc := range []struct {
		name            string
		body, overwrite string
		client, user    [2]int // byte ranges of the body
	}{
		{"client only", "client_id=svc-a", "client_id=svc-b", [2]int{10, 15}, [2]int{}},
		{"client and user", "client_id=abc&username=bob", "client_id=xyz&username=eve", [2]int{10, 13}, [2]int{23, 26}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{})
			// On the heap, like a pooled buffer: the runtime copies
			// strings that view the stack anyway.
			buf := []byte(tc.body)
			heapBuf = buf
			view := func(r [2]int) string { return unsafe.String(unsafe.SliceData(buf[r[0]:]), r[1]-r[0]) }
			k := Key{ClientID: view(tc.client), User: view(tc.user)}
			want := Key{ClientID: tc.body[tc.client[0]:tc.client[1]], User: tc.body[tc.user[0]:tc.user[1]]}
			c.Commit(new(c.Reserve(k, perMinute(5), 1, Enforce, t0).Reservation))
			copy(buf, tc.overwrite) // the next request reuses the buffer
			if got := c.used(want, time.Minute, t0); got != 1 {
				t.Errorf("used(%+v) after the buffer was reused = %d, want 1", want, got)
			}
			ps := c.TakeDirty(nil, t0)
			if len(ps) != 1 || ps[0].Key != want {
				t.Fatalf("TakeDirty after the buffer was reused = %+v, want one key %+v", ps, want)
			}
		})
	}
}

func TestSweepEvictsIdleCleanKeys(t *testing.T) {
	c := newCache(t, Config{})
	idle, dirty, fresh := Key{ClientID: "idle"}, Key{ClientID: "dirty"}, Key{ClientID: "fresh"}
	for _, k := range []Key{idle, dirty} {
		c.Commit(new(c.Reserve(k, perMinute(5), 1, Enforce, t0).Reservation))
	}
	for _, p := range c.TakeDirty(nil, t0) {
		if p.Key == idle {
			c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(nil, p.Delta, t0)}, t0)
		} else {
			c.Abort(&p)
		}
	}
	c.Commit(new(c.Reserve(fresh, perMinute(5), 1, Enforce, t0.Add(2*time.Minute)).Reservation))
	if n := c.Sweep(t0.Add(2*time.Minute + time.Second)); n != 1 {
		t.Fatalf("Sweep evicted %d, want 1 (idle and flushed)", n)
	}
	if st := c.Stats(); st.Keys != 2 || st.EvictedIdle != 1 {
		t.Fatalf("Stats = %+v", st)
	}
}

// A flood of keys whose requests were all released (unknown client IDs
// answered 401) neither pushes out keys that hold counts nor outlives a
// minute.
func TestEmptyKeysGoFirst(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 4, IdleWindows: 2})
	real := Key{ClientID: "real"}
	d := c.Reserve(real, []window.Tier{{Limit: 5, Size: time.Hour}}, 1, Enforce, t0)
	c.Commit(&d.Reservation)
	for i := range 100 {
		d := c.Reserve(Key{ClientID: fmt.Sprint("junk", i)}, perMinute(5), 1, Enforce, t0.Add(time.Second))
		c.Release(&d.Reservation)
	}
	if c.find(real).hotLine == nil {
		t.Fatal("a key holding counts was evicted for empty ones")
	}
	if n := c.Sweep(t0.Add(62 * time.Second)); n != 3 {
		t.Fatalf("Sweep evicted %d, want the 3 empty keys idle for a minute", n)
	}
	if c.find(real).hotLine == nil || c.Len() != 1 {
		t.Fatalf("Len = %d, want only the real key left", c.Len())
	}
}

func TestMaxKeysEvictsAndKeepsCounts(t *testing.T) {
	c := newCache(t, Config{Shards: 1, MaxKeys: 4})
	for i := range 10 {
		c.Commit(new(c.Reserve(Key{ClientID: fmt.Sprint("c", i)}, perMinute(5), 1, Enforce, t0.Add(time.Duration(i)*time.Second)).Reservation))
	}
	if st := c.Stats(); st.Keys != 4 || st.EvictedCap != 6 {
		t.Fatalf("Stats = %+v; want 4 keys and 6 evictions", st)
	}
	// Evicted keys still had unflushed counts: they are flushed all the
	// same, up to MaxKeys of them; the counts of the rest are dropped and
	// counted.
	if st := c.Stats(); st.Detached != 4 || st.Dropped != 2 {
		t.Fatalf("Stats = %+v; want 4 detached and 2 dropped", st)
	}
	ps := c.TakeDirty(nil, t0.Add(10*time.Second))
	if len(ps) != 8 {
		t.Fatalf("TakeDirty = %d keys, want 8: evicted keys' counts must not be lost", len(ps))
	}
	for i := range ps {
		c.Confirm(&ps[i], Snapshot{Version: 1, Frames: Merge(nil, ps[i].Delta, t0)}, t0.Add(10*time.Second))
	}
	if st := c.Stats(); st.Detached != 0 {
		t.Fatalf("Stats after the flush = %+v; want no key detached", st)
	}
}

func TestRunSweeps(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := newCache(t, Config{SweepInterval: time.Minute})
		c.Commit(new(c.Reserve(Key{ClientID: "x"}, perMinute(5), 1, Enforce, time.Now()).Reservation))
		for _, p := range c.TakeDirty(nil, time.Now()) {
			c.Confirm(&p, Snapshot{Version: 1, Frames: Merge(nil, p.Delta, time.Now())}, time.Now())
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- c.Run(ctx) }()
		time.Sleep(2*time.Minute - time.Second)
		synctest.Wait()
		if c.Len() != 1 {
			t.Fatalf("evicted before two windows idle")
		}
		time.Sleep(time.Second)
		synctest.Wait()
		if c.Len() != 0 {
			t.Fatalf("idle key not evicted after two windows")
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})
}

func TestConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want string // in the error
	}{
		{"negative sizes", Config{Shards: -1, MaxKeys: -2}, "Shards -1"},
		{"HotPercent over 100", Config{HotPercent: 101}, "HotPercent 101: want 1 to 100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := New(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("New(%+v) = %v, want an error naming %q", tc.cfg, err, tc.want)
			}
		})
	}
}

// HotPercent below 0 counts every key in use as near its limit: read at
// every pull, used since or not, and taken by TakeDirtyHot.
func TestHotPercentEveryKey(t *testing.T) {
	c := newCache(t, Config{Shards: 1, HotPercent: -1})
	k := Key{ClientID: "far"}
	c.Commit(new(c.Reserve(k, perMinute(1000), 1, Enforce, t0).Reservation))
	if ps := c.TakeDirtyHot(nil, t0); len(ps) != 1 {
		t.Fatalf("TakeDirtyHot = %v, want the key at 0.1 %% of its limit", ps)
	}
	c.TakeFresh(nil, 0)
	for round := range uint64(3) {
		if got := c.AppendPull(nil, t0.Add(-time.Minute), round, 5); len(got) != 1 {
			t.Fatalf("pull %d reads %v, want the key, unused since", round, got)
		}
	}
}

// The entry is a hot line of 64 bytes and a cold line of 32 (see entry):
// with a key of up to hotKeyLen bytes in the hot line, and a second
// counter after it or not, it is allocated in the 128-byte size class
// (newEntry), whose objects are line-aligned. The key's bytes after it
// start right where keyString reads them.
func TestEntrySize(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"hotLine", unsafe.Sizeof(hotLine{}), 64},
		{"coldLine", unsafe.Sizeof(coldLine{}), 32},
		{"entry", unsafe.Sizeof(entryMem{}), 96},
		{"second", unsafe.Sizeof(second{}), 16},
		// A wide table's cold line, with the second counter: 48 bytes a
		// slot (56 with its size and sinceRead, 161.7 B a key at 1M keys
		// of two sizes; see roomSize).
		{"coldWide", unsafe.Sizeof(coldWide{}), 48},
		// newEntry's allocations for a key of up to hotKeyLen bytes.
		{"keyed[[32]byte]", unsafe.Sizeof(keyed[[32]byte]{}), 128},
		{"keyed2[[16]byte]", unsafe.Sizeof(keyed2[[16]byte]{}), 128},
		{"the key's bytes after the entry", unsafe.Offsetof(keyed[[48]byte]{}.b), unsafe.Sizeof(entryMem{})},
		{"a long key's reference after the entry", unsafe.Offsetof(keyed[longKeyRef]{}.b), unsafe.Sizeof(entryMem{})},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d bytes, want %d", c.name, c.got, c.want)
		}
	}
}

// TestEntryLayout: every field a decision of a key of one size reads or
// writes (Reserve's fast path for one tier, Commit's, lookup's comparison
// of a key of up to hotKeyLen bytes) is in the entry's first 64 bytes, at
// the offsets entry's table gives; the cold line's fields after them.
func TestEntryLayout(t *testing.T) {
	var e entryMem
	for _, f := range []struct {
		name         string
		off, size    uintptr
		want, wantSz uintptr
	}{
		{"mu", unsafe.Offsetof(e.mu), unsafe.Sizeof(e.mu), 0, 8},
		{"lastUsed", unsafe.Offsetof(e.lastUsed), unsafe.Sizeof(e.lastUsed), 8, 4},
		{"hot (first counter, reserved, flags, code)", unsafe.Offsetof(e.hot), unsafe.Sizeof(e.hot), 12, 20},
		{"hot.c[0]", unsafe.Offsetof(e.hot) + unsafe.Offsetof(e.hot.c), unsafe.Sizeof(e.hot.c), 12, 16},
		{"hot.reserved", unsafe.Offsetof(e.hot) + unsafe.Offsetof(e.hot.reserved), unsafe.Sizeof(e.hot.reserved), 28, 2},
		{"hot.flags", unsafe.Offsetof(e.hot) + unsafe.Offsetof(e.hot.flags), unsafe.Sizeof(e.hot.flags), 30, 1},
		{"hot.code", unsafe.Offsetof(e.hot) + unsafe.Offsetof(e.hot.code), unsafe.Sizeof(e.hot.code), 31, 1},
		{"klen (the ident word)", unsafe.Offsetof(e.klen), unsafe.Sizeof(e.klen), 32, 1},
		{"split", unsafe.Offsetof(e.split), unsafe.Sizeof(e.split), 33, 1},
		{"identTag", unsafe.Offsetof(e.identTag), unsafe.Sizeof(e.identTag), 34, 2},
		{"committed", unsafe.Offsetof(e.committed), unsafe.Sizeof(e.committed), 36, 1},
		{"released", unsafe.Offsetof(e.released), unsafe.Sizeof(e.released), 37, 1},
		{"inline (the key)", unsafe.Offsetof(e.inline), unsafe.Sizeof(e.inline), 38, hotKeyLen},
		{"version", unsafe.Offsetof(e.version), unsafe.Sizeof(e.version), 64, 8},
		{"more", unsafe.Offsetof(e.more), unsafe.Sizeof(e.more), 72, 8},
		{"readRound", unsafe.Offsetof(e.readRound), unsafe.Sizeof(e.readRound), 80, 4},
		{"meta0", unsafe.Offsetof(e.meta0), unsafe.Sizeof(e.meta0), 84, 8},
		{"coldFlags", unsafe.Offsetof(e.coldFlags), unsafe.Sizeof(e.coldFlags), 92, 1},
		{"room2", unsafe.Offsetof(e.room2), unsafe.Sizeof(e.room2), 93, 1},
		{"n", unsafe.Offsetof(e.n), unsafe.Sizeof(e.n), 94, 1},
		{"writers", unsafe.Offsetof(e.writers), unsafe.Sizeof(e.writers), 95, 1},
		{"second", unsafe.Offsetof(keyed2[[16]byte]{}.s), unsafe.Sizeof(second{}), 96, 16},
	} {
		if f.off != f.want || f.size != f.wantSz {
			t.Errorf("%s at offset %d, %d bytes; want %d, %d", f.name, f.off, f.size, f.want, f.wantSz)
		}
		if hot := f.want < 64; hot && f.off+f.size > 64 {
			t.Errorf("%s ends at %d, past the hot line", f.name, f.off+f.size)
		}
	}
	if hotKeyLen != 64-unsafe.Offsetof(e.inline) {
		t.Errorf("hotKeyLen %d, the hot line has room for %d", hotKeyLen, 64-unsafe.Offsetof(e.inline))
	}
	if narrowCarried|narrowWide|queued|evicted|unread|near|shared|multi != 1<<8-1 {
		t.Errorf("the hot line's flags overlap")
	}
}

// TestEntriesLineAligned: newEntry's allocation starts at a cache line for
// a key of every length of up to hotKeyLen bytes, of one window size and
// two (room2), and for the longer keys whose size class is a multiple of
// 64 bytes, so that the hot line is one line; the fields a fast path reads
// are below 64 (TestEntryLayout), where a key's bytes in the hot line and
// its second counter are.
func TestEntriesLineAligned(t *testing.T) {
	for n := range maxInlineKey + 20 {
		for _, two := range []bool{false, true} {
			aligned := n <= hotKeyLen || !two && n <= 32
			if !aligned {
				continue
			}
			k := Key{ClientID: strings.Repeat("c", n/2), User: strings.Repeat("u", n-n/2)}
			for range 20 { // an allocation in each of a span's first slots
				e := newEntry(k, 0, two)
				if p := uintptr(unsafe.Pointer(e.hotLine)); p%64 != 0 {
					t.Fatalf("key of %d bytes, two %v: entry at %#x, %d bytes past a line", n, two, p, p%64)
				}
				if got := e.key(); got != k {
					t.Fatalf("key of %d bytes, two %v: reads back as %q", n, two, got)
				}
				if n <= hotKeyLen && e.inlineKey() != unsafe.Pointer(&e.inline) {
					t.Fatalf("key of %d bytes: not in the hot line", n)
				}
			}
		}
	}
}

// Keys whose hashes collide are kept apart exactly: the hash only filters,
// the key's bytes decide (entry.hasKey), including keys whose concatenated
// bytes are equal but whose split differs, and a key removed from between
// colliding keys leaves the ones probed past it findable.
func TestHashCollision(t *testing.T) {
	c := newCache(t, Config{Shards: 1})
	c.testHash = func(Key) uint64 { return 42 }
	keys := []Key{{ClientID: "a"}, {ClientID: "b"}, {ClientID: "ab"}, {ClientID: "a", User: "b"}, {ClientID: "", User: "ab"}}
	for i, k := range keys {
		c.Commit(new(c.Reserve(k, perMinute(100), int64(i+1), Enforce, t0).Reservation))
	}
	for i, k := range keys {
		if got := c.used(k, time.Minute, t0); got != int64(i+1) {
			t.Errorf("%+v: used %d, want %d (colliding keys share counts)", k, got, i+1)
		}
	}
	// Remove the first one probed ("a"): the others are probed past its
	// slot and must stay findable.
	s := &c.shards[0]
	s.mu.Lock()
	tab := s.pub.tab.Load()
	i := tab.probe(keys[0], 42)
	if i < 0 {
		s.mu.Unlock()
		t.Fatal("a not in its table")
	}
	tab.hot[i].mu.Lock()
	tab.removeAt(i, entry{})
	tab.hot[i].mu.Unlock()
	s.mu.Unlock()
	if c.find(keys[0]).hotLine != nil {
		t.Error("removed key still found")
	}
	for i, k := range keys[1:] {
		if got := c.used(k, time.Minute, t0); got != int64(i+2) {
			t.Errorf("%+v after removing a: used %d, want %d", k, got, i+2)
		}
	}
}

// After a policy reload that uses every counter of a key, the counters are
// put in the new tiers' order, so its next decisions take Reserve's
// one-pass check (countsInOrder)
// rather than look each size up, and every count stays with its size (a
// request counts in every size the key holds, those of earlier tiers
// included). Policies sort tiers by size, but a key keeps counters in the
// order it first saw their sizes: one limited by [1h] and then by [1m, 1h]
// would hold [1h, 1m] for good.
func TestTrackPutsCountersInTiersOrder(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "client-1"}
	want := map[int64]int64{} // commits per window size (seconds) held
	now := t0
	for _, sizes := range [][]int64{{3600}, {60, 3600}, {3600}, {60, 3600, 86400}, {86400, 60}, {60, 3600}, {86400, 3600, 60}} {
		var tiers []window.Tier
		for _, sz := range sizes {
			tiers = append(tiers, window.Tier{Limit: 1000, Size: time.Duration(sz) * time.Second})
		}
		for range 2 {
			now = now.Add(time.Second)
			c.Commit(new(c.Reserve(k, tiers, 1, Enforce, now).Reservation))
			for _, sz := range sizes {
				if _, held := want[sz]; !held {
					want[sz] = 0
				}
			}
			for sz := range want {
				want[sz]++
			}
		}
		e := c.find(k)
		e.mu.Lock()
		o := opened(c, e)
		in := o.countsInOrder(tiers)
		var got []int64
		for i := range int(e.n) {
			got = append(got, int64(o.at(i).size))
		}
		e.mu.Unlock()
		// With counters the tiers do not use too, the tiers' come
		// first (the others' order decides which one a new size
		// retires; TestReloadsKeepCountsAndOrder checks it).
		if !in {
			t.Errorf("tiers %v: counters in order %v, want the tiers' order", sizes, got)
		}
	}
	e := c.find(k)
	e.mu.Lock()
	defer e.mu.Unlock()
	o := opened(c, e)
	for sz, n := range want {
		ct := o.counterOf(sz)
		if ct == nil {
			t.Errorf("size %d s: no counter", sz)
			continue
		}
		if got := ct.local[0] + ct.local[1]; got != n {
			t.Errorf("size %d s: %d counted, want %d", sz, got, n)
		}
	}
}

// Reservations made before a reload that reorders the key's counters, and
// committed after the clock crossed a frame boundary and stepped back, count
// in the frames they were reserved in, each in its own size: Commit's
// shortcut (the j-th counter when it is of the reserved size) must neither
// put a count in another size's counter nor in the frame the clock says.
func TestCommitAcrossFramesAfterReorder(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "client-1"}
	hour := []window.Tier{{Limit: 1000, Size: time.Hour}}
	both := []window.Tier{{Limit: 1000, Size: time.Minute}, {Limit: 1000, Size: time.Hour}}
	before := t0.Add(-10 * time.Second) // t0 starts a minute and an hour
	r1 := c.Reserve(k, hour, 1, Enforce, before).Reservation
	r2 := c.Reserve(k, both, 2, Enforce, before.Add(time.Second)).Reservation // counters reordered to [1m, 1h]
	after := t0.Add(5 * time.Second)
	r3 := c.Reserve(k, both, 4, Enforce, after).Reservation
	c.Commit(&r1)
	c.Commit(&r2)
	r4 := c.Reserve(k, both, 8, Enforce, t0.Add(-2*time.Second)).Reservation // the clock stepped back
	c.Commit(&r4)
	c.Commit(&r3)
	// A minute later: tiers listed hour first reorder the counters to
	// [1h, 1m], and back, with r5 open across both reloads. Its frames
	// now differ by size (the hour's started at t0, the minute's at
	// t0+60), so a count put in the other size's counter would land in
	// the wrong frame.
	later := t0.Add(65 * time.Second)
	r5 := c.Reserve(k, []window.Tier{both[1], both[0]}, 16, Enforce, later).Reservation
	r6 := c.Reserve(k, both, 32, Enforce, later.Add(time.Second)).Reservation
	c.Commit(&r5)
	c.Commit(&r6)

	le := c.find(k)
	le.mu.Lock()
	defer le.mu.Unlock()
	e := opened(c, le)
	if !e.countsInOrder(both) {
		t.Fatalf("counters [%d s, %d s], want [60 s, 3600 s]", e.at(0).size, e.at(1).size)
	}
	for _, tc := range []struct {
		size       int64
		start      int64
		prev, curr int64
	}{
		// r3, r4 in t0's minute (r4's clock stepped back, the counter
		// did not), r5, r6 in the next; r2's minute has left the window.
		{60, t0.Unix() + 60, 4 + 8, 16 + 32},
		// r1, r2 in the hour before t0; the others in t0's.
		{3600, t0.Unix(), 1 + 2, 4 + 8 + 16 + 32},
	} {
		ct := e.counterOf(tc.size)
		if ct.start != tc.start || ct.local != [2]int64{tc.prev, tc.curr} {
			t.Errorf("size %d s: frame %d, local %v; want frame %d, [%d %d]", tc.size, ct.start, ct.local, tc.start, tc.prev, tc.curr)
		}
	}
}

func TestInFlight(t *testing.T) {
	c := newCache(t, Config{})
	now := time.Unix(1_700_000_000, 0)
	tiers := []window.Tier{{Limit: 100, Size: time.Minute}}
	if cost, keys := c.InFlight(); cost != 0 || keys != 0 {
		t.Fatalf("InFlight of an empty cache = %d, %d", cost, keys)
	}
	a1 := c.Reserve(Key{ClientID: "a"}, tiers, 2, Enforce, now)
	a2 := c.Reserve(Key{ClientID: "a"}, tiers, 3, Enforce, now)
	b := c.Reserve(Key{ClientID: "b", User: "u"}, tiers, 1, Enforce, now)
	done := c.Reserve(Key{ClientID: "d"}, tiers, 7, Enforce, now)
	c.Commit(&done.Reservation)
	if cost, keys := c.InFlight(); cost != 6 || keys != 2 {
		t.Errorf("InFlight = %d on %d keys, want 6 on 2", cost, keys)
	}
	c.Commit(&a1.Reservation)
	c.Release(&b.Reservation)
	if cost, keys := c.InFlight(); cost != 3 || keys != 1 {
		t.Errorf("InFlight after a commit and a release = %d on %d keys, want 3 on 1", cost, keys)
	}
	c.Release(&a2.Reservation)
	if cost, keys := c.InFlight(); cost != 0 || keys != 0 {
		t.Errorf("InFlight with everything settled = %d on %d keys, want 0", cost, keys)
	}
}

// TestApplyHeldVersionWithOtherCounts: a read (Writers above 0) of the
// version a key holds is installed if it holds other counts in the frames
// the key's counters hold, a count changed or one gone (the store went
// back, and an increment made that version again: syncer's
// TestHeldVersionReadWithOtherCounts), and only then: the same counts, or
// other counts only in a frame no counter holds (a size not counted here,
// a frame behind the window), are the document the key holds.
func TestApplyHeldVersionWithOtherCounts(t *testing.T) {
	start := t0.Unix()
	fr := func(prev, curr int64, more ...Frame) []Frame {
		return append([]Frame{{Size: time.Minute, StartUnix: start - 60, N: prev}, {Size: time.Minute, StartUnix: start, N: curr}}, more...)
	}
	for _, tc := range []struct {
		name    string
		frames  []Frame
		applied bool
		used    int64 // the estimate's count at t0 + 30 s: half the previous frame, and the current
	}{
		{"same counts", fr(10, 4), false, 5 + 4},
		{"same counts, another size", fr(10, 4, Frame{Size: time.Hour, StartUnix: start - start%3600, N: 99}), false, 5 + 4},
		{"same counts, a frame behind the window", fr(10, 4, Frame{Size: time.Minute, StartUnix: start - 120, N: 99}), false, 5 + 4},
		{"a count changed", fr(10, 2), true, 5 + 2},
		{"the previous count changed", fr(6, 4), true, 3 + 4},
		{"a count gone", fr(10, 4)[:1], true, 5},
		{"the previous frame gone", fr(10, 4)[1:], true, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{})
			k := Key{ClientID: "c"}
			c.Reserve(k, perMinute(100), 0, Enforce, t0)
			if !c.Apply(k, Snapshot{Version: 5, Frames: fr(10, 4), Writers: 1}, t0) {
				t.Fatal("newer snapshot not applied")
			}
			now := t0.Add(30 * time.Second)
			if got := c.Apply(k, Snapshot{Version: 5, Frames: tc.frames, Writers: 1}, now); got != tc.applied {
				t.Errorf("Apply of version 5 again: %v, want %v", got, tc.applied)
			}
			if got := c.used(k, time.Minute, now); got != tc.used {
				t.Errorf("used = %d, want %d", got, tc.used)
			}
		})
	}
}

// TestApplyHeldVersionAtAnOlderNow: a pull reads its now before its I/O,
// so the reads of a long pull are applied at a now the key's counters may
// be frames past (a request counted since). A read of the version the key
// holds, with the counts it holds, is not installed then, and the counters
// stay where they are: rolled back to that now as for a clock that stepped
// back (rollOut), they gave their counts up to extra frames and orphans
// (an overflow allocation for a key that had none), the frame behind their
// window came back in it without the count the key had dropped there, and
// the read was installed as holding other counts (TestSimulation/interleaved,
// 2 of 2 reads of a held version with other counts in two seeds).
func TestApplyHeldVersionAtAnOlderNow(t *testing.T) {
	start := t0.Unix()
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	doc := Snapshot{Version: 5, Frames: []Frame{{Size: time.Minute, StartUnix: start, N: 4}}, Writers: 1}
	c.Reserve(k, perMinute(100), 0, Enforce, t0)
	if !c.Apply(k, doc, t0) {
		t.Fatal("newer snapshot not applied")
	}
	later := t0.Add(3 * time.Minute) // the counter moves to t0 + 3 min; the frame of t0 leaves its window
	d := c.Reserve(k, perMinute(100), 1, Enforce, later)
	c.Commit(&d.Reservation)
	if got := c.Apply(k, doc, t0.Add(30*time.Second)); got {
		t.Errorf("Apply of the version held, with its counts, at a now 3 frames back: installed, want not")
	}
	e := c.find(k)
	e.mu.Lock()
	more, ct := e.more, *opened(c, e).at(0)
	e.mu.Unlock()
	if more != nil {
		t.Errorf("the key has an overflow after Apply (extra %v, orphan %v), want none", more.extra, more.orphan)
	}
	if want := frameStart(later, 60); ct.start != want || ct.local != [2]int64{0, 1} {
		t.Errorf("counter at %d with local %v, want at %d with local [0 1]", ct.start, ct.local, want)
	}
	if got := c.used(k, time.Minute, later); got != 1 {
		t.Errorf("used = %d at t0 + 3 min, want 1", got)
	}
}

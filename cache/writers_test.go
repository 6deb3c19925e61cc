package cache

import (
	"fmt"
	"testing"
	"time"
)

// admitN reserves and commits up to n requests of cost 1 for k at now and
// returns how many were admitted.
func admitN(c *Cache, k Key, limit int64, n int, now time.Time) int {
	admitted := 0
	for range n {
		d := c.Reserve(k, perMinute(limit), 1, Enforce, now)
		if d.Allowed {
			admitted++
			c.Commit(&d.Reservation)
		}
	}
	return admitted
}

// state returns k's writers as Inspect reports them.
func writersOf(t *testing.T, c *Cache, k Key, now time.Time) (int, bool) {
	t.Helper()
	var st KeyState
	if !c.Inspect(k, perMinute(1), now, &st) {
		t.Fatalf("%v not held", k)
	}
	return st.Writers, st.Assumed
}

// clockCache returns a cache whose clock (for ageWriters: Config.Now) reads
// *now, and a function that moves it on by d.
func clockCache(t *testing.T, cfg Config) (*Cache, func(d time.Duration)) {
	now := t0
	cfg.Now = func() time.Time { return now }
	return newCache(t, cfg), func(d time.Duration) { now = now.Add(d) }
}

// A key new to an instance while three are live is taken to be counted by
// all three: the instance admits its third of the limit. Reads meanwhile
// only raise the count (the first to flush shows one writer, itself); the
// first pull at least two sync intervals after the assumption began ends it
// (one is not enough: the assumption may have begun just before a
// rotation), and the documents' writers decide from then on.
func TestNewKeyAssumesLiveWriters(t *testing.T) {
	c, advance := clockCache(t, Config{})
	c.SetLiveInstances(3)
	c.AppendPull(nil, t0, 1, 1) // a rotation just before the key is new
	k := Key{ClientID: "c", User: "u"}
	if got := admitN(c, k, 30, 20, t0); got != 10 {
		t.Fatalf("admitted %d of a new key, want 10 (a third of 30)", got)
	}
	if w, assumed := writersOf(t, c, k, t0); w != 3 || !assumed {
		t.Fatalf("writers %d (assumed %v), want 3, assumed", w, assumed)
	}
	c.Apply(k, Snapshot{Version: 5, Writers: 1}, t0) // the store shows this one only
	c.Apply(k, Snapshot{Version: 6, Writers: 4}, t0) // a fourth, not live when the key was new
	if w, assumed := writersOf(t, c, k, t0); w != 4 || !assumed {
		t.Fatalf("after reads of 1 and 4 writers: %d (assumed %v), want 4, assumed", w, assumed)
	}
	for r := range 3 { // pulls every half second
		advance(500 * time.Millisecond)
		c.AppendPull(nil, t0, uint64(r+2), 1)
		if _, assumed := writersOf(t, c, k, t0); !assumed {
			t.Fatalf("the assumption ended %d pulls after it began, within two sync intervals", r+1)
		}
	}
	advance(500 * time.Millisecond)
	c.AppendPull(nil, t0, 5, 1)
	if w, assumed := writersOf(t, c, k, t0); w != 4 || assumed {
		t.Fatalf("two sync intervals on: %d (assumed %v), want 4 (the most a read named), not assumed", w, assumed)
	}
	c.Apply(k, Snapshot{Version: 7, Writers: 1}, t0) // now the document decides
	if w, _ := writersOf(t, c, k, t0); w != 1 {
		t.Fatalf("after the assumption, a read of 1 writer: %d", w)
	}
	if got := admitN(c, k, 30, 30, t0); got != 20 {
		t.Fatalf("one writer: admitted %d more, want the 20 left", got)
	}
}

// A held key used again after a pause is not assumed: it keeps the writers
// its documents name (the instances that wrote it in the last minute), so
// that a load balancer that keeps a key on one instance meets no share after
// each pause (end to end: 9 of 27 such requests refused when pauses
// were assumed too).
func TestPausedKeyNotAssumed(t *testing.T) {
	c, advance := clockCache(t, Config{})
	k := Key{ClientID: "c"}
	admitN(c, k, 100, 1, t0)
	c.SetLiveInstances(2)
	c.AppendPull(nil, t0, 1, 1)
	c.Apply(k, Snapshot{Version: 5, Writers: 1}, t0)
	for r := uint64(2); r < 5; r++ { // rounds pass without a request
		advance(time.Second)
		c.AppendPull(nil, t0.Add(time.Hour), r, 1)
	}
	if got := admitN(c, k, 100, 100, t0); got != 99 {
		t.Fatalf("after a pause, with 2 live: admitted %d, want the 99 left", got)
	}
	if w, assumed := writersOf(t, c, k, t0); w != 1 || assumed {
		t.Fatalf("writers %d (assumed %v), want 1, not assumed", w, assumed)
	}
}

// A request whose cost is above this instance's share is admitted when the
// instance has counted nothing since its last read: else a cost above
// ⌈limit ÷ writers⌉ would never be (end to end: cost 3, limit 5,
// three instances: 0 of 30 in a minute). And a key whose documents named no
// writer (nothing issued: no document) is counted by this instance alone
// once the assumption ends, not shared for ever.
func TestShareAdmitsACostAboveIt(t *testing.T) {
	c := newCache(t, Config{})
	c.SetLiveInstances(3)
	k := Key{ClientID: "c", User: "u"}
	cost3 := func() bool {
		d := c.Reserve(k, perMinute(5), 3, Enforce, t0)
		if d.Allowed {
			c.Commit(&d.Reservation)
		}
		return d.Allowed
	}
	if !cost3() {
		t.Fatal("a cost of 3 refused by a share of 2, with nothing counted since the read")
	}
	if cost3() {
		t.Fatal("a second cost of 3 admitted: 6 over a limit of 5")
	}
	c2, advance2 := clockCache(t, Config{})
	c2.SetLiveInstances(30)
	k2 := Key{ClientID: "c", User: "v"}
	c2.Release(new(c2.Reserve(k2, perMinute(60), 1, Enforce, t0).Reservation)) // the endpoint refused it: no count, no document
	for range 3 {
		advance2(time.Second)
		c2.AppendPull(nil, t0, 1, 1)
	}
	if got := admitN(c2, k2, 60, 60, t0); got != 60 {
		t.Fatalf("after the assumption, no document: admitted %d, want 60 (alone)", got)
	}
}

// Nothing is assumed with one live instance or with NoLiveWriters, and
// nothing is shared while the store does not answer (SetLiveInstances(0)):
// no read brings a new share then, and the outage modes decide.
func TestLiveWritersOff(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		live int
		want int
	}{
		{"one live", Config{}, 1, 30},
		{"NoLiveWriters", Config{NoLiveWriters: true}, 3, 30},
		{"store down", Config{}, 0, 30},
		{"three live", Config{}, 3, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, tc.cfg)
			c.SetLiveInstances(tc.live)
			if got := admitN(c, Key{ClientID: "c"}, 30, 40, t0); got != tc.want {
				t.Errorf("admitted %d, want %d", got, tc.want)
			}
			// Refused under the limit: by the share; at it: not.
			want := int64(0)
			if tc.want < 30 {
				want = int64(40 - tc.want)
			}
			if got := c.Stats().ShareRefusals; got != want {
				t.Errorf("Stats().ShareRefusals %d, want %d", got, want)
			}
		})
	}
	// A key assumed while three were live is not shared during an outage.
	c := newCache(t, Config{})
	c.SetLiveInstances(3)
	k := Key{ClientID: "c"}
	admitN(c, k, 30, 1, t0)
	c.SetLiveInstances(0)
	if got := admitN(c, k, 30, 40, t0); got != 29 {
		t.Errorf("store down: admitted %d more, want the 29 left", got)
	}
}

// A flood of new keys assumes no more than maxFreshPerShard a shard between
// two pulls: the queue that ends the assumptions does not grow with it.
func TestAssumedKeysBounded(t *testing.T) {
	c, advance := clockCache(t, Config{Shards: 1, MaxKeys: 10 * maxFreshPerShard})
	c.SetLiveInstances(2)
	assumed := 0
	for i := range 2 * maxFreshPerShard {
		k := Key{ClientID: fmt.Sprint("c", i)}
		admitN(c, k, 10, 1, t0)
		if _, a := writersOf(t, c, k, t0); a {
			assumed++
		}
	}
	if assumed != maxFreshPerShard || len(c.shards[0].assumed[0].list) != maxFreshPerShard {
		t.Fatalf("%d keys assumed, %d queued; want %d", assumed, len(c.shards[0].assumed[0].list), maxFreshPerShard)
	}
	c.AppendPull(nil, t0, 1, 1)
	advance(time.Second)
	c.AppendPull(nil, t0, 2, 1)
	if q := c.shards[0].assumed; len(q[0].list)+len(q[1].list) != 0 {
		t.Fatalf("queues after two pulls: %d and %d, want none", len(q[0].list), len(q[1].list))
	}
}

// An instance's own flush does not renew its share: the share is of what
// the store's counts left at its last read, and its flushed counts are
// still its own until a read shows the others' beside them. Renewed at the
// flush, from what this instance alone knew, it let a burst that spanned
// the moment between an instance's flush and the pull after it take a
// second share.
func TestOwnFlushDoesNotRenewShare(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	at := func(n int64) []Frame { return []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: n}} }
	c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held
	c.Apply(k, Snapshot{Version: 5, Writers: 2, Frames: at(20)}, t0)
	if got := admitN(c, k, 100, 100, t0); got != 40 {
		t.Fatalf("admitted %d, want 40 (half the 80 the store leaves)", got)
	}
	for _, p := range c.TakeDirty(nil, t0) { // flushed: the store holds 60
		c.Confirm(&p, Snapshot{Version: 6, Frames: Merge(p.Base.Frames, p.Delta, t0)}, t0)
	}
	if got := admitN(c, k, 100, 100, t0); got != 0 {
		t.Fatalf("after its own flush: admitted %d more, want 0 until a read", got)
	}
	c.Apply(k, Snapshot{Version: 7, Writers: 2, Frames: at(70)}, t0) // the other counted 10
	if got := admitN(c, k, 100, 100, t0); got != 15 {
		t.Fatalf("after a read of 70: admitted %d, want 15 (half the 30 left)", got)
	}
}

// Requests in flight count against the share, weighed by how the key's
// recent requests ended, rounded up: rounded down, one reservation of a
// key that had ever had a request released counted as 0 (7 of 8
// committed: 7/8 of 1), and concurrent requests took one more than the
// share (end to end: 82 where the bound was 80 to 82 only
// without it; 4 here where the share leaves 3).
func TestShareCountsOpenReservationsRoundedUp(t *testing.T) {
	c := newCache(t, Config{})
	c.SetLiveInstances(3) // a key new here: shared by three, ⌈30 ÷ 3⌉ = 10
	k := Key{ClientID: "c"}
	var history [8]Reservation
	for i := range history {
		d := c.Reserve(k, perMinute(30), 1, Enforce, t0)
		if !d.Allowed {
			t.Fatalf("request %d of the history refused", i)
		}
		history[i] = d.Reservation
	}
	for i := range 7 {
		c.Commit(&history[i])
	}
	c.Release(&history[7]) // 7 of 8 committed: 3 of the share of 10 left
	admitted := 0
	var open []Reservation
	for range 10 {
		d := c.Reserve(k, perMinute(30), 1, Enforce, t0)
		if d.Allowed {
			admitted++
			open = append(open, d.Reservation)
		}
	}
	if admitted != 3 {
		t.Errorf("concurrent requests admitted %d, want the 3 the share leaves", admitted)
	}
	for i := range open {
		c.Commit(&open[i])
	}
}

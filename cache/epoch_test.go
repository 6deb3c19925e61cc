package cache

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The reset epoch of the snapshots a key installs decides whether its
// unflushed counts were counted before a reset (dropped) or after it
// (kept), and Reset reports each drop once. These tests replay sequences of
// installs, commits and resets on one key and check what is left to flush
// after each step and what Reset returns.

// localRequests returns the requests k counted that no flush has confirmed.
func localRequests(c *Cache, k Key, now time.Time) int64 {
	var n int64
	for _, p := range c.AppendLocal(nil, now) {
		if p.Key == k {
			n += Requests(p.Delta)
		}
	}
	return n
}

// epochStep is one step on the key: commit n requests; or install snap by
// a pull (apply), by a refused write's read back (replace: the delta is
// taken, rebased on snap and aborted), or by a reset (reset, which must
// return dropped). local is what must be left to flush after the step.
type epochStep struct {
	op      string // commit, apply, replace or reset
	n       int64
	snap    Snapshot
	dropped int64
	local   int64
}

func runEpochSteps(t *testing.T, steps []epochStep) {
	t.Helper()
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "client", User: "user"}
	c.Release(new(c.Reserve(k, perMinute(1000), 0, Enforce, t0).Reservation)) // held: a pull installs into it
	for i, s := range steps {
		now := t0.Add(time.Duration(i) * time.Second)
		switch s.op {
		case "commit":
			c.Commit(new(c.Reserve(k, perMinute(1000), s.n, Enforce, now).Reservation))
		case "apply":
			c.Apply(k, s.snap, now)
		case "replace":
			ps := c.TakeDirty(nil, now)
			if len(ps) != 1 {
				t.Fatalf("step %d: took %d keys, want 1", i, len(ps))
			}
			q := c.Replace(&ps[0], s.snap, now)
			c.Abort(&q)
		case "reset":
			dropped, held := c.Reset(k, s.snap, now)
			if !held || dropped != s.dropped {
				t.Errorf("step %d: Reset(%+v) = %d, %v; want %d, true", i, s.snap, dropped, held, s.dropped)
			}
		}
		if got := localRequests(c, k, now); got != s.local {
			t.Fatalf("step %d (%s %+v): %d requests left to flush, want %d", i, s.op, s.snap, got, s.local)
		}
	}
}

// A key's counts are dropped by a document of a later reset epoch than the
// one it installed last, and only then: not by a newer document of the
// same epoch (every pull between two resets), not by the first document
// it installs (new here, or seen again after eviction: it cannot tell
// whether they were counted before the reset), not after it learnt only
// that the key has no document (a refused write's read back of a key gone:
// version 0 tells no epoch), and not by a document whose epoch went down
// (deleted on expiry and written anew: epoch 0 until its next reset).
func TestInstallDropsOnlyOnALaterEpoch(t *testing.T) {
	cases := []struct {
		name  string
		steps []epochStep
	}{
		{"first document of a reset epoch keeps the counts", []epochStep{
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 9}, local: 3},
		}},
		{"a newer document of no reset keeps the counts", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5}},
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 6}, local: 3},
		}},
		{"a newer document of the same reset epoch keeps the counts", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 9}},
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 6, Epoch: 9}, local: 3},
		}},
		{"no document, then a reset's, keeps the counts", []epochStep{
			{op: "commit", n: 3, local: 3},
			{op: "replace", snap: Snapshot{}, local: 3},
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 9}, local: 3},
		}},
		{"an epoch that goes down keeps the counts", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 9}},
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 6}, local: 3},
		}},
		{"a later epoch drops the counts", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 9}},
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 6, Epoch: 10}, local: 0},
			{op: "commit", n: 2, local: 2},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			runEpochSteps(t, tc.steps)
		})
	}
}

// Reset drops the counts the key holds and returns their sum once: what it
// dropped itself (on a key that never installed a document too), or what
// the pull that installed the reset's document first dropped; a second
// Reset of the same epoch, or one of an older epoch than the key knows,
// drops nothing and returns 0, and the counts committed since the reset
// stay. The reset's document as read back may be older than what the key
// holds (readReset's lower bound when the read fails): the key still
// records the epoch.
func TestResetReportsEachDropOnce(t *testing.T) {
	cases := []struct {
		name  string
		steps []epochStep
	}{
		{"a key that never installed a document", []epochStep{
			{op: "commit", n: 3, local: 3},
			{op: "reset", snap: Snapshot{Version: 5, Epoch: 9}, dropped: 3},
			{op: "commit", n: 2, local: 2},
			{op: "reset", snap: Snapshot{Version: 5, Epoch: 9}, dropped: 0, local: 2},
		}},
		{"reset's document installed by the reset", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 1}},
			{op: "commit", n: 3, local: 3},
			{op: "reset", snap: Snapshot{Version: 6, Epoch: 9}, dropped: 3},
			{op: "reset", snap: Snapshot{Version: 6, Epoch: 9}, dropped: 0},
		}},
		{"reset's document installed by a pull first", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 1}},
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 6, Epoch: 9}, local: 0},
			{op: "commit", n: 2, local: 2},
			{op: "reset", snap: Snapshot{Version: 6, Epoch: 9}, dropped: 3, local: 2},
			{op: "reset", snap: Snapshot{Version: 6, Epoch: 9}, dropped: 0, local: 2},
		}},
		{"an older reset's document after a pull of a newer one", []epochStep{
			{op: "apply", snap: Snapshot{Version: 5, Epoch: 1}},
			{op: "commit", n: 3, local: 3},
			{op: "apply", snap: Snapshot{Version: 7, Epoch: 9}, local: 0},
			{op: "reset", snap: Snapshot{Version: 6, Epoch: 8}, dropped: 0},
		}},
		{"reset's document older than the key's", []epochStep{
			{op: "apply", snap: Snapshot{Version: 10, Epoch: 1}},
			{op: "commit", n: 3, local: 3},
			{op: "reset", snap: Snapshot{Version: 8, Epoch: 9}, dropped: 3},
			{op: "commit", n: 2, local: 2},
			{op: "reset", snap: Snapshot{Version: 8, Epoch: 9}, dropped: 0, local: 2},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			runEpochSteps(t, tc.steps)
		})
	}
}

// A reset drops every count the key holds that no flush has confirmed,
// those of window sizes a policy reload retired (orphans) included: left,
// they would be written on the reset's document, counted before the reset
// as if after it.
func TestResetDropsRetiredSizesCounts(t *testing.T) {
	m, h, d := time.Minute, time.Hour, 24*time.Hour
	c := newCache(t, Config{Shards: 1})
	k := Key{ClientID: "v"}
	commit := func(tiers []window.Tier) { c.Commit(new(c.Reserve(k, tiers, 1, Enforce, t0).Reservation)) }
	for range 5 {
		commit(unreachedTiers(m, 10*m, h, d))
	}
	for range 3 {
		commit(unreachedTiers(2*h, 3*h, 4*h, 5*h)) // retires the four sizes: their 5 become orphans
	}
	if got := localRequests(c, k, t0); got != 5 {
		t.Fatalf("%d requests left to flush before the reset, want 5 (the fullest sizes')", got)
	}
	dropped, _ := c.Reset(k, Snapshot{Version: 5, Epoch: 9}, t0)
	if dropped != 5 {
		t.Errorf("Reset dropped %d, want 5", dropped)
	}
	if local := c.AppendLocal(nil, t0); len(local) != 0 {
		t.Errorf("left to flush after the reset: %v, want nothing", local[0].Delta)
	}
}

// A snapshot replaces the key's global counts: a frame the new document
// does not hold (a reset cleared it, or a write dropped it) counts 0, not
// what the previous document held.
func TestInstallReplacesTheGlobalCounts(t *testing.T) {
	c := newCache(t, Config{})
	k := Key{ClientID: "c"}
	c.Release(new(c.Reserve(k, perMinute(100), 0, Enforce, t0).Reservation)) // held
	c.Apply(k, Snapshot{Version: 5, Frames: []Frame{{Size: time.Minute, StartUnix: t0.Unix(), N: 7}}}, t0)
	if got := c.used(k, time.Minute, t0); got != 7 {
		t.Fatalf("used = %d, want 7", got)
	}
	c.Apply(k, Snapshot{Version: 6, Epoch: 9}, t0) // reset: no frames
	if got := c.used(k, time.Minute, t0); got != 0 {
		t.Errorf("used = %d after a document without frames, want 0", got)
	}
}

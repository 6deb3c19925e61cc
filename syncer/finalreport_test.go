package syncer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// The final flush that fails says what the store may not have, counted
// from the keys the cache holds or has queued (cache.AppendLocal). A key
// evicted at the key cap while its write was on the way, whose answer is
// lost, is held by the flush alone; an outside audit (helper-52, audit H:
// "counts of 0 (in cost units) on 0 keys" after a final flush whose read
// back timed out, with churn at the cap) found such counts left out of it.
// Used again after its eviction, the key has a new entry, whose counts
// were never written: said apart from the evicted entry's, whose write's
// outcome is unknown. They were counted as part of the old write (0 never
// written, 3 unknown, on 2 keys), so that "never written", what the store
// surely lacks, said less than it lacked.
func TestRunFinalFlushSaysTheCountsOfEvictedKeys(t *testing.T) {
	for _, tt := range []struct {
		name  string
		again int // k's counts after its eviction
		want  string
	}{
		{"evicted", 0, "0 (in cost units) never written, and 2 in writes whose outcome is unknown (in the store if they landed), on 1 keys"},
		{"used again", 1, "1 (in cost units) never written, and 2 in writes whose outcome is unknown (in the store if they landed), on 1 keys"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ls := &loopStore{MemoryStore: NewMemoryStore()}
				c, _, cancel, done := startEvictLoop(t, ls, Config{Store: ls, Interval: time.Minute, FinalFlushTimeout: 3 * time.Second})
				k := cache.Key{ClientID: "k"}
				reserve := func(n int) { commitN(c, k, n) }
				reserve(2)
				// The final flush takes k's counts, and its write hangs.
				ls.mu.Lock()
				ls.hang = true
				ls.mu.Unlock()
				cancel()
				synctest.Wait()
				evict(t, c, k)    // the flush alone holds its counts
				reserve(tt.again) // a new entry of k, whose counts no write took
				if err := <-done; err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("Run = %v, want %s", err, tt.want)
				}
			})
		})
	}
}

// A key whose write's answer was lost, its frame since out of the key's
// window, and counted again since: the new count is in a frame no write
// took, never written. It was set against the old write by its size alone
// (0 never written, 1 unknown), though that write's frame no longer counts.
//
// A reset of k while its write's answer is lost drops k's local counts and
// the write's delta with them (cache: takenDropped; the flush neither
// subtracts nor writes it again). A count made after the reset, in the
// write's frame, is in no write: it was set against the dropped write's
// frame and said to be of unknown outcome ("0 never written, and 1 ..."),
// so that "never written", what the store surely lacks, said less than it
// lacked.
func TestRunFinalFlushSaysCountsByFrame(t *testing.T) {
	for _, tt := range []struct {
		name  string
		wait  time.Duration // before the new count
		reset bool          // k reset before it
	}{
		{"the write's frame out of the window", 3 * time.Minute, false},
		{"the write's counts reset", 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ls := &loopStore{MemoryStore: NewMemoryStore(), down: true}
				reg := prometheus.NewRegistry()
				r := startLoop(t, ls, ls, Config{Interval: time.Second, FinalFlushTimeout: 3 * time.Second, Registerer: reg})
				minute := []window.Tier{{Limit: 100, Size: time.Minute}}
				k := cache.Key{ClientID: "k"}
				writeLost(t, r, k, minute)
				time.Sleep(tt.wait)
				if tt.reset {
					if dropped, held := r.c.Reset(k, cache.Snapshot{Epoch: 1}, time.Now()); dropped != 2 || !held {
						t.Fatalf("Reset = %d, %v; want k's 2 counts dropped", dropped, held)
					}
				}
				d := r.c.Reserve(k, minute, 1, cache.Enforce, time.Now())
				r.c.Commit(&d.Reservation)
				err := r.stop()
				if err == nil || !strings.Contains(err.Error(), "1 (in cost units) never written, and 0 in writes whose outcome is unknown (in the store if they landed), on 1 keys") {
					t.Errorf("Run = %v, want the new count never written, and the old write's not at stake", err)
				}
				if never, unknown, keys := FinalUnwritten(t, reg); never != 1 || unknown != 0 || keys != 1 {
					t.Errorf("metrics: %v never written, %v unknown, on %v keys; want 1, 0, 1 (Run's error)", never, unknown, keys)
				}
			})
		})
	}
}

// writeLost commits 2 requests to k and lets the first flush of r (whose
// store is down) leave their write unsettled.
func writeLost(t *testing.T, r *loopRig, k cache.Key, tiers []window.Tier) {
	t.Helper()
	d := r.c.Reserve(k, tiers, 2, cache.Enforce, time.Now())
	r.c.Commit(&d.Reservation)
	time.Sleep(1500 * time.Millisecond)
	synctest.Wait()
	if n := r.s.Unsettled(); n != 1 {
		t.Fatalf("%d writes unsettled after the first flush, want k's", n)
	}
}

// TestRunFinalFlushSaysTheLaterCountsOfAnEvictedKey: k's write of 2 fails
// (the store reads but does not write), k counts 1 more, the next flush
// reads the write back, sends it again and passes k over (taken: off its
// dirty list until the write settles), and new keys evict k. Reset before
// the later count, k's counts are that count alone: the reset dropped the
// write's. The cache holds k's 3 counts for the flush alone: the 2 of the
// write, unknown, and 1 that no write took, never written.
func TestRunFinalFlushSaysTheLaterCountsOfAnEvictedKey(t *testing.T) {
	for _, tt := range []struct {
		name  string
		reset bool // k reset before its later count
		want  string
	}{
		{"evicted", false, "1 (in cost units) never written, and 2 in writes whose outcome is unknown (in the store if they landed), on 1 keys"},
		{"reset, then evicted", true, "1 (in cost units) never written, and 0 in writes whose outcome is unknown (in the store if they landed), on 1 keys"},
	} {
		t.Run(tt.name, func(t *testing.T) { testLaterCountsOfAnEvictedKey(t, tt.reset, tt.want) })
	}
}

func testLaterCountsOfAnEvictedKey(t *testing.T, reset bool, want string) {
	synctest.Test(t, func(t *testing.T) {
		ls := &loopStore{MemoryStore: NewMemoryStore()}
		c, s, cancel, done := startEvictLoop(t, ls, Config{Store: writeDown{ls}, Interval: time.Second, FinalFlushTimeout: 3 * time.Second})
		k := cache.Key{ClientID: "k"}
		commitN(c, k, 2)
		time.Sleep(1500 * time.Millisecond)
		synctest.Wait()
		if n := s.Unsettled(); n != 1 {
			t.Fatalf("%d writes unsettled after the first flush, want k's", n)
		}
		if reset {
			if dropped, _ := c.Reset(k, cache.Snapshot{Epoch: 1}, time.Now()); dropped != 2 {
				t.Fatalf("Reset dropped %d, want k's 2", dropped)
			}
		}
		commitN(c, k, 1)
		time.Sleep(30 * time.Second) // flushes pass k over: its write is unsettled
		synctest.Wait()
		evict(t, c, k)
		if local := c.AppendLocal(nil, time.Now()); len(local) != 0 {
			t.Fatalf("k evicted and off its dirty list: AppendLocal = %+v, want none", local)
		}
		cancel()
		if err := <-done; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Run = %v, want %s", err, want)
		}
	})
}

// startEvictLoop runs a Syncer of cfg (its Store and Interval; ls's
// clock started) on a cache of 16 keys, one a shard, which new keys evict
// from; with no Logger, it logs nowhere. It returns the cache, the Syncer,
// the cancel that stops it and where Run returns.
func startEvictLoop(t *testing.T, ls *loopStore, cfg Config) (*cache.Cache, *Syncer, context.CancelFunc, <-chan error) {
	t.Helper()
	c, err := cache.New(cache.Config{Shards: 16, MaxKeys: 16})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Cache, cfg.Instance, cfg.PullInterval = c, "A", time.Hour
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(new(bytes.Buffer), nil))
	}
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ls.start = time.Now()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	return c, s, cancel, done
}

// commitN commits n requests of cost 1 to k, in tier.
func commitN(c *cache.Cache, k cache.Key, n int) {
	for range n {
		d := c.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, time.Now())
		c.Commit(&d.Reservation)
	}
}

// evict reserves and releases new keys until c no longer holds k.
func evict(t *testing.T, c *cache.Cache, k cache.Key) {
	t.Helper()
	for i := 0; ; i++ {
		if _, held := c.LongestWindow(k); !held {
			return
		}
		if i > 10000 {
			t.Fatal("k was never evicted")
		}
		d := c.Reserve(cache.Key{ClientID: fmt.Sprint("x", i)}, []window.Tier{tier}, 1, cache.Enforce, time.Now())
		c.Release(&d.Reservation)
	}
}

// writeDown is a store that reads and does not write.
type writeDown struct{ *loopStore }

func (s writeDown) Write(_ context.Context, ws []Write) ([]Outcome, error) {
	return make([]Outcome, len(ws)), errDown
}

// TestSplitFrames: local counts split by frame into those no write took
// and those in writes, each unit of a write set against one entry only
// (two entries of one key: an evicted one still queued, and a new one).
func TestSplitFrames(t *testing.T) {
	m := func(start, n int64) cache.Frame { return cache.Frame{Size: time.Minute, StartUnix: start, N: n} }
	h := func(start, n int64) cache.Frame { return cache.Frame{Size: time.Hour, StartUnix: start, N: n} }
	for _, tt := range []struct {
		name      string
		entries   [][]cache.Frame // the local frames of each entry of the key
		never, in int64           // cache.Requests of each, summed over the entries
	}{
		{"part of a frame in a write", [][]cache.Frame{{m(60, 5), h(0, 5)}}, 2, 3},
		{"the write's minute out of the window", [][]cache.Frame{{m(120, 2), h(0, 5)}}, 2, 3},
		{"frames no write holds", [][]cache.Frame{{m(120, 2), h(3600, 2)}}, 2, 0},
		{"two entries of the key", [][]cache.Frame{{m(60, 2), h(0, 2)}, {m(60, 2), h(0, 2)}}, 1, 3},
		{"no counts", [][]cache.Frame{{m(60, 0)}}, 0, 0},
		{"a count below 0 takes nothing", [][]cache.Frame{{m(60, -1)}, {m(60, 5)}}, 2, 3},
	} {
		writes := []cache.Frame{m(60, 3), h(0, 3)}
		var never, in int64
		for _, local := range tt.entries {
			n, i := splitFrames(local, writes)
			never, in = never+cache.Requests(n), in+cache.Requests(i)
		}
		if never != tt.never || in != tt.in {
			t.Errorf("%s: never %d, in %d; want %d, %d", tt.name, never, in, tt.never, tt.in)
		}
	}
}

// TestSplitLocalByKey: a key evicted while its write was unsettled and
// still queued (counted again since the write was taken), and used again
// in a later minute of the same hour: cache.AppendLocal gives the new,
// held entry first, then the queued one. The old entry's 3 counts are in
// the write, the new entry's 1 in none: 1 never written, 3 unknown. Split
// entry by entry, the new entry's hour took the write's, and the old
// entry's hour was left never written: 2 and 4, for 4 counts.
func TestSplitLocalByKey(t *testing.T) {
	m := func(start, n int64) cache.Frame { return cache.Frame{Size: time.Minute, StartUnix: start, N: n} }
	h := func(start, n int64) cache.Frame { return cache.Frame{Size: time.Hour, StartUnix: start, N: n} }
	k := cache.Key{ClientID: "k"}
	local := []cache.Pending{
		{Key: k, Delta: []cache.Frame{m(120, 1), h(0, 1)}}, // the new entry
		{Key: k, Delta: []cache.Frame{m(60, 3), h(0, 3)}},  // the evicted one, queued
	}
	writes := map[cache.Key][]cache.Frame{k: {m(60, 3), h(0, 3)}}
	seen := map[cache.Key]bool{}
	if lost, unknown := splitLocal(local, writes, seen); lost != 1 || unknown != 3 || len(seen) != 1 {
		t.Errorf("splitLocal = %d never written, %d unknown, on %d keys; want 1, 3, on 1", lost, unknown, len(seen))
	}
}

// A final flush that fails with no counts at stake is no loss, and does
// not say one: helper-52's audit H saw "counts of 0 (in cost units) on 0
// keys, made here, may not have reached the store" logged at ERROR. The
// store is down from the start, the write of k's 2 counts has its answer
// lost, and the final flush cannot read it back. Stopped 30 s later, the
// counts are at stake: the error says them. Stopped 3 minutes later, they
// are out of k's one-minute window: logged at WARN, Run returns nil. The
// metrics of what a final flush gave up say the error's figures, and
// nothing when there is no error.
func TestRunFinalFlushSaysOnlyCountsAtStake(t *testing.T) {
	for _, tt := range []struct {
		name    string
		stopped time.Duration // after the first flush
		wantErr string        // "": nil
		wantLog string
		// What the metrics say the stop left: the error's figures.
		wantUnknown, wantKeys float64
	}{
		{name: "counts in their window", stopped: 30 * time.Second, wantErr: "0 (in cost units) never written, and 2 in writes whose outcome is unknown (in the store if they landed), on 1 keys", wantUnknown: 2, wantKeys: 1},
		{name: "counts out of their window", stopped: 3 * time.Minute,
			wantLog: `level=WARN msg="final flush failed with no counts at stake" err="syncer: flush: read back 1 writes with lost answers: load 1 keys: store down"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ls := &loopStore{MemoryStore: NewMemoryStore(), down: true}
				reg := prometheus.NewRegistry()
				r := startLoop(t, ls, ls, Config{Interval: time.Second, FinalFlushTimeout: 3 * time.Second, Registerer: reg})
				minute := []window.Tier{{Limit: 100, Size: time.Minute}}
				writeLost(t, r, cache.Key{ClientID: "k"}, minute)
				time.Sleep(tt.stopped)
				err := r.stop()
				switch {
				case tt.wantErr == "" && err != nil:
					t.Errorf("Run = %v, want nil: nothing was at stake", err)
				case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
					t.Errorf("Run = %v, want an error that says %q", err, tt.wantErr)
				}
				logs := r.logs.String()
				if tt.wantLog != "" && !strings.Contains(logs, tt.wantLog) {
					t.Errorf("logs lack %s:\n%s", tt.wantLog, logs)
				}
				if strings.Contains(logs, "counts of 0") {
					t.Errorf("logs say counts of 0 may be lost:\n%s", logs)
				}
				if never, unknown, keys := FinalUnwritten(t, reg); never != 0 || unknown != tt.wantUnknown || keys != tt.wantKeys {
					t.Errorf("metrics: %v never written, %v unknown, on %v keys; want 0, %v, %v (Run's error)", never, unknown, keys, tt.wantUnknown, tt.wantKeys)
				}
				// The error carries the same figures, for the server's log
				// attributes and exit status.
				var ffe *FinalFlushError
				if got := errors.As(err, &ffe); got != (tt.wantErr != "") {
					t.Errorf("Run = %v: a *FinalFlushError: %v, want %v", err, got, tt.wantErr != "")
				} else if got && (ffe.NeverWritten != 0 || float64(ffe.Unknown) != tt.wantUnknown || float64(ffe.Keys) != tt.wantKeys || ffe.Err == nil) {
					t.Errorf("Run's FinalFlushError: %+v; want 0 never written, %v unknown, on %v keys, and the flush's error", *ffe, tt.wantUnknown, tt.wantKeys)
				}
			})
		})
	}
}

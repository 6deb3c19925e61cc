package syncer_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestClockAheadKeepsTheFramesOthersCount is helper-41's repro of audit G's
// F4: b's clock is ahead of a's, within a window (and MaxSkew). 25 s into
// a's minute after the one a counted 50 requests in, b's clock is already
// in the minute after that, and b's compare-and-swap replaced the
// document's frames with those of its own window: a's previous minute was
// gone, and a's estimate fell from 29 (50 at weight 35/60) to 0. Writes
// now set frames by name and drop only those past dropCutoff by the
// writer's clock, which keeps the frame before the writer's previous one:
// a keeps its count. Later, once a's clock too has left that frame behind,
// b's next write after a read drops it: the document does not keep it.
func TestClockAheadKeepsTheFramesOthersCount(t *testing.T) {
	minute := window.Tier{Limit: bigLimit, Size: time.Minute}
	k := keyK
	for _, ahead := range []time.Duration{40 * time.Second, 59 * time.Second} {
		t.Run(fmt.Sprintf("b_%v_ahead", ahead), func(t *testing.T) {
			store := syncer.NewMemoryStore()
			f := t0 // a minute's start
			var aNow, bNow time.Time
			a := newCache(t, func() time.Time { return aNow })
			sa := newSyncer(t, syncer.Config{Cache: a, Store: store, Instance: "a", Now: func() time.Time { return aNow }})
			b := newCache(t, func() time.Time { return bNow })
			sb := newSyncer(t, syncer.Config{Cache: b, Store: store, Instance: "b", Now: func() time.Time { return bNow }})
			at := func(aAt time.Duration) { aNow, bNow = f.Add(aAt), f.Add(aAt+ahead) }
			flush := func(s *syncer.Syncer) {
				t.Helper()
				if err := s.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			frames := func() []cache.Frame {
				docs, err := store.Load(t.Context(), []cache.Key{k})
				if err != nil {
					t.Fatal(err)
				}
				return docs[0].Snapshot.Frames
			}

			at(30 * time.Second)
			hitTier(t, a, k, minute, 50, aNow)
			flush(sa)
			// The time moves on; at each step b counts a request and
			// writes, and a reads the key and estimates it.
			for aAt := 35 * time.Second; aAt <= 2*time.Minute+50*time.Second; aAt += 5 * time.Second {
				at(aAt)
				hitTier(t, b, k, minute, 1, bNow)
				flush(sb)
				estimate(a, k, minute, aNow) // a request of a's: the key is pulled
				if err := sa.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				if err := sb.PullOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				// a's 50 weigh in a's window until f + 2 minutes by a's
				// clock: in its previous minute from f + 1 minute on.
				var want int64
				switch {
				case aAt < time.Minute:
					want = 50
				case aAt < 2*time.Minute:
					want = 50 * (2*60 - int64(aAt/time.Second)) / 60
				}
				if got := estimate(a, k, minute, aNow); got < want {
					t.Fatalf("a at f+%v (b at f+%v): a's estimate %d, want at least %d (its 50 at f+30s); document %v",
						aAt, aAt+ahead, got, want, frames())
				}
			}
			// a's clock is past f + 2 minutes, b's past f + 3 minutes:
			// frame f counts nowhere, and b's write after its read drops
			// it.
			for _, fr := range frames() {
				if fr.StartUnix <= f.Unix() {
					t.Errorf("document frames %v: frame f (%d) kept at a's f+2m50s", frames(), f.Unix())
				}
			}
		})
	}
}

// TestSkewedFleetKeepsEveryCountedFrame runs two instances whose clocks are
// 40 s, 59 s or 0 apart, with their loops (Run), for five minutes of
// requests on one key, and checks every second that the document holds
// every count flushed a few intervals ago in each frame that either
// instance still counts, and never more than five minute frames (the
// current of the instance ahead, the frames down to the one before the
// previous of the instance behind, and one learned past dropCutoff not yet
// dropped). A compare-and-swap that replaced every frame (audit G, F4)
// erased the frame behind's previous minute at each write of the instance
// ahead.
func TestSkewedFleetKeepsEveryCountedFrame(t *testing.T) {
	for _, skew := range []time.Duration{0, 40 * time.Second, -40 * time.Second, 59 * time.Second} {
		t.Run(fmt.Sprintf("b_%v", skew), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store := syncer.NewMemoryStore()
				clocks := []func() time.Time{time.Now, func() time.Time { return time.Now().Add(skew) }}
				minute := []window.Tier{{Limit: bigLimit, Size: time.Minute}}
				var caches []*cache.Cache
				ctx, cancel := context.WithCancel(t.Context())
				var wg sync.WaitGroup
				for i, now := range clocks {
					c := newCache(t, now)
					s := newSyncer(t, syncer.Config{Cache: c, Store: store, Instance: fmt.Sprint("i", i), Now: now, Interval: time.Second})
					caches = append(caches, c)
					wg.Go(func() { _ = s.Run(ctx) })
				}
				type commit struct {
					start int64     // the frame, by its instance's clock
					at    time.Time // real (the bubble's) time
				}
				var commits []commit
				const lag = 5 * time.Second // flushed by then
				start := time.Now()
				for step := 0; time.Since(start) < 5*time.Minute; step++ {
					i := step % 2
					now := clocks[i]()
					d := caches[i].Reserve(keyK, minute, 1, cache.Enforce, now)
					caches[i].Commit(&d.Reservation)
					commits = append(commits, commit{now.Unix() - now.Unix()%60, time.Now()})
					time.Sleep(250 * time.Millisecond)
					if step%4 != 3 {
						continue
					}
					synctest.Wait()
					docs, err := store.Load(t.Context(), []cache.Key{keyK})
					if err != nil {
						t.Fatal(err)
					}
					stored := map[int64]int64{}
					for _, f := range docs[0].Snapshot.Frames {
						stored[f.StartUnix] += f.N
					}
					if len(docs[0].Snapshot.Frames) > 5 {
						t.Fatalf("at +%v: the document holds %d frames: %v", time.Since(start), len(docs[0].Snapshot.Frames), docs[0].Snapshot.Frames)
					}
					behind := min(clocks[0]().Unix(), clocks[1]().Unix())
					counted := behind - behind%60 - 60 // the previous minute of the instance behind
					flushed := map[int64]int64{}
					for _, c := range commits {
						if c.start >= counted && time.Since(c.at) >= lag {
							flushed[c.start]++
						}
					}
					for f, n := range flushed {
						if stored[f] < n {
							t.Fatalf("at +%v (clocks %v, %v): frame %d holds %d, want at least the %d flushed; document %v",
								time.Since(start), clocks[0]().Format(time.TimeOnly), clocks[1]().Format(time.TimeOnly), f, stored[f], n, docs[0].Snapshot.Frames)
						}
					}
				}
				cancel()
				wg.Wait()
			})
		})
	}
}

// hitTier counts n requests of cost 1 on k in c at now, limited by tier.
func hitTier(t *testing.T, c *cache.Cache, k cache.Key, tier window.Tier, n int, now time.Time) {
	t.Helper()
	for range n {
		d := c.Reserve(k, []window.Tier{tier}, 1, cache.Enforce, now)
		if !d.Allowed || !d.Counted {
			t.Fatalf("request for %q not admitted: %+v", k, d)
		}
		c.Commit(&d.Reservation)
	}
}

// A compare-and-swap now sets frames by name and drops those past
// dropCutoff (learned at a read); its answer lost, it is settled as any
// compare-and-swap: confirmed if its Seq is in the document, else sent
// again identical, which the version lets land once, and a late copy of it
// is refused. The frames it neither names nor drops stay, and every count
// is in the document once.
func TestLostAnswerOfACompareAndSwapByName(t *testing.T) {
	m := time.Minute
	minute := window.Tier{Limit: bigLimit, Size: m}
	f := t0.Unix() // a minute's start
	now := t0.Add(30 * time.Second)
	fr := func(ago, n int64) cache.Frame { return cache.Frame{Size: m, StartUnix: f - 60*ago, N: n} }
	for _, c := range []struct {
		name      string
		landed    bool // the first copy landed (else it is late)
		bWrites   bool // B adds to the current frame before X's next flush
		wantFinal []cache.Frame
	}{
		{"landed", true, false, []cache.Frame{fr(2, 5), fr(1, 6), fr(0, 10)}},
		{"landed, then B added", true, true, []cache.Frame{fr(2, 5), fr(1, 6), fr(0, 12)}},
		{"not landed, resent, late copy refused", false, false, []cache.Frame{fr(2, 5), fr(1, 6), fr(0, 10)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			// B's document: three minutes back (past dropCutoff at
			// now), two back (kept for the clocks behind), the
			// previous and the current minute.
			bSeq := t0.UnixMilli()
			b := syncer.Write{Key: keyK, NewVersion: 1, Frames: []cache.Frame{fr(3, 4), fr(2, 5), fr(1, 6), fr(0, 7)},
				Expire: now.Add(time.Hour), Instance: "B", Seq: bSeq}
			if outs, err := inner.Write(t.Context(), []syncer.Write{b}); err != nil || outs[0] != syncer.Written {
				t.Fatalf("B's write: %v, %v", outs, err)
			}
			var late []syncer.Write
			store := &scriptStore{Store: inner, script: loseAnswers(c.landed, &late, 1)}
			x := newCache(t, fixedClock(now))
			sx := newSyncer(t, syncer.Config{Cache: x, Store: store, Instance: "X", Now: fixedClock(now)})
			estimate(x, keyK, minute, now) // a request: the key is in use, and pulled
			if err := sx.PullOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			hitTier(t, x, keyK, minute, 3, now)
			if err := sx.FlushOnce(t.Context()); !errors.Is(err, errInjected) {
				t.Fatalf("FlushOnce = %v, want the injected error", err)
			}
			_, calls := store.ops()
			w := calls[len(calls)-1].ws[0]
			if w.Add || !slices.Equal(w.Frames, []cache.Frame{fr(1, 6), fr(0, 10)}) || !slices.Equal(w.Drop, []cache.Frame{fr(3, 0)}) {
				t.Fatalf("X's write: add %v, frames %v, drop %v; want a compare-and-swap of %v dropping %v", w.Add, w.Frames, w.Drop, []cache.Frame{fr(1, 6), fr(0, 10)}, []cache.Frame{fr(3, 0)})
			}
			if c.bWrites {
				add := syncer.Write{Key: keyK, Version: 1, NewVersion: 2, Frames: []cache.Frame{fr(0, 2)}, Expire: now.Add(time.Hour), Instance: "B", Seq: bSeq + 1, Add: true}
				if outs, err := inner.Write(t.Context(), []syncer.Write{add}); err != nil || outs[0] != syncer.Written {
					t.Fatalf("B's add: %v, %v", outs, err)
				}
			}
			if err := sx.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			if sx.Unsettled() != 0 {
				t.Fatalf("Unsettled() = %d, want 0", sx.Unsettled())
			}
			if len(late) > 0 { // the first copy lands now: refused
				if outs, err := inner.Write(t.Context(), late); err != nil || outs[0] != syncer.Conflict {
					t.Fatalf("the late copy: %v, %v; want a conflict", outs, err)
				}
			}
			docs, err := inner.Load(t.Context(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			if got := docs[0].Snapshot.Frames; !slices.Equal(got, c.wantFinal) {
				t.Errorf("document frames %v, want %v", got, c.wantFinal)
			}
			var cur int64
			for _, g := range c.wantFinal {
				if g.StartUnix == f {
					cur = g.N
				}
			}
			if got, want := estimate(x, keyK, minute, now), 6*30/60+cur; got != want {
				t.Errorf("X estimates %d, want %d", got, want)
			}
		})
	}
}

// A server with TTL indexes deletes a document by its own clock once its
// expiry has passed; an instance whose clock is behind the writer's, by
// up to MaxSkew, still counts the document's frames then. w (in step with
// the server) counts 60 requests at the start of a minute f and writes
// them, then the key is idle; the server deletes what has expired at f +
// 2m10s by its clock (MemoryStore.Sweep with the server's time: what the
// TTL index does). r, 30s (MaxSkew) behind, is then at f + 1m40s, where w's
// minute is r's previous one and weighs 20/60: r, reading the key, must
// find 20. Without MaxSkew in the expiry (f + 2m2s) the document was gone
// and r read 0.
func TestTTLKeepsWhatAClockBehindCounts(t *testing.T) {
	const skew = 30 * time.Second
	minute := window.Tier{Limit: bigLimit, Size: time.Minute}
	k := keyK
	mem := syncer.NewMemoryStore()
	store := memTTL{mem}
	f := t0 // a minute's start
	wNow := f
	w := newCache(t, func() time.Time { return wNow })
	sw := newSyncer(t, syncer.Config{Cache: w, Store: store, Instance: "w", MaxSkew: skew, Now: func() time.Time { return wNow }})
	hitTier(t, w, k, minute, 60, wNow)
	if err := sw.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}

	server := f.Add(2*time.Minute + 10*time.Second)
	if _, err := mem.Sweep(t.Context(), server); err != nil {
		t.Fatal(err)
	}
	rNow := server.Add(-skew)
	r := newCache(t, func() time.Time { return rNow })
	sr := newSyncer(t, syncer.Config{Cache: r, Store: store, Instance: "r", MaxSkew: skew, Now: func() time.Time { return rNow }})
	estimate(r, k, minute, rNow) // a request of r's: the key is new to r
	if err := sr.LoadNewOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got, want := estimate(r, k, minute, rNow), int64(20); got != want {
		t.Errorf("r, %v behind, reads %d at f + %v by its clock, want %d (60 at weight 20/60): the server deleted the document while a clock within MaxSkew still counts it", skew, got, rNow.Sub(f), want)
	}
}

// memTTL is a MemoryStore that reports TTL: the test deletes what expired,
// as the server of a TTL index would, by calling Sweep with its clock.
type memTTL struct{ *syncer.MemoryStore }

func (memTTL) TTL() bool { return true }

// A reset on a store with TTL sets the document's expiry as a flush does,
// MaxSkew included: the reset document (no frames, a new epoch) must
// outlive every instance within MaxSkew that still holds counts from
// before the reset, or one of them writes them into a new document once
// the server has deleted it. A reset a minute after the last flush moves
// the expiry to now + 2m + 2 Intervals + MaxSkew.
func TestResetOnATTLStoreKeepsTheMargin(t *testing.T) {
	const skew = 30 * time.Second
	minute := window.Tier{Limit: bigLimit, Size: time.Minute}
	mem := syncer.NewMemoryStore()
	now := t0
	w := newCache(t, func() time.Time { return now })
	sw := newSyncer(t, syncer.Config{Cache: w, Store: memTTL{mem}, Instance: "w", MaxSkew: skew, Interval: time.Second, Now: func() time.Time { return now }})
	hitTier(t, w, keyK, minute, 5, now)
	if err := sw.FlushOnce(t.Context()); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Minute)
	if _, err := sw.Reset(t.Context(), keyK); err != nil {
		t.Fatal(err)
	}
	docs, err := mem.Load(t.Context(), []cache.Key{keyK})
	if err != nil {
		t.Fatal(err)
	}
	if want := now.Add(2*time.Minute + 2*time.Second + skew); !docs[0].Expire.Equal(want) {
		t.Errorf("the reset document expires at %v, want now + 2m2s + MaxSkew %v = %v", docs[0].Expire, skew, want)
	}
}

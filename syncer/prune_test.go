package syncer_test

import (
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A hot document written by one restarted instance after another (each
// process has a new instance ID) keeps a bounded lastWrites: each write
// prunes the entries older than two of the document's longest frames plus
// MaxSkew (5m by default), and keeps every younger one, which a lost answer
// of its instance may still need.
func TestRestartsKeepLastWritesBounded(t *testing.T) {
	cases := []struct {
		name    string
		tier    window.Tier
		step    time.Duration // between restarts
		horizon time.Duration // entries younger than this stay
		maxLen  int
	}{
		{"MinuteWindow", window.Tier{Limit: bigLimit, Size: time.Minute}, 2 * time.Minute, 2*time.Minute + 5*time.Minute, 4},
		{"DayWindow", dayTier, 3 * time.Hour, 48*time.Hour + 5*time.Minute, 17},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			store := syncer.NewMemoryStore()
			written := map[string]time.Time{} // instance -> when it wrote
			maxLen := 0
			for i := range 20 {
				now := t0.Add(time.Duration(i) * c.step)
				inst := fmt.Sprintf("host-%d-%06x", 100+i, i)
				cc := newCache(t, fixedClock(now))
				s := newSyncer(t, syncer.Config{Cache: cc, Store: store, Instance: inst, Now: fixedClock(now)})
				d := cc.Reserve(keyK, []window.Tier{c.tier}, 1, cache.Enforce, now)
				cc.Commit(&d.Reservation)
				if err := s.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
				written[s.Writer()] = now
				docs, err := store.Load(t.Context(), []cache.Key{keyK})
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]int64{}
				for name, at := range written {
					if !at.Before(now.Add(-c.horizon)) {
						want[name] = docs[0].LastWrites[name]
					}
				}
				if !maps.Equal(docs[0].LastWrites, want) || want[s.Writer()] == 0 {
					t.Fatalf("after restart %d at +%v: lastWrites %v, want the entries of the instances that wrote since -%v: %v",
						i, now.Sub(t0), docs[0].LastWrites, c.horizon, want)
				}
				maxLen = max(maxLen, len(docs[0].LastWrites))
			}
			if maxLen != c.maxLen {
				t.Errorf("lastWrites held up to %d entries, want %d", maxLen, c.maxLen)
			}
		})
	}
}

// An instance X whose write landed but whose answer was lost meets another
// instance Y that writes the key later, its clock up to MaxSkew ahead of
// X's. Within two of the document's longest frames (an hour here, with a
// minute frame beside it) plus MaxSkew, Y keeps X's entry, and X confirms
// its write: the hour frame holds X's count once. Past that, Y prunes the
// entry; X can no longer prove its write landed and aborts it, but by its
// own clock every frame of the delta has left its window, so nothing is
// written again and nothing is counted twice.
func TestPrunedEntryOfALostAnswerCountsNothingTwice(t *testing.T) {
	minute := window.Tier{Limit: bigLimit, Size: time.Minute}
	tiers := []window.Tier{minute, hourTier}
	cases := []struct {
		name       string
		yAfter     time.Duration // when Y writes, by its clock, after X's write
		lag        time.Duration // how far X's clock is behind Y's
		wantPruned bool
		wantHour   int64 // in the hour window, by X's clock in the end
	}{
		{"PastTheMinuteHorizon", 7*time.Minute + time.Second, 0, false, 1 + 2},
		{"PastTheMinuteHorizonSkewed", 7*time.Minute + time.Second, 5 * time.Minute, false, 1 + 2},
		{"PastTheHourHorizon", 2*time.Hour + 5*time.Minute + time.Second, 0, true, 2},
		{"PastTheHourHorizonSkewed", 2*time.Hour + 5*time.Minute + time.Second, 5 * time.Minute, true, 2},
		// Y also drops X's hour frame (past dropCutoff: three hours
		// after its start), with the minute frames long gone: the
		// document shows no frame of X's delta, and X writes none again.
		{"PastTheHourDropped", 3*time.Hour + time.Second, 0, true, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inner := syncer.NewMemoryStore()
			store := &scriptStore{Store: inner, script: loseAnswers(true, nil, 1)}
			xNow := t0
			x := newCache(t, func() time.Time { return xNow })
			sx := newSyncer(t, syncer.Config{Cache: x, Store: store, Instance: "X", Now: func() time.Time { return xNow }})
			d := x.Reserve(keyK, tiers, 1, cache.Enforce, xNow)
			x.Commit(&d.Reservation)
			_ = sx.FlushOnce(t.Context()) // lands, answer lost
			if sx.Unsettled() != 1 {
				t.Fatalf("Unsettled() = %d, want 1", sx.Unsettled())
			}

			yNow := t0.Add(c.yAfter)
			y := newCache(t, fixedClock(yNow))
			sy := newSyncer(t, syncer.Config{Cache: y, Store: inner, Instance: "Y", Now: fixedClock(yNow)})
			for range 2 {
				d := y.Reserve(keyK, tiers, 1, cache.Enforce, yNow)
				y.Commit(&d.Reservation)
			}
			if err := sy.FlushOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			docs, err := inner.Load(t.Context(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			if _, kept := docs[0].LastWrites[sx.Writer()]; kept == c.wantPruned {
				t.Fatalf("lastWrites %v: X's entry pruned %v, want %v", docs[0].LastWrites, !kept, c.wantPruned)
			}
			for _, f := range docs[0].Snapshot.Frames {
				if f.StartUnix+3*int64(f.Size/time.Second) <= yNow.Unix() {
					t.Errorf("frames %v: %v kept past dropCutoff by Y's clock", docs[0].Snapshot.Frames, f)
				}
			}

			xNow = yNow.Add(-c.lag)
			for range 2 {
				if err := sx.FlushOnce(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
			if sx.Unsettled() != 0 {
				t.Errorf("X: Unsettled() = %d, want 0", sx.Unsettled())
			}
			estimate(x, keyK, hourTier, xNow) // a request: the key is in use, and pulled
			if err := sx.PullOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
			if e := estimate(x, keyK, hourTier, xNow); e != c.wantHour {
				t.Errorf("X estimates %d in the hour window, want %d", e, c.wantHour)
			}
			docs, err = inner.Load(t.Context(), []cache.Key{keyK})
			if err != nil {
				t.Fatal(err)
			}
			var hour int64
			for _, f := range docs[0].Snapshot.Frames {
				if f.Size == time.Hour && f.StartUnix+2*3600 > xNow.Unix() {
					hour += f.N
				}
			}
			if hour != c.wantHour {
				t.Errorf("store frames %v: %d in the hour window by X's clock, want %d", docs[0].Snapshot.Frames, hour, c.wantHour)
			}
		})
	}
}

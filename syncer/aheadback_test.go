package syncer_test

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestClockAheadAndBackKeepsTheCounts: instance a counts 6 requests of a
// key limited to 10 a minute, and before its next flush its clock jumps
// ahead (an NTP step of a clock set wrong, a VM restored) and comes back
// two seconds later, in the same real minute. Meanwhile a flush ran at the
// clock ahead, or a request was decided there, or both, or nothing. Then
// a flushes, and b, whose clock was right all along, reads the key and
// admits what is left.
//
// A jump of two minutes or more rolled the key's counter past the minute,
// which dropped its 6 unflushed counts: the flush ahead wrote nothing, and
// the one back had nothing to write. b then admitted 10 in the real minute
// where a had admitted 6 (16, with a limit of 10), and a, back, estimated
// 0 or 1 (the request ahead): it too would have admitted 10 again until a
// read. A jump of one minute keeps them (the counter's previous frame), and
// so did no roll at all.
//
// A request a decides while ahead counts in the frame of its clock (a
// frame ahead, which b counts when its clock gets there, see
// TestClockSteppedBack), not in the real minute: b's 4 are what the limit
// leaves of a's 6 alone.
func TestClockAheadAndBackKeepsTheCounts(t *testing.T) {
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	for _, tt := range []struct {
		name        string
		ahead       time.Duration
		decideAhead bool
		flushAhead  bool
		aEstimate   int64 // a's, back: its 6, and the request ahead if in its counter's frames
	}{
		{"no_jump", 0, true, true, 7},
		{"1m_ahead", time.Minute, true, true, 7}, // back into the previous frame: a counts in the one ahead
		{"2m_ahead_flush_there", 2 * time.Minute, false, true, 6},
		{"2m_ahead_request_there", 2 * time.Minute, true, false, 6},
		{"2m_ahead_request_and_flush_there", 2 * time.Minute, true, true, 6},
		{"1h_ahead_request_and_flush_there", time.Hour, true, true, 6},
		{"2m_ahead_no_roll", 2 * time.Minute, false, false, 6},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			store := syncer.NewMemoryStore()
			p := newAheadPair(t, store)
			a, sa, b, sb := p.a, p.sa, p.b, p.sb
			k := cache.Key{ClientID: "c"}
			must := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			admit := func(c *cache.Cache, now time.Time) bool { return admitN(c, k, tiers, now, 1) == 1 }
			admitAll := func(c *cache.Cache, now time.Time) int { return admitN(c, k, tiers, now, 20) }

			for range 6 {
				if !admit(a, p.aNow) {
					t.Fatal("a refused one of its first 6")
				}
			}
			p.aNow = p.real.Add(tt.ahead)
			if tt.decideAhead && !admit(a, p.aNow) {
				t.Fatal("a refused a request ahead")
			}
			if tt.flushAhead {
				must(sa.FlushOnce(ctx))
			}
			p.real = p.real.Add(2 * time.Second)
			p.aNow = p.real // set right
			must(sa.FlushOnce(ctx))

			if n := estimate(a, k, tiers[0], p.real); n != tt.aEstimate {
				t.Errorf("a, back, estimates %d, want %d", n, tt.aEstimate)
			}
			minute := p.real.Truncate(time.Minute).Unix()
			docs, err := store.Load(ctx, []cache.Key{k})
			must(err)
			var inMinute int64
			for _, f := range docs[0].Snapshot.Frames {
				if f.Size == time.Minute && f.StartUnix == minute {
					inMinute = f.N
				}
			}
			want := int64(6) // a's in the real minute
			if tt.decideAhead && p.real.Add(tt.ahead).Truncate(time.Minute).Unix() == minute {
				want++ // no jump: the request "ahead" is in the real minute too
			}
			if inMinute != want {
				t.Errorf("the store holds %d in the real minute, want a's %d", inMinute, want)
			}

			b.Release(new(b.Reserve(k, tiers, 1, cache.Enforce, p.real).Reservation)) // b holds the key: the read installs it
			must(sb.LoadNewOnce(ctx))
			if n := admitAll(b, p.real); int64(n) != 10-want {
				t.Errorf("b admitted %d in the real minute, want the %d a's %d leave", n, 10-want, want)
			}
			must(sb.FlushOnce(ctx))
			must(sa.PullOnce(ctx))
			if n := admitAll(a, p.real); n != 0 {
				t.Errorf("a, back, admitted %d more in the real minute, want 0 (its %d and b's %d)", n, want, 10-want)
			}
		})
	}
}

// aheadPair is two instances of one store, a and b, without the share:
// each admits what the limit leaves by the counts it has read, so what b
// admits is what the store told. b's clock reads real; a's reads aNow,
// which a test moves ahead and back (both start 10 s into t0's minute).
type aheadPair struct {
	a, b       *cache.Cache
	sa, sb     *syncer.Syncer
	real, aNow time.Time
}

func newAheadPair(t *testing.T, store syncer.Store) *aheadPair {
	t.Helper()
	p := &aheadPair{real: t0.Add(10 * time.Second)}
	p.aNow = p.real
	aClock := func() time.Time { return p.aNow }
	bClock := func() time.Time { return p.real }
	newCache := func(now func() time.Time) *cache.Cache {
		c, err := cache.New(cache.Config{Shards: 4, Now: now, NoShare: true})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	p.a = newCache(aClock)
	p.sa = newSyncer(t, syncer.Config{Cache: p.a, Store: store, Instance: "a", Now: aClock})
	p.b = newCache(bClock)
	p.sb = newSyncer(t, syncer.Config{Cache: p.b, Store: store, Instance: "b", Now: bClock})
	return p
}

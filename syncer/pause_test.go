package syncer_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestNoOutageAfterAPause: a process that was stopped (SIGSTOP, a VM or
// container frozen, a long stall) or whose clock stepped forward finds its
// last heartbeat older than OutageAfter by its clock when it runs again,
// though the store answers. It must beat before it judges: judged first,
// it reported the store down and applied the outage modes (no share, the
// whole limit for an optimistic client) until the beat that followed
// landed. An outside audit (three server processes, one stopped for 90 s):
// "store down: outage limits" then "store answers again" 234 ms later, and
// in between the requests queued on it were decided with the whole limit
// on a 90 s old snapshot: a hot client's minute reached 413 of 240. And a
// beat that waited on the store when the process stopped fails when it runs
// again, its deadline passed meanwhile: that is no outage either (the same
// audit, after the first fix: 1 s of outage limits).
func TestNoOutageAfterAPause(t *testing.T) {
	for _, tt := range []struct {
		jump    time.Duration
		waiting bool // a beat waits on the store when the process stops
	}{
		{20 * time.Second, false},
		{90 * time.Second, false},
		{time.Hour, false},
		{90 * time.Second, true},
	} {
		jump := tt.jump
		name := jump.String()
		if tt.waiting {
			name += " with a beat waiting"
		}
		t.Run(name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var mu sync.Mutex
				var judged, down int
				store := &hangStore{switchStore: &switchStore{MemoryStore: syncer.NewMemoryStore()}}
				p := runPausable(t, store, func(o syncer.Outage, _ time.Time) {
					mu.Lock()
					defer mu.Unlock()
					judged++
					if o.Down {
						down++
					}
				})
				time.Sleep(5*time.Second + 500*time.Millisecond)
				synctest.Wait()
				if tt.waiting {
					// The beat sent at 6 s waits; it gives up at 7.67 s
					// (a sixth of OutageAfter), before the tick at 8 s.
					store.hang.Store(true)
					time.Sleep(2 * time.Second)
					synctest.Wait()
					store.hang.Store(false)
				}
				p.skip.Store(int64(jump)) // the process runs again: its clock jumped
				// A scrape of oauth_ratelimit_store_outage, before the beat
				// loop runs: it judges from the old beat, and the loop must
				// not take that for an outage that was on before the pause.
				p.s.Outage()
				time.Sleep(5 * time.Second)
				synctest.Wait()
				mu.Lock()
				if down != 0 || judged < 8 {
					t.Errorf("a store that always answered, a pause of %v: judged down %d times of %d, want never", jump, down, judged)
				}
				mu.Unlock()
				p.stop()
			})
		})
	}
}

// TestAPauseDuringAnOutageKeepsIt: a stall of the process (a loaded host
// that does not run it for two intervals) while the store is down must not
// end the outage: the pause rule above is there so that a pause does not
// start one, and the store that did not answer before the stall does not
// answer after it. The rule took every pause for a store that may answer,
// and judged the outage from the resume: helper-83's live drill (three
// server processes on FerretDB, the store cut for 3.5 minutes, a host at
// load 6 on 2 cores) saw one process stall about 2 s in the outage, log
// "store answers again: normal limits" with no heartbeat landing, report
// oauth_ratelimit_store_outage 0 for 30 s (OutageAfter), refuse an
// optimistic client's requests on a share of a snapshot 100 s old, then
// log "store down: outage limits" again.
func TestAPauseDuringAnOutageKeepsIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var judged, up int
		watching := false
		store := &switchStore{MemoryStore: syncer.NewMemoryStore()}
		p := runPausable(t, store, func(o syncer.Outage, _ time.Time) {
			mu.Lock()
			defer mu.Unlock()
			if watching {
				judged++
				if !o.Down {
					up++
				}
			}
		})
		time.Sleep(3*time.Second + 500*time.Millisecond)
		store.down.Store(true)
		time.Sleep(15 * time.Second) // the outage starts 10 s after the last beat that landed
		synctest.Wait()
		if !p.s.Outage().Down {
			t.Fatalf("no outage 15 s into the store's")
		}
		mu.Lock()
		watching = true
		mu.Unlock()
		p.skip.Store(int64(3 * time.Second)) // the process did not run for 3 s
		time.Sleep(15 * time.Second)
		synctest.Wait()
		mu.Lock()
		if up != 0 || judged < 10 {
			t.Errorf("a stall of 3 s with the store down all along: judged the store back %d times of %d, want never", up, judged)
		}
		mu.Unlock()
		store.down.Store(false)
		time.Sleep(3 * time.Second)
		synctest.Wait()
		if p.s.Outage().Down {
			t.Errorf("the store answers again, and the outage goes on")
		}
		p.stop()
	})
}

// TestStallsAtAnOutagesStartDoNotPostponeIt: stalls of the process while
// the store does not answer, before the outage is declared, must not put
// it off. A pause after a beat that failed does not bring back a store
// that did not answer before it either: judged from each resume, stalls
// of 3 s every 6 s of the process's clock (a loaded host) kept an instance
// on its normal limits through 65 s of a store that answered nothing, 0
// judgements down of 78 (OutageAfter 10 s).
func TestStallsAtAnOutagesStartDoNotPostponeIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		var firstDown time.Time
		var upAfter int
		store := &switchStore{MemoryStore: syncer.NewMemoryStore()}
		p := runPausable(t, store, func(o syncer.Outage, now time.Time) {
			mu.Lock()
			defer mu.Unlock()
			switch {
			case o.Down && firstDown.IsZero():
				firstDown = now
			case !o.Down && !firstDown.IsZero():
				upAfter++
			}
		})
		time.Sleep(3*time.Second + 500*time.Millisecond)
		store.down.Store(true)
		cut := p.now()
		time.Sleep(5 * time.Second)
		for range 10 {
			p.skip.Add(int64(3 * time.Second)) // the process did not run for 3 s
			time.Sleep(3 * time.Second)
		}
		synctest.Wait()
		mu.Lock()
		// The last beat that landed was at most an interval before the
		// cut; one stall may fall between the outage's due time and the
		// tick that judges it.
		switch {
		case firstDown.IsZero():
			t.Errorf("stalls of 3 s every 6 s from 5 s into a store outage: no outage in 65 s; want one within 14 s")
		case firstDown.Sub(cut) > 10*time.Second+time.Second+3*time.Second || upAfter != 0:
			t.Errorf("stalls of 3 s every 6 s from 5 s into a store outage: declared %v after the cut, judged back %d times after; want within 14 s and never back", firstDown.Sub(cut), upAfter)
		default:
			t.Logf("declared %v after the cut", firstDown.Sub(cut))
		}
		mu.Unlock()
		p.stop()
	})
}

// pausable is a Syncer run in a synctest bubble (Interval 1 s, OutageAfter
// 10 s) whose clock runs ahead of the bubble's by skip: what the process
// slept through (SIGSTOP, a stalled host), as its clock sees it.
type pausable struct {
	skip atomic.Int64
	s    *syncer.Syncer
	stop func() // cancels Run and waits for it
}

func (p *pausable) now() time.Time { return time.Now().Add(time.Duration(p.skip.Load())) }

// runPausable starts a pausable on store; onBeat gets each judgement
// (Config.OnHeartbeat) and the process's time of it.
func runPausable(t *testing.T, store syncer.Store, onBeat func(o syncer.Outage, now time.Time)) *pausable {
	t.Helper()
	p := new(pausable)
	p.s = newSyncer(t, syncer.Config{
		Cache: newCache(t, p.now), Store: store, Instance: "me", Interval: time.Second,
		OutageAfter: 10 * time.Second, Now: p.now,
		OnHeartbeat: func(o syncer.Outage) { onBeat(o, p.now()) },
	})
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- p.s.Run(ctx) }()
	p.stop = func() {
		cancel()
		<-done
	}
	return p
}

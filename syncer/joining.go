// Instances that start together: each counts the fresh heartbeats for its
// first sync intervals, so that it learns of the others within moments.

package syncer

import (
	"context"
	"time"
)

// InstanceCounter is implemented by an InstanceStore that counts the
// heartbeats written since a time without reading them (one number back,
// not a document per instance): MemoryStore and mongostore.Store.
//
// An instance reads the heartbeats once a sync interval (BeatOnce), so one
// that started a moment after it is unknown to it until its next read: two
// server processes started 0.1 s apart (a rolling deploy that starts
// several pods at once, a fleet started cold), 40 requests in turn to a
// client limited to 30 a minute, admitted 35. The first, alone when the key
// came, took it as its own; the second shared it with the first (it read
// the first's heartbeat before serving). So for its first StartFor a
// Syncer under Run counts the heartbeats whose writer's clock at the beat
// is less than a liveFor and MaxSkew old (those its next read would count
// live on first sight) every NewKeyInterval, one count at a time, each
// bounded like a beat; the cache shares its new keys among that many
// instances when it is more than the last read's live count (see
// cache.Cache.SetStarting, which keeps the keys that came while it was
// alone ready to be shared). A count is one call a NewKeyInterval an
// instance for StartFor, whatever the fleet's size, where reading the
// heartbeats that often would send every instance's document to every
// instance starting: n² documents each time, for a fleet started cold. It
// never slows a start: the counts run beside the requests, as the beats
// do. A count that fails changes nothing. A Syncer whose cache does not
// share its new keys (cache.Cache.SharesNewKeys) does not count.
type InstanceCounter interface {
	// CountInstances returns how many heartbeats hold a Seen at or after
	// since.
	CountInstances(ctx context.Context, since time.Time) (int, error)
}

// StartFor is how many sync intervals from Run's start a Syncer counts the
// heartbeats every NewKeyInterval (see InstanceCounter).
const StartFor = 3

// CountInstances implements InstanceCounter.
func (s *MemoryStore) CountInstances(ctx context.Context, since time.Time) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, h := range s.instances {
		if !h.Seen.Before(since) {
			n++
		}
	}
	return n, nil
}

// countsAtStart reports whether Run counts the heartbeats in its start
// (see InstanceCounter): with a store that counts them, and a cache that
// shares its new keys, whose admissions the counts change.
func (s *Syncer) countsAtStart() bool {
	_, ok := s.cfg.Store.(InstanceCounter)
	return ok && s.cfg.Cache.SharesNewKeys()
}

// MarkStarting sets the cache's start flag (cache.Cache.SetStarting) before
// Run, as Run does when it starts, if Run will count the heartbeats: for
// an instance that serves before Run has started, as the server may (it
// starts Run and its listener together, after BeatOnce). A key that comes
// to it then is shared at once with the instances Run's counts find, as
// one that comes after: set by Run only, such a key was the instance's own
// until a read named the others (two instances started 150 ms apart, the
// first's first request served before its Run, 20 requests to each then:
// 36 admitted to a client limited to 30). Run's count of the heartbeats
// ends it, StartFor sync intervals after Run starts; without Run it stays
// set, which changes nothing while no beat changes the live instances. It
// does nothing once Run has started.
func (s *Syncer) MarkStarting() {
	if !s.hb.running.Load() && s.countsAtStart() {
		s.cfg.Cache.SetStarting(true)
	}
}

// joinLoop counts the fresh heartbeats every NewKeyInterval for StartFor
// sync intervals (see InstanceCounter), then tells the cache that its
// start is over.
func (s *Syncer) joinLoop(ctx context.Context) {
	defer func() {
		s.hb.counted.Store(0)
		s.cfg.Cache.SetStarting(false)
		s.tellLive(s.Outage())
	}()
	if !s.countsAtStart() {
		// A cache that does not share its new keys (--share-new-keys=false,
		// NoShare) admits the same whatever the count: 29 store calls a
		// start for nothing (at the default sync interval).
		return
	}
	ic := s.cfg.Store.(InstanceCounter)
	end := s.cfg.Now().Add(StartFor * s.cfg.Interval)
	t := time.NewTimer(s.cfg.NewKeyInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := s.cfg.Now()
		if !now.Before(end) {
			return
		}
		cctx, cancel := context.WithTimeout(ctx, beatTimeout(s.cfg))
		n, err := ic.CountInstances(cctx, now.Add(-(s.liveFor(Heartbeat{}) + s.cfg.MaxSkew)))
		cancel()
		if err == nil {
			s.hb.counted.Store(int32(min(n, maxCounted)))
			s.tellLive(s.Outage())
		}
		t.Reset(s.cfg.NewKeyInterval)
	}
}

// maxCounted bounds what a count may say (the cache counts at most 127
// writers anyway).
const maxCounted = 1 << 16

// tellLive tells the cache how many instances are live, by o and the last
// count (see judge).
func (s *Syncer) tellLive(o Outage) {
	if _, ok := s.cfg.Store.(InstanceStore); !ok {
		return
	}
	live := max(o.Live, int(s.hb.counted.Load()))
	if o.Down {
		live = 0
	}
	s.cfg.Cache.SetLiveInstances(live)
}

// JoinWait returns how long an instance that has just read the heartbeats
// (BeatOnce, before it serves) should wait before it serves, so that the
// instances started moments before it know of it when its first requests
// come: two NewKeyIntervals if a live one is in its own start (its
// heartbeat's Seen less than StartFor of its intervals after its Started,
// both by its clock), whose next count of the heartbeats (every
// NewKeyInterval) then finds this one; else 0. Two processes started
// 0.1 s apart, 40 requests in turn as soon as both answered: 35 admitted
// to a client limited to 30 without the wait, the first having counted
// none of the second's beat yet.
func (s *Syncer) JoinWait() time.Duration {
	if _, ok := s.cfg.Store.(InstanceCounter); !ok {
		return 0
	}
	h := &s.hb
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, p := range h.peers {
		every := p.hb.Interval
		if every <= 0 {
			every = s.cfg.Interval
		}
		if p.live && p.hb.Seen.Sub(p.hb.Started) < StartFor*every {
			return 2 * s.cfg.NewKeyInterval
		}
	}
	return 0
}

// Heartbeats: each instance keeps a small document fresh in the store, so
// that every instance knows how many are live (the admin API, the
// dashboards, and the outage modes, which divide a limit among them), and
// the store's state as this instance sees it: reachable, or down since when.

package syncer

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Heartbeat is an instance's document in the store: who it is, when it last
// beat by its own clock, and how often it beats.
type Heartbeat struct {
	// Instance is the instance ID (see Config.Instance).
	Instance string
	// Seen is the writer's clock at the beat.
	Seen time.Time
	// Started is when the writer's Syncer was created.
	Started time.Time
	// Interval is the time between the writer's beats.
	Interval time.Duration
	// Beats numbers the beat, from 1. A reader tells a live writer by
	// Beats going up between its reads, by its own clock, so that the
	// writer's clock skew does not matter (see LiveInstances).
	Beats int64
	// Version is the writer's software version, for people.
	Version string
	// Expire is when the document may be deleted (see SweepInstances).
	Expire time.Time
	// Tiers is the digest of the tiers the writer last published
	// (see TiersStore); "" if none.
	Tiers string
}

// ErrDuplicateInstance is logged (at most once a minute) when this
// instance finds another process's beat in its own heartbeat document (see
// checkDuplicate): two processes run with one ID. Their heartbeats share
// one document: the live count, and with it the outage share, counts them
// as one, and each instance's status shows one of them. Their counts stay
// apart: each writes its own lastWrites entry (Syncer.Writer), so each
// counts the other as a writer of the keys both count, and no count is
// lost or written twice (before, one process's write overwrote the
// other's proof of a landed write: TestSharedInstanceID).
var ErrDuplicateInstance = errors.New("two processes use this instance ID; give each its own (Config.Instance, the server's --instance)")

// InstanceStore is implemented by a Store that keeps heartbeats: MemoryStore
// and mongostore.Store. With a Store without it, an instance knows of no
// other: LiveInstances lists only itself.
type InstanceStore interface {
	// PutInstance writes h, replacing the heartbeat of h.Instance.
	PutInstance(ctx context.Context, h Heartbeat) error
	// Instances returns every heartbeat held, expired or not, ordered by
	// Instance. The store is small: one document per instance.
	Instances(ctx context.Context) ([]Heartbeat, error)
	// DeleteInstance deletes the heartbeat of instance if the process
	// that started at started (Heartbeat.Started, to the millisecond)
	// wrote it. Another process with the same ID keeps its documents:
	// the graceful stop of an old process must not delete those of a new
	// one that started while it ran (a replaced pod that had not ended
	// yet), which the new one would not write again soon, its tiers above
	// all (see TiersStore).
	DeleteInstance(ctx context.Context, instance string, started time.Time) error
	// SweepInstances deletes the heartbeats whose Expire is before now
	// and returns how many it deleted.
	SweepInstances(ctx context.Context, now time.Time) (int64, error)
}

// PutInstance implements InstanceStore.
func (s *MemoryStore) PutInstance(ctx context.Context, h Heartbeat) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := CheckInstance(h.Instance); err != nil {
		return fmt.Errorf("syncer: put instance: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.instances == nil {
		s.instances = make(map[string]Heartbeat)
	}
	s.instances[h.Instance] = h
	return nil
}

// Instances implements InstanceStore.
func (s *MemoryStore) Instances(ctx context.Context) ([]Heartbeat, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	out := make([]Heartbeat, 0, len(s.instances))
	for _, h := range s.instances {
		out = append(out, h)
	}
	s.mu.Unlock()
	slices.SortFunc(out, func(a, b Heartbeat) int { return cmp.Compare(a.Instance, b.Instance) })
	return out, nil
}

// DeleteInstance implements InstanceStore.
func (s *MemoryStore) DeleteInstance(ctx context.Context, instance string, started time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ms := started.UnixMilli()
	s.mu.Lock()
	defer s.mu.Unlock()
	if h, ok := s.instances[instance]; ok && h.Started.UnixMilli() == ms {
		delete(s.instances, instance)
	}
	if pt, ok := s.tiers[instance]; ok && pt.Started.UnixMilli() == ms {
		delete(s.tiers, instance)
	}
	return nil
}

// SweepInstances implements InstanceStore.
func (s *MemoryStore) SweepInstances(ctx context.Context, now time.Time) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for id, h := range s.instances {
		if h.Expire.Before(now) {
			delete(s.instances, id)
			n++
		}
	}
	s.sweepTiersLocked(now)
	return n, nil
}

// Instance is one live instance as LiveInstances reports it.
type Instance struct {
	ID      string
	Self    bool // this instance
	Version string
	Started time.Time // by its own clock
	// Age is how long ago this instance saw the other's heartbeat move
	// (for itself: since its last heartbeat the store accepted, or since
	// New), by this instance's clock.
	Age time.Duration
	// Skew is how far the other's clock is at least ahead of this one's
	// (negative: behind), as the beat it was last seen to move by tells:
	// written by its clock (Heartbeat.Seen) between this instance's two
	// reads, so that the skew is known to within the time between them
	// (an Interval); 0 when it is within that, and for itself. See
	// SkewWarn.
	Skew time.Duration
}

// SkewWarn is the clock skew between this instance and a live other, as
// their heartbeats show it (Instance.Skew), from which the Syncer logs a
// warning (at most once a minute) and which oauth_ratelimit_clock_skew_seconds
// lets an alert see. Frames are aligned to the epoch by each instance's own
// clock: one whose clock is δ ahead files the requests of the last δ of a
// frame in the next one, and its writes drop the frames that have left its
// own window, which are still the previous frame (or, δ past a window's
// size, the current one) of an instance behind it. A skew of a window's
// size or more lets the fleet admit several times a limit (an outside
// audit, three instances, a 1-minute limit: 2 times it at ±40 s, 3 times
// it with one clock an hour ahead), and nothing told until this. MaxSkew
// is no tolerance of the limits: it only keeps the pruning and sweeps safe.
const SkewWarn = 5 * time.Second

// Instances are the live instances as of the last read of the heartbeats.
type Instances struct {
	// Live are the instances live at the last successful read, this one
	// always among them, ordered by ID. Its length is the live count the
	// share outage mode divides by; it is not updated while the store is
	// down (only the ages grow).
	Live []Instance
	// MaxLive is the largest live count seen lately: a peak is kept
	// RecentPeak (10 minutes) after the last read that saw it, so that an
	// instance that left or crashed moments before an outage is still
	// counted by the pessimistic outage mode.
	MaxLive int
	// Read is when the heartbeats were last read; zero if never.
	Read time.Time
}

// RecentPeak is how long Instances.MaxLive keeps a peak of live instances.
const RecentPeak = 10 * time.Minute

// Outage is the store's state as this instance sees it, reported to
// Config.OnHeartbeat after every heartbeat.
type Outage struct {
	// Down: the store has not answered a heartbeat (a pull, with a Store
	// that keeps no heartbeats) for longer than Config.OutageAfter.
	Down bool
	// Contact is when the store last answered a heartbeat (a pull, with a
	// Store that keeps no heartbeats), or when the Syncer was created if
	// it never has.
	Contact time.Time
	// Live is the number of live instances at the last read of the
	// heartbeats (this one included, at least 1).
	Live int
	// MaxLive is the largest live count seen lately (see
	// Instances.MaxLive), at least Live.
	MaxLive int
}

// heartbeats is the Syncer's state for its heartbeats.
type heartbeats struct {
	started time.Time
	// mu guards the fields below. Only Run's goroutine beats, but
	// LiveInstances and Outage are called from the admin API and metrics.
	mu        sync.Mutex
	beats     int64                // the number of the last beat sent
	sent      time.Time            // when it was sent
	peers     map[string]*peerBeat // other instances, by ID, from the last read
	live      int                  // live count at the last read
	maxLive   int
	maxLiveAt time.Time
	read      time.Time // last successful read
	swept     time.Time // last sweep of expired heartbeats
	log       errLog
	dupLog    errLog // another process beating under this instance's ID
	// dupUntil is the Unix ns until which the duplicate_instance gauge
	// says 1: two checks on from the last that found another process
	// beating under this ID (see checkDuplicate).
	dupUntil atomic.Int64
	skewLog  errLog // a live instance's clock SkewWarn or more off
	// counted is the last count of the fresh heartbeats during the start
	// (see InstanceCounter); 0 before and after.
	counted atomic.Int32

	contactNano atomic.Int64 // Unix ns of the last successful heartbeat
	resumedNano atomic.Int64 // Unix ns when the beat loop woke after a pause (see beatLoop); 0 if never
	down        atomic.Bool  // the last Outage reported was Down
	// ahead is set while a live instance's clock is MaxSkew or more behind
	// this one's (see aheadOfPeers).
	ahead atomic.Bool
	// judged is set once the heartbeats have been read over a span in
	// which every live other beat (the longest liveFor of those read):
	// before that, an instance whose clock is far behind this one's looks
	// gone, not skewed (see aheadOfPeers). firstRead is the first read.
	// running is set by Run: steps driven one by one (tests) judge from
	// what they were given.
	judged, running atomic.Bool
	firstRead       time.Time
	// joining is set while the last read held a heartbeat first read less
	// than its liveFor ago and not yet seen to move: a peer that joined
	// with its clock far behind this one's looks like a document left
	// long ago until its next beat (see aheadOfPeers).
	joining atomic.Bool
}

// peerBeat is what this instance knows of another's heartbeat.
type peerBeat struct {
	hb       Heartbeat
	observed time.Time // by this clock, when hb.Beats was first seen
	first    time.Time // by this clock, when this document was first read
	live     bool      // at the last read
	skew     time.Duration
}

// liveFor is how long after this instance last saw p's heartbeat move p
// still counts as live: three of p's intervals, so that two lost beats do
// not make it leave, plus one of ours, the time between two of our reads.
func (s *Syncer) liveFor(p Heartbeat) time.Duration {
	every := p.Interval
	if every <= 0 {
		every = s.cfg.Interval
	}
	return 3*every + s.cfg.Interval
}

// BeatOnce is the heartbeat step of Run: it writes this instance's
// heartbeat, reads everyone's, tells the cache how many instances are
// live, and reports the store's state to Config.OnHeartbeat (also when the
// store failed: that is how an outage is noticed). Every SweepInterval it also deletes expired heartbeats, since
// no store expires them by itself (one per instance: a deleteMany a
// minute costs less than an index). With a Store that is not an
// InstanceStore it only reports the state.
//
// An instance is live if this one has seen its Beats go up within
// liveFor (three of its intervals and one of ours) by this instance's own
// clock, so that clock skew does not count; an instance first seen in this
// read counts from now, unless its Seen is more than liveFor plus MaxSkew
// old by this clock: a document a crashed instance left (a writer whose
// clock is behind by at most MaxSkew cannot make a fresh heartbeat look
// that old; one further behind counts from the read that sees it move).
func (s *Syncer) BeatOnce(ctx context.Context) error {
	err := s.beat(ctx)
	s.judge()
	return err
}

// judge reads the store's state (Outage) and tells the cache and
// OnHeartbeat: after each beat, and while one waits on the store (see
// beatLoop). It returns the state it told.
func (s *Syncer) judge() Outage {
	o := s.Outage() // also what oauth_ratelimit_store_outage says
	// The cache shares the keys new to it among the live instances (see
	// cache.Cache.SetLiveInstances); not while the store is down, when
	// no key can be read and the outage modes decide what it admits. A
	// Store without heartbeats tells neither: the cache keeps what its
	// owner set.
	// During the start, at least the instances the last count of the
	// fresh heartbeats found (see InstanceCounter).
	s.tellLive(o)
	if f := s.cfg.OnHeartbeat; f != nil {
		f(o)
	}
	return o
}

func (s *Syncer) beat(ctx context.Context) (err error) {
	is, ok := s.cfg.Store.(InstanceStore)
	if !ok {
		return nil
	}
	s.m.requestsHeartbeat.Inc()
	defer func() {
		if err != nil && ctx.Err() == nil {
			s.m.errorsHeartbeat.Inc()
		}
	}()
	// Bounded, so that a store that hangs holds no beat for ever; not by
	// an interval: a beat that lands late still tells that the store
	// answers (beatLoop judges the outage meanwhile).
	bctx, cancel := context.WithTimeout(ctx, beatTimeout(s.cfg))
	defer cancel()
	h := &s.hb
	now := s.cfg.Now()
	h.mu.Lock()
	h.beats++
	// The interval the others judge this instance live by: the time since
	// the last beat, if the store made it longer than Interval. A slow
	// store's beats (one at a time) came every 7 s while the heartbeat
	// said 1 s, and the peers counted the instance out at a third of
	// their reads (h7-review).
	// At most a beat's bound and an interval, the longest one beat can
	// follow another: a clock that steps forward must not make a peer
	// count this instance live for hours after it is gone.
	interval := s.cfg.Interval
	if !h.sent.IsZero() {
		interval = min(max(interval, now.Sub(h.sent)), beatTimeout(s.cfg)+s.cfg.Interval)
	}
	if c := h.contactNano.Load(); c != 0 && now.Sub(time.Unix(0, c)) > s.liveFor(Heartbeat{})+s.cfg.MaxSkew {
		// No beat has landed for longer than the heartbeat lives (a
		// stopped process, a frozen VM, a store cut off or too slow for
		// the beats): the others may have swept it and its tiers, which
		// they sweep only once the heartbeat has gone.
		s.pub.unpublish()
	}
	h.sent = now
	hb := Heartbeat{
		Instance: s.cfg.Instance,
		Seen:     now,
		Started:  h.started,
		Interval: interval,
		Beats:    h.beats,
		Version:  s.cfg.Version,
		Expire:   now.Add(s.liveFor(Heartbeat{}) + s.cfg.MaxSkew),
	}
	sweep := now.Sub(h.swept) >= s.cfg.SweepInterval
	h.mu.Unlock()
	// Before the heartbeat that names them, so that a peer that reads the
	// digest finds the tiers (tiers.go).
	hb.Tiers = s.publishTiers(bctx, now)
	if hb.Beats%dupCheckEvery == 0 {
		s.checkDuplicate(bctx, is, hb, now)
	}
	if err := is.PutInstance(bctx, hb); err != nil {
		// Cut from the store for long enough, this instance's heartbeat
		// and tiers are swept by the others (TiersStore), and a heartbeat
		// written again would name tiers the store no longer holds: the
		// beat after that writes them again (above). Not after any failed
		// beat, once one has landed: the tiers stay while that heartbeat
		// lives, and behind a store whose calls take over half a beat's
		// bound, a beat that writes the tiers first has no time left for
		// the heartbeat, so that none landed again and the instance
		// applied its outage limits while the store answered every call
		// (TestSlowStoreWithTiersIsNotDown). Before the first beat has
		// landed, nothing keeps tiers that no heartbeat names yet.
		if h.contactNano.Load() == 0 {
			s.pub.unpublish()
		}
		return fmt.Errorf("syncer: heartbeat: %w", err)
	}
	// The time the beat was sent, not answered: the age an outage is judged
	// by includes the store's time to answer (conservative; a beat waits at
	// most beatTimeout, well within OutageAfter).
	h.contactNano.Store(now.UnixNano())
	all, err := is.Instances(bctx)
	if err != nil {
		return fmt.Errorf("syncer: read heartbeats: %w", err)
	}
	s.observe(all, s.cfg.Now())
	if s.cfg.OnTiers != nil {
		s.readTiers(bctx, now)
	}
	if sweep && !s.aheadOfPeers() {
		// By this clock less MaxSkew, as SweepOnce does: a document goes
		// once it has expired by every clock within MaxSkew of this one.
		if _, err := is.SweepInstances(bctx, now.Add(-s.cfg.MaxSkew)); err != nil {
			return fmt.Errorf("syncer: sweep heartbeats: %w", err)
		}
		h.mu.Lock()
		h.swept = now
		h.mu.Unlock()
	}
	return nil
}

// beatTimeout bounds a heartbeat's calls: a sixth of OutageAfter (5 s by
// default), at least an Interval. Long enough for a slow store's calls (an
// outside audit's 2 s link), short enough that a beat sent while the store
// hung, and waiting on it still when it answers again, does not keep the
// outage limits on for long after: one beat at a time, the next is sent
// when this one gives up (h7-review: 8.5 s late with half of OutageAfter).
func beatTimeout(c Config) time.Duration { return max(c.Interval, c.OutageAfter/6) }

// dupCheckEvery is how many beats apart checkDuplicate reads: a store
// call more an instance every ten sync intervals.
const dupCheckEvery = 10

// checkDuplicate reads the heartbeats before hb is written: this
// instance's own document then holds an earlier beat of its own, unless
// another process with its ID wrote one since, whose start differs (to
// the millisecond: MongoDB keeps no finer). A beat of this process whose
// answer was lost has this start too; the document of an earlier process
// of this ID is overwritten by the first beat, before the first check. The
// read is bounded by the beat's deadline (its own of half an interval
// timed out every check behind a 700 ms link: h7-review), and its failure
// is nobody's concern: the beat's write is what tells the store's health.
func (s *Syncer) checkDuplicate(ctx context.Context, is InstanceStore, hb Heartbeat, now time.Time) {
	all, err := is.Instances(ctx)
	if err != nil {
		return
	}
	for _, o := range all {
		if o.Instance == hb.Instance && o.Started.UnixMilli() != hb.Started.UnixMilli() {
			// Two checks on, so that one check that reads this
			// process's own beat (the two write in turn) does not
			// clear it.
			s.hb.dupUntil.Store(now.Add(2 * dupCheckEvery * s.cfg.Interval).UnixNano())
			// Both processes named, by their starts (and this one's
			// lastWrites entry), so that the operator can find them.
			s.hb.dupLog.log(s.cfg.Logger, now, "another process beats as this instance", ErrDuplicateInstance,
				"instance", hb.Instance, "started", hb.Started, "writer", s.writer,
				"other_started", o.Started, "other_seen", o.Seen, "other_version", o.Version)
		}
	}
}

// observe updates the live instances from all, read at now.
func (s *Syncer) observe(all []Heartbeat, now time.Time) {
	h := &s.hb
	h.mu.Lock()
	defer h.mu.Unlock()
	prevRead := h.read
	var worst *peerBeat // the live instance whose clock is the furthest off
	defer func() {
		if worst != nil {
			// Logged under hb.mu, at most once a minute.
			h.skewLog.log(s.cfg.Logger, now, "clock skew between instances", errClockSkew,
				"instance", worst.hb.Instance, "skew", worst.skew.String(), "warn_from", SkewWarn.String())
		}
	}()
	peers := make(map[string]*peerBeat, len(all))
	live := 1 // this instance
	ahead, joining := false, false
	for _, hb := range all {
		if hb.Instance == s.cfg.Instance {
			continue
		}
		p := h.peers[hb.Instance]
		first := now
		if p != nil {
			first = p.first
		}
		switch {
		case p == nil && now.Sub(hb.Seen) > s.liveFor(hb)+s.cfg.MaxSkew:
			p = &peerBeat{hb: hb, first: first} // left long ago, or a clock far behind: never observed moving
		case p == nil || p.hb.Beats != hb.Beats:
			p = &peerBeat{hb: hb, observed: now, first: first, skew: beatSkew(hb.Seen, prevRead, now, p != nil)}
		}
		p.live = !p.observed.IsZero() && now.Sub(p.observed) <= s.liveFor(hb)
		joining = joining || (p.observed.IsZero() && now.Sub(p.first) < s.liveFor(hb))
		if p.live {
			live++
			if p.skew.Abs() >= SkewWarn && (worst == nil || p.skew.Abs() > worst.skew.Abs()) {
				worst = p
			}
			ahead = ahead || p.skew <= -s.cfg.MaxSkew
		}
		peers[hb.Instance] = p
	}
	h.peers, h.live, h.read = peers, live, now
	h.ahead.Store(ahead)
	h.joining.Store(joining)
	if h.firstRead.IsZero() || now.Before(h.firstRead) {
		h.firstRead = now
	}
	var span time.Duration // none to judge: this instance alone
	for _, hb := range all {
		if hb.Instance != s.cfg.Instance {
			span = max(span, s.liveFor(hb))
		}
	}
	if now.Sub(h.firstRead) >= span {
		h.judged.Store(true)
	}
	if live >= h.maxLive || now.Sub(h.maxLiveAt) > RecentPeak {
		h.maxLive, h.maxLiveAt = live, now
	}
}

// aheadOfPeers reports whether a live instance's clock is MaxSkew or more
// behind this one's, as the heartbeats last showed (at least that far:
// Instance.Skew). This instance then neither sweeps (expired documents,
// heartbeats) nor prunes lastWrites entries: each rests on no clock being
// more than MaxSkew behind the one that judges, and one that is would see
// its documents deleted while it still counts on them, and the records
// that keep a lost answer from being counted twice pruned (an outside
// audit, helper-41: an instance an hour ahead pruned the others' entries;
// its sweep deleted a document written a moment before). Whichever clock
// is wrong, holding off costs only documents kept longer; the instance
// behind, which sees this one ahead, goes on. The skew warning and
// OAuthRateLimitClockSkew say why.
//
// Under Run, until the heartbeats have been read over a span in which
// every live instance beat, it reports true too (skewUnknown): an
// instance started an hour ahead sees the others' heartbeats an hour old,
// as if they had left, and its first sweeps (Run's, at once; the first
// beat's) deleted every document they wrote in that hour, their
// heartbeats and the tiers those name. Likewise, later, while a heartbeat
// first read less than its liveFor ago has not been seen to move
// (heartbeats.joining): one that ran alone, and so judged at once, swept
// the heartbeat and tiers of a peer that joined an hour behind in the
// beat before it saw it move (TestAheadInstanceAloneDoesNotSweepAJoiningPeer).
// That holds a sweep back by up to a liveFor (four sync intervals) after a
// document appears that looks left long ago.
func (s *Syncer) aheadOfPeers() bool { return s.hb.ahead.Load() || s.skewUnknown() }

// skewUnknown reports whether Run has not yet read the heartbeats over a
// span in which every live instance beat, or a heartbeat it read is too
// new to tell a peer behind from one long gone (see aheadOfPeers). With a store
// that keeps no heartbeats nothing would tell: false.
func (s *Syncer) skewUnknown() bool {
	if _, ok := s.cfg.Store.(InstanceStore); !ok {
		return false
	}
	return s.hb.running.Load() && (!s.hb.judged.Load() || s.hb.joining.Load())
}

// errClockSkew is what the warning of a clock skew says (see SkewWarn).
var errClockSkew = errors.New("instances' clocks differ: each counts the others' latest requests late, and limits are exceeded (past a window of skew, frames of short windows are also dropped early by the instance ahead); synchronize the clocks (NTP)")

// beatSkew returns how far the clock of a writer whose beat was seen to
// move in the read at now is at least ahead of this clock (negative:
// behind), from seen, its clock at the beat. The beat was written after
// the previous read (at prevRead; moved says one saw an earlier beat) and
// before now, by this clock: its writer's clock then was seen, so its skew
// lies between seen-now and seen-prevRead. 0 when that span holds 0, or
// when the beat may be older (first seen).
func beatSkew(seen, prevRead, now time.Time, moved bool) time.Duration {
	switch {
	case !moved || prevRead.IsZero() || prevRead.After(now):
		return 0
	case seen.After(now):
		return seen.Sub(now)
	case seen.Before(prevRead):
		return seen.Sub(prevRead)
	}
	return 0
}

// LiveInstances returns the live instances as of the last read of the
// heartbeats, with their ages now (see BeatOnce for what live means).
// Before any read, and with a Store that keeps no heartbeats, it lists
// this instance alone.
func (s *Syncer) LiveInstances() Instances {
	now := s.cfg.Now()
	h := &s.hb
	h.mu.Lock()
	defer h.mu.Unlock()
	self := Instance{ID: s.cfg.Instance, Self: true, Version: s.cfg.Version, Started: h.started,
		Age: now.Sub(time.Unix(0, max(h.contactNano.Load(), h.started.UnixNano())))}
	out := Instances{Live: []Instance{self}, MaxLive: max(h.maxLive, 1), Read: h.read}
	for _, p := range h.peers {
		if p.live {
			out.Live = append(out.Live, Instance{ID: p.hb.Instance, Version: p.hb.Version, Started: p.hb.Started, Age: now.Sub(p.observed), Skew: p.skew})
		}
	}
	slices.SortFunc(out.Live, func(a, b Instance) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Outage returns the store's state now: see Outage.
func (s *Syncer) Outage() Outage {
	now := s.cfg.Now()
	// A heartbeat is a round trip every Interval; a pull is not (one with
	// no key in use reads nothing), so it tells only for a Store without
	// heartbeats.
	contact := time.Unix(0, s.lastPullNano.Load())
	if _, ok := s.cfg.Store.(InstanceStore); ok {
		contact = time.Unix(0, max(s.hb.contactNano.Load(), s.hb.started.UnixNano()))
	}
	s.hb.mu.Lock()
	o := Outage{Contact: contact, Live: max(s.hb.live, 1), MaxLive: max(s.hb.maxLive, s.hb.live, 1)}
	s.hb.mu.Unlock()
	// Not before the beat loop ran again after a pause: no beat was sent
	// while the process did not run (see beatLoop).
	from := contact
	if r := s.hb.resumedNano.Load(); r > from.UnixNano() {
		from = time.Unix(0, r)
	}
	o.Down = now.Sub(from) > s.cfg.OutageAfter
	s.hb.down.Store(o.Down)
	return o
}

// leave deletes this instance's heartbeat, on a graceful stop, so that the
// others stop counting it at their next read rather than after liveFor,
// and its published tiers: those this process wrote, not those of another
// process with its ID (see InstanceStore.DeleteInstance).
//
// Unless another process with its ID published tiers after this one did
// (Tiers.Started): that one runs, or did a moment ago, and the heartbeat
// is left to it. Deleted because this process happened to beat last, it was
// gone until the other's next beat, and a peer that read meanwhile counted
// the instance out for an interval (TestHeartbeatKeptWhenAnOldProcessOfTheIDBeatLast).
// Left, it is written again at that beat, or, if the other is gone too,
// counted out after liveFor and swept once expired, as after a crash. It
// costs a read of the tiers' head at each graceful stop of an instance
// that published some.
func (s *Syncer) leave(ctx context.Context) error {
	is, ok := s.cfg.Store.(InstanceStore)
	if !ok {
		return nil
	}
	if s.tiersOfAnotherProcess(ctx) {
		s.cfg.Logger.Info("heartbeat left to another process of this instance ID", "instance", s.cfg.Instance)
		return nil
	}
	if err := is.DeleteInstance(ctx, s.cfg.Instance, s.hb.started); err != nil {
		return fmt.Errorf("syncer: delete heartbeat: %w", err)
	}
	return nil
}

// tiersOfAnotherProcess reports whether the store holds, under this
// instance's ID, tiers that another process wrote after this one published
// its own (see leave). A failed read says false: the delete is tried as
// before.
func (s *Syncer) tiersOfAnotherProcess(ctx context.Context) bool {
	ts, ok := s.cfg.Store.(TiersStore)
	if !ok {
		return false
	}
	s.pub.mu.Lock()
	published := s.pub.published
	s.pub.mu.Unlock()
	if published == "" {
		return false // none of this process's in the store: no order to tell
	}
	// Their head: their start is all it needs, and their data (540 KB
	// for a policy of 10,000 clients) would vie with the final flush,
	// which runs meanwhile, for the store's time.
	pt, found, err := ts.TiersHead(ctx, s.cfg.Instance)
	return err == nil && found && pt.Started.UnixMilli() != s.hb.started.UnixMilli()
}

// registerInstanceMetrics registers the gauges of the heartbeats and the
// outage on reg, unless reg is nil.
func (s *Syncer) registerInstanceMetrics(reg prometheus.Registerer) error {
	if reg == nil {
		return nil
	}
	var errs []error
	for _, c := range []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "oauth_ratelimit", Name: "live_instances",
			Help: "Instances live at this instance's last read of the heartbeats, itself included.",
		}, func() float64 { return float64(len(s.LiveInstances().Live)) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "oauth_ratelimit", Name: "clock_skew_seconds",
			Help: "The largest clock skew between this instance and a live other that their heartbeats show (at least this much; known to within a sync interval), in seconds, either way.",
		}, func() float64 {
			var worst time.Duration
			for _, in := range s.LiveInstances().Live {
				worst = max(worst, in.Skew.Abs())
			}
			return worst.Seconds()
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "oauth_ratelimit", Name: "duplicate_instance",
			Help: "1 while another process beats under this instance's ID (seen at one of its last two checks, every tenth heartbeat), else 0: give each process its own ID.",
		}, func() float64 {
			if s.cfg.Now().UnixNano() < s.hb.dupUntil.Load() {
				return 1
			}
			return 0
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: "oauth_ratelimit", Name: "store_outage",
			Help: "1 while the store has not answered a heartbeat for longer than the outage threshold (the policy's outage modes apply), else 0.",
		}, func() float64 {
			if s.hb.down.Load() {
				return 1
			}
			return 0
		}),
	} {
		if err := reg.Register(c); err != nil {
			errs = append(errs, err)
		}
	}
	return registerError("the heartbeat metrics", errs)
}

// leaveStep is the end of Run's final flush: it deletes this instance's
// heartbeat, and logs an error (the others then stop counting it after
// liveFor instead).
func (s *Syncer) leaveStep(ctx context.Context) {
	if err := s.leave(ctx); err != nil {
		s.cfg.Logger.Warn("heartbeat not deleted", "err", err)
	}
}

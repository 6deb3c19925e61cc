// The loop: Run, its backoff after failures, the sweep it schedules, and
// the rate limit on its error logs.

package syncer

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// Run flushes every Interval, pulls every PullInterval, reads the keys new
// to this instance every NewKeyInterval and sweeps every SweepInterval
// (only a store without TTL; the first sweep at once) until
// ctx is done. Failed flushes and pulls are retried after a wait that
// doubles from Interval up to MaxBackoff, with full jitter; the counts stay
// local meanwhile and are written when the store answers again. When ctx is
// done, Run makes a final flush bounded by FinalFlushTimeout and returns its
// error, if any, with the counts it leaves unwritten (a *FinalFlushError;
// counted in the metrics too, as it returns: metrics.gaveUp); one that
// leaves none (every count in the store, reset, or out of its windows) is
// logged at WARN instead.
//
// The heartbeats (BeatOnce) go on in a goroutine of their own, every
// Interval: a flush, pull or sweep that waits on a store that does not
// answer must not hold back the beat that notices the outage (an outside
// audit: the outage limits began 42 to 63 s after the store's last answer
// instead of OutageAfter's 30, at a different time on each instance, while
// the loop waited out its calls' timeouts and a 31 s sweep).
//
// The reads (pulls with the overrides, and the keys new to this instance)
// go on in a goroutine of their own too (readLoop): a flush that waits on a
// slow store, retrying compare-and-swaps it keeps losing to faster
// instances, must not hold back the reads that show this instance the
// others' counts (an outside recheck: behind a 700 ms link the snapshot
// age rose to 60 s, with 1 pull in 45 s). A pull needs no lock of the
// flush's (see Syncer.pullMu), and each install is checked by version
// under the key's lock in the cache.
func (s *Syncer) Run(ctx context.Context) error {
	s.hb.running.Store(true) // no sweep nor prune until the heartbeats tell the skew (aheadOfPeers)
	stopBeating := goLoop(ctx, s.beatLoop)
	defer stopBeating() // idempotent: the final flush stops them first
	stopReading := goLoop(ctx, s.readLoop)
	defer stopReading()
	if s.countsAtStart() {
		// Until joinLoop has counted the heartbeats for StartFor: the
		// keys that come before it has learned of the instances started
		// with this one are shared with them once it does.
		s.cfg.Cache.SetStarting(true)
	}
	stopJoining := goLoop(ctx, s.joinLoop)
	defer stopJoining()
	flushT := time.NewTimer(s.cfg.Interval)
	defer flushT.Stop()
	sweepT := time.NewTimer(0)
	defer sweepT.Stop()
	// Adaptive sync (hot.go): off when it would not come sooner than the
	// regular flushes.
	hotT := time.NewTimer(s.cfg.HotInterval)
	defer hotT.Stop()
	if s.cfg.HotInterval >= s.cfg.Interval {
		hotT.Stop()
	}
	var flushFails int
	for {
		select {
		case <-ctx.Done():
			stopReading()
			stopBeating() // no beat after the final flush deletes this instance's heartbeat
			return s.shutdown(ctx)
		case <-flushT.C:
			err := s.FlushOnce(ctx)
			flushFails = s.afterAttempt(ctx, err, flushFails, &s.flog, "flush failed", "flush succeeded after failures")
			flushT.Reset(s.wait(flushFails))
		case <-sweepT.C:
			next := s.cfg.SweepInterval
			if ik, ok := s.cfg.Store.(IndexKeeper); ok {
				if err := ik.CheckIndexes(ctx); err != nil && ctx.Err() == nil {
					s.swlog.log(s.cfg.Logger, s.cfg.Now(), "index check failed", err)
				}
			}
			switch {
			case !s.needsSweep():
			case s.skewUnknown():
				// The first sweep once the heartbeats tell the skew,
				// looked for every second.
				next = min(s.cfg.Interval, time.Second)
			default:
				if err := s.SweepOnce(ctx); err != nil && ctx.Err() == nil {
					s.swlog.log(s.cfg.Logger, s.cfg.Now(), "sweep failed", err)
				}
			}
			sweepT.Reset(next)
		case <-s.backFlush:
			// The store answers again (a heartbeat landed after one
			// failed): the counts kept meanwhile are written now, not at
			// the end of a backoff of up to MaxBackoff. Evicted keys
			// waiting for a flush drop their counts at the key cap
			// (cache.Config.MaxKeys) until one lands: an outside audit
			// (helper-52, audit H) saw 966 of 1,369 counts dropped in
			// the 22-26 s between the store's return and two instances'
			// first flush, every pull and heartbeat answered.
			if flushFails > 0 {
				flushT.Reset(0)
			}
		case <-hotT.C:
			// Only while the store answers: failing flushes and pulls
			// back off, and so does this.
			if flushFails == 0 && !s.pullsFailing.Load() {
				if err := s.HotOnce(ctx); err != nil && ctx.Err() == nil {
					s.flog.log(s.cfg.Logger, s.cfg.Now(), "sync of keys near their limit failed", err)
				}
			}
			hotT.Reset(s.cfg.HotInterval)
		}
	}
}

// goLoop runs loop in a goroutine of its own until ctx is done or the
// returned stop is called; stop returns once loop has, and may be called
// more than once.
func goLoop(ctx context.Context, loop func(context.Context)) (stop func()) {
	lctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		loop(lctx)
	}()
	return func() { cancel(); <-done }
}

// readLoop pulls every PullInterval, with the overrides after each pull
// that succeeds, and reads the keys new to this instance every
// NewKeyInterval, until ctx is done. Failed pulls are retried after the
// same backoff as failed flushes (wait); while they fail, the store is
// down: new keys wait for the pull that succeeds, and so does the hot
// sync (Run).
func (s *Syncer) readLoop(ctx context.Context) {
	pullT := time.NewTimer(s.cfg.PullInterval)
	defer pullT.Stop()
	newT := time.NewTimer(s.cfg.NewKeyInterval)
	defer newT.Stop()
	var pullFails int
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.backPull:
			if pullFails > 0 {
				pullT.Reset(0) // the store answers again (see Run)
			}
		case <-pullT.C:
			err := s.PullOnce(ctx)
			if err == nil {
				err = s.OverridesOnce(ctx) // overrides.go
			}
			pullFails = s.afterAttempt(ctx, err, pullFails, &s.plog, "pull failed", "pull succeeded after failures")
			s.pullsFailing.Store(pullFails > 0)
			if pullFails > 0 {
				pullT.Reset(s.wait(pullFails))
			} else {
				pullT.Reset(s.cfg.PullInterval)
			}
		case <-newT.C:
			if pullFails == 0 {
				if err := s.LoadNewOnce(ctx); err != nil && ctx.Err() == nil {
					s.plog.log(s.cfg.Logger, s.cfg.Now(), "load of new keys failed", err)
				}
			}
			newT.Reset(s.cfg.NewKeyInterval)
		}
	}
}

// beatLoop beats every Interval, the first at once, until ctx is done:
// one beat at a time, in a goroutine of its own, bounded by beatTimeout.
// The store's state is judged here, after each beat and at each tick, so
// that a store that hangs is noticed on time however long a beat may wait,
// and a slow one (beats of 3 s every second) is not taken for down: with
// beats bounded by a second, an outside audit's instance behind a 2 s link
// applied its outage limits for a minute while every flush landed, and one
// behind 700 ms logged the store unreachable and back 15 times a minute.
func (s *Syncer) beatLoop(ctx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	done := make(chan error, 1)
	busy := false
	failed := false // the last beat failed
	// last is the clock when the loop last woke (a tick, a beat's end).
	// Woken more than two intervals later, it finds a process that did
	// not run meanwhile (SIGSTOP, a frozen VM or container, a stall) or a
	// clock that stepped forward: its last beat is old by its clock, and
	// a beat that waited on the store through the pause fails with its
	// deadline passed, though the store may answer. The outage is judged
	// from then on (heartbeats.resumed), not from the last beat: judged
	// from that, the instance applied the outage modes until its next
	// beat landed (an outside audit: 234 ms and 1 s after a 90 s stop, in
	// which the requests queued on it were decided with no share;
	// TestNoOutageAfterAPause). Not during an outage: a pause does not
	// bring back a store that did not answer before it, and a stall of a
	// loaded host (about 2 s, live) ended the outage for OutageAfter with
	// no beat landing (TestAPauseDuringAnOutageKeepsIt); a store back
	// meanwhile ends it at the next beat that lands, as always. Nor after
	// a beat that failed (failed, the last beat that ended before this
	// wake): stalls before the outage was declared put it off each time,
	// for as long as they came more often than OutageAfter
	// (TestStallsAtAnOutagesStartDoNotPostponeIt). A pause after a beat
	// the store refused is judged from the last beat that landed, until
	// the next one lands.
	// down is the loop's own last judgement: not hb.down, which a
	// scrape of the metrics right after a pause sets from the old beat.
	var last time.Time
	down := false
	woke := func() {
		now := s.cfg.Now()
		if !last.IsZero() && now.Sub(last) > 2*s.cfg.Interval && !down && !failed {
			s.hb.resumedNano.Store(now.UnixNano())
		}
		last = now
	}
	defer func() {
		if busy {
			<-done // ctx is done: the beat's calls end with it
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case err := <-done:
			busy = false
			woke()
			down = s.judge().Down
			if err == nil && failed {
				// Back: the loops that back off try again at once.
				for _, ch := range []chan struct{}{s.backFlush, s.backPull} {
					select {
					case ch <- struct{}{}:
					default:
					}
				}
			}
			failed = err != nil && ctx.Err() == nil
		case <-t.C:
			woke()
			down = s.judge().Down
			if !busy {
				busy = true
				go func() {
					// Its error logged at most once a minute while errors
					// last (the flush and pull logs already say that the
					// store is down).
					err := s.beat(ctx)
					if err != nil && ctx.Err() == nil {
						s.hb.log.log(s.cfg.Logger, s.cfg.Now(), "heartbeat failed", err)
					}
					done <- err
				}()
			}
			t.Reset(s.cfg.Interval)
		}
	}
}

// afterAttempt logs the outcome of a flush or pull and returns the new
// count of consecutive failures. An error caused by ctx ending is neither
// logged nor counted: the final flush follows.
func (s *Syncer) afterAttempt(ctx context.Context, err error, fails int, l *errLog, failMsg, recoverMsg string) int {
	switch {
	case err == nil:
		if fails > 0 {
			s.cfg.Logger.Info(recoverMsg, "failures", fails, "suppressed", l.reset())
		}
		return 0
	case ctx.Err() != nil:
		return fails
	}
	l.log(s.cfg.Logger, s.cfg.Now(), failMsg, err, "failures", fails+1)
	return fails + 1
}

// wait returns the time until the next flush after fails consecutive
// failures: Interval if none, else full jitter up to Interval·2^fails,
// capped at MaxBackoff.
func (s *Syncer) wait(fails int) time.Duration {
	if fails == 0 {
		return s.cfg.Interval
	}
	d := s.cfg.MaxBackoff
	if fails < 32 {
		d = min(d, s.cfg.Interval<<fails)
	}
	if d < s.cfg.Interval { // a shift that overflowed
		d = s.cfg.MaxBackoff
	}
	return s.jitter(d)
}

// fullJitter returns a uniformly random wait in (0, d].
func fullJitter(d time.Duration) time.Duration {
	return time.Duration(rand.Int64N(int64(d))) + 1
}

// shutdown makes the final flush: flushes until one finds nothing left to
// write (a flush leaves deltas for the next when it ran out of retries, and
// the counts made during it), within FinalFlushTimeout. Flushes that write
// counts go on at once until then. One that confirms no write (each
// refused: on a document that cannot be read, a write whose answer was
// lost sent again or a key's counts; or by other writers until its
// retries ran out) is followed by a pause of Interval, shortened so that
// five such flushes fit in what is left of FinalFlushTimeout; the fifth
// (in all, not in a row) ends the final flush, and
// Run returns the counts it leaves (atStake), those made meanwhile
// written. The final flush counted a flush that sent a write as one that
// wrote, and with one write waiting on a document that cannot be read it
// sent it again as fast as the store answered until FinalFlushTimeout (a
// probe: 41,505 store calls in 500 ms), at each instance's stop, then
// returned "context deadline exceeded"
// (TestFinalFlushPausesOnAWriteThatCannotSettle: 5,001 store calls in 5 s
// at a millisecond a call; now 21). A flush whose answers are lost is
// not one of them: it fails, and ends the final flush at once, as any
// flush's error does (below). A flush writes one entry of a key, and a key
// evicted at the key cap and back again and again between two flushes
// (cache.Config.MaxKeys) has an entry for each time: a final flush of five
// flushes in all left all but five of them unwritten, and said nothing (an
// outside audit, helper-52: TestRunFinalFlushWritesEveryEntryOfAKeyThatCameBack).
//
// The heartbeat is deleted meanwhile, not after: a final flush that failed
// left it, and every instance started in the next MaxSkew counted this
// one, which decides nothing any more, as live for its first liveFor (an
// outside soak, helper-99; h108's drill: live=4 to 8 of 3).
//
// A flush under way when ctx ends is cancelled, not awaited: its writes
// were sent, and a store executes what it got (answered Unknown, they are
// read back first). Awaited within FinalFlushTimeout, behind a store that
// answered 2 s late it left the final flush no time to send the counts
// made since: 53 tokens of 2,799 not in the store after 3 stops, where 3
// when cancelled (h108's drill, results/d2bnew, d2bold).
func (s *Syncer) shutdown(ctx context.Context) error {
	fctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.FinalFlushTimeout)
	defer cancel()
	left := make(chan struct{})
	go func() {
		defer close(left)
		s.leaveStep(fctx)
	}()
	defer func() { <-left }()
	const stuckFlushes = 5
	for stuck := 0; ; {
		n, confirmed, err := s.flushOnce(fctx, 0) // bounded by fctx alone
		if err != nil {
			// What the store will not have: said, so that an operator
			// knows what a failed shutdown cost (an outside audit).
			lost, unknown, keys := s.atStake()
			if keys == 0 {
				// Nothing at stake: the counts this instance made are in
				// the store, dropped by a reset, or out of every window
				// (an outage longer than the longest frame, with writes
				// whose answers were lost). Said at WARN, not returned:
				// an ERROR of "counts of 0 ... on 0 keys may not have
				// reached the store" asked an operator to look for a loss
				// there was not (an outside audit, helper-52, audit H).
				s.cfg.Logger.Warn("final flush failed with no counts at stake", "err", err)
				break
			}
			s.reportInFlight()
			s.m.gaveUp(lost, unknown, keys)
			return &FinalFlushError{Err: err, NeverWritten: lost, Unknown: unknown, Keys: keys}
		}
		unsettled := s.Unsettled()
		if n == 0 && unsettled == 0 {
			break
		}
		if confirmed > 0 {
			continue // more may be left: at once
		}
		// Nothing landed: its writes were refused, on documents that
		// cannot be read or by other writers past the retries (answers
		// lost fail the flush, above).
		if stuck++; stuck == stuckFlushes {
			lost, unknown, keys := s.atStake()
			s.reportInFlight()
			if keys == 0 {
				return nil // their counts reset, or out of every window
			}
			s.m.gaveUp(lost, unknown, keys)
			return &FinalFlushError{Stuck: stuckFlushes, Unsettled: unsettled, NeverWritten: lost, Unknown: unknown, Keys: keys}
		}
		pause := s.cfg.Interval
		if dl, ok := fctx.Deadline(); ok {
			pause = min(pause, time.Until(dl)/(stuckFlushes-time.Duration(stuck)+1))
		}
		t := time.NewTimer(pause)
		select {
		case <-t.C:
		case <-fctx.Done():
			t.Stop()
		}
	}
	s.reportInFlight()
	return nil
}

// FinalFlushError is Run's error when its final flush gave up with counts
// made here not in the store: the figures of
// oauth_ratelimit_sync_final_flush_unwritten_counts_total and
// oauth_ratelimit_sync_final_flush_unwritten_keys_total, for a caller that
// reports them otherwise (the server logs them as attributes of its own
// and exits with a status that says so).
type FinalFlushError struct {
	// Err is the failed flush's error; nil when the final flush ended on
	// Stuck flushes that landed no write, with Unsettled writes whose
	// answers were lost.
	Err              error
	Stuck, Unsettled int
	// NeverWritten are the counts (in cost units) the store surely
	// lacks; Unknown those in writes whose outcome is unknown (in the
	// store if they landed); on Keys keys (see atStake).
	NeverWritten, Unknown int64
	Keys                  int
}

func (e *FinalFlushError) Error() string {
	lost := fmt.Sprintf("counts made here not in the store: %d (in cost units) never written, and %d in writes whose outcome is unknown (in the store if they landed), on %d keys", e.NeverWritten, e.Unknown, e.Keys)
	if e.Err != nil {
		return fmt.Sprintf("syncer: final flush: %v; %s", e.Err, lost)
	}
	return fmt.Sprintf("syncer: final flush: %d flushes landed no write (refused: documents that cannot be read, or other writers), %d writes with lost answers unsettled; %s", e.Stuck, e.Unsettled, lost)
}

func (e *FinalFlushError) Unwrap() error { return e.Err }

// atStake returns what the store may not have of this instance's counts
// after a final flush failed, in cost units (cache.Requests): lost, never
// written (refused, not sent after a call that failed, or counted after the
// last write was taken), and unknown, carried by writes whose outcome is
// unknown (unsettled: sent with the answer lost, or failed before being
// sent, which a Store need not tell apart), in the store if they landed;
// and on how many keys. lost is what the store surely lacks, lost+unknown
// the most it may lack. It said only the sum, as counts that "may not have
// reached the store": behind a store that answered late, the writes the
// SIGTERM had cancelled were in the store (an outside drill, h108). Counted
// from the keys the cache holds or has queued (cache.AppendLocal, whose
// local counts include the unsettled deltas) and the entries of keys
// evicted since, which only their unsettled writes hold (cache.LocalOf:
// the write's counts and those made since, which TakeDirty passed over
// while the write was unsettled, and which were left out:
// TestRunFinalFlushSaysTheLaterCountsOfAnEvictedKey). An unsettled write is set against the local counts
// of its own entry's key only if the cache still reaches that entry: a key
// evicted and used again has a new entry, whose counts no write took (they
// were counted as the evicted one's write, so that "never written" said
// less than the store lacked: TestRunFinalFlushSaysAKeyUsedAgainAfterItsEviction).
// And frame by frame: a write's frame that has left the key's windows no
// longer counts, and a count made since, in another frame, is not in it
// (TestRunFinalFlushSaysCountsByFrame). A write whose delta a reset has
// dropped is not at stake, and not set against the counts made since
// (TestRunFinalFlushSaysCountsByFrame). Each unit of a write is set
// against one entry's counts only; keys counts each key once.
func (s *Syncer) atStake() (lost, unknown int64, keys int) {
	s.mu.Lock()
	unsettled := make([]cache.Pending, len(s.unsettled))
	for i := range s.unsettled {
		unsettled[i] = s.unsettled[i].p
	}
	s.mu.Unlock()
	now := s.cfg.Now()
	inWrites := make(map[cache.Key][]cache.Frame, len(unsettled))
	seen := make(map[cache.Key]bool, len(unsettled))
	for i, p := range unsettled {
		// A write whose delta a reset dropped holds none of the counts:
		// they were cleared, and those made since are in no write.
		var delta []cache.Frame
		if !s.cfg.Cache.DeltaDropped(p) {
			delta = p.Delta
		}
		if len(s.cfg.Cache.AppendUnreached(nil, unsettled[i:i+1])) > 0 {
			// Evicted: its entry's counts, the write's and those made
			// since, which no walk of the cache finds.
			if local := s.cfg.Cache.LocalOf(p, now); len(local) > 0 {
				never, in := splitFrames(local, slices.Clone(delta))
				lost += cache.Requests(never)
				unknown += cache.Requests(in)
				seen[p.Key] = true
			}
			continue
		}
		inWrites[p.Key] = append(inWrites[p.Key], delta...)
	}
	l, u := splitLocal(s.cfg.Cache.AppendLocal(nil, now), inWrites, seen)
	return lost + l, unknown + u, len(seen)
}

// splitLocal returns the local counts of local (cache.AppendLocal) that no
// write took (lost) and those in writes (unknown), split key by key: the
// frames of a key's entries (an evicted one still queued, whose write is
// unsettled, and a new one) together, since a write is matched to a key,
// not to its entry. Split entry by entry, in AppendLocal's order (the new,
// held entry first), the new entry's hour took the old write's hour and
// the old entry's hour was left "never written": 2 never written and 4
// unknown for 4 counts, 1 and 3 (TestSplitLocalByKey). It marks the keys
// in seen.
func splitLocal(local []cache.Pending, writes map[cache.Key][]cache.Frame, seen map[cache.Key]bool) (lost, unknown int64) {
	byKey := make(map[cache.Key][]cache.Frame, len(local))
	for _, p := range local {
		byKey[p.Key] = append(byKey[p.Key], p.Delta...)
	}
	for k, frames := range byKey {
		never, in := splitFrames(frames, writes[k])
		lost += cache.Requests(never)
		unknown += cache.Requests(in)
		seen[k] = true
	}
	return lost, unknown
}

// splitFrames splits the local frames local into those no write took
// (never) and those in the frames of writes (in), by frame (size and
// start), and takes what it sets in in from writes, so that a unit of a
// write is set against one entry's counts only.
func splitFrames(local, writes []cache.Frame) (never, in []cache.Frame) {
	for _, f := range local {
		var took int64
		for i := range writes {
			w := &writes[i]
			if w.Size == f.Size && w.StartUnix == f.StartUnix && w.N > 0 && took < f.N {
				n := min(w.N, f.N-took)
				w.N -= n
				took += n
			}
		}
		never = append(never, cache.Frame{Size: f.Size, StartUnix: f.StartUnix, N: f.N - took})
		in = append(in, cache.Frame{Size: f.Size, StartUnix: f.StartUnix, N: took})
	}
	return never, in
}

// reportInFlight logs the requests still open after the final flush: a
// server whose shutdown deadline passed while its token endpoint worked on
// them. A token issued for one of them now is in no count the store holds,
// which nothing said before (an outside audit: with --shutdown-timeout 1s
// and a 3 s endpoint, 6 tokens issued, none counted, exit 0).
func (s *Syncer) reportInFlight() {
	if cost, keys := s.cfg.Cache.InFlight(); cost > 0 {
		s.cfg.Logger.Warn("requests still in flight after the final flush: tokens issued for them are not counted", "reserved_cost", cost, "keys", keys)
	}
}

func (s *Syncer) needsSweep() bool {
	t, ok := s.cfg.Store.(TTL)
	return !ok || !t.TTL()
}

// SweepOnce deletes the documents of the store expired by more than
// MaxSkew by this instance's clock. The expiry was set by the last writer's
// clock (now + two of the longest frames + two Intervals; a store with TTL
// gets MaxSkew more, as its server has no margin of its own: see expiry),
// and a sweeper
// whose clock runs ahead must not delete a document its writer still
// counts on: with the margin, a document goes only once it has expired by
// every clock within MaxSkew of this one. (The server's own clock would
// need {$expr: {$lt: ["$expire", "$$NOW"]}}, which FerretDB v1 refuses:
// "the operator $lt is not implemented yet", measured on v1.24. A store
// with TTL indexes expires by the server's clock and is not swept.)
func (s *Syncer) SweepOnce(ctx context.Context) error {
	if s.aheadOfPeers() {
		return nil // a live instance's clock is MaxSkew or more behind (aheadOfPeers)
	}
	s.m.requestsSweep.Inc()
	n, err := s.cfg.Store.Sweep(ctx, s.cfg.Now().Add(-s.cfg.MaxSkew))
	if err != nil {
		s.m.errorsSweep.Inc()
		return fmt.Errorf("syncer: sweep: %w", err)
	}
	if n > 0 {
		s.cfg.Logger.Debug("swept expired documents", "documents", n)
	}
	return nil
}

// errLog logs an error at most once a minute while errors last, with the
// number it suppressed in between, so that an outage does not flood the
// log.
type errLog struct {
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

const errLogEvery = time.Minute

func (l *errLog) log(logger *slog.Logger, now time.Time, msg string, err error, args ...any) {
	l.mu.Lock()
	if !l.last.IsZero() && now.Sub(l.last) < errLogEvery {
		l.suppressed++
		l.mu.Unlock()
		return
	}
	n := l.suppressed
	l.last, l.suppressed = now, 0
	l.mu.Unlock()
	logger.Error(msg, append([]any{"err", err, "suppressed", n}, args...)...)
}

// reset forgets the last error and returns how many were suppressed since
// it was logged.
func (l *errLog) reset() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.suppressed
	l.last, l.suppressed = time.Time{}, 0
	return n
}

package cache

import (
	"cmp"
	"slices"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// This file reads a key's state for the admin API without changing it: no
// counter rolls, no key is created, no sweep clock moves. It works on copies
// of the key's counters, rolled and adopting the stored frames as a decision
// at now would, so what it shows is what the next Reserve would count.

// TierState is one tier of a key as Inspect reads it at a given time.
type TierState struct {
	// Tier is the tier inspected.
	Tier window.Tier
	// Global is the store's counts, as of the key's snapshot, in the
	// current and the previous frame of the tier's size.
	Global window.Counts
	// Local is what this instance counted and has not yet seen confirmed
	// by the store (a delta a flush has taken and not settled included).
	Local window.Counts
	// Reserved is the weight of the key's open reservations against the
	// tier (see Reserve): requests admitted whose token is not issued yet.
	Reserved int64
	// Estimate is the weighted sliding-window estimate of Global + Local,
	// without the reservations.
	Estimate float64
	// Used is what a decision counts against Limit now: the estimate of
	// Global + Local, rounded as the window math rounds, plus Reserved.
	Used int64
	// Remaining is how much more a request may cost now and be admitted
	// by this tier on this instance (the share included); 0 when
	// none.
	Remaining int64
	// Shared reports whether the share (see Reserve) bounds
	// Remaining.
	Shared bool
	// RetryAfter is the time until a request of cost 1 would be admitted
	// by this tier; 0 if it would be now.
	RetryAfter time.Duration
}

// KeyState is the state of one key as Inspect reads it.
type KeyState struct {
	// Version is the version of the key's snapshot; 0: the store had no
	// document for it when this instance last read or wrote it.
	Version int64
	// Writers is how many instances count the key, as the store's
	// document told at the last snapshot, up to 127 (more are held as
	// 127, and the share is then a 127th); 0 or 1: this one alone as far
	// as it knows. With Assumed, at least the live instances: the key is
	// new here.
	Writers int
	// Assumed reports that Writers includes the live instances, assumed
	// to count the key until the store's document can tell (see
	// Reserve).
	Assumed bool
	// Reserved is the cost of the key's open reservations.
	Reserved int64
	// LastUsedUnix is the Unix second of the key's last decision.
	LastUsedUnix int64
	// Tiers are the states of the tiers asked for, in their order.
	Tiers []TierState
	// Counted are the window sizes the key counts in that no tier asked
	// for names, by size: those of its decisions' count-only tiers, and
	// those of an earlier policy's tiers, which a key keeps counting in
	// after a reload until it is evicted. They are written to the store
	// as the tiers' are, and another instance may enforce them.
	Counted []SizeState
}

// SizeState is a window size a key counts in, as Inspect reads it.
type SizeState struct {
	// Size is the window size.
	Size time.Duration
	// Global and Local are as in TierState.
	Global, Local window.Counts
	// Estimate is the weighted sliding-window estimate of Global + Local.
	Estimate float64
}

// Inspect returns the state of k against tiers at now, reusing dst.Tiers
// and dst.Counted, and whether k is held. It changes nothing: a key not held stays so.
func (c *Cache) Inspect(k Key, tiers []window.Tier, now time.Time, dst *KeyState) bool {
	e := c.lockFind(k)
	if e.hotLine == nil {
		return false
	}
	defer e.mu.Unlock()
	o := e.openRead(&c.codes)
	o.inspect(tiers, now, c.sharing(), c.writersOf(e), c.cfg.SyncInterval, true, dst)
	o.doneReading()
	return true
}

// Walk calls f, for every key held, with the key and its state against the
// tiers tiersOf returns for it (as Inspect reads it, but with Counted left
// empty: a walk ranks keys by their tiers, and each size no tier names
// would cost a view and an estimate, and the key a sort; Inspect reads
// them), until f returns false. The state is reused from call to call: f
// must copy what it keeps; the key is a copy (see keyBuf), and may be
// kept. Both functions run with the key's shard
// read-locked and the key locked, so neither may call into the cache; a
// walk takes every key's lock once, as the syncer's AppendActive does.
func (c *Cache) Walk(now time.Time, tiersOf func(Key) []window.Tier, f func(Key, *KeyState) bool) {
	var st KeyState
	var kb keyBuf
	for i := range c.shards {
		s := &c.shards[i]
		more := true
		s.mu.RLock()
		s.forEach(0, func(_ int, e entry) bool {
			e.mu.Lock()
			k := kb.key(c, e)
			o := e.openRead(&c.codes)
			o.inspect(tiersOf(k), now, c.sharing(), c.writersOf(e), c.cfg.SyncInterval, false, &st)
			o.doneReading()
			more = f(k, &st)
			e.mu.Unlock()
			return more
		})
		s.mu.RUnlock()
		if !more {
			return
		}
	}
}

// inspect fills st with e's state (e locked by the caller) against tiers:
// shared among w writers (Cache.writersOf) if share and e counts two or
// more; st.Counted only if counted.
func (e *open) inspect(tiers []window.Tier, now time.Time, share bool, w int64, shareRetry time.Duration, counted bool, st *KeyState) {
	*st = KeyState{
		Version:      e.version,
		Writers:      int(e.writers &^ assumedWriters),
		Assumed:      e.writers >= assumedWriters,
		Reserved:     e.reserved,
		LastUsedUnix: e.lastUsedUnix(),
		Tiers:        st.Tiers[:0],
		Counted:      st.Counted[:0],
	}
	if st.Assumed {
		st.Writers = int(w)
	}
	for _, t := range tiers {
		ct := e.view(int64(t.Size/time.Second), now)
		ts := TierState{
			Tier:     t,
			Global:   ct.globals(),
			Local:    window.Counts{StartUnix: ct.start, Prev: ct.local[0], Curr: ct.local[1]},
			Reserved: e.reservedWeight(t),
		}
		counts := ct.counts()
		ts.Estimate = t.Estimate(counts, now)
		counts.Curr += ts.Reserved
		ts.Used = t.Used(counts, now)
		room := t.Remaining(counts, now)
		if e.writers >= 2 && share && room >= 1 { // a tier at its limit refuses whatever the share says
			if sr := e.shareRoom(&ct, t, now, w, 1); sr < room {
				room, ts.Shared = sr, true
			}
		}
		ts.Remaining = max(room, 0)
		if room < 1 || !t.Admits(counts, 1, now) {
			ra, err := t.RetryAfter(counts, 1, now)
			if err != nil {
				ra = t.Size
			}
			if ts.Shared && room < 1 {
				ra = max(ra, shareRetry)
			}
			ts.RetryAfter = ra
		}
		st.Tiers = append(st.Tiers, ts)
	}
	if !counted {
		return
	}
	for i := range int(e.n) {
		size := time.Duration(e.at(i).size) * time.Second
		if slices.ContainsFunc(tiers, func(t window.Tier) bool { return t.Size == size }) {
			continue
		}
		ct := e.view(int64(e.at(i).size), now)
		ss := SizeState{
			Size:   size,
			Global: ct.globals(),
			Local:  window.Counts{StartUnix: ct.start, Prev: ct.local[0], Curr: ct.local[1]},
		}
		ss.Estimate = window.Tier{Size: size}.Estimate(ct.counts(), now)
		st.Counted = append(st.Counted, ss)
	}
	slices.SortFunc(st.Counted, func(a, b SizeState) int { return cmp.Compare(a.Size, b.Size) })
}

// view returns a copy of e's counter of the given size as a decision at now
// would see it: rolled to now's frame, with the stored frames and orphan
// counts of its size that fall into its slots adopted. A size e does not
// count in yet gets an empty counter that adopts them likewise.
func (e *open) view(sizeSec int64, now time.Time) counter {
	start := frameStart(now, sizeSec)
	c := counter{size: int32(sizeSec), start: start}
	if held := e.counterOf(sizeSec); held != nil {
		c = *held
		c.roll(start)
	}
	if e.more == nil {
		return c
	}
	size := time.Duration(sizeSec) * time.Second
	for _, f := range e.more.extra {
		if i := c.slot(f.StartUnix); f.Size == size && i >= 0 {
			c.sum[i] += f.N
		}
	}
	for _, f := range e.more.orphan {
		if i := c.slot(f.StartUnix); f.Size == size && i >= 0 {
			c.count(i, f.N)
		}
	}
	return c
}

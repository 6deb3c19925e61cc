package cache

import (
	"math"
	"slices"
	"sync"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// counter counts a key in the frames of one window size.
type counter struct {
	size   int64    // window size in seconds
	start  int64    // Unix second at which the current frame starts
	global [2]int64 // the store's counts [previous, current] as of the snapshot
	local  [2]int64 // counted here since the last confirmed flush
}

// roll moves c forward to the frame that starts at nowStart. A clock that
// went backwards leaves c where it is (its elapsed time is then clamped to 0).
func (c *counter) roll(nowStart int64) {
	switch {
	case nowStart <= c.start:
	case nowStart == c.start+c.size:
		c.global = [2]int64{c.global[1], 0}
		c.local = [2]int64{c.local[1], 0}
		c.start = nowStart
	default:
		c.global, c.local = [2]int64{}, [2]int64{}
		c.start = nowStart
	}
}

func (c *counter) counts() window.Counts {
	return window.Counts{Prev: c.global[0] + c.local[0], Curr: c.global[1] + c.local[1]}
}

// slot returns the index (0 previous, 1 current) of the frame starting at
// startUnix, or -1 when it is neither.
func (c *counter) slot(startUnix int64) int {
	switch startUnix {
	case c.start:
		return 1
	case c.start - c.size:
		return 0
	}
	return -1
}

// entry is the state of one key. mu guards every field but h2 and the key,
// which never change; it is held for a few dozen nanoseconds per decision and
// never across I/O. The snapshot is kept by value (version and the global
// counts in the counters) rather than behind an atomic pointer: a decision
// needs the lock for the local counts anyway, and a separate snapshot
// allocation would cost about 64 bytes per key. The layout is packed into
// 112 bytes, one size class, because memory per key is what bounds how many
// keys an instance can hold: the first counter is inline (most keys are
// limited by one or two window sizes) and the key is one string.
type entry struct {
	mu           sync.Mutex
	queued       bool  // in its shard's dirty list
	n            uint8 // counters in use
	split        uint32
	lastUsedUnix int64
	version      int64  // of the snapshot; 0: no document in the store
	h2           uint64 // the second hash of the key (see shard)
	kbuf         string // ClientID followed by User, split at split
	first        counter
	more         *overflow // nil until a second size or a foreign frame
}

// overflow is the part of an entry that most keys do not need.
type overflow struct {
	counters [MaxSizes - 1]counter
	// foreign are the store's frames of window sizes this instance does
	// not count the key in (another instance's policy, during a rollout).
	// They are part of the snapshot, so a flush writes them back rather
	// than erasing another instance's counts.
	foreign []Frame
}

// newEntry returns the entry of k. Its key is copied into memory of its own
// (STYLE rule 17): k's strings may view a pooled request buffer that the
// next request overwrites, and the entry outlives the request as a map key
// and as the document ID the syncer writes. A plain k.ClientID + k.User is
// not a copy: Go returns k.ClientID itself when k.User is empty.
func newEntry(k Key, h2 uint64, nowUnix int64) *entry {
	b := make([]byte, 0, len(k.ClientID)+len(k.User))
	b = append(append(b, k.ClientID...), k.User...)
	return &entry{
		h2:           h2,
		kbuf:         string(b),
		split:        uint32(len(k.ClientID)),
		lastUsedUnix: nowUnix,
	}
}

func (e *entry) key() Key {
	return Key{ClientID: e.kbuf[:e.split], User: e.kbuf[e.split:]}
}

// at returns the i-th counter in use, i < e.n.
func (e *entry) at(i int) *counter {
	if i == 0 {
		return &e.first
	}
	return &e.more.counters[i-1]
}

func (e *entry) hasLocal() bool {
	for i := range int(e.n) {
		if e.at(i).local != [2]int64{} {
			return true
		}
	}
	return false
}

// empty reports whether e holds no count at all: nothing counted here that
// is not flushed, nothing from the store. Such a key costs nothing to drop;
// keys made by requests that were all released (a flood of unknown client
// IDs answered 401) are like this.
func (e *entry) empty() bool {
	if e.version != 0 || (e.more != nil && len(e.more.foreign) > 0) {
		return false
	}
	for i := range int(e.n) {
		if c := e.at(i); c.local != [2]int64{} || c.global != [2]int64{} {
			return false
		}
	}
	return true
}

func (e *entry) longestSec() int64 {
	var l int64
	for i := range int(e.n) {
		l = max(l, e.at(i).size)
	}
	return l
}

func (e *entry) rollAll(nowUnix int64) {
	for i := range int(e.n) {
		c := e.at(i)
		c.roll(nowUnix - mod(nowUnix, c.size))
	}
}

func (e *entry) counter(sizeSec int64) *counter {
	for i := range int(e.n) {
		if c := e.at(i); c.size == sizeSec {
			return c
		}
	}
	return nil
}

// track makes sure e counts in every size of tiers. A key limited by more
// than MaxSizes sizes over its life (policy reloads) gives up the counter of
// a size the current tiers do not use.
func (e *entry) track(tiers []window.Tier, nowUnix int64) {
	for _, t := range tiers {
		sz := int64(t.Size / time.Second)
		if e.counter(sz) != nil {
			continue
		}
		c := counter{size: sz, start: nowUnix - mod(nowUnix, sz)}
		if e.n < MaxSizes {
			if e.n == 1 && e.more == nil {
				e.more = new(overflow)
			}
			e.n++
			*e.at(int(e.n) - 1) = c
			e.dropForeign(sz)
			continue
		}
		for i := range int(e.n) {
			if !usesSize(tiers, e.at(i).size) {
				*e.at(i) = c
				e.dropForeign(sz)
				break
			}
		}
	}
}

// dropForeign forgets the foreign frames of a size e now counts in: from
// the next snapshot on they land in its counter.
func (e *entry) dropForeign(sizeSec int64) {
	if e.more == nil {
		return
	}
	e.more.foreign = slices.DeleteFunc(e.more.foreign, func(f Frame) bool {
		return int64(f.Size/time.Second) == sizeSec
	})
}

func usesSize(tiers []window.Tier, sizeSec int64) bool {
	for _, t := range tiers {
		if int64(t.Size/time.Second) == sizeSec {
			return true
		}
	}
	return false
}

// install replaces the global counts with those of s, as of nowUnix.
func (e *entry) install(s Snapshot, nowUnix int64) {
	e.version = s.Version
	e.rollAll(nowUnix)
	for i := range int(e.n) {
		e.at(i).global = [2]int64{}
	}
	if e.more != nil {
		e.more.foreign = e.more.foreign[:0]
	}
	for _, f := range s.Frames {
		c := e.counter(int64(f.Size / time.Second))
		if c == nil {
			if e.more == nil {
				e.more = new(overflow)
			}
			e.more.foreign = append(e.more.foreign, f)
			continue
		}
		if i := c.slot(f.StartUnix); i >= 0 {
			c.global[i] = f.N
		}
	}
}

// Admission says whether a request over the limit is counted.
type Admission uint8

const (
	// Enforce counts a request only if every tier admits it.
	Enforce Admission = iota
	// CountAlways counts the request whatever the verdict: for dry-run and
	// for trusted clients, which are counted but never denied.
	CountAlways
)

// Reservation is the cost a Reserve counted. Release takes it back; Commit
// keeps it. The zero Reservation holds nothing.
type Reservation struct {
	e      *entry
	cost   int64
	sizes  [MaxSizes]int64 // the window sizes (seconds) the cost was counted in
	starts [MaxSizes]int64 // and the frame of each, as counted (not as now says: the clock may step back)
}

// Decision is the outcome of Reserve.
type Decision struct {
	// Allowed reports whether every tier admits the request.
	Allowed bool
	// Counted reports whether the cost was counted; if so the caller must
	// Commit or Release Reservation.
	Counted bool
	// Tier is the binding tier: the denying one that lasts longest, or, if
	// all admit, the one with the least remaining.
	Tier window.Tier
	// Remaining is what Tier has left after this request.
	Remaining int64
	// RetryAfter is the time until the request would be admitted; 0 when
	// Allowed. If the cost exceeds a limit it is Tier.Size.
	RetryAfter time.Duration
	// Reset is the time until Tier's estimate decays to 0 without more hits.
	Reset time.Duration
	// Reservation is what was counted (zero if Counted is false).
	Reservation Reservation
}

// Reserve decides a request of the given cost for key k against tiers (all
// must admit; at most MaxSizes, each valid per window.Tier.Validate) at now,
// and counts it if admitted, or always with CountAlways. It never blocks on
// anything but k's lock and does not allocate for an existing key.
func (c *Cache) Reserve(k Key, tiers []window.Tier, cost int64, adm Admission, now time.Time) Decision {
	s, e := c.get(k, now)
	nowUnix := now.Unix()
	nowNano := now.UnixNano()

	e.mu.Lock()
	defer e.mu.Unlock()
	e.lastUsedUnix = nowUnix
	e.track(tiers, nowUnix)
	e.rollAll(nowUnix)

	d := Decision{Allowed: true, Remaining: math.MaxInt64}
	var binding *counter
	for _, t := range tiers {
		ct := e.counter(int64(t.Size / time.Second))
		elapsed := time.Duration(nowNano - ct.start*int64(time.Second))
		counts := ct.counts()
		if window.Admits(counts, t, cost, elapsed) {
			if d.Allowed {
				if r := window.Remaining(counts, t, elapsed) - cost; r < d.Remaining {
					d.Tier, d.Remaining, binding = t, r, ct
				}
			}
			continue
		}
		ra, err := window.RetryAfter(counts, t, cost, elapsed)
		if err != nil {
			ra = t.Size
		}
		if d.Allowed || ra > d.RetryAfter {
			d.Tier, d.RetryAfter, binding = t, ra, ct
		}
		d.Allowed = false
	}
	if binding == nil { // no tiers: nothing limits
		d.Remaining = 0
	}

	if d.Allowed || adm == CountAlways {
		d.Counted = true
		r := Reservation{e: e, cost: cost}
		for i := range int(e.n) {
			ct := e.at(i)
			ct.local[1] += cost
			r.sizes[i], r.starts[i] = ct.size, ct.start
		}
		d.Reservation = r
		c.queue(s, e)
	}
	if binding != nil {
		elapsed := time.Duration(nowNano - binding.start*int64(time.Second))
		counts := binding.counts()
		if !d.Allowed {
			d.Remaining = window.Remaining(counts, d.Tier, elapsed)
		}
		d.Reset = window.Reset(counts, d.Tier.Size, elapsed)
	}
	return d
}

// Commit keeps the cost of r counted: the token was issued. It exists so
// that the call site states the protocol; it costs nothing.
func (c *Cache) Commit(r Reservation) {}

// Release takes back the cost of r: the token was not issued, and the
// request leaves no trace in any count. If r's frames have since left the
// window, there is nothing left to take back. Releasing a Reservation twice
// takes the cost back twice; callers release each at most once.
func (c *Cache) Release(r Reservation) {
	e := r.e
	if e == nil || r.cost == 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for j, sz := range r.sizes {
		if sz == 0 {
			break
		}
		ct := e.counter(sz)
		if ct == nil {
			continue
		}
		if i := ct.slot(r.starts[j]); i >= 0 {
			ct.local[i] -= r.cost
		}
	}
	c.queue(c.shardOf(hashKey(c.seed, e.key())), e)
}

// queue puts e, locked by the caller, on its shard's dirty list unless it is
// there already.
func (c *Cache) queue(s *shard, e *entry) {
	if e.queued {
		return
	}
	e.queued = true
	s.dirtyMu.Lock()
	s.dirty = append(s.dirty, e)
	s.dirtyMu.Unlock()
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

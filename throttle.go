package oauthratelimit

import (
	"hash/maphash"
	"sync/atomic"
	"time"
)

// throttleSlots is the number of clients whose log throttles are told
// apart; clients hashing to one slot share a throttle. A fixed array rather
// than a map keyed by client ID: client IDs come from requests, so a map
// would grow with whatever an attacker sends.
const throttleSlots = 1024

// logThrottle lets a log line through at most once per interval per client
// (per slot). It is lock-free: a slot is the Unix nanosecond of its last
// log, claimed with a compare-and-swap.
type logThrottle struct {
	seed  maphash.Seed
	every int64
	slots [throttleSlots]atomic.Int64
}

func (t *logThrottle) init(every time.Duration) {
	t.seed = maphash.MakeSeed()
	t.every = int64(every)
}

// allow reports whether a log about client may be written at now. client
// may view the pooled request buffer: the table keeps only its hash, never
// the string, so nothing here needs a copy.
func (t *logThrottle) allow(client string, now time.Time) bool {
	slot := &t.slots[maphash.String(t.seed, client)&(throttleSlots-1)]
	n := now.UnixNano()
	last := slot.Load()
	if last != 0 && n-last < t.every {
		return false
	}
	return slot.CompareAndSwap(last, n)
}

package oauthratelimit

import (
	"net/http"
	"strconv"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// verdict is the decision on one token request and what it holds: the
// rules that apply, the reservations to commit or release, the binding
// decision that its rate-limit headers describe.
type verdict struct {
	cr        *compiledRules
	grant     policy.Grant
	cost      int64
	adm       cache.Admission
	dec       [2]cache.Decision // reserved into (decide); the first nres counted: the key's own, and the aggregate or attributed one
	nres      int
	hasBind   bool
	scope     scope          // of d
	d         cache.Decision // the binding decision, valid if hasBind; its Reservation is zero (see bind)
	policyHdr []string       // RateLimit-Policy value
	attribute bool           // the user is to be read from the issued token
	hold      bool           // a 2xx answer is held and read (attribute, refresh tokens)
	user      string         // the user known before issuance; "" if none
	blk       *requestBlock
	noLegacy  bool // leave out X-RateLimit-* (Config.OmitLegacyHeaders)
}

// bind folds d, decided for a key of scope s, into the verdict: a denying
// decision binds over admitting ones (the one whose RetryAfter is longest
// among denying ones); among admitting ones the one with least remaining.
func (v *verdict) bind(s scope, d *cache.Decision) {
	switch {
	case !v.hasBind:
	case !d.Allowed && v.d.Allowed:
	case !d.Allowed && !v.d.Allowed && d.RetryAfter > v.d.RetryAfter:
	case d.Allowed && v.d.Allowed && d.Remaining < v.d.Remaining:
	default:
		return
	}
	// Field by field, leaving v.d.Reservation zero (the reservation is
	// kept in res): copying the whole Decision writes its pointer into the
	// pooled verdict, a write barrier while the GC marks.
	v.hasBind, v.scope = true, s
	v.d.Allowed, v.d.Counted, v.d.Tier, v.d.Remaining, v.d.Used = d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used
	v.d.RetryAfter, v.d.Reset = d.RetryAfter, d.Reset
}

// admit is decide answering only whether the decision admits.
func (v *verdict) admit(c *cache.Cache, s scope, k cache.Key, now time.Time) bool {
	return v.decide(c, s, k, now).Allowed
}

// decide reserves v's cost on k for scope s, into the verdict's next place
// for a counted decision, which it takes if counted; binds the decision and
// returns it, valid until the next decide. A request makes at most two
// decisions (its own key and the client's aggregate, or the aggregate and
// the attributed user), so the place is always there.
//
// k's strings may view the pooled request buffer (the client ID and user
// parsed from the body, a UserResolver's answer, the sub of the issued
// token): the cache copies a key's bytes when it inserts the key
// (cache.newEntry) and only reads them otherwise, so they are not copied
// here, where a copy would allocate on every request
// (TestPooledBuffersDoNotCrossKeys, TestKeptStringsSurviveBufferReuse).
func (v *verdict) decide(c *cache.Cache, s scope, k cache.Key, now time.Time) *cache.Decision {
	d := &v.dec[v.nres]
	c.ReserveTiers(d, k, &v.cr.scopes[s].res, v.cost, v.adm, now)
	if d.Counted {
		v.nres++
	}
	v.bind(s, d)
	return d
}

// requestBlock is what a token request that passes the parser needs beyond
// the pooled reqState, in one allocation.
type requestBlock struct {
	body bodyReader
	hdr  headerBlock
}

// headerBlock holds the per-response header values. They must outlive the
// handler (net/http writes headers after it returns), so they cannot come
// from a pool. Strings point into buf, which is written once per response
// (writeHeaders runs once) and never after the strings are made.
type headerBlock struct {
	vals [4]string // RateLimit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After
	// buf fits the longest values: a tier's name (at most 18 bytes,
	// "aggregate-86399s" quoted), r (at most 19 digits), t and
	// Retry-After (at most 6 each: a window is at most a day). Were it
	// ever short, append would grow it: an allocation, not an error.
	buf [64]byte
}

// Header names, in canonical form so that they index http.Header directly.
const (
	hdrRateLimitPolicy  = "Ratelimit-Policy"  // RateLimit-Policy
	hdrRateLimit        = "Ratelimit"         // RateLimit
	hdrRateLimitWarning = "Ratelimit-Warning" // RateLimit-Warning
	hdrXLimit           = "X-Ratelimit-Limit"
	hdrXRemaining       = "X-Ratelimit-Remaining"
	hdrXReset           = "X-Ratelimit-Reset"
	hdrRetryAfter       = "Retry-After"
)

// hdrKind says what a response's rate-limit headers describe.
type hdrKind uint8

const (
	hdrAdmitted    hdrKind = iota // counted: the token was issued
	hdrDenied                     // over the limit (slow_down)
	hdrDeniedRetry                // over the limit, with Retry-After (429)
)

// writeHeaders writes the rate-limit headers of v's binding decision:
//
//	RateLimit-Policy: "user-1m";q=20;w=60, "user-1h";q=300;w=3600
//	RateLimit: "user-1m";r=3;t=42
//	X-RateLimit-Limit: 20                 (unless Config.OmitLegacyHeaders)
//	X-RateLimit-Remaining: 3
//	X-RateLimit-Reset: 42
//	Retry-After: 17                       (denied only)
//	RateLimit-Warning: "user-1m";soft=0.8 (admitted past the soft limit only)
//
// r is the binding tier's remaining quota, t and X-RateLimit-Reset the
// seconds (rounded up) until its count has fully decayed (0 when r is the
// whole quota), Retry-After the
// seconds (rounded up) until the request would be admitted.
func (v *verdict) writeHeaders(h http.Header, kind hdrKind) {
	if !v.hasBind {
		return // no tier applied (user unknown before issuance)
	}
	t := v.cr.scopes[v.scope].find(v.d.Tier)
	if t == nil {
		return // cannot happen: the decision's tier is one of the scope's
	}
	blk := &v.blk.hdr
	rem := max(v.d.Remaining, 0)
	retry := kind == hdrDeniedRetry
	reset := ceilSeconds(v.d.Reset)
	if rem >= t.tier.Limit {
		// Nothing of the quota is spent (what is counted rounds down to
		// 0): there is nothing to reset. The count may still be above 0
		// (a fraction of the previous frame, reservations in flight).
		reset = 0
	}
	// One pass writes the RateLimit value, "name";r=REM;t=RESET, then
	// Retry-After's seconds; X-RateLimit-Remaining and -Reset are the
	// digits of r and t within it, not formatted again.
	b := append(blk.buf[:0], t.named...)
	r0 := len(b)
	b = strconv.AppendInt(b, rem, 10)
	r1 := len(b)
	b = append(b, ";t="...)
	t0 := len(b)
	b = strconv.AppendInt(b, reset, 10)
	t1 := len(b)
	if retry {
		b = strconv.AppendInt(b, max(ceilSeconds(v.d.RetryAfter), 1), 10)
	}
	// b may have outgrown buf; all strings are taken from its final array,
	// without copying: nothing writes to it after this (see headerBlock).
	s := unsafe.String(unsafe.SliceData(b), len(b))
	// Only the values sent are stored: each string is a pointer written
	// to the heap block.
	blk.vals[0] = s[:t1]
	h[hdrRateLimitPolicy] = v.policyHdr
	h[hdrRateLimit] = blk.vals[0:1:1]
	if !v.noLegacy {
		blk.vals[1], blk.vals[2] = s[r0:r1], s[t0:t1]
		h[hdrXLimit] = t.limit
		h[hdrXRemaining] = blk.vals[1:2:2]
		h[hdrXReset] = blk.vals[2:3:3]
	}
	if retry {
		blk.vals[3] = s[t1:]
		h[hdrRetryAfter] = blk.vals[3:4:4]
	}
	// Used, not Limit − rem: with other instances counting the key, rem is
	// this instance's share of what is left, and Limit − rem passed a soft
	// limit of 0.8 at 40% of the limit with 3 instances (an audit, h58).
	if kind == hdrAdmitted && t.softAt >= 0 && v.d.Used > t.softAt {
		h[hdrRateLimitWarning] = t.warn
		v.cr.metrics.softExceeded()
	}
}

// ceilSeconds returns d in whole seconds, rounded up; 0 for d ≤ 0.
func ceilSeconds(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return int64((d + time.Second - 1) / time.Second)
}

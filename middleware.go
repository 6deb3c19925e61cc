package oauthratelimit

import (
	"errors"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

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

// maxPooledBody is the largest request buffer kept for reuse; a larger one,
// read for an unusually large body, is left to the garbage collector.
const maxPooledBody = 1 << 20

// reqState is what the middleware needs per token request. It is pooled,
// so that serving a request on an existing key does not allocate.
type reqState struct {
	body    []byte
	scratch []byte // unescaped values and decoded JWT payloads
	rw      responseWriter
	tr      TokenRequest
	v       verdict // here rather than on the stack: the writer points to it
}

// Middleware returns next limited by l: POST requests to the token path
// are parsed, decided and counted; every other request reaches next
// untouched. It has the signature chi's Use and With take.
//
// A token request is answered by the middleware itself when it is
// malformed or ambiguous (400 invalid_request, 413 when its body exceeds
// MaxBodyBytes) or over the limit in enforce mode (429 too_many_requests,
// or 400 slow_down for device-code polling). Otherwise next receives the
// request with a body that reads the same bytes as the original (r.Form is
// not populated) and a ResponseWriter that records its status: a 2xx
// answer keeps the request counted and carries the rate-limit headers, any
// other answer (or a panic, or a hijack) takes the count back and carries
// none (see responseWriter.finalStatus).
func (l *Limiter) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || !l.isTokenPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		l.serveToken(w, r, next)
	})
}

// isTokenPath reports whether p is the token path, also when written with
// extra slashes or dot segments that a router may clean up.
func (l *Limiter) isTokenPath(p string) bool {
	tp := l.cfg.TokenPath
	if p == tp {
		return true
	}
	if len(p) <= len(tp) || !(strings.Contains(p, "//") || strings.Contains(p, "/.") || strings.HasSuffix(p, "/")) {
		return false // cleaning only ever shortens a path
	}
	return path.Clean(p) == tp
}

// verdict is the decision on one token request and what it holds.
type verdict struct {
	cr        *compiledRules
	grant     policy.Grant
	cost      int64
	adm       cache.Admission
	res       [2]cache.Reservation // counted: the key's own, and the aggregate or attributed one
	nres      int
	hasBind   bool
	scope     scope          // of d
	d         cache.Decision // the binding decision, valid if hasBind
	policyHdr []string       // RateLimit-Policy value
	attribute bool           // the user is to be read from the issued token
	blk       *requestBlock
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
	v.hasBind, v.scope, v.d = true, s, *d
}

// reserve reserves v's cost on k for scope s. k's strings may view the
// pooled request buffer (the client ID and user parsed from the body, a
// UserResolver's answer, the sub of the issued token): the cache copies a
// key's bytes when it inserts the key (cache.newEntry) and only reads them
// otherwise, so they are not copied here, where a copy would allocate on
// every request (TestPooledBuffersDoNotCrossKeys,
// TestKeptStringsSurviveBufferReuse).
func (v *verdict) reserve(c *cache.Cache, s scope, k cache.Key, now time.Time) cache.Decision {
	d := c.Reserve(k, v.cr.scopes[s].window, v.cost, v.adm, now)
	if d.Counted {
		v.res[v.nres] = d.Reservation
		v.nres++
	}
	v.bind(s, &d)
	return d
}

func (l *Limiter) serveToken(w http.ResponseWriter, r *http.Request, next http.Handler) {
	st := l.pool.Get().(*reqState)
	if p := l.serveParsed(w, r, next, st); p != nil {
		l.metrics.badRequest(p.reason)
		if p.reason == reasonBodyTooLarge {
			// The rest of the body was not read; do not read it to serve
			// another request on this connection.
			w.Header()["Connection"] = hdrClose
		}
		writeJSON(w, p.status, p.body)
	}
	l.put(st)
}

func (l *Limiter) put(st *reqState) {
	if cap(st.body) > maxPooledBody {
		st.body = nil
	}
	if cap(st.scratch) > maxPooledBody {
		st.scratch = nil
	}
	if cap(st.rw.buf) > maxPooledBody {
		st.rw.buf = nil
	}
	st.rw.ResponseWriter = nil
	st.tr = TokenRequest{}
	st.v = verdict{}
	l.pool.Put(st)
}

// serveParsed serves a token request, or returns the problem that makes it
// malformed without having written anything.
func (l *Limiter) serveParsed(w http.ResponseWriter, r *http.Request, next http.Handler, st *reqState) *problem {
	if !isForm(r.Header["Content-Type"]) {
		return probContentType
	}
	var authz string
	switch a := r.Header["Authorization"]; len(a) {
	case 0:
	case 1:
		authz = a[0]
	default:
		return probMultipleAuthorization
	}
	if r.URL.RawQuery != "" {
		if p := queryProblem(r.URL.RawQuery); p != nil {
			return p
		}
	}
	body, p := l.readBody(r, st)
	if p != nil {
		return p
	}
	st.scratch = st.scratch[:0]
	tr, p := parseTokenRequest(body, authz, &st.scratch)
	if p != nil {
		return p
	}

	now := l.cfg.Now()
	cp := l.state.Load()
	v := &st.v
	*v = verdict{cr: cp.lookup(tr.clientID), grant: tr.grant}
	rules := v.cr.rules
	v.cost = rules.Costs[tr.grant]
	if rules.Trusted || rules.Mode == policy.ModeDryRun {
		v.adm = cache.CountAlways
	}

	// The request's one allocation: its body reader, which must not be
	// reused (see bodyReader), and its header values, which must outlive
	// the handler (see headerBlock).
	v.blk = new(requestBlock)
	defer v.blk.body.detach() // before st, and the body's buffer, are reused
	origBody := r.Body
	v.blk.body.reset(body)
	r.Body = &v.blk.body
	user := ""
	switch {
	case tr.grant == policy.GrantPassword:
		user = tr.username
	case tr.grant.IsUser() && l.cfg.UserResolver != nil:
		st.tr = TokenRequest{grant: tr.grant, grantType: tr.grantType, clientID: tr.clientID, body: body, scratch: &st.scratch}
		u, err := l.cfg.UserResolver(r, &st.tr)
		switch {
		case err != nil:
			// The error's text is copied: a resolver may have built it
			// over tr's strings (errors.New(tr.Param(...)) keeps the
			// string), which share the pooled request buffer, and a log
			// handler may keep the record after this request is done.
			l.log.Warn("user resolver failed", "err", strings.Clone(err.Error()), "client", v.cr.label, "grant_type", tr.grant.String())
		case len(u) > MaxIdentityLen:
			l.log.Warn("user resolver returned a user too long; treated as unknown", "len", len(u), "client", v.cr.label)
		default:
			user = u
		}
		v.blk.body.reset(body) // in case the resolver read it after all
	}

	l.decide(v, tr.clientID, user, now)
	dec := decUnattributed
	switch {
	case !v.hasBind:
	case v.d.Allowed:
		dec = decAllowed
	case rules.Trusted:
		dec = decTrustedOverLimit
	case rules.Mode == policy.ModeDryRun:
		dec = decDryRunDenied
		if l.throttle.allow(tr.clientID, now) {
			l.log.Info("dry-run would deny", "client_id", truncate(tr.clientID), "client", v.cr.label,
				"grant_type", tr.grant.String(), "scope", scopeNames[v.scope], "limit", v.d.Tier.Limit,
				"window", v.d.Tier.Size.String(), "retry_after", v.d.RetryAfter.String())
		}
	default:
		dec = decDenied
	}
	v.cr.metrics.decision(tr.grant, dec)
	if dec == decDenied {
		r.Body = origBody
		l.deny(w, v)
		return nil
	}

	// The rate-limit headers are written when the token endpoint's status
	// is known (responseWriter.finalStatus), on a 2xx answer only: a
	// request that fails is released and tells nothing of the quota.
	ww := &st.rw
	ww.reset(w, v.attribute, int(l.cfg.MaxResponseBytes))
	ww.lim, ww.v = l, v
	completed := false
	defer func() {
		if !completed {
			// The token endpoint panicked: nothing tells that a token was
			// issued. Take the count back and let the panic go on.
			l.settle(v, false)
		}
	}()
	next.ServeHTTP(ww, r)
	completed = true
	r.Body = origBody

	if ww.held {
		l.attribute(v, ww, tr.clientID, &st.scratch, now)
		_ = ww.unhold() // a failed write is the client's problem; the token was issued
	}
	if ww.status == 0 && !ww.hijacked {
		// net/http answers 200 for a handler that wrote nothing.
		ww.finalStatus(http.StatusOK)
		ww.status = http.StatusOK
	}
	l.settle(v, ww.status >= 200 && ww.status < 300 && !ww.hijacked)
	return nil
}

// decide reserves the request's cost on the keys its grant is limited by.
func (l *Limiter) decide(v *verdict, clientID, user string, now time.Time) {
	cr := v.cr
	agg := len(cr.scopes[scopeAggregate].window) > 0
	switch {
	case !v.grant.IsUser():
		v.policyHdr = cr.clientPolicy
		v.reserve(l.cache, scopeClient, cache.Key{ClientID: clientID}, now)
	case user != "":
		v.policyHdr = cr.userPolicy
		d := v.reserve(l.cache, scopeUser, cache.Key{ClientID: clientID, User: user}, now)
		if !agg || (!d.Allowed && v.adm == cache.Enforce) {
			return
		}
		d = v.reserve(l.cache, scopeAggregate, cache.Key{ClientID: clientID}, now)
		if !d.Allowed && v.adm == cache.Enforce {
			// The user's key admitted and counted, the client's aggregate
			// denies: the request is denied, so take the user's count back.
			l.cache.Release(v.res[0])
			v.nres = 0
		}
	default:
		// The user is not known before the token is issued. The client's
		// aggregate tiers, if any, apply now; the user's tiers after
		// issuance if the issued token names the user (attribute).
		v.attribute = l.cfg.AttributeIssued
		if agg {
			v.policyHdr = cr.aggregatePolicy
			v.reserve(l.cache, scopeAggregate, cache.Key{ClientID: clientID}, now)
		}
	}
}

// attribute counts an issued user-grant token for (client, sub of the
// issued JWT). The token exists, so it is counted whatever the user's tiers
// say; over the limit, it shows in the headers and metrics, and the user's
// next requests whose user is known before issuance see the count.
func (l *Limiter) attribute(v *verdict, w *responseWriter, clientID string, scratch *[]byte, now time.Time) {
	sub, ok := issuedSubject(w.buf, w.Header(), scratch)
	if !ok {
		v.cr.metrics.attribute(v.grant, attrNoSubject)
		return
	}
	adm := v.adm
	v.adm = cache.CountAlways
	d := v.reserve(l.cache, scopeUser, cache.Key{ClientID: clientID, User: sub}, now)
	v.adm = adm
	if d.Allowed {
		v.cr.metrics.attribute(v.grant, attrUnderLimit)
	} else {
		v.cr.metrics.attribute(v.grant, attrOverLimit)
	}
	v.policyHdr = v.cr.userPolicy
	l.setLimitHeaders(w.Header(), v, hdrAdmitted)
	w.hdrDone = true
}

// issuedSubject returns the sub of the JWT access_token, else of the
// id_token, of a JSON token response.
func issuedSubject(body []byte, h http.Header, scratch *[]byte) (string, bool) {
	if ce := h["Content-Encoding"]; len(ce) > 0 && ce[0] != "identity" {
		return "", false
	}
	for _, name := range [...]string{"access_token", "id_token"} {
		tok, ok := jsonStringMember(body, name, scratch)
		if !ok {
			continue
		}
		if sub, ok := jwtSubject(tok, len(body), scratch); ok && sub != "" && len(sub) <= MaxIdentityLen {
			return sub, true
		}
	}
	return "", false
}

// settle commits the verdict's counts if the token endpoint answered 2xx
// (ok) and releases them otherwise.
func (l *Limiter) settle(v *verdict, ok bool) {
	if v.nres == 0 {
		return
	}
	for _, r := range v.res[:v.nres] {
		if ok {
			l.cache.Commit(r)
		} else {
			l.cache.Release(r)
		}
	}
	v.nres = 0
	if ok {
		v.cr.metrics.issue(v.grant)
	} else {
		v.cr.metrics.release(v.grant)
	}
}

// deny answers a request over the limit in enforce mode. Its rate-limit
// headers stay, whoever asks: the client needs Retry-After to back off, and
// the refusal itself already tells anyone that the key is at its limit (the
// limiter cannot authenticate; refusing only after the endpoint did would
// let the flood reach it). The headers add the limit and when it frees up.
// Requests the endpoint refuses carry none (responseWriter.finalStatus), so
// a key below its limit shows nothing to a caller without the secret.
func (l *Limiter) deny(w http.ResponseWriter, v *verdict) {
	h := w.Header()
	if v.grant == policy.GrantDeviceCode {
		// RFC 8628 §3.5: the device keeps polling, 5 s slower.
		l.setLimitHeaders(h, v, hdrDenied)
		writeJSON(w, http.StatusBadRequest, slowDownBody)
		return
	}
	l.setLimitHeaders(h, v, hdrDeniedRetry)
	writeJSON(w, http.StatusTooManyRequests, denyBody[v.scope])
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
// (setLimitHeaders runs once) and never after the strings are made.
type headerBlock struct {
	vals [4]string // RateLimit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After
	buf  [160]byte
}

// hdrKind says what a response's rate-limit headers describe.
type hdrKind uint8

const (
	hdrAdmitted    hdrKind = iota // counted: the token was issued
	hdrDenied                     // over the limit (slow_down)
	hdrDeniedRetry                // over the limit, with Retry-After (429)
)

// setLimitHeaders writes the rate-limit headers of v's binding decision:
//
//	RateLimit-Policy: "user-1m";q=20;w=60, "user-1h";q=300;w=3600
//	RateLimit: "user-1m";r=3;t=42
//	X-RateLimit-Limit: 20
//	X-RateLimit-Remaining: 3
//	X-RateLimit-Reset: 42
//	Retry-After: 17                       (denied only)
//	RateLimit-Warning: "user-1m";soft=0.8 (admitted past the soft limit only)
//
// r is the binding tier's remaining quota, t and X-RateLimit-Reset the
// seconds (rounded up) until its count has fully decayed, Retry-After the
// seconds (rounded up) until the request would be admitted.
func (l *Limiter) setLimitHeaders(h http.Header, v *verdict, kind hdrKind) {
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
	b := append(blk.buf[:0], t.name...)
	b = append(b, ";r="...)
	b = strconv.AppendInt(b, rem, 10)
	b = append(b, ";t="...)
	b = strconv.AppendInt(b, reset, 10)
	n0 := len(b)
	b = strconv.AppendInt(b, rem, 10)
	n1 := len(b)
	b = strconv.AppendInt(b, reset, 10)
	n2 := len(b)
	if retry {
		b = strconv.AppendInt(b, max(ceilSeconds(v.d.RetryAfter), 1), 10)
	}
	n3 := len(b)
	// b may have outgrown buf; all strings are taken from its final array.
	blk.vals = [4]string{bytesToString(b[:n0]), bytesToString(b[n0:n1]), bytesToString(b[n1:n2]), bytesToString(b[n2:n3])}

	h[hdrRateLimitPolicy] = v.policyHdr
	h[hdrRateLimit] = blk.vals[0:1:1]
	h[hdrXLimit] = t.limit
	h[hdrXRemaining] = blk.vals[1:2:2]
	h[hdrXReset] = blk.vals[2:3:3]
	if retry {
		h[hdrRetryAfter] = blk.vals[3:4:4]
	}
	if kind == hdrAdmitted && t.softAt >= 0 && t.tier.Limit-rem > t.softAt {
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

// readBody reads the request body into st.body, up to MaxBodyBytes.
func (l *Limiter) readBody(r *http.Request, st *reqState) ([]byte, *problem) {
	limit := l.cfg.MaxBodyBytes
	if r.ContentLength > limit {
		return nil, l.tooLarge
	}
	if r.Body == nil {
		return st.body[:0], nil
	}
	want := int64(512)
	if r.ContentLength > 0 {
		want = r.ContentLength + 1 // one more, to see EOF without growing
	}
	buf := st.body[:0]
	if int64(cap(buf)) < want {
		buf = make([]byte, 0, want)
	}
	defer func() { st.body = buf[:0] }()
	for {
		if len(buf) == cap(buf) {
			nb := make([]byte, len(buf), min(2*int64(cap(buf)), limit+1))
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, l.tooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
				return nil, l.tooLarge
			}
			return nil, probBodyUnreadable
		}
	}
}

// isForm reports whether a request's Content-Type values name exactly
// application/x-www-form-urlencoded (any parameters, any case).
func isForm(vals []string) bool {
	if len(vals) != 1 {
		return false
	}
	v := vals[0]
	if i := strings.IndexByte(v, ';'); i >= 0 {
		v = v[:i]
	}
	return strings.EqualFold(strings.TrimSpace(v), "application/x-www-form-urlencoded")
}

// queryProblem rejects a token request that carries one of the parameters
// the limiter reads in its URL query: a token endpoint that reads
// r.FormValue would see it, the limiter (body only, as RFC 6749 §3.2 wants)
// would not, and the request would be counted for someone else.
func queryProblem(q string) *problem {
	var keyBuf [maxParamName]byte
	for q != "" {
		// Split on ';' as well: some parsers still do.
		seg := q
		if i := strings.IndexAny(q, "&;"); i >= 0 {
			seg, q = q[:i], q[i+1:]
		} else {
			q = ""
		}
		key, _, _ := strings.Cut(seg, "=")
		if k, ok := unescapeKey(keyBuf[:0], stringBytes(key)); ok && k != nil {
			if p, known := lookupParam(k); known {
				return probInQuery[p]
			}
		}
	}
	return nil
}

// truncate bounds a request-supplied string written to a log.
func truncate(s string) string {
	const maxLog = 128
	if len(s) > maxLog {
		s = s[:maxLog]
	}
	// A copy: s shares the pooled request buffer, and a log handler may
	// keep the record after this request is done (an async handler).
	return strings.Clone(s)
}

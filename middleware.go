package oauthratelimit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// maxPooledBody is the largest request buffer kept for reuse; a larger one,
// read for an unusually large body, is left to the garbage collector.
const maxPooledBody = 1 << 20

// reqState is what the middleware needs per token request. It is pooled,
// so that serving a request on an existing key does not allocate. The
// strings of req and tr view body and scratch (see package tokenrequest).
type reqState struct {
	body    []byte // the request body, as read (readBody)
	scratch []byte // unescaped values and decoded JWT payloads
	req     tokenrequest.Request
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
// not populated; if a handler before the middleware parsed the form, r.Body
// is drained, and the middleware reads r.PostForm instead and hands next
// that form encoded as the body, r.Form and r.PostForm cleared: mount it
// before any handler that calls ParseForm or FormValue) and a
// ResponseWriter that records its status: a 2xx
// answer keeps the request counted (even if next then panics: the token
// was issued) and carries the rate-limit headers, any other answer (or a
// panic before a status, or a hijack, or none when the client has gone
// before the endpoint answered) takes the count back and carries none
// (see responseWriter.finalStatus).
//
// A request with a header next must not get, Expect, or Accept-Encoding
// when its answer is read for the user (Config.AttributeIssued), reaches
// next as a shallow copy without that header.
//
// The request is handed back as it came (net/http's Handler contract), so
// a handler before the middleware may look at it once next returns (a
// logger, a recoverer): r.Body is replaced for the call by the
// middleware's reader, as with http.MaxBytesReader, and given back when it
// returns, also if next panics; r.Header is never written (the headers it
// drops are dropped from a copy). Reading r from another goroutine while
// the middleware runs is not safe: r.Body changes under it.
func (l *Limiter) Middleware(next http.Handler) http.Handler {
	if next == nil {
		panic("oauthratelimit: Middleware(nil): want the handler to limit (the token endpoint)")
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		if !l.isTokenPath(r.URL.Path) {
			l.nearTokenPath(r.URL.Path)
			next.ServeHTTP(w, r)
			return
		}
		if l.counting(w) {
			next.ServeHTTP(w, r)
			return
		}
		l.serveToken(w, r, next)
	})
}

// nearTokenPath logs, at most once per DryRunLogInterval, a POST the
// middleware passes on whose path ends with the token path (the middleware
// mounted under a prefix: chi's Route or Mount leave the whole path), that
// the token path ends with (under http.StripPrefix), or whose last segment
// is the token path's (the server's --token-path mistyped or left at its
// default: /oauth/token, Keycloak's /realms/r/protocol/openid-connect/token
// or /connect/token behind a TokenPath of /oauth2/token): most likely the
// token endpoint, with TokenPath not the path the middleware sees. Without
// it every token passed unlimited and nothing said so (an outside audit,
// h59: the default TokenPath, the endpoint at /auth/oauth2/token; three
// tokens of a client limited to 1; helper-66: the server in front of
// /oauth2/token with --token-path /oauth/token, eight tokens of a client
// limited to 5, no log, no metric). Only POSTs to other paths pay for it.
func (l *Limiter) nearTokenPath(p string) {
	tp := l.cfg.TokenPath
	if len(p) < 2 || !strings.HasSuffix(p, tp) && !strings.HasSuffix(tp, p) && (l.tokenSegment == "" || !strings.HasSuffix(p, l.tokenSegment)) {
		return
	}
	if l.warnThrottle.allow("nearTokenPath", l.cfg.Now()) {
		l.log.Warn("POST to a path like the token path passed unlimited: Config.TokenPath must be the whole path the middleware sees (under chi's Route or Mount the full path, under http.StripPrefix the rest; the server: --token-path)",
			"path", truncate(p), "token_path", tp)
	}
}

// counting reports whether w is, or wraps, the writer of a token request
// that l is counting already: the middleware mounted twice on one route
// (chi's Use, and With on the route too) counts a token once. An outside
// audit found every token counted twice, half the limit, with no sign why.
// A writer that wraps another says so by Unwrap, as http.ResponseController
// expects; a few levels are followed (middleware between the two mounts).
func (l *Limiter) counting(w http.ResponseWriter) bool {
	for range 8 {
		if rw, ok := w.(*responseWriter); ok && rw.owner == l {
			return true
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return false
		}
		w = u.Unwrap()
	}
	return false
}

// isTokenPath reports whether p is the token path, also when written as
// a server in front of which the limiter runs may still route it to its
// token endpoint: with extra slashes or dot segments that a router cleans
// up, or with path parameters (";jsessionid=…", which servlet and JAX-RS
// containers such as Keycloak's drop before they match a route). Read too
// narrowly, it let requests past uncounted (an outside audit:
// /oauth2/token;x=1 through the proxy). Letter case counts: a server that
// routes without it (ASP.NET's) needs the path as its clients write it,
// and one that routes with it may serve another endpoint (another
// tenant's) at the same path in other case, whose tokens must not count
// against this one's clients.
func (l *Limiter) isTokenPath(p string) bool {
	tp := l.cfg.TokenPath
	if p == tp {
		return true
	}
	if strings.IndexByte(p, ';') >= 0 {
		p = withoutParams(p)
	}
	if len(p) > len(tp) && (strings.Contains(p, "//") || strings.Contains(p, "/.") || strings.HasSuffix(p, "/")) {
		p = path.Clean(p) // cleaning only ever shortens a path
	}
	return p == tp
}

// withoutParams returns p with each segment's parameters (from a ';' to
// the segment's end) removed.
func withoutParams(p string) string {
	var b strings.Builder
	for p != "" {
		seg, rest, slash := strings.Cut(p, "/")
		seg, _, _ = strings.Cut(seg, ";")
		b.WriteString(seg)
		if slash {
			b.WriteByte('/')
		}
		p = rest
	}
	return b.String()
}

// serveToken parses a token request and refuses it if it is malformed, or
// serves it. Its state goes back to the pool only when the request is
// done: after a panic in the token endpoint it is left to the garbage
// collector.
func (l *Limiter) serveToken(w http.ResponseWriter, r *http.Request, next http.Handler) {
	st := l.pool.Get().(*reqState)
	if r.PostForm != nil {
		// A handler before the middleware parsed the form (see
		// readParsedForm), which next gets re-encoded as the body with
		// the form cleared: on a copy of the request, so that the
		// handlers before it keep theirs.
		r2 := new(http.Request)
		*r2 = *r
		r = r2
	}
	if p := l.parse(r, st); p != nil {
		l.metrics.badRequest(p.reason)
		l.cors.refusal(w.Header(), r)
		refuse(w, r, p)
	} else {
		l.serveParsed(w, r, next, st)
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
	// Only what points outside st is cleared: the connection's writer, and
	// what a UserResolver was handed. The rest is written in full before it
	// is read again (req by parse, v by newVerdict, rw by reset, rw.rs when
	// an answer is read); clearing it here too would write each of its
	// pointers twice per request, a write barrier each while the GC marks.
	st.rw.ResponseWriter = nil
	if st.tr.scratch != nil {
		st.tr = TokenRequest{}
	}
	l.pool.Put(st)
}

// serveParsed serves a parsed token request: it identifies its user,
// decides, and either denies it or serves it through the token endpoint
// and settles its counts by the answer.
//
// It hands r back as it came (see Middleware): r.Body is the middleware's
// reader during the call and r's own again when serveParsed returns, also
// when the UserResolver or the endpoint panics (before, a panic left it the
// detached reader); r.Header is never written (before, Expect and
// Accept-Encoding were deleted from it for good: an outer middleware that
// looked at r once next returned saw them gone).
func (l *Limiter) serveParsed(w http.ResponseWriter, r *http.Request, next http.Handler, st *reqState) {
	now := l.cfg.Now()
	v := l.newVerdict(st)
	// The request's one allocation: its body reader, which must not be
	// reused (see bodyReader), and its header values, which must outlive
	// the handler (see headerBlock).
	v.blk = new(requestBlock)
	defer v.blk.done(r, r.Body) // before st, and the body's buffer, are reused
	v.blk.body.b = st.body      // a new reader that no other goroutine has yet: no lock, unlike reset
	r.Body = &v.blk.body

	user := l.identify(r, st, v, now)
	v.user = user
	v.hold = l.cfg.AttributeIssued && v.grant.IsUser()
	if l.decide(v, st.req.ClientID, user, now) == decDenied {
		l.cors.refusalFor(w.Header(), r, st.req.ClientID, true)
		deny(w, v)
		return
	}
	held := v.attribute || v.hold
	if held {
		st.rw.rs = readState{clientID: st.req.ClientID, scratch: &st.scratch, now: now} // for readIssued
	}
	if _, expect := r.Header["Expect"]; expect || held && hasHeader(r.Header, "Accept-Encoding") {
		r = withoutHeaders(r, held) // the rest pay the lookups only
	}
	l.serve(w, r, next, &st.rw, v)
	l.settle(v, &st.rw, r)
	// Learned only from an answer that issued a token (see cors.go).
	if len(r.Header["Origin"]) == 1 && !st.rw.hijacked && st.rw.status >= 200 && st.rw.status < 300 {
		l.cors.learn(st.rw.Header(), r, st.req.ClientID, now)
	}
}

// done ends the request's use of b: it detaches b's body reader from the
// pooled buffer, which is reused next (see bodyReader), and gives r the
// body it came with (serveParsed). One deferred call for both: a second
// defer for the body measured no better.
func (b *requestBlock) done(r *http.Request, body io.ReadCloser) {
	b.body.detach()
	r.Body = body
}

// withoutHeaders returns a shallow copy of r for the token endpoint, whose
// header map is a copy of r's without the headers the endpoint must not
// get, so that r's map is never written. The copies allocate: serveParsed
// calls it only for a request that has one of them:
//
//   - Expect: the body is read, the endpoint has nothing left to expect.
//     Sent on (a ReverseProxy forwards it), the upstream would answer
//     100 Continue too, and the client would get two.
//   - Accept-Encoding, if the answer is held (held): it is read
//     (readIssued), which it cannot be if compressed. Asked for no
//     encoding, a ReverseProxy's transport asks the upstream for gzip
//     itself and hands the answer on decompressed, and a compressing
//     handler sends it as it is. Passed on, a client's Accept-Encoding:
//     gzip got a compressed answer, whose user and refresh token went
//     unread (an outside audit). Token answers are small.
//
// If a handler before the middleware parsed the form, r is a copy of the
// caller's already (serveToken) and is copied again: an allocation on a
// path that is a misplaced middleware (readParsedForm), rather than a flag
// passed on every request (9 instructions more per request, cachegrind).
// The UserResolver, which runs before the decision, gets r with its
// headers.
func withoutHeaders(r *http.Request, held bool) *http.Request {
	// A new map, whose values are the caller's slices (as the endpoint's
	// map is the caller's when nothing is dropped), clipped so that an Add
	// by the endpoint appends to a copy, not into the caller's array: one
	// allocation less than Header.Clone, which copies them too (h63).
	h := make(http.Header, len(r.Header))
	for k, vv := range r.Header {
		if k == "Expect" || held && k == "Accept-Encoding" {
			continue
		}
		h[k] = vv[:len(vv):len(vv)]
	}
	r2 := new(http.Request)
	*r2 = *r
	r2.Header = h
	return r2
}

// hasHeader reports whether h has the header named k (canonical).
func hasHeader(h http.Header, k string) bool {
	_, ok := h[k]
	return ok
}

// parse checks the request's headers and URL query, reads its body into
// st.body and parses it into st.req. It returns the problem that makes the
// request malformed or ambiguous, having written nothing.
func (l *Limiter) parse(r *http.Request, st *reqState) *problem {
	authz, tp := tokenrequest.CheckEnvelope(r.Header["Content-Type"], r.Header["Content-Encoding"], r.Header["Authorization"], r.URL.RawQuery)
	if tp != nil {
		return problemFor(tp)
	}
	if r.PostForm != nil {
		if p := l.readParsedForm(r, st); p != nil {
			return p
		}
	} else if p := l.readBody(r, st); p != nil {
		return p
	}
	st.scratch = st.scratch[:0]
	if tp := tokenrequest.ParseInto(&st.req, st.body, authz, &st.scratch); tp != nil {
		return problemFor(tp)
	}
	return nil
}

// readParsedForm reads the token request of r whose form a handler before
// the middleware parsed (r.ParseForm, FormValue, PostFormValue: CSRF and
// audit middlewares do): the body is read already, and the token endpoint
// takes its parameters from r.PostForm, which its own ParseForm leaves as
// it is. Read from the drained body, every such request named no client:
// the tokens of every client were counted on the one key of client ""
// under the default rules (an outside audit, h59: a client limited to 3
// a minute got 4, and every client shared the defaults' 100). So the
// limiter reads r.PostForm, encoded as a form body into st.body, and hands
// the endpoint that body with r.Form and r.PostForm cleared and
// ContentLength set to its length, in a copy of the request (serveToken)
// so that the handlers before keep their form: both read the same
// parameters. It is said in a log, at most once per DryRunLogInterval,
// since mounting the middleware first keeps the client's own bytes (the
// encoding sorts the parameters).
func (l *Limiter) readParsedForm(r *http.Request, st *reqState) *problem {
	if l.warnThrottle.allow("readParsedForm", l.cfg.Now()) {
		l.log.Warn("token request form parsed before the rate limiter's middleware: it reads r.PostForm and hands the endpoint that form as the body; mount the middleware before any that calls ParseForm or FormValue")
	}
	enc := r.PostForm.Encode() // allocates: only for an embedder's order of middleware
	st.body = append(st.body[:0], enc...)
	if int64(len(st.body)) > l.cfg.MaxBodyBytes {
		return l.tooLarge
	}
	r.Form, r.PostForm = nil, nil
	r.ContentLength = int64(len(st.body))
	return nil
}

// readBody reads the request body into st.body, up to MaxBodyBytes.
func (l *Limiter) readBody(r *http.Request, st *reqState) *problem {
	buf, p := l.appendBody(st.body[:0], r)
	st.body = buf // kept, grown or not, whatever the answer
	return p
}

// appendBody reads the request body into buf, up to MaxBodyBytes, and
// returns buf, grown if it had to be. (Returning buf rather than setting
// st.body in a deferred function saves the defer on every request.)
func (l *Limiter) appendBody(buf []byte, r *http.Request) ([]byte, *problem) {
	limit := l.cfg.MaxBodyBytes
	if r.ContentLength > limit {
		return buf, l.tooLarge
	}
	if r.Body == nil {
		return buf, nil
	}
	want := int64(512)
	if r.ContentLength > 0 {
		want = r.ContentLength + 1 // one more, to see EOF without growing
	}
	if int64(cap(buf)) < want {
		buf = make([]byte, 0, want)
	}
	for {
		if len(buf) == cap(buf) {
			nb := make([]byte, len(buf), min(2*int64(cap(buf)), limit+1))
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Body.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return buf, l.tooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			if mbe, ok := errors.AsType[*http.MaxBytesError](err); ok {
				if mbe.Limit < limit {
					// A handler before the middleware capped the body
					// (http.MaxBytesReader) below MaxBodyBytes: the
					// answer names that cap, not MaxBodyBytes (an
					// outside audit, h59: "exceeds 65536 bytes" for a
					// body of 229 over a cap of 100).
					return buf, newProblem(tokenrequest.BodyTooLarge(mbe.Limit))
				}
				return buf, l.tooLarge
			}
			return buf, problemFor(tokenrequest.ProblemBodyUnreadable)
		}
	}
}

// newVerdict starts the verdict on st's request: the rules of its client in
// the current policy, loaded once so that a SetPolicy does not tear the
// decision, its grant's cost and how it is admitted.
func (l *Limiter) newVerdict(st *reqState) *verdict {
	v := &st.v
	*v = verdict{cr: l.state.Load().lookup(st.req.ClientID), grant: policy.ParseGrant(st.req.GrantType), noLegacy: l.cfg.OmitLegacyHeaders}
	rules := v.cr.rules
	v.cost = rules.Costs[v.grant]
	if rules.Trusted || rules.Mode == policy.ModeDryRun {
		v.adm = cache.CountAlways
	}
	return v
}

// identify returns the user of the request: the username of a password
// grant; for the other user grants, the UserResolver's answer, and for a
// refresh_token grant in proxy mode (AttributeIssued) the user its refresh
// token was issued to (refreshUser). It returns "" when the user is not
// known before the token is issued: a grant without a user, no resolver,
// or a resolver that failed or answered a user longer than MaxIdentityLen.
func (l *Limiter) identify(r *http.Request, st *reqState, v *verdict, now time.Time) string {
	u := l.resolve(r, st, v)
	if u == "" && v.grant == policy.GrantRefreshToken && l.cfg.AttributeIssued {
		u = l.refreshUser(st, now)
	}
	return u
}

// resolve returns the username of a password grant, or the UserResolver's
// answer for another user grant.
func (l *Limiter) resolve(r *http.Request, st *reqState, v *verdict) string {
	switch {
	case v.grant == policy.GrantPassword:
		return l.username(st, st.req.Username)
	case !v.grant.IsUser() || l.cfg.UserResolver == nil:
		return ""
	}
	st.tr = TokenRequest{grant: v.grant, grantType: st.req.GrantType, clientID: st.req.ClientID, body: st.body, scratch: &st.scratch}
	u, err := l.cfg.UserResolver(r, &st.tr)
	v.blk.body.reset(st.body) // in case the resolver read it after all
	switch {
	case err != nil:
		// The error's text is copied: a resolver may have built it over
		// tr's strings (errors.New(tr.Param(...)) keeps the string), which
		// share the pooled request buffer, and a log handler may keep the
		// record after this request is done.
		l.log.Warn("user resolver failed", "err", strings.Clone(err.Error()), "client", v.cr.label, "grant_type", v.grant.String())
		return ""
	case len(u) > MaxIdentityLen:
		l.log.Warn("user resolver returned a user too long; treated as unknown", "len", len(u), "client", v.cr.label)
		return ""
	}
	return u
}

// decide reserves the request's cost on the keys its grant is limited by
// and returns the decision, which it counts in the metrics. A dry-run
// would-deny is logged, at most once per DryRunLogInterval per client.
func (l *Limiter) decide(v *verdict, clientID, user string, now time.Time) decision {
	l.reserveKeys(v, clientID, user, now)
	rules := v.cr.rules
	dec := decUnattributed
	switch {
	case !v.hasBind:
	case v.d.Allowed:
		dec = decAllowed
	case rules.Trusted:
		dec = decTrustedOverLimit
	case rules.Mode == policy.ModeDryRun:
		dec = decDryRunDenied
		if l.throttle.allow(clientID, now) {
			args := []any{"client_id", logClientID(clientID), "client", v.cr.label,
				"grant_type", v.grant.String(), "scope", scopeNames[v.scope], "limit", v.d.Tier.Limit,
				"window", v.d.Tier.Size.String(), "retry_after", v.d.RetryAfter.String(), "by_share", v.d.Shared}
			if !utf8.ValidString(clientID) {
				// A JSON log shows each byte that is not UTF-8 as
				// \ufffd, which names no client: the admin API names
				// such a key by its path, percent-encoded from the raw
				// bytes, and the log gives the client ID so too (a new
				// string, not a view of the request's buffer).
				args = append(args, "client_id_escaped", url.PathEscape(clientID))
			}
			if user != "" {
				args = l.appendLogUser(args, user)
			}
			l.log.Info("dry-run would deny", args...)
		}
	default:
		dec = decDenied
	}
	v.cr.metrics.decision(v.grant, dec)
	return dec
}

// appendLogUser appends the user of a dry-run would-deny to a log
// record's args: a pseudonym, user_hmac (UserPseudonym), or with
// Config.LogUserNames the name itself, copied (user may view the pooled
// request buffer, and a log handler may keep the record), and
// percent-encoded too if it is not valid UTF-8, as the client ID is.
// Before, the log named only the client, and an operator tuning a user
// limit in dry-run could not tell which users it would deny (helper-86:
// alice and erin, one client). Only a logged would-deny pays for it: at
// most one per client per DryRunLogInterval.
func (l *Limiter) appendLogUser(args []any, user string) []any {
	if !l.cfg.LogUserNames {
		return append(args, "user_hmac", l.UserPseudonym(user))
	}
	args = append(args, "user", strings.Clone(user))
	if !utf8.ValidString(user) {
		args = append(args, "user_escaped", url.PathEscape(user))
	}
	return args
}

// UserPseudonym returns the name by which the dry-run would-deny log names
// user (the name as counted): user_hmac, the first 16 hex digits (64 bits)
// of its HMAC-SHA-256 under Config.LogUserKey, or under this Limiter's
// random key without one; "" with Config.LogUserNames, whose log names
// users in clear. GET /admin/keys and /admin/top give it next to each
// user, so that the user of a logged pseudonym is found among the keys an
// instance holds. Keyed, so that a list of user names does not reverse it
// without the key: an unkeyed SHA-256 of the name (user_sha256, until
// 2026-11-27) was reversed by hashing the list (helper-102). Called only
// for a logged would-deny and by the admin API, never on the request path
// (TestUserPseudonymOffTheRequestPath).
func (l *Limiter) UserPseudonym(user string) string {
	if l.cfg.LogUserNames {
		return ""
	}
	l.pseudonyms.Add(1)
	m := hmac.New(sha256.New, l.userKey)
	io.WriteString(m, user)
	var sum [sha256.Size]byte
	return hex.EncodeToString(m.Sum(sum[:0])[:8])
}

// reserveKeys reserves the request's cost on the keys its grant is limited
// by.
func (l *Limiter) reserveKeys(v *verdict, clientID, user string, now time.Time) {
	cr := v.cr
	// The aggregate's reserve, not its tiers: rules without an aggregate
	// still count user grants on the per-client key in the sizes another
	// instance's aggregate tiers use (fleet.go).
	agg := len(cr.scopes[scopeAggregate].reserve) > 0
	switch {
	case !v.grant.IsUser():
		v.policyHdr = cr.clientPolicy
		v.admit(l.cache, scopeClient, cache.Key{ClientID: clientID}, now)
	case user != "":
		v.policyHdr = cr.userPolicy
		ok := v.admit(l.cache, scopeUser, cache.Key{ClientID: clientID, User: user}, now)
		if !agg || (!ok && v.adm == cache.Enforce) {
			return
		}
		if !v.admit(l.cache, scopeAggregate, cache.Key{ClientID: clientID}, now) && v.adm == cache.Enforce {
			// The user's key admitted and counted, the client's aggregate
			// denies: the request is denied, so take the user's count back.
			l.cache.Release(&v.dec[0].Reservation)
			v.nres = 0
		}
	default:
		// The user is not known before the token is issued. The client's
		// aggregate tiers, if any, apply now; the user's tiers after
		// issuance if the issued token names the user (attribute).
		v.attribute = l.cfg.AttributeIssued
		if agg {
			v.policyHdr = cr.aggregatePolicy
			v.admit(l.cache, scopeAggregate, cache.Key{ClientID: clientID}, now)
		}
	}
}

// serve passes the request to the token endpoint through ww, which learns
// the answer's status and writes the rate-limit headers when it is known,
// on a 2xx answer only: a request that fails is released and tells
// nothing of the quota (responseWriter.finalStatus). If next panics, the
// panic goes on once the verdict's counts are settled by the status next
// had set (settleAborted).
func (l *Limiter) serve(w http.ResponseWriter, r *http.Request, next http.Handler, ww *responseWriter, v *verdict) {
	ww.reset(w, v.attribute || v.hold, int(l.cfg.MaxResponseBytes))
	ww.v = v
	if v.attribute || v.hold {
		ww.lim = l
	}
	completed := false
	defer func() {
		if !completed {
			l.settleAborted(v, ww)
		}
	}()
	next.ServeHTTP(ww, r)
	completed = true
}

// settleAborted settles the counts of a request whose token endpoint
// panicked: committed if it had set a 2xx status, released otherwise.
// A 2xx status means the token was issued, whatever became of its answer:
// httputil.ReverseProxy panics (http.ErrAbortHandler) when copying a 2xx
// answer's body fails, as when the client resets the connection once it
// has read the token, and released, such answers let a client take tokens
// without spending its quota (an outside audit: 8 tokens at a limit of
// 5). A held answer (readHeld) is read for the user as far as it came,
// and not sent: the connection is aborted. The counts are settled even if
// reading it panics too (deferred): unsettled, the reservations would stay
// reserved for good.
func (l *Limiter) settleAborted(v *verdict, ww *responseWriter) {
	issued := ww.status >= 200 && ww.status < 300 && !ww.hijacked
	defer l.settleCounts(v, issued)
	if issued && ww.held {
		ww.readHeld(ww.buf, false)
	}
}

// settle finishes the token endpoint's answer and settles the verdict's
// counts by it: a held 2xx answer is read (readIssued), then sent; an
// answer that wrote nothing is the 200 net/http sends for it, unless the
// client went away (r's context is done) before the endpoint answered; the counts are committed on 2xx and released
// otherwise. An endpoint that writes nothing once its client has gone
// issued nothing the client got: a ReverseProxy whose client hung up
// before the upstream answered (its ErrorHandler has nobody to answer), a
// handler that gave up on the context. Counted as a 200, such requests
// spent the quota of whatever client ID they named, secret or not
// (an outside audit: a stranger closing the connection while the upstream
// checked a wrong secret used up another client's limit).
func (l *Limiter) settle(v *verdict, ww *responseWriter, r *http.Request) {
	if ww.held {
		ww.readHeld(ww.buf, true)
		_ = ww.unhold() // a failed write is the client's problem; the token was issued
	}
	if ww.tailUser != "" {
		l.learnTail(ww)
	}
	if ww.status == 0 && !ww.hijacked && r.Context().Err() == nil {
		ww.finalStatus(http.StatusOK)
		ww.status = http.StatusOK
	}
	l.settleCounts(v, ww.status >= 200 && ww.status < 300 && !ww.hijacked)
}

// settleCounts commits the verdict's counts if the token endpoint issued a
// token (answered 2xx) and releases them otherwise. It runs once per
// admitted request (settle, or settleAborted after a panic), and counts
// the request in tokens_issued_total or reservations_released_total also
// when it was counted on no key (a user grant whose user is not known
// before issuance, for a client without aggregate tiers, and not
// attributed after): before, such tokens were in neither, and an operator
// summing issued tokens got fewer than were issued (helper-93: 7 of 11
// authorization_code tokens).
func (l *Limiter) settleCounts(v *verdict, issued bool) {
	for i := range v.dec[:v.nres] {
		if issued {
			l.cache.Commit(&v.dec[i].Reservation)
		} else {
			l.cache.Release(&v.dec[i].Reservation)
		}
	}
	v.nres = 0
	if issued {
		v.cr.metrics.issue(v.grant)
	} else {
		v.cr.metrics.release(v.grant)
	}
}

// truncate bounds a request-supplied string written to a log that no
// parser bounds (a path: up to the server's header limit), at a rune's
// start: a valid path cut in the middle of a rune would be logged with a
// \ufffd it does not hold. Client IDs are bounded by the parser and logged
// whole (logClientID).
func truncate(s string) string {
	const maxLog = 128
	if len(s) > maxLog {
		n := maxLog
		for n > maxLog-utf8.UTFMax && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	return strings.Clone(s)
}

// logClientID returns the client ID a log line names: whole, so that two
// clients are two names (cut at 128 bytes, as it was, the IDs of two
// clients that share their first 128 bytes were one name in the log). Its
// length is bounded already: the parser refuses a client ID longer than
// MaxIdentityLen (256 bytes) with identity_too_long, before any decision.
// A copy: clientID shares the pooled request buffer, and a log handler may
// keep the record after this request is done (an async handler).
func logClientID(clientID string) string {
	return strings.Clone(clientID)
}

package oauthratelimit

import (
	"crypto/sha256"
	"time"
	"unsafe"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Knowing the user of a refresh_token grant before issuance.
//
// With AttributeIssued (proxy mode), every 2xx answer to a user grant is
// read for the refresh token it carries, and the token's SHA-256 is bound to
// the (client, user) the request was counted for: the user known before
// issuance, else the sub of the issued JWT. The binding is shared with the
// other instances through the store (syncer.Subjects). When that refresh
// token is presented, its user is known before the token endpoint runs, so
// the user's tiers can refuse the request. A refresh token that is a JWT
// (Keycloak's) names its user itself, unverified.
//
// What an unverified or learned user can do to someone else's quota: the
// user of a request only picks the key its reservation is made on, and a
// reservation is kept only if the token endpoint answers 2xx, which it does
// only for a refresh token it issued to that client (RFC 6749 §6), that is
// to the very user it names. So nobody spends another user's quota:
//
//   - a forged JWT refresh token with sub=victim is refused by the upstream
//     (invalid_grant), its reservation released: it spends nothing;
//   - a learned binding comes only from a 2xx answer of the upstream, and is
//     used only when the presenting client is the one it was issued to;
//   - someone who holds the victim's real refresh token is, for the token
//     endpoint, the victim.
//
// What forged tokens can do is hold the victim's quota back while they are
// in flight: a reservation counts until the upstream has answered. The
// cache bounds that (cache/decide.go reservedWeight): reservations count in
// full up to ⌈limit/10⌉, and beyond that, once 8 of the key's recent
// reservations on this instance have ended, only in the share that were
// committed. A flood of forged tokens naming the victim, all refused, thus
// holds back at most ⌈limit/10⌉ of the victim's quota (plus the share of
// its requests that succeeded) once 8 of them have failed, and nothing once
// they stop. The flood itself is limited by the client's tiers, which apply
// to every request before the upstream runs.

// refreshSource says how the user of a refresh_token grant was known: the
// result label of oauth_ratelimit_refresh_token_users_total.
type refreshSource uint8

const (
	refreshLearned refreshSource = iota // a binding learned from a token response
	refreshJWT                          // the sub of a JWT refresh token, unverified
	refreshUnknown                      // neither: counted after issuance
	numRefreshSources
)

var refreshSourceNames = [numRefreshSources]string{
	refreshLearned: "learned",
	refreshJWT:     "jwt",
	refreshUnknown: "unknown",
}

// refreshMetrics counts refresh_token grants by how their user was known.
// Not per client: the three series say whether learning works at all.
type refreshMetrics struct {
	users [numRefreshSources]prometheus.Counter
}

func newRefreshMetrics(reg prometheus.Registerer) (*refreshMetrics, error) {
	if reg == nil {
		return nil, nil
	}
	vec := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "oauth_ratelimit", Name: "refresh_token_users_total",
		Help: "refresh_token grants (proxy mode) by how their user was known before issuance: learned (from an earlier token response), jwt (the sub of a JWT refresh token, unverified) or unknown (counted after issuance).",
	}, []string{"source"})
	if err := reg.Register(vec); err != nil {
		return nil, err
	}
	m := &refreshMetrics{}
	for s := range numRefreshSources {
		m.users[s] = vec.WithLabelValues(refreshSourceNames[s])
	}
	return m, nil
}

func (m *refreshMetrics) user(s refreshSource) {
	if m != nil {
		m.users[s].Inc()
	}
}

// newSubjects returns the refresh-token bindings of a Limiter configured by
// cfg (with defaults), shared through cfg.Store if share and it is a
// syncer.SubjectStore. A store the defaults made for this limiter alone is
// not shared through: no other instance reads it, so a copy of the
// bindings there would only hold memory, bounded by their TTL and not by
// MaxRefreshTokens, and each read would scan it under the store's lock to
// find the bindings this limiter already holds.
func newSubjects(cfg *Config, share bool) (*syncer.Subjects, error) {
	sc := syncer.SubjectsConfig{
		Interval:   cfg.SyncInterval,
		TTL:        cfg.RefreshTokenTTL,
		MaxEntries: cfg.MaxRefreshTokens,
		// Run waits for the bindings' last write too: within the
		// counts' bound (TestRunReturnsWithinFinalFlushTimeout).
		FinalTimeout: cfg.FinalFlushTimeout,
		Now:          cfg.Now,
		Logger:       cfg.Logger,
		Registerer:   cfg.Registerer,
	}
	if ss, ok := cfg.Store.(syncer.SubjectStore); ok && share {
		sc.Store = ss
	}
	return syncer.NewSubjects(sc)
}

// hashToken returns the SHA-256 of a refresh token, without copying it:
// tok views the request's buffers.
func hashToken(tok string) syncer.SubjectHash {
	return sha256.Sum256(unsafe.Slice(unsafe.StringData(tok), len(tok)))
}

// refreshUser returns the user of a refresh_token grant presented by
// clientID, known before issuance: bound to its refresh token by an earlier
// token response, else the sub of the refresh token if it is a JWT. "" if
// neither.
func (l *Limiter) refreshUser(st *reqState, now time.Time) string {
	tok := st.req.RefreshToken
	if tok == "" {
		return ""
	}
	if client, user, ok := l.subjects.Lookup(hashToken(tok), now); ok && client == st.req.ClientID {
		l.refreshMetrics.user(refreshLearned)
		return user
	}
	if sub, ok := tokenrequest.RefreshTokenSubject(tok, &st.scratch); ok {
		l.refreshMetrics.user(refreshJWT)
		return sub
	}
	l.refreshMetrics.user(refreshUnknown)
	return ""
}

// readIssued reads a 2xx answer held for AttributeIssued (whole if
// complete, else the first MaxResponseBytes of a longer one): the user its
// token names, counted for (client, user) if the user was not known before
// issuance, and the refresh token it carries, bound to the user the request
// was counted for. It writes the rate-limit headers of the user's key when
// it attributed the token; otherwise finalStatus writes the verdict's.
func (l *Limiter) readIssued(w *responseWriter, body []byte, complete bool) {
	v, rs := w.v, w.rs
	if ce := w.Header()["Content-Encoding"]; len(ce) > 0 && ce[0] != "identity" {
		if v.attribute {
			v.cr.metrics.attribute(v.grant, attrNoSubject)
		}
		return
	}
	user := v.user
	if v.attribute {
		sub, ok := issuedSubject(body, complete, rs.scratch)
		if !ok {
			v.cr.metrics.attribute(v.grant, attrNoSubject)
		} else {
			l.attribute(v, w, rs.clientID, sub, rs.now)
			user = sub
		}
	}
	if user == "" || !v.grant.IsUser() {
		return
	}
	var tok string
	var ok bool
	if complete {
		tok, ok = tokenrequest.IssuedRefreshToken(body, rs.scratch)
	} else {
		tok, ok = tokenrequest.IssuedRefreshTokenPrefix(body, rs.scratch)
		if !ok {
			w.tailUser = user // read at settle, before the request's buffers are reused
		}
	}
	if ok {
		l.subjects.Learn(hashToken(tok), rs.clientID, user, rs.now)
	}
}

// learnTail binds the refresh token of a 2xx answer longer than
// MaxResponseBytes that lay past the bytes held (see responseWriter's
// tailUser), found in the answer as it was streamed, to the user the
// request was counted for.
func (l *Limiter) learnTail(w *responseWriter) {
	user := w.tailUser
	w.tailUser = ""
	if tok, ok := tokenrequest.IssuedRefreshTokenPrefix(w.buf, w.rs.scratch); ok {
		l.subjects.Learn(hashToken(tok), w.rs.clientID, user, w.rs.now)
	}
	w.buf = w.buf[:0]
}

// issuedSubject returns the sub of the token of a held 2xx answer.
func issuedSubject(body []byte, complete bool, scratch *[]byte) (string, bool) {
	if complete {
		return tokenrequest.IssuedSubject(body, scratch)
	}
	return tokenrequest.IssuedSubjectPrefix(body, scratch)
}

// attribute counts an issued user-grant token for (client, sub of the
// issued JWT). The token exists, so it is counted whatever the user's tiers
// say; over the limit, it shows in the headers and metrics, and the user's
// next requests whose user is known before issuance see the count.
func (l *Limiter) attribute(v *verdict, w *responseWriter, clientID, sub string, now time.Time) {
	adm := v.adm
	v.adm = cache.CountAlways
	d := v.decide(l.cache, scopeUser, cache.Key{ClientID: clientID, User: sub}, now)
	v.adm = adm
	if d.Allowed {
		v.cr.metrics.attribute(v.grant, attrUnderLimit)
	} else {
		v.cr.metrics.attribute(v.grant, attrOverLimit)
	}
	v.policyHdr = v.cr.userPolicy
	v.writeHeaders(w.Header(), hdrAdmitted)
	w.hdrDone = true
}

// readState is what readIssued needs of the request, kept in the writer:
// the overflow of a held answer is met inside Write.
type readState struct {
	clientID string
	scratch  *[]byte
	now      time.Time
}

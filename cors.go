package oauthratelimit

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// CORS on the limiter's own answers.
//
// A browser app (a public client with PKCE) reads a token endpoint's answer
// only if it carries Access-Control-Allow-Origin for the app's origin. The
// token endpoint's own answers carry it; the limiter's refusals (429, 400,
// 413) would not, and the app would see an opaque network error instead of
// too_many_requests and Retry-After. So a refusal to a request with an
// Origin carries the CORS headers the endpoint would have sent for that
// origin: those of Config.CORSOrigins, or, for a refusal of a client's
// request (a 429), what the endpoint sent when it last issued that client a
// token for that origin (learned). An origin neither configured nor
// learned for the client gets none, as the endpoint would give it none.
//
// What is learned, and why (an outside audit filled a first version's
// table, which learned from any answer for every client and kept its first
// 1024 origins forever, with 1,030 requests that had no secret: a
// legitimate origin was never learned after, and an attacker's origin got
// Access-Control-Allow-Origin with credentials on another client's 429):
//
//   - Only from a 2xx answer, one that issued a token: its caller had valid
//     credentials (a secret, a code, a refresh token). An endpoint that
//     reflects any Origin on its 401s teaches nothing.
//   - Per client: token endpoints allow origins per client (Hydra's
//     allowed_cors_origins, Keycloak's web origins), so an origin allowed
//     for one client says nothing of another's. A refusal that names no
//     client (a malformed request, 400; a body too large, 413) gets only
//     the configured origins.
//   - Bounded, least recently seen out: at most maxLearnedOrigins pairs of
//     client and origin; a new pair in a full table replaces the one the
//     endpoint allowed least recently, so a pair in use is learned again at
//     its next token, and no one can lock the table.
//   - Only serialized origins (scheme://host[:port]) of at most
//     maxLearnedOriginLen bytes, as Config.CORSOrigins takes.

// maxLearnedOrigins bounds the (client, origin) pairs learned from the
// endpoint's answers: origins are attacker-chosen strings (Origin is a
// request header), kept only when the endpoint issued a token for them,
// and still bounded. A pair is at most about 1 KB (a 256-byte client ID, a
// 512-byte origin), so the table at most about 1 MB.
const maxLearnedOrigins = 1024

// maxLearnedOriginLen bounds a learned origin: a scheme, "://", a host name
// (at most 253 bytes) and a port fit.
const maxLearnedOriginLen = 512

// corsState holds the configured and learned origins.
type corsState struct {
	any        bool                // "*" configured
	configured map[string]struct{} // exact origins configured

	// mu guards learned: 2xx answers learn (a read lock to refresh a
	// known pair, the write lock to add one), refusals read.
	mu      sync.RWMutex
	learned map[corsKey]*learnedAllow
}

// corsKey is an origin the endpoint allowed for a client.
type corsKey struct{ client, origin string }

// learnedAllow is what the endpoint last allowed a corsKey, and when.
type learnedAllow struct {
	allow corsAllow
	// seen is when (Unix nanoseconds) a 2xx answer last allowed it: read
	// only to choose the pair to replace in a full table. Atomic, so that
	// a known pair is refreshed under the read lock.
	seen atomic.Int64
}

// corsAllow is what the endpoint answered an origin.
type corsAllow struct {
	origin      string // the Access-Control-Allow-Origin value: the origin or "*"
	credentials bool   // Access-Control-Allow-Credentials: true
}

func newCORS(origins []string) *corsState {
	c := &corsState{configured: make(map[string]struct{}, len(origins)), learned: make(map[corsKey]*learnedAllow)}
	for _, o := range origins {
		if o == "*" {
			c.any = true
			continue
		}
		c.configured[o] = struct{}{}
	}
	return c
}

// exposed are the response headers a script may read from a refusal.
var hdrExposed = []string{strings.Join([]string{hdrRetryAfter, hdrRateLimit, hdrRateLimitPolicy, hdrXLimit, hdrXRemaining, hdrXReset}, ", ")}

var (
	hdrAny   = []string{"*"}
	hdrTrue  = []string{"true"}
	hdrVaryO = "Origin"
)

// refusal writes the CORS headers of a refusal to a request from r's
// Origin that names no client (malformed, too large), if that origin is
// configured.
func (c *corsState) refusal(h http.Header, r *http.Request) {
	c.refusalFor(h, r, "", false)
}

// refusalFor writes the CORS headers of a refusal to a request from r's
// Origin, if that origin is configured or, with named, was allowed by the
// endpoint in its last answer issuing client a token from that origin.
func (c *corsState) refusalFor(h http.Header, r *http.Request, client string, named bool) {
	origins := r.Header["Origin"]
	if len(origins) != 1 {
		return
	}
	o := origins[0]
	var allow corsAllow
	switch _, ok := c.configured[o]; {
	case ok:
		allow = corsAllow{origin: o}
	case c.any:
		allow = corsAllow{origin: "*"}
	case !named:
		return
	default:
		c.mu.RLock()
		a := c.learned[corsKey{client, o}]
		if a != nil {
			allow = a.allow
		}
		c.mu.RUnlock()
		if a == nil {
			return
		}
	}
	if allow.origin == "*" {
		h["Access-Control-Allow-Origin"] = hdrAny
	} else {
		h["Access-Control-Allow-Origin"] = origins[:1:1] // the request's own value, not copied
		if !slices.Contains(h["Vary"], hdrVaryO) {
			h.Add("Vary", hdrVaryO)
		}
	}
	if allow.credentials {
		h["Access-Control-Allow-Credentials"] = hdrTrue
	}
	h["Access-Control-Expose-Headers"] = hdrExposed
}

// learn records what the endpoint's answer h, which issued client a token
// at now (a 2xx: the caller only learns by the endpoint's leave), allowed
// r's Origin. A known pair is refreshed without allocating; a new one
// replaces the least recently seen in a full table.
func (c *corsState) learn(h http.Header, r *http.Request, client string, now time.Time) {
	origins := r.Header["Origin"]
	acao := h["Access-Control-Allow-Origin"]
	if len(origins) != 1 || len(acao) != 1 || (acao[0] != "*" && acao[0] != origins[0]) {
		return
	}
	a := corsAllow{origin: acao[0], credentials: len(h["Access-Control-Allow-Credentials"]) == 1 && h["Access-Control-Allow-Credentials"][0] == "true"}
	k, seen := corsKey{client, origins[0]}, now.UnixNano()
	c.mu.RLock()
	old := c.learned[k]
	same := old != nil && old.allow == a
	if same {
		old.seen.Store(seen)
	}
	c.mu.RUnlock()
	if same {
		return
	}
	if len(k.origin) > maxLearnedOriginLen || !isOrigin(k.origin) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if a.origin != "*" {
		a.origin = strings.Clone(a.origin) // a header value of the answer, kept
	}
	if old := c.learned[k]; old != nil {
		old.allow = a // under the write lock: readers hold the read lock
		old.seen.Store(seen)
		return
	}
	if len(c.learned) >= maxLearnedOrigins {
		c.evictOldest()
	}
	n := &learnedAllow{allow: a}
	n.seen.Store(seen)
	// The client ID views the pooled request buffer and the origin the
	// request's header: both copied, as the table keeps them.
	c.learned[corsKey{strings.Clone(client), strings.Clone(k.origin)}] = n
}

// evictOldest removes the pair seen least recently. A walk of the whole
// table (maxLearnedOrigins pairs), under the write lock: it runs only when
// a new pair is learned in a full table, at most once per token issued.
func (c *corsState) evictOldest() {
	var oldest corsKey
	var least int64
	first := true
	for k, a := range c.learned {
		if s := a.seen.Load(); first || s < least {
			oldest, least, first = k, s, false
		}
	}
	delete(c.learned, oldest)
}

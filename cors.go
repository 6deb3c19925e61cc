package oauthratelimit

import (
	"net/http"
	"slices"
	"strings"
	"sync"
)

// CORS on the limiter's own answers.
//
// A browser app (a public client with PKCE) reads a token endpoint's answer
// only if it carries Access-Control-Allow-Origin for the app's origin. The
// token endpoint's own answers carry it; the limiter's refusals (429, 400,
// 413) would not, and the app would see an opaque network error instead of
// too_many_requests and Retry-After. So a refusal to a request with an
// Origin carries the CORS headers the endpoint would have sent for that
// origin: those of Config.CORSOrigins, or, for an origin the endpoint was
// seen allowing in an answer to an earlier token request, what it sent then
// (learned, at most maxLearnedOrigins origins). An origin neither configured
// nor learned gets none, as the endpoint would give it none.

// maxLearnedOrigins bounds the origins learned from the endpoint's answers:
// they are attacker-chosen strings (Origin is a request header), kept only
// when the endpoint allowed them, and still bounded.
const maxLearnedOrigins = 1024

// corsState holds the configured and learned origins.
type corsState struct {
	any        bool                // "*" configured
	configured map[string]struct{} // exact origins configured

	mu      sync.RWMutex // guards learned: answers learn, refusals read
	learned map[string]corsAllow
}

// corsAllow is what the endpoint answered an origin.
type corsAllow struct {
	origin      string // the Access-Control-Allow-Origin value: the origin or "*"
	credentials bool   // Access-Control-Allow-Credentials: true
}

func newCORS(origins []string) *corsState {
	c := &corsState{configured: make(map[string]struct{}, len(origins)), learned: make(map[string]corsAllow)}
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
// Origin, if that origin is configured or was allowed by the endpoint.
func (c *corsState) refusal(h http.Header, r *http.Request) {
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
	default:
		c.mu.RLock()
		a, ok := c.learned[o]
		c.mu.RUnlock()
		if !ok {
			return
		}
		allow = a
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

// learn records what the endpoint's answer h allowed r's Origin, once per
// origin, within maxLearnedOrigins.
func (c *corsState) learn(h http.Header, r *http.Request) {
	origins := r.Header["Origin"]
	acao := h["Access-Control-Allow-Origin"]
	if len(origins) != 1 || len(acao) != 1 || (acao[0] != "*" && acao[0] != origins[0]) {
		return
	}
	a := corsAllow{origin: acao[0], credentials: len(h["Access-Control-Allow-Credentials"]) == 1 && h["Access-Control-Allow-Credentials"][0] == "true"}
	c.mu.RLock()
	old, ok := c.learned[origins[0]]
	c.mu.RUnlock()
	if ok && old == a {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.learned[origins[0]]; !ok && len(c.learned) >= maxLearnedOrigins {
		return
	}
	if a.origin != "*" {
		a.origin = strings.Clone(a.origin) // a header value of the answer, kept
	}
	c.learned[strings.Clone(origins[0])] = a
}

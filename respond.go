package oauthratelimit

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// problem is a malformed or ambiguous token request, answered without
// calling the token endpoint: the answer to a tokenrequest.Problem. Its
// body is encoded once, at start-up, so rejecting a request does not
// allocate.
type problem struct {
	status int
	reason tokenrequest.Reason
	body   []byte
}

// Error codes of the JSON bodies the middleware writes.
const (
	// ErrorInvalidRequest is the RFC 6749 §5.2 code of every malformed or
	// ambiguous token request the middleware rejects (status 400, or 413 for
	// an oversized body).
	ErrorInvalidRequest = "invalid_request"
	// ErrorTooManyRequests is the code of a 429 answer. RFC 6749 registers
	// no code for rate limiting; this one spells out the HTTP status, as
	// Auth0's token endpoint does, so a client that only logs the code
	// still says what happened.
	ErrorTooManyRequests = "too_many_requests"
	// ErrorSlowDown is the RFC 8628 §3.5 code answered, with status 400, to
	// device-code polling over the limit: the device must add 5 seconds to
	// its polling interval.
	ErrorSlowDown = "slow_down"
)

func errorBody(code, desc string) []byte {
	b, err := json.Marshal(struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}{code, desc})
	if err != nil {
		panic(err) // two strings always encode
	}
	return b
}

// newProblem returns the answer to tp: 413 for a body too large, 415 for a
// body in a Content-Encoding (RFC 9110 §15.5.16), else 400.
func newProblem(tp *tokenrequest.Problem) *problem {
	status := http.StatusBadRequest
	switch tp.Reason {
	case tokenrequest.ReasonBodyTooLarge:
		status = http.StatusRequestEntityTooLarge
	case tokenrequest.ReasonContentEncoding:
		status = http.StatusUnsupportedMediaType
	}
	return &problem{status: status, reason: tp.Reason, body: errorBody(ErrorInvalidRequest, tp.Description)}
}

// problems holds the answer to every fixed problem of package tokenrequest,
// made at start-up. A map read only after init needs no lock.
var problems = func() map[*tokenrequest.Problem]*problem {
	m := make(map[*tokenrequest.Problem]*problem)
	for _, tp := range tokenrequest.Problems() {
		m[tp] = newProblem(tp)
	}
	return m
}()

// problemFor returns the answer to tp, made at start-up if tp is one of
// tokenrequest.Problems() (all that the request path meets: see
// TestProblems in that package).
func problemFor(tp *tokenrequest.Problem) *problem {
	if p, ok := problems[tp]; ok {
		return p
	}
	return newProblem(tp)
}

// denial bodies by the scope whose tier denied.
var (
	denyBody = [numScopes][]byte{
		scopeClient:    errorBody(ErrorTooManyRequests, "token rate limit exceeded for this client; retry after the seconds in Retry-After"),
		scopeUser:      errorBody(ErrorTooManyRequests, "token rate limit exceeded for this user of the client; retry after the seconds in Retry-After"),
		scopeAggregate: errorBody(ErrorTooManyRequests, "token rate limit exceeded for all users of this client; retry after the seconds in Retry-After"),
	}
	slowDownBody = errorBody(ErrorSlowDown, "device polling too fast; increase the polling interval by 5 seconds")
)

// Header values shared by every response. They are assigned to header maps
// directly, with len == cap so that an Add by a handler appends to a copy;
// nothing may write to their elements.
var (
	hdrJSON     = []string{"application/json"}
	hdrNoStore  = []string{"no-store"}
	hdrClose    = []string{"close"}
	hdrIdentity = []string{"identity"}
)

// refuse answers a malformed or ambiguous token request r.
func refuse(w http.ResponseWriter, r *http.Request, p *problem) {
	switch p.reason {
	case tokenrequest.ReasonBodyTooLarge:
		// HTTP/1: the rest of the body was not read; do not read it to
		// serve another request on this connection. HTTP/2 needs no
		// close: the server resets the stream if the client still sends,
		// and the other streams go on. There net/http's server reads
		// Connection: close as "shut the connection down" (GOAWAY), and
		// a connection carries other clients' requests (a load balancer
		// multiplexes them): an outside run (h98) with 20 bodies over
		// the limit among 1,600 requests on one h2 connection took 18
		// connections, each a new TLS handshake, where 1 sufficed.
		if r.ProtoMajor == 1 {
			w.Header()["Connection"] = hdrClose
		}
	case tokenrequest.ReasonContentEncoding:
		// The codings a request may use (RFC 9110 §15.5.16: a 415 for
		// the Content-Encoding says which, in Accept-Encoding).
		w.Header()["Accept-Encoding"] = hdrIdentity
	}
	writeJSON(w, p.status, p.body)
	if p.reason == tokenrequest.ReasonBodyTooLarge && r.ProtoMajor == 1 {
		lingerAfterTooLarge(w)
	}
}

// tooLargeLinger is how long, after a 413 over HTTP/1, the server reads
// what the client still sends of its body before the connection closes:
// net/http's own wait for a body over 256 KiB (it sends its FIN and
// closes half a second later, rstAvoidanceDelay).
const tooLargeLinger = 500 * time.Millisecond

// lingerAfterTooLarge bounds the read of the rest of a body refused with
// 413 (Connection: close): net/http reads up to 256 KiB of a body the
// handler left unread before it closes the connection, whatever the
// answer said, so that a client that sends a Content-Length of 64 to
// 256 KiB and then nothing held the connection, its goroutine and a stop's
// drain until the server's ReadTimeout (an outside run, h117: closed at
// 30.0 s, --read-timeout's default; one over 256 KiB at once). A client
// that sends its body within tooLargeLinger has it read, and gets the 413
// and a clean close, as before; one that is still sending then may see
// the connection reset, as over 256 KiB. A ResponseWriter wrapped without
// Unwrap (http.ResponseController) keeps the server's ReadTimeout.
func lingerAfterTooLarge(w http.ResponseWriter) {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(tooLargeLinger))
}

// deny answers a request over the limit in enforce mode. Its rate-limit
// headers stay, whoever asks: the client needs Retry-After to back off, and
// the refusal itself already tells anyone that the key is at its limit (the
// limiter cannot authenticate; refusing only after the endpoint did would
// let the flood reach it). The headers add the limit and when it frees up.
// Requests the endpoint refuses carry none (responseWriter.finalStatus), so
// a key below its limit shows nothing to a caller without the secret.
func deny(w http.ResponseWriter, v *verdict) {
	h := w.Header()
	if v.grant == policy.GrantDeviceCode {
		// RFC 8628 §3.5: the device keeps polling, 5 s slower.
		v.writeHeaders(h, hdrDenied)
		writeJSON(w, http.StatusBadRequest, slowDownBody)
		return
	}
	v.writeHeaders(h, hdrDeniedRetry)
	writeJSON(w, http.StatusTooManyRequests, denyBody[v.scope])
}

// writeJSON writes a JSON error answer that must not be cached
// (RFC 6749 §5.1).
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = hdrNoStore
	w.WriteHeader(status)
	_, _ = w.Write(body) // the client is gone if this fails; nothing to do
}

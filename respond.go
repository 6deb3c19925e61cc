package oauthratelimit

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// problem is a malformed or ambiguous token request, answered without
// calling the token endpoint. Its body is encoded once, at start-up, so
// rejecting a request does not allocate.
type problem struct {
	status int
	reason badReason
	body   []byte
}

// badReason is the reason label of oauth_ratelimit_bad_requests_total.
type badReason uint8

const (
	reasonContentType badReason = iota
	reasonBodyTooLarge
	reasonBodyUnreadable
	reasonSemicolon
	reasonBadEscape
	reasonDuplicateParameter
	reasonMultipleAuthMethods
	reasonClientIDMismatch
	reasonMalformedBasic
	reasonMalformedAssertion
	reasonParameterInQuery
	reasonMultipleAuthorization
	reasonIdentityTooLong
	numBadReasons
)

var badReasonNames = [numBadReasons]string{
	reasonContentType:           "content_type",
	reasonBodyTooLarge:          "body_too_large",
	reasonBodyUnreadable:        "body_unreadable",
	reasonSemicolon:             "semicolon",
	reasonBadEscape:             "bad_escape",
	reasonDuplicateParameter:    "duplicate_parameter",
	reasonMultipleAuthMethods:   "multiple_auth_methods",
	reasonClientIDMismatch:      "client_id_mismatch",
	reasonMalformedBasic:        "malformed_basic",
	reasonMalformedAssertion:    "malformed_assertion",
	reasonParameterInQuery:      "parameter_in_query",
	reasonMultipleAuthorization: "multiple_authorization_headers",
	reasonIdentityTooLong:       "identity_too_long",
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

func newProblem(status int, reason badReason, desc string) *problem {
	return &problem{status: status, reason: reason, body: errorBody(ErrorInvalidRequest, desc)}
}

var (
	probContentType = newProblem(http.StatusBadRequest, reasonContentType,
		"the token request must have Content-Type application/x-www-form-urlencoded")
	probBodyUnreadable = newProblem(http.StatusBadRequest, reasonBodyUnreadable,
		"the request body could not be read")
	probSemicolon = newProblem(http.StatusBadRequest, reasonSemicolon,
		"the request body contains ';'; parameters must be separated by '&'")
	probBadEscapeName = newProblem(http.StatusBadRequest, reasonBadEscape,
		"a parameter name in the request body has a malformed %-escape; want %XX with two hex digits")
	probBadEscapeValue = newProblem(http.StatusBadRequest, reasonBadEscape,
		"a parameter value in the request body has a malformed %-escape; want %XX with two hex digits")
	probMultipleAuth = newProblem(http.StatusBadRequest, reasonMultipleAuthMethods,
		"the client used more than one authentication method; use exactly one of HTTP Basic, client_secret or client_assertion")
	probBasicMismatch = newProblem(http.StatusBadRequest, reasonClientIDMismatch,
		"client_id does not match the client identifier of the HTTP Basic credentials")
	probAssertionMismatch = newProblem(http.StatusBadRequest, reasonClientIDMismatch,
		"client_id does not match the sub of client_assertion")
	probMalformedBasic = newProblem(http.StatusBadRequest, reasonMalformedBasic,
		"the Authorization header is not valid HTTP Basic credentials; want base64 of client_id:client_secret, each form-urlencoded")
	probMalformedAssertion = newProblem(http.StatusBadRequest, reasonMalformedAssertion,
		"client_assertion is not a JWT with a sub claim and client_id is absent; send client_id or a JWT client_assertion")
	probMultipleAuthorization = newProblem(http.StatusBadRequest, reasonMultipleAuthorization,
		"the request has more than one Authorization header; want at most one")
	probClientIDTooLong = newProblem(http.StatusBadRequest, reasonIdentityTooLong,
		"the client identifier is longer than "+strconv.Itoa(MaxIdentityLen)+" bytes; want at most "+strconv.Itoa(MaxIdentityLen))
	probUsernameTooLong = newProblem(http.StatusBadRequest, reasonIdentityTooLong,
		"parameter username is longer than "+strconv.Itoa(MaxIdentityLen)+" bytes; want at most "+strconv.Itoa(MaxIdentityLen))

	probBadEscape, probDuplicate, probInQuery [numParams]*problem
)

func init() {
	for p, name := range paramNames {
		probBadEscape[p] = newProblem(http.StatusBadRequest, reasonBadEscape,
			"parameter "+name+" has a malformed %-escape; want %XX with two hex digits")
		probDuplicate[p] = newProblem(http.StatusBadRequest, reasonDuplicateParameter,
			"parameter "+name+" is included more than once; want it at most once")
		probInQuery[p] = newProblem(http.StatusBadRequest, reasonParameterInQuery,
			"parameter "+name+" is in the URL query; want it in the form-encoded request body")
	}
}

func newTooLarge(max int64) *problem {
	return newProblem(http.StatusRequestEntityTooLarge, reasonBodyTooLarge,
		"the request body exceeds "+strconv.FormatInt(max, 10)+" bytes")
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
	hdrJSON    = []string{"application/json"}
	hdrNoStore = []string{"no-store"}
	hdrClose   = []string{"close"}
)

// writeJSON writes a JSON error answer that must not be cached
// (RFC 6749 §5.1).
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h["Content-Type"] = hdrJSON
	h["Cache-Control"] = hdrNoStore
	w.WriteHeader(status)
	_, _ = w.Write(body) // the client is gone if this fails; nothing to do
}

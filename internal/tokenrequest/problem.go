package tokenrequest

import "strconv"

// Reason is why a token request is refused as malformed or ambiguous: the
// reason label of oauth_ratelimit_bad_requests_total, one of a fixed set.
type Reason uint8

// The reasons a token request is refused.
const (
	ReasonContentType           Reason = iota // not application/x-www-form-urlencoded
	ReasonBodyTooLarge                        // the body exceeds the configured maximum
	ReasonBodyUnreadable                      // reading the body failed
	ReasonSemicolon                           // a raw ';' in the body
	ReasonBadEscape                           // a malformed %-escape
	ReasonDuplicateParameter                  // a parameter the limiter reads, sent twice
	ReasonMultipleAuthMethods                 // two client authentication methods
	ReasonClientIDMismatch                    // client_id differs from the Basic or assertion identity
	ReasonMalformedBasic                      // Authorization: Basic that does not decode
	ReasonMalformedAssertion                  // client_assertion without a readable sub, and no client_id
	ReasonParameterInQuery                    // a parameter the limiter reads, in the URL query
	ReasonMultipleAuthorization               // two Authorization headers
	ReasonIdentityTooLong                     // a client ID or username over MaxIdentityLen
	ReasonContentEncoding                     // a body with a Content-Encoding other than identity
	NumReasons                                // the number of reasons
)

var reasonNames = [NumReasons]string{
	ReasonContentType:           "content_type",
	ReasonBodyTooLarge:          "body_too_large",
	ReasonBodyUnreadable:        "body_unreadable",
	ReasonSemicolon:             "semicolon",
	ReasonBadEscape:             "bad_escape",
	ReasonDuplicateParameter:    "duplicate_parameter",
	ReasonMultipleAuthMethods:   "multiple_auth_methods",
	ReasonClientIDMismatch:      "client_id_mismatch",
	ReasonMalformedBasic:        "malformed_basic",
	ReasonMalformedAssertion:    "malformed_assertion",
	ReasonParameterInQuery:      "parameter_in_query",
	ReasonMultipleAuthorization: "multiple_authorization_headers",
	ReasonIdentityTooLong:       "identity_too_long",
	ReasonContentEncoding:       "content_encoding",
}

// String returns the reason's metric label value, such as "bad_escape";
// "invalid" for a value out of range.
func (r Reason) String() string {
	if r >= NumReasons {
		return "invalid"
	}
	return reasonNames[r]
}

// Problem is a token request refused as malformed or ambiguous. The
// problems this package returns are fixed values, made once (see
// Problems), so refusing a request does not allocate and a caller can
// prepare its answer to each one in advance.
type Problem struct {
	// Reason is the kind of problem.
	Reason Reason
	// Description says what is wrong, naming the parameter or header and
	// what would be accepted: the error_description of the answer.
	Description string
}

// Error returns the description.
func (p *Problem) Error() string { return p.Description }

// all lists every fixed problem, in the order made.
var all []*Problem

func newProblem(r Reason, desc string) *Problem {
	p := &Problem{Reason: r, Description: desc}
	all = append(all, p)
	return p
}

// Problems returns every problem CheckEnvelope and Parse can return, and
// ProblemBodyUnreadable. The slice is shared; do not modify it.
func Problems() []*Problem { return all }

// BodyTooLarge returns the problem of a body over max bytes. It allocates:
// make it once per maximum.
func BodyTooLarge(max int64) *Problem {
	return &Problem{Reason: ReasonBodyTooLarge, Description: "the request body exceeds " + strconv.FormatInt(max, 10) + " bytes"}
}

// The fixed problems. The per-parameter ones (probBadEscape, probDuplicate,
// probInQuery) are made by init, from paramNames.
var (
	// ProblemBodyUnreadable is the problem of a body that could not be read.
	ProblemBodyUnreadable = newProblem(ReasonBodyUnreadable,
		"the request body could not be read")

	probContentType = newProblem(ReasonContentType,
		"the token request must have Content-Type application/x-www-form-urlencoded")
	probMultipart = newProblem(ReasonContentType,
		"multipart/form-data token requests are not accepted by the rate limiter in front of this endpoint: "+
			"it counts tokens by the client and user it reads from the body, and reads only "+
			"application/x-www-form-urlencoded (RFC 6749 §3.2), so that no request can pass uncounted; "+
			"send the same parameters form-urlencoded")
	probContentEncoding = newProblem(ReasonContentEncoding,
		"the request body has a Content-Encoding: the rate limiter in front of this endpoint counts tokens "+
			"by the client and user it reads from the body, and reads only bodies sent as they are; "+
			"send it without Content-Encoding (or identity)")
	probSemicolon = newProblem(ReasonSemicolon,
		"the request body contains ';'; parameters must be separated by '&'")
	probBadEscapeName = newProblem(ReasonBadEscape,
		"a parameter name in the request body has a malformed %-escape; want %XX with two hex digits")
	probBadEscapeValue = newProblem(ReasonBadEscape,
		"a parameter value in the request body has a malformed %-escape; want %XX with two hex digits")
	probMultipleAuth = newProblem(ReasonMultipleAuthMethods,
		"the client used more than one authentication method; use exactly one of HTTP Basic, client_secret or client_assertion")
	probBasicMismatch = newProblem(ReasonClientIDMismatch,
		"client_id does not match the client identifier of the HTTP Basic credentials")
	probAssertionMismatch = newProblem(ReasonClientIDMismatch,
		"client_id does not match the sub of client_assertion")
	probMalformedBasic = newProblem(ReasonMalformedBasic,
		"the Authorization header is not valid HTTP Basic credentials; want base64 of client_id:client_secret, each form-urlencoded")
	probBasicTooLong = newProblem(ReasonMalformedBasic,
		"the Authorization header's Basic credentials are longer than "+strconv.Itoa(maxBasicLen)+
			" base64 characters (a client_id and client_secret of about "+strconv.Itoa(maxBasicLen/4*3)+
			" bytes together), more than the rate limiter in front of this endpoint reads; "+
			"send a shorter secret, or the secret as client_secret in the form body")
	probMalformedAssertion = newProblem(ReasonMalformedAssertion,
		"client_assertion is not a JWT with a sub claim and client_id is absent; send client_id or a JWT client_assertion")
	probMultipleAuthorization = newProblem(ReasonMultipleAuthorization,
		"the request has more than one Authorization header; want at most one")
	probClientIDTooLong = newProblem(ReasonIdentityTooLong,
		"the client identifier is longer than "+strconv.Itoa(MaxIdentityLen)+" bytes; want at most "+strconv.Itoa(MaxIdentityLen))
	probUsernameTooLong = newProblem(ReasonIdentityTooLong,
		"parameter username is longer than "+strconv.Itoa(MaxIdentityLen)+" bytes; want at most "+strconv.Itoa(MaxIdentityLen))

	probBadEscape, probDuplicate, probInQuery [numParams]*Problem
)

func init() {
	for p, name := range paramNames {
		probBadEscape[p] = newProblem(ReasonBadEscape,
			"parameter "+name+" has a malformed %-escape; want %XX with two hex digits")
		probDuplicate[p] = newProblem(ReasonDuplicateParameter,
			"parameter "+name+" is included more than once; want it at most once")
		probInQuery[p] = newProblem(ReasonParameterInQuery,
			"parameter "+name+" is in the URL query; want it in the form-encoded request body")
	}
}

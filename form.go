package oauthratelimit

import (
	"bytes"
	"encoding/base64"
	"strings"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// param is a token-request parameter the limiter reads. Every other
// parameter is only checked for well-formed escapes.
type param uint8

const (
	paramGrantType param = iota
	paramClientID
	paramClientSecret
	paramClientAssertion
	paramClientAssertionType
	paramUsername
	numParams
)

var paramNames = [numParams]string{
	paramGrantType:           "grant_type",
	paramClientID:            "client_id",
	paramClientSecret:        "client_secret",
	paramClientAssertion:     "client_assertion",
	paramClientAssertionType: "client_assertion_type",
	paramUsername:            "username",
}

// maxParamName is the length of the longest name in paramNames. A key that
// unescapes to more bytes cannot be one of them.
const maxParamName = len("client_assertion_type")

// lookupParam returns the param named by key. The switch on string(key)
// compiles to comparisons that do not allocate.
func lookupParam(key []byte) (param, bool) {
	switch string(key) {
	case "grant_type":
		return paramGrantType, true
	case "client_id":
		return paramClientID, true
	case "client_secret":
		return paramClientSecret, true
	case "client_assertion":
		return paramClientAssertion, true
	case "client_assertion_type":
		return paramClientAssertionType, true
	case "username":
		return paramUsername, true
	}
	return 0, false
}

// MaxIdentityLen is the longest client identifier and user name the
// middleware accepts, in bytes: they become keys held in memory (and in
// the store), so their size is bounded. Longer ones are refused with 400;
// a longer user from a UserResolver or an issued token is treated as
// unknown.
const MaxIdentityLen = 256

// Bounds on what the parser decodes. They keep the work per request small
// whatever the body holds.
const (
	// maxBasicLen bounds the base64 part of an Authorization: Basic header.
	maxBasicLen = 4096
	// maxAssertionPayload bounds the decoded payload of a client_assertion
	// JWT that is read for its sub.
	maxAssertionPayload = 8192
)

// span is a byte range of the request body: a raw (still escaped) value.
type span struct {
	off, n int
}

// authMethod is how a request authenticates its client (RFC 6749 §2.3,
// RFC 7523 §2.2).
type authMethod uint8

const (
	authNone      authMethod = iota // public client: client_id only, or nothing
	authBasic                       // client_secret_basic
	authPost                        // client_secret_post
	authAssertion                   // private_key_jwt, client_secret_jwt
)

// tokenRequest is what the parser extracts from a token request. Its
// strings alias the request body or the request's scratch buffer (see
// bytesToString) and are valid until the middleware is done with the
// request.
type tokenRequest struct {
	grant     policy.Grant
	grantType string
	clientID  string // the identity, by RFC 6749 precedence
	username  string
	auth      authMethod
	raw       [numParams]span
	seen      [numParams]uint8
}

// bytesToString returns a string that shares b's memory. The middleware
// reads a token request into a pooled buffer and hands out strings into it
// without copying: they are used only while the request is being served
// (as cache lookups, which copy a key's bytes when they insert it, as
// policy lookups and as throttle lookups, which keep only a hash), and the
// buffer is reused only after the middleware returned. Nothing writes to the
// bytes in between. What keeps one past the request copies it (STYLE rule
// 17): the cache its keys, the log attributes (truncate, the resolver's
// error); see pooled_test.go.
func bytesToString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// stringBytes returns the bytes of s without copying. They must not be
// written to.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// parseTokenRequest parses a token request's form-encoded body and its
// Authorization header (authz, "" if absent) and resolves the client by
// RFC 6749 precedence: client_assertion (its client_id parameter, else the
// unverified sub of the JWT) > HTTP Basic > body client_id. Unescaped values
// are appended to *scratch, which it may grow.
//
// It rejects, as the downstream form parser would (Go's url.ParseQuery):
// a raw ';' and a bad %-escape anywhere in the body. It also rejects what
// would make the limiter and the token endpoint disagree on who is asking:
// a repeated identity parameter, two client authentication methods, an HTTP
// Basic or assertion identity that differs from the body's client_id, and
// malformed Basic credentials.
func parseTokenRequest(body []byte, authz string, scratch *[]byte) (tokenRequest, *problem) {
	var tr tokenRequest
	if p := scanForm(body, &tr); p != nil {
		return tr, p
	}
	value := func(p param) string {
		if tr.seen[p] == 0 {
			return ""
		}
		return unescapeSpan(body, tr.raw[p], scratch)
	}
	tr.grantType = value(paramGrantType)
	tr.grant = policy.ParseGrant(tr.grantType)
	tr.username = value(paramUsername)
	bodyID := value(paramClientID)

	// RFC 6749 §3.1: a parameter sent without a value is treated as omitted.
	secret := tr.seen[paramClientSecret] != 0 && tr.raw[paramClientSecret].n > 0
	assertion := tr.seen[paramClientAssertion] != 0 && tr.raw[paramClientAssertion].n > 0
	basicID, basic, p := parseBasic(authz, scratch)
	if p != nil {
		return tr, p
	}
	methods := 0
	for _, m := range [...]bool{basic, secret, assertion} {
		if m {
			methods++
		}
	}
	if methods > 1 {
		return tr, probMultipleAuth
	}
	switch {
	case assertion:
		tr.auth = authAssertion
		sub, ok := jwtSubject(value(paramClientAssertion), maxAssertionPayload, scratch)
		switch {
		case bodyID != "" && ok && sub != bodyID:
			return tr, probAssertionMismatch
		case bodyID != "":
			tr.clientID = bodyID
		case ok && sub != "":
			tr.clientID = sub
		default:
			return tr, probMalformedAssertion
		}
	case basic:
		tr.auth = authBasic
		if bodyID != "" && bodyID != basicID {
			return tr, probBasicMismatch
		}
		tr.clientID = basicID
	default:
		if secret {
			tr.auth = authPost
		}
		tr.clientID = bodyID
	}
	if len(tr.clientID) > MaxIdentityLen {
		return tr, probClientIDTooLong
	}
	if len(tr.username) > MaxIdentityLen {
		return tr, probUsernameTooLong
	}
	return tr, nil
}

// scanForm walks an application/x-www-form-urlencoded body: it checks every
// escape, records the first raw value of each param and how often it was
// seen, and stops at the first problem.
func scanForm(body []byte, tr *tokenRequest) *problem {
	var keyBuf [maxParamName]byte
	for off := 0; off < len(body); {
		seg := body[off:]
		segOff := off
		if i := bytes.IndexByte(seg, '&'); i >= 0 {
			seg = seg[:i]
		}
		off += len(seg) + 1
		if len(seg) == 0 {
			continue
		}
		if bytes.IndexByte(seg, ';') >= 0 {
			// Go's url.ParseQuery refuses a raw ';' (since Go 1.17); so
			// must the limiter, or the two would read different forms.
			return probSemicolon
		}
		key, val, valOff := seg, seg[len(seg):], segOff+len(seg)
		if eq := bytes.IndexByte(seg, '='); eq >= 0 {
			key, val, valOff = seg[:eq], seg[eq+1:], segOff+eq+1
		}
		k, ok := unescapeKey(keyBuf[:0], key)
		if !ok {
			return probBadEscapeName
		}
		pr, known := param(0), false
		if k != nil {
			pr, known = lookupParam(k)
		}
		if !validEscapes(val) {
			if known {
				return probBadEscape[pr]
			}
			return probBadEscapeValue
		}
		if !known {
			continue
		}
		if tr.seen[pr] != 0 {
			return probDuplicate[pr]
		}
		tr.seen[pr] = 1
		tr.raw[pr] = span{valOff, len(val)}
	}
	return nil
}

// unescapeKey form-unescapes key into dst if it is short enough to be a
// param name. It returns nil, true for a well-formed key that is too long
// and false for a bad escape.
func unescapeKey(dst, key []byte) ([]byte, bool) {
	if bytes.IndexByte(key, '%') < 0 && bytes.IndexByte(key, '+') < 0 {
		if len(key) > cap(dst) {
			return nil, true
		}
		return key, true // nothing to unescape: compare the key itself
	}
	if !validEscapes(key) {
		return nil, false
	}
	// Each %XX decodes to one byte: the decoded length is known up front,
	// so dst never grows past the caller's fixed buffer.
	if len(key)-2*bytes.Count(key, percent) > cap(dst) {
		return nil, true
	}
	return appendUnescaped(dst, key), true
}

var percent = []byte{'%'}

// appendUnescaped appends the form-unescaped raw to dst ('+' is a space,
// %XX a byte); raw's escapes were checked (validEscapes).
func appendUnescaped(dst, raw []byte) []byte {
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '+':
			dst = append(dst, ' ')
		case '%':
			dst = append(dst, unhex(raw[i+1])<<4|unhex(raw[i+2]))
			i += 2
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// validEscapes reports whether every '%' in b starts a %XX escape, which is
// what url.QueryUnescape accepts.
func validEscapes(b []byte) bool {
	for {
		i := bytes.IndexByte(b, '%')
		if i < 0 {
			return true
		}
		if i+2 >= len(b) || !ishex(b[i+1]) || !ishex(b[i+2]) {
			return false
		}
		b = b[i+3:]
	}
}

// unescapeSpan returns the form-unescaped value of s in body. A value
// without escapes is returned without copying; others are appended to
// *scratch. The escapes were checked by scanForm.
func unescapeSpan(body []byte, s span, scratch *[]byte) string {
	return unescapeForm(body[s.off:s.off+s.n], scratch)
}

func unescapeForm(raw []byte, scratch *[]byte) string {
	if bytes.IndexByte(raw, '%') < 0 && bytes.IndexByte(raw, '+') < 0 {
		return bytesToString(raw)
	}
	// Appending may move *scratch to a larger array; strings already handed
	// out keep pointing into the old one, which nothing writes to again.
	start := len(*scratch)
	b := appendUnescaped(*scratch, raw)
	*scratch = b
	return bytesToString(b[start:])
}

// parseBasic reads an "Authorization: Basic" header and returns the client
// identifier, form-unescaped as RFC 6749 §2.3.1 requires. Other schemes are
// not client authentication and are ignored.
func parseBasic(authz string, scratch *[]byte) (id string, ok bool, p *problem) {
	const prefix = "basic "
	if len(authz) < len(prefix) || !strings.EqualFold(authz[:len(prefix)], prefix) {
		return "", false, nil
	}
	enc := strings.TrimLeft(authz[len(prefix):], " ")
	if len(enc) > maxBasicLen {
		return "", false, probMalformedBasic
	}
	start := len(*scratch)
	b := growBytes(*scratch, base64.StdEncoding.DecodedLen(len(enc)))
	n, err := base64.StdEncoding.Decode(b[start:start+base64.StdEncoding.DecodedLen(len(enc))], stringBytes(enc))
	if err != nil {
		return "", false, probMalformedBasic
	}
	b = b[:start+n]
	*scratch = b
	cred := b[start:]
	colon := -1
	for i, c := range cred {
		if c == ':' {
			colon = i
			break
		}
	}
	if colon <= 0 || !validEscapes(cred[:colon]) || !validEscapes(cred[colon+1:]) {
		return "", false, probMalformedBasic
	}
	return unescapeForm(cred[:colon], scratch), true, nil
}

// growBytes returns b with room for n more bytes, its length unchanged.
func growBytes(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), 2*cap(b)+n)
	copy(nb, b)
	return nb
}

// formParam returns the form-unescaped value of the first parameter called
// name in a body that scanForm accepted, and whether it is present.
func formParam(body []byte, name string, scratch *[]byte) (string, bool) {
	var keyBuf [64]byte
	for off := 0; off < len(body); {
		end := off
		for end < len(body) && body[end] != '&' {
			end++
		}
		seg := body[off:end]
		off = end + 1
		if len(seg) == 0 {
			continue
		}
		key, val := seg, seg[:0]
		for i, c := range seg {
			if c == '=' {
				key, val = seg[:i], seg[i+1:]
				break
			}
		}
		if len(key) < len(name) {
			continue
		}
		k, ok := unescapeKey(keyBuf[:0], key)
		if ok && k != nil && string(k) == name {
			return unescapeForm(val, scratch), true
		}
	}
	return "", false
}

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

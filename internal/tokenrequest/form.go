package tokenrequest

import (
	"bytes"
	"encoding/base64"
	"strings"
	"unsafe"
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
	paramRefreshToken
	numParams
)

var paramNames = [numParams]string{
	paramGrantType:           "grant_type",
	paramClientID:            "client_id",
	paramClientSecret:        "client_secret",
	paramClientAssertion:     "client_assertion",
	paramClientAssertionType: "client_assertion_type",
	paramUsername:            "username",
	paramRefreshToken:        "refresh_token",
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
	case "refresh_token":
		return paramRefreshToken, true
	}
	return 0, false
}

// span is a byte range of the request body: a raw (still escaped) value.
type span struct {
	off, n int
}

// Flags of Request.seen, per param.
const (
	seenParam   = 1 << iota // the param was sent
	seenEscaped             // its raw value holds a '%' or '+': it must be unescaped
)

// bytesToString returns a string that shares b's memory, without copying:
// the strings this package returns view the caller's body and scratch
// buffers (see the package comment), which nothing writes to while the
// strings are in use.
func bytesToString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// stringBytes returns the bytes of s without copying. They must not be
// written to.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// Byte classes of the form scanner: every byte it must look at, one bit
// each; 0 for the others.
const (
	clsAmp  = 1 << iota // '&' ends a segment
	clsEq               // '=' ends a key (the first one of a segment)
	clsSemi             // ';': refused
	clsPct              // '%' starts an escape
	clsPlus             // '+' is a space
)

var formClass = [256]uint8{'&': clsAmp, '=': clsEq, ';': clsSemi, '%': clsPct, '+': clsPlus}

// scanForm walks an application/x-www-form-urlencoded body: it checks every
// escape, records the first raw value of each param and how often it was
// seen, and stops at the first problem.
//
// A body without '%' or ';', as token requests mostly are, is split with
// bytes.IndexByte (scanPlain), after two searches of the whole body that
// tell it is one. Any other body is read byte by byte, through a table of
// the few bytes that matter (scanEscaped), rather than searching each
// segment for '&', ';', '=' and '%' in turn: four searches of each short
// segment cost more than one pass. That one pass (with parseBasic's, since
// replaced) made BenchmarkParseTokenRequest new ÷ old 0.60
// (client_credentials), 0.69 (basic) and 0.78 (password) in the median of
// 16 alternated pairs (2026-11-23, load 6: the pairs spread 0.35-1.49).
func scanForm(body []byte, tr *Request) *Problem {
	if bytes.IndexByte(body, '%') < 0 && bytes.IndexByte(body, ';') < 0 {
		return scanPlain(body, tr)
	}
	return scanEscaped(body, tr)
}

// scanPlain is scanForm for a body without '%' or ';', as token requests
// mostly are: no escape to check, no ';' to refuse, and no key that holds
// a '+' can name a param (it unescapes to a space). It splits the body with
// bytes.IndexByte, which passes over a segment in a few instructions, where
// scanEscaped looks at each byte: about 275 instructions less on a 40-byte
// body, about 115 net of scanForm's two searches that choose it (R3,
// cachegrind). FuzzScanPlain checks that both read every such body alike.
func scanPlain(body []byte, tr *Request) *Problem {
	for off := 0; off < len(body); {
		seg := body[off:]
		if end := bytes.IndexByte(seg, '&'); end >= 0 {
			seg = seg[:end]
		}
		segOff := off
		off += len(seg) + 1
		if len(seg) == 0 {
			continue // empty segment
		}
		key, valOff, n := seg, segOff+len(seg), 0
		if eq := bytes.IndexByte(seg, '='); eq >= 0 {
			key, valOff, n = seg[:eq], segOff+eq+1, len(seg)-eq-1
		}
		if len(key) > maxParamName {
			continue
		}
		pr, known := lookupParam(key)
		if !known {
			continue
		}
		if tr.seen[pr] != 0 {
			return probDuplicate[pr]
		}
		tr.seen[pr] = seenParam
		if bytes.IndexByte(body[valOff:valOff+n], '+') >= 0 {
			tr.seen[pr] |= seenEscaped
		}
		tr.raw[pr] = span{valOff, n}
	}
	return nil
}

// scanEscaped is scanForm for any body.
func scanEscaped(body []byte, tr *Request) *Problem {
	for off := 0; off < len(body); {
		// One segment: [off, end), its key [off, eq) and value (eq, end),
		// or only a key if it has no '=' (eq < 0). keyCls and valCls
		// gather the classes of the bytes seen in each.
		end, eq := off, -1
		var keyCls, valCls uint8
		for ; end < len(body); end++ {
			c := formClass[body[end]]
			if c == 0 {
				continue
			}
			if c&clsAmp != 0 {
				break
			}
			if c&clsSemi != 0 {
				// Go's url.ParseQuery refuses a raw ';' (since Go 1.17); so
				// must the limiter, or the two would read different forms.
				return probSemicolon
			}
			if eq < 0 {
				if c&clsEq != 0 {
					eq = end
					continue
				}
				keyCls |= c
			} else {
				valCls |= c
			}
		}
		segOff := off
		off = end + 1
		if end == segOff {
			continue // empty segment
		}
		key, val, valOff := body[segOff:end], body[end:end], end
		if eq >= 0 {
			key, val, valOff = body[segOff:eq], body[eq+1:end], eq+1
		}
		pr, known, ok := lookupKey(key, keyCls)
		if !ok {
			return probBadEscapeName
		}
		if valCls&clsPct != 0 && !validEscapes(val) {
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
		tr.seen[pr] = seenParam
		if valCls&(clsPct|clsPlus) != 0 {
			tr.seen[pr] |= seenEscaped
		}
		tr.raw[pr] = span{valOff, len(val)}
	}
	return nil
}

// lookupKey returns the param a raw key names, given the classes of its
// bytes (a '%' or '+' among them: it must be unescaped first); ok is false
// for a bad escape.
func lookupKey(key []byte, cls uint8) (p param, known, ok bool) {
	if cls == 0 {
		if len(key) > maxParamName {
			return 0, false, true
		}
		p, known = lookupParam(key)
		return p, known, true
	}
	var keyBuf [maxParamName]byte
	k, ok := unescapeKey(keyBuf[:0], key)
	if !ok {
		return 0, false, false
	}
	if k == nil {
		return 0, false, true
	}
	p, known = lookupParam(k)
	return p, known, true
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

// unescapeSpan returns the form-unescaped value of s in body, which holds
// escapes if esc. A value without escapes is returned without copying;
// others are appended to *scratch. The escapes were checked by scanForm.
func unescapeSpan(body []byte, s span, esc bool, scratch *[]byte) string {
	raw := body[s.off : s.off+s.n]
	if !esc {
		return bytesToString(raw)
	}
	return appendForm(raw, scratch)
}

func unescapeForm(raw []byte, scratch *[]byte) string {
	if bytes.IndexByte(raw, '%') < 0 && bytes.IndexByte(raw, '+') < 0 {
		return bytesToString(raw)
	}
	return appendForm(raw, scratch)
}

// appendForm appends the form-unescaped raw to *scratch and returns it.
func appendForm(raw []byte, scratch *[]byte) string {
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
func parseBasic(authz string, scratch *[]byte) (id string, ok bool, p *Problem) {
	const prefix = "basic "
	if len(authz) < len(prefix) || authz[:len(prefix)] != "Basic " && !strings.EqualFold(authz[:len(prefix)], prefix) {
		return "", false, nil
	}
	enc := strings.TrimLeft(authz[len(prefix):], " ")
	if len(enc) > maxBasicLen {
		return "", false, probBasicTooLong
	}
	start := len(*scratch)
	b := growBytes(*scratch, base64.StdEncoding.DecodedLen(len(enc)))
	n, err := decodeBasic(b[start:start+base64.StdEncoding.DecodedLen(len(enc))], enc)
	if err != nil {
		return "", false, probMalformedBasic
	}
	b = b[:start+n]
	*scratch = b
	cred := b[start:]
	// The first ':' ends the identifier; its escapes ('%') must be well
	// formed, and it is unescaped if it holds a '%' or '+'. The secret is
	// the endpoint's to check, escapes and all: one that does not unescape
	// it (net/http's BasicAuth does not) may well accept a raw '%' there.
	// Identifiers are short and rarely hold either: a few searches
	// (bytes.IndexByte) cost less than a loop over every byte.
	colon := bytes.IndexByte(cred, ':')
	if colon <= 0 {
		return "", false, probMalformedBasic
	}
	user := cred[:colon]
	pct := bytes.IndexByte(user, '%')
	if pct >= 0 && !validEscapes(user) {
		return "", false, probMalformedBasic
	}
	if pct < 0 && bytes.IndexByte(user, '+') < 0 {
		return bytesToString(user), true, nil
	}
	return appendForm(user, scratch), true, nil
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

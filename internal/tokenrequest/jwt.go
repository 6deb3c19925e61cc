package tokenrequest

import (
	"encoding/base64"
	"unicode/utf16"
	"unicode/utf8"
)

// IssuedSubject returns the sub of the JWT access_token, else of the
// id_token, of a JSON token response (RFC 6749 §5.1), read without
// verifying anything: the token endpoint issued it. A sub that is empty or
// longer than MaxIdentityLen does not count. Decoded payloads are appended
// to *scratch.
func IssuedSubject(body []byte, scratch *[]byte) (string, bool) {
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

// IssuedSubjectPrefix is IssuedSubject on the first bytes of a response too
// long to hold whole: a token member complete within prefix counts. Token
// responses carry access_token first (Hydra's keys are sorted; most servers
// write it first), so the sub of a JWT access token is found ahead of a
// long id_token.
func IssuedSubjectPrefix(prefix []byte, scratch *[]byte) (string, bool) {
	for _, name := range [...]string{"access_token", "id_token"} {
		tok, ok := jsonMember(prefix, name, true, scratch)
		if !ok {
			continue
		}
		if sub, ok := jwtSubject(tok, len(prefix), scratch); ok && sub != "" && len(sub) <= MaxIdentityLen {
			return sub, true
		}
	}
	return "", false
}

// IssuedRefreshTokenPrefix is IssuedRefreshToken on the first bytes of a
// response too long to hold whole.
func IssuedRefreshTokenPrefix(prefix []byte, scratch *[]byte) (string, bool) {
	tok, ok := jsonMember(prefix, "refresh_token", true, scratch)
	return tok, ok && tok != ""
}

// IssuedRefreshToken returns the refresh_token member of a JSON token
// response (RFC 6749 §5.1), JSON-unescaped (into *scratch if it has
// escapes): the token as the client will present it.
func IssuedRefreshToken(body []byte, scratch *[]byte) (string, bool) {
	tok, ok := jsonStringMember(body, "refresh_token", scratch)
	return tok, ok && tok != ""
}

// RefreshTokenSubject returns the sub of a refresh token that is a JWT
// (Keycloak's are), decoded without verifying anything: the payload of at
// most maxAssertionPayload bytes, a sub neither empty nor longer than
// MaxIdentityLen. An opaque token (Hydra's) reports false.
func RefreshTokenSubject(token string, scratch *[]byte) (string, bool) {
	sub, ok := jwtSubject(token, maxAssertionPayload, scratch)
	if !ok || sub == "" || len(sub) > MaxIdentityLen {
		return "", false
	}
	return sub, true
}

// jwtSubject returns the "sub" claim of a JWT in compact serialization
// (header.payload.signature), decoded without verifying anything: the
// limiter only attributes the request, and the token endpoint verifies the
// JWT. The decoded payload is appended to *scratch; a payload of more than
// maxPayload bytes, a token that is not three segments of base64url, a
// payload that is not a JSON object with a string sub, and a payload with
// two sub members (which parsers resolve differently) report false.
func jwtSubject(token string, maxPayload int, scratch *[]byte) (string, bool) {
	first := -1
	second := -1
	for i := 0; i < len(token); i++ {
		if token[i] != '.' {
			continue
		}
		switch {
		case first < 0:
			first = i
		case second < 0:
			second = i
		default:
			return "", false // JWE (five segments) or garbage: payload unreadable
		}
	}
	if second < 0 {
		return "", false
	}
	seg := token[first+1 : second]
	for len(seg) > 0 && seg[len(seg)-1] == '=' { // tolerate padding
		seg = seg[:len(seg)-1]
	}
	n := base64.RawURLEncoding.DecodedLen(len(seg))
	if n > maxPayload {
		return "", false
	}
	start := len(*scratch)
	b := growBytes(*scratch, n)
	m, err := base64.RawURLEncoding.Decode(b[start:start+n], stringBytes(seg))
	if err != nil {
		return "", false
	}
	b = b[:start+m]
	*scratch = b
	return jsonStringMember(b[start:], "sub", scratch)
}

// maxJSONDepth bounds the nesting jsonStringMember skips through.
const maxJSONDepth = 32

// jsonStringMember returns the string value of the member called name of the
// JSON object obj. It reads only the top level and skips every other value
// without decoding it. It reports false if obj is not an object, if the
// member is absent or not a string, or if the member appears twice. Escaped
// values are decoded into *scratch. Member names are compared after
// decoding their escapes, as a JSON parser would.
func jsonStringMember(obj []byte, name string, scratch *[]byte) (string, bool) {
	return jsonMember(obj, name, false, scratch)
}

// jsonMember is jsonStringMember; if partial, obj may be the first bytes of
// a longer object, and a member found complete before obj ends counts
// (whether it appears again later cannot be known).
func jsonMember(obj []byte, name string, partial bool, scratch *[]byte) (string, bool) {
	s := jsonScanner{b: obj}
	var found string
	var ok bool
	fail := func() (string, bool) {
		if partial && s.i >= len(s.b) && ok {
			return found, true // obj ended: what was found stands
		}
		return "", false
	}
	s.space()
	if !s.eat('{') {
		return "", false
	}
	s.space()
	if s.eat('}') {
		return "", false
	}
	for {
		s.space()
		key, kok := s.str()
		if !kok {
			return fail()
		}
		s.space()
		if !s.eat(':') {
			return fail()
		}
		s.space()
		if keyEquals(key, name) {
			if ok {
				return "", false // duplicate member
			}
			raw, vok := s.str()
			if !vok {
				return fail()
			}
			v, dok := decodeJSONString(raw, scratch)
			if !dok {
				return "", false
			}
			found, ok = v, true
		} else if !s.skip(0) {
			return fail()
		}
		s.space()
		if s.eat(',') {
			continue
		}
		if s.eat('}') {
			return found, ok
		}
		return fail()
	}
}

// jsonScanner walks JSON text without building values.
type jsonScanner struct {
	b []byte
	i int
}

func (s *jsonScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *jsonScanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// str reads a string and returns its raw contents, between the quotes.
func (s *jsonScanner) str() ([]byte, bool) {
	if !s.eat('"') {
		return nil, false
	}
	start := s.i
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case c == '"':
			raw := s.b[start:s.i]
			s.i++
			return raw, true
		case c == '\\':
			s.i += 2
		case c < 0x20:
			return nil, false
		default:
			s.i++
		}
	}
	return nil, false
}

// skip skips one value of any kind.
func (s *jsonScanner) skip(depth int) bool {
	if depth > maxJSONDepth || s.i >= len(s.b) {
		return false
	}
	switch s.b[s.i] {
	case '"':
		_, ok := s.str()
		return ok
	case '{', '[':
		open := s.b[s.i]
		closing := byte('}')
		if open == '[' {
			closing = ']'
		}
		s.i++
		s.space()
		if s.eat(closing) {
			return true
		}
		for {
			s.space()
			if open == '{' {
				if _, ok := s.str(); !ok {
					return false
				}
				s.space()
				if !s.eat(':') {
					return false
				}
				s.space()
			}
			if !s.skip(depth + 1) {
				return false
			}
			s.space()
			if s.eat(',') {
				continue
			}
			return s.eat(closing)
		}
	default: // number, true, false, null: up to the next delimiter
		start := s.i
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return s.i > start
			}
			if c := s.b[s.i]; c == '"' || c == '{' || c == '[' || c == ':' {
				return false
			}
			s.i++
		}
		return s.i > start
	}
}

// keyEquals reports whether the raw JSON string key decodes to name, without
// allocating: names the limiter looks for are short and ASCII.
func keyEquals(raw []byte, name string) bool {
	j := 0
	for i := 0; i < len(raw); {
		if j >= len(name) {
			return false
		}
		c := raw[i]
		if c == '\\' {
			r, n, ok := jsonEscape(raw[i:])
			if !ok || r >= utf8.RuneSelf || byte(r) != name[j] {
				return false
			}
			i += n
		} else {
			if c != name[j] {
				return false
			}
			i++
		}
		j++
	}
	return j == len(name)
}

// jsonEscape decodes the escape at the start of raw (which begins with a
// backslash) and returns the rune and the bytes it used. A surrogate pair
// written as two \u escapes is combined.
func jsonEscape(raw []byte) (rune, int, bool) {
	if len(raw) < 2 {
		return 0, 0, false
	}
	switch raw[1] {
	case '"', '\\', '/':
		return rune(raw[1]), 2, true
	case 'b':
		return '\b', 2, true
	case 'f':
		return '\f', 2, true
	case 'n':
		return '\n', 2, true
	case 'r':
		return '\r', 2, true
	case 't':
		return '\t', 2, true
	case 'u':
		r, ok := hex4(raw[2:])
		if !ok {
			return 0, 0, false
		}
		if utf16.IsSurrogate(r) {
			if len(raw) >= 12 && raw[6] == '\\' && raw[7] == 'u' {
				if r2, ok := hex4(raw[8:]); ok {
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						return d, 12, true
					}
				}
			}
			return utf8.RuneError, 6, true
		}
		return r, 6, true
	}
	return 0, 0, false
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		if !ishex(c) {
			return 0, false
		}
		r = r<<4 | rune(unhex(c))
	}
	return r, true
}

// decodeJSONString decodes the raw contents of a JSON string. A string
// without escapes is returned without copying; others are appended to
// *scratch.
func decodeJSONString(raw []byte, scratch *[]byte) (string, bool) {
	plain := true
	for _, c := range raw {
		if c == '\\' {
			plain = false
			break
		}
	}
	if plain {
		return bytesToString(raw), true
	}
	start := len(*scratch)
	b := *scratch
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			b = append(b, raw[i])
			i++
			continue
		}
		r, n, ok := jsonEscape(raw[i:])
		if !ok {
			return "", false
		}
		b = utf8.AppendRune(b, r)
		i += n
	}
	*scratch = b
	return bytesToString(b[start:]), true
}

package mongostore

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
)

// DocumentID returns the string _id of k's document: the escaped client ID,
// '|', the escaped user. Escaping turns '\' into `\\`, '|' into `\|`, and
// every control byte (below 0x20, and 0x7f) and every byte that is not part
// of valid UTF-8 into `\xHH` (two lowercase hex digits). The first unescaped
// '|' thus always separates the two parts, and distinct keys never share an
// ID; the result is valid UTF-8 without NUL, which every server stores as
// is (PostgreSQL, behind FerretDB, refuses both invalid UTF-8 and NUL).
//
// A string _id rather than a sub-document {clientId, username}: FerretDB
// looks the latter up about 15 times slower.
func DocumentID(k cache.Key) string {
	if plain(k.ClientID) && plain(k.User) {
		return k.ClientID + "|" + k.User
	}
	var b strings.Builder
	b.Grow(len(k.ClientID) + len(k.User) + 8)
	escapeTo(&b, k.ClientID)
	b.WriteByte('|')
	escapeTo(&b, k.User)
	return b.String()
}

// escapeComponent returns s escaped as in DocumentID.
func escapeComponent(s string) string {
	if plain(s) {
		return s
	}
	var b strings.Builder
	escapeTo(&b, s)
	return b.String()
}

// plain reports whether s needs no escaping: printable ASCII other than '\'
// and '|'. Non-ASCII strings take the slow path.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '\\' || c == '|' {
			return false
		}
	}
	return true
}

const hexDigits = "0123456789abcdef"

func escapeTo(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' || c == '|':
			b.WriteByte('\\')
			b.WriteByte(c)
			i++
			continue
		case c < 0x20 || c == 0x7f:
			writeHex(b, c)
			i++
			continue
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			writeHex(b, c)
			i++
			continue
		}
		b.WriteString(s[i : i+n])
		i += n
	}
}

func writeHex(b *strings.Builder, c byte) {
	b.WriteString(`\x`)
	b.WriteByte(hexDigits[c>>4])
	b.WriteByte(hexDigits[c&0xf])
}

// ErrDocumentID is wrapped by the errors of ParseDocumentID.
var ErrDocumentID = errors.New("not a document ID")

// ParseDocumentID returns the key whose DocumentID is id. It accepts only
// what DocumentID returns, so that every key has exactly one ID.
func ParseDocumentID(id string) (cache.Key, error) {
	var parts [2]strings.Builder
	part := 0
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch c {
		case '|':
			if part == 1 {
				return cache.Key{}, fmt.Errorf("%w: %q: unescaped '|' at %d after the separator", ErrDocumentID, id, i)
			}
			part = 1
			continue
		case '\\':
		default:
			parts[part].WriteByte(c)
			continue
		}
		if i+1 >= len(id) {
			return cache.Key{}, fmt.Errorf("%w: %q: '\\' at the end", ErrDocumentID, id)
		}
		i++
		switch e := id[i]; e {
		case '\\', '|':
			parts[part].WriteByte(e)
		case 'x':
			if i+2 >= len(id) {
				return cache.Key{}, fmt.Errorf("%w: %q: short \\x escape at %d", ErrDocumentID, id, i-1)
			}
			hi, lo := unhex(id[i+1]), unhex(id[i+2])
			if hi < 0 || lo < 0 {
				return cache.Key{}, fmt.Errorf("%w: %q: bad \\x escape at %d: want two lowercase hex digits", ErrDocumentID, id, i-1)
			}
			parts[part].WriteByte(byte(hi<<4 | lo))
			i += 2
		default:
			return cache.Key{}, fmt.Errorf("%w: %q: unknown escape \\%c at %d", ErrDocumentID, id, e, i-1)
		}
	}
	if part != 1 {
		return cache.Key{}, fmt.Errorf("%w: %q: no unescaped '|' between client and user", ErrDocumentID, id)
	}
	k := cache.Key{ClientID: parts[0].String(), User: parts[1].String()}
	// Escapes that DocumentID would not have written (\x41, a raw control
	// byte, invalid UTF-8) would give a key a second ID.
	if DocumentID(k) != id {
		return cache.Key{}, fmt.Errorf("%w: %q: not in canonical form (want %q)", ErrDocumentID, id, DocumentID(k))
	}
	return k, nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}

package oauthratelimit

import (
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// username returns the user of a password grant for username: as
// Config.NormalizeUsername maps it, into st.scratch (so that the mapping
// need not allocate), or as sent. Either views a buffer of st, as the
// request's other strings do: the cache copies a key it keeps.
func (l *Limiter) username(st *reqState, u string) string {
	f := l.cfg.NormalizeUsername
	if f == nil || u == "" {
		return u
	}
	start := len(st.scratch)
	out := f(st.scratch, u)
	if len(out) <= start || len(out)-start > MaxIdentityLen {
		// Empty, too long, or not dst extended: the username as sent,
		// still limited per user, and said (at most once per
		// DryRunLogInterval) so that a broken mapping is noticed.
		if l.throttle.allow("NormalizeUsername", l.cfg.Now()) {
			l.log.Warn("NormalizeUsername appended no user, or one longer than MaxIdentityLen: the username counts as sent", "appended", len(out)-start, "max", MaxIdentityLen)
		}
		return u
	}
	st.scratch = out
	n := out[start:]
	return unsafe.String(&n[0], len(n))
}

// AppendLower appends s in lower case to dst and returns the extended
// buffer, without allocating when dst has room: the Config.NormalizeUsername
// of a token endpoint whose logins ignore case (the server's
// --username-ignore-case). Letters are lowered rune by rune, by
// unicode.ToLower, as strings.ToLower does; invalid UTF-8 is kept byte
// for byte.
func AppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, c)
		} else {
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += size
	}
	return dst
}

package oauthratelimit

import (
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// username returns the user of a password grant for username: as
// Config.NormalizeUsername maps it, or as sent. The mapping is handed the
// free end of st.scratch as dst, so that it need not allocate and cannot
// reach the bytes of the request's other strings before it; what it
// returns is the user, whole, kept in st.scratch (copied there if the
// mapping answered in a buffer of its own, or elsewhere in dst), so that
// the result views a buffer of st, as the request's other strings do: the
// cache copies a key it keeps. Before, a mapping that answered in a buffer
// of its own ([]byte(strings.ToLower(u))) had its answer cut at dst's
// length: three users counted as one (h7-review).
func (l *Limiter) username(st *reqState, u string) string {
	f := l.cfg.NormalizeUsername
	if f == nil || u == "" {
		return u
	}
	start := len(st.scratch)
	out := f(st.scratch[start:], u)
	if len(out) == 0 || len(out) > MaxIdentityLen {
		// The username as sent, still limited per user, and said (at
		// most once per DryRunLogInterval) so that a broken mapping is
		// noticed.
		if l.warnThrottle.allow("NormalizeUsername", l.cfg.Now()) {
			l.log.Warn("NormalizeUsername appended no user, or one longer than MaxIdentityLen: the username counts as sent", "appended", len(out), "max", MaxIdentityLen)
		}
		return u
	}
	if start < cap(st.scratch) && unsafe.SliceData(out) == unsafe.SliceData(st.scratch[start:start+1]) {
		st.scratch = st.scratch[:start+len(out)] // appended in place
	} else {
		st.scratch = append(st.scratch, out...) // memmove: out may overlap the free end
	}
	n := st.scratch[start:]
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

package tokenrequest

import "encoding/base64"

// b64Bad marks a byte outside the standard base64 alphabet in b64Std: a
// bit that, shifted by any of the four places of a quantum (18, 12, 6 or
// 0 bits), lands above the 24 bits a quantum decodes to.
const b64Bad = 1 << 40

// b64Std maps each byte of the standard base64 alphabet to its 6 bits, and
// every other byte ('=' included) to b64Bad.
var b64Std = func() (t [256]uint64) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range t {
		t[i] = b64Bad
	}
	for i := range len(alphabet) {
		t[alphabet[i]] = uint64(i)
	}
	return t
}()

// decodeBasic decodes the base64 credentials of an Authorization: Basic
// header into dst, which has room for base64.StdEncoding.DecodedLen(len(src))
// bytes, and returns their length, as base64.StdEncoding.Decode does.
//
// Credentials in the form every client sends them (standard alphabet,
// padded, nothing else) are decoded here, a quantum of four characters at
// a time with one table read per character and one test of the whole
// string at the end: on a 32-character header encoding/base64 spends about
// 540 instructions (its 8-byte path needs 8 characters of input past the
// quantum it decodes, and the last ones go byte by byte), this loop about
// 310 (W and R3, cachegrind). Anything else, an error included, is left to encoding/base64, so
// the result and the errors are its own (FuzzDecodeBasic).
func decodeBasic(dst []byte, src string) (int, error) {
	if len(src) == 0 || len(src)%4 != 0 {
		return base64.StdEncoding.Decode(dst, stringBytes(src))
	}
	dst = dst[:len(src)/4*3]
	// Every quantum but the last. acc gathers the quanta: a
	// character outside the alphabet sets a bit above the low 24, found
	// after the loop, and the fallback decodes src again from the start.
	n := 0
	var acc uint64
	for s := src; len(s) > 4; s = s[4:] {
		v := b64Std[s[0]]<<18 | b64Std[s[1]]<<12 | b64Std[s[2]]<<6 | b64Std[s[3]]
		acc |= v
		_ = dst[n+2]
		dst[n], dst[n+1], dst[n+2] = byte(v>>16), byte(v>>8), byte(v)
		n += 3
	}
	if acc>>24 != 0 {
		return base64.StdEncoding.Decode(dst, stringBytes(src))
	}
	// The last quantum: "xxxx", "xxx=" or "xx==". The bits a padded
	// quantum leaves over are ignored, as encoding/base64 does (it is not
	// Strict).
	q := src[len(src)-4:]
	a, b, c, d := b64Std[q[0]], b64Std[q[1]], b64Std[q[2]], b64Std[q[3]]
	switch {
	case (a|b|c|d)&b64Bad == 0:
		v := a<<18 | b<<12 | c<<6 | d
		_ = dst[n+2]
		dst[n], dst[n+1], dst[n+2] = byte(v>>16), byte(v>>8), byte(v)
		return n + 3, nil
	case (a|b|c)&b64Bad == 0 && q[3] == '=':
		v := a<<18 | b<<12 | c<<6
		_ = dst[n+1]
		dst[n], dst[n+1] = byte(v>>16), byte(v>>8)
		return n + 2, nil
	case (a|b)&b64Bad == 0 && q[2] == '=' && q[3] == '=':
		v := a<<18 | b<<12
		dst[n] = byte(v >> 16)
		return n + 1, nil
	}
	return base64.StdEncoding.Decode(dst, stringBytes(src))
}

package tokenrequest

import (
	"encoding/base64"
	"encoding/binary"
)

// b64Std maps each byte of the standard base64 alphabet to its 6 bits, and
// every other byte ('=' included) to 0xff.
var b64Std = func() (t [256]byte) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := range t {
		t[i] = 0xff
	}
	for i := range len(alphabet) {
		t[alphabet[i]] = byte(i)
	}
	return t
}()

// decodeBasic decodes the base64 credentials of an Authorization: Basic
// header into dst, which has room for base64.StdEncoding.DecodedLen(len(src))
// bytes, and returns their length, as base64.StdEncoding.Decode does.
//
// Credentials in the form every client sends them (standard alphabet,
// padded, nothing else) are decoded here, a quantum of four characters at
// a time with one table read per character: on a 32-character header
// encoding/base64 spends about 540 instructions (its 8-byte path needs 8
// characters of input past the quantum it decodes, and the last ones go
// byte by byte), this loop under 200. Anything else, an error included, is
// left to encoding/base64, so the result and the errors are its own
// (FuzzDecodeBasic).
func decodeBasic(dst []byte, src string) (int, error) {
	if len(src) == 0 || len(src)%4 != 0 {
		return base64.StdEncoding.Decode(dst, stringBytes(src))
	}
	dst = dst[:len(src)/4*3]
	// Every quantum but the last, as 4 bytes stored at once (the fourth is
	// overwritten by the next quantum). acc gathers the table's answers:
	// a character outside the alphabet (0xff) is found after the loop, and
	// the fallback decodes src again from the start.
	n := 0
	var acc byte
	for s := src; len(s) > 4; s = s[4:] {
		a, b, c, d := b64Std[s[0]], b64Std[s[1]], b64Std[s[2]], b64Std[s[3]]
		acc |= a | b | c | d
		binary.BigEndian.PutUint32(dst[n:], uint32(a)<<26|uint32(b)<<20|uint32(c)<<14|uint32(d)<<8)
		n += 3
	}
	if acc&0xc0 != 0 {
		return base64.StdEncoding.Decode(dst, stringBytes(src))
	}
	// The last quantum: "xxxx", "xxx=" or "xx==". The bits a padded
	// quantum leaves over are ignored, as encoding/base64 does (it is not
	// Strict).
	q := src[len(src)-4:]
	a, b, c, d := b64Std[q[0]], b64Std[q[1]], b64Std[q[2]], b64Std[q[3]]
	switch {
	case (a|b|c|d)&0xc0 == 0:
		v := uint(a)<<18 | uint(b)<<12 | uint(c)<<6 | uint(d)
		_ = dst[n+2]
		dst[n], dst[n+1], dst[n+2] = byte(v>>16), byte(v>>8), byte(v)
		return n + 3, nil
	case (a|b|c)&0xc0 == 0 && q[3] == '=':
		v := uint(a)<<18 | uint(b)<<12 | uint(c)<<6
		_ = dst[n+1]
		dst[n], dst[n+1] = byte(v>>16), byte(v>>8)
		return n + 2, nil
	case (a|b)&0xc0 == 0 && q[2] == '=' && q[3] == '=':
		v := uint(a)<<18 | uint(b)<<12
		dst[n] = byte(v >> 16)
		return n + 1, nil
	}
	return base64.StdEncoding.Decode(dst, stringBytes(src))
}

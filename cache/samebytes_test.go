package cache

import (
	"strings"
	"testing"
	"unsafe"
)

// TestSameBytes compares sameBytes, and lookupWords' comparisons sameLong
// (8 bytes and more) and sameSmall (1 to 7), with the string comparison
// they stand in for, for every length up to 48 and every offset into a
// buffer (their loads start at any byte): equal bytes, and a difference at
// each position in turn. The second operand views a reused buffer that is
// overwritten after each call, as a request's key does. (Under the keyed
// hash a differing key reaches lookupWords' comparison only when it meets
// the held key in home slot and tag, TestGetTellsCollidingKeysApart; here
// every position does.)
func TestSameBytes(t *testing.T) {
	const maxLen = 48
	src := strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP", 2)
	buf := make([]byte, 2*maxLen+8)
	for n := 0; n <= maxLen; n++ {
		for off := range 8 {
			a := src[off : off+n]
			for diff := -1; diff < n; diff++ { // -1: none
				copy(buf[off:], a)
				if diff >= 0 {
					buf[off+diff] ^= 0x20
				}
				b := unsafe.String(unsafe.SliceData(buf[off:]), n)
				want := diff < 0
				if a == b != want {
					t.Fatalf("the test's strings: %q == %q is %v, want %v", a, b, a == b, want)
				}
				if got := sameBytes(a, b); got != want {
					t.Fatalf("sameBytes(%q, %q) = %v, want %v (length %d, offset %d)", a, b, got, want, n, off)
				}
				if pa, pb := unsafe.Pointer(unsafe.StringData(a)), unsafe.Pointer(unsafe.StringData(b)); n >= 8 {
					if x := sameLong(pa, pb, n); (x == 0) != want {
						t.Fatalf("sameLong(%q, %q) = %#x, want equal %v (length %d, offset %d)", a, b, x, want, n, off)
					}
				} else if n > 0 {
					if x := sameSmall(pa, pb, n); (x == 0) != want {
						t.Fatalf("sameSmall(%q, %q) = %#x, want equal %v (length %d, offset %d)", a, b, x, want, n, off)
					}
				}
				for i := range buf {
					buf[i] = '#'
				}
			}
		}
	}
}

// FuzzSameBytes checks sameBytes against the string comparison for any two
// strings of one length.
func FuzzSameBytes(f *testing.F) {
	f.Add("client-0000001", "client-0000001")
	f.Add("client-0000001", "client-0000002")
	f.Add("a", "b")
	f.Add("", "")
	f.Add(strings.Repeat("x", 33), strings.Repeat("x", 32)+"y")
	f.Fuzz(func(t *testing.T, a, b string) {
		n := min(len(a), len(b))
		a, b = a[:n], b[:n]
		if got, want := sameBytes(a, b), a == b; got != want {
			t.Fatalf("sameBytes(%q, %q) = %v, want %v", a, b, got, want)
		}
		if !sameBytes(a, strings.Clone(a)) {
			t.Fatalf("sameBytes(%q, its copy) = false", a)
		}
	})
}

// TestHasKey compares hasKey with comparing both parts as strings, for
// every pair of part lengths up to 40 bytes (so both of its ways: two words
// a part for 8 to 16 bytes, with or without a user, and sameBytes
// otherwise), with probeKeys's probes.
func TestHasKey(t *testing.T) {
	const maxLen = 40
	src := strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP", 2)
	for n := 0; n <= maxLen; n++ {
		for m := 0; m <= maxLen; m++ {
			k := Key{ClientID: src[:n], User: src[n : n+m]}
			e := newEntry(k, 0, false)
			probeKeys(k, func(probe Key, same bool) {
				if got := e.hasKey(probe); got != same {
					t.Fatalf("entry of %q/%q: hasKey(%q/%q) = %v, want %v", k.ClientID, k.User, probe.ClientID, probe.User, got, same)
				}
			})
		}
	}
}

// probeKeys calls check with probes of k and whether each holds k's bytes
// split as k's are: probes whose parts view two reused buffers at several
// offsets, overwritten after each call, as a request's do, with k's bytes,
// then differing from them at each byte in turn; then k's bytes split one
// byte off either way.
func probeKeys(k Key, check func(probe Key, same bool)) {
	n, m := len(k.ClientID), len(k.User)
	cbuf, ubuf := make([]byte, n+8), make([]byte, m+8)
	view := func(b []byte, off, n int) string { return unsafe.String(unsafe.SliceData(b[off:]), n) }
	for _, off := range []int{0, 3, 7} {
		for diff := -1; diff < n+m; diff++ { // -1: none
			copy(cbuf[off:], k.ClientID)
			copy(ubuf[off:], k.User)
			switch {
			case diff >= n:
				ubuf[off+diff-n] ^= 0x20
			case diff >= 0:
				cbuf[off+diff] ^= 0x20
			}
			check(Key{ClientID: view(cbuf, off, n), User: view(ubuf, off, m)}, diff < 0)
			for i := range cbuf {
				cbuf[i] = '#'
			}
			for i := range ubuf {
				ubuf[i] = '#'
			}
		}
	}
	joined := k.ClientID + k.User
	for _, split := range []int{n - 1, n + 1} {
		if split >= 0 && split <= n+m {
			check(Key{ClientID: joined[:split], User: joined[split:]}, false)
		}
	}
}

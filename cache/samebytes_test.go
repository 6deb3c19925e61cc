package cache

import (
	"strings"
	"testing"
	"unsafe"
)

// TestSameBytes compares sameBytes with the string comparison it stands in
// for, for every length up to 40 and every offset into a buffer (its loads
// start at any byte): equal bytes, and a difference at each position in
// turn. The second operand views a reused buffer that is overwritten after
// each call, as a request's key does.
func TestSameBytes(t *testing.T) {
	const maxLen = 40
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

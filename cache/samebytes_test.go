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

// TestHasKey compares hasKey with comparing both parts as strings, for
// every pair of part lengths up to 40 bytes (so both of its ways: two words
// a part for 8 to 16 bytes, with or without a user, and sameBytes
// otherwise): the probe's parts view two reused buffers at several offsets
// and are overwritten after each call, as a request's do, and differ from
// the entry's key at each byte in turn, or have the same bytes split one
// byte off.
func TestHasKey(t *testing.T) {
	const maxLen = 40
	src := strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP", 2)
	cbuf, ubuf := make([]byte, maxLen+8), make([]byte, maxLen+8)
	view := func(b []byte, off, n int) string { return unsafe.String(unsafe.SliceData(b[off:]), n) }
	for n := 0; n <= maxLen; n++ {
		for m := 0; m <= maxLen; m++ {
			k := Key{ClientID: src[:n], User: src[n : n+m]}
			e := newEntry(k, 0, false)
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
					probe := Key{ClientID: view(cbuf, off, n), User: view(ubuf, off, m)}
					if got, want := e.hasKey(probe), diff < 0; got != want {
						t.Fatalf("entry of %q/%q: hasKey(%q/%q) = %v, want %v", k.ClientID, k.User, probe.ClientID, probe.User, got, want)
					}
					for i := range cbuf {
						cbuf[i], ubuf[i] = '#', '#'
					}
				}
			}
			for _, split := range []int{n - 1, n + 1} {
				if split < 0 || split > n+m {
					continue
				}
				probe := Key{ClientID: src[:split], User: src[split : n+m]}
				if e.hasKey(probe) {
					t.Fatalf("entry of %q/%q: hasKey(%q/%q) = true, want false (the same bytes split elsewhere)", k.ClientID, k.User, probe.ClientID, probe.User)
				}
			}
		}
	}
}

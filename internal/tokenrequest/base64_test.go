package tokenrequest

import (
	"bytes"
	"encoding/base64"
	"testing"
)

// FuzzDecodeBasic checks decodeBasic against encoding/base64's StdEncoding,
// whose decoder it stands in for: the same length, the same bytes, the
// same error, for any input.
func FuzzDecodeBasic(f *testing.F) {
	for _, s := range []string{
		"", "Og==", "YTpz", "YTpzcw==", "YTpzcz0=", "ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0",
		"YTpz\r\nYTpz", "YT==", "YTp=", "YR==", "YTq=", "Y===", "====", "YTpz====", "YT=z", "YTpzY",
		"YTp!", "!Tpz", "YTpzYTp", "-_-_", "YTpz\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		n := base64.StdEncoding.DecodedLen(len(src))
		got, want := make([]byte, n), make([]byte, n)
		gn, gerr := decodeBasic(got, src)
		wn, werr := base64.StdEncoding.Decode(want, []byte(src))
		if gn != wn || gerr != werr {
			t.Fatalf("decodeBasic(%q) = %d, %v; encoding/base64: %d, %v", src, gn, gerr, wn, werr)
		}
		if werr == nil && !bytes.Equal(got[:gn], want[:wn]) {
			t.Fatalf("decodeBasic(%q) = %q; encoding/base64: %q", src, got[:gn], want[:wn])
		}
	})
}

// TestBase64Table checks decodeBasic's table against encoding/base64 for
// each byte: the 6 bits it decodes to in the first place of a quantum, or
// b64Bad when encoding/base64 refuses it there. FuzzDecodeBasic cannot see
// an entry wrongly b64Bad: the fallback to encoding/base64 would still
// answer right, only slower.
func TestBase64Table(t *testing.T) {
	for c := range 256 {
		var dst [3]byte
		_, err := base64.StdEncoding.Decode(dst[:], []byte{byte(c), 'A', 'A', 'A'})
		want := uint64(dst[0] >> 2)
		if err != nil {
			want = b64Bad
		}
		if got := b64Std[c]; got != want {
			t.Errorf("b64Std[%q] = %#x; encoding/base64 decodes it as %#x (%#x: refused)", byte(c), got, want, uint64(b64Bad))
		}
	}
}

// TestDecodeBasicRefusesEveryPlace checks that a byte outside the alphabet
// is refused in each of the four places of a quantum that is not the last
// (those go through the loop, which checks them all at once at its end),
// with encoding/base64's error.
func TestDecodeBasicRefusesEveryPlace(t *testing.T) {
	for c := range 256 {
		if b64Std[c] != b64Bad {
			continue
		}
		for place := range 4 {
			src := []byte("QUJDQUJDQUJD")
			src[place] = byte(c)
			dst := make([]byte, base64.StdEncoding.DecodedLen(len(src)))
			_, err := decodeBasic(dst, string(src))
			_, want := base64.StdEncoding.Decode(dst, src)
			if err != want {
				t.Errorf("decodeBasic(%q) = error %v; encoding/base64: %v", src, err, want)
			}
		}
	}
}

package oauthratelimit

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendLower(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"alice", "alice"},
		{"Alice@Example.COM", "alice@example.com"},
		{"ÉLODIE", "élodie"},
		{"ΣΊΣΥΦΟΣ", "σίσυφοσ"},   // as strings.ToLower: no final sigma
		{"İstanbul", "istanbul"}, // as strings.ToLower: one rune for one
		{"a\xffB", "a\xffb"},     // invalid UTF-8 kept byte for byte
		{"AZ@[az]", "az@[az]"},   // the ends of A-Z, and the bytes just past them
		{"a\uFFFDB", "a\uFFFDb"}, // U+FFFD itself, valid: kept whole
	} {
		if got := string(AppendLower([]byte("kept:"), tc.in)); got != "kept:"+tc.want {
			t.Errorf("AppendLower(%q) = %q, want %q", tc.in, got, "kept:"+tc.want)
		}
	}
	dst := make([]byte, 0, 64)
	if allocs := testing.AllocsPerRun(100, func() { dst = AppendLower(dst[:0], "Alice@Example.COM") }); allocs != 0 {
		t.Errorf("AppendLower with room in dst: %v allocations, want 0", allocs)
	}
}

// FuzzAppendLower: on valid UTF-8, AppendLower lowers as strings.ToLower
// does, after what dst held.
func FuzzAppendLower(f *testing.F) {
	for _, s := range []string{"Alice", "ÉLODIE", "ΣΊΣΥΦΟΣ", "İ", "ß", "K", "AZ@[", "\uFFFD"} {
		f.Add("x", s)
	}
	f.Fuzz(func(t *testing.T, prefix, s string) {
		got := string(AppendLower([]byte(prefix), s))
		if !strings.HasPrefix(got, prefix) {
			t.Fatalf("AppendLower(%q, %q) = %q: dst not kept", prefix, s, got)
		}
		if utf8.ValidString(s) {
			if want := strings.ToLower(s); got[len(prefix):] != want {
				t.Fatalf("AppendLower(%q) = %q, strings.ToLower %q", s, got[len(prefix):], want)
			}
		}
	})
}

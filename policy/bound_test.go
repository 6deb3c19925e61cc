package policy

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestParseBounded feeds Parse the largest inputs of the shapes that cost it
// the most per byte and checks that memory stays linear in the input: under
// 128 bytes allocated per input byte, i.e. 128 MiB for a 1 MiB file.
func TestParseBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates about 100 MiB per case")
	}
	clients := func() string {
		var b strings.Builder
		b.WriteString("clients:\n")
		for i := 0; b.Len() < MaxFileSize-20; i++ {
			b.WriteString("  c" + strconv.Itoa(i) + ":\n")
		}
		return b.String()
	}
	tests := []struct {
		name string
		in   string
	}{
		{"empty list items", "a:\n" + strings.Repeat("-\n", MaxFileSize/2-4)},
		{"scalar list items", "a:\n" + strings.Repeat("- a\n", MaxFileSize/4-4)},
		{"nested inline items", strings.Repeat("- - - - - - - - - - - - x\n", MaxFileSize/26)},
		{"many keys", manyKeys()},
		{"many clients", clients()},
		{"escapes", "a: \"" + strings.Repeat(`\u00e9`, MaxFileSize/6-2) + "\""},
		{"deep nesting", deepItems()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.in) > MaxFileSize {
				t.Fatalf("input of %d bytes is over the cap", len(tt.in))
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := Parse("big.yaml", []byte(tt.in))
			runtime.ReadMemStats(&after)
			perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(tt.in))
			t.Logf("%d bytes: %.0f bytes allocated per input byte; err: %v", len(tt.in), perByte, err)
			if perByte > 128 {
				t.Errorf("%.0f bytes allocated per input byte, want at most 128", perByte)
			}
		})
	}
}

// manyKeys returns a mapping with as many distinct short keys as fit in the cap.
func manyKeys() string {
	var b strings.Builder
	for i := 0; b.Len() < MaxFileSize-20; i++ {
		b.WriteString(strconv.Itoa(i) + ": v\n")
	}
	return b.String()
}

// deepItems returns a list of mappings nested as deep as the parser allows.
func deepItems() string {
	item := "-\n" + strings.ReplaceAll(deepMap(maxDepth-2), "k:", "  k:")
	item = strings.Replace(item, "v: 1", "  v: 1", 1)
	return strings.Repeat(item, MaxFileSize/len(item))
}

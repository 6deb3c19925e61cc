package policy

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestParseBounded feeds Parse inputs that aliases and merge keys multiply,
// and the largest files of the densest shapes, and checks that each is
// decoded or refused with the bound's error, within a bounded memory.
func TestParseBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("parses several 1 MiB files")
	}
	// Ten mappings, each merging the one before ten times: 10^9 entries if
	// every merge were expanded anew, ten clients in fact.
	merges := "clients:\n  c0: &l0 {trusted: true}\n"
	for i := 1; i < 10; i++ {
		merges += fmt.Sprintf("  c%d: &l%d {<<: [%s*l%d]}\n", i, i, strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 9), i-1)
	}
	// One full override used by every client of a 1 MiB file: about 40
	// values for each of 100,000 aliases.
	var wide strings.Builder
	wide.WriteString("clients:\n  c: &o {mode: enforce, trusted: true, " +
		"client: [{limit: 1, window: 1s}, {limit: 2, window: 2s}, {limit: 3, window: 3s}, {limit: 4, window: 4s}], " +
		"user: [{limit: 1, window: 1s}, {limit: 2, window: 2s}, {limit: 3, window: 3s}, {limit: 4, window: 4s}], " +
		"costs: {password: 2, other: 3}}\n")
	for i := 0; wide.Len() < MaxFileSize-20; i++ {
		fmt.Fprintf(&wide, "  c%d: *o\n", i)
	}
	// The most values a file of MaxFileSize bytes can hold, and the most
	// clients with a tier each.
	flat := "clients: [" + strings.Repeat("1,", MaxFileSize/2-10) + "1]\n"
	var many strings.Builder
	many.WriteString("clients:\n")
	for i := 0; many.Len() < MaxFileSize-40; i++ {
		fmt.Fprintf(&many, "  c%d: {client: [{limit: 1, window: 1s}]}\n", i)
	}
	tests := []struct {
		name, in string
		err      string // part of the error; "" if accepted
	}{
		{"nested merges", merges, ""},
		{"one override aliased by every client", wide.String(), "aliases and merge keys expand the file to more than 1048576 values"},
		{"a list of 2-byte values", flat, "got a list; want a mapping"},
		{"many clients", many.String(), ""},
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
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes: %d MiB allocated; err: %.200v", len(tt.in), alloc>>20, err)
			var pe *Error
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (!errors.As(err, &pe) || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want one containing %q", err, tt.err)
			}
			// The library's node tree is about 120 bytes per input byte;
			// the decoder adds at most as much again.
			if alloc > 300<<20 {
				t.Errorf("%d MiB allocated, want at most 300", alloc>>20)
			}
		})
	}
}

// TestParseRefusesOversizedCheaply: a file over MaxFileSize is refused on
// its size before anything else reads it. Counting its lines first (for
// the line numbers of errors it never gets) split it into a string per
// line: 16 MiB of line breaks allocated 1.5 GiB before the refusal.
func TestParseRefusesOversizedCheaply(t *testing.T) {
	data := bytes.Repeat([]byte("\n"), 16<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse("big.yaml", data)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "a policy file may have at most 1048576 bytes") {
		t.Fatalf("Parse of %d bytes: %v, want the size refused", len(data), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing %d bytes allocated %d KiB, want at most 1 MiB", len(data), alloc>>10)
	}
}

// TestLoadOversizedNamesItsSize: Load reads one byte past MaxFileSize and
// no more, so the refusal of a larger file must not give the size of what
// it read as the file's: a 7.7 MB policy of 100,000 clients was refused as
// "1048577 bytes" (an outside audit).
func TestLoadOversizedNamesItsSize(t *testing.T) {
	for _, size := range []int{MaxFileSize + 1, MaxFileSize + 2, 3 * MaxFileSize} {
		f := filepath.Join(t.TempDir(), "big.yaml")
		data := append([]byte("mode: enforce\n"), bytes.Repeat([]byte("#"), size-15)...)
		data = append(data, '\n')
		if err := os.WriteFile(f, data, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(f)
		want := fmt.Sprintf("%s: %d bytes; a policy file may have at most 1048576 bytes (1 MiB)", f, size)
		if err == nil || err.Error() != want {
			t.Errorf("Load of %d bytes: %v, want %q", size, err, want)
		}
		got, err := ReadFile(f)
		if err == nil || err.Error() != want || got != nil {
			t.Errorf("ReadFile of %d bytes: %d bytes, %v, want nothing and %q", size, len(got), err, want)
		}
	}
	f := filepath.Join(t.TempDir(), "ok.yaml")
	if err := os.WriteFile(f, []byte("mode: dry-run\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFile(f); err != nil || string(got) != "mode: dry-run\n" {
		t.Errorf("ReadFile of a small file: %q, %v", got, err)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "missing.yaml")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: %v, want os.ErrNotExist", err)
	}
}

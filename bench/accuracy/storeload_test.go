package accuracy

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// runLoadOne runs c in a bubble of its own.
func runLoadOne(t *testing.T, c LoadConfig) LoadResult {
	t.Helper()
	var r LoadResult
	synctest.Test(t, func(t *testing.T) {
		var err error
		if r, err = RunLoad(c); err != nil {
			t.Fatal(err)
		}
	})
	return r
}

// TestStoreLoadFollowsUse holds the store's reads to the keys in use and
// near their limit: ten times as many cold keys in use (each asked twice a
// minute) add reads in proportion to their requests, not to the keys held.
// Each cold request lands on an instance drawn at random, whose copy is
// stale: it costs a write, a read at the next pull, and often a read and a
// write more when the write meets the store's newer version (about 1.7
// reads per request measured); the rest is the hot keys, read at every
// pull and at adaptive sync's ticks. Before reads followed use, every instance
// read every key it had used within a minute at every pull: 1000 keys
// gave 2 × 1000 / 3 ≈ 667 reads per instance per second, and the figure
// grew with the keys held.
func TestStoreLoadFollowsUse(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: two simulated runs of 2 minutes")
	}
	small := runLoadOne(t, LoadConfig{Keys: 100, Seed: 1})
	large := runLoadOne(t, LoadConfig{Keys: 1000, Seed: 1})
	for _, r := range []LoadResult{small, large} {
		coldReqPerInstSec := float64(r.Config.Keys) / r.Config.KeyPeriod.Seconds() / float64(r.Config.Instances)
		// A hot key's document is read by every instance at every pull
		// and at adaptive sync's two ticks a second between, unless the
		// instance just wrote it.
		hot := float64(r.Config.HotKeys)
		if bound := 2*coldReqPerInstSec + 3*hot + 5; r.ReadsPerInstanceSec > bound {
			t.Errorf("%d cold keys: %.1f documents read per instance per second, want ≤ %.1f (2 per cold request + 3 per hot key)", r.Config.Keys, r.ReadsPerInstanceSec, bound)
		}
		if r.HotOverLimit > 1.15 || r.HotOverLimit < 1 {
			t.Errorf("%d cold keys: hot key admitted %.3f × its limit in its worst minute, want 1 to 1.15", r.Config.Keys, r.HotOverLimit)
		}
	}
	t.Logf("reads per instance per second: %.1f at 100 cold keys, %.1f at 1000", small.ReadsPerInstanceSec, large.ReadsPerInstanceSec)
}

// TestStoreLoadTable prints the store's load against the keys in use
// (10k, 100k, 1M cold keys, 10 hot keys, 3 instances), for ColdPullEvery
// 1 (the default) and 5. It takes minutes: run it with
//
//	STORELOAD=1 go test -run TestStoreLoadTable -v -timeout 60m ./accuracy/
//
// from bench/; -update writes results/storeload.md.
func TestStoreLoadTable(t *testing.T) {
	if os.Getenv("STORELOAD") == "" {
		t.Skip("STORELOAD unset: the table takes minutes")
	}
	keys := []int{10_000, 100_000, 1_000_000}
	if s := os.Getenv("STORELOAD_KEYS"); s != "" {
		keys = nil
		for _, f := range strings.Split(s, ",") {
			var k int
			if _, err := fmt.Sscan(f, &k); err != nil {
				t.Fatalf("STORELOAD_KEYS=%q: want numbers separated by commas", s)
			}
			keys = append(keys, k)
		}
	}
	var md strings.Builder
	md.WriteString("| cold keys in use | ColdPullEvery | requests/s | store calls/inst/s | docs read/inst/s | docs written/inst/s | hot key worst minute ÷ limit | wall time |\n|---|---|---|---|---|---|---|---|\n")
	for _, k := range keys {
		for _, every := range []int{1, 5} {
			begin := time.Now()
			r := runLoadOne(t, LoadConfig{Keys: k, ColdPullEvery: every, Seed: 1})
			line := fmt.Sprintf("| %d | %d | %.0f | %.1f | %.0f | %.0f | %.3f | %v |\n", k, every,
				float64(r.Requests)/r.Config.Measure.Seconds(), r.CallsPerInstanceSec, r.ReadsPerInstanceSec, r.WritesPerInstanceSec, r.HotOverLimit, time.Since(begin).Round(time.Second))
			t.Log(line)
			md.WriteString(line)
		}
	}
	t.Logf("\n%s", md.String())
	if *update {
		if err := os.WriteFile(filepath.Join("results", "storeload.md"), []byte(md.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

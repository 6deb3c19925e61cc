package storetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// RunOverrides runs the cases of a syncer.OverrideStore against the stores
// newStore returns (each subtest a new, empty store); a store that shares
// no overrides fails: MemoryStore and mongostore.Store both must.
func RunOverrides(t *testing.T, newStore func(t *testing.T) syncer.Store) {
	cases := []struct {
		name string
		f    func(t *testing.T, s syncer.OverrideStore)
	}{
		{"Empty", testOverridesEmpty},
		{"PutLoadDelete", testOverridesPutLoadDelete},
		{"LastWriterWins", testOverridesLastWriterWins},
		{"GlobalAndAwkwardClients", testOverridesAwkward},
		{"InvalidRefused", testOverridesInvalid},
		{"SweepKeepsThem", testOverridesSweep},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			ost, ok := s.(syncer.OverrideStore)
			if !ok {
				t.Fatalf("%T is not a syncer.OverrideStore", s)
			}
			c.f(t, ost)
		})
	}
}

// override returns a valid override of client with the given spec and
// version, at the suite's clock (milliseconds: mongostore keeps those).
func override(client, spec string, version int64) syncer.Override {
	return syncer.Override{
		Client:  client,
		Spec:    []byte(spec),
		Version: version,
		Updated: now.Add(time.Duration(version) * time.Millisecond),
		By:      "instance-a",
	}
}

func loadOverrides(t *testing.T, s syncer.OverrideStore) []syncer.Override {
	t.Helper()
	got, err := s.LoadOverrides(ctx(t))
	if err != nil {
		t.Fatalf("LoadOverrides: %v", err)
	}
	return got
}

// checkOverrides compares two sets field by field; a stored spec may be
// re-encoded, so specs are compared as compacted JSON.
func checkOverrides(t *testing.T, what string, got, want []syncer.Override) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d overrides %v, want %d %v", what, len(got), clients(got), len(want), clients(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Client != w.Client || g.Version != w.Version || g.By != w.By || !g.Updated.Equal(w.Updated) || !sameJSON(g.Spec, w.Spec) {
			t.Errorf("%s: override %d = {%q %s v%d %v %s}, want {%q %s v%d %v %s}", what, i,
				g.Client, g.Spec, g.Version, g.Updated, g.By, w.Client, w.Spec, w.Version, w.Updated, w.By)
		}
	}
}

func clients(ovs []syncer.Override) []string {
	out := make([]string, len(ovs))
	for i, o := range ovs {
		out[i] = fmt.Sprintf("%q", o.Client)
	}
	return out
}

func sameJSON(a, b []byte) bool {
	var x, y bytes.Buffer
	if err := json.Compact(&x, a); err != nil {
		return false
	}
	if err := json.Compact(&y, b); err != nil {
		return false
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

func testOverridesEmpty(t *testing.T, s syncer.OverrideStore) {
	if got := loadOverrides(t, s); len(got) != 0 {
		t.Errorf("a new store has overrides %v", clients(got))
	}
	found, err := s.DeleteOverride(ctx(t), "nobody")
	if err != nil || found {
		t.Errorf("DeleteOverride of none: %v, %v; want false, nil", found, err)
	}
}

func testOverridesPutLoadDelete(t *testing.T, s syncer.OverrideStore) {
	b := override("b-client", `{"mode":"dry-run"}`, 5)
	a := override("a-client", `{"trusted":true,"client":[{"limit":60,"window":"1m"}]}`, 7)
	for _, o := range []syncer.Override{b, a} {
		if err := s.PutOverride(ctx(t), o); err != nil {
			t.Fatalf("PutOverride %q: %v", o.Client, err)
		}
	}
	checkOverrides(t, "after two puts (ordered by client)", loadOverrides(t, s), []syncer.Override{a, b})
	found, err := s.DeleteOverride(ctx(t), "a-client")
	if err != nil || !found {
		t.Fatalf("DeleteOverride: %v, %v; want true, nil", found, err)
	}
	checkOverrides(t, "after the delete", loadOverrides(t, s), []syncer.Override{b})
	if found, err := s.DeleteOverride(ctx(t), "a-client"); err != nil || found {
		t.Errorf("DeleteOverride again: %v, %v; want false, nil", found, err)
	}
}

func testOverridesLastWriterWins(t *testing.T, s syncer.OverrideStore) {
	first := override("app", `{"mode":"dry-run"}`, 10)
	if err := s.PutOverride(ctx(t), first); err != nil {
		t.Fatal(err)
	}
	// A write with a lower version still replaces it: last writer wins,
	// the version only tells writes apart.
	second := override("app", `{"mode":"enforce"}`, 3)
	second.By = "instance-b"
	if err := s.PutOverride(ctx(t), second); err != nil {
		t.Fatal(err)
	}
	checkOverrides(t, "after the second write", loadOverrides(t, s), []syncer.Override{second})
}

// testOverridesAwkward: the global entry (empty client) and client IDs with
// characters a server could read as paths or operators are stored as they
// are and kept apart.
func testOverridesAwkward(t *testing.T, s syncer.OverrideStore) {
	names := []string{syncer.GlobalOverride, "a.b", "$where", "with space", "ünïcödé", "a/b%2F", strings.Repeat("x", syncer.MaxOverrideClientLen)}
	var want []syncer.Override
	for i, n := range names {
		o := override(n, fmt.Sprintf(`{"mode":"dry-run","n":%d}`, i), int64(i+1))
		if err := s.PutOverride(ctx(t), o); err != nil {
			t.Fatalf("PutOverride %q: %v", n, err)
		}
		want = append(want, o)
	}
	slices.SortFunc(want, func(a, b syncer.Override) int { return strings.Compare(a.Client, b.Client) })
	checkOverrides(t, "awkward clients", loadOverrides(t, s), want)
	if found, err := s.DeleteOverride(ctx(t), syncer.GlobalOverride); err != nil || !found {
		t.Fatalf("DeleteOverride of the global entry: %v, %v", found, err)
	}
	checkOverrides(t, "after deleting the global entry", loadOverrides(t, s), want[1:])
}

func testOverridesInvalid(t *testing.T, s syncer.OverrideStore) {
	good := override("app", `{"mode":"dry-run"}`, 1)
	cases := []struct {
		name string
		edit func(o *syncer.Override)
	}{
		{"empty spec", func(o *syncer.Override) { o.Spec = nil }},
		{"spec not JSON", func(o *syncer.Override) { o.Spec = []byte("mode: dry-run") }},
		{"spec too large", func(o *syncer.Override) {
			o.Spec = []byte(`"` + strings.Repeat("x", syncer.MaxOverrideSpec) + `"`)
		}},
		{"client too long", func(o *syncer.Override) { o.Client = strings.Repeat("x", syncer.MaxOverrideClientLen+1) }},
		{"client with NUL", func(o *syncer.Override) { o.Client = "a\x00b" }},
		{"version 0", func(o *syncer.Override) { o.Version = 0 }},
		{"invalid writer", func(o *syncer.Override) { o.By = "a.b" }},
	}
	for _, c := range cases {
		o := good
		c.edit(&o)
		if err := s.PutOverride(ctx(t), o); err == nil {
			t.Errorf("%s: PutOverride succeeded", c.name)
		}
	}
	if got := loadOverrides(t, s); len(got) != 0 {
		t.Errorf("refused writes left overrides %v", clients(got))
	}
}

// testOverridesSweep: overrides do not expire; a sweep leaves them.
func testOverridesSweep(t *testing.T, s syncer.OverrideStore) {
	o := override("app", `{"mode":"dry-run"}`, 1)
	if err := s.PutOverride(ctx(t), o); err != nil {
		t.Fatal(err)
	}
	if st, ok := s.(syncer.Store); ok {
		if _, err := st.Sweep(ctx(t), now.Add(365*24*time.Hour)); err != nil {
			t.Fatalf("Sweep: %v", err)
		}
	}
	checkOverrides(t, "after a sweep a year on", loadOverrides(t, s), []syncer.Override{o})
}

package oauthratelimit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// instance is one Limiter of a test fleet, running until the test's end.
type instance struct {
	*fixture
	name string
}

// startInstance starts a Limiter named name on store, with the fake clock
// of the synctest bubble; it stops when the bubble's test ends.
func startInstance(t *testing.T, ctx context.Context, wg *sync.WaitGroup, store syncer.Store, name string, mods ...func(*Config)) *instance {
	t.Helper()
	f := newFixture(t, func(c *Config) {
		c.Store, c.Instance, c.Now, c.SyncInterval = store, name, time.Now, time.Second
		for _, mod := range mods {
			mod(c)
		}
	})
	wg.Go(func() { f.lim.Run(ctx) })
	return &instance{fixture: f, name: name}
}

func (in *instance) status(t *testing.T, client string) int {
	t.Helper()
	return in.post("grant_type=client_credentials", "Authorization", basic(client, "s")).Code
}

// TestOverridesAcrossInstances: an override set through one instance is in
// force on another within a pull interval, through a reload of its policy,
// until it is deleted; the shared global mode reaches the other instance;
// a restarted instance has the overrides before it serves; an override the
// instances cannot read is skipped, and the others apply.
func TestOverridesAcrossInstances(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		var wg sync.WaitGroup
		defer wg.Wait()
		defer cancel()
		store := syncer.NewMemoryStore()
		a := startInstance(t, ctx, &wg, store, "a")
		b := startInstance(t, ctx, &wg, store, "b")
		pull := func() { time.Sleep(1100 * time.Millisecond); synctest.Wait() }

		// The defaults give svc 3 a minute; the override 1.
		one := policy.RuntimeOverride{Client: []policy.Tier{{Limit: 1, Size: time.Minute}}}
		st, err := a.lim.PutOverride(ctx, "svc", one)
		if err != nil || !st.Applied() || st.By != "a" || st.Version == 0 {
			t.Fatalf("PutOverride: %+v, %v", st, err)
		}
		if got := a.lim.Policy().For("svc").Client[0].Limit; got != 1 {
			t.Errorf("on a at once: svc limit %d, want 1", got)
		}
		pull()
		if got := []int{b.status(t, "svc"), b.status(t, "svc")}; got[0] != 200 || got[1] != http.StatusTooManyRequests {
			t.Errorf("on b after a pull: svc answered %v, want [200 429] (limit 1)", got)
		}

		// The global mode, shared: b goes dry-run too, and svc (no mode
		// of its own) with it.
		if err := a.lim.SetSharedMode(ctx, policy.ModeDryRun); err != nil {
			t.Fatal(err)
		}
		pull()
		if m := b.lim.Policy().Defaults().Mode; m != policy.ModeDryRun {
			t.Errorf("on b: global mode %v, want dry-run", m)
		}
		if got := b.status(t, "svc"); got != 200 {
			t.Errorf("on b in shared dry-run: svc over its limit answered %d, want 200", got)
		}
		// b's own mode (--mode) does not beat the shared one.
		if err := b.lim.SetMode(policy.ModeEnforce); err != nil {
			t.Fatal(err)
		}
		if m := b.lim.Policy().Defaults().Mode; m != policy.ModeDryRun {
			t.Errorf("on b after SetMode(enforce): global mode %v, want the shared dry-run", m)
		}

		// A reload of b's file keeps the overrides.
		reloaded := testPolicy()
		reloaded.Defaults.Client = []policy.Tier{{Limit: 50, Size: time.Minute}}
		if err := b.lim.SetPolicy(mustPolicy(t, reloaded)); err != nil {
			t.Fatal(err)
		}
		if r := b.lim.Policy().For("svc"); r.Client[0].Limit != 1 || r.Mode != policy.ModeDryRun {
			t.Errorf("on b after a reload: svc %+v, want limit 1 and the shared dry-run", r)
		}
		if got := b.lim.Policy().For("other").Client[0].Limit; got != 50 {
			t.Errorf("on b after a reload: the file's new default %d, want 50", got)
		}

		// Deleted through b, gone on a.
		if err := b.lim.DeleteOverride(ctx, "svc"); err != nil {
			t.Fatal(err)
		}
		if err := b.lim.DeleteOverride(ctx, "svc"); err != ErrNoOverride {
			t.Errorf("second delete: %v, want ErrNoOverride", err)
		}
		pull()
		if a.lim.Policy().Configures("svc") {
			t.Errorf("on a after the delete: svc still has rules of its own %+v", a.lim.Policy().For("svc"))
		}

		// A restart: a new instance has the overrides before it serves
		// (LoadOverrides, before Run's first pull).
		if _, err := a.lim.PutOverride(ctx, "svc", one); err != nil {
			t.Fatal(err)
		}
		c := newFixture(t, func(cfg *Config) { cfg.Store, cfg.Instance, cfg.Now = store, "c", time.Now })
		if err := c.lim.LoadOverrides(ctx); err != nil {
			t.Fatal(err)
		}
		if r := c.lim.Policy().For("svc"); r.Client[0].Limit != 1 || r.Mode != policy.ModeDryRun {
			t.Errorf("restarted instance before its first pull: svc %+v, want limit 1, shared dry-run", r)
		}

		// Overrides the instances cannot read are skipped; the rest apply.
		for _, o := range []syncer.Override{
			{Client: "newer", Spec: []byte(`{"mode":"dry-run","burst":5}`)}, // a field of a later version
			{Client: "bad-mode", Spec: []byte(`{"mode":"sometimes"}`)},      // a value of a later version
			{Client: "too-many-windows", Spec: []byte(`{"client":[{"limit":1,"window":"1s"},{"limit":1,"window":"2s"},{"limit":1,"window":"3s"},{"limit":1,"window":"4s"}],"aggregate":[{"limit":1,"window":"5s"}]}`)}, // cannot compile
			{Client: "bad\x01id", Spec: []byte(`{"trusted":true}`)}, // a client ID no policy accepts
			{Client: "bad\xffid", Spec: []byte(`{"trusted":true}`)}, // nor this one: a metric label is UTF-8
			{Client: "good", Spec: []byte(`{"trusted":true}`)},
		} {
			o.Version, o.Updated, o.By = 1, time.Now(), "z"
			if err := store.PutOverride(ctx, o); err != nil {
				t.Fatal(err)
			}
		}
		pull()
		if !b.lim.Policy().For("good").Trusted || b.lim.Policy().For("svc").Client[0].Limit != 1 {
			t.Errorf("on b: the good overrides are not all in force")
		}
		var skipped []string
		for _, st := range b.lim.Overrides() {
			if !st.Applied() {
				skipped = append(skipped, st.Client)
			}
		}
		if strings.Join(skipped, ",") != "bad\x01id,bad-mode,bad\xffid,newer,too-many-windows" {
			t.Errorf("skipped %q, want bad\\x01id, bad-mode, bad\\xffid, newer, too-many-windows", skipped)
		}
		if got := gaugeValue(t, b.reg, "oauth_ratelimit_policy_overrides", "skipped"); got != 5 {
			t.Errorf("policy_overrides{state=skipped} = %v, want 5", got)
		}
	})
}

// gaugeValue returns the value of a registered gauge vector's child with
// the one label value given.
func gaugeValue(t *testing.T, reg *prometheus.Registry, name, label string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			if mf.GetName() == name && m.GetLabel()[0].GetValue() == label {
				return m.GetGauge().GetValue()
			}
		}
	}
	t.Fatalf("no %s{%s}", name, label)
	return 0
}

// TestMaxOverrides: PutOverride refuses a client past MaxOverrides (a
// client that has one may still change it), and when the store holds more
// anyway (written concurrently), the first MaxOverrides by client ID apply:
// the per-client metric series stay bounded.
func TestMaxOverrides(t *testing.T) {
	store := syncer.NewMemoryStore()
	f := newFixture(t, func(c *Config) { c.Store = store })
	ctx := t.Context()
	put := func(client string) {
		t.Helper()
		o := syncer.Override{Client: client, Spec: []byte(`{"mode":"dry-run"}`), Version: 1, Updated: t0, By: "z"}
		if err := store.PutOverride(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	for i := range MaxOverrides {
		put(fmt.Sprintf("c%04d", i))
	}
	put(syncer.GlobalOverride) // not a client: not counted
	if err := f.lim.LoadOverrides(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.lim.PutOverride(ctx, "one-more", policy.RuntimeOverride{Mode: new(policy.ModeEnforce)}); !errors.Is(err, ErrTooManyOverrides) {
		t.Errorf("one client more: %v, want ErrTooManyOverrides", err)
	}
	if st, err := f.lim.PutOverride(ctx, "c0000", policy.RuntimeOverride{Mode: new(policy.ModeEnforce)}); err != nil || !st.Applied() {
		t.Errorf("changing one in force: %+v, %v", st, err)
	}
	put("c9999") // one more, as a concurrent writer could
	if err := f.lim.LoadOverrides(ctx); err != nil {
		t.Fatal(err)
	}
	var skipped []string
	for _, st := range f.lim.Overrides() {
		if !st.Applied() {
			skipped = append(skipped, st.Client)
		}
	}
	if len(skipped) != 1 || skipped[0] != "c9999" {
		t.Errorf("skipped %v, want [c9999]", skipped)
	}
	if n := len(f.lim.Policy().Clients()); n != len(testPolicy().Clients)+MaxOverrides {
		t.Errorf("%d configured clients, want the file's %d and %d overridden", n, len(testPolicy().Clients), MaxOverrides)
	}
}

// TestOverrideCostBeyondLimit: an override whose costs, laid over the
// policy, exceed the limit of a tier that decides the grant is refused by
// PutOverride with an error naming the grant and the tier, and one that a
// store holds anyway (written by another instance, or valid against the
// policy it ran) is skipped, with the reason in its status.
func TestOverrideCostBeyondLimit(t *testing.T) {
	store := syncer.NewMemoryStore()
	f := newFixture(t, func(c *Config) { c.Store = store })
	ctx := t.Context()
	// testPolicy's default user tier: 2 a minute.
	_, err := f.lim.PutOverride(ctx, "app", policy.RuntimeOverride{Costs: map[policy.Grant]int64{policy.GrantPassword: 3}})
	if err == nil || !strings.Contains(err.Error(), `costs.password: "3": exceeds the limit 2 of the user tier (1m)`) {
		t.Fatalf("PutOverride: %v, want the cost named as beyond the user tier's limit", err)
	}
	if _, err := f.lim.PutOverride(ctx, "app", policy.RuntimeOverride{Costs: map[policy.Grant]int64{policy.GrantPassword: 3},
		User: []policy.Tier{{Limit: 3, Size: time.Minute}}}); err != nil {
		t.Fatalf("with a tier that admits it: %v", err)
	}
	o := syncer.Override{Client: "other", Spec: []byte(`{"costs":{"client_credentials":4}}`), Version: 1, Updated: t0, By: "z"}
	if err := store.PutOverride(ctx, o); err != nil {
		t.Fatal(err)
	}
	if err := f.lim.LoadOverrides(ctx); err != nil {
		t.Fatal(err)
	}
	for _, st := range f.lim.Overrides() {
		if st.Client == "other" && (st.Applied() || !strings.Contains(st.Error, "exceeds the limit 3 of the client tier")) {
			t.Errorf("the stored override: applied %v, error %q; want it skipped for its cost", st.Applied(), st.Error)
		}
	}
}

// TestOverridesReadAreChecked: an override read from the store (written
// by another instance, or by hand) is in force only if this instance
// would have written it: the global entry sets the mode and nothing else,
// and a client ID is 1..256 bytes without control characters (C0, DEL or
// C1). Others are skipped, the reason in their status.
func TestOverridesReadAreChecked(t *testing.T) {
	for _, tc := range []struct {
		name, client, spec string
		applied            bool
	}{
		{"global mode", syncer.GlobalOverride, `{"mode":"dry-run"}`, true},
		{"global mode and more", syncer.GlobalOverride, `{"mode":"dry-run","trusted":true}`, false},
		{"global without the mode", syncer.GlobalOverride, `{"trusted":true}`, false},
		{"global with nothing", syncer.GlobalOverride, `{}`, false},
		{"client", "svc", `{"mode":"dry-run"}`, true},
		{"client of 256 bytes", strings.Repeat("c", 256), `{"mode":"dry-run"}`, true},
		{"client with a tab", "svc\t1", `{"mode":"dry-run"}`, false},
		{"client with DEL", "svc\x7f", `{"mode":"dry-run"}`, false},
		{"client with a C1 control", "svc\u0085", `{"mode":"dry-run"}`, false},
		{"client with é", "svcé", `{"mode":"dry-run"}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := syncer.NewMemoryStore()
			f := newFixture(t, func(c *Config) { c.Store = store })
			ctx := t.Context()
			if err := store.PutOverride(ctx, syncer.Override{Client: tc.client, Spec: []byte(tc.spec), Version: 1, Updated: t0, By: "z"}); err != nil {
				t.Fatal(err)
			}
			if err := f.lim.LoadOverrides(ctx); err != nil {
				t.Fatal(err)
			}
			sts := f.lim.Overrides()
			if len(sts) != 1 || sts[0].Applied() != tc.applied || !tc.applied && sts[0].Error == "" {
				t.Errorf("status %+v, want applied %v (or an error said)", sts, tc.applied)
			}
		})
	}
}

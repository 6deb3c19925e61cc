package oauthratelimit

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// KeyState shows a key's tiers by scope, with the rules, mode and trust
// that apply to it, after requests through the middleware.
func TestKeyState(t *testing.T) {
	f := newFixture(t, nil)
	for range 2 {
		f.post("grant_type=password&username=alice&password=p&client_id=agg-app&client_secret=s")
	}
	f.post("grant_type=client_credentials&client_id=dry-app&client_secret=s")
	f.post("grant_type=client_credentials&client_id=trusted-app&client_secret=s")
	f.post("grant_type=client_credentials&client_id=svc&client_secret=wrong") // released: no count, but the key is held
	type tier struct {
		scope          string
		limit, used    int64
		remaining, loc int64
		denied         bool // a request of cost 1 must wait (RetryAfter > 0)
	}
	tests := []struct {
		name         string
		client, user string
		rules        string
		mode         policy.Mode
		trusted      bool
		tiers        []tier
	}{
		{"a user's key", "agg-app", "alice", "agg-app", policy.ModeEnforce, false,
			[]tier{{"user", 2, 2, 0, 2, true}}},
		{"the per-client key: client and aggregate tiers", "agg-app", "", "agg-app", policy.ModeEnforce, false,
			[]tier{{"client", 3, 2, 1, 2, false}, {"aggregate", 3, 2, 1, 2, false}}},
		{"dry-run", "dry-app", "", "dry-app", policy.ModeDryRun, false, []tier{{"client", 3, 1, 2, 1, false}}},
		{"trusted", "trusted-app", "", "trusted-app", policy.ModeEnforce, true, []tier{{"client", 3, 1, 2, 1, false}}},
		{"the defaults, nothing counted", "svc", "", "", policy.ModeEnforce, false, []tier{{"client", 3, 0, 3, 0, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ks, ok := f.lim.KeyState(tt.client, tt.user, f.clk.Now())
			if !ok {
				t.Fatal("key not found")
			}
			if ks.Rules != tt.rules || ks.Mode != tt.mode || ks.Trusted != tt.trusted {
				t.Errorf("rules %q mode %v trusted %v, want %q %v %v", ks.Rules, ks.Mode, ks.Trusted, tt.rules, tt.mode, tt.trusted)
			}
			if len(ks.Tiers) != len(tt.tiers) {
				t.Fatalf("%d tiers, want %d: %+v", len(ks.Tiers), len(tt.tiers), ks.Tiers)
			}
			for i, w := range tt.tiers {
				g := ks.Tiers[i]
				if got := (tier{g.Scope, g.Tier.Limit, g.Used, g.Remaining, g.Local.Curr, g.RetryAfter > 0}); got != w {
					t.Errorf("tier %d: got %+v, want %+v", i, got, w)
				}
			}
		})
	}
	if _, ok := f.lim.KeyState("agg-app", "bob", f.clk.Now()); ok {
		t.Error("a key never used is found")
	}
}

// KeyState lists the window sizes a key still counts in after a reload
// dropped them (an outside audit: the admin API showed the tiers in force
// alone, while the key went on counting, and writing, its earlier size).
func TestKeyStateCountedOnly(t *testing.T) {
	f := newFixture(t, nil)
	for range 2 {
		f.post("grant_type=client_credentials&client_id=svc&client_secret=s")
	}
	tenSec := perClient(policy.ModeEnforce, 5)
	tenSec.Defaults.Client[0].Size = 10 * time.Second
	if err := f.lim.SetPolicy(mustPolicy(t, tenSec)); err != nil {
		t.Fatal(err)
	}
	f.clk.Advance(5 * time.Second)
	f.post("grant_type=client_credentials&client_id=svc&client_secret=s")
	ks, ok := f.lim.KeyState("svc", "", f.clk.Now())
	if !ok {
		t.Fatal("key not found")
	}
	if len(ks.Tiers) != 1 || ks.Tiers[0].Tier.Size != 10*time.Second || ks.Tiers[0].Local.Curr != 1 {
		t.Errorf("tiers %+v; want the 10s tier, 1 counted", ks.Tiers)
	}
	if len(ks.Counted) != 1 || ks.Counted[0].Size != time.Minute || ks.Counted[0].Local.Curr != 3 {
		t.Errorf("counted-only %+v; want 1m with 3 counted", ks.Counted)
	}
}

// TopKeys ranks the keys by the usage ratio of their most used tier,
// bounded by n, and leaves out keys that count nothing.
func TestTopKeys(t *testing.T) {
	f := newFixture(t, nil)
	post := func(client string, n int) {
		for range n {
			f.post(fmt.Sprintf("grant_type=client_credentials&client_id=%s&client_secret=s", client))
		}
	}
	post("a", 1)       // 1/3
	post("b", 3)       // 3/3
	post("multi", 3)   // 3/5 of its minute, 3/6 of its hour: the minute
	post("dry-app", 5) // 5/3: over, counted in dry-run
	post("c", 2)       // 2/3
	f.post("grant_type=client_credentials&client_id=idle&client_secret=wrong")
	now := f.clk.Now()
	tests := []struct {
		name string
		n    int
		want string
	}{
		{"all", 10, "dry-app/client 5/3, b/client 3/3, c/client 2/3, multi/client 3/5, a/client 1/3"},
		{"bounded", 2, "dry-app/client 5/3, b/client 3/3"},
		{"none", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			for i, u := range f.lim.TopKeys(tt.n, now) {
				if i > 0 {
					got += ", "
				}
				got += fmt.Sprintf("%s%s/%s %d/%d", u.ClientID, u.User, u.Scope, u.Used, u.Tier.Limit)
			}
			if got != tt.want {
				t.Errorf("TopKeys(%d) = %q\nwant %q", tt.n, got, tt.want)
			}
		})
	}
}

// BenchmarkTopKeys measures one walk of every key for GET /admin/top: the
// admin API's cost, and how long each shard's read lock is held against new
// keys (a walk of N keys holds each of the 256 shards for about 1/256 of
// it). Fixed clock: the walk reads no clock. "reloaded": every key also
// counts in an hour that the policy no longer names (a reload from 1h to
// 1m, or another instance's count-only tier), a size GET /admin/keys lists
// as counted_only.
func BenchmarkTopKeysFixedClock(b *testing.B) {
	for _, c := range []struct {
		name  string
		n     int
		extra []window.Tier
	}{
		{"10000", 10_000, nil}, {"100000", 100_000, nil},
		{"reloaded/10000", 10_000, []window.Tier{{Limit: 1000, Size: time.Hour}}},
	} {
		n := c.n
		b.Run(c.name, func(b *testing.B) {
			f := newFixture(b, nil)
			now := f.clk.Now()
			tiers := append(slices.Clone(f.lim.state.Load().lookup("").scopes[scopeClient].window), c.extra...)
			for i := range n {
				d := f.lim.cache.Reserve(cache.Key{ClientID: fmt.Sprint("client-", i)}, tiers, 1, cache.Enforce, now)
				f.lim.cache.Commit(&d.Reservation)
			}
			b.ReportAllocs()
			for b.Loop() {
				if top := f.lim.TopKeys(20, now); len(top) != 20 {
					b.Fatalf("%d keys", len(top))
				}
			}
		})
	}
}

package oauthratelimit

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

func tiers(ts ...policy.Tier) []policy.Tier { return ts }

func tier(n int64, size time.Duration) policy.Tier { return policy.Tier{Limit: n, Size: size} }

// fleetRun returns, in a synctest bubble, the context a test's instances
// run under (startInstance), their WaitGroup and the store they share; the
// instances are stopped, and waited for, when the test ends.
func fleetRun(t *testing.T) (context.Context, *sync.WaitGroup, *syncer.MemoryStore) {
	ctx, cancel := context.WithCancel(t.Context())
	wg := &sync.WaitGroup{}
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
	return ctx, wg, syncer.NewMemoryStore()
}

// reserveOf returns a reserve as "10s:10" per tier, "60s" for a count-only
// one.
func reserveOf(ts []window.Tier) []string {
	out := []string{}
	for _, t := range ts {
		s := shortDuration(t.Size)
		if t.Limit != countOnlyLimit {
			s += ":" + strconv.FormatInt(t.Limit, 10)
		}
		out = append(out, s)
	}
	return out
}

// TestCompileCountsForFleet: the tiers the other instances count in, in
// sizes this policy does not have, are added to each scope's reserve in
// size order, enforced or count-only as the others have them (the lowest
// limit of several); the instance's own tiers stay as they are, a limit
// too; a key's sizes stay within cache.MaxSizes, the largest of the
// others' first; tiers in sizes the policy has add nothing (the rules
// compiled without the fleet serve); what the instance publishes is its
// own rules' tiers alone.
func TestCompileCountsForFleet(t *testing.T) {
	tl := func(xs ...int64) []sizeLimit { // size, limit pairs
		var out []sizeLimit
		for i := 0; i < len(xs); i += 2 {
			out = append(out, sizeLimit{xs[i], xs[i+1]})
		}
		return out
	}
	cases := []struct {
		name     string
		defaults policy.Defaults
		fleet    scopeTiers
		want     [numScopes][]string
		left     bool
	}{
		{name: "none", defaults: policy.Defaults{Client: tiers(tier(10, 10*time.Second)), User: tiers(tier(5, time.Minute))},
			want: [numScopes][]string{scopeClient: {"10s:10"}, scopeUser: {"1m:5"}, scopeAggregate: {}}},
		{name: "same sizes, other limits", defaults: policy.Defaults{Client: tiers(tier(10, 10*time.Second)), User: tiers(tier(5, time.Minute))},
			fleet: scopeTiers{scopeClient: tl(10, 3), scopeUser: tl(60, 50)},
			want:  [numScopes][]string{scopeClient: {"10s:10"}, scopeUser: {"1m:5"}, scopeAggregate: {}}},
		{name: "restart to 1m", defaults: policy.Defaults{Client: tiers(tier(10, 10*time.Second)), User: tiers(tier(5, time.Minute))},
			fleet: scopeTiers{scopeClient: tl(60, 30), scopeUser: tl(10, 2, 60, 5)},
			want:  [numScopes][]string{scopeClient: {"10s:10", "1m:30"}, scopeUser: {"10s:2", "1m:5"}, scopeAggregate: {}}},
		{name: "count-only where the other does not enforce", defaults: policy.Defaults{Client: tiers(tier(10, time.Minute)), User: tiers(tier(5, time.Minute))},
			fleet: scopeTiers{scopeClient: tl(60, -1, 3600, -1), scopeAggregate: tl(60, 100, 3600, -1), scopeUser: tl(60, 5)},
			want:  [numScopes][]string{scopeClient: {"1m:10", "1h"}, scopeUser: {"1m:5"}, scopeAggregate: {"1m:100", "1h"}}},
		{name: "an enforced tier in a size the key counts in only for its other scope", defaults: policy.Defaults{Client: tiers(tier(10, time.Minute)), User: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(100, time.Hour))},
			fleet: scopeTiers{scopeClient: tl(60, 10, 3600, -1), scopeAggregate: tl(60, 60, 3600, 100), scopeUser: tl(60, 5)},
			want:  [numScopes][]string{scopeClient: {"1m:10", "1h"}, scopeUser: {"1m:5"}, scopeAggregate: {"1m:60", "1h:100"}}},
		{name: "the same, the client scope", defaults: policy.Defaults{Client: tiers(tier(10, time.Hour)), User: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(100, time.Minute))},
			fleet: scopeTiers{scopeClient: tl(60, 30, 3600, 10), scopeAggregate: tl(60, 100, 3600, -1), scopeUser: tl(60, 5)},
			want:  [numScopes][]string{scopeClient: {"1m:30", "1h:10"}, scopeUser: {"1m:5"}, scopeAggregate: {"1m:100", "1h"}}},
		{name: "count-only in a size the key counts in already", defaults: policy.Defaults{Client: tiers(tier(10, time.Minute)), User: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(100, time.Hour))},
			fleet: scopeTiers{scopeClient: tl(3600, -1), scopeAggregate: tl(60, -1)},
			want:  [numScopes][]string{scopeClient: {"1m:10", "1h"}, scopeUser: {"1m:5"}, scopeAggregate: {"1m", "1h:100"}}},
		{name: "an enforced tier in a size the key counts in, the key full", defaults: policy.Defaults{Client: tiers(tier(10, time.Minute), tier(100, time.Hour)), User: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(50, 10*time.Second), tier(1000, 24*time.Hour))},
			fleet: scopeTiers{scopeAggregate: tl(60, 30)},
			want:  [numScopes][]string{scopeClient: {"10s", "1m:10", "1h:100", "24h"}, scopeUser: {"1m:5"}, scopeAggregate: {"10s:50", "1m:30", "1h", "24h:1000"}}},
		{name: "the same, and a new size that does not fit", defaults: policy.Defaults{Client: tiers(tier(10, time.Minute), tier(100, time.Hour)), User: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(50, 10*time.Second), tier(1000, 24*time.Hour))},
			fleet: scopeTiers{scopeClient: tl(7200, 150), scopeAggregate: tl(60, 30)},
			want:  [numScopes][]string{scopeClient: {"10s", "1m:10", "1h:100", "24h"}, scopeUser: {"1m:5"}, scopeAggregate: {"10s:50", "1m:30", "1h", "24h:1000"}},
			left:  true},
		{name: "an enforced tier in a size the key counts in, and a new size in the last place", defaults: policy.Defaults{Client: tiers(tier(10, time.Minute)), User: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(50, 10*time.Second), tier(100, time.Hour))},
			fleet: scopeTiers{scopeClient: tl(10, 5, 86400, 500), scopeAggregate: tl(86400, -1)},
			want:  [numScopes][]string{scopeClient: {"10s:5", "1m:10", "1h", "24h:500"}, scopeUser: {"1m:5"}, scopeAggregate: {"10s:50", "1m", "1h:100", "24h"}}},
		{name: "beyond MaxSizes", defaults: policy.Defaults{Client: tiers(tier(1, time.Second), tier(2, 2*time.Second), tier(3, 3*time.Second)), User: tiers(tier(5, time.Minute))},
			fleet: scopeTiers{scopeClient: tl(10, 1, 20, 1, 30, 1)},
			want:  [numScopes][]string{scopeClient: {"1s:1", "2s:2", "3s:3", "30s:1"}, scopeUser: {"1m:5"}, scopeAggregate: {}},
			left:  true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustPolicy(t, policy.Spec{Defaults: c.defaults})
			base, err := compilePolicy(p, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			cp, err := compilePolicy(p, nil, &peerTiers{defaults: c.fleet})
			if err != nil {
				t.Fatal(err)
			}
			cr := cp.lookup("any")
			for s := range numScopes {
				if got := reserveOf(cr.scopes[s].reserve); !slices.Equal(got, c.want[s]) {
					t.Errorf("%s reserve %v, want %v", scopeNames[s], got, c.want[s])
				}
				if len(cr.scopes[s].reserve) > cache.MaxSizes {
					t.Errorf("%s reserve of %d sizes, above MaxSizes", scopeNames[s], len(cr.scopes[s].reserve))
				}
				for _, rt := range cr.scopes[s].reserve {
					if rt.Limit != countOnlyLimit && cr.scopes[s].find(rt) == nil {
						t.Errorf("%s tier %v enforced without headers (no compiled tier)", scopeNames[s], rt)
					}
				}
			}
			// What GET /admin/policy names as added (extra) is what the
			// reserves took: none of the tiers left out.
			for s := range numScopes {
				for _, x := range cr.extra[s] {
					if !slices.ContainsFunc(cr.scopes[s].reserve, func(r window.Tier) bool {
						return int64(r.Size/time.Second) == x.size() && (r.Limit == countOnlyLimit) == (x.limit() < 0)
					}) {
						t.Errorf("%s: %v named as added, not in the reserve", scopeNames[s], x)
					}
				}
			}
			if !cr.own.equal(base.defaults.own) {
				t.Errorf("own tiers %v, want %v (those of the rules alone)", cr.own, base.defaults.own)
			}
			// A fleet whose tiers change no reserve compiles no variant,
			// and fleetAdds says it adds nothing (no install, no instance
			// named as binding this one); one that changes a reserve,
			// that it adds.
			unchanged := true
			for s := range numScopes {
				unchanged = unchanged && slices.Equal(c.want[s], reserveOf(base.defaults.scopes[s].reserve))
			}
			if unchanged && cr != cp.rules[p.Defaults()] {
				t.Errorf("a fleet that changes no reserve compiled a variant (added %s)", cr.extra)
			}
			if got := base.fleetAdds(&peerTiers{defaults: c.fleet}); got == unchanged && !c.left {
				t.Errorf("fleetAdds %v; the fleet changes a reserve: %v", got, !unchanged)
			}
			if (cp.left > 0) != c.left {
				t.Errorf("left %d, want tiers left: %v", cp.left, c.left)
			}
			if got := string(cp.encodeTiers()); got != string(base.encodeTiers()) {
				t.Errorf("published %s, want %s: what the fleet counts in is not published", got, base.encodeTiers())
			}
		})
	}
}

// TestFleetClientsOnlyOthersList: a client that only another instance
// lists gets the defaults' rules counting in its sizes there, and one it
// lists with the defaults' sizes does not lengthen the lookup.
func TestFleetClientsOnlyOthersList(t *testing.T) {
	p := mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, time.Minute))}})
	peerA, _ := (&compiledPolicy{}).encodeTiersOf(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, time.Minute))},
		Clients: map[string]policy.Override{"svc": {Client: tiers(tier(10, 10*time.Second))}, "same": {Client: tiers(tier(99, time.Minute))}}})
	f, bad := decodeFleet(map[string][]byte{"a": peerA, "a2": peerA, "broken": []byte("{"), "broken2": []byte("{")})
	if !slices.Equal(bad, []string{"broken", "broken2"}) {
		t.Errorf("bad %v, want [broken broken2]", bad) // each instance, though decoded once per document
	}
	cp, err := compilePolicy(p, nil, f)
	if err != nil {
		t.Fatal(err)
	}
	if got := reserveOf(cp.lookup("svc").scopes[scopeClient].reserve); !slices.Equal(got, []string{"10s:10", "1m:10"}) {
		t.Errorf("svc: client reserve %v, want [10s:10 1m:10]", got)
	}
	if cp.lookup("same") != cp.defaults || cp.lookup("other") != cp.defaults {
		t.Errorf("clients the fleet counts as the defaults do got rules of their own")
	}
	if len(cp.byClient) != 1 || len(cp.few) != 1 {
		t.Errorf("byClient %d, few %d: want svc alone", len(cp.byClient), len(cp.few))
	}
	if cp.lookup("svc").label != otherClient {
		t.Errorf("svc's label %q, want %q: this policy does not list it", cp.lookup("svc").label, otherClient)
	}
}

// TestFleetTiersLeftOutMakeNoVariant: tiers of the other instance that
// the per-client key has no room for (it counts in cache.MaxSizes sizes
// already) change no decision here. A client only the other lists, whose
// tiers there differ from the other's defaults only in such sizes, gets
// the defaults' rules (it got rules of its own that decided as the
// defaults', helper-82: one more entry in byClient, past maxFewClients
// with four more); an instance whose tiers add nothing else binds none
// (fleetAdds: it was named as binding), and the install counts the rules
// short of tiers once each.
func TestFleetTiersLeftOutMakeNoVariant(t *testing.T) {
	full := policy.Defaults{Client: tiers(tier(10, 10*time.Second), tier(30, time.Minute), tier(100, time.Hour), tier(1000, 24*time.Hour))}
	p := mustPolicy(t, policy.Spec{Defaults: full})
	others := map[string]policy.Override{}
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		others[id] = policy.Override{Client: tiers(tier(10, 10*time.Second), tier(50, 2*time.Minute))}
	}
	peer, _ := (&compiledPolicy{}).encodeTiersOf(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, 10*time.Second), tier(40, 5*time.Minute))}, Clients: others})
	f, bad := decodeFleet(map[string][]byte{"peer": peer})
	if len(bad) != 0 {
		t.Fatal(bad)
	}
	cp, err := compilePolicy(p, nil, f)
	if err != nil {
		t.Fatal(err)
	}
	if len(cp.byClient) != 0 || cp.lookup("a") != cp.defaults || cp.lookup("a") != cp.rules[p.Defaults()] {
		t.Errorf("byClient %d, a's rules the defaults' %v, the policy's own %v: want none, true, true",
			len(cp.byClient), cp.lookup("a") == cp.defaults, cp.lookup("a") == cp.rules[p.Defaults()])
	}
	if cp.fleetAdds(f) {
		t.Errorf("fleetAdds: true, want false: every size the other adds is left out")
	}
	if cp.left != 2 {
		t.Errorf("rules short of fleet tiers %d, want 2 (the defaults' 5m; the five clients' 2m, all alike)", cp.left)
	}
	if got := reserveOf(cp.lookup("a").scopes[scopeClient].reserve); !slices.Equal(got, []string{"10s:10", "1m:30", "1h:100", "24h:1000"}) {
		t.Errorf("a's client reserve %v", got)
	}
}

// TestFleetAddsByScopeForEveryClient: a client moved from an aggregate of
// 30 a minute to per-user limits (the aggregate an hour's only), in the
// defaults or by a client's override, on the instance or on the other:
// the instance on the new policy enforces the old one's aggregate minute,
// a size its per-client key counts in for the client tier only, and
// fleetAdds says so (else a join or a departure of the other instance
// installs nothing, and nothing names the other as binding this one);
// the instance on the old policy adds nothing. So with a third policy
// (20 a minute per user, an aggregate of 50 a minute): the lowest
// aggregate minute of the others, 30. With FleetTiersCount, nothing: the
// key counts in the minute already. fleetAdds holds exactly when the
// fleet compiles a variant of some rules.
func TestFleetAddsByScopeForEveryClient(t *testing.T) {
	old := policy.Defaults{Client: tiers(tier(1000, time.Minute)), User: tiers(tier(1000, time.Minute)), Aggregate: tiers(tier(30, time.Minute), tier(1000, time.Hour))}
	perUser := policy.Defaults{Client: tiers(tier(1000, time.Minute)), User: tiers(tier(10, time.Minute)), Aggregate: tiers(tier(1000, time.Hour))}
	mid := policy.Defaults{Client: tiers(tier(1000, time.Minute)), User: tiers(tier(20, time.Minute)), Aggregate: tiers(tier(50, time.Minute), tier(1000, time.Hour))}
	asOverride := func(d policy.Defaults) policy.Override {
		return policy.Override{Client: d.Client, User: d.User, Aggregate: d.Aggregate}
	}
	app := func(d policy.Defaults) policy.Spec {
		return policy.Spec{Defaults: perUser, Clients: map[string]policy.Override{"app": asOverride(d)}}
	}
	for _, c := range []struct {
		name   string
		self   policy.Spec   // this instance's policy
		others []policy.Spec // the other instances', a, b, ...
		count  bool          // FleetTiersCount here
		app    []string      // app's aggregate reserve here
		adders []string      // the others whose tiers alone add to this one's
	}{
		{name: "defaults, the new policy here", self: policy.Spec{Defaults: perUser}, others: []policy.Spec{{Defaults: old}}, app: []string{"1m:30", "1h:1000"}, adders: []string{"a"}},
		{name: "defaults, the old policy here", self: policy.Spec{Defaults: old}, others: []policy.Spec{{Defaults: perUser}}, app: []string{"1m:30", "1h:1000"}, adders: []string{}},
		{name: "an override here, the defaults there", self: policy.Spec{Defaults: old, Clients: map[string]policy.Override{"app": asOverride(perUser)}}, others: []policy.Spec{{Defaults: old}}, app: []string{"1m:30", "1h:1000"}, adders: []string{"a"}},
		{name: "an override there, the defaults here", self: policy.Spec{Defaults: perUser}, others: []policy.Spec{app(old)}, app: []string{"1m:30", "1h:1000"}, adders: []string{"a"}},
		{name: "an override on both", self: app(perUser), others: []policy.Spec{app(old)}, app: []string{"1m:30", "1h:1000"}, adders: []string{"a"}},
		{name: "the old policy in dry-run there", self: policy.Spec{Defaults: perUser}, others: []policy.Spec{{Mode: policy.ModeDryRun, Defaults: old}}, app: []string{"1m", "1h:1000"}, adders: []string{}},
		{name: "counted only here", self: policy.Spec{Defaults: perUser}, others: []policy.Spec{{Defaults: old}}, count: true, app: []string{"1m", "1h:1000"}, adders: []string{}},
		{name: "three policies, the new one here", self: app(perUser), others: []policy.Spec{app(old), app(mid)}, app: []string{"1m:30", "1h:1000"}, adders: []string{"a", "b"}},
		{name: "three policies, the old one here", self: app(old), others: []policy.Spec{app(perUser), app(mid)}, app: []string{"1m:30", "1h:1000"}, adders: []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			peers := map[string][]byte{}
			for i, o := range c.others {
				peers[string(rune('a'+i))], _ = (&compiledPolicy{}).encodeTiersOf(t, o)
			}
			f, bad := decodeFleet(peers)
			if len(bad) > 0 {
				t.Fatalf("not decoded: %v", bad)
			}
			if c.count {
				f = f.countOnly() // as applyTiers does
			}
			cp, err := compilePolicy(mustPolicy(t, c.self), nil, f)
			if err != nil {
				t.Fatal(err)
			}
			if got := reserveOf(cp.lookup("app").scopes[scopeAggregate].reserve); !slices.Equal(got, c.app) {
				t.Errorf("app's aggregate reserve %v, want %v", got, c.app)
			}
			want := len(c.adders) > 0
			if got := cp.fleetAdds(f); got != want || got != (len(cp.all) > len(cp.rules)) {
				t.Errorf("fleetAdds %v, want %v; variants compiled: %d", got, want, len(cp.all)-len(cp.rules))
			}
			if !c.count { // adders decodes the documents again, as published
				if got := cp.adders(peers); !slices.Equal(got, c.adders) {
					t.Errorf("adders %v, want %v", got, c.adders)
				}
			}
		})
	}
}

// encodeTiersOf compiles spec and returns what it publishes.
func (*compiledPolicy) encodeTiersOf(t *testing.T, spec policy.Spec) ([]byte, *compiledPolicy) {
	t.Helper()
	cp, err := compilePolicy(mustPolicy(t, spec), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cp.encodeTiers(), cp
}

// TestRollingRestartHoldsBothLimits is a rolling restart that changes a
// client's window: instance a enforces 10 a 10s, instance b (restarted on
// the new policy) 30 a minute, both under load from the same client (three
// requests a second each), on one store. With FleetTiersEnforce each limit
// holds over the fleet's tokens: a frame of 10s gets at most 10 (11
// allowed for the sync's lag), a minute at most 30 (31); measured: 10 and
// 30. With FleetTiersCount (each counts in the other's sizes, enforces its
// own) b issues its 30 a minute whatever the 10s frames hold: up to 30 in
// a 10s frame, 57 to 73 a minute; with FleetTiersIgnore (the code before
// the instances published their tiers), 39 and 87.
func TestRollingRestartHoldsBothLimits(t *testing.T) {
	for _, c := range []struct {
		name                 string
		mode                 FleetTiers
		max10, maxMin, min10 int // bounds on the worst frames: at most max, at least min
	}{
		{"enforce", FleetTiersEnforce, 11, 31, 0},
		{"count", FleetTiersCount, 1000, 1000, 12},
		{"ignore", FleetTiersIgnore, 1000, 1000, 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			worst10, worstMin := rollingRestart(t, c.mode)
			if worst10 > c.max10 || worst10 < c.min10 {
				t.Errorf("a 10s frame got %d tokens; want %d to %d", worst10, c.min10, c.max10)
			}
			if worstMin > c.maxMin {
				t.Errorf("a minute got %d tokens; want at most %d", worstMin, c.maxMin)
			}
		})
	}
}

// rollingRestart runs TestRollingRestartHoldsBothLimits' fleet with mode
// and returns the most tokens issued in a 10s frame and in a minute.
func rollingRestart(t *testing.T, mode FleetTiers) (worst10, worstMin int) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		withPolicy := func(ts ...policy.Tier) func(*Config) {
			return func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: ts, User: tiers(tier(5, time.Minute))}})
				c.FleetTiers = mode
			}
		}
		a := startInstance(t, ctx, wg, store, "a", withPolicy(tier(10, 10*time.Second)))
		b := startInstance(t, ctx, wg, store, "b", withPolicy(tier(30, time.Minute)))
		time.Sleep(2 * time.Second) // both beat, and read each other's tiers
		synctest.Wait()

		// Three requests a second to each, for four minutes from the
		// start of a minute.
		start := time.Now().Truncate(time.Minute).Add(time.Minute)
		time.Sleep(time.Until(start))
		by10s, byMinute := map[int64]int{}, map[int64]int{}
		for time.Since(start) < 4*time.Minute {
			for range 3 {
				for _, in := range []*instance{a, b} {
					if in.status(t, "svc") == http.StatusOK {
						now := time.Now().Unix()
						by10s[now-now%10]++
						byMinute[now-now%60]++
					}
				}
			}
			time.Sleep(time.Second)
			synctest.Wait()
		}
		for _, n := range by10s {
			worst10 = max(worst10, n)
		}
		for _, n := range byMinute {
			worstMin = max(worstMin, n)
		}
		t.Logf("tokens per 10s frame: at most %d (limit 10); per minute %v (limit 30)", worst10, slices.Sorted(maps.Values(byMinute)))
	})
	return worst10, worstMin
}

// TestRollingRestartKeepsTheOtherScopesTier is a rolling change of a
// client from a per-client limit to per-user limits: instance a runs the
// old policy (an aggregate of 30 a minute over all the client's users),
// b the new one (10 a minute per user, the aggregate only an hour's). Both
// keep counting the per-client key in minutes, for the client tier. The
// old policy's tiers bind the fleet until its last instance has left
// (README, Rolling out a window change across a fleet), so the client's
// users get at most 30 a minute (31 for the sync's lag) through both.
// Before, b took the size as one it had (count-only, for its client tier)
// and issued each user's 10 a minute: 60 a minute in each of the
// three, where a alone would have held 30.
func TestRollingRestartKeepsTheOtherScopesTier(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		withPolicy := func(user, aggregate []policy.Tier) func(*Config) {
			return func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(1000, time.Minute)), User: user, Aggregate: aggregate}})
			}
		}
		a := startInstance(t, ctx, wg, store, "a", withPolicy(tiers(tier(1000, time.Minute)), tiers(tier(30, time.Minute), tier(1000, time.Hour))))
		b := startInstance(t, ctx, wg, store, "b", withPolicy(tiers(tier(10, time.Minute)), tiers(tier(1000, time.Hour))))
		time.Sleep(2 * time.Second) // both beat, and read each other's tiers
		synctest.Wait()

		// Three requests a second to each, from six users in turn, for
		// three minutes from the start of a minute.
		start := time.Now().Truncate(time.Minute).Add(time.Minute)
		time.Sleep(time.Until(start))
		byMinute := map[int64]int{}
		for n := 0; time.Since(start) < 3*time.Minute; n++ {
			for i := range 3 {
				for _, in := range []*instance{a, b} {
					body := "grant_type=password&client_id=app&password=p&username=u" + strconv.Itoa((3*n+i)%6)
					if in.post(body).Code == http.StatusOK {
						now := time.Now().Unix()
						byMinute[now-now%60]++
					}
				}
			}
			time.Sleep(time.Second)
			synctest.Wait()
		}
		worst := slices.Max(slices.Collect(maps.Values(byMinute)))
		t.Logf("the client's user-grant tokens per minute: %v (aggregate limit 30 on a)", slices.Sorted(maps.Values(byMinute)))
		if worst > 31 {
			t.Errorf("a minute got %d tokens; want at most 31: the old policy's aggregate tier binds the fleet until its last instance has left", worst)
		}
	})
}

// TestOtherScopesTierFromAJoinToALeave: b runs a client's new policy (10
// a minute per user, the aggregate an hour's) alone; a joins on the old
// one (an aggregate of 30 a minute). b's per-client key counts in minutes
// for its client tier already: b enforces a's aggregate minute from a's
// first heartbeat, says so (the WARN, GET /admin/policy, the gauge), and
// drops it when a leaves. Both changes of the fleet must install b's
// policy again; b's start-up installs came before a's tiers.
func TestOtherScopesTierFromAJoinToALeave(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		logs := &logBuffer{}
		withPolicy := func(d policy.Defaults) func(*Config) {
			return func(c *Config) { c.Policy = mustPolicy(t, policy.Spec{Defaults: d}) }
		}
		b := startInstance(t, ctx, wg, store, "b", withPolicy(policy.Defaults{Client: tiers(tier(1000, time.Minute)), User: tiers(tier(10, time.Minute)), Aggregate: tiers(tier(1000, time.Hour))}),
			func(c *Config) {
				c.Logger = newJSONLogger(logs)
				c.Registerer = prometheus.NewRegistry()
			})
		settle := func() { time.Sleep(3 * time.Second); synctest.Wait() }
		aggregate := func() []string { return reserveOf(b.lim.state.Load().lookup("app").scopes[scopeAggregate].reserve) }
		settle()
		if got := aggregate(); !slices.Equal(got, []string{"1m", "1h:1000"}) {
			t.Fatalf("b alone: aggregate reserve %v, want [1m 1h:1000]", got)
		}
		actx, astop := context.WithCancel(ctx)
		var awg sync.WaitGroup
		startInstance(t, actx, &awg, store, "a", withPolicy(policy.Defaults{Client: tiers(tier(1000, time.Minute)), User: tiers(tier(1000, time.Minute)), Aggregate: tiers(tier(30, time.Minute), tier(1000, time.Hour))}))
		settle()
		if got := aggregate(); !slices.Equal(got, []string{"1m:30", "1h:1000"}) {
			t.Errorf("b with a: aggregate reserve %v, want [1m:30 1h:1000]", got)
		}
		const added = "aggregate=60s:30"
		warn := logs.last("counting in the tiers of other instances' policies")
		if warn == nil || !reflect.DeepEqual(warn["instances"], []any{"a"}) || warn["defaults"] != added {
			t.Errorf("b logged %v, want a WARN naming a and %s", warn, added)
		}
		if fs := b.lim.EffectivePolicy().Fleet; !slices.Equal(fs.Instances, []string{"a"}) || fs.Defaults != added {
			t.Errorf("b's EffectivePolicy().Fleet %+v, want a's %s", fs, added)
		}
		if g := testutil.ToFloat64(b.lim.metrics.fleet); g != 1 {
			t.Errorf("oauth_ratelimit_fleet_tier_instances %v, want 1", g)
		}
		astop()
		awg.Wait()
		settle()
		if got := aggregate(); !slices.Equal(got, []string{"1m", "1h:1000"}) {
			t.Errorf("b after a left: aggregate reserve %v, want [1m 1h:1000]", got)
		}
		if fs := b.lim.EffectivePolicy().Fleet; len(fs.Instances) != 0 || fs.Defaults != "" {
			t.Errorf("b's EffectivePolicy().Fleet after a left %+v, want none", fs)
		}
	})
}

// TestFleetWarnNamesWhatIsCounted: the WARN that names the instances
// whose tiers bind this one names the tiers the defaults took, as GET
// /admin/policy does: not one the per-client key had no place for
// (cache.MaxSizes; the install's rules_short_of_fleet_tiers counts those).
// Here the key counts in four sizes: the other's aggregate minute takes
// the place of a count-only tier, its 2h tiers are left out. Its clients
// are counted as GET /admin/policy lists them, those with tiers added:
// y (an aggregate of 20 a minute), not x (a client tier of 5 a minute
// and the aggregate a day's: sizes the rules here have).
func TestFleetWarnNamesWhatIsCounted(t *testing.T) {
	logs := &logBuffer{}
	f := newFixture(t, func(c *Config) {
		c.Logger = newJSONLogger(logs)
		c.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, time.Minute), tier(100, time.Hour)), User: tiers(tier(5, time.Minute)),
			Aggregate: tiers(tier(50, 10*time.Second), tier(1000, 24*time.Hour))}})
	})
	peer, _ := (&compiledPolicy{}).encodeTiersOf(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, time.Minute), tier(150, 2*time.Hour)), User: tiers(tier(5, time.Minute)),
		Aggregate: tiers(tier(30, time.Minute), tier(1000, 24*time.Hour))},
		Clients: map[string]policy.Override{"x": {Client: tiers(tier(5, time.Minute)), Aggregate: tiers(tier(1000, 24*time.Hour))}, "y": {Client: tiers(tier(10, time.Minute)), Aggregate: tiers(tier(20, time.Minute))}}})
	f.lim.applyTiers(map[string][]byte{"a": peer})
	const added = "aggregate=60s:30"
	fs := f.lim.EffectivePolicy().Fleet
	if !slices.Equal(fs.Instances, []string{"a"}) || fs.Defaults != added || !reflect.DeepEqual(fs.Clients, []FleetClient{{Client: "y", Added: "aggregate=60s:20"}}) {
		t.Errorf("EffectivePolicy().Fleet %+v, want a's %s, and y's aggregate=60s:20", fs, added)
	}
	warn := logs.last("counting in the tiers of other instances' policies")
	if warn == nil || warn["defaults"] != added || warn["clients"] != 1.0 {
		t.Errorf("logged %v, want a WARN naming %s and one client", warn, added)
	}
}

// last returns the last record of the log with message msg; nil if none.
func (l *logBuffer) last(msg string) map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var last map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(l.b.String()), "\n") {
		var r map[string]any
		if json.Unmarshal([]byte(line), &r) == nil && r["msg"] == msg {
			last = r
		}
	}
	return last
}

// TestFleetTiersDropWhenTheOtherLeaves: once the other instance has left,
// its tiers are no longer counted in, and the policy compiled alone serves
// again.
func TestFleetTiersDropWhenTheOtherLeaves(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		mk := func(size time.Duration) func(*Config) {
			return func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, size))}})
			}
		}
		a := startInstance(t, ctx, wg, store, "a", mk(10*time.Second))
		bctx, bstop := context.WithCancel(ctx)
		var bwg sync.WaitGroup
		startInstance(t, bctx, &bwg, store, "b", mk(time.Minute))
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if got := reserveOf(a.lim.state.Load().lookup("svc").scopes[scopeClient].reserve); !slices.Equal(got, []string{"10s:10", "1m:10"}) {
			t.Fatalf("a with b on 1m: client reserve %v, want [10s:10 1m:10]", got)
		}
		bstop()
		bwg.Wait()
		time.Sleep(2 * time.Second)
		synctest.Wait()
		if got := reserveOf(a.lim.state.Load().lookup("svc").scopes[scopeClient].reserve); !slices.Equal(got, []string{"10s:10"}) {
			t.Fatalf("a after b left: client reserve %v, want [10s:10]", got)
		}
	})
}

// TestFleetTiersDividedInAnOutage: while the store is down, the tiers
// counted for the fleet are divided among the instances as the rules' own
// are (outage share: rounded up; pessimistic: down), and stay in the
// reserve.
func TestFleetTiersDividedInAnOutage(t *testing.T) {
	for _, tc := range []struct {
		outage policy.Outage
		want   []string // 10 a 10s of its own, the fleet's 31 a minute and a count-only hour, divided by 3
	}{
		{policy.OutageShare, []string{"10s:4", "1m:11", "1h"}},       // rounded up
		{policy.OutagePessimistic, []string{"10s:3", "1m:10", "1h"}}, // rounded down
	} {
		p := mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, 10*time.Second)), Outage: tc.outage}})
		cp, err := compilePolicy(p, nil, &peerTiers{defaults: scopeTiers{scopeClient: []sizeLimit{{60, 31}, {3600, -1}}}})
		if err != nil {
			t.Fatal(err)
		}
		cp.setOutage(outageLevel{pessimistic: 3, share: 3})
		got := reserveOf(cp.lookup("any").scopes[scopeClient].reserve)
		if !slices.Equal(got, tc.want) {
			t.Errorf("outage %v: client reserve in an outage of 3 instances: %v, want %v", tc.outage, got, tc.want)
		}
	}
}

// TestFleetTiersWithOverrides: a runtime override, shared by every
// instance, changes what each publishes for its client, so a client the
// override gives one policy on both is limited by it alone; the fleet's
// tiers for the other clients stay, and come back for the client once the
// override is deleted.
func TestFleetTiersWithOverrides(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		mk := func(l int64, size time.Duration) func(*Config) {
			return func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(l, size))}})
			}
		}
		a := startInstance(t, ctx, wg, store, "a", mk(10, 10*time.Second))
		b := startInstance(t, ctx, wg, store, "b", mk(30, time.Minute))
		settle := func() { time.Sleep(3 * time.Second); synctest.Wait() }
		reserve := func(in *instance, client string) []string {
			return reserveOf(in.lim.state.Load().lookup(client).scopes[scopeClient].reserve)
		}
		settle()
		if got := reserve(b, "svc"); !slices.Equal(got, []string{"10s:10", "1m:30"}) {
			t.Fatalf("b before the override: svc %v, want [10s:10 1m:30]", got)
		}
		if _, err := a.lim.PutOverride(ctx, "svc", policy.RuntimeOverride{Client: tiers(tier(5, 10*time.Second))}); err != nil {
			t.Fatal(err)
		}
		settle()
		for _, in := range []*instance{a, b} {
			if got := reserve(in, "svc"); !slices.Equal(got, []string{"10s:5"}) {
				t.Errorf("%s with the override: svc %v, want [10s:5]", in.name, got)
			}
		}
		if got := reserve(b, "other"); !slices.Equal(got, []string{"10s:10", "1m:30"}) {
			t.Errorf("b with the override: other %v, want [10s:10 1m:30]", got)
		}
		if err := a.lim.DeleteOverride(ctx, "svc"); err != nil {
			t.Fatal(err)
		}
		settle()
		if got := reserve(b, "svc"); !slices.Equal(got, []string{"10s:10", "1m:30"}) {
			t.Errorf("b after the override's deletion: svc %v, want [10s:10 1m:30]", got)
		}
	})
}

// TestRestartWithoutATierKeepsIt is the audit's second case: instance b
// runs a policy without the client's 1h tier (restarted on it, say) while
// a enforces 60 a minute and 200 an hour. b counts in the hour and
// enforces it (a's tier), so the hour holds over both and the store's 1h
// count is every token issued: 200 and 200. With FleetTiersIgnore (as
// before), b's tokens reached no 1h frame: 360 issued in the hour, 180
// stored (the audit: 222 issued under 200, 22 never counted).
func TestRestartWithoutATierKeepsIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		mk := func(ts ...policy.Tier) func(*Config) {
			return func(c *Config) {
				c.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: ts}})
			}
		}
		a := startInstance(t, ctx, wg, store, "a", mk(tier(60, time.Minute), tier(200, time.Hour)))
		b := startInstance(t, ctx, wg, store, "b", mk(tier(60, time.Minute)))
		time.Sleep(2 * time.Second)
		synctest.Wait()
		start := time.Now().Truncate(time.Hour).Add(time.Hour)
		time.Sleep(time.Until(start))
		issued := 0
		for time.Since(start) < 6*time.Minute {
			for range 2 {
				for _, in := range []*instance{a, b} {
					if in.status(t, "svc") == http.StatusOK {
						issued++
					}
				}
			}
			time.Sleep(time.Second)
			synctest.Wait()
		}
		time.Sleep(3 * time.Second) // the last flushes
		synctest.Wait()
		docs, err := store.Load(ctx, []cache.Key{{ClientID: "svc"}})
		if err != nil {
			t.Fatal(err)
		}
		var stored int64
		for _, f := range docs[0].Snapshot.Frames {
			if f.Size == time.Hour && f.StartUnix == start.Unix() {
				stored = f.N
			}
		}
		t.Logf("issued %d in the hour (limit 200); its 1h frame stores %d", issued, stored)
		if issued > 201 {
			t.Errorf("%d tokens issued in the hour, want at most 200 (201 with the sync's lag)", issued)
		}
		if stored != int64(issued) {
			t.Errorf("the 1h frame stores %d, want the %d issued", stored, issued)
		}
	})
}

// TestStrayInstanceNamedInTheLog: an instance started by hand against the
// fleet's store binds the fleet in the sizes the fleet's policy lacks, on
// a strict policy of its own (here 5 a second); every instance it binds
// says so at WARN and names it, and says when it left. On the built-in
// policy (no policy file) it binds none: its tiers are counted in, not
// enforced (its 1h tiers, 20000 per client, would cap every client), and
// the WARN names them without limits.
func TestStrayInstanceNamedInTheLog(t *testing.T) {
	for _, c := range []struct {
		name    string
		policy  *policy.Policy
		reserve []string
		tiers   string // what the WARN names
		fleet   []bool // the per-client key's tiers: another instance's?
	}{
		{"strict policy", mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(5, time.Second))}}), []string{"1s:5", "1m:10000"}, "client=1s:5 user=3600s:1000", []bool{false, true}}, // the user tiers of the built-in defaults
		{"built-in policy", policy.Default(), []string{"1m:10000", "1h"}, "client=3600s user=3600s", []bool{false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ctx, wg, store := fleetRun(t)
				logs := &logBuffer{}
				a := startInstance(t, ctx, wg, store, "prod-a", func(cfg *Config) {
					cfg.Logger = newJSONLogger(logs)
					cfg.Registerer = prometheus.NewRegistry()
					cfg.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10000, time.Minute)), User: tiers(tier(100, time.Minute))}})
				})
				sctx, sstop := context.WithCancel(ctx)
				var swg sync.WaitGroup
				startInstance(t, sctx, &swg, store, "laptop", func(cfg *Config) { cfg.Policy = c.policy })
				time.Sleep(2 * time.Second)
				synctest.Wait()
				if got := reserveOf(a.lim.state.Load().lookup("svc").scopes[scopeClient].reserve); !slices.Equal(got, c.reserve) {
					t.Fatalf("prod-a with the stray instance: client reserve %v, want %v", got, c.reserve)
				}
				find := func(msg string) map[string]any {
					logs.mu.Lock()
					defer logs.mu.Unlock()
					for line := range strings.SplitSeq(strings.TrimSpace(logs.b.String()), "\n") {
						var r map[string]any
						if json.Unmarshal([]byte(line), &r) == nil && r["msg"] == msg {
							return r
						}
					}
					return nil
				}
				r := find("counting in the tiers of other instances' policies")
				if r == nil || r["level"] != "WARN" || !reflect.DeepEqual(r["instances"], []any{"laptop"}) || r["defaults"] != c.tiers || r["enforced"] != true {
					t.Errorf("prod-a logged %v, want a WARN naming laptop and %s", r, c.tiers)
				}
				// GET /admin/policy and the metric say it too, and GET
				// /admin/keys marks the tier that is not prod-a's own.
				if fs := a.lim.EffectivePolicy().Fleet; !slices.Equal(fs.Instances, []string{"laptop"}) || !fs.Enforced || fs.Defaults != c.tiers {
					t.Errorf("prod-a's EffectivePolicy().Fleet %+v, want laptop's %s", fs, c.tiers)
				}
				if g := testutil.ToFloat64(a.lim.metrics.fleet); g != 1 {
					t.Errorf("oauth_ratelimit_fleet_tier_instances %v, want 1", g)
				}
				d := a.lim.cache.Reserve(cache.Key{ClientID: "svc"}, a.lim.state.Load().lookup("svc").scopes[scopeClient].reserve, 1, cache.Enforce, time.Now())
				a.lim.cache.Commit(&d.Reservation) // the key held
				ks, _ := a.lim.KeyState("svc", "", time.Now())
				var fleetTiers []bool
				for _, ts := range ks.Tiers {
					fleetTiers = append(fleetTiers, ts.Fleet)
				}
				if !slices.Equal(fleetTiers, c.fleet) {
					t.Errorf("prod-a's key svc: tiers %+v, fleet %v; want %v (its own 1m tier, then laptop's enforced ones; a count-only one is no tier)", ks.Tiers, fleetTiers, c.fleet)
				}
				// A count-only tier of laptop's is a size counted in only
				// (GET /admin/keys's counted_only).
				var counted []string
				for _, sz := range ks.Counted {
					counted = append(counted, sz.Size.String())
				}
				if want := map[bool][]string{true: {"1h0m0s"}}[c.name == "built-in policy"]; !slices.Equal(counted, want) {
					t.Errorf("prod-a's key svc: counted only in %v, want %v", counted, want)
				}
				sstop()
				swg.Wait()
				time.Sleep(2 * time.Second)
				synctest.Wait()
				if find("no longer counting in the tiers of other instances' policies") == nil {
					t.Errorf("prod-a did not log that the stray instance's tiers went")
				}
				if fs := a.lim.EffectivePolicy().Fleet; len(fs.Instances) != 0 || testutil.ToFloat64(a.lim.metrics.fleet) != 0 {
					t.Errorf("after laptop left: Fleet %+v, gauge %v; want none, 0", fs, testutil.ToFloat64(a.lim.metrics.fleet))
				}
			})
		})
	}
}

// TestFleetTierBelowACost: another instance's tier whose limit is below
// what a grant costs here (its policy's costs are lower) is raised to the
// cost, so that the grant is limited by it, not refused every time; a
// tier that blocks (0) still blocks.
func TestFleetTierBelowACost(t *testing.T) {
	f := newFixture(t, func(c *Config) {
		c.Policy = mustPolicy(t, policy.Spec{Costs: map[policy.Grant]int64{policy.GrantClientCredentials: 5},
			Defaults: policy.Defaults{Client: tiers(tier(100, time.Minute))}})
	})
	f.lim.setMu.Lock()
	f.lim.fleet = &peerTiers{defaults: scopeTiers{scopeClient: []sizeLimit{{10, 3}}}, clients: map[string]scopeTiers{"blocked": {scopeClient: []sizeLimit{{10, 0}}}}}
	err := f.lim.install(f.lim.base, nil, nil, "test")
	f.lim.setMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for range 3 {
		got = append(got, f.post("grant_type=client_credentials", "Authorization", basic("svc", "s")).Code)
	}
	if want := []int{http.StatusOK, http.StatusTooManyRequests, http.StatusTooManyRequests}; !slices.Equal(got, want) {
		t.Errorf("svc, cost 5, under another instance's 3 a 10s: %v, want %v (one token a frame)", got, want)
	}
	if code := f.post("grant_type=client_credentials", "Authorization", basic("blocked", "s")).Code; code != http.StatusTooManyRequests {
		t.Errorf("blocked by another instance's 0 a 10s: %d, want 429", code)
	}
}

// TestFleetTiersOffPublishesNothing: an instance with FleetTiersIgnore
// (--fleet-tiers off, a canary that must not bind the fleet) publishes no
// tiers, so an instance on another policy neither counts in its sizes nor
// enforces its tiers.
func TestFleetTiersOffPublishesNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		a := startInstance(t, ctx, wg, store, "prod-a", func(cfg *Config) {
			cfg.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10000, time.Minute))}})
		})
		startInstance(t, ctx, wg, store, "canary", func(cfg *Config) {
			cfg.Policy = mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(5, time.Second))}})
			cfg.FleetTiers = FleetTiersIgnore
		})
		time.Sleep(3 * time.Second)
		synctest.Wait()
		if got := reserveOf(a.lim.state.Load().lookup("svc").scopes[scopeClient].reserve); !slices.Equal(got, []string{"1m:10000"}) {
			t.Errorf("prod-a beside a canary with --fleet-tiers off: client reserve %v, want its own 1m:10000 alone", got)
		}
		if fs := a.lim.EffectivePolicy().Fleet; len(fs.Instances) != 0 {
			t.Errorf("prod-a's Fleet %+v, want none", fs)
		}
	})
}

// TestFleetInstancesFollowAReload: the instances named as binding this one
// (EffectivePolicy's Fleet.Instances, oauth_ratelimit_fleet_tier_instances,
// and so the alert OAuthRateLimitFleetTiers) follow a reload of this
// instance's policy, not only a change of the fleet's set: the last
// instance of a rollout by SIGHUP kept naming the others, and the gauge
// at 1, for as long as no instance joined or left; the first named none
// while the others' tiers bound it.
func TestFleetInstancesFollowAReload(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, wg, store := fleetRun(t)
		oldPol := mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, 10*time.Second))}})
		newPol := mustPolicy(t, policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(30, time.Minute))}})
		a := startInstance(t, ctx, wg, store, "a", func(cfg *Config) {
			cfg.Registerer = prometheus.NewRegistry()
			cfg.Policy = oldPol
		})
		startInstance(t, ctx, wg, store, "b", func(cfg *Config) { cfg.Policy = oldPol })
		time.Sleep(3 * time.Second)
		synctest.Wait()
		check := func(when string, want []string) {
			t.Helper()
			if fs := a.lim.EffectivePolicy().Fleet; !slices.Equal(fs.Instances, want) || testutil.ToFloat64(a.lim.metrics.fleet) != float64(len(want)) {
				t.Errorf("%s: a's Fleet.Instances %v, gauge %v; want %v", when, fs.Instances, testutil.ToFloat64(a.lim.metrics.fleet), want)
			}
		}
		check("one policy", nil)
		// a reloads first: b's 10s tier binds it.
		if err := a.lim.SetPolicy(newPol); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second)
		synctest.Wait()
		check("a reloaded, b not yet", []string{"b"})
		// c joins on b's policy: its tiers are b's, and it binds a too.
		startInstance(t, ctx, wg, store, "c", func(cfg *Config) { cfg.Policy = oldPol })
		time.Sleep(3 * time.Second)
		synctest.Wait()
		check("c joined on b's policy", []string{"b", "c"})
		// a reloads back to b's policy: nothing binds it.
		if err := a.lim.SetPolicy(oldPol); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * time.Second)
		synctest.Wait()
		check("a back on b's policy", nil)
	})
}

// TestUserGrantsCountedInTheFleetsAggregateSizes: rules without aggregate
// tiers still count their user grants on the per-client key in the sizes
// another instance's aggregate tiers use, count-only here
// (FleetTiersCount), so that the instance enforcing that aggregate sees
// the tokens issued here: whether the aggregate is decided follows the
// scope's reserve, not its (enforced) tiers, which are none.
func TestUserGrantsCountedInTheFleetsAggregateSizes(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.FleetTiers = FleetTiersCount })
	f.lim.setMu.Lock()
	f.lim.fleet = (&peerTiers{defaults: scopeTiers{scopeAggregate: []sizeLimit{{600, 5}}}}).countOnly()
	err := f.lim.install(f.lim.base, nil, nil, "test")
	f.lim.setMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"alice", "bob"} {
		if w := f.post("grant_type=password&client_id=app&password=p&username=" + u); w.Code != http.StatusOK {
			t.Fatalf("%s: %d", u, w.Code)
		}
	}
	ks, ok := f.lim.KeyState("app", "", f.clk.Now())
	var counted []string
	for _, sz := range ks.Counted {
		counted = append(counted, sz.Size.String()+":"+strconv.FormatInt(sz.Local.Curr+sz.Global.Curr, 10))
	}
	if want := []string{"10m0s:2"}; !ok || !slices.Equal(counted, want) {
		t.Errorf("per-client key held %v, counted %v; want held, counted %v", ok, counted, want)
	}
}

// TestScopeTiersUnion: the union of two instances' tiers has each size
// once: the lower limit where both enforce one, the enforced limit where
// one counts only (in either order), count-only where both do.
func TestScopeTiersUnion(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b []sizeLimit
		want []sizeLimit
	}{
		{"both enforce", []sizeLimit{{60, 10}}, []sizeLimit{{60, 5}}, []sizeLimit{{60, 5}}},
		{"count-only, then enforced", []sizeLimit{{60, -1}}, []sizeLimit{{60, 5}}, []sizeLimit{{60, 5}}},
		{"enforced, then count-only", []sizeLimit{{60, 5}}, []sizeLimit{{60, -1}}, []sizeLimit{{60, 5}}},
		{"both count only", []sizeLimit{{60, -1}}, []sizeLimit{{60, -1}}, []sizeLimit{{60, -1}}},
		{"sizes of each, sorted", []sizeLimit{{3600, 100}}, []sizeLimit{{10, 0}, {60, -1}}, []sizeLimit{{10, 0}, {60, -1}, {3600, 100}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := scopeTiers{scopeUser: tc.a}.union(scopeTiers{scopeUser: tc.b})
			if !slices.Equal(got[scopeUser], tc.want) || len(got[scopeClient])+len(got[scopeAggregate]) != 0 {
				t.Errorf("union %v, want user=%v", got, tc.want)
			}
		})
	}
}

// TestPublishedTiersValid: tiers another instance publishes are taken
// only with sizes a tier may have, in increasing order and each once, and
// limits from -1 (count-only) to policy.MaxLimit.
func TestPublishedTiersValid(t *testing.T) {
	for _, tc := range []struct {
		name string
		ts   []sizeLimit
		want bool
	}{
		{"increasing sizes", []sizeLimit{{10, 5}, {60, -1}}, true},
		{"a size twice", []sizeLimit{{60, 5}, {60, 6}}, false},
		{"decreasing sizes", []sizeLimit{{60, 5}, {10, 6}}, false},
		{"a size of 0", []sizeLimit{{0, 5}}, false},
		{"a size over a day", []sizeLimit{{int64(window.MaxSize/time.Second) + 1, 5}}, false},
		{"a limit of 0", []sizeLimit{{60, 0}}, true},
		{"a limit below -1", []sizeLimit{{60, -2}}, false},
		{"a limit over MaxLimit", []sizeLimit{{60, policy.MaxLimit + 1}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, p := range []publishedTiers{
				{Defaults: scopeTiers{scopeAggregate: tc.ts}},
				{Clients: map[string]scopeTiers{"svc": {scopeClient: tc.ts}}},
			} {
				if got := p.valid(); got != tc.want {
					t.Errorf("%+v: valid %v, want %v", p, got, tc.want)
				}
			}
		})
	}
}

// TestFleetStateListsAtMostMaxFleetClients: EffectivePolicy's fleet state
// lists the first maxFleetClients clients with tiers added, by ID, and
// counts the rest in Unlisted.
func TestFleetStateListsAtMostMaxFleetClients(t *testing.T) {
	for _, n := range []int{maxFleetClients, maxFleetClients + 1} {
		spec := policy.Spec{Defaults: policy.Defaults{Client: tiers(tier(10, time.Minute))}, Clients: map[string]policy.Override{}}
		for i := range n {
			spec.Clients["svc-"+strconv.Itoa(1000+i)] = policy.Override{Client: tiers(tier(20, time.Minute))}
		}
		cp, err := compilePolicy(mustPolicy(t, spec), nil, &peerTiers{defaults: scopeTiers{scopeClient: []sizeLimit{{10, 5}}}})
		if err != nil {
			t.Fatal(err)
		}
		fs := cp.fleetState([]string{"peer"}, true)
		if len(fs.Clients) != maxFleetClients || fs.Unlisted != n-maxFleetClients || fs.Clients[0].Client != "svc-1000" {
			t.Errorf("%d clients with tiers added: %d listed from %q, %d unlisted; want %d from svc-1000, %d", n, len(fs.Clients), fs.Clients[0].Client, fs.Unlisted, maxFleetClients, n-maxFleetClients)
		}
	}
}

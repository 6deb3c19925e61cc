package oauthratelimit

import (
	"reflect"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestReservesCompiledForTheCache: the tiers the request path passes to
// the cache (compiledScope.res, cache.Tiers) are each scope's reserve, for
// every rules of the installed policy (the defaults, a client's, the
// variants that count the fleet's tiers) and for their outage variants
// (setOutage): a res left zero would panic (cache.ReserveTiers); one
// compiled from an older reserve would decide with the tiers before the
// fleet's, and one not compiled for the limiter's cache with the right
// tiers, without the fast paths' codes.
func TestReservesCompiledForTheCache(t *testing.T) {
	p := mustPolicy(t, policy.Spec{
		Defaults: policy.Defaults{
			Client:    tiers(tier(10, 10*time.Second), tier(100, time.Hour)),
			User:      tiers(tier(5, time.Minute)),
			Aggregate: tiers(tier(50, time.Minute)),
			Outage:    policy.OutagePessimistic,
		},
		Clients: map[string]policy.Override{"svc": {Client: tiers(tier(7, time.Minute))}},
	})
	lim, err := New(Config{Policy: p})
	if err != nil {
		t.Fatal(err)
	}
	defer lim.Close()
	// The others count every client in a 2h window too: a variant of
	// each rules, with the reserves extended (extendReserves).
	lim.setMu.Lock()
	lim.fleet = &peerTiers{defaults: scopeTiers{scopeClient: []sizeLimit{{7200, 30}}}}
	err = lim.install(lim.base, lim.mode, lim.shared, fleetInstall)
	lim.setMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	cp := lim.state.Load()
	cp.setOutage(outageLevel{pessimistic: 3, share: 3})
	extended := false
	for _, cr := range cp.all {
		checkCompiled(t, lim, "rules "+cr.label, cr)
		o := cr.outage.Load()
		if o == nil {
			t.Errorf("rules %s: no outage variant", cr.label)
			continue
		}
		checkCompiled(t, lim, "rules "+cr.label+" in an outage", o)
		extended = extended || len(cr.scopes[scopeClient].reserve) > len(cr.scopes[scopeClient].window)
	}
	if !extended {
		t.Errorf("no rules counts the fleet's tiers: %d rules", len(cp.all))
	}
}

// checkCompiled fails t unless each scope of cr passes the cache its
// reserve compiled for lim's cache (see TestReservesCompiledForTheCache).
func checkCompiled(t *testing.T, lim *Limiter, what string, cr *compiledRules) {
	t.Helper()
	for s := range cr.scopes {
		cs := &cr.scopes[s]
		// A copy (cache.Tiers keeps one), of the reserve as it is.
		got := cs.res.List()
		if !slices.Equal(got, cs.reserve) {
			t.Errorf("%s, %s scope: the cache is passed %v, want the reserve %v", what, scopeNames[s], got, cs.reserve)
		}
		// Compiled for the limiter's cache: Tiers of none, or of
		// another, decide the same at ReserveTo's cost, which no other
		// test sees.
		if want := lim.cache.Tiers(cs.reserve); !reflect.DeepEqual(cs.res, want) {
			t.Errorf("%s, %s scope: the cache is passed %+v, want the reserve compiled for it, %+v", what, scopeNames[s], cs.res, want)
		}
	}
}

// TestReservesCompiledWhenInstalledDuringAnOutage: a policy installed
// while the outage modes apply has its outage variants made by install
// (TestPolicyInstalledDuringAnOutage), and compiled for the limiter's cache
// like its own reserves: made before install knew the cache, they decided
// right, without the fast paths' codes.
func TestReservesCompiledWhenInstalledDuringAnOutage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		shared := syncer.NewMemoryStore()
		a, b := startOutageNode(t, shared, "a"), startOutageNode(t, shared, "b") // two live: the limits divided by 2
		time.Sleep(1500 * time.Millisecond)
		a.store.Cut.Store(true)
		time.Sleep(6 * time.Second) // past OutageAfter (5s), 0.5s after a heartbeat
		synctest.Wait()
		if err := a.lim.SetPolicy(mustPolicy(t, outagePolicy())); err != nil {
			t.Fatal(err)
		}
		cp := a.lim.state.Load()
		variants := 0
		for _, cr := range cp.all {
			checkCompiled(t, a.lim, "rules "+cr.label, cr)
			if o := cr.outage.Load(); o != nil {
				variants++
				checkCompiled(t, a.lim, "rules "+cr.label+" in an outage", o)
			}
		}
		if variants == 0 {
			t.Errorf("no outage variant in an outage: %d rules", len(cp.all))
		}
		for _, n := range []*outageNode{a, b} {
			n.stop()
			<-n.done
		}
	})
}

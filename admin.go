package oauthratelimit

import (
	"cmp"
	"container/heap"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// This file is what the admin API reads of a Limiter: one key's state as
// this instance sees it, and the keys nearest their limits. Both read the
// cache without changing it and are never on the request path.

// KeyState is one key as this instance sees it at a time.
type KeyState struct {
	// ClientID and User name the key; User is "" for the per-client key,
	// which counts the client-only grants and the client's aggregate.
	ClientID, User string
	// Rules is the configured client whose rules apply to the key; "" for
	// the policy's defaults.
	Rules string
	// Mode and Trusted are the rules' mode (the global mode override
	// included, see SetMode) and trusted flag, as they apply to this key.
	Mode    policy.Mode
	Trusted bool
	// Version is the version of the key's snapshot of the store's
	// document; 0: none was read or written yet.
	Version int64
	// SnapshotAge is the time since this instance's last successful pull.
	// A pull reads the keys used here since their last read and those
	// near their limit (a flush of the key also refreshes its snapshot),
	// so the snapshot of such a key is at most this old, unless the
	// document read was not above its version (on FerretDB, after a lost
	// write: docs/ferretdb.md point 3), which a pull leaves; a key not used
	// here since its last read keeps that read's snapshot until its next
	// use, after which it is read within the syncer's NewKeyInterval.
	SnapshotAge time.Duration
	// Writers is how many instances count the key, as the store's
	// document told; with WritersAssumed, at least the live instances,
	// for a key new here, until the documents can tell. With 2 or more,
	// this instance admits its even share of what the store's counts leave
	// (see cache.Cache.Reserve).
	Writers int
	// WritersAssumed reports that Writers includes the live instances,
	// assumed (see cache.KeyState.Assumed).
	WritersAssumed bool
	// Reserved is the cost of the key's open reservations.
	Reserved int64
	// Tiers are the key's tiers under the current policy.
	Tiers []TierState
	// Counted are the window sizes the key counts in but no tier here
	// limits it by (see cache.KeyState.Counted): those of an earlier
	// policy, kept after a reload until the key is evicted, and those of
	// other live instances' tiers counted in and not enforced (count-only
	// fleet tiers: FleetTiersCount, an instance on the built-in policy).
	Counted []cache.SizeState
}

// TierState is one tier of a key: its scope and its state (see
// cache.TierState).
type TierState struct {
	// Scope is "client", "user" or "aggregate".
	Scope string
	// Fleet reports that the tier is another live instance's, enforced
	// here while that instance runs a policy with a window size this one's
	// lacks (see Config.FleetTiers, EffectivePolicy's Fleet).
	Fleet bool
	cache.TierState
}

// KeyState returns the state of the key (clientID, user) at now as this
// instance holds it, and false if it holds no such key (never used here,
// or evicted while idle). It changes nothing.
func (l *Limiter) KeyState(clientID, user string, now time.Time) (KeyState, bool) {
	cp := l.state.Load()
	cr := cp.lookup(clientID)
	tiers, scopes, fleet := keyTiers(cr, user != "")
	var cs cache.KeyState
	if !l.cache.Inspect(cache.Key{ClientID: clientID, User: user}, tiers, now, &cs) {
		return KeyState{}, false
	}
	ks := KeyState{
		ClientID:       clientID,
		User:           user,
		Rules:          cr.rules.Name,
		Mode:           cr.rules.Mode,
		Trusted:        cr.rules.Trusted,
		Version:        cs.Version,
		SnapshotAge:    l.syncer.SnapshotAge(now),
		Writers:        cs.Writers,
		WritersAssumed: cs.Assumed,
		Reserved:       cs.Reserved,
		Tiers:          make([]TierState, len(cs.Tiers)),
		Counted:        cs.Counted,
	}
	for i, t := range cs.Tiers {
		ks.Tiers[i] = TierState{Scope: scopeNames[scopes[i]], Fleet: fleet[i], TierState: t}
	}
	return ks, true
}

// keyTiers returns the tiers a key of cr is counted in, the scope of each,
// and whether each is another instance's (fleet.go): a user's key its user
// tiers; the per-client key its client tiers and then its aggregate ones.
// A scope's own tiers come first, then those added for the fleet.
func keyTiers(cr *compiledRules, isUser bool) ([]window.Tier, []scope, []bool) {
	var tiers []window.Tier
	var sc []scope
	var fleet []bool
	add := func(s scope) {
		cs := &cr.scopes[s]
		for i, t := range cs.tiers {
			tiers, sc, fleet = append(tiers, t.tier), append(sc, s), append(fleet, i >= len(cs.window))
		}
	}
	if isUser {
		add(scopeUser)
	} else {
		add(scopeClient)
		add(scopeAggregate)
	}
	return tiers, sc, fleet
}

// MaxTopKeys bounds the n of TopKeys: the walk keeps n keys in memory and
// the admin API answers them in one response.
const MaxTopKeys = 1000

// KeyUsage is a key's most used tier on this instance, for TopKeys.
type KeyUsage struct {
	// ClientID and User name the key (see KeyState).
	ClientID, User string
	// Scope is the scope of Tier: "client", "user" or "aggregate".
	Scope string
	// Tier is the key's tier with the highest usage ratio.
	Tier window.Tier
	// Used is what a decision counts against Tier's limit now (see
	// cache.TierState.Used).
	Used int64
	// Ratio is Used / Tier.Limit: 1 or more at or over the limit.
	Ratio float64
}

// TopKeys returns the n keys (at most MaxTopKeys) this instance holds that
// are nearest to, or furthest over, one of their limits at now: by the
// usage ratio of their most used tier, highest first; ties by key. Keys
// that count nothing are left out. It walks every key held, taking each
// one's lock once, as a pull does.
func (l *Limiter) TopKeys(n int, now time.Time) []KeyUsage {
	n = min(n, MaxTopKeys)
	if n <= 0 {
		return nil
	}
	cp := l.state.Load()
	type kt struct {
		tiers  []window.Tier
		scopes []scope
	}
	memo := map[*compiledRules][2]kt{} // per rules: [per-client key, user key]
	tiersFor := func(k cache.Key) kt {
		cr := cp.lookup(k.ClientID)
		m, ok := memo[cr]
		if !ok {
			for i, isUser := range []bool{false, true} {
				m[i].tiers, m[i].scopes, _ = keyTiers(cr, isUser)
			}
			memo[cr] = m
		}
		if k.User != "" {
			return m[1]
		}
		return m[0]
	}
	top := make(usageHeap, 0, n)
	l.cache.Walk(now, func(k cache.Key) []window.Tier { return tiersFor(k).tiers }, func(k cache.Key, st *cache.KeyState) bool {
		best, bi := -1.0, -1
		for i, t := range st.Tiers {
			if r := float64(t.Used) / float64(t.Tier.Limit); r > best {
				best, bi = r, i
			}
		}
		if bi < 0 || st.Tiers[bi].Used <= 0 {
			return true
		}
		u := KeyUsage{ClientID: k.ClientID, User: k.User, Tier: st.Tiers[bi].Tier, Used: st.Tiers[bi].Used, Ratio: best}
		switch {
		case len(top) < n:
			u.Scope = scopeNames[tiersFor(k).scopes[bi]]
			heap.Push(&top, u)
		case usageLess(top[0], u):
			u.Scope = scopeNames[tiersFor(k).scopes[bi]]
			top[0] = u
			heap.Fix(&top, 0)
		}
		return true
	})
	// The walk's keys are copies the walk made (see cache.Walk), which
	// nothing writes again: they may be kept.
	out := make([]KeyUsage, len(top))
	for i := len(top) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&top).(KeyUsage)
	}
	return out
}

// usageLess orders usages from least to most urgent: by ratio, then, among
// equals, the later key first, so that the result is stable.
func usageLess(a, b KeyUsage) bool {
	if a.Ratio != b.Ratio {
		return a.Ratio < b.Ratio
	}
	if c := cmp.Compare(a.ClientID, b.ClientID); c != 0 {
		return c > 0
	}
	return a.User > b.User
}

// usageHeap is a min-heap of the most urgent usages seen: its root is the
// least urgent of them, the one a more urgent key replaces.
type usageHeap []KeyUsage

func (h usageHeap) Len() int           { return len(h) }
func (h usageHeap) Less(i, j int) bool { return usageLess(h[i], h[j]) }
func (h usageHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *usageHeap) Push(x any)        { *h = append(*h, x.(KeyUsage)) }
func (h *usageHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

package oauthratelimit

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Tiers across the fleet. A key counts a cost only in the window sizes
// its decision names, and an instance names those of its own policy (and
// keeps counting in those an earlier policy named, until the key is
// evicted). While the fleet runs two policies, as in a rolling restart that
// changes a client's windows, each instance enforced its limits on the
// share of the fleet's traffic counted in its sizes: an outside audit
// measured 14 to 17 tokens in 10 s frames under a limit of 10. So each
// instance publishes the tiers its policy counts keys in, per client and
// scope (through the Syncer: a document of its own, its digest in the
// heartbeat), and adds to its own the tiers of the other live instances in
// window sizes it does not have (per scope: see compiledRules.adds),
// enforced (their limit, the lowest where several instances have one
// size), or count-only where the other counts without enforcing (dry-run
// or trusted rules; the other scope's sizes on the per-client key). So every token the fleet issues during a rollout is
// within both policies' tiers. A size added adopts the frames the store
// holds of it (cache: track, adopt), so an instance that starts counting
// in 10 s mid-rollout starts from what the others counted.

// FleetTiers says what an instance does with the tiers the other live
// instances publish in window sizes its policy does not have (see
// Config.FleetTiers). Every instance publishes its own tiers, but with
// FleetTiersIgnore.
type FleetTiers uint8

const (
	// FleetTiersEnforce enforces them (the lowest limit where several
	// instances have one size), and counts in those the others count in
	// without enforcing: every token the fleet issues is within the tiers
	// of each policy running. A stricter policy on any live instance
	// binds them all in the sizes it adds.
	FleetTiersEnforce FleetTiers = iota
	// FleetTiersCount counts in their sizes without enforcing them: the
	// instances that enforce a tier see every token of the fleet in it,
	// but the others go on issuing without regard to it, so a tier holds
	// on the decisions of the instances that have it, not over the fleet's
	// tokens.
	FleetTiersCount
	// FleetTiersIgnore neither counts nor enforces them, and publishes
	// none of its own: the instance counts in the sizes of its own policy
	// (and those its earlier policies had, after a reload), and the others
	// neither count in its sizes nor enforce its tiers. For an instance
	// that must not bind the fleet, a canary say, at the price of its
	// tiers in new sizes holding on its own decisions only.
	FleetTiersIgnore
)

// sizeLimit is a tier as published: its window size in seconds and its
// limit (0 blocks, as in a policy), -1 for a count-only tier. JSON: [60, 30].
type sizeLimit [2]int64

func (t sizeLimit) size() int64  { return t[0] }
func (t sizeLimit) limit() int64 { return t[1] }

// scopeTiers are the tiers, by size and distinct, that keys are counted in
// per scope: those of the scope's reserve.
type scopeTiers [numScopes][]sizeLimit

// union returns the tiers of a and b: for a size in both, the lower
// limit, count-only only if both are.
func (a scopeTiers) union(b scopeTiers) scopeTiers {
	var u scopeTiers
	for s := range numScopes {
		m := map[int64]int64{}
		for _, t := range append(slices.Clone(a[s]), b[s]...) {
			l, ok := m[t.size()]
			switch {
			case !ok || l < 0:
				m[t.size()] = t.limit()
			case t.limit() >= 0:
				m[t.size()] = min(l, t.limit())
			}
		}
		for _, sz := range slices.Sorted(maps.Keys(m)) {
			u[s] = append(u[s], sizeLimit{sz, m[sz]})
		}
	}
	return u
}

// adds returns the tiers of extra that cr does not count with already, by
// scope: those in sizes the scope has no tier of, but a count-only one in
// a size its key counts in already. A size the per-client key counts in
// only for its other scope (the client or the aggregate scope: a count-only
// tier of the reserve, see compileRules) takes another instance's enforced
// tier, since the scope has no limit of its own there: otherwise a rollout
// that drops an aggregate tier in a size the client tiers keep (a client
// moved from a per-client limit to per-user limits) left the instances on
// the new policy issuing past the old one's aggregate, and one that adds
// such a tier was not enforced by the instances on the old policy.
func (cr *compiledRules) adds(extra scopeTiers) scopeTiers {
	var d scopeTiers
	for s := range numScopes {
		for _, x := range extra[s] {
			size := time.Duration(x.size()) * time.Second
			if slices.ContainsFunc(cr.scopes[s].window, func(t window.Tier) bool { return t.Size == size }) {
				continue // a tier of the scope's own: its limit is this instance's
			}
			if x.limit() < 0 && slices.ContainsFunc(cr.own[s], func(y sizeLimit) bool { return y.size() == x.size() }) {
				continue // counted in already
			}
			d[s] = append(d[s], x)
		}
	}
	return d
}

// minus returns the tiers of a in sizes that b does not have.
func (a scopeTiers) minus(b scopeTiers) scopeTiers {
	var d scopeTiers
	for s := range numScopes {
		for _, x := range a[s] {
			if !slices.ContainsFunc(b[s], func(y sizeLimit) bool { return y.size() == x.size() }) {
				d[s] = append(d[s], x)
			}
		}
	}
	return d
}

func (a scopeTiers) empty() bool {
	for s := range numScopes {
		if len(a[s]) > 0 {
			return false
		}
	}
	return true
}

func (a scopeTiers) equal(b scopeTiers) bool {
	for s := range numScopes {
		if !slices.Equal(a[s], b[s]) {
			return false
		}
	}
	return true
}

// String formats a as "client=10s:10,60s user=60s:5" (no limit:
// count-only), for keys and logs.
func (a scopeTiers) String() string {
	var b strings.Builder
	for s := range numScopes {
		if len(a[s]) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(scopeNames[s])
		for i, x := range a[s] {
			if i == 0 {
				b.WriteByte('=')
			} else {
				b.WriteByte(',')
			}
			b.WriteString(strconv.FormatInt(x.size(), 10))
			b.WriteByte('s')
			if x.limit() >= 0 {
				b.WriteByte(':')
				b.WriteString(strconv.FormatInt(x.limit(), 10))
			}
		}
	}
	return b.String()
}

// tiersOf returns ts as published, by size: count-only tiers, and every
// tier of rules that never deny (enforce false), with limit -1.
func tiersOf(ts []window.Tier, enforce bool) []sizeLimit {
	out := make([]sizeLimit, 0, len(ts))
	for _, t := range ts {
		l := t.Limit
		if l == countOnlyLimit || !enforce {
			l = -1
		}
		out = append(out, sizeLimit{int64(t.Size / time.Second), l})
	}
	slices.SortFunc(out, func(a, b sizeLimit) int { return int(a.size() - b.size()) })
	return out
}

// publishedTiers is what an instance publishes (encoded as JSON): the
// tiers of its defaults, and those of each client it lists whose tiers
// differ from the defaults' (sizes or limits: 10,000 clients whose limits
// differ make 540 KB; clients that the defaults limit add nothing).
type publishedTiers struct {
	Defaults scopeTiers            `json:"d"`
	Clients  map[string]scopeTiers `json:"c,omitempty"`
}

// peerTiers are the tiers the other live instances count keys in.
type peerTiers struct {
	// defaults: for a client none of them lists, the union of their
	// defaults' tiers.
	defaults scopeTiers
	// clients: for a client one of them lists, the union over them of its
	// tiers there (their defaults' where they do not list it).
	clients map[string]scopeTiers
}

// forClient returns the tiers the other instances count id's keys in.
func (f *peerTiers) forClient(id string) scopeTiers {
	if f == nil {
		return scopeTiers{}
	}
	if s, ok := f.clients[id]; ok {
		return s
	}
	return f.defaults
}

func (f *peerTiers) equal(g *peerTiers) bool {
	if f == nil || g == nil {
		return f == g
	}
	return f.defaults.equal(g.defaults) && maps.EqualFunc(f.clients, g.clients, scopeTiers.equal)
}

// decodeFleet returns the union of the tiers peers publish, by instance ID
// (see syncer.Config.OnTiers). Tiers that do not decode, or that name a
// size a tier cannot have, are left out and reported in bad.
func decodeFleet(peers map[string][]byte) (f *peerTiers, bad []string) {
	// Once per distinct document: the instances of one policy publish the
	// same bytes, and the union below costs the clients listed times the
	// documents (10,000 clients on 30 instances of two policies: 1.2 s per
	// change of the fleet's set, on the heartbeat goroutine, against 80 ms
	// for the two distinct documents).
	var ps []publishedTiers
	seen := map[string]bool{} // by data: whether it decoded
	for _, id := range slices.Sorted(maps.Keys(peers)) {
		data := string(peers[id])
		if ok, done := seen[data]; done {
			if !ok {
				bad = append(bad, id)
			}
			continue
		}
		var p publishedTiers
		if err := json.Unmarshal(peers[id], &p); err != nil || !p.valid() {
			seen[data] = false
			bad = append(bad, id)
			continue
		}
		seen[data] = true
		ps = append(ps, p)
	}
	f = &peerTiers{clients: map[string]scopeTiers{}}
	for _, p := range ps {
		f.defaults = f.defaults.union(p.Defaults)
		for id := range p.Clients {
			f.clients[id] = scopeTiers{}
		}
	}
	for id := range f.clients {
		var u scopeTiers
		for _, p := range ps {
			s, ok := p.Clients[id]
			if !ok {
				s = p.Defaults
			}
			u = u.union(s)
		}
		f.clients[id] = u
	}
	return f, bad
}

// valid reports whether every size of p is one a tier may have.
func (p *publishedTiers) valid() bool {
	ok := func(s scopeTiers) bool {
		for sc := range numScopes {
			for i, x := range s[sc] {
				if x.size() < 1 || x.size() > int64(window.MaxSize/time.Second) || x.limit() < -1 || x.limit() > policy.MaxLimit ||
					i > 0 && x.size() <= s[sc][i-1].size() {
					return false
				}
			}
		}
		return true
	}
	if !ok(p.Defaults) {
		return false
	}
	for _, s := range p.Clients {
		if !ok(s) {
			return false
		}
	}
	return true
}

// encodeTiers returns what cp's instance publishes: the tiers of its own
// rules, never those it has from the fleet (else two instances would keep
// each other's tiers alive after both stopped having them).
func (cp *compiledPolicy) encodeTiers() []byte {
	own := func(cr *compiledRules) scopeTiers { return cr.own }
	if cp.pol.Source() == policy.Default().Source() {
		// A process started without a policy file (by hand, say) against
		// the fleet's store: the others count in its tiers but do not
		// enforce them (its 1h tiers, 20000 per client and 1000 per user,
		// would cap every client of a fleet whose policy has no 1h tier).
		own = func(cr *compiledRules) scopeTiers { return cr.own.countOnly() }
	}
	p := publishedTiers{Defaults: own(cp.defaults)}
	for id, cr := range cp.byClient {
		if cr.own.equal(cp.defaults.own) {
			continue
		}
		if p.Clients == nil {
			p.Clients = map[string]scopeTiers{}
		}
		p.Clients[id] = own(cr)
	}
	b, err := json.Marshal(p) // map keys sorted: equal tiers, equal bytes
	if err != nil {
		panic(fmt.Sprintf("oauthratelimit: encode published tiers: %v", err)) // cannot happen: ints and strings
	}
	return b
}

// leftOut returns the tiers of extra that cr's keys have no room for. The
// per-client key (client and aggregate scopes) and the user key each hold
// at most cache.MaxSizes sizes: cr's own always, then as many of extra's
// as fit, the largest first (a token left out of a long window weighs on
// its limit longer).
func (cr *compiledRules) leftOut(extra scopeTiers) (left scopeTiers) {
	keep := func(own, add []sizeLimit) (kept map[int64]bool) {
		kept = map[int64]bool{}
		n := len(own)
		for _, x := range slices.Backward(add) {
			switch {
			case kept[x.size()]:
			case slices.ContainsFunc(own, func(y sizeLimit) bool { return y.size() == x.size() }):
				kept[x.size()] = true // enforces a size the key counts in: none more
			case n < cache.MaxSizes:
				kept[x.size()] = true
				n++
			}
		}
		return kept
	}
	sizes := func(a, b []sizeLimit) []sizeLimit { // by size, distinct
		return scopeTiers{a}.union(scopeTiers{b})[0]
	}
	keptClient := keep(sizes(cr.own[scopeClient], cr.own[scopeAggregate]), sizes(extra[scopeClient], extra[scopeAggregate]))
	keptUser := keep(cr.own[scopeUser], extra[scopeUser])
	for s := range numScopes {
		kept := keptClient
		if scope(s) == scopeUser {
			kept = keptUser
		}
		for _, x := range extra[s] {
			if !kept[x.size()] {
				left[s] = append(left[s], x)
			}
		}
	}
	return left
}

// counted returns the tiers of extra that cr would count with: those it
// adds (adds), less those its keys have no room for (leftOut), which it
// returns too. Rules for which counted is empty decide as cr does.
func (cr *compiledRules) counted(extra scopeTiers) (added, left scopeTiers) {
	added = cr.adds(extra)
	left = cr.leftOut(added)
	return added.minus(left), left
}

// extendReserves adds extra's tiers to cr's: each scope's reserve gets
// them in size order (count-only ones with countOnlyLimit), and its tiers
// the enforced ones, so that a decision they bind has its headers. Those
// cr's keys have no room for (leftOut) are left out: the callers pass
// what counted kept, or a division of it.
func (cr *compiledRules) extendReserves(extra scopeTiers) {
	left := cr.leftOut(extra)
	for s := range numScopes {
		cs := &cr.scopes[s]
		var add []window.Tier
		var enforced []policy.Tier
		for _, x := range extra[s] {
			if slices.Contains(left[s], x) {
				continue
			}
			t := window.Tier{Limit: countOnlyLimit, Size: time.Duration(x.size()) * time.Second}
			if x.limit() >= 0 {
				t.Limit = x.limit()
				if t.Limit > 0 {
					// At least what a grant the scope decides costs
					// here: the other policy's costs may be lower, and
					// a limit below a cost refuses every such grant
					// (which a policy's own tiers may not: see
					// policy.Rules.CheckCosts).
					t.Limit = max(t.Limit, cr.maxCost(scope(s)))
				}
				enforced = append(enforced, policy.Tier(t))
			}
			add = append(add, t)
		}
		if len(add) == 0 {
			continue
		}
		res := slices.Clone(cs.reserve)
		for _, t := range add {
			// A size the reserve has is a count-only tier there (adds):
			// enforced in its place, so that the key holds each size once.
			if i := slices.IndexFunc(res, func(r window.Tier) bool { return r.Size == t.Size }); i >= 0 {
				res[i] = t
			} else {
				res = append(res, t)
			}
		}
		slices.SortStableFunc(res, func(a, b window.Tier) int { return int(a.Size/time.Second - b.Size/time.Second) })
		cs.reserve = res
		if len(enforced) > 0 {
			// Compiled as the scope's own (names, limits, soft limit), for
			// the headers of a decision they bind; not in window, which
			// stays what this policy enforces.
			ext, err := compileScope(scope(s), enforced, cr.rules.Soft)
			if err == nil { // cannot fail: sizes and limits were validated
				cs.tiers = append(slices.Clone(cs.tiers), ext.tiers...)
			}
		}
	}
	cr.clientPolicy = policyHeader(cr.scopes[scopeClient].tiers)
	cr.userPolicy = policyHeader(cr.scopes[scopeUser].tiers, cr.scopes[scopeAggregate].tiers)
	cr.aggregatePolicy = policyHeader(cr.scopes[scopeAggregate].tiers)
	cr.extra = extra.minus(left)
}

// maxCost returns the highest cost of the grants that scope s decides
// under cr's rules: client_credentials and the other grants without a
// user for the client scope, the user grants for the others.
func (cr *compiledRules) maxCost(s scope) int64 {
	var m int64
	for g := range policy.Grant(policy.NumGrants) {
		if g.IsUser() == (s != scopeClient) {
			m = max(m, cr.rules.Costs[g])
		}
	}
	return m
}

// divided returns a with each enforced limit divided by n, rounded up or
// down, as the outage modes divide a policy's (see divideTiers).
func (a scopeTiers) divided(n int64, roundUp bool) scopeTiers {
	var d scopeTiers
	for s := range numScopes {
		for _, x := range a[s] {
			if l := x.limit(); l > 0 {
				x[1] = l / n
				if roundUp && x[1]*n < l {
					x[1]++
				}
			}
			d[s] = append(d[s], x)
		}
	}
	return d
}

// applyTiers receives the tiers the other live instances publish (see
// syncer.Config.OnTiers) and, when their union changed, installs the
// policy again with them (Config.FleetTiers), the way a reload installs
// one.
func (l *Limiter) applyTiers(peers map[string][]byte) {
	if l.cfg.FleetTiers == FleetTiersIgnore {
		return
	}
	f, bad := decodeFleet(peers)
	if l.cfg.FleetTiers == FleetTiersCount {
		f = f.countOnly()
	}
	if len(bad) > 0 {
		l.log.Warn("tiers of other instances not understood; not counted in", "instances", bad)
	}
	l.setMu.Lock()
	defer l.setMu.Unlock()
	if cp := l.state.Load(); f.equal(l.fleet) || !cp.fleetAdds(f) && !cp.fleetAdds(l.fleet) {
		// Nothing to add for the others, now or before (a fleet on one
		// policy), or the same: no install; the instances are named
		// again (the same tiers, perhaps from other instances).
		l.fleet, l.fleetPeers = f, peers
		l.nameFleet(cp)
		return
	}
	was, wasPeers := l.fleet, l.fleetPeers
	l.fleet, l.fleetPeers = f, peers
	if err := l.install(l.base, l.mode, l.shared, fleetInstall); err != nil {
		// The same policy compiled before; the tiers added cannot fail.
		l.log.Error("fleet tiers not installed", "err", err)
		l.fleet, l.fleetPeers = was, wasPeers
		return
	}
	// Which instances bind this one, by name: any live instance's tiers
	// do (a stray one started by hand on the built-in policy against the
	// fleet's store adds 20000 an hour to every client), and neither the
	// install's record nor GET /admin/policy says whose they are.
	cp := l.state.Load()
	var by []string
	if cp.fleetAdds(f) {
		by = cp.adders(peers)
	}
	l.setFleetBy(cp, by)
}

// fleetInstall is why an install of the fleet's tiers is logged.
const fleetInstall = "fleet tiers"

// nameFleet names again, after an install that was not the fleet's, or
// a change of the fleet that needed none (setMu held), the other
// instances whose tiers add to cp, and logs it when they change: their tiers are cp's as compiled, and a reload that gives this
// instance the others' window sizes (the last instance of a rollout by
// SIGHUP) left them named, and the alert OAuthRateLimitFleetTiers firing,
// until an instance joined or left; one that took those sizes away named none.
func (l *Limiter) nameFleet(cp *compiledPolicy) {
	var by []string
	if cp.fleetAdds(l.fleet) {
		by = cp.adders(l.fleetPeers)
	}
	if !slices.Equal(by, l.fleetBy) {
		l.setFleetBy(cp, by)
	}
}

// setFleetBy records the other instances whose tiers add to cp's (setMu
// held), for EffectivePolicy and the metric
// oauth_ratelimit_fleet_tier_instances, and logs them: at WARN while
// there are any, with the tiers the defaults took and how many clients
// have tiers added (as fleetState names and lists them: not the tiers
// cache.MaxSizes left out, nor a client another instance lists whose
// tiers add none here), at INFO when the last goes.
func (l *Limiter) setFleetBy(cp *compiledPolicy, ids []string) {
	was := len(l.fleetBy)
	l.fleetBy = ids
	l.metrics.setFleetInstances(len(ids))
	switch {
	case len(ids) > 0:
		clients := 0
		for _, cr := range cp.byClient {
			if !cr.extra.empty() {
				clients++
			}
		}
		l.log.Warn("counting in the tiers of other instances' policies", "instances", ids,
			"enforced", l.cfg.FleetTiers == FleetTiersEnforce, "defaults", cp.defaults.extra.String(), "clients", clients)
	case was > 0:
		l.log.Info("no longer counting in the tiers of other instances' policies")
	}
}

// maxFleetClients bounds the clients EffectivePolicy lists with tiers of
// other instances; FleetState.Unlisted counts the rest.
const maxFleetClients = 100

// FleetState is what this instance counts in for the other live
// instances, while they run other policies (see Config.FleetTiers).
type FleetState struct {
	// Instances are the other instances whose tiers this one counts in,
	// by ID; none while the fleet runs policies of the same windows.
	Instances []string
	// Enforced reports whether their tiers are enforced here
	// (FleetTiersEnforce) or only counted in (FleetTiersCount).
	Enforced bool
	// Defaults are the tiers added to the rules of the clients this
	// policy does not list, as "client=3600s:20000 user=3600s:1000" (a
	// size without a limit: count-only); "" for none.
	Defaults string
	// Clients are the clients with rules of their own, here or on another
	// instance, that have tiers added, by ID (at most maxFleetClients,
	// 100).
	Clients []FleetClient
	// Unlisted counts the clients with tiers added that Clients leaves
	// out.
	Unlisted int
}

// FleetClient is a client's tiers added for the other instances.
type FleetClient struct {
	// Client is the client ID.
	Client string
	// Added are the tiers added to its rules, written as FleetState's
	// Defaults are.
	Added string
}

// fleetState returns cp's FleetState, with instances by (setMu held).
func (cp *compiledPolicy) fleetState(by []string, enforced bool) FleetState {
	fs := FleetState{Instances: slices.Clone(by), Enforced: enforced, Defaults: cp.defaults.extra.String()}
	if len(by) == 0 {
		return fs
	}
	for _, id := range slices.Sorted(maps.Keys(cp.byClient)) {
		cr := cp.byClient[id]
		if cr.extra.empty() {
			continue
		}
		if len(fs.Clients) == maxFleetClients {
			fs.Unlisted++
			continue
		}
		fs.Clients = append(fs.Clients, FleetClient{Client: id, Added: cr.extra.String()})
	}
	return fs
}

// adders returns the instances of peers (sorted) whose published tiers
// alone add tiers to cp's rules.
func (cp *compiledPolicy) adders(peers map[string][]byte) []string {
	ids := []string{}
	byData := map[string]bool{}
	for _, id := range slices.Sorted(maps.Keys(peers)) {
		add, ok := byData[string(peers[id])]
		if !ok {
			f, bad := decodeFleet(map[string][]byte{id: peers[id]})
			add = len(bad) == 0 && cp.fleetAdds(f)
			byData[string(peers[id])] = add
		}
		if add {
			ids = append(ids, id)
		}
	}
	return ids
}

// fleetAdds reports whether f names a size that cp's own rules do not
// count in and have room for (counted): only then does counting for the
// fleet change a decision.
func (cp *compiledPolicy) fleetAdds(f *peerTiers) bool {
	if f == nil {
		return false
	}
	adds := func(r *policy.Rules, extra scopeTiers) bool {
		added, _ := cp.rules[r].counted(extra)
		return !added.empty()
	}
	if adds(cp.pol.Defaults(), f.defaults) {
		return true
	}
	for id, sz := range f.clients {
		if adds(cp.pol.For(id), sz) {
			return true
		}
	}
	for _, id := range cp.pol.Clients() {
		if adds(cp.pol.For(id), f.forClient(id)) {
			return true
		}
	}
	return false
}

// countOnly returns f with every tier count-only.
func (f *peerTiers) countOnly() *peerTiers {
	g := &peerTiers{defaults: f.defaults.countOnly(), clients: make(map[string]scopeTiers, len(f.clients))}
	for id, sz := range f.clients {
		g.clients[id] = sz.countOnly()
	}
	return g
}

// countOnly returns a with every tier count-only.
func (a scopeTiers) countOnly() scopeTiers {
	var out scopeTiers
	for s := range numScopes {
		for _, x := range a[s] {
			out[s] = append(out[s], sizeLimit{x.size(), -1})
		}
	}
	return out
}

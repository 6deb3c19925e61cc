// Store outages: the live instances, and the limits of the policy's outage
// modes while the store is down.

package oauthratelimit

import (
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Instances returns the live instances of the limiter as of this
// instance's last read of the heartbeats, this one included, with the
// largest live count seen lately (see syncer.Syncer.LiveInstances): for the
// admin API and the status page.
func (l *Limiter) Instances() syncer.Instances { return l.syncer.LiveInstances() }

// outageLevel is what the outage modes apply: the number of instances the
// pessimistic and the share modes divide a limit by; 0 or 1: the normal
// limits (the store answers, or no other instance is known).
type outageLevel struct {
	pessimistic, share int
}

// levelOf returns the level for the store's state o: while it is down, the
// pessimistic mode divides by the largest live count of the last ten
// minutes before the outage (an instance that left or crashed just before
// may come back, and a rolling deploy briefly runs more), the share mode by
// the live count at the last read before it.
func levelOf(o syncer.Outage) outageLevel {
	if !o.Down {
		return outageLevel{}
	}
	return outageLevel{pessimistic: o.MaxLive, share: o.Live}
}

// onHeartbeat is the Syncer's Config.OnHeartbeat: it applies the outage
// modes to the current policy when the store's state calls for another
// level than the policy has. It runs on the Syncer's heartbeat goroutine
// only (see syncer.Syncer.Run), which is what guards compiledPolicy.outage
// once the policy is installed (install sets the level of a new policy
// before it shares it, so a policy installed during an outage has the
// outage's limits at once).
func (l *Limiter) onHeartbeat(o syncer.Outage) {
	cp := l.state.Load()
	lv := levelOf(o)
	if cp.outage == lv {
		return
	}
	was := cp.outage
	cp.setOutage(lv)
	switch {
	case lv == outageLevel{}:
		// No live count here: the first read after an outage finds
		// the peers' heartbeats where they stopped, so it would name
		// only the peers that beat again before it (an outside audit
		// read "2" with 3 live). GET /admin/instances has it a few
		// heartbeats later.
		l.log.Info("store answers again: normal limits")
	case was == outageLevel{}:
		l.log.Warn("store down: outage limits", "since", o.Contact, "live_instances", o.Live, "max_live_instances", o.MaxLive)
	}
}

// Outage returns the store's state as this instance sees it: whether the
// outage modes apply (Down), when the store last answered, and the live
// instances they divide by.
func (l *Limiter) Outage() syncer.Outage { return l.syncer.Outage() }

// setOutage gives every rules of cp the variant that lv calls for (see
// compiledRules.outage), or none.
func (cp *compiledPolicy) setOutage(lv outageLevel) {
	for _, cr := range cp.all {
		d := cr.divided(lv)
		if d != nil {
			d.compileTiers(cp.cache)
		}
		cr.outage.Store(d)
	}
	cp.outage = lv
}

// divided returns cr with the limits of its tiers divided as its outage
// mode asks at level lv, or nil if the normal limits apply: pessimistic,
// floor(limit ÷ lv.pessimistic), so that the fleet never admits more than
// the limit; share, ceil(limit ÷ lv.share), so that every instance admits
// something (at most share-1 over the limit). The estimate a request is
// decided on is this instance's, the store's counts as last read plus its
// own: the counts of before the outage weigh on the part of every instance
// that had read them until their frames leave the window, and the fleet
// admits at most n parts during the outage whatever each had read.
func (cr *compiledRules) divided(lv outageLevel) *compiledRules {
	var n int
	roundUp := false
	switch cr.rules.Outage {
	case policy.OutagePessimistic:
		n = lv.pessimistic
	case policy.OutageShare:
		n, roundUp = lv.share, true
	}
	if n <= 1 {
		return nil
	}
	r := *cr.rules
	r.Client = divideTiers(r.Client, int64(n), roundUp)
	r.User = divideTiers(r.User, int64(n), roundUp)
	r.Aggregate = divideTiers(r.Aggregate, int64(n), roundUp)
	d, err := compileRules(&r, cr.label)
	if err != nil {
		// Cannot happen: the same windows, smaller limits. (compileRules
		// does not check costs against limits, which a divided limit may
		// well fall below: see checkOverride.)
		return nil
	}
	// The request path reads the mode, trust and costs from rules, and
	// counts in the client's metrics (the same cells).
	d.rules = cr.rules
	d.metrics = cr.metrics
	d.extendReserves(cr.extra.divided(int64(n), roundUp)) // the fleet's tiers, divided too
	return d
}

// divideTiers returns a copy of ts with each limit divided by n, rounded
// up or down.
func divideTiers(ts []policy.Tier, n int64, roundUp bool) []policy.Tier {
	out := make([]policy.Tier, len(ts))
	for i, t := range ts {
		t.Limit /= n
		if roundUp && t.Limit*n < ts[i].Limit {
			t.Limit++
		}
		out[i] = t
	}
	return out
}

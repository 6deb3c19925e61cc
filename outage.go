// Store outages: the live instances (and, to come, the limits of the
// policy's outage modes while the store is down).

package oauthratelimit

import "github.com/oauth-ratelimit/oauth-ratelimit/syncer"

// Instances returns the live instances of the limiter as of this
// instance's last read of the heartbeats, this one included, with the
// largest live count seen lately (see syncer.Syncer.LiveInstances): for the
// admin API and the status page.
func (l *Limiter) Instances() syncer.Instances { return l.syncer.LiveInstances() }

package main

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// statusRefresh is how often the status page reloads itself in a browser.
const statusRefresh = 10 * time.Second

// statusEndpoints are the admin routes of the status page.
var statusEndpoints = []adminEndpoint{
	{"GET /admin/{$}", "the status page, HTML for a browser: global mode, store health, live instances and their clock skew, the other instances whose tiers this one counts in, the top keys with used/limit bars, the dry-run keys enforce would deny (read-only; the token may be given as the password of HTTP Basic here, and only here)", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.StatusPage(s.status, statusRefresh)
	}},
}

// status gathers what the status page shows besides the keys.
func (s *server) status() admin.Status {
	ep := s.lim.EffectivePolicy()
	h := s.health.status()
	st := admin.Status{
		Mode:       ep.Defaults.Mode.Value.String(),
		ModeSource: ep.Defaults.Mode.Source,
		Policy:     ep.Source,
		Store:      admin.StoreStatus{Kind: h.Kind, State: string(h.State), Since: h.Since, Error: h.Error},
		Fleet:      ep.Fleet,
	}
	for _, o := range ep.Overrides {
		switch {
		case o.Client == syncer.GlobalOverride: // the mode, shown as such
		case o.Applied():
			st.Overrides++
		default:
			st.Skipped++
		}
	}
	if h.LastOK != nil {
		st.Store.LastOK = *h.LastOK
	}
	// Until the heartbeats are first read, the live instances stay nil:
	// the page says unknown rather than count this one alone.
	if in := s.lim.Instances(); !in.Read.IsZero() {
		now := time.Now()
		st.Instances = make([]admin.InstanceStatus, len(in.Live))
		for i, l := range in.Live {
			// Age is by this instance's clock (skew between hosts does
			// not enter), and so is the time it is shown against.
			st.Instances[i] = admin.InstanceStatus{Name: l.ID, Seen: now.Add(-l.Age), Skew: l.Skew}
		}
	}
	return st
}

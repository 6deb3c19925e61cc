package main

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// overridesStartTimeout bounds the read of the runtime overrides before
// the server serves: long enough for a store that answers, short enough
// that a store that is down delays the start by little (the first pull
// then reads them).
const overridesStartTimeout = 2 * time.Second

// overrideEndpoints are the admin routes of the runtime overrides shared
// through the store and the effective policy.
var overrideEndpoints = []adminEndpoint{
	{"GET /admin/overrides", "the runtime overrides shared through the store, as this instance last read them (each in force, or skipped and why)", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.ListOverrides
	}},
	{"PUT /admin/overrides/{client}", `{"mode": "enforce"|"dry-run", "trusted": true|false, "client": [{"limit": 60, "window": "1m"}], "user": [...], "aggregate": [...]|"none", "soft_limit": 0.8, "costs": {...}}, each optional: the client's rules on every instance within a sync interval, over the policy file, through reloads and restarts (400 names a bad field; 503 if the store does not answer)`, func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.PutOverride
	}},
	{"DELETE /admin/overrides/{client}", "remove the client's override on every instance (404 if none)", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.DeleteOverride
	}},
	{"GET /admin/policy", "the policy in force here: file, --mode and overrides, each value with its source (override, flag, file, defaults), the overrides with their versions, and whether the last read of the policy file was installed or refused", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.EffectivePolicy
	}},
}

package main

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
)

// resetEndpoints are the admin routes of resetting a key through the store.
var resetEndpoints = []adminEndpoint{
	{"POST /admin/keys/{client}/reset", `({} or no body) clear the client's key for every instance, through the store: every instance drops the counts it made before it learns of the reset (within a sync interval, or at the key's next use), and none writes them back; 200 {"client", "user", "reset_epoch", "version", "cleared" (what the store's document counted when read: a lower bound), "dropped_here", "instance"}, 404 if neither the store nor this instance knows the key, 503 if the store does not answer (the description says whether the reset did not happen or may have)`, func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.ResetKey
	}},
	{"POST /admin/keys/{client}/{user}/reset", "the same for a user's key (percent-encode / in either as %2F)", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.ResetKey
	}},
	{"POST " + admin.NoClientKeysPath + "/reset", "the same for the key of the requests that named no client (an empty client ID)", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.ResetKey
	}},
	{"POST " + admin.NoClientKeysPath + "/{user}/reset", "the same for a user's key of the requests that named no client", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.admin.ResetKey
	}},
}

package admin

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Endpoint is one route of the admin API: a net/http.ServeMux pattern
// (method and path) and what it does, as the server's --help lists it.
type Endpoint struct {
	Pattern, Doc string
}

// Endpoints returns the routes a Server serves, in the order --help lists
// them. GET /metrics is served only with a Config.Gatherer, POST
// /admin/reload does something only with a Config.Reload.
func Endpoints() []Endpoint {
	out := make([]Endpoint, len(routes))
	for i, r := range routes {
		out[i] = Endpoint{r.pattern, r.doc}
	}
	return out
}

// route is one route of the admin API: its pattern, its doc, and its
// handler on a Server built by New (the Limiter's).
type route struct {
	pattern string
	doc     string
	handler func(s *Server) http.HandlerFunc
}

// routes are the admin API's, from the tables of the files that define
// them.
var routes = slices.Concat(coreRoutes, resetRoutes, overrideRoutes, instanceRoutes, statusRoutes)

// routes returns the mux of the admin API (without the guard). A request
// that no route serves is answered in JSON, as every other refusal is:
// net/http's own answers are text ("404 page not found"), which name
// neither what was wrong nor what is served (see noRoute).
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	served := make([]string, 0, len(routes))
	for _, r := range routes {
		if r.pattern == "GET /metrics" && s.cfg.Gatherer == nil {
			continue // see Config.Gatherer
		}
		mux.HandleFunc(r.pattern, r.handler(s))
		served = append(served, strings.TrimSuffix(r.pattern, "{$}")) // the status page: GET /admin/
	}
	// "/" is the least specific pattern: it gets only what no route
	// matches, by path or by method.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { noRoute(mux, served, w, r) })
	return mux
}

// noRoute answers a request that no route of mux serves: 405, with Allow,
// when its path is served under other methods (a POST to a GET route),
// else 404 naming the endpoints served (a typo in the path, a trailing
// slash).
func noRoute(mux *http.ServeMux, served []string, w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		other := r.Clone(r.Context())
		other.Method = m
		if _, p := mux.Handler(other); p != "" && p != "/" {
			allow = append(allow, m)
		}
	}
	if len(allow) > 0 {
		// Allow names HEAD too where GET is taken: a GET route answers
		// it (net/http's own 405 said "GET, HEAD").
		header := allow
		if i := slices.Index(allow, http.MethodGet); i >= 0 {
			header = slices.Insert(slices.Clone(allow), i+1, http.MethodHead)
		}
		w.Header().Set("Allow", strings.Join(header, ", "))
		writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", fmt.Sprintf("%s %q: this path takes %s", r.Method, r.URL.Path, strings.Join(allow, " or ")))
		return
	}
	writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("%s %q: no such endpoint; the endpoints are %s (--help describes each)", r.Method, r.URL.Path, strings.Join(served, ", ")))
}

// coreRoutes are the probes, the metrics, the mode, reload and the key
// views.
var coreRoutes = []route{
	{"GET /metrics", "Prometheus metrics", func(s *Server) http.HandlerFunc {
		var opts promhttp.HandlerOpts
		if reg, ok := s.cfg.Gatherer.(prometheus.Registerer); ok {
			// promhttp's count of its own errors on the same registry,
			// as the server had it (an already registered one is reused).
			opts.Registry = reg
		}
		return promhttp.HandlerFor(s.cfg.Gatherer, opts).ServeHTTP
	}},
	{"GET /healthz", "200 while the process runs (liveness)", func(*Server) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") }
	}},
	{"GET /readyz", "200 when serving (503 while shutting down, or, with --require-store, until the store answers); JSON with the store's state", func(s *Server) http.HandlerFunc {
		if s.cfg.Ready != nil {
			return s.cfg.Ready
		}
		return s.readyz
	}},
	{"GET /admin/mode", "the global mode and the policy's source, as JSON", func(s *Server) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) { s.writeMode(w) }
	}},
	{"POST /admin/mode", `{"mode": "enforce"|"dry-run"} (or ?mode=): switch the global mode of every instance, through the store (over --mode and the file, through reloads and restarts; 503 if the store does not answer)`, func(s *Server) http.HandlerFunc {
		return s.setMode
	}},
	{"DELETE /admin/mode", "drop the shared switch: each instance returns to its --mode, else its policy's mode (503 if the store does not answer)", func(s *Server) http.HandlerFunc {
		return s.clearMode
	}},
	{"GET /admin/keys/{client}", "a client's key on this instance: per tier the store's counts, the unflushed local ones, open reservations, used, remaining, retry-after; mode, trusted, snapshot version, and the age of this instance's last pull (not of this key's snapshot) (404 if not held here)", func(s *Server) http.HandlerFunc {
		return s.keyState
	}},
	{"GET /admin/keys/{client}/{user}", "the same for a user's key (percent-encode / in either as %2F)", func(s *Server) http.HandlerFunc {
		return s.keyState
	}},
	{"GET " + NoClientKeysPath, "the same for the key of the requests that named no client (an empty client ID, which /admin/keys/{client} cannot name)", func(s *Server) http.HandlerFunc {
		return s.keyState
	}},
	{"GET " + NoClientKeysPath + "/{user}", "the same for a user's key of the requests that named no client", func(s *Server) http.HandlerFunc {
		return s.keyState
	}},
	{"GET /admin/top", "?n=20: the keys nearest or over a limit on this instance, by usage ratio (n 1 to 1000), each with its /admin/keys path, percent-encoded from the raw bytes, and a user with user_hmac, the pseudonym the dry-run log names it by", func(s *Server) http.HandlerFunc {
		return s.topKeys
	}},
	{"POST /admin/reload", "reload the policy file, as SIGHUP does (400 and the running policy kept if it is not valid); 200 with the global mode, what the file changed (file_changed, defaults_changed, client_changes, clients_added ...) and what changed in force here (in_force_changed, in_force_...: a rule a runtime override sets is not)", func(s *Server) http.HandlerFunc {
		return s.reload
	}},
}

// setMode serves POST /admin/mode: the shared switch, through the store.
func (s *Server) setMode(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Mode string `json:"mode"`
	}
	if err := decodeBody(r, &body); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	q := r.URL.Query().Get("mode")
	if body.Mode == "" && q == "" || body.Mode != "" && q != "" {
		writeError(w, http.StatusBadRequest, "invalid_request", `mode: want it once, enforce or dry-run, in the body ({"mode": "enforce"}) or in the query (?mode=enforce)`)
		return
	}
	m, err := policy.ParseMode(cmp.Or(body.Mode, q))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", "mode: "+err.Error())
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), StoreTimeout)
	defer cancel()
	if err := s.lim.SetSharedMode(ctx, m); err != nil {
		writeError(w, http.StatusServiceUnavailable, "store_unavailable", err.Error()+"; the mode was not changed, try again when the store answers (GET /readyz)")
		return
	}
	if l := s.cfg.Logger; l != nil {
		l.Info("mode switched on every instance", "mode", m.String())
	}
	s.writeMode(w)
}

// clearMode serves DELETE /admin/mode: the shared switch dropped.
func (s *Server) clearMode(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), StoreTimeout)
	defer cancel()
	if _, err := s.lim.ClearSharedMode(ctx); err != nil {
		writeError(w, http.StatusServiceUnavailable, "store_unavailable", err.Error()+"; the mode was not changed, try again when the store answers (GET /readyz)")
		return
	}
	if l := s.cfg.Logger; l != nil {
		l.Info("shared mode cleared", "mode", s.lim.Policy().Defaults().Mode.String())
	}
	s.writeMode(w)
}

// reload serves POST /admin/reload with Config.Reload.
func (s *Server) reload(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Reload == nil {
		writeError(w, http.StatusNotImplemented, "not_implemented", "this server reloads no policy (admin.Config.Reload is not set)")
		return
	}
	changes, err := s.cfg.Reload()
	switch {
	case errors.Is(err, ErrNothingToReload):
		writeError(w, http.StatusConflict, "conflict", err.Error())
		return
	case err != nil:
		writeError(w, http.StatusBadRequest, "invalid_policy", err.Error())
		return
	}
	s.writeMode(w, changes...)
}

// writeMode answers the global mode in force here, where it comes from
// (override, flag, file or defaults) and the policy's source, and each
// of more as a field of its own.
func (s *Server) writeMode(w http.ResponseWriter, more ...slog.Attr) {
	m := s.lim.EffectivePolicy().Defaults.Mode
	body := map[string]any{"mode": m.Value.String(), "source": m.Source, "policy": s.lim.Policy().Source()}
	for _, a := range more {
		body[a.Key] = a.Value.Any()
	}
	w.Header().Set("Content-Type", "application/json")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // "client 10/1m -> 3/1m", not "-\u003e"
	enc.Encode(body)
}

// readyz is GET /readyz without a Config.Ready: 200 while the handler
// answers; a store that does not answer does not stop decisions (they go
// on from memory), so it only gives a reason.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Ready  bool   `json:"ready"`
		Reason string `json:"reason,omitempty"`
	}
	body.Ready = true
	if s.lim.Outage().Down {
		body.Reason = "the store does not answer: deciding from this instance's memory"
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(body)
}

// instanceRoutes are the routes of the live instances, from the heartbeats
// every instance keeps in the store (syncer.InstanceStore).
var instanceRoutes = []route{
	{"GET /admin/instances", "the instances sharing the store, live by their heartbeats (this one's view: read at, age of each beat by this clock, how far each clock is off this one's), and whether the store's outage modes apply", func(s *Server) http.HandlerFunc {
		return s.instances
	}},
}

// instanceJSON is one live instance in the answer of GET /admin/instances.
type instanceJSON struct {
	ID      string `json:"id"`
	Self    bool   `json:"self,omitempty"`
	Version string `json:"version,omitempty"`
	// Started is by the instance's own clock.
	Started *time.Time `json:"started,omitempty"`
	// AgeSeconds is how long ago this instance saw the other's heartbeat
	// move, by this instance's clock.
	AgeSeconds float64 `json:"age_seconds"`
	// SkewSeconds is how far its clock is at least ahead of this one's
	// (negative: behind), as its heartbeats show (syncer.Instance.Skew);
	// 0 when within a sync interval, and for this instance.
	SkewSeconds float64 `json:"skew_seconds"`
}

// instances answers GET /admin/instances.
func (s *Server) instances(w http.ResponseWriter, _ *http.Request) {
	in, o := s.lim.Instances(), s.lim.Outage()
	var answer struct {
		Instance string `json:"instance"`
		// Read is when this instance last read the heartbeats; null:
		// never (the live list is then this instance alone, unknown).
		Read    *time.Time     `json:"read"`
		Live    []instanceJSON `json:"live"`
		MaxLive int            `json:"max_live"`
		Outage  struct {
			Down    bool      `json:"down"`
			Contact time.Time `json:"store_last_answered"`
		} `json:"outage"`
	}
	answer.Instance = s.lim.Instance()
	if !in.Read.IsZero() {
		answer.Read = &in.Read
	}
	answer.Live = make([]instanceJSON, len(in.Live))
	for i, l := range in.Live {
		j := instanceJSON{ID: l.ID, Self: l.Self, Version: l.Version, AgeSeconds: math.Round(l.Age.Seconds()*1000) / 1000,
			SkewSeconds: math.Round(l.Skew.Seconds()*1000) / 1000}
		if !l.Started.IsZero() {
			j.Started = &l.Started
		}
		answer.Live[i] = j
	}
	answer.MaxLive = in.MaxLive
	answer.Outage.Down, answer.Outage.Contact = o.Down, o.Contact
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(answer)
}

// resetRoutes are the routes of resetting a key through the store.
var resetRoutes = []route{
	{"POST /admin/keys/{client}/reset", `({} or no body) clear the client's key for every instance, through the store: every instance drops the counts it made before it learns of the reset (within a sync interval, or at the key's next use), and none writes them back; 200 {"client", "user", "reset_epoch", "version", "cleared" (what the store's document counted when read: a lower bound), "dropped_here", "instance"}, 404 if neither the store nor this instance knows the key, 503 if the store does not answer (the description says whether the reset did not happen or may have)`, func(s *Server) http.HandlerFunc {
		return s.resetKey
	}},
	{"POST /admin/keys/{client}/{user}/reset", "the same for a user's key (percent-encode / in either as %2F)", func(s *Server) http.HandlerFunc {
		return s.resetKey
	}},
	{"POST " + NoClientKeysPath + "/reset", "the same for the key of the requests that named no client (an empty client ID)", func(s *Server) http.HandlerFunc {
		return s.resetKey
	}},
	{"POST " + NoClientKeysPath + "/{user}/reset", "the same for a user's key of the requests that named no client", func(s *Server) http.HandlerFunc {
		return s.resetKey
	}},
}

// overrideRoutes are the routes of the runtime overrides shared through
// the store and the effective policy.
var overrideRoutes = []route{
	{"GET /admin/overrides", "the runtime overrides shared through the store, as this instance last read them (each in force, or skipped and why)", func(s *Server) http.HandlerFunc {
		return s.listOverrides
	}},
	{"PUT /admin/overrides/{client}", `{"mode": "enforce"|"dry-run", "trusted": true|false, "client": [{"limit": 60, "window": "1m"}], "user": [...], "aggregate": [...]|"none", "soft_limit": 0.8, "costs": {...}}, each optional: the client's rules on every instance within a sync interval, over the policy file, through reloads and restarts (400 names a bad field; 503 if the store does not answer)`, func(s *Server) http.HandlerFunc {
		return s.putOverride
	}},
	{"DELETE /admin/overrides/{client}", "remove the client's override on every instance (404 if none)", func(s *Server) http.HandlerFunc {
		return s.deleteOverride
	}},
	{"GET /admin/policy", "the policy in force here: file, --mode and overrides, each value with its source (override, flag, file, defaults), the overrides with their versions, and whether the last read of the policy file was installed or refused", func(s *Server) http.HandlerFunc {
		return s.effectivePolicy
	}},
}

// statusRoutes are the routes of the status page.
var statusRoutes = []route{
	{"GET /admin/{$}", "the status page, HTML for a browser: global mode, store health, live instances and their clock skew, the other instances whose tiers this one counts in, the top keys with used/limit bars, the dry-run keys enforce would deny (read-only; the token may be given as the password of HTTP Basic here, and only here)", func(s *Server) http.HandlerFunc {
		return s.statusPage(s.status, max(s.cfg.StatusRefresh, 0))
	}},
}

// status gathers what the status page shows besides the keys.
func (s *Server) status() statusInfo {
	ep := s.lim.EffectivePolicy()
	st := statusInfo{
		Mode:       ep.Defaults.Mode.Value.String(),
		ModeSource: ep.Defaults.Mode.Source,
		Policy:     ep.Source,
		Fleet:      ep.Fleet,
	}
	if s.cfg.Store != nil {
		st.Store = s.cfg.Store()
	} else {
		o := s.lim.Outage()
		st.Store = StoreStatus{Kind: "store", State: "ok", LastOK: o.Contact}
		if o.Down {
			st.Store.State = "unreachable"
		}
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
	// Until the heartbeats are first read, the live instances stay nil:
	// the page says unknown rather than count this one alone.
	if in := s.lim.Instances(); !in.Read.IsZero() {
		now := s.cfg.Now()
		st.Instances = make([]instanceStatus, len(in.Live))
		for i, l := range in.Live {
			// Age is by this instance's clock (skew between hosts does
			// not enter), and so is the time it is shown against.
			st.Instances[i] = instanceStatus{Name: l.ID, Seen: now.Add(-l.Age), Skew: l.Skew}
		}
	}
	return st
}

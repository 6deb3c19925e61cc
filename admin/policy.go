package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// policyEditor is what the override and policy endpoints use of the limiter;
// *oauthratelimit.Limiter implements it.
type policyEditor interface {
	// Instance returns the name this instance writes under.
	Instance() string
	// Overrides returns the runtime overrides this instance last read.
	Overrides() []oauthratelimit.OverrideState
	// PutOverride sets a client's runtime override on every instance.
	PutOverride(ctx context.Context, clientID string, o policy.RuntimeOverride) (oauthratelimit.OverrideState, error)
	// DeleteOverride removes a client's runtime override.
	DeleteOverride(ctx context.Context, clientID string) error
	// EffectivePolicy returns the policy in force, with sources.
	EffectivePolicy() oauthratelimit.EffectivePolicy
}

// StoreTimeout bounds the store calls of one admin request: the operator
// waits for the answer, and a store that does not answer gets a 503.
const StoreTimeout = 10 * time.Second

// overrideJSON is a runtime override in the answers.
type overrideJSON struct {
	Client string `json:"client"`
	// Global marks the global entry (the shared mode of POST /admin/mode).
	Global  bool            `json:"global,omitempty"`
	Spec    json.RawMessage `json:"spec"`
	Version int64           `json:"version"`
	Updated time.Time       `json:"updated"`
	By      string          `json:"by"`
	// Applied says whether the override is in force on this instance;
	// Error why not.
	Applied bool   `json:"applied"`
	Error   string `json:"error,omitempty"`
}

func toOverrideJSON(o oauthratelimit.OverrideState) overrideJSON {
	return overrideJSON{
		Client: o.Client, Global: o.Client == syncer.GlobalOverride, Spec: json.RawMessage(o.Spec),
		Version: o.Version, Updated: o.Updated, By: o.By, Applied: o.Applied(), Error: o.Error,
	}
}

// listOverrides serves GET /admin/overrides: the runtime overrides this
// instance read last from the store, in force or skipped.
func (s *Server) listOverrides(w http.ResponseWriter, r *http.Request) {
	p := s.pol
	out := []overrideJSON{}
	for _, o := range p.Overrides() {
		out = append(out, toOverrideJSON(o))
	}
	writeJSON(w, struct {
		Instance  string         `json:"instance"`
		Overrides []overrideJSON `json:"overrides"`
	}{p.Instance(), out})
}

// putOverride serves PUT /admin/overrides/{client}: the JSON body (the
// fields of a client's entry in a policy file, each optional) becomes the
// client's override on every instance, replacing any. 400 names the field
// that is wrong; 409 when MaxOverrides clients have one; 503 when the store
// does not answer (nothing changed). 200 with the override written.
func (s *Server) putOverride(w http.ResponseWriter, r *http.Request) {
	p := s.pol
	client := r.PathValue("client")
	data, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
	switch {
	case err != nil:
		writeError(w, http.StatusBadRequest, "invalid_request", "body: "+err.Error())
		return
	case len(data) > maxBodyBytes:
		writeError(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("body: more than %d bytes; an override is a few fields", maxBodyBytes))
		return
	}
	o, err := policy.ParseOverride(data)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", "body: "+err.Error())
		return
	}
	// A client without rules of its own here (no entry in the policy
	// file, no override) is set all the same, since any client ID a
	// request names may get rules; but it is how a mistyped client ID
	// looks, which would otherwise answer 200 like the intended one.
	ep := p.EffectivePolicy()
	known := slices.ContainsFunc(ep.Clients, func(c oauthratelimit.EffectiveRules) bool { return c.Client == client })
	ctx, cancel := context.WithTimeout(r.Context(), StoreTimeout)
	defer cancel()
	st, err := p.PutOverride(ctx, client, o)
	if err != nil {
		s.writeOverrideError(w, err)
		return
	}
	if l := s.cfg.Logger; l != nil {
		l.Info("runtime override set", "client_id", client, "version", st.Version, "spec", string(st.Spec), "new_client", !known)
	}
	answer := struct {
		overrideJSON
		Note string `json:"note,omitempty"`
	}{overrideJSON: toOverrideJSON(st)}
	if !known {
		answer.Note = fmt.Sprintf("client %q had no rules of its own on instance %s (no entry in the policy file %s, no override): "+
			"the override gives it some, for the requests that name exactly this client ID; if the ID is mistyped, "+
			"DELETE /admin/overrides/%s (GET /admin/top lists the keys in use on this instance)",
			client, p.Instance(), ep.Source, url.PathEscape(client))
	}
	writeJSON(w, answer)
}

// deleteOverride serves DELETE /admin/overrides/{client}: the client's
// override is removed on every instance. 404 if there is none; 503 when the
// store does not answer.
func (s *Server) deleteOverride(w http.ResponseWriter, r *http.Request) {
	p := s.pol
	client := r.PathValue("client")
	ctx, cancel := context.WithTimeout(r.Context(), StoreTimeout)
	defer cancel()
	if err := p.DeleteOverride(ctx, client); err != nil {
		if errors.Is(err, oauthratelimit.ErrNoOverride) {
			writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf("no runtime override of client %q (GET /admin/overrides lists them)", client))
			return
		}
		s.writeOverrideError(w, err)
		return
	}
	if l := s.cfg.Logger; l != nil {
		l.Info("runtime override deleted", "client_id", client)
	}
	writeJSON(w, struct {
		Client  string `json:"client"`
		Deleted bool   `json:"deleted"`
	}{client, true})
}

// writeOverrideError answers a failed override write: 503 if the store did
// not take it, 409 if there are too many, 400 otherwise (the override or
// client ID is not valid, or its rules cannot be used).
func (s *Server) writeOverrideError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, oauthratelimit.ErrOverrideStore):
		writeError(w, http.StatusServiceUnavailable, "store_unavailable", err.Error()+"; nothing was changed, try again when the store answers (GET /readyz)")
	case errors.Is(err, oauthratelimit.ErrTooManyOverrides):
		writeError(w, http.StatusConflict, "too_many_overrides", err.Error())
	default:
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error())
	}
}

// sourcedJSON is one value of the effective policy with its source.
type sourcedJSON struct {
	Value     any    `json:"value"`
	Source    string `json:"source"`
	Inherited bool   `json:"inherited,omitempty"`
	Version   int64  `json:"override_version,omitempty"`
}

func sourced[T any](v oauthratelimit.Sourced[T], value any) sourcedJSON {
	return sourcedJSON{Value: value, Source: v.Source, Inherited: v.Inherited, Version: v.Version}
}

// rulesJSON is one client's rules (or the defaults) in GET /admin/policy,
// field by field as a policy file names them.
type rulesJSON map[string]sourcedJSON

func toRulesJSON(r oauthratelimit.EffectiveRules) rulesJSON {
	out := rulesJSON{
		"mode":       sourced(r.Mode, r.Mode.Value.String()),
		"trusted":    sourced(r.Trusted, r.Trusted.Value),
		"soft_limit": sourced(r.SoftLimit, r.SoftLimit.Value),
		"outage":     sourced(r.Outage, r.Outage.Value.String()),
	}
	for i, t := range r.Tiers {
		out[oauthratelimit.ScopeNames[i]] = sourced(t, policy.TiersJSON(t.Value))
	}
	return out
}

// effectivePolicy serves GET /admin/policy: the policy in force on this
// instance (the file, this process's --mode, the runtime overrides), each
// value with its source (override, flag, file or defaults), and the
// overrides read from the store with their versions.
func (s *Server) effectivePolicy(w http.ResponseWriter, r *http.Request) {
	p := s.pol
	ep := p.EffectivePolicy()
	clients := make(map[string]rulesJSON, len(ep.Clients))
	for _, c := range ep.Clients {
		clients[c.Client] = toRulesJSON(c)
	}
	overrides := []overrideJSON{}
	for _, o := range ep.Overrides {
		overrides = append(overrides, toOverrideJSON(o))
	}
	var file *policyFileJSON
	if st := s.policyFile(); st.Path != "" {
		file = &policyFileJSON{Path: st.Path, LastReload: "installed", Error: st.Refused, At: st.At.UTC().Format(time.RFC3339Nano)}
		if st.Refused != "" {
			file.LastReload = "refused: an earlier policy runs"
		}
	}
	var fleet *fleetJSON
	if f := ep.Fleet; len(f.Instances) > 0 {
		fleet = &fleetJSON{Instances: f.Instances, Enforced: f.Enforced, Defaults: f.Defaults, Clients: map[string]string{}, Unlisted: f.Unlisted}
		for _, c := range f.Clients {
			fleet.Clients[c.Client] = c.Added
		}
	}
	writeJSON(w, struct {
		Instance  string               `json:"instance"`
		Policy    string               `json:"policy"`
		File      *policyFileJSON      `json:"file,omitempty"`
		Mode      sourcedJSON          `json:"mode"`
		Defaults  rulesJSON            `json:"defaults"`
		Clients   map[string]rulesJSON `json:"clients"`
		Overrides []overrideJSON       `json:"overrides"`
		Fleet     *fleetJSON           `json:"fleet_tiers,omitempty"`
	}{p.Instance(), ep.Source, file, sourced(ep.Defaults.Mode, ep.Defaults.Mode.Value.String()), toRulesJSON(ep.Defaults), clients, overrides, fleet})
}

// fleetJSON is GET /admin/policy's "fleet_tiers", while other live
// instances' policies add tiers here (oauthratelimit.FleetState): which
// instances, and the tiers added, as "client=3600s:20000" (a size without
// a limit is counted in, not enforced).
type fleetJSON struct {
	Instances []string          `json:"instances"`
	Enforced  bool              `json:"enforced"`
	Defaults  string            `json:"defaults,omitempty"`
	Clients   map[string]string `json:"clients,omitempty"`
	Unlisted  int               `json:"clients_unlisted,omitempty"`
}

// policyFile returns the state of the policy file, if Config.PolicyFile
// tells it (Path "" otherwise, as for the built-in policy).
func (s *Server) policyFile() PolicyFileState {
	if s.cfg.PolicyFile == nil {
		return PolicyFileState{}
	}
	return s.cfg.PolicyFile()
}

// policyFileJSON is GET /admin/policy's "file": whether the file on disk,
// as last read, is the policy running.
type policyFileJSON struct {
	Path       string `json:"path"`
	LastReload string `json:"last_read"`
	Error      string `json:"error,omitempty"`
	At         string `json:"at"`
}

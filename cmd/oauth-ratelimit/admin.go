package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
)

// adminToken reads the token of --admin-token-file, nil without the flag,
// and refuses an admin listener that is not on loopback without one: the
// admin API switches enforcement off, and anyone who can reach it could.
// Its errors name the flag and never hold the token.
func (o *options) adminToken() ([]byte, error) {
	if o.adminTokenFile == "" {
		if !admin.IsLoopback(o.adminListen) {
			return nil, fmt.Errorf("--admin-listen (%s): %q is not a loopback address: set --admin-token-file (%s) to a file holding a token (e.g. openssl rand -base64 32), or listen on 127.0.0.1",
				envName("admin-listen"), o.adminListen, envName("admin-token-file"))
		}
		return nil, nil
	}
	tok, err := admin.ReadToken(o.adminTokenFile)
	if err != nil {
		return nil, fmt.Errorf("--admin-token-file (%s): %w", envName("admin-token-file"), err)
	}
	return tok, nil
}

// logUserKey reads the key of --log-user-key-file, nil without the flag:
// the file's content without surrounding white space (a trailing newline,
// as editors and echo leave), at least oauthratelimit.MinLogUserKey bytes.
// Its errors name the flag and never hold the key.
func (o *options) logUserKey() ([]byte, error) {
	if o.logUserKeyFile == "" {
		return nil, nil
	}
	name := fmt.Sprintf("--log-user-key-file (%s)", envName("log-user-key-file"))
	if o.logUserNames {
		return nil, fmt.Errorf("%s: given with --log-user-names (%s), which logs users in clear and no pseudonym: give one or the other",
			name, envName("log-user-names"))
	}
	data, err := os.ReadFile(o.logUserKeyFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	key := bytes.TrimSpace(data)
	if len(key) < oauthratelimit.MinLogUserKey {
		return nil, fmt.Errorf("%s: %s: %d bytes without surrounding white space; want at least %d, the same on every instance (openssl rand -base64 32 > %s)",
			name, o.logUserKeyFile, len(key), oauthratelimit.MinLogUserKey, o.logUserKeyFile)
	}
	return key, nil
}

// storeStatus is the store's state for the status page.
func (s *server) storeStatus() admin.StoreStatus {
	h := s.health.status()
	st := admin.StoreStatus{Kind: h.Kind, State: string(h.State), Since: h.Since, Error: h.Error}
	if h.LastOK != nil {
		st.LastOK = *h.LastOK
	}
	return st
}

// adminGate is the admin listener's handler (the admin API's, h, behind
// it): it serves the probes and /metrics (admin.DefaultOpen) until the
// listener closes, after the final flush, so that a scrape or a probe
// during a stop sees it (/readyz 503 from the signal on, the syncer's
// metrics of the final flush); and every other admin call until the token
// endpoint has drained: Shutdown then refuses the new ones (503) and waits
// for those in flight, whose contexts cut cancels. An admin call is no
// reason to hold the final flush, and a reset does (see stopServers).
type adminGate struct {
	h http.Handler
	// calls ends with the calls' contexts: cancelled, with its cause, by
	// cutCalls.
	calls    context.Context
	cutCalls context.CancelCauseFunc
	mu       sync.Mutex
	shut     bool           // Shutdown ran: calls are refused
	inFlight sync.WaitGroup // the calls served; Add only under mu, before shut
}

func newAdminGate(h http.Handler) *adminGate {
	g := &adminGate{h: h}
	g.calls, g.cutCalls = context.WithCancelCause(context.Background())
	return g
}

func (g *adminGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if slices.Contains(admin.DefaultOpen, r.URL.Path) {
		g.h.ServeHTTP(w, r)
		return
	}
	g.mu.Lock()
	if g.shut {
		g.mu.Unlock()
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, `{"error":"shutting_down","error_description":"this instance is stopping: it serves only /metrics, /healthz and /readyz until it exits; send the call to another instance"}`+"\n")
		return
	}
	g.inFlight.Add(1)
	g.mu.Unlock()
	defer g.inFlight.Done()
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	defer context.AfterFunc(g.calls, func() { cancel(context.Cause(g.calls)) })()
	g.h.ServeHTTP(w, r.WithContext(ctx))
}

// Shutdown refuses the admin calls from now on and waits for those in
// flight until ctx is done (its error then); the probes and /metrics are
// served on. It is stopServers' adminSrv.
func (g *adminGate) Shutdown(ctx context.Context) error {
	g.mu.Lock()
	g.shut = true
	g.mu.Unlock()
	ended := make(chan struct{})
	go func() {
		g.inFlight.Wait()
		close(ended)
	}()
	select {
	case <-ended:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

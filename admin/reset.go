package admin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// ResetTimeout bounds the store round trips of one reset: a store that
// does not answer gets a 503 in this time, not a hung request.
const ResetTimeout = 15 * time.Second

// resetJSON is the answer of POST /admin/keys/{client}[/{user}]/reset.
type resetJSON struct {
	ClientID string `json:"client"`
	User     string `json:"user"`
	// The key's path, as GET /admin/top gives it: the only name of a key
	// whose client ID or user is not valid UTF-8, which client and user
	// show lossily.
	keyRef
	// ResetEpoch is the key's new reset epoch: the reset's time in Unix
	// milliseconds (or one more than the epoch before).
	ResetEpoch int64 `json:"reset_epoch"`
	// Version is the version of the key's document after the reset.
	Version int64 `json:"version"`
	// Cleared is how many requests (in cost units) the store's document
	// counted when the reset read it: a lower bound of what it cleared for
	// every instance (what others added between its read and its write
	// is cleared too, and not counted here).
	Cleared int64 `json:"cleared"`
	// DroppedHere is how many requests this instance had counted and not
	// yet written to the store, dropped by the reset.
	DroppedHere int64 `json:"dropped_here"`
	// Instance is the instance that wrote the reset.
	Instance string `json:"instance"`
}

// resetKey serves POST /admin/keys/{client}/reset and
// POST /admin/keys/{client}/{user}/reset (and those of NoClientKeysPath,
// the client ID ""): it clears the key's counts for
// every instance, through the store (see oauthratelimit.Limiter.Reset). The
// body is empty or {}; the guard has already refused anything but JSON.
// It answers 200 with what was reset, 404 when neither the store nor this
// instance knows the key, and 503 when the store did not answer (saying
// whether the reset did not happen, or may have).
func (s *Server) resetKey(w http.ResponseWriter, r *http.Request) {
	var body struct{}
	if err := decodeBody(r, &body); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request", err.Error()+`; a reset takes no parameters: send {} or no body`)
		return
	}
	client, user := r.PathValue("client"), r.PathValue("user")
	ctx, cancel := context.WithTimeout(r.Context(), ResetTimeout)
	defer cancel()
	res, err := s.keys.Reset(ctx, client, user)
	switch {
	case errors.Is(err, oauthratelimit.ErrUnknownKey):
		writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf(
			"no key client_id %q user %q: the store has no document of it and instance %s does not hold it, so there is nothing to reset (check the client ID and user; percent-encode / as %%2F)",
			client, user, s.keys.Instance()))
		return
	case errors.Is(err, oauthratelimit.ErrResetUnknown):
		writeError(w, http.StatusServiceUnavailable, "store_unavailable",
			"the store did not answer whether the reset landed: it may or may not have happened; send the reset again (resetting twice is harmless): "+err.Error())
		return
	case errors.Is(err, oauthratelimit.ErrResetNotDone):
		writeError(w, http.StatusServiceUnavailable, "store_unavailable",
			"the reset did not happen: the store did not take it; try again once GET /readyz shows the store answering: "+err.Error())
		return
	case err != nil:
		writeError(w, http.StatusInternalServerError, "internal_error", "the reset did not happen: "+err.Error())
		return
	}
	if l := s.cfg.Logger; l != nil {
		l.Info("key reset", "client_id", client, "user_key", user != "", "path", keyPath(client, user), "cleared", res.Cleared,
			"dropped_here", res.DroppedHere, "reset_epoch", res.Epoch)
	}
	writeJSON(w, resetJSON{
		ClientID:    res.ClientID,
		User:        res.User,
		keyRef:      refOf(res.ClientID, res.User),
		ResetEpoch:  res.Epoch,
		Version:     res.Version,
		Cleared:     res.Cleared,
		DroppedHere: res.DroppedHere,
		Instance:    s.keys.Instance(),
	})
}

package admin

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// keyReader is what the key endpoints and the status page read of the
// limiter; *oauthratelimit.Limiter implements it.
type keyReader interface {
	// Instance returns the name this instance writes its counts under.
	Instance() string
	// KeyState returns one key's state at now, and whether it is held.
	KeyState(clientID, user string, now time.Time) (oauthratelimit.KeyState, bool)
	// TopKeys returns the n keys nearest or over a limit at now.
	TopKeys(n int, now time.Time) []oauthratelimit.KeyUsage
	// UserPseudonym returns the name by which the dry-run log names
	// user, "" if it names users in clear.
	UserPseudonym(user string) string
}

// keyAPI is what the Server uses of the limiter's keys: it reads them and
// resets them. *oauthratelimit.Limiter implements it.
type keyAPI interface {
	keyReader
	// Reset clears a key's counts for every instance, through the store.
	Reset(ctx context.Context, clientID, user string) (oauthratelimit.ResetResult, error)
}

// DefaultTopKeys is the n of GET /admin/top without one.
const DefaultTopKeys = 20

// keyRef names a key in the admin API as an operator can use it as is.
// Client IDs and users are whatever a token request claimed, any bytes:
// JSON (and an HTML page) shows each byte of one that is not valid UTF-8
// as U+FFFD, which names no key and cannot be looked up or reset; Path is
// built from the raw bytes.
type keyRef struct {
	// Path is the key's path, GET /admin/keys/{client}[/{user}] (POST it
	// with /reset appended to reset the key), each part percent-encoded
	// from its bytes; NoClientKeysPath[/{user}] for a key whose client ID
	// is empty.
	Path string `json:"path,omitempty"`
	// InvalidUTF8 reports that the client ID or the user is not valid
	// UTF-8: client_id and user show it lossily, and only Path names it.
	InvalidUTF8 bool `json:"invalid_utf8,omitempty"`
}

func refOf(client, user string) keyRef {
	return keyRef{Path: keyPath(client, user), InvalidUTF8: !utf8.ValidString(client) || !utf8.ValidString(user)}
}

// pseudonym returns the log's pseudonym of user (user_hmac), or "" for a
// per-client key or when the log names users in clear.
func (s *Server) pseudonym(user string) string {
	if user == "" {
		return ""
	}
	return s.keys.UserPseudonym(user)
}

// NoClientKeysPath is the path of the per-client key whose client ID is
// empty (requests that named no client), and with /{user} appended of its
// users' keys: /admin/keys/{client} cannot name them, since a path segment
// is never empty (ServeMux redirects "//" to "/"). Its routes take the
// handlers of /admin/keys/, whose PathValue("client") is then "".
const NoClientKeysPath = "/admin/keys-without-client"

// keyPath returns the admin path of the key (client, user) (the per-client
// key has user "").
func keyPath(client, user string) string {
	p := NoClientKeysPath
	if client != "" {
		p = "/admin/keys/" + pathSegment(client)
	}
	if user != "" {
		p += "/" + pathSegment(user)
	}
	return p
}

// pathSegment percent-encodes s as one path segment, byte by byte ('/' as
// %2F), with the dot segments "." and ".." encoded too: a client (curl, a
// browser) would resolve them before sending.
func pathSegment(s string) string {
	switch s {
	case ".":
		return "%2E"
	case "..":
		return "%2E%2E"
	}
	return url.PathEscape(s)
}

// keyJSON is the answer of GET /admin/keys/{client}[/{user}].
type keyJSON struct {
	Instance string `json:"instance"`
	ClientID string `json:"client_id"`
	User     string `json:"user,omitempty"`
	// UserHMAC is how the dry-run would-deny log names User by default
	// ((*oauthratelimit.Limiter).UserPseudonym, keyed): its key is found
	// by it here.
	UserHMAC string `json:"user_hmac,omitempty"`
	keyRef
	// Rules is the configured client whose rules apply; "(defaults)" for
	// the policy's defaults.
	Rules    string       `json:"rules"`
	Mode     string       `json:"mode"`
	Trusted  bool         `json:"trusted"`
	Snapshot snapshotJSON `json:"snapshot"`
	Reserved int64        `json:"reserved"`
	Tiers    []tierJSON   `json:"tiers"`
	// Counted are the window sizes the key is counted in that no tier
	// here enforces (an earlier policy's, kept after a reload until the
	// key is evicted, or another live instance's counted in only):
	// written to the store, and perhaps enforced by another instance.
	Counted []countedJSON `json:"counted_only,omitempty"`
}

type countedJSON struct {
	WindowSeconds int64      `json:"window_seconds"`
	FrameStart    time.Time  `json:"frame_start"`
	Global        countsJSON `json:"global"`
	Local         countsJSON `json:"local"`
	Estimate      float64    `json:"estimate"`
}

type snapshotJSON struct {
	Version    int64   `json:"version"`
	AgeSeconds float64 `json:"age_seconds"`
	Writers    int     `json:"writers"`
	Assumed    bool    `json:"writers_assumed,omitempty"`
}

type tierJSON struct {
	Scope string `json:"scope"`
	// Fleet: another live instance's tier, enforced here while it runs a
	// policy with a window size this one's lacks.
	Fleet         bool       `json:"fleet,omitempty"`
	Limit         int64      `json:"limit"`
	WindowSeconds int64      `json:"window_seconds"`
	FrameStart    time.Time  `json:"frame_start"`
	Global        countsJSON `json:"global"`
	Local         countsJSON `json:"local"`
	Reserved      int64      `json:"reserved"`
	Estimate      float64    `json:"estimate"`
	Used          int64      `json:"used"`
	Remaining     int64      `json:"remaining"`
	Shared        bool       `json:"shared"`
	RetryAfter    float64    `json:"retry_after_seconds"`
}

type countsJSON struct {
	Previous int64 `json:"previous"`
	Current  int64 `json:"current"`
}

// keyState serves GET /admin/keys/{client} and
// GET /admin/keys/{client}/{user} (and those of NoClientKeysPath, the
// client ID ""): the key's state on this instance, or 404 if this instance
// holds no such key. Client IDs and users are
// percent-encoded in the path (a / as %2F).
func (s *Server) keyState(w http.ResponseWriter, r *http.Request) {
	client, user := r.PathValue("client"), r.PathValue("user")
	now := s.cfg.Now()
	ks, ok := s.keys.KeyState(client, user, now)
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", fmt.Sprintf(
			"no key client_id %q user %q on instance %s: it has not been used here lately (each instance holds the keys it decides; try another instance, or GET /admin/top)",
			client, user, s.keys.Instance()))
		return
	}
	out := keyJSON{
		Instance: s.keys.Instance(),
		ClientID: ks.ClientID,
		User:     ks.User,
		UserHMAC: s.pseudonym(ks.User),
		keyRef:   refOf(ks.ClientID, ks.User),
		Rules:    ks.Rules,
		Mode:     ks.Mode.String(),
		Trusted:  ks.Trusted,
		Snapshot: snapshotJSON{Version: ks.Version, AgeSeconds: seconds(ks.SnapshotAge), Writers: ks.Writers, Assumed: ks.WritersAssumed},
		Reserved: ks.Reserved,
		Tiers:    make([]tierJSON, len(ks.Tiers)),
	}
	if out.Rules == "" {
		out.Rules = "(defaults)"
	}
	for i, t := range ks.Tiers {
		out.Tiers[i] = tierJSON{
			Scope:         t.Scope,
			Fleet:         t.Fleet,
			Limit:         t.Tier.Limit,
			WindowSeconds: int64(t.Tier.Size / time.Second),
			FrameStart:    time.Unix(t.Global.StartUnix, 0).UTC(),
			Global:        counts(t.Global.Prev, t.Global.Curr),
			Local:         counts(t.Local.Prev, t.Local.Curr),
			Reserved:      t.Reserved,
			Estimate:      math.Round(t.Estimate*1000) / 1000,
			Used:          t.Used,
			Remaining:     t.Remaining,
			Shared:        t.Shared,
			RetryAfter:    seconds(t.RetryAfter),
		}
	}
	for _, c := range ks.Counted {
		out.Counted = append(out.Counted, countedJSON{
			WindowSeconds: int64(c.Size / time.Second),
			FrameStart:    time.Unix(c.Global.StartUnix, 0).UTC(),
			Global:        counts(c.Global.Prev, c.Global.Curr),
			Local:         counts(c.Local.Prev, c.Local.Curr),
			Estimate:      math.Round(c.Estimate*1000) / 1000,
		})
	}
	writeJSON(w, out)
}

func counts(prev, curr int64) countsJSON { return countsJSON{Previous: prev, Current: curr} }

// seconds returns d in seconds, to the millisecond.
func seconds(d time.Duration) float64 { return math.Round(d.Seconds()*1000) / 1000 }

// topJSON is the answer of GET /admin/top.
type topJSON struct {
	Instance string      `json:"instance"`
	N        int         `json:"n"`
	Keys     []usageJSON `json:"keys"`
}

type usageJSON struct {
	ClientID string `json:"client_id"`
	User     string `json:"user,omitempty"`
	UserHMAC string `json:"user_hmac,omitempty"` // as in keyJSON
	keyRef
	Scope         string  `json:"scope"`
	Limit         int64   `json:"limit"`
	WindowSeconds int64   `json:"window_seconds"`
	Used          int64   `json:"used"`
	Ratio         float64 `json:"ratio"`
}

// topKeys serves GET /admin/top?n=20: the n keys (1 to
// oauthratelimit.MaxTopKeys, default DefaultTopKeys) nearest or over a
// limit on this instance, by the usage ratio of their most used tier.
func (s *Server) topKeys(w http.ResponseWriter, r *http.Request) {
	n := DefaultTopKeys
	q := r.URL.Query()
	if v, ok := q["n"]; ok {
		var err error
		n, err = strconv.Atoi(v[0])
		if err != nil || len(v) > 1 || n < 1 || n > oauthratelimit.MaxTopKeys {
			writeError(w, http.StatusBadRequest, "invalid_parameter", fmt.Sprintf(
				"n: %q: want one whole number from 1 to %d (default %d)", strings.Join(v, "&n="), oauthratelimit.MaxTopKeys, DefaultTopKeys))
			return
		}
	}
	for p := range q {
		if p != "n" {
			writeError(w, http.StatusBadRequest, "invalid_parameter", fmt.Sprintf("%s: not a parameter of /admin/top; want n", p))
			return
		}
	}
	top := s.keys.TopKeys(n, s.cfg.Now())
	out := topJSON{Instance: s.keys.Instance(), N: n, Keys: make([]usageJSON, len(top))}
	for i, u := range top {
		out.Keys[i] = usageJSON{
			ClientID:      u.ClientID,
			User:          u.User,
			UserHMAC:      s.pseudonym(u.User),
			keyRef:        refOf(u.ClientID, u.User),
			Scope:         u.Scope,
			Limit:         u.Tier.Limit,
			WindowSeconds: int64(u.Tier.Size / time.Second),
			Used:          u.Used,
			Ratio:         math.Round(u.Ratio*1000) / 1000,
		}
	}
	writeJSON(w, out)
}

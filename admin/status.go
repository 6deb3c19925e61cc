package admin

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	_ "embed"
	"html/template"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// StatusPath is the path of the status page: the one path where the guard
// also takes the token as the password of HTTP Basic, and only for GET and
// HEAD, so that an operator's browser can open it. The page changes
// nothing; every endpoint that does still takes the token only as
// Authorization: Bearer, which a browser never sends by itself.
const StatusPath = "/admin/"

// statusRealm is the realm of the status page's Basic challenge, which
// makes a browser prompt for a user name and a password.
const statusRealm = `Basic realm="oauth-ratelimit admin", charset="UTF-8"`

// statusHeaders are set on every answer of the status page. The page has
// no script, loads nothing and is framed by nobody: the policy allows its
// own inline styles (the bars' widths) and nothing else.
var statusHeaders = [][2]string{
	{"Content-Type", "text/html; charset=utf-8"},
	{"Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"},
	{"X-Frame-Options", "DENY"},
	{"X-Content-Type-Options", "nosniff"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
	{"Cache-Control", "no-store"},
	{"Referrer-Policy", "no-referrer"},
}

// isStatusRequest reports whether r asks for the status page with a
// method that changes nothing.
func isStatusRequest(r *http.Request) bool {
	return r.URL.Path == StatusPath && (r.Method == http.MethodGet || r.Method == http.MethodHead)
}

// authorizedBasic reports whether r asks for the status page with the
// token as the password of HTTP Basic (any user name), compared as
// authorized compares a bearer token. Any other request is never
// authorized this way.
func (s *Server) authorizedBasic(r *http.Request) bool {
	if !isStatusRequest(r) || !s.tokenRequired() {
		return false
	}
	_, pass, ok := r.BasicAuth()
	if !ok {
		return false
	}
	got := sha256.Sum256([]byte(pass))
	return subtle.ConstantTimeCompare(got[:], s.digest[:]) == 1
}

// unauthorized returns the challenge and the description of a 401 to r:
// for the status page a Basic challenge, so that a browser prompts. Elsewhere
// it says which of the three went wrong, no token, another token or another
// scheme, which tells the caller nothing it did not send: an operator whose
// token file is stale is not told to send a header it sent.
func unauthorized(r *http.Request) (challenge, desc string) {
	if isStatusRequest(r) {
		return statusRealm, "want the admin token: as the password of HTTP Basic (any user name; a browser prompts for it) or as Authorization: Bearer <the admin token (the server's --admin-token-file)>"
	}
	const want = "Authorization: Bearer <the admin token (the server's --admin-token-file)>"
	challenge = `Bearer realm="oauth-ratelimit admin"`
	h := r.Header.Get("Authorization")
	scheme, _, _ := strings.Cut(h, " ")
	switch {
	case h == "":
		return challenge, "want the admin token in the Authorization header: " + want
	case strings.EqualFold(scheme, "Bearer"):
		return challenge, "the bearer token sent is not this server's admin token: want " + want + ", the file's content (white space around it is dropped)"
	default:
		return challenge, "the Authorization header's scheme is not Bearer (HTTP Basic opens the status page, GET /admin/, and nothing else): want " + want
	}
}

// statusInfo is what the status page shows besides the keys, gathered by the
// server at each request.
type statusInfo struct {
	// Mode is the global mode ("enforce" or "dry-run"), and ModeSource
	// where it comes from: "override" (the shared switch, every
	// instance's), "flag" (this process's --mode), "file" or "defaults".
	Mode, ModeSource string
	// Overrides is the number of clients' runtime overrides in force on
	// this instance, Skipped the number it could not use.
	Overrides, Skipped int
	// Policy is where the running policy came from (its file, or the
	// built-in one).
	Policy string
	// Store is the state of the shared store.
	Store StoreStatus
	// Instances are the live instances sharing the store, by their last
	// heartbeat; nil: not known.
	Instances []instanceStatus
	// Fleet is what this instance counts in for the other live instances'
	// policies (GET /admin/policy's fleet_tiers); zero: nothing.
	Fleet oauthratelimit.FleetState
}

// StoreStatus is the store's state as the server's health tracker knows
// it.
type StoreStatus struct {
	// Kind is "memory" or "mongodb"; State "ok", "unreachable" or
	// "unknown".
	Kind, State string
	// Since is when State last changed; LastOK the last call that
	// succeeded (zero: none yet).
	Since, LastOK time.Time
	// Error is the last failed call's, while State is "unreachable".
	Error string
}

// instanceStatus is one live instance.
type instanceStatus struct {
	// Name is the name the instance writes its counts under.
	Name string
	// Seen is the time of its last heartbeat.
	Seen time.Time
	// Skew is how far its clock is at least ahead of this one's
	// (negative: behind), as syncer.Instance.Skew: 0 within a sync
	// interval, and for this instance.
	Skew time.Duration
}

// statusTopKeys is how many of the top keys the page draws.
const statusTopKeys = DefaultTopKeys

// statusFleetClients bounds the clients the page lists with tiers added
// by other instances: GET /admin/policy lists up to 100, and counts the
// rest.
const statusFleetClients = 10

// statusWouldDeny bounds the keys listed as "would be denied": the page is
// for a glance; /admin/top?n=1000 has them all.
const statusWouldDeny = 50

//go:embed status.html
var statusHTML string

var statusTemplate = template.Must(template.New("status").Parse(statusHTML))

// statusPage is what status.html renders. Every string of it is escaped by
// html/template: client IDs and users are whatever a request claimed.
type statusPage struct {
	Instance     string
	Now          string
	Refresh      int
	Mode         string
	ModeSource   string
	Overrides    int
	Skipped      int
	Policy       string
	Store        StoreStatus
	StoreSince   string
	StoreLastOK  string
	Instances    []instanceRow // nil: not known
	SkewWarn     bool          // an instance's clock is syncer.SkewWarn or more off
	SkewWarnFrom string        // syncer.SkewWarn, as the page says it
	Fleet        oauthratelimit.FleetState
	FleetClients []oauthratelimit.FleetClient // the first statusFleetClients of Fleet.Clients
	FleetMore    int                          // the clients with tiers added not in FleetClients
	Top          []keyRow
	TopN         int
	WouldDeny    []keyRow
	WouldDenyAll int // how many there are; more than WouldDeny holds when cut
}

type instanceRow struct {
	Name, Seen string
	Self       bool
	// Skew says how far its clock is at least off this one's ("≥ 3s ahead", "≥ 1m
	// behind"); "" within a sync interval. SkewWarn: syncer.SkewWarn or
	// more, from which the Syncer logs a warning.
	Skew     string
	SkewWarn bool
}

// keyRow is one key with its bar: Percent is the bar's width, Used over
// Limit, capped at 100.
type keyRow struct {
	ClientID, User, Scope, Mode, Window string
	keyRef                              // the path an operator can use (keys.go)
	Used, Limit                         int64
	Percent                             int
	Ratio                               string
	Over                                bool
}

// statusPage returns the handler of GET /admin/: a read-only HTML page for
// an operator without Grafana at hand — the global mode, the store's
// health, the live instances and how far their clocks are off this one's,
// the other instances whose tiers this one counts in and the tiers they
// add, this instance's top keys with used/limit bars, and the keys in
// dry-run that enforce mode would deny. status is
// called once per request. The page holds no script and links nothing; it
// reloads itself every refresh (zero: never) with a meta refresh.
func (s *Server) statusPage(status func() statusInfo, refresh time.Duration) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		now := s.cfg.Now()
		st := status()
		p := statusPage{
			Instance:     s.keys.Instance(),
			Now:          now.UTC().Format(time.RFC3339),
			Refresh:      int(refresh / time.Second),
			Mode:         st.Mode,
			ModeSource:   st.ModeSource,
			Overrides:    st.Overrides,
			Skipped:      st.Skipped,
			Policy:       st.Policy,
			Store:        st.Store,
			StoreSince:   ago(now, st.Store.Since),
			StoreLastOK:  ago(now, st.Store.LastOK),
			TopN:         statusTopKeys,
			SkewWarnFrom: duration(syncer.SkewWarn),
		}
		if st.Store.LastOK.IsZero() && st.Store.State == "ok" {
			p.StoreLastOK = "" // the in-memory store: nothing to tell
		}
		if st.Instances != nil {
			p.Instances = make([]instanceRow, len(st.Instances))
			for i, in := range st.Instances {
				row := instanceRow{Name: in.Name, Seen: ago(now, in.Seen), Self: in.Name == p.Instance}
				row.Skew, row.SkewWarn = skew(in.Skew)
				p.SkewWarn = p.SkewWarn || row.SkewWarn
				p.Instances[i] = row
			}
		}
		p.Fleet = st.Fleet
		p.FleetClients = st.Fleet.Clients[:min(len(st.Fleet.Clients), statusFleetClients)]
		p.FleetMore = len(st.Fleet.Clients) - len(p.FleetClients) + st.Fleet.Unlisted
		// One walk of the keys serves both lists: the top ones are drawn,
		// and those at or over a limit are looked up for their mode.
		for i, u := range s.keys.TopKeys(oauthratelimit.MaxTopKeys, now) {
			if i >= statusTopKeys && u.Ratio < 1 {
				break // sorted by ratio: no later key is over
			}
			ks, held := s.keys.KeyState(u.ClientID, u.User, now)
			row := newKeyRow(u)
			if held {
				row.Mode = ks.Mode.String()
				if ks.Trusted {
					row.Mode += ", trusted"
				}
			}
			if i < statusTopKeys {
				p.Top = append(p.Top, row)
			}
			// Trusted keys are never denied, whatever their mode.
			if u.Ratio >= 1 && held && ks.Mode == policy.ModeDryRun && !ks.Trusted {
				p.WouldDenyAll++
				if len(p.WouldDeny) < statusWouldDeny {
					p.WouldDeny = append(p.WouldDeny, row)
				}
			}
		}
		// Rendered to a buffer first: a template error answers 500, not a
		// page cut in the middle.
		var buf bytes.Buffer
		if err := statusTemplate.Execute(&buf, p); err != nil {
			writeError(w, http.StatusInternalServerError, "internal_error", "status page: "+err.Error())
			return
		}
		h := w.Header()
		for _, kv := range statusHeaders {
			h.Set(kv[0], kv[1])
		}
		h.Set("Content-Length", strconv.Itoa(buf.Len()))
		w.Write(buf.Bytes())
	}
}

func newKeyRow(u oauthratelimit.KeyUsage) keyRow {
	pct := 100
	if u.Ratio < 1 {
		pct = int(math.Round(u.Ratio * 100))
	}
	return keyRow{
		ClientID: u.ClientID, User: u.User, keyRef: refOf(u.ClientID, u.User), Scope: u.Scope, Mode: "?",
		Window: duration(u.Tier.Size), Used: u.Used, Limit: u.Tier.Limit,
		Percent: pct, Ratio: strconv.FormatFloat(u.Ratio*100, 'f', 0, 64) + "%", Over: u.Ratio >= 1,
	}
}

// skew says how far an instance's clock is at least off this one's, to 100
// ms ("≥ 3s ahead": syncer.Instance.Skew is known to within an interval,
// and only as a lower bound), and whether that is syncer.SkewWarn or more:
// "" for none.
func skew(d time.Duration) (string, bool) {
	r := d.Abs().Round(100 * time.Millisecond)
	if r == 0 {
		return "", false
	}
	way := " ahead"
	if d < 0 {
		way = " behind"
	}
	return "≥ " + duration(r) + way, d.Abs() >= syncer.SkewWarn
}

// ago says how long before now t was, to the second; "never" for the zero
// time.
func ago(now, t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	d := now.Sub(t).Round(time.Second)
	if d < time.Second {
		return "just now"
	}
	return duration(d) + " ago"
}

// duration writes d the way the policy file does: 1m, 1h, 1m30s.
func duration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

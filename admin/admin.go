// Package admin serves the admin API of a *oauthratelimit.Limiter as an
// http.Handler: the guard every request passes, and the endpoints
// operators' runbooks use (key state, top keys, reset, runtime overrides,
// the shared mode switch, the effective policy, live instances, reload,
// the status page, /healthz, /readyz, /metrics; see Endpoints). The server
// (cmd/oauth-ratelimit) serves New's handler on --admin-listen; an
// application that mounts the middleware in its own OAuth server mounts
// the same handler on its internal listener, so that the runbooks (switch
// dry-run to enforce, reset a key, override a client) work the same for
// both:
//
//	adm, err := admin.New(admin.Config{Limiter: lim, Token: token, Gatherer: reg, Logger: log})
//	...
//	go http.ListenAndServe("10.0.0.5:9090", adm) // never the public listener
//
// It serves its paths as they are (/admin/…, /healthz, /readyz, /metrics):
// give it a listener of its own, or route those paths of an internal
// router to it (e.g. mux.Handle("/admin/", adm) where the application has
// probes of its own). Under a prefix (http.StripPrefix) it answers, but
// the key paths its answers hold (GET /admin/top's "path") lack the
// prefix.
//
// Why a public package (the design's package shape had the admin API in
// internal/ and cmd): an embedder otherwise rebuilt it, without the guard
// (an outside audit's application did, in 80 lines). The import
// direction stays one way: admin imports the facade, policy and syncer;
// nothing in the library imports admin, so an application that does not
// import it links none of it. It is never on the request path: the
// middleware does not call it, and it reads the Limiter only through the
// methods the Limiter exports.
//
// The guard is built for a listener an operator reaches with curl, and that
// a web page in the operator's browser must not reach:
//
//   - Every /admin/ request needs the bearer token (Authorization: Bearer
//     …), compared in constant time. Without a token (Config.LoopbackOnly)
//     only requests from a loopback address (403 otherwise), addressed to
//     a loopback IP or localhost (421 otherwise: a page that rebinds its
//     own name to 127.0.0.1 names its own host) are answered. Only an Authorization header counts: no cookie, no
//     HTTP Basic, nothing a browser sends by itself. The one exception is the read-only status
//     page (GET /admin/, see StatusPath), which also takes the token as
//     the password of HTTP Basic so that a browser can open it.
//   - A request that changes something (any method but GET, HEAD and
//     OPTIONS) must be JSON, Content-Type: application/json, which no HTML
//     form can send and which a cross-origin script can only send after a
//     CORS preflight that this listener never answers; and one that a
//     browser marks as coming from another site (Sec-Fetch-Site cross-site
//     or same-site, or an Origin other than the listener's own) is refused
//     whatever it carries.
//   - /metrics, /healthz and /readyz stay open: Kubernetes probes and
//     Prometheus scrape them, they change nothing, and they show no secret
//     (metric labels are bounded to the policy's configured clients). Keep
//     the admin listener off public networks all the same.
//
// Refusals answer 401, 403, 415 or 421 with a JSON body {"error": …,
// "error_description": …} that says what to send instead. The token is
// never logged, nor put in a metric, nor echoed in an answer.
package admin

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
)

// DefaultOpen are the paths the guard serves without the token (see the
// package comment for why).
var DefaultOpen = []string{"/metrics", "/healthz", "/readyz"}

// MinTokenLen is the shortest token accepted: 16 characters of the token
// alphabet are about 96 bits, out of reach of guessing over HTTP.
const MinTokenLen = 16

// Config configures a Server. Its zero value is not valid: Limiter is
// needed, and either a Token or LoopbackOnly.
type Config struct {
	// Limiter is the limiter the API shows and changes. Required.
	Limiter *oauthratelimit.Limiter
	// Token is the bearer token every /admin/ request must present: at
	// least MinTokenLen characters of A-Z a-z 0-9 - . _ ~ + / = (ReadToken
	// reads one from a file). nil or empty: none is asked, which
	// LoopbackOnly must state.
	Token []byte
	// LoopbackOnly, with no Token, serves the API without a token, and
	// then only to requests from a loopback address (their RemoteAddr;
	// others are answered 403) addressed to a loopback IP or localhost
	// (their Host header; others are answered 421: a web page that
	// rebinds its own name to 127.0.0.1 names its own host). Set it only
	// where the listener is on loopback (see IsLoopback); an embedder that
	// mounts the handler on an internal listener other machines reach
	// sets a Token instead. false: a Token is required. Both set: an
	// error (the token would make LoopbackOnly say nothing).
	LoopbackOnly bool
	// Open are the paths served without the token, with any method the
	// handler behind accepts. Default DefaultOpen.
	Open []string
	// Logger receives a record for refused requests, at most one a second
	// (a scan of the listener would fill the log otherwise), and one for
	// each switch of the shared mode. Default: no logging.
	Logger *slog.Logger
	// Now reads the clock for the key endpoints and the status page.
	// Default time.Now.
	Now func() time.Time
	// Gatherer is what GET /metrics serves (e.g. the
	// prometheus.Registry given to the Limiter as Config.Registerer);
	// nil: no /metrics route (404), for an embedder that serves its
	// metrics elsewhere.
	Gatherer prometheus.Gatherer
	// Reload reloads the policy for POST /admin/reload and returns what
	// changed, as fields of the answer; an error that wraps
	// ErrNothingToReload answers 409, any other 400 (the running policy
	// stays). nil: POST /admin/reload answers 501. The server passes its
	// reload of the policy file (as SIGHUP); an embedder its own, e.g. a
	// read of its configuration followed by Limiter.SetPolicy. It is
	// called on the request's goroutine, by concurrent requests
	// concurrently.
	Reload func() ([]slog.Attr, error)
	// Ready answers GET /readyz. nil: 200 {"ready": true} while the
	// handler answers, with a reason when the Limiter's store does not
	// answer (decisions go on from memory then).
	Ready http.HandlerFunc
	// Store tells the status page the store's state. nil: read from the
	// Limiter's outage state (Limiter.Outage), kind "store".
	Store func() StoreStatus
	// PolicyFile, if set, tells GET /admin/policy whether the policy file
	// on disk is the one running: a reload that refused it leaves an older
	// policy in force, which the answer would otherwise not show (an
	// outside audit). nil: the answer says nothing of a file.
	PolicyFile func() PolicyFileState
	// StatusRefresh is how often the status page reloads itself in a
	// browser. Default DefaultStatusRefresh; negative: never.
	StatusRefresh time.Duration
}

// DefaultStatusRefresh is Config.StatusRefresh's default.
const DefaultStatusRefresh = 10 * time.Second

// ErrNothingToReload is what a Config.Reload error wraps when there is
// nothing to reload (the server runs its built-in policy): POST
// /admin/reload answers 409 Conflict with the error's text.
var ErrNothingToReload = errors.New("nothing to reload")

// PolicyFileState is what became of the last read of the policy file.
type PolicyFileState struct {
	// Path is the file; "" for the built-in policy.
	Path string
	// Refused is why the last reload refused the file (it cannot be read
	// or is not valid; the running policy is an earlier read), "" if the
	// running policy is the file as last read.
	Refused string
	// At is when the file was last read, installed or refused.
	At time.Time
}

// Validate reports a field of c that cannot be used.
func (c *Config) Validate() error {
	errs := c.validate()
	if c.Limiter == nil {
		errs = append(errs, errors.New("admin: Limiter: nil; want the *oauthratelimit.Limiter the API shows and changes"))
	}
	return errors.Join(errs...)
}

// validate reports the fields of c but Limiter (which the tests replace
// with fakes, see build).
func (c *Config) validate() []error {
	var errs []error
	switch {
	case len(c.Token) > 0 && c.LoopbackOnly:
		errs = append(errs, errors.New("admin: LoopbackOnly: set with a Token; want one of them (a Token serves any listener, LoopbackOnly a loopback one without a token)"))
	case len(c.Token) > 0:
		if err := checkToken(c.Token); err != nil {
			errs = append(errs, fmt.Errorf("admin: Token: %w", err))
		}
	case !c.LoopbackOnly:
		errs = append(errs, errors.New("admin: Token: empty; want a token of at least 16 characters (e.g. openssl rand -base64 32), or LoopbackOnly: true to serve without one to requests from and addressed to loopback only"))
	}
	return errs
}

// checkToken reports a token that cannot be used: too short, or with a
// character that is not of RFC 6750's b64token (a header could not carry
// it as it is).
func checkToken(tok []byte) error {
	if len(tok) < MinTokenLen {
		return fmt.Errorf("%d characters; want at least %d (e.g. openssl rand -base64 32)", len(tok), MinTokenLen)
	}
	for i, b := range tok {
		ok := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("-._~+/=", b) >= 0
		if !ok {
			// The character is not printed: it is part of a secret.
			return fmt.Errorf("character %d is not one of A-Z a-z 0-9 - . _ ~ + / =", i+1)
		}
	}
	return nil
}

// ReadToken reads the admin token from file: its content without the
// surrounding white space (a trailing newline, as editors and echo leave).
// The error never holds the token.
func ReadToken(file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	tok := []byte(strings.TrimSpace(string(data)))
	if len(tok) == 0 {
		return nil, fmt.Errorf("%s: empty; want the admin token", file)
	}
	if err := checkToken(tok); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return tok, nil
}

// IsLoopback reports whether the listen address addr (host:port) is on the
// loopback interface only: a loopback IP or "localhost". An empty host, a
// wildcard (0.0.0.0, ::) or any other name is not.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Server serves the admin API: it is the http.Handler of the admin
// listener, every request passing the guard (see the package comment)
// before the endpoints (see Endpoints). Create it with New; it is safe for
// concurrent use.
type Server struct {
	cfg     Config
	lim     *oauthratelimit.Limiter // nil only in the tests' fakes (build)
	keys    keyAPI
	pol     policyEditor      // nil only in the tests that call no policy endpoint
	digest  [sha256.Size]byte // of the token: compared instead of it, see authorized
	open    map[string]bool
	lastLog atomic.Int64 // Unix ns of the last refusal logged
	served  http.Handler // the guard, then the routes
}

// New returns a Server configured by cfg, which it copies.
func New(cfg Config) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	s, err := build(cfg, cfg.Limiter, cfg.Limiter)
	if err != nil {
		return nil, err
	}
	s.lim = cfg.Limiter
	s.served = s.guard(s.routes())
	return s, nil
}

// build returns a Server that reads and resets keys and changes policies
// through the interfaces the Limiter implements; the tests give it fakes.
// Its handler is not set: the routes need the Limiter (New). New gives it
// the Limiter for both, so every endpoint has what it calls: none answers
// 501 for a part of the Limiter missing.
func build(cfg Config, keys keyAPI, pol policyEditor) (*Server, error) {
	if err := errors.Join(cfg.validate()...); err != nil {
		return nil, err
	}
	if cfg.Open == nil {
		cfg.Open = DefaultOpen
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.StatusRefresh == 0 {
		cfg.StatusRefresh = DefaultStatusRefresh
	}
	s := &Server{cfg: cfg, keys: keys, pol: pol, open: make(map[string]bool)}
	for _, p := range cfg.Open {
		s.open[p] = true
	}
	if len(cfg.Token) > 0 {
		s.digest = sha256.Sum256(cfg.Token)
		// The Config copy keeps no token: the digest is all that is
		// compared, and a dump of the Server shows no secret.
		s.cfg.Token = nil
	}
	return s, nil
}

// ServeHTTP serves the admin API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.served.ServeHTTP(w, r) }

// tokenRequired reports whether a token was configured.
func (s *Server) tokenRequired() bool { return s.digest != [sha256.Size]byte{} }

// guard returns next behind the guard (see the package comment).
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.open[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		if !s.tokenRequired() && !loopbackPeer(r.RemoteAddr) {
			// The Host header is the client's to write: a request from
			// another machine, to a handler an embedder mounted with
			// LoopbackOnly on a listener others reach, could name
			// localhost and switch enforcement off without a token.
			s.refuse(w, r, http.StatusForbidden, "not_loopback", fmt.Sprintf("from %s: without an admin token the admin API answers only requests from this machine's loopback; set an admin token (the server's --admin-token-file, admin.Config.Token) to reach it from elsewhere", r.RemoteAddr))
			return
		}
		if !s.tokenRequired() && !loopbackHost(r.Host) {
			s.refuse(w, r, http.StatusMisdirectedRequest, "misdirected_request", fmt.Sprintf("Host %q: without an admin token the admin API answers only requests addressed to a loopback IP or localhost (a web page that rebinds its own name to 127.0.0.1 would name its own host); set an admin token (the server's --admin-token-file, admin.Config.Token) to reach it under another name", r.Host))
			return
		}
		changes := r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
		if changes {
			if why := crossSite(r); why != "" {
				s.refuse(w, r, http.StatusForbidden, "cross_site", why+": the admin API takes no request a web page sends; use curl or another client that is not a browser")
				return
			}
		}
		if !s.authorized(r) && !s.authorizedBasic(r) {
			challenge, desc := unauthorized(r) // Basic for the status page (status.go)
			w.Header().Set("WWW-Authenticate", challenge)
			s.refuse(w, r, http.StatusUnauthorized, "unauthorized", desc)
			return
		}
		if changes && !isJSON(r.Header.Get("Content-Type")) {
			s.refuse(w, r, http.StatusUnsupportedMediaType, "unsupported_media_type", "a request that changes something must be JSON: send Content-Type: application/json (and a JSON body, or none)")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// authorized reports whether r carries the token, or none is required. The
// token and the presented value are compared as SHA-256 digests, in
// constant time: neither their contents nor their lengths show in the time
// the comparison takes.
func (s *Server) authorized(r *http.Request) bool {
	if !s.tokenRequired() {
		return true
	}
	scheme, cred, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	got := sha256.Sum256([]byte(strings.TrimSpace(cred)))
	return subtle.ConstantTimeCompare(got[:], s.digest[:]) == 1
}

// crossSite returns why r looks like a request a browser sent from
// another site's page, or "" if it does not: Sec-Fetch-Site (sent by every
// current browser) other than same-origin or none (typed in the address
// bar), or an Origin other than the listener's own. Clients that are not
// browsers send neither header.
func crossSite(r *http.Request) string {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return "Sec-Fetch-Site is " + site
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return ""
	}
	if origin == "http://"+r.Host || origin == "https://"+r.Host {
		return ""
	}
	return "the request comes from another origin (Origin header)"
}

// loopbackHost reports whether host (a request's Host: a name or an IP
// literal, with or without a port) names this machine's loopback: an IP
// literal in 127.0.0.0/8 or ::1, or localhost. Without a token this is what
// keeps a DNS-rebinding page out: its requests carry its own host name,
// and everything else about them (Origin, Sec-Fetch-Site) looks same-origin.
// loopbackPeer reports whether remote, a request's RemoteAddr, is a
// loopback IP: the request came from this machine (or through a proxy on
// it, which then answers for what it forwards).
func loopbackPeer(remote string) bool {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		return false
	}
	ip := net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	return ip != nil && ip.IsLoopback()
}

func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// isJSON reports whether the media type of a Content-Type value is
// application/json (parameters such as charset allowed).
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// refuse answers r with an error and logs the refusal, at most once a
// second; the log names the reason, never a header's value.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, status int, code, desc string) {
	if l := s.cfg.Logger; l != nil {
		if now := time.Now().UnixNano(); now-s.lastLog.Load() >= int64(time.Second) {
			s.lastLog.Store(now)
			l.Warn("admin request refused", "status", status, "reason", code, "method", r.Method, "path", r.URL.Path, "remote_addr", r.RemoteAddr)
		}
	}
	writeError(w, status, code, desc)
}

// writeError answers with status and the JSON body {"error": code,
// "error_description": desc}, not cached.
func writeError(w http.ResponseWriter, status int, code, desc string) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // the descriptions hold <placeholders> for curl users to read
	enc.Encode(struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}{code, desc})
}

// writeJSON answers 200 with v as JSON, not cached.
func writeJSON(w http.ResponseWriter, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// maxBodyBytes bounds the body decodeBody reads.
const maxBodyBytes = 64 << 10

// decodeBody decodes r's JSON body into v, refusing fields v does not
// have; an empty body leaves v as it is. The error names the field or the
// byte that is wrong and is meant for a 400 answer.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBodyBytes+1))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return nil
	case errors.As(err, &syn):
		return fmt.Errorf("body: not valid JSON at byte %d: %w", syn.Offset, err)
	case errors.As(err, &typ) && typ.Field == "":
		return fmt.Errorf("body: a JSON %s; want an object", typ.Value)
	case errors.As(err, &typ):
		return fmt.Errorf("body: field %q: a JSON %s; want a %s", typ.Field, typ.Value, typ.Type)
	case err != nil && strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json has no typed error for an unknown field.
		return fmt.Errorf("body: %s: not a field of this request", strings.TrimPrefix(err.Error(), "json: "))
	case err != nil:
		return fmt.Errorf("body: %w", err)
	}
	if dec.More() {
		return errors.New("body: more than one JSON value; want one object")
	}
	return nil
}

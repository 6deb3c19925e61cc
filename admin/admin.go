// Package admin serves the admin API of the oauth-ratelimit server: the
// guard every request to the admin listener passes, and the endpoints that
// show the limiter's keys. The server (cmd/oauth-ratelimit) only mounts
// them.
//
// The guard is built for a listener an operator reaches with curl, and that
// a web page in the operator's browser must not reach:
//
//   - Every /admin/ request needs the bearer token (Authorization: Bearer
//     …), compared in constant time, when one is configured. Only an
//     Authorization header counts: no cookie, no HTTP Basic, nothing a
//     browser sends by itself. The one exception is the read-only status
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
// Refusals answer 401, 403 or 415 with a JSON body {"error": …,
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
)

// DefaultOpen are the paths the guard serves without the token (see the
// package comment for why).
var DefaultOpen = []string{"/metrics", "/healthz", "/readyz"}

// MinTokenLen is the shortest token accepted: 16 characters of the token
// alphabet are about 96 bits, out of reach of guessing over HTTP.
const MinTokenLen = 16

// Config configures a Server. Its zero value is not valid: Keys is needed.
type Config struct {
	// Token is the bearer token every /admin/ request must present; nil
	// or empty: none is asked. The server allows that only on a loopback
	// listener (see IsLoopback). It is read with ReadToken.
	Token []byte
	// Open are the paths served without the token, with any method the
	// handler behind accepts. Default DefaultOpen.
	Open []string
	// Keys is what the key endpoints read. Required.
	Keys Keys
	// Policy is what the override and policy endpoints use (policy.go);
	// nil: they answer 501.
	Policy Policy
	// Logger receives a record for refused requests, at most one a second
	// (a scan of the listener would fill the log otherwise). Default: no
	// logging.
	Logger *slog.Logger
	// Now reads the clock for the key endpoints. Default time.Now.
	Now func() time.Time
	// PolicyFile, if set, tells GET /admin/policy whether the policy file
	// on disk is the one running: a reload that refused it leaves an older
	// policy in force, which the answer would otherwise not show (an
	// outside audit).
	PolicyFile func() PolicyFileState
}

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
	var errs []error
	if len(c.Token) > 0 {
		if err := checkToken(c.Token); err != nil {
			errs = append(errs, fmt.Errorf("admin: Token: %w", err))
		}
	}
	if c.Keys == nil {
		errs = append(errs, errors.New("admin: Keys: nil; want the limiter"))
	}
	return errors.Join(errs...)
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

// Server serves the admin API. Create it with New; it is safe for
// concurrent use.
type Server struct {
	cfg     Config
	digest  [sha256.Size]byte // of the token: compared instead of it, see authorized
	open    map[string]bool
	lastLog atomic.Int64 // Unix ns of the last refusal logged
}

// New returns a Server configured by cfg, which it copies.
func New(cfg Config) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Open == nil {
		cfg.Open = DefaultOpen
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Server{cfg: cfg, open: make(map[string]bool)}
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

// tokenRequired reports whether a token was configured.
func (s *Server) tokenRequired() bool { return s.digest != [sha256.Size]byte{} }

// Guard returns next behind the guard (see the package comment).
func (s *Server) Guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.open[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		if !s.tokenRequired() && !loopbackHost(r.Host) {
			s.refuse(w, r, http.StatusMisdirectedRequest, "misdirected_request", fmt.Sprintf("Host %q: without an admin token the admin API answers only requests addressed to a loopback IP or localhost (a web page that rebinds its own name to 127.0.0.1 would name its own host); set --admin-token-file to reach it under another name", r.Host))
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
	WriteError(w, status, code, desc)
}

// WriteError answers with status and the JSON body {"error": code,
// "error_description": desc}, not cached.
func WriteError(w http.ResponseWriter, status int, code, desc string) {
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

// MaxBodyBytes bounds the body DecodeBody reads.
const MaxBodyBytes = 64 << 10

// DecodeBody decodes r's JSON body into v, refusing fields v does not
// have; an empty body leaves v as it is. The error names the field or the
// byte that is wrong and is meant for a 400 answer.
func DecodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, MaxBodyBytes+1))
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

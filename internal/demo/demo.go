// Package demo is the built-in token endpoint of the oauth-ratelimit server:
// client_credentials and password grants against a small file of clients,
// answering JWT-shaped access tokens, so that the limiter can be tried
// without an OAuth server. It is not an OAuth server: secrets are compared
// in plain text and the signing key is made up at start.
package demo

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.yaml.in/yaml/v4"
)

// Client is a demo client.
type Client struct {
	Secret string            // "" for a public client
	Users  map[string]string // username to password, for the password grant
}

// Clients are the demo clients by client ID.
type Clients map[string]*Client

// ParseClients parses a demo clients file, YAML read with the same library
// as the policy file:
//
//	clients:
//	  demo-service:
//	    secret: demo-secret
//	  mobile-app:
//	    secret: mobile-secret
//	    users:
//	      alice: alice-password
//	  public-spa: {users: {carol: carol-password}}
//
// A client without a secret is public. Secrets and passwords are taken as
// written (0600 stays 0600). Unknown fields, duplicate keys and empty values
// are errors that name the file and line.
func ParseClients(name string, data []byte) (Clients, error) {
	p := clientsParser{name: name}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		var le *yaml.LoadError
		if errors.As(err, &le) && le.Mark.Line > 0 {
			msg := le.Message
			if lines := strings.Split(string(data), "\n"); le.Mark.Line <= len(lines) {
				l := lines[le.Mark.Line-1]
				if strings.Contains(l[:len(l)-len(strings.TrimLeft(l, " \t"))], "\t") {
					msg = "tab in indentation; indent with spaces only (" + msg + ")"
				}
			}
			return nil, p.errf(le.Mark.Line, "%s", msg)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: no clients; want at least one entry under \"clients\"", name)
	}
	top, err := p.mapping(doc.Content[0], "the file", "clients")
	if err != nil {
		return nil, err
	}
	cs := Clients{}
	if v, ok := top["clients"]; ok {
		entries, err := p.entries(v.value, "clients")
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.key == "" {
				return nil, p.errf(e.line, "an empty client ID; want a client ID: its fields")
			}
			c, err := p.client(e)
			if err != nil {
				return nil, err
			}
			cs[e.key] = c
		}
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: no clients; want at least one entry under \"clients\"", name)
	}
	return cs, nil
}

// maxEntries bounds the clients and users a file may expand to, counting
// each use of an alias in full: aliases could otherwise make a small file
// into a huge one ("billion laughs").
const maxEntries = 1 << 20

// clientsParser walks the node tree of a demo clients file.
type clientsParser struct {
	name string
	read int // entries read, against maxEntries
}

func (p *clientsParser) errf(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, line, fmt.Sprintf(format, args...))
}

type entry struct {
	key   string
	line  int
	value *yaml.Node
}

// entries returns the entries of the mapping n (an empty value is an empty
// mapping), refusing duplicate keys.
func (p *clientsParser) entries(n *yaml.Node, what string) ([]entry, error) {
	line := n.Line // of the alias, if n is one
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, p.errf(n.Line, "%s: want a mapping (key: value)", what)
	}
	if p.read += len(n.Content) / 2; p.read > maxEntries {
		return nil, p.errf(line, "%s: aliases expand the file to more than %d entries", what, maxEntries)
	}
	var es []entry
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode {
			return nil, p.errf(k.Line, "%s: want plain keys", what)
		}
		if first, dup := seen[k.Value]; dup {
			return nil, p.errf(k.Line, "%s: %q defined twice (first on line %d)", what, k.Value, first)
		}
		seen[k.Value] = k.Line
		es = append(es, entry{key: k.Value, line: k.Line, value: n.Content[i+1]})
	}
	return es, nil
}

// mapping returns the entries of n by key, refusing keys other than allowed.
func (p *clientsParser) mapping(n *yaml.Node, what string, allowed ...string) (map[string]entry, error) {
	es, err := p.entries(n, what)
	if err != nil {
		return nil, err
	}
	m := map[string]entry{}
	for _, e := range es {
		if !slices.Contains(allowed, e.key) {
			return nil, p.errf(e.line, "%s: %q: unknown field; want %s", what, e.key, strings.Join(allowed, " or "))
		}
		m[e.key] = e
	}
	return m, nil
}

// text returns the scalar e.value, which must not be empty.
func (p *clientsParser) text(e entry, what string) (string, error) {
	n := e.value
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" || n.Value == "" {
		return "", p.errf(e.line, "%s: want a value", what)
	}
	return strings.TrimRight(n.Value, "\n"), nil // a block scalar's line break is not part of it
}

func (p *clientsParser) client(e entry) (*Client, error) {
	what := "client " + e.key
	f, err := p.mapping(e.value, what, "secret", "users")
	if err != nil {
		return nil, err
	}
	c := &Client{Users: map[string]string{}}
	if s, ok := f["secret"]; ok {
		if c.Secret, err = p.text(s, what+": secret"); err != nil {
			return nil, err
		}
	}
	if u, ok := f["users"]; ok {
		users, err := p.entries(u.value, what+": users")
		if err != nil {
			return nil, err
		}
		for _, ue := range users {
			if c.Users[ue.key], err = p.text(ue, what+": user "+ue.key+": password"); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// Endpoint is the demo token endpoint. It is safe for concurrent use.
type Endpoint struct {
	clients Clients
	key     []byte
	now     func() time.Time
	seq     atomic.Int64
}

// TokenLifetime is the expires_in of the tokens the demo endpoint issues.
const TokenLifetime = 5 * time.Minute

// New returns a demo endpoint for clients, signing with a random key.
func New(clients Clients, now func() time.Time) *Endpoint {
	key := make([]byte, 32)
	rand.Read(key) // never fails (crypto/rand)
	if now == nil {
		now = time.Now
	}
	return &Endpoint{clients: clients, key: key, now: now}
}

// ServeHTTP answers a token request (RFC 6749 §4.3, §4.4, §5).
func (e *Endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		oauthError(w, http.StatusMethodNotAllowed, "invalid_request", "the token endpoint takes POST")
		return
	}
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "the body is not a valid form")
		return
	}
	form := r.PostForm
	id, secret, basic := r.BasicAuth()
	if basic {
		// RFC 6749 §2.3.1: both are form-urlencoded inside Basic.
		var err1, err2 error
		id, err1 = url.QueryUnescape(id)
		secret, err2 = url.QueryUnescape(secret)
		if err1 != nil || err2 != nil {
			oauthError(w, http.StatusBadRequest, "invalid_request", "malformed HTTP Basic credentials")
			return
		}
	} else {
		id, secret = form.Get("client_id"), form.Get("client_secret")
	}
	c, ok := e.clients[id]
	if !ok || subtle.ConstantTimeCompare([]byte(c.Secret), []byte(secret)) != 1 {
		if basic {
			w.Header().Set("WWW-Authenticate", `Basic realm="oauth-ratelimit demo"`)
		}
		oauthError(w, http.StatusUnauthorized, "invalid_client", "unknown client or wrong secret")
		return
	}
	var sub string
	switch form.Get("grant_type") {
	case "client_credentials":
		if c.Secret == "" {
			oauthError(w, http.StatusBadRequest, "unauthorized_client", "a public client cannot use client_credentials")
			return
		}
		sub = id
	case "password":
		user := form.Get("username")
		pw, ok := c.Users[user]
		if !ok || subtle.ConstantTimeCompare([]byte(pw), []byte(form.Get("password"))) != 1 {
			oauthError(w, http.StatusBadRequest, "invalid_grant", "unknown user or wrong password")
			return
		}
		sub = user
	case "":
		oauthError(w, http.StatusBadRequest, "invalid_request", "grant_type is missing")
		return
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "the demo endpoint supports client_credentials and password")
		return
	}
	now := e.now()
	tok := e.sign(map[string]any{
		"iss": "oauth-ratelimit-demo", "sub": sub, "client_id": id,
		"iat": now.Unix(), "exp": now.Add(TokenLifetime).Unix(),
		"jti": strconv.FormatInt(e.seq.Add(1), 36),
	})
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int    `json:"expires_in"`
	}{tok, "Bearer", int(TokenLifetime / time.Second)})
}

// sign returns an HS256 JWT of claims.
func (e *Endpoint) sign(claims map[string]any) string {
	payload, _ := json.Marshal(claims) // maps of strings and numbers always encode
	s := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + base64.RawURLEncoding.EncodeToString(payload)
	m := hmac.New(sha256.New, e.key)
	m.Write([]byte(s))
	return s + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func oauthError(w http.ResponseWriter, status int, code, desc string) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": desc})
}

// Package demo is the built-in token endpoint of the oauth-ratelimit server:
// client_credentials and password grants against a small file of clients,
// answering JWT-shaped access tokens, so that the limiter can be tried
// without an OAuth server. It is not an OAuth server: secrets are compared
// in plain text and the signing key is made up at start.
package demo

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Client is a demo client.
type Client struct {
	Secret string            // "" for a public client
	Users  map[string]string // username to password, for the password grant
}

// Clients are the demo clients by client ID.
type Clients map[string]*Client

// ParseClients parses a demo clients file:
//
//	clients:
//	  demo-service:
//	    secret: demo-secret
//	  mobile-app:
//	    secret: mobile-secret
//	    users:
//	      alice: alice-password
//
// Indentation is two spaces per level; # starts a comment; values are plain
// words. Errors name the file and line.
func ParseClients(name string, data []byte) (Clients, error) {
	cs := Clients{}
	var cur *Client
	inUsers := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(format, args...))
		}
		if strings.Contains(line, "\t") {
			return nil, errf("tab in line; indent with spaces")
		}
		body := strings.TrimLeft(line, " ")
		indent := len(line) - len(body)
		key, value, ok := strings.Cut(strings.TrimRight(body, " "), ":")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" {
			return nil, errf("%q: want key: value", body)
		}
		switch {
		case indent == 0:
			if key != "clients" || value != "" {
				return nil, errf("%q: want clients: at the top", body)
			}
		case indent == 2:
			if value != "" {
				return nil, errf("client %s: want the client's fields on the lines below", key)
			}
			if _, dup := cs[key]; dup {
				return nil, errf("client %s defined twice", key)
			}
			cur, inUsers = &Client{Users: map[string]string{}}, false
			cs[key] = cur
		case indent == 4 && cur != nil:
			switch key {
			case "secret":
				if value == "" {
					return nil, errf("secret: want a value")
				}
				cur.Secret, inUsers = value, false
			case "users":
				if value != "" {
					return nil, errf("users: want one username: password per line below")
				}
				inUsers = true
			default:
				return nil, errf("%q: unknown field; want secret or users", key)
			}
		case indent == 6 && inUsers:
			if value == "" {
				return nil, errf("user %s: want a password", key)
			}
			cur.Users[key] = value
		default:
			return nil, errf("unexpected indentation %d; want clients:, then 2 spaces per level", indent)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: no clients; want at least one entry under \"clients\"", name)
	}
	return cs, nil
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

package main

// tokensrv: a tiny OAuth token endpoint for proxy mode. It knows the world's
// clients, answers client_credentials, password and refresh_token grants
// (refresh tokens rotate), and logs every answer it gives: the upstream's
// own record of the tokens it issued.

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"log"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

type tsrv struct {
	clients map[string]*Client
	idx     map[string]int
	mu      sync.Mutex
	rts     map[string][2]string
	logf    *json.Encoder
	lmu     sync.Mutex
}

type issueRec struct {
	At     string `json:"at"`
	Status int    `json:"status"`
	Client string `json:"client"`
	User   string `json:"user,omitempty"`
	Grant  string `json:"grant"`
	Note   string `json:"note,omitempty"`
}

func (s *tsrv) rec(st int, c, u, g, note string) {
	s.lmu.Lock()
	s.logf.Encode(issueRec{time.Now().UTC().Format(time.RFC3339Nano), st, c, u, g, note})
	s.lmu.Unlock()
}

func jwtFor(c, sub string) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	p, _ := json.Marshal(map[string]any{"sub": sub, "client_id": c, "iat": time.Now().Unix()})
	return h + "." + base64.RawURLEncoding.EncodeToString(p) + ".x"
}

func (s *tsrv) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fail := func(st int, code, c, u, g string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(st)
		json.NewEncoder(w).Encode(map[string]string{"error": code})
		s.rec(st, c, u, g, code)
	}
	if err := r.ParseForm(); err != nil {
		fail(400, "invalid_request", "", "", "")
		return
	}
	f := r.PostForm
	id, secret, basic := r.BasicAuth()
	if basic {
		var e1, e2 error
		id, e1 = url.QueryUnescape(id)
		secret, e2 = url.QueryUnescape(secret)
		if e1 != nil || e2 != nil {
			fail(400, "invalid_request", id, "", "")
			return
		}
	} else {
		id, secret = f.Get("client_id"), f.Get("client_secret")
	}
	asserted := false
	if f.Get("client_assertion_type") == assertionType {
		sub, ok := jwtSub(f.Get("client_assertion"))
		if !ok {
			fail(400, "invalid_client", id, "", "")
			return
		}
		if id == "" {
			id = sub
		}
		asserted = sub == id
	}
	g := f.Get("grant_type")
	c, ok := s.clients[id]
	if !ok && !utf8.ValidString(id) { // a wild client: any invalid UTF-8 ID
		c, ok = &Client{ID: id, Secret: "wild"}, true
	}
	if ok && !utf8.ValidString(f.Get("username")) { // a wild user
		c2 := *c
		c2.Users = map[string]string{f.Get("username"): "wild"}
		c = &c2
	}
	if !ok || !asserted && subtle.ConstantTimeCompare([]byte(c.Secret), []byte(secret)) != 1 || asserted && c.Secret == "" {
		fail(401, "invalid_client", id, "", g)
		return
	}
	if ms, _ := strconv.Atoi(f.Get("x_sleep_ms")); ms > 0 {
		select {
		case <-time.After(time.Duration(ms) * time.Millisecond):
		case <-r.Context().Done():
			s.rec(0, id, "", g, "client gone: no answer")
			return
		}
	}
	var sub, user string
	var newRT bool
	switch g {
	case "client_credentials":
		if c.Secret == "" {
			fail(400, "unauthorized_client", id, "", g)
			return
		}
		sub = id
	case "password":
		user = f.Get("username")
		pw, ok := c.Users[user]
		if !ok || subtle.ConstantTimeCompare([]byte(pw), []byte(f.Get("password"))) != 1 {
			fail(400, "invalid_grant", id, user, g)
			return
		}
		sub, newRT = user, true
	case "refresh_token":
		t := f.Get("refresh_token")
		s.mu.Lock()
		b, ok := s.rts[t]
		if ok && b[0] == id {
			delete(s.rts, t)
		}
		s.mu.Unlock()
		if !ok || b[0] != id {
			fail(400, "invalid_grant", id, "", g)
			return
		}
		user, sub, newRT = b[1], b[1], true
	default:
		fail(400, "unsupported_grant_type", id, "", g)
		return
	}
	resp := map[string]any{"access_token": jwtFor(id, sub), "token_type": "Bearer", "expires_in": 300}
	if n, _ := strconv.Atoi(f.Get("x_big")); n > 0 && n <= 1<<20 {
		resp["a_pad"] = strings.Repeat("p", n) // sorts first: the tokens come after it
	}
	if newRT {
		var b [24]byte
		rand.Read(b[:])
		t := hex.EncodeToString(b[:])
		if s.idx[id]%2 == 0 { // a JWT refresh token, as Keycloak's
			t = jwtFor(id, user) + hex.EncodeToString(b[:4])
		}
		s.mu.Lock()
		s.rts[t] = [2]string{id, user}
		s.mu.Unlock()
		resp["refresh_token"] = t
	}
	if o := r.Header.Get("Origin"); o != "" && corsAllowed(s.idx[id]) && s.clients[id] != nil {
		w.Header().Set("Access-Control-Allow-Origin", o)
		w.Header().Set("Vary", "Origin")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(200)
	json.NewEncoder(w).Encode(resp)
	note := ""
	if r.Header.Get("X-H80-Direct") != "" {
		note = "direct"
	}
	s.rec(200, id, user, g, note)
}

const assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// jwtSub returns the sub of a JWT, unverified.
func jwtSub(t string) (string, bool) {
	parts := strings.Split(t, ".")
	if len(parts) != 3 {
		return "", false
	}
	p, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", false
	}
	var c struct {
		Sub string `json:"sub"`
	}
	if json.Unmarshal(p, &c) != nil || c.Sub == "" {
		return "", false
	}
	return c.Sub, true
}

func runTokenServer(world *World, addr, logPath string) {
	f, err := os.Create(logPath)
	if err != nil {
		log.Fatal(err)
	}
	s := &tsrv{clients: map[string]*Client{}, idx: map[string]int{}, rts: map[string][2]string{}, logf: json.NewEncoder(f)}
	for _, c := range world.Clients {
		s.clients[c.ID] = c
		s.idx[c.ID] = len(s.idx)
	}
	mux := http.NewServeMux()
	mux.Handle("/oauth2/token", s)
	log.Fatal(http.ListenAndServe(addr, mux))
}

// corsAllowed: the endpoint allows browser origins for every third client.
func corsAllowed(i int) bool { return i%3 == 0 }

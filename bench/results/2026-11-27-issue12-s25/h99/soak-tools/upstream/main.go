// Command upstream is a Hydra-shaped token endpoint for h99's soak: JWT
// access tokens with sub, rotating opaque refresh tokens.
package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"strings"
	"sync"
	"time"
)

type binding struct {
	client, user string
	exp          time.Time
}

var (
	mu  sync.Mutex
	rts = map[string]binding{}
)

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func jwt(sub, client string) string {
	h := b64([]byte(`{"alg":"RS256","typ":"JWT"}`))
	p, _ := json.Marshal(map[string]any{"sub": sub, "client_id": client, "iat": time.Now().Unix(), "exp": time.Now().Add(5 * time.Minute).Unix()})
	return h + "." + b64(p) + "." + b64([]byte("sig"))
}

func newRT() string {
	var b [32]byte
	rand.Read(b[:])
	return "ory_rt_" + b64(b[:])
}

func fail(w http.ResponseWriter, code int, e string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": e})
}

func token(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		fail(w, 405, "method")
		return
	}
	if err := r.ParseForm(); err != nil {
		fail(w, 400, "invalid_request")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id == "" || secret != "secret-"+id {
		fail(w, 401, "invalid_client")
		return
	}
	resp := map[string]any{"token_type": "bearer", "expires_in": 3600, "scope": "offline"}
	switch r.PostForm.Get("grant_type") {
	case "client_credentials":
		resp["access_token"] = jwt(id, id)
	case "password":
		u := r.PostForm.Get("username")
		if r.PostForm.Get("password") != "pw" || u == "" {
			fail(w, 400, "invalid_grant")
			return
		}
		resp["access_token"] = jwt(u, id)
		if strings.HasPrefix(u, "p-") { // no offline access: no refresh token
			break
		}
		rt := newRT()
		mu.Lock()
		rts[rt] = binding{id, u, time.Now().Add(20 * time.Minute)}
		mu.Unlock()
		resp["refresh_token"] = rt
	case "refresh_token":
		old := r.PostForm.Get("refresh_token")
		mu.Lock()
		b, ok := rts[old]
		if ok && b.client == id {
			delete(rts, old)
		}
		mu.Unlock()
		if !ok || b.client != id {
			fail(w, 400, "invalid_grant")
			return
		}
		resp["access_token"] = jwt(b.user, id)
		rt := newRT()
		mu.Lock()
		rts[rt] = binding{id, b.user, time.Now().Add(20 * time.Minute)}
		mu.Unlock()
		resp["refresh_token"] = rt
	default:
		fail(w, 400, "unsupported_grant_type")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(resp)
}

func main() {
	addr := flag.String("listen", "127.0.0.1:24001", "")
	flag.Parse()
	go func() {
		for range time.Tick(time.Minute) {
			now := time.Now()
			mu.Lock()
			for k, b := range rts {
				if now.After(b.exp) {
					delete(rts, k)
				}
			}
			n := len(rts)
			mu.Unlock()
			log.Printf("refresh tokens held: %d", n)
		}
	}()
	http.HandleFunc("/oauth2/token", token)
	log.Fatal(http.ListenAndServe(*addr, nil))
}

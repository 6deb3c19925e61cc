package main

import (
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// jsonl appends one JSON object per line to a file, under a lock.
type jsonl struct {
	mu sync.Mutex
	f  *os.File
}

func newJSONL(name string) (*jsonl, error) {
	if name == "" {
		return &jsonl{}, nil
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &jsonl{f: f}, nil
}

func (j *jsonl) write(v any) {
	if j.f == nil {
		return
	}
	b, _ := json.Marshal(v)
	j.mu.Lock()
	j.f.Write(append(b, '\n'))
	j.mu.Unlock()
}

var (
	refreshTokens sync.Map // refresh token -> key
	rtSeq         atomic.Int64
)

var clientRe = regexp.MustCompile(`^c[0-9]+$`)

const specialClient, specialSecret = "a b:c/%", "p@ss:wörd+"

func secretOK(id, secret string) bool {
	if id == specialClient {
		return secret == specialSecret
	}
	return clientRe.MatchString(id) && secret == "s-"+id
}

// endpoint is a token endpoint: client_credentials and password grants;
// Basic credentials are form-urldecoded (RFC 6749 2.3.1).
type endpoint struct{ log *jsonl }

type epRecord struct {
	T       string `json:"t"`
	Req     string `json:"req"`
	Proto   string `json:"proto"`
	Client  string `json:"client"`
	User    string `json:"user"`
	Grant   string `json:"grant"`
	Auth    string `json:"auth"`
	Status  int    `json:"status"`
	BodyLen int    `json:"body_len"`
	Expect  string `json:"expect,omitempty"`
	Err     string `json:"err,omitempty"`
}

func (e *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := epRecord{T: time.Now().UTC().Format(time.RFC3339Nano), Req: r.Header.Get("X-Req"), Proto: r.Proto, Expect: r.Header.Get("Expect")}
	defer func() { e.log.write(rec) }()
	if r.URL.Path != "/oauth2/token" || r.Method != http.MethodPost {
		rec.Status = 404
		http.NotFound(w, r)
		return
	}
	body, err := io.ReadAll(r.Body)
	rec.BodyLen = len(body)
	if err != nil {
		rec.Status, rec.Err = 400, "read: "+err.Error()
		oauthErr(w, 400, "invalid_request", err.Error())
		return
	}
	var form url.Values
	if ct := r.Header.Get("Content-Type"); strings.HasPrefix(ct, "application/json") {
		var m map[string]string
		if err := json.Unmarshal(body, &m); err != nil {
			rec.Status, rec.Err = 400, "json: "+err.Error()
			oauthErr(w, 400, "invalid_request", err.Error())
			return
		}
		form = url.Values{}
		for k, v := range m {
			form.Set(k, v)
		}
	} else {
		form, err = url.ParseQuery(string(body))
		if err != nil {
			rec.Status, rec.Err = 400, "form: "+err.Error()
			oauthErr(w, 400, "invalid_request", err.Error())
			return
		}
	}
	if ms, _ := strconv.Atoi(r.Header.Get("X-Delay-Ms")); ms > 0 {
		select {
		case <-time.After(time.Duration(ms) * time.Millisecond):
		case <-r.Context().Done():
			rec.Status, rec.Err = 0, "client gone during delay"
			return
		}
	}
	id, secret := form.Get("client_id"), form.Get("client_secret")
	rec.Auth = "post"
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Basic ") {
		rec.Auth = "basic"
		raw, err := base64.StdEncoding.DecodeString(a[6:])
		u, p, ok := strings.Cut(string(raw), ":")
		if err == nil && ok {
			u1, e1 := url.QueryUnescape(u)
			p1, e2 := url.QueryUnescape(p)
			if e1 == nil && e2 == nil {
				if secret != "" {
					rec.Status, rec.Err = 400, "two methods"
					oauthErr(w, 400, "invalid_request", "more than one client authentication method")
					return
				}
				id, secret = u1, p1
			}
		}
	}
	rec.Client, rec.Grant = id, form.Get("grant_type")
	if !secretOK(id, secret) {
		rec.Status = 401
		oauthErr(w, 401, "invalid_client", "unknown client or wrong secret")
		return
	}
	sub := id
	var rt string
	switch rec.Grant {
	case "refresh_token":
		v, ok := refreshTokens.Load(form.Get("refresh_token"))
		if !ok || v.(key).client != id {
			rec.Status = 400
			oauthErr(w, 400, "invalid_grant", "unknown refresh token")
			return
		}
		rec.User = v.(key).user
		sub = rec.User
	case "client_credentials":
	case "password":
		u := form.Get("username")
		rec.User = u
		if u == "" || form.Get("password") != "pw-"+u {
			rec.Status = 400
			oauthErr(w, 400, "invalid_grant", "wrong password")
			return
		}
		sub = u
		rt = fmt.Sprintf("rt-%s-%s-%d", id, u, rtSeq.Add(1))
		refreshTokens.Store(rt, key{id, u})
	default:
		rec.Status = 400
		oauthErr(w, 400, "unsupported_grant_type", rec.Grant)
		return
	}
	rec.Status = 200
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	hdr := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none"}`))
	pl, _ := json.Marshal(map[string]any{"sub": sub, "client_id": id, "exp": time.Now().Add(5 * time.Minute).Unix()})
	tok := hdr + "." + base64.RawURLEncoding.EncodeToString(pl) + ".x"
	ans := map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 300}
	if rt != "" {
		ans["refresh_token"] = rt
	}
	json.NewEncoder(w).Encode(ans)
}

func oauthErr(w http.ResponseWriter, status int, code, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": desc})
}

func upstreamMain(args []string) error {
	fs := flag.NewFlagSet("upstream", flag.ExitOnError)
	listen := fs.String("listen", "127.0.0.1:23001", "")
	logf := fs.String("log", "", "JSONL log of every request")
	fs.Parse(args)
	j, err := newJSONL(*logf)
	if err != nil {
		return err
	}
	fmt.Println("upstream on", *listen)
	return (&http.Server{Addr: *listen, Handler: &endpoint{log: j}}).ListenAndServe()
}

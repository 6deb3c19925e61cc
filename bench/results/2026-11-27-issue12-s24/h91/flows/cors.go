package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// corscheck: a public client (PKCE, client_id in the body) whose Hydra
// client allows one origin; its refreshes over the user's limit, with that
// origin and with another.
func corscheck(via, outDir string) error {
	out, _ := os.Create(filepath.Join(outDir, "cors.txt"))
	defer out.Close()
	p := func(f string, a ...any) { fmt.Fprintf(out, f+"\n", a...); fmt.Printf(f+"\n", a...) }
	if err := adminJSON("POST", "/admin/clients", map[string]any{"client_id": "spa", "token_endpoint_auth_method": "none",
		"grant_types": []string{"authorization_code", "refresh_token"}, "response_types": []string{"code"},
		"scope": "openid offline_access", "redirect_uris": []string{redirectURI},
		"allowed_cors_origins": []string{"http://127.0.0.1:26500"}}, nil); err != nil && !strings.Contains(err.Error(), "409") {
		return err
	}
	verifier := make([]byte, 32)
	rand.Read(verifier)
	ver := hex.EncodeToString(verifier)
	ch := sha256.Sum256([]byte(ver))
	jar, _ := cookiejar.New(nil)
	hc := &http.Client{Jar: jar, CheckRedirect: func(r *http.Request, via []*http.Request) error {
		if r.URL.Host == "127.0.0.1:26301" {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	q := url.Values{"response_type": {"code"}, "client_id": {"spa"}, "redirect_uri": {redirectURI}, "scope": {"openid offline_access"},
		"state": {"state-of-spa"}, "login_hint": {"erin"}, "code_challenge": {b64u(ch[:])}, "code_challenge_method": {"S256"}}
	resp, err := hc.Get(via + "/oauth2/auth?" + q.Encode())
	if err != nil {
		return err
	}
	resp.Body.Close()
	m := codeRE.FindStringSubmatch(resp.Header.Get("Location"))
	if m == nil {
		return fmt.Errorf("no code: %s", resp.Header.Get("Location"))
	}
	code, _ := url.QueryUnescape(m[1])
	post := func(base string, form url.Values, origin string) (int, http.Header, string) {
		req, _ := http.NewRequest("POST", base+"/oauth2/token", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			return 0, nil, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
	}
	cors := func(h http.Header) string {
		var s []string
		for _, k := range []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Expose-Headers", "Vary"} {
			if v := h.Values(k); len(v) > 0 {
				s = append(s, k+"="+strings.Join(v, "|"))
			}
		}
		return strings.Join(s, "; ")
	}
	st, h, body := post(via, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}, "client_id": {"spa"}, "code_verifier": {ver}}, "http://127.0.0.1:26500")
	p("exchange (Origin allowed): %d RateLimit=%q CORS: %s", st, h.Get("RateLimit"), cors(h))
	var rt string
	if i := strings.Index(body, `"refresh_token":"`); i >= 0 {
		rt = body[i+17:]
		rt = rt[:strings.IndexByte(rt, '"')]
	}
	for i := 1; i <= 9; i++ {
		origin := "http://127.0.0.1:26500"
		if i == 9 {
			origin = "http://127.0.0.1:26501"
		}
		st, h, body = post(via, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "client_id": {"spa"}}, origin)
		p("refresh %d (Origin %s): %d RateLimit=%q Retry-After=%q CORS: %s", i, origin, st, h.Get("RateLimit"), h.Get("Retry-After"), cors(h))
		if st == 200 {
			j := strings.Index(body, `"refresh_token":"`)
			rt = body[j+17:]
			rt = rt[:strings.IndexByte(rt, '"')]
		}
	}
	// Hydra's own answer to the disallowed origin (a refused refresh: invalid_grant)
	st, h, _ = post("http://127.0.0.1:26448", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"bogus"}, "client_id": {"spa"}}, "http://127.0.0.1:26501")
	p("Hydra direct, bogus refresh, Origin not allowed: %d CORS: %s", st, cors(h))
	st, h, _ = post("http://127.0.0.1:26448", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"bogus"}, "client_id": {"spa"}}, "http://127.0.0.1:26500")
	p("Hydra direct, bogus refresh, Origin allowed: %d CORS: %s", st, cors(h))
	return nil
}

package main

// consent: Hydra's login and consent app; the subject is the login_hint.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

var hydraAdmin = "http://127.0.0.1:26445"

func adminJSON(method, path string, in, out any) error {
	var body bytes.Buffer
	if in != nil {
		json.NewEncoder(&body).Encode(in)
	}
	req, _ := http.NewRequest(method, hydraAdmin+path, &body)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		var e map[string]any
		json.NewDecoder(resp.Body).Decode(&e)
		return fmt.Errorf("%s %s: %d %v", method, path, resp.StatusCode, e)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}

func consentApp(listen string) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		ch := r.URL.Query().Get("login_challenge")
		var lr struct {
			OIDC struct {
				LoginHint string `json:"login_hint"`
			} `json:"oidc_context"`
		}
		if err := adminJSON("GET", "/admin/oauth2/auth/requests/login?login_challenge="+url.QueryEscape(ch), nil, &lr); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		sub := lr.OIDC.LoginHint
		if sub == "" {
			sub = "anonymous"
		}
		var red struct {
			RedirectTo string `json:"redirect_to"`
		}
		if err := adminJSON("PUT", "/admin/oauth2/auth/requests/login/accept?login_challenge="+url.QueryEscape(ch), map[string]any{"subject": sub}, &red); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		http.Redirect(w, r, red.RedirectTo, http.StatusFound)
	})
	mux.HandleFunc("/consent", func(w http.ResponseWriter, r *http.Request) {
		ch := r.URL.Query().Get("consent_challenge")
		var cr struct {
			Scope    []string `json:"requested_scope"`
			Audience []string `json:"requested_access_token_audience"`
			Subject  string   `json:"subject"`
		}
		if err := adminJSON("GET", "/admin/oauth2/auth/requests/consent?consent_challenge="+url.QueryEscape(ch), nil, &cr); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		var red struct {
			RedirectTo string `json:"redirect_to"`
		}
		if err := adminJSON("PUT", "/admin/oauth2/auth/requests/consent/accept?consent_challenge="+url.QueryEscape(ch),
			consentBody(cr.Scope, cr.Audience, cr.Subject), &red); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		http.Redirect(w, r, red.RedirectTo, http.StatusFound)
	})
	return http.ListenAndServe(listen, mux)
}

// consentBody grants what was asked; a subject named big-* gets a 70,000-byte
// id_token claim, so that Hydra's token answer is longer than the limiter's
// MaxResponseBytes (64 KiB).
func consentBody(scope, aud []string, sub string) map[string]any {
	b := map[string]any{"grant_scope": scope, "grant_access_token_audience": aud}
	if strings.HasPrefix(sub, "big-") {
		b["session"] = map[string]any{"id_token": map[string]any{"pad": strings.Repeat("x", 70000)}}
	}
	return b
}

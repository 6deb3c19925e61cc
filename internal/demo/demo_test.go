package demo

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestParseClients(t *testing.T) {
	tests := []struct {
		name, src, err string
	}{
		{"ok", "clients:\n  a:\n    secret: s\n    users:\n      u: p\n  pub:\n", ""},
		{"comments", "# x\nclients: # y\n  a:  # z\n    secret: s # w\n", ""},
		{"no clients", "clients:\n", "no clients"},
		{"tab", "clients:\n\ta:\n", "tab"},
		{"unknown field", "clients:\n  a:\n    scope: x\n", `"scope": unknown field`},
		{"duplicate", "clients:\n  a:\n  a:\n", "defined twice"},
		{"user outside users", "clients:\n  a:\n      u: p\n", "indentation"},
		{"wrong top", "users:\n", "want clients:"},
		{"empty password", "clients:\n  a:\n    users:\n      u:\n", "want a password"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := ParseClients("f.yaml", []byte(tt.src))
			if tt.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				if tt.name == "ok" && (cs["a"].Secret != "s" || cs["a"].Users["u"] != "p" || cs["pub"].Secret != "") {
					t.Errorf("parsed %+v", cs)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), "f.yaml:") {
				t.Errorf("err %v, want f.yaml:line: ...%s", err, tt.err)
			}
		})
	}
}

func TestEndpoint(t *testing.T) {
	cs, err := ParseClients("c", []byte("clients:\n  svc:\n    secret: s%1\n  app:\n    secret: as\n    users:\n      alice: pw\n  spa:\n    users:\n      carol: cpw\n"))
	if err != nil {
		t.Fatal(err)
	}
	e := New(cs, func() time.Time { return time.Unix(1000, 0) })
	tests := []struct {
		name, body, basic string
		status            int
		errCode, sub      string
	}{
		{"client_credentials basic", "grant_type=client_credentials", "svc:s%251", 200, "", "svc"},
		{"client_credentials post", "grant_type=client_credentials&client_id=svc&client_secret=s%251", "", 200, "", "svc"},
		{"wrong secret", "grant_type=client_credentials&client_id=svc&client_secret=x", "", 401, "invalid_client", ""},
		{"unknown client", "grant_type=client_credentials&client_id=nobody", "", 401, "invalid_client", ""},
		{"password", "grant_type=password&client_id=app&client_secret=as&username=alice&password=pw", "", 200, "", "alice"},
		{"wrong password", "grant_type=password&client_id=app&client_secret=as&username=alice&password=no", "", 400, "invalid_grant", ""},
		{"public password", "grant_type=password&client_id=spa&username=carol&password=cpw", "", 200, "", "carol"},
		{"public client_credentials", "grant_type=client_credentials&client_id=spa", "", 400, "unauthorized_client", ""},
		{"unsupported", "grant_type=authorization_code&client_id=svc&client_secret=s%251", "", 400, "unsupported_grant_type", ""},
		{"missing grant", "client_id=svc&client_secret=s%251", "", 400, "invalid_request", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/token", strings.NewReader(tt.body))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if tt.basic != "" {
				r.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(tt.basic)))
			}
			w := httptest.NewRecorder()
			e.ServeHTTP(w, r)
			if w.Code != tt.status || w.Header().Get("Cache-Control") != "no-store" {
				t.Fatalf("status %d cache %q, want %d: %s", w.Code, w.Header().Get("Cache-Control"), tt.status, w.Body)
			}
			var resp map[string]any
			json.Unmarshal(w.Body.Bytes(), &resp)
			if tt.errCode != "" {
				if resp["error"] != tt.errCode {
					t.Errorf("error %v, want %s", resp["error"], tt.errCode)
				}
				return
			}
			parts := strings.Split(resp["access_token"].(string), ".")
			payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
			var claims map[string]any
			json.Unmarshal(payload, &claims)
			if len(parts) != 3 || claims["sub"] != tt.sub || claims["exp"] != float64(1300) {
				t.Errorf("token claims %v", claims)
			}
		})
	}
}

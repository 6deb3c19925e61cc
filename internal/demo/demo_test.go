package demo

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseClients(t *testing.T) {
	pw := func(u, p string) map[string]string { return map[string]string{u: p} }
	none := map[string]string{}
	tests := []struct {
		name, src string
		want      Clients
		err       string // the whole error; "" when accepted
	}{
		{name: "block", src: "clients:\n  a:\n    secret: s\n    users:\n      u: p\n  pub:\n",
			want: Clients{"a": {Secret: "s", Users: pw("u", "p")}, "pub": {Users: none}}},
		{name: "comments", src: "# x\nclients: # y\n  a:  # z\n    secret: s # w\n",
			want: Clients{"a": {Secret: "s", Users: none}}},
		{name: "flow", src: "clients:\n  a: {secret: s, users: {u: p}}\n  pub: {}\n",
			want: Clients{"a": {Secret: "s", Users: pw("u", "p")}, "pub": {Users: none}}},
		{name: "JSON", src: `{"clients": {"a": {"secret": "s"}}}`,
			want: Clients{"a": {Secret: "s", Users: none}}},
		{name: "four-space indentation", src: "clients:\n    a:\n        secret: s\n",
			want: Clients{"a": {Secret: "s", Users: none}}},
		{name: "quoted secret with #", src: "clients:\n  a:\n    secret: \"s#1\"\n",
			want: Clients{"a": {Secret: "s#1", Users: none}}},
		{name: "secret as written", src: "clients:\n  a:\n    secret: 0600\n    users: {u: 1e3}\n",
			want: Clients{"a": {Secret: "0600", Users: pw("u", "1e3")}}},
		{name: "alias", src: "clients:\n  a: {users: &u {u: p}}\n  b: {users: *u}\n",
			want: Clients{"a": {Users: pw("u", "p")}, "b": {Users: pw("u", "p")}}},
		{name: "no clients", src: "clients:\n", err: `f.yaml: no clients; want at least one entry under "clients"`},
		{name: "empty file", src: "", err: `f.yaml: no clients; want at least one entry under "clients"`},
		{name: "tab", src: "clients:\n\ta:\n",
			err: "f.yaml:2: tab in indentation; indent with spaces only (found character that cannot start any token)"},
		{name: "unknown field", src: "clients:\n  a:\n    scope: x\n", err: `f.yaml:3: client a: "scope": unknown field; want secret or users`},
		{name: "duplicate", src: "clients:\n  a:\n  a:\n", err: `f.yaml:3: clients: "a" defined twice (first on line 2)`},
		{name: "duplicate user", src: "clients:\n  a: {users: {u: p, u: q}}\n", err: `f.yaml:2: client a: users: "u" defined twice (first on line 2)`},
		{name: "user outside users", src: "clients:\n  a:\n      u: p\n", err: `f.yaml:3: client a: "u": unknown field; want secret or users`},
		{name: "wrong top", src: "users:\n", err: `f.yaml:1: the file: "users": unknown field; want clients`},
		{name: "empty secret", src: "clients:\n  a:\n    secret:\n", err: "f.yaml:3: client a: secret: want a value"},
		{name: "empty password", src: "clients:\n  a:\n    users:\n      u:\n", err: "f.yaml:4: client a: user u: password: want a value"},
		{name: "client not a mapping", src: "clients:\n  a: s\n", err: "f.yaml:2: client a: want a mapping (key: value)"},
		{name: "empty client ID", src: "clients:\n  \"\": {}\n", err: "f.yaml:2: an empty client ID; want a client ID: its fields"},
		{name: "billion laughs", src: laughs, err: "f.yaml:954: client c951: users: aliases expand the file to more than 1048576 entries"},
		{name: "syntax", src: "clients:\n  a: {secret: s\n", err: "f.yaml:3: did not find expected ',' or '}'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := ParseClients("f.yaml", []byte(tt.src))
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err %v\nwant %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(cs, tt.want) {
				t.Errorf("parsed %v, want %v", fmtClients(cs), fmtClients(tt.want))
			}
		})
	}
}

// laughs has 1000 clients whose users are the same 1100 users: a million
// entries from 8 kB.
var laughs = func() string {
	s := "clients:\n  c0:\n    users: &u {"
	for i := range 1100 {
		s += fmt.Sprintf("u%d: p, ", i)
	}
	s = strings.TrimSuffix(s, ", ") + "}\n"
	for i := 1; i < 1000; i++ {
		s += fmt.Sprintf("  c%d: {users: *u}\n", i)
	}
	return s
}()

// TestEmbeddedClients parses the demo clients file the server embeds.
func TestEmbeddedClients(t *testing.T) {
	data, err := os.ReadFile("../../cmd/oauth-ratelimit/demo-clients.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cs, err := ParseClients("demo-clients.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 5 || cs["demo-service"].Secret != "demo-secret" || cs["mobile-app"].Users["bob"] != "bob-password" ||
		cs["public-spa"].Secret != "" || cs["public-spa"].Users["carol"] != "carol-password" {
		t.Errorf("parsed %s", fmtClients(cs))
	}
}

func fmtClients(cs Clients) string {
	s := ""
	for id, c := range cs {
		s += fmt.Sprintf("%s: %+v; ", id, *c)
	}
	return s
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

package tokenrequest

import (
	"strings"
	"testing"
)

func TestCheckEnvelope(t *testing.T) {
	form := []string{"application/x-www-form-urlencoded"}
	tests := []struct {
		name        string
		contentType []string
		authz       []string
		query       string
		want        string // the Authorization value returned
		prob        *Problem
	}{
		{name: "form", contentType: form},
		{name: "form with charset, any case", contentType: []string{" Application/X-WWW-Form-URLencoded ; charset=utf-8"}},
		{name: "one authorization", contentType: form, authz: []string{"Basic YTpi"}, want: "Basic YTpi"},
		{name: "unrelated query", contentType: form, query: "x=1&y=%zz"},
		{name: "json", contentType: []string{"application/json"}, prob: probContentType},
		{name: "no content type", prob: probContentType},
		{name: "two content types", contentType: append(form, form...), prob: probContentType},
		{name: "two authorizations", contentType: form, authz: []string{"Basic YTpi", "Basic YTpi"}, prob: probMultipleAuthorization},
		{name: "client_id in query", contentType: form, query: "client_id=a", prob: probInQuery[paramClientID]},
		{name: "escaped name in query", contentType: form, query: "x=1&grant%5Ftype=password", prob: probInQuery[paramGrantType]},
		{name: "name after semicolon", contentType: form, query: "x=1;username=u", prob: probInQuery[paramUsername]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			authz, p := CheckEnvelope(tt.contentType, tt.authz, tt.query)
			if p != tt.prob || authz != tt.want {
				t.Errorf("got %q, %v; want %q, %v", authz, p, tt.want, tt.prob)
			}
		})
	}
}

func TestIssuedSubject(t *testing.T) {
	tests := []struct {
		name, body string
		want       string
		ok         bool
	}{
		{"access token", `{"access_token":"` + testJWT(map[string]any{"sub": "alice"}) + `","token_type":"Bearer"}`, "alice", true},
		{"id token when the access token is opaque", `{"access_token":"opaque","id_token":"` + testJWT(map[string]any{"sub": "bob"}) + `"}`, "bob", true},
		{"no sub", `{"access_token":"` + testJWT(map[string]any{"iss": "x"}) + `"}`, "", false},
		{"empty sub", `{"access_token":"` + testJWT(map[string]any{"sub": ""}) + `"}`, "", false},
		{"sub too long", `{"access_token":"` + testJWT(map[string]any{"sub": strings.Repeat("u", MaxIdentityLen+1)}) + `"}`, "", false},
		{"not json", `access_token=x`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var scratch []byte
			got, ok := IssuedSubject([]byte(tt.body), &scratch)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestProblems checks what the middleware relies on to answer a problem
// without allocating: every reason is named, and every fixed problem is
// listed once and has a description.
func TestProblems(t *testing.T) {
	for r := range NumReasons {
		if r.String() == "" || r.String() == "invalid" {
			t.Errorf("reason %d has no name", r)
		}
	}
	seen := map[*Problem]bool{}
	for _, p := range Problems() {
		if seen[p] || p.Description == "" || p.Reason >= NumReasons {
			t.Errorf("problem %+v: listed twice, or without a description or reason", p)
		}
		seen[p] = true
	}
	for _, p := range []*Problem{ProblemBodyUnreadable, probContentType, probMultipleAuthorization, probInQuery[paramClientID], probDuplicate[paramUsername], probBadEscape[paramGrantType]} {
		if !seen[p] {
			t.Errorf("problem %q is not in Problems()", p.Description)
		}
	}
}

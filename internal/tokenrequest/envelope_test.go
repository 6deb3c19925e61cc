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
		encoding    []string
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
		// The longest name the limiter reads, plain and escaped: a bound off
		// by one in unescapeKey would let it through.
		{name: "client_assertion_type in query", contentType: form, query: "client_assertion_type=x", prob: probInQuery[paramClientAssertionType]},
		{name: "escaped client_assertion_type in query", contentType: form, query: "client%5Fassertion%5Ftype=x", prob: probInQuery[paramClientAssertionType]},
		{name: "identity encoding, any case", contentType: form, encoding: []string{" Identity"}},
		{name: "empty encoding", contentType: form, encoding: []string{""}},
		{name: "gzip", contentType: form, encoding: []string{"gzip"}, prob: probContentEncoding},
		{name: "identity then gzip", contentType: form, encoding: []string{"identity", "gzip"}, prob: probContentEncoding},
		{name: "a list", contentType: form, encoding: []string{"identity, gzip"}, prob: probContentEncoding},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			authz, p := CheckEnvelope(tt.contentType, tt.encoding, tt.authz, tt.query)
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
		{"access token before id token", `{"id_token":"` + testJWT(map[string]any{"sub": "bob"}) + `","access_token":"` + testJWT(map[string]any{"sub": "alice"}) + `"}`, "alice", true},
		{"sub at the bound", `{"access_token":"` + testJWT(map[string]any{"sub": strings.Repeat("u", MaxIdentityLen)}) + `"}`, strings.Repeat("u", MaxIdentityLen), true},
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

// TestRefreshTokens: the refresh token of a response, and the sub of a
// refresh token that is a JWT; a refresh_token parameter sent twice or in
// the query is refused (the limiter now reads it); multipart bodies are
// refused with a message that says why.
func TestRefreshTokens(t *testing.T) {
	jwt := testJWT(map[string]any{"sub": "carol", "typ": "Refresh"})
	resp := []struct {
		name, body string
		want       string
		ok         bool
	}{
		{"opaque", `{"access_token":"a","refresh_token":"ory_rt_abc","token_type":"bearer"}`, "ory_rt_abc", true},
		{"escaped", `{"refresh_token":"a\/b"}`, "a/b", true},
		{"absent", `{"access_token":"a"}`, "", false},
		{"empty", `{"refresh_token":""}`, "", false},
		{"twice", `{"refresh_token":"a","refresh_token":"b"}`, "", false},
	}
	for _, tt := range resp {
		t.Run("response/"+tt.name, func(t *testing.T) {
			var scratch []byte
			got, ok := IssuedRefreshToken([]byte(tt.body), &scratch)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
	subs := []struct {
		name, token string
		want        string
		ok          bool
	}{
		{"jwt", jwt, "carol", true},
		{"opaque", "ory_rt_abc.def", "", false},
		{"sub too long", testJWT(map[string]any{"sub": strings.Repeat("u", MaxIdentityLen+1)}), "", false},
		{"sub at the bound", testJWT(map[string]any{"sub": strings.Repeat("u", MaxIdentityLen)}), strings.Repeat("u", MaxIdentityLen), true},
	}
	for _, tt := range subs {
		t.Run("jwt/"+tt.name, func(t *testing.T) {
			var scratch []byte
			got, ok := RefreshTokenSubject(tt.token, &scratch)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
	var scratch []byte
	tr, p := Parse([]byte("grant_type=refresh_token&client_id=c&refresh_token=r%2F1"), "", &scratch)
	if p != nil || tr.RefreshToken != "r/1" {
		t.Errorf("Parse: refresh token %q, %v; want r/1", tr.RefreshToken, p)
	}
	if _, p := Parse([]byte("grant_type=refresh_token&refresh_token=a&refresh_token=b"), "", &scratch); p != probDuplicate[paramRefreshToken] {
		t.Errorf("refresh_token twice: %v, want %v", p, probDuplicate[paramRefreshToken])
	}
	form := []string{"application/x-www-form-urlencoded"}
	if _, p := CheckEnvelope(form, nil, nil, "refresh_token=a"); p != probInQuery[paramRefreshToken] {
		t.Errorf("refresh_token in query: %v", p)
	}
	_, p = CheckEnvelope([]string{"multipart/form-data; boundary=x"}, nil, nil, "")
	if p != probMultipart || p.Reason != ReasonContentType || !strings.Contains(p.Description, "urlencoded") || !strings.Contains(p.Description, "multipart/form-data") {
		t.Errorf("multipart: %v", p)
	}
}

// TestIssuedSubjectPrefix: the first bytes of a response too long to hold
// (a long id_token after the access token) still name the user; a token
// member cut off by the end names nobody.
func TestIssuedSubjectPrefix(t *testing.T) {
	at := testJWT(map[string]any{"sub": "alice"})
	full := `{"access_token":"` + at + `","expires_in":3600,"id_token":"` + strings.Repeat("x", 1000) + `","refresh_token":"r1"}`
	tests := []struct {
		name   string
		prefix string
		want   string
		ok     bool
	}{
		{"cut in the id_token", full[:len(at)+200], "alice", true},
		{"whole", full, "alice", true},
		{"cut in the access token", full[:len(at)/2], "", false},
		{"cut right after the access token's quote", full[:len(`{"access_token":"`)+len(at)+1], "alice", true},
		// Not cut but malformed: what was found does not stand.
		{"a syntax error after the access token", `{"access_token":"` + at + `" "expires_in":3600`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var scratch []byte
			got, ok := IssuedSubjectPrefix([]byte(tt.prefix), &scratch)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
	var scratch []byte
	if rt, ok := IssuedRefreshTokenPrefix([]byte(full), &scratch); rt != "r1" || !ok {
		t.Errorf("refresh token of the whole: %q %v", rt, ok)
	}
	if _, ok := IssuedRefreshTokenPrefix([]byte(full[:200]), &scratch); ok {
		t.Error("refresh token found in a prefix that ends before it")
	}
	if rt, ok := IssuedRefreshTokenPrefix([]byte(`{"refresh_token":"","id_token":"x`), &scratch); ok {
		t.Errorf("an empty refresh token found in a prefix: %q", rt)
	}
}

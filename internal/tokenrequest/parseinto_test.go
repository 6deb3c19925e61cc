package tokenrequest

import "testing"

// TestParseIntoOverwrites checks that ParseInto answers as Parse does into
// a Request that holds an earlier request (the middleware's pooled one):
// nothing of the earlier request is left, whether the new one parses or
// is refused.
func TestParseIntoOverwrites(t *testing.T) {
	const earlier = "grant_type=password&client_id=mobile&username=alice&refresh_token=r&client_secret=s"
	tests := []struct {
		name, body, authz string
	}{
		{"client credentials", "grant_type=client_credentials&scope=read", "Basic " + b64("svc:s")},
		{"only a client_id", "client_id=a", ""},
		{"refused: duplicate", "client_id=a&client_id=b", ""},
		{"refused: semicolon", "a=b;c", ""},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var scratch []byte
			var tr Request
			if p := ParseInto(&tr, []byte(earlier), "", &scratch); p != nil {
				t.Fatalf("the earlier request: %v", p)
			}
			p := ParseInto(&tr, []byte(tc.body), tc.authz, &scratch)
			var fresh []byte
			want, wantP := Parse([]byte(tc.body), tc.authz, &fresh)
			if p != wantP || tr != want {
				t.Errorf("ParseInto over an earlier request = %+v, %v; Parse = %+v, %v", tr, p, want, wantP)
			}
		})
	}
}

// TestPooledBuffersBetweenRequests runs requests of different clients
// through one pooled state, as the middleware does: one body buffer
// overwritten by each request, one scratch buffer reset to length 0, one
// Request parsed into. After each parse it appends to the scratch buffer as
// the middleware does while the request's strings are still in use (the
// subject of the token the endpoint issued) and overwrites what is left of
// its capacity; the strings must still read as a fresh Parse of a private
// copy of the request reads them. A string that views scratch past the
// length Parse left it at (a decoded Basic identifier, a JWT payload, an
// unescaped value) would read another client's bytes, or '#'.
func TestPooledBuffersBetweenRequests(t *testing.T) {
	requests := []struct{ name, body, authz string }{
		{"basic, plain id", "grant_type=client_credentials&scope=a", "Basic " + b64("svc-1:s")},
		{"basic, escaped id", "grant_type=client_credentials", "Basic " + b64("svc%2F2+x:s")},
		{"body escapes", "grant_type=password&client_id=app%2B3&username=al+ice%40x&refresh_token=r%2F1", ""},
		{"assertion sub", "grant_type=client_credentials&client_assertion=" + testJWT(map[string]any{"sub": "svc-4"}), ""},
		{"assertion sub with JSON escapes", "client_assertion=" + testJWT(map[string]any{"sub": "svc<5>"}), ""},
		{"plain body", "grant_type=password&client_id=app-6&username=bob", ""},
	}
	response := []byte(`{"access_token":"` + testJWT(map[string]any{"sub": "some\u00e9one"}) + `"}`)
	body := make([]byte, 0, 4096)
	scratch := make([]byte, 0, 4096)
	var tr Request
	for round := range 2 { // the second round parses over the first's leftovers
		for _, rq := range requests {
			body = append(body[:0], rq.body...)
			scratch = scratch[:0]
			p := ParseInto(&tr, body, rq.authz, &scratch)
			var fresh []byte
			want, wantP := Parse([]byte(rq.body), rq.authz, &fresh)
			if p != nil || wantP != nil {
				t.Fatalf("%s: %v, %v", rq.name, p, wantP)
			}
			if sub, ok := IssuedSubject(response, &scratch); !ok || sub != "someéone" {
				t.Fatalf("%s: IssuedSubject = %q, %v", rq.name, sub, ok)
			}
			free := scratch[len(scratch):cap(scratch)]
			for i := range free {
				free[i] = '#'
			}
			if tr.ClientID != want.ClientID || tr.Username != want.Username || tr.GrantType != want.GrantType || tr.RefreshToken != want.RefreshToken || tr.Auth != want.Auth {
				t.Errorf("round %d, %s: after more use of scratch: client %q user %q grant %q refresh %q auth %d; want %q %q %q %q %d",
					round, rq.name, tr.ClientID, tr.Username, tr.GrantType, tr.RefreshToken, tr.Auth,
					want.ClientID, want.Username, want.GrantType, want.RefreshToken, want.Auth)
			}
		}
	}
	// The readers of the response and of a refresh token, likewise.
	for _, c := range []struct {
		name string
		read func(*[]byte) (string, bool)
		want string
	}{
		{"IssuedSubject", func(s *[]byte) (string, bool) { return IssuedSubject(response, s) }, "someéone"},
		{"IssuedRefreshToken", func(s *[]byte) (string, bool) {
			return IssuedRefreshToken([]byte(`{"refresh_token":"r\/\u0031"}`), s)
		}, "r/1"},
		{"RefreshTokenSubject", func(s *[]byte) (string, bool) {
			return RefreshTokenSubject(testJWT(map[string]any{"sub": "carol<"}), s)
		}, "carol<"},
	} {
		scratch = scratch[:0]
		got, ok := c.read(&scratch)
		free := scratch[len(scratch):cap(scratch)]
		for i := range free {
			free[i] = '#'
		}
		if !ok || got != c.want {
			t.Errorf("%s: %q, %v after more use of scratch; want %q", c.name, got, ok, c.want)
		}
	}
}

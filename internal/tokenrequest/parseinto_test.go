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

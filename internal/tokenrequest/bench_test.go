package tokenrequest

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

type benchCase struct {
	name, body, authz string
}

// benchCases are the token requests of the root package's
// BenchmarkMiddleware, and one with a client_assertion JWT.
var benchCases = []benchCase{
	{"client_credentials", "grant_type=client_credentials&client_id=svc-1&client_secret=s3cr3t&scope=read+write", ""},
	{"basic", "grant_type=client_credentials&scope=read", "Basic " + b64("svc-1:s3cr3t")},
	{"password_with_aggregate", "grant_type=password&client_id=mobile&username=alice%40example.com&password=pw", ""},
	{"assertion", "grant_type=client_credentials&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=" +
		testJWT(map[string]any{"iss": "svc-1", "sub": "svc-1", "aud": "https://as.example.com/oauth2/token", "exp": 1700003400, "jti": "c1a6b8e0"}), ""},
}

func BenchmarkParseTokenRequest(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			body := []byte(c.body)
			scratch := make([]byte, 0, 1024)
			b.ReportAllocs()
			for b.Loop() {
				scratch = scratch[:0]
				Parse(body, c.authz, &scratch)
			}
		})
	}
}

// BenchmarkParseStdlib reads what Parse reads from the same requests with
// the standard library (url.ParseQuery, base64 and encoding/json for the
// Basic header and the assertion's sub): the measurement that justifies a
// scanner and a JSON reader of our own on the request path (STYLE rule 1).
// It checks less than Parse does (no duplicate or mismatch checks), so the
// gap is if anything understated.
func BenchmarkParseStdlib(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				form, err := url.ParseQuery(c.body)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = form.Get("grant_type"), form.Get("username")
				id := form.Get("client_id")
				if enc, ok := strings.CutPrefix(c.authz, "Basic "); ok {
					cred, err := base64.StdEncoding.DecodeString(enc)
					if err != nil {
						b.Fatal(err)
					}
					user, _, _ := strings.Cut(string(cred), ":")
					if id, err = url.QueryUnescape(user); err != nil {
						b.Fatal(err)
					}
				}
				if a := form.Get("client_assertion"); a != "" {
					parts := strings.Split(a, ".")
					payload, err := base64.RawURLEncoding.DecodeString(parts[1])
					if err != nil {
						b.Fatal(err)
					}
					var claims struct {
						Sub string `json:"sub"`
					}
					if err := json.Unmarshal(payload, &claims); err != nil {
						b.Fatal(err)
					}
					id = claims.Sub
				}
				_ = id
			}
		})
	}
}

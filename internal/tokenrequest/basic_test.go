package tokenrequest

import (
	"encoding/base64"
	"net/url"
	"strings"
	"testing"
)

// FuzzParseBasic checks parseBasic against what the standard library reads
// from the same header: the credentials decoded by encoding/base64, split
// at the first ':', the identifier form-unescaped by url.QueryUnescape (RFC
// 6749 §2.3.1), refused when it refuses it. The secret is the endpoint's to
// check: a raw '%' in it is no reason to refuse the request (an outside
// audit: the limiter answered 400 to credentials net/http's BasicAuth, and
// the endpoint behind it, accepted).
func FuzzParseBasic(f *testing.F) {
	for _, c := range []string{
		"a:s", "cl%2Fid:se%3Acret", "id:a:b", ":s", "a", "a+b:s", "a%20b:s", "%zz:s", "a:%zz", "a:%2", "a:s%",
		"a:+%41", "a%:s", "ab%4", "demo-service:demo-secret",
	} {
		f.Add("Basic " + base64.StdEncoding.EncodeToString([]byte(c)))
	}
	f.Add("basic   Og==")
	f.Add("Basic YTpz\r\n")
	f.Add("Bearer x")
	f.Fuzz(func(t *testing.T, authz string) {
		var scratch []byte
		id, ok, p := parseBasic(authz, &scratch)
		wantID, wantOK, wantBad := stdlibBasic(authz)
		if (p != nil) != wantBad || ok != wantOK || id != wantID {
			t.Fatalf("parseBasic(%q) = %q, %v, %v; the standard library: %q, %v, malformed %v", authz, id, ok, p, wantID, wantOK, wantBad)
		}
	})
}

// stdlibBasic reads authz as parseBasic should, with the standard library.
func stdlibBasic(authz string) (id string, ok, malformed bool) {
	if len(authz) < 6 || !strings.EqualFold(authz[:6], "basic ") {
		return "", false, false
	}
	enc := strings.TrimLeft(authz[6:], " ")
	if len(enc) > maxBasicLen {
		return "", false, true
	}
	cred, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return "", false, true
	}
	user, _, found := strings.Cut(string(cred), ":")
	if !found || user == "" {
		return "", false, true
	}
	u, err := url.QueryUnescape(user)
	if err != nil {
		return "", false, true
	}
	return u, true, false
}

package tokenrequest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseTokenRequest(t *testing.T) {
	jwt := testJWT(map[string]any{"sub": "svc-1", "aud": "https://as"})
	tests := []struct {
		name     string
		body     string
		authz    string
		grant    string
		client   string
		username string
		auth     AuthMethod
		prob     *Problem
	}{
		{name: "client_credentials post", body: "grant_type=client_credentials&client_id=a&client_secret=s", grant: "client_credentials", client: "a", auth: AuthPost},
		{name: "public client", body: "grant_type=authorization_code&code=c&client_id=spa&code_verifier=v", grant: "authorization_code", client: "spa"},
		{name: "no identity", body: "grant_type=client_credentials", grant: "client_credentials"},
		{name: "empty body", body: ""},
		{name: "password", body: "grant_type=password&client_id=a&username=al%20ice&password=p", grant: "password", client: "a", username: "al ice"},
		{name: "plus is space", body: "grant_type=password&client_id=a+b&username=x+y", grant: "password", client: "a b", username: "x y"},
		{name: "escaped grant urn", body: "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&client_id=a", grant: "urn:ietf:params:oauth:grant-type:jwt-bearer", client: "a"},
		{name: "unknown grant", body: "grant_type=magic&client_id=a", grant: "magic", client: "a"},
		{name: "empty secret is no method", body: "client_secret=&client_id=a", authz: "Basic " + b64("a:s"), client: "a", auth: AuthBasic},
		{name: "basic", body: "grant_type=client_credentials", authz: "Basic " + b64("cl%2Fid:se%3Acret"), grant: "client_credentials", client: "cl/id", auth: AuthBasic},
		{name: "basic, secret with colon", body: "", authz: "Basic " + b64("id:a:b"), client: "id", auth: AuthBasic},
		{name: "basic, extra spaces", body: "", authz: "BASIC   " + b64("id:s"), client: "id", auth: AuthBasic},
		{name: "assertion sub", body: "client_assertion=" + jwt, client: "svc-1", auth: AuthAssertion},
		{name: "assertion padded", body: "client_assertion=" + strings.Replace(jwt, ".c2ln", "", 1) + "%3D%3D.sig", client: "svc-1", auth: AuthAssertion},
		{name: "empty pairs", body: "&&client_id=a&&=&x", client: "a"},
		{name: "other params repeat freely", body: "scope=a&scope=b&client_id=a", client: "a"},
		{name: "long unknown key", body: strings.Repeat("k", 100) + "=v&client_id=a", client: "a"},
		{name: "assertion mismatch", body: "client_id=x&client_assertion=" + jwt, prob: probAssertionMismatch},
		{name: "assertion sub not string", body: "client_assertion=" + testJWT(map[string]any{"sub": 5}), prob: probMalformedAssertion},
		{name: "assertion two subs", body: "client_assertion=" + twoSubs(), prob: probMalformedAssertion},
		{name: "basic empty id", body: "", authz: "Basic " + b64(":s"), prob: probMalformedBasic},
		{name: "basic too long", body: "", authz: "Basic " + strings.Repeat("QUFB", maxBasicLen), prob: probBasicTooLong},
		{name: "semicolon in value", body: "client_id=a;b", prob: probSemicolon},
		{name: "bad escape in grant_type", body: "grant_type=%G1", prob: probBadEscape[paramGrantType]},
		{name: "duplicate client_secret", body: "client_secret=a&client_secret=b", prob: probDuplicate[paramClientSecret]},
		{name: "duplicate without =", body: "username&username", prob: probDuplicate[paramUsername]},
		{name: "plus first is a space", body: "username=+x&client_id=+", client: " ", username: " x"},
		{name: "plus is space among escapes", body: "username=a+b%21&client_id=c+d", client: "c d", username: "a b!"},
		{name: "empty assertion is no method", body: "client_assertion=&client_id=a", client: "a"},
		{name: "opaque assertion with client_id", body: "client_id=svc-1&client_assertion=opaque", client: "svc-1", auth: AuthAssertion},
		{name: "assertion with an empty sub", body: "client_assertion=" + testJWT(map[string]any{"sub": ""}), prob: probMalformedAssertion},
		{name: "basic and client_secret", body: "client_secret=s", authz: "Basic " + b64("a:s"), prob: probMultipleAuth},
		{name: "client_secret and assertion", body: "client_secret=s&client_assertion=" + jwt, prob: probMultipleAuth},
		{name: "basic, other client_id", body: "client_id=b", authz: "Basic " + b64("a:s"), prob: probBasicMismatch},
		{name: "basic at its bound", authz: "Basic " + b64("id:"+strings.Repeat("s", maxBasicLen/4*3-3)), client: "id", auth: AuthBasic},
		{name: "client_id at the bound", body: "client_id=" + strings.Repeat("c", MaxIdentityLen), client: strings.Repeat("c", MaxIdentityLen)},
		{name: "client_id over the bound", body: "client_id=" + strings.Repeat("c", MaxIdentityLen+1), prob: probClientIDTooLong},
		{name: "basic id over the bound", authz: "Basic " + b64(strings.Repeat("c", MaxIdentityLen+1)+":s"), prob: probClientIDTooLong},
		{name: "assertion sub over the bound", body: "client_assertion=" + testJWT(map[string]any{"sub": strings.Repeat("c", MaxIdentityLen+1)}), prob: probClientIDTooLong},
		{name: "username at the bound", body: "username=" + strings.Repeat("u", MaxIdentityLen), username: strings.Repeat("u", MaxIdentityLen)},
		{name: "username over the bound", body: "username=" + strings.Repeat("u", MaxIdentityLen+1), prob: probUsernameTooLong},
		{name: "escaped username over the bound", body: "username=" + strings.Repeat("%41", MaxIdentityLen+1), prob: probUsernameTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var scratch []byte
			tr, p := Parse([]byte(tt.body), tt.authz, &scratch)
			if p != tt.prob {
				t.Fatalf("problem %v, want %v", p, tt.prob)
			}
			if p != nil {
				return
			}
			if tr.GrantType != tt.grant || tr.ClientID != tt.client || tr.Username != tt.username || tr.Auth != tt.auth {
				t.Errorf("got grant_type %q client %q user %q auth %d; want %q %q %q %d", tr.GrantType, tr.ClientID, tr.Username, tr.Auth, tt.grant, tt.client, tt.username, tt.auth)
			}
		})
	}
}

// twoSubs is a JWT whose payload has sub twice, once escaped.
func twoSubs() string {
	p := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"a","s\u0075b":"b"}`))
	return "e30." + p + ".x"
}

func TestJSONStringMember(t *testing.T) {
	tests := []struct {
		name, obj string
		want      string
		ok        bool
	}{
		{"simple", `{"sub":"x"}`, "x", true},
		{"spaces", " {\n\t\"a\" : 1 , \"sub\" : \"x\" } ", "x", true},
		{"escaped value", `{"sub":"a\"b\\c\u00e9\ud83d\ude00"}`, "a\"b\\cé😀", true},
		{"escaped key", `{"\u0073ub":"x"}`, "x", true},
		// U+0173 is not 's', though its low byte is: JSON parsers read a
		// member "ųub", not sub.
		{"non-ASCII escape whose low byte is s", `{"\u0173ub":"x"}`, "", false},
		{"non-ASCII escaped key beside sub", `{"\u0173ub":"x","sub":"y"}`, "y", true},
		{"nested sub ignored", `{"a":{"sub":"inner"},"b":[{"sub":1},"sub"]}`, "", false},
		{"nested then top", `{"a":{"sub":"inner"},"sub":"top"}`, "top", true},
		{"not a string", `{"sub":5}`, "", false},
		{"null", `{"sub":null}`, "", false},
		{"duplicate", `{"sub":"a","sub":"a"}`, "", false},
		{"empty object", `{}`, "", false},
		{"array", `["sub","x"]`, "", false},
		{"truncated", `{"sub":"x"`, "", false},
		{"control char", "{\"sub\":\"a\x01\"}", "", false},
		{"deep", `{"a":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `,"sub":"x"}`, "", false},
		{"longer key", `{"subject":"x","sub":"y"}`, "y", true},
		{"values of every kind", `{"n":-1.5e3,"t":true,"f":false,"z":null,"s":"","o":{},"a":[],"sub":"ok"}`, "ok", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var scratch []byte
			got, ok := jsonStringMember([]byte(tt.obj), "sub", &scratch)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestJWTSubject(t *testing.T) {
	var scratch []byte
	tests := []struct {
		name, tok string
		max       int
		want      string
		ok        bool
	}{
		{"ok", testJWT(map[string]any{"sub": "u1"}), 100, "u1", true},
		{"two segments", "a.b", 100, "", false},
		{"five segments", "a.b.c.d.e", 100, "", false},
		{"bad base64", "a.!!!.c", 100, "", false},
		{"payload too long", testJWT(map[string]any{"sub": strings.Repeat("x", 200)}), 100, "", false},
		{"not json", "a." + base64.RawURLEncoding.EncodeToString([]byte("sub")) + ".c", 100, "", false},
		{"five segments, the second a payload", testJWT(map[string]any{"sub": "u1"}) + ".d.e", 100, "", false},
		// {"sub":"u1"} is 12 bytes.
		{"payload at the bound", testJWT(map[string]any{"sub": "u1"}), 12, "u1", true},
		{"payload one over the bound", testJWT(map[string]any{"sub": "u1"}), 11, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := jwtSubject(tt.tok, tt.max, &scratch)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestParseAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	body := []byte("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&client_id=a%2Bb&client_assertion=" + testJWT(map[string]any{"sub": "a+b"}) + "&username=u&scope=x+y")
	scratch := make([]byte, 0, 4096)
	allocs := testing.AllocsPerRun(100, func() {
		scratch = scratch[:0]
		if _, p := Parse(body, "", &scratch); p != nil {
			t.Fatal(p)
		}
	})
	if allocs != 0 {
		t.Errorf("Parse: %v allocs, want 0", allocs)
	}
}

// FuzzParseTokenRequest checks that the parser never panics and never reads
// a body differently from Go's url.ParseQuery, the form parser of a Go
// token endpoint: if it accepts a body, ParseQuery accepts it too and the
// parameters the limiter reads are there exactly once with the same value;
// if ParseQuery rejects a body, so does the parser.
func FuzzParseTokenRequest(f *testing.F) {
	jwt := testJWT(map[string]any{"sub": "svc"})
	for _, s := range []struct{ body, authz string }{
		{"grant_type=client_credentials&client_id=a&client_secret=s", ""},
		{"grant_type=password&client_id=a&username=u%20v&password=p", ""},
		{"grant_type=refresh_token&refresh_token=r", "Basic " + b64("a:s")},
		{"client_assertion=" + jwt + "&client_assertion_type=x", ""},
		{"client_id=a&client_id=b", ""},
		{"client%5Fid=a&client_id=b", ""},
		{"a=%zz", ""},
		{"a=b;c=d", ""},
		{"=&&=%41", "Basic Og=="},
		{"\x00\xff%", "basic !"},
	} {
		f.Add([]byte(s.body), s.authz)
	}
	f.Fuzz(func(t *testing.T, body []byte, authz string) {
		orig := bytes.Clone(body)
		var scratch []byte
		tr, p := Parse(body, authz, &scratch)
		if !bytes.Equal(body, orig) {
			t.Fatalf("the parser changed the body")
		}
		form, err := url.ParseQuery(string(body))
		if p != nil {
			// The middleware answers the problems of Problems() with bodies
			// encoded in advance.
			if !slices.Contains(Problems(), p) || p.Reason >= NumReasons {
				t.Fatalf("problem %+v is not one of Problems()", p)
			}
			return
		}
		if err != nil {
			t.Fatalf("accepted a body url.ParseQuery rejects (%v)", err)
		}
		for i, name := range paramNames {
			if len(form[name]) > 1 {
				t.Fatalf("accepted %s %d times", name, len(form[name]))
			}
			if tr.seen[i] != 0 != (len(form[name]) == 1) {
				t.Fatalf("%s seen %d, ParseQuery %q", name, tr.seen[i], form[name])
			}
		}
		if got, want := tr.GrantType, form.Get("grant_type"); got != want {
			t.Fatalf("grant_type %q, ParseQuery %q", got, want)
		}
		if got, want := tr.Username, form.Get("username"); got != want {
			t.Fatalf("username %q, ParseQuery %q", got, want)
		}
		if tr.Auth == AuthNone || tr.Auth == AuthPost {
			if got, want := tr.ClientID, form.Get("client_id"); got != want {
				t.Fatalf("client %q, ParseQuery %q", got, want)
			}
		}
		if id := form.Get("client_id"); id != "" && tr.ClientID != id {
			t.Fatalf("client %q, body client_id %q", tr.ClientID, id)
		}
		// Param reads the same values.
		for name, vals := range form {
			if v, _ := Param(body, name, &scratch); len(name) <= 64 && v != vals[0] {
				t.Fatalf("Param(%q) = %q, ParseQuery %q", name, v, vals[0])
			}
		}
	})
}

// FuzzJSONStringMember checks the member scanner against encoding/json on
// valid JSON: it finds a top-level string sub exactly when there is one,
// with the same value.
func FuzzJSONStringMember(f *testing.F) {
	for _, s := range []string{
		`{"sub":"x"}`, `{"a":{"sub":"y"},"sub":"x"}`, `{"sub":"\u00e9\ud83d\ude00"}`, `{"s\u0075b":"x"}`,
		`{"sub":1}`, `[]`, `{"a":[1,2,{"b":null}],"sub":"z"}`, `{"sub":"\ud800x"}`, `{"sub":"a","sub":"b"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, obj []byte) {
		var scratch []byte
		got, ok := jsonStringMember(obj, "sub", &scratch)
		if !json.Valid(obj) || !utf8.Valid(obj) {
			return
		}
		subs, sub := topLevelSubs(t, obj)
		switch {
		case subs == 1 && sub != nil:
			if !ok || got != *sub {
				t.Fatalf("got %q %v, encoding/json %q", got, ok, *sub)
			}
		case ok:
			t.Fatalf("found %q; encoding/json: %d subs, string %v", got, subs, sub != nil)
		}
	})
}

// topLevelSubs counts the top-level members called sub of a valid JSON
// value and returns the value of the last if it is a string.
func topLevelSubs(t *testing.T, obj []byte) (int, *string) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return 0, nil
	}
	n := 0
	var sub *string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if k == "sub" {
			n++
			sub = nil
			var s string
			if json.Unmarshal(v, &s) == nil {
				sub = &s
			}
		}
	}
	return n, sub
}

package mongostore_test

import (
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// New's reason for refusing a connection string is the driver's message
// (v2.9.3's, as it gives it) about the string with its credentials
// replaced by "xxxxx", not the message with each credential replaced
// wherever it occurs: with a password of one or two letters that garbled
// the message ("pxxxxxrsing" for "parsing" with the password "a",
// "xxxxxvalid" with "in"), and where the x's stood told the password's
// letters. A bad %-escape quoted back is the stand-in's ('%'), not the
// password's or the user name's.
func TestNewRefusalReadable(t *testing.T) {
	const prefix = "mongostore: Config.URI: not a valid MongoDB connection string: "
	for _, c := range []struct{ name, uri, want string }{
		{"OneLetterPasswordAsPort", "mongodb://admin:a",
			`error parsing uri: invalid host "": port must be an integer: strconv.Atoi: parsing "xxxxx": invalid syntax`},
		{"PortAfterTheAt", "mongodb://user:r@host:notaport/",
			`error parsing uri: invalid host "": port must be an integer: strconv.Atoi: parsing "notaport": invalid syntax`},
		{"TwoLetterPassword", "mongodb://user:in@host/?connectTimeoutMS=soon",
			`error parsing uri: invalid value for "connectTimeoutMS": "soon"`},
		{"PasswordAVowel", "mongodb://user:e@host/?retryWrites=maybe",
			`error parsing uri: invalid value for "retryWrites": "maybe"`},
		{"OptionValueIsThePassword", "mongodb://user:a@host/?connectTimeoutMS=a",
			`error parsing uri: invalid value for "connectTimeoutMS": "xxxxx"`},
		{"HostNameStays", "mongodb://db1.example.net:s3cret/",
			`error parsing uri: invalid host "": port must be an integer: strconv.Atoi: parsing "xxxxx": invalid syntax`},
		{"ColonInPasswordAsPort", "mongodb://admin:s3:cret",
			`error parsing uri: invalid host "": address admin:xxxxx:: too many colons in address`},
		{"BadEscapeInPasswordAsPort", "mongodb://admin:s3c%zzret",
			`error parsing uri: invalid host "": invalid host "admin:xxxxx%": invalid URL escape "%"`},
		{"BadEscapeInPassword", "mongodb://user:s3%zzcret@host",
			`error parsing uri: invalid password: invalid URL escape "%"`},
		{"BadEscapeInUser", "mongodb://us%zzer:pw@host",
			`error parsing uri: invalid username: invalid URL escape "%"`},
		{"BadEscapeInSessionToken", "mongodb://host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:s3c%zzret",
			`error parsing uri: invalid option value "xxxxx%": invalid URL escape "%"`},
		{"IPv6PortIsAPort", "mongodb://[::1]:27O17",
			`error parsing uri: invalid host "": port must be an integer: strconv.Atoi: parsing "27O17": invalid syntax`},
		{"NoCredentials", "mongodb://host/?replicaSet", "error parsing uri: invalid option"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := mongostore.New(t.Context(), mongostore.Config{URI: c.uri})
			if err == nil || err.Error() != prefix+c.want {
				t.Errorf("New(%s):\n got %v\nwant %s%s", c.uri, err, prefix, c.want)
			}
		})
	}
}

// FuzzNewRefusalTellsNoLetters: New's reason for refusing a connection
// string does not change with the letters of its password (g to z, which
// are not hex digits and so leave its %-escapes as they are): it tells at
// most what the driver checks of it (a ':', a '/', a bad escape). In the
// user information, where the driver reads hosts (no '@'), and in the
// options that hold a credential.
func FuzzNewRefusalTellsNoLetters(f *testing.F) {
	for _, s := range []struct {
		mode           uint8
		user, pw, rest string
	}{
		{0, "user", "a", "host:notaport/"},
		{0, "user", "in", "host/?connectTimeoutMS=soon"},
		{0, "user", "s3%zzcret", "host"},
		{0, "us/er", "pw", "host"},
		{0, "user", "p:w", "host"},
		{0, "user", "p/w", "host"},
		{0, "", "pw", "host"},
		{1, "admin", "s3cret", ""},
		{1, "admin", "s3:cret", "/?authSource=admin"},
		{1, "admin", "s3c%zzret", ",db2:27017/"},
		{1, "admin", "s3c]ret", ""},
		{1, "admin", "s3c[ret", ""},
		{2, "", "s3c%zzret", ""},
		{2, "w=1", "s3cret", "&retryWrites=maybe"},
		{2, "tls=1", "s3c%zzret", "&authMechanism=MONGODB-AWS"},
		{2, "tls=1", "s3cret", "&authMechanism=GSSAPI"},
	} {
		f.Add(s.mode, s.user, s.pw, s.rest)
	}
	f.Fuzz(func(t *testing.T, mode uint8, user, pw, rest string) {
		other := rotateLetters(pw)
		if other == pw || strings.Contains(rest, pw) || strings.Contains(rest, other) {
			return // no letter to change, or the same text elsewhere (withheld where quoted whole)
		}
		var uri func(pw string) string
		switch mode % 3 {
		case 0: // the user information
			if strings.ContainsAny(user, ":@") || strings.Contains(pw, "@") {
				return
			}
			uri = func(pw string) string { return "mongodb://" + user + ":" + pw + "@" + rest }
		case 1: // the same, the '@' and host left out
			if strings.ContainsAny(user+pw, "@/?,") || strings.Contains(user, ":") || strings.HasPrefix(user, "[") ||
				strings.Contains(rest, "@") || rest != "" && !strings.ContainsAny(rest[:1], "/?,") {
				return
			}
			uri = func(pw string) string { return "mongodb://" + user + ":" + pw + rest }
		case 2: // an option that holds a credential, after the options in user
			if strings.ContainsAny(pw, "@&;") || strings.Contains(user+rest, "@") || strings.Contains(user, pw) || strings.Contains(user, other) {
				return
			}
			opt := []string{"tlsCertificateKeyFilePassword=", "sslClientCertificateKeyPassword=", "authMechanismProperties=AWS_SESSION_TOKEN:"}[len(user)%3]
			uri = func(pw string) string { return "mongodb://host/?" + user + "&" + opt + pw + rest }
		}
		err1, err2 := newErr(t, uri(pw)), newErr(t, uri(other))
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Errorf("the reasons differ with the letters of the password:\n%s: %v\n%s: %v", uri(pw), err1, uri(other), err2)
		}
	})
}

// rotateLetters returns s with each letter g to z (and G to Z) replaced by
// the next one in that range, z by g.
func rotateLetters(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'g' && r < 'z', r >= 'G' && r < 'Z':
			return r + 1
		case r == 'z':
			return 'g'
		case r == 'Z':
			return 'G'
		}
		return r
	}, s)
}

// newErr returns New's error for uri, or nil without calling New if the
// driver accepts uri: a store would dial its hosts, which are not
// 127.0.0.1.
func newErr(t *testing.T, uri string) error {
	if options.Client().ApplyURI(uri).Validate() == nil {
		return nil
	}
	_, err := mongostore.New(t.Context(), mongostore.Config{URI: uri})
	return err
}

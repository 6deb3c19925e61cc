package mongostore_test

import (
	"errors"
	"io/fs"
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
			`error parsing uri: port must be an integer: strconv.Atoi: parsing "xxxxx": invalid syntax; a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)`},
		{"PortAfterTheAt", "mongodb://user:r@host:notaport/",
			`error parsing uri: port must be an integer: strconv.Atoi: parsing "notaport": invalid syntax`},
		{"TwoLetterPassword", "mongodb://user:in@host/?connectTimeoutMS=soon",
			`error parsing uri: invalid value for "connectTimeoutMS": "soon"`},
		{"PasswordAVowel", "mongodb://user:e@host/?retryWrites=maybe",
			`error parsing uri: invalid value for "retryWrites": "maybe"`},
		{"OptionValueIsThePassword", "mongodb://user:a@host/?connectTimeoutMS=a",
			`error parsing uri: invalid value for "connectTimeoutMS": "xxxxx"`},
		{"HostNameStays", "mongodb://db1.example.net:s3cret/",
			`error parsing uri: port must be an integer: strconv.Atoi: parsing "xxxxx": invalid syntax; a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)`},
		{"ColonInPasswordAsPort", "mongodb://admin:s3:cret",
			`error parsing uri: address admin:xxxxx:: too many colons in address; a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)`},
		{"BadEscapeInPasswordAsPort", "mongodb://admin:s3c%zzret",
			`error parsing uri: invalid host "admin:xxxxx%": invalid URL escape "%"; a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)`},
		{"BadEscapeInPassword", "mongodb://user:s3%zzcret@host",
			`error parsing uri: invalid password: invalid URL escape "%"`},
		{"BadEscapeInUser", "mongodb://us%zzer:pw@host",
			`error parsing uri: invalid username: invalid URL escape "%"`},
		{"BadEscapeInSessionToken", "mongodb://host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:s3c%zzret",
			`error parsing uri: invalid option value "xxxxx%": invalid URL escape "%"`},
		{"EscapedColonBeforePassword", "mongodb://admin%3As3cret/?authSource=admin",
			`error parsing uri: port must be an integer: strconv.Atoi: parsing "xxxxx": invalid syntax; a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)`},
		{"EscapedColonThenColon", "mongodb://admin%3as3c:ret",
			`error parsing uri: address admin:xxxxx:: too many colons in address; a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)`},
		{"IPv6PortIsAPort", "mongodb://[::1]:27O17",
			`error parsing uri: port must be an integer: strconv.Atoi: parsing "27O17": invalid syntax`},
		{"NoCredentials", "mongodb://host/?replicaSet", "error parsing uri: invalid option; option 1 after the '?' is not name=value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := mongostore.New(t.Context(), mongostore.Config{URI: c.uri})
			if err == nil || err.Error() != prefix+c.want {
				t.Errorf("New(%s):\n got %v\nwant %s%s", c.uri, err, prefix, c.want)
			}
		})
	}
}

// New's reason for refusing a connection string names what the driver's
// leaves out: where a user name and password go, when a password seems to
// stand where the driver reads a port (the '@' and host left out); that
// the user information ends at the first '@', when the driver complains of
// a '/' in a user name that the string does not have (an '@' in an
// option's value); which option is not name=value; what authMechanism
// accepts. The driver's `invalid host "": ` before the reason of any bad
// host (TestNewRefusalReadable) named no host. A file an option names
// that cannot be read is said so, with the option, not "not a valid
// MongoDB connection string".
func TestNewRefusalNamesTheFault(t *testing.T) {
	const prefix = "mongostore: Config.URI: not a valid MongoDB connection string: "
	for _, c := range []struct{ name, uri, want string }{
		{"AtInAnOption", "mongodb://db1/?appName=me@example", prefix + "error parsing uri: unescaped slash in username; " +
			"the driver reads all before the first '@' as the user name and password: a '/' in them is written %2F, " +
			"and an '@' after the hosts (in the database name or an option's value) %40"},
		{"SlashInPassword", "mongodb://user:s3c/ret@db1/", prefix + "error parsing uri: unescaped slash in password; " +
			"the driver reads all before the first '@' as the user name and password: a '/' in them is written %2F, " +
			"and an '@' after the hosts (in the database name or an option's value) %40"},
		{"HostMissing", "mongodb://admin:s3cret/?authSource=admin", prefix +
			`error parsing uri: port must be an integer: strconv.Atoi: parsing "xxxxx": invalid syntax; ` +
			"a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)"},
		{"OptionWithoutValue", "mongodb://user:pw@db1/?authSource=admin&replicaSet", prefix +
			"error parsing uri: invalid option; option 2 after the '?' is not name=value"},
		{"OptionWithoutName", "mongodb://db1/?=rs0", prefix + "error parsing uri: invalid option; option 1 after the '?' is not name=value"},
		{"AuthMechanism", "mongodb://user:pw@db1/?authSource=admin&authMechanism=SCRAM", prefix + "error parsing uri: invalid auth mechanism; " +
			"authMechanism is one of SCRAM-SHA-256, SCRAM-SHA-1, PLAIN, GSSAPI, MONGODB-X509, MONGODB-AWS and MONGODB-OIDC"},
		{"AuthMechanismAnyCase", "mongodb://user:pw@db1/?authMechanism=scram-sha-256&retryWrites=maybe", prefix +
			`error parsing uri: invalid value for "retryWrites": "maybe"`},
		{"CAFileMissing", "mongodb://db1/?tls=true&tlsCAFile=%2Fnonexistent%2Fca.pem",
			"mongostore: Config.URI: the file of option tlsCAFile: open /nonexistent/ca.pem: no such file or directory"},
		// The password's "?s3cret=/nonexistent/ca.pem" is no option.
		{"CAFileMissingPasswordLikeAnOption", "mongodb://user:pw?s3cret=%2Fnonexistent%2Fca.pem&x@db1/?tls=true&tlsCAFile=%2Fnonexistent%2Fca.pem",
			"mongostore: Config.URI: the file of option tlsCAFile: open /nonexistent/ca.pem: no such file or directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := newErr(t, c.uri)
			if err == nil || err.Error() != c.want {
				t.Errorf("New(%s):\n got %v\nwant %s", c.uri, err, c.want)
			}
		})
	}
	if err := newErr(t, "mongodb://db1/?tlsCAFile=/nonexistent/ca.pem"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("New with a CA file that does not exist: %v, want fs.ErrNotExist", err)
	}
}

// TestNewUnsupportedMechanism: a mechanism this binary cannot use (GSSAPI
// needs the build tag gssapi) is refused as a fault of Config.URI; it was
// "mongostore: mongo client: error creating authenticator: ...".
func TestNewUnsupportedMechanism(t *testing.T) {
	s, err := mongostore.New(t.Context(), mongostore.Config{URI: "mongodb://user@127.0.0.1:1/?authMechanism=GSSAPI"})
	if err == nil {
		s.Close(t.Context())
		t.Skip("built with GSSAPI support (-tags gssapi)")
	}
	const want = "mongostore: Config.URI: the driver cannot apply its options: error creating authenticator: GSSAPI support not enabled during build (-tags gssapi)"
	if err.Error() != want {
		t.Errorf("New with GSSAPI: %v, want %s", err, want)
	}
}

// TestNewPasswordSASLprep: a password that SASLprep (RFC 4013, which
// SCRAM-SHA-256 applies when the driver creates its authenticator, in New)
// refuses is said so, and the message does not change with the password's
// letters. The driver's reason names the rune it stopped at: the control
// character ("prohibited character (rune: '\u0007')"), or for a password
// of Latin and Hebrew letters the first Latin one ("BiDi string can't have
// runes from category L (rune: '\u0073')", the password's 's').
func TestNewPasswordSASLprep(t *testing.T) {
	for _, c := range []struct{ pw, why string }{
		{"s3cr%07et", "prohibited character"},
		{"s3cret%D7%90", "BiDi string can't have runes from category L"},
	} {
		for _, mech := range []string{"", "&authMechanism=SCRAM-SHA-256"} {
			var msgs []string
			for _, pw := range []string{c.pw, rotateLetters(c.pw)} {
				s, err := mongostore.New(t.Context(), mongostore.Config{URI: "mongodb://user:" + pw + "@127.0.0.1:1/?authSource=admin" + mech})
				if err == nil {
					s.Close(t.Context())
					t.Fatalf("New with the password %s: no error", pw)
				}
				msgs = append(msgs, err.Error())
			}
			want := "mongostore: Config.URI: the password is refused by SASLprep (RFC 4013), which SCRAM-SHA-256 applies to it: " + c.why +
				" (the character is not named, as a part of the password)"
			if msgs[0] != want || msgs[1] != want {
				t.Errorf("New with the password %s, mechanism %q:\n got %s\n and %s\nwant %s", c.pw, mech, msgs[0], msgs[1], want)
			}
		}
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
		{1, "admin", "s3c?ret=1&replicaSet", ""},
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
			if strings.ContainsAny(user, "@/?,") || strings.ContainsAny(pw, "@/,") || strings.Contains(user, ":") || strings.HasPrefix(user, "[") ||
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

package mongostore

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// FuzzRedactedURIKeepsTheReason: the driver refuses the copy of a refused
// connection string with its credentials replaced (redactedURI) for the
// same reason, its message differing only in what it quotes (shape), so
// that refusal gives the driver's message about the copy rather than the
// shape alone. mongodb+srv strings are left out: the driver looks their
// host up in DNS.
func FuzzRedactedURIKeepsTheReason(f *testing.F) {
	for _, uri := range []string{
		"mongodb://admin:a", "mongodb://admin:s3:cret", "mongodb://admin:s3c%zzret", "mongodb://admin:s3c]ret",
		"mongodb://admin:s3c[ret", "mongodb://[::1]:s3cret", "mongodb://admin:s3c%zzret,db2:27017/",
		"mongodb://user:a@host:notaport/", "mongodb://user:s3%zzcret@host", "mongodb://us%zzer:pw@host",
		"mongodb://us/er:pw@host", "mongodb://user:pw/x@host", "mongodb://user:p:w@host", "mongodb://:pw@host",
		"mongodb://user@host/?authMechanism=PLAIN", "mongodb://user:pw@host/?authMechanism=MONGODB-X509",
		"mongodb://db1/?appName=me@example", "mongodb://user:a@host/?connectTimeoutMS=a",
		"mongodb://host/?tlsCertificateKeyFilePassword=s3c%zzret", "mongodb://host/?tls=true;sslClientCertificateKeyPassword=",
		"mongodb://user:r@host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:s3c,FOO:bar",
		"mongodb://host/?authMechanism=MONGODB-AWS&authMechanismProperties=AWS_SESSION_TOKEN:s3c%zzret",
		"mongodb://u@host/?authMechanism=MONGODB-OIDC&authMechanismProperties=ENVIRONMENT:azure,TOKEN_RESOURCE:x",
		"mongodb://admin%3As3cret", "mongodb://admin%3as3c:ret", "mongodb://admin%3As3c%zzret", "mongodb://admin%3As3c]ret", "mongodb://\xfe%3As3cret",
		"mongodb://host/?authMechanismProperties=:x", "mongodb://user:s@host/?heartbeatFrequencyMS=100",
	} {
		f.Add(uri)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		if strings.HasPrefix(uri, "mongodb+srv://") {
			return
		}
		err := options.Client().ApplyURI(uri).Validate()
		red, secrets := redactedURI(uri)
		if err == nil || len(secrets) == 0 || errors.Is(err, strconv.ErrRange) {
			return // a "port" of a hundred digits and a letter is out of range: its shape is given
		}
		rerr := options.Client().ApplyURI(red).Validate()
		if rerr == nil || shape(rerr) != shape(err) {
			t.Errorf("%q: %v\nits copy %q: %v", uri, err, red, rerr)
		}
	})
}

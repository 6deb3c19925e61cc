package mongostore_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A file that an option names and that the driver reads but refuses for
// its content is named with its option, and the reason says what the file
// must hold. The driver's own reason names neither ("failed to find
// CERTIFICATE"), and the string itself is valid: it was "not a valid
// MongoDB connection string: failed to find CERTIFICATE". A refusal for
// another fault besides keeps the driver's reason as it was, and the
// password of the key is named nowhere.
func TestNewNamesTheRefusedTLSFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, blocks ...*pem.Block) string {
		var b []byte
		for _, bl := range blocks {
			b = append(b, pem.EncodeToMemory(bl)...)
		}
		if len(blocks) == 0 {
			b = []byte("not PEM at all\n")
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return url.QueryEscape(p)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "client"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	cert := &pem.Block{Type: "CERTIFICATE", Bytes: der}
	priv := &pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}
	encrypted := &pem.Block{Type: "ENCRYPTED PRIVATE KEY", Bytes: []byte("not a PKCS #8 structure")}

	garbage := write("garbage.pem")
	certOnly := write("cert.pem", cert)
	keyOnly := write("key.pem", priv)
	both := write("both.pem", cert, priv)
	sealed := write("sealed.pem", cert, encrypted)

	const (
		ca     = "mongostore: Config.URI: the file of option tlsCAFile: the specified CA file does not contain any valid certificates (it must hold the CA certificates in PEM)"
		client = " (it must hold the client's certificate and its private key in PEM; an encrypted key needs tlsCertificateKeyFilePassword)"
	)
	for _, c := range []struct{ name, uri, want string }{
		{"CAFileNotPEM", "mongodb://db1/?tls=true&tlsCAFile=" + garbage, ca},
		{"CAFileAKey", "mongodb://user:pw@db1/?tlsCAFile=" + keyOnly, ca},
		{"CAFileBadClientFileGood", "mongodb://db1/?tlsCAFile=" + garbage + "&tlsCertificateKeyFile=" + both, ca},
		{"KeyFileWithoutKey", "mongodb://db1/?tls=true&tlsCertificateKeyFile=" + certOnly,
			"mongostore: Config.URI: the file of option tlsCertificateKeyFile: failed to find PRIVATE KEY" + client},
		{"KeyFileAlias", "mongodb://db1/?sslClientCertificateKeyFile=" + keyOnly,
			"mongostore: Config.URI: the file of option sslClientCertificateKeyFile: failed to find CERTIFICATE" + client},
		{"KeyFileCAGood", "mongodb://db1/?tlsCAFile=" + certOnly + ";tlsCertificateKeyFile=" + garbage,
			"mongostore: Config.URI: the file of option tlsCertificateKeyFile: failed to find CERTIFICATE" + client},
		{"SeparateFiles", "mongodb://db1/?tlsCertificateFile=" + garbage + "&tlsPrivateKeyFile=" + garbage,
			"mongostore: Config.URI: the file of option tlsCertificateFile and option tlsPrivateKeyFile: failed to find CERTIFICATE" + client},
		{"EncryptedKeyNoPassword", "mongodb://db1/?tlsCertificateKeyFile=" + sealed,
			"mongostore: Config.URI: the file of option tlsCertificateKeyFile: no password provided to decrypt private key" + client},
		{"EncryptedKeyPassword", "mongodb://u:pw@db1/?tlsCertificateKeyFilePassword=Hunter2Sekrit&tlsCertificateKeyFile=" + sealed,
			"mongostore: Config.URI: the file of option tlsCertificateKeyFile: pkcs8: only PKCS #5 v2.0 supported" + client},
		// Another fault besides the file's: the driver's reason, as before.
		{"AnotherFault", "mongodb://db1/?tlsCAFile=" + garbage + "&retryWrites=maybe",
			`mongostore: Config.URI: not a valid MongoDB connection string: error parsing uri: invalid value for "retryWrites": "maybe"`},
		{"BothFilesBad", "mongodb://db1/?tlsCAFile=" + garbage + "&tlsCertificateKeyFile=" + garbage,
			"mongostore: Config.URI: not a valid MongoDB connection string: the specified CA file does not contain any valid certificates"},
		// Options of the client's files that the driver refuses together or
		// alone, whatever the files hold (its connection string's rules):
		// the driver's reason, not a file's content.
		{"KeyFileAndCertFile", "mongodb://db1/?tlsCertificateKeyFile=" + both + "&tlsCertificateFile=" + certOnly,
			"mongostore: Config.URI: not a valid MongoDB connection string: error validating uri: the sslClientCertificateKeyFile/tlsCertificateKeyFile URI option cannot be provided along with tlsCertificateFile or tlsPrivateKeyFile"},
		{"CertFileWithoutKeyFile", "mongodb://db1/?tlsCertificateFile=" + both,
			"mongostore: Config.URI: not a valid MongoDB connection string: error validating uri: the tlsPrivateKeyFile URI option must be provided if the tlsCertificateFile option is specified"},
		{"KeyFileWithoutCertFile", "mongodb://db1/?tlsCAFile=" + certOnly + "&tlsPrivateKeyFile=" + keyOnly,
			"mongostore: Config.URI: not a valid MongoDB connection string: error validating uri: the tlsCertificateFile URI option must be provided if the tlsPrivateKeyFile option is specified"},
		// Options after a password holding "?tlsCAFile=": the password's are none.
		{"PasswordLikeAnOption", "mongodb://user:pw?tlsCAFile=x&y@db1/?tlsCertificateKeyFile=" + keyOnly,
			"mongostore: Config.URI: the file of option tlsCertificateKeyFile: failed to find CERTIFICATE" + client},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := newErr(t, c.uri)
			if err == nil || err.Error() != c.want {
				t.Errorf("New(%s):\n got %v\nwant %s", c.uri, err, c.want)
			}
			if err != nil && strings.Contains(err.Error(), "Hunter2Sekrit") {
				t.Errorf("the key's password in %v", err)
			}
		})
	}
}

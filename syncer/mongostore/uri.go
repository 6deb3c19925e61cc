package mongostore

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// parseURI parses uri into the driver's options. Its errors give the
// driver's message with uri's credentials taken out (withoutCredentials),
// and name a DNS lookup that failed (a mongodb+srv host's records; a DNS
// error names the record, not the URI's user or password): a host DNS
// does not know is not a malformed string.
func parseURI(uri string) (*options.ClientOptions, error) {
	if err := unescapedAt(uri); err != nil {
		return nil, err
	}
	opts := options.Client().ApplyURI(uri).SetAppName("oauth-ratelimit")
	if err := opts.Validate(); err != nil {
		if dnsErr, ok := errors.AsType[*net.DNSError](err); ok {
			return nil, fmt.Errorf("mongostore: Config.URI: looking up the mongodb+srv host's DNS records: %w", dnsErr)
		}
		// The driver's message names what is wrong (an option, its value,
		// the port); it may quote the URI, password included, which is
		// taken out. Before, the message withheld every detail, and an
		// operator was told only that the string was wrong (an outside
		// audit, helper-66: "?replicaSet" without a value).
		return nil, fmt.Errorf("mongostore: Config.URI: not a valid MongoDB connection string: %s", withoutCredentials(err.Error(), uri))
	}
	return opts, nil
}

// unescapedAt refuses a connection string with an '@' after the first one
// and before its options: a user name or password with an '@' not written
// %40. The driver takes what precedes the first '@' for the user name and
// password, and refuses another '@' before the first '/' ("unescaped @
// sign in user info"), but one after a '/' in the password
// ("mongodb://admin:s3c@ret/x@db1") it reads as a host (ret) and a database
// name (x@db1): the server-selection errors of every later call then name
// a part of the password as the host (an outside review, helper-69). The
// options are those after the first '?' that follows the first '@' (as the
// driver reads them): a '?' in the password, before its '@', does not hide
// the '@'s after it. A database name with an '@' is refused too (the
// string cannot tell it from a password's); written %40, it is read. The
// error quotes nothing of uri.
func unescapedAt(uri string) error {
	rest := uri
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	i := strings.IndexByte(rest, '@')
	if i < 0 {
		return nil
	}
	rest = rest[i+1:]
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest = rest[:i]
	}
	if strings.Contains(rest, "@") {
		return errors.New("mongostore: Config.URI: not a valid MongoDB connection string: more than one '@' before the options ('?'): " +
			"an '@' in the user name or password (or the database name) must be written %40 (else the driver takes what follows the first '@' for the host)")
	}
	return nil
}

// secretOptions are the options of a connection string (lower case, as
// the driver matches them) whose value is a credential: the password of
// the TLS client key, and the mechanism's properties (an AWS session
// token).
var secretOptions = map[string]bool{
	"tlscertificatekeyfilepassword":   true,
	"sslclientcertificatekeypassword": true,
	"authmechanismproperties":         true,
}

// withoutCredentials returns msg, a message about uri, with the
// credentials of uri's user information replaced by "xxxxx": for each '@'
// after "://", what is before it and the part of that after the first ':'
// (a password), as written and unescaped. The driver ends the user
// information at the first '@'; but a string it refuses may hold more
// than one (a password's '@' left unescaped, an '@' in the options), and
// which one the writer meant cannot be told: every '@' is taken as its
// end, so that more is taken out than the password when unsure, never
// less.
//
// A string with no '@' has its user information, if any, where the driver
// reads hosts: "mongodb://admin:s3cret" (the host and its '@' left out) is
// the host admin with the port s3cret, which the driver's message quotes
// ("parsing \"s3cret\""). So without an '@', the part after the first ':'
// of each host is taken out too, unless it is digits (a port: the driver
// quotes only a port that is not a number). A password the driver could
// not unescape is quoted back by its bad escape ("%zz"), taken out too;
// and so are the values of the options that hold a credential
// (secretOptions), as written and unescaped. Each string is also taken
// out in the escaped form of a Go quoted string (a '"' written \"), which
// the driver's %q messages use.
func withoutCredentials(msg, uri string) string {
	rest := uri
	if i := strings.Index(rest, "://"); i >= 0 {
		rest = rest[i+3:]
	}
	var secrets []string
	password := func(pw string) {
		secrets = append(secrets, pw)
		if u, err := url.PathUnescape(pw); err == nil {
			secrets = append(secrets, u)
		} else if bad, ok := err.(url.EscapeError); ok {
			secrets = append(secrets, string(bad))
		}
	}
	for at := 0; at < len(rest); at++ {
		if rest[at] != '@' {
			continue
		}
		info := rest[:at]
		secrets = append(secrets, info)
		if _, pw, ok := strings.Cut(info, ":"); ok {
			password(pw)
		}
	}
	if !strings.Contains(rest, "@") {
		hosts := rest
		if i := strings.IndexAny(hosts, "/?"); i >= 0 {
			hosts = hosts[:i]
		}
		for _, h := range strings.Split(hosts, ",") {
			if _, port, ok := strings.Cut(h, ":"); ok && strings.Trim(port, "0123456789") != "" {
				password(port)
			}
		}
	}
	if _, query, ok := strings.Cut(rest, "?"); ok {
		for _, kv := range strings.FieldsFunc(query, func(r rune) bool { return r == '&' || r == ';' }) { // the driver's split
			k, v, _ := strings.Cut(kv, "=")
			if k, err := url.QueryUnescape(k); err == nil && secretOptions[strings.ToLower(k)] {
				secrets = append(secrets, v)
				if u, err := url.QueryUnescape(v); err == nil {
					secrets = append(secrets, u)
				} else if bad, ok := err.(url.EscapeError); ok {
					secrets = append(secrets, string(bad))
				}
			}
		}
	}
	for _, s := range secrets {
		if q := strconv.Quote(s); q[1:len(q)-1] != s {
			secrets = append(secrets, q[1:len(q)-1])
		}
	}
	slices.SortFunc(secrets, func(a, b string) int { return len(b) - len(a) }) // the longest first
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "xxxxx")
		}
	}
	return msg
}

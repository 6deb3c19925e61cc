package mongostore

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/xdg-go/stringprep"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/connstring"
)

// parseURI parses uri into the driver's options. Its errors give the
// driver's reason, told without uri's credentials (refusal), and name a
// DNS lookup that failed (a mongodb+srv host's records; a DNS error names
// the record, not the URI's user or password): a host DNS does not know is
// not a malformed string.
func parseURI(uri string) (*options.ClientOptions, error) {
	if err := unescapedAt(uri); err != nil {
		return nil, err
	}
	opts := options.Client().ApplyURI(uri).SetAppName("oauth-ratelimit")
	if err := opts.Validate(); err != nil {
		if dnsErr, ok := errors.AsType[*net.DNSError](err); ok {
			return nil, fmt.Errorf("mongostore: Config.URI: looking up the mongodb+srv host's DNS records: %w", dnsErr)
		}
		// A file the options name (tlsCAFile, tlsCertificateKeyFile),
		// which the driver reads while it parses: the string is valid.
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			return nil, fmt.Errorf("mongostore: Config.URI: the file of %s: %w", fileOption(uri, pe.Path), pe)
		}
		// A file read whose content the driver refused ("failed to find
		// CERTIFICATE"), which its reason does not name.
		if f, ok := tlsFileRefused(uri); ok {
			return nil, fmt.Errorf("mongostore: Config.URI: the file of %s: %s (%s)", f.options, refusal(uri, err), f.holds)
		}
		// The driver's message names what is wrong (an option, its value,
		// the port); it may quote the URI, password included, which is
		// left out. Before, the message withheld every detail, and an
		// operator was told only that the string was wrong (an outside
		// audit, helper-66: "?replicaSet" without a value). The driver's
		// "invalid host \"\": " before the reason of a bad host names no
		// host (it quotes its variable after clearing it): it is left out.
		reason := strings.Replace(refusal(uri, err), `invalid host "": `, "", 1)
		return nil, fmt.Errorf("mongostore: Config.URI: not a valid MongoDB connection string: %s%s", reason, uriHints(uri))
	}
	return opts, nil
}

// connectError returns the error of New for err, mongo.Connect's. Connect
// dials nothing: it refuses an option of the URI that the driver cannot
// apply ("GSSAPI support not enabled during build (-tags gssapi)"), which
// names no part of the URI; or a password that SASLprep refuses, which
// SCRAM-SHA-256 (the default mechanism's choice too) applies as Connect
// creates the authenticator. The driver's reason then names the rune it
// stopped at: a control character, or, in a password of Latin and Hebrew
// letters, its first Latin letter ("BiDi string can't have runes from
// category L (rune: '\u0073')"). That rune is left out.
func connectError(err error) error {
	if pe, ok := errors.AsType[stringprep.Error](err); ok {
		return fmt.Errorf("mongostore: Config.URI: the password is refused by SASLprep (RFC 4013), which SCRAM-SHA-256 applies to it: %s "+
			"(the character is not named, as a part of the password)", pe.Msg)
	}
	return fmt.Errorf("mongostore: Config.URI: the driver cannot apply its options: %w", err)
}

// uriHints returns what the driver's reason for refusing uri leaves out,
// each after "; ", told from uri (not from the driver's message, which may
// name another fault found first): where a user name and password go, when
// uri has none where the driver reads them and something after a host's
// ':' that is not a port; that the user information ends at the first
// '@', when what precedes it holds a '/' (for "mongodb://db1/?appName=me@x"
// the driver says "unescaped slash in username", of a string without a
// user); which option is not name=value (the driver: "invalid option");
// and the mechanisms that authMechanism accepts (the driver: "invalid auth
// mechanism"). It quotes nothing of uri.
func uriHints(uri string) string {
	rest, ok := strings.CutPrefix(uri, "mongodb://")
	if !ok {
		if rest, ok = strings.CutPrefix(uri, "mongodb+srv://"); !ok {
			return ""
		}
	}
	var hints []string
	if at := strings.IndexByte(rest, '@'); at >= 0 {
		if strings.Contains(rest[:at], "/") {
			hints = append(hints, "the driver reads all before the first '@' as the user name and password: "+
				"a '/' in them is written %2F, and an '@' after the hosts (in the database name or an option's value) %40")
		}
	} else {
		hosts, _, _ := strings.Cut(rest, "/")
		hosts, _, _ = strings.Cut(hosts, "?")
		for _, h := range strings.Split(hosts, ",") {
			if _, port, ok := cutPort(h); ok && !isPort(port) {
				hints = append(hints, "a host's port is a number, and a user name and password go before an '@' and the hosts (mongodb://user:password@host:27017/)")
				break
			}
		}
	}
	_, opts := uriOptions(uri)
	for i, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			// By its place, not its name: in a string without '@', a
			// password with a '?' puts its end among the options.
			hints = append(hints, fmt.Sprintf("option %d after the '?' is not name=value", i+1))
			break
		}
		if key, err := url.QueryUnescape(k); err == nil && strings.EqualFold(key, "authMechanism") {
			if m, err := url.QueryUnescape(v); err == nil && !slices.ContainsFunc(authMechanisms, func(a string) bool { return strings.EqualFold(a, m) }) {
				hints = append(hints, "authMechanism is one of "+strings.Join(authMechanisms[:len(authMechanisms)-1], ", ")+" and "+authMechanisms[len(authMechanisms)-1])
			}
		}
	}
	if len(hints) == 0 {
		return ""
	}
	return "; " + strings.Join(hints, "; ")
}

// authMechanisms are the values of authMechanism that the driver accepts,
// in any case (it matches them in lower case).
var authMechanisms = []string{"SCRAM-SHA-256", "SCRAM-SHA-1", "PLAIN", "GSSAPI", "MONGODB-X509", "MONGODB-AWS", "MONGODB-OIDC"}

// fileOption names the option of uri whose value, unescaped, is path:
// "option tlsCAFile", as written; if none, "a file the options name". The
// options are uriOptions'.
func fileOption(uri, path string) string {
	_, opts := uriOptions(uri)
	for _, kv := range opts {
		if k, v, ok := strings.Cut(kv, "="); ok {
			if u, err := url.QueryUnescape(v); err == nil && u == path {
				return "option " + k
			}
		}
	}
	return "a file the options name"
}

// tlsFiles are the options whose value names a file that the driver reads
// as it parses the string, in lower case (the driver matches the names in
// any case), by what it reads: the CA certificates, and the client's
// certificate and key (in one file, or in two).
var tlsFiles = []struct {
	names []string
	holds string
}{
	{[]string{"tlscafile", "sslcertificateauthorityfile"}, "it must hold the CA certificates in PEM"},
	{[]string{"tlscertificatekeyfile", "sslclientcertificatekeyfile", "tlscertificatefile", "tlsprivatekeyfile"},
		"it must hold the client's certificate and its private key in PEM; an encrypted key needs tlsCertificateKeyFilePassword"},
}

// tlsFileRefused tells whether the driver refused uri for the content of a
// file that its options name: whether uri without the options of one kind
// of file (the CA's, or the client's certificate and key) is accepted. It
// returns those options as written ("option tlsCertificateKeyFile") and
// what such a file holds. The driver's reason alone ("failed to find
// CERTIFICATE", "the specified CA file does not contain any valid
// certificates") names neither the option nor the file, and the string
// itself is valid. The options are uriOptions'.
//
// The string must pass the driver's own rules too (connstring, which
// ApplyURI applies before it reads a file): the options of the client's
// files break them together or alone, whatever the files hold
// (tlsCertificateFile without tlsPrivateKeyFile, either with
// tlsCertificateKeyFile), and their removal is accepted all the same. It
// is checked once an option names a file: a mongodb+srv string is looked
// up in DNS again.
func tlsFileRefused(uri string) (f struct{ options, holds string }, ok bool) {
	checked := false
	head, opts := uriOptions(uri)
	for _, kind := range tlsFiles {
		var kept, named []string
		for _, kv := range opts {
			k, _, _ := strings.Cut(kv, "=")
			if u, err := url.QueryUnescape(k); err == nil && slices.Contains(kind.names, strings.ToLower(u)) {
				named = append(named, "option "+k)
				continue
			}
			kept = append(kept, kv)
		}
		if len(named) == 0 {
			continue
		}
		if !checked {
			if _, err := connstring.ParseAndValidate(uri); err != nil {
				return f, false
			}
			checked = true
		}
		if options.Client().ApplyURI(head+"?"+strings.Join(kept, "&")).Validate() == nil {
			return struct{ options, holds string }{strings.Join(named, " and "), kind.holds}, true
		}
	}
	return f, false
}

// uriOptions splits uri as the driver reads it: head, all before the '?'
// of the options, which follows the user information (the first '@': a
// password may hold a '?', and "name=value" after it), and the options,
// split at '&' and ';' as the driver splits them.
func uriOptions(uri string) (head string, opts []string) {
	at := strings.Index(uri, "@") + 1 // 0 without user information
	q := strings.Index(uri[at:], "?")
	if q < 0 {
		return uri, nil
	}
	return uri[:at+q], strings.FieldsFunc(uri[at+q+1:], func(r rune) bool { return r == '&' || r == ';' })
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

// withheld stands in for a credential in the copy of a connection string
// that refusal has the driver parse.
const withheld = "xxxxx"

// refusal returns the driver's reason, err, for refusing uri, told without
// uri's credentials: the user name and password, and the values of the
// options that hold one (optionStandIn). The driver's messages quote parts
// of the string (a port, a host, an option's value, a bad %-escape), and
// a password can be among them.
//
// Nothing is cut out of the message: the driver is asked again, about a
// copy of uri whose credentials are replaced by "xxxxx" (redactedURI), and
// its message about the copy is given, which cannot quote what the copy
// does not hold. Before, each credential was replaced wherever it occurred
// in the message: with the password "a", the driver's "parsing" read
// "pxxxxxrsing", and where the x's stood told the password's letters.
//
// The stand-in keeps what the driver checks of a credential (empty or not,
// an unescaped ':' or '/', a bad %-escape; for a port, its ':', '[' and
// ']'), so that the copy is refused for the same reason
// (FuzzRedactedURIKeepsTheReason). That is checked here too: when the two
// messages differ other than in what they quote (shape; a "port" of a
// hundred digits and a letter is out of range, "xxxxx" is not a number),
// the reason given is the first message with everything it quotes replaced
// by "xxxxx", which still names what is wrong. A URI without credentials has
// the driver's message as it is.
//
// The same text as a credential elsewhere in the string (an option's
// value: "?connectTimeoutMS=s3cret", a password put in the wrong place) is
// withheld too where the message quotes it: only a quoted string equal to
// a credential is replaced, never a part of a word.
func refusal(uri string, err error) string {
	red, secrets := redactedURI(uri)
	if len(secrets) == 0 {
		return err.Error()
	}
	// A mongodb+srv URI is looked up in DNS again: once, and only for a
	// string that is refused. A lookup that fails this time has another
	// shape, and the first message's shape is given.
	rerr := options.Client().ApplyURI(red).Validate()
	if rerr != nil && shape(rerr) == shape(err) {
		return replaceQuoted(rerr.Error(), func(q string) bool { return slices.Contains(secrets, q) })
	}
	return shape(err)
}

// shape returns err's message with each string it quotes (Go's %q), but
// an empty one, and the address of a *net.AddrError in it (which the
// driver's messages give unquoted: "address admin:s3:cret: too many colons
// in address") replaced by "xxxxx".
func shape(err error) string {
	msg := err.Error()
	if ae, ok := errors.AsType[*net.AddrError](err); ok && ae.Addr != "" {
		msg = strings.ReplaceAll(msg, "address "+ae.Addr+": ", "address "+withheld+": ")
	}
	return replaceQuoted(msg, func(q string) bool { return q != "" })
}

// replaceQuoted returns msg with each string it quotes (Go's %q) for which
// out reports true replaced by "xxxxx".
func replaceQuoted(msg string, out func(string) bool) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			q = `"` // not a quoted string: a '"' of the text
		}
		msg = msg[i+len(q):]
		if u, err := strconv.Unquote(q); err == nil && out(u) {
			q = `"` + withheld + `"`
		}
		b.WriteString(q)
	}
}

// redactedURI returns uri with its credentials replaced by stand-ins that
// the driver refuses for the same reasons (see refusal), and the
// credentials, as written and unescaped (none: uri holds none). The parts
// are found as the driver finds them:
//
//   - the user information is what precedes the first '@' after "://":
//     the user name, and after its first ':' the password;
//   - in a string without '@', the user information is where the driver
//     reads hosts: "mongodb://admin:s3cret" (the '@' and the host left
//     out) is the host admin with the port s3cret, which the driver's
//     message quotes. So without an '@', the part after the first ':' of
//     each host, written or escaped (cutPort), is taken for a password
//     unless it is a port (digits) or the host an IP literal
//     ("[::1]:27017"). What precedes it stays: it
//     cannot be told from a host's name, which the operator needs to see;
//   - the options are what follows the first '?' after the user
//     information, separated by '&' or ';'; those that hold a credential
//     are told by optionStandIn.
func redactedURI(uri string) (string, []string) {
	var scheme string
	switch {
	case strings.HasPrefix(uri, "mongodb+srv://"):
		scheme = "mongodb+srv://"
	case strings.HasPrefix(uri, "mongodb://"):
		scheme = "mongodb://"
	default:
		return uri, nil // the driver refuses the scheme, quoting nothing
	}
	rest := uri[len(scheme):]
	var b strings.Builder
	b.WriteString(scheme)
	var secrets []string
	secret := func(s string, unescape func(string) (string, error)) {
		if s == "" {
			return
		}
		secrets = append(secrets, s)
		if u, err := unescape(s); err == nil && u != s {
			secrets = append(secrets, u)
		}
	}
	if at := strings.IndexByte(rest, '@'); at >= 0 {
		user, pw, hasPW := strings.Cut(rest[:at], ":")
		b.WriteString(credentialStandIn(user, "/"))
		if hasPW {
			b.WriteString(":" + credentialStandIn(pw, ":/"))
		}
		b.WriteByte('@')
		secret(user, url.PathUnescape)
		secret(pw, url.PathUnescape)
		rest = rest[at+1:]
	} else {
		end := strings.IndexAny(rest, "/?")
		if end < 0 {
			end = len(rest)
		}
		for i, h := range strings.Split(rest[:end], ",") {
			if i > 0 {
				b.WriteByte(',')
			}
			if name, port, ok := cutPort(h); ok && !isPort(port) {
				h = name + portStandIn(port)
				secret(port, url.QueryUnescape)
			}
			b.WriteString(h)
		}
		rest = rest[end:]
	}
	path, query, hasQuery := strings.Cut(rest, "?")
	b.WriteString(path)
	if !hasQuery {
		return b.String(), secrets
	}
	b.WriteByte('?')
	for {
		end := strings.IndexAny(query, "&;") // the driver's separators
		if end < 0 {
			end = len(query)
		}
		kv := query[:end]
		if k, v, ok := strings.Cut(kv, "="); ok {
			if sv, hidden := optionStandIn(k, v); sv != v {
				kv = k + "=" + sv
				secret(v, url.QueryUnescape)
				secrets = append(secrets, hidden...)
			}
		}
		b.WriteString(kv)
		if end == len(query) {
			return b.String(), secrets
		}
		b.WriteByte(query[end])
		query = query[end+1:]
	}
}

// credentialStandIn returns the stand-in of a user name or password s:
// empty if s is, else "xxxxx" followed by the first of the characters of
// special that s holds, which the driver refuses unescaped, checked in
// that order (':' then '/' in a password), else by a '%' if s cannot be
// unescaped (the driver's "invalid URL escape").
func credentialStandIn(s, special string) string {
	if s == "" {
		return ""
	}
	for _, c := range special {
		if strings.ContainsRune(s, c) {
			return withheld + string(c)
		}
	}
	if _, err := url.PathUnescape(s); err != nil {
		return withheld + "%"
	}
	return withheld
}

// cutPort cuts h, a host of a string without '@', after its first ':',
// written or escaped (%3A: the driver unescapes a host before it splits
// it, so "mongodb://admin%3As3cret" is the host admin with the port
// s3cret), and reports whether h has one and is not an IP literal
// ("[::1]:27017"). name ends with the ':' as written.
func cutPort(h string) (name, port string, ok bool) {
	if strings.HasPrefix(h, "[") {
		return "", "", false
	}
	i, n := strings.IndexByte(h, ':'), 1
	for _, esc := range []string{"%3A", "%3a"} {
		if j := strings.Index(h, esc); j >= 0 && (i < 0 || j < i) {
			i, n = j, 3
		}
	}
	if i < 0 {
		return "", "", false
	}
	return h[:i+n], h[i+n:], true
}

// isPort reports whether p, the part after a host's first ':', is a port
// as the driver reads one (unescaped, then strconv.Atoi: digits after an
// optional sign), or empty. A number out of range ("-0") is the driver's
// range error, which quotes nothing; a stand-in for it would have turned
// the reason into "must be an integer" (FuzzRedactedURIKeepsTheReason).
func isPort(p string) bool {
	u, err := url.QueryUnescape(p)
	if err != nil {
		return false
	}
	if d, ok := strings.CutPrefix(u, "-"); ok {
		u = d
	} else if d, ok := strings.CutPrefix(u, "+"); ok {
		u = d
	} else if u == "" {
		return true
	}
	return u != "" && strings.Trim(u, "0123456789") == ""
}

// portStandIn returns the stand-in of a password read as a port. The
// driver unescapes the host (a bad %-escape refused), splits it at its
// last ':' (more than one refused, and a '[' or ']' that does not enclose
// an IPv6 address), then reads the port as a number: the stand-in has a
// '%' for a bad escape, else the ':', '[' and ']' that p holds.
func portStandIn(p string) string {
	u, err := url.QueryUnescape(p)
	if err != nil {
		return withheld + "%"
	}
	s := withheld
	for _, c := range ":[]" {
		if strings.ContainsRune(u, c) {
			s += string(c)
		}
	}
	return s
}

// publicProperties are the authMechanismProperties the driver knows that
// hold no credential; the values of the others (AWS_SESSION_TOKEN, and any
// the driver does not know, which may hold one) are withheld.
var publicProperties = map[string]bool{
	"SERVICE_NAME": true, "SERVICE_REALM": true, "SERVICE_HOST": true, "CANONICALIZE_HOST_NAME": true, // GSSAPI
	"ENVIRONMENT": true, "TOKEN_RESOURCE": true, // MONGODB-OIDC
}

// optionStandIn returns the stand-in of the value v of the option k, both
// as written, and the property values it withholds. v stays unless the
// option holds a credential: the password of the TLS client key
// (tlsCertificateKeyFilePassword, and its alias
// sslClientCertificateKeyPassword), or authMechanismProperties, of which
// the values of the properties not in publicProperties are withheld. The
// driver matches the option's name unescaped and in any case, and splits
// the properties, unescaped, at ',' and then at the first ':'.
func optionStandIn(k, v string) (string, []string) {
	key, err := url.QueryUnescape(k)
	if err != nil {
		return v, nil
	}
	switch strings.ToLower(key) {
	case "tlscertificatekeyfilepassword", "sslclientcertificatekeypassword":
	case "authmechanismproperties":
		u, err := url.QueryUnescape(v)
		if err != nil {
			return withheld + "%", nil
		}
		props := strings.Split(u, ",")
		var hidden []string
		for i, p := range props {
			name, val, ok := strings.Cut(p, ":")
			switch {
			case !ok || name == "":
				props[i] = withheld // refused by the driver, as p is
			case val != "" && !publicProperties[name]:
				props[i] = name + ":" + withheld
				hidden = append(hidden, val)
			}
		}
		return url.QueryEscape(strings.Join(props, ",")), hidden
	default:
		return v, nil
	}
	if _, err := url.QueryUnescape(v); err != nil {
		return withheld + "%", nil
	}
	if v == "" {
		return "", nil
	}
	return withheld, nil
}

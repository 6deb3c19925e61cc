package mongostore_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/dns"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// fakeDNS makes the driver's DNS lookups (dns.DefaultResolver, which it
// resolves a mongodb+srv URI's seed list with) call txt and srv until t
// ends: nothing reaches a real resolver. Tests that use it do not run in
// parallel.
func fakeDNS(t *testing.T, txt func(string) ([]string, error), srv func(string, string, string) (string, []*net.SRV, error)) {
	r := dns.DefaultResolver
	was := *r
	r.LookupTXT, r.LookupSRV = txt, srv
	t.Cleanup(func() { *r = was })
}

// TestNewSRVLookupBoundedByContext: with a mongodb+srv URI, New waits
// for DNS (the driver resolves the seed list while it parses the URI,
// without a context) only as long as its ctx lasts. Before, New ignored
// its ctx and waited for the lookup whatever the caller's deadline or
// shutdown.
func TestNewSRVLookupBoundedByContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		answer := make(chan struct{})
		looked := make(chan string, 1)
		hang := func(name string) ([]string, error) {
			looked <- name
			<-answer // DNS that does not answer
			return nil, &net.DNSError{Err: "i/o timeout", Name: name, IsTimeout: true}
		}
		fakeDNS(t, hang, func(string, string, string) (string, []*net.SRV, error) {
			return "", nil, &net.DNSError{Err: "i/o timeout", IsTimeout: true}
		})
		ctx, cancel := context.WithCancelCause(t.Context())
		done := make(chan error, 1)
		go func() {
			_, err := mongostore.New(ctx, mongostore.Config{URI: "mongodb+srv://user:s3cret@cluster0.example.net/"})
			done <- err
		}()
		if name := <-looked; name != "cluster0.example.net" {
			t.Errorf("looked up %q", name)
		}
		stop := errors.New("shutting down")
		cancel(stop)
		err := <-done // without the bound: every goroutine blocked, synctest reports a deadlock
		if !errors.Is(err, stop) || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("New with its ctx ended during the lookup: %v, want the ctx's cause and no password", err)
		}
		close(answer) // the lookup left behind ends
		synctest.Wait()

		// A ctx that has ended already: no lookup.
		if _, err := mongostore.New(ctx, mongostore.Config{URI: "mongodb+srv://cluster0.example.net/"}); !errors.Is(err, stop) {
			t.Errorf("New with its ctx ended: %v, want the ctx's cause", err)
		}
		select {
		case name := <-looked:
			t.Errorf("looked up %q with the ctx ended", name)
		default:
		}
	})
}

// TestNewSRVLookupFails: a mongodb+srv host that DNS does not know is
// said so, with the record looked up, not the password; before, it was
// "not a valid MongoDB connection string".
func TestNewSRVLookupFails(t *testing.T) {
	fakeDNS(t, func(string) ([]string, error) { return nil, nil }, func(service, proto, name string) (string, []*net.SRV, error) {
		return "", nil, &net.DNSError{Err: "no such host", Name: "_" + service + "._" + proto + "." + name, IsNotFound: true}
	})
	_, err := mongostore.New(t.Context(), mongostore.Config{URI: "mongodb+srv://user:s3cret@cluster0.example.net/"})
	var dnsErr *net.DNSError
	if !errors.As(err, &dnsErr) || !dnsErr.IsNotFound || !strings.Contains(err.Error(), "_mongodb._tcp.cluster0.example.net") || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("New with an SRV host DNS does not know: %v; want the DNS error naming the record, no password", err)
	}
}

// TestNewSRVRefusalReadable: a mongodb+srv string refused for an option
// after its DNS records were read is told as a mongodb:// one, by the
// driver's message about a copy with the password replaced (see
// TestNewRefusalReadable): the copy's records are read again, once.
func TestNewSRVRefusalReadable(t *testing.T) {
	var txt, srv atomic.Int32
	fakeDNS(t, func(string) ([]string, error) { txt.Add(1); return nil, nil }, func(service, proto, name string) (string, []*net.SRV, error) {
		srv.Add(1)
		return "", []*net.SRV{{Target: "db1." + name, Port: 27017}}, nil
	})
	_, err := mongostore.New(t.Context(), mongostore.Config{URI: "mongodb+srv://user:in@cluster0.example.net/?connectTimeoutMS=soon"})
	const want = `mongostore: Config.URI: not a valid MongoDB connection string: error parsing uri: invalid value for "connectTimeoutMS": "soon"`
	if err == nil || err.Error() != want {
		t.Errorf("New: %v, want %s", err, want)
	}
	if txt.Load() != 2 || srv.Load() != 0 {
		t.Errorf("%d TXT and %d SRV lookups, want 2 TXT (the string's and its copy's) and no SRV (the options are read before)", txt.Load(), srv.Load())
	}
}

package integration

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	toxiproxy "github.com/Shopify/toxiproxy/v2"
	"github.com/rs/zerolog"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

// ---- toxiproxy: network faults between the driver and the server ---------------------

// toxiServer is the in-process toxiproxy server every faultProxy belongs
// to (its API is not served: the tests call it directly).
var toxiServer = sync.OnceValue(func() *toxiproxy.ApiServer {
	return toxiproxy.NewServer(toxiproxy.NewMetricsContainer(nil), zerolog.Nop())
})

// faultProxy is a toxiproxy proxy on 127.0.0.1 in front of the server: the
// tests cut it (down/up) or add toxics to it.
type faultProxy struct {
	p *toxiproxy.Proxy
	// mu serializes down and up, which fault injectors and the test's
	// final "faults off" may call at once.
	mu sync.Mutex
}

// newFaultProxy starts a proxy to upstream (host:port), stopped when t
// ends. It listens on a port below the system's ephemeral range (see
// outagePort), so that while it is down no connection or listener the
// system numbers itself can take its port, and up finds it free.
func newFaultProxy(t testing.TB, name, upstream string) *faultProxy {
	t.Helper()
	var err error
	for range 20 {
		p := toxiproxy.NewProxy(toxiServer(), name, outagePort(), upstream)
		if err = p.Start(); err == nil {
			t.Cleanup(p.Stop)
			return &faultProxy{p: p}
		}
	}
	t.Fatalf("toxiproxy %s: %v", name, err)
	return nil
}

// outagePort returns 127.0.0.1 and a random port from 10000 to just below
// the ephemeral range in /proc/sys/net/ipv4/ip_local_port_range, or
// "127.0.0.1:0" where that range is unknown or starts too low. A proxy
// that is down has closed its listener: on a port from that range, any
// test's dial could be given it meanwhile (about once in 1,000 runs by
// helper-71's estimate in the twenty-second session), and up then failed.
func outagePort() string {
	low := ephemeralLow()
	if low <= outageFrom+1000 {
		return "127.0.0.1:0"
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(outageFrom+rand.IntN(low-outageFrom)))
}

// outageFrom is the lowest port outagePort returns.
const outageFrom = 10000

// ephemeralLow returns the first port of the system's ephemeral range, the
// ports it numbers connections and port-0 listeners from
// (/proc/sys/net/ipv4/ip_local_port_range), or 0 if unknown.
func ephemeralLow() int {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return 0
	}
	low, _ := strconv.Atoi(f[0])
	return low
}

// addr is the proxy's listening address (stable across down and up).
func (f *faultProxy) addr() string {
	f.p.Lock()
	defer f.p.Unlock()
	return f.p.Listen
}

// down closes the listener and every connection through the proxy: the
// server is unreachable until up.
func (f *faultProxy) down() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.p.Stop()
}

// up listens again on the same address (idempotent).
func (f *faultProxy) up(t testing.TB) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.p.Lock()
	enabled := f.p.Enabled
	f.p.Unlock()
	if enabled {
		return
	}
	var err error
	for range 50 { // the port may be briefly unavailable right after close
		if err = f.p.Start(); err == nil || errors.Is(err, toxiproxy.ErrProxyAlreadyStarted) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("toxiproxy %s: restart: %v", f.p.Name, err)
}

// toxic adds a toxic named name of kind typ ("timeout", "reset_peer",
// "limit_data", ...) on stream ("upstream": driver to server; "downstream":
// server to driver) with the given attributes.
func (f *faultProxy) toxic(t testing.TB, name, typ, stream string, attrs string) {
	t.Helper()
	body := fmt.Sprintf(`{"name":%q,"type":%q,"stream":%q,"toxicity":1,"attributes":{%s}}`, name, typ, stream, attrs)
	if _, err := f.p.Toxics.AddToxicJson(strings.NewReader(body)); err != nil {
		t.Fatalf("toxiproxy %s: add toxic %s: %v", f.p.Name, body, err)
	}
}

func (f *faultProxy) removeToxic(t testing.TB, name string) {
	t.Helper()
	if err := f.p.Toxics.RemoveToxic(context.Background(), name); err != nil {
		t.Errorf("toxiproxy %s: remove toxic %s: %v", f.p.Name, name, err)
	}
}

// heal removes every toxic and brings the proxy up.
func (f *faultProxy) heal(t testing.TB) {
	f.p.Toxics.ResetToxics(context.Background())
	f.up(t)
}

// ---- wireProxy: one command at a time, counted ------------------------------------------

// wireProxy is the wire proxy of syncer/storetest, shared with package
// syncer's tests: see storetest.WireProxy.
type wireProxy = storetest.WireProxy

func newWireProxy(t testing.TB, upstream string, serial bool) *wireProxy {
	return storetest.NewWireProxy(t, upstream, serial)
}

// TestFaultProxyKeepsItsPortDown: a fault proxy listens below the
// ephemeral range, where the system numbers no connection or port-0
// listener while it is down, and up listens on its port again.
func TestFaultProxyKeepsItsPortDown(t *testing.T) {
	low := ephemeralLow()
	if low <= outageFrom+1000 {
		t.Skip("no ephemeral range above 11000 known here")
	}
	upstream, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer upstream.Close()
	fp := newFaultProxy(t, "port-test", upstream.Addr().String())
	addr := fp.addr()
	_, p, _ := net.SplitHostPort(addr)
	if port, err := strconv.Atoi(p); err != nil || port < outageFrom || port >= low {
		t.Fatalf("proxy listens on %s, want a port from %d to below the ephemeral range's %d", addr, outageFrom, low)
	}
	fp.down()
	fp.up(t)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("proxy up again: %v", err)
	}
	c.Close()
}

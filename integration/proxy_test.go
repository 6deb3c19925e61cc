package integration

import (
	"context"
	"errors"
	"fmt"
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
// ends.
func newFaultProxy(t testing.TB, name, upstream string) *faultProxy {
	t.Helper()
	p := toxiproxy.NewProxy(toxiServer(), name, "127.0.0.1:0", upstream)
	if err := p.Start(); err != nil {
		t.Fatalf("toxiproxy %s: %v", name, err)
	}
	t.Cleanup(p.Stop)
	return &faultProxy{p: p}
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

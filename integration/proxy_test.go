package integration

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	toxiproxy "github.com/Shopify/toxiproxy/v2"
	"github.com/rs/zerolog"
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

// wireProxy forwards MongoDB wire-protocol messages between the driver and
// the server, one whole command (request and reply) at a time on each
// connection, and counts the commands by name. Every client connection has
// its own upstream connection, since the server keeps state per connection
// (the handshake, authentication, cursors).
//
// With serial set, a command holds one lock for its whole round trip, so
// that the commands of all the clients reach the server strictly one after
// the other. That is how the multi-writer tests run on FerretDB v1, whose
// compare-and-swap reads the matching document and then writes by _id
// alone, so that two concurrent writers with the same stale version both
// "succeed" (FERRETDB.md, point 3). MongoDB guarantees per-document
// atomicity, which the syncer relies on; against it the tests run without
// this proxy, truly concurrently.
//
// It handles what the Go driver sends: OP_MSG (and OP_QUERY for a legacy
// handshake), one reply per request, none for a request with moreToCome.
// Exhaust streams are disabled by clearing exhaustAllowed (clients also
// poll, see proxiedURI).
type wireProxy struct {
	upstream string
	serial   bool
	ln       net.Listener
	// serialMu, with serial set, is held for each round trip, whatever
	// the connection: the server sees one command at a time.
	serialMu sync.Mutex

	mu     sync.Mutex // guards counts, conns and ups
	counts map[string]int64
	conns  map[net.Conn]struct{} // client connections
	ups    map[net.Conn]struct{} // upstream connections, closed by close to end round trips
	closed bool
	wg     sync.WaitGroup
}

// upLink is the upstream connection of one client connection, used by
// that connection's goroutine only.
type upLink struct {
	conn net.Conn // nil until dialed, and after an error
}

func newWireProxy(t testing.TB, upstream string, serial bool) *wireProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &wireProxy{upstream: upstream, serial: serial, ln: ln,
		counts: map[string]int64{}, conns: map[net.Conn]struct{}{}, ups: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	t.Cleanup(p.close)
	return p
}

func (p *wireProxy) addr() string { return p.ln.Addr().String() }

// commands returns the commands forwarded so far, by name.
func (p *wireProxy) commands() map[string]int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := make(map[string]int64, len(p.counts))
	for k, v := range p.counts {
		m[k] = v
	}
	return m
}

func (p *wireProxy) close() {
	p.mu.Lock()
	p.closed = true
	for c := range p.conns {
		c.Close()
	}
	for c := range p.ups {
		c.Close()
	}
	p.mu.Unlock()
	p.ln.Close()
	p.wg.Wait()
}

func (p *wireProxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			c.Close()
			return
		}
		p.conns[c] = struct{}{}
		p.wg.Add(1)
		p.mu.Unlock()
		go p.serve(c)
	}
}

func (p *wireProxy) serve(c net.Conn) {
	defer p.wg.Done()
	link := &upLink{}
	defer link.close(p)
	defer func() {
		c.Close()
		p.mu.Lock()
		delete(p.conns, c)
		p.mu.Unlock()
	}()
	for {
		msg, err := readMessage(c)
		if err != nil {
			return
		}
		p.count(commandName(msg))
		replies, err := link.roundTrip(p, msg)
		if err != nil {
			return
		}
		// A client that has gone meanwhile gets nothing: its command
		// ran all the same (an answer lost on the way back).
		for _, r := range replies {
			if _, err := c.Write(r); err != nil {
				return
			}
		}
	}
}

func (p *wireProxy) count(name string) {
	p.mu.Lock()
	p.counts[name]++
	p.mu.Unlock()
}

func (l *upLink) close(p *wireProxy) {
	if l.conn != nil {
		l.conn.Close()
		p.mu.Lock()
		delete(p.ups, l.conn)
		p.mu.Unlock()
		l.conn = nil
	}
}

// roundTrip sends msg upstream and returns the replies: none for a request
// with moreToCome, else one (more while a reply says moreToCome).
func (l *upLink) roundTrip(p *wireProxy, msg []byte) ([][]byte, error) {
	if p.serial {
		p.serialMu.Lock()
		defer p.serialMu.Unlock()
	}
	if l.conn == nil {
		c, err := net.DialTimeout("tcp", p.upstream, 5*time.Second)
		if err != nil {
			return nil, err
		}
		p.mu.Lock()
		if p.closed {
			p.mu.Unlock()
			c.Close()
			return nil, net.ErrClosed
		}
		p.ups[c] = struct{}{}
		p.mu.Unlock()
		l.conn = c
	}
	fail := func(err error) ([][]byte, error) {
		l.conn.Close()
		p.mu.Lock()
		delete(p.ups, l.conn)
		p.mu.Unlock()
		l.conn = nil
		return nil, err
	}
	l.conn.SetDeadline(time.Now().Add(opTimeout))
	if _, err := l.conn.Write(msg); err != nil {
		return fail(err)
	}
	if moreToCome(msg) {
		return nil, nil
	}
	var replies [][]byte
	for {
		r, err := readMessage(l.conn)
		if err != nil {
			return fail(err)
		}
		replies = append(replies, r)
		if !moreToCome(r) {
			return replies, nil
		}
	}
}

const (
	opQuery = 2004
	opMsg   = 2013

	flagChecksum       = 1 << 0
	flagMoreToCome     = 1 << 1
	flagExhaustAllowed = 1 << 16
)

// readMessage reads one wire message (header included); it clears the
// exhaustAllowed flag of an OP_MSG without checksum.
func readMessage(r io.Reader) ([]byte, error) {
	var hdr [16]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := int(int32(binary.LittleEndian.Uint32(hdr[:4])))
	if n < 16 || n > 48<<20 {
		return nil, fmt.Errorf("wire message of %d bytes", n)
	}
	msg := make([]byte, n)
	copy(msg, hdr[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	if opcode(msg) == opMsg && len(msg) >= 20 {
		flags := binary.LittleEndian.Uint32(msg[16:20])
		if flags&flagChecksum == 0 && flags&flagExhaustAllowed != 0 {
			binary.LittleEndian.PutUint32(msg[16:20], flags&^flagExhaustAllowed)
		}
	}
	return msg, nil
}

func opcode(msg []byte) int32 { return int32(binary.LittleEndian.Uint32(msg[12:16])) }

func moreToCome(msg []byte) bool {
	return opcode(msg) == opMsg && len(msg) >= 20 && binary.LittleEndian.Uint32(msg[16:20])&flagMoreToCome != 0
}

// commandName returns the name of the command msg carries (the first key
// of its body), or "op_<code>".
func commandName(msg []byte) string {
	var doc []byte
	switch opcode(msg) {
	case opMsg:
		// flags, then sections; kind 0 is the body document.
		if len(msg) > 21 && msg[20] == 0 {
			doc = msg[21:]
		}
	case opQuery:
		// flags, full collection name (cstring), skip, return, query.
		if i := indexByte(msg, 20, 0); i >= 0 && i+9 < len(msg) {
			doc = msg[i+9:]
		}
	}
	// document: int32 length, then elements: type byte, cstring name, ...
	if len(doc) > 5 {
		if end := indexByte(doc, 5, 0); end > 5 {
			return string(doc[5:end])
		}
	}
	return fmt.Sprintf("op_%d", opcode(msg))
}

func indexByte(b []byte, from int, c byte) int {
	for i := from; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

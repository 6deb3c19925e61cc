package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"
)

// This file is the wire proxy the tests put between the driver and a
// server that speaks MongoDB's wire protocol: package syncer's tests and
// the integration suite share it.

// WireProxy forwards MongoDB wire-protocol messages between the driver and
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
// "succeed" (docs/ferretdb.md point 3). MongoDB guarantees per-document
// atomicity, which the syncer relies on; against it the tests run without
// this proxy, truly concurrently.
//
// It handles what the Go driver sends: OP_MSG (and OP_QUERY for a legacy
// handshake), one reply per request, none for a request with moreToCome.
// Exhaust streams are disabled by clearing exhaustAllowed (clients also
// poll, see ProxiedURI).
type WireProxy struct {
	upstream string
	serial   bool
	ln       net.Listener
	// serialMu, with serial set, is held for each round trip, whatever
	// the connection: the server sees one command at a time.
	serialMu sync.Mutex

	mu      sync.Mutex // guards counts, observe, conns and ups
	counts  map[string]int64
	observe func(name string, body []byte)
	conns   map[net.Conn]struct{} // client connections
	ups     map[net.Conn]struct{} // upstream connections, closed by close to end round trips
	closed  bool
	wg      sync.WaitGroup
}

// upLink is the upstream connection of one client connection, used by
// that connection's goroutine only.
type upLink struct {
	conn net.Conn // nil until dialed, and after an error
}

// NewWireProxy starts a proxy on 127.0.0.1 to upstream (host:port), closed
// with every connection through it when t ends; serial: see WireProxy.
func NewWireProxy(listen, upstream string, serial bool) *WireProxy {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		panic(err)
	}
	p := &WireProxy{upstream: upstream, serial: serial, ln: ln,
		counts: map[string]int64{}, conns: map[net.Conn]struct{}{}, ups: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	return p
}

// Addr is the proxy's listening address, host:port.
func (p *WireProxy) Addr() string { return p.ln.Addr().String() }

// Commands returns the commands forwarded so far, by name.
func (p *WireProxy) Commands() map[string]int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := make(map[string]int64, len(p.counts))
	for k, v := range p.counts {
		m[k] = v
	}
	return m
}

func (p *WireProxy) close() {
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

func (p *WireProxy) accept() {
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

func (p *WireProxy) serve(c net.Conn) {
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
		p.count(msg)
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

func (p *WireProxy) count(msg []byte) {
	name := commandName(msg)
	p.mu.Lock()
	p.counts[name]++
	observe := p.observe
	p.mu.Unlock()
	if observe != nil {
		observe(name, commandBody(msg))
	}
}

// Observe makes the proxy call f with the name and the body (a BSON
// document, nil if the message has none the proxy can find) of every
// command it forwards from now on, before forwarding it; f must not keep
// body. Calls come from the connections' goroutines, concurrently.
func (p *WireProxy) Observe(f func(name string, body []byte)) {
	p.mu.Lock()
	p.observe = f
	p.mu.Unlock()
}

func (l *upLink) close(p *WireProxy) {
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
func (l *upLink) roundTrip(p *WireProxy, msg []byte) ([][]byte, error) {
	// h99: only the commands that write are serialized (FerretDB's
	// compare-and-swap races writer against writer); reads run at once.
	if p.serial {
		switch commandName(msg) {
		case "update", "delete", "insert", "findAndModify":
			p.serialMu.Lock()
			defer p.serialMu.Unlock()
		}
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
	l.conn.SetDeadline(time.Now().Add(OpTimeout))
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
	// document: int32 length, then elements: type byte, cstring name, ...
	if doc := commandBody(msg); len(doc) > 5 {
		if end := indexByte(doc, 5, 0); end > 5 {
			return string(doc[5:end])
		}
	}
	return fmt.Sprintf("op_%d", opcode(msg))
}

// commandBody returns the body document of msg, or nil.
func commandBody(msg []byte) []byte {
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
	if len(doc) < 5 {
		return nil
	}
	if n := int(int32(binary.LittleEndian.Uint32(doc[:4]))); n >= 5 && n <= len(doc) {
		return doc[:n]
	}
	return nil
}

func indexByte(b []byte, from int, c byte) int {
	for i := from; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

// SingleHost returns the host:port of a mongodb:// URI that names one
// server, which is what a proxy can stand in front of; ok is false for
// several hosts or mongodb+srv.
func SingleHost(uri string) (addr string, ok bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "mongodb" || u.Host == "" || strings.Contains(u.Host, ",") {
		return "", false
	}
	return u.Host, true
}

// ProxiedURI returns uri rewritten to reach addr (a proxy) directly, with
// the given extra options ("name=value"). The options every proxied client
// gets: directConnection (one server, no discovery through the proxy),
// poll monitoring (no exhaust hello streams, which a wire proxy that
// forwards one reply per request cannot carry), and rare heartbeats, so
// that the monitor's traffic neither meets injected faults at random nor
// counts as the store's round trips. The error does not quote uri: it may
// hold a password.
func ProxiedURI(uri, addr string, opts ...string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("storetest: parse the server URI: not a URI (withheld: it may hold a password)")
	}
	u.Host = addr
	if u.Path == "" {
		u.Path = "/"
	}
	q := u.Query()
	q.Del("replicaSet")
	q.Set("directConnection", "true")
	q.Set("serverMonitoringMode", "poll")
	q.Set("heartbeatFrequencyMS", "60000")
	q.Set("connectTimeoutMS", "2000")
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		q.Set(k, v)
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

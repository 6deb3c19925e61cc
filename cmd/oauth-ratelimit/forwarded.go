package main

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"slices"
	"strings"
)

// trustedProxies are the addresses of --trusted-proxies: the load
// balancers in front of the proxy, whose X-Forwarded-* and Forwarded
// headers are passed on to the upstream. IPv4 prefixes hold IPv4 addresses
// only (an IPv4-mapped IPv6 entry is read as the IPv4 one), and peers are
// unmapped before they are matched, so that 10.0.0.5 and ::ffff:10.0.0.5
// are one peer whichever way the listener or the flag writes it.
type trustedProxies []netip.Prefix

// parseTrustedProxies reads --trusted-proxies: comma-separated IP
// addresses and CIDR prefixes, IPv4 or IPv6; blanks are dropped.
func parseTrustedProxies(v string) (trustedProxies, error) {
	var t trustedProxies
	for _, s := range splitList(v) {
		p, err := parseTrustedProxy(s)
		if err != nil {
			return nil, fmt.Errorf("%q: %w; want comma-separated IP addresses or CIDR prefixes of the load balancers in front, e.g. 10.0.0.5,192.168.0.0/16,2001:db8::/32", s, err)
		}
		t = append(t, p)
	}
	return t, nil
}

func parseTrustedProxy(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, errors.New("not a CIDR prefix")
		}
		if a := p.Addr(); a.Is4In6() {
			// ::ffff:10.0.0.0/104 is 10.0.0.0/8; a shorter one spans
			// IPv6 addresses that are not IPv4 ones as well.
			if p.Bits() < 96 {
				return netip.Prefix{}, errors.New("an IPv4-mapped prefix shorter than /96")
			}
			p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	switch {
	case err != nil:
		return netip.Prefix{}, errors.New("not an IP address (host names are not looked up)")
	case a.Zone() != "":
		return netip.Prefix{}, errors.New("an address with a zone")
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// everyAddress returns an entry of t that holds every IPv4 or every IPv6
// address (0.0.0.0/0, ::/0), if there is one: accepted, as a network only
// the balancers reach may want it, and warned of at start.
func (t trustedProxies) everyAddress() (netip.Prefix, bool) {
	for _, p := range t {
		if p.Bits() == 0 {
			return p, true
		}
	}
	return netip.Prefix{}, false
}

// String writes the list back as the flag takes it.
func (t trustedProxies) String() string {
	s := make([]string, len(t))
	for i, p := range t {
		s[i] = p.String()
		if p.IsSingleIP() {
			s[i] = p.Addr().String()
		}
	}
	return strings.Join(s, ",")
}

// peer returns the address of a request's immediate peer, as RemoteAddr
// gives it ("ip:port", or a bare IP), unmapped and without a zone, and
// whether it is one of t.
func (t trustedProxies) peer(remoteAddr string) (netip.Addr, bool) {
	if len(t) == 0 {
		return netip.Addr{}, false
	}
	var a netip.Addr
	if ap, err := netip.ParseAddrPort(remoteAddr); err == nil {
		a = ap.Addr()
	} else if a, err = netip.ParseAddr(remoteAddr); err != nil {
		return netip.Addr{}, false
	}
	a = a.Unmap().WithZone("")
	for _, p := range t {
		if p.Contains(a) {
			return a, true
		}
	}
	return a, false
}

// proxyRewrite is the reverse proxy's Rewrite: the request goes to
// upstream, with X-Forwarded-For, X-Forwarded-Host and X-Forwarded-Proto.
// ReverseProxy has removed the inbound ones, and Forwarded, before.
//
// From a peer that is not one of trusted they are set from this hop only
// (SetXForwarded), so that a client cannot make the upstream believe
// another address or scheme; Forwarded stays removed. From a trusted peer
// (a TLS-terminating load balancer) the inbound X-Forwarded-Host,
// X-Forwarded-Proto and Forwarded are passed on as sent, and the peer is
// appended to the inbound X-Forwarded-For chain (its header lines joined),
// as SetXForwarded's documentation shows; a header the peer did not send
// is set from this hop. Forwarded gets no element for this hop: an
// upstream that reads its last element would read this hop's proto=http.
func proxyRewrite(upstream *url.URL, trusted trustedProxies) func(*httputil.ProxyRequest) {
	return func(pr *httputil.ProxyRequest) {
		pr.SetURL(upstream)
		peer, ok := trusted.peer(pr.In.RemoteAddr)
		if !ok {
			for _, k := range forwardedOthers {
				delete(pr.Out.Header, k) // canonical already: Del would canonicalize each
			}
			pr.SetXForwarded()
			return
		}
		in, out := pr.In.Header, pr.Out.Header
		var chain []string
		for _, v := range in["X-Forwarded-For"] {
			if v = strings.TrimSpace(v); v != "" {
				chain = append(chain, v)
			}
		}
		out.Set("X-Forwarded-For", strings.Join(append(chain, peer.String()), ", "))
		for _, k := range []string{"X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded"} {
			if v := in[k]; len(v) > 0 {
				out[k] = slices.Clone(v)
			}
		}
		if out["X-Forwarded-Host"] == nil {
			out.Set("X-Forwarded-Host", pr.In.Host)
		}
		if out["X-Forwarded-Proto"] == nil {
			out.Set("X-Forwarded-Proto", scheme(pr.In))
		}
	}
}

// forwardedOthers are the headers of the proxies in front that
// ReverseProxy does not remove and upstreams read (Keycloak's xforwarded
// mode reads X-Forwarded-Port, Spring's X-Forwarded-Prefix, nginx's
// realip module X-Real-IP): removed from an untrusted peer's request, as
// ReverseProxy removes the others, passed on from a trusted one. Written
// in canonical form (TestForwardedOthersCanonical), as net/http's map
// holds them, so that they are removed with delete: Header.Del, which
// canonicalizes its key, took 3.6k instructions a request for the seven,
// a fifth of what the project's proxy adds to a bare ReverseProxy
// (BENCHMARKS.md, "Proxy mode").
var forwardedOthers = []string{"X-Forwarded-Port", "X-Forwarded-Prefix", "X-Forwarded-Server", "X-Forwarded-Ssl",
	"X-Forwarded-Scheme", "X-Forwarded-Uri", "X-Real-Ip"}

// scheme is the scheme of this hop, as SetXForwarded writes it.
func scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	return "http"
}

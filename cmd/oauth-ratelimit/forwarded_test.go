package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
)

// TestParseTrustedProxies: --trusted-proxies takes IPv4 and IPv6 addresses
// and prefixes, IPv4-mapped ones read as IPv4; anything else is refused
// with the flag, the entry and what is accepted, exit 2.
func TestParseTrustedProxies(t *testing.T) {
	for _, tc := range []struct {
		name, v, want string
	}{
		{"empty", "", ""},
		{"blanks", " , ,", ""},
		{"one address", "10.0.0.5", "10.0.0.5"},
		{"addresses and prefixes", "10.0.0.5, 192.168.0.0/16,2001:db8::/32,::1", "10.0.0.5,192.168.0.0/16,2001:db8::/32,::1"},
		{"prefix not masked", "10.1.2.3/8", "10.0.0.0/8"},
		{"single-address prefix", "10.0.0.5/32", "10.0.0.5"},
		{"IPv4-mapped address", "::ffff:10.0.0.5", "10.0.0.5"},
		{"IPv4-mapped prefix", "::ffff:10.0.0.0/104", "10.0.0.0/8"},
		{"every address", "0.0.0.0/0,::/0", "0.0.0.0/0,::/0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := parseTrustedProxies(tc.v)
			if err != nil || p.String() != tc.want {
				t.Errorf("parseTrustedProxies(%q) = %q, %v; want %q", tc.v, p, err, tc.want)
			}
		})
	}
	const accepted = "want comma-separated IP addresses or CIDR prefixes"
	for _, tc := range []struct {
		name, v, entry, why string
	}{
		{"host name", "10.0.0.5,lb.example.com", `"lb.example.com"`, "not an IP address"},
		{"address out of range", "10.0.0.300", `"10.0.0.300"`, "not an IP address"},
		{"prefix too long", "10.0.0.0/33", `"10.0.0.0/33"`, "not a CIDR prefix"},
		{"prefix with a port", "10.0.0.5:443", `"10.0.0.5:443"`, "not an IP address"},
		{"zone", "fe80::1%eth0", `"fe80::1%eth0"`, "zone"},
		{"short IPv4-mapped prefix", "::ffff:10.0.0.0/64", `"::ffff:10.0.0.0/64"`, "shorter than /96"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := []string{"--trusted-proxies (OAUTH_RATELIMIT_TRUSTED_PROXIES): " + tc.entry, tc.why, accepted}
			code, stdout, stderr := runCLI(t, nil, "--upstream", "http://127.0.0.1:1", "--trusted-proxies", tc.v)
			if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing and one line", code, stdout, stderr)
			}
			code, _, envStderr := runCLI(t, []string{"OAUTH_RATELIMIT_TRUSTED_PROXIES=" + tc.v}, "--upstream", "http://127.0.0.1:1")
			if code != 2 {
				t.Errorf("from the environment: exit %d, want 2", code)
			}
			for _, w := range want {
				if !strings.Contains(stderr, w) || !strings.Contains(envStderr, w) {
					t.Errorf("stderr does not say %q:\n%s%s", w, stderr, envStderr)
				}
			}
		})
	}
	t.Run("without --upstream", func(t *testing.T) {
		code, _, stderr := runCLI(t, nil, "--trusted-proxies", "10.0.0.5")
		if code != 2 || !strings.Contains(stderr, "--trusted-proxies (OAUTH_RATELIMIT_TRUSTED_PROXIES): the demo endpoint forwards nothing: want --upstream") {
			t.Errorf("exit %d, stderr %q; want 2 and --upstream asked for", code, stderr)
		}
	})
}

// TestProxyRewrite: what the upstream receives, through the proxy's
// ReverseProxy and Rewrite, from a peer that is a trusted balancer and
// from one that is not, for the forms RemoteAddr takes.
func TestProxyRewrite(t *testing.T) {
	got := make(chan http.Header, 1)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Clone()
	}))
	defer up.Close()
	u, _ := url.Parse(up.URL)
	trusted, err := parseTrustedProxies("10.0.0.0/8,2001:db8::1")
	if err != nil {
		t.Fatal(err)
	}
	rp := &httputil.ReverseProxy{Rewrite: proxyRewrite(u, trusted)}
	// Without --trusted-proxies (the default), every peer is a client.
	untrusting := &httputil.ReverseProxy{Rewrite: proxyRewrite(u, nil)}

	// What a balancer sends, and a client may forge.
	sent := http.Header{
		"X-Forwarded-For":   {"203.0.113.7, 198.51.100.2", "192.0.2.9"},
		"X-Forwarded-Proto": {"https"},
		"X-Forwarded-Host":  {"auth.example.com"},
		"Forwarded":         {"for=203.0.113.7;proto=https;host=auth.example.com"},
		"X-Forwarded-Port":  {"443"},
		"X-Real-Ip":         {"203.0.113.7"},
		// The other headers of forwardedOthers, as net/http reads them.
		"X-Forwarded-Prefix": {"/auth"},
		"X-Forwarded-Server": {"lb1"},
		"X-Forwarded-Ssl":    {"on"},
		"X-Forwarded-Scheme": {"https"},
		"X-Forwarded-Uri":    {"/auth/oauth2/token"},
	}
	for _, tc := range []struct {
		name, remoteAddr string
		header           http.Header
		want             map[string]string // "" : absent
		noFlag           bool              // through untrusting
	}{
		{"trusted", "10.1.2.3:5555", sent, map[string]string{
			"X-Forwarded-For":   "203.0.113.7, 198.51.100.2, 192.0.2.9, 10.1.2.3",
			"X-Forwarded-Proto": "https",
			"X-Forwarded-Host":  "auth.example.com",
			"Forwarded":         "for=203.0.113.7;proto=https;host=auth.example.com",
			"X-Forwarded-Port":  "443",
			"X-Real-Ip":         "203.0.113.7",
		}, false},
		{"trusted, IPv4-mapped", "[::ffff:10.1.2.3]:5555", sent, map[string]string{
			"X-Forwarded-For":   "203.0.113.7, 198.51.100.2, 192.0.2.9, 10.1.2.3",
			"X-Forwarded-Proto": "https",
		}, false},
		{"trusted, no port", "10.1.2.3", sent, map[string]string{
			"X-Forwarded-For":   "203.0.113.7, 198.51.100.2, 192.0.2.9, 10.1.2.3",
			"X-Forwarded-Proto": "https",
		}, false},
		{"trusted IPv6 with a zone", "[2001:db8::1%eth0]:5555", sent, map[string]string{
			"X-Forwarded-For":  "203.0.113.7, 198.51.100.2, 192.0.2.9, 2001:db8::1",
			"X-Forwarded-Host": "auth.example.com",
		}, false},
		{"trusted, sending nothing", "10.1.2.3:5555", http.Header{}, map[string]string{
			"X-Forwarded-For":   "10.1.2.3",
			"X-Forwarded-Proto": "http",
			"X-Forwarded-Host":  "limiter.internal:8080",
			"Forwarded":         "",
		}, false},
		{"untrusted", "192.0.2.50:5555", sent, map[string]string{
			"X-Forwarded-For":    "192.0.2.50",
			"X-Forwarded-Proto":  "http",
			"X-Forwarded-Host":   "limiter.internal:8080",
			"Forwarded":          "",
			"X-Forwarded-Port":   "",
			"X-Real-Ip":          "",
			"X-Forwarded-Prefix": "",
			"X-Forwarded-Server": "",
			"X-Forwarded-Ssl":    "",
			"X-Forwarded-Scheme": "",
			"X-Forwarded-Uri":    "",
		}, false},
		{"untrusted IPv6 next to a trusted one", "[2001:db8::2]:5555", sent, map[string]string{
			"X-Forwarded-For":   "2001:db8::2",
			"X-Forwarded-Proto": "http",
		}, false},
		{"untrusted, no port", "192.0.2.50", sent, map[string]string{
			"X-Forwarded-For":   "",
			"X-Forwarded-Proto": "http",
			"Forwarded":         "",
		}, false},
		{"no --trusted-proxies", "10.1.2.3:5555", sent, map[string]string{
			"X-Forwarded-For":   "10.1.2.3",
			"X-Forwarded-Proto": "http",
			"X-Forwarded-Host":  "limiter.internal:8080",
			"Forwarded":         "",
			"X-Forwarded-Port":  "",
			"X-Real-Ip":         "",
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "http://limiter.internal:8080/oauth2/token", strings.NewReader("grant_type=client_credentials"))
			req.RemoteAddr = tc.remoteAddr
			for k, v := range tc.header {
				req.Header[k] = v
			}
			rec := httptest.NewRecorder()
			if tc.noFlag {
				untrusting.ServeHTTP(rec, req)
			} else {
				rp.ServeHTTP(rec, req)
			}
			io.Copy(io.Discard, rec.Result().Body)
			if rec.Code != 200 {
				t.Fatalf("proxied: %d %s", rec.Code, rec.Body)
			}
			h := <-got
			for k, want := range tc.want {
				if g := strings.Join(h[k], " | "); g != want {
					t.Errorf("%s: upstream got %q, want %q", k, g, want)
				}
			}
		})
	}
}

// TestTrustedProxiesEveryAddress: an entry holding every address, which
// start warns of, is found in either family and nowhere else.
func TestTrustedProxiesEveryAddress(t *testing.T) {
	for v, want := range map[string]string{
		"10.0.0.5,192.168.0.0/16,2001:db8::/32": "",
		"10.0.0.0/8,0.0.0.0/0":                  "0.0.0.0/0",
		"::/0":                                  "::/0",
		"128.0.0.0/1":                           "",
	} {
		p, err := parseTrustedProxies(v)
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := p.everyAddress(); ok != (want != "") || ok && e.String() != want {
			t.Errorf("%s: everyAddress() = %v, %v; want %q", v, e, ok, want)
		}
	}
}

// TestForwardedOthersCanonical: proxyRewrite removes forwardedOthers with
// delete, which finds a header only under its canonical name (X-Real-Ip,
// not X-Real-IP): an entry written otherwise would be passed on from any
// peer.
func TestForwardedOthersCanonical(t *testing.T) {
	for _, k := range forwardedOthers {
		if c := http.CanonicalHeaderKey(k); c != k {
			t.Errorf("forwardedOthers has %q; want %q", k, c)
		}
	}
}

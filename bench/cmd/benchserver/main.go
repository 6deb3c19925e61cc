// Command benchserver serves a token endpoint bare, behind this project's
// middleware, or behind go-chi/httprate's, for measuring what each adds with
// a load generator (wrk, hey) side by side. See BENCHMARKS.md and bench.sh
// next to this file. It is a measuring tool, not a server to run.
//
// It lives in the bench module, not under cmd/ of the library's module,
// because it imports a peer (httprate), and the peers never enter the
// library's go.mod.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"runtime/pprof"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/go-chi/httprate"
	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/demo"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// benchPolicy never denies: the measured path is an admitted request on an
// existing key, counted and committed, with metrics.
var benchPolicy = policy.Spec{
	Mode: policy.ModeEnforce,
	Defaults: policy.Defaults{
		Client:    []policy.Tier{{Limit: 1e12, Size: time.Minute}, {Limit: 1e12, Size: time.Hour}},
		User:      []policy.Tier{{Limit: 1e12, Size: time.Minute}},
		SoftLimit: 0.9,
	},
	Clients: map[string]policy.Override{
		"demo-service": {Client: []policy.Tier{{Limit: 1e12, Size: time.Minute}, {Limit: 1e12, Size: time.Hour}}},
	},
}

const clients = "clients:\n  demo-service:\n    secret: demo-secret\n"

var fixedToken = []byte(`{"access_token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJkZW1vLXNlcnZpY2UifQ.","token_type":"Bearer","expires_in":300}` + "\n")

func main() {
	listen := flag.String("listen", "127.0.0.1:8081", "address to serve on")
	limiter := flag.String("limiter", "none", "middleware in front of the handler: none, project (this project's), httprate (go-chi/httprate keyed by the HTTP Basic user, its default X-RateLimit-* headers), or headers (no limiter: only the five rate-limit headers project sends at its defaults, with constant values, or with -legacy-headers=false the two it sends then; what net/http takes to send them)")
	clockTick := flag.Duration("clock-tick", oauthratelimit.DefaultClockTick, "project: the CoarseClock's tick, as the server's --clock-tick; 0: time.Now per request")
	legacy := flag.Bool("legacy-headers", true, "project and headers: send X-RateLimit-*, as the server's --legacy-headers")
	syncInterval := flag.Duration("sync-interval", 0, "project: Config.SyncInterval, the period of the limiter's background flush and sweep (0: the default, 1s); instructions.sh lengthens it and the clock's tick by valgrind's slowdown, so that background work per request is what it is at full speed")
	clockLag := flag.Bool("clock-lag", false, "project with a CoarseClock: measure how far it is behind time.Now at each request (a time.Now per request more) and print the distribution at exit")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	handler := flag.String("handler", "demo", "token handler: demo (the built-in demo endpoint: form parsing, client check, HS256 JWT) or fixed (a constant answer)")
	upstream := flag.String("upstream", "", "serve, instead of a handler, a bare net/http/httputil.ReverseProxy to this URL (another benchserver), built as oauth-ratelimit --upstream builds its own without the limiter: http.DefaultTransport's settings, a 30 s ResponseHeaderTimeout, 100 idle connections kept to the upstream, SetURL and SetXForwarded; -limiter must be none")
	idleConns := flag.Int("upstream-idle-conns", 100, "with -upstream, the idle connections the proxy keeps to the upstream (Transport.MaxIdleConnsPerHost): 100 as oauth-ratelimit keeps, 2 as http.DefaultTransport keeps a host")
	flag.Parse()

	var h http.Handler
	switch {
	case *upstream != "":
		if *limiter != "none" {
			fmt.Fprintf(os.Stderr, "benchserver: -upstream with -limiter %q: the project's proxy is the oauth-ratelimit binary (bench.sh's proxy-project variant runs it); want -limiter none\n", *limiter)
			os.Exit(2)
		}
		u, err := url.Parse(*upstream)
		if err != nil || u.Scheme != "http" || u.Host == "" {
			fmt.Fprintf(os.Stderr, "benchserver: -upstream %q: want an absolute http URL, e.g. http://127.0.0.1:18182\n", *upstream)
			os.Exit(2)
		}
		if *idleConns < 1 {
			fmt.Fprintf(os.Stderr, "benchserver: -upstream-idle-conns %d: want 1 or more\n", *idleConns)
			os.Exit(2)
		}
		h = bareProxy(u, *idleConns)
	case *handler == "demo":
		cs, err := demo.ParseClients("bench clients", []byte(clients))
		if err != nil {
			panic(err)
		}
		h = demo.New(cs, nil)
	case *handler == "fixed":
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(fixedToken)
		})
	default:
		fmt.Fprintf(os.Stderr, "benchserver: -handler %q: want demo or fixed\n", *handler)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	switch *limiter {
	case "none":
	case "project":
		p, err := policy.New(benchPolicy)
		if err != nil {
			panic(err)
		}
		cfg := oauthratelimit.Config{Policy: p, Registerer: prometheus.NewRegistry(), Logger: slog.New(slog.NewJSONHandler(os.Stderr, nil)), OmitLegacyHeaders: !*legacy, SyncInterval: *syncInterval}
		if *clockTick > 0 {
			clk, err := oauthratelimit.NewCoarseClock(*clockTick)
			if err != nil {
				fmt.Fprintln(os.Stderr, "benchserver:", err)
				os.Exit(2)
			}
			defer clk.Stop()
			cfg.Now = clk.Now
			if *clockLag {
				var lags lagHistogram
				defer lags.print(*clockTick)
				cfg.Now = func() time.Time {
					t := clk.Now()
					lags.add(time.Since(t))
					return t
				}
			}
		}
		lim, err := oauthratelimit.New(cfg)
		if err != nil {
			panic(err)
		}
		go lim.Run(ctx)
		h = lim.Middleware(h)
	case "httprate":
		// The same never-denying limit, per client as the project counts
		// it, but keyed by the HTTP Basic user alone: httprate does not
		// read the body.
		h = httprate.LimitBy(1<<40, time.Minute, basicUser)(h)
	case "headers":
		h = headersOnly(h, *legacy)
	default:
		fmt.Fprintf(os.Stderr, "benchserver: -limiter %q: want none, project, httprate or headers\n", *limiter)
		os.Exit(2)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchserver:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchserver:", err)
		os.Exit(1)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	fmt.Fprintf(os.Stderr, "benchserver: %s handler, limiter %s, on %s\n", *handler, *limiter, ln.Addr())
	<-ctx.Done()
	srv.Shutdown(context.Background())
}

// bareProxy is the reverse proxy a user would run in front of a token
// endpoint anyway, built as cmd/oauth-ratelimit's serve builds its own
// with --upstream (upstreamTransport), less the limiter: a clone of
// http.DefaultTransport (its timeouts, HTTP/2 attempt, gzip asked for), a
// 10 s ResponseHeaderTimeout (--upstream-timeout's default), up to idle
// connections kept open to the upstream, SetURL and SetXForwarded (what
// proxyRewrite does for a peer that is not a trusted proxy, less removing
// seven more X-Forwarded-* headers).
func bareProxy(u *url.URL, idle int) http.Handler {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = 10 * time.Second
	tr.MaxIdleConnsPerHost = idle
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(u)
			pr.SetXForwarded()
		},
		Transport: tr,
	}
}

// headersOnly sets on every answer of next the five rate-limit headers
// that project sends at its defaults on this benchmark's requests, with
// the values it sends (r and t held constant), assigned as project
// assigns them (canonical keys, prebuilt one-element slices); without
// legacy, the two it sends with --legacy-headers=false (RateLimit-Policy
// and RateLimit). It decides nothing: it is the floor of any limiter that
// sends those headers, what net/http takes to clone, sort and write five
// (or two) more header lines.
func headersOnly(next http.Handler, legacy bool) http.Handler {
	policy := []string{`"client-1m";q=1000000000000;w=60, "client-1h";q=1000000000000;w=3600`}
	rl := []string{`"client-1m";r=999999999999;t=62`}
	limit, remaining, reset := []string{"1000000000000"}, []string{"999999999999"}, []string{"62"}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Ratelimit-Policy"] = policy
		h["Ratelimit"] = rl
		if legacy {
			h["X-Ratelimit-Limit"] = limit
			h["X-Ratelimit-Remaining"] = remaining
			h["X-Ratelimit-Reset"] = reset
		}
		next.ServeHTTP(w, r)
	})
}

// basicUser is httprate's key: the client of HTTP Basic, "" without it.
func basicUser(r *http.Request) (string, error) {
	u, _, _ := r.BasicAuth()
	return u, nil
}

// lagHistogram counts how far a CoarseClock was behind time.Now at each
// read, in buckets, and the largest lag seen.
type lagHistogram struct {
	n   [len(lagBounds) + 1]atomic.Int64
	max atomic.Int64
}

var lagBounds = [...]time.Duration{time.Millisecond, 2 * time.Millisecond, 5 * time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond}

func (h *lagHistogram) add(d time.Duration) {
	i := 0
	for i < len(lagBounds) && d >= lagBounds[i] {
		i++
	}
	h.n[i].Add(1)
	for m := h.max.Load(); int64(d) > m && !h.max.CompareAndSwap(m, int64(d)); m = h.max.Load() {
	}
}

func (h *lagHistogram) print(tick time.Duration) {
	var total int64
	for i := range h.n {
		total += h.n[i].Load()
	}
	fmt.Fprintf(os.Stderr, "benchserver: clock lag (tick %v) over %d reads:", tick, total)
	for i := range h.n {
		bound := "+Inf"
		if i < len(lagBounds) {
			bound = lagBounds[i].String()
		}
		fmt.Fprintf(os.Stderr, " <%s %.4f%%", bound, 100*float64(h.n[i].Load())/float64(max(total, 1)))
	}
	fmt.Fprintf(os.Stderr, "; max %v\n", time.Duration(h.max.Load()))
}

// Command benchserver serves a token endpoint with or without the limiter's
// middleware, for measuring the middleware's overhead with a load generator
// (wrk, hey) side by side with the bare handler. See BENCHMARKS.md and
// bench.sh next to this file. It is a measuring tool, not a server to run.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

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
	limit := flag.Bool("limit", false, "wrap the handler in the limiter's middleware")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	handler := flag.String("handler", "demo", "token handler: demo (the built-in demo endpoint: form parsing, client check, HS256 JWT) or fixed (a constant answer)")
	flag.Parse()

	var h http.Handler
	switch *handler {
	case "demo":
		cs, err := demo.ParseClients("bench clients", []byte(clients))
		if err != nil {
			panic(err)
		}
		h = demo.New(cs, nil)
	case "fixed":
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
	if *limit {
		p, err := policy.New(benchPolicy)
		if err != nil {
			panic(err)
		}
		lim, err := oauthratelimit.New(oauthratelimit.Config{Policy: p, Registerer: prometheus.NewRegistry(), Logger: slog.New(slog.NewJSONHandler(os.Stderr, nil))})
		if err != nil {
			panic(err)
		}
		go lim.Run(ctx)
		h = lim.Middleware(h)
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
	fmt.Fprintf(os.Stderr, "benchserver: %s handler, limiter %v, on %s\n", *handler, *limit, ln.Addr())
	<-ctx.Done()
	srv.Shutdown(context.Background())
}

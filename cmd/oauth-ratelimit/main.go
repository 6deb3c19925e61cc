// Command oauth-ratelimit runs the OAuth 2.0 token-endpoint rate limiter as
// a server: either a reverse proxy in front of an existing OAuth server
// (--upstream), or, without one, a built-in demo token endpoint so that the
// limiter can be tried in one command:
//
//	go run ./cmd/oauth-ratelimit
//
// It only wires things together: flags and environment into the limiter's
// Config, the store, the listeners, signals. Run it with --help for every
// flag and its environment variable.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/demo"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

// embeddedDemoClients are the demo endpoint's clients unless
// --demo-clients names another file.
//
//go:embed demo-clients.yaml
var embeddedDemoClients []byte

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Getenv, os.Stderr))
}

// run is main with its inputs passed in; it returns the exit code:
// 0 after a clean shutdown or --help, 2 for bad flags, 1 for other errors.
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	o, err := parseOptions(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "oauth-ratelimit: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: o.level}))
	if err := serve(ctx, o, log); err != nil {
		log.Error("server failed", "err", err)
		return 1
	}
	return 0
}

// server is the running process: the limiter and what reloads its policy.
// The mode override (--mode, then /admin/mode) is the limiter's: it lasts
// through reloads (Limiter.SetMode).
type server struct {
	o     *options
	log   *slog.Logger
	lim   *oauthratelimit.Limiter
	ready atomic.Bool
}

func serve(ctx context.Context, o *options, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	s := &server{o: o, log: log}
	pol, policyFile, err := o.loadPolicy()
	if err != nil {
		return err
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	var store syncer.Store // nil: the limiter's in-memory store
	storeKind := "memory"
	if o.mongoURI != "" {
		ms, err := mongostore.New(ctx, mongostore.Config{URI: o.mongoURI, Database: o.mongoDatabase, Logger: log})
		if err != nil {
			return fmt.Errorf("--mongo-uri: %w", err)
		}
		defer func() {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if err := ms.Close(cctx); err != nil {
				log.Warn("mongodb close failed", "err", err)
			}
		}()
		store, storeKind = ms, "mongodb"
	}

	cfg := o.config()
	cfg.Policy, cfg.Store, cfg.Logger, cfg.Registerer = pol, store, log, reg
	var endpoint http.Handler
	if o.upstreamURL != nil {
		// Proxy mode: the user of a user grant is read from the token the
		// upstream issued (its sub) when the request does not name it.
		cfg.AttributeIssued = true
		endpoint = &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(o.upstreamURL)
				pr.SetXForwarded()
			},
			ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		}
	} else {
		clients, err := demoClients(o.demoClients)
		if err != nil {
			return err
		}
		endpoint = demoMux(o.tokenPath, demo.New(clients, nil))
	}
	s.lim, err = oauthratelimit.New(cfg)
	if err != nil {
		return err
	}
	if o.mode != "" {
		m, err := policy.ParseMode(o.mode)
		if err != nil {
			return fmt.Errorf("--mode (%s): %w", envName("mode"), err)
		}
		if err := s.lim.SetMode(m); err != nil {
			return err
		}
	}

	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return fmt.Errorf("--listen: %w", err)
	}
	aln, err := net.Listen("tcp", o.adminListen)
	if err != nil {
		ln.Close()
		return fmt.Errorf("--admin-listen: %w", err)
	}
	errLog := slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	srv := &http.Server{Handler: s.lim.Middleware(endpoint), ReadHeaderTimeout: 10 * time.Second, ErrorLog: errLog}
	admin := &http.Server{Handler: s.adminMux(reg), ReadHeaderTimeout: 10 * time.Second, ErrorLog: errLog}

	// The limiter outlives the listeners: after they have drained, its
	// context ends and Run makes its final flush.
	limCtx, cancelLim := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelLim()
	runDone := make(chan error, 1)
	go func() { runDone <- s.lim.Run(limCtx) }()
	serveErr := make(chan error, 2)
	go func() { serveErr <- srv.Serve(ln) }()
	go func() { serveErr <- admin.Serve(aln) }()

	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)

	upstream := ""
	if o.upstreamURL != nil {
		upstream = o.upstreamURL.Redacted()
	}
	s.ready.Store(true)
	log.Info("listening", "addr", ln.Addr().String(), "admin_addr", aln.Addr().String(),
		"token_path", o.tokenPath, "upstream", upstream, "policy", policySource(policyFile),
		"mode", s.lim.Policy().Defaults().Mode.String(), "store", storeKind, "instance", s.lim.Instance())

	var failed error
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case err := <-serveErr:
			failed = fmt.Errorf("serve: %w", err)
			break loop
		case <-hup:
			if err := s.reload(); err != nil {
				log.Error("policy reload failed", "err", err)
			}
		}
	}

	s.ready.Store(false)
	log.Info("shutting down", "timeout", o.shutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), o.shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("requests still in flight at the shutdown deadline", "err", err)
	}
	if err := admin.Shutdown(sctx); err != nil {
		log.Warn("admin shutdown incomplete", "err", err)
	}
	cancelLim()
	if err := <-runDone; err != nil {
		log.Error("final flush failed", "err", err)
	}
	log.Info("stopped")
	return failed
}

func policySource(file string) string {
	if file == "" {
		return "built-in"
	}
	return file
}

// reload re-reads the policy file; the limiter keeps the mode override.
func (s *server) reload() error {
	p, file, err := s.o.loadPolicy()
	if err != nil {
		return err
	}
	if err := s.lim.SetPolicy(p); err != nil {
		return err
	}
	s.log.Info("policy reloaded", "policy", policySource(file), "mode", s.lim.Policy().Defaults().Mode.String())
	return nil
}

func (s *server) adminMux(reg *prometheus.Registry) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if !s.ready.Load() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	})
	mux.HandleFunc("GET /admin/mode", func(w http.ResponseWriter, r *http.Request) {
		s.writeMode(w)
	})
	mux.HandleFunc("POST /admin/mode", func(w http.ResponseWriter, r *http.Request) {
		m, err := policy.ParseMode(r.FormValue("mode"))
		if err != nil {
			http.Error(w, "mode: "+err.Error(), http.StatusBadRequest)
			return
		}
		if err := s.lim.SetMode(m); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.log.Info("mode switched", "mode", m.String())
		s.writeMode(w)
	})
	mux.HandleFunc("DELETE /admin/mode", func(w http.ResponseWriter, r *http.Request) {
		if err := s.lim.ClearMode(); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		s.log.Info("mode override cleared", "mode", s.lim.Policy().Defaults().Mode.String())
		s.writeMode(w)
	})
	mux.HandleFunc("POST /admin/reload", func(w http.ResponseWriter, r *http.Request) {
		if err := s.reload(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.writeMode(w)
	})
	return mux
}

func (s *server) writeMode(w http.ResponseWriter) {
	p := s.lim.Policy()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"mode": p.Defaults().Mode.String(), "policy": p.Source()})
}

func demoClients(file string) (demo.Clients, error) {
	if file == "" {
		return demo.ParseClients("demo-clients.yaml (embedded)", embeddedDemoClients)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("--demo-clients (%s): %w", envName("demo-clients"), err)
	}
	c, err := demo.ParseClients(file, data)
	if err != nil {
		return nil, fmt.Errorf("--demo-clients (%s): %w", envName("demo-clients"), err)
	}
	return c, nil
}

// demoMux serves the demo token endpoint at tokenPath and a short help at /.
func demoMux(tokenPath string, ep http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case tokenPath:
			ep.ServeHTTP(w, r)
		case "/":
			fmt.Fprintf(w, "oauth-ratelimit demo token endpoint: POST %s (client_credentials, password).\nTry:\n  curl -i -u demo-service:demo-secret -d grant_type=client_credentials http://%s%s\n", tokenPath, r.Host, tokenPath)
		default:
			http.NotFound(w, r)
		}
	})
}

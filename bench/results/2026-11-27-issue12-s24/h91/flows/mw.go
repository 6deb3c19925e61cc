package main

// mwproxy: the README's "Use it as middleware" with AttributeIssued (as the
// proxy does), mounted on a bare httputil.ReverseProxy to Hydra, and the admin
// package on a loopback listener.

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

func mwproxy(policyFile, listen, adminListen, upstream string) error {
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	pol, err := policy.Load(policyFile)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	lim, err := oauthratelimit.New(oauthratelimit.Config{
		Policy:          pol,
		TokenPath:       "/oauth2/token",
		Registerer:      reg,
		Logger:          log,
		AttributeIssued: true,
	})
	if err != nil {
		return err
	}
	up, err := url.Parse(upstream)
	if err != nil {
		return err
	}
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(up)
		pr.Out.Host = pr.In.Host
		pr.SetXForwarded()
	}}
	mux := http.NewServeMux()
	mux.Handle("/", lim.Middleware(rp))
	adm, err := admin.New(admin.Config{Limiter: lim, LoopbackOnly: true, Gatherer: reg, Logger: log})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	runCtx, stopRun := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- lim.Run(runCtx) }()
	srv := &http.Server{Addr: listen, Handler: mux}
	internal := &http.Server{Addr: adminListen, Handler: adm}
	go srv.ListenAndServe()
	go internal.ListenAndServe()
	log.Info("mwproxy listening", "addr", listen, "admin", adminListen, "upstream", upstream)
	<-ctx.Done()
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv.Shutdown(sctx)
	internal.Shutdown(sctx)
	stopRun()
	err = <-ran
	lim.Close()
	return err
}

package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"flag"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// selfSigned makes a certificate for 127.0.0.1 and writes it (PEM) to certFile.
func selfSigned(certFile string) (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	if certFile != "" {
		os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
}

// serveBoth serves h on TLS (HTTP/1.1 and h2 by ALPN) and on cleartext
// (HTTP/1.1 and h2c with prior knowledge), until SIGTERM/SIGINT.
func serveBoth(h http.Handler, tlsAddr, h2cAddr, certFile string, readTimeout time.Duration, extra ...*http.Server) error {
	cert, err := selfSigned(certFile)
	if err != nil {
		return err
	}
	tlsSrv := &http.Server{Addr: tlsAddr, Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: readTimeout, IdleTimeout: time.Minute,
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}}}
	p := new(http.Protocols)
	p.SetHTTP1(true)
	p.SetUnencryptedHTTP2(true)
	h2cSrv := &http.Server{Addr: h2cAddr, Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: readTimeout, IdleTimeout: time.Minute, Protocols: p}
	errc := make(chan error, 2+len(extra))
	go func() { errc <- tlsSrv.ListenAndServeTLS("", "") }()
	go func() { errc <- h2cSrv.ListenAndServe() }()
	for _, s := range extra {
		go func() { errc <- s.ListenAndServe() }()
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	tlsSrv.Shutdown(sctx)
	h2cSrv.Shutdown(sctx)
	for _, s := range extra {
		s.Shutdown(sctx)
	}
	return nil
}

func proxyTo(u string) (*httputil.ReverseProxy, error) {
	up, err := url.Parse(u)
	if err != nil {
		return nil, err
	}
	return &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(up)
		pr.SetXForwarded()
	}}, nil
}

func mwMain(args []string) error {
	fs := flag.NewFlagSet("mw", flag.ExitOnError)
	tlsAddr := fs.String("tls", "127.0.0.1:23443", "")
	h2cAddr := fs.String("h2c", "127.0.0.1:23082", "")
	adminAddr := fs.String("admin", "127.0.0.1:23091", "")
	upstream := fs.String("upstream", "http://127.0.0.1:23001", "")
	direct := fs.Bool("direct", false, "the endpoint in-process instead of a ReverseProxy")
	epLog := fs.String("eplog", "", "with -direct: the endpoint's JSONL log")
	policyFile := fs.String("policy", "policy.yaml", "")
	certFile := fs.String("cert", "cert.pem", "")
	maxBody := fs.Int64("max-body", 0, "Config.MaxBodyBytes")
	readTimeout := fs.Duration("read-timeout", 10*time.Second, "")
	fs.Parse(args)
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	pol, err := policy.Load(*policyFile)
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	lim, err := oauthratelimit.New(oauthratelimit.Config{Policy: pol, Registerer: reg, Logger: log, AttributeIssued: !*direct, MaxBodyBytes: *maxBody})
	if err != nil {
		return err
	}
	var ep http.Handler
	if *direct {
		j, err := newJSONL(*epLog)
		if err != nil {
			return err
		}
		ep = &endpoint{log: j}
	} else if ep, err = proxyTo(*upstream); err != nil {
		return err
	}
	adm, err := admin.New(admin.Config{Limiter: lim, LoopbackOnly: true, Gatherer: reg, Logger: log})
	if err != nil {
		return err
	}
	amux := http.NewServeMux()
	amux.Handle("/", adm)
	amux.HandleFunc("/goroutines", func(w http.ResponseWriter, r *http.Request) {
		runtime.GC()
		fmt.Fprintln(w, runtime.NumGoroutine())
	})
	amux.HandleFunc("/stacks", func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, 1<<20)
		w.Write(b[:runtime.Stack(b, true)])
	})
	runCtx, stopRun := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- lim.Run(runCtx) }()
	fmt.Fprintln(os.Stderr, "mw on", *tlsAddr, *h2cAddr, "admin", *adminAddr, "direct", *direct)
	err = serveBoth(lim.Middleware(ep), *tlsAddr, *h2cAddr, *certFile, *readTimeout, &http.Server{Addr: *adminAddr, Handler: amux})
	stopRun()
	<-ran
	lim.Close()
	return err
}

func frontMain(args []string) error {
	fs := flag.NewFlagSet("front", flag.ExitOnError)
	tlsAddr := fs.String("tls", "127.0.0.1:23444", "")
	h2cAddr := fs.String("h2c", "127.0.0.1:23083", "")
	backend := fs.String("backend", "http://127.0.0.1:23080", "")
	certFile := fs.String("cert", "cert-front.pem", "")
	fs.Parse(args)
	rp, err := proxyTo(*backend)
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "front on", *tlsAddr, *h2cAddr, "to", *backend)
	return serveBoth(rp, *tlsAddr, *h2cAddr, *certFile, 30*time.Second)
}

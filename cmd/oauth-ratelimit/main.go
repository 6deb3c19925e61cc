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
	stdlog "log"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/admin"
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
	os.Exit(run(context.Background(), os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// run is main with its inputs passed in; it returns the exit code: 0 after
// a clean shutdown, --help or --version; 2 for bad flags, environment or
// files named by them (the policy, the demo clients), with a plain message
// on stderr; exitCountsNotStored (8) after a stop whose final flush left
// counts out of the store (logged: "final flush failed"); 1 for other
// errors, logged.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	o, err := parseOptions(args, getenv, stdout)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "oauth-ratelimit: %v\n", err)
		return 2
	}
	if o.version {
		fmt.Fprintln(stdout, versionString())
		return 0
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: o.level}))
	st, err := o.startup(ctx, log)
	if err != nil {
		fmt.Fprintf(stderr, "oauth-ratelimit: %v\n", err)
		return 2
	}
	return exitStatus(serve(ctx, o, st, log), log)
}

// exitStatus is run's exit code after serve returned err, which it logs
// unless serve has.
func exitStatus(err error, log *slog.Logger) int {
	var lost *syncer.FinalFlushError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &lost):
		return exitCountsNotStored // logged by serve: "final flush failed"
	}
	log.Error("server failed", "err", err)
	return 1
}

// exitCountsNotStored is the exit status of a server that stopped, on a
// signal, after a final flush that gave up with counts made here not in
// the store, as its ERROR line "final flush failed" says: not 0, so that
// a supervisor (systemd, Kubernetes, a deploy script) does not take the
// stop for a clean one, and not 1 or 2, a failure to start or to serve.
// 8: systemd names 0 to 7 after the LSB's codes ("3/NOTIMPLEMENTED"),
// and none from 8 to 63.
const exitCountsNotStored = 8

// startup holds what the server reads from files at start, before it logs
// anything: a problem there is the user's to fix, reported as a flag error.
type startup struct {
	policyFile string // "" for the built-in policy; decided once, see options.policyFile
	policyData []byte // the bytes it was parsed from
	policy     *policy.Policy
	endpoint   http.Handler // the demo token endpoint; nil with --upstream
	adminToken []byte       // of --admin-token-file; nil: none (loopback only)
	logUserKey []byte       // of --log-user-key-file; nil: none (a key per process)
	// store is the MongoDB store of --mongo-uri, nil without one. It is
	// created here, without connecting, so that a connection string the
	// driver refuses is reported as a flag error.
	store *mongostore.Store
	// ln and aln listen on --listen and --admin-listen: opened here, so
	// that an address another process holds is reported as a flag error
	// (it was a JSON log record and exit 1, after the store's client was
	// made: an outside audit, helper-66). serve closes them.
	ln, aln net.Listener
	// testStore, in tests only, is the store serve gives the limiter
	// without --mongo-uri, in place of its in-memory one (a store made to
	// fail at the final flush); nil in the binary.
	testStore syncer.Store
}

// startup reads the files the flags name and creates the store; log is
// only for the store's later messages, and ctx (run's) bounds the store's
// one wait, a mongodb+srv URI's DNS lookup. A signal during it ends the
// process as the default action does: serve's handlers are not set yet.
func (o *options) startup(ctx context.Context, log *slog.Logger) (*startup, error) {
	st := &startup{policyFile: o.policyFile(), policy: policy.Default()}
	tok, err := o.adminToken()
	if err != nil {
		return nil, err
	}
	st.adminToken = tok
	if st.logUserKey, err = o.logUserKey(); err != nil {
		return nil, err
	}
	if st.policyFile != "" {
		p, data, err := readPolicy(st.policyFile)
		if err != nil {
			return nil, fmt.Errorf("--policy (%s): %w", envName("policy"), err)
		}
		st.policy, st.policyData = p, data
	}
	if o.upstreamURL == nil {
		clients, err := demoClients(o.demoClients)
		if err != nil {
			return nil, err
		}
		st.endpoint = demoMux(o.tokenPath, demo.New(clients, nil))
	}
	if st.ln, err = net.Listen("tcp", o.listen); err != nil {
		return nil, fmt.Errorf("--listen (%s): %w", envName("listen"), err)
	}
	if st.aln, err = net.Listen("tcp", o.adminListen); err != nil {
		st.ln.Close()
		return nil, fmt.Errorf("--admin-listen (%s): %w", envName("admin-listen"), err)
	}
	if o.mongoURI != "" {
		// Last: nothing after it can fail and leave the client open.
		ms, err := mongostore.New(ctx, mongostore.Config{URI: o.mongoURI, Database: o.mongoDatabase, Logger: log})
		if err != nil {
			st.ln.Close()
			st.aln.Close()
			return nil, fmt.Errorf("--mongo-uri (%s): %w", envName("mongo-uri"), err)
		}
		st.store = ms
	}
	return st, nil
}

// versionString is what --version prints: the module version and the VCS
// revision the binary was built from, as the go command stamped them.
func versionString() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "oauth-ratelimit (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if rev == "" {
		rev = "unknown"
	}
	if when != "" {
		when = ", " + when
	}
	return fmt.Sprintf("oauth-ratelimit %s (revision %s%s%s, %s)", v, rev, when, modified, bi.GoVersion)
}

// server is the running process: the limiter, what reloads its policy and
// what it knows of the store.
// The global mode: POST /admin/mode sets it on every instance, through the
// store (Limiter.SetSharedMode); --mode is this process's own default
// (Limiter.SetMode), which the shared one beats; both last through
// reloads, and the policy file's mode applies only without either.
type server struct {
	o      *options
	log    *slog.Logger
	lim    *oauthratelimit.Limiter
	rel    *reloader
	health *storeHealth
	admin  *admin.Server // the admin API: its guard and endpoints
	ready  atomic.Bool
}

func serve(ctx context.Context, o *options, st *startup, log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// Closed on every return; after the servers' Shutdown, again: an
	// error no one reads.
	ln, aln := st.ln, st.aln
	defer ln.Close()
	defer aln.Close()

	s := &server{o: o, log: log}
	if st.policyFile == "" {
		d := st.policy.Defaults()
		log.Warn("no policy file: running the built-in policy (set --policy to choose the limits)",
			"mode", d.Mode.String(), "client", describeTiers(d.Client), "user", describeTiers(d.User))
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))

	store := st.testStore // nil: the limiter's in-memory store
	var ping func(context.Context) (string, error)
	s.health = newStoreHealth("memory", log, time.Now)
	if ms := st.store; ms != nil {
		defer func() {
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeCloseTimeout)
			defer cancel()
			if err := ms.Close(cctx); err != nil {
				log.Warn("mongodb close failed", "err", err)
			}
		}()
		s.health = newStoreHealth("mongodb", log, time.Now)
		store, ping = healthStore{Store: ms, health: s.health}, ms.Server
	}
	if err := s.health.register(reg); err != nil {
		return err
	}

	cfg := o.config()
	cfg.Policy, cfg.Store, cfg.Logger, cfg.Registerer = st.policy, store, log, reg
	cfg.LogUserKey = st.logUserKey
	endpoint := st.endpoint
	// The proxy's records of failed answers, in proxy mode.
	var proxyLog, unreachableLog *throttledLog
	if o.upstreamURL != nil {
		proxyLog = &throttledLog{log: log, msg: "upstream answer failed"}
		unreachableLog = &throttledLog{log: log, msg: "upstream unreachable"}
		// Proxy mode: the user of a user grant is read from the token the
		// upstream issued (its sub) when the request does not name it.
		cfg.AttributeIssued = true
		endpoint = &httputil.ReverseProxy{
			Rewrite:      proxyRewrite(o.upstreamURL, o.proxies),
			Transport:    upstreamTransport(o.upstreamTimeout),
			ErrorHandler: upstreamErrorHandler(unreachableLog),
			ModifyResponse: func(resp *http.Response) error {
				// Not a 101's body: the ReverseProxy writes to it (an
				// upgraded connection) and needs it as it is.
				if resp.StatusCode != http.StatusSwitchingProtocols && resp.Body != http.NoBody {
					resp.Body = newStallBody(resp.Body, o.upstreamTimeout)
				}
				return nil
			},
			ErrorLog: stdlog.New(proxyLog, "", 0),
		}
	}
	if o.clockTick > 0 {
		// Stopped after the limiter's final flush: defers run last first.
		clk, err := oauthratelimit.NewCoarseClock(o.clockTick)
		if err != nil {
			return fmt.Errorf("--clock-tick: %w", err)
		}
		defer clk.Stop()
		cfg.Now, cfg.Steps = clk.Now, clk.Steps
	}
	var err error
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

	// s.rel is set below, before the listeners.
	s.admin, err = admin.New(admin.Config{Limiter: s.lim, Token: st.adminToken, LoopbackOnly: st.adminToken == nil, Logger: log,
		Gatherer: reg, Reload: s.adminReload, Ready: s.readyz, Store: s.storeStatus,
		PolicyFile: func() admin.PolicyFileState { return s.rel.state() }})
	if err != nil {
		return err
	}

	rm, err := newReloadMetrics(reg)
	if err != nil {
		return err
	}
	s.rel = newReloader(st.policyFile, st.policy, st.policyData, s.lim, log, rm, time.Now())

	errLog := slog.NewLogLogger(log.Handler(), slog.LevelWarn)
	// A client that sends its request slowly, or keeps a connection idle,
	// holds a goroutine and a socket for no longer than these.
	srv := &http.Server{Handler: s.lim.Middleware(endpoint), ReadHeaderTimeout: min(10*time.Second, o.readTimeout), ReadTimeout: o.readTimeout, IdleTimeout: o.idleTimeout, ErrorLog: errLog}
	// Every request's context is cancelled at the shutdown deadline (below).
	reqBase, cutRequests := context.WithCancelCause(context.Background())
	defer cutRequests(nil)
	srv.BaseContext = func(net.Listener) context.Context { return reqBase }
	// Drained at the stop until its last request is answered.
	srvEnd := newDrain(srv)
	// The admin calls are refused from the end of the requests' drain on;
	// the probes and /metrics are served until after the final flush.
	gate := newAdminGate(s.admin)
	adminSrv := &http.Server{Handler: gate, ReadHeaderTimeout: min(10*time.Second, o.readTimeout), ReadTimeout: o.readTimeout, IdleTimeout: o.idleTimeout, ErrorLog: errLog}
	// Closed after the final flush as soon as its last request is answered.
	adminEnd := newDrain(adminSrv)

	// The runtime overrides shared through the store, before serving, if
	// the store answers soon: otherwise the first pull brings them.
	octx, cancelO := context.WithTimeout(ctx, overridesStartTimeout)
	if err := s.lim.LoadOverrides(octx); err != nil {
		log.Warn("runtime overrides not read at start; the first pull that reaches the store will read them", "err", err)
	}
	cancelO()
	// The live instances, before serving, within the same bound: a key new
	// to this process is then shared among them from its first request,
	// not admitted as if no other instance counted it until the first
	// heartbeat (Limiter.BeatOnce). Only with a store: without one there
	// are no other instances.
	if o.mongoURI != "" {
		bctx, cancelB := context.WithTimeout(ctx, overridesStartTimeout)
		if err := s.lim.BeatOnce(bctx); err != nil {
			log.Warn("heartbeat not written at start; keys new to this instance are shared among the live instances from the first heartbeat that lands", "err", err)
		}
		cancelB()
	}

	// The limiter outlives the listeners: after they have drained, its
	// context ends and Run makes its final flush.
	limCtx, cancelLim := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelLim()
	runDone := make(chan error, 1)
	go func() { runDone <- s.lim.Run(limCtx) }()
	serveErr := make(chan error, 2)
	go func() { serveErr <- srvEnd.Serve(ln) }()
	go func() { serveErr <- adminEnd.Serve(aln) }()
	// The watcher and the pinger end with ctx; nothing waits for them.
	if st.policyFile != "" && o.policyWatch {
		if watch, err := s.rel.watchPolicy(policyWatchDebounce); err != nil {
			log.Error("policy file not watched: reload it with SIGHUP or POST /admin/reload", "err", err)
		} else {
			go watch(ctx)
		}
	}
	if ping != nil {
		go s.health.pingLoop(ctx, ping, max(o.syncInterval, storePingTimeout))
	}

	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)

	upstream := ""
	if o.upstreamURL != nil {
		upstream = o.upstreamURL.Redacted()
	}
	if p, ok := o.proxies.everyAddress(); ok {
		log.Warn("--trusted-proxies trusts every address: any client that reaches the limiter sets the X-Forwarded-* and Forwarded headers the upstream gets; list the load balancers' addresses instead",
			"entry", p.String())
	}
	if o.shutdownCutsUpstream() {
		log.Warn("--shutdown-timeout is not above --upstream-timeout: a stop cuts the requests still waiting for the upstream at its deadline (503), which the upstream may answer yet and issue a token that no count holds; set --shutdown-timeout above --upstream-timeout",
			"shutdown_timeout", o.shutdownTimeout.String(), "upstream_timeout", o.upstreamTimeout.String())
	}
	logUsers := "user_hmac, key of --log-user-key-file"
	switch {
	case o.logUserNames:
		logUsers = "user, in clear"
	case st.logUserKey == nil:
		logUsers = "user_hmac, key of this process"
		if o.mongoURI != "" {
			// Instances that share a store are a fleet, whose logs an
			// operator reads together: without one key, each names a
			// user otherwise, and again after each restart.
			log.Warn("the dry-run log's user pseudonyms (user_hmac) are keyed by this process alone: another instance, or this one restarted, names the same user otherwise; give every instance one key with --log-user-key-file",
				"env", envName("log-user-key-file"))
		}
	}
	s.ready.Store(true)
	log.Info("listening", "addr", ln.Addr().String(), "admin_addr", aln.Addr().String(),
		"admin_token", st.adminToken != nil, "log_users", logUsers, "token_path", o.tokenPath, "upstream", upstream, "trusted_proxies", o.proxies.String(), "policy", st.policy.Source(),
		"mode", s.lim.Policy().Defaults().Mode.String(), "store", s.health.kind, "database", o.mongoDatabase, "instance", s.lim.Instance())

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
			if _, _, err := s.rel.reload("SIGHUP", false); errors.Is(err, errBuiltinPolicy) {
				log.Warn("policy reload requested, nothing to reload", "err", err)
			} // any other error is logged by reload
		}
	}

	s.ready.Store(false)
	log.Info("shutting down", "timeout", o.shutdownTimeout.String())
	stopServers(context.WithoutCancel(ctx), srvEnd, gate, o.shutdownTimeout,
		func() { cutRequests(errShutdownCut) }, func() { gate.cutCalls(errAdminCut) }, log)
	if proxyLog != nil { // the records left out since the last of each
		proxyLog.close()
		unreachableLog.close()
	}
	cancelLim()
	runErr := <-runDone
	if runErr != nil {
		var lost *syncer.FinalFlushError
		if errors.As(runErr, &lost) {
			log.Error("final flush failed", "err", runErr, "never_written", lost.NeverWritten, "unknown", lost.Unknown, "keys", lost.Keys)
		} else {
			log.Error("final flush failed", "err", runErr)
		}
	}
	closeAdmin(context.WithoutCancel(ctx), adminEnd, log)
	log.Info("stopped")
	if failed == nil && runErr != nil {
		return fmt.Errorf("stop: %w", runErr)
	}
	return failed
}

// closeAdmin closes the admin listener after the final flush (adminSrv,
// a drain), with up to adminShutdownTimeout for the scrapes and
// probes it is answering to end; those still in flight then are cut:
// their connections closed (adminSrv's Close), which cancels a GET's
// context, as its client's going away does. Closed before the final
// flush, as it was until 2026-11-28, it hid the flush: nothing could
// scrape what the syncer counts of it
// (oauth_ratelimit_sync_final_flush_unwritten_*), and a probe got
// connection refused while the process still ran. The admin calls in
// flight are cut sooner, at their drain's deadline (stopServers); at this
// one only the probes and /metrics can be. Until 2026-11-28 the cut here
// cancelled a context of the admin listener's own, which serve handed
// every admin request, and left the connections open: none of the
// handlers that can still run here reads its context, so no test could
// tell that cut from none, nor from the same context cancelled at the
// admin calls' deadline in place of their own cut (helper-181's mutant
// X8); it is gone, and the cut is closeAdmin's own, not a function serve
// hands it, so a test of closeAdmin sees it.
func closeAdmin(ctx context.Context, adminSrv closer, log *slog.Logger) {
	actx, cancel := context.WithTimeout(ctx, adminShutdownTimeout)
	defer cancel()
	if err := adminSrv.Shutdown(actx); err != nil {
		adminSrv.Close()
		log.Warn("admin listener closed with requests in flight: cut", "err", err)
	}
}

// shutdowner is a server stopServers stops: a drain.
type shutdowner interface {
	Shutdown(context.Context) error
}

// closer is a server closeAdmin stops: a drain, whose Close cuts what
// Shutdown left.
type closer interface {
	shutdowner
	Close() error
}

// drain is the stop of a listener's server, the token endpoint's
// (stopServers) and the admin listener's (closeAdmin): srv's own Shutdown,
// which stops accepting, closes the idle connections and serves no request
// read from then on, except that it ends as soon as the last request being
// answered has its answer, followed through srv's ConnState hook (track),
// and then closes the connections that carry none. Shutdown alone ended
// only when every connection was idle, which it checks at intervals that
// double up to half a second, so it ended up to half a second late; and
// it counted a connection that had sent no request (a load balancer's TCP
// health check, a client slow to send) as busy until it was 5 to 6
// seconds old, though it would not serve that connection's request: a
// stop with such a connection open on the token port took 5.3 to 5.9 s in
// place of 0.02 to 0.05 (helper-182, 6 stops of each), and one on the
// admin port held the stop behind a store that does not answer a second
// more (helper-181).
type drain struct {
	srv *http.Server
	// serving counts the connections that are answering a request (its
	// headers read, its body perhaps still coming): from StateActive to
	// their next state, once the answer is written. A count and a flag
	// on each connection (drainConn), not a set of connections under a
	// lock: the hook runs twice on every request, and a map and a mutex
	// cost that request 693 instructions where these cost it 60
	// (helper-183, bench/instructions.sh).
	serving atomic.Int64
	shut    atomic.Bool   // srv's Shutdown has begun (begin)
	once    sync.Once     // closes idle
	idle    chan struct{} // closed once shut and serving is 0
}

// newDrain sets srv's ConnState hook and registers its begin; srv serves
// through the drain's Serve.
func newDrain(srv *http.Server) *drain {
	d := &drain{srv: srv, idle: make(chan struct{})}
	srv.ConnState = d.track
	srv.RegisterOnShutdown(d.begin)
	return d
}

// Serve is srv's Serve on ln, each connection a drainConn, which track
// needs. ln is a plain listener: a TLS one's connections wrapped would be
// served as plain ones (net/http looks for a *tls.Conn), and serve serves
// no TLS.
func (d *drain) Serve(ln net.Listener) error {
	return d.srv.Serve(drainListener{ln})
}

// drainListener is a drain's listener: its connections are drainConns.
type drainListener struct{ net.Listener }

func (l drainListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &drainConn{Conn: c}, nil
}

// drainConn is a connection of a drain's listener. active is track's
// alone, and needs no lock: net/http calls the hook for one connection
// from one goroutine at a time (StateNew before the connection's
// goroutine starts, the others in it, or in its handler's at a hijack).
// It passes on CloseWrite, which net/http looks for on a *net.TCPConn:
// answering a request it will not read to its end (a 431, a body over
// 256 KiB left unread), it closes the sending side at once, half a second
// before the close (TestDrainPassesOnCloseWrite).
type drainConn struct {
	net.Conn
	active bool // answering a request: from StateActive to its next state
}

func (c *drainConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errors.ErrUnsupported
}

// track is srv's ConnState hook. serving is counted down before shut is
// read, and begin sets shut before it reads serving: of a last request's
// end and the Shutdown's beginning, whichever comes second sees the
// other, so that one closes idle.
func (d *drain) track(c net.Conn, st http.ConnState) {
	dc := c.(*drainConn) // every connection: srv serves through d.Serve
	switch {
	case st == http.StateActive:
		dc.active = true
		d.serving.Add(1)
	case dc.active:
		dc.active = false
		if d.serving.Add(-1) == 0 && d.shut.Load() {
			d.once.Do(func() { close(d.idle) })
		}
	}
}

// begin runs once srv's Shutdown has begun: a connection that becomes
// active from then on serves no request (net/http's conn.serve returns
// once it has read one, the connection closed unanswered), so serving
// counts every request that will still be answered.
func (d *drain) begin() {
	d.shut.Store(true)
	if d.serving.Load() == 0 {
		d.once.Do(func() { close(d.idle) })
	}
}

// Close closes srv's listener and every connection at once.
func (d *drain) Close() error { return d.srv.Close() }

// Shutdown runs srv's Shutdown until no request is being answered, then
// closes every connection left (none carries a request it answers), or
// until ctx is done (its error then, the connections left as they are).
// The caller ends ctx when it returns, and with it srv's Shutdown.
func (d *drain) Shutdown(ctx context.Context) error {
	ended := make(chan error, 1)
	go func() { ended <- d.srv.Shutdown(ctx) }()
	select {
	case <-d.idle:
		d.srv.Close() // the listener's error again: nothing to say
		return nil
	case err := <-ended:
		return err
	}
}

// stopServers stops the token endpoint's listener and the admin calls at
// the end of serve, before the final flush, one after the other; ctx
// carries no cancellation. srv, the token endpoint's (and the proxy's),
// drains its requests for up to timeout (--shutdown-timeout); adminSrv
// (the adminGate) serves meanwhile (/readyz answers 503, /metrics answers
// as before), and then refuses the admin calls and drains those in flight
// for up to adminShutdownTimeout, a deadline of its own: given srv's,
// which a drain that ran out has spent, it cut an admin call in flight
// then at once. The admin calls still in flight at that deadline have
// their contexts cancelled (cutAdmin), as the token endpoint's requests at
// theirs (cut). The probes and /metrics are served on, through the final
// flush, until closeAdmin.
func stopServers(ctx context.Context, srv, adminSrv shutdowner, timeout time.Duration, cut, cutAdmin func(), log *slog.Logger) {
	sctx, cancel := context.WithTimeout(ctx, timeout)
	err := srv.Shutdown(sctx)
	cancel()
	if err != nil {
		// The requests still in flight have their contexts cancelled
		// now (cut), so that each ends before the final flush, as a
		// request does whose client goes away: the
		// proxy's upstream call is abandoned, an answer whose status is in
		// hand is cut and settled by it (a 2xx counted), one without is
		// refused (nothing counted). Left to the process's exit, a token
		// issued and passed on with its status (the client had its 200)
		// was in no count (an outside run, h111: an upstream that sent 200
		// and stalled its body, SIGTERM, 5 tokens issued, none counted),
		// and --upstream-timeout may outlast --shutdown-timeout (the
		// defaults did then, 30 s and 10 s; see shutdownCutsUpstream),
		// and does not bound a body that keeps coming.
		cut()
		gctx, gcancel := context.WithTimeout(ctx, shutdownCutGrace)
		err2 := srv.Shutdown(gctx)
		gcancel()
		// all_ended false: a handler that does not heed its context is
		// left, cut when the process exits; the final flush says what
		// such requests had reserved.
		log.Warn("requests still in flight at the shutdown deadline: cut", "err", err, "all_ended", err2 == nil)
	}
	actx, acancel := context.WithTimeout(ctx, adminShutdownTimeout)
	defer acancel()
	if err := adminSrv.Shutdown(actx); err != nil {
		// Cut, not left to run until the process exits: an admin call
		// waiting on the store is no reason to hold the final flush, and
		// a reset does (it holds the syncer's lock for all its round
		// trips, up to admin.ResetTimeout, 15 s, while the final flush's
		// --final-flush-timeout runs: syncer's
		// TestResetInFlightHoldsTheFinalFlush, the final flush failed
		// behind a store a second late). A reset cut answers that it
		// may not have landed (ErrResetUnknown) or did not
		// (ErrResetNotDone).
		cutAdmin()
		log.Warn("admin shutdown incomplete", "err", err, "admin_calls_cut", true)
	}
}

// errAdminCut is the cause of the cancellation of the admin calls still in
// flight at the admin listener's drain deadline.
var errAdminCut = errors.New("the server shut down before the admin call ended: call cut")

// adminShutdownTimeout bounds each of the admin listener's two drains:
// its admin calls', after the token endpoint's (stopServers), and its
// scrapes' and probes', after the final flush (closeAdmin). A /metrics
// scrape or a /readyz takes milliseconds; an admin call waiting on a
// store that does not answer is not waited for.
const adminShutdownTimeout = time.Second

// shutdownCutGrace bounds the wait, after the shutdown deadline, for the
// requests cut then to end (each ends as soon as its context's
// cancellation reaches it; on loopback, in well under a millisecond).
const shutdownCutGrace = time.Second

// errShutdownCut is the cause of the cancellation of the requests still in
// flight at the shutdown deadline.
var errShutdownCut = errors.New("the server shut down before the upstream answered in full: request cut")

// overridesStartTimeout bounds the read of the runtime overrides before
// the server serves: long enough for a store that answers, short enough
// that a store that is down delays the start by little (the first pull
// then reads them).
const overridesStartTimeout = 2 * time.Second

// storeCloseTimeout bounds the store's disconnection, the last step of a
// shutdown: after the final flush it only ends the server's sessions, and
// with the store down it waited 5 s for nothing (an outside audit: SIGTERM
// to exit took 10.2 s, where the README's grace advice counted 5).
const storeCloseTimeout = time.Second

// adminReload is POST /admin/reload: the policy file reloaded, as SIGHUP
// does.
func (s *server) adminReload() ([]slog.Attr, error) {
	_, rl, err := s.rel.reload("POST /admin/reload", false)
	if errors.Is(err, errBuiltinPolicy) {
		return nil, fmt.Errorf("%w: %w", admin.ErrNothingToReload, err)
	}
	if err != nil {
		return nil, err
	}
	return rl.attrs(), nil
}

// readyz answers 200 while the server serves, with the store's state in
// the body: an unreachable store does not stop decisions (they go on from
// memory), so it makes the instance unready only with --require-store.
//
// The body also says whether the outage modes apply (outage.down: no
// heartbeat has reached the store for --outage-after), which the store's
// state does not tell: that is the state of the last call, and a store
// that answers the pings (or the reads) while the heartbeats' writes hang
// says "ok" (h95, twenty-fourth session: a FerretDB whose PostgreSQL
// answers while writes wait on a lock). oauth_ratelimit_store_outage
// exports the same.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	st := s.health.status()
	var out *outageStatus
	if s.lim != nil {
		o := s.lim.Outage()
		out = &outageStatus{Down: o.Down, Contact: o.Contact}
	}
	ready, reason := s.ready.Load(), ""
	switch {
	case !ready:
		reason = "not serving (starting or shutting down)"
	case s.o.requireStore && st.State != storeOK:
		ready, reason = false, "--require-store: the store has not answered (state "+string(st.State)+")"
	case out != nil && out.Down:
		reason = "no heartbeat has reached the store for --outage-after: deciding from this instance's memory, under the outage limits"
	case st.State != storeOK:
		reason = "the store does not answer: deciding from this instance's memory"
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !ready {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	json.NewEncoder(w).Encode(struct {
		Ready  bool          `json:"ready"`
		Reason string        `json:"reason,omitempty"`
		Store  storeStatus   `json:"store"`
		Outage *outageStatus `json:"outage,omitempty"`
	}{ready, reason, st, out})
}

// outageStatus is the outage part of /readyz (syncer.Outage).
type outageStatus struct {
	// Down: no heartbeat has reached the store for --outage-after, and
	// the policy's outage modes apply.
	Down bool `json:"down"`
	// Contact is when a heartbeat last reached the store (when it was
	// sent), or the start if none has.
	Contact time.Time `json:"contact"`
}

// upstreamTransport is the proxy's transport to --upstream: the settings
// of http.DefaultTransport (its dial, TLS handshake and 90 s idle
// timeouts, HTTP/2 attempted, gzip asked for), timeout as
// ResponseHeaderTimeout, and as many idle connections kept to the one
// upstream host as DefaultTransport keeps to all hosts together (100),
// where it keeps 2 a host. With 2, every answer past the second of those
// in flight closed its connection and a later request dialled a new one:
// at 16 requests in flight (wrk, loopback) 0.57 connections were opened a
// request, which took the proxy 1.34-1.44 times the instructions a request
// it takes with 100, and left a socket in TIME_WAIT for each, a minute
// long, on the proxy's ephemeral ports (BENCHMARKS.md, "Proxy mode").
func upstreamTransport(timeout time.Duration) *http.Transport {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = timeout
	tr.MaxIdleConnsPerHost = tr.MaxIdleConns
	return tr
}

// stallBody is an upstream answer's body that is closed when a Read of it
// has waited --upstream-timeout for the upstream, which fails that Read:
// the ReverseProxy then aborts the answer to the client, and the limiter
// settles the request by the status it had (a 2xx counts: the token was
// issued). The transport's ResponseHeaderTimeout bounds only the wait for
// the status and headers; an upstream that sent them and then stopped
// sending its body, its connection open, held the request, both
// connections and the request's reservation until the client gave up, and
// for good for a client without a timeout (an outside audit, h93). Only
// the time spent waiting on the upstream counts, Read by Read: a body that
// keeps coming, however slowly, is never cut, nor one that a slow client
// takes long to receive (the proxy does not read while it writes).
//
// What it costs: 1.5-2.1k instructions a proxied token request, about 1 %
// of the 171-181k the proxy takes (cachegrind, GOGC=off,
// bench/cmd/benchserver/instructions.sh: fixed +1.5k and +1.8k in two
// runs, demo +2.1k): the timer, its allocation and its two operations a
// Read. One timer per answer that re-arms itself when it fires, the Reads
// only storing when they started, measured the same (fixed +1.6k, demo
// +1.7k), with a lock and more to get wrong.
type stallBody struct {
	rc      io.ReadCloser
	timer   *time.Timer // closes rc; armed during each Read only
	timeout time.Duration
	stalled atomic.Bool
}

// errUpstreamStalled is the Read error of a body cut by its stallBody.
var errUpstreamStalled = errors.New("the upstream sent no byte of its answer's body for --upstream-timeout: answer cut")

func newStallBody(rc io.ReadCloser, timeout time.Duration) *stallBody {
	return &stallBody{rc: rc, timeout: timeout}
}

func (b *stallBody) Read(p []byte) (int, error) {
	if b.timer == nil {
		// The transport's body may be closed while a Read is under way:
		// that is how net/http's own cancellation ends one.
		b.timer = time.AfterFunc(b.timeout, func() {
			b.stalled.Store(true)
			b.rc.Close()
		})
	} else {
		b.timer.Reset(b.timeout)
	}
	n, err := b.rc.Read(p)
	b.timer.Stop()
	if err != nil && err != io.EOF && b.stalled.Load() {
		err = errUpstreamStalled
	}
	return n, err
}

func (b *stallBody) Close() error {
	if b.timer != nil {
		b.timer.Stop()
	}
	return b.rc.Close()
}

// throttledLog writes the proxy's records of failed answers, at WARN under
// msg, at most once a second, each with the count of those left out since
// the last record (suppressed_before). Two write through one: the
// ReverseProxy's ErrorLog ("upstream answer failed", Write), which logs
// every answer whose body fails while it copies it (an upstream that cuts
// its answers, stalls them or sends a broken gzip stream: at one record a
// request, an outside run (h93) logged 440 WARN lines over 6,000
// requests), and upstreamErrorHandler ("upstream unreachable", add), which
// an upstream that is down fails every request through.
//
// The records left out after the last one written are reported too: the
// first one left out arms a timer for a second after that record, which
// writes the last one left out with the count of those before it; and
// close, at shutdown, writes what is left then. Reported only by the next
// record, as they were, a burst that ended lost up to a second of count
// for good (helper-95), and upstreamErrorHandler counted none. One timer
// for the log, armed only while records wait, and no goroutine while it
// waits (time.AfterFunc): every record written is one the proxy made, and
// those made are the records written plus their suppressed_before.
type throttledLog struct {
	log *slog.Logger
	msg string // constant (STYLE.md 11): what varies goes in the attributes
	// mu: the proxy logs from every request's goroutine, and the timer
	// fires on one of its own.
	mu         sync.Mutex
	last       time.Time   // of the last record written; zero: none yet
	suppressed int         // records left out since it
	args       []any       // the last of them
	timer      *time.Timer // armed while records are left out; nil otherwise
	gen        int         // counts the timers armed, so that one stopped too late does nothing
	closed     bool        // close ran: every record is written at once
}

// Write is the ReverseProxy's ErrorLog: the proxy's line goes under err.
func (t *throttledLog) Write(p []byte) (int, error) {
	t.add("err", strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// add writes a record of args, or leaves it out if the last was written
// less than a second ago, unless close ran.
func (t *throttledLog) add(args ...any) {
	now := time.Now()
	t.mu.Lock()
	if !t.closed && !t.last.IsZero() && now.Sub(t.last) < time.Second {
		t.suppressed++
		t.args = args
		if t.timer == nil {
			t.gen++
			gen := t.gen
			t.timer = time.AfterFunc(t.last.Add(time.Second).Sub(now), func() { t.fire(gen) })
		}
		t.mu.Unlock()
		return
	}
	n := t.take(now)
	t.mu.Unlock()
	t.record(args, n)
}

// take starts a record at now (t.mu held): it disarms the timer and returns
// the count of the records left out before it.
func (t *throttledLog) take(now time.Time) int {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	n := t.suppressed
	t.last, t.suppressed, t.args = now, 0, nil
	return n
}

// record writes a record of args, with the count of those left out before
// it.
func (t *throttledLog) record(args []any, suppressedBefore int) {
	t.log.Warn(t.msg, append(args, "suppressed_before", suppressedBefore)...)
}

// fire writes the last record left out since the last one written, unless
// the timer gen was disarmed in the meantime (by a record, or close).
func (t *throttledLog) fire(gen int) {
	t.mu.Lock()
	if gen != t.gen || t.timer == nil {
		t.mu.Unlock()
		return
	}
	t.timer = nil
	t.flushLocked()
}

// close writes the records left out since the last one written, at
// shutdown, at once: the process may exit before the timer fires. So may
// it before a timer armed after close fires: a request still in flight
// at the shutdown deadline (srv.Shutdown returns, its handler runs on)
// may fail after it, and each record from then on is written at once.
func (t *throttledLog) close() {
	t.mu.Lock()
	t.closed = true
	t.gen++ // a timer that fires from now on does nothing
	t.flushLocked()
}

// flushLocked writes the last record left out, if any, with the count of
// those before it, and unlocks t.mu.
func (t *throttledLog) flushLocked() {
	if t.suppressed == 0 {
		t.take(t.last)
		t.mu.Unlock()
		return
	}
	args, n := t.args, t.suppressed-1
	t.take(time.Now())
	t.mu.Unlock()
	t.record(args, n)
}

// upstreamErrorHandler answers a request the upstream did not answer (it
// is down, refuses the connection or times out) as an OAuth server answers
// an error, RFC 6749 section 5.2 style, so that clients parse it as one;
// the limiter then takes the request's reservation back (not 2xx). Logged
// through unreachable (at most once a second, with the count of those left
// out): an upstream outage fails every request.
//
// A request whose client went away first is answered too, unlogged: the
// answer is lost if the client has gone, but one that only closed its
// sending side (net/http cancels the request then too) reads it, where,
// answered nothing, it got net/http's empty 200 with no token (an outside
// audit).
func upstreamErrorHandler(unreachable *throttledLog) func(http.ResponseWriter, *http.Request, error) {
	return func(w http.ResponseWriter, r *http.Request, err error) {
		status, desc := http.StatusBadGateway, "the OAuth server behind the rate limiter did not answer; try again later"
		var ne net.Error
		switch {
		case errors.Is(context.Cause(r.Context()), errShutdownCut):
			status, desc = http.StatusServiceUnavailable, "the rate limiter shut down before the OAuth server answered; try again"
		case errors.Is(err, context.Canceled) && r.Context().Err() != nil:
			desc = "the request was cancelled before the OAuth server answered: the client closed its connection, or its sending side"
		case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout(): // --upstream-timeout, or a dial's
			status = http.StatusGatewayTimeout
			fallthrough
		default:
			unreachable.add("path", r.URL.Path, "err", err)
		}
		h := w.Header()
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "no-store")
		h.Set("Pragma", "no-cache")
		w.WriteHeader(status)
		io.WriteString(w, `{"error":"temporarily_unavailable","error_description":"`+desc+`"}`+"\n")
	}
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

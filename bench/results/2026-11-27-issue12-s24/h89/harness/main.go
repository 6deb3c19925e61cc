// Command h89harness: helper h89's outside harness for crash/restart/shared-ID
// drills of oauth-ratelimit server processes on FerretDB.
//
//	proxy: a serializing MongoDB wire proxy (storetest.WireProxy) in front of
//	       FerretDB, behind a TCP relay that can be cut (refuse or hang) through a
//	       small HTTP control listener.
//	load:  bounded steady token requests to several instances, one log line per
//	       request (exact: start/end ns, target, client, user, status).
//	dump:  the counters documents (sum of the 1h frames per key), heartbeats, tiers.
//	check: per key, tokens admitted in the log against the store's 1h frames.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func main() {
	if len(os.Args) < 2 {
		log.Fatal("usage: h89harness proxy|load|dump|check ...")
	}
	switch os.Args[1] {
	case "proxy":
		proxyCmd(os.Args[2:])
	case "load":
		loadCmd(os.Args[2:])
	case "dump":
		dumpCmd(os.Args[2:])
	case "check":
		checkCmd(os.Args[2:])
	case "kill":
		killCmd(os.Args[2:])
	case "drop":
		dropCmd(os.Args[2:])
	default:
		log.Fatalf("unknown command %q", os.Args[1])
	}
}

// ---- proxy ----------------------------------------------------------------

// fakeTB lets storetest.NewWireProxy run outside a test.
type fakeTB struct {
	testing.TB
	mu       sync.Mutex
	cleanups []func()
}

func (f *fakeTB) Helper()                        {}
func (f *fakeTB) Fatal(args ...any)              { log.Fatal(args...) }
func (f *fakeTB) Fatalf(format string, a ...any) { log.Fatalf(format, a...) }
func (f *fakeTB) Logf(format string, a ...any)   { log.Printf(format, a...) }
func (f *fakeTB) Cleanup(fn func())              { f.mu.Lock(); f.cleanups = append(f.cleanups, fn); f.mu.Unlock() }

// relay is a TCP relay that can be cut: "down" closes the listener and every
// connection (connection refused), "hang" keeps accepting but forwards
// nothing (a black hole), "up" restores.
type relay struct {
	listen, upstream string
	mu               sync.Mutex
	state            string
	delay            time.Duration // added before forwarding each chunk, both ways
	ln               net.Listener
	conns            map[net.Conn]struct{}
}

func (r *relay) start() error {
	ln, err := net.Listen("tcp", r.listen)
	if err != nil {
		return err
	}
	r.ln = ln
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go r.serve(c)
		}
	}()
	return nil
}

func (r *relay) track(c net.Conn, add bool) {
	r.mu.Lock()
	if add {
		r.conns[c] = struct{}{}
	} else {
		delete(r.conns, c)
	}
	r.mu.Unlock()
}

func (r *relay) serve(c net.Conn) {
	r.track(c, true)
	defer r.track(c, false)
	defer c.Close()
	u, err := net.DialTimeout("tcp", r.upstream, 5*time.Second)
	if err != nil {
		return
	}
	r.track(u, true)
	defer r.track(u, false)
	defer u.Close()
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn, replies bool) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if n > 0 {
				for {
					r.mu.Lock()
					st := r.state
					r.mu.Unlock()
					if st != "hang" {
						break
					}
					time.Sleep(20 * time.Millisecond)
				}
				r.mu.Lock()
				d := r.delay
				r.mu.Unlock()
				time.Sleep(d)
				r.mu.Lock()
				deaf := replies && r.state == "deaf"
				r.mu.Unlock()
				if deaf {
					// the server's answer is dropped: the command ran,
					// its answer is lost on the way back
					continue
				}
				if _, werr := dst.Write(buf[:n]); werr != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		done <- struct{}{}
	}
	go pipe(u, c, false)
	go pipe(c, u, true)
	<-done
}

func (r *relay) set(state string) {
	r.mu.Lock()
	prev := r.state
	r.state = state
	r.mu.Unlock()
	switch {
	case state == "down" && prev != "down":
		r.ln.Close()
		r.mu.Lock()
		for c := range r.conns {
			c.Close()
		}
		r.mu.Unlock()
	case state != "down" && prev == "down":
		for {
			if err := r.start(); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	log.Printf("relay %s %s -> %s", r.listen, prev, state)
}

func proxyCmd(args []string) {
	fs := flag.NewFlagSet("proxy", flag.ExitOnError)
	upstream := fs.String("upstream", "", "FerretDB host:port")
	front := fs.String("listen", "127.0.0.1:24101,127.0.0.1:24103,127.0.0.1:24104,127.0.0.1:24105,127.0.0.1:24106", "relay addresses the servers dial (one each)")
	ctl := fs.String("ctl", "127.0.0.1:24102", "control listener: POST /down, /hang, /up; GET /commands")
	fs.Parse(args)
	tb := &fakeTB{}
	wp := storetest.NewWireProxy(tb, *upstream, true)
	relays := map[string]*relay{}
	for _, a := range strings.Split(*front, ",") {
		r := &relay{listen: a, upstream: wp.Addr(), state: "up", conns: map[net.Conn]struct{}{}}
		if err := r.start(); err != nil {
			log.Fatal(err)
		}
		_, port, _ := net.SplitHostPort(a)
		relays[port] = r
	}
	mux := http.NewServeMux()
	get := func(w http.ResponseWriter, req *http.Request) *relay {
		r := relays[req.PathValue("port")]
		if r == nil {
			http.Error(w, "no such relay", 404)
		}
		return r
	}
	for _, st := range []string{"down", "hang", "deaf", "up"} {
		mux.HandleFunc("POST /{port}/"+st, func(w http.ResponseWriter, req *http.Request) {
			if r := get(w, req); r != nil {
				r.set(st)
				fmt.Fprintln(w, st)
			}
		})
	}
	mux.HandleFunc("POST /{port}/delay", func(w http.ResponseWriter, req *http.Request) {
		if r := get(w, req); r != nil {
			ms, _ := strconv.Atoi(req.FormValue("ms"))
			r.mu.Lock()
			r.delay = time.Duration(ms) * time.Millisecond
			r.mu.Unlock()
			log.Printf("relay %s delay %dms", r.listen, ms)
		}
	})
	mux.HandleFunc("GET /commands", func(w http.ResponseWriter, _ *http.Request) { json.NewEncoder(w).Encode(wp.Commands()) })
	go func() { log.Fatal(http.ListenAndServe(*ctl, mux)) }()
	log.Printf("serial wire proxy %s -> %s; relays %s; control %s", wp.Addr(), *upstream, *front, *ctl)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
	for _, f := range tb.cleanups {
		f()
	}
}

// ---- load -----------------------------------------------------------------

type key struct {
	client, secret, user, pass string
}

func loadCmd(args []string) {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	targets := fs.String("targets", "127.0.0.1:24011,127.0.0.1:24012,127.0.0.1:24013", "token listeners")
	logPath := fs.String("log", "", "per-request log (appended)")
	dur := fs.Duration("dur", time.Minute, "how long")
	rate := fs.Float64("rate", 30, "requests a second in all")
	workers := fs.Int("workers", 8, "concurrent requests at most")
	keysFlag := fs.String("keys", "cA:sA,cB:sB,cC:sC,app:sapp:u1:p1,app:sapp:u2:p2,app:sapp:u3:p3", "client:secret[:user:password],...")
	weights := fs.String("weights", "", "comma-separated weight per key (default even)")
	burst := fs.Int("burst", 0, "with -burst-every: a burst of this many extra requests to one key")
	fs.Parse(args)
	var keys []key
	for _, s := range strings.Split(*keysFlag, ",") {
		p := strings.Split(s, ":")
		k := key{client: p[0], secret: p[1]}
		if len(p) == 4 {
			k.user, k.pass = p[2], p[3]
		}
		keys = append(keys, k)
	}
	w := make([]float64, len(keys))
	for i := range w {
		w[i] = 1
	}
	if *weights != "" {
		for i, s := range strings.Split(*weights, ",") {
			w[i], _ = strconv.ParseFloat(s, 64)
		}
	}
	var total float64
	for _, x := range w {
		total += x
	}
	pick := func() int {
		x := rand.Float64() * total
		for i, v := range w {
			if x < v {
				return i
			}
			x -= v
		}
		return len(w) - 1
	}
	ts := strings.Split(*targets, ",")
	f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		log.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	var lmu sync.Mutex
	client := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *workers, DisableCompression: true}}
	sem := make(chan struct{}, *workers)
	var wg sync.WaitGroup
	var n, ok, denied, errs atomic.Int64
	one := func(id int64, target string, k key) {
		defer wg.Done()
		defer func() { <-sem }()
		form := url.Values{}
		if k.user != "" {
			form.Set("grant_type", "password")
			form.Set("username", k.user)
			form.Set("password", k.pass)
		} else {
			form.Set("grant_type", "client_credentials")
		}
		req, _ := http.NewRequest("POST", "http://"+target+"/oauth2/token", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(k.client, k.secret)
		start := time.Now()
		resp, err := client.Do(req)
		status, rl := 0, ""
		errS := ""
		if err != nil {
			errS = strings.ReplaceAll(err.Error(), " ", "_")
			errs.Add(1)
		} else {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			status = resp.StatusCode
			rl = strings.ReplaceAll(resp.Header.Get("Ratelimit"), " ", "")
			switch status {
			case 200:
				ok.Add(1)
			case 429:
				denied.Add(1)
			}
		}
		end := time.Now()
		lmu.Lock()
		fmt.Fprintf(bw, "%d %d %d %s %s %s %d %s %s\n", id, start.UnixNano(), end.UnixNano(), target, k.client, orDash(k.user), status, orDash(rl), orDash(errS))
		lmu.Unlock()
	}
	stop := time.Now().Add(*dur)
	gap := time.Duration(float64(time.Second) / *rate)
	next := time.Now()
	id := time.Now().UnixNano() / 1e6 * 1000 // unique across runs
	for time.Now().Before(stop) {
		time.Sleep(time.Until(next))
		next = next.Add(gap)
		id++
		n.Add(1)
		k := keys[pick()]
		t := ts[int(id)%len(ts)]
		sem <- struct{}{}
		wg.Add(1)
		go one(id, t, k)
		if *burst > 0 && id%int64(*rate*10) == 0 { // a burst every ~10 s to one key on one target
			for range *burst {
				id++
				n.Add(1)
				sem <- struct{}{}
				wg.Add(1)
				go one(id, t, k)
			}
		}
	}
	wg.Wait()
	lmu.Lock()
	bw.Flush()
	lmu.Unlock()
	f.Close()
	log.Printf("load: %d requests, %d 200, %d 429, %d errors", n.Load(), ok.Load(), denied.Load(), errs.Load())
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// ---- dump / check ---------------------------------------------------------

type docSum struct {
	ID         string           `json:"id"`
	Hour       int64            `json:"hour"` // sum of the 3600 s frames
	Minute     map[string]int64 `json:"minute"`
	Version    int64            `json:"version"`
	LastWrites map[string]int64 `json:"last_writes"`
}

func dumpStore(uri, db string) ([]docSum, []bson.M, []bson.M) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cl, err := mongo.Connect(options.Client().ApplyURI(uri))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Disconnect(ctx)
	cur, err := cl.Database(db).Collection("counters").Find(ctx, bson.D{})
	if err != nil {
		log.Fatal(err)
	}
	var raw []bson.M
	if err := cur.All(ctx, &raw); err != nil {
		log.Fatal(err)
	}
	if os.Getenv("H89_RAW") != "" {
		for _, d := range raw {
			fmt.Fprintf(os.Stderr, "%#v\n", d)
		}
	}
	if false {
		log.Fatal(err)
	}
	var out []docSum
	for _, d := range raw {
		s := docSum{ID: fmt.Sprint(d["_id"]), Minute: map[string]int64{}, LastWrites: map[string]int64{}}
		s.Version = toInt(d["version"])
		if rc, ok := asMap(d["requestCounters"]); ok {
			if h, ok := asMap(rc["3600"]); ok {
				for _, v := range h {
					s.Hour += toInt(v)
				}
			}
			if m, ok := asMap(rc["60"]); ok {
				for k, v := range m {
					s.Minute[k] = toInt(v)
				}
			}
		}
		if lw, ok := asMap(d["lastWrites"]); ok {
			for k, v := range lw {
				s.LastWrites[k] = toInt(v)
			}
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	var hbs, tiers []bson.M
	if cur, err := cl.Database(db).Collection("counters_instances").Find(ctx, bson.D{}); err == nil {
		cur.All(ctx, &hbs)
	}
	if cur, err := cl.Database(db).Collection("counters_tiers").Find(ctx, bson.D{}); err == nil {
		cur.All(ctx, &tiers)
		for _, t := range tiers {
			delete(t, "data")
		}
	}
	return out, hbs, tiers
}

func toInt(v any) int64 {
	switch x := v.(type) {
	case int32:
		return int64(x)
	case int64:
		return x
	case float64:
		return int64(x)
	}
	return 0
}

func dumpCmd(args []string) {
	fs := flag.NewFlagSet("dump", flag.ExitOnError)
	uri := fs.String("uri", os.Getenv("MONGODB_URI"), "")
	db := fs.String("db", "", "")
	fs.Parse(args)
	docs, hbs, tiers := dumpStore(*uri, *db)
	e := json.NewEncoder(os.Stdout)
	for _, d := range docs {
		e.Encode(d)
	}
	for _, h := range hbs {
		e.Encode(map[string]any{"heartbeat": h})
	}
	for _, t := range tiers {
		e.Encode(map[string]any{"tiers": t})
	}
}

// checkCmd: tokens admitted per key (cost: 1 a token) in the log, against the
// store's 1h frames; with -cut, admitted per target after that time.
func checkCmd(args []string) {
	fs := flag.NewFlagSet("check", flag.ExitOnError)
	uri := fs.String("uri", os.Getenv("MONGODB_URI"), "")
	db := fs.String("db", "", "")
	logPath := fs.String("log", "", "")
	fs.Parse(args)
	f, err := os.Open(*logPath)
	if err != nil {
		log.Fatal(err)
	}
	admitted := map[string]int64{}
	ambiguous := map[string]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p := strings.Fields(sc.Text())
		if len(p) < 9 {
			continue
		}
		id := mongostore.DocumentID(cache.Key{ClientID: p[4]})
		cid := id
		if p[5] != "-" {
			id = mongostore.DocumentID(cache.Key{ClientID: p[4], User: p[5]})
		}
		switch p[6] {
		case "200":
			admitted[id]++
			if p[5] != "-" {
				admitted[cid]++ // the client's aggregate key
			}
		case "0":
			// the connection failed: refused before sending (nothing
			// spent) or cut after (the process died: ambiguous)
			if !strings.Contains(p[8], "refused") {
				ambiguous[id]++
				if p[5] != "-" {
					ambiguous[cid]++
				}
			}
		}
	}
	docs, _, _ := dumpStore(*uri, *db)
	store := map[string]int64{}
	for _, d := range docs {
		store[d.ID] = d.Hour
	}
	var ids []string
	for id := range admitted {
		ids = append(ids, id)
	}
	for id := range store {
		if _, ok := admitted[id]; !ok {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	var ta, ts int64
	for _, id := range ids {
		fmt.Printf("%-12q admitted %6d  store(1h) %6d  diff(store-admitted) %+d  ambiguous %d\n", id, admitted[id], store[id], store[id]-admitted[id], ambiguous[id])
		ta += admitted[id]
		ts += store[id]
	}
	fmt.Printf("TOTAL admitted %d store %d diff %+d\n", ta, ts, ts-ta)
}

func asMap(v any) (map[string]any, bool) {
	switch x := v.(type) {
	case bson.M:
		return x, true
	case bson.D:
		m := make(map[string]any, len(x))
		for _, e := range x {
			m[e.Key] = e.Value
		}
		return m, true
	}
	return nil, false
}

// ---- kill -----------------------------------------------------------------

// scrape returns the sums of the series of /metrics whose line starts with
// each prefix.
func scrape(c *http.Client, u string, prefixes ...string) ([]float64, error) {
	resp, err := c.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out := make([]float64, len(prefixes))
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		for i, p := range prefixes {
			if strings.HasPrefix(line, p) {
				f := strings.Fields(line)
				v, _ := strconv.ParseFloat(f[len(f)-1], 64)
				out[i] += v
			}
		}
	}
	return out, nil
}

// killCmd SIGKILLs -pid at a moment chosen from its /metrics: right after a
// burst of decisions (-mode burst), right after a flush landed (-mode
// flushend), or at once (-mode now); it prints when, and when the last
// flushes landed.
func killCmd(args []string) {
	fs := flag.NewFlagSet("kill", flag.ExitOnError)
	pid := fs.Int("pid", 0, "")
	sig := fs.String("sig", "KILL", "KILL, TERM, or NONE: only print the moment")
	murl := fs.String("metrics", "", "the instance's /metrics")
	mode := fs.String("mode", "now", "burst|flushend|now")
	burst := fs.Float64("burst", 15, "decisions within one poll that make a burst")
	wait := fs.Duration("wait", 0, "after the moment, before the signal")
	timeout := fs.Duration("timeout", 60*time.Second, "")
	fs.Parse(args)
	c := &http.Client{Timeout: 2 * time.Second}
	var flushes []time.Time
	var lastF, lastD float64 = -1, -1
	deadline := time.Now().Add(*timeout)
	for time.Now().Before(deadline) {
		v, err := scrape(c, *murl, `oauth_ratelimit_sync_flushes_total{result="ok"}`, "oauth_ratelimit_decisions_total{")
		if err != nil {
			log.Fatal(err)
		}
		now := time.Now()
		hit := *mode == "now"
		if lastF >= 0 && v[0] > lastF {
			flushes = append(flushes, now)
			hit = hit || *mode == "flushend"
		}
		if lastD >= 0 && v[1]-lastD >= *burst && *mode == "burst" {
			hit = true
		}
		lastF, lastD = v[0], v[1]
		if hit {
			time.Sleep(*wait)
			s := syscall.SIGKILL
			if *sig == "TERM" {
				s = syscall.SIGTERM
			}
			at := time.Now()
			if *sig == "NONE" {
				// only the moment: the caller acts on it
			} else if err := syscall.Kill(*pid, s); err != nil {
				log.Fatal(err)
			}
			var last []string
			for _, f := range flushes[max(0, len(flushes)-3):] {
				last = append(last, strconv.FormatInt(f.UnixNano(), 10))
			}
			fmt.Printf("signal=%s pid=%d at_ns=%d mode=%s decisions=%v flushes_ok=%v last_flush_seen_ns=%s\n", *sig, *pid, at.UnixNano(), *mode, v[1], v[0], strings.Join(last, ","))
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	log.Fatal("no moment found before the timeout")
}

// dropCmd drops the databases whose names start with -prefix.
func dropCmd(args []string) {
	fs := flag.NewFlagSet("drop", flag.ExitOnError)
	uri := fs.String("uri", os.Getenv("MONGODB_URI"), "")
	prefix := fs.String("prefix", "h89_", "")
	fs.Parse(args)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cl, err := mongo.Connect(options.Client().ApplyURI(*uri))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Disconnect(ctx)
	names, err := cl.ListDatabaseNames(ctx, bson.D{})
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range names {
		if strings.HasPrefix(n, *prefix) {
			if err := cl.Database(n).Drop(ctx); err != nil {
				log.Printf("drop %s: %v", n, err)
				continue
			}
			fmt.Println("dropped", n)
		}
	}
}

// Command h96harness: helper h96's outside harness for a rolling upgrade
// (and rollback) of oauth-ratelimit server processes of different builds on
// one FerretDB database.
//
//	proxy: the project's serializing wire proxy (storetest.WireProxy) in
//	       front of FerretDB, on a fixed port (FerretDB's compare-and-swap is
//	       not atomic: docs/ferretdb.md point 3).
//	load:  bounded steady token requests, round-robin over the instances,
//	       one log line per request (start/end ns, target, client, user,
//	       status, error).
//	check: per key, tokens issued in the log against the store's 1h frames;
//	       per key and minute, issued (log, by start) and stored (60 s
//	       frames) against the minute limit; lastWrites entries.
//	drop:  drop the databases with a prefix.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
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

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func main() {
	if len(os.Args) < 2 {
		log.Fatal("usage: h96harness proxy|load|check|drop ...")
	}
	switch os.Args[1] {
	case "proxy":
		proxyCmd(os.Args[2:])
	case "load":
		loadCmd(os.Args[2:])
	case "check":
		checkCmd(os.Args[2:])
	case "drop":
		dropCmd(os.Args[2:])
	default:
		log.Fatalf("unknown command %q", os.Args[1])
	}
}

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

// proxyCmd: one TCP relay per address of -listen to a serializing
// WireProxy (which listens on a port of its own choosing) to FerretDB. A
// relay can go deaf (the commands reach the server, the answers are
// dropped: lost answers) and back up through -ctl: POST /{port}/deaf, /up.
func proxyCmd(args []string) {
	fs := flag.NewFlagSet("proxy", flag.ExitOnError)
	upstream := fs.String("upstream", "", "FerretDB host:port")
	listen := fs.String("listen", "127.0.0.1:21100", "comma-separated relay addresses")
	ctl := fs.String("ctl", "127.0.0.1:21099", "control listener")
	fs.Parse(args)
	tb := &fakeTB{}
	wp := storetest.NewWireProxy(tb, *upstream, true)
	deaf := map[string]*atomic.Bool{}
	var lns []net.Listener
	for _, a := range strings.Split(*listen, ",") {
		ln, err := net.Listen("tcp", a)
		if err != nil {
			log.Fatal(err)
		}
		lns = append(lns, ln)
		_, port, _ := net.SplitHostPort(a)
		d := &atomic.Bool{}
		deaf[port] = d
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				go relay(c, wp.Addr(), d)
			}
		}()
	}
	mux := http.NewServeMux()
	for _, st := range []string{"deaf", "up"} {
		mux.HandleFunc("POST /{port}/"+st, func(w http.ResponseWriter, r *http.Request) {
			d := deaf[r.PathValue("port")]
			if d == nil {
				http.Error(w, "no such relay", http.StatusNotFound)
				return
			}
			d.Store(st == "deaf")
			log.Printf("relay %s %s", r.PathValue("port"), st)
			fmt.Fprintln(w, st)
		})
	}
	go func() { log.Fatal(http.ListenAndServe(*ctl, mux)) }()
	log.Printf("serial wire proxy: %s -> %s -> %s; control %s", *listen, wp.Addr(), *upstream, *ctl)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	<-sig
	for _, ln := range lns {
		ln.Close()
	}
	for _, f := range tb.cleanups {
		f()
	}
}

// relay copies c to upstream and back; while deaf is set, what comes back
// is dropped.
func relay(c net.Conn, upstream string, deaf *atomic.Bool) {
	defer c.Close()
	u, err := net.Dial("tcp", upstream)
	if err != nil {
		return
	}
	defer u.Close()
	done := make(chan struct{}, 2)
	go func() { io.Copy(u, c); done <- struct{}{} }()
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := u.Read(buf)
			if n > 0 && !deaf.Load() {
				if _, werr := c.Write(buf[:n]); werr != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		done <- struct{}{}
	}()
	<-done
}

type key struct {
	client, secret, user, pass string
	rate                       float64 // requests a second
}

// loadCmd sends each key's requests at its own steady rate, each to the
// next target in turn, and logs every request.
func loadCmd(args []string) {
	fs := flag.NewFlagSet("load", flag.ExitOnError)
	targets := fs.String("targets", "127.0.0.1:21011,127.0.0.1:21012,127.0.0.1:21013", "token listeners")
	logPath := fs.String("log", "", "per-request log (appended)")
	dur := fs.Duration("dur", time.Minute, "how long")
	keysFlag := fs.String("keys", "cA:sA:::4,cB:sB:::2,cC:sC:::3,app:sapp:u1:p1:1.5,app:sapp:u2:p2:0.5,app:sapp:u3:p3:0.25", "client:secret:user:password:rate,...")
	fs.Parse(args)
	var keys []key
	for _, s := range strings.Split(*keysFlag, ",") {
		p := strings.Split(s, ":")
		if len(p) != 5 {
			log.Fatalf("key %q: want client:secret:user:password:rate", s)
		}
		r, err := strconv.ParseFloat(p[4], 64)
		if err != nil || r <= 0 {
			log.Fatalf("key %q: rate %q", s, p[4])
		}
		keys = append(keys, key{client: p[0], secret: p[1], user: p[2], pass: p[3], rate: r})
	}
	ts := strings.Split(*targets, ",")
	f, err := os.OpenFile(*logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		log.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	var lmu sync.Mutex
	client := &http.Client{Timeout: 20 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 16, DisableCompression: true}}
	var wg sync.WaitGroup
	var n, ok, denied, errs atomic.Int64
	var ids atomic.Int64
	ids.Store(time.Now().UnixNano() / 1e6 * 1000)
	var rr atomic.Int64
	one := func(k key) {
		defer wg.Done()
		id := ids.Add(1)
		target := ts[int(rr.Add(1))%len(ts)]
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
		status, errS := 0, "-"
		if err != nil {
			errS = strings.ReplaceAll(err.Error(), " ", "_")
			errs.Add(1)
		} else {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			status = resp.StatusCode
			switch status {
			case 200:
				ok.Add(1)
			case 429:
				denied.Add(1)
			}
		}
		end := time.Now()
		user := k.user
		if user == "" {
			user = "-"
		}
		lmu.Lock()
		fmt.Fprintf(bw, "%d %d %d %s %s %s %d %s\n", id, start.UnixNano(), end.UnixNano(), target, k.client, user, status, errS)
		lmu.Unlock()
		n.Add(1)
	}
	stop := time.Now().Add(*dur)
	var kw sync.WaitGroup
	for _, k := range keys {
		kw.Add(1)
		go func() {
			defer kw.Done()
			gap := time.Duration(float64(time.Second) / k.rate)
			next := time.Now()
			for time.Now().Before(stop) {
				time.Sleep(time.Until(next))
				next = next.Add(gap)
				wg.Add(1)
				go one(k)
			}
		}()
	}
	kw.Wait()
	wg.Wait()
	lmu.Lock()
	bw.Flush()
	lmu.Unlock()
	f.Close()
	log.Printf("load: %d requests, %d 200, %d 429, %d errors", n.Load(), ok.Load(), denied.Load(), errs.Load())
}

type doc struct {
	id         string
	hour       int64
	minute     map[int64]int64
	lastWrites map[string]int64
	version    int64
	raw        bson.M
}

func dumpStore(uri, db string) []doc {
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
	var out []doc
	for _, d := range raw {
		s := doc{id: fmt.Sprint(d["_id"]), minute: map[int64]int64{}, lastWrites: map[string]int64{}, raw: d}
		s.version = toInt(d["version"])
		if rc, ok := asMap(d["requestCounters"]); ok {
			if h, ok := asMap(rc["3600"]); ok {
				for _, v := range h {
					s.hour += toInt(v)
				}
			}
			if m, ok := asMap(rc["60"]); ok {
				for k, v := range m {
					start, _ := strconv.ParseInt(k, 10, 64)
					s.minute[start] = toInt(v)
				}
			}
		}
		if lw, ok := asMap(d["lastWrites"]); ok {
			for k, v := range lw {
				s.lastWrites[k] = toInt(v)
			}
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
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

// checkCmd compares the log with the store. -limits names each key's minute
// limit (id=limit,...); the per-minute table lists, for each key with a
// limit, the tokens issued by the log (by the request's start) and the
// store's 60 s frame.
func checkCmd(args []string) {
	fs := flag.NewFlagSet("check", flag.ExitOnError)
	uri := fs.String("uri", os.Getenv("MONGODB_URI"), "")
	db := fs.String("db", "", "")
	logPath := fs.String("log", "", "")
	limitsFlag := fs.String("limits", "cA|=120,cB|=60,cC|=3000,app|u1=30,app|u2=30,app|u3=30", "")
	raw := fs.Bool("raw", false, "print the documents")
	fs.Parse(args)
	limits := map[string]int64{}
	for _, s := range strings.Split(*limitsFlag, ",") {
		k, v, _ := strings.Cut(s, "=")
		limits[k], _ = strconv.ParseInt(v, 10, 64)
	}
	f, err := os.Open(*logPath)
	if err != nil {
		log.Fatal(err)
	}
	issued := map[string]int64{}
	ambiguous := map[string]int64{}
	perMin := map[string]map[int64]int64{}
	// sure: tokens whose request started and ended in the minute, so that
	// the server decided them in it (by a clock in step with this one)
	sure := map[string]map[int64]int64{}
	statuses := map[string]int64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		p := strings.Fields(sc.Text())
		if len(p) < 8 {
			continue
		}
		user := p[5]
		if user == "-" {
			user = ""
		}
		id := p[4] + "|" + user
		cid := p[4] + "|"
		statuses[p[6]+" "+shortErr(p[7])]++
		switch p[6] {
		case "200":
			startNs, _ := strconv.ParseInt(p[1], 10, 64)
			endNs, _ := strconv.ParseInt(p[2], 10, 64)
			m := startNs / 1e9 / 60 * 60
			me := endNs / 1e9 / 60 * 60
			keys := []string{id}
			if user != "" {
				keys = append(keys, cid) // the client's aggregate key
			}
			for _, k := range keys {
				issued[k]++
				if perMin[k] == nil {
					perMin[k] = map[int64]int64{}
				}
				perMin[k][m]++
				if sure[k] == nil {
					sure[k] = map[int64]int64{}
				}
				if m == me {
					sure[k][m]++
				}
			}
		case "0":
			if !strings.Contains(p[7], "refused") {
				ambiguous[id]++
				if user != "" {
					ambiguous[cid]++
				}
			}
		}
	}
	var sk []string
	for s := range statuses {
		sk = append(sk, s)
	}
	sort.Strings(sk)
	for _, s := range sk {
		fmt.Printf("status %-40s %d\n", s, statuses[s])
	}
	docs := dumpStore(*uri, *db)
	store := map[string]doc{}
	for _, d := range docs {
		store[d.id] = d
		if *raw {
			fmt.Printf("doc %v\n", d.raw)
		}
	}
	ids := map[string]bool{}
	for id := range issued {
		ids[id] = true
	}
	for id := range store {
		ids[id] = true
	}
	var sorted []string
	for id := range ids {
		sorted = append(sorted, id)
	}
	sort.Strings(sorted)
	var ti, ts int64
	for _, id := range sorted {
		d := store[id]
		fmt.Printf("key %-10s issued %5d  store(1h) %5d  diff %+d  ambiguous %d  lastWrites %d\n", id, issued[id], d.hour, d.hour-issued[id], ambiguous[id], len(d.lastWrites))
		ti += issued[id]
		ts += d.hour
	}
	fmt.Printf("TOTAL issued %d store %d diff %+d\n", ti, ts, ts-ti)
	for _, id := range sorted {
		lim, ok := limits[id]
		if !ok {
			continue
		}
		mins := map[int64]bool{}
		for m := range perMin[id] {
			mins[m] = true
		}
		for m := range store[id].minute {
			mins[m] = true
		}
		var ms []int64
		for m := range mins {
			ms = append(ms, m)
		}
		sort.Slice(ms, func(i, j int) bool { return ms[i] < ms[j] })
		var b strings.Builder
		worst, worstSure, worstS := int64(0), int64(0), int64(0)
		for _, m := range ms {
			fmt.Fprintf(&b, " %s=%d(%d)/%d", time.Unix(m, 0).UTC().Format("15:04"), perMin[id][m], sure[id][m], store[id].minute[m])
			worst = max(worst, perMin[id][m])
			worstSure = max(worstSure, sure[id][m])
			worstS = max(worstS, store[id].minute[m])
		}
		fmt.Printf("minutes %-10s limit %4d worst issued %4d (%.3f), surely in the minute %4d (%.3f); worst stored frame %4d | minute=issued(sure)/stored:%s\n", id, lim, worst, float64(worst)/float64(lim), worstSure, float64(worstSure)/float64(lim), worstS, b.String())
	}
	for _, id := range sorted {
		var names []string
		for n, s := range store[id].lastWrites {
			names = append(names, fmt.Sprintf("%s=%s", n, time.UnixMilli(s).UTC().Format("15:04:05.000")))
		}
		sort.Strings(names)
		fmt.Printf("lastWrites %-10s %s\n", id, strings.Join(names, " "))
	}
}

func shortErr(s string) string {
	switch {
	case s == "-":
		return ""
	case strings.Contains(s, "refused"):
		return "refused"
	case strings.Contains(s, "EOF"):
		return "EOF"
	case strings.Contains(s, "reset"):
		return "reset"
	case strings.Contains(s, "Timeout") || strings.Contains(s, "deadline"):
		return "timeout"
	}
	return "other"
}

func dropCmd(args []string) {
	fs := flag.NewFlagSet("drop", flag.ExitOnError)
	uri := fs.String("uri", os.Getenv("MONGODB_URI"), "")
	prefix := fs.String("prefix", "h96_", "")
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

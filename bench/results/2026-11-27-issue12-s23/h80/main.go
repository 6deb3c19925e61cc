package main

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"
)

func main() {
	dir := flag.String("dir", ".", "results directory (world.json, clients.yaml, policy.yaml)")
	seed := flag.Uint64("seed", 1, "seed")
	targets := flag.String("targets", "127.0.0.1:18080", "comma-separated token endpoints")
	admins := flag.String("admins", "127.0.0.1:19090", "comma-separated admin addresses")
	conns := flag.Int("conns", 48, "concurrent connections")
	name := flag.String("name", "run", "run name (transcript file prefix)")
	proxy := flag.Bool("proxy", false, "proxy mode: refresh_token grants too")
	settle := flag.Duration("settle", 0, "wait before checking (several instances: a few sync intervals)")
	limit := flag.Duration("limit", 4*time.Minute, "stop sending after this long")
	flag.BoolVar(&ignoreCase, "ignorecase", false, "the server runs with --username-ignore-case")
	flag.BoolVar(&caseUsers, "caseusers", false, "gen: users that differ by case only, on every 7th client")
	flag.StringVar(&upstreamAddr, "upstream", "", "proxy mode: the token server, for refresh tokens got past the limiter")
	long := flag.Bool("long", false, "gen: client IDs up to 256 bytes (the cache's out-of-line keys from 225)")
	rate := flag.Float64("rate", 0, "requests a second, all connections together (0: as fast as they go)")
	flag.Parse()
	if *long {
		maxIDLen = 256
		idLengths = append(idLengths, 223, 224, 225, 226, 240, 255, 256)
	}
	proxyMode = *proxy
	switch flag.Arg(0) {
	case "gen":
		if err := writeWorld(genWorld(*seed), *dir); err != nil {
			log.Fatal(err)
		}
		return
	case "tokensrv":
		runTokenServer(loadWorld(*dir), flag.Arg(1), flag.Arg(2))
		return
	case "check":
		// check again from a transcript: -name names it
		w := loadWorld(*dir)
		f, err := os.Open(*dir + "/" + *name + "-transcript.jsonl.gz")
		if err != nil {
			log.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			log.Fatal(err)
		}
		dec := json.NewDecoder(zr)
		var recs []*Rec
		for dec.More() {
			var r Rec
			if err := dec.Decode(&r); err != nil {
				log.Fatal(err)
			}
			r.Raw = nil
			recs = append(recs, &r)
		}
		expOut = *dir + "/" + *name + "-expected.jsonl"
		sum, _ := os.Create(*dir + "/" + *name + "-recheck-" + flag.Arg(1) + ".txt")
		defer sum.Close()
		out := multi{sum, os.Stdout}
		fmt.Fprintf(out, "recheck %s at %s: %d records\n", *name, time.Now().UTC().Format(time.RFC3339), len(recs))
		fails := check(w, recs, strings.Split(*admins, ","), out)
		for _, a := range strings.Split(*admins, ",") {
			fmt.Fprintf(out, "memory %s:\n%s\n", a, memStats(a))
		}
		if fails > 0 {
			os.Exit(1)
		}
		return
	case "run":
	default:
		log.Fatal("usage: gen | tokensrv ADDR LOG | run")
	}
	w := loadWorld(*dir)
	tg := strings.Split(*targets, ",")
	ops := plan(w, *seed, *proxy, len(tg))
	f, err := os.Create(*dir + "/" + *name + "-transcript.jsonl.gz")
	if err != nil {
		log.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	lg := &logger{zw: zw, enc: json.NewEncoder(zw)}
	rn := &runner{addrs: tg, log: lg, w: w, deadline: time.Now().Add(*limit), rts: &rtPool{m: map[[2]string][]string{}}}
	if *rate > 0 {
		rn.gap = time.Duration(float64(time.Second) / *rate)
	}
	t0 := time.Now()
	rn.run(ops, *conns, *seed)
	el := time.Since(t0)
	zw.Close()
	f.Close()
	sum, _ := os.Create(*dir + "/" + *name + "-check.txt")
	defer sum.Close()
	out := multi{sum, os.Stdout}
	fmt.Fprintf(out, "run %s: %d ops planned, %d records, %d connections, %.1fs\n", *name, len(ops), len(lg.recs), rn.connSeq, el.Seconds())
	expOut = *dir + "/" + *name + "-expected.jsonl"
	time.Sleep(*settle)
	fails := check(w, lg.recs, strings.Split(*admins, ","), out)
	for _, a := range strings.Split(*admins, ",") {
		fmt.Fprintf(out, "memory %s:\n%s\n", a, memStats(a))
	}
	if fails > 0 {
		os.Exit(1)
	}
}

type multi []interface{ Write([]byte) (int, error) }

func (m multi) Write(b []byte) (int, error) {
	for _, w := range m {
		w.Write(b)
	}
	return len(b), nil
}

func loadWorld(dir string) *World {
	b, err := os.ReadFile(dir + "/world.json")
	if err != nil {
		log.Fatal(err)
	}
	var w World
	if err := json.Unmarshal(b, &w); err != nil {
		log.Fatal(err)
	}
	return &w
}

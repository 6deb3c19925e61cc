package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: h91 consent|mwproxy|run")
		os.Exit(2)
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	via := fs.String("via", "http://127.0.0.1:26080", "")
	adm := fs.String("admin", "http://127.0.0.1:26090", "")
	name := fs.String("name", "proxy", "")
	out := fs.String("out", "/tmp/s24/h91/results/out", "")
	llog := fs.String("limiter-log", "", "")
	skip := fs.Bool("skip-setup", false, "")
	per := fs.Int("per-client", 300, "")
	users := fs.Int("users", 6, "")
	refr := fs.Int("refreshes", 40, "")
	dl := fs.Duration("deadline", 4*time.Minute, "")
	pol := fs.String("policy", "", "")
	listen := fs.String("listen", "127.0.0.1:26081", "")
	adminListen := fs.String("admin-listen", "127.0.0.1:26091", "")
	fs.DurationVar(&ccPause, "cc-pause", ccPause, "")
	fs.DurationVar(&refreshPause, "refresh-pause", refreshPause, "")
	user := fs.String("user", "dave", "")
	scope := fs.String("scope", "offline_access", "")
	consentListen := fs.String("consent-listen", "127.0.0.1:26300", "")
	fs.StringVar(&hydraAdmin, "hydra-admin", hydraAdmin, "")
	upstream := fs.String("upstream", "http://127.0.0.1:26444", "")
	pause := fs.Duration("pause", 100*time.Millisecond, "")
	fs.Parse(os.Args[2:])
	var err error
	switch os.Args[1] {
	case "consent":
		err = consentApp(*consentListen)
	case "mwproxy":
		err = mwproxy(*pol, *listen, *adminListen, *upstream)
	case "jwtcheck":
		err = jwtcheck(*via, *adm, *out, *name, *user, *scope)
	case "autodetect":
		err = autodetect(*via, *out)
	case "alternate":
		err = alternate(strings.Split(*via, ","), strings.Split(*adm, ","), *out, *name, *user, *refr, *pause)
	case "cors":
		err = corscheck(*via, *out)
	case "run":
		err = runAll(*via, *adm, *name, *out, *llog, *skip, *per, *users, *refr, *dl)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

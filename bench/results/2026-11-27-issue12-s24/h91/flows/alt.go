package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// alternate: one user's refresh chain sent alternately to two instances that
// share a store, as a round-robin balancer would, with pause between refreshes.
func alternate(vias, admins []string, outDir, name, user string, refreshes int, pause time.Duration) error {
	lf, _ := os.Create(filepath.Join(outDir, "requests-"+name+".jsonl"))
	defer lf.Close()
	cf, _ := os.Create(filepath.Join(outDir, "checks-"+name+".txt"))
	defer cf.Close()
	rt := &logRT{via: name, base: http.DefaultTransport, f: lf}
	mk := func(i int) *env {
		return &env{via: vias[i], admin: admins[i], rt: rt, hc: &http.Client{Transport: rt}, c: &checker{f: cf}}
	}
	es := []*env{mk(0), mk(1)}
	scope := "openid offline_access"
	code, err := es[0].code("web-app", user, scope)
	if err != nil {
		return err
	}
	tok, err := es[0].webConf("web-app", scope).Exchange(es[0].ctx("ALT", "web-app", "basic", user), code)
	if err != nil {
		return err
	}
	rtok := tok.RefreshToken
	var codes []string
	issued := 1
	for i := 0; i < refreshes; i++ {
		time.Sleep(pause)
		e := es[(i+1)%2]
		nt, err := e.refresh("ALT", "web-app", user, scope, rtok)
		codes = append(codes, fmt.Sprintf("%c%d", "AB"[(i+1)%2], statusOf(err)))
		if err == nil {
			rtok = nt.RefreshToken
			issued++
		}
	}
	es[0].c.note("%s pause %v: exchange on A, then %d refreshes alternating: %s; issued %d (user limit 8/h)", user, pause, refreshes, strings.Join(codes, " "), issued)
	time.Sleep(3 * time.Second) // two sync intervals
	for i, e := range es {
		got, det := e.counted("web-app", user, "user")
		e.c.note("instance %c key web-app/%s user tier counted %d (%s)", "AB"[i], user, got, det)
	}
	fmt.Println()
	return nil
}

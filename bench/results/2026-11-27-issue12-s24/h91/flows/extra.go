package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/oauth2/clientcredentials"
)

// jwtcheck: a user flow without openid against a Hydra with JWT access tokens.
func jwtcheck(via, admin, outDir, name, user, scope string) error {
	lf, _ := os.Create(filepath.Join(outDir, "requests-"+name+".jsonl"))
	defer lf.Close()
	cf, _ := os.Create(filepath.Join(outDir, "checks-"+name+".txt"))
	defer cf.Close()
	rt := &logRT{via: name, base: http.DefaultTransport, f: lf}
	e := &env{via: via, admin: admin, rt: rt, hc: &http.Client{Transport: rt}, c: &checker{f: cf}}
	code, err := e.code("web-app", user, scope)
	if err != nil {
		return err
	}
	tok, err := e.webConf("web-app", scope).Exchange(e.ctx("J", "web-app", "basic", user), code)
	if err != nil {
		return err
	}
	codes := []int{200}
	rtok := tok.RefreshToken
	for i := 0; i < 10; i++ {
		nt, err := e.refresh("J", "web-app", user, scope, rtok)
		codes = append(codes, statusOf(err))
		if err == nil {
			rtok = nt.RefreshToken
		}
	}
	e.c.check("J "+user+" scope "+scope+" statuses (user 8/h)", fmt.Sprint(codes) == "[200 200 200 200 200 200 200 200 429 429 429]", "%v", codes)
	e.expectCount("J "+user+" count", "web-app", user, "user", e.issued(func(r rec) bool { return r.User == user }))
	return nil
}

// autodetect: golang.org/x/oauth2 with AuthStyleAutoDetect against a client at its limit.
func autodetect(via, outDir string) error {
	lf, _ := os.Create(filepath.Join(outDir, "requests-autodetect.jsonl"))
	defer lf.Close()
	rt := &logRT{via: "autodetect", base: http.DefaultTransport, f: lf}
	hc := &http.Client{Transport: rt}
	for _, c := range []struct{ id, secret string }{{"cc-basic", secrets["cc-basic"]}, {"cc-cmp", "wrong"}} {
		ctx := e0ctx(hc, c.id)
		conf := clientcredentials.Config{ClientID: c.id, ClientSecret: c.secret, TokenURL: via + "/oauth2/token"}
		_, err := conf.Token(ctx)
		n := len(rt.recs)
		fmt.Printf("autodetect %s: err=%v; requests so far %d\n", c.id, err, n)
		for _, r := range rt.recs {
			fmt.Printf("  %s %s %d %s ratelimit=%q\n", r.Client, r.Start[11:23], r.Status, r.Error, r.RateLimit)
		}
	}
	_ = time.Now
	return nil
}

func e0ctx(hc *http.Client, client string) context.Context {
	return (&env{hc: hc}).ctx("AD", client, "autodetect", "")
}

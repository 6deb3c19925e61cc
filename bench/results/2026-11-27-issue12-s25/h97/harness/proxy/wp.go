package main

import (
	"os"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func newProxy(up string) string {
	wp := storetest.NewWireProxy(tb{}, up, true)
	os.WriteFile("wireproxy.addr", []byte(wp.Addr()), 0o644)
	return wp.Addr()
}

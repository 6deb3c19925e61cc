// Command h98harness: an outside audit of oauth-ratelimit over HTTP/2 (TLS and h2c).
//
//	upstream: a token endpoint (HTTP/1.1) that logs every request it gets (JSONL)
//	mw:       the middleware as an embedder mounts it, served over TLS (h2) and h2c,
//	          in front of the upstream (ReverseProxy, AttributeIssued) or of the endpoint in-process (-direct)
//	front:    a TLS/h2c terminator (a load balancer) proxying to the binary over HTTP/1.1
//	load:     many keys as streams multiplexed on one connection; checks every answer's headers
//	raw:      clients that do not play nice (raw h2 frames, raw HTTP/1.1)
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: h98harness upstream|mw|front|load|raw ...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "upstream":
		err = upstreamMain(os.Args[2:])
	case "mw":
		err = mwMain(os.Args[2:])
	case "front":
		err = frontMain(os.Args[2:])
	case "load":
		err = loadMain(os.Args[2:])
	case "raw":
		err = rawMain(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

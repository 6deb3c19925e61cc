// Command upstream: a fake token endpoint for proxy mode. Every POST
// /oauth2/token is answered 200 with a fresh random refresh token, so the
// limiter learns a binding (refresh token -> client, user) per password grant.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"log"
	"net/http"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:24100", "address")
	flag.Parse()
	http.HandleFunc("POST /oauth2/token", func(w http.ResponseWriter, r *http.Request) {
		var b [16]byte
		rand.Read(b[:])
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprintf(w, `{"access_token":"a%s","token_type":"Bearer","expires_in":300,"refresh_token":"r%s"}`, hex.EncodeToString(b[:]), hex.EncodeToString(b[:]))
	})
	log.Fatal(http.ListenAndServe(*listen, nil))
}

// Command wireproxy serializes MongoDB wire commands in front of FerretDB
// (a copy of syncer/storetest's WireProxy), for h99's soak.
package main

import (
	"flag"
	"fmt"
	"log"
	"time"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:24040", "")
	up := flag.String("upstream", "", "host:port")
	flag.Parse()
	p := NewWireProxy(*listen, *up, true)
	for range time.Tick(time.Minute) {
		log.Print(fmt.Sprint(p.Commands()))
	}
}

const OpTimeout = 2 * time.Minute

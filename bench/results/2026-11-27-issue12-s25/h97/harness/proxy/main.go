// Command proxy: a serializing wire proxy in front of FerretDB
// (storetest.WireProxy, serial: FerretDB v1's CAS is not atomic, so the three
// processes and the operator tool go through it one command at a time).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"testing"
)

type tb struct{ testing.TB }

func (tb) Helper()                   {}
func (tb) Fatal(a ...any)            { log.Fatal(a...) }
func (tb) Cleanup(func())            {}
func (tb) Fatalf(f string, a ...any) { log.Fatalf(f, a...) }

func main() {
	upstream := flag.String("upstream", "", "FerretDB host:port")
	flag.Parse()
	wp := newProxy(*upstream)
	fmt.Println("wireproxy", wp)
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	<-c
}

// Command proxy: a serializing wire proxy in front of FerretDB (storetest.WireProxy,
// serial: FerretDB v1's CAS is not atomic) and a toxiproxy API server whose proxies
// (one per instance) point at it.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"testing"
	"time"

	toxiproxy "github.com/Shopify/toxiproxy/v2"
	"github.com/rs/zerolog"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

type tb struct{ testing.TB }

func (tb) Helper()                   {}
func (tb) Fatal(a ...any)            { log.Fatal(a...) }
func (tb) Cleanup(func())            {}
func (tb) Fatalf(f string, a ...any) { log.Fatalf(f, a...) }

func main() {
	upstream := flag.String("upstream", "", "FerretDB host:port")
	api := flag.String("api", "25474", "toxiproxy API port on 127.0.0.1")
	flag.Parse()
	wp := storetest.NewWireProxy(tb{}, *upstream, true)
	fmt.Println("wireproxy", wp.Addr())
	os.WriteFile("wireproxy.addr", []byte(wp.Addr()), 0o644)
	go func() {
		for range time.Tick(30 * time.Second) {
			c := wp.Commands()
			ks := make([]string, 0, len(c))
			for k := range c {
				ks = append(ks, k)
			}
			sort.Strings(ks)
			s := time.Now().UTC().Format("15:04:05")
			for _, k := range ks {
				s += fmt.Sprintf(" %s=%d", k, c[k])
			}
			fmt.Println(s)
		}
	}()
	srv := toxiproxy.NewServer(toxiproxy.NewMetricsContainer(nil), zerolog.New(os.Stderr).Level(zerolog.WarnLevel))
	srv.Listen("127.0.0.1", *api)
}

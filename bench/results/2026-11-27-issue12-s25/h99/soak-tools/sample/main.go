// Command sample records, every interval, each soak process's resources
// and the store's document counts (h99).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

var want = []string{"go_memstats_heap_alloc_bytes", "go_memstats_heap_inuse_bytes", "go_memstats_heap_objects", "go_goroutines", "go_threads", "process_open_fds", "process_resident_memory_bytes",
	"oauth_ratelimit_cache_keys", "oauth_ratelimit_cache_detached_keys", "oauth_ratelimit_refresh_subjects", "oauth_ratelimit_live_instances"}

func procStatus(pid int) (rssKB int64, threads int64) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1, -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) >= 2 && fs[0] == "VmRSS:" {
			rssKB, _ = strconv.ParseInt(fs[1], 10, 64)
		}
		if len(fs) >= 2 && fs[0] == "Threads:" {
			threads, _ = strconv.ParseInt(fs[1], 10, 64)
		}
	}
	return
}

func fds(pid int) int {
	es, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return -1
	}
	return len(es)
}

func scrape(url string) (vals map[string]string, series, bytes int, err error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, 0, 0, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, 0, 0, err
	}
	vals = map[string]string{}
	for _, ln := range strings.Split(string(b), "\n") {
		if ln == "" || ln[0] == '#' {
			continue
		}
		series++
		fs := strings.Fields(ln)
		if len(fs) == 2 {
			vals[fs[0]] = fs[1]
		}
	}
	return vals, series, len(b), nil
}

func main() {
	pidsF := flag.String("pids", "", "pid=adminURL,...")
	uri := flag.String("mongo", os.Getenv("MONGODB_URI"), "")
	db := flag.String("db", "h99soak", "")
	every := flag.Duration("every", time.Minute, "")
	n := flag.Int("n", 0, "samples (0: forever)")
	flag.Parse()
	type target struct {
		pidfile string
		url     string
	}
	var ts []target
	for _, p := range strings.Split(*pidsF, ",") {
		a, b, _ := strings.Cut(p, "=")
		ts = append(ts, target{a, b})
	}
	cl, err := mongo.Connect(options.Client().ApplyURI(*uri).SetTimeout(20 * time.Second))
	if err != nil {
		log.Fatal(err)
	}
	colls := []string{"counters", "counters_instances", "counters_subjects", "counters_tiers", "counters_overrides"}
	fmt.Printf("time\twho\trss_kb\tthreads\tfds\tseries\tmetrics_bytes")
	for _, w := range want {
		fmt.Printf("\t%s", strings.TrimPrefix(strings.TrimPrefix(w, "oauth_ratelimit_"), "go_memstats_"))
	}
	fmt.Println()
	start := time.Now()
	for i := 0; *n == 0 || i < *n; i++ {
		if i > 0 {
			time.Sleep(time.Until(start.Add(time.Duration(i) * *every)))
		}
		now := time.Now().UTC().Format("15:04:05")
		for _, t := range ts {
			pb, _ := os.ReadFile(t.pidfile)
			pid, _ := strconv.Atoi(strings.TrimSpace(string(pb)))
			rss, thr := procStatus(pid)
			vals, series, nb, err := scrape(t.url + "/metrics")
			if err != nil {
				fmt.Printf("%s\tpid%d\tscrape error: %v\n", now, pid, err)
				continue
			}
			fmt.Printf("%s\tpid%d\t%d\t%d\t%d\t%d\t%d", now, pid, rss, thr, fds(pid), series, nb)
			for _, w := range want {
				fmt.Printf("\t%s", vals[w])
			}
			fmt.Println()
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		fmt.Printf("%s\tstore", now)
		for _, c := range colls {
			k, err := cl.Database(*db).Collection(c).CountDocuments(ctx, bson.D{})
			if err != nil {
				fmt.Printf("\t%s=err(%v)", c, err)
			} else {
				fmt.Printf("\t%s=%d", c, k)
			}
		}
		cancel()
		fmt.Println()
	}
}

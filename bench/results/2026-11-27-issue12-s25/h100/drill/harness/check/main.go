// Command check: the store's day-frame counts per key against the 200s in the
// load logs; and per fixed minute, what the fleet admitted per key class.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	db := flag.String("db", "h90fleet", "database")
	logs := flag.String("logs", "", "comma-separated csv logs")
	minutes := flag.Bool("minutes", false, "print per-minute admitted per key class")
	flag.Parse()
	issued := map[string]int64{}
	type mk struct {
		min int64
		key string
	}
	perMin := map[mk]int64{}
	phaseOfMin := map[int64]string{}
	for _, p := range strings.Split(*logs, ",") {
		f, err := os.Open(p)
		if err != nil {
			log.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fs := strings.Split(sc.Text(), ",")
			if len(fs) < 6 {
				continue
			}
			if fs[5] != "200" {
				continue
			}
			issued[fs[4]]++
			sent, _ := strconv.ParseInt(fs[1], 10, 64)
			m := sent / 60000
			perMin[mk{m, fs[4]}]++
			if len(fs) > 6 {
				phaseOfMin[m] = fs[6]
			}
		}
		f.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cl, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGODB_URI")))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Disconnect(ctx)
	cur, err := cl.Database(*db).Collection("counters").Find(ctx, bson.D{})
	if err != nil {
		log.Fatal(err)
	}
	stored := map[string]int64{}
	for cur.Next(ctx) {
		var d struct {
			ID string         `bson:"_id"`
			RC map[string]any `bson:"requestCounters"`
		}
		if err := cur.Decode(&d); err != nil {
			log.Fatal(err)
		}
		if day, ok := d.RC["86400"].(bson.D); ok {
			for _, e := range day {
				switch v := e.Value.(type) {
				case int64:
					stored[d.ID] += v
				case int32:
					stored[d.ID] += int64(v)
				case float64:
					stored[d.ID] += int64(v)
				}
			}
		} else if d.RC["86400"] != nil {
			fmt.Printf("doc %s: 86400 of type %T\n", d.ID, d.RC["86400"])
		}
	}
	if err := cur.Err(); err != nil {
		log.Fatal(err)
	}
	keys := map[string]bool{}
	for k := range issued {
		keys[k] = true
	}
	for k := range stored {
		keys[k] = true
	}
	var li, ls, over, under, nOver, nUnder int64
	var ks []string
	for k := range keys {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		li += issued[k]
		ls += stored[k]
		d := stored[k] - issued[k]
		if d > 0 {
			over += d
			nOver++
			fmt.Printf("DOUBLED key=%s issued=%d stored=%d (+%d)\n", k, issued[k], stored[k], d)
		} else if d < 0 {
			under -= d
			nUnder++
			fmt.Printf("LOST key=%s issued=%d stored=%d (%d)\n", k, issued[k], stored[k], d)
		}
	}
	fmt.Printf("keys=%d issued=%d stored=%d; keys over=%d (+%d) keys under=%d (-%d)\n", len(ks), li, ls, nOver, over, nUnder, under)
	if *minutes {
		type row struct {
			hot       [3]int64
			hu, huMax int64
		}
		rows := map[int64]*row{}
		for k, n := range perMin {
			r := rows[k.min]
			if r == nil {
				r = &row{}
				rows[k.min] = r
			}
			switch {
			case strings.HasPrefix(k.key, "hot"):
				i := k.key[3] - '1'
				r.hot[i] = n
			case k.key >= "app|u000" && k.key <= "app|u004":
				r.hu += n
				r.huMax = max(r.huMax, n)
			}
		}
		var ms []int64
		for m := range rows {
			ms = append(ms, m)
		}
		sort.Slice(ms, func(i, j int) bool { return ms[i] < ms[j] })
		fmt.Println("minute(UTC) phase  hot1 hot2 hot3 (limit 300)  hotusers-max (limit 30) hotusers-sum(5)")
		for _, m := range ms {
			r := rows[m]
			fmt.Printf("%s %-10s %4d %4d %4d  %3d %4d\n", time.Unix(m*60, 0).UTC().Format("15:04"), phaseOfMin[m], r.hot[0], r.hot[1], r.hot[2], r.huMax, r.hu)
		}
	}
}

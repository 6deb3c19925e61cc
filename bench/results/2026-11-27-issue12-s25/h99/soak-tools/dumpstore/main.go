// Command dumpstore prints every frame of h99's soak store: client, user,
// size, start, count (tab-separated), and the other collections' documents.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	cl, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGODB_URI")).SetTimeout(60 * time.Second))
	if err != nil {
		log.Fatal(err)
	}
	db := cl.Database(os.Args[1])
	ctx := context.Background()
	cur, err := db.Collection("counters").Find(ctx, bson.D{})
	if err != nil {
		log.Fatal(err)
	}
	for cur.Next(ctx) {
		var d struct {
			ClientID string                    `bson:"clientId"`
			User     string                    `bson:"username"`
			RC       map[string]map[string]any `bson:"requestCounters"`
			Expire   time.Time                 `bson:"expire"`
			LW       map[string]int64          `bson:"lastWrites"`
		}
		if err := cur.Decode(&d); err != nil {
			log.Fatal(err)
		}
		for size, frames := range d.RC {
			if size == "0" {
				continue
			}
			for start, v := range frames {
				fmt.Printf("F\t%s\t%s\t%s\t%s\t%v\n", d.ClientID, d.User, size, start, v)
			}
		}
		fmt.Printf("D\t%s\t%s\t%s\t%d\n", d.ClientID, d.User, d.Expire.UTC().Format(time.RFC3339), len(d.LW))
	}
	for _, c := range []string{"counters_instances", "counters_tiers", "counters_overrides"} {
		cur, err := db.Collection(c).Find(ctx, bson.D{})
		if err != nil {
			log.Fatal(err)
		}
		for cur.Next(ctx) {
			var m bson.M
			cur.Decode(&m)
			delete(m, "data")
			delete(m, "tiers")
			fmt.Printf("C\t%s\t%v\n", c, m)
		}
	}
}

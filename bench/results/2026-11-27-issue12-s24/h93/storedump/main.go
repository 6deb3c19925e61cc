// Command storedump prints the documents of h93's database on the session's FerretDB
// (or drops it with -drop).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	db := flag.String("db", "h93_proxy", "database")
	drop := flag.Bool("drop", false, "drop the database")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGODB_URI")))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Disconnect(ctx)
	if *drop {
		if err := c.Database(*db).Drop(ctx); err != nil {
			log.Fatal(err)
		}
		fmt.Println("dropped", *db)
		return
	}
	names, err := c.Database(*db).ListCollectionNames(ctx, bson.D{})
	if err != nil {
		log.Fatal(err)
	}
	for _, n := range names {
		cur, err := c.Database(*db).Collection(n).Find(ctx, bson.D{})
		if err != nil {
			log.Fatal(err)
		}
		var docs []bson.M
		if err := cur.All(ctx, &docs); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("== %s: %d documents\n", n, len(docs))
		for _, d := range docs {
			b, _ := json.Marshal(d)
			fmt.Println(string(b))
		}
	}
}

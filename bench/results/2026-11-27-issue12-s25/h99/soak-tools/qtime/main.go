// Command qtime times a few commands on h99's soak database, directly
// against FerretDB (argv[2] "via" a proxy URI instead, if given).
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
	uri := os.Getenv("MONGODB_URI")
	if len(os.Args) > 2 {
		uri = os.Args[2]
	}
	cl, err := mongo.Connect(options.Client().ApplyURI(uri).SetTimeout(60 * time.Second))
	if err != nil {
		log.Fatal(err)
	}
	db := cl.Database(os.Args[1])
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		cur, err := db.Collection("counters_subjects").Find(ctx,
			bson.D{{Key: "written", Value: bson.D{{Key: "$gte", Value: time.Now().Add(-7 * time.Second)}}}},
			options.Find().SetSort(bson.D{{Key: "written", Value: 1}, {Key: "_id", Value: 1}}).SetLimit(500))
		if err != nil {
			log.Fatal(err)
		}
		var docs []bson.M
		cur.All(ctx, &docs)
		fmt.Printf("subjects since now-7s: %d docs in %v\n", len(docs), time.Since(t0))
		t0 = time.Now()
		_, err = db.Collection("h99_scratch").UpdateOne(ctx, bson.D{{Key: "_id", Value: "x"}}, bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: 1}}}}, options.UpdateOne().SetUpsert(true))
		fmt.Printf("upsert by _id: %v (%v)\n", time.Since(t0), err)
		t0 = time.Now()
		res, err := db.Collection("counters").DeleteMany(ctx, bson.D{{Key: "expire", Value: bson.D{{Key: "$lt", Value: time.Now().Add(-time.Hour)}}}})
		fmt.Printf("deleteMany expire<now-1h: %v (%v %v)\n", time.Since(t0), res, err)
		t0 = time.Now()
		err = db.RunCommand(ctx, bson.D{{Key: "ping", Value: 1}}).Err()
		fmt.Printf("ping %v (%v)\n", time.Since(t0), err)
	}
	db.Collection("h99_scratch").Drop(ctx)
}

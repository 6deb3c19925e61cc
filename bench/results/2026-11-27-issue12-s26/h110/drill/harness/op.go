// Command op: an operator's actions on the store's metadata collections.
//
//	op state                  one line: docs in counters, _tiers, _instances, _overrides, _subjects; indexes of counters and _subjects
//	op drop -c SUFFIX         drop collection counters+SUFFIX (e.g. _tiers)
//	op deleteall -c SUFFIX    deleteMany({}) on counters+SUFFIX, prints the count
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	uri, dbName := os.Getenv("OP_URI"), os.Getenv("OP_DB")
	if uri == "" || dbName == "" {
		log.Fatal("OP_URI and OP_DB must be set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cl, err := mongo.Connect(options.Client().ApplyURI(uri).SetMaxPoolSize(1))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Disconnect(context.Background())
	db := cl.Database(dbName)
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	c := fs.String("c", "", "collection suffix")
	fs.Parse(os.Args[2:])
	now := time.Now().UTC().Format("15:04:05.000")
	switch os.Args[1] {
	case "state":
		var parts []string
		for _, s := range []string{"", "_tiers", "_instances", "_overrides", "_subjects"} {
			n, err := db.Collection("counters"+s).CountDocuments(ctx, bson.D{})
			if err != nil {
				log.Fatal(err)
			}
			parts = append(parts, fmt.Sprintf("counters%s=%d", s, n))
		}
		for _, s := range []string{"", "_subjects"} {
			cur, err := db.Collection("counters" + s).Indexes().List(ctx)
			if err != nil {
				parts = append(parts, fmt.Sprintf("ix%s=err", s))
				continue
			}
			var ix []struct {
				Name string `bson:"name"`
			}
			cur.All(ctx, &ix)
			var names []string
			for _, i := range ix {
				names = append(names, i.Name)
			}
			parts = append(parts, fmt.Sprintf("ix%s=[%s]", s, strings.Join(names, " ")))
		}
		fmt.Println(now, strings.Join(parts, " "))
	case "drop":
		if err := db.Collection("counters" + *c).Drop(ctx); err != nil {
			log.Fatal(err)
		}
		fmt.Println(now, "dropped counters"+*c)
	case "deleteall":
		r, err := db.Collection("counters"+*c).DeleteMany(ctx, bson.D{})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(now, "deleted", r.DeletedCount, "from counters"+*c)
	case "dropdb":
		if err := db.Drop(ctx); err != nil {
			log.Fatal(err)
		}
		fmt.Println(now, "dropped database", dbName)
	case "listdbs":
		names, err := cl.ListDatabaseNames(ctx, bson.D{})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(strings.Join(names, " "))
	default:
		log.Fatal("unknown command")
	}
}

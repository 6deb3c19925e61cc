// Command dropdb drops h99's soak databases.
package main

import (
	"context"
	"log"
	"os"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	cl, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGODB_URI")).SetTimeout(30 * time.Second))
	if err != nil {
		log.Fatal(err)
	}
	for _, db := range os.Args[1:] {
		if err := cl.Database(db).Drop(context.Background()); err != nil {
			log.Fatal(err)
		}
		log.Printf("dropped %s", db)
	}
}

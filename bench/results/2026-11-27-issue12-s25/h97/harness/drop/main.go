// Command drop drops the named databases of the server at MONGODB_URI (h90's).
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cl, err := mongo.Connect(options.Client().ApplyURI(os.Getenv("MONGODB_URI")))
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Disconnect(ctx)
	for _, db := range os.Args[1:] {
		if err := cl.Database(db).Drop(ctx); err != nil {
			log.Fatal(err)
		}
		fmt.Println("dropped", db)
	}
	names, _ := cl.ListDatabaseNames(ctx, map[string]any{})
	fmt.Println("databases now:", names)
}

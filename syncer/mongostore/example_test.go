package mongostore_test

import (
	"context"
	"fmt"
	"log"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
)

func ExampleDocumentID() {
	fmt.Println(mongostore.DocumentID(cache.Key{ClientID: "client-a", User: "alice"}))
	fmt.Println(mongostore.DocumentID(cache.Key{ClientID: "client-a"}))
	fmt.Println(mongostore.DocumentID(cache.Key{ClientID: "odd|client", User: `back\slash`}))
	// Output:
	// client-a|alice
	// client-a|
	// odd\|client|back\\slash
}

// The wiring of a server: a Store, and a Syncer that runs until the
// server stops, then makes a final flush.
func ExampleNew() {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	store, err := mongostore.New(ctx, mongostore.Config{URI: "mongodb://127.0.0.1:27017/"})
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close(context.Background())
	c, err := cache.New(cache.Config{})
	if err != nil {
		log.Fatal(err)
	}
	s, err := syncer.New(syncer.Config{Cache: c, Store: store})
	if err != nil {
		log.Fatal(err)
	}
	go c.Run(ctx)
	if err := s.Run(ctx); err != nil { // returns when ctx is done
		log.Print(err)
	}
}

package syncer_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Two instances share their counts through one store: after each has
// flushed its own and pulled the other's, both decide from the sum and
// their own counts not flushed yet, and, since both count the key, each
// admits no more than its half of what the store's counts leave until its
// next pull.
func Example() {
	now := time.Date(2030, 1, 2, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	store := syncer.NewMemoryStore() // a mongostore.Store across processes
	tiers := []window.Tier{{Limit: 10, Size: time.Minute}}
	key := cache.Key{ClientID: "client-a"}

	pods := []string{"pod-1", "pod-2"}
	caches := map[string]*cache.Cache{}
	syncers := map[string]*syncer.Syncer{}
	for _, id := range pods {
		c, err := cache.New(cache.Config{Now: clock})
		if err != nil {
			log.Fatal(err)
		}
		s, err := syncer.New(syncer.Config{Cache: c, Store: store, Instance: id, Now: clock})
		if err != nil {
			log.Fatal(err)
		}
		caches[id], syncers[id] = c, s
	}
	issue := func(id string, n int) {
		for range n {
			d := caches[id].Reserve(key, tiers, 1, cache.Enforce, now)
			caches[id].Commit(&d.Reservation) // the token was issued
		}
	}
	issue("pod-1", 3)
	issue("pod-2", 4)

	ctx := context.Background()
	for _, id := range pods { // what Run does every Interval
		if err := syncers[id].FlushOnce(ctx); err != nil {
			log.Fatal(err)
		}
	}
	for _, id := range pods { // what Run does every PullInterval: read the keys used since their last read
		if err := syncers[id].PullOnce(ctx); err != nil {
			log.Fatal(err)
		}
	}
	issue("pod-1", 1) // the requests go on
	issue("pod-2", 1)
	// The store's 7 and this pod's unflushed 1 leave 2 of 10; but the other
	// pod may have counted as many since the pull, so each takes its half
	// of the 3 the store leaves, 2, of which it has counted 1.
	for _, id := range pods {
		d := caches[id].Reserve(key, tiers, 0, cache.Enforce, now) // cost 0: a look
		fmt.Printf("%s: %d of %d left\n", id, d.Remaining, tiers[0].Limit)
	}
	// Output:
	// pod-1: 1 of 10 left
	// pod-2: 1 of 10 left
}

package cache_test

import (
	"fmt"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A client may get 2 tokens per minute. A token is reserved before it is
// issued and released if it is not, so a failed request spends nothing.
func Example() {
	c, err := cache.New(cache.Config{})
	if err != nil {
		panic(err)
	}
	tiers := []window.Tier{{Limit: 2, Size: time.Minute}}
	k := cache.Key{ClientID: "mobile-app"}
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

	d := c.Reserve(k, tiers, 1, cache.Enforce, now)
	c.Commit(&d.Reservation) // issued
	fmt.Println(d.Allowed, d.Remaining)

	d = c.Reserve(k, tiers, 1, cache.Enforce, now)
	c.Release(&d.Reservation) // the token endpoint said 401: not issued
	fmt.Println(d.Allowed, d.Remaining)

	d = c.Reserve(k, tiers, 1, cache.Enforce, now)
	c.Commit(&d.Reservation)
	fmt.Println(d.Allowed, d.Remaining)

	d = c.Reserve(k, tiers, 1, cache.Enforce, now.Add(30*time.Second))
	fmt.Println(d.Allowed, d.RetryAfter)
	// Output:
	// true 1
	// true 0
	// true 0
	// false 30.000000001s
}

package window_test

import (
	"fmt"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// 7 tokens per minute; 5 were issued in the previous minute and 3 in this
// one, 18 seconds (30 %) in: the estimate is 3 + 5 × 0.7 = 6.5, so one more
// is admitted and a second one waits.
func Example() {
	tier := window.Tier{Limit: 7, Size: time.Minute}
	now := time.Date(2026, 11, 22, 10, 0, 18, 0, time.UTC)
	c := window.Counts{StartUnix: tier.FrameStartUnix(now), Prev: 5, Curr: 3}

	fmt.Println(tier.Estimate(c, now))
	fmt.Println(tier.Admits(c, 1, now))

	c.Curr++ // the admitted one
	fmt.Println(tier.Admits(c, 1, now))
	wait, _ := tier.RetryAfter(c, 1, now)
	fmt.Println(wait.Round(time.Millisecond))
	// Output:
	// 6.5
	// true
	// false
	// 6s
}

package syncer

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"testing"
	"testing/synctest"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// A key evicted at the key cap with unflushed counts, that comes back
// before they are flushed, gets a new entry while the evicted one waits
// (detached); one that is evicted and comes back again and again between
// flushes (the store is down, or just a flush interval of churn) has as
// many entries, and a flush writes one entry of a key at a time (see
// flush). The final flush must write them all, or say what it could not:
// an outside audit (helper-52, audit H) found it stopped after five
// flushes and returned nil, the counts of the other entries lost without a
// word.
func TestRunFinalFlushWritesEveryEntryOfAKeyThatCameBack(t *testing.T) {
	for _, back := range []int{3, 7} {
		t.Run(fmt.Sprintf("back%d", back), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				// One key a shard, and room for the detached entries.
				ls := &loopStore{MemoryStore: NewMemoryStore()}
				logs := new(bytes.Buffer)
				c, _, cancel, done := startEvictLoop(t, ls, Config{Store: ls, Interval: time.Minute,
					Logger: slog.New(slog.NewTextHandler(logs, nil))})

				k := cache.Key{ClientID: "k"}
				tiers := []window.Tier{tier}
				hitK := func() {
					d := c.Reserve(k, tiers, 1, cache.Enforce, time.Now())
					c.Commit(&d.Reservation)
				}
				// evictK reserves and releases new keys (empty ones, which
				// the cap evicts first) until one lands in k's shard and
				// evicts k.
				other := 0
				evictK := func() {
					for {
						if _, held := c.LongestWindow(k); !held {
							return
						}
						other++
						if other > 10000 {
							t.Fatal("k was never evicted")
						}
						d := c.Reserve(cache.Key{ClientID: fmt.Sprint("x", other)}, tiers, 1, cache.Enforce, time.Now())
						c.Release(&d.Reservation)
					}
				}
				for range back {
					hitK()
					evictK()
				}
				hitK() // held again, with its own count
				if got := c.Stats().Detached; got != int64(back) {
					t.Fatalf("detached = %d, want the %d evicted entries of k", got, back)
				}
				cancel()
				err := <-done
				docs, lerr := ls.MemoryStore.Load(context.Background(), []cache.Key{k})
				if lerr != nil {
					t.Fatal(lerr)
				}
				var n int64
				for _, f := range docs[0].Snapshot.Frames {
					n += f.N
				}
				left := int64(back+1) - n
				switch {
				case left == 0 && err == nil:
				case left > 0 && err != nil && stakeSaid(err) == left:
				default:
					t.Errorf("store holds %d of k's %d counts after the final flush, Run = %v", n, back+1, err)
				}
			})
		})
	}
}

// stakeSaid returns the counts a final flush's error says the store may
// not have (never written and sent with no answer), or -1.
func stakeSaid(err error) int64 {
	m := regexp.MustCompile(`not in the store: (\d+) \(in cost units\) never written, and (\d+) in writes`).FindStringSubmatch(err.Error())
	if m == nil {
		return -1
	}
	lost, _ := strconv.ParseInt(m[1], 10, 64)
	sent, _ := strconv.ParseInt(m[2], 10, 64)
	return lost + sent
}

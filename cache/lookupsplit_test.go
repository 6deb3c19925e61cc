package cache

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLookupSplitsUnderChurn: keys of one byte string, of 0 to 300 bytes
// (the empty key; 26, the last in the hot line; 27, the first in the
// table's key arena; 36, 48, 49 and 72, lookupWords' and the hash's
// paths) split at every place (past 30 bytes every seventh), are shared
// out among workers, so that keys of the same bytes split apart are
// decided by different goroutines at once; meanwhile another goroutine
// inserts new keys (rebuilds as the table grows) and sweeps them (removals
// to tombstones, and rebuilds of sparse tables). Every decision on a key
// must see its own count and no other (Decision.Used is the key's count
// so far plus one): a lookup that finds the slot of a key of the same
// bytes split elsewhere, or misses a held key and inserts it again, or
// reads a slot's bytes torn, is seen at the decision. Under the tests'
// hashes too: "concat" hashes the bytes alone, so that keys split apart
// collide in home slot and tag and only the ident's split and the bytes
// tell them apart; "notag" gives every key one tag. A lookup that compares
// no split (the ident's byte 1) fails under concat.
func TestLookupSplitsUnderChurn(t *testing.T) {
	base := strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ", 7)
	const workers, rounds, churnKeys = 4, 30, 300
	owned := make([][]Key, workers)
	w := 0
	for _, n := range []int{0, 1, 2, 8, 13, 16, 25, 26, 27, 28, 36, 48, 49, 72, 300} {
		for split := 0; split <= n; split++ {
			if n > 30 && split%7 != 0 && split != n {
				continue
			}
			owned[w%workers] = append(owned[w%workers], Key{ClientID: base[:split], User: base[split:n]})
			w++
		}
	}
	for _, two := range []bool{false, true} {
		tiers := unreachedTiers(time.Minute)
		if two {
			tiers = unreachedTiers(time.Minute, time.Hour)
		}
		for _, mode := range hashModes() {
			switch mode.name {
			case "keyed", "concat", "notag":
			default:
				continue
			}
			t.Run(fmt.Sprintf("%s/sizes=%d", mode.name, len(tiers)), func(t *testing.T) {
				c := newTableCache(t, Config{Shards: 2, MaxKeys: 1 << 20}, mode)
				// The churn, alongside: new keys, each used two hours ago
				// and released (empty, idle: swept).
				var churn, decide sync.WaitGroup
				churn.Go(func() {
					old := t0.Add(-2 * time.Hour)
					for i := range churnKeys {
						d := c.Reserve(Key{ClientID: fmt.Sprintf("churn-%d", i), User: base[:i%40]}, tiers, 1, Enforce, old)
						c.Release(&d.Reservation)
						if i%50 == 49 {
							c.Sweep(t0)
						}
					}
				})
				errs := make(chan string, workers)
				counts := make([][]int64, workers)
				for g := range workers {
					counts[g] = make([]int64, len(owned[g]))
					decide.Go(func() {
						count := counts[g]
						for range rounds {
							for j, k := range owned[g] {
								d := c.Reserve(k, tiers, 1, Enforce, t0)
								if !d.Allowed || d.Used != count[j]+1 {
									errs <- fmt.Sprintf("%q/%q (%d bytes split at %d): allowed %v, used %d; want allowed, used %d",
										k.ClientID, k.User, len(k.ClientID)+len(k.User), len(k.ClientID), d.Allowed, d.Used, count[j]+1)
									c.Release(&d.Reservation)
									return
								}
								c.Commit(&d.Reservation)
								count[j]++
							}
						}
					})
				}
				decide.Wait()
				churn.Wait()
				close(errs)
				for e := range errs {
					t.Error(e)
				}
				if t.Failed() {
					return
				}
				for g, ks := range owned {
					for j, k := range ks {
						if got := c.used(k, time.Minute, t0); got != counts[g][j] {
							t.Errorf("%q/%q: %d counted, want %d", k.ClientID, k.User, got, counts[g][j])
						}
					}
				}
			})
		}
	}
}

package cache

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// TestNoAllocsOnExistingKeyShapes is TestNoAllocsOnExistingKey for every
// way lookup finds a held key: keys of short parts (compared in lookup), of
// 26 bytes (the last in the hot line) and 27 (the first in the table's key
// arena), a UUID client ID with and without a user (lookupWords, the
// arena), a client ID past 48 bytes and one of 300 (hash and holds), the
// empty key; each among 3,000 other keys in its shard (so that some are
// found past their home slot, by lookup's probe), decided with one
// window size and with two (a wide table).
func TestNoAllocsOnExistingKeyShapes(t *testing.T) {
	uuid := "123e4567-e89b-12d3-a456-426614174000"
	shapes := []struct {
		name string
		k    Key
	}{
		{"short parts", Key{ClientID: "client-0000001", User: "user-0000001"}},
		{"26 bytes", Key{ClientID: strings.Repeat("a", 13), User: strings.Repeat("b", 13)}},
		{"27 bytes", Key{ClientID: strings.Repeat("a", 13), User: strings.Repeat("b", 14)}},
		{"uuid", Key{ClientID: uuid}},
		{"uuid and user", Key{ClientID: uuid, User: "user-0000001"}},
		{"60-byte client", Key{ClientID: strings.Repeat("x", 60), User: "u"}},
		{"300-byte client", Key{ClientID: strings.Repeat("y", 300), User: strings.Repeat("z", 10)}},
		{"empty", Key{}},
	}
	for _, tiers := range [][]window.Tier{unreachedTiers(time.Minute), unreachedTiers(time.Minute, time.Hour)} {
		c := newCache(t, Config{Shards: 1})
		for i := range 3000 {
			c.Commit(new(c.Reserve(Key{ClientID: fmt.Sprintf("other-%d", i)}, tiers, 1, Enforce, t0).Reservation))
		}
		for _, sh := range shapes {
			c.Commit(new(c.Reserve(sh.k, tiers, 1, Enforce, t0).Reservation))
			allocs := testing.AllocsPerRun(200, func() {
				d := c.Reserve(sh.k, tiers, 1, Enforce, t0)
				c.Commit(&d.Reservation)
			})
			if allocs != 0 {
				t.Errorf("%d sizes, %s: %v allocations a decision, want 0", len(tiers), sh.name, allocs)
			}
		}
	}
}

package cache

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
	"unsafe"

	"github.com/oauth-ratelimit/oauth-ratelimit/window"
)

// Counts stay with their keys while the clock crosses frames (rule 18), the
// table grows under the decisions (new keys keep coming, so rebuilds
// publish new tables mid-run: slotPub.homeSlot) and every request's key
// views two reused buffers, overwritten after each decision (rule 17). The
// keys are of the shapes hasKey's word comparison takes (a client of 8 to
// 16 bytes, a user of none or 8 to 16) and some it does not, including two
// with the same bytes split apart and two that differ in one middle byte.
// After each decision the Remaining it reports must be what the window
// math gives for that key's own requests alone, frame by frame, as a model
// counts them; a count written into another key's entry, or lost at a
// frame's boundary, changes it. Under the colliding hashes too.
func TestCountsStayWithTheirKeysAcrossFrames(t *testing.T) {
	var keys []Key
	for i := range 60 {
		keys = append(keys, Key{ClientID: fmt.Sprintf("client-%07d", i%7), User: fmt.Sprintf("user-%07d", i)})
	}
	keys = append(keys,
		Key{ClientID: "client-0000001"}, // a client alone
		Key{ClientID: "abcdefghij", User: "klmnopqrstuv"},
		Key{ClientID: "abcdefghijk", User: "lmnopqrstuv"}, // the same bytes, split one later
		Key{ClientID: "svc-1"},                            // parts hasKey compares as strings
		Key{ClientID: "client-with-a-much-longer-id", User: "u"},
		Key{ClientID: "client-000000001", User: "user-00000000001"},
		Key{ClientID: "client-000000011", User: "user-00000000001"}, // one middle byte apart
	)
	const limit = 1 << 40 // never denies: every decision counts
	tier := window.Tier{Limit: limit, Size: time.Minute}
	tiers := []window.Tier{tier}
	for _, mode := range hashModes() {
		t.Run(mode.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			if mode.hash != nil {
				c.testHash = mode.hash
			}
			rng := rand.New(rand.NewPCG(12, 34))
			model := make([]map[int64]int64, len(keys)) // key -> frame start -> requests
			for i := range model {
				model[i] = map[int64]int64{}
			}
			cbuf, ubuf := make([]byte, 64), make([]byte, 64)
			now := t0.Add(17 * time.Second)
			const steps = 3000 // 250 ms apart: 12.5 minutes, 13 frames
			for step := range steps {
				now = now.Add(250 * time.Millisecond)
				// New keys join through the run, so the table is rebuilt
				// while the clock crosses frames.
				i := rng.IntN(min(len(keys), 4+step/40))
				k := keys[i]
				d := decideViewed(c, k, cbuf, ubuf, tiers, now)
				start := tier.FrameStartUnix(now)
				model[i][start]++
				counts := window.Counts{StartUnix: start, Prev: model[i][start-60], Curr: model[i][start]}
				if want := limit - tier.Used(counts, now); !d.Allowed || d.Remaining != want {
					t.Fatalf("step %d, %v, key %q/%q: allowed %v, remaining %d; want allowed, remaining %d (its own requests: %d in the previous frame, %d in this one)",
						step, now.Format(time.TimeOnly), k.ClientID, k.User, d.Allowed, d.Remaining, want, counts.Prev, counts.Curr)
				}
			}
			if c.Len() != len(keys) {
				t.Fatalf("%d keys held, want %d", c.Len(), len(keys))
			}
		})
	}
}

// decideViewed decides one request of cost 1 for k at now as the
// middleware's keys reach the cache (STYLE rule 17): k's parts copied into
// the reused buffers cbuf and ubuf, which the key passed to Reserve views,
// then Commit, then both buffers overwritten, so that a key the cache kept
// as a view would no longer match its own bytes.
func decideViewed(c *Cache, k Key, cbuf, ubuf []byte, tiers []window.Tier, now time.Time) Decision {
	copy(cbuf, k.ClientID)
	copy(ubuf, k.User)
	view := Key{
		ClientID: unsafe.String(unsafe.SliceData(cbuf), len(k.ClientID)),
		User:     unsafe.String(unsafe.SliceData(ubuf), len(k.User)),
	}
	d := c.Reserve(view, tiers, 1, Enforce, now)
	c.Commit(&d.Reservation)
	for j := range cbuf {
		cbuf[j] = '#'
	}
	for j := range ubuf {
		ubuf[j] = '#'
	}
	return d
}

package oauthratelimit

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestBeatOnceSharesNewKeys: after BeatOnce, before Run, a Limiter knows the
// live instances from the store's heartbeats, and a key new to it is shared
// among them from its first request: of 30 requests to a client limited to
// 30 a minute, with two other instances live, it admits its share,
// ⌈30 ÷ 3⌉ = 10. Without it (the server before h122: Run's first heartbeat,
// concurrent with the first requests), it knows of no other instance and
// admits all 30, as if it alone counted the key.
func TestBeatOnceSharesNewKeys(t *testing.T) {
	const limit = 30
	for _, beat := range []bool{true, false} {
		store := syncer.NewMemoryStore()
		f := newFixture(t, func(c *Config) {
			c.Store, c.Instance = store, "c"
			c.Policy = mustPolicy(t, perClient(policy.ModeEnforce, limit))
		})
		now := f.clk.Now()
		for _, other := range []string{"a", "b"} {
			if err := store.PutInstance(t.Context(), syncer.Heartbeat{Instance: other, Seen: now, Beats: 1, Expire: now.Add(time.Minute)}); err != nil {
				t.Fatal(err)
			}
		}
		if beat {
			if err := f.lim.BeatOnce(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		admitted := 0
		for range limit {
			if w := f.post("grant_type=client_credentials&client_id=svc"); w.Code == 200 {
				admitted++
			}
		}
		want := limit
		if beat {
			want = (limit + 2) / 3
		}
		if admitted != want {
			t.Errorf("BeatOnce %v: admitted %d of %d, want %d", beat, admitted, limit, want)
		}
	}
}

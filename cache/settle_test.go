package cache

import (
	"testing"
	"time"
)

// R6's review of ac1c916 (the Confirm clamp) and e29a540.

// TestR6ConfirmAfterResetsWrap: a flush takes a key's delta; while its
// answer is outstanding the key is reset n times (each Reset drops the
// local counts, the delta with them, and bumps entry.resets), then one
// more request is committed, and the flush is confirmed. The delta was
// dropped by the first reset, so the Confirm must subtract nothing and the
// request committed after the resets must still wait for a flush. entry.resets
// is a uint8: after 256 resets it equals the Pending's again, the Confirm
// subtracts the dropped delta (2) from the later count (1), and ac1c916's
// clamp turns what was a visible -1 into a silent 0: a committed request
// that never reaches the store.
func TestR6ConfirmAfterResetsWrap(t *testing.T) {
	k := Key{ClientID: "client", User: "user"}
	cases := []struct {
		name   string
		resets int
	}{
		{"one reset", 1},
		{"255 resets", 255},
		{"256 resets", 256},
		{"257 resets", 257},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newCache(t, Config{Shards: 1})
			tiers := r4Tiers(time.Hour)
			c.Commit(new(c.Reserve(k, tiers, 2, Enforce, t0).Reservation))
			ps := c.TakeDirty(nil, t0.Add(time.Second))
			if len(ps) != 1 {
				t.Fatalf("took %d keys, want 1", len(ps))
			}
			p := ps[0]
			for i := 1; i <= tc.resets; i++ {
				if _, held := c.Reset(k, Snapshot{Version: int64(i), Epoch: int64(i)}, t0.Add(2*time.Second)); !held {
					t.Fatalf("reset %d: key not held", i)
				}
			}
			c.Commit(new(c.Reserve(k, tiers, 1, Enforce, t0.Add(3*time.Second)).Reservation))
			// The write landed before the resets; the document now is the
			// last reset's (not newer than the key's).
			c.Confirm(&p, Snapshot{Version: int64(tc.resets), Epoch: int64(tc.resets)}, t0.Add(4*time.Second))
			var local int64
			for _, q := range c.AppendLocal(nil, t0.Add(5*time.Second)) {
				for _, f := range q.Delta {
					local += f.N
				}
			}
			if local != 1 {
				t.Errorf("local count %d after the Confirm, want 1: the request committed after the resets", local)
			}
		})
	}
}
